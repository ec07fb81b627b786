"""Helpers to build crokinole positions and hand-entered outcomes for referee tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscFinal, DiscState, Edge, EventKind, Layout, PlacedDisc
from flickboard.rules import Position, Turn
from flickboard.rules.hand import HandEvent, HandOutcome

BOARD = CrokinoleBoard.standard()
START = (0.0, -BOARD.shooting_line_radius)
"""Seat 0's shooting spot: centre on the shooting line, middle of the quadrant."""

Spec = tuple[int, float, float] | tuple[int, float, float, bool]


def position(discs: dict[int, Spec]) -> Position:
    """A position from ``{id: (side, x, y[, leaning])}``."""
    placed = tuple(
        PlacedDisc(i, spec[1], spec[2], leaning=len(spec) > 3 and bool(spec[3]))
        for i, spec in sorted(discs.items())
    )
    return Position.of(Layout(BOARD, placed), {i: spec[0] for i, spec in discs.items()})


def outcome(
    pos: Position,
    shooter: int,
    events: Sequence[
        tuple[EventKind, int]
        | tuple[EventKind, int, int | Edge | None, int]
        | tuple[EventKind, int, int | Edge | None]
    ],
    finals: dict[int, tuple[float, float, DiscState] | tuple[float, float]],
    start: tuple[float, float] = START,
) -> HandOutcome:
    """An outcome; discs not in ``finals`` end where they lay."""
    evs = tuple(
        HandEvent(e[0], e[1], e[2] if len(e) > 2 else None, e[3] if len(e) > 3 else 0)  # type: ignore[misc]
        for e in events
    )
    ends: list[DiscFinal] = []
    for d in pos.layout.discs:
        if d.id not in finals:
            state = DiscState.LEANING if d.leaning else DiscState.ON_SURFACE
            ends.append(DiscFinal(d.id, d.x, d.y, state))
    for i, f in finals.items():
        state = f[2] if len(f) > 2 else DiscState.ON_SURFACE  # type: ignore[misc]
        ends.append(DiscFinal(i, f[0], f[1], state))
    return HandOutcome(shooter, start, evs, tuple(ends))


RED_TURN = Turn(seat=0, side=0, disc=100)
"""Red shoots from seat 0 with disc id 100."""


class Kit:
    """What the referee tests build positions and outcomes with."""

    board = BOARD
    start = START
    red = RED_TURN
    position = staticmethod(position)
    outcome = staticmethod(outcome)


@pytest.fixture
def kit() -> type[Kit]:
    return Kit
