"""Replay a saved match record at the terminal, for any game: every shot ruled again,
then each game's table and the verdict; ``--shots`` shows it shot by shot (the ruling
and the board turned to the shooter), ``--picture DIR`` draws each shot as SVG.

Shots are labelled ``GAME.ROUND.SHOT`` (``1.2.5``: game 1, round or frame 2, its fifth
shot); ``--shot LABEL`` shows and draws only that one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from flickboard.cli.kernels import warm_kernels
from flickboard.cli.terminal import (
    TerminalGame,
    board_text,
    console_for_progress,
    facing,
    fail,
    read_json,
    show_ruling,
)
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.play.kind import GameKind, kind_of_record
from flickboard.play.match import GameEnd, Match, ShotAction, Step

RulingsOption = Annotated[bool, typer.Option(help="Print every shot's ruling.")]
ShotsOption = Annotated[
    bool, typer.Option(help="Show it shot by shot: each ruling and the board after it.")
]
ShotOption = Annotated[
    str | None, typer.Option(help="Show (and draw) only the shot GAME.ROUND.SHOT, e.g. 1.2.5.")
]
PicturesOption = Annotated[
    Path | None,
    typer.Option(help="Draw every shot (or --shot) as an SVG picture in this folder."),
]


@dataclass(frozen=True, slots=True)
class ShotLabel:
    """Where a shot stands in a match: game, round (frame) and shot, all from 1."""

    game: int
    round: int
    shot: int

    def __str__(self) -> str:
        return f"{self.game}.{self.round}.{self.shot}"

    @classmethod
    def parse(cls, text: str) -> ShotLabel:
        """``GAME.ROUND.SHOT``, e.g. ``1.2.5``."""
        parts = text.strip().split(".")
        if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
            raise InvalidInput(f"--shot must be GAME.ROUND.SHOT, e.g. 1.2.5, not {text!r}")
        game, rnd, shot = (int(p) for p in parts)
        return cls(game, rnd, shot)

    @property
    def file_name(self) -> str:
        """The picture's file name: ``shot-1.02.05.svg``."""
        return f"shot-{self.game}.{self.round:02d}.{self.shot:02d}.svg"


def load_record(file: Path, kind: GameKind) -> tuple[Match, dict[str, Any]]:
    """The match a record file holds, replayed; a record of another game is named."""
    data = read_json(file)
    try:
        if not kind.reads(data):
            other = kind_of_record(data)
            fail(f"{file} is a {other.title} record: flickboard replay {other.name} {file}")
        match = kind.match_from_json(data)
    except FlickboardError as exc:
        fail(f"{file}: {exc}")
    return match, data


def replay_shots(
    match: Match,
    game: TerminalGame,
    console: Console,
    *,
    names: dict[int, str],
    rulings: bool = False,
    boards: bool = False,
    picture: Path | None = None,
    only: ShotLabel | None = None,
) -> int:
    """Go through the match shot by shot, showing each ruling (``rulings``) and the board
    after it turned to the shooter (``boards``), and drawing it (``picture``); or only
    the shot labelled ``only``. The number of shots shown or drawn."""
    if not (rulings or boards or picture or only):
        return 0
    from flickboard.draw.picture import shot_svg, write_svg

    simulated = (a for a in match.history if isinstance(a, ShotAction) and a.record.shot)
    if picture is not None and any(simulated):
        warm_kernels(console_for_progress())  # paths are sampled from the physics again
    done = 0
    counts: dict[tuple[int, int], int] = {}
    for result in match.replay():
        if not isinstance(result, Step):
            reason = getattr(result, "reason", None)
            if rulings and only is None and reason:
                console.print(f"[yellow]{reason}[/yellow]")
            continue
        key = (result.game, result.round)
        counts[key] = counts.get(key, 0) + 1
        label = ShotLabel(result.game, result.round, counts[key])
        if only is not None and label != only:
            continue
        entry = result.entry
        seat = entry.turn.seat
        if rulings or boards or only is not None:
            who = names.get(seat, game.default_name(match, seat))
            console.rule(f"{label}: {who}")
            show_ruling(console, entry.ruling, who)
        if boards or only is not None:
            after = entry.ruling.position_after
            console.print(board_text(game, after, facing(match, after, seat)), end="")
        if picture is not None:
            svg = shot_svg(entry.position, entry.record, entry.turn.side, match.params)
            written = write_svg(picture / label.file_name, svg)
            console.print(f"picture: {written}")
        done += 1
    if only is not None and not done:
        fail(f"there is no shot {only} in this record")
    return done


def show_result(match: Match, game: TerminalGame, console: Console) -> None:
    """Each game's table and result, then the verdict (or that play was stopped)."""
    outcome = match.result()
    for end in outcome.games:
        console.print(game.game_table(match, end))
        console.print(end.summary)
    if not match.over:
        number = len(outcome.games) + 1
        console.print(game.game_table(match, GameEnd(number, None, (), "")))
        console.print(f"Match stopped in game {number}: no result.")
        return
    verdict = game.verdict(match, outcome)
    if verdict is not None:
        console.print(verdict)


def replay_file(
    file: Path,
    kind: GameKind,
    game: Callable[[Match], TerminalGame],
    console: Console,
    *,
    rulings: bool,
    shots: bool,
    shot: str | None,
    picture: Path | None,
) -> tuple[Match, dict[str, str]]:
    """The body of every ``replay GAME FILE`` command: the record replayed, shown shot by
    shot as asked, then each game's table and the verdict; the match and the record's
    tags."""
    if picture is not None:
        if picture.exists() and not picture.is_dir():
            fail(f"--picture {picture}: not a folder (pictures are written into a folder)")
        try:
            picture.mkdir(parents=True, exist_ok=True)  # made if missing, as the README says
        except OSError as exc:
            fail(f"--picture {picture}: cannot make the folder: {exc.strerror or exc}")
    try:
        only = ShotLabel.parse(shot) if shot is not None else None
    except FlickboardError as exc:
        fail(str(exc))
    match, data = load_record(file, kind)
    face = game(match)
    tags = {str(k): str(v) for k, v in (data.get("tags") or {}).items()}
    names = {s: face.default_name(match, s) for s in match.seats}
    names.update(face.names_from_tags(match, tags))
    replay_shots(
        match,
        face,
        console,
        names=names,
        rulings=rulings or shots,
        boards=shots,
        picture=picture,
        only=only,
    )
    show_result(match, face, console)
    return match, tags
