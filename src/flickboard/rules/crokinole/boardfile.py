"""Score a crokinole board from disc positions (say, from a camera): the JSON form.

See docs/formats.md ("Crokinole board score"). Positions are validated as a
:class:`Layout` is: a disc off the surface, over the hole, on a peg or overlapping
another is refused with :class:`IllegalInPosition`; malformed data with
:class:`InvalidInput`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.geometry.units import INCH
from flickboard.physics import Layout, PlacedDisc
from flickboard.rules.base import Position, Side, referee
from flickboard.rules.crokinole.options import parse_side, side_name
from flickboard.rules.crokinole.referee import CrokinoleReferee

UNITS = {"m": 1.0, "mm": 0.001, "in": INCH}
"""Length units a board file may use."""

_FIELDS = {"rules", "options", "units", "discs", "twenties"}
_DISC_FIELDS = {"id", "side", "x", "y", "leaning"}


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(f"{what} must be a number, got {value!r}")
    return float(value)


def board_from_json(
    data: object, board: CrokinoleBoard | None = None
) -> tuple[CrokinoleReferee, Position, dict[Side, int]]:
    """The referee, the position and the 20s already taken off, from a board file."""
    if not isinstance(data, Mapping):
        raise InvalidInput("a board file must be a JSON object")
    extra = set(data) - _FIELDS
    if extra:
        raise InvalidInput(f"unknown fields {sorted(extra)}; expected {sorted(_FIELDS)}")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise InvalidInput("options must be an object")
    rules = data.get("rules", "wcc")
    if not isinstance(rules, str):
        raise InvalidInput("rules must be a rule set name")
    ref = referee(rules, **options)
    if not isinstance(ref, CrokinoleReferee):
        raise InvalidInput(f"{rules!r} is not a crokinole rule set")
    unit = data.get("units", "m")
    if unit not in UNITS:
        raise InvalidInput(f"units must be one of {', '.join(UNITS)}, got {unit!r}")
    scale = UNITS[str(unit)]
    discs = data.get("discs")
    if not isinstance(discs, list):
        raise InvalidInput("discs must be a list of {side, x, y} objects")
    placed: list[PlacedDisc] = []
    owners: dict[int, Side] = {}
    for n, item in enumerate(discs):
        where = f"disc {n}"
        if not isinstance(item, Mapping):
            raise InvalidInput(f"{where} must be an object")
        unknown = set(item) - _DISC_FIELDS
        if unknown:
            raise InvalidInput(f"{where} has unknown fields {sorted(unknown)}")
        disc_id = item.get("id", n)
        if isinstance(disc_id, bool) or not isinstance(disc_id, int):
            raise InvalidInput(f"{where} id must be a whole number")
        leaning = item.get("leaning", False)
        if not isinstance(leaning, bool):
            raise InvalidInput(f"{where} leaning must be true or false")
        x = _number(item.get("x"), f"{where} x") * scale
        y = _number(item.get("y"), f"{where} y") * scale
        placed.append(PlacedDisc(disc_id, x, y, leaning=leaning))
        owners[disc_id] = parse_side(item.get("side"))
    twenties_raw = data.get("twenties", {})
    if not isinstance(twenties_raw, Mapping):
        raise InvalidInput("twenties must be an object of side: count")
    twenties: dict[Side, int] = {}
    for key, count in twenties_raw.items():
        side = parse_side(int(key) if isinstance(key, str) and key.isdigit() else key)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidInput(f"twenties for {key} must be a whole number >= 0")
        twenties[side] = count
    limit = ref.options.max_discs_per_side()
    for side in sorted(set(owners.values()) | set(twenties)):
        count = sum(1 for s in owners.values() if s == side) + twenties.get(side, 0)
        if count > limit:
            raise InvalidInput(
                f"{side_name(side)} has {count} discs on the board and in the hole; "
                f"no side shoots more than {limit} in a round under {ref.name}"
            )
    layout = Layout(board or CrokinoleBoard.standard(), tuple(placed))
    return ref, Position.of(layout, owners), twenties


def score_board(data: object) -> dict[str, Any]:
    """Each side's score from a board file, as JSON-ready data."""
    ref, position, twenties = board_from_json(data)
    board = position.layout.board
    assert isinstance(board, CrokinoleBoard)
    on_board = ref.score(position)
    sides = sorted(set(on_board) | set(twenties))
    return {
        "rules": ref.name,
        "sides": {
            side_name(s): {
                "board": on_board.get(s, 0),
                "twenties": twenties.get(s, 0),
                "total": on_board.get(s, 0) + 20 * twenties.get(s, 0),
            }
            for s in sides
        },
        "discs": [
            {
                "id": d.id,
                "side": side_name(position.side_of(d.id)),
                "points": ref.disc_value(board, d),
            }
            for d in position.layout.discs
        ],
    }
