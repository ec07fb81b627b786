"""The compiled kernels' disk cache follows the physics sources, so it cannot go stale."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, Shot, simulate
from flickboard.physics.jit import SOURCES, cache_dir, source_hash


def test_editing_any_physics_source_changes_the_cache_folder(tmp_path: Path) -> None:
    copy = tmp_path / "physics"
    shutil.copytree(SOURCES, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert source_hash(copy) == source_hash()
    evolve = copy / "evolve.py"
    evolve.write_text(evolve.read_text() + "\n# an edit to a module the kernel calls\n")
    assert source_hash(copy) != source_hash()


def test_kernels_are_cached_in_the_folder_for_this_source() -> None:
    folder = cache_dir()
    assert folder.name == f"{numba.__version__}-{source_hash()}"
    assert str(folder) == numba.config.CACHE_DIR
    simulate(Layout(CrokinoleBoard.standard()), Shot(0.0, -0.3, 1.5707963, 1.0))
    assert any(folder.rglob("*.nbi")), "the compiled kernel was not cached there"


def test_a_function_that_only_borrows_arrays_counts_no_references_and_makes_none() -> None:
    from numba import njit

    from flickboard.jit import BORROWING
    from flickboard.physics.kernel import line_candidate

    @njit(**BORROWING)
    def scale(values: np.ndarray, by: float) -> None:
        for k in range(values.shape[0]):
            values[k] *= by

    @njit
    def twice(values: np.ndarray, times: int) -> None:
        for _ in range(times):
            scale(values, 2.0)

    values = np.ones(3)
    held = sys.getrefcount(values)
    twice(values, 10)
    assert values.tolist() == [1024.0] * 3
    assert sys.getrefcount(values) == held

    @njit(**BORROWING)
    def makes(n: int) -> float:
        return float(np.zeros(n).sum())

    with pytest.raises(numba.core.errors.TypingError):
        makes(3)
    assert line_candidate.targetoptions.get("_nrt") is False  # (njit_borrowing)
