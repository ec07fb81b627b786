"""The reply correction's noise against its spread (bench/search_noise)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from flickboard.agents.planner import PlannerBudget
from flickboard.agents.search import SearchBudget
from flickboard.bench.search_noise import reply_noise
from flickboard.errors import InvalidInput

TINY = SearchBudget(
    PlannerBudget(samples=4, candidates=12, refine_rounds=0, population=4, elite=2),
    widen=4, schedule=(2, 4), top=2, outcomes=2, replies=3, reply_samples=2, reply_check=2,
)  # fmt: skip


def test_the_correction_noise_is_measured_the_same_on_every_run() -> None:
    first = reply_noise("shuffleboard", 2, 5, TINY, draw_sets=2)
    assert first == {**reply_noise("shuffleboard", 2, 5, TINY, draw_sets=2),
                     "cpu_s_per_correction": first["cpu_s_per_correction"]}  # fmt: skip
    assert first["noise"] > 0 and first["spread"] > 0
    assert (first["top"], first["outcomes"], first["reply_check"]) == (2, 2, 2)


def test_one_draw_set_has_no_noise_to_measure() -> None:
    with pytest.raises(InvalidInput, match="two draw sets"):
        reply_noise("shuffleboard", 1, 5, TINY, draw_sets=1)


@pytest.mark.parametrize("args", [["--top", "0"], ["--positions", "0"], ["--game", "curling"]])
def test_the_command_refuses_bad_arguments_in_one_line(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flickboard.bench.search_noise", *args],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "error:" in done.stderr
