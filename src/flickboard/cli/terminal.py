"""A match at the terminal, for any game: humans type shots, bots decide, rulings show.

Each game's cli module (``cli/crokinole.py``, ``cli/shuffleboard.py``) supplies a
:class:`TerminalGame`: how its board is drawn in characters, its banners and score
tables, and the words for where a disc lies. This module draws the board turned to the
person about to shoot, with a score line; reads and re-prompts, so that a bad shot
from a person is explained and asked again, never lost; plays a person's shot with
their chosen level's execution noise; and shows a match live, paced, with the AI's
explanations.
"""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import numpy as np
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from flickboard.cli.textboard import Canvas, disc_label, draw_discs
from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import Board
from flickboard.geometry.startline import StartLine
from flickboard.physics import PlacedDisc, Shot
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.driver import IntentLog, SeatChoice, most_discs_left
from flickboard.play.intent import Intent
from flickboard.play.kind import GameKind, game_kind, game_kinds
from flickboard.play.match import GameEnd, Match, Outcome, RoundEnd, Step
from flickboard.play.noise import ExecutionNoise, check_level, execute
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Ruling, Turn

if TYPE_CHECKING:
    from flickboard.cli.session import TerminalTable

AIM = "ANGLE SPEED [OFFSET]"
"""What a person types to shoot."""

AIM_HELP = (
    f"type: {AIM}  - ANGLE in degrees from straight ahead (positive to "
    "your right), SPEED in m/s ({speeds}; about 1 reaches the middle), OFFSET in "
    "cm along your start line (positive to your right). 'help' repeats this, 'quit' stops."
)
"""What to type at the prompt; ``{speeds}`` is the game's speed range."""


def speeds(kind: GameKind) -> str:
    """The speeds a person may play in ``kind``, for a help text: ``0.3-4``."""
    low, high = kind.speed_range()
    return f"{low:g}-{high:g}"


TABLE_HELP = (
    "At the prompt also: '{pieces}' lists the {pieces} in play, 'score' the score, 'undo' "
    "takes back your last shot (and the replies to it), 'explain' says what the AI's last "
    "shot tried."
)
"""The commands every game's prompt takes besides an aim ({pieces}: discs or weights)."""


JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead (for machines).")]
PictureOption = Annotated[
    Path | None, typer.Option(help="Also draw it as an SVG picture in this file.")
]


class Quit(Exception):
    """The person at the terminal asked to stop (or input ended)."""


_T = TypeVar("_T")


def fail(message: str) -> NoReturn:
    """Print a one-line error to stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def check_game(game: str) -> GameKind:
    """The game kind a ``--game`` option names; a one-line error naming the games if none."""
    try:
        return game_kind(game)
    except InvalidInput:
        fail(f"--game must be {' or '.join(k.name for k in game_kinds())}, got {game!r}")


def read_json(path: Path) -> Any:
    """Parse a JSON file, failing with a one-line message."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        fail(f"{path} is not valid JSON: {exc}")


def read_file(path: Path, read: Callable[[Any], _T]) -> _T:
    """What ``read`` makes of a JSON file; bad JSON or bad content fails with one line
    naming the file."""
    data = read_json(path)
    try:
        return read(data)
    except FlickboardError as exc:
        fail(f"{path}: {exc}")


def write_picture(path: Path, svg: str) -> None:
    """Write an SVG picture and say where."""
    write_text(path, svg)
    console_for_cli().print(f"picture written to {path}")


def print_json(data: Any) -> None:
    """JSON for machines on stdout, indented."""
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


def _new_file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would leave: the file's own if it exists,
    else read and write for everyone the umask allows."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def write_text(path: Path, text: str) -> None:
    """Write a text file whole or not at all (a stop mid-write leaves the old file),
    with the mode a plain write gives (the umask's), failing with a one-line message."""
    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            os.fchmod(fd, _new_file_mode(path))
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def write_record(path: Path, data: Mapping[str, Any]) -> None:
    """Write a record as compact JSON (one line), failing with a one-line message."""
    write_text(path, json.dumps(data, separators=(",", ":")) + "\n")


def check_writable(path: Path | None) -> None:
    """Fail before play starts if ``path`` could not be written afterwards."""
    if path is not None and not path.parent.is_dir():
        fail(f"cannot write {path}: folder {path.parent} does not exist")
    if path is not None and path.is_dir():
        fail(f"cannot write {path}: it is a folder")


