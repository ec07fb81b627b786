"""The search's choice judged two plies deep against today's (bench/search_choice; tiny
budgets, no timing asserted)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from flickboard.agents.planner import PlannerBudget
from flickboard.agents.search import SearchBudget
from flickboard.bench.search_choice import report, search_choice
from flickboard.errors import InvalidInput

SMALL = PlannerBudget(samples=2, candidates=6, refine_rounds=0, population=2, elite=1, widen=0)
NARROW = SearchBudget(SMALL, widen=0, schedule=(1, 2), top=1, outcomes=1, replies=1,
                      reply_samples=1, reply_check=1, exhaustive_top=1)  # fmt: skip
WIDER = SearchBudget(PlannerBudget(samples=4, candidates=12, refine_rounds=0, widen=0,
                                   quasi=True),
                     widen=4, schedule=(2, 4), top=2, outcomes=2, replies=2, reply_samples=2,
                     reply_check=2, exhaustive_top=2)  # fmt: skip


def test_todays_search_judged_against_itself_gains_nothing_at_every_position() -> None:
    result = search_choice(
        "crokinole", "competitive", 3, 5, budgets={"default": NARROW, "classic": NARROW},
        judge=NARROW, judge_draws=4,
    )  # fmt: skip
    assert result["kind"] == "search-choice" and result["positions"] == 3
    assert result["gains"]["default"] == [0.0, 0.0, 0.0]
    assert result["same_pick_as_classic"]["default"] == 3
    gain = result["gain_over_classic"]["default"]
    assert gain["mean"] == gain["low"] == gain["high"] == 0.0
    assert set(result["cpu_median_s"]) == {"default", "classic", "planner"}
    assert "default v classic (crokinole, competitive, 3 positions): gain +0.0000" in report(result)


def test_picks_that_differ_are_judged_the_same_on_any_number_of_workers() -> None:
    def judged(workers: int) -> dict[str, object]:
        result = search_choice(
            "crokinole", "competitive", 3, 6, budgets={"default": WIDER, "classic": NARROW},
            judge=NARROW, judge_draws=4, workers=workers,
        )  # fmt: skip
        return {k: v for k, v in result.items() if k != "cpu_median_s"}

    alone = judged(1)
    assert alone == judged(2)
    gains = alone["gains"]
    assert isinstance(gains, dict) and any(g != 0.0 for g in gains["default"] + gains["planner"])


@pytest.mark.parametrize(("positions", "draws", "workers"), [(1, 4, 1), (3, 0, 1), (3, 4, 0)])
def test_a_choice_that_cannot_be_judged_is_refused(
    positions: int, draws: int, workers: int
) -> None:
    with pytest.raises(InvalidInput):
        search_choice("crokinole", "competitive", positions, 1, judge_draws=draws, workers=workers)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "curling"], "curling"),
        (["--level", "wizard", "--positions", "2"], "wizard"),
        (["--output", "no/such/folder/choice.json"], "no/such/folder"),
    ],
)
def test_the_command_refuses_what_it_cannot_run_with_a_clear_error(
    args: list[str], named: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flickboard.bench.search_choice", *args],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and named in done.stderr
