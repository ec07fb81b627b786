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
from pathlib import Path

import numba
import platformdirs
from numba import njit

SOURCES = Path(__file__).parent

__all__ = ["cache_dir", "njit", "source_hash"]


def source_hash(folder: Path = SOURCES) -> str:
    """A short hash of every Python source file in ``folder`` (names and bytes)."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """Where compiled kernels are cached: under ``FLICKBOARD_NUMBA_CACHE`` if set, else
    the user cache directory, in a folder per numba version and physics source hash."""
    base = os.environ.get("FLICKBOARD_NUMBA_CACHE") or platformdirs.user_cache_dir("flickboard")
    return Path(base) / "numba" / f"{numba.__version__}-{source_hash()}"


numba.config.CACHE_DIR = str(cache_dir())  # type: ignore[attr-defined]  # set at run time
