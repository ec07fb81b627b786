"""A round robin (a pool of the playoffs): drawn whole by the circle method, ranked by
points then the WCC tie-break chain."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flickboard.events.draw import Draw, round_robin
from flickboard.events.formats.base import EventFormat


@dataclass(frozen=True, slots=True)
class RoundRobin(EventFormat):
    """Every entrant meets every other once."""

    def fixed_draw(self, ids: Sequence[str]) -> tuple[Draw, ...] | None:
        return round_robin(ids)


ROUND_ROBIN = RoundRobin("round-robin", "Round robin", drawn_by_round=False, tie_break_chain=True)
