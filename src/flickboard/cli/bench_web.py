"""``flickboard bench web``: the browser table's server time per shot and throughput."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress

from flickboard.cli.groups import subgroup


def bench_web(
    shots: Annotated[
        int, typer.Option(min=10, help="Shots timed in-process for each scene.")
    ] = 300,
    loopback_shots: Annotated[
        int, typer.Option(min=10, help="Opening shots timed on the loopback server.")
    ] = 100,
    seconds: Annotated[
        float, typer.Option(min=1.0, help="Seconds of play for each throughput run.")
    ] = 10.0,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = Path("web-bench.json"),
    soak: Annotated[
        bool,
        typer.Option(
            "--soak", help="Instead: play 2,000 games x 10 shots and read the server's memory."
        ),
    ] = False,
    soak_games: Annotated[int, typer.Option(min=1, help="Games of the soak (with --soak).")] = 2000,
    soak_minutes: Annotated[
        float | None,
        typer.Option(min=1.0, help="Stop the soak after this long (default: play them all)."),
    ] = None,
) -> None:
    """Server time per shot (opening, 30 discs) and shots per second on loopback; with
    --soak, the server's memory over many games."""
    from flickboard.bench.web import report, run, soak_report
    from flickboard.bench.web import soak as run_soak
    from flickboard.cli.terminal import check_writable, fail
    from flickboard.errors import FlickboardError

    check_writable(output)
    try:
        with Progress(transient=True) as bar:

            def progress(label: str, total: int) -> Callable[[], None]:
                task = bar.add_task(label, total=total)
                return lambda: bar.advance(task)

            if soak:
                budget = None if soak_minutes is None else soak_minutes * 60
                results = run_soak(soak_games, progress=progress, budget=budget)
            else:
                results = run(shots, loopback_shots, seconds, progress)
    except (FlickboardError, RuntimeError) as exc:
        fail(str(exc))
    output.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    for line in soak_report(results) if soak else report(results):
        typer.echo(line)
    typer.echo(f"results: {output}")


def register(app: typer.Typer) -> None:
    """Add ``bench web`` to the command line."""
    subgroup(app, "bench").command("web")(bench_web)
