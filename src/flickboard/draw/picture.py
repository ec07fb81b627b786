"""SVG pictures of a position or of one shot, for any game (from records, rulings, files).

A shot's picture shows the board as the shot left it: every disc where it ended (pale
when it went out of play), a dashed outline where each moved disc started, and the
path each one took. A simulated shot's paths are sampled again from the physics, turning
exactly at contacts; a shot entered by hand has no paths, only where each disc started
and ended, joined by a straight line.
"""

from __future__ import annotations

from pathlib import Path

from flickboard.errors import InvalidInput
from flickboard.geometry.svg import DiscMark, outline, path
from flickboard.physics import DiscState, PhysicsParams, ShotRecord
from flickboard.rules.base import Position

FPS = 120.0
"""Samples per second of a drawn path (contacts are sampled exactly besides)."""

IN_PLAY = (DiscState.ON_SURFACE, DiscState.LEANING)


def position_svg(position: Position, width_px: int | None = None) -> str:
    """The board and the discs in play, each with its id."""
    return position.svg(width_px)


def shot_svg(
    position: Position,
    record: ShotRecord,
    shooter_side: int,
    params: PhysicsParams | None = None,
    start: tuple[float, float] | None = None,
) -> str:
    """The shot ``record`` played from ``position`` by ``shooter_side``: where every disc
    ended, where the moved ones started, and their paths. ``start`` is where a shot
    entered by hand started (a simulated shot's record says it)."""
    board = position.layout.board
    radius = board.disc.radius
    before = {d.id: (d.x, d.y) for d in position.layout.discs}
    if record.shot is not None:
        start = (record.shot.x, record.shot.y)
    if start is not None:
        before[record.shooter] = start
    sides = {disc: side for disc, side in position.owners}
    sides[record.shooter] = shooter_side
    paths = _paths(record, before, params)
    overlay: list[str] = []
    marks: list[DiscMark] = []
    for final in record.finals:
        start = before.get(final.id)
        side = sides[final.id]
        moved = start is not None and (start != (final.x, final.y) or final.id == record.shooter)
        if moved and start is not None:
            overlay.append(outline(*start, radius, side))
            overlay.append(path(paths.get(final.id, [start, (final.x, final.y)]), side))
        marks.append(
            DiscMark(
                final.x,
                final.y,
                side,
                str(final.id),
                leaning=final.state is DiscState.LEANING,
                faded=final.state not in IN_PLAY,
            )
        )
    return board.svg(marks, overlay=overlay)


def _paths(
    record: ShotRecord,
    before: dict[int, tuple[float, float]],
    params: PhysicsParams | None,
) -> dict[int, list[tuple[float, float]]]:
    """Each moved disc's path, sampled from the physics (a simulated shot), else none."""
    if record.shot is None:
        return {}
    from flickboard.physics import sample_trajectory

    trajectory = sample_trajectory(
        record.layout, record.shot, FPS, shooter=record.shooter, params=params, turns=True
    )
    paths: dict[int, list[tuple[float, float]]] = {}
    for k, disc in enumerate(trajectory.ids):
        xs, ys = trajectory.x[:, k], trajectory.y[:, k]
        if disc in before and bool((xs != xs[0]).any() or (ys != ys[0]).any()):
            paths[disc] = [(float(x), float(y)) for x, y in zip(xs, ys, strict=True)]
    return paths


def write_svg(path_to: Path, svg: str) -> Path:
    """Write an SVG picture; the file must end in .svg."""
    if path_to.suffix.lower() != ".svg":
        raise InvalidInput(
            f"a picture is written as SVG: the file must end in .svg, not {path_to.name!r}"
        )
    path_to.write_text(svg, encoding="utf-8")
    return path_to
