"""Many shots from one position (for the AI): one compiled call, compact numpy results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.physics.codes import (
    EV_SIZE,
    K_DISC,
    S_OK,
    FloatArray,
    board_array,
    params_array,
)
from flickboard.physics.engine import (
    STATES,
    build_record,
    default_params,
    layout_arrays,
    raise_for_status,
    resolve_shooter,
)
from flickboard.physics.jit import njit
from flickboard.physics.kernel import run_shot
from flickboard.physics.layout import Layout
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import DiscState, ShotRecord
from flickboard.physics.shot import MAX_SPEED, MAX_SPIN, MIN_SPEED, Shot

STATE_ORDER: tuple[DiscState, ...] = tuple(DiscState)
"""``BatchResult.state`` codes index this tuple (the order of DiscState)."""
MODE_TO_STATE = np.array([STATE_ORDER.index(s) for s in STATES], dtype=np.int8)
"""The kernel's disc modes (indexed as in ``STATES``) as :data:`STATE_ORDER` codes."""


@dataclass(frozen=True)
class BatchResult:
    """Outcomes of many shots from one layout; row ``s`` is shot ``s``.

    Columns follow ``ids`` (the layout's discs in order, then the shooter).
    ``state`` holds indices into :data:`STATE_ORDER`. ``status`` is 0 for a shot that
    ran, else a kernel status (illegal start, too many events, too long); such rows
    keep the layout's positions. ``first_contact`` is the id of the first disc the
    shooter struck (-1 if none); ``contacts`` counts disc-disc contacts; ``dropped``
    says whether a disc went into the 20 hole. With ``keep_log``, ``log`` holds every
    shot's kernel event rows (columns ``EV_*`` of :mod:`.codes`, disc columns as kernel
    indices into ``ids``): shot ``s``'s are rows ``log_offsets[s]:log_offsets[s + 1]``.
    """

    ids: tuple[int, ...]
    x: FloatArray
    y: FloatArray
    state: npt.NDArray[np.int8]
    status: npt.NDArray[np.int8]
    events: npt.NDArray[np.int32]
    first_contact: npt.NDArray[np.int64]
    contacts: npt.NDArray[np.int32]
    dropped: npt.NDArray[np.bool_]
    duration: FloatArray
    records: tuple[ShotRecord | None, ...] | None = None
    log: FloatArray | None = None
    log_offsets: npt.NDArray[np.int64] | None = None

    def states(self, shot: int) -> dict[int, DiscState]:
        """Final state of every disc after one shot, by id."""
        return {i: STATE_ORDER[c] for i, c in zip(self.ids, self.state[shot], strict=True)}


@njit(cache=True)
def run_batch(
    board: np.ndarray, params: np.ndarray, discs: np.ndarray, shots: np.ndarray, keep: bool
) -> tuple[
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]:
    """Run every shot (rows x, y, vx, vy, spin); return per-shot arrays (``info``: the
    kernel's disc or peg index behind a non-zero status). With ``keep``, every shot's
    events too: shot ``s``'s are rows ``offsets[s]:offsets[s + 1]`` of ``events``."""
    m = shots.shape[0]
    n = discs.shape[0] + 1
    events = np.empty((8 * m if keep else 0, EV_SIZE))
    offsets = np.zeros(m + 1, dtype=np.int64)
    xs = np.empty((m, n))
    ys = np.empty((m, n))
    modes = np.zeros((m, n), dtype=np.int8)
    status = np.zeros(m, dtype=np.int8)
    info = np.full(m, -1, dtype=np.int64)
    counts = np.zeros(m, dtype=np.int32)
    first = np.full(m, -1, dtype=np.int64)
    contacts = np.zeros(m, dtype=np.int32)
    dur = np.zeros(m)
    for s in range(m):
        code, what, ev, fin, _ = run_shot(board, params, discs, shots[s], False)
        status[s] = code
        info[s] = what
        offsets[s + 1] = offsets[s]
        if keep and code == S_OK:
            end = offsets[s] + ev.shape[0]
            if end > events.shape[0]:
                grown = np.empty((max(end, 2 * events.shape[0]), EV_SIZE))
                grown[: offsets[s]] = events[: offsets[s]]
                events = grown
            events[offsets[s] : end] = ev
            offsets[s + 1] = end
        if code != S_OK:
            xs[s, : n - 1] = discs[:, 0]
            ys[s, : n - 1] = discs[:, 1]
            xs[s, n - 1] = shots[s, 0]
            ys[s, n - 1] = shots[s, 1]
            continue
        counts[s] = ev.shape[0]
        if ev.shape[0] > 0:
            dur[s] = ev[ev.shape[0] - 1, 0]
        for k in range(ev.shape[0]):
            if ev[k, 1] == K_DISC:
                contacts[s] += 1
                if first[s] < 0:
                    a, b = int(ev[k, 2]), int(ev[k, 3])
                    if a == n - 1:
                        first[s] = b
                    elif b == n - 1:
                        first[s] = a
        for k in range(n):
            xs[s, k] = fin[k, 0]
            ys[s, k] = fin[k, 1]
            modes[s, k] = int(fin[k, 2])
    return xs, ys, modes, status, info, counts, first, contacts, dur, events, offsets


