"""Player ratings across events with OpenSkill (Plackett-Luce), recomputed from the
whole history so that a corrected past result changes every later rating."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from flickboard.events.scorecard import Scorecard


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate: mean, uncertainty and the conservative ordinal."""

    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the figure to rank by."""
        return self.mu - 3 * self.sigma


def rate(cards: Sequence[Scorecard]) -> dict[str, Rating]:
    """Ratings from validated cards in the order played; each game ranks its sides by
    tournament points (equal points: a draw). Deterministic for the same cards."""
    model = PlackettLuce()
    current = {}
    games: dict[str, int] = {}
    for card in cards:
        if not card.validated:
            continue
        for who in card.sides:
            if who not in current:
                current[who] = model.rating(name=who)
            games[who] = games.get(who, 0) + 1
        pa, pb = card.points
        ranks = [1.0 if pa >= pb else 2.0, 1.0 if pb >= pa else 2.0]
        teams = [[current[card.sides[0]]], [current[card.sides[1]]]]
        (new_a,), (new_b,) = model.rate(teams, ranks=ranks)
        current[card.sides[0]], current[card.sides[1]] = new_a, new_b
    return {
        who: Rating(who, float(r.mu), float(r.sigma), games[who])
        for who, r in sorted(current.items())
    }
