"""``simulate``: one shot from a layout, through the compiled kernel, to a ShotRecord."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import numpy as np

from flickboard.errors import IllegalInPosition, InvalidInput, PhysicsError
from flickboard.geometry import BOARDS, Board
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
from flickboard.physics.record import EDGES as EDGES  # re-exported
from flickboard.physics.record import KINDS as KINDS
from flickboard.physics.record import STATES as STATES
from flickboard.physics.record import ShotRecord
from flickboard.physics.record import resting_finals as resting_finals
from flickboard.physics.shot import Shot


def default_params(layout: Layout) -> PhysicsParams:
    """The default parameters for the layout's board."""
    return _DEFAULTS[layout.board.kind]


_DEFAULTS = {cls.kind: PhysicsParams.standard(cls.kind) for cls in BOARDS}


def layout_arrays(layout: Layout) -> tuple[FloatArray, tuple[int, ...]]:
    """Rows (x, y, leaning) of the layout's discs and their ids (kept by the layout;
    do not modify)."""
    return layout.kernel_rows()


_Key = TypeVar("_Key")
_BY_ID: dict[int, tuple[object, FloatArray]] = {}


def _by_identity(key: _Key, make: Callable[[_Key], FloatArray]) -> FloatArray:
    """``make(key)``, kept by the key's identity (no hashing of a frozen value per shot)."""
    known = _BY_ID.get(id(key))
    if known is None or known[0] is not key:
        if len(_BY_ID) > 128:
            _BY_ID.clear()
        known = (key, make(key))
        _BY_ID[id(key)] = known
    return known[1]


def board_rows(board: Board) -> FloatArray:
    """``codes.board_array(board)``, found by the board's identity first."""
    return _by_identity(board, board_array)


def params_rows(params: PhysicsParams) -> FloatArray:
    """``codes.params_array(params)``, found by the parameters' identity first."""
    return _by_identity(params, params_array)


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
        return max(ids, default=-1) + 1
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
    rows, ids = layout.kernel_rows()
    shooter_id = resolve_shooter(layout, shooter, ids)
    status, info, ev, fin, _ = run_shot(
        board_rows(layout.board), params_rows(params), rows, shot_array(shot), False
    )
    if status != S_OK:
        raise_for_status(status, info, ids, params)
    all_ids = (*ids, shooter_id)
    return build_record(layout, shot, shooter_id, all_ids, ev, fin)


build_record = ShotRecord.from_kernel
"""Turn kernel output into a ShotRecord (over the arrays; objects made when asked)."""
