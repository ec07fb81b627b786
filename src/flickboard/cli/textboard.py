"""A board drawn in characters, turned to the player who looks at it.

A :class:`Canvas` maps board coordinates (metres) to character cells, turned so that
the direction the viewer faces points up the screen: the shooter's right is the
screen's right, whichever seat they sit at. Each game's cli module draws its board's
lines, pegs and zones on it; :func:`draw_discs` puts every disc on it the same way in
every game, as its colour letter and id (``R4``, lower case when the disc leans), so a
ruling's "red disc 4" can be found on the board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from rich.text import Text

from flickboard.rules.base import Position

SIDE_STYLES = (
    "bold white on red",
    "bold white on green",
    "bold white on blue",
    "bold black on yellow",
)
"""Style of the discs of sides 0-3 (red, green, blue, yellow)."""

ROW_ASPECT = 2.0
"""A character cell is about twice as tall as it is wide."""


class Canvas:
    """A grid of characters showing the box ``extent`` (x0, y0, x1, y1 in board metres)
    turned so that the direction ``facing`` (radians) points up, ``columns`` wide."""

    def __init__(
        self, extent: tuple[float, float, float, float], facing: float, columns: int
    ) -> None:
        self.turn = math.pi / 2 - facing
        self._cos, self._sin = math.cos(self.turn), math.sin(self.turn)
        x0, y0, x1, y1 = extent
        corners = [self.rotate(x, y) for x in (x0, x1) for y in (y0, y1)]
        self.left = min(x for x, _ in corners)
        self.top = max(y for _, y in corners)
        width = max(x for x, _ in corners) - self.left
        height = self.top - min(y for _, y in corners)
        self.columns = columns
        self.step = width / (columns - 1)
        self.rows = round(height / (self.step * ROW_ASPECT)) + 1
        self.cells = [[" "] * columns for _ in range(self.rows)]
        self.styles: dict[tuple[int, int], str] = {}

    def rotate(self, x: float, y: float) -> tuple[float, float]:
        """A board point in the viewer's frame (up the screen is +y)."""
        return (x * self._cos - y * self._sin, x * self._sin + y * self._cos)

    def cell(self, x: float, y: float) -> tuple[int, int] | None:
        """The (row, column) showing a board point; None when it is off the canvas."""
        u, v = self.rotate(x, y)
        c = round((u - self.left) / self.step)
        r = round((self.top - v) / (self.step * ROW_ASPECT))
        if 0 <= r < self.rows and 0 <= c < self.columns:
            return r, c
        return None

    def put(self, x: float, y: float, char: str, style: str = "dim") -> None:
        """One character at a board point (nothing if it is off the canvas)."""
        at = self.cell(x, y)
        if at is not None:
            self.cells[at[0]][at[1]] = char
            self.styles[at] = style

    def line(
        self, a: tuple[float, float], b: tuple[float, float], char: str, style: str = "dim"
    ) -> None:
        """A straight line of ``char`` from ``a`` to ``b`` (board metres)."""
        steps = max(2, math.ceil(2 * math.dist(a, b) / self.step))
        for k in range(steps + 1):
            t = k / steps
            self.put(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), char, style)

    def circle(self, radius: float, char: str, style: str = "dim") -> None:
        """A circle of ``char`` about the board's origin."""
        steps = 4 * max(6, math.ceil(math.pi * radius / self.step))  # symmetric both ways
        for k in range(steps):
            a = 2 * math.pi * k / steps
            self.put(radius * math.cos(a), radius * math.sin(a), char, style)

    def points(self, points: Iterable[tuple[float, float]], char: str, style: str) -> None:
        """``char`` at each board point."""
        for x, y in points:
            self.put(x, y, char, style)

    def label(self, x: float, y: float, text: str, style: str) -> None:
        """``text`` centred on a board point, kept on the canvas."""
        at = self.cell(x, y)
        if at is None:
            return
        r, c = at
        start = min(max(c - (len(text) - 1) // 2, 0), self.columns - len(text))
        for k, char in enumerate(text):
            self.cells[r][start + k] = char
            self.styles[(r, start + k)] = style

    def text(self) -> Text:
        """The canvas as styled text, one line per row."""
        out = Text()
        for r, row in enumerate(self.cells):
            for c, char in enumerate(row):
                out.append(char, style=self.styles.get((r, c), ""))
            out.append("\n")
        return out


def disc_label(letter: str, disc_id: int, leaning: bool) -> str:
    """A disc's label: its colour letter (upper case, lower case when leaning) and id."""
    return f"{letter.lower() if leaning else letter.upper()}{disc_id}"


def draw_discs(canvas: Canvas, position: Position, side_names: tuple[str, ...]) -> None:
    """Every disc in play as its colour letter and id, in its side's colours."""
    for d in position.layout.discs:
        side = position.side_of(d.id)
        style = SIDE_STYLES[side % len(SIDE_STYLES)]
        canvas.label(d.x, d.y, disc_label(side_names[side][0], d.id, d.leaning), style)
