"""Crokinole at the command line: ``score``, ``match``, ``replay`` and ``rule crokinole``."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from flickboard.agents.base import Player, View
from flickboard.agents.simple import SimpleBot
from flickboard.agents.spec import is_ai_spec, player_from_spec
from flickboard.cli.terminal import (
    Quit,
    ask_line,
    ask_shot,
    check_writable,
    console_for_cli,
    fail,
    read_json,
    score_file,
    score_table,
    show_ruling,
    take_turn,
    write_record,
)
from flickboard.errors import FlickboardError, IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, Shot
from flickboard.play.crokinole import (
    CrokinoleGame,
    CrokinoleMatch,
    CrokinoleRound,
    GameResult,
    MatchResult,
    SeatChoice,
    Seating,
    ShotBudget,
    choose_seat,
    match_kind,
    most_discs_left,
)
from flickboard.play.crokinole_cmn import records_cmn
from flickboard.play.crokinole_record import game_record, record_json, replay_game
from flickboard.play.gamerecord import GameRecord, game_record_from_json
from flickboard.play.scoring import GameScore, RaceScore, RoundScore
from flickboard.rules import Position, Referee, Turn
from flickboard.rules.crokinole import SIDE_NAMES, crokinole_referee, side_name
from flickboard.rules.crokinole.boardfile import rule_shot, score_board

MATCH_FORMAT = "flickboard/crokinole-match"
COLOURS = {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow"}


def score(
    file: Annotated[Path, typer.Argument(help="Board position JSON (docs/formats.md).")],
) -> None:
    """Score a crokinole board from disc positions (prints JSON)."""
    score_file(file, score_board)


def aim_to_shot(
    board: CrokinoleBoard, seat: int, angle: float, speed: float, offset: float
) -> Shot:
    """A typed aim from ``seat``: start ``offset`` cm along the shooting line from the
    middle of the quadrant (positive to the shooter's right), ``angle`` degrees from
    straight at the centre (positive to the right)."""
    r = board.shooting_line_radius
    phi = CrokinoleBoard.seat_angle(seat) + (offset / 100) / r
    start = (r * math.cos(phi), r * math.sin(phi))
    return Shot(start[0], start[1], phi + math.pi - math.radians(angle), speed)


def render_board(position: Position, size: int = 21) -> Text:
    """A compact picture of the board: rings, pegs, hole, and discs by colour initial."""
    board = position.layout.board
    assert isinstance(board, CrokinoleBoard)
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


def offset_limit(ref: Referee, board: CrokinoleBoard, turn: Turn) -> float:
    """The largest start offset (cm, either way from the middle of the quadrant) that the
    rule set's own ``check_start`` allows on an empty board, to 0.1 mm."""
    empty = Position.of(Layout(board, ()), {})

    def legal(offset: float) -> bool:
        shot = aim_to_shot(board, turn.seat, 0.0, 1.0, offset)
        try:
            ref.check_start(empty, turn, shot.x, shot.y)
        except IllegalInPosition:
            return False
        return True

    low, high = 0.0, 100 * board.shooting_line_radius * math.pi / 2
    while high - low > 0.01:
        mid = (low + high) / 2
        low, high = (mid, high) if legal(mid) else (low, mid)
    return low


class Human:
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each shot."""

    def __init__(self, name: str, console: Console) -> None:
        self.name = name
        self.console = console

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a valid shot; an offset outside the quadrant is
        refused in the centimetres typed."""
        board = view.board
        assert isinstance(board, CrokinoleBoard)
        seat = view.turn.seat
        limit = math.floor(10 * offset_limit(view.referee, board, view.turn)) / 10

        def build(angle: float, speed: float, offset: float) -> Shot:
            if abs(offset) > limit:
                raise InvalidInput(
                    f"offset {offset:g} cm is outside your quadrant: start from {-limit:g} "
                    f"to {limit:g} cm along your shooting line"
                )
            return aim_to_shot(board, seat, angle, speed, offset)

        return ask_shot(self.console, f"{self.name} (seat {seat}) > ", build)


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
            players[seat] = Human(name, console)
            people.add(seat)
        elif kind == "bot":
            players[seat] = SimpleBot(name, seed=seed * 10 + seat)
        elif is_ai_spec(kind):
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

    def choose(rnd: CrokinoleRound, seats: tuple[int, ...]) -> int:
        if set(seats) <= people:
            return ask_partner(console, seats, side_name(rnd.seating.side_of(seats[0])))
        return most_discs_left(rnd, seats)

    return choose


def _play_game(
    console: Console,
    game: CrokinoleGame,
    number: int,
    players: dict[int, Player],
    people: set[int],
    quiet: bool,
) -> None:
    choose = _chooser(console, people)
    while not game.over:
        rnd: CrokinoleRound = game.start_round()
        round_number = len(game.rounds) + 1
        if not quiet:
            console.rule(f"Game {number}, round {round_number}: seat {rnd.starter} starts")
        while not rnd.over:
            seat = choose_seat(rnd, choose)
            view = rnd.view(seat, game.scores(), round_number)
            player = players[seat]
            if seat in people:
                console.print(render_board(rnd.position))
            ruling = take_turn(
                console,
                lambda p=player, v=view: p.decide(v),  # type: ignore[misc]
                lambda shot, s=seat, r=rnd: r.play(shot, s),  # type: ignore[misc]
                person=seat in people,
            )
            if not quiet:
                show_ruling(console, ruling, player.name)
        score = game.finish_round()
        if not quiet:
            console.print(render_board(rnd.position))
            _print_round(console, game, round_number, score)
    _print_game(console, game, number)


def _print_round(console: Console, game: CrokinoleGame, number: int, score: RoundScore) -> None:
    sides = [side_name(s) for s in range(game.seating.sides)]
    console.print(
        f"Round {number}: "
        + ", ".join(
            f"{n} {s} ({t} x 20)"
            for n, s, t in zip(sides, score.scores, score.twenties, strict=True)
        )
        + f"; round points {'-'.join(map(str, score.points))}"
    )


def _print_game(console: Console, game: CrokinoleGame, number: int) -> None:
    """The game's table and, once it is over, its result line."""
    sides = [side_name(s) for s in range(game.seating.sides)]
    result = game.result()
    rows = [(f"R{i + 1}", r.scores) for i, r in enumerate(game.rounds)]
    if isinstance(result, GameScore):
        rows.append(("points", result.points))
        rows.append(("20s", result.twenties))
    else:
        rows.append(("totals", result.totals))
    console.print(score_table(f"Game {number}", sides, rows))
    if game.over:
        console.print(f"Game {number}: {game_verdict(result)}")


def game_verdict(result: GameResult) -> str:
    """A game's result in words: who won, or tied; a race ended by time says so."""
    winner = result.winner
    if isinstance(result, RaceScore) and result.time_up:
        score = "-".join(map(str, result.totals))
        if winner is None:
            return f"tied when time ran out ({score})"
        return f"{side_name(winner)} wins, ahead when time ran out ({score})"
    return "tied" if winner is None else f"{side_name(winner)} wins"


def _print_match(console: Console, result: MatchResult, sides: int) -> None:
    console.print(
        score_table(
            "Match",
            [side_name(s) for s in range(sides)],
            [
                ("points", result.points()),
                ("games won", result.games_won()),
                ("20s", result.twenties),
            ],
        )
    )
    winner, how = result.verdict()
    console.print(
        f"Match: tied, {how}" if winner is None else f"Match: {side_name(winner)} wins {how}"
    )


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
            clock=(lambda: ShotBudget(time_shots)) if time_shots is not None else None,
        )
        CrokinoleGame(ref, seating)  # refuse a seating the rules do not allow before play
        if cmn is not None and seating.sides != 2:
            raise InvalidInput("--cmn: CMN records games of two sides (singles or doubles)")
    except FlickboardError as exc:
        fail(str(exc))
    records: list[GameRecord] = []
    stopped: str | None = None
    game: CrokinoleGame | None = None
    try:
        while not the_match.over:
            game = the_match.next_game()
            _play_game(console, game, len(the_match.played), seats, people, quiet)
            the_match.finish_game(game)
            records.append(game_record(game, {"Game": str(len(the_match.played))}))
            game = None
    except (Quit, FlickboardError) as exc:
        stopped = str(exc)
        if game is not None and (game.rounds or (game.current and game.current.shots)):
            records.append(game_record(game, {"Game": str(len(the_match.played))}))
        if not isinstance(exc, Quit):
            _save(records, record, cmn, stopped=stopped)
            fail(stopped)
    _save(records, record, cmn, stopped=stopped)
    if stopped is not None:
        console.print(
            f"Match stopped ({stopped}) in game {len(the_match.played)}: no result."
            + (" The record keeps every shot played." if record is not None else "")
        )
        return
    _print_match(console, the_match.result, seating.sides)


