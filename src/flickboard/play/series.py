"""Best-of series: the winner is the first side to win a majority of the games.

One implementation for every best-of-three in flickboard (WCC championship matches,
CSC playoffs, fair-rules brackets).
"""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.errors import IllegalInPosition, InvalidInput


def series_winner(winners: Sequence[int], best_of: int = 3) -> int | None:
    """Side (0 or 1) that has won the series from its game winners, or None if open.

    Refuses a game without a winner and a game played after the series was decided.

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
            raise IllegalInPosition(
                f"game {n} was played after the series was decided "
                f"({max(wins)}-{min(wins)} in games)"
            )
        wins[w] += 1
    return wins.index(need) if need in wins else None
