"""``flickboard score shuffleboard`` and ``flickboard match shuffleboard``."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
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
    AIM,
    JsonOption,
    PictureOption,
    TerminalGame,
    TerminalHuman,
    across,
    aim_on_line,
    board_text,
    check_writable,
    console_for_cli,
    print_json,
    read_file,
    score_table,
    speeds,
    write_picture,
)
from flickboard.cli.textboard import Canvas
from flickboard.errors import FlickboardError, IllegalInPosition, InvalidInput
from flickboard.geometry import Board, ShuffleboardTable
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot
from flickboard.play.kind import game_kind
from flickboard.play.match import Calls, GameEnd, Match, Outcome
from flickboard.play.shuffleboard import GameRules, ShuffleboardGame, ShuffleboardMatch, coin_toss
from flickboard.play.shuffleboard_fouls import FOULS, Penalty, foul_key
from flickboard.play.shuffleboard_kind import draw_speed, three_zone_target
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Side, Turn
from flickboard.rules.shuffleboard import RELEASE_LINE, CSCReferee, calls_from_json, zone_name
from flickboard.rules.shuffleboard.position import (
    COLOURS,
    colour_name,
    position_from_json,
    side_of_colour,
)
from flickboard.rules.shuffleboard.scoring import RED, count_frame

SHAPING = ("players", "target", "first", "best_of_three")
"""Options that set a match up; a resumed match takes them from its record."""

UP_THE_TABLE = 1.5707963267948966
"""The direction a player at the delivering end faces (+y): a table file is drawn so."""


def count_table(data: Any) -> dict[str, Any]:
    """The count of a table position as JSON-ready data."""
    table = ShuffleboardTable.csc()
    return count_json(table, position_from_json(data, table))


def count_json(table: ShuffleboardTable, position: Position) -> dict[str, Any]:
    """The count of a position on ``table`` as JSON-ready data (see :func:`count_table`)."""
    count = count_frame(table, position)
    red, green = count.points
    weights = []
    for w in count.weights:
        disc = position.layout.disc(w.disc)
        weights.append(
            {
                "colour": colour_name(w.side),
                "x": disc.x,
                "y": disc.y,
                "zone": zone_name(table, disc.x, disc.y),
                "leading": w.leading,
                "points": w.points,
            }
        )
    return {
        "rules": "csc",
        "leader": None if count.leader is None else colour_name(count.leader),
        "level": count.level,
        "points": {"red": red, "green": green},
        "weights": weights,
        "explanation": count.explanation(),
    }


def score(
    file: Annotated[Path, typer.Argument(help="Table position JSON (docs/formats.md).")],
    json_out: JsonOption = False,
    picture: PictureOption = None,
) -> None:
    """Score a table shuffleboard frame from weight positions (CSC rule 4; --json for machines)."""
    check_writable(picture)
    table = ShuffleboardTable.csc()
    position = read_file(file, lambda data: position_from_json(data, table))
    result = count_json(table, position)
    if json_out:
        print_json(result)
    else:
        console = console_for_cli()
        game = ShuffleboardTerminal()
        console.print(board_text(game, position, UP_THE_TABLE), end="")
        console.print(f"Seen from the delivering end. {game.legend()}.")
        console.print(result["explanation"])
        for k, w in enumerate(result["weights"]):
            lead = "leading, " if w["leading"] else ""
            console.print(
                f"weight {k}: {w['colour']}, zone {w['zone']}, {lead}{w['points']} "
                f"point{'s' if w['points'] != 1 else ''}"
            )
        points = result["points"]
        console.print(f"Frame count: red {points['red']} - green {points['green']}.")
    if picture is not None:
        write_picture(picture, position.svg())


def aim_to_shot(angle: float, speed: float, offset: float) -> Shot:
    """A typed aim as a delivery: released on the release line, ``offset`` cm right of the
    centre line, ``angle`` degrees right of straight up the board."""
    table = ShuffleboardTable.csc()
    line = CSCReferee(table).start_line(Position.of(Layout(table, ()), {}), Turn(0, RED, 0))
    return aim_on_line(line, angle, speed, offset)


def _speeds(table: ShuffleboardTable, params: PhysicsParams) -> tuple[float, float, float]:
    """Release speeds (m/s) from ``RELEASE_LINE`` that just clear the foul line, stop in the
    middle of the three zone, and just go off the far end (v^2 = 2 mu g d)."""
    r = table.disc.radius
    return (
        draw_speed(params, RELEASE_LINE, table.foul_line.far + r),
        draw_speed(params, RELEASE_LINE, three_zone_target(table)),
        draw_speed(params, RELEASE_LINE, table.length),
    )


CALLED_FOULS = tuple(key for key, foul in FOULS.items() if foul.warning_first)
"""Fouls called at the prompt with 'foul': every one but 5(c), which makes the delivery
dead and is an official's call on it ('call body_over_end')."""

