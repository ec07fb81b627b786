"""``flickboard bench rulings``: the compiled referee core against the Python referee."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from flickboard.cli.groups import subgroup


def bench_rulings(
    shots: Annotated[
        int, typer.Option(min=1, help="Fuzzed shots per game (every rule set rules them all).")
    ] = 1_000_000,
    compare: Annotated[
        int | None,
        typer.Option(min=0, help="Shots the Python referee also rules (default: all)."),
    ] = None,
    per_position: Annotated[int, typer.Option(min=1, help="Shots from each position.")] = 200,
    game: Annotated[
        str, typer.Option(help="crokinole, shuffleboard or both (comma-separated).")
    ] = "crokinole,shuffleboard",
    seed: Annotated[int, typer.Option(help="Seed of the fuzz.")] = 23,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = Path("rulings.json"),
) -> None:
    """Fuzzed shots ruled by the compiled core and the Python referee: disagreements, speed."""
    from flickboard.bench.rulings import Settings, report, run
    from flickboard.cli.terminal import check_writable, fail

    check_writable(output)
    games = tuple(g.strip() for g in game.split(",") if g.strip())
    unknown = sorted(set(games) - {"crokinole", "shuffleboard"})
    if not games or unknown:
        fail(f"--game takes crokinole and/or shuffleboard, got {game!r}")
    settings = Settings(
        shots=shots, per_position=per_position, compare=compare, seed=seed, games=games
    )

    def write(result: dict[str, object]) -> None:
        output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")

    result = run(settings, progress=lambda text: typer.echo(text, err=True), checkpoint=write)
    write(result)
    typer.echo(report(result))
    typer.echo(f"results: {output}")


def register(app: typer.Typer) -> None:
    """Add ``bench rulings`` to the command line."""
    subgroup(app, "bench").command("rulings")(bench_rulings)
