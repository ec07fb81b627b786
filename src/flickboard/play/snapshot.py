"""A match in play saved as it stands and read back, faster than replaying its shots.

:func:`snapshot` writes a match (with whatever a front end keeps beside it: the steps
its shots gave) as a pickle of the objects themselves, and :func:`restore` reads one
back: the match is then exactly the match saved (its position, scores, records, the
actions :meth:`~flickboard.play.match.Match.undo` takes back), as if its shots had been
played again. A snapshot is tied to the code that wrote it (:data:`CODE`, a digest of
the package's source): read by other code it is refused (:class:`StaleSnapshot`) and the
caller replays the shots instead. Reading one makes only the classes of the game's own
layers (:data:`LAYERS`: values without side effects) and a few plain types (numpy
arrays, sets, counters), and names no function but the default simulator: a snapshot
altered in the database cannot run code.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from functools import cache
from pathlib import Path
from typing import Any

from flickboard.errors import InvalidInput

PACKAGE = Path(__file__).resolve().parent.parent
"""The flickboard package's folder (its source is digested into :data:`CODE`)."""

LAYERS = ("flickboard.geometry.", "flickboard.physics.", "flickboard.rules.", "flickboard.play.")
"""The packages whose classes a snapshot may make."""

ALLOWED = {
    ("flickboard.play.crokinole", "default_simulator"),
    ("collections", "Counter"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("builtins", "complex"),
    ("builtins", "slice"),
    ("builtins", "range"),
    ("collections", "OrderedDict"),
    ("copyreg", "_reconstructor"),
    ("builtins", "object"),
    ("numpy", "dtype"),
    ("numpy", "ndarray"),
    ("numpy.core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "scalar"),
    ("numpy._core.numeric", "_frombuffer"),
    ("numpy.core.numeric", "_frombuffer"),
}
"""The globals besides flickboard's own a snapshot may name."""


class StaleSnapshot(InvalidInput):
    """A snapshot written by other code, or not one (replay the shots instead)."""


@cache
def code() -> str:
    """A digest of the package's Python source (64 hex digits): snapshots are read only
    by the code that wrote them."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def snapshot(saved: Any) -> bytes | None:
    """``saved`` (a match, or a tuple holding one and what goes with it) as bytes; None
    for a match that cannot be saved so (one on a wall clock)."""
    try:
        return pickle.dumps(saved, protocol=5)
    except (pickle.PicklingError, AttributeError, TypeError):
        return None


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in ALLOWED:
            return super().find_class(module, name)
        if module.startswith(LAYERS) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type) and found.__module__ == module:
                return found
        raise StaleSnapshot(f"a snapshot may not name {module}.{name}")


def restore(data: bytes, made_by: str) -> Any:
    """What :func:`snapshot` saved, if the code that made it (``made_by``) is this
    code; :class:`StaleSnapshot` otherwise, or if it names what a snapshot may not."""
    if made_by != code():
        raise StaleSnapshot("the snapshot was made by other code")
    try:
        return _Unpickler(io.BytesIO(data)).load()
    except StaleSnapshot:
        raise
    except Exception as exc:  # not a snapshot (truncated, another format)
        raise StaleSnapshot(f"not a snapshot: {exc}") from None
