"""Crokinole at the command line: ``score``, ``match``, ``replay`` and ``rule crokinole``."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, cast

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from flickboard.agents.spec import is_player_spec, player_from_spec
from flickboard.cli.terminal import (
    Quit,
    TerminalHuman,
    TerminalObserver,
    ask_line,
    check_writable,
    console_for_cli,
    fail,
    read_json,
    score_file,
    score_table,
    show_ruling,
    write_record,
)
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.play.crokinole import CrokinoleMatch, Seating, ShotClocks
from flickboard.play.crokinole_cmn import records_cmn
from flickboard.play.crokinole_record import game_record, match_from_json, match_to_json
from flickboard.play.driver import SeatChoice, most_discs_left, play_match
from flickboard.play.match import GameEnd, Match
from flickboard.play.scoring import GameScore
from flickboard.play.view import Player, View
from flickboard.rules import Position
from flickboard.rules.crokinole import SIDE_NAMES, crokinole_referee, side_name
from flickboard.rules.crokinole.boardfile import rule_shot, score_board

COLOURS = {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow"}


def score(
    file: Annotated[Path, typer.Argument(help="Board position JSON (docs/formats.md).")],
) -> None:
    """Score a crokinole board from disc positions (prints JSON)."""
    score_file(file, score_board)


def render_board(position: Position, size: int = 21) -> Text:
    """A compact picture of the board: rings, pegs, hole, and discs by colour initial."""
    board = cast(CrokinoleBoard, position.layout.board)
    half = board.surface_radius
    cols, rows = 2 * size - 1, size
    grid = [[" "] * cols for _ in range(rows)]
    styles: dict[tuple[int, int], str] = {}

    def cell(x: float, y: float) -> tuple[int, int]:
        c = round((x + half) / (2 * half) * (cols - 1))
        r = round((half - y) / (2 * half) * (rows - 1))
        return min(max(r, 0), rows - 1), min(max(c, 0), cols - 1)

    for ring in board.rings:
        for k in range(120):
            a = 2 * math.pi * k / 120
            r, c = cell(ring.radius * math.cos(a), ring.radius * math.sin(a))
            grid[r][c] = "·"
    for px, py in board.pegs:
        r, c = cell(px, py)
        grid[r][c] = "+"
    r, c = cell(0.0, 0.0)
    grid[r][c] = "o"
    for d in position.layout.discs:
        side = position.side_of(d.id)
        r, c = cell(d.x, d.y)
        letter = side_name(side)[0]
        grid[r][c] = letter if d.leaning else letter.upper()
        styles[(r, c)] = f"bold {COLOURS.get(side_name(side), 'white')}"
    text = Text()
    for r in range(rows):
        for c in range(cols):
            text.append(grid[r][c], style=styles.get((r, c), "dim"))
        text.append("\n")
    return text


def human(name: str, console: Console) -> TerminalHuman:
    """A person at the terminal, shooting from their quadrant."""
    return TerminalHuman(name, console, span="your quadrant")


def ask_partner(console: Console, seats: tuple[int, ...], colour: str) -> int:
    """Depot 7c at the terminal: the team types which partner (seat) shoots next."""
    options = [str(s) for s in seats]
    prompt = f"{colour}: which partner shoots, seat {' or '.join(options)}? "
    while True:
        answer = ask_line(console, prompt)
        if answer in options:
            return int(answer)
        console.print(f"[red]type {' or '.join(options)} (or 'quit')[/red]")


def _parse_option(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise InvalidInput(f"--option must be KEY=VALUE, got {text!r}")
    key, raw = (part.strip() for part in text.split("=", 1))
    value: Any = raw
    if raw.lower() in ("true", "yes", "on"):
        value = True
    elif raw.lower() in ("false", "no", "off"):
        value = False
    elif raw.isdigit():
        value = int(raw)
    return key, value


def _players_for(
    seating: Seating, kinds: dict[str, str], seed: int, console: Console
) -> tuple[dict[int, Player], set[int]]:
    players: dict[int, Player] = {}
    people: set[int] = set()
    for seat in seating.seats:
        colour = side_name(seating.side_of(seat))
        kind = kinds[colour]
        name = f"{colour} {seat}" if seating.teams else colour
        if kind == "human":
            players[seat] = human(name, console)
            people.add(seat)
        elif is_player_spec(kind):
            players[seat] = player_from_spec(kind, "crokinole", seed * 10 + seat, name)
        else:
            raise InvalidInput(f"--{colour} must be human, bot or ai[:KIND][:LEVEL], got {kind!r}")
    return players, people


def first_seat_of(seating: Seating, seat: int | None) -> int:
    """The seat that opens the match: red starts, and in doubles the partners choose which
    of them shoots first (NCA); by default seat 0. Any other seat is refused clearly."""
    red = tuple(s for s in seating.seats if seating.side_of(s) == 0)
    if seat is None:
        return red[0]
    if seat not in red:
        owner = (
            f"seat {seat} is empty"
            if seat not in seating.seats
            else f"seat {seat} is {side_name(seating.side_of(seat))}'s"
        )
        seats = " or ".join(map(str, red))
        raise InvalidInput(
            f"--first-seat {seat}: {owner}, but red starts the match, so the first seat "
            f"must be red's: {seats}"
        )
    return seat


def _chooser(console: Console, people: set[int]) -> SeatChoice:
    """Who shoots under free order (Depot 7c): a team of people is asked, bots take the
    partner with more discs left."""

    def choose(match: Match, seats: tuple[int, ...]) -> int:
        if set(seats) <= people:
            return ask_partner(console, seats, side_name(match.side_of(seats[0])))
        return most_discs_left(match, seats)

    return choose


def banner(match: Match, view: View) -> list[str]:
    """The head of a round: game, round and the seat that starts it."""
    assert isinstance(match, CrokinoleMatch)
    return [f"Game {len(match.played)}, round {view.round_number}: seat {view.turn.seat} starts"]


def game_table(match: Match, end: GameEnd) -> Table:
    """A game's rounds, then its points and 20s (or totals of a race)."""
    assert isinstance(match, CrokinoleMatch)
    game = match.played[end.number - 1]
    sides = [side_name(s) for s in range(game.seating.sides)]
    result = game.result()
    rows = [(f"R{i + 1}", r.scores) for i, r in enumerate(game.rounds)]
    if isinstance(result, GameScore):
        rows.append(("points", result.points))
        rows.append(("20s", result.twenties))
    else:
        rows.append(("totals", result.totals))
    return score_table(f"Game {end.number}", sides, rows)