def parse_aim(text: str) -> tuple[float, float, float]:
    """``ANGLE SPEED [OFFSET]`` -> (angle degrees, speed m/s, offset cm), validated."""
    parts = text.split()
    if not 2 <= len(parts) <= 3:
        raise InvalidInput("expected ANGLE SPEED [OFFSET], e.g. '0 1.0' or '-5 2.2 3'")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise InvalidInput(f"not numbers: {text.strip()!r}") from None
    if not all(math.isfinite(v) for v in values):
        raise InvalidInput("angle, speed and offset must be finite numbers")
    angle, speed = values[0], values[1]
    offset = values[2] if len(values) == 3 else 0.0
    if not -90 < angle < 90:
        raise InvalidInput(f"angle must be between -90 and 90 degrees, got {angle:g}")
    if not 0 < speed <= MAX_SPEED:
        raise InvalidInput(f"speed must be above 0 and at most {MAX_SPEED:g} m/s, got {speed:g}")
    return angle, speed, offset


def ask_line(console: Console, prompt: str, read: Callable[[str], str] = input) -> str:
    """One typed line, stripped; :class:`Quit` on 'quit' ('exit', 'q') or when input ends."""
    console.print(prompt, end="")
    try:
        line = read("")
    except EOFError:
        raise Quit("input ended") from None
    if line.strip().lower() in ("quit", "exit", "q"):
        raise Quit("stopped at the player's request")
    return line.strip()


Command = Callable[[str], bool]
"""Sees a typed line that is not an aim; True when it was a command it dealt with."""


def ask_shot(
    console: Console,
    prompt: str,
    build: Callable[[float, float, float], Shot],
    read: Callable[[str], str] = input,
    *,
    help_text: str,
    commands: Iterable[Command] = (),
) -> Shot:
    """Ask until a typed aim makes a shot; ``build`` turns (angle, speed, offset) into one.

    ``help_text`` is shown for 'help'; each of ``commands`` sees every other line first,
    in order, and returns True when it was a command it has dealt with (ask again).
    """
    handlers = tuple(commands)
    while True:
        line = ask_line(console, prompt, read)
        if line.lower() in ("help", "?", ""):
            console.print(help_text)
            continue
        if any(handler(line) for handler in handlers):
            continue
        try:
            return build(*parse_aim(line))
        except FlickboardError as exc:
            console.print(f"[red]{exc}[/red]")


def aim_on_line(line: StartLine, angle: float, speed: float, offset: float) -> Shot:
    """A typed aim: from ``offset`` cm along the start line from its middle (positive to
    the shooter's right), ``angle`` degrees right of straight in, at ``speed`` m/s."""
    u = line.at_offset(offset / 100)
    x, y = line.point(u)
    return Shot(x, y, line.inward(u) - math.radians(angle), speed)


def offset_range(line: StartLine) -> list[tuple[float, float]]:
    """The offsets (cm from the middle, right positive) a shot may start from: the line's
    allowed stretches, to 0.1 cm inside them."""
    return [
        (math.ceil(1000 * line.offset(a)) / 10, math.floor(1000 * line.offset(b)) / 10)
        for a, b in line.allowed
    ]


def says_range(ranges: list[tuple[float, float]]) -> str:
    """Offset ranges in words: ``-25.5 to 25.5 cm`` (or several, with 'or')."""
    return " or ".join(f"{lo:g} to {hi:g} cm" for lo, hi in ranges) + " along your start line"


# -- a game at the terminal ----------------------------------------------------------------


