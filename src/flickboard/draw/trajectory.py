"""A picture of a shot: the board, every disc's path, where each started and ended."""

from __future__ import annotations

from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from flickboard.errors import InvalidInput
from flickboard.geometry import Board
from flickboard.geometry.sketch import Box, Round
from flickboard.physics.record import DiscState
from flickboard.physics.trajectory import Trajectory

FORMATS = (".svg", ".png")
SHOOTER = "#c0392b"
OTHERS = "#1f4e79"


def draw_board(ax: Axes, board: Board) -> None:
    """Draw the board or table on ``ax`` (SI units, equal aspect) from its sketch."""
    sketch = board.sketch()
    for shape in sketch.shapes:
        if isinstance(shape, Round):
            if shape.width is None:
                ax.add_patch(Circle((shape.x, shape.y), shape.radius, color=shape.colour))
            else:
                ax.add_patch(
                    Circle(
                        (shape.x, shape.y),
                        shape.radius,
                        fill=False,
                        lw=shape.width,
                        color=shape.colour,
                    )
                )
        elif isinstance(shape, Box):
            ax.add_patch(
                Rectangle((shape.x, shape.y), shape.across, shape.along, color=shape.colour)
            )
        else:
            ax.plot([shape.x0, shape.x1], [shape.y0, shape.y1], color=shape.colour, lw=shape.width)
    x0, x1, y0, y1 = sketch.extent
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
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
    fig = Figure(figsize=(4, 10) if board.sketch().tall else (7, 7))
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