FOUL_HELP = "  ".join(
    [
        "Fouls called with 'foul RULE PLAYER' (e.g. 'foul 5b 2'):",
        *(f"{key}: {FOULS[key].description};" for key in CALLED_FOULS),
        "5(c) (lower body beyond the end) goes with the delivery: 'call body_over_end'.",
    ]
)


def _aim_help(table: ShuffleboardTable, params: PhysicsParams) -> str:
    foul, draw, off = _speeds(table, params)
    reach = (table.width / 2 - table.disc.radius) * 100
    return (
        f"type: {AIM}  - the weight is released {RELEASE_LINE * 100:.0f} cm from "
        "your end of the table. ANGLE in degrees from straight down the table (positive to "
        f"your right); SPEED in m/s as it leaves your hand ({speeds(game_kind('shuffleboard'))}): about "
        f"{draw:.2f} stops in the three zone, below {foul:.2f} it does not cross the foul "
        f"line and is dead (5(n)), above {off:.2f} it falls off the far end; OFFSET in cm "
        f"across the table from its centre line (positive to your right, at most {reach:.0f}). "
        f"Also: '{OTHER} {AIM}' when the other player at your end delivered "
        "out of turn (5(h)); 'foul RULE PLAYER' (e.g. 'foul 5b 2'; 'foul' lists them); "
        "'call NAME [WEIGHT]' for an official's call on your next delivery ('call' lists "
        "them). 'help' repeats this, 'quit' stops."
    )


OTHER = "other"
"""Typed before an aim: the other player at this end delivered the weight (5(h))."""

OTHER_HELP = (
    f"Type '{OTHER} ANGLE SPEED [OFFSET]' when the other player at this end delivers the "
    "weight out of turn: it stands and the frame goes on in that rotation (rule 5(h))."
)

AIM_HELP = _aim_help(ShuffleboardTable.csc(), PhysicsParams.shuffleboard())
"""What to type at the shuffleboard prompt (the figures follow the table and wax)."""

FLAG_CALLS = {
    "upside_down": "the weight is delivered upside down (dead, 4(i))",
    "body_over_end": "your lower body goes beyond the end of the table (dead, 5(c))",
    "opponent_weight": "you deliver an opponent's weight by accident (exchanged, 5(f))",
    "body_vibration": "the hanger fell because bodily contact shook the table (no repeat, 5(i))",
}
"""Official's calls typed as ``call NAME``, with what each says."""

WEIGHT_CALLS = {
    "knocked_upside_down": "the delivery knocks that weight upside down (5(g)); repeatable",
    "hanger_fell": "that hanger falls as the weight is delivered, before it gets there (5(i))",
}
"""Official's calls typed as ``call NAME WEIGHT`` (a weight number, see 'weights')."""

CALL_HELP = "  ".join(
    [
        "Official's calls for your next delivery (docs/formats.md):",
        *(f"'call {name}': {what};" for name, what in FLAG_CALLS.items()),
        *(f"'call {name} WEIGHT': {what};" for name, what in WEIGHT_CALLS.items()),
        "'call clear' drops them.",
    ]
)


