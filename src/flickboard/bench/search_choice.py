"""How much better a search's shot is than today's (``CLASSIC``), judged two plies deep.

On mid-round positions (:func:`~flickboard.bench.ai_inplay.midround_views`), each player
(the default search, today's, the planner) picks its shot at the level's noise; a judge
then values every pick as the search values its best shots, its one-ply mean plus its
reply correction (:meth:`~flickboard.agents.search.SearchPlayer.correction`), on
``judge_draws`` independent draws of that noise that no player chose on. A pick's *gain*
is its judged value less the judged value of ``CLASSIC``'s pick (0 when both meant the
same shot), in the value's own unit, the expected game result from -1 to 1: this is what
the ladder of games measures, without the luck of the executions that decide a game, and
for a few minutes of CPU instead of hours. It is only as true as the learned value it
judges by, the game's shipped one (which ``CLASSIC`` and the planner weigh by; the
default search weighs by its own, so where the two disagree the judge cannot see it).

``python -m flickboard.bench.search_choice --game crokinole --positions 480 --workers 2``
"""

from __future__ import annotations

import argparse
import json
import math
import time
from functools import cache, partial
from pathlib import Path
from typing import Any

import numpy as np

from flickboard.agents.planner import Planner, PlannerBudget
from flickboard.agents.player import AIPlayer
from flickboard.agents.search import CLASSIC, SearchBudget, SearchPlayer
from flickboard.agents.tactics import tactics_for
from flickboard.bench.ai_inplay import midround_views
from flickboard.errors import InvalidInput
from flickboard.evaluation.jobs import results_in_order
from flickboard.physics import Shot
from flickboard.play.noise import ExecutionNoise, check_level
from flickboard.play.view import View

KIND = "search-choice"
"""The ``kind`` of the JSON."""

JUDGE = SearchBudget(PlannerBudget(), reply_samples=8, reply_check=16)
"""The judge's budget: replies found and valued on independent draws (never the
quasi-random ones a player may weigh on), as many as the default search's."""

JUDGE_SEED = 7_777
"""Added to a position's seed for the judge's replies and draws."""

PLAYERS = ("default", "classic", "planner")
"""The players whose picks are judged (``classic`` is the yardstick)."""


def player(name: str, level: str, seed: int, budgets: dict[str, SearchBudget]) -> AIPlayer:
    """One of :data:`PLAYERS`: a search with its budget from ``budgets``, or the planner
    every tier plays with."""
    if name == "planner":
        return Planner(level, seed)
    return SearchPlayer(level, seed, budgets[name])


@cache
def _views(game: str, positions: int, seed: int) -> list[View]:
    return midround_views(game, positions, seed)


def judged_position(
    game: str,
    level: str,
    positions: int,
    seed: int,
    budgets: dict[str, SearchBudget],
    judge: SearchBudget,
    judge_draws: int,
    k: int,
) -> dict[str, Any]:
    """Every player's pick at position ``k``: its judged value and its CPU seconds."""
    view = _views(game, positions, seed)[k]
    judging = SearchPlayer(level, seed + JUDGE_SEED + k, judge)
    evaluator = Planner(level, judging.seed, judge.planner).evaluator(view)
    draws = ExecutionNoise.draws(np.random.default_rng(seed + JUDGE_SEED + k), judge_draws)
    out: dict[str, Any] = {"value": {}, "cpu_s": {}}
    judged: dict[Shot, float] = {}
    for name in PLAYERS:
        ai = player(name, level, seed + k, budgets)
        start = time.thread_time()
        ai.decide(view)
        out["cpu_s"][name] = time.thread_time() - start
        assert ai.last_choice is not None
        pick = ai.last_choice.candidate
        if pick.shot not in judged:
            one_ply = evaluator.mean(pick.shot, draws)
            judged[pick.shot] = one_ply + judging.correction(view, pick, draws, False)
        out["value"][name] = judged[pick.shot]
    return out


def _interval(gains: list[float]) -> dict[str, float]:
    """Mean gain with its standard error and normal 95 % interval."""
    n = len(gains)
    mean = float(np.mean(gains))
    se = float(np.std(gains, ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return {"mean": mean, "se": se, "low": mean - 1.96 * se, "high": mean + 1.96 * se}


def search_choice(
    game: str,
    level: str,
    positions: int,
    seed: int,
    budgets: dict[str, SearchBudget] | None = None,
    judge: SearchBudget = JUDGE,
    judge_draws: int = 48,
    workers: int = 1,
) -> dict[str, Any]:
    """Judge every player's pick on ``positions`` mid-round positions (see the module
    docstring); ``budgets`` names the default and classic searches' budgets (default:
    ``SearchBudget()`` and ``CLASSIC``). The same JSON for any number of ``workers``."""
    if positions < 2:
        raise InvalidInput("the choice needs at least two positions")
    if judge_draws < 1:
        raise InvalidInput("the judge needs at least one draw")
    if workers < 1:
        raise InvalidInput(f"workers must be at least 1, not {workers}")
    tactics_for(game)
    level = check_level(level)
    budgets = budgets or {"default": SearchBudget(), "classic": CLASSIC}
    count = len(_views(game, positions, seed))
    job = partial(judged_position, game, level, positions, seed, budgets, judge, judge_draws)
    rows = list(results_in_order(job, range(count), workers))
    gains = {
        name: [r["value"][name] - r["value"]["classic"] for r in rows]
        for name in PLAYERS
        if name != "classic"
    }
    cpu = {name: sorted(r["cpu_s"][name] for r in rows) for name in PLAYERS}
    return {
        "kind": KIND,
        "game": game,
        "level": level,
        "seed": seed,
        "positions": count,
        "judge_draws": judge_draws,
        "gain_over_classic": {name: _interval(g) for name, g in gains.items()},
        "same_pick_as_classic": {name: sum(g == 0.0 for g in v) for name, v in gains.items()},
        "cpu_median_s": {name: v[len(v) // 2] for name, v in cpu.items()},
        "gains": gains,
    }


def report(result: dict[str, Any]) -> str:
    """One line per judged player: its gain over ``CLASSIC`` with its interval."""
    lines = []
    for name, g in result["gain_over_classic"].items():
        lines.append(
            f"{name} v classic ({result['game']}, {result['level']}, {result['positions']} "
            f"positions): gain {g['mean']:+.4f} [{g['low']:+.4f}, {g['high']:+.4f}], "
            f"same pick {result['same_pick_as_classic'][name]}, "
            f"CPU median {result['cpu_median_s'][name]:.3f} s"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crokinole")
    parser.add_argument("--level", default="competitive")
    parser.add_argument("--positions", type=int, default=480)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--judge-draws", type=int, default=48)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--output", type=Path, default=None)
    args = parser.parse_args()
    out = args.output or Path(f"ai-{args.game}-search-choice.json")
    if not out.parent.is_dir():
        parser.error(f"no folder {out.parent} for the results")
    try:
        result = search_choice(
            args.game, args.level, args.positions, args.seed,
            judge_draws=args.judge_draws, workers=args.workers,
        )  # fmt: skip
    except InvalidInput as refused:
        parser.error(str(refused))
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(report(result))
    print(f"results: {out}")


if __name__ == "__main__":
    main()
