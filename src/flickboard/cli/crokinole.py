"""Crokinole at the command line: ``score``, ``match``, ``replay`` and ``rule crokinole``."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, cast

import typer
from rich.console import Console
from rich.table import Table

from flickboard.cli import matches
from flickboard.cli.groups import subgroup
from flickboard.cli.matches import Flag, MatchCommand, ReplayCommand, Values
from flickboard.cli.session import PLAYER_HELP, TerminalTable
from flickboard.cli.terminal import (
    JsonOption,
    PictureOption,
    TerminalGame,
    across,
    ask_line,
    board_text,
    check_writable,
    console_for_cli,
    fail,
    print_json,
    read_file,
    read_json,
    score_table,
    show_ruling,
    write_picture,
    write_text,
)
from flickboard.cli.textboard import Canvas
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import Board, CrokinoleBoard
from flickboard.physics import PlacedDisc
from flickboard.play.clock import ShotClocks
from flickboard.play.crokinole import CrokinoleMatch, MatchKind, Seating
from flickboard.play.crokinole_cmn import records_cmn
from flickboard.play.crokinole_record import game_record
from flickboard.play.driver import SeatChoice, most_discs_left
from flickboard.play.kind import game_kind
from flickboard.play.match import GameEnd, Match
from flickboard.play.scoring import GameScore
from flickboard.play.view import View
from flickboard.rules import Position
from flickboard.rules.crokinole import CrokinoleReferee, crokinole_referee, side_name
from flickboard.rules.crokinole.boardfile import (
    board_score,
    judge_shot,
    read_board,
    rule_shot,
)

SHAPING = (
    "rules",
    "players",
    "teams",
    "games",
    "championship",
    "option",
    "time_shots",
    "first_seat",
    "youngest",
)
"""Options that set a match up; a resumed match takes them from its record."""

FROM_SEAT_0 = math.pi / 2
"""The direction seat 0 (red) faces: a board file is drawn as red sees it."""


class CrokinoleTerminal(TerminalGame):
    """Crokinole at the terminal: rings, pegs and hole; rounds of 2/1/0; partners asked
    who shoots under free order; CMN kept beside the record."""

    span = "your quadrant"
    columns = 49

    def __init__(
        self, referee: CrokinoleReferee | None = None, console: Console | None = None
    ) -> None:
        self.kind = game_kind("crokinole")
        self.referee = referee or crokinole_referee("wcc")
        self.console = console or console_for_cli()
        self.cmn: Path | None = None

    def extent(self, board: Board) -> tuple[float, float, float, float]:
        """The playing surface."""
        r = cast(CrokinoleBoard, board).surface_radius
        return (-r, -r, r, r)

    def draw_board(self, canvas: Canvas, board: Board) -> None:
        """Rings as dots, quadrant lines, pegs as ``+`` and the hole as ``o``."""
        board = cast(CrokinoleBoard, board)
        for ring in board.rings:
            canvas.circle(ring.radius, "·")
        for seat in range(4):
            a = board.quadrant_line_angles(seat)[0]
            r0, r1 = board.ten_line_radius, board.shooting_line_radius
            inner, outer = (
                (r0 * math.cos(a), r0 * math.sin(a)),
                (r1 * math.cos(a), r1 * math.sin(a)),
            )
            canvas.line(inner, outer, "·")
        canvas.points(board.pegs, "+", "bold")
        canvas.put(0.0, 0.0, "o", "bold")

    def legend(self) -> str:
        """The characters of the board."""
        return "R4 red disc 4 (lower case: leaning), + peg, o the 20 hole, = where you may start"

    def banner(self, match: Match, view: View) -> list[str]:
        """Game, round and the seat that starts it."""
        assert isinstance(match, CrokinoleMatch)
        return [
            f"Game {len(match.played)}, round {view.round_number}: seat {view.turn.seat} starts"
        ]

    def game_table(self, match: Match, end: GameEnd) -> Table:
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

    def where(self, position: Position, disc: PlacedDisc, right: float, ahead: float) -> str:
        """Its points now, and where it lies from the hole."""
        board = cast(CrokinoleBoard, position.layout.board)
        points = self.referee.disc_value(board, disc)
        state = "leaning on the hole, worth 15" if disc.leaning else f"worth {points}"
        depth = f"{abs(ahead) * 100:.1f} cm {'beyond' if ahead >= 0 else 'short of'} it"
        return f"{state}: {across(right, 'the hole')}, {depth}"

    def score_words(self, match: Match, view: View) -> str:
        """Game points (tournament scoring) or totals of a race to its target."""
        words = super().score_words(match, view)
        assert isinstance(match, CrokinoleMatch)
        if match.game is not None and match.game.race:
            return f"{words} (to {match.referee.options.target})"
        return f"game points {words}"

    def match_words(self, match: Match) -> str | None:
        """The game in play and the match so far, when it has several games."""
        assert isinstance(match, CrokinoleMatch)
        if match.games == 1:
            return None
        scores = " - ".join(f"{side_name(s)} {v}" for s, v in enumerate(match.result().scores))
        what = "points" if match.tally.kind is MatchKind.POINTS else "games won"
        return f"game {len(match.played)} of {match.games}, match {what} {scores}"

    def choose(self, table: TerminalTable) -> SeatChoice:
        """Under free order (Depot 7c) a team of people types which partner shoots; bots
        take the partner with more discs left."""

        def choose(match: Match, seats: tuple[int, ...]) -> int:
            if set(seats) <= table.people:
                return ask_partner(table.console, seats, side_name(match.side_of(seats[0])))
            return most_discs_left(match, seats)

        return choose

    def tags(self, match: Match, names: Mapping[int, str]) -> dict[str, str]:
        """Each side's name as ``Side1``, ``Side2``... (CMN reads them): partners joined
        with ``&``."""
        return {
            f"Side{side + 1}": " & ".join(names[s] for s in match.seats if match.side_of(s) == side)
            for side in range(match.sides)
        }

    def names_from_tags(self, match: Match, tags: Mapping[str, str]) -> dict[int, str]:
        """Names back from ``SideN`` tags."""
        names: dict[int, str] = {}
        for side in range(match.sides):
            seats = [s for s in match.seats if match.side_of(s) == side]
            people = tags.get(f"Side{side + 1}", "").split(" & ")
            if len(people) == len(seats) and all(people):
                names.update(zip(seats, people, strict=True))
        return names

    def save_also(self, match: Match, tags: Mapping[str, str]) -> None:
        """The finished games in CMN, when asked for."""
        assert isinstance(match, CrokinoleMatch)
        if self.cmn is not None:
            write_cmn(match, self.cmn, tags)


def write_cmn(
    match: CrokinoleMatch, path: Path, tags: Mapping[str, str], date: datetime | None = None
) -> None:
    """The match's finished games in CMN (its date: now, unless given)."""
    records = [game_record(g, {**tags, "Game": str(n)}) for n, g in enumerate(match.played, 1)]
    records = [r for r in records if any(r.rounds)]
    if not records:
        return
    try:
        text = records_cmn(records, date or datetime.now(UTC))
    except FlickboardError as exc:
        fail(f"--cmn: {exc}")
    write_text(path, text)