class Desk:
    """The official's desk at the terminal: fouls called and the calls for the next
    delivery, typed by any person at the prompt."""

    def __init__(
        self,
        console: Console,
        names: tuple[str, ...],
        match: ShuffleboardMatch,
        people: frozenset[int],
    ) -> None:
        self.console = console
        self.names = names
        self.match = match
        self.people = people
        self.calls: dict[str, Any] = {}

    def command(self, line: str) -> bool:
        """Deal with a ``foul`` or ``call`` line; False for anything else."""
        words = line.split()
        handlers = {"foul": self._foul, "call": self._call}
        handler = handlers.get(words[0].lower()) if words else None
        if handler is None:
            return False
        try:
            handler(words[1:])
        except FlickboardError as exc:
            self.console.print(f"[red]{exc}[/red]")
        return True

    def _in_play(self) -> ShuffleboardGame:
        return self.match.game_in_play()

    def _foul(self, args: list[str]) -> None:
        if not args:
            self.console.print(FOUL_HELP)
            return
        players = ", ".join(f"{n} {name}" for n, name in enumerate(self.names, start=1))
        if len(args) != 2 or not args[1].isdigit():
            raise InvalidInput(f"type 'foul RULE PLAYER', e.g. 'foul 5b 2' (players: {players})")
        key = args[0].lower().replace("(", "").replace(")", "")
        if key == "5c":
            raise InvalidInput(
                "5(c) makes the delivery dead: type 'call body_over_end' before the aim instead"
            )
        if key not in CALLED_FOULS:
            raise InvalidInput(
                f"unknown foul {args[0]!r}; fouls called at the prompt: "
                f"{', '.join(CALLED_FOULS)} ('foul' says what each is)"
            )
        penalty = self.match.call_foul(foul_key(key), int(args[1]) - 1)
        self.console.print(f"{penalty.reason} Score: {self._in_play().describe()}.")

    def _call(self, args: list[str]) -> None:
        name = args[0].lower() if args else ""
        if name == "clear" and len(args) == 1:
            self.calls = {}
        elif name in FLAG_CALLS and len(args) == 1:
            self.calls[name] = True
        elif name in WEIGHT_CALLS and len(args) == 2:
            weight = self._weight(args[1])
            if name == "hanger_fell":
                self.calls[name] = weight
            else:
                self.calls[name] = sorted({*self.calls.get(name, []), weight})
        elif args:
            raise InvalidInput(f"unknown call {' '.join(args)!r}; 'call' lists them")
        else:
            self.console.print(CALL_HELP)
        made = ", ".join(f"{k} {v}" if v is not True else k for k, v in self.calls.items())
        self.console.print(f"Calls for the next delivery: {made or 'none'}.")

    def _weight(self, text: str) -> int:
        ids = [d.id for d in self._in_play().position.layout.discs]
        if not text.isdigit() or int(text) not in ids:
            raise InvalidInput(f"no weight {text} is in play; 'weights' lists them")
        return int(text)

    def take_calls(self, out_of_order: bool) -> Calls:
        """The calls typed for a person's delivery (then cleared); ``out_of_order`` says the
        other player at the end delivered it, which only a person at the terminal can do."""
        if out_of_order:
            game = self._in_play()
            other = game.turn_of(calls_from_json({"out_of_order": True})).seat
            if other not in self.people:
                raise IllegalInPosition(
                    f"{self.names[other]} is not a person at the terminal, so cannot have "
                    "delivered out of turn (5(h))"
                )
        calls = {**self.calls, **({"out_of_order": True} if out_of_order else {})}
        calls_from_json(calls)  # checked before the shot
        self.calls = {}
        return calls


class Human:
    """A person at the terminal delivering weights: types ``ANGLE SPEED [OFFSET]`` for each
    weight, or ``other ANGLE SPEED [OFFSET]`` when the other player at the end delivered
    it, and the desk's commands (fouls, calls) in between."""

    interactive = True

    def __init__(self, person: TerminalHuman, desk: Desk) -> None:
        self.person = person
        self.name = person.name
        self.desk = desk
        self.typed = person.read
        person.read = self._line
        self.out_of_order = False

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a shot."""
        self.out_of_order = False
        return self.person.decide(view)

    def take_calls(self) -> Calls:
        """The official's calls for this delivery (and whether it was out of turn)."""
        return self.desk.take_calls(self.out_of_order)

    def _line(self, prompt: str) -> str:
        words = self.typed(prompt).split()
        self.out_of_order = bool(words) and words[0].lower() == OTHER
        return " ".join(words[1:] if self.out_of_order else words)


