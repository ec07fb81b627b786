"""What a crokinole round's result is worth to its tournament game.

A tournament game is four rounds of 2/1/0 points (WCC, NCA, Depot 4f): the side with
more points after the last round wins the game. How a round ends matters to the game
by the points it gives and the rounds still to play: in the last round a tie may be as
good as a win (a lead of one round) or as bad as a loss (one round behind). From how a
round goes for the side holding its hammer (the chances of losing, tying and winning
it, measured in self-play by level) and the hammer passing each round (WCC: "first
shot for each subsequent round will alternate"), the game's expected result after
each result of the round in play follows by recursion over the rounds left
(:func:`round_worth`).

The game comes first, the round's own result second (:data:`ROUND_SHARE`): once the
game is decided either way a player still plays for the round's points, which are what
tournament standings add up (WCC, "Scoring").
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

ROUND_SHARE = 0.1
"""Weight of the round's own result (-1, 0, 1) in a round's worth; the game's result
(-1 lost, 0 tied, 1 won) has the rest."""

POINTS = {1: 2, 0: 1, -1: 0}
"""Tournament points for a round won, tied and lost."""


@lru_cache(maxsize=4096)
def game_result(
    start: tuple[float, float, float], mine: int, theirs: int, rounds: int, hammer_mine: bool
) -> float:
    """The expected game result (-1 lost, 0 tied, 1 won) from ``mine`` points against
    ``theirs`` with ``rounds`` rounds to play, holding the next round's hammer when
    ``hammer_mine``; ``start`` is the chance of losing, tying and winning a round for
    the side holding its hammer."""
    if rounds == 0:
        return float(np.sign(mine - theirs))
    total = 0.0
    for r, chance in zip((-1, 0, 1), start, strict=True):
        mine_r = r if hammer_mine else -r
        total += chance * game_result(
            start, mine + POINTS[mine_r], theirs + POINTS[-mine_r], rounds - 1, not hammer_mine
        )
    return total


def round_worth(
    start: tuple[float, float, float], mine: int, theirs: int, rounds_after: int, hammer_mine: bool
) -> npt.NDArray[np.float64]:
    """The worth in [-1, 1] of the round in play ending lost, tied and won, from
    ``mine`` points against ``theirs`` with ``rounds_after`` rounds to play after it;
    ``hammer_mine`` says who holds this round's hammer (the other holds the next)."""
    return np.array(
        [
            (1 - ROUND_SHARE)
            * game_result(
                start, mine + POINTS[r], theirs + POINTS[-r], rounds_after, not hammer_mine
            )
            + ROUND_SHARE * r
            for r in (-1, 0, 1)
        ]
    )