def shots_array(shots: Sequence[Shot] | npt.ArrayLike) -> FloatArray:
    """Shots as rows (x, y, vx, vy, spin): from Shot objects or rows (x, y, angle, speed, spin)."""
    if isinstance(shots, Sequence) and shots and isinstance(shots[0], Shot):
        return np.array([(s.x, s.y, *s.velocity, s.spin) for s in shots], dtype=np.float64)  # type: ignore[union-attr]
    rows = np.asarray(shots, dtype=float)
    if rows.size == 0:
        return np.empty((0, 5))
    if rows.ndim != 2 or rows.shape[1] != 5:
        raise InvalidInput("shots must be Shot objects or rows (x, y, angle, speed, spin)")
    if not np.isfinite(rows).all():
        raise InvalidInput("every shot value must be a finite number")
    speed = rows[:, 3]
    if ((speed < MIN_SPEED) | (speed > MAX_SPEED)).any():
        raise InvalidInput(f"shot speeds must be in [{MIN_SPEED}, {MAX_SPEED}] m/s")
    if (np.abs(rows[:, 4]) > MAX_SPIN).any():
        raise InvalidInput(f"shot spins must be within +-{MAX_SPIN} rad/s")
    out = np.empty_like(rows)
    out[:, :2] = rows[:, :2]
    out[:, 2] = speed * np.cos(rows[:, 2])
    out[:, 3] = speed * np.sin(rows[:, 2])
    out[:, 4] = rows[:, 4]
    return out


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
    with ``strict``). With ``records``, full ShotRecords are built too (slower).
    """
    result, modes = _run(layout, shots_array(shots), shooter, params, strict, records or keep_log)
    if not records:
        return result
    if isinstance(shots, Sequence) and shots and isinstance(shots[0], Shot):
        objects = list(shots)
    else:
        objects = [Shot(*row) for row in np.asarray(shots, dtype=float).tolist()]
    assert result.log is not None and result.log_offsets is not None
    events, offsets = result.log, result.log_offsets
    shooter_id = result.ids[-1]
    # The records are built from the batch's own events and finals (the same
    # kernel output a single ``simulate`` turns into its record).
    built = tuple(
        build_record(
            layout,
            shot,
            shooter_id,
            result.ids,
            events[offsets[s] : offsets[s + 1]],
            np.column_stack((result.x[s], result.y[s], modes[s])),
        )
        if code == S_OK
        else None
        for s, (shot, code) in enumerate(zip(objects, result.status.tolist(), strict=True))
    )
    log, log_offsets = (events, offsets) if keep_log else (None, None)
    return replace(result, records=built, log=log, log_offsets=log_offsets)


def simulate_velocities(
    layout: Layout,
    table: FloatArray,
    *,
    shooter: int | None = None,
    params: PhysicsParams | None = None,
    strict: bool = False,
    keep_log: bool = False,
) -> BatchResult:
    """:func:`simulate_batch` of shots given as checked rows (x, y, vx, vy, spin), as
    :func:`shots_array` makes them (the AI computes its executions' velocities itself,
    as :attr:`Shot.velocity` does); no records."""
    return _run(layout, table, shooter, params, strict, keep_log)[0]


def _run(
    layout: Layout,
    table: FloatArray,
    shooter: int | None,
    params: PhysicsParams | None,
    strict: bool,
    keep_log: bool,
) -> tuple[BatchResult, npt.NDArray[np.int8]]:
    """The batch's result and the kernel's final modes (what a record is built from)."""
    if params is None:
        params = default_params(layout)
    rows, ids = layout_arrays(layout)
    shooter_id = resolve_shooter(layout, shooter, ids)
    xs, ys, modes, status, info, counts, first, contacts, dur, events, offsets = run_batch(
        board_array(layout.board), params_array(params), rows, table, keep_log
    )
    all_ids = (*ids, shooter_id)
    if strict and status.any():
        bad = int(np.flatnonzero(status)[0])
        raise_for_status(int(status[bad]), int(info[bad]), ids, params, f"shot {bad}: ")
    id_of = np.array(all_ids, dtype=np.int64)
    first_ids = np.where(first >= 0, id_of[np.maximum(first, 0)], -1)
    state = MODE_TO_STATE[modes]
    dropped = (state == STATE_ORDER.index(DiscState.IN_HOLE)).any(axis=1)
    log, log_offsets = (events[: offsets[-1]], offsets) if keep_log else (None, None)
    result = BatchResult(
        all_ids, xs, ys, state, status, counts, first_ids, contacts, dropped, dur, None, log,
        log_offsets,
    )  # fmt: skip
    return result, modes
