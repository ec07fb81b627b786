"""A layout: the board and the discs resting on it before a shot.

Physics knows a disc only by an integer id; colours and owners live in the rules layer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable

OVERLAP_TOLERANCE = 1e-7
"""Discs closer than touching by more than this (m) overlap; touching is allowed."""


@dataclass(frozen=True, slots=True)
class PlacedDisc:
    """A disc at rest: its id, centre, and whether it leans on the 20 hole's rim."""

    id: int
    x: float
    y: float
    leaning: bool = False

    def __post_init__(self) -> None:
        if not math.isfinite(self.x) or not math.isfinite(self.y):
            raise InvalidInput(f"disc {self.id} has a position that is not a finite number")


@dataclass(frozen=True, slots=True)
class Layout:
    """The board and the discs on its playing surface, validated on construction.

    Raises :class:`IllegalInPosition` for a disc off the surface, two discs that
    overlap, a disc overlapping a peg, or a repeated id.
    """

    board: Board
    discs: tuple[PlacedDisc, ...] = ()

    def __post_init__(self) -> None:
        ids = [d.id for d in self.discs]
        if len(set(ids)) != len(ids):
            raise IllegalInPosition("two discs share an id")
        r = self.board.disc.radius
        for d in self.discs:
            problem = placement_problem(self.board, d.x, d.y, leaning=d.leaning)
            if problem:
                raise IllegalInPosition(f"disc {d.id} {problem}")
        for i, a in enumerate(self.discs):
            for b in self.discs[i + 1 :]:
                if math.hypot(a.x - b.x, a.y - b.y) < 2 * r - OVERLAP_TOLERANCE:
                    raise IllegalInPosition(f"discs {a.id} and {b.id} overlap")

    def next_id(self) -> int:
        """An id not used by any disc of the layout."""
        return max((d.id for d in self.discs), default=-1) + 1

    def disc(self, disc_id: int) -> PlacedDisc:
        """The disc with this id."""
        for d in self.discs:
            if d.id == disc_id:
                return d
        raise KeyError(disc_id)


def placement_problem(board: Board, x: float, y: float, *, leaning: bool = False) -> str | None:
    """Why a disc cannot rest centred at (x, y) on this board, or None if it can.

    A flat crokinole disc cannot rest with its centre over the 20 hole (it would drop);
    a leaning one must have its centre within half a disc radius of the hole's rim.
    """
    r = board.disc.radius
    if isinstance(board, CrokinoleBoard):
        centre = math.hypot(x, y)
        if centre > board.surface_radius:
            return "is off the playing surface"
        if leaning and abs(centre - board.hole_radius) > r / 2:
            return "is said to lean on the 20 hole but is not at its rim"
        if not leaning and centre < board.hole_radius:
            return "lies flat over the 20 hole, where it would drop"
        for px, py in board.pegs:
            if math.hypot(x - px, y - py) < r + board.peg_radius - OVERLAP_TOLERANCE:
                return "overlaps a peg"
        return None
    assert isinstance(board, ShuffleboardTable)
    if leaning:
        return "cannot lean: a shuffleboard has no hole"
    if abs(x) > board.width / 2 or not 0 <= y <= board.length:
        return "is off the playing surface"
    return None
