"""Many shots from one position (for the AI): one compiled call, compact numpy results.

Everything per shot happens in that call: the shot rows are checked and turned into
velocities, every shot runs through the kernel, and its finals, states, counts and
(if asked for) events are written into the result's arrays. Python only wraps the
arrays; a shot's :class:`~flickboard.physics.ShotRecord` is made from them the first
time it is asked for.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, TypeGuard, overload

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.physics.codes import EV_SIZE, K_DISC, S_OK, FloatArray
from flickboard.physics.engine import (
    STATES,
    board_rows,
    build_record,
    default_params,
    params_rows,
    raise_for_status,
    resolve_shooter,
)
from flickboard.physics.jit import njit
from flickboard.physics.kernel import NO_LOG, run_shot
from flickboard.physics.layout import Layout
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import MODES, DiscState, ShotRecord
from flickboard.physics.shot import MAX_SPEED, MAX_SPIN, MIN_SPEED, Shot

STATE_ORDER: tuple[DiscState, ...] = tuple(DiscState)
"""``BatchResult.state`` codes index this tuple (the order of DiscState)."""
MODE_TO_STATE = np.array([STATE_ORDER.index(s) for s in STATES], dtype=np.int8)
"""The kernel's disc modes (indexed as in ``STATES``) as :data:`STATE_ORDER` codes."""
STATE_TO_MODE = np.array([MODES[s] for s in STATE_ORDER], dtype=np.float64)
"""The kernel mode a final state is written as, by :data:`STATE_ORDER` code."""
_IN_HOLE = STATE_ORDER.index(DiscState.IN_HOLE)

ROWS_OK, ROWS_NOT_FINITE, ROWS_SPEED, ROWS_SPIN = 0, 1, 2, 3
"""What :func:`run_batch` found in aimed shot rows (checked in this order)."""
ROW_PROBLEMS = {
    ROWS_NOT_FINITE: "every shot value must be a finite number",
    ROWS_SPEED: f"shot speeds must be in [{MIN_SPEED}, {MAX_SPEED}] m/s",
    ROWS_SPIN: f"shot spins must be within +-{MAX_SPIN} rad/s",
}


class BatchResult(NamedTuple):
    """Outcomes of many shots from one layout; row ``s`` is shot ``s``.

    Columns follow ``ids`` (the layout's discs in order, then the shooter).
    ``state`` holds indices into :data:`STATE_ORDER`. ``status`` is 0 for a shot that
    ran, else a kernel status (illegal start, too many events, too long); such rows
    keep the layout's positions. ``first_contact`` is the id of the first disc the
    shooter struck (-1 if none); ``contacts`` counts disc-disc contacts; ``dropped``
    says whether a disc went into the 20 hole. With ``keep_log``, ``log`` holds every
    shot's kernel event rows (columns ``EV_*`` of :mod:`.codes`, disc columns as kernel
    indices into ``ids``): shot ``s``'s are rows ``log_offsets[s]:log_offsets[s + 1]``.
    With ``records``, ``records[s]`` is shot ``s``'s record (None if it did not run),
    made over these arrays when first asked for.
    """

    ids: tuple[int, ...]
    x: FloatArray
    y: FloatArray
    state: npt.NDArray[np.int8]
    status: npt.NDArray[np.int8]
    events: npt.NDArray[np.integer[Any]]
    first_contact: npt.NDArray[np.int64]
    contacts: npt.NDArray[np.integer[Any]]
    dropped: npt.NDArray[np.bool_]
    duration: FloatArray
    records: Sequence[ShotRecord | None] | None = None
    log: FloatArray | None = None
    log_offsets: npt.NDArray[np.int64] | None = None

    def states(self, shot: int) -> dict[int, DiscState]:
        """Final state of every disc after one shot, by id."""
        return {i: STATE_ORDER[c] for i, c in zip(self.ids, self.state[shot], strict=True)}


