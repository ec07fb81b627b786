"""Player ratings across events with OpenSkill (Plackett-Luce), recomputed from the
whole history so that a corrected past result changes every later rating. A doubles
team is rated as its two players (OpenSkill rates teams of players)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A game as the ratings see it: the players of each side and their tournament
    points."""

    sides: tuple[tuple[str, ...], tuple[str, ...]]
    points: tuple[int, int]


def rated_game(card: Scorecard, members: Mapping[str, Sequence[str]] | None = None) -> RatedGame:
    """The card's game with each side's players (``members``: entrant -> player IDs; an
    entrant not listed is one player)."""
    found = members or {}
    a, b = (tuple(found.get(e, (e,))) for e in card.sides)
    return RatedGame((a, b), (card.points[0], card.points[1]))


def rate(games: Sequence[Scorecard | RatedGame]) -> dict[str, Rating]:
    """Ratings from games in the order played (unvalidated cards are skipped); each game
    ranks its sides by tournament points (equal points: a draw) and updates every
    player of both sides. Deterministic for the same games."""
    model = PlackettLuce()
    current = {}
    played: dict[str, int] = {}
    for item in games:
        if isinstance(item, Scorecard):
            if not item.validated:
                continue
            item = rated_game(item)
        for who in item.sides[0] + item.sides[1]:
            if who not in current:
                current[who] = model.rating(name=who)
            played[who] = played.get(who, 0) + 1
        pa, pb = item.points
        ranks = [1.0 if pa >= pb else 2.0, 1.0 if pb >= pa else 2.0]
        teams = [[current[p] for p in side] for side in item.sides]
        for side, new in zip(item.sides, model.rate(teams, ranks=ranks), strict=True):
            for p, r in zip(side, new, strict=True):
                current[p] = r
    return {
        who: Rating(who, float(r.mu), float(r.sigma), played[who])
        for who, r in sorted(current.items())
    }
