"""The one interface every game implements: a match in play.

A :class:`Match` says who may shoot (:meth:`~Match.choices`), what the shooter sees
(:meth:`~Match.view`), where a shot may start (:meth:`~Match.start_line`,
:meth:`~Match.start_allowed`), and takes a shot three ways: simulated
(:meth:`~Match.play`), entered by hand from a real board (:meth:`~Match.play_hand`), or
as a record already made (:meth:`~Match.play_record`). Rounds, frames and games start
and end by themselves; each shot returns a :class:`Step` saying what it ended.
:meth:`~Match.undo` takes the last shot back, leaving exactly the state before it.

The checks every game shares (is the match over, may this seat shoot, may the shot
start there) are made here, in the public methods, with the error types of
:mod:`flickboard.errors`; each game fills in private hooks (``_turn``, ``_apply``...).
A single game, a series of games, a best of three and a timed game are all matches.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from numbers import Real
from typing import TYPE_CHECKING, Any, Protocol

from flickboard.errors import GameOver, InvalidInput, NothingToUndo, OutOfTurn
from flickboard.geometry.startline import StartLine
from flickboard.physics import PhysicsParams, Shot, ShotRecord
from flickboard.physics.trajectory import StateLog, state_log
from flickboard.play.gamerecord import ShotEntry
from flickboard.play.view import View
from flickboard.reprs import one_line
from flickboard.rules.base import Position, Referee, Ruling, Side, Turn
from flickboard.rules.hand import HandOutcome, to_record

if TYPE_CHECKING:
    from flickboard.play.kind import GameKind

Calls = Mapping[str, Any]
"""What an official saw that a record cannot show, JSON-ready (docs/formats.md); only
some games take calls (table shuffleboard)."""


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """A finished round (frame): what each side scored on the board (20s included) and
    what it adds to the game (2/1/0, points after cancelling, frame points)."""

    game: int
    number: int
    scores: tuple[int, ...]
    counted: tuple[int, ...]
    twenties: tuple[int, ...]
    summary: str

    def to_json(self) -> dict[str, Any]:
        """The round as plain JSON (for the web table and the agent environments)."""
        return {
            "game": self.game,
            "number": self.number,
            "scores": list(self.scores),
            "counted": list(self.counted),
            "twenties": list(self.twenties),
            "summary": self.summary,
        }


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A finished game: the winning side (None if tied), each side's total, in words."""

    number: int
    winner: Side | None
    scores: tuple[int, ...]
    summary: str

    def to_json(self) -> dict[str, Any]:
        """The game's end as plain JSON."""
        return {
            "number": self.number,
            "winner": self.winner,
            "scores": list(self.scores),
            "summary": self.summary,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """The match so far: whether it is over, the winning side (None while open or if
    level), each side's match score (points or games won) and the games played."""

    over: bool
    winner: Side | None
    scores: tuple[int, ...]
    summary: str
    games: tuple[GameEnd, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """What one shot did: the shot as played and ruled, and what it ended.

    A shot can end a round, then (time being up) rounds that score nothing, a game and
    the match; each is listed in order.
    """

    entry: ShotEntry
    game: int
    round: int
    rounds_ended: tuple[RoundEnd, ...] = ()
    games_ended: tuple[GameEnd, ...] = ()
    over: bool = False
    log: StateLog | None = field(default=None, repr=False, compare=False)
    """The kernel's state log of the shot, when :meth:`Match.play` was asked to keep it
    (what a page animates: the very motion that was ruled)."""
    seconds: Mapping[str, float] = field(default_factory=dict, repr=False, compare=False)
    """Wall-clock seconds :meth:`Match.play` spent: ``simulate`` and ``rule``."""

    def __repr__(self) -> str:
        turn = self.entry.turn
        ended = "; match over" if self.over else "; round over" if self.rounds_ended else ""
        return one_line(
            "Step",
            f"game {self.game} round {self.round}, seat {turn.seat} disc {turn.disc}: "
            f"{self.entry.ruling.summary}{ended}",
        )

    @property
    def ruling(self) -> Ruling:
        """The referee's ruling on the shot."""
        return self.entry.ruling


class Action(Protocol):
    """Something done to a match that undo can replay (a shot, a foul called)."""

    def apply(self, match: Any) -> object:
        """Do it again on ``match``."""
        ...


@dataclass(frozen=True, slots=True)
class ShotAction:
    """A shot as it was applied: its record, the seat, the calls and the start given."""

    record: ShotRecord
    seat: int
    calls: Calls | None = None
    start: tuple[float, float] | None = None

    def apply(self, match: Any) -> object:
        """Apply the shot again (no simulation: the record is kept)."""
        assert isinstance(match, Match)
        return match._shot(self)


class Match(ABC):
    """A match in play (see the module docstring): the state interface of every game.

    Attributes:
        kind: the game kind.
        referee: the rule set in force.
        params: the physics shots are simulated with.
    """

    referee: Referee

    def __init__(self, kind: GameKind, params: PhysicsParams) -> None:
        self.kind = kind
        self.params = params
        self._log: list[Action] = []

    # -- who plays ------------------------------------------------------------------------

    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """Occupied seats in the order players are listed: side by side, each side's in
        seat order (see :mod:`flickboard.play.view` for what a seat is)."""

    @abstractmethod
    def side_of(self, seat: int) -> Side:
        """The side (colour) of a seat."""

    @property
    @abstractmethod
    def sides(self) -> int:
        """Number of sides (colours) in play."""

    def not_a_seat(self, seat: int) -> InvalidInput:
        """The refusal of a seat not at this table, saying who sits where: seats are
        numbered round the board from 0, so the two players of a crokinole singles game
        sit at 0 and 2, facing each other."""
        names = self.kind.side_names
        sitting = [f"{s} ({names[self.side_of(s)]})" for s in self.seats]
        return InvalidInput(f"seat {seat} is not at this table: its seats are {', '.join(sitting)}")

    # -- the state --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the match is decided (or its games are all played)."""
        self._advance()
        return self._finished()

    @property
    def position(self) -> Position:
        """The discs in play now."""
        self._advance()
        return self._position()

    @abstractmethod
    def result(self) -> Outcome:
        """The match so far, in numbers and words."""

    def to_json(self, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The match record as JSON (docs/formats.md), with ``tags`` (names, the event...);
        the kind's ``match_from_json`` replays it into an equal match."""
        return self.kind.match_to_json(self, tags)

    def __repr__(self) -> str:
        if self.over:
            state = "over"
        else:
            turn = self.turn()
            state = f"seat {turn.seat} ({self.kind.side_name(turn.side)}) to shoot"
        players = len(self.seats)
        return one_line(
            type(self).__name__,
            f"{self.referee.name}, {players} players: {self.result().summary}; {state}",
        )

    def _repr_svg_(self) -> str:
        return self.position.svg()

    def choices(self) -> tuple[int, ...]:
        """Seats that may shoot now, the usual one first; empty once the match is over."""
        self._advance()
        return () if self._finished() else self._choices()

    def turn(self, seat: int | None = None, calls: Calls | None = None) -> Turn:
        """The turn of ``seat`` (default: the usual one): seat, side and disc id.

        Raises :class:`GameOver` once the match is over, :class:`OutOfTurn` for a seat
        that may not shoot now, :class:`InvalidInput` for a seat not at the table.
        """
        self._advance()
        if self._finished():
            raise GameOver(f"the match is over: {self.result().summary}")
        allowed = self._choices()
        if seat is None:
            seat = allowed[0]
        elif seat not in allowed:
            if seat not in self.seats:
                raise self.not_a_seat(seat)
            if not self._out_of_turn_allowed(seat, calls):
                names = " or ".join(map(str, allowed))
                raise OutOfTurn(f"seat {seat} may not shoot now; seat {names} may")
        return self._turn(seat, calls)

    def view(self, seat: int | None = None) -> View:
        """What the player in ``seat`` (default: the next to shoot) sees."""
        return self._view(self.turn(seat))

    # -- where a shot may start -------------------------------------------------------------

    def start_line(self, seat: int | None = None) -> StartLine:
        """Where the shot of ``seat`` may start, as the referee says."""
        return self.referee.start_line(self.position, self.turn(seat))

    def start_problem(self, x: float, y: float, seat: int | None = None) -> str | None:
        """Why a shot of ``seat`` may not start at (x, y); None if it may."""
        return self.referee.start_problem(self.position, self.turn(seat), x, y)

    def start_allowed(self, x: float, y: float, seat: int | None = None) -> bool:
        """Whether a shot of ``seat`` may start at (x, y)."""
        return self.start_problem(x, y, seat) is None

    def aim(
        self, u: float, angle: float, speed: float, spin: float = 0.0, seat: int | None = None
    ) -> Shot:
        """A shot from the point ``u`` (0 to 1, left to right) of the start line, ``angle``
        radians right of straight in, at ``speed`` m/s with ``spin`` rad/s.

        Raises :class:`InvalidInput` at once for a ``u`` off the line (below 0, above 1,
        not a number), and the errors of :meth:`turn`.
        """
        turn = self.turn(seat)
        if not (isinstance(u, Real) and 0.0 <= u <= 1.0):
            raise InvalidInput(
                f"u = {u!r} is off seat {turn.seat}'s {self.kind.start_line_word}: u runs "
                "from 0 (its left end, as the shooter faces the board) to 1 (its right end)"
            )
        line = self.referee.start_line(self.position, turn)
        x, y = line.point(u)
        return Shot(x, y, line.inward(u) - angle, speed, spin)

    # -- shooting ---------------------------------------------------------------------------

    def play(
        self,
        shot: Shot,
        seat: int | None = None,
        calls: Calls | None = None,
        *,
        keep_log: bool = False,
    ) -> Step:
        """Simulate the shot with the match's physics and rule on it; the turn and the
        start are checked once. ``keep_log``: simulate with the kernel's state log and
        give it as :attr:`Step.log` (to animate the shot that was ruled).

        Raises :class:`IllegalStart` when it may not start there, and the errors of
        :meth:`turn`; nothing changes when it raises.
        """
        from flickboard.physics import simulate

        began = time.perf_counter()
        turn = self.turn(seat, calls)
        position = self._position()
        self.referee.check_start(position, turn, shot.x, shot.y)
        log = None
        if keep_log:
            log = state_log(position.layout, shot, shooter=turn.disc, params=self.params)
            record = log.record
        else:
            record = simulate(position.layout, shot, shooter=turn.disc, params=self.params)
        simulated = time.perf_counter()
        step = self._shot_done(ShotAction(record, turn.seat, calls, (shot.x, shot.y)), turn)
        seconds = {"simulate": simulated - began, "rule": time.perf_counter() - simulated}
        return replace(step, log=log, seconds=seconds)

    def play_hand(
        self, outcome: HandOutcome, seat: int | None = None, calls: Calls | None = None
    ) -> Step:
        """Rule on a shot played on a real board, entered by hand (its shooter id must be
        the turn's disc)."""
        turn = self.turn(seat, calls)
        if outcome.shooter != turn.disc:
            raise InvalidInput(
                f"the shooting {self.kind.piece} of this turn is id {turn.disc}, "
                f"not {outcome.shooter}"
            )
        position = self.position
        self.referee.check_start(position, turn, *outcome.start)
        record = to_record(position.layout, outcome)
        return self._shot_done(ShotAction(record, turn.seat, calls, outcome.start))

    def play_record(
        self, record: ShotRecord, seat: int | None = None, calls: Calls | None = None
    ) -> Step:
        """Rule on a shot record already made (a replay); a simulated shot's start is
        checked."""
        turn = self.turn(seat, calls)
        if record.shot is not None:
            self.referee.check_start(self.position, turn, record.shot.x, record.shot.y)
        return self._shot_done(ShotAction(record, turn.seat, calls))

    def undo(self) -> None:
        """Take the last action back (casual games): the match is then exactly as it was
        before it. Raises :class:`NothingToUndo` when there is nothing to take back or the
        match runs on a real clock."""
        if not self._log:
            raise NothingToUndo("there is nothing to take back: no shot has been played")
        problem = self._undo_problem()
        if problem:
            raise NothingToUndo(problem)
        kept = self._log[:-1]
        self._reset()
        self._log = []
        for action in kept:
            self._do(action)

    @property
    def actions(self) -> int:
        """How many actions (shots, fouls called) undo could take back."""
        return len(self._log)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far in order (a :class:`ShotAction` for each shot)."""
        return tuple(self._log)

    def replay(self) -> Iterator[object]:
        """Play the match again from its start, action by action, yielding what each
        gives (a :class:`Step` for a shot): a record loaded is shown shot by shot this
        way. Run to its end, it leaves the match as it was."""
        kept = self._log
        self._reset()
        self._log = []
        for action in kept:
            yield self._do(action)

    def replay_views(self) -> Iterator[tuple[View | None, object]]:
        """:meth:`replay` with the shooter's view before each shot: (view, what the
        action gave), the view None for an action that is not a shot (a game review
        weighs each shot from the view its player had)."""
        kept = self._log
        self._reset()
        self._log = []
        for action in kept:
            view = None
            if isinstance(action, ShotAction):
                view = self._view(self.turn(action.seat, action.calls))
            yield view, self._do(action)

    def _do(self, action: Action) -> Any:
        """Apply an action and log it (a failed action changes nothing)."""
        out = action.apply(self)
        self._log.append(action)
        return out

    def _shot_done(self, action: ShotAction, turn: Turn | None = None) -> Step:
        """Apply a shot action and log it; ``turn``: its turn, already checked."""
        if turn is None:
            step = self._do(action)
            assert isinstance(step, Step)
            return step
        step = self._apply(turn, action.record, action.calls, action.start)
        self._log.append(action)
        return step

    def _shot(self, action: ShotAction) -> Step:
        """Apply a shot action: its turn, then the game's :meth:`_apply`."""
        turn = self.turn(action.seat, action.calls)
        return self._apply(turn, action.record, action.calls, action.start)

    # -- hooks --------------------------------------------------------------------------------

    @abstractmethod
    def _finished(self) -> bool:
        """Whether the match is decided, as things stand (nothing started or scored)."""

    @abstractmethod
    def _advance(self) -> None:
        """Start the next game or round when the last one is over (the match is not)."""

    @abstractmethod
    def _choices(self) -> tuple[int, ...]:
        """Seats that may shoot now (the match is not over)."""

    def _out_of_turn_allowed(self, seat: int, calls: Calls | None) -> bool:
        """Whether ``calls`` let a seat not in :meth:`choices` shoot (an official's call
        that a delivery was out of order). None by default."""
        del seat, calls
        return False

    @abstractmethod
    def _turn(self, seat: int, calls: Calls | None) -> Turn:
        """The turn of a seat that may shoot."""

    @abstractmethod
    def _position(self) -> Position:
        """The discs in play (a round is in play)."""

    @abstractmethod
    def _view(self, turn: Turn) -> View:
        """The view of the shooter of ``turn``."""

    @abstractmethod
    def _apply(
        self,
        turn: Turn,
        record: ShotRecord,
        calls: Calls | None,
        start: tuple[float, float] | None,
    ) -> Step:
        """Rule on the shot and apply it; raise before changing anything if it is refused."""

    @abstractmethod
    def _reset(self) -> None:
        """Back to the state before the first action (for undo)."""

    def _undo_problem(self) -> str | None:
        """Why undo is not allowed now (None: it is)."""
        return None
