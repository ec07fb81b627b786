"""Build plausible games from a few totals: for worked examples, fixtures and benchmarks."""

from __future__ import annotations

from flickboard.errors import InvalidInput
from flickboard.play.scoring import GameScore, RoundScore

_WIN, _TIE, _LOSS = (105, 100), (100, 100), (100, 105)
"""Round scores that fit every category with up to 5 twenties a side (8 discs score at
most 120 with no twenty)."""


def game_with(points: int, twenties: tuple[int, int] = (0, 0), rounds: int = 4) -> GameScore:
    """A game of ``rounds`` rounds in which side 0 earns ``points`` tournament points
    (2 a round won, 1 a round tied) and each side makes the given 20s.

    >>> g = game_with(5, (3, 1))
    >>> g.points, g.twenties
    ((5, 3), (3, 1))
    """
    if not 0 <= points <= 2 * rounds:
        raise InvalidInput(f"a game of {rounds} rounds gives 0 to {2 * rounds} points")
    wins, tie = divmod(points, 2)
    kinds = [_WIN] * wins + [_TIE] * tie + [_LOSS] * (rounds - wins - tie)
    spread = [_spread(t, rounds) for t in twenties]
    return GameScore(
        tuple(RoundScore(kinds[i], (spread[0][i], spread[1][i])) for i in range(rounds))
    )


def _spread(total: int, rounds: int) -> list[int]:
    if not 0 <= total <= 5 * rounds:
        raise InvalidInput(f"at most {5 * rounds} twenties fit these rounds")
    base, extra = divmod(total, rounds)
    return [base + (1 if i < extra else 0) for i in range(rounds)]