class ShuffleboardTerminal(TerminalGame):
    """Table shuffleboard at the terminal: the far half of the table with its zones, seen
    from the delivering end; frames, games of a best of three, and the official's desk."""

    span = "the table"
    aim_help = AIM_HELP
    columns = 15

    def __init__(self, console: Console | None = None) -> None:
        self.kind = game_kind("shuffleboard")
        self.console = console or console_for_cli()
        self.desk: Desk | None = None

    def extent(self, board: Board) -> tuple[float, float, float, float]:
        """From just short of the foul line to the far end, gutter to gutter."""
        table = cast(ShuffleboardTable, board)
        half = table.width / 2
        return (-half, table.foul_line.near - 0.12, half, table.length + 0.02)

    def draw_board(self, canvas: Canvas, board: Board) -> None:
        """The sides, the foul line and the scoring lines, the far end, and each zone's
        value at its left edge."""
        table = cast(ShuffleboardTable, board)
        half = table.width / 2
        start = table.foul_line.near - 0.12
        canvas.line((-half, start), (-half, table.length), "|")
        canvas.line((half, start), (half, table.length), "|")
        for line in table.lines:
            canvas.line((-half, line.y), (half, line.y), "-")
        canvas.line((-half, table.length), (half, table.length), "=", "bold")
        ys = [line.y for line in table.lines[1:]] + [table.length]
        for value, (y0, y1) in enumerate(itertools.pairwise(ys), start=1):
            canvas.put(-half + 0.03, (y0 + y1) / 2, str(value), "dim")

    def legend(self) -> str:
        """The characters of the table."""
        return "R4 red weight 4, - foul, one, two and three lines, = the far end; zones 1-3 at the left"

    def banner(self, match: Match, view: View) -> list[str]:
        """A frame's head (and a game's, in a best of three)."""
        the_match = cast(ShuffleboardMatch, match)
        game = the_match.games[-1]
        lines = []
        if the_match.series is not None and game.frame == 0:
            number = len(the_match.games)
            lines.append(f"Game {number}: {_opening(game.rules.first, number)}")
        lines.append(f"Frame {game.frame + 1} from end {game.end}: {game.describe()}")
        return lines

    def game_table(self, match: Match, end: GameEnd) -> Table:
        """A game's frames, penalties and totals."""
        the_match = cast(ShuffleboardMatch, match)
        game = the_match.games[end.number - 1]
        rows = [(f"F{f.number + 1}", f.score.points) for f in game.frames]
        rows += [
            (f"{p.foul} (player {p.player + 1})", _deduction(p)) for p in game.penalties if p.points
        ]
        rows.append(("totals", game.totals))
        title = "Game" if the_match.series is None else f"Game {end.number}"
        return score_table(title, ("red", "green"), rows)

    def where(self, position: Position, disc: PlacedDisc, right: float, ahead: float) -> str:
        """Its zone, and where it lies across and down the table."""
        table = cast(ShuffleboardTable, position.layout.board)
        zone = zone_name(table, disc.x, disc.y)
        return f"zone {zone}: {across(right, 'the centre line')}, {ahead:.3f} m down the table"

    def score_words(self, match: Match, view: View) -> str:
        """Both totals and the target."""
        game = cast(ShuffleboardMatch, match).games[-1]
        return game.describe()

    def match_words(self, match: Match) -> str | None:
        """Games won, in a best of three."""
        series = cast(ShuffleboardMatch, match).series
        if series is None:
            return None
        red, green = series.wins
        return f"game {len(series.games)}, games won red {red} - green {green}"

    def default_name(self, match: Match, seat: int) -> str:
        """Singles: the colour; doubles: the colour and 1 or 2 (its end)."""
        doubles = cast(ShuffleboardMatch, match).rules.doubles
        return f"{colour_name(seat % 2)} {seat // 2 + 1}" if doubles else colour_name(seat)

    def human(self, table: TerminalTable, seat: int, name: str) -> Player:
        """A person with the official's desk at hand."""
        if self.desk is None:
            names = tuple(table.names[s] for s in sorted(table.names))
            self.desk = Desk(
                table.console, names, cast(ShuffleboardMatch, table.match), table.people
            )
        return Human(table.human(seat, name, self.desk.command), self.desk)

    def taken_back(self, table: TerminalTable) -> None:
        """Calls typed for the next delivery are dropped."""
        if self.desk is not None:
            self.desk.calls = {}

    def verdict(self, match: Match, outcome: Outcome) -> str | None:
        """A best of three's result (a single game's ends with the game)."""
        if cast(ShuffleboardMatch, match).series is None or outcome.winner is None:
            return None
        wins = sorted(outcome.scores, reverse=True)
        return f"{colour_name(outcome.winner).capitalize()} wins the match {wins[0]}-{wins[1]}."

    def tags(self, match: Match, names: Mapping[int, str]) -> dict[str, str]:
        """Each player's name as ``Player1``, ``Player2``... (1-based seats)."""
        return {f"Player{seat + 1}": names[seat] for seat in sorted(match.seats)}

    def names_from_tags(self, match: Match, tags: Mapping[str, str]) -> dict[int, str]:
        """Names back from ``PlayerN`` tags."""
        return {s: tags[f"Player{s + 1}"] for s in match.seats if tags.get(f"Player{s + 1}")}


