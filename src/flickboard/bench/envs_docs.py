"""The environment throughput figures of docs/envs.md, written from the bench's JSON.

``python -m flickboard.bench.envs_docs`` rewrites the block between :data:`BEGIN` and
:data:`END` in docs/envs.md from ``bench/results/envs.json`` (what ``flickboard bench
envs`` wrote); ``--check`` only says whether it is up to date. The figures are never
typed by hand (tests/bench/test_envs_docs.py holds the page to the JSON).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

BEGIN = "<!-- figures: python -m flickboard.bench.envs_docs (from bench/results/envs.json) -->"
END = "<!-- end of figures -->"


def _n(value: float) -> str:
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def figures(result: dict[str, Any]) -> str:
    """The block: the settings, a table of rates, and the step's cost in simulations."""
    s = result["settings"]
    steps = result["steps"]
    rows = ["| what | wall clock | CPU time |", "| --- | --- | --- |"]
    titles = {"crokinole": "crokinole singles", "shuffleboard": "table shuffleboard singles"}
    for game, rates in steps.items():
        env, sim = rates["env"], rates["simulate"]
        rows.append(
            f'| {titles.get(game, game)}, environment steps (`info="brief"`) | '
            f"{_n(env['per_second_wall'])} steps/s | {_n(env['per_second_cpu'])} steps/s |"
        )
        if "env_full_info" in rates:
            full = rates["env_full_info"]
            rows.append(
                f'| the same, `info="full"` | {_n(full["per_second_wall"])} steps/s | '
                f"{_n(full['per_second_cpu'])} steps/s |"
            )
        rows.append(
            f"| the same shots, bare `simulate` | {_n(sim['per_second_wall'])} shots/s | "
            f"{_n(sim['per_second_cpu'])} shots/s |"
        )
        fast = rates.get("fast_table")
        if fast:
            per_step = fast["shots"] / fast["env"]["count"]
            rows.append(
                f"| {titles.get(game, game)} on a fast table: the Gymnasium environment v the "
                f"uniform policy ({per_step:.2f} shots a step) | "
                f"{_n(fast['env']['per_second_wall'])} steps/s | "
                f"{_n(fast['env']['per_second_cpu'])} steps/s |"
            )
            rows.append(
                f"| its {fast['shots']:,} shots, bare `simulate` | "
                f"{_n(fast['simulate']['per_second_wall'])} shots/s | "
                f"{_n(fast['simulate']['per_second_cpu'])} shots/s |"
            )
    vector = result.get("vector", {})
    if vector:
        envs = next(iter(vector.values()))["envs"]
        rates = " / ".join(_n(v["per_second_wall"]) for v in vector.values())
        rows.append(
            f"| vector form, crokinole, {envs} environments, {' / '.join(vector)} (each step "
            f"includes the opponent's shot) | {rates} steps/s | |"
        )
    batched = result.get("batched")
    if batched:
        physics = batched["batch_physics"]
        rows.append(
            f"| batched environment (`vector_entry_point`), {batched['game']}, "
            f"{batched['envs']} tables, uniform policy v uniform policy | "
            f"{_n(batched['steps']['per_second_wall'])} steps/s | "
            f"{_n(batched['steps']['per_second_cpu'])} steps/s |"
        )
        rows.append(
            f"| the same {batched['shots']:,} shots (both sides'), bare batch physics (one "
            f"`simulate_batch` call a shot: each has its own layout) | "
            f"{_n(physics['per_second_wall'])} shots/s | {_n(physics['per_second_cpu'])} "
            f"shots/s ({_n(batched['batch_physics_steps_per_second_cpu'])} steps' worth) |"
        )
        if "kernel" in batched:
            rows.append(
                "| the same shots, the physics kernel alone, all in one compiled call | | "
                f"{_n(batched['kernel']['per_second_cpu'])} shots/s "
                f"({_n(batched['kernel_steps_per_second_cpu'])} steps' worth) |"
            )
    games = result.get("selfplay_games", {})
    if games:
        rates = " / ".join(_n(v["per_second_wall"]) for v in games.values())
        rows.append(
            f"| self-play, {s['selfplay_policy']} v {s['selfplay_policy']} crokinole games, "
            f"{' / '.join(games)} Ray workers | {rates} games/s | |"
        )
    costs = [
        f"a {titles.get(game, game).split(' singles')[0]} step costs about "
        f"{rates['simulate']['per_second_cpu'] / rates['env']['per_second_cpu']:.0f} bare "
        f"simulations of its shot (CPU time)"
        + (
            f', {rates["full_step_in_simulations_cpu"]:.0f} with `info="full"`'
            if "full_step_in_simulations_cpu" in rates
            else ""
        )
        for game, rates in steps.items()
    ]
    for game, rates in steps.items():
        fast = rates.get("fast_table")
        if fast:
            costs.append(
                f"on a fast table a {game} shot costs {fast['shot_in_simulations_cpu']:.1f} "
                f"bare simulations of it and a step (the agent's shot and the opponent's) "
                f"{fast['step_in_simulations_cpu']:.1f}"
            )
    if batched and "physics_share_cpu" in batched:
        costs.append(
            f"the physics kernel is {100 * batched['physics_share_cpu']:.0f} % of a batched "
            "step's CPU time"
        )
    targets = _targets(steps, batched)
    load = result.get("load_average")
    busy = f", load average {load[0]:.1f} at the start" if load else ""
    head = (
        f"`flickboard bench envs` ({s['steps']:,} steps per game, seed {s['seed']}, "
        f"{result.get('cpus', '?')} CPUs{busy}):"
    )
    lines = [BEGIN, head, "", *rows, "", "So " + "; ".join(costs) + "."]
    return "\n".join([*lines, *(["", *targets] if targets else []), END])


