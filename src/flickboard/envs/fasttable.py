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
truncation); a second compiled call encodes the observations. What it computes is what the Match-based path
computes, to the bit (tests/envs/test_fasttable.py plays whole seeded games both ways).
The round's and game's summaries for ``info`` are built in Python when a round ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.physics.batch import _MODE_TO_STATE
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
    _game_end,
    _round_end,
)
from flickboard.play.match import GameEnd, RoundEnd
from flickboard.play.noise import EDGE, MIN_SPEED
from flickboard.play.scoring import GameScore, RaceScore, RoundScore
from flickboard.rules.base import Position, Turn
from flickboard.rules.corejit import CORE_SOURCES
from flickboard.rules.crokinole import Scoring
from flickboard.rules.crokinole.compiled import figures_array, options_array, rule_crokinole
from flickboard.rules.hypot import hypot

if TYPE_CHECKING:
    from flickboard.envs.aec import FlickboardAEC
    from flickboard.envs.observation import Observation

table_jit = njit_watching((*CORE_SOURCES, Path(__file__)))

# Status codes of a table's shot (besides the kernel's own, negated).
T_OK, T_NO_START, T_IMPOSSIBLE = 0, 1, 2
# Per-shot result columns (floats).
R_X, R_Y, R_ANGLE, R_SPEED, R_SPIN, R_VALID, R_ROUND_ENDED, R_GAME_ENDED = range(8)
R_SIDE, R_DISC, R_STATUS, R_KERNEL, R_INFO = range(8, 13)
R_SIZE = 13
# A table's whole numbers: the shot of the round (its disc id), the round (1-based), the
# side that starts the round, the match over, cut at max_cycles, the side that starts
# the game, then each side's shots in the match (for max_cycles).
S_SHOT, S_ROUND, S_STARTER, S_OVER, S_CUT, S_FIRST, S_SHOTS = range(7)
S_SIZE = S_SHOTS + 2
# What a batch of shots returns: nothing to look at, something to look at (a round
# ended, or a shot could not be played), or nothing played (an action not finite).
F_NONE, F_LOOK, F_NOT_FINITE = 0, 1, 2
# Per-table constants: the arc of each side's seat and its frame.
A_A0, A_A1, A_COS, A_SIN = range(4)


