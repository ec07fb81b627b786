"""The search ladder: the default search against today's (:data:`~flickboard.agents.search.CLASSIC`).

Paired games through :mod:`flickboard.evaluation` (the same seeds, colours and the hammer
swapped), at one level, each pair a seeded job on this process or a pool of worker
processes (the same games either way); the JSON is rewritten after every pair, in pair
order, and a run cut short goes on where it stopped when started again with the same
game, level, seed and output (``flickboard bench ai --search-ladder PAIRS``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from flickboard.agents.search import CLASSIC, SearchBudget, SearchPlayer
from flickboard.bench.ai import percentile
from flickboard.evaluation.harness import PairStats, paired_games
from flickboard.evaluation.jobs import results_in_order
from flickboard.play.kind import game_kind

KIND = "search-ladder"
"""The ``kind`` of a ladder's JSON (a file of another kind is not resumed)."""


def budget_json(budget: SearchBudget) -> dict[str, Any]:
    """A search budget as plain numbers."""
    return {
        "samples": budget.planner.samples,
        "candidates": budget.planner.candidates,
        "quasi": budget.planner.quasi,
        "value": budget.planner.value,
        "widen": budget.widen,
        "schedule": list(budget.schedule),
        "top": budget.top,
        "outcomes": budget.outcomes,
        "replies": budget.replies,
        "reply_samples": budget.reply_samples,
        "reply_check": budget.reply_check,
        "exhaustive_at": budget.exhaustive_at,
        "exhaustive_top": budget.exhaustive_top,
    }


def _times(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"decisions": 0, "median_s": None, "p95_s": None}
    ordered = sorted(values)
    return {
        "decisions": len(values),
        "median_s": ordered[len(ordered) // 2],
        "p95_s": percentile(values, 0.95),
    }


def _resumed(path: Path, key: dict[str, Any]) -> dict[str, Any] | None:
    """The ladder kept at ``path`` if it is one of the same games (else None)."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(old, dict) or old.get("kind") != KIND:
        return None
    if any(old.get(k) != v for k, v in key.items()):
        return None
    return old


def _pair(
    game: str, level: str, budget: SearchBudget, classic: SearchBudget, seed: int
) -> tuple[PairStats, list[float], list[float]]:
    """One pair of games of the ladder (a job: its seed makes its games)."""
    return paired_games(
        game,
        lambda s: SearchPlayer(level, s, budget, name="search"),
        lambda s: SearchPlayer(level, s, classic, name="classic"),
        1,
        seed,
    )


def search_ladder(
    game: str,
    level: str,
    pairs: int,
    seed: int,
    path: Path,
    search: SearchBudget | None = None,
    on_pair: Callable[[dict[str, Any]], None] | None = None,
    classic: SearchBudget = CLASSIC,
    workers: int = 1,
) -> dict[str, Any]:
    """Play the ladder up to ``pairs`` pairs of games, the default search (or ``search``)
    first against ``classic``, on ``workers`` processes, writing the JSON to ``path``
    after every pair; a JSON of the same games already at ``path`` is carried on from.
    Returns the last JSON."""
    budget = search or SearchBudget()
    key = {
        "kind": KIND,
        "game": game_kind(game).name,
        "level": level,
        "seed": seed,
        "search_budget": budget_json(budget),
        "classic_budget": budget_json(classic),
    }
    old = _resumed(path, key)
    stats = PairStats() if old is None else PairStats.from_summary(old["match"])
    times: dict[str, list[float]] = (
        {"search": [], "classic": []} if old is None else old["wall_times_s"]
    )
    done = 0 if old is None else int(old["pairs_played"])
    result: dict[str, Any] = old or {}
    play = partial(_pair, game, level, budget, classic)
    seeds = [seed + k for k in range(done, pairs)]
    for k, (pair, ta, tb) in enumerate(results_in_order(play, seeds, workers), start=done):
        stats.add(pair)
        times["search"] += [round(t, 4) for t in ta]
        times["classic"] += [round(t, 4) for t in tb]
        result = {
            **key,
            "pairs_planned": pairs,
            "pairs_played": k + 1,
            "match": stats.summary(),
            "decision_time_wall": {who: _times(v) for who, v in times.items()},
            "wall_times_s": times,
        }
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)
        if on_pair is not None:
            on_pair(result)
    return result


def ladder_report(result: dict[str, Any]) -> str:
    """One line: the default search's score against today's, with its interval."""
    m = result["match"]
    low, high = m["wilson95"]
    return (
        f"search v classic ({result['game']}, {result['level']}): score {m['a_win_rate']:.3f}"
        f" [{low:.3f}, {high:.3f}] over {m['games']} games"
        f" ({result['pairs_played']} of {result['pairs_planned']} pairs)"
    )
