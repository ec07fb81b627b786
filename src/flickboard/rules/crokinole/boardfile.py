"""Crokinole board files (say, from a camera): score a board, or rule on a shot played
on a real board and entered by hand.

See docs/formats.md ("Board score", "Shot played on a real board"). Positions are
validated as a :class:`Layout` is: a disc off the surface, over the hole, on a peg or
overlapping another is refused with :class:`IllegalInPosition`; malformed data with
:class:`InvalidInput`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.geometry.units import INCH
from flickboard.jsonfields import whole_number
from flickboard.physics import DiscFinal, Layout, PlacedDisc, ShotRecord
from flickboard.rules.base import Position, Ruling, Side, Turn
from flickboard.rules.crokinole import crokinole_referee
from flickboard.rules.crokinole.options import parse_side, side_name
from flickboard.rules.crokinole.referee import CrokinoleReferee
from flickboard.rules.hand import HandOutcome, judge, outcome_from_json, to_record

UNITS = {"m": 1.0, "mm": 0.001, "in": INCH}
"""Length units a board file may use."""

_FIELDS = {"rules", "options", "units", "players", "teams", "discs", "twenties"}
_SHOT_FIELDS = {"seat", "side", "outcome"}
_DISC_FIELDS = {"id", "side", "x", "y", "leaning"}


@dataclass(frozen=True, slots=True)
class BoardFile:
    """A board file read: referee, position, 20s taken off, sides in play and the scale."""

    referee: CrokinoleReferee
    position: Position
    twenties: dict[Side, int]
    sides: int
    scale: float


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(f"{what} must be a number, got {value!r}")
    return float(value)


def _players(data: Mapping[str, Any], ref: CrokinoleReferee) -> tuple[int, int]:
    """Sides in play and the most discs one side may have in a round: from ``players``
    and ``teams`` when given, otherwise the rule set's widest case."""
    players = data.get("players")
    if players is None:
        if "teams" in data:
            raise InvalidInput("teams needs players (4)")
        return (4 if ref.options.free_for_all else 2), ref.options.max_discs_per_side()
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise InvalidInput(f"players must be 2, 3 or 4, got {players!r}")
    teams = data.get("teams", players == 4)
    if not isinstance(teams, bool) or (teams and players != 4):
        raise InvalidInput("teams must be true or false, and true only with 4 players")
    each = ref.options.discs_each(players, teams=teams)
    return (2 if players == 2 or teams else players), each * (2 if teams else 1)


def read_board(data: object, board: CrokinoleBoard | None = None) -> BoardFile:
    """Read a board file (docs/formats.md, "Board score")."""
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
    ref = crokinole_referee(rules, **options)
    sides, limit = _players(data, ref)
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
    for side in sorted(set(owners.values()) | set(twenties)):
        if side >= sides:
            raise InvalidInput(
                f"{side_name(side)} is not in play: {ref.name} with these players has "
                f"{sides} colours ({', '.join(side_name(s) for s in range(sides))})"
            )
        count = sum(1 for s in owners.values() if s == side) + twenties.get(side, 0)
        if count > limit:
            raise InvalidInput(
                f"{side_name(side)} has {count} discs on the board and in the hole; "
                f"no side shoots more than {limit} in a round here under {ref.name}"
            )
    layout = Layout(board or CrokinoleBoard.standard(), tuple(placed))
    return BoardFile(ref, Position.of(layout, owners), twenties, sides, scale)


def board_from_json(
    data: object, board: CrokinoleBoard | None = None
) -> tuple[CrokinoleReferee, Position, dict[Side, int]]:
    """The referee, the position and the 20s already taken off, from a board file."""
    read = read_board(data, board)
    return read.referee, read.position, read.twenties


def _scores(read: BoardFile, position: Position, twenties: Mapping[Side, int]) -> dict[str, Any]:
    """Each side in play: points on the board, 20s and total."""
    on_board = read.referee.score(position)
    return {
        side_name(s): {
            "board": on_board.get(s, 0),
            "twenties": twenties.get(s, 0),
            "total": on_board.get(s, 0) + 20 * twenties.get(s, 0),
        }
        for s in range(read.sides)
    }


