"""``flickboard score crokinole FILE`` and ``flickboard match crokinole``."""

from __future__ import annotations

import math
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
    ask_shot,
    check_writable,
    console_for_cli,
    fail,
    score_file,
    score_table,
    show_ruling,
    take_turn,
    write_record,
)
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Shot
from flickboard.play.cmn import dump_match
from flickboard.play.crokinole import (
    CrokinoleGame,
    CrokinoleMatch,
    CrokinoleRound,
    Seating,
    ShotBudget,
)
from flickboard.play.crokinole_record import game_record, record_json, to_cmn
from flickboard.play.scoring import GameScore
from flickboard.rules import Position, referee
from flickboard.rules.crokinole import SIDE_NAMES, CrokinoleReferee, side_name
from flickboard.rules.crokinole.boardfile import score_board

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


class Human:
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each shot."""

    def __init__(self, name: str, console: Console) -> None:
        self.name = name
        self.console = console

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a valid shot."""
        board = view.board
        assert isinstance(board, CrokinoleBoard)
        seat = view.turn.seat
        prompt = f"{self.name} (seat {seat}) > "
        return ask_shot(self.console, prompt, lambda a, s, o: aim_to_shot(board, seat, a, s, o))


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


def _play_game(
    console: Console,
    game: CrokinoleGame,
    number: int,
    players: dict[int, Player],
    people: set[int],
    quiet: bool,
) -> None:
    sides = [side_name(s) for s in range(game.seating.sides)]
    while not game.over:
        rnd: CrokinoleRound = game.start_round()
        round_number = len(game.rounds) + 1
        if not quiet:
            console.rule(f"Game {number}, round {round_number}: seat {rnd.starter} starts")
        while not rnd.over:
            seat = rnd.choices()[0]
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
        if quiet:
            continue
        console.print(render_board(rnd.position))
        console.print(
            f"Round {round_number}: "
            + ", ".join(
                f"{n} {s} ({t} x 20)"
                for n, s, t in zip(sides, score.scores, score.twenties, strict=True)
            )
            + f"; round points {'-'.join(map(str, score.points))}"
        )
    result = game.result()
    rows = [(f"R{i + 1}", r.scores) for i, r in enumerate(game.rounds)]
    if isinstance(result, GameScore):
        rows.append(("points", result.points))
        rows.append(("20s", result.twenties))
    else:
        rows.append(("totals", result.totals))
    console.print(score_table(f"Game {number}", sides, rows))
    winner = result.winner
    console.print(f"Game {number}: " + ("tied" if winner is None else f"{side_name(winner)} wins"))


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
    games: Annotated[int, typer.Option(help="Games in the match.")] = 1,
    championship: Annotated[
        bool, typer.Option(help="Best two of three games; tied games play extra rounds.")
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
    cmn: Annotated[Path | None, typer.Option(help="Save the match in CMN here.")] = None,
    quiet: Annotated[bool, typer.Option(help="Show only the game tables.")] = False,
    first_seat: Annotated[
        int | None,
        typer.Option(
            help="Which red seat shoots first in game 1 (doubles: the partners choose, 0 or 2); "
            "later games move one seat clockwise."
        ),
    ] = None,
) -> None:
    """Play a whole crokinole match shot by shot (humans type shots, bots decide)."""
    check_writable(record)
    check_writable(cmn)
    console = console_for_cli()
    try:
        ref = referee(rules, **dict(_parse_option(o) for o in option or []))
        if not isinstance(ref, CrokinoleReferee):
            raise InvalidInput(f"{rules!r} is not a crokinole rule set")
        seating = Seating(players, teams=teams and players == 4)
        kinds = dict(zip(SIDE_NAMES, (red, green, blue, yellow), strict=True))
        seats, people = _players_for(
            seating, {k: v.lower() for k, v in kinds.items()}, seed, console
        )
        if time_shots is not None and time_shots < 0:
            raise InvalidInput("--time-shots must not be negative")
        the_match = CrokinoleMatch(
            ref,
            seating,
            games=games,
            championship=championship,
            first_seat=first_seat_of(seating, first_seat),
            clock=(lambda: ShotBudget(time_shots)) if time_shots is not None else None,
        )
        CrokinoleGame(ref, seating)  # refuse a seating the rules do not allow before play
    except FlickboardError as exc:
        fail(str(exc))
    records = []
    try:
        while not the_match.over:
            game = the_match.next_game()
            number = len(the_match.played)
            _play_game(console, game, number, seats, people, quiet)
            the_match.finish_game(game)
            records.append(game_record(game, {"Game": str(number)}))
    except Quit as exc:
        console.print(f"Stopped: {exc}.")
    except FlickboardError as exc:
        _save(records, record, cmn)
        fail(str(exc))
    _save(records, record, cmn)
    result = the_match.result
    sides = [side_name(s) for s in range(seating.sides)]
    console.print(
        score_table(
            "Match",
            sides,
            [
                ("points", result.points()),
                ("games won", result.games_won()),
                ("20s", result.twenties),
            ],
        )
    )
    winner = result.winner
    if winner is None:
        console.print("Match: tied")
    else:
        level = list(result.points()).count(max(result.points())) > 1
        console.print(
            f"Match: {side_name(winner)} wins" + (" on 20s (WCC tie-break)" if level else "")
        )


def _save(records: list[Any], record: Path | None, cmn: Path | None) -> None:
    if record is not None:
        data = {
            "format": MATCH_FORMAT,
            "version": 1,
            "games": [record_json(r) for r in records],
        }
        write_record(record, data)
    if cmn is not None and records:
        cmn.write_text(
            dump_match(to_cmn(r, n) for n, r in enumerate(records, start=1)), encoding="utf-8"
        )


def register(app: typer.Typer) -> None:
    """Add the crokinole commands to the score and match groups."""
    from flickboard.cli.app import match_app, score_app

    del app
    score_app.command("crokinole")(score)
    match_app.command("crokinole")(match)
