"""``flickboard event csc ...``: CSC double round robin with playoffs (Part VI 8)."""

from __future__ import annotations

import json
from typing import Annotated, Literal

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli.clubgames import add_game_commands
from flickboard.cli.clubinput import Frames, Score, club_desk, one_of, parse_result
from flickboard.cli.event import (
    CsvOut,
    Db,
    Name,
    Referee,
    event_app,
    service_of,
    signed,
    write_records_csv,
)
from flickboard.cli.groups import command_group
from flickboard.events.csc import games_text
from flickboard.store.csc import CscDesk, CscState

csc_app = command_group(
    help="CSC double round robin: games, aggregate points, sudden death for tied playoff "
    "places, best-of-three semi-final and final.",
    no_args_is_help=True,
)

Home = Annotated[str, typer.Option("--home", help="Home (red) team ID, as drawn.")]
Visitors = Annotated[str, typer.Option("--visitors", help="Visiting team ID, as drawn.")]


def print_state(st: CscState, names: dict[str, str], title: str) -> None:
    """Aggregate standings with reasons, then the playoffs."""
    table = Table(title=f"{title}: aggregate points")
    for col in ("Place", "Team", "Name", "Pts", "Games", "Scored", "Playoffs: why"):
        table.add_column(col)
    for x in st.standings:
        table.add_row(
            f"{x.place}{'=' if x.tied else ''}",
            x.team,
            names[x.team],
            str(x.points),
            str(x.games),
            str(x.scored),
            st.reasons[x.team],
        )
    Console(width=160).print(table)
    if st.field is None:
        typer.echo(f"double round robin: {games_text(st.remaining)} to play")
        return
    if st.field.pending is not None:
        group, what = st.field.pending
        stage = "first" if what == "first place" else "semi"
        typer.echo(
            f"sudden death needed for {what} among {', '.join(group)}: "
            f"flickboard event csc sudden-death --for {stage} ..."
        )
        return
    semi = " v ".join(st.field.semi)
    typer.echo(f"semi-final (best of three): {semi}; games won by {', '.join(st.semi) or '-'}")
    if st.result is not None and st.result.semi_winner is not None:
        typer.echo(
            f"final (best of three): {st.field.first} v {st.result.semi_winner}; "
            f"games won by {', '.join(st.final) or '-'}"
        )
    if st.result is not None and st.result.champion is not None:
        typer.echo(f"champion: {st.result.champion} {names[st.result.champion]}")


@csc_app.command("games")
def games(name: Name, db: Db = None) -> None:
    """The drawn round-robin games and their results."""
    with club_desk(CscDesk, db) as desk:
        names = desk.names(name)
        table = Table(title=f"{name}: double round robin")
        for col in ("Round", "Home (red)", "Visitors", "Result"):
            table.add_column(col)
        for g in desk.state(name).games:
            res = "" if g.result is None else f"{g.result.totals[0]}-{g.result.totals[1]}"
            table.add_row(
                str(g.round_no),
                f"{g.home} {names[g.home]}",
                f"{g.visitors} {names[g.visitors]}",
                res,
            )
        Console(width=140).print(table)


@csc_app.command("result")
def result(
    name: Name,
    round_no: Annotated[int, typer.Option("--round", "-r", help="Draw round.")],
    home: Home,
    visitors: Visitors,
    frames: Frames = None,
    score: Score = None,
    db: Db = None,
) -> None:
    """Enter a round-robin game, home team first."""
    with club_desk(CscDesk, db) as desk:
        race = parse_result(frames, score, desk.target(name))
        st = desk.enter_game(name, round_no, home, visitors, race)
        typer.echo(
            f"round {round_no}: {home} {race.totals[0]}-{race.totals[1]} {visitors}; "
            f"{games_text(st.remaining)} to play"
        )


@csc_app.command("sudden-death")
def sudden_death(
    name: Name,
    stage: Annotated[
        str, typer.Option("--for", help="first (tie for first) or semi (semi-final places).")
    ],
    home: Home,
    visitors: Visitors,
    frames: Frames = None,
    score: Score = None,
    db: Db = None,
) -> None:
    """A sudden-death single game between two tied teams still in the draw (8.2 e)."""
    with club_desk(CscDesk, db) as desk:
        which: Literal["first", "semi"] = one_of(stage, "--for", ("first", "semi"))
        race = parse_result(frames, score, desk.target(name))
        st = desk.sudden_death(name, which, (home, visitors), race)
        print_state(st, desk.names(name), name)


@csc_app.command("playoff")
def playoff(
    name: Name,
    series: Annotated[str, typer.Option("--series", help="semi or final.")],
    frames: Frames = None,
    score: Score = None,
    db: Db = None,
) -> None:
    """A game of the best-of-three semi-final or final (first-named team first)."""
    with club_desk(CscDesk, db) as desk:
        which: Literal["semi", "final"] = one_of(series, "--series", ("semi", "final"))
        st = desk.playoff_game(name, which, parse_result(frames, score, desk.target(name)))
        print_state(st, desk.names(name), name)


@csc_app.command("standings")
def standings(
    name: Name,
    db: Db = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of tables.")] = False,
    csv_out: CsvOut = None,
) -> None:
    """Aggregate standings, the playoff field with reasons, and the playoffs."""
    with club_desk(CscDesk, db) as desk:
        st = desk.state(name)
        names = desk.names(name)
        write_records_csv(csv_out, st.rows(names))
        if not as_json:
            print_state(st, names, name)
            return
        typer.echo(json.dumps(st.as_dict(names), indent=2))


@csc_app.command("offence")
def offence(
    name: Name,
    player: Annotated[str, typer.Option(help="ID of the entered player.")],
    act: Annotated[str, typer.Option(help="What the player did (the offence or act).")],
    referee: Referee,
    db: Db = None,
) -> None:
    """CSC VI 12: an entered player's offence or act detrimental to the game, signed by a
    referee's account: the player forfeits his or her share of any prize and is
    suspended from further Congress sponsored tournaments."""
    with club_desk(CscDesk, db) as desk:
        st = service_of(desk).csc.offence(signed(desk, referee), name, player, act)
        typer.echo(st.offences[-1].describe(desk.names(name)))


add_game_commands(csc_app, CscDesk)


def register(app: typer.Typer) -> None:
    """Add ``flickboard event csc``."""
    del app
    event_app.add_typer(csc_app, name="csc")
