"""``flickboard bench rulings``: the compiled referee core against the Python referee.

Fuzzed positions (played-looking layouts, the first shot of a round, no opposing disc,
discs exactly on lines, leaners, hangers and level weights) and fuzzed shots (aimed at
discs, at the 20 hole, wild, hard enough to leave the board), simulated in batches; every
outcome ruled by the compiled core and by the Python referee of each rule set, and every
decision compared (:func:`flickboard.rules.crosscheck.disagreements`). Times are CPU time
of the thread (``time.thread_time``), both referees in the same run.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Layout, PlacedDisc
from flickboard.physics.batch import simulate_batch
from flickboard.physics.layout import OVERLAP_TOLERANCE, placement_problem
from flickboard.rules import Position, Referee, Turn, referee
from flickboard.rules.compiled import rule_batch
from flickboard.rules.crosscheck import disagreements, python_rulings
from flickboard.rules.shuffleboard import RELEASE_LINE

CROKINOLE_RULE_SETS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("wcc", "wcc", {}),
    ("nca", "nca", {}),
    ("depot", "depot", {}),
    ("depot-direct-hit", "depot", {"direct_hit": True}),
    ("depot-outer-line-in-play", "depot", {"outer_line_in_play": True}),
    (
        "depot-all-options",
        "depot",
        {
            "direct_hit": True,
            "outer_line_in_play": True,
            "free_order": True,
            "free_for_all": True,
            "scoring": "conventional",
        },
    ),
    ("fair", "fair", {}),
)
"""Every crokinole rule set and Depot option that changes a ruling (label, name, options);
the Depot's free order, free-for-all and scoring options change who shoots and how rounds
count, not a ruling, and are covered by the all-options row."""
SHUFFLEBOARD_RULE_SETS: tuple[tuple[str, str, dict[str, Any]], ...] = (("csc", "csc", {}),)

Case = tuple[Position, Turn, np.ndarray]


@dataclass
class Settings:
    """How much to fuzz: ``shots`` per game that run (a fuzzed start on a disc or a peg
    is refused by the kernel and not counted; every rule set of the game rules the same
    outcomes), ``per_position`` shots from each position, ``compare`` how many of them the
    Python referee also rules (all by default)."""

    shots: int = 1_000_000
    per_position: int = 200
    compare: int | None = None
    seed: int = 23
    games: tuple[str, ...] = ("crokinole", "shuffleboard")
    every: int = 100_000
    """Shots between progress lines and checkpoints."""


@dataclass
class RuleSetResult:
    """One rule set's count: shots ruled by both, disagreements, CPU seconds."""

    label: str
    shots: int = 0
    compared: int = 0
    valid: int = 0
    disagreements: int = 0
    impossible: int = 0
    fouls: dict[str, int] = field(default_factory=dict)
    clauses: dict[str, int] = field(default_factory=dict)
    compiled_seconds: float = 0.0
    python_seconds: float = 0.0
    examples: list[str] = field(default_factory=list)


# -- positions ------------------------------------------------------------------------


def _free(
    board: Board,
    discs: list[PlacedDisc],
    x: float,
    y: float,
    leaning: bool = False,
) -> bool:
    if placement_problem(board, x, y, leaning=leaning):
        return False
    gap = 2 * board.disc.radius - OVERLAP_TOLERANCE
    return all(math.hypot(d.x - x, d.y - y) >= gap for d in discs)


def crokinole_case(rng: np.random.Generator, board: CrokinoleBoard, kind: int, count: int) -> Case:
    """A crokinole position of one of six kinds and ``count`` shots from a seat of it:
    0 played-looking, 1 first shot, 2 no opposing disc, 3 discs exactly on lines,
    4 a leaner, 5 four colours (free-for-all), 6 discs at the shooting line (struck
    outwards: the spinning disc rule, discs off the board and back on)."""
    sides = 4 if kind == 5 else 2
    me = int(rng.integers(sides))
    n = 0 if kind == 1 else int(rng.integers(1, 13))
    discs: list[PlacedDisc] = []
    owners: dict[int, int] = {}
    foot = board.disc.footprint_radius
    edges = [e for ring in board.rings for e in (ring.inner - foot, ring.outer + foot, ring.radius)]
    if kind == 4:
        a = rng.uniform(0, 2 * math.pi)
        discs.append(
            PlacedDisc(
                0, board.hole_radius * math.cos(a), board.hole_radius * math.sin(a), leaning=True
            )
        )
        owners[0] = int(rng.integers(sides))
    for _ in range(60):
        if len(discs) >= n:
            break
        if kind == 3 and rng.random() < 0.7:
            r = float(rng.choice(edges))
        elif kind == 6:
            r = float(rng.uniform(board.rings[2].inner - foot - 0.03, board.rings[2].inner - foot))
        else:
            r = float(rng.uniform(board.hole_radius + 0.001, board.rings[2].radius + 0.02))
        a = rng.uniform(0, 2 * math.pi)
        x, y = r * math.cos(a), r * math.sin(a)
        if _free(board, discs, x, y):
            owners[len(discs)] = me if kind == 2 else int(rng.integers(sides))
            discs.append(PlacedDisc(len(discs), x, y))
    layout = Layout(board, tuple(discs))
    seat = int(rng.integers(4))
    turn = Turn(seat, me, layout.next_id())
    return Position.of(layout, owners), turn, crokinole_shots(rng, board, layout, seat, count)


