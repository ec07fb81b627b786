"""Crokinole rounds, games and matches: seats, turn order, disc counts, scoring, time.

Singles: seats 0 and 2, one colour each, shots alternate; the start alternates by
round and by game. Doubles: four seats, partners opposite share a colour; the start
moves one seat clockwise each round and the other team starts the next game (the
partners choose who starts: ``first_seat``). Free-for-all (Depot 7d): 3 or 4 players,
one colour each, the start moves clockwise each round. Disc counts come from the rule
set's options (WCC categories, fair rules). Timed games take an injected
:class:`GameClock` so tests stay deterministic.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from flickboard.agents.base import Player, View
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, Shot, ShotRecord
from flickboard.play.gamerecord import ShotEntry
from flickboard.play.scoring import GameScore, RaceScore, RoundScore
from flickboard.rules.base import Position, Ruling, Side, Turn
from flickboard.rules.crokinole import CrokinoleReferee, Scoring
from flickboard.rules.hand import HandOutcome, to_record

Simulator = Callable[[Layout, Shot, int], ShotRecord]
"""Plays a shot: (layout, shot, shooter id) -> record."""

ROUNDS_PER_GAME = 4
"""A tournament game is four rounds (WCC, NCA, Depot 4f)."""

MAX_ROUNDS = 60
"""Safety stop for a race game or a championship tie-break that never ends."""


def default_simulator(layout: Layout, shot: Shot, shooter: int) -> ShotRecord:
    """The physics engine with default parameters."""
    from flickboard.physics import simulate

    return simulate(layout, shot, shooter=shooter)


class GameClock(Protocol):
    """Game time for timed games: has the buzzer gone? Told of every shot taken."""

    def expired(self) -> bool:
        """True once time is up."""
        ...

    def shot_taken(self) -> None:
        """Called after every shot."""
        ...


@dataclass
class ShotBudget:
    """A deterministic clock: time is up after ``shots`` shots in the game."""

    shots: int
    taken: int = 0

    def __post_init__(self) -> None:
        if self.shots < 0:
            raise InvalidInput("a shot budget cannot be negative")

    def expired(self) -> bool:
        """True once the budget is spent."""
        return self.taken >= self.shots

    def shot_taken(self) -> None:
        """Spend one shot."""
        self.taken += 1


@dataclass
class WallClock:
    """Real game time: ``seconds`` from the first question asked."""

    seconds: float
    now: Callable[[], float] = time.monotonic
    _started: float | None = None

    def expired(self) -> bool:
        """True once ``seconds`` have passed since the clock was first read."""
        if self._started is None:
            self._started = self.now()
        return self.now() - self._started >= self.seconds

    def shot_taken(self) -> None:
        """Nothing to do: the wall clock runs by itself."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: 2 players (singles), 4 in two teams (doubles), or 3-4 alone."""

    players: int = 2
    teams: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise InvalidInput(f"crokinole is played by 2, 3 or 4 players, not {self.players}")
        if self.teams and self.players != 4:
            raise InvalidInput("teams (doubles) need four players")

    @classmethod
    def singles(cls) -> Seating:
        """Two players, opposite."""
        return cls(2)

    @classmethod
    def doubles(cls) -> Seating:
        """Four players in two teams, partners opposite."""
        return cls(4, teams=True)

    @property
    def seats(self) -> tuple[int, ...]:
        """Occupied seats, clockwise from seat 0."""
        return (0, 2) if self.players == 2 else tuple(range(self.players))

    @property
    def sides(self) -> int:
        """Number of colours in play."""
        return 2 if self.players == 2 or self.teams else self.players

    def side_of(self, seat: int) -> Side:
        """The colour of a seat."""
        if seat not in self.seats:
            raise InvalidInput(f"seat {seat} is empty with {self.players} players")
        if self.players == 2:
            return seat // 2
        return seat % 2 if self.teams else seat

    def rotate(self, seat: int, steps: int) -> int:
        """The occupied seat ``steps`` places clockwise from ``seat``."""
        seats = self.seats
        return seats[(seats.index(seat) + steps) % len(seats)]


