"""numba's ``njit`` with an on-disk cache that cannot go stale.

numba keys each cached function to its own source file only, so an edit to a module it
calls (or an upgrade that leaves old cache files behind) could silently reuse machine
code compiled from the old source. Every compiled physics module imports ``njit`` from
here, which first points numba's cache at a directory named after the numba version and
a hash of all the physics sources: any change to them compiles afresh. Compiled code of
the layers above uses :func:`flickboard.jit.compiled_with` (``njit_watching`` here).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba import njit

from flickboard.jit import BORROWING, cache_root, files_hash
from flickboard.jit import compiled_with as njit_watching

SOURCES = Path(__file__).parent

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["cache_dir", "files_hash", "njit", "njit_borrowing", "njit_watching", "source_hash"]


def source_hash(folder: Path = SOURCES) -> str:
    """A short hash of every Python source file in ``folder`` (names and bytes)."""
    return files_hash(folder.glob("*.py"))


def cache_dir() -> Path:
    """Where compiled kernels are cached: under ``FLICKBOARD_NUMBA_CACHE`` if set, else
    the user cache directory, in a folder per numba version and physics source hash."""
    return cache_root() / f"{numba.__version__}-{source_hash()}"


numba.config.CACHE_DIR = str(cache_dir())  # type: ignore[attr-defined]  # set at run time


def njit_borrowing(function: F) -> F:
    """``njit(cache=True)`` for a kernel function that only borrows arrays: it counts no
    references to them (:data:`flickboard.jit.BORROWING`)."""
    return cast(F, njit(cache=True, **BORROWING)(function))
