"""``simulate``: one shot from a layout, through the compiled kernel, to a ShotRecord."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from flickboard.errors import IllegalInPosition, InvalidInput, PhysicsError
from flickboard.geometry import CrokinoleBoard
from flickboard.physics.codes import (
    S_OK,
    S_START_OFF_SURFACE,
    S_START_ON_DISC,
    S_START_ON_PEG,
    S_START_OVER_HOLE,
    S_START_PAST_FOUL,
    S_TOO_LONG,
    S_TOO_MANY_EVENTS,
    S_UNFINISHED,
    FloatArray,
    board_array,
    params_array,
)
from flickboard.physics.kernel import run_shot
from flickboard.physics.layout import Layout
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import (
    EDGE_KINDS,
    INDEX_KINDS,
    DiscFinal,
    DiscState,
    Edge,
    Event,
    EventKind,
    ShotRecord,
)
from flickboard.physics.shot import Shot

KINDS: tuple[EventKind, ...] = tuple(EventKind)
"""Event kinds by kernel code (the order of EventKind)."""
EDGES: tuple[Edge, ...] = tuple(Edge)
"""Edges by kernel code (the order of Edge)."""
STATES: tuple[DiscState, ...] = (
    DiscState.ON_SURFACE,  # at rest
    DiscState.ON_SURFACE,  # sliding (never final)
    DiscState.IN_DITCH,  # airborne (never final)
    DiscState.IN_DITCH,
    DiscState.IN_HOLE,
    DiscState.LEANING,
    DiscState.IN_GUTTER,
)
"""Final states by kernel mode."""


def default_params(layout: Layout) -> PhysicsParams:
    """The default parameters for the layout's board."""
    if isinstance(layout.board, CrokinoleBoard):
        return _CROKINOLE
    return _SHUFFLEBOARD


_CROKINOLE = PhysicsParams.crokinole()
_SHUFFLEBOARD = PhysicsParams.shuffleboard()


@lru_cache(maxsize=256)
def layout_arrays(layout: Layout) -> tuple[FloatArray, tuple[int, ...]]:
    """Rows (x, y, leaning) of the layout's discs and their ids (cached; read only)."""
    rows = np.array([(d.x, d.y, float(d.leaning)) for d in layout.discs], dtype=float)
    rows = rows.reshape(len(layout.discs), 3)
    rows.setflags(write=False)
    return rows, tuple(d.id for d in layout.discs)


@lru_cache(maxsize=256)
def resting_finals(layout: Layout) -> tuple[DiscFinal, ...]:
    """The finals of the layout's discs if none of them moves (reused when they match)."""
    return tuple(
        DiscFinal(d.id, d.x, d.y, DiscState.LEANING if d.leaning else DiscState.ON_SURFACE)
        for d in layout.discs
    )


def shot_array(shot: Shot) -> FloatArray:
    """The shot as the kernel reads it: x, y, vx, vy, spin."""
    vx, vy = shot.velocity
    return np.array((shot.x, shot.y, vx, vy, shot.spin))


def start_problem(status: int, info: int, ids: tuple[int, ...]) -> str:
    """Words for a kernel status that rejects the shot's start."""
    if status == S_START_ON_DISC:
        return f"the shot disc would start on disc {ids[info]}"
    if status == S_START_ON_PEG:
        return f"the shot disc would start on peg {info}"
    return {
        S_START_OFF_SURFACE: "the shot disc does not fit on the playing surface where it starts",
        S_START_OVER_HOLE: "the shot disc would start over the 20 hole",
        S_START_PAST_FOUL: "the shot weight would start past the foul line",
    }.get(status, f"the kernel rejected the shot (status {status})")


def raise_for_status(
    status: int, info: int, ids: tuple[int, ...], params: PhysicsParams, where: str = ""
) -> None:
    """Raise the error a kernel status stands for (nothing for S_OK); ``info`` is the
    kernel's index of the disc or peg concerned, ``where`` starts the message."""
    if status == S_OK:
        return
    if status == S_TOO_MANY_EVENTS:
        raise PhysicsError(
            f"{where}the shot needed more than {params.max_events} events (max_events); "
            "discs may be trapped in endless contacts"
        )
    if status == S_TOO_LONG:
        raise PhysicsError(f"{where}discs were still moving after max_time = {params.max_time} s")
    if status == S_UNFINISHED:
        who = f"disc {ids[info]}" if info < len(ids) else "the shot disc"
        raise PhysicsError(
            f"{where}{who} was still moving but no next event could be found "
            "(the board's or the parameters' figures give no finite time)"
        )
    raise IllegalInPosition(where + start_problem(status, info, ids))


def resolve_shooter(layout: Layout, shooter: int | None, ids: tuple[int, ...]) -> int:
    """The shooter's id: the one given (checked unused) or the layout's next id."""
    if shooter is None:
        return layout.next_id()
    if isinstance(shooter, bool) or not isinstance(shooter, int):
        raise InvalidInput(f"shooter id must be an integer, got {shooter!r}")
    if shooter in ids:
        raise IllegalInPosition(f"disc {shooter} is already on the board; pick another id")
    return shooter


def simulate(
    layout: Layout,
    shot: Shot,
    *,
    shooter: int | None = None,
    params: PhysicsParams | None = None,
) -> ShotRecord:
    """Simulate one shot and return its record (events in time order, every final).

    The shooter's disc gets id ``shooter`` (default ``layout.next_id()``). Raises
    :class:`IllegalInPosition` if the shot disc does not fit where it starts (off the
    surface, on a disc or peg, over the hole, past the foul line), and
    :class:`PhysicsError` if the shot exceeds ``max_events`` or ``max_time``.
    """
    if not isinstance(layout, Layout) or not isinstance(shot, Shot):
        raise InvalidInput("simulate needs a Layout and a Shot")
    if params is None:
        params = default_params(layout)
    elif not isinstance(params, PhysicsParams):
        raise InvalidInput("params must be a PhysicsParams")
    rows, ids = layout_arrays(layout)
    shooter_id = resolve_shooter(layout, shooter, ids)
    status, info, ev, fin, _ = run_shot(
        board_array(layout.board), params_array(params), rows, shot_array(shot), False
    )
    if status != S_OK:
        raise_for_status(status, info, ids, params)
    all_ids = (*ids, shooter_id)
    return build_record(layout, shot, shooter_id, all_ids, ev, fin)


def build_record(
    layout: Layout,
    shot: Shot | None,
    shooter: int,
    all_ids: tuple[int, ...],
    ev: FloatArray,
    fin: FloatArray,
) -> ShotRecord:
    """Turn kernel output into a ShotRecord."""
    events = []
    kinds, edges = KINDS, EDGES
    for t, k, d, o, x, y, side in ev.tolist():
        kind = kinds[int(k)]
        other: int | Edge | None
        if kind in INDEX_KINDS:
            other = all_ids[int(o)] if kind is EventKind.DISC_CONTACT else int(o)
        elif kind in EDGE_KINDS:
            other = edges[int(o)]
        else:
            other = None
        events.append(Event(t, kind, all_ids[int(d)], other, x, y, int(side)))
    still = resting_finals(layout)
    finals = tuple(
        still[k]
        if k < len(still)
        and still[k].x == x
        and still[k].y == y
        and STATES[int(m)] is still[k].state
        else DiscFinal(all_ids[k], x, y, STATES[int(m)])
        for k, (x, y, m) in enumerate(fin.tolist())
    )
    duration = events[-1].time if events else 0.0
    return ShotRecord(layout, shot, shooter, tuple(events), finals, duration)
