"""Card factories for the events tests."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from flickboard.events.scorecard import Scorecard, validate
from flickboard.events.synthetic import game_with

CardFactory = Callable[..., Scorecard]
_ROUNDS = itertools.count(1)


def make_card(
    a: str,
    b: str,
    points_a: int,
    twenties: tuple[int, int] = (0, 0),
    draw_round: int | None = None,
    *,
    validated: bool = True,
    category: str = "adult singles",
) -> Scorecard:
    """A card of a v b where a earns ``points_a`` of 8, validated by b unless told.

    Without ``draw_round`` each card gets a draw round of its own (round-robin style).
    """
    card = Scorecard(
        category,
        draw_round if draw_round is not None else next(_ROUNDS),
        (a, b),
        (f"Player {a}", f"Player {b}"),
        game_with(points_a, twenties),
    )
    return validate(card, b, b[:2]) if validated else card


@pytest.fixture
def card() -> CardFactory:
    """The card factory."""
    return make_card