class BatchRecords(Sequence[ShotRecord | None]):
    """The records of a batch's shots (None for a shot that did not run), each made
    over the batch's arrays (its event rows, its finals) when first asked for."""

    __slots__ = ("_finals", "_ids", "_layout", "_log", "_made", "_offsets", "_shots", "_status")

    def __init__(
        self,
        layout: Layout,
        shots: Sequence[Shot] | FloatArray,
        batch: BatchResult,
    ) -> None:
        assert batch.log is not None and batch.log_offsets is not None
        self._layout = layout
        self._shots = shots
        self._ids = batch.ids
        self._finals = (batch.x, batch.y, batch.state)
        self._status = batch.status
        self._log = batch.log
        self._offsets = batch.log_offsets
        self._made: list[ShotRecord | None] = [None] * len(batch.status)

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, s: int) -> ShotRecord | None: ...
    @overload
    def __getitem__(self, s: slice) -> list[ShotRecord | None]: ...
    def __getitem__(self, s: int | slice) -> ShotRecord | list[ShotRecord | None] | None:
        if isinstance(s, slice):
            return [self[k] for k in range(*s.indices(len(self)))]
        made = self._made[s]
        s %= len(self)
        if made is None and self._status[s] == S_OK:
            shot = self._shots[s]
            if not isinstance(shot, Shot):
                shot = Shot(*shot.tolist())
            x, y, state = self._finals
            made = build_record(
                self._layout,
                shot,
                self._ids[-1],
                self._ids,
                self._log[self._offsets[s] : self._offsets[s + 1]],
                np.column_stack((x[s], y[s], STATE_TO_MODE[state[s]])),
            )
            self._made[s] = made
        return made

    def __iter__(self) -> Iterator[ShotRecord | None]:
        return (self[s] for s in range(len(self)))


@njit(cache=True)
def _check_aimed(shots: np.ndarray) -> int:
    """What is wrong with aimed rows (x, y, angle, speed, spin), if anything
    (``ROWS_*``: non-finite values first, then speeds, then spins)."""
    finite, speed, spin = True, True, True
    for s in range(shots.shape[0]):
        for c in range(5):
            if not math.isfinite(shots[s, c]):
                finite = False
        v = shots[s, 3]
        if not (MIN_SPEED <= v <= MAX_SPEED):
            speed = False
        if not abs(shots[s, 4]) <= MAX_SPIN:
            spin = False
    if not finite:
        return ROWS_NOT_FINITE
    if not speed:
        return ROWS_SPEED
    if not spin:
        return ROWS_SPIN
    return ROWS_OK


@njit(cache=True)
def run_batch(
    board: np.ndarray,
    params: np.ndarray,
    discs: np.ndarray,
    ids: np.ndarray,
    shots: np.ndarray,
    aimed: bool,
    keep: bool,
) -> tuple[
    int,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]:
    """Run every shot; return ``(problem, xy, state, status, dropped, counts, duration,
    events, offsets)``.

    Shot rows are (x, y, angle, speed, spin) when ``aimed`` (checked first: ``problem``
    is a ``ROWS_*`` code and nothing runs unless it is ``ROWS_OK``; the velocity is
    made as :attr:`Shot.velocity` makes it), else (x, y, vx, vy, spin). ``ids``: the
    disc id of every column (the layout's discs, then the shooter). ``xy[0]``,
    ``xy[1]``: final centres; ``state``: :data:`STATE_ORDER` codes; ``counts`` rows:
    events, the id of the disc the shooter struck first (-1: none), disc contacts, and
    the kernel's disc or peg index behind a non-zero status. With ``keep``, every
    shot's events too: shot ``s``'s are rows ``offsets[s]:offsets[s + 1]`` of
    ``events``.
    """
    m = shots.shape[0]
    n = discs.shape[0] + 1
    xy = np.empty((2, m, n))
    state = np.zeros((m, n), dtype=np.int8)
    status = np.zeros(m, dtype=np.int8)
    dropped = np.zeros(m, dtype=np.bool_)
    counts = np.zeros((4, m), dtype=np.int64)
    duration = np.zeros(m)
    events = np.empty((8 * m if keep else 0, EV_SIZE))
    offsets = np.zeros(m + 1, dtype=np.int64)
    problem = _check_aimed(shots) if aimed else ROWS_OK
    if problem != ROWS_OK:
        return problem, xy, state, status, dropped, counts, duration, events, offsets
    shot = np.empty(5)
    for s in range(m):
        shot[:] = shots[s]
        if aimed:
            speed, angle = shots[s, 3], shots[s, 2]
            shot[2] = speed * math.cos(angle)
            shot[3] = speed * math.sin(angle)
        code, what, ev, fin, _ = run_shot(board, params, discs, shot, NO_LOG[0])
        status[s] = code
        offsets[s + 1] = offsets[s]
        if code != S_OK:
            counts[3, s] = what
            counts[1, s] = -1
            for k in range(n - 1):
                xy[0, s, k] = discs[k, 0]
                xy[1, s, k] = discs[k, 1]
            xy[0, s, n - 1] = shot[0]
            xy[1, s, n - 1] = shot[1]
            continue
        ne = ev.shape[0]
        if keep:
            end = offsets[s] + ne
            if end > events.shape[0]:
                grown = np.empty((max(end, 2 * events.shape[0]), EV_SIZE))
                grown[: offsets[s]] = events[: offsets[s]]
                events = grown
            events[offsets[s] : end] = ev
            offsets[s + 1] = end
        counts[0, s] = ne
        counts[1, s] = -1
        if ne > 0:
            duration[s] = ev[ne - 1, 0]
        for k in range(ne):
            if ev[k, 1] == K_DISC:
                counts[2, s] += 1
                if counts[1, s] < 0:
                    a, b = int(ev[k, 2]), int(ev[k, 3])
                    if a == n - 1:
                        counts[1, s] = ids[b]
                    elif b == n - 1:
                        counts[1, s] = ids[a]
        for k in range(n):
            xy[0, s, k] = fin[k, 0]
            xy[1, s, k] = fin[k, 1]
            code_k = MODE_TO_STATE[int(fin[k, 2])]
            state[s, k] = code_k
            if code_k == _IN_HOLE:
                dropped[s] = True
    return problem, xy, state, status, dropped, counts, duration, events[: offsets[m]], offsets


