"""Seeded jobs run in job order, on this process or a process pool
(:mod:`flickboard.evaluation.jobs`)."""

from __future__ import annotations

import pytest

from flickboard.errors import InvalidInput
from flickboard.evaluation.jobs import results_in_order, run_jobs


def _square(x: int) -> int:
    return x * x


def test_results_come_one_by_one_in_job_order_on_any_number_of_processes() -> None:
    jobs = list(range(9))
    for workers in (1, 2):
        seen = []
        for result in results_in_order(_square, jobs, workers):
            seen.append(result)  # each given as it comes, before the rest are asked for
        assert seen == [k * k for k in jobs]
    done: list[int] = []
    assert run_jobs(_square, jobs, workers=2, on_done=lambda: done.append(1)) == seen
    assert len(done) == len(jobs)


def test_workers_below_one_are_refused() -> None:
    with pytest.raises(InvalidInput, match="workers must be at least 1"):
        list(results_in_order(_square, [1], 0))
