"""The WCC Recreational Round of 32: the top 32 of a recreational preliminary, drawn and
ranked like a preliminary."""

from __future__ import annotations

from flickboard.events.formats.base import EventFormat

ROUND_OF_32 = EventFormat(
    "round-of-32", "Round of 32", cut_taken_whole=True, stage="the round of 32"
)