class TerminalGame(ABC):
    """What one game brings to the terminal: its board in characters, its banners and
    score tables, its names for seats and where a disc lies."""

    kind: GameKind
    console: Console
    """Where the game is shown."""
    span: str
    """The start line in a refusal of an offset past its ends (``your quadrant``)."""

    @property
    def aim_help(self) -> str:
        """What to type at the prompt, with the game's speeds."""
        return AIM_HELP.format(speeds=speeds(self.kind))

    columns: int = 61
    """Width of the board in characters."""

    @abstractmethod
    def extent(self, board: Board) -> tuple[float, float, float, float]:
        """The part of the board to draw (x0, y0, x1, y1 in metres)."""

    @abstractmethod
    def draw_board(self, canvas: Canvas, board: Board) -> None:
        """The board's lines, pegs and zones (no discs)."""

    @abstractmethod
    def legend(self) -> str:
        """What the board's characters mean."""

    @abstractmethod
    def banner(self, match: Match, view: View) -> list[str]:
        """The head of a round (and of a game)."""

    @abstractmethod
    def game_table(self, match: Match, end: GameEnd) -> Table:
        """A finished game's score table."""

    @abstractmethod
    def where(self, position: Position, disc: PlacedDisc, right: float, ahead: float) -> str:
        """Where a disc lies, in the game's words (its region or zone); ``right`` and
        ``ahead`` are its centre (m) as the player asking sees the board."""

    def human(self, table: TerminalTable, seat: int, name: str) -> Player:
        """A person at the terminal in ``seat`` (a game adds its own commands)."""
        return table.human(seat, name)

    def choose(self, table: TerminalTable) -> SeatChoice:
        """Who shoots when several seats may (default: the partner with more left)."""
        del table
        return most_discs_left

    def taken_back(self, table: TerminalTable) -> None:
        """Shots were taken back (a game drops what was typed for the next one)."""
        del table

    def save_also(self, match: Match, tags: Mapping[str, str]) -> None:
        """Keep whatever else the game keeps besides the record (default: nothing)."""
        del match, tags

    def verdict(self, match: Match, outcome: Outcome) -> str | None:
        """The line that ends the match."""
        del match
        return f"Match: {outcome.summary}"

    def default_name(self, match: Match, seat: int) -> str:
        """A seat's name when none is given: its colour (and seat, when a side has two)."""
        colour = self.kind.side_name(match.side_of(seat))
        partners = [s for s in match.seats if match.side_of(s) == match.side_of(seat)]
        return colour if len(partners) == 1 else f"{colour} {seat}"

    def score_words(self, match: Match, view: View) -> str:
        """The game's score so far in words (``red 2 - green 0``)."""
        return " - ".join(
            f"{self.kind.side_name(s)} {points}" for s, points in enumerate(view.scores)
        )

    def match_words(self, match: Match) -> str | None:
        """The match so far, when it has more than one game (default: nothing)."""
        del match
        return None

    def tags(self, match: Match, names: Mapping[int, str]) -> dict[str, str]:
        """Record tags that keep the players' names (default: none)."""
        del match, names
        return {}

    def names_from_tags(self, match: Match, tags: Mapping[str, str]) -> dict[int, str]:
        """Players' names kept in a record's tags (default: none)."""
        del match, tags
        return {}


def facing(match: Match, position: Position, seat: int) -> float:
    """The direction (radians) a player at ``seat`` faces: straight in from the middle
    of their start line."""
    turn = Turn(seat, match.side_of(seat), 0)
    return match.referee.start_line(position, turn).inward(0.5)


def board_text(
    game: TerminalGame,
    position: Position,
    towards: float,
    line: StartLine | None = None,
) -> Text:
    """The board in characters, turned so the viewer facing ``towards`` looks up the
    screen; the stretches of ``line`` a shot may start from are marked ``=``."""
    board = position.layout.board
    canvas = Canvas(game.extent(board), towards, game.columns)
    game.draw_board(canvas, board)
    if line is not None:
        for a, b in line.allowed:
            steps = max(2, math.ceil(line.length * (b - a) / canvas.step))
            canvas.points(
                (line.point(a + (b - a) * k / steps) for k in range(steps + 1)), "=", "yellow"
            )
    draw_discs(canvas, position, game.kind.side_names)
    return canvas.text()


def score_line(game: TerminalGame, match: Match, view: View, names: Mapping[int, str]) -> str:
    """One line: round, score, 20s this round, discs left, hammer (and the match, when
    it has several games)."""
    kind = match.kind
    sides = range(match.sides)
    parts = [f"{kind.round_word.capitalize()} {view.round_number}"]
    if view.scores:
        parts.append(game.score_words(match, view))
    if view.twenties:
        made = ", ".join(f"{kind.side_name(s)} {view.twenties[s]}" for s in sides)
        parts.append(f"20s: {made}")
    left = ", ".join(f"{names.get(seat, seat)} {n}" for seat, n in view.discs_left)
    parts.append(f"{kind.piece}s left: {left}")
    if view.hammer is not None:
        parts.append(f"hammer: {kind.side_name(view.hammer)}")
    words = game.match_words(match)
    if words:
        parts.append(words)
    return " | ".join(parts)


def discs_words(game: TerminalGame, position: Position, towards: float) -> list[str]:
    """One line per disc in play: its label, colour and where it lies (the game's words)
    as a viewer facing ``towards`` sees it."""
    kind = game.kind
    if not position.layout.discs:
        return [f"No {kind.piece}s are in play."]
    canvas = Canvas((-1.0, -1.0, 1.0, 1.0), towards, 3)
    lines = []
    for d in position.layout.discs:
        side = position.side_of(d.id)
        label = disc_label(kind.side_names[side][0], d.id, d.leaning)
        where = game.where(position, d, *canvas.rotate(d.x, d.y))
        lines.append(f"{label}: {kind.side_name(side)} {kind.piece} {d.id}, {where}")
    return lines


