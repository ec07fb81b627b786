"""``flickboard bench envs``: every environment configuration against bare simulate."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from flickboard.cli.groups import subgroup


def bench_envs(
    steps: Annotated[
        int, typer.Option(min=10, help="Steps timed of each single-table configuration.")
    ] = 600,
    batch_steps: Annotated[
        int, typer.Option(min=1, help="Steps timed of each batched configuration.")
    ] = 80,
    tables: Annotated[int, typer.Option(min=1, help="Tables of the batched runs.")] = 64,
    match_shots: Annotated[int, typer.Option(min=10, help="Match.play shots timed a game.")] = 600,
    rounds: Annotated[
        int, typer.Option(min=1, help="Timed runs of each, interleaved; the best kept.")
    ] = 5,
    selfplay_pairs: Annotated[
        int, typer.Option(min=0, help="Pairs of self-play games per Ray run (0: skip Ray).")
    ] = 8,
    policy: Annotated[
        str, typer.Option(help="Ray self-play policy (uniform, heuristic...).")
    ] = "uniform",
    workers: Annotated[str, typer.Option(help="Ray worker counts, comma-separated.")] = "1,2",
    seed: Annotated[int, typer.Option(help="Seed of every run.")] = 1,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = Path("envs-bench.json"),
) -> None:
    """Every environment configuration's steps/s and its ratio to bare simulate (CPU time,
    one run), batched self-play, Match.play, self-play on Ray."""
    from flickboard.bench.envs import Settings, report, run
    from flickboard.cli.terminal import check_writable, fail

    check_writable(output)
    try:
        counts = tuple(int(w) for w in workers.split(",") if w.strip())
    except ValueError:
        fail(f"--workers must be whole numbers separated by commas, got {workers!r}")
    if not counts or min(counts) < 1:
        fail(f"--workers needs counts of at least 1, got {workers!r}")
    settings = Settings(
        steps=steps,
        batch_steps=batch_steps,
        tables=tables,
        match_shots=match_shots,
        rounds=rounds,
        selfplay_pairs=selfplay_pairs,
        selfplay_policy=policy,
        workers=counts,
        seed=seed,
    )
    _run_and_write(lambda say: run(settings, progress=say), report, output)


def bench_ladder(
    game: Annotated[str, typer.Option(help="crokinole or shuffleboard.")] = "crokinole",
    tables: Annotated[
        int, typer.Option(min=1, help="Batched games of each pair of rungs (a table each).")
    ] = 200,
    noise: Annotated[str, typer.Option(help="The policies' execution noise (a level).")] = "novice",
    ai: Annotated[str, typer.Option(help="The built-in AI the baselines meet.")] = "ai:planner",
    planner_pairs: Annotated[
        int, typer.Option(min=0, help="Pairs of games of each baseline v each of its tiers.")
    ] = 10,
    tiers: Annotated[str, typer.Option(help="AI tiers every baseline meets.")] = "novice",
    top_tiers: Annotated[
        str, typer.Option(help="AI tiers the strongest baseline meets too.")
    ] = "recreational,competitive",
    seed: Annotated[int, typer.Option(help="Seed of every game.")] = 1,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = Path("envs-ladder.json"),
) -> None:
    """The batched baselines' ladder: uniform and baseline-1..3 against each other (batched
    games) and against the planner's tiers, win rates with Wilson intervals."""
    from flickboard.bench.envs_ladder import LadderSettings, report, run
    from flickboard.cli.terminal import check_writable

    check_writable(output)
    settings = LadderSettings(
        game=game,
        tables=tables,
        noise=noise,
        ai=ai,
        planner_pairs=planner_pairs,
        tiers=_names(tiers),
        top_tiers=_names(top_tiers),
        seed=seed,
    )
    _run_and_write(lambda say: run(settings, progress=say), report, output)


def _run_and_write(
    run: Callable[[Callable[[str], None]], dict[str, Any]],
    report: Callable[[dict[str, Any]], str],
    output: Path,
) -> None:
    """A bench run with its progress on stderr, its results JSON written to ``output``
    and its report printed; a refusal is one line and exit code 2."""
    from flickboard.cli.terminal import fail
    from flickboard.errors import FlickboardError

    try:
        result = run(lambda text: typer.echo(text, err=True))
    except FlickboardError as exc:
        fail(str(exc))
    output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    typer.echo(report(result))
    typer.echo(f"results: {output}")


def _names(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in text.split(",") if t.strip())


def register(app: typer.Typer) -> None:
    """Add ``bench envs`` and ``bench ladder`` to the command line."""
    group = subgroup(app, "bench")
    group.command("envs")(bench_envs)
    group.command("ladder")(bench_ladder)