class CrokinoleRound:
    """One round: shots in turn order until every disc is shot or time runs out.

    Use :meth:`choices` to see who may shoot, then :meth:`play` (a shot, simulated)
    or :meth:`play_hand` (an outcome entered by hand).
    """

    def __init__(
        self,
        referee: CrokinoleReferee,
        seating: Seating,
        starter: int,
        *,
        board: CrokinoleBoard | None = None,
        clock: GameClock | None = None,
        simulator: Simulator = default_simulator,
    ) -> None:
        if starter not in seating.seats:
            raise InvalidInput(f"seat {starter} cannot start: seats are {seating.seats}")
        self.referee = referee
        self.seating = seating
        self.starter = starter
        self.clock = clock
        self.simulator = simulator
        each = referee.options.discs_each(seating.players, teams=seating.teams)
        self.discs_each = each
        self.left = {seat: each for seat in seating.seats}
        self.position = Position.of(Layout(board or CrokinoleBoard.standard(), ()), {})
        self.twenties = [0] * seating.sides
        self.shots: list[ShotEntry] = []
        self._owed: dict[Side, int] | None = None
        self._next_id = 0

    # -- whose turn ---------------------------------------------------------------------

    def _shots_by_side(self) -> list[int]:
        counts = [0] * self.seating.sides
        for entry in self.shots:
            counts[entry.turn.side] += 1
        return counts

    def _time_up(self) -> bool:
        if self._owed is None and self.clock is not None and self.clock.expired():
            counts = self._shots_by_side()
            most = max(counts)
            self._owed = {s: most - c for s, c in enumerate(counts) if c < most}
        return self._owed is not None

    def _clockwise_next(self) -> tuple[int, ...]:
        seats = self.seating.seats
        last = self.shots[-1].turn.seat if self.shots else None
        first = self.starter if last is None else self.seating.rotate(last, 1)
        order = [self.seating.rotate(first, k) for k in range(len(seats))]
        return tuple(s for s in order if self.left[s] > 0)

    def choices(self) -> tuple[int, ...]:
        """Seats that may shoot now, preferred first; empty once the round is over."""
        candidates = self._clockwise_next()
        if not candidates:
            return ()
        if self._time_up():
            assert self._owed is not None
            owed = [s for s in candidates if self._owed.get(self.seating.side_of(s), 0) > 0]
            return tuple(owed[:1])
        if self.referee.options.free_order_doubles and self.seating.teams and self.shots:
            side = 1 - self.shots[-1].turn.side
            return tuple(s for s in candidates if self.seating.side_of(s) == side)
        return candidates[:1]

    @property
    def over(self) -> bool:
        """True once no one may shoot."""
        return not self.choices()

    def turn(self, seat: int | None = None) -> Turn:
        """The turn of ``seat`` (default: the preferred seat)."""
        choices = self.choices()
        if not choices:
            raise IllegalInPosition("the round is over")
        seat = choices[0] if seat is None else seat
        if seat not in choices:
            raise IllegalInPosition(f"seat {seat} may not shoot now; seats {choices} may")
        return Turn(seat, self.seating.side_of(seat), self._next_id)

    # -- shooting -----------------------------------------------------------------------

    def play(self, shot: Shot, seat: int | None = None) -> Ruling:
        """Check the start, simulate the shot and rule on it."""
        turn = self.turn(seat)
        self.referee.check_start(self.position, turn, shot.x, shot.y)
        record = self.simulator(self.position.layout, shot, turn.disc)
        return self._apply(turn, record)

    def play_hand(self, outcome: HandOutcome, seat: int | None = None) -> Ruling:
        """Rule on an outcome entered by hand (the shooter id must be the turn's)."""
        turn = self.turn(seat)
        if outcome.shooter != turn.disc:
            raise InvalidInput(f"the shooting disc of this turn is id {turn.disc}")
        self.referee.check_start(self.position, turn, *outcome.start)
        return self._apply(turn, to_record(self.position.layout, outcome))

    def play_record(self, record: ShotRecord, seat: int | None = None) -> Ruling:
        """Rule on a record already made (a replay); a simulated shot's start is checked."""
        turn = self.turn(seat)
        if record.shot is not None:
            self.referee.check_start(self.position, turn, record.shot.x, record.shot.y)
        return self._apply(turn, record)

    def _apply(self, turn: Turn, record: ShotRecord) -> Ruling:
        ruling = self.referee.rule(self.position, turn, record)
        self.shots.append(ShotEntry(self.position, turn, record, ruling))
        for side, count in ruling.twenties().items():
            self.twenties[side] += count
        self.position = ruling.position_after
        self.left[turn.seat] -= 1
        self._next_id += 1
        if self._owed is not None and self._owed.get(turn.side, 0) > 0:
            self._owed[turn.side] -= 1
        if self.clock is not None:
            self.clock.shot_taken()
        return ruling

    # -- score --------------------------------------------------------------------------

    def board_scores(self) -> tuple[int, ...]:
        """Each side's points on the board now (20s taken off not included)."""
        on_board = self.referee.score(self.position)
        return tuple(on_board.get(s, 0) for s in range(self.seating.sides))

    def score(self) -> RoundScore:
        """The round's score: board points plus 20s; unplayed if no disc was shot."""
        if not self.shots:
            zeros = (0,) * self.seating.sides
            return RoundScore(zeros, zeros, unplayed=True)
        board = self.board_scores()
        return RoundScore(
            tuple(b + 20 * t for b, t in zip(board, self.twenties, strict=True)),
            tuple(self.twenties),
        )

    def view(self, seat: int | None = None, scores: tuple[int, ...] = (), number: int = 1) -> View:
        """What the player in ``seat`` sees."""
        return View(
            self.referee,
            self.position,
            self.turn(seat),
            tuple(sorted(self.left.items())),
            number,
            scores,
            tuple(self.twenties),
        )


