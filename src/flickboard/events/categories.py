"""WCC tournament categories: which discs table row each uses, singles or doubles.

The discs a player shoots per round are a rules fact, kept once in
:data:`flickboard.rules.crokinole.options.CATEGORIES` (WCC "Tournament Scoring
Information": "6 discs each per round" is per player, so a doubles team shoots 12).
"""

from __future__ import annotations

from dataclasses import dataclass

from flickboard.errors import InvalidInput
from flickboard.rules.crokinole.options import CATEGORIES as DISCS


@dataclass(frozen=True, slots=True)
class Category:
    """A WCC tournament category: its name, the play category whose disc counts it
    uses, and whether sides are pairs."""

    name: str
    play: str
    doubles: bool
    rounds_per_game: int = 4

    @property
    def players_per_side(self) -> int:
        """1 in singles, 2 in doubles."""
        return 2 if self.doubles else 1

    @property
    def discs_per_player(self) -> int:
        """Discs each player shoots per round."""
        row = DISCS[self.play]
        return row.doubles if self.doubles else row.singles

    @property
    def discs(self) -> int:
        """Discs a side shoots per round: discs per player x players per side."""
        return self.discs_per_player * self.players_per_side


CATEGORIES: dict[str, Category] = {
    c.name: c
    for c in (
        Category("competitive doubles", "competitive", True),
        Category("recreational doubles", "recreational", True),
        Category("cue doubles", "cue", True),
        Category("adult singles", "adult", False),
        Category("recreational singles", "recreational", False),
        Category("cue singles", "cue", False),
        Category("junior", "junior", False),
        Category("intermediate", "intermediate", False),
    )
}
"""The categories of the WCC tournament scoring information, by name."""


def category(name: str) -> Category:
    """The category called ``name`` (case and surrounding space ignored).

    >>> category("Cue Doubles").discs
    10
    """
    key = " ".join(name.lower().split())
    try:
        return CATEGORIES[key]
    except KeyError:
        raise InvalidInput(
            f"unknown category {name!r}; known: {', '.join(sorted(CATEGORIES))}"
        ) from None
