"""The evaluation harness shared by ``flickboard bench ai``, the agent environments and
self-play: win rates with Wilson intervals over paired games.

Paired games: each pair plays twice with the same seeds, colours and the hammer
swapped, so neither side gains from the draw. A game won scores 1, a tie 1/2; the 95 %
interval is Wilson's on the games played (ties as half a win).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from flickboard.physics import Shot
from flickboard.play.driver import Observer, play_turn, seat_players
from flickboard.play.kind import game_kind
from flickboard.play.match import GameEnd, Match, RoundEnd, Step
from flickboard.play.view import Player, View

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Timed:
    """A player whose decisions are timed (seconds, in ``times``)."""

    player: Player
    times: list[float] = field(default_factory=list)
    name: str = field(init=False)

    def __post_init__(self) -> None:
        self.name = self.player.name

    def decide(self, view: View) -> Shot:
        """Time one decision."""
        start = time.perf_counter()
        shot = self.player.decide(view)
        self.times.append(time.perf_counter() - start)
        return shot


@dataclass
class PairStats:
    """Games between A and B: A's score, rounds, 20s and hammer rounds."""

    games: int = 0
    a_score: float = 0.0
    a_twenties: int = 0
    b_twenties: int = 0
    hammer_rounds: int = 0
    hammer_wins: int = 0
    twenties: list[int] = field(default_factory=list)
    """20s made in each game, both sides together."""

    def add(self, other: PairStats) -> None:
        """Count ``other``'s games in these."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def summary(self) -> dict[str, Any]:
        """Rates and intervals as plain numbers."""
        low, high = wilson(self.a_score, self.games)
        decided = self.hammer_rounds
        per_player = [t / 2 for t in self.twenties]
        spread = statistics.stdev(per_player) if len(per_player) > 1 else 0.0
        half = Z95 * spread / math.sqrt(len(per_player)) if per_player else 0.0
        mean = statistics.mean(per_player) if per_player else None
        return {
            "games": self.games,
            "a_win_rate": self.a_score / self.games if self.games else None,
            "wilson95": [low, high],
            "twenties_per_game_a": self.a_twenties / self.games if self.games else None,
            "twenties_per_game_b": self.b_twenties / self.games if self.games else None,
            "hammer_rounds_decided": decided,
            "hammer_round_win_rate": self.hammer_wins / decided if decided else None,
            "hammer_wilson95": list(wilson(self.hammer_wins, decided)),
            "twenties_per_player_game": mean,
            "twenties_per_player_game_95": None if mean is None else [mean - half, mean + half],
            "counts": {f.name: getattr(self, f.name) for f in fields(self)},
        }

    @classmethod
    def from_summary(cls, summary: dict[str, Any]) -> PairStats:
        """The counts a summary was made from (to add runs together)."""
        return cls(**summary["counts"])


MAX_ROUNDS = 60
"""A game stops after this many rounds (frames) even if nobody has won: scored a tie."""


@dataclass
class PairWatch(Observer):
    """Counts, for one game, who held the hammer in each decided round and who won it."""

    stats: PairStats
    hammer: int | None = None
    rounds: int = 0

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """The side of the last shot of a round holds its hammer."""
        self.hammer = step.entry.turn.side

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """A decided round counts for the hammer."""
        self.rounds += 1
        if self.hammer is None or len(set(end.scores)) == 1:
            return
        self.stats.hammer_rounds += 1
        self.stats.hammer_wins += end.scores.index(max(end.scores)) == self.hammer


@dataclass
class Both(Observer):
    """Tells two observers everything, the first first."""

    first: Observer
    second: Observer

    def on_turn(self, match: Match, seat: int, view: View) -> None:
        """Both hear of the turn."""
        self.first.on_turn(match, seat, view)
        self.second.on_turn(match, seat, view)

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """Both hear of the shot."""
        self.first.on_shot(match, step, player)
        self.second.on_shot(match, step, player)

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """Both hear of the round's end."""
        self.first.on_round_end(match, end)
        self.second.on_round_end(match, end)

    def on_game_end(self, match: Match, end: GameEnd) -> None:
        """Both hear of the game's end."""
        self.first.on_game_end(match, end)
        self.second.on_game_end(match, end)


def pair_game(
    game: str,
    a: Player,
    b: Player,
    a_first: bool,
    stats: PairStats,
    observer: Observer | None = None,
) -> None:
    """One singles game of the game's first rule set; A plays the first side when
    ``a_first`` (red, who starts), else B does. ``observer`` hears the game too."""
    match = game_kind(game).new_match()
    seats = seat_players(match, [a, b] if a_first else [b, a])
    a_side = 0 if a_first else 1
    watch = PairWatch(stats)
    heard: Observer = watch if observer is None else Both(watch, observer)
    before = stats.a_twenties + stats.b_twenties
    while not match.over and watch.rounds < MAX_ROUNDS:
        step = play_turn(match, seats, heard)
        for end in step.rounds_ended:
            stats.a_twenties += end.twenties[a_side] if end.twenties else 0
            stats.b_twenties += end.twenties[1 - a_side] if end.twenties else 0
    winner = match.result().winner if match.over else None
    stats.twenties.append(stats.a_twenties + stats.b_twenties - before)
    stats.games += 1
    stats.a_score += 0.5 if winner is None else float(winner == a_side)


def paired_games(
    game: str,
    make_a: Callable[[int], Player],
    make_b: Callable[[int], Player],
    pairs: int,
    seed: int,
    on_game: Callable[[], None] | None = None,
) -> tuple[PairStats, list[float], list[float]]:
    """``pairs`` pairs of games (colours and hammer swapped); A's stats and decision times."""
    stats = PairStats()
    times_a: list[float] = []
    times_b: list[float] = []
    for k in range(pairs):
        for a_first in (True, False):
            a, b = Timed(make_a(seed + k)), Timed(make_b(seed + k + 10_000))
            pair_game(game, a, b, a_first, stats)
            times_a += a.times
            times_b += b.times
            if on_game is not None:
                on_game()
    return stats, times_a, times_b
