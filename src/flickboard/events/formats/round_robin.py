"""A round robin (a pool of the playoffs): drawn whole by the circle method, ranked by
points then the WCC tie-break chain."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flickboard.events.draw import Draw, round_robin
from flickboard.events.formats.base import EventFormat
from flickboard.events.sanctions import Effects
from flickboard.events.scorecard import Scorecard
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Standings, round_robin_standings

if TYPE_CHECKING:
    from flickboard.events.eventfile import EventFile


@dataclass(frozen=True, slots=True)
class RoundRobin(EventFormat):
    """Every entrant meets every other once."""

    def fixed_draw(self, ids: Sequence[str]) -> tuple[Draw, ...] | None:
        return round_robin(ids)

    def rank(
        self,
        event: EventFile,
        cards: Sequence[Scorecard],
        shootouts: Sequence[ShootOut],
        provisional: bool,
        sanctions: Effects,
    ) -> Standings:
        return round_robin_standings(
            event.ids, cards, shootouts, provisional=provisional, sanctions=sanctions
        )


ROUND_ROBIN = RoundRobin("round-robin", drawn_by_round=False)
