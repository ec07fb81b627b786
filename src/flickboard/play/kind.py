"""Game kinds: everything one game brings, found by name (python-chess variants, pgx ``make``).

A :class:`GameKind` holds what makes crokinole crokinole and table shuffleboard table
shuffleboard: its board, its default physics, its rule sets, who may play, its colours,
the calibration of its skill levels, and how to start a match. Everything else in
flickboard (the driver, the AI's search, the browser table, the agent environments) talks
to a kind and to the :class:`~flickboard.play.match.Match` it makes, never to one game by
name. A third game is one new kind, registered with :func:`register_kind`.

Shared invariants live in public methods here; each kind fills in the private hooks.

>>> game_kind("crokinole").title, game_kind("table shuffleboard").name
('crokinole', 'shuffleboard')
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import numpy.typing as npt

from flickboard.errors import DuplicateName, InvalidInput
from flickboard.games import BUILTIN_GAMES
from flickboard.geometry import Board
from flickboard.physics import Layout, PhysicsParams, Shot
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.noise import ExecutionNoise, check_level
from flickboard.rules.base import Position, Referee, Side, Turn, known_rule_sets, referee

if TYPE_CHECKING:
    from flickboard.physics.batch import BatchResult
    from flickboard.play.match import GameEnd, Match, RoundEnd
    from flickboard.play.view import View
    from flickboard.rules.base import Ruling


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """How a new match is set up (see :meth:`GameKind.new_match` for each field)."""

    players: int
    teams: bool
    games: int
    best_of_three: bool
    time_shots: int | None
    time_seconds: float | None
    first: int | None
    target: int | None
    seed: int
    params: PhysicsParams


class GameKind(ABC):
    """One game: its board, physics, rules, seats, colours and skill calibration."""

    name: ClassVar[str]
    """The kind's name (``crokinole``), as in records and on the command line."""

    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names it is found by (``table shuffleboard``)."""

    title: ClassVar[str]
    """Its name in a sentence."""

    rule_sets: ClassVar[tuple[str, ...]]
    """Names of the registered rule sets for this game, the default first."""

    players: ClassVar[tuple[int, ...]]
    """How many players a match may have."""

    side_names: ClassVar[tuple[str, ...]]
    """Colour names of sides 0, 1, ..."""

    piece: ClassVar[str]
    """What is shot: ``disc`` or ``weight``."""

    round_word: ClassVar[str]
    """What a round is called: ``round`` or ``frame``."""

    start_line_word: ClassVar[str] = "start line"
    """What the line a shot starts from is called (``shooting line``, ``release line``)."""

    noise_profile: ClassVar[ExecutionNoise]
    """The shape of this game's execution noise; a level scales it."""

    level_scales: ClassVar[Mapping[str, float]]
    """Calibrated scale of :attr:`noise_profile` per skill level
    (``python -m flickboard.agents.calibration`` recomputes them)."""

    skill_targets: ClassVar[Mapping[str, float]]
    """The rate of :meth:`skill_test` each level is calibrated to (docs/ai.md)."""

    at_discs_scales: ClassVar[Mapping[str, float]] = {}
    """Extra scale of a level's noise on shots played while opposing discs are in play
    (takeouts, hits: everything but the skill test's open shots), calibrated on real
    games (``flickboard bench ai --realism``, docs/ai.md); 1 where not given."""

    hardest_shots: ClassVar[Mapping[str, float]] = {}
    """The hardest shot (m/s) an AI player of a level chooses to play, where a level's
    players do not play the game's hardest shots (docs/ai.md); the physics' top speed
    where not given."""

    open_twenties_only: ClassVar[frozenset[str]] = frozenset()
    """Levels whose AI players play for a 20 of their own on an open board only: while
    an opposing disc is in play they neither aim a shot that drops a disc of theirs for
    a 20 as meant (:meth:`plays_for`) nor count on one in weighing a shot (a 20 that
    falls by luck still counts on the board)."""

    skill_test_name: ClassVar[str]
    """What :meth:`skill_test` measures, in words (``open-20``)."""

    max_angle: ClassVar[float] = math.radians(30)
    """The widest angle (rad) either side of straight in that a shot needs: wide enough
    for every shot the built-in players make (the agents' default action range)."""

    must_strike: ClassVar[bool] = False
    """Whether a shot must strike an opposing piece in play when there is one (else it is
    a foul): what a player aiming from the board alone must know."""

    draws_through_centre: ClassVar[bool] = False
    """Whether its calibration draw (:meth:`skill_test`) aims at the board's centre and
    travels on past it (the open 20), rather than at the spot where it stops."""

    # -- what the game is played with --------------------------------------------------

    @abstractmethod
    def board(self) -> Board:
        """The standard board or table."""

    @abstractmethod
    def params(self) -> PhysicsParams:
        """The default physics of the game."""

    @abstractmethod
    def speed_range(self) -> tuple[float, float]:
        """Slowest and fastest useful shot (m/s) with the default physics: the range a
        front end's power meter and an agent's action cover."""

    def check_speed(self, speed: float) -> float:
        """``speed`` if a person may play it (within :meth:`speed_range`: the web's and the
        terminal's one limit), else :class:`InvalidInput` saying the range."""
        low, high = self.speed_range()
        if not low <= speed <= high:
            raise InvalidInput(
                f"speed must be between {low} and {high} m/s in {self.title}, not {speed}"
            )
        return speed

    def referee(self, rules: str | None = None, **options: Any) -> Referee:
        """The referee of one of this game's rule sets (default the first), with options.

        Raises :class:`InvalidInput` for another game's rule set or an unknown option.
        """
        name = (rules or self.rule_sets[0]).strip().lower()
        if name not in self.rule_sets:
            other = (
                f"{name!r} is not a {self.title} rule set"
                if name in known_rule_sets()
                else (f"unknown rule set {name!r}")
            )
            raise InvalidInput(f"{other}; {self.title}: {', '.join(self.rule_sets)}")
        return referee(name, **options)

    def noise(self, level: str, at_discs: bool = False) -> ExecutionNoise:
        """The calibrated execution noise of a named skill level in this game; with
        ``at_discs``, on a shot played while opposing discs are in play."""
        name = check_level(level)
        extra = self.at_discs_scales.get(name, 1.0) if at_discs else 1.0
        return self.noise_profile.scaled(self.level_scales[name] * extra)

    def hardest(self, level: str) -> float:
        """The hardest shot (m/s) an AI player of ``level`` chooses (:attr:`hardest_shots`)."""
        return self.hardest_shots.get(check_level(level), MAX_SPEED)

    def plays_for(self, level: str, view: View, ruling: Ruling) -> bool:
        """Whether an AI player of ``level`` aims, from ``view``, a shot that played as
        meant is ruled ``ruling``: not a 20 of its own among opposing discs at a level
        of :attr:`open_twenties_only` (it still plays one when no other valid shot is
        found)."""
        if not self.leaves_twenties_to_luck(level, view):
            return True
        return ruling.twenties().get(view.turn.side, 0) == 0

    def leaves_twenties_to_luck(self, level: str, view: View) -> bool:
        """Whether an AI player of ``level`` neither aims nor counts on a 20 of its own
        from ``view`` (:attr:`open_twenties_only`, opposing discs in play)."""
        return check_level(level) in self.open_twenties_only and view.opposing_in_play

    def noise_at(self, level: str, view: View) -> ExecutionNoise:
        """A level's noise for the shot of ``view``: the calibrated open-shot noise, or
        the less sure one when opposing discs are in play (every player of a level, AI,
        person in realistic mode or reviewed shot, plays with this)."""
        return self.noise(level, view.opposing_in_play)

    def side_name(self, side: Side) -> str:
        """The colour name of a side."""
        if not 0 <= side < len(self.side_names):
            raise InvalidInput(f"a {self.title} side is 0-{len(self.side_names) - 1}, not {side}")
        return self.side_names[side]

    # -- matches -------------------------------------------------------------------------

    def new_match(
        self,
        rules: str | None = None,
        *,
        players: int = 2,
        teams: bool | None = None,
        games: int = 1,
        best_of_three: bool = False,
        time_shots: int | None = None,
        time_seconds: float | None = None,
        first: int | None = None,
        target: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        params: PhysicsParams | None = None,
    ) -> Match:
        """A new match of this game.

        Args:
            rules: the rule set (default the kind's first).
            players: how many people play (2 singles; 4 doubles or free-for-all; 3).
            teams: with four players, doubles (the default) or one colour each.
            games: games in the match (1 by default).
            best_of_three: the first side to win two games wins (WCC championship, CSC
                best of three).
            time_shots / time_seconds: a timed game; time is up after that many shots
                (deterministic, for tests and agents) or seconds.
            first: the seat that shoots first in game 1 (default the kind's usual one).
            target: points that win a game played to a target, where the kind sets it
                this way (table shuffleboard; a crokinole race's target is an option).
            options: the rule set's options (e.g. ``{"direct_hit": True}``).
            seed: for anything decided by chance (a coin toss).
            params: the physics (default the kind's).
        """
        if players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise InvalidInput(f"{self.title} is played by {allowed} players, not {players}")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise InvalidInput(
                f"a match needs a whole number of games of at least 1, not {games!r}"
            )
        if time_shots is not None and time_seconds is not None:
            raise InvalidInput("time a game by shots or by seconds, not both")
        ref = self.referee(rules, **dict(options or {}))
        setup = MatchSetup(
            players=players,
            teams=players == 4 if teams is None else teams,
            games=games,
            best_of_three=best_of_three,
            time_shots=time_shots,
            time_seconds=time_seconds,
            first=first,
            target=target,
            seed=seed,
            params=params or self.params(),
        )
        return self._new_match(ref, setup)

    @abstractmethod
    def _new_match(self, referee: Referee, setup: MatchSetup) -> Match:
        """Hook: a match under ``referee`` with checked arguments."""

    exports: ClassVar[tuple[str, ...]] = ()
    """Record formats besides the JSON record a match of this game exports to (``cmn``)."""

    def exportable(self, match: Match) -> tuple[str, ...]:
        """The formats of :attr:`exports` that ``match`` can be written in now."""
        del match
        return ()

    def export(self, match: Match, form: str, tags: Mapping[str, str], when: datetime) -> str:
        """``match`` written in the format ``form`` (one of :attr:`exports`) on ``when``."""
        del match, tags, when
        games = [k.name for k in game_kinds() if form in k.exports]
        raise InvalidInput(
            f"{form.upper()} records {' and '.join(games) or 'no game'}; "
            f"download the {self.title} game's JSON record"
        )

    @abstractmethod
    def match_to_json(self, match: Match, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The record of ``match`` (one of this game's) as JSON (docs/formats.md)."""

    @abstractmethod
    def match_from_json(self, data: object) -> Match:
        """Load a match (or game) record of this game and replay it into a match.

        Raises :class:`InvalidInput` (a :class:`RecordMismatch` when it does not replay).
        """

    def reads(self, data: object) -> bool:
        """Whether ``data`` is a record of this game (its ``game`` or format names it)."""
        if not isinstance(data, dict):
            return False
        return data.get("game") == self.name or str(data.get("format", "")).endswith(
            f"/{self.name}-match"
        )

    # -- tables ---------------------------------------------------------------------------

    def table_problem(self, match: Match) -> str | None:
        """Why ``match`` (new, of this game) cannot be played on a table of
        :mod:`flickboard.play.tables`; None if it can."""
        del match
        return f"{self.title} has no compiled table"

    def table_setup(self, match: Match) -> npt.NDArray[np.void]:
        """The setup record (:data:`~flickboard.play.tables.SETUP`) of tables playing
        ``match`` (new, of this game)."""
        raise InvalidInput(self.table_problem(match) or f"{self.title} has no compiled table")

    def table_round_end(self, match: Match, shot: np.void) -> RoundEnd:
        """The round (frame) a table's shot (a :data:`~flickboard.play.tables.SHOT`
        record) ended, in words, as ``match`` (of the same setup) says it."""
        raise InvalidInput(f"{self.title} has no compiled table")

    def table_game_end(self, match: Match, shot: np.void) -> GameEnd:
        """The game a table's shot ended, in words, as ``match`` says it."""
        raise InvalidInput(f"{self.title} has no compiled table")

    def table_toss(self, match: Match, seed: int) -> int:
        """The colour a coin toss gives a table playing a match like ``match``, made
        with ``seed``, for a best of three's third game (-1: none)."""
        del match, seed
        return -1

    # -- skill ------------------------------------------------------------------------------

    @abstractmethod
    def skill_test(self) -> tuple[Layout, Shot, Callable[[BatchResult], np.ndarray]]:
        """The shot the skill levels are calibrated on: the layout, the ideal aim, and
        which of a batch of its executions succeeded (an open 20; a draw to the three)."""

    def skill_rate(self, noise: ExecutionNoise, shots: int, seed: int) -> float:
        """The rate of :meth:`skill_test` under ``noise`` over ``shots`` seeded executions."""
        from flickboard.physics import simulate_batch

        layout, aim, succeeded = self.skill_test()
        rng = np.random.default_rng(seed)
        line = self.referee().start_line(Position.of(layout, {}), self.first_turn())
        executed = [noise.perturb(aim, line, z) for z in ExecutionNoise.draws(rng, shots)]
        result = simulate_batch(layout, executed, shooter=0, params=self.params())
        return float(np.count_nonzero(succeeded(result))) / shots

    @abstractmethod
    def first_turn(self) -> Turn:
        """The turn of the first shot of a game, from the kind's first seat."""

    # -- notation ---------------------------------------------------------------------------

    def format_position(self, position: Position) -> str:
        """A position in flickboard's position notation (docs/formats.md), e.g.
        ``crokinole 0r:+12.5,-40 1g:0,0L``: each disc as id, colour letter, centre in mm
        (to 0.01 mm) and ``L`` when leaning."""
        tokens = [self.name]
        for d in position.layout.discs:
            letter = self.side_names[position.side_of(d.id)][0]
            tokens.append(f"{d.id}{letter}:{_mm(d.x)},{_mm(d.y)}{'L' if d.leaning else ''}")
        return " ".join(tokens)

    def parse_position(self, text: str, board: Board | None = None) -> Position:
        """A position from :meth:`format_position`'s notation (on ``board`` or the
        standard one); :class:`InvalidInput` naming the token that is wrong."""
        from flickboard.physics import PlacedDisc

        words = text.split()
        if not words or words[0] != self.name:
            raise InvalidInput(f"a {self.title} position starts with {self.name!r}: {text!r}")
        letters = {name[0]: side for side, name in enumerate(self.side_names)}
        discs, owners = [], {}
        for token in words[1:]:
            try:
                head, centre = token.split(":")
                ident, letter = int(head[:-1]), head[-1]
                leaning = centre.endswith("L")
                x, y = (float(v) / 1000 for v in centre.rstrip("L").split(","))
            except ValueError:
                raise InvalidInput(
                    f"bad disc {token!r}: write ID, colour letter, ':', x and y in mm, "
                    "e.g. 3r:+12.5,-40 (L after it when leaning)"
                ) from None
            if letter not in letters or not (math.isfinite(x) and math.isfinite(y)):
                raise InvalidInput(f"bad disc {token!r}: colour letter one of {''.join(letters)}")
            discs.append(PlacedDisc(ident, x, y, leaning=leaning))
            owners[ident] = letters[letter]
        return Position.of(Layout(board or self.board(), tuple(discs)), owners)

    def __repr__(self) -> str:
        return f"game_kind({self.name!r})"


def _mm(metres: float) -> str:
    """Metres as millimetres to 0.01 mm, without trailing zeros, signed when not zero."""
    text = f"{metres * 1000:+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


_KINDS: dict[str, GameKind] = {}
_NAMES: dict[str, GameKind] = {}


def register_kind(kind: GameKind) -> GameKind:
    """Make a game kind findable by its name and aliases."""
    for name in (kind.name, *kind.aliases):
        key = name.lower()
        if key in _NAMES:
            raise DuplicateName(f"game kind {name!r} registered twice")
        _NAMES[key] = kind
    _KINDS[kind.name] = kind
    return kind


BUILTIN_KINDS: tuple[str, ...] = tuple(f"flickboard.play.{g}_kind" for g in BUILTIN_GAMES)
"""Modules whose import registers the built-in game kinds."""


def _load_builtin() -> None:
    import importlib

    for module in BUILTIN_KINDS:
        importlib.import_module(module)


def game_kind(name: str | GameKind) -> GameKind:
    """The game kind called ``name`` (or an alias); :class:`InvalidInput` naming the known
    ones. A kind passed in is returned as it is."""
    if isinstance(name, GameKind):
        return name
    _load_builtin()
    key = " ".join(str(name).lower().split())
    try:
        return _NAMES[key]
    except KeyError:
        raise InvalidInput(f"unknown game {name!r}; known: {', '.join(sorted(_KINDS))}") from None


def game_kinds() -> tuple[GameKind, ...]:
    """Every registered game kind, by name."""
    _load_builtin()
    return tuple(_KINDS[name] for name in sorted(_KINDS))


def new_match(game: str | GameKind = "crokinole", rules: str | None = None, **setup: Any) -> Match:
    """A new match of a game (by name or alias): ``new_match("crokinole", rules="nca",
    players=4)``; the keywords are those of :meth:`GameKind.new_match`."""
    return game_kind(game).new_match(rules, **setup)


def load_match(data: object) -> Match:
    """The match a record holds (any game's game or match record), replayed so it can be
    played on and undone."""
    return kind_of_record(data).match_from_json(data)


def kind_of_record(data: object) -> GameKind:
    """The game kind whose record ``data`` is; :class:`InvalidInput` if none reads it."""
    for kind in game_kinds():
        if kind.reads(data):
            return kind
    raise InvalidInput(
        "not a flickboard record: expected a game record (format 'flickboard/game-record') or "
        "a match record ('flickboard/crokinole-match', 'flickboard/shuffleboard-match')"
    )


def seat_order(seats: Sequence[int], side_of: Callable[[int], Side]) -> tuple[int, ...]:
    """Seats in the order players are listed: side by side (all of side 0's players, then
    side 1's...), each side's in seat order."""
    return tuple(sorted(seats, key=lambda seat: (side_of(seat), seat)))
