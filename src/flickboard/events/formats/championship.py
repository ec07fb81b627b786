"""The WCC championship match: two entrants, best two out of three games, each game with
an extra round if tied."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flickboard.events.draw import Draw
from flickboard.events.formats.base import EventFormat
from flickboard.events.series import CHAMPIONSHIP_GAMES


@dataclass(frozen=True, slots=True)
class Championship(EventFormat):
    """Its pair plays draw rounds 1-3 as games 1-3."""

    def check(self, entrants: int, games: int, shootouts: int) -> None:
        if entrants != 2:
            raise ValueError("a championship match is between two entrants")
        if games != CHAMPIONSHIP_GAMES:
            raise ValueError("a championship match is best two out of three games")
        if shootouts:
            raise ValueError("a championship match has no shoot-outs: every game is decided")

    def fixed_draw(self, ids: Sequence[str]) -> tuple[Draw, ...] | None:
        return tuple(Draw(n, ((ids[0], ids[1]),)) for n in range(1, CHAMPIONSHIP_GAMES + 1))


CHAMPIONSHIP = Championship(
    "championship",
    "Championship",
    result="a WCC scorecard of one championship game",
    drawn_by_round=False,
    series=True,
    games_chosen=False,
)