def match(
    rules: Annotated[str, typer.Option(help="Rule set: wcc, nca, depot or fair.")] = "wcc",
    red: Annotated[str, typer.Option(help="human, bot or ai[:KIND][:LEVEL]")] = "bot",
    green: Annotated[str, typer.Option(help="human, bot or ai[:KIND][:LEVEL]")] = "bot",
    blue: Annotated[
        str, typer.Option(help="human, bot or ai[:KIND][:LEVEL] (3-4 players)")
    ] = "bot",
    yellow: Annotated[
        str, typer.Option(help="human, bot or ai[:KIND][:LEVEL] (4 players)")
    ] = "bot",
    players: Annotated[int, typer.Option(help="2, 3 or 4 players.")] = 2,
    teams: Annotated[
        bool,
        typer.Option(
            "--teams/--free-for-all",
            help="With 4 players: doubles (default) or one colour each (needs --option free_for_all=true with depot).",
        ),
    ] = True,
    games: Annotated[
        int | None,
        typer.Option(help="Games in the match (default 1; a WCC match is normally 10)."),
    ] = None,
    championship: Annotated[
        bool,
        typer.Option(
            help="Best two of three games (WCC championship; fair rules' 2 of 3); "
            "tied tournament games play extra rounds."
        ),
    ] = False,
    seed: Annotated[int, typer.Option(help="Seed for the bots' execution noise.")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option(help="Rule-set option KEY=VALUE (repeatable), e.g. direct_hit=true."),
    ] = None,
    time_shots: Annotated[
        int | None, typer.Option(help="Timed games: time is up after this many shots per game.")
    ] = None,
    record: Annotated[Path | None, typer.Option(help="Save the match record (JSON) here.")] = None,
    cmn: Annotated[Path | None, typer.Option(help="Save the match in CMN 1.0 (JSON) here.")] = None,
    quiet: Annotated[bool, typer.Option(help="Show only the game tables.")] = False,
    first_seat: Annotated[
        int | None,
        typer.Option(
            help="Which red seat shoots first in game 1 (doubles: the partners choose, 0 or 2); "
            "later games move one seat clockwise."
        ),
    ] = None,
    youngest: Annotated[
        int | None,
        typer.Option(
            help="Fair rules: the seat of the youngest player, who shoots first in game 1 "
            "(default seat 0)."
        ),
    ] = None,
) -> None:
    """Play a whole crokinole match shot by shot (humans type shots, bots decide)."""
    check_writable(record)
    check_writable(cmn)
    console = console_for_cli()
    try:
        ref = crokinole_referee(rules, **dict(_parse_option(o) for o in option or []))
        seating = Seating(players, teams=teams and players == 4)
        kinds = dict(zip(SIDE_NAMES, (red, green, blue, yellow), strict=True))
        seats, people = _players_for(
            seating, {k: v.lower() for k, v in kinds.items()}, seed, console
        )
        if time_shots is not None and time_shots < 0:
            raise InvalidInput("--time-shots must not be negative")
        if youngest is not None and first_seat is not None:
            raise InvalidInput("give --youngest or --first-seat, not both")
        the_match = CrokinoleMatch(
            ref,
            seating,
            games=games,
            championship=championship,
            first_seat=None if youngest is not None else first_seat_of(seating, first_seat),
            youngest=youngest,
            clock=ShotClocks(time_shots) if time_shots is not None else None,
        )
        if cmn is not None and seating.sides != 2:
            raise InvalidInput("--cmn: CMN records games of two sides (singles or doubles)")
    except FlickboardError as exc:
        fail(str(exc))
    observer = TerminalObserver(
        console,
        quiet=quiet,
        people=frozenset(people),
        board=render_board,
        banner=banner,
        table=game_table,
    )
    try:
        play_match(the_match, seats, observer, _chooser(console, people))
    except (Quit, FlickboardError) as exc:
        _save(the_match, record, cmn)
        if not isinstance(exc, Quit):
            fail(str(exc))
        game = len(the_match.played)
        console.print(
            f"Match stopped ({exc}) in game {game}: no result."
            + (" The record keeps every shot played." if record is not None else "")
        )
        return
    _save(the_match, record, cmn)