def across(metres: float, of: str) -> str:
    """``3.1 cm right of`` / ``2.0 cm left of`` ``of``."""
    return f"{abs(metres) * 100:.1f} cm {'right' if metres >= 0 else 'left'} of {of}"


# -- people and what they see ----------------------------------------------------------------


class TerminalHuman:
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each shot; a refused
    shot is explained and asked again (``interactive``).

    ``commands`` see every other line first (the table's and the game's commands);
    ``level`` is the skill level whose hand the person plays with (``perfect``: none;
    its noise at each shot's view, :meth:`~flickboard.play.kind.GameKind.noise_at`),
    drawn from a generator seeded by ``seed``.
    """

    interactive = True

    def __init__(
        self,
        name: str,
        console: Console,
        *,
        span: str,
        help_text: str | None = None,
        read: Callable[[str], str] = input,
        commands: Iterable[Command] = (),
        level: str = "perfect",
        seed: int = 0,
        piece: str = "disc",
    ) -> None:
        self.name = name
        self.piece = piece
        self.console = console
        self.span = span
        self.help_text = help_text
        self.read = read
        self.commands = list(commands)
        self.level = check_level(level)
        self.rng = np.random.default_rng(seed)
        self.last_intent: Intent | None = None
        """What the person meant by the last shot: the aim typed, or the shot itself
        when played with no noise (:mod:`flickboard.play.intent`)."""

    def prompt(self, view: View) -> str:
        """What the prompt says: who, with how many shots they have left, and a hint."""
        left = dict(view.discs_left).get(view.turn.seat, 0)
        pieces = self.piece + ("s" if left != 1 else "")
        return f"{self.name} ({left} {pieces} left; {AIM} or help) > "

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a shot, then play it with the person's noise; an
        offset past the ends of the start line is refused with the ranges allowed (one
        on the line that the rules refuse, on a disc say, is refused by the referee)."""
        line = view.start_line
        ranges = offset_range(line)
        ends = math.floor(1000 * line.length / 2) / 10

        kind = game_kind(view.game)

        def build(angle: float, speed: float, offset: float) -> Shot:
            kind.check_speed(speed)  # the web's limit too
            if abs(offset) > ends:
                raise InvalidInput(
                    f"offset {offset:g} cm is outside {self.span}: start from {says_range(ranges)}"
                )
            return aim_on_line(line, angle, speed, offset)

        meant = ask_shot(
            self.console,
            self.prompt(view),
            build,
            self.read,
            help_text=self.help_text or AIM_HELP.format(speeds=speeds(kind)),
            commands=self.commands,
        )
        return self.execute(view, meant)

    def execute(self, view: View, meant: Shot) -> Shot:
        """The shot as the hand plays it (the person's noise), and what the hand did."""
        noise = game_kind(view.game).noise_at(self.level, view)
        self.last_intent = Intent("exact") if noise.silent else Intent("aim", meant)
        if noise.silent:
            return meant
        played = execute(noise, view, meant, ExecutionNoise.draws(self.rng, 1)[0]).shot
        line = view.start_line
        turned = math.degrees(math.remainder(meant.angle - played.angle, 2 * math.pi))
        slid = (line.param(played.x, played.y) - line.param(meant.x, meant.y)) * line.length
        self.console.print(
            f"[dim]Your hand: {abs(turned):.1f}° {'right' if turned >= 0 else 'left'} of the "
            f"aim, speed {100 * (played.speed / meant.speed - 1):+.1f}%, start "
            f"{100 * slid:+.1f} cm.[/dim]"
        )
        return played


class TerminalObserver(IntentLog):
    """Shows a match at the terminal: rulings, the board turned to the viewer after every
    shot with a score line, round ends, game tables and the verdict; keeps what each shot
    meant for the record (:class:`~flickboard.play.driver.IntentLog`).

    ``people`` are the seats of persons at the terminal (a person about to shoot sees the
    board turned to them); ``pace`` seconds pass after each shot when no person shoots
    next; ``explain`` prints what each AI shot tried; ``save`` is called after every round.
    """

    def __init__(
        self,
        console: Console,
        game: TerminalGame,
        *,
        quiet: bool = False,
        people: frozenset[int] = frozenset(),
        names: Mapping[int, str] | None = None,
        pace: float = 0.0,
        explain: bool = False,
        save: Callable[[], object] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__()
        self.console = console
        self.game = game
        self.quiet = quiet
        self.people = people
        self.names = dict(names or {})
        self.pace = pace
        self.explain = explain
        self.save = save
        self.sleep = sleep
        self.last: Position | None = None
        self.explained: tuple[str, str] | None = None
        """Who shot the last AI shot and what it tried."""

    def viewer(self, match: Match, seat: int | None = None) -> int:
        """Whose side the board is seen from: the person about to shoot, else the first
        person at the terminal, else the first seat."""
        if seat is not None and seat in self.people:
            return seat
        people = [s for s in match.seats if s in self.people]
        return people[0] if people else match.seats[0]

    def show_board(self, match: Match, position: Position, view: View | None, seat: int) -> None:
        """The board seen from ``seat`` (the start line marked when that is a person about
        to shoot) and the score line."""
        towards = facing(match, position, seat)
        mine = view is not None and view.turn.seat == seat and seat in self.people
        line = view.start_line if view is not None and mine else None
        self.console.print(board_text(self.game, position, towards, line), end="")
        if view is not None:
            self.console.print(score_line(self.game, match, view, self.names))

    def on_turn(self, match: Match, seat: int, view: View) -> None:
        """Head a new round; show the board, turned to them, to a person about to shoot."""
        if self.last is None and not self.quiet:
            for line in self.game.banner(match, view):
                self.console.rule(line)
        if seat in self.people:
            self.show_board(match, view.position, view, seat)
        self.last = view.position

    def on_refused(self, match: Match, seat: int, error: FlickboardError) -> None:
        """Say why a person's shot was refused."""
        self.console.print(f"[red]{error}[/red]")

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """The AI's explanation, the ruling, then the board unless a person shoots next
        (they see it turned to them) or the round ended (its end shows it)."""
        super().on_shot(match, step, player)
        seat = step.entry.turn.seat
        who = self.names.get(seat, player.name)
        choice = getattr(player, "last_choice", None)
        if choice is not None and seat not in self.people:
            self.explained = (who, choice.explanation)
        self.last = step.ruling.position_after
        if self.quiet:
            return
        if self.explain and choice is not None and seat not in self.people:
            self.console.print(f"[cyan]{who} tries: {choice.explanation}[/cyan]")
        show_ruling(self.console, step.ruling, who)
        if step.over or step.rounds_ended:
            return
        upcoming = match.choices()
        if upcoming and upcoming[0] in self.people:
            return
        self.show_board(match, self.last, match.view(upcoming[0]), self.viewer(match))
        if self.pace > 0:
            self.sleep(self.pace)

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """The board and the round's score; the record is saved."""
        if not self.quiet:
            if self.last is not None:
                towards = facing(match, self.last, self.viewer(match))
                self.console.print(board_text(self.game, self.last, towards), end="")
            self.console.print(end.summary)
        self.last = None
        if self.save is not None:
            self.save()

    def on_game_end(self, match: Match, end: GameEnd) -> None:
        """The game's table and its result."""
        self.console.print(self.game.game_table(match, end))
        self.console.print(end.summary)

    def on_match_end(self, match: Match, outcome: Outcome) -> None:
        """The match's verdict."""
        verdict = self.game.verdict(match, outcome)
        if verdict is not None:
            self.console.print(verdict)


def show_ruling(console: Console, ruling: Ruling, who: str = "") -> None:
    """The ruling's summary and one line for each disc it concerned."""
    colour = "green" if ruling.valid else "red"
    head = f"{who}: " if who else ""
    console.print(f"[{colour}]{head}{ruling.summary}[/{colour}]")
    for d in ruling.decisions:
        console.print(f"  {d.reason}")


def score_table(
    title: str, sides: Iterable[str], rows: Iterable[tuple[str, Iterable[object]]]
) -> Table:
    """A table: one row per round (or frame), one column per side."""
    table = Table(title=title)
    table.add_column("")
    for side in sides:
        table.add_column(side, justify="right")
    for label, values in rows:
        table.add_row(label, *(str(v) for v in values))
    return table


def console_for_cli() -> Console:
    """A console on the current stdout (captured by test runners), no markup surprises."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=True)


def console_for_progress() -> Console:
    """A console on the current stderr, for progress that is not the command's output."""
    return Console(file=sys.stderr, highlight=False, soft_wrap=True)
