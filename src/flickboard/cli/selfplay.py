"""``flickboard selfplay``: self-play games and their data, spread over Ray."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer


def selfplay(
    game: Annotated[str, typer.Option(help="crokinole or shuffleboard.")] = "crokinole",
    a: Annotated[
        str, typer.Option("--a", help="Policy A: random, heuristic, planner, search (:LEVEL).")
    ] = "heuristic",
    b: Annotated[str, typer.Option("--b", help="Policy B (default: A, self-play).")] = "",
    pairs: Annotated[int, typer.Option(min=1, help="Pairs of games (colours swapped).")] = 10,
    noise: Annotated[
        str, typer.Option(help="Execution noise: a skill level, or none.")
    ] = "competitive",
    seed: Annotated[int, typer.Option(help="Seed of the run (pair k plays seed + k).")] = 1,
    workers: Annotated[
        int, typer.Option(min=1, help="CPUs of the local Ray cluster (or processes).")
    ] = 2,
    address: Annotated[
        str | None,
        typer.Option(help="Join the Ray cluster at HOST:PORT (default: a local one, loopback)."),
    ] = None,
    use_ray: Annotated[
        bool, typer.Option("--ray/--no-ray", help="Ray, or local processes.")
    ] = True,
    output: Annotated[
        Path, typer.Option(help="Data file: .parquet (pyarrow) or .npz (numpy).")
    ] = Path("selfplay.parquet"),
    summary: Annotated[Path | None, typer.Option(help="Also write the results as JSON.")] = None,
) -> None:
    """Paired self-play games over Ray: A's win rate (Wilson) and every shot as data."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from flickboard.cli.terminal import check_game, check_writable, fail
    from flickboard.envs.selfplay import SelfPlay, run, write
    from flickboard.errors import FlickboardError
    from flickboard.evaluation.jobs import RaySettings
    from flickboard.play.noise import check_level, level_help

    game = check_game(game).name
    if noise != "none":
        try:
            noise = check_level(noise)
        except FlickboardError:
            fail(f"--noise must be none or one of {level_help()}, got {noise!r}")
    if output.suffix not in (".parquet", ".npz"):
        fail(f"--output must end in .parquet or .npz, got {output.name!r}")
    if address is not None and not use_ray:
        fail("--address joins a Ray cluster: it cannot go with --no-ray")
    check_writable(output)
    check_writable(summary)
    settings = SelfPlay(game, a, b or a, pairs, seed, None if noise == "none" else noise)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    where = ("Ray at " + address if address else "local Ray") if use_ray else "local processes"
    try:
        with Progress(*columns, transient=True) as progress:
            task = progress.add_task(f"pairs of games ({where})", total=pairs)
            stats, data = run(
                settings,
                workers=workers,
                ray=RaySettings(address) if use_ray else None,
                on_pair=lambda: progress.advance(task),
            )
        write(output, data)
    except FlickboardError as exc:
        fail(str(exc))
    result: dict[str, Any] = {
        "game": game,
        "a": settings.a,
        "b": settings.b,
        "noise": noise,
        "seed": seed,
        "rows": len(data["pair"]),
        "a_v_b": stats.summary(),
    }
    low, high = result["a_v_b"]["wilson95"]
    typer.echo(
        f"{settings.a} v {settings.b}: {stats.a_score / stats.games:.3f} "
        f"[{low:.3f}, {high:.3f}] over {stats.games} games; "
        f"{result['rows']} shots written to {output}"
    )
    if summary is not None:
        summary.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


def register(app: typer.Typer) -> None:
    """Add ``selfplay`` to the command line."""
    app.command("selfplay")(selfplay)
