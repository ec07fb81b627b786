"""Best-of series: the winner is the first side to win a majority of the games."""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.play.scoring import GameScore


def series_winner(winners: Sequence[int], best_of: int = 3) -> int | None:
    """Side (0 or 1) that has won the series from its game winners, or None if open.

    >>> series_winner([0, 1, 0])
    0
    >>> series_winner([1]) is None
    True
    """
    if best_of < 1 or best_of % 2 == 0:
        raise InvalidInput(f"a best-of series needs an odd number of games, got {best_of}")
    need = best_of // 2 + 1
    wins = [0, 0]
    for n, w in enumerate(winners, start=1):
        if w not in (0, 1):
            raise InvalidInput(f"game {n} has no winner; a series game must be decided")
        if max(wins) == need:
            raise IllegalInPosition(f"game {n} was played after the series was decided")
        wins[w] += 1
    return wins.index(need) if need in wins else None


def championship_winner(games: Sequence[GameScore]) -> int | None:
    """WCC championship match: best two of three games; a game tied after 4 rounds
    carries a 5th round (and more while still tied), so every game has a winner."""
    winners: list[int] = []
    for n, game in enumerate(games, start=1):
        w = game.winner
        if w is None:
            raise IllegalInPosition(
                f"championship game {n} is tied after {len(game.rounds)} rounds: play another round"
            )
        winners.append(w)
    return series_winner(winners, 3)