GameResult = GameScore | RaceScore


class CrokinoleGame:
    """A game: tournament (4 rounds of 2/1/0), or a race to a target (conventional, fair).

    ``championship``: a two-sided tournament game tied after four rounds goes on
    round by round, untimed, until one side leads (WCC).
    """

    def __init__(
        self,
        referee: CrokinoleReferee,
        seating: Seating,
        *,
        first_seat: int | None = None,
        championship: bool = False,
        clock: GameClock | None = None,
        simulator: Simulator = default_simulator,
        board: CrokinoleBoard | None = None,
    ) -> None:
        options = referee.options
        options.discs_each(seating.players, teams=seating.teams)
        if options.scoring is not Scoring.TOURNAMENT and seating.sides != 2:
            raise InvalidInput(f"{options.scoring.value} scoring is for two sides")
        self.referee = referee
        self.seating = seating
        self.first_seat = seating.seats[0] if first_seat is None else first_seat
        if self.first_seat not in seating.seats:
            raise InvalidInput(f"seat {self.first_seat} cannot start: seats are {seating.seats}")
        self.championship = championship
        self.clock = clock
        self.simulator = simulator
        self.board = board
        self.rounds: list[RoundScore] = []
        self.round_shots: list[tuple[ShotEntry, ...]] = []
        self.current: CrokinoleRound | None = None

    @property
    def race(self) -> bool:
        """True for conventional and fair scoring (first to a target)."""
        return self.referee.options.scoring is not Scoring.TOURNAMENT

    def starter(self, number: int) -> int:
        """The seat that starts round ``number`` (0-based)."""
        return self.seating.rotate(self.first_seat, number)

    def result(self) -> GameResult:
        """The game so far, as a GameScore or a RaceScore."""
        if self.race:
            target = self.referee.options.target
            steps = tuple(r.cancelled for r in self.rounds)
            short = max(RaceScore(target, steps).totals) < target
            return RaceScore(target, steps, time_up=bool(steps) and short and self.time_up)
        return GameScore(tuple(self.rounds))

    def scores(self) -> tuple[int, ...]:
        """Tournament points or race totals so far, per side."""
        result = self.result()
        if isinstance(result, RaceScore):
            return result.totals if self.rounds else (0, 0)
        return result.points if self.rounds else (0,) * self.seating.sides

    @property
    def time_up(self) -> bool:
        """True once the game clock has expired."""
        return self.clock is not None and self.clock.expired()

    @property
    def over(self) -> bool:
        """True once the game is decided (or time ran out and rounds are filled)."""
        n = len(self.rounds)
        if n >= MAX_ROUNDS:
            return True
        if self.race:
            totals = self.scores()
            return max(totals) >= self.referee.options.target or (self.time_up and n > 0)
        if n < ROUNDS_PER_GAME:
            return False
        if self.championship and self.seating.sides == 2:
            return GameScore(tuple(self.rounds)).winner is not None
        return True

    def start_round(self) -> CrokinoleRound:
        """The next round (time up: the remaining rounds score zero, unplayed). A
        championship game's extra rounds are played in full, untimed (WCC: "a winner has
        to be determined")."""
        if self.over:
            raise IllegalInPosition("the game is over")
        if self.current is not None and not self.current.over:
            raise IllegalInPosition("the current round is not finished")
        extra = len(self.rounds) >= ROUNDS_PER_GAME
        self.current = CrokinoleRound(
            self.referee,
            self.seating,
            self.starter(len(self.rounds)),
            board=self.board,
            clock=None if extra else self.clock,
            simulator=self.simulator,
        )
        return self.current

    def finish_round(self) -> RoundScore:
        """Score the current round once it is over."""
        if self.current is None or not self.current.over:
            raise IllegalInPosition("no finished round to score")
        score = self.current.score()
        self.rounds.append(score)
        self.round_shots.append(tuple(self.current.shots))
        self.current = None
        return score


