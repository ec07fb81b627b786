"""``flickboard example``: a valid example of every file flickboard reads.

Board and table positions, shot files, hand-entered shots, event and club event files
and entrants come from the examples shipped with the package (``flickboard/examples``);
match records are made on the spot by a short seeded game of bots, so they always load.
Each example names the command that reads it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from flickboard.cli.terminal import console_for_cli, console_for_progress, fail, write_text
from flickboard.play.driver import Observer, play_match, play_turn, seat_players
from flickboard.play.kind import new_match
from flickboard.play.view import Player


@dataclass(frozen=True, slots=True)
class Example:
    """One example file: its name on disk, what it is, the commands that read it
    (``FILE`` stands for its path), and how it is made."""

    file: str
    what: str
    commands: tuple[str, ...]
    make: Callable[[], str]


def shipped(file: str) -> Callable[[], str]:
    """An example shipped with the package."""
    return lambda: resources.files("flickboard").joinpath("examples", file).read_text("utf-8")


def _bots(game: str) -> list[Player]:
    from flickboard.agents.spec import player_from_spec

    return [player_from_spec("bot", game, seed, name) for seed, name in ((1, "Ann"), (2, "Joe"))]


def crokinole_record() -> str:
    """A crokinole match stopped in its first round (as after 'quit' or Ctrl-C)."""
    match = new_match("crokinole", rules="wcc")
    bots = seat_players(match, _bots("crokinole"))
    for _ in range(6):
        play_turn(match, bots, Observer())
    tags = {"Side1": "Ann", "Side2": "Joe", "Players": "red=bot, green=bot"}
    return json.dumps(match.to_json(tags), separators=(",", ":")) + "\n"


def shuffleboard_record() -> str:
    """A table shuffleboard game to 3 points, played to its end by two bots."""
    match = new_match("shuffleboard", target=3)
    play_match(match, _bots("shuffleboard"))
    tags = {"Player1": "Ann", "Player2": "Joe", "Players": "red=bot, green=bot"}
    return json.dumps(match.to_json(tags), separators=(",", ":")) + "\n"


EXAMPLES: dict[str, Example] = {
    "crokinole-board": Example(
        "crokinole-board.json",
        "a crokinole board: discs by colour and place (inches), 20s taken off",
        ("flickboard score crokinole FILE",),
        shipped("crokinole-board.json"),
    ),
    "crokinole-shot": Example(
        "crokinole-shot.json",
        "a shot played on a real crokinole board, entered by hand",
        ("flickboard rule crokinole FILE",),
        shipped("crokinole-shot.json"),
    ),
    "shuffleboard-table": Example(
        "shuffleboard-table.json",
        "a table shuffleboard frame: weights by colour and place (metres)",
        ("flickboard score shuffleboard FILE",),
        shipped("shuffleboard-table.json"),
    ),
    "shot": Example(
        "shot.json",
        "a shot to simulate: the discs at rest, the shot, its physics",
        ("flickboard shoot --file FILE",),
        shipped("shot.json"),
    ),
    "event": Example(
        "event.yaml",
        "a crokinole event (round robin) with a validated scorecard",
        ("flickboard standings FILE", "flickboard event create FILE"),
        shipped("event.yaml"),
    ),
    "new-event": Example(
        "new-event.yaml",
        "a crokinole event (preliminary) before its entrants are all in",
        ("flickboard event create FILE",),
        shipped("new-event.yaml"),
    ),
    "league": Example(
        "league.yaml",
        "a table shuffleboard league of four-person teams",
        ("flickboard event create FILE",),
        shipped("league.yaml"),
    ),
    "entrants": Example(
        "entrants.csv",
        "entrants to add to an event before its first draw (CSV: id, name, gender)",
        ("flickboard event entrants 'Spring open' FILE",),
        shipped("entrants.csv"),
    ),
    "crokinole-record": Example(
        "crokinole-record.json",
        "a crokinole match record, stopped after six shots",
        ("flickboard replay crokinole FILE --shots", "flickboard match crokinole --resume FILE"),
        crokinole_record,
    ),
    "shuffleboard-record": Example(
        "shuffleboard-record.json",
        "a table shuffleboard game record, to 3 points",
        ("flickboard replay shuffleboard FILE --shots",),
        shuffleboard_record,
    ),
}
"""Every example by name."""


def example(
    name: Annotated[
        str | None, typer.Argument(help="Which example (none: list them; 'all': every one).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Argument(
            help="Write it to this file (for 'all': this folder); without it the example is "
            "printed."
        ),
    ] = None,
) -> None:
    """Write a valid example of any file flickboard reads (none named: list them)."""
    console = console_for_cli()
    if name is None:
        table = Table(title="Examples (flickboard example NAME [FILE], or 'all' FOLDER)")
        for column in ("name", "what it is", "read by"):
            table.add_column(column)
        for key, ex in EXAMPLES.items():
            table.add_row(key, ex.what, "\n".join(ex.commands).replace("FILE", ex.file))
        console.print(table)
        return
    if name == "all":
        if out is None or not out.is_dir():
            fail("'example all FOLDER' writes every example into an existing folder")
        for key in EXAMPLES:
            _write(key, out / EXAMPLES[key].file)
        return
    if name not in EXAMPLES:
        fail(f"no example {name!r}; examples: {', '.join(EXAMPLES)} (or all)")
    if out is None:
        typer.echo(_made(name), nl=False)
        return
    if not out.parent.is_dir():
        fail(f"cannot write {out}: folder {out.parent} does not exist")
    _write(name, out)


def _made(name: str) -> str:
    if name.endswith("-record"):
        from flickboard.cli.kernels import warm_kernels

        warm_kernels(console_for_progress())
    return EXAMPLES[name].make()


def _write(name: str, path: Path) -> None:
    write_text(path, _made(name))
    commands = "; ".join(c.replace("FILE", str(path)) for c in EXAMPLES[name].commands)
    console_for_cli().print(f"wrote {path} ({EXAMPLES[name].what}); try: {commands}")


def register(app: typer.Typer) -> None:
    """Add ``example`` to the top level."""
    app.command("example")(example)
