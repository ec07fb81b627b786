"""A game and a best-of-three match of table shuffleboard by the CSC rules.

Singles (rule 1(a)): two players at the same end, four weights each, delivered in turn;
both change ends after every frame. Doubles (1(b)): partners at opposite ends; each
frame is played by the two players at the delivering end. Frames alternate ends, so
frame ``n`` is delivered from end ``n % 2``. Red starts the game (3); the frame winner
shoots first in the next frame; after a non-scoring frame the order is reversed (3, 5(m)).

A weight delivered out of order (an official's call, 5(h)) stands, and the frame goes on
in the rotation it set: the two players at the delivering end alternate from it on,
each still delivering four weights. A repeat delivery (5(i)) takes the weight back: it
stays in the frame's list of deliveries (and in the record) but no longer counts, and
the same player delivers again from the same area (``REPEAT_AREA``).

A turn's seat is the player who delivers (see :func:`player_for`).
:class:`ShuffleboardMatch` is table shuffleboard's :class:`~flickboard.play.match.Match`:
one game or a best of three, games and frames starting by themselves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flickboard.errors import GameOver, IllegalInPosition, InvalidInput, OutOfTurn
from flickboard.geometry import ShuffleboardTable
from flickboard.jit import Row, Whole, jitable
from flickboard.physics import Layout, PhysicsParams, Shot, ShotRecord, simulate
from flickboard.play.gamerecord import ShotEntry
from flickboard.play.kind import game_kind, seat_order
from flickboard.play.match import Calls as CallsJson
from flickboard.play.match import GameEnd, Match, Outcome, RoundEnd, Step
from flickboard.play.scoring import FrameScore, RaceScore
from flickboard.play.shuffleboard_fouls import FoulLedger, Penalty, foul_key
from flickboard.play.view import View
from flickboard.rules.base import Position, Ruling, Side, Turn
from flickboard.rules.hand import HandOutcome, to_record
from flickboard.rules.shuffleboard import (
    DOUBLES_TARGET,
    GREEN,
    NO_CALLS,
    RED,
    SINGLES_TARGET,
    WEIGHTS_PER_PLAYER,
    Calls,
    CSCReferee,
    FrameCount,
    calls_from_json,
    calls_to_json,
    colour_name,
    count_frame,
)

WEIGHTS_PER_FRAME = 2 * WEIGHTS_PER_PLAYER
"""A frame is eight weights delivered (Part IV, FRAME)."""

REPEAT_AREA = 0.15
"""A repeat delivery starts within this distance (m) of the release point of the delivery
it repeats: "the same area of the playing surface" (5(i)); 15 cm is the width of about
two and a half weights."""


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
    """Which player delivers for a colour in a frame (:func:`deliverer`)."""
    return deliverer(rules.doubles, side, frame)


@jitable
def deliverer(doubles: bool, side: Side, frame: int) -> int:
    """Which player delivers for a colour in frame ``frame`` (0-based).

    Singles: player 0 is red, 1 green. Doubles: players 0 (red) and 1 (green) stand at
    end 0, players 2 (red) and 3 (green) at end 1; frame ``n`` is delivered from end
    ``n % 2``.
    """
    return side + (2 * (frame % 2) if doubles else 0)


@jitable
def frame_order(first: Side, order: Whole, given: int) -> None:
    """The frame's colours in delivery order, in ``order`` (room for a frame's
    deliveries): its first ``given`` as they are, then the rotation from the last of them
    on (5(h)): the colours alternate, and once one has delivered its weights the other
    delivers the rest. Without an out-of-order delivery this is strict alternation from
    ``first``, the colour that opens the frame."""
    red = 0
    for k in range(given):
        if order[k] == RED:
            red += 1
    for k in range(given, WEIGHTS_PER_FRAME):
        if k == 0:
            order[0] = first
        else:
            other = order[k - 1] ^ 1
            done = red if other == RED else k - red
            order[k] = other if done < WEIGHTS_PER_PLAYER else order[k - 1]
        if order[k] == RED:
            red += 1


@jitable
def next_first(points: Row[int], last: Side) -> Side:
    """Who opens the next frame: the colour that scored (3); after a frame that scored
    nothing, the colour that delivered its last weight (3, 5(m))."""
    if points[RED] > 0:
        return RED
    if points[GREEN] > 0:
        return GREEN
    return last


def side_of_player(rules: GameRules, player: int) -> Side:
    """The colour a player delivers."""
    if not 0 <= player < rules.players:
        raise InvalidInput(f"player must be 1-{rules.players}, got {player + 1}")
    return player % 2


@dataclass(frozen=True, slots=True)
class Delivery:
    """One weight delivered: whose turn, the position before, the record, the official's
    calls, the ruling, and the release point when known (a simulated shot's start, or a
    hand-entered outcome's; None for a hand entry replayed from a record)."""

    turn: Turn
    player: int
    position: Position
    record: ShotRecord
    calls: Calls
    ruling: Ruling
    start: tuple[float, float] | None = None

    @property
    def taken_back(self) -> bool:
        """Whether the delivery was taken back for a repeat (5(i)); it then does not count."""
        return self.calls.repeat


@dataclass(frozen=True, slots=True)
class FrameResult:
    """A finished frame: its number, end, first colour, deliveries (taken-back ones
    included, 5(i)) and count."""

    number: int
    end: int
    first: Side
    deliveries: tuple[Delivery, ...]
    count: FrameCount

    @property
    def score(self) -> FrameScore:
        """Points to red and green."""
        return FrameScore(self.count.points)

    @property
    def winner(self) -> Side | None:
        """The colour that scored, or None for a non-scoring frame."""
        red, green = self.score.points
        return RED if red else GREEN if green else None

    @property
    def last(self) -> Side:
        """The colour that delivered the frame's last weight."""
        return [d for d in self.deliveries if not d.taken_back][-1].turn.side


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
    carried: dict[tuple[int, str], int] = field(init=False)
    _race: tuple[tuple[int, int], RaceScore, tuple[int, int], Side | None] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _turn: tuple[tuple[int, int, int], Turn] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The next turn and the (frames, deliveries, penalties) it was worked out at."""

    def __post_init__(self) -> None:
        self.first = self.rules.first
        self.position = self._empty()
        self.carried = self.ledger.offences()  # from earlier games of the match

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
    def standing(self) -> tuple[Delivery, ...]:
        """The deliveries of the current frame that count (not taken back, 5(i))."""
        return tuple(d for d in self.deliveries if not d.taken_back)

    @property
    def repeating(self) -> Delivery | None:
        """The delivery just taken back for a repeat (5(i)), until it is delivered again."""
        if self.deliveries and self.deliveries[-1].taken_back:
            return self.deliveries[-1]
        return None

    @property
    def order(self) -> tuple[Side, ...]:
        """Colours in delivery order for the current frame: the weights that stand, the
        repeat owed (5(i)), then the rotation from the last of them on (5(h)): the
        colours alternate, and once one has delivered its four the other delivers the rest.
        Without an out-of-order delivery this is strict alternation from ``first``."""
        sides = [d.turn.side for d in self.standing]
        if self.repeating is not None:
            sides.append(self.repeating.turn.side)
        return self._rotation(sides)

    def _rotation(self, sides: list[Side]) -> tuple[Side, ...]:
        """The frame's colours in order, the given ones first, then the rotation (5(h),
        :func:`frame_order`)."""
        order = [*sides, *([0] * (WEIGHTS_PER_FRAME - len(sides)))]
        frame_order(self.first, order, len(sides))
        return tuple(order)

    @property
    def over(self) -> bool:
        """Whether the game has been won."""
        return self.winner is not None

    @property
    def turn(self) -> Turn:
        """Who delivers next: end, colour and the id the weight takes."""
        key = (len(self.frames), len(self.deliveries), len(self.penalties))
        if self._turn is not None and self._turn[0] == key:
            return self._turn[1]
        if self.over:
            raise IllegalInPosition("the game is over")
        n = len(self.standing)
        side = self.order[n]
        turn = Turn(player_for(self.rules, side, self.frame), side, n)
        self._turn = (key, turn)
        return turn

    def turn_of(self, calls: Calls) -> Turn:
        """The turn a delivery with these calls is made in: the next turn, or, called out
        of order (5(h)), the same weight delivered by the other colour at the end."""
        turn = self.turn
        if not calls.out_of_order:
            return turn
        if self.repeating is not None:
            raise IllegalInPosition(
                "a repeat delivery is made by the player whose delivery was taken back, "
                "so it cannot be out of order (5(i))"
            )
        side = turn.side ^ 1
        if self.weights_left(side) == 0:
            raise IllegalInPosition(
                f"{colour_name(side)} has delivered all {WEIGHTS_PER_PLAYER} weights of the "
                "frame, so cannot deliver out of order (5(h), 5(i))"
            )
        return Turn(player_for(self.rules, side, self.frame), side, turn.disc)

    @property
    def player(self) -> int:
        """The player who delivers next (see :func:`player_for`)."""
        return self.turn.seat

    def weights_left(self, side: Side) -> int:
        """Weights a colour still has to deliver in this frame."""
        return WEIGHTS_PER_PLAYER - sum(1 for d in self.standing if d.turn.side == side)

    def to_come(self, turn: Turn) -> tuple[tuple[int, Side], ...]:
        """The (player, colour) of every delivery left in the frame, ``turn``'s first."""
        n = len(self.standing)
        order = self._rotation([*(d.turn.side for d in self.standing), turn.side])[n:]
        return tuple((player_for(self.rules, side, self.frame), side) for side in order)

    def view(self, turn: Turn | None = None) -> View:
        """The game as the player of ``turn`` (default the next turn) sees it."""
        turn = turn or self.turn
        return View(
            self.referee,
            self.position,
            turn,
            self.to_come(turn),
            self.frame + 1,
            self.totals,
            (),
            self.params,
            self.rules.goal,
        )

    def deliver(
        self,
        record: ShotRecord,
        calls: Calls = NO_CALLS,
        start: tuple[float, float] | None = None,
    ) -> Ruling:
        """Rule on the next delivery, apply it, and count the frame after the eighth.

        ``calls.out_of_order`` (5(h)): the other colour at the end delivered it.
        ``start``: the release point, when the record has no shot (hand entry); it lets
        a repeat delivery be checked against the one it repeats (5(i)).
        """
        turn = self.turn_of(calls)
        player = turn.seat
        if start is None and record.shot is not None:
            start = (record.shot.x, record.shot.y)
        self._check_repeat_area(start)
        ruling = self.referee.rule(self.position, turn, record, calls)
        delivery = Delivery(turn, player, self.position, record, calls, ruling, start)
        self.log.append(delivery)
        if calls.body_over_end:
            penalty = self.ledger.call(
                "5c", player, turn.side, self.frame, doubles=self.rules.doubles
            )
            self.penalties.append(penalty)
            self.log.append(penalty)
        self.deliveries.append(delivery)
        self.position = ruling.position_after
        if len(self.standing) == WEIGHTS_PER_FRAME:
            self._count_frame()
        return ruling

    def _check_repeat_area(self, start: tuple[float, float] | None) -> None:
        """A repeat starts in the same area as the delivery it repeats (5(i))."""
        first = self.repeating.start if self.repeating is not None else None
        if first is None or start is None:
            return
        gap = math.dist(first, start)
        if gap > REPEAT_AREA:
            raise IllegalInPosition(
                f"a repeat delivery is made from the same area as the delivery it repeats "
                f"(5(i)): this one starts {gap:.2f} m from it, more than {REPEAT_AREA} m"
            )

    def deliver_shot(self, shot: Shot, calls: Calls = NO_CALLS) -> Ruling:
        """Simulate the next delivery on the table and rule on it."""
        turn = self.turn_of(calls)
        self.referee.check_start(self.position, turn, shot.x, shot.y)
        record = simulate(self.position.layout, shot, shooter=turn.disc, params=self.params)
        return self.deliver(record, calls)

    def deliver_hand(self, outcome: HandOutcome, calls: Calls = NO_CALLS) -> Ruling:
        """Rule on the next delivery as entered by hand (the shared hand-entry checks)."""
        turn = self.turn_of(calls)
        if outcome.shooter != turn.disc:
            raise InvalidInput(
                f"the next weight is {turn.disc}, the outcome delivers {outcome.shooter}"
            )
        self.referee.check_start(self.position, turn, *outcome.start)
        return self.deliver(to_record(self.position.layout, outcome), calls, outcome.start)

    def _count_frame(self) -> None:
        count = count_frame(self.table, self.position)
        result = FrameResult(self.frame, self.end, self.first, tuple(self.deliveries), count)
        self.frames.append(result)
        self.deliveries = []
        self.position = self._empty()
        # After an out-of-order delivery (5(h)) the colour that delivered the last
        # weight may be the colour that started the frame.
        self.first = next_first(result.score.points, result.last)

    def call_foul(self, key: str, player: int) -> Penalty:
        """Record a foul against a player (0-based) and deduct any points it costs.

        5(c) is refused: it makes a delivery dead, so it is called with the delivery
        (``Calls(body_over_end=True)``)."""
        if self.over:
            raise IllegalInPosition("the game is over")
        if foul_key(key) == "5c":
            raise IllegalInPosition(
                "5(c) is called with the delivery it makes dead, not on its own: deliver "
                "with Calls(body_over_end=True)"
            )
        side = side_of_player(self.rules, player)
        penalty = self.ledger.call(key, player, side, self.frame, doubles=self.rules.doubles)
        self.penalties.append(penalty)
        self.log.append(penalty)
        return penalty

    @property
    def race(self) -> RaceScore:
        """The game as a race to the target: frame points, then penalty deductions
        (worked out again only when a frame or a penalty is added)."""
        key = (len(self.frames), len(self.penalties))
        if self._race is None or self._race[0] != key:
            steps = [f.score.points for f in self.frames]
            steps += [
                (-p.points, 0) if p.side == RED else (0, -p.points)
                for p in self.penalties
                if p.points
            ]
            race = RaceScore(self.rules.goal, tuple(steps))
            red, green = race.totals
            self._race = (key, race, (red, green), race.winner)
        return self._race[1]

    def _counted(self) -> tuple[tuple[int, int], RaceScore, tuple[int, int], Side | None]:
        """The race, its totals and its winner, kept until a frame or a penalty is added."""
        self.race  # noqa: B018  (brings self._race up to date)
        assert self._race is not None
        return self._race

    @property
    def totals(self) -> tuple[int, int]:
        """Red's and green's points so far, penalties deducted."""
        return self._counted()[2]

    @property
    def winner(self) -> Side | None:
        """The colour that reached the target at the end of a frame, if any."""
        return self._counted()[3]

    def describe(self) -> str:
        """The score in words."""
        return describe(self.totals, self.rules.goal)