class ObservationPolicy(Protocol):
    """A policy that acts on its observation alone (no view needed): a fast table can
    play it (:class:`~flickboard.envs.policies.UniformPolicy` is one)."""

    def act_on(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The action to take."""
        ...


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


@dataclass
class Shots:
    """What a batch of shots did, one row per table shot: see ``R_*``; ``rewards`` per
    side, ``rounds`` and ``games`` the RoundEnd and GameEnd each shot ended."""

    tables: npt.NDArray[np.int64]
    results: npt.NDArray[np.float64]
    rewards: npt.NDArray[np.float64]
    rounds: list[tuple[RoundEnd, ...]]
    games: list[tuple[GameEnd, ...]]

    def infos(self) -> list[dict[str, Any]]:
        """``info["shot"]`` of the brief info, for each shot."""
        out = []
        columns = self.results[:, [R_SIDE, R_DISC, R_X, R_Y, R_VALID]].tolist()
        for (side, disc, x, y, valid), rounds, games in zip(
            columns, self.rounds, self.games, strict=True
        ):
            out.append(
                {
                    "seat": 2 * int(side),
                    "side": int(side),
                    "disc": int(disc),
                    "start": (x, y),
                    "start_problem": None,
                    "valid": valid > 0,
                    "rounds_ended": [end.to_json() for end in rounds] if rounds else [],
                    "games_ended": [end.to_json() for end in games] if games else [],
                }
            )
        return out


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
        self.played: list[list[RoundScore]] = [[] for _ in range(count)]
        """Each table's rounds scored, as RoundScores (made as each round ends)."""

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The tables' matches, as the compiled calls read them."""
        return (
            self.x, self.y, self.lean, self.on, self.state, self.scores, self.twenties,
            self.before, self.rounds,
        )  # fmt: skip

    def start(self, table: int) -> None:
        """A new match on ``table``."""
        first_seat = self.first_seat
        self.played[table] = []
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

    def shoot(self, tables: npt.NDArray[np.int64], actions: npt.NDArray[np.float64]) -> Shots:
        """One shot on each of ``tables`` (the side to shoot there), from ``actions``
        (rows of four numbers; values outside [-1, 1] are clipped). Nothing is played
        if a value is not finite (:class:`InvalidInput`)."""
        results = np.zeros((len(tables), R_SIZE))
        rewards = np.zeros((len(tables), 2))
        flags = shoot_tables(
            tables, actions, self.board, self.params, self.figures, self.flags, _MODE_TO_STATE,
            self.arcs, self.radius, self.gap, self.action_figures, self.max_cycles,
            self.differential, self.target, self.arrays(), results, rewards,
        )  # fmt: skip
        if flags == F_NOT_FINITE:
            raise InvalidInput("every action value must be a finite number")
        rounds: list[tuple[RoundEnd, ...]] = [()] * len(tables)
        games: list[tuple[GameEnd, ...]] = [()] * len(tables)
        if flags:
            for row, t in enumerate(tables.tolist()):
                r = results[row]
                if r[R_STATUS] or r[R_KERNEL]:
                    self._refuse(t, int(r[R_STATUS]), int(r[R_KERNEL]), int(r[R_INFO]))
                if r[R_ROUND_ENDED]:
                    rounds[row] = self._round_ended(t)
                if r[R_GAME_ENDED]:
                    games[row] = self._game_ended(t)
        return Shots(tables, results, rewards, rounds, games)

    def _refuse(self, table: int, status: int, kernel: int, info: int) -> None:
        """Raise what the Match-based path raises for a shot that could not be played."""
        if status == T_NO_START:
            raise IllegalInPosition("no shot may start anywhere on the start line")
        if status == T_IMPOSSIBLE:
            raise IllegalInPosition("a disc put back would overlap a disc in play")
        ids = tuple(int(i) for i in np.flatnonzero(self.on[table]))
        raise_for_status(kernel, info, ids, self.physics)

    def _round_ended(self, table: int) -> tuple[RoundEnd, ...]:
        played = self.played[table]
        row = self.rounds[table, len(played)].tolist()
        played.append(RoundScore(tuple(row[:2]), tuple(row[2:])))
        return (_round_end(1, len(played), played[-1], self.referee),)

    def _game_ended(self, table: int) -> tuple[GameEnd, ...]:
        played = tuple(self.played[table])
        if self.target:
            steps = tuple(r.cancelled for r in played)
            return (_game_end(1, RaceScore(self.target, steps)),)
        return (_game_end(1, GameScore(played)),)

    def observe(
        self, tables: npt.NDArray[np.int64], sides: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """The observation of side ``sides[i]``'s seat at table ``tables[i]``."""
        out = np.zeros((len(tables), self.size), dtype=np.float32)
        encode_tables(tables, sides, self.arcs, self.box, self.per_seat, self.arrays(), out)
        return out


@dataclass
class Steps:
    """What a step did on each table: the agent's observation, its reward, and
    ``info["shots"]`` (every shot of the step, the opponents' too)."""

    observations: npt.NDArray[np.float32]
    rewards: npt.NDArray[np.float64]
    shots: list[list[dict[str, Any]]]


def play_steps(
    tables: FastTables,
    rows: npt.NDArray[np.int64],
    actions: npt.NDArray[np.float64] | None,
    my_sides: npt.NDArray[np.int64],
    opponents: list[ObservationPolicy],
) -> Steps:
    """The agents' shots on ``rows`` (none with ``actions`` None: a reset), then the
    opponents' (``opponents[i]`` plays table ``rows[i]``) until each agent's turn comes
    again or its match ends."""
    rewards = [0.0] * len(rows)
    shots: list[list[dict[str, Any]]] = [[] for _ in range(len(rows))]
    sides = my_sides.tolist()
    others = 1 - my_sides

    def account(at: list[int], done: Shots) -> None:
        for i, gained, info in zip(at, done.rewards.tolist(), done.infos(), strict=True):
            rewards[i] += gained[sides[i]]
            shots[i].append(info)

    if actions is not None:
        account(list(range(len(rows))), tables.shoot(rows, actions))
    while True:
        at = waiting(rows, my_sides, tables.state)
        if not len(at):
            break
        every = len(at) == len(rows)  # (a single table: no indexing of arrays)
        sub = rows if every else rows[at]
        seen = tables.observe(sub, others if every else others[at])
        listed = at.tolist()
        moves = np.array([opponents[i].act_on(seen[j]) for j, i in enumerate(listed)], float)
        if moves.shape != (len(listed), 4):
            raise InvalidInput(f"an opponent's actions are rows of 4 numbers, not {moves!r}")
        account(listed, tables.shoot(sub, moves))
    return Steps(tables.observe(rows, my_sides), np.array(rewards), shots)


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
    board: np.ndarray,
    params: np.ndarray,
    figures: np.ndarray,
    flags: np.ndarray,
    mode_state: np.ndarray,
    arcs: np.ndarray,
    radius: float,
    gap: float,
    af: np.ndarray,
    max_cycles: int,
    differential: bool,
    target: int,
    arrays: tuple[np.ndarray, ...],
    results: np.ndarray,
    rewards: np.ndarray,
) -> int:
    """One shot on each table (see :meth:`FastTables.shoot`); returns ``F_*``."""
    xs, ys, lean, on, state, scores, twenties, before, rounds = arrays
    for row in range(actions.shape[0]):
        for c in range(4):
            if not math.isfinite(actions[row, c]):
                return F_NOT_FINITE
    look = F_NONE
    n = xs.shape[1]
    lo = np.empty(n + 1)
    hi = np.empty(n + 1)
    status = np.zeros(1, dtype=np.int8)
    for row in range(tables.shape[0]):
        t = tables[row]
        k = state[t, S_SHOT]
        side = (state[t, S_STARTER] + k) % 2
        a0 = arcs[side, A_A0]
        a1 = arcs[side, A_A1]
        results[row, R_SIDE] = side
        results[row, R_DISC] = k
        count = _stretches(radius, a0, a1, xs[t], ys[t], on[t], gap, lo, hi)
        if count == 0:
            results[row, R_STATUS] = T_NO_START
            return F_LOOK
        start = min(max(actions[row, 0], -1.0), 1.0)
        turn = min(max(actions[row, 1], -1.0), 1.0)
        pace = min(max(actions[row, 2], -1.0), 1.0)
        spin = min(max(actions[row, 3], -1.0), 1.0)
        u = _along(lo, hi, count, start, af[6])
        a = a0 + u * (a1 - a0)
        x = radius * math.cos(a)
        y = radius * math.sin(a)
        angle = a0 + u * (a1 - a0) + math.pi - turn * af[2]
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
            return F_LOOK
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
            return F_LOOK
        results[row, R_VALID] = 1.0 if valid[0] else 0.0
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
            if differential:
                rewards[row, 0] += p0 - p1
                rewards[row, 1] += p1 - p0
            else:
                rewards[row, 0] += p0
                rewards[row, 1] += p1
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
    arcs: np.ndarray,
    box: np.ndarray,
    per_seat: int,
    arrays: tuple[np.ndarray, ...],
    out: np.ndarray,
) -> None:
    """Observations (``Encoder.encode`` of the view to come, or of the final view)."""
    xs, ys, lean, on, state, scores, twenties, before, _ = arrays
    n = xs.shape[1]
    per = 2 + 4 + 2
    base = n * per
    cx, cy, hx, hy = box[0], box[1], box[2], box[3]
    for row in range(tables.shape[0]):
        t = tables[row]
        me = sides[row]
        cos = arcs[me, A_COS]
        sin = arcs[me, A_SIN]
        over = state[t, S_OVER] != 0
        starter = state[t, S_STARTER]
        nxt = n if over else state[t, S_SHOT]
        for d in range(n):
            if not on[t, d]:
                if d < nxt:
                    out[row, d * per + 5] = 1.0
                continue
            at = d * per
            dx = xs[t, d] - cx
            dy = ys[t, d] - cy
            out[row, at] = (dx * cos - dy * sin) / hx
            out[row, at + 1] = (dx * sin + dy * cos) / hy
            out[row, at + 2 + (2 if lean[t, d] else 1)] = 1.0
            out[row, at + 6 + (((starter + d) % 2) - me) % 2] = 1.0
        left = np.zeros(2, dtype=np.int64)
        for slot in range(nxt, n):
            side = (starter + slot) % 2
            out[row, slot * per + 2] = 1.0
            out[row, slot * per + 6 + (side - me) % 2] = 1.0
            left[side] += 1
        for k in range(2):
            out[row, base + k] = min(1.0, left[(me + k) % 2] / per_seat)
        made = before[t] if over else twenties[t]
        for s in range(2):
            out[row, base + 2 + (s - me) % 2] = scores[t, s] / 10.0
            out[row, base + 4 + (s - me) % 2] = min(1.0, made[s] / n)
        out[row, base + 6] = state[t, S_ROUND] / 10.0
        if not over:
            hammer = (starter + n - 1) % 2
            shooter = (starter + nxt) % 2
            out[row, base + 7 + (hammer - me) % 2] = 1.0
            out[row, base + 9 + (shooter - me) % 2] = 1.0
            out[row, base + 11] = 1.0 if shooter == me else 0.0
        out[row, base + 12] = min(1.0, nxt / n)


__all__ = [
    "FastTables",
    "ObservationPolicy",
    "Shots",
    "Steps",
    "checked_rows",
    "fast_enough",
    "play_steps",
]
