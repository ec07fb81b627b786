"""The environment figures of docs/envs.md, written from the benches' JSON.

``python bench/envs_docs.py`` rewrites the block between :data:`BEGIN` and
:data:`END` in docs/envs.md from ``bench/results/envs.json`` (what ``flickboard bench
envs`` wrote), and each game's ladder block (:func:`ladder_marks`) from
``bench/results/envs-ladder-GAME.json`` (what ``flickboard bench ladder --game GAME``
wrote); ``--check`` only says whether they are up to date. The figures are never typed
by hand (tests/bench/test_envs_docs.py and test_envs_ladder.py hold the page to the
JSON).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

BEGIN = "<!-- figures: python bench/envs_docs.py (from bench/results/envs.json) -->"
END = "<!-- end of figures -->"


def _n(value: float) -> str:
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


KINDS = {
    "single": "The Gymnasium environment (`FlickboardEnv`), one table",
    "vector": "The batched environment (`make_vec(..., vectorization_mode=\"vector_entry_point\")`)",
    "pettingzoo": "The PettingZoo environments (self-play: one policy's actions on every seat)",
    "selfplay": "Batched self-play (`BatchedSelfPlay`): one call of a numpy MLP a step drives both seats of every table",
    "match": "`Match.play` (a play's cost in bare simulations of its shot; the aim: at most 3)",
}  # fmt: skip
"""The heading row of each kind of configuration, in the bench's order."""


def _rate(row: dict[str, Any]) -> str:
    if "shots_per_second_cpu" in row:
        return f"{_n(row['shots_per_second_cpu'])} shots/s"
    return f"{_n(row['per_second_cpu'])} {'plays' if row['kind'] == 'match' else 'steps'}/s"


def _aim(row: dict[str, Any]) -> str:
    cost = 1 / row["aim"]
    aim = f"at most {cost:.0f}"
    if "steps_aim" in row:
        aim += f", {row['steps_aim']:,} steps/s"
    if "shots_aim" in row:
        aim += f", {row['shots_aim']:,} shots/s"
    return aim


def figures(result: dict[str, Any]) -> str:
    """The block: the settings, then every configuration's rate (CPU time), its step's
    cost in bare simulations of its shots, its aim and whether the aim is met."""
    s = result["settings"]
    rows = [
        "| configuration | rate (CPU time) | bare simulations a step | aim | |",
        "| --- | --- | --- | --- | --- |",
    ]
    kind = None
    for row in result["configurations"]:
        if row["kind"] != kind:
            kind = row["kind"]
            rows.append(f"| **{KINDS.get(kind, kind)}** | | | | |")
        cost = 1 / row["ratio"] if row["ratio"] else float("inf")
        rows.append(
            f"| {row['name']} | {_rate(row)} | {cost:.2f} | {_aim(row)} | "
            f"{'met' if row['met'] else '**not met**'} |"
        )
    games = result.get("selfplay_games", {})
    if games:
        rates = " / ".join(_n(v["per_second_wall"]) for v in games.values())
        rows.append(
            f"| self-play on Ray, {s['selfplay_policy']} v {s['selfplay_policy']} crokinole "
            f"games, {' / '.join(games)} workers (wall clock) | {rates} games/s | | | |"
        )
    met = sum(row["met"] for row in result["configurations"])
    load = result.get("load_average")
    busy = f", load average {load[0]:.1f} at the start" if load else ""
    head = (
        f"`flickboard bench envs` ({s['steps']:,} steps of each single-table configuration, "
        f"{s['batch_steps']:,} of each batched one on {s['tables']} tables, "
        f"{s['match_shots']:,} plays of `Match.play`, best of {s['rounds']} runs, seed "
        f"{s['seed']}, {result.get('cpus', '?')} CPUs{busy}):"
    )
    tally = f"{met} of {len(result['configurations'])} configurations meet their aims."
    return "\n".join([BEGIN, head, "", *rows, "", tally, END])


def replaced(page: str, begin: str, end: str, block: str) -> str:
    """``page`` with the text from ``begin`` to ``end`` (both marks included) made
    ``block``."""
    start, stop = page.index(begin), page.index(end) + len(end)
    return page[:start] + block + page[stop:]


LADDER_GAMES = ("crokinole", "shuffleboard")
"""The games whose baselines' ladders (``flickboard bench ladder``) the page shows."""


def ladder_results(game: str) -> Path:
    """Where a game's ladder JSON is kept."""
    return ROOT / f"bench/results/envs-ladder-{game}.json"


def ladder_marks(game: str) -> tuple[str, str]:
    """The lines that begin and end a game's ladder block."""
    source = f"bench/results/envs-ladder-{game}.json"
    return (
        f"<!-- ladder of {game}: python bench/envs_docs.py (from {source}) -->",
        f"<!-- end of the {game} ladder -->",
    )


def _pair(row: dict[str, Any]) -> str:
    low, high = row["wilson95"]
    return (
        f"| {row['a']} | {row['b']} | {row['a_score']:g} of {row['games']} | "
        f"{row['a_win_rate']:.3f} | {low:.3f} - {high:.3f} |"
    )


def ladder_figures(result: dict[str, Any]) -> str:
    """A ladder's block: the settings, then every pair's games, A's score, its rate and
    Wilson interval."""
    s = result["settings"]
    begin, end = ladder_marks(s["game"])
    head = (
        f"`flickboard bench ladder` ({s['game']}, the policies at {s['noise']} noise, seed "
        f"{s['seed']}; batched: one game on each of {s['tables']} tables a pair; against "
        f"`{s['ai']}`: {s['planner_pairs']} pairs of games a tier, colours swapped):"
    )
    rows = [
        "| A | B | A's score (win 1, tie 1/2) | rate | Wilson 95 % |",
        "| --- | --- | --- | --- | --- |",
        *(_pair(row) for row in [*result["batched"], *result["planner"]]),
    ]
    cpu = sum(row["cpu_s"] for row in [*result["batched"], *result["planner"]])
    tail = f"{cpu:.0f} s of CPU in all, {result.get('cpus', '?')} CPUs."
    return "\n".join([begin, head, "", *rows, "", tail, end])


def rewritten(page: str, result: dict[str, Any]) -> str:
    """``page`` with the block of ``result`` made again from it: the throughput figures
    (``flickboard bench envs``), or a game's ladder (``flickboard bench ladder``)."""
    if "batched" in result:
        return replaced(page, *ladder_marks(result["settings"]["game"]), ladder_figures(result))
    return replaced(page, BEGIN, END, figures(result))


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or ``--check``) docs/envs.md's figures from the benches' JSON."""
    parser = argparse.ArgumentParser(prog="python bench/envs_docs.py")
    parser.add_argument(
        "--results", type=Path, action="append",
        help="a bench's JSON (again for more; default: envs.json and every game's ladder)",
    )  # fmt: skip
    parser.add_argument("--page", type=Path, default=ROOT / "docs/envs.md")
    parser.add_argument("--check", action="store_true", help="only say if it is up to date")
    args = parser.parse_args(argv)
    paths = args.results or [
        ROOT / "bench/results/envs.json", *(ladder_results(g) for g in LADDER_GAMES)
    ]  # fmt: skip
    page = args.page.read_text(encoding="utf-8")
    new = page
    for path in paths:
        new = rewritten(new, json.loads(path.read_text(encoding="utf-8")))
    if args.check:
        names = ", ".join(str(p) for p in paths)
        print("up to date" if new == page else f"{args.page}: figures differ from {names}")
        return 0 if new == page else 1
    args.page.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