class MatchKind(StrEnum):
    """How a match is decided (docs/rules.md, "Games, matches and time")."""

    POINTS = "points"  # tournament games: most tournament points, then most 20s (WCC)
    BEST_OF_THREE = "best_of_three"  # WCC championship: the first side to win two games
    GAMES = "games"  # races (conventional, fair): most games won


@dataclass
class MatchResult:
    """Games of a match and what follows: points, games won and 20s per side."""

    games: list[GameResult] = field(default_factory=list)
    twenties: list[int] = field(default_factory=list)
    kind: MatchKind = MatchKind.POINTS

    def points(self) -> tuple[int, ...]:
        """Tournament points (races: points scored) summed over games."""
        sides = len(self.twenties) or 2
        totals = [0] * sides
        for g in self.games:
            scored = g.points if isinstance(g, GameScore) else g.totals
            for s, p in enumerate(scored):
                totals[s] += p
        return tuple(totals)

    def add(self, game: CrokinoleGame) -> GameResult:
        """Add a finished game: its result and its 20s."""
        if not game.over:
            raise IllegalInPosition("the game is not finished")
        result = game.result()
        self.games.append(result)
        for s in range(len(self.twenties)):
            self.twenties[s] += sum(r.twenties[s] for r in game.rounds)
        return result

    def games_won(self) -> tuple[int, ...]:
        """Games won per side."""
        sides = len(self.twenties) or 2
        won = [0] * sides
        for g in self.games:
            if g.winner is not None:
                won[g.winner] += 1
        return tuple(won)

    @property
    def winner(self) -> int | None:
        """The winning side, or None while level (see :meth:`verdict`)."""
        return self.verdict()[0]

    def verdict(self) -> tuple[int | None, str]:
        """The winning side (None if level) and how the match was decided, in words."""
        won = self.games_won()
        if self.kind is not MatchKind.POINTS:
            side = _sole_best(won)
            most, *rest = sorted(won, reverse=True)
            if side is None:
                return None, f"level on games won ({most} each)"
            how = f"{most} {'game' if most == 1 else 'games'} to {rest[0]}"
            if self.kind is MatchKind.BEST_OF_THREE:
                how += " (best two of three, WCC championship)"
            return side, how
        pts = self.points()
        side = _sole_best(pts)
        if side is not None:
            return side, f"on tournament points ({'-'.join(map(str, pts))})"
        tied = [s for s, p in enumerate(pts) if p == max(pts)]
        twenties = [self.twenties[s] if self.twenties else 0 for s in tied]
        best = _sole_best(tuple(twenties))
        if best is not None:
            return tied[best], "on 20s after a tie on points (WCC tie-break)"
        return None, "level on points and 20s (a shoot-out decides, WCC)"


def _sole_best(values: tuple[int, ...]) -> int | None:
    """The index of the one highest value, or None when it is shared."""
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


class CrokinoleMatch:
    """A match of ``games`` games; ``championship`` makes it best two of three games.

    ``youngest``: under rule sets whose youngest player shoots first (fair rules), the
    seat of the youngest player, who opens game 1 (default seat 0, the first listed).
    """

    def __init__(
        self,
        referee: CrokinoleReferee,
        seating: Seating,
        *,
        games: int | None = None,
        championship: bool = False,
        first_seat: int | None = None,
        youngest: int | None = None,
        clock: Callable[[], GameClock | None] | None = None,
        simulator: Simulator = default_simulator,
    ) -> None:
        if games is not None and (isinstance(games, bool) or not isinstance(games, int)):
            raise InvalidInput(f"a match needs a whole number of games, got {games!r}")
        if games is not None and games < 1:
            raise InvalidInput(f"a match needs at least one game, got {games!r}")
        if championship and games not in (None, 3):
            raise InvalidInput(
                f"a championship match is best two of three games, not {games} (WCC)"
            )
        self.referee = referee
        self.seating = seating
        self.games = 3 if championship else games or 1
        self.championship = championship
        self.first_seat = _opening_seat(referee, seating, first_seat, youngest)
        self.clock = clock
        self.simulator = simulator
        self.result = MatchResult(
            twenties=[0] * seating.sides, kind=match_kind(referee, championship=championship)
        )
        self.played: list[CrokinoleGame] = []

    @property
    def over(self) -> bool:
        """True once every game is played (best of three: once a side has won two)."""
        if self.championship and max(self.result.games_won()) >= 2:
            return True
        return len(self.played) >= self.games and (not self.played or self.played[-1].over)

    def next_game(self) -> CrokinoleGame:
        """The next game; its first seat moves one seat clockwise (starts alternate)."""
        if self.played and not self.played[-1].over:
            raise IllegalInPosition("the current game is not finished")
        if self.over:
            raise IllegalInPosition("the match is over")
        game = CrokinoleGame(
            self.referee,
            self.seating,
            first_seat=self.seating.rotate(self.first_seat, len(self.played)),
            championship=self.championship,
            clock=self.clock() if self.clock else None,
            simulator=self.simulator,
        )
        self.played.append(game)
        return game

    def finish_game(self, game: CrokinoleGame) -> GameResult:
        """Add a finished game to the result."""
        return self.result.add(game)