def _disc_points(ref: CrokinoleReferee, position: Position) -> list[dict[str, Any]]:
    board = cast(CrokinoleBoard, position.layout.board)
    return [
        {"id": d.id, "side": side_name(position.side_of(d.id)), "points": ref.disc_value(board, d)}
        for d in position.layout.discs
    ]


def score_board(data: object) -> dict[str, Any]:
    """Each side's score from a board file, as JSON-ready data (every side in play,
    even one with no disc)."""
    return board_score(read_board(data))


def board_score(read: BoardFile) -> dict[str, Any]:
    """Each side's score on a board file read (see :func:`score_board`)."""
    return {
        "rules": read.referee.name,
        "sides": _scores(read, read.position, read.twenties),
        "discs": _disc_points(read.referee, read.position),
    }


def _scaled(outcome: HandOutcome, scale: float) -> HandOutcome:
    """The outcome with its start and finals in metres."""
    return HandOutcome(
        outcome.shooter,
        (outcome.start[0] * scale, outcome.start[1] * scale),
        outcome.events,
        tuple(DiscFinal(f.id, f.x * scale, f.y * scale, f.state) for f in outcome.finals),
    )


@dataclass(frozen=True, slots=True)
class RuledShot:
    """A shot file ruled: the board file, the turn, where the shot started (m), the shot
    as a record, the ruling, and the 20s taken off after it (before it and on it)."""

    read: BoardFile
    turn: Turn
    start: tuple[float, float]
    record: ShotRecord
    ruling: Ruling
    twenties: dict[Side, int]


def judge_shot(data: object) -> RuledShot:
    """Rule on a shot played on a real board: a board file plus the shooter's ``seat``
    and ``side`` and the hand-entered ``outcome`` (docs/formats.md)."""
    if not isinstance(data, Mapping):
        raise InvalidInput("a shot file must be a JSON object")
    missing = sorted(_SHOT_FIELDS - set(data))
    if missing:
        raise InvalidInput(f"a shot file needs {', '.join(missing)}")
    read = read_board({k: v for k, v in data.items() if k not in _SHOT_FIELDS})
    seat = whole_number(data["seat"], "seat")
    if not 0 <= seat < 4:
        raise InvalidInput(f"seat must be 0-3, got {seat}")
    side = parse_side(data["side"])
    if side >= read.sides:
        raise InvalidInput(f"{side_name(side)} is not in play with these players")
    outcome = _scaled(outcome_from_json(data["outcome"]), read.scale)
    turn = Turn(seat, side, outcome.shooter)
    ruling = judge(read.referee, read.position, turn, outcome)
    twenties = dict(read.twenties)
    for s, count in ruling.twenties().items():
        twenties[s] = twenties.get(s, 0) + count
    record = to_record(read.position.layout, outcome)
    return RuledShot(read, turn, outcome.start, record, ruling, twenties)


def rule_shot(data: object) -> dict[str, Any]:
    """:func:`judge_shot` as JSON-ready data: the ruling, then each side's score after
    the shot."""
    shot = judge_shot(data)
    read, after = shot.read, shot.ruling.position_after
    return {
        "rules": read.referee.name,
        "ruling": _ruling_json(shot.ruling, read.scale),
        "sides": _scores(read, after, shot.twenties),
        "discs": _disc_points(read.referee, after),
    }


def _ruling_json(ruling: Ruling, scale: float) -> dict[str, Any]:
    """The ruling with every position in the file's units."""
    return {
        "valid": ruling.valid,
        "summary": ruling.summary,
        "decisions": [
            {
                "disc": d.disc,
                "side": side_name(d.side),
                "fate": d.fate.value,
                "x": d.x / scale,
                "y": d.y / scale,
                "clause": d.clause,
                "reason": d.reason,
            }
            for d in ruling.decisions
        ],
    }
