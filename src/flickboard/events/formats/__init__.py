"""The registry of crokinole event formats: each format is one object in a
module of its own; callers ask it, never compare the format string (docs/events.md,
"The crokinole formats as one interface")."""

from __future__ import annotations

from flickboard.errors import InvalidInput
from flickboard.events.formats.base import EventFormat
from flickboard.events.formats.championship import CHAMPIONSHIP
from flickboard.events.formats.preliminary import PRELIMINARY
from flickboard.events.formats.round_of_32 import ROUND_OF_32
from flickboard.events.formats.round_robin import ROUND_ROBIN

FORMATS: dict[str, EventFormat] = {
    f.name: f for f in (PRELIMINARY, ROUND_ROBIN, CHAMPIONSHIP, ROUND_OF_32)
}
"""Crokinole format name -> its format."""

CROKINOLE: tuple[str, ...] = tuple(FORMATS)
"""The crokinole formats' names (every other stored format is a club one)."""


def crokinole_format(name: str) -> EventFormat | None:
    """The crokinole format called ``name``; None for a club format."""
    return FORMATS.get(name)


def event_format(name: str) -> EventFormat:
    """The crokinole format called ``name``; one clear error when there is none."""
    found = FORMATS.get(name)
    if found is None:
        raise InvalidInput(f"{name!r} is not a crokinole format (one of {', '.join(FORMATS)})")
    return found


__all__ = [
    "CHAMPIONSHIP",
    "CROKINOLE",
    "FORMATS",
    "PRELIMINARY",
    "ROUND_OF_32",
    "ROUND_ROBIN",
    "EventFormat",
    "crokinole_format",
    "event_format",
]
