"""A picture of a shot: the board, every disc's path, where each started and ended."""

from __future__ import annotations

import math
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from flickboard.errors import InvalidInput
from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable
from flickboard.physics.record import DiscState
from flickboard.physics.trajectory import Trajectory

FORMATS = (".svg", ".png")
SHOOTER = "#c0392b"
OTHERS = "#1f4e79"


def _crokinole(ax: Axes, board: CrokinoleBoard) -> None:
    ax.add_patch(Circle((0, 0), board.rail_radius, color="#6b4423"))
    ax.add_patch(Circle((0, 0), board.surface_radius, color="#e9cf9c"))
    for ring in board.rings:
        ax.add_patch(Circle((0, 0), ring.radius, fill=False, lw=0.8, color="black"))
    ax.add_patch(Circle((0, 0), board.hole_radius, color="#3b2a1a"))
    for px, py in board.pegs:
        ax.add_patch(Circle((px, py), board.peg_radius, color="#555555"))
    for angle in (45, 135, 225, 315):
        a = math.radians(angle)
        r0, r1 = board.ten_line_radius, board.shooting_line_radius
        ax.plot(
            [r0 * math.cos(a), r1 * math.cos(a)],
            [r0 * math.sin(a), r1 * math.sin(a)],
            color="black",
            lw=0.6,
        )
    lim = board.rail_radius * 1.02
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)


def _table(ax: Axes, table: ShuffleboardTable) -> None:
    w = table.width
    gutter = table.side_gutter_width
    ax.add_patch(
        Rectangle((-w / 2 - gutter, -0.05), w + 2 * gutter, table.length + 0.1, color="#555555")
    )
    ax.add_patch(Rectangle((-w / 2, 0), w, table.length, color="#f1e2c2"))
    for line in table.lines:
        ax.plot([-w / 2, w / 2], [line.y, line.y], color="black", lw=0.8)
    ax.set_xlim(-w / 2 - gutter * 1.2, w / 2 + gutter * 1.2)
    ax.set_ylim(-0.08, table.length + 0.08)


def draw_board(ax: Axes, board: Board) -> None:
    """Draw the board or table on ``ax`` (SI units, equal aspect)."""
    if isinstance(board, CrokinoleBoard):
        _crokinole(ax, board)
    else:
        _table(ax, board)
    ax.set_aspect("equal")
    ax.axis("off")


def draw_trajectory(trajectory: Trajectory, path: Path, *, title: str | None = None) -> Path:
    """Write a picture of the shot to ``path`` (.svg or .png); return the path.

    Paths are drawn through the trajectory's samples: sample it with ``turns=True``
    (:func:`flickboard.physics.sample_trajectory`) so they bend exactly at contacts.
    """
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise InvalidInput(f"picture must end in .svg or .png, got {path.name!r}")
    record = trajectory.record
    board = record.layout.board
    radius = board.disc.radius
    tall = isinstance(board, ShuffleboardTable)
    fig = Figure(figsize=(4, 10) if tall else (7, 7))
    ax = fig.add_subplot(1, 1, 1)
    draw_board(ax, board)
    for k, disc_id in enumerate(trajectory.ids):
        xs, ys = trajectory.x[:, k], trajectory.y[:, k]
        moved = bool((xs != xs[0]).any() or (ys != ys[0]).any())
        colour = SHOOTER if disc_id == record.shooter else OTHERS
        final = record.final(disc_id)
        if moved:
            ax.plot(xs, ys, color=colour, lw=1.0, alpha=0.8)
            ax.add_patch(Circle((xs[0], ys[0]), radius, fill=False, ls="--", lw=0.6, color=colour))
        gone = final.state not in (DiscState.ON_SURFACE, DiscState.LEANING)
        ax.add_patch(
            Circle(
                (final.x, final.y),
                radius,
                color=colour,
                alpha=0.35 if gone else 0.9,
            )
        )
        ax.annotate(str(disc_id), (final.x, final.y), ha="center", va="center", fontsize=6,
                    color="white")  # fmt: skip
    ax.set_title(title or f"{len(record.events)} events in {record.duration:.2f} s", fontsize=9)
    fig.savefig(path, format=suffix[1:], bbox_inches="tight", dpi=150)
    return path
