"""Fast tables: crokinole singles matches kept in arrays and stepped by compiled code.

A learner's usual table (crokinole singles, one untimed game, no execution noise, the
start action over the allowed stretches, an opponent that acts on its observation alone)
does not need the :class:`~flickboard.play.match.Match`, its records or its rulings'
sentences: :class:`FastTables` keeps each table's match in numpy arrays (the discs on the
board and their sides, the shot of the round, the round, the round's starter, the 20s,
the game's rounds, each seat's shots) and plays a batch of shots, one per table, in ONE
compiled call: the action's shot from the start line's allowed stretches, the physics
kernel (:func:`~flickboard.physics.kernel.run_shot`), the compiled referee core
(:func:`~flickboard.rules.crokinole.compiled.rule_crokinole`) and the match's
bookkeeping (the round's end and its 2/1/0 or points after cancelling, the game's end,
truncation); a second compiled call encodes the observations. What it computes is what
the Match-based path computes, to the bit (tests/envs/test_fasttable.py plays whole seeded
games both ways). A uniform opponent's actions are drawn for every table in one compiled
call from each table's stream (:mod:`flickboard.envs.streams`, the
:class:`~flickboard.envs.policies.UniformPolicy`'s own); a single environment's whole
step against such an opponent (its shot, the opponent's draws and shots, the
observation) is ONE compiled call (:meth:`FastTables.step_one`). The brief ``info`` entries of the
shots, and the round's and game's summaries in them, are made when first read
(:class:`BriefShots`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from flickboard.envs.streams import Stream, draw_rows, draw_stream
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry.pymath import hypot
from flickboard.physics.batch import MODE_TO_STATE
from flickboard.physics.codes import board_array, params_array
from flickboard.physics.engine import raise_for_status
from flickboard.physics.jit import njit_watching
from flickboard.physics.kernel import run_shot
from flickboard.physics.layout import OVERLAP_TOLERANCE, Layout
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.crokinole import (
    MAX_ROUNDS,
    ROUNDS_PER_GAME,
    CrokinoleMatch,
    game_ended,
    round_ended,
)
from flickboard.play.match import GameEnd
from flickboard.play.noise import EDGE, MIN_SPEED
from flickboard.play.scoring import GameScore, RaceScore, RoundScore
from flickboard.rules.base import Position, Turn
from flickboard.rules.corejit import CORE_SOURCES
from flickboard.rules.crokinole import Scoring
from flickboard.rules.crokinole.compiled import figures_array, options_array, rule_crokinole

if TYPE_CHECKING:
    from flickboard.envs.aec import FlickboardAEC
    from flickboard.envs.observation import Observation

table_jit = njit_watching((*CORE_SOURCES, Path(__file__)))

# Status codes of a table's shot that could not be played (0: it was; the kernel's own
# are kept apart).
T_NO_START, T_IMPOSSIBLE = 1, 2
# Per-shot result columns (floats).
R_X, R_Y, R_ANGLE, R_SPEED, R_SPIN, R_VALID, R_ROUND_ENDED, R_GAME_ENDED = range(8)
R_SIDE, R_DISC, R_STATUS, R_KERNEL, R_INFO, R_ROUND = range(8, 14)
R_SIZE = 14
# A table's whole numbers: the shot of the round (its disc id), the round (1-based), the
# side that starts the round, the match over, cut at max_cycles, the side that starts
# the game, then each side's shots in the match (for max_cycles).
S_SHOT, S_ROUND, S_STARTER, S_OVER, S_CUT, S_FIRST, S_SHOTS = range(7)
S_SIZE = S_SHOTS + 2
# What a batch of shots returns: nothing to look at, something to look at (a round
# ended, or a shot could not be played), or nothing played (an action not finite).
F_NONE, F_LOOK, F_NOT_FINITE = 0, 1, 2
_STOP = 3  # (a shot that could not be played: the batch stops)
# Per-table constants: the arc of each side's seat and its frame.
A_A0, A_A1, A_COS, A_SIN = range(4)
# The most shots a single environment's step plays (the agent's, the opponent's last of
# a round and first of the next).
_MOST_SHOTS = 3

Rules = tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
    float, float, np.ndarray, int, bool, int,
]  # fmt: skip
"""What a table's shot is played and ruled by, as the compiled calls take it: the board's
and the physics' arrays, the referee core's figures and options, the kernel's modes as
states, the start lines' arcs, the start line's radius, the gap a disc leaves on it, the
action's figures, ``max_cycles``, differential rewards, a race's target (0: none)."""

Sight = tuple[np.ndarray, np.ndarray, int]
"""What an observation is encoded with: the seats' arcs and frames, the board's surface
box, the discs a seat shoots in a round."""


class ObservationPolicy(Protocol):
    """A policy that acts on its observation alone (no view needed): a fast table can
    play it (:class:`~flickboard.envs.policies.UniformPolicy` is one)."""

    def act_on(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The action to take."""
        ...