def crokinole_shots(
    rng: np.random.Generator, board: CrokinoleBoard, layout: Layout, seat: int, count: int
) -> np.ndarray:
    """Shots (x, y, angle, speed, spin) from the seat's quadrant: aimed at a disc, at the
    20 hole or anywhere, soft to hard enough to leave the board."""
    centre = CrokinoleBoard.seat_angle(seat)
    a = centre + rng.uniform(-math.pi / 4 - 0.03, math.pi / 4 + 0.03, count)
    r = board.rings[2].radius + np.where(rng.random(count) < 0.2, rng.uniform(0, 0.015, count), 0.0)
    x, y = r * np.cos(a), r * np.sin(a)
    targets = np.zeros((count, 2))
    if layout.discs:
        pick = rng.integers(len(layout.discs), size=count)
        spots = np.array([(d.x, d.y) for d in layout.discs])
        targets = np.where((rng.random(count) < 0.7)[:, None], spots[pick], targets)
    wild = rng.random(count) < 0.15
    targets[wild] = rng.uniform(-0.3, 0.3, (int(wild.sum()), 2))
    angle = np.arctan2(targets[:, 1] - y, targets[:, 0] - x) + rng.normal(0, 0.03, count)
    speed = np.where(
        rng.random(count) < 0.85, rng.uniform(0.3, 1.6, count), rng.uniform(1.6, 5.0, count)
    )
    spin = rng.normal(0, 15, count)
    return np.column_stack((x, y, angle, speed, spin))


def shuffleboard_case(
    rng: np.random.Generator, table: ShuffleboardTable, kind: int, count: int
) -> Case:
    """A shuffleboard position of one of five kinds and ``count`` deliveries: 0 played,
    1 first delivery, 2 no opposing weight, 3 weights exactly on lines and hanging,
    4 level front weights of the two colours."""
    me = int(rng.integers(2))
    r = table.disc.radius
    discs: list[PlacedDisc] = []
    owners: dict[int, int] = {}
    per = {0: 0, 1: 0}
    n = 0 if kind == 1 else int(rng.integers(1, 8))
    edges = [line.far + r for line in table.lines] + [table.length, table.length - r]
    if kind == 4:
        y = rng.uniform(table.lines[1].far + r, table.length - r)
        for side, x in ((0, -0.1), (1, 0.1)):
            owners[len(discs)] = side
            per[side] += 1
            discs.append(PlacedDisc(len(discs), x, y))
    for _ in range(60):
        if len(discs) >= n:
            break
        side = me if kind == 2 else int(rng.integers(2))
        if per[side] >= 4:
            continue
        if kind == 3 and rng.random() < 0.7:
            y = float(rng.choice(edges))
        else:
            y = float(rng.uniform(table.foul_line.far - r, table.length + 0.5 * r))
        x = float(rng.uniform(-table.width / 2 + r, table.width / 2 - r))
        if _free(table, discs, x, y):
            owners[len(discs)] = side
            per[side] += 1
            discs.append(PlacedDisc(len(discs), x, y))
    layout = Layout(table, tuple(discs))
    turn = Turn(me, me, layout.next_id())
    half = table.width / 2 - r
    starts = rng.uniform(-half, half, count)
    angle = math.pi / 2 + rng.normal(0, 0.03, count)
    speed = rng.uniform(0.5, 4.5, count)
    spin = rng.normal(0, 10, count)
    shots = np.column_stack((starts, np.full(count, RELEASE_LINE), angle, speed, spin))
    return Position.of(layout, owners), turn, shots


def cases(game: str, rng: np.random.Generator, shots: int, per_position: int) -> Iterator[Case]:
    """Fuzzed (position, turn, shots) until ``shots`` shots, cycling the position kinds."""
    made = 0
    kind = 0
    while made < shots:
        count = min(per_position, shots - made)
        yield _GAMES[game].case(rng, kind, count)
        made += count
        kind += 1


@dataclass(frozen=True)
class _Game:
    """One game's fuzzing: its board, its positions, its rule sets and the rule set
    warmed up."""

    board: Board
    case: Callable[[np.random.Generator, int, int], Case]
    rule_sets: tuple[tuple[str, str, dict[str, Any]], ...]
    warm_rule_set: str


_CROKINOLE, _TABLE = CrokinoleBoard.standard(), ShuffleboardTable.csc()
_GAMES = {
    g.board.kind: g
    for g in (
        _Game(
            _CROKINOLE,
            lambda rng, kind, count: crokinole_case(rng, _CROKINOLE, kind % 7, count),
            CROKINOLE_RULE_SETS,
            "wcc",
        ),
        _Game(
            _TABLE,
            lambda rng, kind, count: shuffleboard_case(rng, _TABLE, kind % 5, count),
            SHUFFLEBOARD_RULE_SETS,
            "csc",
        ),
    )
}
"""The fuzzed games by the name of their board's kind."""