def _save(
    the_match: CrokinoleMatch, record: Path | None, cmn: Path | None, date: datetime | None = None
) -> None:
    """Write the match record and the match in CMN (its date: now, unless given)."""
    if record is not None:
        write_record(record, match_to_json(the_match))
    records = [game_record(g, {"Game": str(n)}) for n, g in enumerate(the_match.played, start=1)]
    records = [r for r in records if any(r.rounds)]
    if cmn is not None and records:
        try:
            text = records_cmn(records, date or datetime.now(UTC))
        except FlickboardError as exc:
            fail(f"--cmn: {exc}")
        write_text(cmn, text)


def write_text(path: Path, text: str) -> None:
    """Write a text file, failing with a one-line message."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def replay(
    file: Annotated[Path, typer.Argument(help="A match record (match crokinole --record).")],
    cmn: Annotated[
        Path | None, typer.Option(help="Also write the match in CMN 1.0 (JSON) here.")
    ] = None,
    rulings: Annotated[bool, typer.Option(help="Print every shot's ruling.")] = False,
) -> None:
    """Replay a saved crokinole match record: every shot ruled again, then the result."""
    check_writable(cmn)
    console = console_for_cli()
    data = read_json(file)
    if isinstance(data, dict) and "cmn" in data:
        fail(
            f"{file}: this is CMN (results, no shots): a replay needs a match record (match "
            "crokinole --record); CMN is imported with event create --cmn"
        )
    try:
        the_match = match_from_json(data)
    except FlickboardError as exc:
        fail(f"{file}: {exc}")
    for number, game in enumerate(the_match.played, start=1):
        if rulings:
            for shots in game.round_shots + ([game.current.shots] if game.current else []):
                for entry in shots:
                    show_ruling(console, entry.ruling, f"seat {entry.turn.seat}")
        if game.over:
            end = the_match.result().games[number - 1]
            console.print(game_table(the_match, end))
            console.print(end.summary)
        else:
            console.print(game_table(the_match, GameEnd(number, None, (), "")))
    # CMN's date: when the record was last written (when play stopped)
    _save(the_match, None, cmn, datetime.fromtimestamp(file.stat().st_mtime, UTC))
    if not the_match.over:
        console.print(f"Match stopped in game {len(the_match.played)}: no result.")
        return
    console.print(f"Match: {the_match.result().summary}")


def rule(
    file: Annotated[Path, typer.Argument(help="A shot played on a real board (docs/formats.md).")],
) -> None:
    """Rule on a shot played on a real board, entered by hand (prints JSON)."""
    score_file(file, rule_shot)


def register(app: typer.Typer) -> None:
    """Add the crokinole commands to the score, match, replay and rule groups."""
    from flickboard.cli.app import match_app, replay_app, rule_app, score_app

    del app
    score_app.command("crokinole")(score)
    match_app.command("crokinole")(match)
    replay_app.command("crokinole")(replay)
    rule_app.command("crokinole")(rule)
