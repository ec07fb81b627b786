"""A layout: the board and the discs resting on it before a shot.

Physics knows a disc only by an integer id; colours and owners live in the rules layer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import Board, is_board
from flickboard.geometry.checks import finite, whole

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
        object.__setattr__(self, "id", whole(self.id, "disc id"))
        for name in ("x", "y"):
            object.__setattr__(self, name, finite(getattr(self, name), f"disc {self.id} {name}"))
        if not isinstance(self.leaning, bool):
            raise InvalidInput(
                f"disc {self.id} leaning must be True or False, got {self.leaning!r}"
            )


@dataclass(frozen=True, slots=True)
class Layout:
    """The board and the discs on its playing surface, validated on construction.

    Raises :class:`IllegalInPosition` for a disc off the surface, two discs that
    overlap, a disc overlapping a peg, or a repeated id. A layout keeps its hash and
    its kernel rows once made (checked and keyed once, not per shot).
    """

    board: Board
    discs: tuple[PlacedDisc, ...] = ()
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)
    _rows: tuple[npt.NDArray[np.float64], tuple[int, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if not is_board(self.board):
            raise InvalidInput(f"a layout needs a board or table, got {self.board!r}")
        if not isinstance(self.discs, tuple | list) or not all(
            isinstance(d, PlacedDisc) for d in self.discs
        ):
            raise InvalidInput("a layout's discs must be a sequence of PlacedDisc")
        object.__setattr__(self, "discs", tuple(self.discs))
        ids = [d.id for d in self.discs]
        if len(set(ids)) != len(ids):
            raise IllegalInPosition("two discs share an id")
        r = self.board.disc.radius
        piece = piece_name(self.board)
        for d in self.discs:
            problem = placement_problem(self.board, d.x, d.y, leaning=d.leaning)
            if problem:
                raise IllegalInPosition(f"{piece} {d.id} {problem}")
        for i, a in enumerate(self.discs):
            for b in self.discs[i + 1 :]:
                if math.hypot(a.x - b.x, a.y - b.y) < 2 * r - OVERLAP_TOLERANCE:
                    raise IllegalInPosition(f"{piece}s {a.id} and {b.id} overlap")

    def __hash__(self) -> int:
        known = self._hash
        if known is None:
            known = hash((self.board, self.discs))
            object.__setattr__(self, "_hash", known)
        return known

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.board, self.discs)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(
            ("board", "discs", "_hash", "_rows"), (*state, None, None), strict=True
        ):
            object.__setattr__(self, name, value)

    def kernel_rows(self) -> tuple[npt.NDArray[np.float64], tuple[int, ...]]:
        """Rows (x, y, leaning) of the discs as the kernel reads them, and their ids
        (made once per layout; do not modify). The kernel never writes them; they are
        left writable because the compiled tables pass it writable rows of their own,
        and numba compiles a kernel for each kind of array (read-only or not)."""
        known = self._rows
        if known is None:
            rows = np.array([(d.x, d.y, float(d.leaning)) for d in self.discs], dtype=float)
            rows = rows.reshape(len(self.discs), 3)
            known = (rows, tuple(d.id for d in self.discs))
            object.__setattr__(self, "_rows", known)
        return known

    def next_id(self) -> int:
        """An id not used by any disc of the layout."""
        return max((d.id for d in self.discs), default=-1) + 1

    def disc(self, disc_id: int) -> PlacedDisc:
        """The disc with this id."""
        for d in self.discs:
            if d.id == disc_id:
                return d
        raise KeyError(disc_id)


def piece_name(board: Board) -> str:
    """What the game calls its pieces: a crokinole disc, a shuffleboard weight."""
    return board.piece


def placement_problem(board: Board, x: float, y: float, *, leaning: bool = False) -> str | None:
    """Why a disc cannot rest centred at (x, y) on this board, or None if it can.

    A disc rests on the surface while its centre is on it (a shuffleboard hanger
    overhangs the end; a shot's start must fit wholly, see ``kernel.check_start``);
    the board says what else it refuses (:meth:`Board.placement_problem`: a crokinole
    disc flat over the 20 hole, leaning away from its rim, or overlapping a peg).
    """
    return board.placement_problem(x, y, leaning=leaning, tolerance=OVERLAP_TOLERANCE)
