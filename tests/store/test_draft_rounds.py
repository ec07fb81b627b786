"""Pairings are reviewed before they are published; the last unplayed round can be
withdrawn."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition
from flickboard.events.eventfile import parse_event
from flickboard.events.synthetic import game_with
from flickboard.store.desk import Desk

GAME = game_with(6, (1, 0)).rounds


@pytest.fixture
def open_desk(desk: Desk) -> Desk:
    desk.create_event(
        parse_event(
            {
                "name": "Open",
                "category": "adult singles",
                "games": 4,
                "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(6)],
            }
        )
    )
    return desk


def test_a_draft_round_is_hidden_and_takes_no_card_until_published(open_desk: Desk) -> None:
    d = open_desk.draw_next("Open", publish=False)
    assert open_desk.draws("Open") == []
    assert open_desk.draws("Open", drafts=True) == [d]
    assert open_desk.draft_rounds("Open") == [1]
    assert open_desk.snapshot("Open").draws == []
    with pytest.raises(IllegalInPosition, match="round 1 of Open is a draft: publish it"):
        open_desk.enter_card("Open", 1, d.games[0], GAME)
    with pytest.raises(IllegalInPosition, match="round 1 of Open is a draft: publish or withdraw"):
        open_desk.draw_next("Open")
    assert open_desk.publish_round("Open", 1) == d
    open_desk.enter_card("Open", 1, d.games[0], GAME)
    with pytest.raises(IllegalInPosition, match="already published"):
        open_desk.publish_round("Open", 1)


def test_a_withdrawn_draft_can_be_drawn_again_with_another_seed(open_desk: Desk) -> None:
    first = open_desk.draw_next("Open", seed=1, publish=False)
    assert open_desk.withdraw_round("Open", 1) == first
    assert open_desk.draws("Open", drafts=True) == []
    again = open_desk.draw_next("Open", seed=2)
    assert again.round_no == 1 and again.games != first.games


def test_only_the_last_round_without_cards_is_withdrawn(open_desk: Desk) -> None:
    one = open_desk.draw_next("Open")
    open_desk.draw_next("Open")
    with pytest.raises(IllegalInPosition, match=r"only the last drawn round \(2\)"):
        open_desk.withdraw_round("Open", 1)
    open_desk.withdraw_round("Open", 2)
    open_desk.enter_card("Open", 1, one.games[0], GAME)
    with pytest.raises(IllegalInPosition, match="round 1 of Open has 1 card entered"):
        open_desk.withdraw_round("Open", 1)
    assert [d.round_no for d in open_desk.draws("Open")] == [1]
