"""Checks of JSON values at the edges, shared by every file format flickboard reads.

Each function takes a parsed JSON value and either returns it typed or raises
:class:`InvalidInput` with a one-line message naming the field by its path
(``round 2 shot 3.turn.seat``), so every reader reports bad input the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar

from flickboard.errors import InvalidInput
from flickboard.geometry.checks import finite, whole

_E = TypeVar("_E", bound=Enum)


def rounded(value: float, precision: int | None) -> float:
    """``value`` rounded to ``precision`` decimal places (None: unchanged)."""
    return value if precision is None else round(value, precision)


def finite_number(value: object, what: str) -> float:
    """``value`` as a float if it is a finite JSON number, else :class:`InvalidInput`."""
    return finite(value, what)


def whole_number(value: object, what: str) -> int:
    """``value`` if it is a JSON integer, else :class:`InvalidInput`."""
    return whole(value, what)


def json_object(value: object, where: str, known: set[str] | None = None) -> dict[str, Any]:
    """``value`` if it is a JSON object (with only the ``known`` fields, if given)."""
    if not isinstance(value, dict):
        raise InvalidInput(f"{where} must be a JSON object")
    if known is not None and set(value) - known:
        raise InvalidInput(f"{where} has unknown fields {sorted(set(value) - known)}")
    return value


def number_field(
    data: Mapping[str, Any], key: str, where: str, default: float | None = None
) -> float:
    """A finite number field; missing is an error unless there is a ``default``."""
    if key not in data:
        if default is None:
            raise InvalidInput(f"{where} needs '{key}'")
        return default
    return finite_number(data[key], f"{where}.{key}")


def int_field(data: Mapping[str, Any], key: str, where: str) -> int:
    """A whole-number field."""
    return whole_number(data.get(key), f"{where}.{key}")


def list_field(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """A list field (missing: empty)."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise InvalidInput(f"{where}.{key} must be a JSON list")
    return value


def enum_value(kind: type[_E], value: object, where: str) -> _E:
    """The member of ``kind`` named by ``value``; :class:`InvalidInput` naming the choices."""
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    names = ", ".join(str(m.value) for m in kind)
    raise InvalidInput(f"{where} must be one of {names}; got {value!r}")


def loads_json(text: str, what: str) -> object:
    """Parse JSON text, turning syntax errors into :class:`InvalidInput`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{what} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
