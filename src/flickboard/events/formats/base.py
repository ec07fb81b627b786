"""What a crokinole event format says, so that nothing else asks which format it is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flickboard.events.draw import Draw
from flickboard.events.sanctions import Effects
from flickboard.events.scorecard import Scorecard
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import (
    Standings,
    preliminary_standings,
    round_robin_standings,
)

if TYPE_CHECKING:
    from flickboard.events.eventfile import EventFile


@dataclass(frozen=True, slots=True)
class EventFormat:
    """One crokinole event format: its draw, what one result is, its checks, standings,
    exports and which parts of the desk's pages show.

    A new format subclasses this in a module of its own under ``events/formats/`` and is
    listed in the registry (``events/formats/__init__.py``); the defaults are a
    preliminary's.
    """

    name: str
    """The ``format`` of the event file and the database."""
    title: str
    """Its name as pages print it ("Round of 32")."""
    result: str = "a WCC scorecard of one game"
    """What one result is (docs and pages)."""
    drawn_by_round: bool = True
    """Drawn round by round by the director (drafts, withdrawal, byes, entrants added
    before round 1); otherwise its whole draw follows from its entrants at creation."""
    makes_cuts: bool = False
    """Pools and (recreational) a round of 32 are made from its finished standings."""
    cut_taken_whole: bool = False
    """Made from a preliminary's top places as one group (a round of 32), not snake
    seeded into pools."""
    series: bool = False
    """A championship match: its cards are championship games, entered in order, none
    after a side has won two; a tied game goes to an extra round; no shoot-outs."""
    games_chosen: bool = True
    """The director chooses its number of games (a championship is best two of three)."""
    stage: str = "the preliminary"
    """How its standings name it in a tie note."""
    tie_break_chain: bool = False
    """Ranked by points then the WCC tie-break chain (a round robin), not by points,
    20s and shoot-outs."""

    @property
    def extra_round(self) -> bool:
        """Its cards have a row for an extra round, played if the game is tied."""
        return self.series

    @property
    def shootouts(self) -> bool:
        """Ties in its standings are broken by shoot-outs."""
        return not self.series

    def rows_on_card(self, rounds_per_game: int) -> int:
        """Rows on a card: the category's rounds, one more for a tied championship game."""
        return rounds_per_game + (1 if self.extra_round else 0)

    def check(self, entrants: int, games: int, shootouts: int) -> None:
        """Refuse (ValueError) an event file this format cannot hold."""

    def fixed_draw(self, ids: Sequence[str]) -> tuple[Draw, ...] | None:
        """Its whole draw from the entrants' order, or None when drawn round by round."""
        return None

    def rank(
        self,
        event: EventFile,
        cards: Sequence[Scorecard],
        shootouts: Sequence[ShootOut],
        provisional: bool,
        sanctions: Effects,
    ) -> Standings:
        """Its standings: tournament points, 20s, then shoot-outs (WCC Tie-Breaking
        Procedure, "In the preliminary rounds and Recreational Round of 32"); or, with
        ``tie_break_chain``, points then the WCC tie-break chain."""
        if self.tie_break_chain:
            return round_robin_standings(
                event.ids, cards, shootouts, provisional=provisional, sanctions=sanctions
            )
        return preliminary_standings(
            event.ids,
            cards,
            shootouts,
            byes=event.bye_counts(),
            bye_points=event.bye_points,
            provisional=provisional,
            sanctions=sanctions,
            stage=self.stage,
        )
