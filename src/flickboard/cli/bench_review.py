"""``flickboard bench review``: the game review's validity (the levels in order, blunders
found, the champion AI's choices judged good) and its time per game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from flickboard.cli.groups import subgroup


def bench_review(
    games: Annotated[int, typer.Option(min=2, help="AI-v-AI games per level.")] = 20,
    blunders: Annotated[int, typer.Option(min=1, help="Constructed bad shots per game.")] = 50,
    champion_games: Annotated[
        int, typer.Option(min=1, help="Champion planner games whose choices are judged.")
    ] = 1,
    timed: Annotated[int, typer.Option(min=1, help="Crokinole games whose review is timed.")] = 3,
    reviewer: Annotated[
        str, typer.Option(help="Level the ladder's games are reviewed at.")
    ] = "champion",
    seed: Annotated[int, typer.Option(help="Seed of every run.")] = 1,
    workers: Annotated[
        int, typer.Option(min=1, help="Processes playing and reviewing the ladder's games.")
    ] = 1,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = Path("review-bench.json"),
) -> None:
    """Review validity: accuracy by AI level in order, blunders labelled, champion choices
    best or good, median CPU seconds to review a 4-round crokinole game."""
    from flickboard.bench.review import Settings, report, run
    from flickboard.cli.terminal import check_writable, fail
    from flickboard.errors import FlickboardError
    from flickboard.play.noise import check_level

    check_writable(output)

    def save(result: dict[str, object]) -> None:
        output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")

    try:
        check_level(reviewer)
        settings = Settings(
            games=games, reviewer=reviewer, blunders=blunders, champion_games=champion_games,
            timed=timed, seed=seed, workers=workers,
        )  # fmt: skip
        result = run(settings, progress=lambda text: typer.echo(text, err=True), save=save)
    except FlickboardError as exc:
        fail(str(exc))
    save(result)
    typer.echo(report(result))
    typer.echo(f"results: {output}")


def register(app: typer.Typer) -> None:
    """Add ``bench review`` to the command line."""
    subgroup(app, "bench").command("review")(bench_review)
