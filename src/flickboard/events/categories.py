"""WCC tournament categories and the discs each side shoots per round."""

from __future__ import annotations

from dataclasses import dataclass

from flickboard.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class Category:
    """A WCC category: its name, discs per side per round, and whether sides are pairs."""

    name: str
    discs: int
    doubles: bool
    rounds_per_game: int = 4

    @property
    def players_per_side(self) -> int:
        """1 in singles, 2 in doubles."""
        return 2 if self.doubles else 1


CATEGORIES: dict[str, Category] = {
    c.name: c
    for c in (
        Category("competitive doubles", 6, True),
        Category("recreational doubles", 6, True),
        Category("cue doubles", 5, True),
        Category("adult singles", 8, False),
        Category("recreational singles", 8, False),
        Category("cue singles", 6, False),
        Category("junior", 6, False),
        Category("intermediate", 6, False),
    )
}
"""The categories of the WCC tournament scoring information, by name."""


def category(name: str) -> Category:
    """The category called ``name`` (case and surrounding space ignored).

    >>> category("Cue Doubles").discs
    5
    """
    key = " ".join(name.lower().split())
    try:
        return CATEGORIES[key]
    except KeyError:
        raise InvalidInput(
            f"unknown category {name!r}; known: {', '.join(sorted(CATEGORIES))}"
        ) from None
