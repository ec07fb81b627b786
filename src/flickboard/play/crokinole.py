"""Crokinole rounds, games and matches: seats, turn order, disc counts, scoring, time.

Singles: seats 0 and 2, one colour each, shots alternate; the start alternates by
round and by game. Doubles: four seats, partners opposite share a colour; the start
moves one seat clockwise each round and the other team starts the next game (the
partners choose who starts: ``first_seat``). Free-for-all (Depot 7d): 3 or 4 players,
one colour each, the start moves clockwise each round. Disc counts come from the rule
set's options (WCC categories, fair rules). Timed games take an injected
:class:`~flickboard.play.clock.GameClock`.

:class:`CrokinoleMatch` is crokinole's :class:`~flickboard.play.match.Match`: it starts
games and rounds as they are needed, so a front end only plays shots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from flickboard.errors import GameOver, IllegalInPosition, InvalidInput, OutOfTurn, RoundOver
from flickboard.geometry import CrokinoleBoard
from flickboard.jit import Row, Whole, jitable
from flickboard.physics import Layout, PhysicsParams, Shot, ShotRecord
from flickboard.play.clock import GameClock, WallClock
from flickboard.play.gamerecord import ShotEntry
from flickboard.play.kind import game_kind, seat_order
from flickboard.play.match import Calls, GameEnd, Match, Outcome, RoundEnd, Step
from flickboard.play.scoring import GameScore, RaceScore, RoundScore, sole_best
from flickboard.play.view import View
from flickboard.rules.base import Position, Ruling, Side, Turn
from flickboard.rules.crokinole import CrokinoleReferee, Scoring, side_name
from flickboard.rules.crokinole.options import check_game_form
from flickboard.rules.hand import HandOutcome, to_record

if TYPE_CHECKING:
    pass

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


_SEATS: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Occupied seats by number of players, clockwise from seat 0."""


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
        return _SEATS[self.players]

    @property
    def sides(self) -> int:
        """Number of colours in play."""
        return 2 if self.players == 2 or self.teams else self.players

    def side_of(self, seat: int) -> Side:
        """The colour of a seat."""
        if seat not in self.seats:
            raise InvalidInput(f"seat {seat} is empty with {self.players} players")
        return seat_side(self.players, self.teams, seat)

    def rotate(self, seat: int, steps: int) -> int:
        """The occupied seat ``steps`` places clockwise from ``seat``."""
        return rotate(_SEATS[self.players], seat, steps)


@jitable
def seat_side(players: int, teams: bool, seat: int) -> Side:
    """The colour of an occupied seat: singles seats 0 and 2 are red and green; in
    doubles partners opposite share a colour; otherwise each seat has its own."""
    if players == 2:
        return seat // 2
    return seat % 2 if teams else seat


@jitable
def rotate(seats: Row[int], seat: int, steps: int) -> int:
    """The occupied seat ``steps`` places clockwise from ``seat`` (``seats``: the occupied
    seats, clockwise from seat 0)."""
    count = len(seats)
    at = 0
    for k in range(count):
        if seats[k] == seat:
            at = k
    return seats[(at + steps) % count]


@jitable
def may_shoot(
    seats: Row[int],
    players: int,
    teams: bool,
    starter: int,
    last: int,
    left: Row[int],
    owed: Row[int],
    timed_out: bool,
    free_order: bool,
    out: Whole,
) -> int:
    """The seats that may shoot after seat ``last`` (-1: the round's first shot, which
    seat ``starter`` takes), in ``out``, the usual one first; how many. The turn goes
    clockwise to the next seat with discs left (``left[seat]``); once time is up only a
    side still owed shots to even the round shoots (``owed[side]``); under free order in
    doubles either partner of the other team may shoot (Depot 7c)."""
    count = len(seats)
    first = starter if last < 0 else rotate(seats, last, 1)
    m = 0
    for k in range(count):
        seat = rotate(seats, first, k)
        if left[seat] <= 0:
            continue
        side = seat_side(players, teams, seat)
        if timed_out:
            if owed[side] > 0 and m == 0:
                out[0] = seat
                m = 1
        elif free_order and teams and last >= 0:
            if side != seat_side(players, teams, last):
                out[m] = seat
                m += 1
        elif m == 0:
            out[0] = seat
            m = 1
    return m


