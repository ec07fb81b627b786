"""The environments' tables: matches in arrays, every seat's shots stepped by compiled
code, many tables at once.

An environment plays its matches on tables (:mod:`flickboard.play.tables`): each table's
match is a record that :func:`flickboard.play.tableplay.shoot` plays shots on by the
game's compiled rules, and each table's environment (who plays each seat, the noise
draws, the rewards of the step, the shots for ``max_cycles``) is a record of
:data:`ENV`. :func:`play` plays, in ONE compiled call for all the tables given, each
table's shot named by an action (:func:`~flickboard.envs.actions.action_shot`, executed
with the environment's noise: :func:`~flickboard.play.noise.perturbed`, a refused start
moved to the nearest legal one), then the shots of every seat played by compiled code
(the uniform policy's draws from its stream, :mod:`flickboard.envs.streams`; the
built-in ``random`` player's draws) until a seat whose actions come from Python is to
shoot or the match ends; :func:`observe` writes the observations
(:func:`~flickboard.envs.observation.encode`). Every rule is the compiled function of the
layer that owns it; nothing here decides what a match decides.

:class:`Tables` holds the arrays and the Python side: who plays each seat, each table's
generators (the noise's standard normal draws and the ``random`` player's uniform draws
are drawn in Python from the very generators the Match path draws from, in the same
order, and handed in), and each shot's ``info`` entry (plain data, as the Match path's
:func:`~flickboard.envs.aec.shot_info` gives it).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numba
import numpy as np
import numpy.typing as npt
from numba import types
from numba.experimental import structref

from flickboard.agents.random_player import MAX_ANGLE, aim
from flickboard.envs.actions import action_shot
from flickboard.envs.jit import envs_jit
from flickboard.envs.observation import Blocks, Observation, encode
from flickboard.envs.rewards import add_round_rewards
from flickboard.envs.streams import Stream, draw_stream
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry.startline import line_inward, line_param, line_point, nearest
from flickboard.jit import borrowing, direct, jitable
from flickboard.physics import Shot
from flickboard.physics.codes import board_array, params_array
from flickboard.physics.engine import raise_for_status
from flickboard.play.noise import clip_speed, nearest_start, perturbed
from flickboard.play.tableplay import (
    Workspace,
    allowed_starts,
    begin,
    seat_line,
    shoot,
    start_fault,
    to_come,
    workspace,
)
from flickboard.play.tables import (
    MAX_DISCS,
    MAX_SEATS,
    SHOT,
    STATUS_IMPOSSIBLE,
    STATUS_KERNEL,
    STATUS_NO_START,
    joined,
    new_matches,
    new_shots,
    room_for,
)
from flickboard.rules.base import Turn

if TYPE_CHECKING:
    from flickboard.envs.aec import FlickboardAEC

Record = Any
"""A record of a structured array (typed by numba)."""

AGENT, UNIFORM, RANDOM, POLICY = 0, 1, 2, 3
"""Who plays a seat: the environment's agent (its actions are given), the uniform
policy drawing from the table's stream, the built-in ``random`` player, a policy whose
actions Python asks for (an observation policy: batched, or one table at a time)."""

STATUS_NOT_FINITE = -1
"""What :func:`play` returns for an action that is not four finite numbers (nothing
played)."""

NOISE_ROWS = 128
"""Draws a table keeps ready (noise rows, or the ``random`` player's triples)."""

BRIEF = SHOT[["seat", "side", "disc", "x", "y", "valid", "fault", "round_ended"]]
"""The fields of a shot's record its brief ``info`` entry reads (at their places in
``SHOT``: ``shots.view(BRIEF)`` sees the records so)."""

_NEVER_SHORT = 2**62
"""The shots a table without draws is ready for."""

_F, _I, _B = np.float64, np.int64, np.uint8

ENV = np.dtype(
    [
        ("streams", np.uint64, (MAX_SEATS, 2)),  # uniform policies' streams (key, draws)
        ("stream_of", _I, (MAX_SEATS,)),  # each UNIFORM seat's stream
        ("normals", _F, (NOISE_ROWS, 4)),  # the noise's standard normal draws, ready
        ("normal_at", _I),
        ("normal_end", _I),
        ("uniforms", _F, (MAX_SEATS, NOISE_ROWS, 3)),  # random players' uniform draws,
        ("uniform_at", _I, (MAX_SEATS,)),  # ready, by player
        ("uniform_end", _I, (MAX_SEATS,)),
        ("uniform_of", _I, (MAX_SEATS,)),  # each RANDOM seat's player
        ("control", _I, (MAX_SEATS,)),  # who plays each seat (AGENT, UNIFORM, ...)
        ("shots", _I, (MAX_SEATS,)),  # each seat's shots in the match
        ("cut", _B),  # the match was cut at max_cycles
        ("reward", _F, (MAX_SEATS,)),  # each side's reward since last read
    ],
    align=True,
)
"""A table's environment."""

ENV_SETUP = np.dtype(
    [
        ("noisy", _B),  # execution noise: its standard deviations
        ("start_deviation", _F),
        ("angle_deviation", _F),
        ("speed_deviation", _F),
        ("spin_deviation", _F),
        ("allowed", _B),  # the start action spans the allowed stretches (else the line)
        ("low", _F),  # the action's figures: the speed range, what 1 means
        ("high", _F),
        ("max_angle", _F),
        ("max_spin", _F),
        ("random_angle", _F),  # the random player's widest angle
        ("max_cycles", _I),
        ("differential", _B),  # rewards: differential (else points)
        ("size", _I),  # the observation's blocks (observation.Blocks)
        ("discs", _I),
        ("sides", _I),
        ("seat_count", _I),
        ("per_seat", _I),
        ("discs_left", _I),
        ("scores", _I),
        ("twenties", _I),
        ("round", _I),
        ("hammer", _I),
        ("shooter", _I),
        ("my_turn", _I),
        ("progress", _I),
        ("start_allowed", _I),
        ("listed", _I, (MAX_SEATS,)),  # the match's seats in listing order
        ("listed_at", _I, (MAX_SEATS,)),  # each seat's place in that order
        ("seat_side", _I, (MAX_SEATS,)),  # each seat's side
        ("frame_cos", _F, (MAX_SEATS,)),  # each seat's frame
        ("frame_sin", _F, (MAX_SEATS,)),
        ("box", _F, (4,)),
    ],
    align=True,
)
"""What every table of an environment shares: the noise, the actions, the rewards, the
observation's layout."""


class ObservationPolicy(Protocol):
    """A policy that acts on its observation alone (no view needed): tables play it
    (:class:`~flickboard.envs.policies.UniformPolicy` is one)."""

    def act_on(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The action to take."""
        ...


class BatchPolicy(Protocol):
    """A policy acting on many observations at once: one call with a ``(n, size)``
    array gives ``(n, 4)`` actions (a learner's network; tables ask it once for every
    table whose seat it plays)."""

    def act_batch(self, observations: npt.NDArray[np.float32]) -> npt.ArrayLike:
        """The action of each observation, by row."""
        ...


class StreamPolicy(ObservationPolicy, Protocol):
    """An observation policy whose actions are its stream's draws
    (:class:`~flickboard.envs.policies.UniformPolicy`): tables draw them for every table
    at once."""

    stream: Stream


# -- compiled ---------------------------------------------------------------------------


@structref.register
class WorkspaceRefType(types.StructRef):
    """numba's type of a :class:`WorkspaceRef`."""

    def preprocess_fields(self, fields: Any) -> Any:
        """The fields' types as compiled code holds them."""
        unliteral: Callable[[Any], Any] = types.unliteral
        return tuple((name, unliteral(kind)) for name, kind in fields)


class WorkspaceRef(structref.StructRefProxy):
    """A :class:`~flickboard.play.tableplay.Workspace` kept from call to call: its
    fields, each an attribute, in a record compiled code is handed by reference (the
    play layer's functions read it as they read a ``Workspace``). A call on one table
    makes and unboxes none of its arrays (some forty: a few microseconds), and no
    function it passes the workspace to counts a reference to each of them (the
    workspace as a tuple, handed on by value, costs an atomic reference count per
    array at every function it enters: some two microseconds)."""


structref.define_boxing(WorkspaceRefType, WorkspaceRef)  # type: ignore[no-untyped-call]


@envs_jit()
def _workspace() -> Workspace:
    return workspace()


@envs_jit()
def _new_workspace_ref(kind: Any) -> WorkspaceRef:
    ws = workspace()
    ref: Any = structref.new(kind)  # type: ignore[call-arg]
    ref.rows = ws.rows
    ref.ids = ws.ids
    ref.owners = ws.owners
    ref.velocity = ws.velocity
    ref.offsets = ws.offsets
    ref.xs = ws.xs
    ref.ys = ws.ys
    ref.states = ws.states
    ref.ran = ws.ran
    ref.crokinole = ws.crokinole
    ref.lean = ws.lean
    ref.twenties = ws.twenties
    ref.crokinole_work = ws.crokinole_work
    ref.csc = ws.csc
    ref.csc_work = ws.csc_work
    ref.centres_x = ws.centres_x
    ref.centres_y = ws.centres_y
    ref.laid = ws.laid
    made: WorkspaceRef = ref
    return made


@functools.cache
def _workspace_ref_type() -> WorkspaceRefType:
    kind: Callable[[Any], WorkspaceRefType] = WorkspaceRefType
    typeof: Callable[[Any], Any] = numba.typeof
    fields = typeof(_workspace()).types
    return kind(list(zip(Workspace._fields, fields, strict=True)))


def new_workspace_ref() -> WorkspaceRef:
    """A workspace for the compiled calls of one thread."""
    ref: WorkspaceRef = _new_workspace_ref(_workspace_ref_type())
    return ref


@jitable
def _execute(
    m: Record,
    setup: Record,
    board: np.ndarray,
    params: np.ndarray,
    seat: int,
    lo: np.ndarray,
    hi: np.ndarray,
    count: int,
    shot: tuple[float, float, float, float, float],
    out: Record,
    work: WorkspaceRef,
) -> int:
    """The shot as played (``execute``): its speed playable, a start the rules refuse
    moved to the nearest legal one (the fault kept in ``out``), then played. (The play
    layer's functions read ``work``, the workspace's fields by reference, as they read a
    ``Workspace``.)"""
    x, y, angle, speed, spin = shot
    speed = clip_speed(speed)
    fault, which = start_fault(m, setup, x, y, work)  # type: ignore[arg-type]
    out.fault = fault
    out.which = which
    out.fault_x = x
    out.fault_y = y
    if fault != 0:
        if count == 0:
            out.status = STATUS_NO_START
            return STATUS_NO_START
        line = seat_line(setup, seat)
        inside, middle = nearest_start(lo, hi, count, line_param(line, x, y))
        x, y = line_point(line, inside)
        if start_fault(m, setup, x, y, work)[0] != 0:  # type: ignore[arg-type]
            x, y = line_point(line, middle)
    return shoot(m, setup, board, params, x, y, angle, speed, spin, out, work)  # type: ignore[arg-type]


@jitable
def _clip(value: float) -> float:
    return min(max(value, -1.0), 1.0)


@jitable
def _shoot_action(
    m: Record,
    e: Record,
    setup: Record,
    env: Record,
    board: np.ndarray,
    params: np.ndarray,
    action: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    out: Record,
    work: WorkspaceRef,
) -> int:
    """The shot an action names (values clipped to [-1, 1]), executed with the noise."""
    seat = m.seat
    count = allowed_starts(m, setup, lo, hi)
    if env.allowed and count == 0:
        out.status = STATUS_NO_START
        return STATUS_NO_START
    line = seat_line(setup, seat)
    shot = action_shot(
        line, lo, hi, count, env.allowed != 0, _clip(action[0]), _clip(action[1]),
        _clip(action[2]), _clip(action[3]), env.low, env.high, env.max_angle, env.max_spin,
    )  # fmt: skip
    if env.noisy:
        z = e.normals[e.normal_at]
        e.normal_at += 1
        x, y, angle, speed, spin = shot
        shot = perturbed(
            line, x, y, angle, speed, spin, env.start_deviation, env.angle_deviation,
            env.speed_deviation, env.spin_deviation, z[0], z[1], z[2], z[3],
        )  # fmt: skip
    return _execute(m, setup, board, params, seat, lo, hi, count, shot, out, work)


@jitable
def _shoot_random(
    m: Record,
    e: Record,
    setup: Record,
    env: Record,
    board: np.ndarray,
    params: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    out: Record,
    work: WorkspaceRef,
) -> int:
    """The built-in ``random`` player's shot (``RandomPlayer.decide``: a start drawn
    over the whole line moved to the nearest allowed point, an angle drawn within
    ``random_angle`` of straight in, a speed drawn over the game's range), executed with
    no noise of the environment's."""
    seat = m.seat
    count = allowed_starts(m, setup, lo, hi)
    player = e.uniform_of[seat]
    draws = e.uniforms[player, e.uniform_at[player]]
    e.uniform_at[player] += 1
    if count == 0:
        out.status = STATUS_NO_START
        return STATUS_NO_START
    line = seat_line(setup, seat)
    u = nearest(lo, hi, count, draws[0])
    x, y = line_point(line, u)
    angle, speed = aim(
        line_inward(line, u), env.random_angle, env.low, env.high, draws[1], draws[2]
    )
    shot = (x, y, angle, speed, 0.0)
    return _execute(m, setup, board, params, seat, lo, hi, count, shot, out, work)


@borrowing
def _kept(m: Record, e: Record, env: Record, setup: Record, out: Record) -> None:
    """A played shot's rewards (each side's, for the round it ended: its round points as
    the game counts them, less the mean of the other sides' when differential) and the
    shots counted for ``max_cycles``."""
    if out.round_ended:
        add_round_rewards(out.counted, setup.sides, env.differential, e.reward)
    e.shots[out.seat] += 1
    if not m.over and e.shots[m.seat] >= env.max_cycles:
        e.cut = 1


@jitable
def _play_table(
    m: Record,
    e: Record,
    s: Record,
    env: Record,
    board: np.ndarray,
    params: np.ndarray,
    t: int,
    action: np.ndarray,
    acting: bool,
    out: np.ndarray,
    k: int,
    lo: np.ndarray,
    hi: np.ndarray,
    drawn: np.ndarray,
    work: WorkspaceRef,
) -> tuple[int, int]:
    """On table ``t`` (match ``m``, environment ``e``): the shot ``action`` names when
    ``acting`` (the seat to shoot's), then every shot of a seat compiled code plays
    (``UNIFORM``, ``RANDOM``) until a seat whose actions come from Python is to shoot, or
    the match ends or is cut; each shot's record in ``out`` from ``out[k]``. Returns
    where the next record goes and the status of a shot that could not be played (0:
    none): play stops there."""
    if acting:
        r = out[k]
        r.table = t
        status = _shoot_action(m, e, s, env, board, params, action, lo, hi, r, work)
        k += 1
        if status != 0:
            return k, status
        _kept(m, e, env, s, r)
    while not m.over and not e.cut and k < out.shape[0]:
        control = e.control[m.seat]
        r = out[k]
        r.table = t
        if control == UNIFORM:
            stream = e.streams[e.stream_of[m.seat]]
            draw_stream(stream[0], stream[1], drawn, 0)
            stream[1] += np.uint64(1)
            status = _shoot_action(m, e, s, env, board, params, drawn[0], lo, hi, r, work)
        elif control == RANDOM:
            status = _shoot_random(m, e, s, env, board, params, lo, hi, r, work)
        else:
            break
        k += 1
        if status != 0:
            return k, status
        _kept(m, e, env, s, r)
    return k, 0


@jitable
def _take_rewards(e: Record, sides: int, into: np.ndarray) -> None:
    """Each of the ``sides``' reward at table ``e`` since last taken, into ``into``
    (then zero)."""
    for side in range(sides):
        into[side] = e.reward[side]
        e.reward[side] = 0.0


@jitable
def _finite(action: np.ndarray) -> bool:
    """Whether an action's four values are finite numbers."""
    for c in range(4):  # noqa: SIM110 (compiled: no generators)
        if not math.isfinite(action[c]):
            return False
    return True


@jitable
def _play(
    rows: np.ndarray,
    actions: np.ndarray,
    acting: np.ndarray,
    matches: np.ndarray,
    setup: np.ndarray,
    board: np.ndarray,
    params: np.ndarray,
    envs: np.ndarray,
    env_setup: np.ndarray,
    out: np.ndarray,
    work: WorkspaceRef,
) -> tuple[int, int, int]:
    """On each table ``rows[i]``: the shot ``actions[i]`` names when ``acting[i]``, then
    the compiled seats' shots (:func:`_play_table`); each shot's record in ``out``, in
    order. Returns the shots played, and the row and status of a shot that could not be
    played (-1, 0: none): play stops there. Nothing is played if an action given is not
    finite (``STATUS_NOT_FINITE``). (:func:`play` and :func:`step` call it.)"""
    for i in range(rows.shape[0]):
        if acting[i] and not _finite(actions[i]):
            return 0, i, STATUS_NOT_FINITE
    s = setup[0]
    env = env_setup[0]
    lo = np.empty(MAX_DISCS + 1)
    hi = np.empty(MAX_DISCS + 1)
    drawn = np.empty((1, 4))
    k = 0
    for i in range(rows.shape[0]):
        t = rows[i]
        k, status = _play_table(
            matches[t], envs[t], s, env, board, params, t, actions[i], acting[i], out, k, lo,
            hi, drawn, work,
        )  # fmt: skip
        if status != 0:
            return k, i, status
    return k, -1, 0


WATCH_NEXT = -1
"""A watcher of :func:`play_turns`: the seat to shoot next (once the match is over, the
seat that shot first)."""


@envs_jit()
def play_turns(
    table: int,
    actions: np.ndarray,
    given: np.ndarray,
    matches: np.ndarray,
    setup: np.ndarray,
    board: np.ndarray,
    params: np.ndarray,
    envs: np.ndarray,
    env_setup: np.ndarray,
    out: np.ndarray,
    turns: np.ndarray,
    watchers: np.ndarray,
    seen: np.ndarray,
    work: WorkspaceRef,
) -> tuple[int, int, int, bool, bool]:
    """Turns of one table played from Python (a PettingZoo step): the shot of each seat
    whose turn comes, in the match's order, named by its action (``actions[seat]``,
    where ``given[seat]``), then the compiled seats' shots (:func:`_play_table`), until
    a seat would shoot a second time, a seat to shoot has no action, or the match ends
    or is cut; their records in ``out``, and for the turn whose shot is the ``k``-th,
    its shooter and each side's reward since last read in ``turns[k]`` (the seat, then
    each side's reward); then the observation of seat ``watchers[i]`` in ``seen[i]``
    (:data:`WATCH_NEXT`: of the seat to shoot). Returns the records written, the status
    that stopped play (0: none; ``STATUS_NOT_FINITE``: the seat to shoot's action is
    not finite, nothing of it played; else the last record's shot could not be played),
    the seat to shoot next, whether the match is over and whether it was cut (``work``:
    the table's workspace)."""
    m = matches[table]
    e = envs[table]
    s = setup[0]
    env = env_setup[0]
    lo = np.empty(MAX_DISCS + 1)
    hi = np.empty(MAX_DISCS + 1)
    drawn = np.empty((1, 4))
    shot = np.zeros(MAX_SEATS, dtype=np.bool_)
    first = m.seat
    k = 0
    while not m.over and not e.cut:
        seat = m.seat
        if shot[seat] or not given[seat]:
            break
        if not _finite(actions[seat]):
            return k, STATUS_NOT_FINITE, seat, False, False
        n = k
        k, status = _play_table(
            m, e, s, env, board, params, table, actions[seat], True, out, k, lo, hi, drawn, work
        )
        if status != 0:
            return k, status, m.seat, False, False
        shot[seat] = True
        turns[n, 0] = seat
        _take_rewards(e, s.sides, turns[n, 1:])
    come_seats = np.empty(MAX_DISCS, dtype=np.int64)
    come_sides = np.empty(MAX_DISCS, dtype=np.int64)
    for i in range(watchers.shape[0]):
        watcher = watchers[i]
        if watcher == WATCH_NEXT:
            watcher = first if m.over else m.seat
        _observe_one(m, s, env, watcher, seen[i], come_seats, come_sides, lo, hi)
    return k, 0, m.seat, m.over != 0, e.cut != 0


@envs_jit()
def play_meant(
    table: int,
    shot: np.ndarray,
    matches: np.ndarray,
    setup: np.ndarray,
    board: np.ndarray,
    params: np.ndarray,
    envs: np.ndarray,
    env_setup: np.ndarray,
    out: np.ndarray,
    work: WorkspaceRef,
) -> int:
    """The shot a player means (x, y, angle, speed, spin) on ``table``, executed with no
    noise of the environment's (the player's own is in it); its record in ``out[0]``.
    Returns its status."""
    m = matches[table]
    e = envs[table]
    s = setup[0]
    lo = np.empty(MAX_DISCS + 1)
    hi = np.empty(MAX_DISCS + 1)
    count = allowed_starts(m, s, lo, hi)
    r = out[0]
    r.table = table
    meant = (shot[0], shot[1], shot[2], shot[3], shot[4])
    status = _execute(m, s, board, params, m.seat, lo, hi, count, meant, r, work)
    if status == 0:
        _kept(m, e, env_setup[0], s, r)
    return status


@envs_jit()
def begin_tables(
    rows: np.ndarray, tosses: np.ndarray, matches: np.ndarray, setup: np.ndarray
) -> None:
    """A new match on each table of ``rows`` (``tosses``: a best of three's third-game
    colour)."""
    for i in range(rows.shape[0]):
        begin(matches[rows[i]], setup[0], tosses[i])


@envs_jit(nogil=True)
def play(
    rows: np.ndarray,
    actions: np.ndarray,
    acting: np.ndarray,
    matches: np.ndarray,
    setup: np.ndarray,
    board: np.ndarray,
    params: np.ndarray,
    envs: np.ndarray,
    env_setup: np.ndarray,
    out: np.ndarray,
    work: WorkspaceRef,
) -> tuple[int, int, int]:
    """The shots of :func:`_play` (``work``: the workspace)."""
    return _play(rows, actions, acting, matches, setup, board, params, envs, env_setup, out, work)


@envs_jit(nogil=True)
def step(
    rows: np.ndarray,
    actions: np.ndarray,
    acting: np.ndarray,
    watchers: np.ndarray,
    matches: np.ndarray,
    setup: np.ndarray,
    board: np.ndarray,
    params: np.ndarray,
    envs: np.ndarray,
    env_setup: np.ndarray,
    out: np.ndarray,
    observations: np.ndarray,
    rewards: np.ndarray,
    pending: np.ndarray,
    work: WorkspaceRef,
) -> tuple[int, int, int]:
    """An environment step on each table of ``rows``: the shots of :func:`_play`, then
    the observation of the seat to shoot (once the match is over or cut, of seat
    ``watchers[i]``) in ``observations[i]``, and whether it is a ``POLICY`` seat
    (``pending[i]``: its observation is the one the policy acts on); where it is not,
    each side's reward since last read in ``rewards[i]`` (then zero). Returns what
    :func:`_play` returns (nothing observed when a shot could not be played; ``work``:
    the workspace)."""
    played, row, status = _play(
        rows, actions, acting, matches, setup, board, params, envs, env_setup, out, work
    )
    if status != 0:
        return played, row, status
    s = setup[0]
    env = env_setup[0]
    come_seats = np.empty(MAX_DISCS, dtype=np.int64)
    come_sides = np.empty(MAX_DISCS, dtype=np.int64)
    lo = np.empty(MAX_DISCS + 1)
    hi = np.empty(MAX_DISCS + 1)
    for i in range(rows.shape[0]):
        m = matches[rows[i]]
        e = envs[rows[i]]
        ended = m.over != 0 or e.cut != 0
        pending[i] = not ended and e.control[m.seat] == POLICY
        seat = watchers[i] if ended else m.seat
        _observe_one(m, s, env, seat, observations[i], come_seats, come_sides, lo, hi)
        if not pending[i]:
            _take_rewards(e, s.sides, rewards[i])
    return played, row, status


@jitable
def _observe_one(
    m: Record,
    s: Record,
    env: Record,
    seat: int,
    out: np.ndarray,
    come_seats: np.ndarray,
    come_sides: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
) -> None:
    """Seat ``seat``'s observation of the match ``m`` in ``out`` (written whole;
    ``come_seats`` to ``hi``: room to work in)."""
    for k in range(out.shape[0]):
        out[k] = 0.0
    blocks = Blocks(
        env.discs, env.sides, env.seat_count, env.per_seat, env.discs_left, env.scores,
        env.twenties, env.round, env.hammer, env.shooter, env.my_turn, env.progress,
        env.start_allowed,
    )  # fmt: skip
    come = to_come(m, s, come_seats, come_sides)
    allowed = allowed_starts(m, s, lo, hi) if come else 0
    twenties = m.before if m.over else m.twenties
    encode(
        out, blocks, env.frame_cos[seat], env.frame_sin[seat], env.box, m.on, m.x, m.y,
        m.lean, m.owner, m.shot if come else env.discs, come_seats, come_sides, come,
        env.listed[: env.seat_count], env.listed_at[seat], env.seat_side[seat], m.scores,
        s.sides, twenties, s.twenty_sides, m.round, lo, hi, allowed,
    )  # fmt: skip


@envs_jit()
def observe(
    rows: np.ndarray,
    seats: np.ndarray,
    matches: np.ndarray,
    setup: np.ndarray,
    env_setup: np.ndarray,
    out: np.ndarray,
) -> None:
    """The observation of seat ``seats[i]`` at table ``rows[i]`` in ``out[i]``: of the
    shot to come, or after the match of the board the last shot left."""
    come_seats = np.empty(MAX_DISCS, dtype=np.int64)
    come_sides = np.empty(MAX_DISCS, dtype=np.int64)
    lo = np.empty(MAX_DISCS + 1)
    hi = np.empty(MAX_DISCS + 1)
    for i in range(rows.shape[0]):
        m = matches[rows[i]]
        _observe_one(m, setup[0], env_setup[0], seats[i], out[i], come_seats, come_sides, lo, hi)


# -- Python ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """What :meth:`Tables.play` played: the shots' records (``SHOT``), in order."""

    shots: np.ndarray


@dataclass(frozen=True, slots=True)
class Stepped:
    """What :meth:`Tables.step` did on each table asked: the shots' records, in order;
    each table's observation (where a policy's seat is pending, the one it acts on) and
    sides' rewards (where none is); which tables wait for a ``POLICY`` seat's action."""

    shots: np.ndarray
    observations: npt.NDArray[np.float32]
    rewards: npt.NDArray[np.float64]
    pending: npt.NDArray[np.bool_]


class Tables:
    """``count`` tables of one environment's setup (see the module docstring).

    ``exact_draws``: draw the noise one row a shot, when it is needed (a PettingZoo
    environment's generator goes on from match to match, so nothing is drawn ahead);
    otherwise the rows are drawn ahead in batches from each table's generator, which
    the table's match alone uses (a Gymnasium table's episode generator).
    ``num_threads``: play the tables on this many threads, each a share of them (the
    compiled step releases the GIL); the Python side stays on the calling thread.
    """

    def __init__(
        self, aec: FlickboardAEC, count: int, *, exact_draws: bool = False, num_threads: int = 1
    ) -> None:
        problem = table_problem(aec)
        if problem is not None:
            raise InvalidInput(problem)
        if isinstance(num_threads, bool) or not isinstance(num_threads, int) or num_threads < 1:
            raise InvalidInput(f"num_threads must be a whole number >= 1, not {num_threads!r}")
        kind, match = aec.kind, aec.match
        self.kind = kind
        self.match = match
        """A match of the setup (its referee says the rulings' words)."""
        self.setup = kind.table_setup(match)
        view = match.view()
        board = view.position.layout.board
        self.board_array = board_array(board)
        self.params = params_array(match.params)
        self.physics = match.params
        self.count = count
        self.discs = int(self.setup[0]["discs"])
        self.sides = int(self.setup[0]["sides"])
        self.matches = new_matches(count)
        self.envs = np.zeros(count, dtype=ENV)
        self.env_setup = _env_setup(aec)
        self.size = int(self.env_setup[0]["size"])
        self.exact_draws = exact_draws
        self.per_table = 2 * self.discs + 2
        """The most shots one call plays on a table."""
        self._out = new_shots(count * self.per_table)
        self.noise_rngs: list[np.random.Generator | None] = [None] * count
        self.random_rngs: list[dict[int, np.random.Generator]] = [{} for _ in range(count)]
        self.policies: list[dict[int, ObservationPolicy | BatchPolicy]] = [{} for _ in range(count)]
        self.side_of = {s: match.side_of(s) for s in match.seats}
        self.num_threads = num_threads
        self.log: list[np.ndarray] | None = None
        """Where every call's shots go when set (a benchmark replays them)."""
        self._one_out = new_shots(self.per_table)
        self._remake()
        self._drawing = np.zeros(count, dtype=np.bool_)
        """Tables with draws to keep ready (noise, random players)."""
        self._spare = np.full(count, -1, dtype=np.int64)
        """Shots each table can play before its draws are topped up, as last counted
        (below 0: top them up before the next call). A call on one table counts down by
        the shots it played; a call on several tables sets -1, so they are counted
        again."""
        self._everyone = np.ones(count, dtype=np.bool_)
        self._no_actions = np.zeros((count, 4))
        self._somebody = np.ones(1, dtype=np.bool_)
        self._nobody = np.zeros(1, dtype=np.bool_)
        self._one_none = np.zeros((1, 4))
        """No action, for :meth:`step_one` (an array of the type its actions have)."""
        self._one_actions = np.zeros((1, 4))
        """The actions :meth:`ask_one` gives, in a buffer kept for it."""
        self._one_rewards = np.zeros((1, MAX_SEATS))
        self._one_pending = np.zeros(1, dtype=np.bool_)
        self._begun = np.zeros((2, 1), dtype=np.int64)
        """The table and the toss :meth:`start` begins a match with."""

    def _remake(self) -> None:
        """What a copy makes again rather than copies: the threads, their workspaces, the
        direct calls and the views of the arrays (a copied view would be an array of its
        own, no longer the matches' fields)."""
        threads = self.num_threads
        self._pool = ThreadPoolExecutor(threads) if threads > 1 else None
        self._work = [new_workspace_ref() for _ in range(threads)]
        """Each thread's workspace."""
        self._step_one: Callable[..., tuple[int, int, int]] | None = None
        """:func:`step` called directly by :meth:`step_one`."""
        self._one_args: list[Any] | None = None
        """Its arguments, kept from call to call (those of a call's own set in place)."""
        self._play_turns: Callable[..., tuple[int, int, int, bool, bool]] | None = None
        """:func:`play_turns` called directly (:func:`~flickboard.jit.direct`)."""
        self.seats = self.matches["seat"]
        """The seat to shoot next, by table (a view: read only)."""
        self.ended = self.matches["over"]
        """Whether each table's match is over (a view: read only)."""
        self.cut = self.envs["cut"]
        """Whether each table's match was cut at ``max_cycles`` (a view: read only)."""
        self._reward = self.envs["reward"]
        self._one_brief = self._one_out.view(BRIEF)
        """The records of :meth:`step_one`'s buffer seen as :data:`BRIEF` (a structured
        view costs a microsecond to make; a slice of this one, a fraction of it)."""
        envs = self.envs
        self._control = envs["control"]
        self._stream_of = envs["stream_of"]
        self._streams = envs["streams"]
        self._normals = envs["normals"]
        self._normal_at = envs["normal_at"]
        self._normal_end = envs["normal_end"]
        self._uniforms = envs["uniforms"]
        self._uniform_at = envs["uniform_at"]
        self._uniform_end = envs["uniform_end"]
        self._uniform_of = envs["uniform_of"]
        self._env_shots = envs["shots"]
        """Each field of :attr:`envs` a Python call writes (an array's field is a view made
        once; a record's field, read from the record, is made at each reading)."""
        self._begin: Callable[..., None] | None = None
        """:func:`begin_tables` called directly by :meth:`start`."""

    def __getstate__(self) -> dict[str, Any]:
        """The tables as pickle and ``copy`` keep them: all but what :meth:`_remake`
        makes again."""
        made = (
            "_pool", "_work", "_step_one", "_one_args", "_play_turns", "seats", "ended", "cut",
            "_reward", "_one_brief", "_control", "_stream_of", "_streams", "_normals",
            "_normal_at", "_normal_end", "_uniforms", "_uniform_at", "_uniform_end",
            "_uniform_of", "_env_shots", "_begin",
        )  # fmt: skip
        return {k: v for k, v in self.__dict__.items() if k not in made}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._remake()

    # -- a match --------------------------------------------------------------------

    def start(
        self,
        table: int,
        controls: dict[int, int],
        *,
        noise: np.random.Generator | None = None,
        players: dict[int, np.random.Generator] | None = None,
        streams: dict[int, StreamPolicy] | None = None,
        policies: dict[int, ObservationPolicy | BatchPolicy] | None = None,
        toss: int = -1,
    ) -> None:
        """A new match on ``table``: ``controls`` says who plays each seat (``AGENT``,
        ...); ``noise`` draws the noise rows; ``players`` the ``RANDOM`` seats' draws
        (by seat; one generator for several seats is one player); each ``UNIFORM``
        seat's :class:`StreamPolicy` gets its stream kept in the table's row (the
        policy's ``stream`` becomes that row: its draws are made there, for every table
        at once); ``policies`` are asked for the ``POLICY`` seats' actions."""
        control = self._control[table]
        control[:] = AGENT
        for seat, who in controls.items():
            control[seat] = who
        self._env_shots[table] = 0
        self.cut[table] = 0
        self._reward[table] = 0.0
        self._normal_at[table] = self._normal_end[table] = 0
        self._uniform_at[table] = 0
        self._uniform_end[table] = 0
        if streams:
            kept: dict[int, int] = {}
            for seat, policy in streams.items():
                if not self.keeps_stream(table, policy):
                    raise InvalidInput("a policy's stream is kept by another table: make it POLICY")
                slot = kept.setdefault(id(policy), len(kept))
                self._stream_of[table, seat] = slot
                row = self._streams[table, slot]
                if not np.shares_memory(policy.stream, row):
                    row[:] = policy.stream
                    policy.stream = row
        self.noise_rngs[table] = noise
        randoms: dict[int, np.random.Generator] = {}
        self.random_rngs[table] = randoms
        if players:
            slots: dict[int, int] = {}
            for seat, rng in players.items():
                slot = slots.setdefault(id(rng), len(slots))
                self._uniform_of[table, seat] = slot
                randoms[slot] = rng
        drawing = noise is not None or bool(players)
        self._drawing[table] = drawing
        self._spare[table] = -1 if drawing else _NEVER_SHORT
        self.policies[table] = dict(policies or {})
        begun = self._begun
        begun[0, 0], begun[1, 0] = table, toss
        call = self._begin
        args = (begun[0], begun[1], self.matches, self.setup)
        if call is None:
            call = self._begin = direct(begin_tables, *args)
        call(*args)

    def keeps_stream(self, table: int, policy: object) -> bool:
        """Whether ``policy`` is a :class:`StreamPolicy` whose stream ``table`` can keep:
        its own (not yet kept by a table), or kept by this table already."""
        stream = getattr(policy, "stream", None)
        if not (
            isinstance(stream, np.ndarray) and stream.shape == (2,) and stream.dtype == np.uint64
        ):
            return False
        return stream.base is None or np.shares_memory(stream, self._streams[table])

    def over(self, table: int) -> bool:
        """Whether the table's match ended."""
        return bool(self.ended[table])

    def truncated(self, table: int) -> bool:
        """Whether the table's match was cut at ``max_cycles``."""
        return bool(self.cut[table])

    def seat(self, table: int) -> int:
        """The seat to shoot next at ``table``."""
        return int(self.seats[table])

    def rewards(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """Each side's reward since last asked, by row (then zero)."""
        out: npt.NDArray[np.float64] = self._reward[rows]
        self._reward[rows] = 0.0
        return out

    def rewards_of(self, table: int) -> list[float]:
        """Each side's reward at ``table`` since last asked (then zero)."""
        reward = self._reward[table]
        out: list[float] = reward.tolist()
        reward[:] = 0.0
        return out

    # -- shots ------------------------------------------------------------------------

    def play(
        self,
        rows: npt.NDArray[np.int64],
        actions: npt.NDArray[np.float64] | None,
        acting: npt.NDArray[np.bool_] | None = None,
    ) -> Played:
        """The shot ``actions[i]`` names on table ``rows[i]`` (where ``acting``; none
        without actions), then the compiled seats' shots until a seat played from Python
        (the agent, a policy) is to shoot or the match ends (:func:`play`). Raises what
        the Match path raises for a shot that cannot be played, :class:`InvalidInput` (and
        nothing played) for an action that is not finite."""
        actions, acting = self._acts(rows, actions, acting)
        shots = self._run(rows, lambda a, b, out, work: play(
            rows[a:b], actions[a:b], acting[a:b], self.matches, self.setup, self.board_array,
            self.params, self.envs, self.env_setup, out, work,
        ))  # fmt: skip
        return Played(shots)

    def step(
        self,
        rows: npt.NDArray[np.int64],
        actions: npt.NDArray[np.float64] | None,
        watchers: npt.NDArray[np.int64],
        acting: npt.NDArray[np.bool_] | None = None,
    ) -> Stepped:
        """:meth:`play`, then each table's observation of the seat to shoot (or, once
        the match is over or cut, of seat ``watchers[i]``) and, where no ``POLICY`` seat
        waits, its sides' rewards since last read (:func:`step`: one compiled call)."""
        actions, acting = self._acts(rows, actions, acting)
        n = len(rows)
        observations = np.empty((n, self.size), dtype=np.float32)
        rewards = np.zeros((n, MAX_SEATS))
        pending = np.zeros(n, dtype=np.bool_)
        shots = self._run(rows, lambda a, b, out, work: step(
            rows[a:b], actions[a:b], acting[a:b], watchers[a:b], self.matches, self.setup,
            self.board_array, self.params, self.envs, self.env_setup, out, observations[a:b],
            rewards[a:b], pending[a:b], work,
        ))  # fmt: skip
        return Stepped(shots, observations, rewards, pending)

    def step_one(
        self,
        rows: npt.NDArray[np.int64],
        actions: npt.NDArray[np.float64] | None,
        watchers: npt.NDArray[np.int64],
        at: int = 0,
    ) -> tuple[int, npt.NDArray[np.float32], npt.NDArray[np.float64], bool]:
        """:meth:`step` on one table (``rows``, ``actions`` and ``watchers``: one row
        each, arrays of the first call's types at every call, as
        :func:`~flickboard.jit.direct` needs), in one compiled call on this thread, the
        shots' records from ``at`` on in a buffer of its own (:meth:`stepped` and
        :meth:`stepped_infos` take them). Returns the shots played, the table's
        observation (:meth:`step`'s, one row: ``(1, size)``), its sides' rewards where no
        ``POLICY`` seat waits (in the same array at every call: read them before the
        next), and whether one waits."""
        table = int(rows[0])
        spare = self._spare
        if spare[table] < 0:
            self._ready(rows)
        if actions is None:
            actions, acting = self._one_none, self._nobody
        else:
            acting = self._somebody
        end = at + self.per_table
        buffer = self._one_out
        if end > len(buffer):
            buffer = self._one_out = room_for(buffer, end)
            self._one_brief = buffer.view(BRIEF)
        out = buffer[at:end]
        observations = np.empty((1, self.size), dtype=np.float32)
        args = self._one_args
        if args is None:
            args = self._one_args = [
                rows, actions, acting, watchers, self.matches, self.setup, self.board_array,
                self.params, self.envs, self.env_setup, out, observations, self._one_rewards,
                self._one_pending, self._work[0],
            ]  # fmt: skip
            self._step_one = direct(step, *args)
        else:
            args[0], args[1], args[2], args[3] = rows, actions, acting, watchers
            args[10], args[11] = out, observations
        played, _, status = self._step_one(*args)  # type: ignore[misc]
        spare[table] -= played
        if status:
            self.refuse(out[played - 1], table, status)
        return played, observations, self._one_rewards[0], bool(self._one_pending[0])

    def stepped(self, count: int) -> np.ndarray:
        """The records of the first ``count`` shots :meth:`step_one` calls left in its
        buffer (the calls of one environment step, from ``at`` 0), as :meth:`step` gives
        its shots."""
        shots = joined(self._one_out[:count])
        if self.log is not None:
            self.log.append(shots)
        return shots

    def stepped_infos(self, count: int) -> list[dict[str, Any]]:
        """:meth:`infos` of the shots :meth:`stepped` gives, read where :meth:`step_one`
        left them (no copy made unless :attr:`log` keeps one)."""
        shots = self._one_out[:count]
        if self.log is not None:
            self.log.append(joined(shots))
        return self.infos(shots, self._one_brief[:count])

    def _acts(
        self,
        rows: npt.NDArray[np.int64],
        actions: npt.NDArray[np.float64] | None,
        acting: npt.NDArray[np.bool_] | None,
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        n = len(rows)
        if actions is None:
            return self._no_actions[:n], ~self._everyone[:n]
        return actions, self._everyone[:n] if acting is None else acting

    def _run(
        self,
        rows: npt.NDArray[np.int64],
        call: Callable[[int, int, np.ndarray, WorkspaceRef], tuple[int, int, int]],
    ) -> np.ndarray:
        """``call(a, b, out, work)`` on the rows ``a:b``, their shots in ``out``, in the
        workspace ``work``: on this thread, or each share of the rows on its thread (and
        its workspace); the shots in order. Raises for a shot that could not be played."""
        n = len(rows)
        need = n * self.per_table
        if need > len(self._out):
            self._out = new_shots(need)
        one = int(rows[0]) if n == 1 else None
        if one is not None:
            if self._spare[one] < 0:
                self._ready(rows)
        else:
            if self._drawing[rows].any():
                self._ready(rows)
            self._spare[rows] = -1
        pool, per = self._pool, self.per_table

        def part(work: WorkspaceRef, span: tuple[int, int]) -> tuple[np.ndarray, int, int, int]:
            a, b = span
            out = self._out[a * per : b * per]
            played, row, status = call(a, b, out, work)
            return out, played, a + row, status

        if pool is None or n < 2 * self.num_threads:
            parts = [part(self._work[0], (0, n))]
        else:
            cuts = np.linspace(0, n, self.num_threads + 1).astype(int).tolist()
            parts = list(pool.map(part, self._work, itertools.pairwise(cuts)))
        if one is not None:
            self._spare[one] -= parts[0][1]
        for out, _played, row, status in parts:
            if status == STATUS_NOT_FINITE:
                self.refuse(out[0], int(rows[row]), status)
        for out, played, row, status in parts:
            if status:
                self.refuse(out[played - 1], int(rows[row]), status)
        shots = joined(*(out[:played] for out, played, _, _ in parts))
        if self.log is not None:
            self.log.append(shots)
        return shots

    def play_turns(
        self,
        table: int,
        actions: npt.NDArray[np.float64],
        given: npt.NDArray[np.bool_],
        out: np.ndarray,
        turns: npt.NDArray[np.float64],
        watchers: npt.NDArray[np.int64],
        seen: npt.NDArray[np.float32],
    ) -> tuple[int, int, int, bool, bool]:
        """A PettingZoo step's turns on ``table`` (:func:`play_turns`: one compiled
        call; the noise drawn for one shot, so a table that draws plays one turn):
        their records in ``out``, each turn's seat and sides' rewards in ``turns``,
        each watcher's observation in ``seen``. Returns the shots played, the status
        that stopped play (0: none; ``STATUS_NOT_FINITE``: the seat to shoot's action
        is not finite; else the shot after those played could not be played, its
        record next in ``out``: :meth:`refuse` raises what it means), the seat to
        shoot, whether the match is over and whether it was cut. Every call passes
        arrays of the first call's types (as :func:`~flickboard.jit.direct` needs)."""
        if self._spare[table] < 0:
            self._ready(np.array([table], dtype=np.int64))
        args = (
            table, actions, given, self.matches, self.setup, self.board_array, self.params,
            self.envs, self.env_setup, out, turns, watchers, seen, self._work[0],
        )  # fmt: skip
        call = self._play_turns
        if call is None:
            call = self._play_turns = direct(play_turns, *args)
        played, status, seat, over, cut = call(*args)
        self._spare[table] -= played
        if status and status != STATUS_NOT_FINITE:
            played -= 1
        if self.log is not None:
            self.log.append(joined(out[:played]))
        return played, status, seat, over, cut

    def drawing(self, table: int) -> bool:
        """Whether ``table`` draws the noise's or the ``random`` player's numbers."""
        return bool(self._drawing[table])

    def play_meant(self, table: int, meant: Shot) -> Played:
        """The shot a player means, played on ``table`` with no noise of the
        environment's (:func:`play_meant`)."""
        out = self._out
        shot = np.array((meant.x, meant.y, meant.angle, meant.speed, meant.spin))
        status = play_meant(
            table, shot, self.matches, self.setup, self.board_array, self.params, self.envs,
            self.env_setup, out, self._work[0],
        )  # fmt: skip
        if status:
            self.refuse(out[0], table, status)
        shots = joined(out[:1])
        if self.log is not None:
            self.log.append(shots)
        return Played(shots)

    def _ready(self, rows: npt.NDArray[np.int64]) -> None:
        """Every table's draws ready for a call (noise rows and the random players'),
        and the shots they are ready for counted (:attr:`_spare`)."""
        need = 1 if self.exact_draws else self.per_table
        per = self.per_table
        if len(rows) == 1:
            drawn = [int(rows[0])]
            if not self._drawing[drawn[0]]:
                self._spare[drawn[0]] = _NEVER_SHORT
                return
        else:
            drawing = self._drawing[rows]
            self._spare[rows[~drawing]] = _NEVER_SHORT
            drawn = rows[drawing].tolist()
        for t in drawn:
            spare = _NEVER_SHORT
            noise = self.noise_rngs[t]
            if noise is not None:
                at, end = int(self._normal_at[t]), int(self._normal_end[t])
                if end - at < need:
                    normals = self._normals[t]
                    kept = end - at
                    normals[:kept] = normals[at:end].copy()
                    fresh = 1 if self.exact_draws else NOISE_ROWS - kept
                    normals[kept : kept + fresh] = noise.standard_normal((fresh, 4))
                    at, end = 0, kept + fresh
                    self._normal_at[t], self._normal_end[t] = at, end
                spare = end - at - need
            for slot, player in self.random_rngs[t].items():
                at, end = int(self._uniform_at[t, slot]), int(self._uniform_end[t, slot])
                if end - at < per:
                    uniforms = self._uniforms[t, slot]
                    kept = end - at
                    uniforms[:kept] = uniforms[at:end].copy()
                    uniforms[kept:] = player.random((NOISE_ROWS - kept, 3))
                    at, end = 0, NOISE_ROWS
                    self._uniform_at[t, slot], self._uniform_end[t, slot] = at, end
                spare = min(spare, end - at - per)
            self._spare[t] = spare

    def refuse(self, shot: np.void, table: int, status: int) -> None:
        """Raise what the Match path raises for a shot that could not be played
        (:class:`InvalidInput` for an action that is not finite)."""
        if status == STATUS_NOT_FINITE:
            raise InvalidInput("every action value must be a finite number")
        if status == STATUS_NO_START:
            raise IllegalInPosition("no shot may start anywhere on the start line")
        if status == STATUS_IMPOSSIBLE:
            raise IllegalInPosition("a disc put back finds no place on the board")
        if status == STATUS_KERNEL:
            m = self.matches[table]
            ids = tuple(int(d) for d in m["laid"][: int(m["count"])])
            raise_for_status(int(shot["kernel"]), int(shot["info"]), ids, self.physics)

    def observe(
        self, rows: npt.NDArray[np.int64], seats: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """The observation of seat ``seats[i]`` at table ``rows[i]``."""
        out = np.empty((len(rows), self.size), dtype=np.float32)
        observe(rows, seats, self.matches, self.setup, self.env_setup, out)
        return out

    def ask_policies(
        self, rows: npt.NDArray[np.int64], seen: npt.NDArray[np.float32]
    ) -> npt.NDArray[np.float64]:
        """The actions of the policies whose seats are to shoot at ``rows``, seat
        ``i`` having seen ``seen[i]`` (:meth:`step`'s observations of the tables
        pending): one call per policy (``act_batch`` with every table it plays at once,
        else ``act_on`` a table at a time)."""
        if len(rows) == 1:
            actions = np.empty((1, 4))
            self._ask(int(rows[0]), seen, actions)
            return actions
        actions = np.empty((len(rows), 4))
        policies = self.policies
        groups: dict[int, tuple[Any, list[int]]] = {}
        for i, (t, seat) in enumerate(zip(rows.tolist(), self.seats[rows].tolist(), strict=True)):
            policy = policies[t][seat]
            groups.setdefault(id(policy), (policy, []))[1].append(i)
        for policy, at in groups.values():
            index = slice(None) if len(at) == len(rows) else np.array(at, dtype=np.int64)
            observed = seen[index]
            if hasattr(policy, "act_batch"):
                actions[index] = _batch_actions(policy.act_batch(observed), len(at))
                continue
            for j, i in enumerate(at):
                actions[i] = _action(policy.act_on(observed[j]))
        return actions

    def ask_one(self, table: int, seen: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """:meth:`ask_policies` for one table (``seen``: its observation, one row, as
        :meth:`step_one` gives it): the action in a buffer kept for it (the same array at
        every call, of the type :meth:`step_one` takes: pass it on before the next)."""
        actions = self._one_actions
        self._ask(table, seen, actions)
        return actions

    def _ask(
        self, table: int, seen: npt.NDArray[np.float32], into: npt.NDArray[np.float64]
    ) -> None:
        """The action of the policy whose seat is to shoot at ``table`` (having seen
        ``seen``, one row), in ``into`` (one row): checked as :meth:`ask_policies`
        checks them."""
        policy = self.policies[table][int(self.seats[table])]
        if hasattr(policy, "act_batch"):
            into[...] = _batch_actions(policy.act_batch(seen), 1)
            return
        into[0] = _action(policy.act_on(seen[0]))

    # -- what a shot did, as data -------------------------------------------------------

    def infos(self, shots: np.ndarray, brief: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Each shot's brief ``info`` entry (as the Match path's ``shot_info`` gives it
        with ``full=False``), in order; ``brief``: the shots seen as :data:`BRIEF`, if a
        view is at hand."""
        out = []
        seen = shots.view(BRIEF) if brief is None else brief
        for k, (seat, side, disc, x, y, valid, fault, ended) in enumerate(seen.tolist()):
            problem = None
            if fault:
                row = shots[k]
                problem = self.match.referee.start_words(
                    fault, int(row["which"]), Turn(seat, side, disc), float(row["fault_x"]),
                    float(row["fault_y"]),
                )  # fmt: skip
            rounds: list[dict[str, Any]] = []
            games: list[dict[str, Any]] = []
            if ended:
                row = shots[k]
                rounds.append(self.kind.table_round_end(self.match, row).to_json())
                if row["game_ended"]:
                    games.append(self.kind.table_game_end(self.match, row).to_json())
            out.append(
                {
                    "seat": seat,
                    "side": side,
                    "disc": disc,
                    "start": (x, y),
                    "start_problem": problem,
                    "valid": bool(valid),
                    "rounds_ended": rounds,
                    "games_ended": games,
                }
            )
        return out


def _batch_actions(moves: Any, rows: int) -> npt.NDArray[np.floating[Any]]:
    """A batched policy's actions for ``rows`` tables, checked: ``rows`` rows of 4
    numbers (a float array is taken as it is)."""
    if type(moves) is not np.ndarray or moves.dtype.kind != "f":
        moves = np.asarray(moves, dtype=np.float64)
    if moves.shape != (rows, 4):
        raise InvalidInput(
            f"a batched policy's actions are {rows} rows of 4 numbers, not shape {moves.shape}"
        )
    checked: npt.NDArray[np.floating[Any]] = moves
    return checked


def _action(move: Any) -> npt.NDArray[np.float64]:
    """A policy's action for one table, checked: a row of 4 numbers."""
    row = np.asarray(move, dtype=np.float64)
    if row.shape != (4,):
        raise InvalidInput(f"a policy's actions are rows of 4 numbers, not {move!r}")
    return row


def table_problem(aec: FlickboardAEC) -> str | None:
    """Why the matches of this AEC environment's setup cannot be played on tables (None
    if they can)."""
    problem = aec.kind.table_problem(aec.match)
    if problem is not None:
        return problem
    if aec.info_level != "brief":
        return "tables give brief info"
    if aec.render_mode is not None:
        return "tables draw no pictures"
    return None


def _env_setup(aec: FlickboardAEC) -> np.ndarray:
    """The environment's record: its noise, actions, rewards and observation layout."""
    env = np.zeros(1, dtype=ENV_SETUP)
    r = env[0]
    noise = aec.noise
    r["noisy"] = not noise.silent
    r["start_deviation"] = noise.start
    r["angle_deviation"] = noise.angle
    r["speed_deviation"] = noise.speed
    r["spin_deviation"] = noise.spin
    actions = aec.actions
    r["allowed"] = actions.start == "allowed"
    r["low"], r["high"] = actions.speed_range
    r["max_angle"] = actions.max_angle
    r["max_spin"] = actions.max_spin
    r["random_angle"] = MAX_ANGLE
    r["max_cycles"] = aec.max_cycles or 2**62
    r["differential"] = aec.reward_kind == "differential"
    layout = aec.layout
    blocks = Blocks.of(layout)
    r["size"] = layout.size
    for name, value in blocks._asdict().items():
        r["seat_count" if name == "seats" else name] = value
    seats = layout.seats
    r["listed"][: len(seats)] = seats
    view = aec.match.view()
    for k, seat in enumerate(seats):
        r["listed_at"][seat] = k
        r["seat_side"][seat] = aec.match.side_of(seat)
        frame = aec.encoder.frame(view, seat)
        r["frame_cos"][seat] = frame.cos
        r["frame_sin"][seat] = frame.sin
        r["box"] = frame.box
    return env


__all__ = [
    "AGENT",
    "BRIEF",
    "ENV",
    "ENV_SETUP",
    "POLICY",
    "RANDOM",
    "UNIFORM",
    "WATCH_NEXT",
    "BatchPolicy",
    "ObservationPolicy",
    "Played",
    "StreamPolicy",
    "Tables",
    "begin_tables",
    "observe",
    "play",
    "play_meant",
    "play_turns",
    "table_problem",
]
