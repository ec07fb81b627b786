"""A game and a best-of-three match of table shuffleboard by the CSC rules.

Singles (rule 1(a)): two players at the same end, four weights each, delivered in turn;
both change ends after every frame. Doubles (1(b)): partners at opposite ends; each
frame is played by the two players at the delivering end. Frames alternate ends, so
frame ``n`` is delivered from end ``n % 2``. Red starts the game (3); the frame winner
shoots first in the next frame; after a non-scoring frame the order is reversed (3, 5(m)).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from flickboard.agents.base import View
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import Layout, PhysicsParams, Shot, ShotRecord, simulate
from flickboard.play.scoring import FrameScore, RaceScore
from flickboard.play.shuffleboard_fouls import FoulLedger, Penalty
from flickboard.rules.base import Position, Ruling, Side, Turn
from flickboard.rules.hand import HandOutcome, to_record
from flickboard.rules.shuffleboard import (
    GREEN,
    NO_CALLS,
    RED,
    WEIGHTS_PER_PLAYER,
    Calls,
    CSCReferee,
    FrameCount,
    colour_name,
    count_frame,
)

SINGLES_TARGET = 15
"""Points that win a singles game (4(k))."""

DOUBLES_TARGET = 17
"""Points that win a doubles game (4(k))."""

LEAGUE_TARGET = 21
"""Points that win a league game (Part VII, GAME)."""

WEIGHTS_PER_FRAME = 2 * WEIGHTS_PER_PLAYER
"""A frame is eight weights delivered (Part IV, FRAME)."""


@dataclass(frozen=True, slots=True)
class GameRules:
    """How a game is played: 2 (singles) or 4 (doubles) players, target, first colour."""

    players: int = 2
    target: int | None = None
    first: Side = RED

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise InvalidInput(f"shuffleboard is played by 2 or 4 players, not {self.players}")
        if self.target is not None and (isinstance(self.target, bool) or self.target < 1):
            raise InvalidInput(
                f"a game target must be a positive number of points, got {self.target}"
            )
        if self.first not in (RED, GREEN):
            raise InvalidInput("the first colour is 0 (red) or 1 (green)")

    @property
    def doubles(self) -> bool:
        """Whether this is a doubles game."""
        return self.players == 4

    @property
    def goal(self) -> int:
        """Points that win: the target given, else 15 singles or 17 doubles."""
        if self.target is not None:
            return self.target
        return DOUBLES_TARGET if self.doubles else SINGLES_TARGET


def player_for(rules: GameRules, side: Side, frame: int) -> int:
    """Which player delivers for a colour in a frame.

    Singles: player 0 is red, 1 green. Doubles: players 0 (red) and 1 (green) stand at
    end 0, players 2 (red) and 3 (green) at end 1; frame ``n`` is delivered from end
    ``n % 2``.
    """
    return side + (2 * (frame % 2) if rules.doubles else 0)


def side_of_player(rules: GameRules, player: int) -> Side:
    """The colour a player delivers."""
    if not 0 <= player < rules.players:
        raise InvalidInput(f"player must be 1-{rules.players}, got {player + 1}")
    return player % 2


@dataclass(frozen=True, slots=True)
class Delivery:
    """One weight delivered: whose turn, the position before, the record, the official's
    calls and the ruling."""

    turn: Turn
    player: int
    position: Position
    record: ShotRecord
    calls: Calls
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class FrameResult:
    """A finished frame: its number, end, first colour, deliveries and count."""

    number: int
    end: int
    first: Side
    deliveries: tuple[Delivery, ...]
    count: FrameCount

    @property
    def score(self) -> FrameScore:
        """Points to red and green."""
        return self.count.frame_score

    @property
    def winner(self) -> Side | None:
        """The colour that scored, or None for a non-scoring frame."""
        red, green = self.score.points
        return RED if red else GREEN if green else None


@dataclass
class ShuffleboardGame:
    """A game in progress; deliver weights in turn until someone reaches the target."""

    rules: GameRules = field(default_factory=GameRules)
    referee: CSCReferee = field(default_factory=CSCReferee)
    ledger: FoulLedger = field(default_factory=FoulLedger)
    frames: list[FrameResult] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    deliveries: list[Delivery] = field(default_factory=list)
    log: list[Delivery | Penalty] = field(default_factory=list)
    params: PhysicsParams = field(default_factory=PhysicsParams.shuffleboard)
    first: Side = field(init=False)
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self.first = self.rules.first
        self.position = self._empty()

    @property
    def table(self) -> ShuffleboardTable:
        """The table the game is played on."""
        return self.referee.table

    def _empty(self) -> Position:
        return Position.of(Layout(self.table), {})

    @property
    def frame(self) -> int:
        """Number of the frame in play (0-based)."""
        return len(self.frames)

    @property
    def end(self) -> int:
        """End the current frame is delivered from (0 or 1)."""
        return self.frame % 2

    @property
    def order(self) -> tuple[Side, ...]:
        """Colours in delivery order for the current frame."""
        return tuple((self.first + n) % 2 for n in range(WEIGHTS_PER_FRAME))

    @property
    def over(self) -> bool:
        """Whether the game has been won."""
        return self.winner is not None

    @property
    def turn(self) -> Turn:
        """Who delivers next: end, colour and the id the weight takes."""
        if self.over:
            raise IllegalInPosition("the game is over")
        n = len(self.deliveries)
        return Turn(self.end, self.order[n], n)

    @property
    def player(self) -> int:
        """The player who delivers next (see :func:`player_for`)."""
        return player_for(self.rules, self.turn.side, self.frame)

    def weights_left(self, side: Side) -> int:
        """Weights a colour still has to deliver in this frame."""
        return sum(1 for s in self.order[len(self.deliveries) :] if s == side)

    def view(self) -> View:
        """The game as the next player sees it (the agents' ``decide(view)`` input)."""
        return View(
            self.referee,
            self.position,
            self.turn,
            tuple((side, self.weights_left(side)) for side in (RED, GREEN)),
            self.frame + 1,
            self.totals,
        )

    def deliver(self, record: ShotRecord, calls: Calls = NO_CALLS) -> Ruling:
        """Rule on the next delivery, apply it, and count the frame after the eighth."""
        turn = self.turn
        player = self.player
        ruling = self.referee.rule(self.position, turn, record, calls)
        delivery = Delivery(turn, player, self.position, record, calls, ruling)
        self.log.append(delivery)
        if calls.body_over_end:
            penalty = self.ledger.call(
                "5c", player, turn.side, self.frame, doubles=self.rules.doubles
            )
            self.penalties.append(penalty)
            self.log.append(penalty)
        self.deliveries.append(delivery)
        self.position = ruling.position_after
        if len(self.deliveries) == WEIGHTS_PER_FRAME:
            self._count_frame()
        return ruling

    def deliver_shot(self, shot: Shot, calls: Calls = NO_CALLS) -> Ruling:
        """Simulate the next delivery on the table and rule on it."""
        turn = self.turn
        self.referee.check_start(self.position, turn, shot.x, shot.y)
        record = simulate(self.position.layout, shot, shooter=turn.disc, params=self.params)
        return self.deliver(record, calls)

    def deliver_hand(self, outcome: HandOutcome, calls: Calls = NO_CALLS) -> Ruling:
        """Rule on the next delivery as entered by hand (the shared hand-entry checks)."""
        turn = self.turn
        if outcome.shooter != turn.disc:
            raise InvalidInput(
                f"the next weight is {turn.disc}, the outcome delivers {outcome.shooter}"
            )
        self.referee.check_start(self.position, turn, *outcome.start)
        return self.deliver(to_record(self.position.layout, outcome), calls)

    def _count_frame(self) -> None:
        count = count_frame(self.table, self.position)
        result = FrameResult(self.frame, self.end, self.first, tuple(self.deliveries), count)
        self.frames.append(result)
        self.deliveries = []
        self.position = self._empty()
        # Winner shoots first (3); after a non-scoring frame the last to deliver does (5(m)).
        self.first = result.winner if result.winner is not None else result.first ^ 1

    def call_foul(self, key: str, player: int) -> Penalty:
        """Record a foul against a player (0-based) and deduct any points it costs."""
        if self.over:
            raise IllegalInPosition("the game is over")
        side = side_of_player(self.rules, player)
        penalty = self.ledger.call(key, player, side, self.frame, doubles=self.rules.doubles)
        self.penalties.append(penalty)
        self.log.append(penalty)
        return penalty

    @property
    def race(self) -> RaceScore:
        """The game as a race to the target: frame points, then penalty deductions."""
        steps = [f.score.points for f in self.frames]
        steps += [
            (-p.points, 0) if p.side == RED else (0, -p.points) for p in self.penalties if p.points
        ]
        return RaceScore(self.rules.goal, tuple(steps))

    @property
    def totals(self) -> tuple[int, int]:
        """Red's and green's points so far, penalties deducted."""
        red, green = self.race.totals
        return (red, green)

    @property
    def winner(self) -> Side | None:
        """The colour that reached the target at the end of a frame, if any."""
        return self.race.winner

    def describe(self) -> str:
        """The score in words."""
        red, green = self.totals
        return f"red {red} - green {green} (to {self.rules.goal})"


@dataclass
class BestOfThree:
    """A best-of-three match: colours fixed, red first in game 1, green first in game 2,
    a coin toss (seeded) for game 3 (rule 3). Fouls count over the whole match."""

    rules: GameRules = field(default_factory=GameRules)
    seed: int = 0
    games: list[ShuffleboardGame] = field(default_factory=list)
    ledger: FoulLedger = field(default_factory=FoulLedger)
    toss: Side | None = None

    def first_of_game(self, number: int) -> Side:
        """Colour that shoots first in game ``number`` (0-based)."""
        if number == 0:
            return RED
        if number == 1:
            return GREEN
        if self.toss is None:
            self.toss = random.Random(self.seed).choice((RED, GREEN))
        return self.toss

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by red and by green."""
        won = [g.winner for g in self.games if g.winner is not None]
        return (won.count(RED), won.count(GREEN))

    @property
    def winner(self) -> Side | None:
        """The colour that has won two games."""
        red, green = self.wins
        return RED if red == 2 else GREEN if green == 2 else None

    def next_game(self, referee: CSCReferee | None = None) -> ShuffleboardGame:
        """Start the next game once the previous one is over."""
        if self.winner is not None:
            raise IllegalInPosition(f"the match is over: {colour_name(self.winner)} has won")
        if self.games and not self.games[-1].over:
            raise IllegalInPosition("the current game is not over")
        rules = GameRules(
            self.rules.players, self.rules.target, self.first_of_game(len(self.games))
        )
        game = ShuffleboardGame(rules, referee or CSCReferee(), self.ledger)
        self.games.append(game)
        return game
