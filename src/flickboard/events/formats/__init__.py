"""The registry of event formats: each crokinole format is one object in a module of
its own, the club formats are listed in :mod:`~.club`; callers ask the registry, never
compare the format string (docs/events.md, "The crokinole formats as one interface")."""

from __future__ import annotations

from flickboard.errors import InvalidInput
from flickboard.events.formats.base import EventFormat
from flickboard.events.formats.championship import CHAMPIONSHIP
from flickboard.events.formats.club import (
    CSC_ROUND_ROBIN,
    ELIMINATION,
    LEAGUE_FOUR,
    LEAGUE_SIX,
    ClubEventFormat,
)
from flickboard.events.formats.preliminary import PRELIMINARY
from flickboard.events.formats.round_of_32 import ROUND_OF_32
from flickboard.events.formats.round_robin import ROUND_ROBIN

FORMATS: dict[str, EventFormat] = {
    f.name: f for f in (PRELIMINARY, ROUND_ROBIN, CHAMPIONSHIP, ROUND_OF_32)
}
"""Crokinole format name -> its format."""

CROKINOLE: tuple[str, ...] = tuple(FORMATS)
"""The crokinole formats' names."""

CLUB_FORMATS: dict[str, ClubEventFormat] = {
    f.name: f for f in (CSC_ROUND_ROBIN, LEAGUE_SIX, LEAGUE_FOUR, ELIMINATION)
}
"""Club format name -> its format."""


def crokinole_format(name: str) -> EventFormat | None:
    """The crokinole format called ``name``; None for a club format."""
    return FORMATS.get(name)


def club_format(name: str) -> ClubEventFormat | None:
    """The club format called ``name``; None for a crokinole format."""
    return CLUB_FORMATS.get(name)


def format_title(name: str) -> str:
    """A format's name as pages print it ("CSC six-person league")."""
    found = FORMATS.get(name) or CLUB_FORMATS.get(name)
    return name if found is None else found.title


def event_format(name: str) -> EventFormat:
    """The crokinole format called ``name``; one clear error when there is none."""
    found = FORMATS.get(name)
    if found is None:
        raise InvalidInput(f"{name!r} is not a crokinole format (one of {', '.join(FORMATS)})")
    return found


__all__ = [
    "CHAMPIONSHIP",
    "CLUB_FORMATS",
    "CROKINOLE",
    "FORMATS",
    "PRELIMINARY",
    "ROUND_OF_32",
    "ROUND_ROBIN",
    "ClubEventFormat",
    "EventFormat",
    "club_format",
    "crokinole_format",
    "event_format",
    "format_title",
]