def match_kind(referee: CrokinoleReferee, *, championship: bool) -> MatchKind:
    """How a match under these rules is decided: best two of three (championship), games
    won (races), or tournament points then 20s."""
    if championship:
        return MatchKind.BEST_OF_THREE
    if referee.options.scoring is not Scoring.TOURNAMENT:
        return MatchKind.GAMES
    return MatchKind.POINTS


def _opening_seat(
    referee: CrokinoleReferee, seating: Seating, first_seat: int | None, youngest: int | None
) -> int:
    """The seat that shoots first in game 1: the youngest player's under the fair rules,
    otherwise ``first_seat``; seat 0 by default."""
    if youngest is not None:
        if not referee.options.youngest_first:
            raise InvalidInput(
                f"only the fair rules let the youngest player shoot first; under "
                f"{referee.name} the order is decided by chance or by the organisers"
            )
        if first_seat is not None:
            raise InvalidInput("give the youngest player or the first seat, not both")
        first_seat = youngest
    seat = seating.seats[0] if first_seat is None else first_seat
    if seat not in seating.seats:
        raise InvalidInput(f"seat {seat} cannot start: seats are {seating.seats}")
    return seat


SeatChoice = Callable[[CrokinoleRound, tuple[int, ...]], int]
"""Picks who shoots when several seats may (Depot 7c): (round, seats allowed) -> seat."""


def most_discs_left(rnd: CrokinoleRound, seats: tuple[int, ...]) -> int:
    """The bots' pick under free order (Depot 7c): the partner with more discs left; on a
    tie, the first in clockwise order (so partners alternate unless told otherwise)."""
    return max(seats, key=lambda seat: rnd.left[seat])


def play_round(
    game: CrokinoleGame,
    players: Mapping[int, Player],
    on_ruling: Callable[[CrokinoleRound, Ruling], None] | None = None,
    choose: SeatChoice = most_discs_left,
) -> RoundScore:
    """Play one round of ``game`` with a player per seat; ``choose`` picks the shooter
    when several seats may shoot (free order doubles)."""
    rnd = game.start_round()
    while not rnd.over:
        seat = choose_seat(rnd, choose)
        view = rnd.view(seat, game.scores(), len(game.rounds) + 1)
        ruling = rnd.play(players[seat].decide(view), seat)
        if on_ruling is not None:
            on_ruling(rnd, ruling)
    return game.finish_round()


def choose_seat(rnd: CrokinoleRound, choose: SeatChoice) -> int:
    """The seat that shoots next: the only one allowed, or ``choose``'s pick (checked)."""
    seats = rnd.choices()
    if len(seats) == 1:
        return seats[0]
    seat = choose(rnd, seats)
    if seat not in seats:
        raise InvalidInput(f"seat {seat} may not shoot now; seats {seats} may")
    return seat


def play_game(
    game: CrokinoleGame,
    players: Mapping[int, Player],
    on_ruling: Callable[[CrokinoleRound, Ruling], None] | None = None,
    choose: SeatChoice = most_discs_left,
) -> GameResult:
    """Play a game to its end with a player per seat."""
    missing = [s for s in game.seating.seats if s not in players]
    if missing:
        raise InvalidInput(f"no player for seats {missing}")
    while not game.over:
        play_round(game, players, on_ruling, choose)
    return game.result()


def seat_players(seating: Seating, players: Sequence[Player]) -> dict[int, Player]:
    """Players to seats in order (doubles: first two are one team, seats 0 and 2)."""
    if len(players) != seating.players:
        raise InvalidInput(f"{seating.players} players needed, got {len(players)}")
    if seating.teams:
        order = (0, 2, 1, 3)
        return {order[i]: p for i, p in enumerate(players)}
    return dict(zip(seating.seats, players, strict=True))