def score(
    file: Annotated[Path, typer.Argument(help="Board position JSON (docs/formats.md).")],
    json_out: JsonOption = False,
    picture: PictureOption = None,
) -> None:
    """Score a crokinole board from disc positions (a summary; --json for machines)."""
    check_writable(picture)
    read = read_file(file, read_board)
    result = board_score(read)
    if json_out:
        print_json(result)
    else:
        console = console_for_cli()
        game = CrokinoleTerminal(read.referee, console)
        console.print(board_text(game, read.position, FROM_SEAT_0), end="")
        console.print(f"Seen from red's seat (seat 0). {game.legend()}.")
        console.print(sides_table(result["sides"], f"Score ({read.referee.name})"))
        for disc in result["discs"]:
            console.print(f"{disc['side']} disc {disc['id']}: {disc['points']}")
    if picture is not None:
        write_picture(picture, read.position.svg())


def sides_table(sides: Mapping[str, Mapping[str, int]], title: str) -> Table:
    """Each side's points on the board, 20s and total."""
    rows = [(side, (s["board"], s["twenties"], s["total"])) for side, s in sides.items()]
    table = Table(title=title)
    for column in ("side", "on the board", "20s", "total"):
        table.add_column(column, justify="left" if column == "side" else "right")
    for side, values in rows:
        table.add_row(side, *map(str, values))
    return table


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


