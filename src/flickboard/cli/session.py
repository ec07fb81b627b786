"""A match at the terminal from its first shot to its end, for any game.

:class:`TerminalTable` seats the players (people at the terminal, bots, AIs) with their
names, plays through the one driver, answers the commands every game's prompt takes
(``discs``, ``score``, ``undo``, ``explain``), and keeps the record safe: it is written
after every round and whenever play stops: ``quit``, the end of input, Ctrl-C (exit
130) or any error, and the terminal says where it is and how to resume it.
:func:`resume_match` loads a stopped match's record so that play goes on from its last
shot.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, cast

import typer
from rich.console import Console

from flickboard.agents.spec import is_player_spec, player_from_spec
from flickboard.cli.kernels import warm_kernels
from flickboard.cli.terminal import (
    TABLE_HELP,
    Command,
    Quit,
    TerminalGame,
    TerminalHuman,
    TerminalObserver,
    check_writable,
    console_for_progress,
    discs_words,
    facing,
    fail,
    read_json,
    score_line,
    write_record,
)
from flickboard.errors import FlickboardError, InvalidInput, NothingToUndo
from flickboard.play.driver import play_match
from flickboard.play.intent import Intent, intents_of, with_intents
from flickboard.play.kind import GameKind, kind_of_record
from flickboard.play.match import Match, ShotAction
from flickboard.play.noise import check_level
from flickboard.play.view import Player

PLAYERS_TAG = "Players"
"""Record tag naming who played each colour (``red=human, green=ai:competitive``), so that a
resumed match seats the same players."""

HUMAN = "human"

PLAYER_HELP = (
    "human, bot, random or ai[:KIND][:LEVEL]; KIND heuristic, planner (default) or search;"
    " LEVEL novice (35 % of open 20s), recreational (45), strong-recreational (50),"
    " competitive (55, the default), top-competitive (65), champion (75) or perfect"
)

NameOption = Annotated[
    list[str] | None,
    typer.Option(
        "--name",
        metavar="COLOUR=NAME",
        help="A colour's player name, COLOUR=NAME (partners: COLOUR=NAME,NAME in seat "
        "order); repeatable, e.g. --name red=Ann --name green=Joe.",
    ),
]
SeedOption = Annotated[int, typer.Option(help="Seed of the bots' and people's noise.")]
RecordOption = Annotated[
    Path | None,
    typer.Option(help="Keep the record (JSON) here: after every round and whenever play stops."),
]
ResumeOption = Annotated[
    Path | None,
    typer.Option(
        help="Go on with the stopped match in this record (kept there unless --record says "
        "otherwise); the record sets the match up and who plays."
    ),
]
QuietOption = Annotated[bool, typer.Option(help="Show only the game tables.")]
PaceOption = Annotated[
    float | None,
    typer.Option(
        min=0,
        help="Seconds to pause after each shot no person plays next (default 1 on a "
        "terminal, 0 when the output is piped).",
    ),
]
ExplainOption = Annotated[bool, typer.Option(help="Show what each AI shot tries.")]
HumanLevelOption = Annotated[
    str,
    typer.Option(
        help="People's execution noise: the skill level whose hand they play with "
        "(novice, recreational, strong-recreational, competitive, top-competitive, "
        "champion; perfect: none)."
    ),
]


class TakenBack(Exception):
    """Shots were taken back at a person's request: play goes on from there."""


def parse_names(texts: Sequence[str], match: Match, kind: GameKind) -> dict[int, str]:
    """``--name COLOUR=NAME`` (partners: ``COLOUR=NAME,NAME`` in seat order) as names by
    seat; :class:`InvalidInput` for a colour not in play or a wrong number of names."""
    names: dict[int, str] = {}
    for text in texts:
        colour, sep, given = text.partition("=")
        side = next(
            (s for s in range(match.sides) if kind.side_name(s) == colour.strip().lower()),
            None,
        )
        if not sep or side is None:
            colours = ", ".join(kind.side_name(s) for s in range(match.sides))
            raise InvalidInput(f"--name must be COLOUR=NAME with a colour in play ({colours})")
        seats = [s for s in match.seats if match.side_of(s) == side]
        people = [n.strip() for n in given.split(",")] if len(seats) > 1 else [given.strip()]
        if len(people) != len(seats) or not all(people):
            raise InvalidInput(
                f"--name {colour.strip()}: give {len(seats)} "
                f"name{'s' if len(seats) > 1 else ''} (seats {', '.join(map(str, seats))}), "
                "separated by commas"
            )
        names.update(zip(seats, people, strict=True))
    return names


