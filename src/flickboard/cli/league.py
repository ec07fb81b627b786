"""``flickboard event league ...``: CSC six- and four-person league nights (Part VII)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli.clubgames import add_game_commands
from flickboard.cli.clubinput import Frames, Score, club_desk, parse_result
from flickboard.cli.event import CsvOut, Db, Name, event_app, write_records_csv
from flickboard.cli.groups import command_group
from flickboard.errors import InvalidInput
from flickboard.events.leagues import FOUR_PERSON_ROTATION, SIX_PERSON_ROTATION, Forfeit, LeagueGame
from flickboard.store.acting import Actor
from flickboard.store.league import LeagueDesk, LeagueMatch, fmt_points

league_app = command_group(
    help="CSC leagues (six- and four-person): rotation, line-ups with ends, substitutions, "
    "changes of ends, results, forfeits for delay, postponements, match points and standings.",
    no_args_is_help=True,
)

Night = Annotated[
    int,
    typer.Option(
        "--night",
        "-n",
        "--round",
        "-r",
        help="League night (round) number; -r/--round as in enter.",
    ),
]
Team = Annotated[str, typer.Option("--team", "-t", help="Team ID (either team of the match).")]
Game = Annotated[int, typer.Option("--game", "-g", help="Game number in the rotation.")]
During = Annotated[
    bool, typer.Option("--during", help="It was made during the game, not before it.")
]


def _console() -> Console:
    return Console(width=140)


def _result(g: LeagueGame | None, teams: tuple[str, str]) -> str:
    if g is None:
        return ""
    if isinstance(g, Forfeit):
        return f"forfeited by {teams[g.side]} (delay)"
    return f"{g.totals[0]}-{g.totals[1]}"


def _who(players: list[tuple[str, ...]] | None, game: int, k: int, names: dict[str, str]) -> str:
    if players is None:
        return "(line-up not set)"
    p = players[game - 1][k]
    return f"{p} {names.get(p, '')}".strip()


def _pair(m: LeagueMatch, game: int, side: int, names: dict[str, str]) -> str:
    """A six-person pair in a game, the left-end player first (VII 7)."""
    if m.players[side] is None:
        return "(line-up not set)"
    return " & ".join(_who(m.players[side], game, k, names) for k in (0, 1))


def print_rotation(m: LeagueMatch, names: dict[str, str]) -> None:
    """The CSC rotation table of the match with the players' names filled in."""
    home, vis = m.teams
    title = f"Night {m.night}: {names[home]} (home, red) v {names[vis]} (visitors)"
    table = Table(title=title)
    if m.kind == "six":
        for col in ("Round", "Game", "Home (LE & RE)", "", "Visitors (LE & RE)", "Result"):
            table.add_column(col)
        for g in SIX_PERSON_ROTATION:
            table.add_row(
                str(g.round),
                str(g.game),
                f"{g.home}: {_pair(m, g.game, 0, names)}",
                "vs",
                f"{g.visitors}: {_pair(m, g.game, 1, names)}",
                _result(m.games[g.game - 1], m.teams),
            )
    else:
        for col in ("Round", "Game", "Home", "End", "Visitors", "End", "Result"):
            table.add_column(col)
        for g4 in FOUR_PERSON_ROTATION:
            for k in (0, 1):
                (hn, he), (vn, ve) = g4.home[k], g4.visitors[k]
                table.add_row(
                    str(g4.round) if k == 0 and g4.game % 3 == 1 else "",
                    f"Game {g4.game}" if k == 0 else "",
                    f"H{hn} {_who(m.players[0], g4.game, k, names)}",
                    f"({he})",
                    f"V{vn} {_who(m.players[1], g4.game, k, names)}",
                    f"({ve})",
                    _result(m.games[g4.game - 1], m.teams) if k == 0 else "",
                )
    _console().print(table)
    for note in m.notes():
        typer.echo(note)


