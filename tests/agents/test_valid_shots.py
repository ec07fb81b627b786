"""No careless invalid shots: the AI means a valid shot whenever it finds one, and a
throw-away only when the round is decided (then its words say so)."""

from __future__ import annotations

import pytest

from flickboard.agents.candidates import candidates
from flickboard.agents.explain import played_out
from flickboard.agents.planner import DECIDED, Planner, intended
from flickboard.agents.search import SearchPlayer

from .conftest import TINY, TINY_SEARCH, crokinole_view, on_ten_line


@pytest.mark.parametrize("level", ["novice", "club", "world"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_planner_means_to_strike_the_lone_opposing_disc(level: str, seed: int) -> None:
    view = crokinole_view(
        ((0.02, -0.05, 0), (-0.12, -0.08, 0), (*[v * 0.8 for v in on_ten_line(2.6)], 1)),
        left=((0, 6), (2, 5)),
    )
    choice = Planner(level, seed, TINY).choose(view)
    ruling = played_out(view, choice.candidate.shot)
    assert ruling is not None and ruling.valid
    assert not choice.candidate.words.startswith("throw-away")


def test_the_search_means_a_valid_shot_too() -> None:
    view = crokinole_view(
        ((0.02, -0.05, 0), (*[v * 0.8 for v in on_ten_line(2.6)], 1)), left=((0, 6), (2, 5))
    )
    choice = SearchPlayer("club", 5, TINY_SEARCH).choose(view)
    ruling = played_out(view, choice.candidate.shot)
    assert ruling is not None and ruling.valid


def _ranked_with_an_invalid_top(value: float) -> tuple[object, list[tuple[object, float]]]:
    x, y = on_ten_line(0.9)
    view = crokinole_view(((x * 0.6, y * 0.6, 1),))
    pool = candidates(view, view.physics)
    twenty = next(c for c in pool if c.kind == "twenty")  # strikes nothing: invalid
    takeout = next(c for c in pool if c.kind == "takeout" and played_out(view, c.shot).valid)
    return view, [(twenty, value), (takeout, value - 0.3)]


def test_an_invalid_shot_worth_more_is_passed_over_for_a_valid_one() -> None:
    view, ranked = _ranked_with_an_invalid_top(0.6)
    chosen, ruling = intended(view, ranked)
    assert chosen is ranked[1][0]
    assert ruling is not None and ruling.valid


def test_a_throw_away_is_meant_only_when_the_round_is_decided_and_says_so() -> None:
    view, ranked = _ranked_with_an_invalid_top(DECIDED + 0.01)
    chosen, ruling = intended(view, ranked)
    assert ruling is not None and not ruling.valid
    assert chosen.words.startswith("throw-away (the round is decided); ")


def test_with_no_valid_candidate_the_throw_away_is_called_what_it_is() -> None:
    view, ranked = _ranked_with_an_invalid_top(0.2)
    chosen, ruling = intended(view, ranked[:1])
    assert ruling is not None and not ruling.valid
    assert chosen.words.startswith("throw-away (no valid shot was found); ")
