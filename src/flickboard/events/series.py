"""WCC championship matches: best two of three games, every game decided.

The best-of count itself is :func:`flickboard.play.series.series_winner`, shared with
the CSC playoffs and the fair-rules brackets.
"""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.sanctions import OUT_KINDS, Sanction
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


def _game_winner(n: int, card: Scorecard, sanctions: Sequence[Sanction]) -> int:
    """The side that won championship game ``n``, after any forfeit of it.

    **Reading** (WCC: "Careless or deliberate contravention of the rules may result in
    the forfeiture of a round or a game"): a forfeited game is won by the opponent; a
    forfeited round scores 0 to the offender and 2 to the opponent, and if that leaves
    the game level on points the opponent wins it (the game is over: the offender
    cannot gain a 5th round by the offence).
    """
    points = list(card.points)
    offender: int | None = None
    for x in sanctions:
        if x.round_no != card.draw_round or x.entrant not in card.sides:
            continue
        me = card.sides.index(x.entrant)
        if x.kind == "forfeit-game":
            return 1 - me
        if x.kind == "forfeit-round":
            assert x.game_round is not None
            if x.game_round > len(card.rounds):
                raise InvalidInput(f"championship game {n} has no round {x.game_round}")
            r = card.rounds[x.game_round - 1]
            points[me] -= r.points[me]
            points[1 - me] += 2 - r.points[1 - me]
            offender = me
    if offender is not None and points[0] == points[1]:
        return 1 - offender  # level after the forfeit: the opponent wins
    return _decided(n, tuple(points), len(card.rounds))


def championship_series(
    pair: tuple[str, str], cards: Sequence[Scorecard], sanctions: Sequence[Sanction] = ()
) -> tuple[list[str], str | None]:
    """The game winners in game order and the series winner (None while open).

    Each draw round is a game number; games must be entered in order, between the
    pair, and none after a side has won two. ``sanctions`` decide games too: a forfeited
    game or round (see :func:`_game_winner`), a no-show (the game is a walkover for the
    opponent, with no card), a withdrawal or disqualification from game N (the opponent
    wins every game from N, so the match; no card from game N on).
    """
    for card in cards:
        if set(card.sides) != set(pair):
            raise InvalidInput(
                f"championship game {card.draw_round} is {' v '.join(card.sides)}; "
                f"the match is {pair[0]} v {pair[1]}"
            )
    by_game = {c.draw_round: c for c in cards}
    for x in sanctions:
        if x.kind in ("forfeit-game", "forfeit-round") and x.round_no not in by_game:
            raise IllegalInPosition(
                f"championship game {x.round_no} has no card to forfeit: record a no-show "
                "for a game not played"
            )
    walkover = {x.round_no: x.entrant for x in sanctions if x.kind == "no-show"}
    out = min(
        ((x.round_no or 1, x.entrant) for x in sanctions if x.kind in OUT_KINDS), default=None
    )
    last = max([*by_game, *(n for n in walkover if n is not None), 0])
    winners: list[int] = []
    for n in range(1, CHAMPIONSHIP_GAMES + 1):
        if series_winner(winners, CHAMPIONSHIP_GAMES) is not None:
            if n <= last:
                series_winner([*winners, 0], CHAMPIONSHIP_GAMES)  # says game n came after
            break
        gone = out is not None and n >= out[0]
        if gone or n in walkover:
            loser = out[1] if gone and out is not None else walkover[n]
            if n in by_game:
                why = "is out of the match" if gone else "did not show for it"
                raise IllegalInPosition(f"championship game {n} has a card, but {loser} {why}")
            winners.append(1 - pair.index(loser))
        elif n in by_game:
            card = by_game[n]
            winners.append(pair.index(card.sides[_game_winner(n, card, sanctions)]))
        elif n < last:
            raise IllegalInPosition(f"championship game {last} is entered before game {n}")
        else:
            break
    won = series_winner(winners, CHAMPIONSHIP_GAMES)
    return [pair[w] for w in winners], None if won is None else pair[won]


def championship_standings(
    pair: tuple[str, str], cards: Sequence[Scorecard], sanctions: Sequence[Sanction] = ()
) -> Standings:
    """The two sides by games won, with the state of the match as the reason; each
    sanction is listed with its entrant's reasons."""
    winners, champion = championship_series(pair, cards, sanctions)
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
        why += tuple(x.describe() for x in sanctions if x.entrant == e)
        if len(counted) < len(mine):
            why += (f"20s not recorded in {len(mine) - len(counted)} game(s): results only",)
        placings.append(Placing(place, e, points, twenties, len(mine), why))
    return Standings(tuple(placings))
