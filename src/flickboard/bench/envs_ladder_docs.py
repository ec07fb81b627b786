"""The baselines' ladder figures of docs/envs.md, written from the bench's JSON.

``python -m flickboard.bench.envs_ladder_docs`` rewrites each game's block (between the
marks :func:`marks` gives) in docs/envs.md from ``bench/results/envs-ladder-GAME.json``
(what ``flickboard bench ladder --game GAME`` wrote); ``--check`` only says whether they
are up to date (tests/bench/test_envs_ladder.py holds the page to the JSON).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from flickboard.bench.envs_docs import replaced

GAMES = ("crokinole", "shuffleboard")
"""The games whose ladders the page shows."""


def results_path(game: str) -> Path:
    """Where a game's ladder JSON is kept."""
    return Path(f"bench/results/envs-ladder-{game}.json")


def marks(game: str) -> tuple[str, str]:
    """The lines that begin and end a game's block."""
    begin = f"<!-- ladder of {game}: python -m flickboard.bench.envs_ladder_docs (from {results_path(game)}) -->"  # fmt: skip
    return begin, f"<!-- end of the {game} ladder -->"


def _cell(row: dict[str, Any]) -> str:
    low, high = row["wilson95"]
    return (
        f"| {row['a']} | {row['b']} | {row['a_score']:g} of {row['games']} | "
        f"{row['a_win_rate']:.3f} | {low:.3f} - {high:.3f} |"
    )


def figures(result: dict[str, Any]) -> str:
    """The block: the settings, then every pair's games, A's score, rate and interval."""
    s = result["settings"]
    begin, end = marks(s["game"])
    head = (
        f"`flickboard bench ladder` ({s['game']}, the policies at {s['noise']} noise, seed "
        f"{s['seed']}; batched: one game on each of {s['tables']} tables a pair; against "
        f"`{s['ai']}`: {s['planner_pairs']} pairs of games a tier, colours swapped):"
    )
    rows = [
        "| A | B | A's score (win 1, tie 1/2) | rate | Wilson 95 % |",
        "| --- | --- | --- | --- | --- |",
        *(_cell(row) for row in result["batched"]),
        *(_cell(row) for row in result["planner"]),
    ]
    cpu = sum(row["cpu_s"] for row in [*result["batched"], *result["planner"]])
    tail = f"{cpu:.0f} s of CPU in all, {result.get('cpus', '?')} CPUs."
    return "\n".join([begin, head, "", *rows, "", tail, end])


def rewritten(page: str, result: dict[str, Any]) -> str:
    """``page`` with the block of ``result``'s game made again from it."""
    return replaced(page, *marks(result["settings"]["game"]), figures(result))


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or ``--check``) docs/envs.md's ladder figures from the bench JSON."""
    parser = argparse.ArgumentParser(prog="python -m flickboard.bench.envs_ladder_docs")
    parser.add_argument(
        "--results", type=Path, action="append", help="a ladder JSON (default: every game's)"
    )
    parser.add_argument("--page", type=Path, default=Path("docs/envs.md"))
    parser.add_argument("--check", action="store_true", help="only say if it is up to date")
    args = parser.parse_args(argv)
    paths = args.results or [results_path(game) for game in GAMES]
    page = args.page.read_text(encoding="utf-8")
    new = page
    for path in paths:
        new = rewritten(new, json.loads(path.read_text(encoding="utf-8")))
    if args.check:
        print("up to date" if new == page else f"{args.page}: figures differ from {paths}")
        return 0 if new == page else 1
    args.page.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