def _save(
    records: list[GameRecord], record: Path | None, cmn: Path | None, *, stopped: str | None
) -> None:
    if record is not None:
        data: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "version": 1,
            "games": [record_json(r) for r in records],
        }
        if stopped is not None:
            data["stopped"] = True
        write_record(record, data)
    if cmn is not None and records:
        write_text(cmn, records_cmn(records, datetime.now(UTC)))


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
    try:
        records = match_records(data)
        games = [replay_game(r) for r in records]
    except FlickboardError as exc:
        fail(f"{file}: {exc}")
    for number, game in enumerate(games, start=1):
        if rulings:
            for shots in game.round_shots + ([game.current.shots] if game.current else []):
                for entry in shots:
                    show_ruling(console, entry.ruling, f"seat {entry.turn.seat}")
        _print_game(console, game, number)
    if cmn is not None:  # CMN's date: when the record was last written (play stopped)
        try:
            write_text(cmn, records_cmn(records, datetime.fromtimestamp(file.stat().st_mtime, UTC)))
        except FlickboardError as exc:
            fail(f"{file}: {exc}")
    if not games:
        console.print("The record holds no game.")
        return
    first = games[0]
    result = MatchResult(
        twenties=[0] * first.seating.sides,
        kind=match_kind(first.referee, championship=first.championship),
    )
    for game in games:
        if game.over:
            result.add(game)
    if (isinstance(data, dict) and data.get("stopped")) or not games[-1].over:
        console.print(f"Match stopped in game {len(games)}: no result.")
        return
    _print_match(console, result, first.seating.sides)


def match_records(data: object) -> list[GameRecord]:
    """The game records of a match file (or of one game record), each loaded and checked."""
    if isinstance(data, dict) and "cmn" in data:
        raise InvalidInput(
            "this is CMN (results, no shots): a replay needs a match record (match crokinole "
            "--record); CMN is imported with event create --cmn"
        )
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        games = data.get("games")
        if not isinstance(games, list):
            raise InvalidInput("a match record needs a list of games")
        return [game_record_from_json(g) for g in games]
    return [game_record_from_json(data)]


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
