"""numba's ``njit`` with an on-disk cache that cannot go stale.

numba keys each cached function to its own source file only, so an edit to a module it
calls (or an upgrade that leaves old cache files behind) could silently reuse machine
code compiled from the old source. Every compiled physics module imports ``njit`` from
here, which first points numba's cache at a directory named after the numba version and
a hash of all the physics sources: any change to them compiles afresh.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import numba
import platformdirs
from numba import njit

SOURCES = Path(__file__).parent
F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["cache_dir", "files_hash", "njit", "njit_watching", "source_hash"]


def files_hash(paths: Iterable[Path]) -> str:
    """A short hash of files (names and bytes, in sorted order)."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def source_hash(folder: Path = SOURCES) -> str:
    """A short hash of every Python source file in ``folder`` (names and bytes)."""
    return files_hash(folder.glob("*.py"))


def cache_dir() -> Path:
    """Where compiled kernels are cached: under ``FLICKBOARD_NUMBA_CACHE`` if set, else
    the user cache directory, in a folder per numba version and physics source hash."""
    base = os.environ.get("FLICKBOARD_NUMBA_CACHE") or platformdirs.user_cache_dir("flickboard")
    return Path(base) / "numba" / f"{numba.__version__}-{source_hash()}"


numba.config.CACHE_DIR = str(cache_dir())  # type: ignore[attr-defined]  # set at run time


def njit_watching(sources: Iterable[Path]) -> Callable[..., Callable[[F], F]]:
    """``njit(cache=True, ...)`` for compiled code outside physics whose functions call
    each other across ``sources``: cached in a folder named after their hash as well, so
    an edit to any of them compiles afresh (numba watches only each function's own file).
    Use as ``@watched()`` or ``@watched(inline="always")`` with ``watched =
    njit_watching(files)``."""
    folder = str(cache_dir() / f"with-{files_hash(sources)}")

    def options(**keywords: Any) -> Callable[[F], F]:
        def decorate(function: F) -> F:
            saved = numba.config.CACHE_DIR  # type: ignore[attr-defined]
            numba.config.CACHE_DIR = folder  # type: ignore[attr-defined]  # read when decorating
            try:
                return njit(cache=True, **keywords)(function)  # type: ignore[no-any-return]
            finally:
                numba.config.CACHE_DIR = saved  # type: ignore[attr-defined]

        return decorate

    return options
