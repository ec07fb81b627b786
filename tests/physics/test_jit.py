"""The compiled kernels' disk cache follows the physics sources, so it cannot go stale."""

from __future__ import annotations

import shutil
from pathlib import Path

import numba

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