def new_match(
    rules: str,
    players: int,
    teams: bool,
    games: int | None,
    championship: bool,
    options: list[str],
    time_shots: int | None,
    first_seat: int | None,
    youngest: int | None,
) -> CrokinoleMatch:
    """A new match from the command line's options."""
    ref = crokinole_referee(rules, **dict(_parse_option(o) for o in options))
    seating = Seating(players, teams=teams and players == 4)
    if time_shots is not None and time_shots < 0:
        raise InvalidInput("--time-shots must not be negative")
    if youngest is not None and first_seat is not None:
        raise InvalidInput("give --youngest or --first-seat, not both")
    return CrokinoleMatch(
        ref,
        seating,
        games=games,
        championship=championship,
        first_seat=None if youngest is not None else first_seat_of(seating, first_seat),
        youngest=youngest,
        clock=ShotClocks(time_shots) if time_shots is not None else None,
    )


def _face(console: Console, the_match: Match, values: Values) -> CrokinoleTerminal:
    assert isinstance(the_match, CrokinoleMatch)
    cmn: Path | None = values["cmn"]
    if cmn is not None and the_match.sides != 2:
        raise InvalidInput("--cmn: CMN records games of two sides (singles or doubles)")
    game = CrokinoleTerminal(the_match.referee, console)
    game.cmn = cmn
    return game


def _new(values: Values) -> CrokinoleMatch:
    shaping = {o: values[o] for o in SHAPING if o != "option"}
    return new_match(**shaping, options=values["option"] or [])


CmnOption = Annotated[Path | None, typer.Option(help="Save the match in CMN 1.0 (JSON) here.")]

MATCH = MatchCommand(
    "crokinole",
    help="Play a whole crokinole match shot by shot (humans type shots, bots decide).",
    options=(
        Flag(
            "rules", Annotated[str, typer.Option(help="Rule set: wcc, nca, depot or fair.")], "wcc"
        ),
        Flag("red", Annotated[str, typer.Option(help=PLAYER_HELP)], "bot"),
        Flag("green", Annotated[str, typer.Option(help=PLAYER_HELP)], "bot"),
        Flag("blue", Annotated[str, typer.Option(help=f"{PLAYER_HELP} (3-4 players)")], "bot"),
        Flag("yellow", Annotated[str, typer.Option(help=f"{PLAYER_HELP} (4 players)")], "bot"),
        matches.NAME,
        Flag("players", Annotated[int, typer.Option(help="2, 3 or 4 players.")], 2),
        Flag(
            "teams",
            Annotated[
                bool,
                typer.Option(
                    "--teams/--free-for-all",
                    help="With 4 players: doubles (default) or one colour each (needs --option free_for_all=true with depot).",
                ),
            ],
            True,
        ),
        Flag(
            "games",
            Annotated[
                int | None,
                typer.Option(help="Games in the match (default 1; a WCC match is normally 10)."),
            ],
        ),
        Flag(
            "championship",
            Annotated[
                bool,
                typer.Option(
                    help="Best two of three games (WCC championship; fair rules' 2 of 3); "
                    "tied tournament games play extra rounds."
                ),
            ],
            False,
        ),
        matches.SEED,
        Flag(
            "option",
            Annotated[
                list[str] | None,
                typer.Option(help="Rule-set option KEY=VALUE (repeatable), e.g. direct_hit=true."),
            ],
        ),
        Flag(
            "time_shots",
            Annotated[
                int | None,
                typer.Option(help="Timed games: time is up after this many shots per game."),
            ],
        ),
        matches.RECORD,
        matches.RESUME,
        Flag("cmn", CmnOption),
        matches.QUIET,
        matches.PACE,
        matches.EXPLAIN,
        matches.HUMAN_LEVEL,
        Flag(
            "first_seat",
            Annotated[
                int | None,
                typer.Option(
                    help="Which red seat shoots first in game 1 (doubles: the partners choose, "
                    "0 or 2); later games move one seat clockwise."
                ),
            ],
        ),
        Flag(
            "youngest",
            Annotated[
                int | None,
                typer.Option(
                    help="Fair rules: the seat of the youngest player, who shoots first in game 1 "
                    "(default seat 0)."
                ),
            ],
        ),
    ),
    colours=("red", "green", "blue", "yellow"),
    shaping=SHAPING,
    new=_new,
    face=_face,
    checked=("cmn",),
)


