"""WCC shoot-outs: 12 shots each (6 per player in doubles), repeated while tied."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import category
from flickboard.events.shootout import ShootOut, check_needed, check_players, resolve


def test_wcc_shoot_out_twelve_shots_singles() -> None:
    assert ShootOut.of({"A": 12, "B": 0}).total("A") == 12
    with pytest.raises(InvalidInput, match="13 twenties out of 12"):
        ShootOut.of({"A": 13, "B": 0})


def test_wcc_shoot_out_six_each_for_doubles() -> None:
    s = ShootOut.of({"T1": (4, 5), "T2": (6, 0)})
    assert (s.total("T1"), s.total("T2")) == (9, 6)
    with pytest.raises(InvalidInput, match="7 twenties out of 6"):
        ShootOut.of({"T1": (7, 0), "T2": (1, 1)})


def test_wcc_shoot_out_top_scorer_advances_repeat_while_tied() -> None:
    order = resolve(
        ["A", "B", "C"],
        [
            ShootOut.of({"A": 3, "B": 3, "C": 3}),
            ShootOut.of({"A": 5, "B": 2, "C": 2}),
            ShootOut.of({"B": 1, "C": 4}),
        ],
    )
    assert order.blocks == (("A",), ("C",), ("B",))
    assert order.reasons["A"][0].endswith("all tied on 3 twenties, repeated")


def test_shoot_out_without_a_result_leaves_the_tie() -> None:
    assert resolve(["A", "B"], []).blocks == (("A", "B"),)


def test_shoot_out_only_among_a_tied_group() -> None:
    with pytest.raises(IllegalInPosition, match="no tie among A, C"):
        check_needed(ShootOut.of({"A": 1, "C": 2}), [("A", "B")])


def test_wcc_shoot_out_each_shot_recorded_in_order_and_the_20s_counted_from_the_attempts() -> None:
    # "Each disc will be removed from the board after each shot and recorded as a '20'
    # if successful": the 20s are the attempts marked X, in the order shot.
    s = ShootOut.of({"A": "XoX-oooXo-ox", "B": "ooooXooooooo"})
    assert s.attempts == (("XoX-oooXo-oX",), ("ooooXooooooo",))
    assert (s.total("A"), s.total("B")) == (4, 1)
    assert resolve(["A", "B"], [s]).reasons["A"] == ("shoot-out: 4 twenties (XoX-oooXo-oX)",)
    doubles = ShootOut.of({"T1": ("XXo-oo", "oooooX"), "T2": ("oooooo", "XXXXXX")})
    assert doubles.twenties == ((2, 1), (0, 6)) and doubles.shots("T1") == "XXo-oo / oooooX"
    with pytest.raises(InvalidInput, match="'Q' is no attempt"):
        ShootOut.of({"A": "XoX-oooXo-oQ", "B": "o" * 12})
    with pytest.raises(InvalidInput, match="every entrant's attempts"):
        ShootOut.of({"A": "X" * 12, "B": 3})


def test_wcc_shoot_out_every_attempted_shot_counts_even_short_of_the_15_circle() -> None:
    # "All attempted shots will count as an opportunity even if they don't reach or remain
    # in the 15 circle": a shot that fell short (-) is one of the 12; a record that
    # leaves one out is refused, so no short shot can be taken again.
    short = ShootOut.of({"A": "------------", "B": "X-----------"})
    assert (short.total("A"), short.total("B")) == (0, 1)
    with pytest.raises(InvalidInput, match="A has 11 attempts of 12: all tied contestants use 12"):
        ShootOut.of({"A": "XXXXXXXXXXX", "B": "o" * 12})
    with pytest.raises(InvalidInput, match="T1 has 5 attempts of 6"):
        ShootOut.of({"T1": ("XXXXX", "oooooo"), "T2": ("oooooo", "oooooo")})


def test_wcc_shoot_out_twelve_opportunities_six_each_for_doubles_and_no_more() -> None:
    with pytest.raises(InvalidInput, match="A has 13 attempts: the WCC shoot-out gives 12"):
        ShootOut.of({"A": "X" * 13, "B": "o" * 12})
    with pytest.raises(InvalidInput, match=r"T2 has 7 attempts: .* \(6 each for doubles\)"):
        ShootOut.of({"T1": ("o" * 6, "o" * 6), "T2": ("X" * 7, "o" * 6)})
    with pytest.raises(InvalidInput, match="6 shots per player: give two strings of 6"):
        check_players(
            ShootOut.of({"T1": "X" * 12, "T2": "o" * 12}), category("competitive doubles")
        )
