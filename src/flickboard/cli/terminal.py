"""A match at the terminal, for any game: humans type shots, bots decide, rulings show.

Game modules (``cli/crokinole.py``, ...) supply how a typed aim becomes a shot and
how to draw their board; this module reads and re-prompts, and runs each turn so
that a bad shot from a person is explained and asked again, never lost.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry.startline import StartLine
from flickboard.physics import Shot
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.driver import Observer
from flickboard.play.match import GameEnd, Match, Outcome, RoundEnd, Step
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Ruling

AIM_HELP = (
    "type: ANGLE SPEED [OFFSET]  - ANGLE in degrees from straight ahead (positive to "
    f"your right), SPEED in m/s (0-{MAX_SPEED:g}; about 1 reaches the middle), OFFSET in "
    "cm along your start line (positive to your right). 'help' repeats this, 'quit' stops."
)


class Quit(Exception):
    """The person at the terminal asked to stop (or input ended)."""


def fail(message: str) -> NoReturn:
    """Print a one-line error to stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def read_json(path: Path) -> Any:
    """Parse a JSON file, failing with a one-line message."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        fail(f"{path} is not valid JSON: {exc}")


def score_file(file: Path, count: Callable[[Any], Mapping[str, Any]]) -> None:
    """The body of every ``score GAME FILE`` command: read the position file, count it
    with ``count`` and print the result as JSON; bad input fails with a one-line message."""
    data = read_json(file)
    try:
        result = count(data)
    except FlickboardError as exc:
        fail(f"{file}: {exc}")
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


def write_record(path: Path, data: Mapping[str, Any]) -> None:
    """Write a record as compact JSON (one line), failing with a one-line message."""
    try:
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def check_writable(path: Path | None) -> None:
    """Fail before play starts if ``path`` could not be written afterwards."""
    if path is not None and not path.parent.is_dir():
        fail(f"cannot write {path}: folder {path.parent} does not exist")


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


def ask_shot(
    console: Console,
    prompt: str,
    build: Callable[[float, float, float], Shot],
    read: Callable[[str], str] = input,
    *,
    help_text: str = AIM_HELP,
    game_command: Callable[[str], bool] | None = None,
) -> Shot:
    """Ask until a typed aim makes a shot; ``build`` turns (angle, speed, offset) into one.

    ``help_text`` is shown for 'help'; ``game_command``, if given, sees every other line
    first and returns True when it was a game command it has dealt with (ask again).
    """
    while True:
        line = ask_line(console, prompt, read)
        command = line.lower()
        if command in ("help", "?", ""):
            console.print(help_text)
            continue
        if game_command is not None and game_command(line):
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


class TerminalHuman:
    """A person at the terminal: types ``ANGLE SPEED [OFFSET]`` for each shot; a refused
    shot is explained and asked again (``interactive``).

    ``span`` names the start line in the refusal of an offset past its ends ("your
    quadrant", "the table"); ``game_command`` sees every other line first (desk commands).
    """

    interactive = True

    def __init__(
        self,
        name: str,
        console: Console,
        *,
        span: str,
        help_text: str = AIM_HELP,
        read: Callable[[str], str] = input,
        game_command: Callable[[str], bool] | None = None,
    ) -> None:
        self.name = name
        self.console = console
        self.span = span
        self.help_text = help_text
        self.read = read
        self.game_command = game_command

    def prompt(self, view: View) -> str:
        """What the prompt says."""
        return f"{self.name} (seat {view.turn.seat}) > "

    def decide(self, view: View) -> Shot:
        """Ask until the typed aim is a shot; an offset past the ends of the start line is
        refused with the range in the centimetres typed."""
        line = view.start_line
        limit = math.floor(1000 * line.length / 2) / 10

        def build(angle: float, speed: float, offset: float) -> Shot:
            if abs(offset) > limit:
                raise InvalidInput(
                    f"offset {offset:g} cm is outside {self.span}: start from {-limit:g} "
                    f"to {limit:g} cm along your start line"
                )
            return aim_on_line(line, angle, speed, offset)

        return ask_shot(
            self.console,
            self.prompt(view),
            build,
            self.read,
            help_text=self.help_text,
            game_command=self.game_command,
        )


class TerminalObserver(Observer):
    """Shows a match at the terminal: rulings, round ends, game tables and the verdict.

    ``board`` draws a position (shown before a person shoots and after each round);
    ``banner`` heads each round; ``table`` is the game's score table at its end.
    """

    def __init__(
        self,
        console: Console,
        *,
        quiet: bool = False,
        people: frozenset[int] = frozenset(),
        names: Mapping[int, str] | None = None,
        board: Callable[[Position], Any] | None = None,
        banner: Callable[[Match, View], list[str]] | None = None,
        table: Callable[[Match, GameEnd], Table] | None = None,
    ) -> None:
        self.console = console
        self.quiet = quiet
        self.people = people
        self.names = dict(names or {})
        self.board = board
        self.banner = banner
        self.table = table
        self.last: Position | None = None

    def on_turn(self, match: Match, seat: int, view: View) -> None:
        """Head a new round; show the board to a person about to shoot."""
        if self.banner is not None and not self.quiet and self.last is None:
            for line in self.banner(match, view):
                self.console.rule(line)
        if seat in self.people and self.board is not None:
            self.console.print(self.board(view.position))
        self.last = view.position

    def on_refused(self, match: Match, seat: int, error: FlickboardError) -> None:
        """Say why a person's shot was refused."""
        self.console.print(f"[red]{error}[/red]")

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """The ruling."""
        if not self.quiet:
            who = self.names.get(step.entry.turn.seat, player.name)
            show_ruling(self.console, step.ruling, who)
        self.last = step.ruling.position_after

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """The board and the round's score."""
        if not self.quiet:
            if self.board is not None and self.last is not None:
                self.console.print(self.board(self.last))
            self.console.print(end.summary)
        self.last = None

    def on_game_end(self, match: Match, end: GameEnd) -> None:
        """The game's table and its result."""
        if self.table is not None:
            self.console.print(self.table(match, end))
        self.console.print(end.summary)

    def on_match_end(self, match: Match, outcome: Outcome) -> None:
        """The match's verdict."""
        self.console.print(f"Match: {outcome.summary}")


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
