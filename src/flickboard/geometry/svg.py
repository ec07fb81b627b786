"""Small SVG pictures of a board or table and the discs on it (notebooks, the web, docs).

Drawn to scale from the board's own figures, in millimetres, north up (y away from seat
0, or from the delivering end). Discs are coloured by side and carry their id, and a
leaning disc is drawn with a dashed rim, so colours are told apart by more than colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SIDE_COLOURS = ("#c62828", "#2e7d32", "#1565c0", "#f9a825")
"""Fill of sides 0-3 (red, green, blue, yellow)."""


@dataclass(frozen=True, slots=True)
class DiscMark:
    """One disc to draw: centre (m), side, label and whether it leans."""

    x: float
    y: float
    side: int
    label: str
    leaning: bool = False
    faded: bool = False
    """Drawn pale: a disc out of play (in the ditch, a gutter or the hole)."""


def mm(value: float) -> str:
    """Metres as millimetres for SVG, to 0.01 mm."""
    return f"{value * 1000:.2f}".rstrip("0").rstrip(".")


def path(points: Iterable[tuple[float, float]], side: int) -> str:
    """A disc's path (metres) as an SVG polyline in its side's colour."""
    drawn = " ".join(f"{mm(x)},{mm(y)}" for x, y in points)
    stroke = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    return (
        f'<polyline points="{drawn}" fill="none" stroke="{stroke}" stroke-width="2.5" '
        'stroke-opacity="0.8" stroke-linejoin="round"/>'
    )


def outline(x: float, y: float, radius: float, side: int) -> str:
    """A dashed circle where a disc was before it moved."""
    stroke = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    return (
        f'<circle cx="{mm(x)}" cy="{mm(y)}" r="{mm(radius)}" fill="none" stroke="{stroke}" '
        'stroke-width="1.5" stroke-dasharray="4,3"/>'
    )


def picture(
    body: Iterable[str],
    box: tuple[float, float, float, float],
    radius: float,
    discs: Iterable[DiscMark] = (),
    width_px: int = 360,
    overlay: Iterable[str] = (),
) -> str:
    """An SVG document: the board's ``body`` (already in mm, y up), the ``overlay``
    (paths, outlines: :func:`path`, :func:`outline`), then the discs.

    ``box`` is (x_min, y_min, x_max, y_max) in metres.
    """
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    height_px = round(width_px * height / width)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}" '
        f'viewBox="{mm(x0)} {mm(-y1)} {mm(width)} {mm(height)}">',
        '<g transform="scale(1,-1)">',
        *body,
        *overlay,
    ]
    for d in discs:
        fill = SIDE_COLOURS[d.side % len(SIDE_COLOURS)]
        dash = ' stroke-dasharray="2,1.5"' if d.leaning else ""
        pale = ' fill-opacity="0.35"' if d.faded else ""
        parts.append(
            f'<circle cx="{mm(d.x)}" cy="{mm(d.y)}" r="{mm(radius)}" fill="{fill}"{pale} '
            f'stroke="#111" stroke-width="0.8"{dash}/>'
        )
        parts.append(
            f'<text x="{mm(d.x)}" y="{mm(-d.y)}" transform="scale(1,-1)" font-size="{mm(radius)}" '
            f'text-anchor="middle" dominant-baseline="central" fill="#fff" '
            f'font-family="sans-serif">{d.label}</text>'
        )
    parts += ["</g>", "</svg>"]
    return "\n".join(parts)
