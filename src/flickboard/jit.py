"""numba's ``njit`` for every layer, with an on-disk cache that cannot go stale.

numba keys each cached function to its own source file only, so a compiled function that
calls compiled functions of other modules could silently reuse machine code compiled
from their old source. :func:`compiled_with` caches a group of functions in a folder
named after the numba version and a hash of every source file the group calls into: an
edit to any of them compiles afresh.

Each layer that compiles its rules names its sources once (``geometry.jit``,
``rules.corejit``, ``play.jit``, ``envs.jit``), each including the layers below it that
it calls, so a compiled rule lives in the layer that owns it and is called, compiled,
from above (docs/layers.md, "Compiled rules").

:func:`jitable` marks a rule written once for both: Python calls it as the plain
function it is (a call into compiled code costs a microsecond or more, more than a small
rule's work), and compiled code calls it compiled, inside its own machine code.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

import numba
import platformdirs
from numba import njit
from numba.extending import register_jitable

F = TypeVar("F", bound=Callable[..., Any])

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Row(Protocol[T_co]):
    """What a :func:`jitable` rule reads by index: an array when it runs compiled; a
    list, a tuple, an array or a dict keyed by the index from Python."""

    def __getitem__(self, index: int, /) -> T_co: ...

    def __len__(self) -> int: ...


class MutableRow(Row[T], Protocol[T]):
    """What a :func:`jitable` rule reads and writes by index."""

    def __setitem__(self, index: int, value: T, /) -> None: ...


Numbers = MutableRow[float]
"""Numbers a :func:`jitable` rule reads or writes by index."""
Whole = MutableRow[int]
"""Whole numbers a :func:`jitable` rule reads or writes by index."""
Flags = MutableRow[bool]
"""Yes-or-no values a :func:`jitable` rule reads or writes by index."""

__all__ = [
    "BORROWING",
    "Flags",
    "MutableRow",
    "Numbers",
    "Row",
    "Whole",
    "borrowing",
    "cache_root",
    "compiled_with",
    "direct",
    "files_hash",
    "group_folder",
    "jitable",
]


def files_hash(paths: Iterable[Path]) -> str:
    """A short hash of files (names and bytes, in sorted order)."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """Where compiled code is cached: under ``FLICKBOARD_NUMBA_CACHE`` if set, else the
    user cache directory, in a folder per numba version."""
    base = os.environ.get("FLICKBOARD_NUMBA_CACHE") or platformdirs.user_cache_dir("flickboard")
    return Path(base) / "numba"


def group_folder(sources: Iterable[Path]) -> Path:
    """The cache folder of the compiled functions whose calls reach into ``sources``."""
    return cache_root() / f"{numba.__version__}-with-{files_hash(sources)}"


def compiled_with(sources: Iterable[Path]) -> Callable[..., Callable[[F], F]]:
    """``njit(cache=True, ...)`` for functions whose calls reach into ``sources``: cached
    in a folder named after their hash, so an edit to any of them compiles afresh. Use
    as ``@watched()`` or ``@watched(inline="always")`` with ``watched =
    compiled_with(files)``."""
    folder = str(group_folder(sources))

    def options(**keywords: Any) -> Callable[[F], F]:
        def decorate(function: F) -> F:
            saved = numba.config.CACHE_DIR  # type: ignore[attr-defined]
            numba.config.CACHE_DIR = folder  # type: ignore[attr-defined]  # read when decorating
            try:
                return cast(F, njit(cache=True, **keywords)(function))
            finally:
                numba.config.CACHE_DIR = saved  # type: ignore[attr-defined]

        return decorate

    return options


def direct(function: Callable[..., T], *args: Any) -> Callable[..., T]:
    """The machine code of the ``njit`` function ``function`` for arguments of the types
    of ``args`` (compiled, or loaded from its cache, by numba once for those types),
    called without numba's dispatch: no typing of every argument at every call (a
    microsecond or more for record arrays). Every call must pass arguments of those very
    types (arrays of the same dtype, dimensions and layout): nothing checks them."""
    dispatcher: Any = function
    entry: Callable[..., T] = dispatcher.compile(tuple(dispatcher.typeof_pyval(a) for a in args))
    return entry


BORROWING: dict[str, Any] = {"_nrt": False}
"""numba options of a compiled function that only borrows arrays: it makes none, returns
none and keeps none, so its callers' references keep them alive and it counts none.
numba otherwise counts a reference to every array argument on entry and lets it go on
return, an atomic operation each (a call of the physics' ``line_candidate`` made ten),
often more than a small function's own work. numba refuses to compile a function so
marked that makes an array, or that calls one that does."""


def borrowing(function: F) -> F:
    """:func:`jitable` for a function that only borrows arrays (:data:`BORROWING`)."""
    jitted: F = register_jitable(cache=True, **BORROWING)(function)
    return jitted


def jitable(function: F) -> F:
    """``function`` as it is for Python callers, and compiled into the compiled functions
    that call it (numba's ``register_jitable``; cached with them, so list its file in
    their sources)."""
    jitted: F = register_jitable(cache=True)(function)
    return jitted
