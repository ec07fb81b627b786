"""``flickboard bench web``: the browser table's server time per shot and throughput."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

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
    workers: Annotated[
        list[int] | None,
        typer.Option(
            min=1,
            max=16,
            help="Instead: N worker processes on PostgreSQL (repeat for several runs), "
            "games paced like people and flat out, a new connection per request.",
        ),
    ] = None,
    postgres: Annotated[
        str | None,
        typer.Option(
            help="With --workers: the PostgreSQL database (a schema of its own, "
            "dropped after); default $FLICKBOARD_TEST_POSTGRES_URL."
        ),
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="With --workers: paced games.")] = 64,
    kill: Annotated[
        bool, typer.Option("--kill", help="With --workers: also kill -9 a worker mid-run.")
    ] = False,
    cap: Annotated[
        bool,
        typer.Option("--cap", help="With --workers: also CPU per shot past the memory cap."),
    ] = False,
    most: Annotated[
        bool,
        typer.Option(
            "--most", help="With --workers: also the most paced games at p95 under 100 ms."
        ),
    ] = False,
) -> None:
    """Server time per shot (opening, 30 discs) and shots per second on loopback; with
    ``--soak``, the server's memory over many games; with ``--workers``, the table on
    several workers on PostgreSQL (docs/web.md, "Several workers")."""
    from flickboard.bench.web import report, run, soak_report
    from flickboard.bench.web import soak as run_soak
    from flickboard.cli.terminal import check_writable, fail
    from flickboard.errors import FlickboardError

    check_writable(output)
    if workers:
        url = postgres or os.environ.get("FLICKBOARD_TEST_POSTGRES_URL")
        if not url:
            fail("--workers needs PostgreSQL: give --postgres URL")
        _bench_workers(url, workers, games, seconds, output, kill=kill, cap=cap, most=most)
        return
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


def _bench_workers(
    url: str,
    workers: list[int],
    games: int,
    seconds: float,
    output: Path,
    *,
    kill: bool,
    cap: bool,
    most: bool,
) -> None:
    """``bench web --workers``: each count of workers, then past the cap and the most
    games, as asked; the results JSON."""
    from flickboard.bench.table_workers import most_games, past_the_cap, report, run
    from flickboard.cli.terminal import fail

    def say(line: str) -> None:
        typer.echo(f"  ... {line}", err=True)

    results: dict[str, Any] = {"runs": [], "most": []}
    try:
        for n in workers:
            results["runs"].append(run(url, n, games, seconds, kill=kill, progress=say))
        if cap:
            results["cap"] = past_the_cap(url, seconds=seconds, progress=say)
        if most:
            results["most"] = [most_games(url, n, progress=say) for n in workers]
    except RuntimeError as exc:
        fail(str(exc))
    output.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    for line in report(results):
        typer.echo(line)
    typer.echo(f"results: {output}")


def register(app: typer.Typer) -> None:
    """Add ``bench web`` to the command line."""
    subgroup(app, "bench").command("web")(bench_web)
