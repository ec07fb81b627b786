"""Reprs that paste back: a value equal to a named constructor's shows as that call.

``CrokinoleBoard.standard()`` reads better than sixteen floats, and pasting it into
Python gives the same board back (python-chess shows ``Board('...')`` the same way).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any


def field_repr(value: Any) -> str:
    """``Class(name=value, ...)`` with every dataclass field, each by its own repr."""
    parts = (f"{f.name}={getattr(value, f.name)!r}" for f in fields(value))
    return f"{type(value).__name__}({', '.join(parts)})"


def named_repr(value: Any, calls: Iterable[tuple[str, Callable[[], Any]]]) -> str:
    """The first ``call`` text whose constructor gives a value equal to ``value``,
    else :func:`field_repr`."""
    for text, make in calls:
        if make() == value:
            return text
    return field_repr(value)


REPR_WIDTH = 120
"""The most characters a one-line repr of a composite value takes."""


def one_line(kind: str, text: str, width: int = REPR_WIDTH) -> str:
    """``<kind text>`` on one line of at most ``width`` characters (cut with "...")."""
    words = " ".join(text.split())
    room = width - len(kind) - 3
    if len(words) > room:
        words = words[: room - 3].rstrip(" ,;:") + "..."
    return f"<{kind} {words}>"
