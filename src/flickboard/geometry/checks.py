"""Checks of plain values at the edges: finite numbers, signs, whole numbers.

Shared by the frozen specs of geometry and physics (boards, discs, shots, parameters)
so that a bad value always gets the same one-line :class:`InvalidInput`. Any real
number is accepted (numpy scalars included) and returned as a Python float or int;
booleans are not numbers here.
"""

from __future__ import annotations

import math
import numbers

from flickboard.errors import InvalidInput


def finite(value: object, what: str) -> float:
    """``value`` as a float if it is a finite real number.

    >>> finite(True, "shot speed")
    Traceback (most recent call last):
    ...
    flickboard.errors.InvalidInput: shot speed must be a finite number, got True
    """
    kind = type(value)
    if kind is float or kind is int:  # the common case, without the ABC check
        number = float(value)  # type: ignore[arg-type]
    elif isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidInput(f"{what} must be a finite number, got {value!r}")
    else:
        number = float(value)
    if not math.isfinite(number):
        raise InvalidInput(f"{what} must be a finite number, got {value!r}")
    return number


def positive(value: object, what: str, *, zero: bool = False) -> float:
    """``value`` as a float if it is finite and above 0 (at least 0 with ``zero``)."""
    number = finite(value, what)
    if number < 0 or (number == 0 and not zero):
        sign = "a non-negative" if zero else "a positive"
        raise InvalidInput(f"{what} must be {sign} number, got {value!r}")
    return number


def whole(value: object, what: str) -> int:
    """``value`` as an int if it is a whole number (an integer type, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidInput(f"{what} must be a whole number, got {value!r}")
    return int(value)


def figures(what: str, owner: object, names: tuple[str, ...], *, zero: bool = False) -> None:
    """Check each named attribute of ``owner`` with :func:`positive` (``what name``)."""
    for name in names:
        positive(getattr(owner, name), f"{what} {name}", zero=zero)
