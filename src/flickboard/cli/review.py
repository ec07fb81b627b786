"""``flickboard review GAME RECORD``: the coach's review of a game record (or of every
record in a folder, with each player's trend), with progress, a printed summary and the
review as JSON (docs/review.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from flickboard.agents.review import Review


def parse_levels(levels: list[str]) -> tuple[str | None, dict[int, str]]:
    """``--level`` values: a LEVEL for every seat, or SEAT=LEVEL; raises InvalidInput."""
    from flickboard.errors import InvalidInput
    from flickboard.play.noise import check_level

    every: str | None = None
    by_seat: dict[int, str] = {}
    for text in levels:
        seat, sep, level = text.partition("=")
        if not sep:
            every = check_level(text.strip().lower())
        elif seat.strip().isdigit():
            by_seat[int(seat)] = check_level(level.strip().lower())
        else:
            raise InvalidInput(
                f"--level takes LEVEL or SEAT=LEVEL (e.g. 2=top-competitive), not {text!r}"
            )
    return every, by_seat


def review(
    game: Annotated[str, typer.Argument(help="crokinole or shuffleboard.")],
    record: Annotated[
        Path, typer.Argument(help="A game or match record (JSON), or a folder of them.")
    ],
    seat: Annotated[
        list[int] | None, typer.Option(help="Seat to review (repeatable; default every seat).")
    ] = None,
    level: Annotated[
        list[str] | None,
        typer.Option(
            help="Skill level whose noise shots are weighed under: LEVEL, or SEAT=LEVEL "
            "(repeatable); default competitive."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    output: Annotated[Path | None, typer.Option(help="Write the review JSON here.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the review's draws.")] = 0,
) -> None:
    """Review a game: each shot's expected loss and label, the shot meant and the best
    shot, each player's accuracy; a folder gives each player's trend across games."""
    from flickboard.agents.review import DEFAULT_LEVEL, review_record, trends
    from flickboard.cli.terminal import check_writable, fail, read_json
    from flickboard.errors import FlickboardError
    from flickboard.play.kind import game_kind

    check_writable(output)
    try:
        kind = game_kind(game)
        every, by_seat = parse_levels(level or [])
    except FlickboardError as exc:
        fail(str(exc))
    if record.is_dir():
        files = sorted(record.glob("*.json"))
        if not files:
            fail(f"{record}: no .json records in this folder")
    elif record.exists():
        files = [record]
    else:
        fail(f"cannot read {record}: no such file or folder")
    reviews: list[tuple[str, Review]] = []
    for file in files:
        data = read_json(file)
        if not kind.reads(data):
            fail(f"{file} is not a {kind.title} record")
        try:
            done = _review_one(
                file, data, seat, every or DEFAULT_LEVEL, by_seat, seed, review_record
            )
        except FlickboardError as exc:
            fail(f"{file}: {exc}")
        reviews.append((file.name, done))
    result: dict[str, Any]
    if len(reviews) == 1 and not record.is_dir():
        result = reviews[0][1].to_json()
    else:
        result = {
            "format": "flickboard/review-trend",
            "reviews": [{"source": s, **r.to_json()} for s, r in reviews],
            "trends": [t.to_json() for t in trends(reviews)],
        }
    text = json.dumps(result, indent=1)
    if output is not None:
        output.write_text(text + "\n", encoding="utf-8")
    if as_json:
        typer.echo(text)
        return
    _summary(reviews, record.is_dir())
    if output is not None:
        typer.echo(f"review: {output}")


def _review_one(
    file: Path,
    data: Any,
    seats: list[int] | None,
    level: str,
    by_seat: dict[int, str],
    seed: int,
    review_record: Any,
) -> Review:
    """One record reviewed with a progress bar on stderr."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from flickboard.cli.kernels import warm_kernels
    from flickboard.cli.terminal import console_for_progress

    console = console_for_progress()
    warm_kernels(console)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(f"reviewing {file.name}", total=None)

        def told(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        out: Review = review_record(
            data, seats=seats, level=level, levels=by_seat, seed=seed, progress=told
        )
        return out


def _summary(reviews: list[tuple[str, Review]], folder: bool) -> None:
    """Each player's accuracy and costliest shots; a folder adds the trends."""
    from rich.console import Console

    from flickboard.agents.review import LABELS, trends

    console = Console(highlight=False)
    for source, rev in reviews:
        console.print(f"[bold]{source}[/bold]: {rev.game} review ({rev.rules})")
        for p in rev.players:
            labels = ", ".join(f"{name} {p.labels.get(name, 0)}" for name in LABELS)
            console.print(
                f"{p.name} (game {p.game}, seat {p.seat}, weighed as {p.level}): accuracy "
                f"{p.accuracy:.1f} over {p.shots} shots; {labels}; open 20s missed "
                f"{p.open_20s_missed}, takeouts missed {p.takeouts_missed}"
            )
        for p in rev.players:
            console.print(f"[bold]{p.name}[/bold] (game {p.game}), costliest shots:")
            for i in p.costliest:
                s = rev.shots[i]
                console.print(
                    f"  {s.game}.{s.round}.{s.number} {s.label} "
                    f"(-{100 * s.expected_loss:.1f} %): {s.comment}; best: {s.best.words}"
                )
        for i, swing in rev.moments():
            s = rev.shots[i]
            console.print(
                f"key moment {s.game}.{s.round}.{s.number}: {100 * swing:+.0f} points of "
                f"winning chance for "
                f"{_player_name(rev, s.game, s.seat)}; best: {s.best.words}"
            )
    if folder:
        for t in trends(reviews):
            points = " ".join(f"{a:.0f}" for a in t.accuracies)
            console.print(f"{t.name}: accuracy {points} (trend {t.slope:+.1f} a game)")


def _player_name(rev: Review, game: int, seat: int) -> str:
    """The name of the player of a seat in a game of a review."""
    return next(p.name for p in rev.players if p.game == game and p.seat == seat)


def register(app: typer.Typer) -> None:
    """Add ``review`` to the command line."""
    app.command("review")(review)