def describe(totals: tuple[int, int], goal: int) -> str:
    """A game's score in words."""
    red, green = totals
    return f"red {red} - green {green} (to {goal})"


def coin_toss(seed: int) -> Side:
    """A seeded flip of the coin: the colour that shoots first (rules 2 and 3, Part VII 5)."""
    return random.Random(seed).choice((RED, GREEN))


@dataclass
class BestOfThree:
    """A best-of-three match: colours fixed (2), red first in game 1, green first in
    game 2, a coin toss (seeded, or ``toss`` as recorded) for game 3 (3). Fouls count
    over the whole match."""

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
            self.toss = coin_toss(self.seed)
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

    def next_game(
        self, referee: CSCReferee | None = None, params: PhysicsParams | None = None
    ) -> ShuffleboardGame:
        """Start the next game once the previous one is over."""
        if self.winner is not None:
            raise GameOver(f"the match is over: {colour_name(self.winner)} has won")
        if self.games and not self.games[-1].over:
            raise IllegalInPosition("the current game is not over")
        rules = GameRules(
            self.rules.players, self.rules.target, self.first_of_game(len(self.games))
        )
        game = ShuffleboardGame(
            rules,
            referee or CSCReferee(),
            self.ledger,
            params=params or PhysicsParams.shuffleboard(),
        )
        self.games.append(game)
        return game


