"""``flickboard match GAME`` and ``flickboard replay GAME`` for every game kind.

A game's command module declares its commands as data: a :class:`MatchCommand` (its
options in the order ``--help`` lists them, the options that shape a new match, how to
set one up and the terminal face that shows it) and a :class:`ReplayCommand` (options
beside the shared ``--rulings``, ``--shots``, ``--shot`` and ``--picture``, and what to
do before and after). This module turns them into typer commands: the options every
match command takes (:data:`NAME`, :data:`SEED`...) are read by
:func:`~flickboard.cli.session.open_table`, the rest by the game's own functions.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from flickboard.cli.groups import subgroup
from flickboard.cli.replaying import (
    PicturesOption,
    RulingsOption,
    ShotOption,
    ShotsOption,
    replay_file,
)
from flickboard.cli.session import (
    ExplainOption,
    HumanLevelOption,
    NameOption,
    PaceOption,
    QuietOption,
    RecordOption,
    ResumeOption,
    SeedOption,
    TerminalTable,
    open_table,
)
from flickboard.cli.terminal import TerminalGame, check_writable, console_for_cli
from flickboard.play.kind import game_kind
from flickboard.play.match import Match

Values = Mapping[str, Any]
"""A command's options by parameter name, as typed (or defaulted)."""


@dataclass(frozen=True)
class Flag:
    """One option of a command: its parameter name, its annotated type (with the typer
    option and its help) and its default."""

    name: str
    annotation: Any
    default: Any = None

    def parameter(self) -> inspect.Parameter:
        """The keyword parameter typer reads the option from."""
        return inspect.Parameter(
            self.name,
            inspect.Parameter.KEYWORD_ONLY,
            default=self.default,
            annotation=self.annotation,
        )


NAME = Flag("name", NameOption)
SEED = Flag("seed", SeedOption, 0)
RECORD = Flag("record", RecordOption)
RESUME = Flag("resume", ResumeOption)
QUIET = Flag("quiet", QuietOption, False)
PACE = Flag("pace", PaceOption)
EXPLAIN = Flag("explain", ExplainOption, False)
HUMAN_LEVEL = Flag("human_level", HumanLevelOption, "perfect")
EVERY_MATCH = (NAME, SEED, RECORD, RESUME, QUIET, PACE, EXPLAIN, HUMAN_LEVEL)
"""Options every match command takes (read by :func:`open_table`)."""

EVERY_REPLAY = (
    Flag("rulings", RulingsOption, False),
    Flag("shots", ShotsOption, False),
    Flag("shot", ShotOption),
    Flag("picture", PicturesOption),
)
"""Options every replay command takes, after the game's own (read by :func:`replay_file`)."""


def _nothing(*_: Any) -> None:
    return None


@dataclass(frozen=True)
class MatchCommand:
    """A game's ``match`` command: ``help`` is its help, ``options`` its options in order
    (every one of :data:`EVERY_MATCH` among them), ``colours`` the option naming who plays
    each side (side 0 first), ``shaping`` the options a resumed match takes from its
    record, ``new`` a new match from the options, ``face`` the terminal face of a match,
    ``opened`` what is said once the table is set and ``checked`` the options naming
    files it writes (checked writable before anything)."""

    kind: str
    help: str
    options: tuple[Flag, ...]
    colours: tuple[str, ...]
    shaping: tuple[str, ...]
    new: Callable[[Values], Match]
    face: Callable[[Console, Match, Values], TerminalGame]
    opened: Callable[[Console, TerminalTable, Values], None] = _nothing
    checked: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = {o.name for o in self.options}
        missing = sorted(({o.name for o in EVERY_MATCH} | {*self.colours, *self.checked}) - names)
        if missing:
            raise ValueError(f"match {self.kind} lacks the options {', '.join(missing)}")

    def play(self, ctx: typer.Context, values: Values) -> None:
        """Open the table (a new match or the one resumed) and play it to the end."""
        _check_writable(self.checked, values)
        console = console_for_cli()
        table = open_table(
            ctx,
            lambda match: self.face(console, match, values),
            lambda: self.new(values),
            self.shaping,
            kind=game_kind(self.kind),
            players={side: values[colour] for side, colour in enumerate(self.colours)},
            options=values,
        )
        self.opened(console, table, values)
        table.run()

    def command(self) -> Callable[..., None]:
        """The typer command."""

        def match(ctx: typer.Context, **values: Any) -> None:
            self.play(ctx, values)

        context = inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        return _typed(match, self.help, [context.replace(annotation=typer.Context)], self.options)


@dataclass(frozen=True)
class ReplayCommand:
    """A game's ``replay`` command: ``help`` is its help, ``file_help`` the help of its
    record file argument, ``options`` its own options (before the shared ones),
    ``checked`` those naming files it writes (checked writable first), ``before`` checks the file and options first, ``face`` is the terminal face of the
    match replayed and ``after`` what is done with it and its tags at the end."""

    kind: str
    help: str
    file_help: str
    face: Callable[[Console, Match], TerminalGame]
    options: tuple[Flag, ...] = ()
    checked: tuple[str, ...] = ()
    before: Callable[[Path, Values], None] = _nothing
    after: Callable[[Path, Match, Mapping[str, str], Values], None] = _nothing

    def play(self, file: Path, values: Values) -> None:
        """Replay the record: every shot ruled again, then the result."""
        _check_writable(self.checked, values)
        self.before(file, values)
        console = console_for_cli()
        match, tags = replay_file(
            file,
            game_kind(self.kind),
            lambda m: self.face(console, m),
            console,
            **{flag.name: values[flag.name] for flag in EVERY_REPLAY},
        )
        self.after(file, match, tags, values)

    def command(self) -> Callable[..., None]:
        """The typer command."""

        def replay(file: Path, **values: Any) -> None:
            self.play(file, values)

        argument = inspect.Parameter(
            "file",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=Annotated[Path, typer.Argument(help=self.file_help)],
        )
        return _typed(replay, self.help, [argument], (*self.options, *EVERY_REPLAY))


def _check_writable(names: tuple[str, ...], values: Values) -> None:
    for name in names:
        check_writable(values[name])


def _typed(
    command: Callable[..., None],
    help: str,
    first: list[inspect.Parameter],
    options: tuple[Flag, ...],
) -> Callable[..., None]:
    """``command`` with the signature typer reads its parameters from, and its help."""
    parameters = [*first, *(o.parameter() for o in options)]
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = help
    return command


def register_game(app: typer.Typer, match: MatchCommand, replay: ReplayCommand) -> None:
    """Add a game's ``match`` and ``replay`` commands to their groups."""
    subgroup(app, "match").command(match.kind)(match.command())
    subgroup(app, "replay").command(replay.kind)(replay.command())
