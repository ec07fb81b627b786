"""Candidate shots: the moves a player considers, each with its intent, for any game.

Which moves a game offers is the game's tactics (:mod:`flickboard.agents.tactics`); this
module holds what they share: the candidate value, where a shot may start (asked of the
referee), and whether a straight path is clear. Whether a shot is valid is left to the
referee: candidates are judged by simulating them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from flickboard.agents.tactics import tactics_for
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot
from flickboard.play.view import View
from flickboard.rules.base import Position


@dataclass(frozen=True, slots=True)
class Candidate:
    """A shot a player considers: the shot as meant, its kind, target and intent."""

    shot: Shot
    kind: str
    words: str
    target: int | None = None


def legal(view: View, x: float, y: float) -> bool:
    """Whether the referee lets a shot start at (x, y)."""
    return view.referee.start_problem(view.position, view.turn, x, y) is None


def starts(view: View, offsets: Iterable[float]) -> list[tuple[float, float]]:
    """The points of the start line ``offsets`` metres from its middle (right positive)
    that the referee lets this shot start from."""
    line = view.start_line
    spots = (line.point(line.at_offset(d)) for d in offsets)
    return [(x, y) for x, y in spots if legal(view, x, y)]


def segment_gap(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point P to the segment AB."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def path_clear(
    view: View, sx: float, sy: float, tx: float, ty: float, ignore: int | None = None
) -> bool:
    """Whether a disc sliding from S to T touches no obstacle (peg) and no disc but
    ``ignore``."""
    board = view.board
    r = board.disc.radius
    for px, py, radius in board.obstacles:
        if segment_gap(px, py, sx, sy, tx, ty) < r + radius:
            return False
    for d in view.position.layout.discs:
        if d.id != ignore and segment_gap(d.x, d.y, sx, sy, tx, ty) < 2 * r:
            return False
    return True


def disc_points(view: View, disc: PlacedDisc) -> int:
    """Points one disc in play is worth, as the referee scores it alone on the board."""
    side = view.position.side_of(disc.id)
    alone = Position.of(Layout(view.board, (disc,)), {disc.id: side})
    return view.referee.score(alone).get(side, 0)


def opponents(view: View) -> list[PlacedDisc]:
    """The discs in play that are not the shooter's side's."""
    mine = view.turn.side
    return [d for d in view.position.layout.discs if view.position.side_of(d.id) != mine]


def candidates(view: View, params: PhysicsParams) -> list[Candidate]:
    """The candidate moves of the game being played."""
    return tactics_for(view.game).candidates(view, params)
