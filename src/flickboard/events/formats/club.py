"""The club event formats (CSC Parts VI and VII, fair-rules elimination): events of a
:class:`~flickboard.events.eventfile.ClubEventFile`, each run by its own desk and its
own ``flickboard event`` command group."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ClubEventFormat:
    """One club event format."""

    name: str
    """The ``format`` of the event file and the database."""
    title: str
    """Its name as pages print it."""
    command: str
    """The ``flickboard event`` command group that runs it."""


CSC_ROUND_ROBIN = ClubEventFormat("csc-round-robin", "CSC double round robin", "csc")
LEAGUE_SIX = ClubEventFormat("league-six", "CSC six-person league", "league")
LEAGUE_FOUR = ClubEventFormat("league-four", "CSC four-person league", "league")
ELIMINATION = ClubEventFormat("elimination", "Fair-rules single elimination", "bracket")
