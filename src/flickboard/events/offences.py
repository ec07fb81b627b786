"""CSC Part VI 12: an entered player's offence or act detrimental to the game, and its
two sanctions.

VI 12: "A player entered in a Congress sponsored tournament in progress who commits an
offence or act detrimental to the game of shuffleboard will forfeit his or her share of
any prize that is being contested for and will be immediately suspended from further
Congress sponsored tournaments." Part IV, DETRIMENTAL: "Unacceptable conduct such as
verbal abuse of an official, player or spectator, physical violence or threat of same,
etc."

A referee records the offence (the player, what they did); both sanctions follow from
it and are never entered apart: the player's share of whatever prize the team wins in
the event is forfeited (the team's place and its partners' shares stand), and the
player is suspended from further Congress sponsored tournaments from the moment it is
recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flickboard.errors import InvalidInput

OFFENCE = "offence"
"""The kind an offence is kept under with the event's other records."""

CLAUSE = "CSC VI 12"

PRIZE = "forfeits his or her share of any prize contested for"
SUSPENSION = "suspended from further Congress sponsored tournaments"


@dataclass(frozen=True, slots=True)
class Offence:
    """A player's offence or act detrimental to the game (VI 12): the team the player
    is entered with, the player, and what they did."""

    team: str
    player: str
    act: str

    def __post_init__(self) -> None:
        if not self.act.strip():
            raise InvalidInput(
                "say what the player did: the offence or act detrimental to the game "
                f"({CLAUSE}; Part IV: verbal abuse of an official, player or spectator, "
                "physical violence or threat of same, etc.)"
            )

    @property
    def sanctions(self) -> str:
        """Both sanctions of VI 12, in its words."""
        return f"{PRIZE}; {SUSPENSION}"

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """One line for the standings and the event's pages (the player and team by
        name when ``names`` are given)."""
        who = self.player
        if names is not None:
            who = names.get(self.player, self.player)
            if self.team != self.player:
                who += f" ({names.get(self.team, self.team)})"
        return f"{who}: offence detrimental to the game ({CLAUSE}): {self.act}: {self.sanctions}"

    def as_dict(self) -> dict[str, object]:
        """Plain values (JSON): the clause and both sanctions spelled out."""
        return {
            "team": self.team,
            "player": self.player,
            "act": self.act,
            "clause": CLAUSE,
            "prize": PRIZE,
            "suspension": SUSPENSION,
        }


def offender_team(player: str, delegations: Mapping[str, Sequence[str]], singles: bool) -> str:
    """The team ``player`` is entered with: the team whose delegation lists them, or in
    singles a team listing no players, entered under the player's own ID. Refused for
    anyone else: VI 12 is for "a player entered" (VI 13 covers others)."""
    for team, players in delegations.items():
        if player in players or (singles and not players and player == team):
            return team
    raise InvalidInput(
        f"{player} is not a player entered in this event ({CLAUSE} is for a player "
        "entered in the tournament: name a player of a team's delegation)"
    )
