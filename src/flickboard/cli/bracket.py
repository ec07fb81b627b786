"""``flickboard event bracket ...``: fair-rules single elimination with consolation."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli.clubgames import add_game_commands
from flickboard.cli.clubinput import Score, club_desk, parse_result
from flickboard.cli.event import CsvOut, Db, Name, event_app, write_records_csv
from flickboard.cli.groups import command_group
from flickboard.events.elimination import Bracket, BracketMatch
from flickboard.store.bracket import BracketDesk

bracket_app = command_group(
    help="Fair-rules single elimination: the draw, game results, bracket and consolation.",
    no_args_is_help=True,
)


def _side(who: str | None, stage: int, names: dict[str, str]) -> str:
    if who is None:
        return "bye" if stage == 1 else "(to be decided)"
    return f"{who} {names.get(who, '')}"


def print_bracket(b: Bracket, names: dict[str, str], title: str) -> None:
    """Main draw and consolation draw, match by match."""
    for label, stages in (("main draw", b.main), ("consolation draw", b.consolation)):
        if not stages:
            continue
        table = Table(title=f"{title}: {label}")
        for col in ("Match", "Stage", "Best of", "Side 1", "Side 2", "Winner"):
            table.add_column(col)
        for stage in stages:
            for m in stage:
                table.add_row(
                    m.id,
                    str(m.stage),
                    str(m.best_of),
                    _side(m.sides[0], m.stage, names),
                    _side(m.sides[1], m.stage, names),
                    _side(m.winner, 0, names) if m.winner else "",
                )
        Console(width=140).print(table)
    if not b.consolation:
        typer.echo("consolation draw: after every first-round match is played")
    if b.champion:
        typer.echo(f"champion: {b.champion} {names.get(b.champion, '')}")
    if b.consolation_champion:
        typer.echo(f"consolation winner: {b.consolation_champion}")


def _json(m: BracketMatch) -> dict[str, object]:
    return {
        "id": m.id,
        "stage": m.stage,
        "sides": list(m.sides),
        "best_of": m.best_of,
        "winner": m.winner,
    }


@bracket_app.command("show")
def show(
    name: Name,
    db: Db = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of tables.")] = False,
    csv_out: CsvOut = None,
) -> None:
    """The bracket and the consolation draw."""
    with club_desk(BracketDesk, db) as desk:
        b = desk.bracket(name)
        write_records_csv(
            csv_out,
            [
                {
                    "draw": label,
                    "match": m.id,
                    "stage": m.stage,
                    "best_of": m.best_of,
                    "side1": m.sides[0] or "",
                    "side2": m.sides[1] or "",
                    "winner": m.winner or "",
                }
                for label, stages in (("main", b.main), ("consolation", b.consolation))
                for st in stages
                for m in st
            ],
        )
        if as_json:
            data = {
                "main": [[_json(m) for m in st] for st in b.main],
                "consolation": [[_json(m) for m in st] for st in b.consolation],
                "champion": b.champion,
                "consolation_champion": b.consolation_champion,
            }
            typer.echo(json.dumps(data, indent=2))
            return
        print_bracket(b, desk.names(name), name)


@bracket_app.command("result")
def result(
    name: Name,
    match_id: Annotated[str, typer.Option("--match", "-m", help="Match ID, e.g. M1-2 or C1-1.")],
    frames: Annotated[
        str | None,
        typer.Option("--rounds", help="Rounds' cancelled points, side 1 first: 40-0,0-25,..."),
    ] = None,
    score: Score = None,
    db: Db = None,
) -> None:
    """Enter a game of a match (to 100, cancellation scoring), its side 1 first."""
    with club_desk(BracketDesk, db) as desk:
        race = parse_result(frames, score, desk.target(name), crokinole=True)
        b = desk.enter_game(name, match_id, race)
        typer.echo(f"{match_id}: {race.totals[0]}-{race.totals[1]}")
        print_bracket(b, desk.names(name), name)


add_game_commands(bracket_app, BracketDesk)


def register(app: typer.Typer) -> None:
    """Add ``flickboard event bracket``."""
    del app
    event_app.add_typer(bracket_app, name="bracket")
