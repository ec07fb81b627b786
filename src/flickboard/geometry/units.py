"""Unit conversions: everything inside flickboard is SI (metres, kilograms, seconds)."""

INCH = 0.0254
FOOT = 12 * INCH
GRAM = 0.001
OUNCE = 0.028349523125


def inches(value: float) -> float:
    """Metres in ``value`` inches.

    >>> round(inches(26), 4)
    0.6604
    """
    return value * INCH


def feet(value: float) -> float:
    """Metres in ``value`` feet."""
    return value * FOOT