# -- the run --------------------------------------------------------------------------


def warm_up(game: str) -> None:
    """Compile (or load) the kernel and the game's core before anything is timed."""
    position, turn, rows = next(cases(game, np.random.default_rng(0), 8, 8))
    batch = simulate_batch(position.layout, rows, shooter=turn.disc, keep_log=True)
    rule_batch(referee(_GAMES[game].warm_rule_set), position, turn, batch)


def _game_result(
    shots: int, physics: float, records: float, results: list[RuleSetResult]
) -> dict[str, Any]:
    """One game's counts and times so far, JSON-ready."""
    return {
        "shots": shots,
        "physics_seconds": physics,
        "records_seconds": records,
        "rule_sets": [
            {
                **asdict(r),
                "compiled_per_shot_us": 1e6 * r.compiled_seconds / max(1, r.shots),
                "python_per_shot_us": 1e6 * r.python_seconds / max(1, r.compared),
                "speed_ratio": (r.python_seconds / max(1, r.compared))
                / max(1e-12, r.compiled_seconds / max(1, r.shots)),
            }
            for r in results
        ],
    }


def run(
    settings: Settings,
    progress: Callable[[str], None] = lambda _: None,
    checkpoint: Callable[[dict[str, Any]], None] = lambda _: None,
) -> dict[str, Any]:
    """Fuzz every game's rule sets; the JSON-ready result. ``checkpoint`` gets the result
    so far (``complete`` false) after every ``settings.every`` shots, so a long run interrupted
    still leaves what it counted."""
    rng = np.random.default_rng(settings.seed)
    games: dict[str, Any] = {}
    for game in settings.games:
        table = _GAMES[game].rule_sets
        referees: list[tuple[RuleSetResult, Referee]] = [
            (RuleSetResult(label), referee(name, **options)) for label, name, options in table
        ]
        warm_up(game)
        compare_left = settings.shots if settings.compare is None else settings.compare
        physics = records = 0.0
        shots = 0
        for position, turn, rows in cases(game, rng, 2**62, settings.per_position):
            if shots >= settings.shots:
                break
            compare = compare_left > 0
            start = time.thread_time()
            batch = simulate_batch(position.layout, rows, shooter=turn.disc, keep_log=True)
            physics += time.thread_time() - start
            if compare:
                start = time.thread_time()
                full = simulate_batch(
                    position.layout, rows, shooter=turn.disc, records=True, keep_log=True
                )
                records += time.thread_time() - start
            ran = int((batch.status == 0).sum())
            shots += ran
            for result, ref in referees:
                start = time.thread_time()
                rulings = rule_batch(ref, position, turn, batch)
                result.compiled_seconds += time.thread_time() - start
                result.shots += ran
                result.valid += int(rulings.valid.sum())
                result.impossible += int(rulings.impossible.sum())
                for code, count in zip(
                    *np.unique(rulings.foul[rulings.ruled], return_counts=True), strict=True
                ):
                    name = rulings.fouls[code] or "valid"
                    result.fouls[name] = result.fouls.get(name, 0) + int(count)
                for code, count in zip(
                    *np.unique(rulings.clause[rulings.clause >= 0], return_counts=True), strict=True
                ):
                    name = rulings.clauses[code]
                    result.clauses[name] = result.clauses.get(name, 0) + int(count)
                if compare:
                    start = time.thread_time()
                    python = python_rulings(ref, position, turn, full)
                    result.python_seconds += time.thread_time() - start
                    found = disagreements(ref, turn, python, rulings)
                    result.compared += ran
                    result.disagreements += len(found)
                    result.examples += found[: max(0, 5 - len(result.examples))]
            if compare:
                compare_left -= int((batch.status == 0).sum())
            if shots // settings.every != (shots - ran) // settings.every:
                progress(f"{game}: {shots} shots")
                so_far = _game_result(shots, physics, records, [r for r, _ in referees])
                games_so_far = {**games, game: so_far}
                checkpoint({"settings": asdict(settings), "complete": False, "games": games_so_far})
        games[game] = _game_result(shots, physics, records, [r for r, _ in referees])
    return {"settings": asdict(settings), "complete": True, "games": games}


def report(result: dict[str, Any]) -> str:
    """The result as a table: one row per rule set."""
    lines = [
        f"{'rule set':<26} {'shots':>9} {'compared':>9} {'disagree':>8} {'compiled us':>11} {'python us':>10} {'ratio':>7}"
    ]
    for game, data in result["games"].items():
        lines.append(
            f"{game}: {data['shots']} shots, batch physics {data['physics_seconds']:.1f} s CPU"
        )
        for r in data["rule_sets"]:
            lines.append(
                f"{r['label']:<26} {r['shots']:>9} {r['compared']:>9} {r['disagreements']:>8} "
                f"{r['compiled_per_shot_us']:>11.2f} {r['python_per_shot_us']:>10.1f} {r['speed_ratio']:>6.0f}x"
            )
            lines += [f"    {e}" for e in r["examples"]]
    return "\n".join(lines)