def players_tag(match: Match, specs: Mapping[int, str]) -> str:
    """Who plays each colour, as :data:`PLAYERS_TAG` keeps it."""
    return ", ".join(f"{match.kind.side_name(s)}={specs[s]}" for s in range(match.sides))


def specs_from_tag(match: Match, tag: str | None) -> dict[int, str]:
    """Who played each colour, from :data:`PLAYERS_TAG` (nothing when absent)."""
    specs: dict[int, str] = {}
    for part in (tag or "").split(","):
        colour, _, spec = part.strip().partition("=")
        for side in range(match.sides):
            if match.kind.side_name(side) == colour and spec:
                specs[side] = spec
    return specs


def given(ctx: typer.Context, name: str) -> bool:
    """Whether an option was given on the command line (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def resume_match(
    path: Path, kind: GameKind, ctx: typer.Context, shaping: Sequence[str]
) -> tuple[Match, dict[str, str], list[Intent | None]]:
    """The stopped match a record holds, replayed to its last shot, its tags and what its
    shots meant (:mod:`flickboard.play.intent`).

    The record sets the match (rules, players, games...): an option in ``shaping`` given
    with ``--resume`` is refused, as is a record of another game or of a finished match.
    """
    clash = [f"--{name.replace('_', '-')}" for name in shaping if given(ctx, name)]
    if clash:
        fail(
            f"{', '.join(clash)}: a resumed match is played as its record sets it up; "
            "leave these out with --resume"
        )
    data = read_json(path)
    try:
        if not kind.reads(data):
            other = kind_of_record(data)
            fail(
                f"{path} is a {other.title} record: resume it with flickboard match "
                f"{other.name} --resume {path}"
            )
        match = kind.match_from_json(data)
        intents = intents_of(data)
    except FlickboardError as exc:
        fail(f"{path}: {exc}")
    if match.over:
        fail(f"{path} holds a finished match ({match.result().summary}): nothing to resume")
    tags = data.get("tags") if isinstance(data, dict) else None
    return match, {str(k): str(v) for k, v in (tags or {}).items()}, intents


class TerminalTable:
    """A match played at the terminal (see the module docstring).

    Args:
        match: the match, new or resumed.
        game: the game's terminal face.
        console: where play is shown.
        specs: who plays each side (``human``, ``bot``, ``random``, ``ai[:KIND][:LEVEL]``).
        names: names by seat (the game's defaults for the others).
        record: the file the record is kept in (None: none is kept).
        command: the command that plays this game (``match crokinole``), to say how to
            resume.
        human_level: the skill level whose execution noise people play with.
        seed: seeds the bots' and people's noise.
        quiet, pace, explain: as :class:`TerminalObserver` takes them.
        tags: more record tags (an event's name...).
    """

    def __init__(
        self,
        match: Match,
        game: TerminalGame,
        console: Console,
        *,
        specs: Mapping[int, str],
        names: Mapping[int, str] | None = None,
        record: Path | None = None,
        command: str,
        human_level: str = "perfect",
        seed: int = 0,
        quiet: bool = False,
        pace: float | None = None,
        explain: bool = False,
        tags: Mapping[str, str] | None = None,
    ) -> None:
        self.match = match
        self.game = game
        self.console = console
        self.record = record
        self.command = command
        self.specs = {side: specs[side].strip().lower() for side in range(match.sides)}
        self.names = {seat: game.default_name(match, seat) for seat in match.seats}
        self.names.update(names or {})
        self.extra_tags = dict(tags or {})
        self.human_level = check_level(human_level)
        self.seed = seed
        self.people = frozenset(s for s in match.seats if self.specs[match.side_of(s)] == HUMAN)
        self.players = self._seat_players()
        self.observer = TerminalObserver(
            console,
            game,
            quiet=quiet,
            people=self.people,
            names=self.names,
            pace=(1.0 if console.is_terminal else 0.0) if pace is None else pace,
            explain=explain,
            save=self.save,
        )

    def _seat_players(self) -> dict[int, Player]:
        players: dict[int, Player] = {}
        for seat in self.match.seats:
            side = self.match.side_of(seat)
            spec, name = self.specs[side], self.names[seat]
            if spec == HUMAN:
                players[seat] = self.game.human(self, seat, name)
            elif is_player_spec(spec):
                players[seat] = player_from_spec(spec, self.match.kind, self.seed * 10 + seat, name)
            else:
                colour = self.match.kind.side_name(side)
                raise InvalidInput(
                    f"--{colour}: {spec!r} is not a player: use human, bot, random or "
                    "ai[:KIND][:LEVEL] (e.g. ai:competitive, ai:search:champion)"
                )
        return players

    def human(self, seat: int, name: str, *commands: Command) -> TerminalHuman:
        """A person at the terminal in ``seat``, with the table's commands and then
        ``commands`` (the game's own)."""
        kind = self.match.kind
        return TerminalHuman(
            name,
            self.console,
            span=self.game.span,
            help_text=self.game.aim_help + " " + TABLE_HELP.format(pieces=f"{kind.piece}s"),
            commands=(self.command_line, *commands),
            level=self.human_level,
            seed=self.seed * 10 + seat + 1000,
            piece=kind.piece,
        )

    # -- the commands every prompt takes ---------------------------------------------------

    def command_line(self, line: str) -> bool:
        """``discs``, ``score``, ``undo`` and ``explain``; False for anything else."""
        word = line.split()[0].lower() if line.split() else ""
        handler = {
            "discs": self._discs,
            self.match.kind.piece + "s": self._discs,
            "score": self._score,
            "undo": self._undo,
            "explain": self._explain,
        }.get(word)
        if handler is None:
            return False
        handler()
        return True

    def _asking(self) -> int:
        seats = self.match.choices()
        return seats[0] if seats else self.match.seats[0]

    def _discs(self) -> None:
        position = self.match.position
        towards = facing(self.match, position, self._asking())
        for line in discs_words(self.game, position, towards):
            self.console.print(line)

    def _score(self) -> None:
        view = self.match.view(self._asking())
        self.console.print(score_line(self.game, self.match, view, self.names))
        board = self.match.referee.score(view.position)
        kind = self.match.kind
        now = ", ".join(f"{kind.side_name(s)} {board.get(s, 0)}" for s in range(self.match.sides))
        self.console.print(f"On the board now: {now}.")

    def _explain(self) -> None:
        if self.observer.explained is None:
            self.console.print("No AI has shot yet.")
            return
        who, words = self.observer.explained
        self.console.print(f"{who}'s last shot: {words}")

    def _undo(self) -> None:
        """Take back the last shot of a person at the terminal and every shot since."""
        history = self.match.history
        mine = [
            k
            for k, action in enumerate(history)
            if isinstance(action, ShotAction) and action.seat in self.people
        ]
        if not mine:
            self.console.print("[red]There is no shot of yours to take back.[/red]")
            return
        count = len(history) - mine[-1]
        try:
            for _ in range(count):
                self.match.undo()
        except NothingToUndo as exc:
            self.console.print(f"[red]{exc}[/red]")
            return
        self.game.taken_back(self)
        del self.observer.intents[self.shots() :]
        seat = cast(ShotAction, history[mine[-1]]).seat
        self.console.print(
            f"Took back {count} action{'s' if count > 1 else ''}: {self.names[seat]} to shoot again."
        )
        self.observer.last = None
        raise TakenBack

    # -- play --------------------------------------------------------------------------------

    def tags(self) -> dict[str, str]:
        """The record's tags: the game's (names), who plays each colour, and the rest."""
        return {
            **self.extra_tags,
            **self.game.tags(self.match, self.names),
            PLAYERS_TAG: players_tag(self.match, self.specs),
        }

    def save(self) -> None:
        """Write the record (and whatever else the game keeps, e.g. CMN)."""
        if self.record is not None:
            record = self.match.to_json(self.tags())
            write_record(self.record, with_intents(record, self.observer.intents))
        self.game.save_also(self.match, self.tags())

    def shots(self) -> int:
        """Shots played so far."""
        return sum(isinstance(a, ShotAction) for a in self.match.history)

    def run(self) -> None:
        """Play to the end; on any stop keep the record and say where it is."""
        if not self.observer.quiet:
            self.console.print(f"The board: {self.game.legend()}.")
        try:
            warm_kernels(console_for_progress())
            while True:
                try:
                    play_match(self.match, self.players, self.observer, self.game.choose(self))
                    break
                except TakenBack:
                    continue
        except Quit as exc:
            self._keep(f"Match stopped ({exc}) in game {self._game()}: no result.")
            return
        except KeyboardInterrupt:
            self._keep(f"Match interrupted (Ctrl-C) in game {self._game()}: no result.")
            raise typer.Exit(130) from None
        except FlickboardError as exc:
            self._keep(f"Match stopped by an error in game {self._game()}.")
            fail(str(exc))
        except Exception:
            self._keep(f"Match stopped by an unexpected error in game {self._game()}.")
            raise
        self.save()

    def _game(self) -> int:
        return len(self.match.result().games) + (0 if self.match.over else 1)

    def _keep(self, what: str) -> None:
        """Save the record with Ctrl-C held off, and say where it is and how to go on."""
        held = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self.save()
        finally:
            signal.signal(signal.SIGINT, held)
        self.console.print(what)
        shots = self.shots()
        played = f"{shots} shot{'s' if shots != 1 else ''}"
        if self.record is None:
            self.console.print(
                f"No record was kept of the {played} played (play with --record FILE to keep one)."
            )
        else:
            self.console.print(
                f"The record of the {played} played is in {self.record}; go on with: "
                f"flickboard {self.command} --resume {self.record}"
            )


def side_specs(
    options: Mapping[int, str], saved: Mapping[int, str], explicit: set[int]
) -> dict[int, str]:
    """Who plays each side: its option when given on the command line, else who played it
    in the record being resumed, else the option's default."""
    return {
        side: value if side in explicit or side not in saved else saved[side]
        for side, value in options.items()
    }


def open_table(
    ctx: typer.Context,
    game: Callable[[Match], TerminalGame],
    new: Callable[[], Match],
    shaping: Sequence[str],
    *,
    kind: GameKind,
    players: Mapping[int, str],
    options: Mapping[str, Any],
) -> TerminalTable:
    """The table of a ``match`` command: a new match (``new``) or the one ``--resume``
    holds, the players of the colour options (or of the record), their names, the record
    kept in ``--record`` (or the file resumed); any bad option fails with one line. The
    options every match command takes (:data:`NameOption`...) are read from ``options``
    (as typer converted them: ``ctx.params`` may hold them as typed)."""
    given_options = options
    resume: Path | None = given_options["resume"]
    record: Path | None = given_options["record"] or resume
    check_writable(record)
    try:
        saved: dict[str, str] = {}
        intents: list[Intent | None] = []
        if resume is not None:
            match, saved, intents = resume_match(resume, kind, ctx, shaping)
        else:
            match = new()
        face = game(match)
        explicit = {side for side in players if given(ctx, kind.side_name(side))}
        specs = side_specs(players, specs_from_tag(match, saved.get(PLAYERS_TAG)), explicit)
        named = face.names_from_tags(match, saved)
        named.update(parse_names(given_options["name"] or [], match, kind))
        opened = TerminalTable(
            match,
            face,
            face.console,
            specs=specs,
            names=named,
            record=record,
            command=f"match {kind.name}",
            **{option: given_options[option] for option in TABLE_OPTIONS},
        )
    except FlickboardError as exc:
        fail(str(exc))
    opened.observer.intents[:] = intents
    if resume is not None:
        opened.console.print(
            f"Resuming {resume}: {opened.shots()} shots played; {match.result().summary}."
        )
    return opened


TABLE_OPTIONS = ("human_level", "seed", "quiet", "pace", "explain")
"""Options of every match command that :class:`TerminalTable` takes as they are."""
