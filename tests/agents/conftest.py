"""Views and tiny budgets shared by the agents tests."""

from __future__ import annotations

import math

from flickboard.agents.planner import PlannerBudget
from flickboard.agents.search import SearchBudget
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Layout, PlacedDisc
from flickboard.play.view import View
from flickboard.rules import referee
from flickboard.rules.base import Position, Turn

TINY = PlannerBudget(samples=4, candidates=20, refine_rounds=1, population=4, elite=2)
"""A planner budget small enough for game-level tests."""

TINY_SEARCH = SearchBudget(
    TINY,
    widen=8,
    schedule=(2, 4),
    top=2,
    outcomes=2,
    replies=4,
    reply_samples=2,
    reply_check=3,
    exhaustive_top=4,
)
"""A search budget small enough for game-level tests."""


def alternating(
    left: tuple[tuple[int, int], ...], sides: dict[int, int]
) -> tuple[tuple[int, int], ...]:
    """The (seat, side) of the shots to come when seats with discs ``left`` alternate in
    order from the first listed."""
    counts = dict(left)
    order: list[tuple[int, int]] = []
    while any(counts.values()):
        for seat in counts:
            if counts[seat]:
                order.append((seat, sides[seat]))
                counts[seat] -= 1
    return tuple(order)


def crokinole_view(
    discs: tuple[tuple[float, float, int], ...] = (),
    left: tuple[tuple[int, int], ...] = ((0, 8), (2, 8)),
) -> View:
    """Seat 0 (red) to shoot on a WCC board with discs (x, y, side)."""
    board = CrokinoleBoard.standard()
    placed = tuple(PlacedDisc(i, x, y) for i, (x, y, _) in enumerate(discs))
    owners = {i: side for i, (_, _, side) in enumerate(discs)}
    position = Position.of(Layout(board, placed), owners)
    to_come = alternating(left, {0: 0, 2: 1})
    return View(referee("wcc"), position, Turn(0, 0, len(discs)), to_come)


def shuffleboard_view(discs: tuple[tuple[float, float, int], ...] = ()) -> View:
    """Red to deliver on a CSC table with weights (x, y, side)."""
    table = ShuffleboardTable.csc()
    placed = tuple(PlacedDisc(i, x, y) for i, (x, y, _) in enumerate(discs))
    owners = {i: side for i, (_, _, side) in enumerate(discs)}
    position = Position.of(Layout(table, placed), owners)
    to_come = alternating(((0, 4), (1, 4)), {0: 0, 1: 1})
    return View(referee("csc"), position, Turn(0, 0, len(discs)), to_come)


def on_ten_line(angle: float) -> tuple[float, float]:
    """A point on the 10 line at ``angle``."""
    r = CrokinoleBoard.standard().ten_line_radius
    return (r * math.cos(angle), r * math.sin(angle))