class StreamPolicy(ObservationPolicy, Protocol):
    """An observation policy whose actions are its stream's draws
    (:class:`~flickboard.envs.policies.UniformPolicy`): a fast table draws them for
    every table at once."""

    stream: Stream


def fast_enough(aec: FlickboardAEC) -> str | None:
    """Why a table of this AEC environment cannot be a fast table (None if it can)."""
    match, setup = aec.match, aec.setup
    if not isinstance(match, CrokinoleMatch):
        return "only crokinole has a fast table"
    if match.seating.players != 2:
        return "fast tables are singles"
    if setup["games"] != 1 or setup["best_of_three"] or setup["time_shots"] is not None:
        return "fast tables play one untimed game"
    if not aec.noise.silent or aec.actions.start != "allowed":
        return "fast tables play without execution noise, starts over the allowed stretches"
    if aec.info_level != "brief" or aec.render_mode is not None:
        return "fast tables give brief info and no pictures"
    return None


@dataclass(slots=True)
class Shots:
    """What a batch of shots did, one row per table shot: see ``R_*``; ``rewards`` the
    reward of the side asked for (``mine``) at each; ``scored`` the rounds' scores of each table whose round ended (by row: rows of
    ``FastTables.rounds``, as they stood)."""

    tables: npt.NDArray[np.int64]
    results: npt.NDArray[np.float64]
    rewards: npt.NDArray[np.float64]
    scored: dict[int, npt.NDArray[np.int64]]
    owner: FastTables

    def info(self, row: int) -> dict[str, Any]:
        """``info["shot"]`` of the brief info, for the shot of ``row``."""
        side, disc, x, y, valid = self.results[row, [R_SIDE, R_DISC, R_X, R_Y, R_VALID]].tolist()
        rounds: list[dict[str, Any]] = []
        games: list[dict[str, Any]] = []
        scored = self.scored.get(row)
        if scored is not None:
            owner = self.owner
            played = tuple(RoundScore(tuple(r[:2]), tuple(r[2:])) for r in scored.tolist())
            rounds.append(round_ended(1, len(played), played[-1], owner.referee).to_json())
            if self.results[row, R_GAME_ENDED]:
                games.append(owner.game_end(played).to_json())
        return {
            "seat": 2 * int(side),
            "side": int(side),
            "disc": int(disc),
            "start": (x, y),
            "start_problem": None,
            "valid": valid > 0,
            "rounds_ended": rounds,
            "games_ended": games,
        }


class BriefShots(Sequence[dict[str, Any]]):
    """``info["shots"]`` of a step on a fast table: each shot's brief entry (a dict, as
    the Match path's list holds), made when first read. Equal to a list of the same
    entries; ``list(shots)`` gives that list."""

    __slots__ = ("_batches", "_made", "_row")

    def __init__(self, batches: list[tuple[Shots, npt.NDArray[np.int64] | None]], row: int) -> None:
        self._batches = batches
        """Each batch of shots of the step, and the step's rows it was played on (None:
        every shot of the batch is this row's, in order)."""
        self._row = row
        self._made: list[dict[str, Any]] | None = None

    def _entries(self) -> list[dict[str, Any]]:
        if self._made is None:
            made: list[dict[str, Any]] = []
            for done, at in self._batches:
                if at is None:
                    made.extend(done.info(i) for i in range(len(done.results)))
                    continue
                hit = np.flatnonzero(at == self._row)
                if len(hit):
                    made.append(done.info(int(hit[0])))
            self._made = made
        return self._made

    def __getitem__(self, index: Any) -> Any:
        return self._entries()[index]

    def __len__(self) -> int:
        return len(self._entries())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return self._entries() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._entries())


