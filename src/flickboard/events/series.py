"""WCC championship matches: best two of three games, every game decided.

The best-of count itself is :func:`flickboard.play.series.series_winner`, shared with
the CSC playoffs and the fair-rules brackets.
"""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.scorecard import Scorecard
from flickboard.events.standings import Placing, Standings
from flickboard.play.scoring import GameScore
from flickboard.play.series import series_winner

__all__ = [
    "championship_series",
    "championship_standings",
    "championship_winner",
    "series_winner",
]

CHAMPIONSHIP_GAMES = 3
"""A championship match is best two out of three games (WCC)."""


def _decided(n: int, points: tuple[int, ...], rounds: int) -> int:
    """The side with more points in championship game ``n`` (every game has one)."""
    if points[0] == points[1]:
        raise IllegalInPosition(
            f"championship game {n} is tied after {rounds} rounds: play another round"
        )
    return 0 if points[0] > points[1] else 1


def championship_winner(games: Sequence[GameScore]) -> int | None:
    """WCC championship match: best two of three games; a game tied after 4 rounds
    carries a 5th round (and more while still tied), so every game has a winner."""
    winners = [_decided(n, g.points, len(g.rounds)) for n, g in enumerate(games, start=1)]
    return series_winner(winners, CHAMPIONSHIP_GAMES)


def championship_series(
    pair: tuple[str, str], cards: Sequence[Scorecard]
) -> tuple[list[str], str | None]:
    """The game winners in game order and the series winner (None while open).

    Each card's draw round is its game number; games must be entered in order, between
    the pair, and none after a side has won two.
    """
    winners = []
    for n, card in enumerate(sorted(cards, key=lambda c: c.draw_round), start=1):
        if set(card.sides) != set(pair):
            raise InvalidInput(
                f"championship game {card.draw_round} is {' v '.join(card.sides)}; "
                f"the match is {pair[0]} v {pair[1]}"
            )
        if card.draw_round != n:
            raise IllegalInPosition(
                f"championship game {card.draw_round} is entered before game {n}"
            )
        winners.append(card.sides[_decided(n, card.points, len(card.rounds))])
    won = series_winner([pair.index(w) for w in winners], CHAMPIONSHIP_GAMES)
    return winners, None if won is None else pair[won]


def championship_standings(pair: tuple[str, str], cards: Sequence[Scorecard]) -> Standings:
    """The two sides by games won, with the state of the match as the reason."""
    winners, champion = championship_series(pair, cards)
    won = {e: winners.count(e) for e in pair}
    order = sorted(pair, key=lambda e: -won[e])
    placings = []
    for e in order:
        other = pair[1] if e == pair[0] else pair[0]
        score = f"{won[e]} game{'' if won[e] == 1 else 's'} to {won[other]}"
        if champion is None:
            state = "match not decided"
            if won[e] != won[other]:
                state = f"{'leads' if won[e] > won[other] else 'trails'} {score}; {state}"
            else:
                state = f"level at {score}; {state}"
        else:
            verb = "won" if e == champion else "lost"
            state = f"{verb} the championship match {score} (best two of three)"
        mine = [c for c in cards if e in c.sides]
        points = sum(c.points[c.sides.index(e)] for c in mine)
        counted = [c for c in mine if c.twenties is not None]
        twenties = sum((c.twenties or ())[c.sides.index(e)] for c in counted)
        place = 1 if won[e] == max(won.values()) else 2
        why: tuple[str, ...] = (state,)
        if len(counted) < len(mine):
            why += (f"20s not recorded in {len(mine) - len(counted)} game(s): results only",)
        placings.append(Placing(place, e, points, twenties, len(mine), why))
    return Standings(tuple(placings))
