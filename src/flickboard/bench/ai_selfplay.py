"""Rounds of self-play, counted: the hammer's round-win rate and the 20s per game by
level, from files of :mod:`flickboard.agents.selfplay` (no games played here).

``python -m flickboard.bench.ai_selfplay crok_1.jsonl crok_2.jsonl``
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from flickboard.agents.fit_value import rounds
from flickboard.evaluation.harness import Z95, wilson


def count(data: list[dict[str, Any]]) -> dict[str, Any]:
    """Per level and pairing (planner, heuristic, or both): decided rounds, the
    hammer's wins with their Wilson interval, and 20s per player and 4-round game."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for rnd in data:
        kinds = "/".join(sorted(set(rnd["players"].values())))
        groups[(rnd["level"], kinds)].append(rnd)
        groups[("all levels", kinds)].append(rnd)
    out: dict[str, Any] = {}
    for (level, kinds), group in sorted(groups.items()):
        decided = [r for r in group if r["hammer"] is not None and len(set(r["final"])) > 1]
        won = sum(r["final"][r["hammer"]] == max(r["final"]) for r in decided)
        twenties = [4 * sum(sum(s["made"].values()) for s in r["shots"]) / 2 for r in group]
        half = Z95 * statistics.stdev(twenties) / math.sqrt(len(twenties)) if len(group) > 1 else 0
        out[f"{level} {kinds}"] = {
            "rounds": len(group),
            "decided": len(decided),
            "hammer_won": won / len(decided) if decided else None,
            "hammer_wilson95": list(wilson(won, len(decided))),
            "twenties_per_player_game": statistics.mean(twenties),
            "twenties_95_half_width": half,
        }
    return out


def main(argv: list[str] | None = None) -> None:
    """Print the counts of the self-play files named as JSON."""
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    print(json.dumps(count(list(rounds(paths))), indent=2))


if __name__ == "__main__":
    main()