@dataclass(frozen=True, slots=True)
class FoulAction:
    """A foul called against a player (0-based), kept so undo can replay it."""

    foul: str
    player: int

    def apply(self, match: Any) -> object:
        """Call the foul again."""
        assert isinstance(match, ShuffleboardMatch)
        return match.game_in_play().call_foul(self.foul, self.player)


class ShuffleboardMatch(Match):
    """One game, or a best of three (rule 3), of table shuffleboard by the CSC rules.

    Seats are players (see :func:`player_for`); a delivery an official calls out of order
    (5(h)) is played by the other player at the end with ``calls={"out_of_order": True}``.
    """

    referee: CSCReferee

    def __init__(
        self,
        rules: GameRules | None = None,
        *,
        best_of_three: bool = False,
        seed: int = 0,
        referee: CSCReferee | None = None,
        params: PhysicsParams | None = None,
        toss: Side | None = None,
        offences: Mapping[tuple[int, str], int] | None = None,
    ) -> None:
        kind = game_kind("shuffleboard")
        super().__init__(kind, params or kind.params())
        self.rules = rules or GameRules()
        if best_of_three and self.rules.first != RED:
            raise InvalidInput(
                "a best of three starts with red and then alternates (rule 3); "
                "another first colour is for a single game"
            )
        self.best_of_three = best_of_three
        self.seed = seed
        self.toss = toss
        self.offences = dict(offences or {})
        """Offences carried from earlier games (a single game of a match)."""
        self.referee = referee or CSCReferee()
        self.series: BestOfThree | None = None
        self.single: ShuffleboardGame | None = None
        self._reset()

    def _reset(self) -> None:
        if self.best_of_three:
            self.series = BestOfThree(self.rules, self.seed, toss=self.toss)
        else:
            ledger = FoulLedger(self.offences)
            self.single = ShuffleboardGame(self.rules, self.referee, ledger, params=self.params)

    @property
    def games(self) -> list[ShuffleboardGame]:
        """The games played so far (the one in play last)."""
        if self.series is not None:
            return self.series.games
        assert self.single is not None
        return [self.single]

    def game_in_play(self) -> ShuffleboardGame:
        """The game in play (started when the last one is over and the match is not)."""
        if self._finished():
            raise GameOver(f"the match is over: {self.result().summary}")
        self._advance()
        return self.games[-1]

    def call_foul(self, key: str, player: int) -> Penalty:
        """Record a foul against a player (0-based seat) and deduct any points it costs."""
        penalty = self._do(FoulAction(key, player))
        assert isinstance(penalty, Penalty)
        return penalty

    # -- the Match interface -------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """Players side by side: singles 0 red, 1 green; doubles 0 and 2 red, 1 and 3 green."""
        return seat_order(range(self.rules.players), self.side_of)

    def side_of(self, seat: int) -> Side:
        """The colour a player delivers."""
        return side_of_player(self.rules, seat)

    @property
    def sides(self) -> int:
        """Red and green."""
        return 2

    def _finished(self) -> bool:
        """True once the game (or two games of a best of three) is won."""
        if self.series is not None:
            return self.series.winner is not None
        assert self.single is not None
        return self.single.over

    def result(self) -> Outcome:
        """The game or the best of three so far."""
        ends = tuple(_game_end(n, g) for n, g in enumerate(self.games, start=1) if g.over)
        if self.series is not None:
            wins = self.series.wins
            winner = self.series.winner
            if winner is None:
                summary = f"games won: red {wins[0]} - green {wins[1]}"
            else:
                summary = f"{colour_name(winner)} wins the match {max(wins)}-{min(wins)}"
            return Outcome(winner is not None, winner, wins, summary, ends)
        game = self.games[0]
        summary = ends[0].summary if ends else game.describe()
        return Outcome(game.over, game.winner, game.totals, summary, ends)

    def _advance(self) -> None:
        series = self.series
        if (
            series is not None
            and series.winner is None
            and (not series.games or series.games[-1].over)
        ):
            series.next_game(self.referee, self.params)

    def _game(self) -> ShuffleboardGame:
        """The game in play (the hooks run on a match already advanced)."""
        return self.games[-1]

    def _choices(self) -> tuple[int, ...]:
        return (self._game().turn.seat,)

    def _out_of_turn_allowed(self, seat: int, calls: CallsJson | None) -> bool:
        return bool(calls and calls.get("out_of_order"))

    def _turn(self, seat: int, calls: CallsJson | None) -> Turn:
        game = self._game()
        parsed = calls_from_json(dict(calls or {}))
        turn = game.turn_of(parsed)
        if turn.seat != seat and not (parsed.out_of_order and seat == game.turn.seat):
            raise OutOfTurn(f"player {seat + 1} may not deliver now; player {turn.seat + 1} may")
        return turn

    def _position(self) -> Position:
        return self._game().position

    def _view(self, turn: Turn) -> View:
        return self._game().view(turn)

    def _apply(
        self,
        turn: Turn,
        record: ShotRecord,
        calls: CallsJson | None,
        start: tuple[float, float] | None,
    ) -> Step:
        game = self._game()
        number, frames = len(self.games), len(game.frames)
        game.deliver(record, calls_from_json(dict(calls or {})), start)
        delivery = game.deliveries[-1] if game.frame == frames else game.frames[-1].deliveries[-1]
        entry = ShotEntry(
            delivery.position,
            delivery.turn,
            delivery.record,
            delivery.ruling,
            tuple(calls_to_json(delivery.calls).items()),
        )
        rounds = tuple(_frame_end(number, f) for f in game.frames[frames:])
        games = (_game_end(number, game),) if game.over else ()
        return Step(entry, number, frames + 1, rounds, games, self._finished())


def _frame_end(game: int, frame: FrameResult) -> RoundEnd:
    """A counted frame, in words."""
    return frame_end(game, frame.number + 1, frame.count)


def frame_end(game: int, number: int, count: FrameCount) -> RoundEnd:
    """Frame ``number`` of game ``game`` counted, in words."""
    points = FrameScore(count.points).points
    return RoundEnd(game, number, points, points, (), count.explanation())


def _game_end(number: int, game: ShuffleboardGame) -> GameEnd:
    """A won game, in words."""
    return game_end(number, game.winner, game.totals, game.rules.goal)


def game_end(number: int, winner: Side | None, totals: tuple[int, int], goal: int) -> GameEnd:
    """Game ``number`` with these totals, in words."""
    who = "no one has won" if winner is None else f"{colour_name(winner)} wins"
    return GameEnd(number, winner, totals, f"Game {number}: {who}, {describe(totals, goal)}")
