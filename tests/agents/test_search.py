"""The search player's look at the opponent's reply."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from tests.play.test_quasi_draws import one_in_each_slice

from flickboard.agents.candidates import candidates
from flickboard.agents.planner import Evaluator, Planner, PlannerBudget
from flickboard.agents.search import CLASSIC, SEARCH_PLANNER, SearchBudget, SearchPlayer
from flickboard.errors import InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.play.noise import ExecutionNoise

from .conftest import TINY, crokinole_view, shuffleboard_view


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_reply_weighed_is_the_knock_off_of_a_hanger_not_a_draw_listed_first(
    seed: int,
) -> None:
    # Red to deliver the frame's last weight against a green hanger (4 points, nothing
    # can be drawn past it): the only reply that scores knocks it off, and takeouts come
    # after the draws and hangers in the tactics' list, past the first ``replies``.
    table = ShuffleboardTable.csc()
    r = table.disc.radius
    view = replace(shuffleboard_view(((0.0, table.length - 0.5 * r, 1),)), to_come=((0, 0),))
    budget = SearchBudget(TINY, widen=0, schedule=(2, 4), outcomes=2, replies=4, reply_samples=4)
    listed = candidates(view, view.physics)
    assert all(c.kind in ("draw", "hanger") for c in listed[: budget.replies])
    reply = SearchPlayer("world", seed, budget).best_reply(view, exhaustive=False)
    assert reply is not None
    assert reply.kind in ("takeout", "tap") and reply.target == 0


@pytest.mark.parametrize(
    "bad",
    [
        {"top": 0},
        {"outcomes": 0},
        {"replies": 0},
        {"reply_samples": 0},
        {"reply_check": 0},
        {"widen": -1},
        {"schedule": (8, 3)},
        {"schedule": (2, 4), "outcomes": 6},
    ],
)
def test_a_search_budget_that_cannot_be_searched_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidInput):
        SearchBudget(TINY, **bad)  # type: ignore[arg-type]


def test_the_default_search_weighs_on_quasi_random_draws_the_tiers_on_independent_ones() -> None:
    assert SearchBudget().planner.quasi and SEARCH_PLANNER.quasi
    assert not PlannerBudget().quasi and not CLASSIC.planner.quasi  # today's search, the tiers
    view = shuffleboard_view()
    for seed in (1, 2):
        rows = SearchPlayer("competitive", seed, SearchBudget()).draws(view)
        assert len(rows) == SearchBudget().schedule[-1]
        for count in (4, 32, 64):  # the screening's stages that are powers of two
            assert one_in_each_slice(rows[:count])
        plain = SearchPlayer("competitive", seed, CLASSIC).draws(view)
        assert not one_in_each_slice(plain[:32])


def test_the_default_search_weighs_with_the_search_value_classic_with_the_games_own() -> None:
    view = crokinole_view(((0.05, 0.02, 0), (-0.08, 0.1, 1)), ((0, 6), (2, 6)))
    shots = [c.shot for c in candidates(view, view.physics)[:6]]
    draws = ExecutionNoise.draws(np.random.default_rng(3), 8)

    def means(budget: SearchBudget, value: str | None) -> tuple[list[float], list[float]]:
        """The player's means, and those of an evaluator with its noise and ``value``."""
        own = Planner("competitive", 1, budget.planner).evaluator(view)
        given = Evaluator(view, own.noise, view.physics, own.twenties_by_luck, value)
        return own.means(shots, draws), given.means(shots, draws)

    search, by_search_value = means(SearchBudget(), "search")
    classic, by_own_value = means(CLASSIC, None)
    assert search == by_search_value and classic == by_own_value
    assert search != classic