@jitable
def shooters_to_come(
    seats: Row[int],
    players: int,
    teams: bool,
    seat: int,
    left: Whole,
    owed: Whole,
    timed_out: bool,
    free_order: bool,
    out: Whole,
    choices: Whole,
) -> int:
    """The seat of every shot left in the round if ``seat`` shoots now, in ``out``; how
    many. Where several may shoot, the one with most discs left (the first in turn order
    on a tie): the usual order under free order. ``left`` and ``owed`` are used up;
    ``choices`` is room for four seats."""
    m = 0
    shooter = seat
    while shooter >= 0:
        out[m] = shooter
        m += 1
        left[shooter] -= 1
        side = seat_side(players, teams, shooter)
        if timed_out and owed[side] > 0:
            owed[side] -= 1
        allowed = may_shoot(
            seats, players, teams, shooter, shooter, left, owed, timed_out, free_order, choices
        )
        shooter = -1
        for k in range(allowed):
            if shooter < 0 or left[choices[k]] > left[shooter]:
                shooter = choices[k]
    return m


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
        self._choices: tuple[int, tuple[int, ...]] | None = None
        self._to_come: tuple[int, int, tuple[tuple[int, Side], ...]] | None = None
        """(shots played, choices then): who may shoot changes only with a shot, or
        with the clock (never cached while a clock runs)."""

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

    def _allowed(
        self, last: int | None, left: Mapping[int, int], owed: Mapping[Side, int] | None
    ) -> tuple[int, ...]:
        """Seats that may shoot after ``last`` (None: the round's first shot), given the
        discs left and, once time is up, the shots each side is owed (:func:`may_shoot`)."""
        seating = self.seating
        out = [0] * 4
        count = may_shoot(
            seating.seats, seating.players, seating.teams, self.starter,
            -1 if last is None else last, left, _by_side(owed, seating.sides),
            owed is not None, self.referee.options.free_order_doubles, out,
        )  # fmt: skip
        return tuple(out[:count])

    def _last_seat(self) -> int | None:
        return self.shots[-1].turn.seat if self.shots else None

    def choices(self) -> tuple[int, ...]:
        """Seats that may shoot now, preferred first; empty once the round is over."""
        cached = self._choices
        if cached is not None and cached[0] == len(self.shots):
            return cached[1]
        owed = self._owed if self._time_up() else None
        choices = self._allowed(self._last_seat(), self.left, owed)
        if self.clock is None:
            self._choices = (len(self.shots), choices)
        return choices

    def to_come(self, seat: int) -> tuple[tuple[int, Side], ...]:
        """The (seat, side) of every shot left in the round if ``seat`` shoots now and the
        usual order is kept (under free order, the partner with more discs left)."""
        cached = self._to_come
        shots = len(self.shots)
        if cached is not None and cached[:2] == (shots, seat):
            return cached[2]
        if (
            cached is not None
            and cached[0] == shots - 1
            and self.shots[-1].turn.seat == cached[1]
            and cached[2][1:2] == ((seat, self.seating.side_of(seat)),)
        ):
            order = cached[2][1:]  # the order is kept: what was to come after that shot
        else:
            order = self._order_from(seat)
        if self.clock is None:
            self._to_come = (shots, seat, order)
        return order

    def _order_from(self, seat: int) -> tuple[tuple[int, Side], ...]:
        seating = self.seating
        timed_out = self._time_up() and self._owed is not None
        owed = _by_side(self._owed if timed_out else None, seating.sides)
        out = [0] * sum(self.left.values())
        count = shooters_to_come(
            seating.seats, seating.players, seating.teams, seat, dict(self.left), owed,
            timed_out, self.referee.options.free_order_doubles, out, [0] * 4,
        )  # fmt: skip
        return tuple((s, seating.side_of(s)) for s in out[:count])

    @property
    def over(self) -> bool:
        """True once no one may shoot."""
        return not self.choices()

    def turn(self, seat: int | None = None) -> Turn:
        """The turn of ``seat`` (default: the preferred seat)."""
        choices = self.choices()
        if not choices:
            raise RoundOver("the round is over")
        seat = choices[0] if seat is None else seat
        if seat not in choices:
            raise OutOfTurn(f"seat {seat} may not shoot now; seats {choices} may")
        return Turn(seat, self.seating.side_of(seat), self._next_id)

    # -- shooting -----------------------------------------------------------------------

    def play(self, shot: Shot, seat: int | None = None) -> Ruling:
        """Check the start, simulate the shot and rule on it."""
        turn = self.turn(seat)
        self.referee.check_start(self.position, turn, shot.x, shot.y)
        record = self.simulator(self.position.layout, shot, turn.disc)
        return self.apply(turn, record)

    def play_hand(self, outcome: HandOutcome, seat: int | None = None) -> Ruling:
        """Rule on an outcome entered by hand (the shooter id must be the turn's)."""
        turn = self.turn(seat)
        if outcome.shooter != turn.disc:
            raise InvalidInput(f"the shooting disc of this turn is id {turn.disc}")
        self.referee.check_start(self.position, turn, *outcome.start)
        return self.apply(turn, to_record(self.position.layout, outcome))

    def play_record(self, record: ShotRecord, seat: int | None = None) -> Ruling:
        """Rule on a record already made (a replay); a simulated shot's start is checked."""
        turn = self.turn(seat)
        if record.shot is not None:
            self.referee.check_start(self.position, turn, record.shot.x, record.shot.y)
        return self.apply(turn, record)

    def apply(self, turn: Turn, record: ShotRecord) -> Ruling:
        """Rule on a record of the shot of ``turn`` (already checked) and apply it."""
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

    def view(
        self,
        seat: int | None = None,
        scores: tuple[int, ...] = (),
        number: int = 1,
        params: PhysicsParams | None = None,
    ) -> View:
        """What the player in ``seat`` sees."""
        turn = self.turn(seat)
        return View(
            self.referee,
            self.position,
            turn,
            self.to_come(turn.seat),
            number,
            scores,
            tuple(self.twenties),
            params,
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
        check_game_form(options.rule_set, scoring=options.scoring, championship=championship)
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
        """True once the game is decided (or time ran out and rounds are filled):
        :func:`game_over`."""
        n = len(self.rounds)
        race = self.race and n < MAX_ROUNDS  # (the clock is read only where it counts)
        reached = race and max(self.scores()) >= self.referee.options.target
        time_up = race and not reached and self.time_up
        tie_break = self.championship and self.seating.sides == 2
        decided = tie_break and GameScore(tuple(self.rounds)).winner is not None
        return game_over(n, self.race, reached, time_up, tie_break, decided)

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
    rules: str = "WCC"
    """The rule set in force, as named in a sentence (its verdict cites it)."""

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
            side = sole_best(won)
            most, *rest = sorted(won, reverse=True)
            if side is None:
                return None, f"level on games won ({most} each)"
            how = f"{most} {'game' if most == 1 else 'games'} to {rest[0]}"
            if self.kind is MatchKind.BEST_OF_THREE:
                how += " (best two of three, WCC championship)"
            return side, how
        pts = self.points()
        side = sole_best(pts)
        if side is not None:
            return side, f"on tournament points ({'-'.join(map(str, pts))})"
        tied = [s for s, p in enumerate(pts) if p == max(pts)]
        twenties = [self.twenties[s] if self.twenties else 0 for s in tied]
        best = sole_best(tuple(twenties))
        wcc = self.rules == "WCC"
        none = "" if wcc else f"; the {self.rules} rules give none"
        every = self.twenties or [0] * len(pts)
        totals = f"{'-'.join(map(str, pts))}, 20s {'-'.join(map(str, every))}"
        if best is not None:
            source = "WCC tie-break" if wcc else "the WCC's tie-break"
            return tied[best], f"on 20s after a tie on points ({totals}; {source}{none})"
        source = "WCC" if wcc else "as in the WCC"
        return None, f"level on points and 20s ({totals}; a shoot-out decides, {source}{none})"


class CrokinoleMatch(Match):
    """A match of ``games`` games; ``championship`` makes it best two of three games.

    ``youngest``: under rule sets whose youngest player shoots first (fair rules), the
    seat of the youngest player, who opens game 1 (default seat 0, the first listed).

    Played through the :class:`~flickboard.play.match.Match` interface, games and rounds
    start by themselves; :meth:`next_game` and :meth:`finish_game` (with the game's own
    ``start_round`` and ``finish_round``) drive it by hand instead.
    """

    referee: CrokinoleReferee

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
        params: PhysicsParams | None = None,
        board: CrokinoleBoard | None = None,
    ) -> None:
        if games is not None and (isinstance(games, bool) or not isinstance(games, int)):
            raise InvalidInput(f"a match needs a whole number of games, got {games!r}")
        if games is not None and games < 1:
            raise InvalidInput(f"a match needs at least one game, got {games!r}")
        if championship and games not in (None, 3):
            raise InvalidInput(
                f"a championship match is best two of three games, not {games} (WCC)"
            )
        kind = game_kind("crokinole")
        super().__init__(kind, params or kind.params())
        CrokinoleGame(
            referee, seating, championship=championship
        )  # refuse what the rules do not allow
        self.referee = referee
        self.seating = seating
        self.games = 3 if championship else games or 1
        self.championship = championship
        self.first_seat = _opening_seat(referee, seating, first_seat, youngest)
        self.clock = clock
        self.simulator = simulator
        self.board = board
        self.tally = self._fresh_tally()
        self.played: list[CrokinoleGame] = []
        self._ends: list[GameEnd] = []
        self._settled_at: tuple[int, ...] | None = None

    def _fresh_tally(self) -> MatchResult:
        return MatchResult(
            twenties=[0] * self.seating.sides,
            kind=match_kind(self.referee, championship=self.championship),
            rules=self.referee.options.title,
        )

    def _finished(self) -> bool:
        """True once every game is played (best of three: once a side has won two)."""
        if self.championship and max(self.tally.games_won()) >= 2:
            return True
        return len(self.played) >= self.games and (not self.played or _settled(self.played[-1]))

    def next_game(self) -> CrokinoleGame:
        """The next game; its first seat moves one seat clockwise (starts alternate)."""
        if self.played and not self.played[-1].over:
            raise IllegalInPosition("the current game is not finished")
        if self._finished():
            raise GameOver("the match is over")
        game = CrokinoleGame(
            self.referee,
            self.seating,
            first_seat=self.seating.rotate(self.first_seat, len(self.played)),
            championship=self.championship,
            clock=self.clock() if self.clock else None,
            simulator=self.simulator,
            board=self.board,
        )
        self.played.append(game)
        return game

    def finish_game(self, game: CrokinoleGame) -> GameResult:
        """Add a finished game to the match's tally."""
        result = self.tally.add(game)
        self._ends.append(game_ended(len(self.played), result))
        return result

    # -- the Match interface -------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """Occupied seats, side by side (doubles: 0 and 2 red, then 1 and 3 green)."""
        return seat_order(self.seating.seats, self.seating.side_of)

    def side_of(self, seat: int) -> Side:
        """The colour of a seat."""
        return self.seating.side_of(seat)

    @property
    def sides(self) -> int:
        """Number of colours in play."""
        return self.seating.sides

    @property
    def game(self) -> CrokinoleGame | None:
        """The game in play (or the last one played)."""
        return self.played[-1] if self.played else None

    def result(self) -> Outcome:
        """The match so far: games, points or games won, and the verdict in words."""
        winner, how = self.tally.verdict()
        if not self._finished():
            summary = f"game {len(self.played) or 1} of {self.games} in play"
            return Outcome(False, None, self._scores(), summary, tuple(self._ends))
        words = f"tied, {how}" if winner is None else f"{side_name(winner)} wins {how}"
        return Outcome(True, winner, self._scores(), words, tuple(self._ends))

    def _scores(self) -> tuple[int, ...]:
        if self.tally.kind is MatchKind.POINTS:
            return self.tally.points()
        return self.tally.games_won()

    def _advance(self) -> None:
        key = self._progress()
        if key is None or key != self._settled_at:
            self._settle()
            self._settled_at = self._progress()

    def _progress(self) -> tuple[int, ...] | None:
        """Where the match stands (games, rounds, shots), to skip settling again a match
        already settled there; None while a clock runs (time can end a round)."""
        if self.clock is not None:
            return None
        game = self.game
        if game is None:
            return (len(self.played),)
        current = game.current
        shots = -1 if current is None else len(current.shots)
        return (len(self.played), id(game), len(game.rounds), id(current), shots)

    def _settle(self) -> tuple[tuple[RoundEnd, ...], tuple[GameEnd, ...]]:
        """Score finished rounds and games and start the next ones until a round is in
        play or the match is over; the rounds and games it ended."""
        rounds: list[RoundEnd] = []
        games: list[GameEnd] = []
        while True:
            game = self.game
            if game is not None and game.current is not None and game.current.over:
                number = len(game.rounds) + 1
                score = game.finish_round()
                rounds.append(round_end(len(self.played), number, score, self.referee))
                if game.over:
                    self.finish_game(game)
                    games.append(self._ends[-1])
                continue
            if self._finished():
                break
            if game is None or _settled(game):
                self.next_game()
            elif game.current is None:
                game.start_round()
            else:
                break
        return tuple(rounds), tuple(games)

    def _round(self) -> CrokinoleRound:
        """The round in play (the hooks run on a match already advanced)."""
        game = self.game
        assert game is not None and game.current is not None
        return game.current

    def _choices(self) -> tuple[int, ...]:
        return self._round().choices()

    def _turn(self, seat: int, calls: Calls | None) -> Turn:
        if calls:
            raise InvalidInput("crokinole takes no official's calls")
        return self._round().turn(seat)

    def _position(self) -> Position:
        return self._round().position

    def _view(self, turn: Turn) -> View:
        game = self.game
        assert game is not None
        return self._round().view(turn.seat, game.scores(), len(game.rounds) + 1, self.params)

    def _apply(
        self,
        turn: Turn,
        record: ShotRecord,
        calls: Calls | None,
        start: tuple[float, float] | None,
    ) -> Step:
        del calls, start
        rnd = self._round()
        game = self.game
        assert game is not None
        number, game_number = len(game.rounds) + 1, len(self.played)
        rnd.apply(turn, record)
        rounds, games = self._settle()
        self._settled_at = self._progress()
        return Step(rnd.shots[-1], game_number, number, rounds, games, self._finished())

    def _reset(self) -> None:
        self.tally = self._fresh_tally()
        self.played = []
        self._ends = []
        self._settled_at = None

    def _undo_problem(self) -> str | None:
        if any(isinstance(g.clock, WallClock) for g in self.played):
            return "a game on a real clock cannot be taken back"
        return None


