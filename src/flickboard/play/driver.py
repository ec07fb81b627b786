"""The one driver: ``play_match(match, players, observer)`` plays a match to its end.

Every front end plays through it (the terminal, the benchmarks, the agent harness): it
asks the seat that may shoot for a shot, plays it through the match, and tells the
observer what happened, like python-chess's PGN visitor. An observer overrides only
the methods it cares about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.play.intent import Intent, intent_of
from flickboard.play.match import Calls, GameEnd, Match, Outcome, RoundEnd, Step
from flickboard.play.view import Player, View

SeatChoice = Callable[[Match, tuple[int, ...]], int]
"""Picks who shoots when several seats may (Depot 7c): (match, seats allowed) -> seat."""


class Observer:
    """Hears a match as it is played; every method does nothing unless overridden."""

    def on_turn(self, match: Match, seat: int, view: View) -> None:
        """A seat is about to choose its shot."""

    def on_refused(self, match: Match, seat: int, error: FlickboardError) -> None:
        """A person's shot was refused (an illegal start...); they are asked again."""

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """A shot was played and ruled (``step.ruling``)."""

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """A round (frame) ended."""

    def on_game_end(self, match: Match, end: GameEnd) -> None:
        """A game ended."""

    def on_match_end(self, match: Match, outcome: Outcome) -> None:
        """The match ended."""


class IntentLog(Observer):
    """Each shot's intent as a match is played through the driver (what each player
    says it meant: :func:`intent_of`), in the order played."""

    def __init__(self) -> None:
        self.intents: list[Intent | None] = []

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """Keep the intent of the shot just played."""
        self.intents.append(intent_of(player))


def most_discs_left(match: Match, seats: tuple[int, ...]) -> int:
    """Who shoots under free order (Depot 7c) unless told otherwise: the partner with more
    discs left; on a tie the first in turn order (so partners alternate)."""
    left = dict(match.view(seats[0]).discs_left)
    return max(seats, key=lambda seat: left.get(seat, 0))


def seat_players(
    match: Match, players: Sequence[Player] | Mapping[int, Player]
) -> dict[int, Player]:
    """Players by seat: a mapping is checked, a list is taken in the match's listing order
    (side by side: in doubles the first two are one team)."""
    if isinstance(players, Mapping):
        missing = [s for s in match.seats if s not in players]
        if missing:
            raise InvalidInput(f"no player for seats {missing}")
        return dict(players)
    if len(players) != len(match.seats):
        raise InvalidInput(f"{len(match.seats)} players needed, got {len(players)}")
    return dict(zip(match.seats, players, strict=True))


def interactive(player: Player) -> bool:
    """Whether a refused shot is asked again (a person) instead of stopping the match."""
    return bool(getattr(player, "interactive", False))


def calls_of(player: Player) -> Calls | None:
    """The official's calls a player made for its next shot, if it makes any."""
    take = getattr(player, "take_calls", None)
    return take() if callable(take) else None


def play_turn(
    match: Match,
    players: Mapping[int, Player],
    observer: Observer,
    choose: SeatChoice = most_discs_left,
) -> Step:
    """Play one shot: the seat that may shoot (``choose`` picks among several) decides,
    the match plays it; a person whose shot is refused is asked again."""
    seats = match.choices()
    seat = seats[0] if len(seats) == 1 else choose(match, seats)
    if seat not in seats:
        raise InvalidInput(f"seat {seat} may not shoot now; seats {seats} may")
    player = players[seat]
    while True:
        view = match.view(seat)
        observer.on_turn(match, seat, view)
        shot = player.decide(view)
        try:
            step = match.play(shot, seat, calls_of(player))
        except FlickboardError as exc:
            if not interactive(player):
                raise
            observer.on_refused(match, seat, exc)
            continue
        break
    observer.on_shot(match, step, player)
    for end in step.rounds_ended:
        observer.on_round_end(match, end)
    for game in step.games_ended:
        observer.on_game_end(match, game)
    return step


def play_match(
    match: Match,
    players: Sequence[Player] | Mapping[int, Player],
    observer: Observer | None = None,
    choose: SeatChoice = most_discs_left,
) -> Outcome:
    """Play ``match`` to its end with a player per seat; its outcome.

    ``players`` is a list in the match's listing order or a mapping from seat.
    """
    seated = seat_players(match, players)
    watcher = observer or Observer()
    while not match.over:
        play_turn(match, seated, watcher, choose)
    outcome = match.result()
    watcher.on_match_end(match, outcome)
    return outcome