def _not_cmn(file: Path, values: Values) -> None:
    """A CMN file holds results, no shots: said plainly."""
    data = read_json(file)
    if isinstance(data, dict) and "cmn" in data:
        fail(
            f"{file}: this is CMN (results, no shots): a replay needs a match record (match "
            "crokinole --record); CMN is imported with event create --cmn"
        )


def _replayed_cmn(file: Path, the_match: Match, tags: Mapping[str, str], values: Values) -> None:
    """CMN's date: when the record was last written (when play stopped)."""
    assert isinstance(the_match, CrokinoleMatch)
    if values["cmn"] is not None:
        when = datetime.fromtimestamp(file.stat().st_mtime, UTC)
        write_cmn(the_match, values["cmn"], tags, when)


REPLAY = ReplayCommand(
    "crokinole",
    help="Replay a saved crokinole match record: every shot ruled again, then the result.",
    file_help="A match record (match crokinole --record).",
    face=lambda console, m: CrokinoleTerminal(cast(CrokinoleMatch, m).referee, console),
    options=(
        Flag(
            "cmn",
            Annotated[
                Path | None, typer.Option(help="Also write the match in CMN 1.0 (JSON) here.")
            ],
        ),
    ),
    checked=("cmn",),
    before=_not_cmn,
    after=_replayed_cmn,
)


def rule(
    file: Annotated[Path, typer.Argument(help="A shot played on a real board (docs/formats.md).")],
    json_out: JsonOption = False,
    picture: PictureOption = None,
) -> None:
    """Rule on a shot played on a real board, entered by hand (a summary; --json for machines)."""
    from flickboard.draw.picture import shot_svg

    check_writable(picture)
    ruled, result = read_file(file, lambda data: (judge_shot(data), rule_shot(data)))
    if json_out:
        print_json(result)
    else:
        console = console_for_cli()
        game = CrokinoleTerminal(ruled.read.referee, console)
        show_ruling(console, ruled.ruling, f"seat {ruled.turn.seat}")
        after = ruled.ruling.position_after
        towards = CrokinoleBoard.seat_angle(ruled.turn.seat) + math.pi
        console.print(board_text(game, after, towards), end="")
        console.print(f"After the shot, seen from seat {ruled.turn.seat}. {game.legend()}.")
        console.print(sides_table(result["sides"], "Score after the shot"))
    if picture is not None:
        svg = shot_svg(ruled.read.position, ruled.record, ruled.turn.side, start=ruled.start)
        write_picture(picture, svg)


def register(app: typer.Typer) -> None:
    """Add the crokinole commands to the score, match, replay and rule groups."""
    for group, command in (("score", score), ("rule", rule)):
        subgroup(app, group).command("crokinole")(command)
    matches.register_game(app, MATCH, REPLAY)
