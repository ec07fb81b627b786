"""Quasi-random draws of execution noise (``ExecutionNoise.draws(..., quasi=True)``): a
shifted Sobol sequence turned into standard normals, which the default search weighs
its shots on (docs/ai.md, "Quasi-random draws")."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import ndtr

from flickboard.play.noise import ExecutionNoise, sobol_normals


def draws(seed: int, count: int) -> np.ndarray:
    return ExecutionNoise.draws(np.random.default_rng(seed), count, quasi=True)


def one_in_each_slice(rows: np.ndarray) -> bool:
    """Whether ``len(rows)`` draws fall one in each of as many equal-chance slices of
    every coordinate."""
    count = len(rows)
    slices = np.floor(ndtr(rows) * count).astype(int)
    return all(sorted(column) == list(range(count)) for column in slices.T)


@pytest.mark.parametrize("count", [2, 4, 8, 16, 32, 64])
def test_the_first_power_of_two_rows_fall_one_in_each_slice_of_every_coordinate(
    count: int,
) -> None:
    for seed in range(5):
        assert one_in_each_slice(draws(seed, count))


def test_independent_draws_do_not_fall_one_in_each_slice() -> None:
    assert not one_in_each_slice(ExecutionNoise.draws(np.random.default_rng(3), 16))


def test_quasi_draws_are_standard_normal_rows() -> None:
    rows = draws(7, 4096)
    assert rows.shape == (4096, 4) and np.isfinite(rows).all()
    assert np.abs(rows.mean(axis=0)).max() < 0.01
    assert np.abs(rows.std(axis=0) - 1).max() < 0.01
    # Each draw set is shifted at random: the same seed gives the same rows, another
    # seed other rows with the same spread.
    assert np.array_equal(draws(7, 12), draws(7, 12))
    assert not np.array_equal(draws(7, 12), draws(8, 12))


def test_any_count_of_quasi_draws_is_given() -> None:
    rng = np.random.default_rng(1)
    assert sobol_normals(rng, 0).shape == (0, 4)
    assert sobol_normals(rng, 1).shape == (1, 4)
    assert sobol_normals(rng, 12).shape == (12, 4)  # the first 12 of 16 points
    assert np.array_equal(draws(2, 12), draws(2, 16)[:12])


def test_a_mean_over_quasi_draws_varies_less_than_over_independent_ones() -> None:
    def value(z: np.ndarray) -> np.ndarray:  # a shot's worth, smooth and with a cliff
        return np.tanh(z[:, 1]) + 0.5 * (z[:, 2] > 1.0) - 0.2 * z[:, 0] ** 2

    quasi = [value(draws(s, 16)).mean() for s in range(300)]
    plain = [value(ExecutionNoise.draws(np.random.default_rng(s), 16)).mean() for s in range(300)]
    assert np.var(quasi) < 0.5 * np.var(plain)