@jitable
def game_over(
    rounds: int, race: bool, reached: bool, time_up: bool, tie_break: bool, decided: bool
) -> bool:
    """Whether a game of ``rounds`` rounds scored is over: a race once a side
    ``reached`` the target (or time is up after a round); a tournament game after
    :data:`ROUNDS_PER_GAME` rounds, a championship's game tied after them going on
    (``tie_break``) until it is ``decided``; any game after :data:`MAX_ROUNDS`."""
    if rounds >= MAX_ROUNDS:
        return True
    if race:
        return reached or (time_up and rounds > 0)
    if rounds < ROUNDS_PER_GAME:
        return False
    return decided if tie_break else True


def _by_side(owed: Mapping[Side, int] | None, sides: int) -> list[int]:
    """Shots owed per side, by side (none: nothing owed)."""
    return [0 if owed is None else owed.get(side, 0) for side in range(sides)]


def _settled(game: CrokinoleGame) -> bool:
    """A game over with its last round scored (time can end a game while shots owed to
    even the round are still to come)."""
    return game.over and game.current is None


def round_end(game: int, number: int, score: RoundScore, referee: CrokinoleReferee) -> RoundEnd:
    """A scored round, in words: each colour's points and 20s, then what it counts."""
    names = [side_name(s) for s in range(len(score.scores))]
    race = referee.options.scoring is not Scoring.TOURNAMENT
    counted = score.cancelled if race else score.points
    what = "points counted" if race else "round points"
    board = ", ".join(
        f"{n} {points} ({t} x 20)"
        for n, points, t in zip(names, score.scores, score.twenties, strict=True)
    )
    summary = f"Round {number}: {board}; {what} {'-'.join(map(str, counted))}"
    return RoundEnd(game, number, score.scores, counted, score.twenties, summary)


def game_ended(number: int, result: GameResult) -> GameEnd:
    """A finished game, in words (a race ended by time says so)."""
    scores = result.points if isinstance(result, GameScore) else result.totals
    time_up = isinstance(result, RaceScore) and result.time_up
    return game_end(number, result.winner, scores, time_up)


def game_end(
    number: int, winner: Side | None, scores: tuple[int, ...], time_up: bool = False
) -> GameEnd:
    """Game ``number`` finished with these scores, in words."""
    return GameEnd(number, winner, scores, f"Game {number}: {verdict(winner, scores, time_up)}")


def verdict(winner: Side | None, scores: tuple[int, ...], time_up: bool) -> str:
    """Who won a game, or tied; a race ended by time (``time_up``) says so, with the
    totals (``scores``)."""
    if time_up:
        score = "-".join(map(str, scores))
        if winner is None:
            return f"tied when time ran out ({score})"
        return f"{side_name(winner)} wins, ahead when time ran out ({score})"
    return "tied" if winner is None else f"{side_name(winner)} wins"


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