class FastTables:
    """``count`` crokinole singles tables of one AEC environment's setup, in arrays.

    Seats are 0 (red, side 0) and 2 (green, side 1); every array is indexed by table.
    """

    def __init__(self, aec: FlickboardAEC, count: int) -> None:
        problem = fast_enough(aec)
        if problem is not None:
            raise InvalidInput(problem)
        match = cast(CrokinoleMatch, aec.match)
        referee = match.referee
        view = match.view()
        board = view.position.layout.board
        self.physics = match.params
        self.layout_board = board
        self.first_seat = match.first_seat
        """Who shoots first: the setup's (crokinole draws no lots for a single game)."""
        self.referee = referee
        self.discs = aec.layout.discs
        self.per_seat = aec.layout.per_seat
        self.size = aec.layout.size
        self.count = count
        self.board = board_array(board)
        self.params = params_array(match.params)
        self.figures = figures_array(board)  # type: ignore[arg-type]
        self.flags = options_array(referee.options)
        empty = Position.of(Layout(board, ()), {})
        arcs = np.zeros((2, 4))
        box = np.array(board.surface_box(), dtype=np.float64)
        for side in (0, 1):
            line = referee.start_line(empty, Turn(2 * side, side, 0))
            frame = aec.encoder.frame(view, 2 * side)
            arcs[side] = (line.angles[0], line.angles[1], frame.cos, frame.sin)
            self.radius = line.radius
        self.arcs = arcs
        self.box = box
        self.gap = 2 * board.disc.radius - OVERLAP_TOLERANCE
        low, high = aec.actions.speed_range
        self.action_figures = np.array(
            (low, high, aec.actions.max_angle, aec.actions.max_spin, MIN_SPEED, MAX_SPEED, EDGE)
        )
        self.max_cycles = aec.max_cycles or 2**62
        self.differential = aec.reward_kind == "differential"
        n = self.discs
        self.x = np.zeros((count, n))
        self.y = np.zeros((count, n))
        self.lean = np.zeros((count, n), dtype=np.bool_)
        self.on = np.zeros((count, n), dtype=np.bool_)
        self.state = np.zeros((count, S_SIZE), dtype=np.int64)
        """Whole numbers per table, by ``S_*`` column."""
        self.scores = np.zeros((count, 2), dtype=np.int64)
        self.twenties = np.zeros((count, 2), dtype=np.int64)
        self.before = np.zeros((count, 2), dtype=np.int64)
        race = referee.options.scoring is not Scoring.TOURNAMENT
        self.target = referee.options.target if race else 0
        """A race game's target (0: tournament scoring, four rounds)."""
        most = MAX_ROUNDS if race else ROUNDS_PER_GAME
        self.rounds = np.zeros((count, most, 4), dtype=np.int64)
        """Each table's rounds scored: both sides' round scores, then their 20s."""
        self.streams = np.zeros((count, 2), dtype=np.uint64)
        """Each table's uniform opponent's stream (where ``drawn``)."""
        self.drawn = np.zeros(count, dtype=np.bool_)
        """Whether the table's opponent is a :class:`StreamPolicy` drawing from
        ``streams`` (its own stream is then that row)."""
        self._rules: Rules = (
            self.board, self.params, self.figures, self.flags, MODE_TO_STATE, self.arcs,
            self.radius, self.gap, self.action_figures, self.max_cycles, self.differential,
            self.target,
        )  # fmt: skip
        self._sight: Sight = (self.arcs, self.box, self.per_seat)
        self._no_action = np.zeros(4)
        self._one_row = np.zeros(1, dtype=np.int64)
        self._arrays = (
            self.x, self.y, self.lean, self.on, self.state, self.scores, self.twenties,
            self.before, self.rounds,
        )  # fmt: skip

    def start(self, table: int, opponent: ObservationPolicy) -> None:
        """A new match on ``table`` against ``opponent``: a :class:`StreamPolicy` whose
        stream is its own (not yet kept by a table) gets its stream kept in
        ``streams[table]``, so that its draws are made for all tables at once."""
        first_seat = self.first_seat
        stream = getattr(opponent, "stream", None)
        bound = isinstance(stream, np.ndarray) and stream.base is None and stream.shape == (2,)
        self.drawn[table] = bound
        if isinstance(stream, np.ndarray) and bound:
            self.streams[table] = stream
            cast(StreamPolicy, opponent).stream = self.streams[table]
        self.on[table] = False
        self.lean[table] = False
        self.state[table] = (0, 1, first_seat // 2, 0, 0, first_seat // 2, 0, 0)
        self.scores[table] = 0
        self.twenties[table] = 0
        self.before[table] = 0
        self.rounds[table] = 0

    def over(self, table: int) -> bool:
        """Whether the table's match ended."""
        return bool(self.state[table, S_OVER])

    def truncated(self, table: int) -> bool:
        """Whether the table's match was cut at ``max_cycles``."""
        return bool(self.state[table, S_CUT])

    def shoot(
        self,
        tables: npt.NDArray[np.int64],
        actions: npt.NDArray[np.float64],
        mine: npt.NDArray[np.int64],
    ) -> Shots:
        """One shot on each of ``tables`` (the side to shoot there), from ``actions``
        (rows of four numbers; values outside [-1, 1] are clipped), rewarding side
        ``mine[i]`` at table ``tables[i]``. Nothing is played if a value is not finite
        (:class:`InvalidInput`)."""
        results = np.zeros((len(tables), R_SIZE))
        rewards = np.zeros(len(tables))
        flags = shoot_tables(tables, actions, mine, self._rules, self._arrays, results, rewards)
        if flags == F_NOT_FINITE:
            raise InvalidInput("every action value must be a finite number")
        scored = self._looked(tables.tolist(), results) if flags else {}
        return Shots(tables, results, rewards, scored, self)

    def _looked(self, tables: list[int], results: np.ndarray) -> dict[int, npt.NDArray[np.int64]]:
        """After shots that asked to be looked at (on ``tables``, by row of
        ``results``): raise for a shot that could not be played, else the rounds scored
        at each row whose round ended."""
        scored: dict[int, npt.NDArray[np.int64]] = {}
        for row, t in enumerate(tables):
            r = results[row]
            if r[R_STATUS] or r[R_KERNEL]:
                self._refuse(t, int(r[R_STATUS]), int(r[R_KERNEL]), int(r[R_INFO]))
            if r[R_ROUND_ENDED]:
                scored[row] = self.rounds[t, : int(r[R_ROUND])].copy()
        return scored

    def step_one(
        self, table: int, action: npt.NDArray[np.float64] | None, mine: int, given: object = None
    ) -> tuple[Observation, float, BriefShots]:
        """A single environment's step on ``table``, whose opponent draws from its
        stream (``drawn[table]``), in ONE compiled call: the agent's shot from
        ``action`` (four numbers, clipped to [-1, 1]; none: a new match), the opponent's
        until side ``mine`` is to shoot again or the match ends, and the observation.
        The same as :func:`play_steps` on that one table (its observation, reward and
        shots); :class:`InvalidInput` and nothing played if a value is not finite."""
        results = np.zeros((_MOST_SHOTS, R_SIZE))
        rewards = np.zeros(_MOST_SHOTS)
        out = np.zeros(self.size, dtype=np.float32)
        shots, flags, reward = step_table(
            table, action is not None, self._no_action if action is None else action, mine,
            self._rules, self._arrays, self.streams, self._sight, results,
            rewards, out,
        )  # fmt: skip
        if flags == F_NOT_FINITE:
            raise InvalidInput(f"an action is 4 finite numbers in [-1, 1], not {given!r}")
        results = results[:shots]
        scored = self._looked([table] * shots, results) if flags else {}
        done = Shots(self._one_row, results, rewards[:shots], scored, self)
        return cast("Observation", out), reward, BriefShots([(done, None)], 0)

    def _refuse(self, table: int, status: int, kernel: int, info: int) -> None:
        """Raise what the Match-based path raises for a shot that could not be played."""
        if status == T_NO_START:
            raise IllegalInPosition("no shot may start anywhere on the start line")
        if status == T_IMPOSSIBLE:
            raise IllegalInPosition("a disc put back would overlap a disc in play")
        ids = tuple(int(i) for i in np.flatnonzero(self.on[table]))
        raise_for_status(kernel, info, ids, self.physics)

    def game_end(self, played: tuple[RoundScore, ...]) -> GameEnd:
        """The GameEnd of a game of these rounds."""
        if self.target:
            steps = tuple(r.cancelled for r in played)
            return game_ended(1, RaceScore(self.target, steps))
        return game_ended(1, GameScore(played))

    def observe(
        self, tables: npt.NDArray[np.int64], sides: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """The observation of side ``sides[i]``'s seat at table ``tables[i]``."""
        out = np.zeros((len(tables), self.size), dtype=np.float32)
        encode_tables(tables, sides, self._sight, self._arrays, out)
        return out


@dataclass
class Steps:
    """What a step did on each table: the agent's observation, its reward, and
    ``info["shots"]`` (every shot of the step, the opponents' too)."""

    observations: npt.NDArray[np.float32]
    rewards: npt.NDArray[np.float64]
    shots: list[BriefShots]


def play_steps(
    tables: FastTables,
    rows: npt.NDArray[np.int64],
    actions: npt.NDArray[np.float64] | None,
    my_sides: npt.NDArray[np.int64],
    opponents: Sequence[ObservationPolicy | None],
) -> Steps:
    """The agents' shots on ``rows`` (none with ``actions`` None: a reset), then the
    opponents' until each agent's turn comes again or its match ends: drawn from the
    table's stream where ``tables.drawn``, else ``opponents[i]`` plays table
    ``rows[i]``."""
    rewards = np.zeros(len(rows))
    batches: list[tuple[Shots, npt.NDArray[np.int64] | None]] = []
    everyone = np.arange(len(rows))
    if actions is not None:
        done = tables.shoot(rows, actions, my_sides)
        rewards += done.rewards
        batches.append((done, everyone))
    while True:
        at = waiting(rows, my_sides, tables.state)
        if not len(at):
            break
        every = len(at) == len(rows)  # (a single table: no indexing of arrays)
        sub = rows if every else rows[at]
        mine = my_sides if every else my_sides[at]
        moves = np.empty((len(at), 4))
        left = draw_rows(tables.streams, tables.drawn, sub, moves)
        if len(left):
            _act(tables, opponents, at[left], sub[left], 1 - mine[left], moves, left)
        done = tables.shoot(sub, moves, mine)
        if every:
            rewards += done.rewards
        else:
            rewards[at] += done.rewards
        batches.append((done, at))
    shots = [BriefShots(batches, i) for i in range(len(rows))]
    return Steps(tables.observe(rows, my_sides), rewards, shots)


def _act(
    tables: FastTables,
    opponents: Sequence[ObservationPolicy | None],
    at: npt.NDArray[np.int64],
    sub: npt.NDArray[np.int64],
    sides: npt.NDArray[np.int64],
    moves: npt.NDArray[np.float64],
    into: npt.NDArray[np.int64],
) -> None:
    """Opponents that act on their observation: ``opponents[at[j]]`` on table
    ``sub[j]`` (side ``sides[j]``), its action in ``moves[into[j]]``."""
    seen = tables.observe(sub, sides)
    for j, (i, k) in enumerate(zip(at.tolist(), into.tolist(), strict=True)):
        move = np.asarray(cast(ObservationPolicy, opponents[i]).act_on(seen[j]), dtype=float)
        if move.shape != (4,):
            raise InvalidInput(f"an opponent's actions are rows of 4 numbers, not {move!r}")
        moves[k] = move


def checked_rows(actions: npt.ArrayLike, count: int | None = None) -> npt.NDArray[np.float64]:
    """Actions as rows of four finite numbers (``count`` rows if given), clipped to
    [-1, 1]; :class:`InvalidInput` otherwise."""
    try:
        rows = np.asarray(actions, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidInput(f"actions are rows of 4 numbers in [-1, 1], not {actions!r}") from None
    if rows.ndim != 2 or rows.shape[1] != 4 or (count is not None and rows.shape[0] != count):
        raise InvalidInput(f"actions are {count or 'n'} rows of 4 numbers, not shape {rows.shape}")
    if not np.isfinite(rows).all():
        raise InvalidInput("every action value must be a finite number")
    return np.clip(rows, -1.0, 1.0)


# -- compiled ---------------------------------------------------------------------------


@table_jit()
def waiting(rows: np.ndarray, my_sides: np.ndarray, state: np.ndarray) -> np.ndarray:
    """Which of ``rows`` (positions) wait for an opponent's shot: in play, not the
    agent's side to shoot."""
    out = np.empty(rows.shape[0], dtype=np.int64)
    m = 0
    for i in range(rows.shape[0]):
        t = rows[i]
        side = (state[t, S_STARTER] + state[t, S_SHOT]) % 2
        if state[t, S_OVER] == 0 and state[t, S_CUT] == 0 and side != my_sides[i]:
            out[m] = i
            m += 1
    return out[:m]


@table_jit()
def _remainder(x: float, y: float) -> float:
    """``math.remainder(x, y)`` for |x| < 2.5 |y| (exact, as IEEE's remainder is)."""
    q = x / y
    n = math.floor(q + 0.5)
    if q + 0.5 == n and n % 2 != 0:
        n -= 1
    return x - n * y


@table_jit()
def _param(a0: float, a1: float, x: float, y: float) -> float:
    """``StartLine.param`` of an arc."""
    mid = (a0 + a1) / 2
    a = mid + _remainder(math.atan2(y, x) - mid, 2 * math.pi)
    return (a - a0) / (a1 - a0)


@table_jit()
def _stretches(
    radius: float,
    a0: float,
    a1: float,
    xs: np.ndarray,
    ys: np.ndarray,
    on: np.ndarray,
    gap: float,
    lo: np.ndarray,
    hi: np.ndarray,
) -> int:
    """The allowed stretches of the arc (``StartLine.without``): how many, in lo/hi."""
    count = 1
    lo[0] = 0.0
    hi[0] = 1.0
    tlo = np.empty(lo.shape[0])
    thi = np.empty(hi.shape[0])
    for d in range(xs.shape[0]):
        if not on[d]:
            continue
        cx = xs[d]
        cy = ys[d]
        dist = hypot(cx, cy)
        if dist == 0 or abs(dist - radius) >= gap:
            continue
        c = (radius * radius + dist * dist - gap * gap) / (2 * radius * dist)
        half = math.acos(max(-1.0, min(1.0, c)))
        mid = _param(a0, a1, cx, cy)
        du = half / abs(a1 - a0)
        blo = mid - du
        bhi = mid + du
        m = 0
        for i in range(count):
            a = lo[i]
            b = hi[i]
            if bhi <= a or blo >= b:
                tlo[m] = a
                thi[m] = b
                m += 1
                continue
            if blo > a:
                tlo[m] = a
                thi[m] = blo
                m += 1
            if bhi < b:
                tlo[m] = bhi
                thi[m] = b
                m += 1
        for i in range(m):
            lo[i] = tlo[i]
            hi[i] = thi[i]
        count = m
    return count


@table_jit()
def _inside(a: float, b: float, u: float, edge: float) -> float:
    """``inside_stretch``."""
    if b - a <= 2 * edge:
        return (a + b) / 2
    return min(max(u, a + edge), b - edge)


@table_jit()
def _along(lo: np.ndarray, hi: np.ndarray, count: int, value: float, edge: float) -> float:
    """``actions.along``: the u that ``value`` names over the allowed stretches."""
    total = 0.0
    for i in range(count):
        total += hi[i] - lo[i]
    target = (min(max(value, -1.0), 1.0) + 1) / 2 * total
    for i in range(count):
        if target <= hi[i] - lo[i]:
            return _inside(lo[i], hi[i], lo[i] + target, edge)
        target -= hi[i] - lo[i]
    return _inside(lo[count - 1], hi[count - 1], hi[count - 1], edge)


@table_jit()
def shoot_tables(
    tables: np.ndarray,
    actions: np.ndarray,
    mine: np.ndarray,
    rules: Rules,
    arrays: tuple[np.ndarray, ...],
    results: np.ndarray,
    rewards: np.ndarray,
) -> int:
    """One shot on each table (see :meth:`FastTables.shoot`); returns ``F_*``."""
    for row in range(actions.shape[0]):
        for c in range(4):
            if not math.isfinite(actions[row, c]):
                return F_NOT_FINITE
    look = F_NONE
    scratch = _scratch(arrays[0].shape[1])
    for row in range(tables.shape[0]):
        f = _shoot(tables[row], row, actions, mine[row], rules, arrays, results, rewards, scratch)
        if f == _STOP:
            return F_LOOK
        look = max(look, f)
    return look


@table_jit()
def step_table(
    t: int,
    agent: bool,
    action: np.ndarray,
    mine: int,
    rules: Rules,
    arrays: tuple[np.ndarray, ...],
    streams: np.ndarray,
    sight: Sight,
    results: np.ndarray,
    rewards: np.ndarray,
    out: np.ndarray,
) -> tuple[int, int, float]:
    """A single environment's whole step on table ``t`` whose opponent draws from its
    stream (see :meth:`FastTables.step_one`): the agent's shot (``agent``), the
    opponent's until side ``mine`` is to shoot or the match ends, the observation in
    ``out``. Returns the shots played, ``F_*`` and the reward."""
    state = arrays[4]
    moves = np.empty((results.shape[0], 4))
    scratch = _scratch(arrays[0].shape[1])
    shots = 0
    look = F_NONE
    reward = 0.0
    if agent:
        for c in range(4):
            if not math.isfinite(action[c]):
                return 0, F_NOT_FINITE, 0.0
            moves[0, c] = action[c]
    while True:
        if shots > 0 or not agent:  # the opponent's turn?
            if state[t, S_OVER] != 0 or state[t, S_CUT] != 0 or shots == moves.shape[0]:
                break
            if (state[t, S_STARTER] + state[t, S_SHOT]) % 2 == mine:
                break
            draw_stream(streams[t, 0], streams[t, 1], moves, shots)
            streams[t, 1] += np.uint64(1)
        f = _shoot(t, shots, moves, mine, rules, arrays, results, rewards, scratch)
        reward += rewards[shots]
        shots += 1
        if f == _STOP:
            return shots, F_LOOK, reward
        look = max(look, f)
    _encode(t, mine, sight, arrays, out)
    return shots, look, reward


@table_jit()
def _scratch(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What :func:`_shoot` works in, made once a call: the allowed stretches' ends and
    the referee core's status."""
    return np.empty(n + 1), np.empty(n + 1), np.zeros(1, dtype=np.int8)


@table_jit()
def _shoot(
    t: int,
    row: int,
    actions: np.ndarray,
    mine: int,
    rules: Rules,
    arrays: tuple[np.ndarray, ...],
    results: np.ndarray,
    rewards: np.ndarray,
    scratch: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> int:
    """The shot of ``actions[row]`` on table ``t`` (its result in ``results[row]``,
    side ``mine``'s reward in ``rewards[row]``); returns ``F_NONE``, ``F_LOOK`` or
    ``_STOP`` (it could not be played). ``scratch``: :func:`_scratch`'s arrays."""
    board, params, figures, flags, mode_state, arcs, radius, gap, af = rules[:9]
    max_cycles, differential, target = rules[9:]
    xs, ys, lean, on, state, scores, twenties, before, rounds = arrays
    look = F_NONE
    n = xs.shape[1]
    lo, hi, status = scratch
    k = state[t, S_SHOT]
    side = (state[t, S_STARTER] + k) % 2
    a0 = arcs[side, A_A0]
    a1 = arcs[side, A_A1]
    results[row, R_SIDE] = side
    results[row, R_DISC] = k
    count = _stretches(radius, a0, a1, xs[t], ys[t], on[t], gap, lo, hi)
    if count == 0:
        results[row, R_STATUS] = T_NO_START
        return _STOP
    start = min(max(actions[row, 0], -1.0), 1.0)
    turn = min(max(actions[row, 1], -1.0), 1.0)
    pace = min(max(actions[row, 2], -1.0), 1.0)
    spin = min(max(actions[row, 3], -1.0), 1.0)
    u = _along(lo, hi, count, start, af[6])
    a = a0 + u * (a1 - a0)
    x = radius * math.cos(a)
    y = radius * math.sin(a)
    angle = a + math.pi - turn * af[2]
    speed = af[0] + (pace + 1) / 2 * (af[1] - af[0])
    speed = min(max(speed, af[4]), af[5])
    results[row, R_X] = x
    results[row, R_Y] = y
    results[row, R_ANGLE] = angle
    results[row, R_SPEED] = speed
    results[row, R_SPIN] = spin * af[3]
    # the discs on the board, by id, then the shooter
    m = 0
    for d in range(n):
        if on[t, d]:
            m += 1
    rows = np.empty((m, 3))
    ids = np.empty(m + 1, dtype=np.int64)
    owners = np.empty(m + 1, dtype=np.int64)
    j = 0
    for d in range(n):
        if on[t, d]:
            rows[j, 0] = xs[t, d]
            rows[j, 1] = ys[t, d]
            rows[j, 2] = 1.0 if lean[t, d] else 0.0
            ids[j] = d
            owners[j] = (state[t, S_STARTER] + d) % 2
            j += 1
    ids[m] = k
    owners[m] = side
    shot = np.array((x, y, speed * math.cos(angle), speed * math.sin(angle), spin * af[3]))
    code, what, ev, fin, _ = run_shot(board, params, rows, shot, False)
    if code != 0:
        results[row, R_KERNEL] = code
        results[row, R_INFO] = what
        return _STOP
    offsets = np.array((0, ev.shape[0]), dtype=np.int64)
    fx = np.empty((1, m + 1))
    fy = np.empty((1, m + 1))
    fs = np.empty((1, m + 1), dtype=np.int8)
    for c in range(m + 1):
        fx[0, c] = fin[c, 0]
        fy[0, c] = fin[c, 1]
        fs[0, c] = mode_state[int(fin[c, 2])]
    valid, _foul, fate, _clause, ax, ay, al, points, made, impossible = rule_crokinole(
        figures, flags, owners, rows, ev, offsets, fx, fy, fs, status
    )
    if impossible[0]:
        results[row, R_STATUS] = T_IMPOSSIBLE
        return _STOP
    results[row, R_VALID] = 1.0 if valid[0] else 0.0
    results[row, R_ROUND] = state[t, S_ROUND]
    for c in range(m + 1):
        f = fate[0, c]
        d = ids[c]
        if f == -1:
            continue
        if f == 0 or f == 3:  # in play, put back
            on[t, d] = True
            xs[t, d] = ax[0, c]
            ys[t, d] = ay[0, c]
            lean[t, d] = al[0, c]
        else:
            on[t, d] = False
    before[t, 0] = twenties[t, 0]
    before[t, 1] = twenties[t, 1]
    twenties[t, 0] += made[0, 0]
    twenties[t, 1] += made[0, 1]
    state[t, S_SHOTS + side] += 1
    k += 1
    state[t, S_SHOT] = k
    if k == n:  # the round ends: its score, 2/1/0 or the points after cancelling
        number = state[t, S_ROUND]
        s0 = points[0, 0] + 20 * twenties[t, 0]
        s1 = points[0, 1] + 20 * twenties[t, 1]
        if target:
            p0 = max(s0 - s1, 0)
            p1 = max(s1 - s0, 0)
        else:
            p0 = 2 if s0 > s1 else 1 if s0 == s1 else 0
            p1 = 2 - p0
        rounds[t, number - 1, 0] = s0
        rounds[t, number - 1, 1] = s1
        rounds[t, number - 1, 2] = twenties[t, 0]
        rounds[t, number - 1, 3] = twenties[t, 1]
        scores[t, 0] += p0
        scores[t, 1] += p1
        gained = p0 if mine == 0 else p1
        rewards[row] += 2 * gained - p0 - p1 if differential else gained
        results[row, R_ROUND_ENDED] = 1.0
        look = F_LOOK
        reached = target > 0 and max(scores[t, 0], scores[t, 1]) >= target
        if reached or number == rounds.shape[1]:  # the game, and the match, are over
            state[t, S_OVER] = 1
            results[row, R_GAME_ENDED] = 1.0
        else:
            state[t, S_SHOT] = 0
            state[t, S_ROUND] = number + 1
            state[t, S_STARTER] = (state[t, S_FIRST] + number) % 2
            twenties[t, 0] = 0
            twenties[t, 1] = 0
            for d in range(n):
                on[t, d] = False
                lean[t, d] = False
    if state[t, S_OVER] == 0:
        nxt = (state[t, S_STARTER] + state[t, S_SHOT]) % 2
        if state[t, S_SHOTS + nxt] >= max_cycles:
            state[t, S_CUT] = 1
    return look


@table_jit()
def encode_tables(
    tables: np.ndarray,
    sides: np.ndarray,
    sight: Sight,
    arrays: tuple[np.ndarray, ...],
    out: np.ndarray,
) -> None:
    """Observations (``Encoder.encode`` of the view to come, or of the final view)."""
    for row in range(tables.shape[0]):
        _encode(tables[row], sides[row], sight, arrays, out[row])


@table_jit()
def _encode(
    t: int,
    me: int,
    sight: Sight,
    arrays: tuple[np.ndarray, ...],
    out: np.ndarray,
) -> None:
    """Side ``me``'s observation at table ``t``, in ``out`` (zeros)."""
    arcs, box, per_seat = sight
    xs, ys, lean, on, state, scores, twenties, before, _ = arrays
    n = xs.shape[1]
    per = 2 + 4 + 2
    base = n * per
    cx, cy, hx, hy = box[0], box[1], box[2], box[3]
    cos = arcs[me, A_COS]
    sin = arcs[me, A_SIN]
    over = state[t, S_OVER] != 0
    starter = state[t, S_STARTER]
    nxt = n if over else state[t, S_SHOT]
    for d in range(n):
        if not on[t, d]:
            if d < nxt:
                out[d * per + 5] = 1.0
            continue
        at = d * per
        dx = xs[t, d] - cx
        dy = ys[t, d] - cy
        out[at] = (dx * cos - dy * sin) / hx
        out[at + 1] = (dx * sin + dy * cos) / hy
        out[at + 2 + (2 if lean[t, d] else 1)] = 1.0
        out[at + 6 + (((starter + d) % 2) - me) % 2] = 1.0
    left = np.zeros(2, dtype=np.int64)
    for slot in range(nxt, n):
        side = (starter + slot) % 2
        out[slot * per + 2] = 1.0
        out[slot * per + 6 + (side - me) % 2] = 1.0
        left[side] += 1
    for k in range(2):
        out[base + k] = min(1.0, left[(me + k) % 2] / per_seat)
    made = before[t] if over else twenties[t]
    for s in range(2):
        out[base + 2 + (s - me) % 2] = scores[t, s] / 10.0
        out[base + 4 + (s - me) % 2] = min(1.0, made[s] / n)
    out[base + 6] = state[t, S_ROUND] / 10.0
    if not over:
        hammer = (starter + n - 1) % 2
        shooter = (starter + nxt) % 2
        out[base + 7 + (hammer - me) % 2] = 1.0
        out[base + 9 + (shooter - me) % 2] = 1.0
        out[base + 11] = 1.0 if shooter == me else 0.0
    out[base + 12] = min(1.0, nxt / n)


__all__ = [
    "BriefShots",
    "FastTables",
    "ObservationPolicy",
    "Shots",
    "Steps",
    "StreamPolicy",
    "checked_rows",
    "fast_enough",
    "play_steps",
]
