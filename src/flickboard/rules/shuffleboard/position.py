"""Table positions as JSON: the weights in play, each with its colour (docs/formats.md).

``{"weights": [{"colour": "red", "x": 0.02, "y": 3.95}, ...]}`` with x across the
board (0 on the centre line) and y from the delivering end towards the far end, in
metres. ``"green"`` and ``"blue"`` name the same colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.jsonfields import finite_number
from flickboard.physics import Layout, PlacedDisc
from flickboard.rules.base import Position, Side
from flickboard.rules.shuffleboard.game import WEIGHTS_PER_PLAYER
from flickboard.rules.shuffleboard.scoring import COLOUR_NAMES, GREEN, RED

COLOURS: dict[str, Side] = {"red": RED, "green": GREEN, "blue": GREEN, "green/blue": GREEN}
"""Colour names accepted in files and on the command line."""


def side_of_colour(name: object) -> Side:
    """The side a colour name stands for; :class:`InvalidInput` if unknown."""
    if not isinstance(name, str) or name.strip().lower() not in COLOURS:
        raise InvalidInput(f"unknown colour {name!r}; use red, green or blue")
    return COLOURS[name.strip().lower()]


def colour_name(side: Side) -> str:
    """The canonical name of a side's colour."""
    try:
        return COLOUR_NAMES[side]
    except KeyError:
        raise InvalidInput(f"a shuffleboard side is 0 (red) or 1 (green), got {side!r}") from None


def table_position(table: ShuffleboardTable, weights: list[tuple[Side, float, float]]) -> Position:
    """A position from (side, x, y) triples, ids 0, 1, 2, ... in the order given.

    Raises :class:`IllegalInPosition` for overlapping weights, a weight off the playing
    surface, or more than four weights of one colour.
    """
    for side in (RED, GREEN):
        count = sum(1 for s, _, _ in weights if s == side)
        if count > WEIGHTS_PER_PLAYER:
            raise IllegalInPosition(
                f"{count} {colour_name(side)} weights: a colour has at most "
                f"{WEIGHTS_PER_PLAYER} in a frame (5(i))"
            )
    layout = Layout(table, tuple(PlacedDisc(i, x, y) for i, (_, x, y) in enumerate(weights)))
    return Position.of(layout, {i: side for i, (side, _, _) in enumerate(weights)})


def _number(entry: Mapping[str, Any], key: str, where: str) -> float:
    return finite_number(entry.get(key), f"{where}: {key!r} (metres)")


def position_from_json(data: object, table: ShuffleboardTable | None = None) -> Position:
    """Read a table position from parsed JSON (see the module docstring)."""
    table = table or ShuffleboardTable.csc()
    if not isinstance(data, Mapping):
        raise InvalidInput("a table position is a JSON object with a 'weights' list")
    weights = data.get("weights")
    if not isinstance(weights, list):
        raise InvalidInput("a table position needs a 'weights' list")
    triples: list[tuple[Side, float, float]] = []
    for n, entry in enumerate(weights):
        where = f"weight {n}"
        if not isinstance(entry, Mapping):
            raise InvalidInput(f"{where}: expected an object with colour, x and y")
        unknown = set(entry) - {"colour", "x", "y"}
        if unknown:
            raise InvalidInput(f"{where}: unknown field(s) {sorted(unknown)}")
        triples.append(
            (
                side_of_colour(entry.get("colour")),
                _number(entry, "x", where),
                _number(entry, "y", where),
            )
        )
    return table_position(table, triples)


def position_to_json(position: Position) -> dict[str, Any]:
    """The position as JSON, readable again by :func:`position_from_json`."""
    return {
        "weights": [
            {"colour": colour_name(position.side_of(d.id)), "x": d.x, "y": d.y}
            for d in position.layout.discs
        ]
    }
