"""WCC shoot-outs: 12 shots each (6 per player in doubles), repeated while tied."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.shootout import ShootOut, check_needed, resolve


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