def shots_array(shots: Sequence[Shot] | npt.ArrayLike) -> FloatArray:
    """Shots as aimed rows (x, y, angle, speed, spin), from Shot objects or such rows
    (their values are checked by :func:`run_batch`)."""
    if _are_shots(shots):
        return np.array([(s.x, s.y, s.angle, s.speed, s.spin) for s in shots])
    rows = np.ascontiguousarray(shots, dtype=np.float64)
    if rows.size == 0:
        return np.empty((0, 5))
    if rows.ndim != 2 or rows.shape[1] != 5:
        raise InvalidInput("shots must be Shot objects or rows (x, y, angle, speed, spin)")
    return rows


def _are_shots(shots: object) -> TypeGuard[Sequence[Shot]]:
    return isinstance(shots, Sequence) and len(shots) > 0 and isinstance(shots[0], Shot)


def simulate_batch(
    layout: Layout,
    shots: Sequence[Shot] | npt.ArrayLike,
    *,
    shooter: int | None = None,
    params: PhysicsParams | None = None,
    records: bool = False,
    strict: bool = False,
    keep_log: bool = False,
) -> BatchResult:
    """Simulate many shots from one layout in one compiled call.

    ``shots`` are :class:`Shot` objects or an array of rows (x, y, angle, speed, spin).
    A shot that cannot start or cannot finish gets a non-zero ``status`` (or raises,
    with ``strict``). With ``records``, each shot's :class:`ShotRecord` can be read
    from ``records`` (made over the batch's arrays when first asked for).
    """
    rows = shots_array(shots)
    result = _run(layout, rows, True, shooter, params, strict, keep_log or records)
    if not records:
        return result
    made = BatchRecords(layout, shots if _are_shots(shots) else rows, result)
    log, offsets = (result.log, result.log_offsets) if keep_log else (None, None)
    return result._replace(records=made, log=log, log_offsets=offsets)


def simulate_velocities(
    layout: Layout,
    table: FloatArray,
    *,
    shooter: int | None = None,
    params: PhysicsParams | None = None,
    strict: bool = False,
    keep_log: bool = False,
) -> BatchResult:
    """:func:`simulate_batch` of shots given as rows (x, y, vx, vy, spin), unchecked:
    the AI computes its executions' velocities itself, as :attr:`Shot.velocity` does,
    from shots it has checked; no records."""
    return _run(layout, table, False, shooter, params, strict, keep_log)


def _run(
    layout: Layout,
    table: FloatArray,
    aimed: bool,
    shooter: int | None,
    params: PhysicsParams | None,
    strict: bool,
    keep: bool,
) -> BatchResult:
    """The batch's result (with its event log when ``keep``); see :func:`run_batch`."""
    rows, ids = layout.kernel_rows()
    shooter_id = resolve_shooter(layout, shooter, ids)
    all_ids = (*ids, shooter_id)
    if params is None:
        params = default_params(layout)
    problem, xy, state, status, dropped, counts, duration, events, offsets = run_batch(
        board_rows(layout.board),
        params_rows(params),
        rows,
        np.array(all_ids, dtype=np.int64),
        table,
        aimed,
        keep,
    )
    if problem:
        raise InvalidInput(ROW_PROBLEMS[problem])
    if strict and status.any():
        bad = int(np.flatnonzero(status)[0])
        raise_for_status(int(status[bad]), int(counts[3, bad]), ids, params, f"shot {bad}: ")
    log, log_offsets = (events, offsets) if keep else (None, None)
    return BatchResult(
        all_ids, xy[0], xy[1], state, status, counts[0], counts[1], counts[2], dropped,
        duration, None, log, log_offsets,
    )  # fmt: skip
