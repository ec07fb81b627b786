"""``flickboard bench ai``: the AI evaluation harness (see flickboard.bench.ai)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from flickboard.agents.planner import PlannerBudget
from flickboard.agents.search import SearchBudget
from flickboard.cli.groups import subgroup
from flickboard.cli.terminal import check_game, check_writable, fail
from flickboard.errors import FlickboardError
from flickboard.play.noise import check_level, level_help

PLANNER = PlannerBudget()
SEARCH = SearchBudget()
"""The default budgets, which the options start from."""

OUTPUT = Path("ai-bench.json")
"""The results' default file (in the current folder)."""


def bench_ai(
    game: Annotated[str, typer.Option(help="crokinole or shuffleboard.")] = "crokinole",
    level: Annotated[
        str, typer.Option(help="Skill level of the players in games.")
    ] = "competitive",
    calibration_shots: Annotated[
        int, typer.Option(min=0, help="Shots per level (0: skip).")
    ] = 2000,
    takeout_trials: Annotated[int, typer.Option(min=0, help="Takeout trials (crokinole).")] = 100,
    pairs: Annotated[int, typer.Option(min=0, help="Pairs of games for each ladder step.")] = 10,
    equal_pairs: Annotated[
        int, typer.Option(min=0, help="Pairs of games planner v planner (hammer rate).")
    ] = 10,
    samples: Annotated[
        int, typer.Option(min=1, help="Planner: executions per candidate.")
    ] = PLANNER.samples,
    candidates: Annotated[
        int, typer.Option(min=1, help="Planner: candidates weighed.")
    ] = PLANNER.candidates,
    refine_rounds: Annotated[
        int, typer.Option(min=0, help="Planner: cross-entropy rounds.")
    ] = PLANNER.refine_rounds,
    top: Annotated[int, typer.Option(min=1, help="Search: own candidates searched.")] = SEARCH.top,
    outcomes: Annotated[
        int, typer.Option(min=1, help="Search: executions per candidate.")
    ] = SEARCH.outcomes,
    replies: Annotated[
        int, typer.Option(min=1, help="Search: opponent replies weighed.")
    ] = SEARCH.replies,
    widen: Annotated[
        int | None,
        typer.Option(
            min=0, help="Search: shots sampled beyond the planner's (default: the game's)."
        ),
    ] = SEARCH.widen,
    workers: Annotated[
        int,
        typer.Option(
            min=1, help="Processes playing pairs of games at once (same games and results)."
        ),
    ] = 1,
    use_ray: Annotated[
        bool,
        typer.Option("--ray", help="Spread pairs of games over Ray (a local cluster by default)."),
    ] = False,
    address: Annotated[
        str | None, typer.Option(help="With --ray: join the Ray cluster at HOST:PORT.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of every run.")] = 1,
    matches: Annotated[
        str,
        typer.Option(
            help="Comma-separated: planner-heuristic, search-planner, planner-planner, "
            "planner-baseline (needs --baseline)."
        ),
    ] = "planner-heuristic,search-planner,planner-planner",
    baseline: Annotated[
        Path | None,
        typer.Option(help="A flickboard src folder whose planner is the baseline (git archive)."),
    ] = None,
    opening_decisions: Annotated[
        int, typer.Option(min=0, help="The planner's own opening shots per level (0: skip).")
    ] = 0,
    level_pairs: Annotated[
        int, typer.Option(min=0, help="Pairs of planner v planner games at every level.")
    ] = 0,
    midround_positions: Annotated[
        int, typer.Option(min=0, help="Mid-round positions the decision times are taken on.")
    ] = 0,
    realism: Annotated[
        bool,
        typer.Option(
            "--realism",
            help="Only this: equal-level games at every tier against real rounds (20s, "
            "hammer, ties, invalid shots, explanations); JSON to ai-realism.json unless "
            "--output says otherwise.",
        ),
    ] = False,
    realism_games: Annotated[
        int, typer.Option(min=1, help="With --realism: crokinole games at each tier.")
    ] = 60,
    realism_words_games: Annotated[
        int,
        typer.Option(
            min=0,
            help="With --realism: then table shuffleboard games at each tier whose "
            "decisions are checked (invalid shots, words against the shot as meant).",
        ),
    ] = 10,
    data: Annotated[
        Path | None,
        typer.Option(
            help="With --realism: the real rounds (CSV, gzipped or not; default: the 3,884 "
            "tour games shipped with flickboard)."
        ),
    ] = None,
    search_ladder: Annotated[
        int,
        typer.Option(
            min=0,
            help="Only this: PAIRS pairs of games, the default search v today's (classic) at "
            "--level, on --workers processes; JSON to ai-GAME-search-ladder.json (unless "
            "--output says otherwise) after every pair; run again to carry on a run cut short.",
        ),
    ] = 0,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = OUTPUT,
    plot: Annotated[Path | None, typer.Option(help="Plot PNG (default: next to the JSON).")] = None,
) -> None:
    """Open-20 (or three-zone) rates by level, the AI's own opening shots, takeouts,
    paired games (the ladder, games by level), decision times."""
    from flickboard.bench.ai import Settings, report, run
    from flickboard.bench.ai import plot as draw_plot

    if realism:
        _realism(realism_games, realism_words_games, seed, workers, data, output)
        return
    if search_ladder:
        _search_ladder(game, level, search_ladder, seed, workers, output)
        return

    game = check_game(game).name
    try:
        level = check_level(level)
    except FlickboardError:
        fail(f"--level must be one of {level_help()}, got {level!r}")
    if baseline is not None and not (baseline / "flickboard" / "__init__.py").is_file():
        fail(f"--baseline must be a flickboard src folder (with flickboard/ in it): {baseline}")
    if address is not None and not use_ray:
        fail("--address joins a Ray cluster: give --ray too")
    png = plot or output.with_suffix(".png")
    check_writable(output)
    check_writable(png)
    try:
        planner = PlannerBudget(samples, candidates, refine_rounds)
        # The search keeps its own planner budget unless the planner's options are given.
        inner = SEARCH.planner if planner == PLANNER else planner
        search = SearchBudget(inner, widen=widen, top=top, outcomes=outcomes, replies=replies)
    except ValueError as exc:
        fail(str(exc))
    settings = Settings(
        game=game,
        calibration_shots=calibration_shots,
        takeout_trials=takeout_trials,
        ladder_pairs=pairs,
        equal_pairs=equal_pairs,
        planner=planner,
        search=search,
        level=level,
        seed=seed,
        matches=tuple(m.strip() for m in matches.split(",") if m.strip()),
        workers=workers,
        baseline=baseline,
        opening_decisions=opening_decisions,
        level_pairs=level_pairs,
        midround_positions=midround_positions,
        ray=use_ray,
        address=address,
    )
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    try:
        with Progress(*columns, transient=True) as progress:
            result = run(settings, progress)
    except (FlickboardError, ValueError) as exc:
        fail(str(exc))
    output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    draw_plot(result, png)
    typer.echo(report(result))
    typer.echo(f"results: {output}, plot: {png}")