def new_match(
    players: int, target: int | None, first: str, best_of_three: bool, seed: int
) -> ShuffleboardMatch:
    """A new game or best of three from the command line's options."""
    tossed = first.strip().lower() == "toss"
    if not tossed and first.strip().lower() not in COLOURS:
        raise InvalidInput(f"--first must be red, green or toss, not {first!r}")
    if best_of_three and (tossed or side_of_colour(first) != RED):
        raise InvalidInput(
            "a best-of-three starts with red and then alternates (rule 3): --first is "
            "for a single game"
        )
    rules = GameRules(players, target, coin_toss(seed) if tossed else side_of_colour(first))
    return ShuffleboardMatch(rules, best_of_three=best_of_three, seed=seed)


def _new(values: Values) -> ShuffleboardMatch:
    return new_match(
        values["players"],
        values["target"],
        values["first"],
        values["best_of_three"],
        values["seed"],
    )


def _opened(console: Console, table: TerminalTable, values: Values) -> None:
    """The game, its players, what a person can type, and the coin toss."""
    the_match = table.match
    assert isinstance(the_match, ShuffleboardMatch)
    rules = the_match.rules
    kind = "doubles" if rules.doubles else "singles"
    console.print(
        f"Table shuffleboard (CSC), {kind} to {rules.goal}"
        f"{', best of three' if the_match.series is not None else ''}."
    )
    if table.people:
        console.print(
            "Players: " + ", ".join(f"{s + 1} {table.names[s]}" for s in sorted(table.names))
        )
    if len(table.people) == rules.players:
        console.print(OTHER_HELP)
    if values["resume"] is None and values["first"].strip().lower() == "toss":
        console.print(f"Coin toss: {colour_name(rules.first)} shoots first (Part VII 5).")


MATCH = MatchCommand(
    "shuffleboard",
    help="Play a game or a best-of-three of table shuffleboard by the CSC rules at the terminal.",
    options=(
        Flag("players", Annotated[int, typer.Option(help="2 for singles, 4 for doubles.")], 2),
        Flag("red", Annotated[str, typer.Option(help=f"Who plays red: {PLAYER_HELP}.")], "human"),
        Flag(
            "green",
            Annotated[str, typer.Option(help=f"Who plays green/blue: {PLAYER_HELP}.")],
            "bot",
        ),
        matches.NAME,
        Flag(
            "target",
            Annotated[
                int | None, typer.Option(help="Points to win (default 15 singles, 17 doubles).")
            ],
        ),
        Flag(
            "first",
            Annotated[
                str,
                typer.Option(
                    help="Who shoots first in a single game: red (rule 3), green (set by a "
                    "schedule, rule 2) or toss (a seeded coin toss, Part VII 5)."
                ),
            ],
            "red",
        ),
        Flag(
            "best_of_three",
            Annotated[
                bool,
                typer.Option(
                    "--best-of-three",
                    help="Play a best-of-three match: red first in game 1, green in game 2, a "
                    "seeded coin toss for game 3 (rule 3).",
                ),
            ],
            False,
        ),
        matches.SEED,
        matches.RECORD,
        matches.RESUME,
        matches.QUIET,
        matches.PACE,
        matches.EXPLAIN,
        matches.HUMAN_LEVEL,
    ),
    colours=("red", "green"),
    shaping=SHAPING,
    new=_new,
    face=lambda console, _match, _values: ShuffleboardTerminal(console),
    opened=_opened,
)

REPLAY = ReplayCommand(
    "shuffleboard",
    help="Replay a saved table shuffleboard record: every delivery ruled again, then the result.",
    file_help="A game or best-of-three record (match shuffleboard --record).",
    face=lambda console, _match: ShuffleboardTerminal(console),
)


def _opening(first: Side, number: int) -> str:
    """Who shoots first in game ``number`` of a best-of-three, and why (rule 3)."""
    if number == 3:
        return f"coin toss, {colour_name(first)} shoots first (rule 3)"
    return f"{colour_name(first)} shoots first (rule 3)"


def _deduction(penalty: Penalty) -> tuple[int, int]:
    return (-penalty.points, 0) if penalty.side == RED else (0, -penalty.points)


def register(app: typer.Typer) -> None:
    """Add the shuffleboard commands to the score, match and replay groups."""
    subgroup(app, "score").command("shuffleboard")(score)
    matches.register_game(app, MATCH, REPLAY)