STEP_TARGET = 2.0
"""Issue 23: an environment step costs at most this many bare simulations of its shot."""
BATCHED_TARGET = 50_000
"""Issue 23: batched crokinole steps per second per core (uniform policy v uniform)."""


def _met(ok: bool) -> str:
    return "met" if ok else "not met"


def _targets(steps: dict[str, Any], batched: dict[str, Any] | None) -> list[str]:
    """Issue 23's environment targets, met or not, by these figures."""
    out = []
    fast = steps.get("crokinole", {}).get("fast_table")
    if fast:
        ratio = fast["shot_in_simulations_cpu"]
        through = steps["crokinole"]["step_in_simulations_cpu"]
        out.append(
            f"Issue 23's target of a step at most {STEP_TARGET:.0f} bare simulations of its "
            f"shot: {_met(ratio <= STEP_TARGET)} on a fast table ({ratio:.1f} a shot), "
            f"{_met(through <= STEP_TARGET)} through the `Match` ({through:.0f})."
        )
    if batched and "kernel" in batched:
        rate = batched["steps"]["per_second_cpu"]
        out.append(
            f"Its target of {BATCHED_TARGET:,} batched steps/s per core: "
            f"{_met(rate >= BATCHED_TARGET)} ({_n(rate)}; the physics kernel alone, with "
            f"nothing around it, would run {_n(batched['kernel_steps_per_second_cpu'])})."
        )
    return out


def rewritten(page: str, result: dict[str, Any]) -> str:
    """``page`` with its figures block made again from ``result``."""
    start, end = page.index(BEGIN), page.index(END) + len(END)
    return page[:start] + figures(result) + page[end:]


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or ``--check``) docs/envs.md's figures from the bench JSON."""
    parser = argparse.ArgumentParser(prog="python -m flickboard.bench.envs_docs")
    parser.add_argument("--results", type=Path, default=Path("bench/results/envs.json"))
    parser.add_argument("--page", type=Path, default=Path("docs/envs.md"))
    parser.add_argument("--check", action="store_true", help="only say if it is up to date")
    args = parser.parse_args(argv)
    result = json.loads(args.results.read_text(encoding="utf-8"))
    page = args.page.read_text(encoding="utf-8")
    new = rewritten(page, result)
    if args.check:
        print("up to date" if new == page else f"{args.page}: figures differ from {args.results}")
        return 0 if new == page else 1
    args.page.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