def _realism(
    games: int, words_games: int, seed: int, workers: int, data: Path | None, output: Path
) -> None:
    """``--realism``: the JSON is rewritten after every game (a run cut short keeps what
    it played)."""
    from flickboard.bench.ai_realism import REAL_DATA, add_words, realism_report, run_realism

    out = Path("ai-realism.json") if output == OUTPUT else output
    check_writable(out)
    if data is not None and not data.is_file():
        fail(f"--data: no real rounds at {data}")

    def save(result: dict[str, object]) -> None:
        out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")

    try:
        real = REAL_DATA if data is None else data
        result = run_realism(games, seed, workers=workers, data=real, on_progress=save)
        if words_games:
            result = add_words(result, words_games, workers=workers, on_progress=save)
    except (FlickboardError, ValueError) as exc:
        fail(str(exc))
    typer.echo(realism_report(result))
    typer.echo(f"results: {out}")


def _search_ladder(
    game: str, level: str, pairs: int, seed: int, workers: int, output: Path
) -> None:
    """``--search-ladder``: the JSON is rewritten after every pair of games."""
    from flickboard.bench.ai_ladder import ladder_report, search_ladder

    out = Path(f"ai-{game}-search-ladder.json") if output == OUTPUT else output
    check_writable(out)
    try:
        level = check_level(level)
        result = search_ladder(
            game, level, pairs, seed, out, on_pair=lambda r: typer.echo(ladder_report(r)),
            workers=workers,
        )  # fmt: skip
    except (FlickboardError, ValueError) as exc:
        fail(str(exc))
    typer.echo(ladder_report(result))
    typer.echo(f"results: {out}")


def register(app: typer.Typer) -> None:
    """Add ``bench ai`` to the command line."""
    subgroup(app, "bench").command("ai")(bench_ai)