def print_match(m: LeagueMatch, names: dict[str, str]) -> None:
    """Round totals and match points of a match."""
    home, vis = m.teams
    for r in range(1, len(m.games) // 3 + 1):
        totals = m.round_totals(r)
        if totals is None:
            typer.echo(f"round {r}: not complete")
            continue
        line = f"round {r}: total points {home} {totals[0]} - {totals[1]} {vis}"
        if m.kind == "four":
            a, b = totals
            extra = f"{home} +1" if a > b else f"{vis} +1" if b > a else "½ each"
            line += f"; round point: {extra}"
        typer.echo(line)
    state = "final" if m.complete else "so far"
    typer.echo(
        f"match points ({state}): {names[home]} {fmt_points(m.points[0])} - "
        f"{fmt_points(m.points[1])} {names[vis]}"
    )


@league_app.command("schedule")
def schedule(name: Name, db: Db = None) -> None:
    """The league's nights: who plays whom, home team first."""
    with club_desk(LeagueDesk, db) as desk:
        names = desk.names(name)
        for night, home, vis in desk.nights(name):
            typer.echo(f"night {night}: {home} {names[home]} (home) v {vis} {names[vis]}")


@league_app.command("rotation")
def rotation(name: Name, night: Night, db: Db = None) -> None:
    """The night's rotation table(s), names filled in from the line-ups."""
    with club_desk(LeagueDesk, db) as desk:
        names = desk.names(name)
        for m in desk.night(name, night):
            print_rotation(m, names)


@league_app.command("lineup")
def lineup(
    name: Name,
    night: Night,
    team: Team,
    slots: Annotated[
        list[str],
        typer.Argument(
            help="Six-person: A=ID,ID B=ID,ID C=ID,ID (each pair's left-end player first); "
            "four: 1=ID ... 4=ID"
        ),
    ],
    db: Db = None,
) -> None:
    """Set a team's starting line-up for the night (spares are the rest of the roster).
    A six-person pair's first player plays the left end (LE), the second the right (RE),
    until the pair changes ends (``league ends``, VII 7)."""
    with club_desk(LeagueDesk, db) as desk:
        start: dict[str, list[str]] = {}
        for item in slots:
            slot, sep, who = item.partition("=")
            slot = slot.strip().upper()
            if not sep or not who:
                raise InvalidInput(f"{item!r} is not like A=ID,ID or 1=ID")
            if slot in start:
                raise InvalidInput(f"slot {slot} given twice")
            start[slot] = [p.strip() for p in who.split(",")]
        m = desk.set_lineup(name, night, team, start)
        typer.echo(f"line-up set for {team} on night {night}")
        print_rotation(m, desk.names(name))


@league_app.command("sub")
def substitute(
    name: Name,
    night: Night,
    team: Team,
    game: Annotated[int, typer.Option("--from-game", "-g", help="First game the spare plays.")],
    player_out: Annotated[str, typer.Option("--out", help="Player leaving the line-up.")],
    player_in: Annotated[str, typer.Option("--in", help="Player coming in (a spare).")],
    during: During = False,
    db: Db = None,
) -> None:
    """A substitution as it happened, before game G (or ``--during`` it), entered before
    or after the game's result: ruled on by VII 12 (refused, or kept with the match
    point a six-person 12(c)-(d) infraction already played forfeits)."""
    with club_desk(LeagueDesk, db) as desk:
        m = desk.substitute(name, night, team, game, player_out, player_in, during)
        typer.echo(f"{player_in} replaces {player_out} for {team} from game {game}")
        for note in m.notes():
            typer.echo(note)


@league_app.command("ends")
def ends(
    name: Name,
    night: Night,
    team: Team,
    game: Annotated[int, typer.Option("--from-game", "-g", help="First game at the new ends.")],
    pair: Annotated[str, typer.Option("--pair", help="The pair changing ends: A, B or C.")],
    during: During = False,
    db: Db = None,
) -> None:
    """A six-person pair changes ends from game G on (VII 7: "in each of their following
    games"); refused during a game (V 1(b)) and in the four-person format."""
    with club_desk(LeagueDesk, db) as desk:
        m = desk.change_ends(name, night, team, game, pair, during)
        typer.echo(f"{team}'s pair {pair.upper()} changes ends from game {game}")
        print_rotation(m, desk.names(name))


@league_app.command("postpone")
def postpone(
    name: Name,
    night: Night,
    team: Annotated[str, typer.Option("--team", "-t", help="The team asking to postpone.")],
    notice: Annotated[
        str, typer.Option(help="The notice the opposing captain was given (when, how).")
    ],
    ample: Annotated[
        bool,
        typer.Option(
            "--ample/--not-ample", help="Whether the notice was ample, as the league judges."
        ),
    ],
    db: Db = None,
) -> None:
    """VII 14: a team asks for its match to be postponed: with ample notice it is played
    later; without, the team forfeits the entire match."""
    with club_desk(LeagueDesk, db) as desk:
        m = desk.postpone(name, night, team, ample, notice, Actor.desk().name)
        typer.echo(f"night {night}: {m.postponed.describe() if m.postponed else ''}")
        print_match(m, desk.names(name))


@league_app.command("result")
def result(
    name: Name,
    night: Night,
    team: Team,
    game: Game,
    frames: Frames = None,
    score: Score = None,
    played_by: Annotated[
        str | None,
        typer.Option(
            "--played-by",
            help="The line-up places that played it, as it happened: A v B (six-person "
            "pairs) or 3+2 v 3+2 (four-person players), home first; checked against the "
            "rotation (VII 12(b)).",
        ),
    ] = None,
    db: Db = None,
) -> None:
    """Enter a game to 21, home team first (frames or the final score)."""
    with club_desk(LeagueDesk, db) as desk:
        race = parse_result(frames, score, 21)
        m = desk.enter_game(name, night, team, game, race, played_by=played_by)
        g = m.games[game - 1]
        typer.echo(f"night {night} game {game}: {m.teams[0]} {_result(g, m.teams)} {m.teams[1]}")
        print_match(m, desk.names(name))


@league_app.command("forfeit")
def forfeit(
    name: Name,
    night: Night,
    team: Team,
    minutes: Annotated[int, typer.Option(help="Minutes the team delayed the start.")],
    db: Db = None,
) -> None:
    """Forfeits for delay: one game per full fifteen minutes (VII 8)."""
    with club_desk(LeagueDesk, db) as desk:
        m = desk.forfeit_for_delay(name, night, team, minutes)
        lost = [n for n, g in enumerate(m.games, start=1) if isinstance(g, Forfeit)]
        games = "game " if len(lost) == 1 else "games "
        typer.echo(f"{team} forfeits {games}{', '.join(map(str, lost))} of night {night}")
        print_match(m, desk.names(name))


@league_app.command("match")
def match(name: Name, night: Night, team: Team, db: Db = None) -> None:
    """A match: rotation with results, round totals and match points."""
    with club_desk(LeagueDesk, db) as desk:
        m = desk.match(name, night, team)
        names = desk.names(name)
        print_rotation(m, names)
        print_match(m, names)


@league_app.command("standings")
def standings(
    name: Name,
    db: Db = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of a table.")] = False,
    csv_out: CsvOut = None,
) -> None:
    """League standings by match points, with the reason for each place."""
    with club_desk(LeagueDesk, db) as desk:
        lines = desk.standings(name)
        names = desk.names(name)
        rows: list[dict[str, object]] = [
            {
                "place": x.place,
                "team": x.team,
                "name": names[x.team],
                "matches": x.matches,
                "match_points": str(x.match_points),
                "games_won": x.games_won,
                "points_for": x.points_for,
                "tied": x.tied,
                "reason": x.reason,
            }
            for x in lines
        ]
        write_records_csv(csv_out, rows)
        if as_json:
            typer.echo(json.dumps(rows, indent=2))
            return
        table = Table(title=f"{name} standings")
        for col in ("Place", "Team", "Name", "Matches", "Match pts", "Games won", "Pts for", "Why"):
            table.add_column(col)
        for x in lines:
            table.add_row(
                f"{x.place}{'=' if x.tied else ''}",
                x.team,
                names[x.team],
                str(x.matches),
                fmt_points(x.match_points),
                str(x.games_won),
                str(x.points_for),
                x.reason,
            )
        _console().print(table)


@league_app.command("players")
def players(name: Name, db: Db = None) -> None:
    """Games played by every rostered player and play-off eligibility (25%, VII 9)."""
    with club_desk(LeagueDesk, db) as desk:
        names = desk.names(name)
        table = Table(title=f"{name}: players")
        for col in ("Team", "Player", "Name", "Played", "Scheduled", "Play-offs (VII 9)"):
            table.add_column(col)
        for x in desk.players(name):
            table.add_row(
                x.team,
                x.player,
                names[x.player],
                str(x.played),
                str(x.scheduled),
                "eligible" if x.eligible else f"not eligible: needs {-(-x.scheduled // 4)} games",
            )
        _console().print(table)


add_game_commands(league_app, LeagueDesk)


def register(app: typer.Typer) -> None:
    """Add ``flickboard event league``."""
    del app
    event_app.add_typer(league_app, name="league")
