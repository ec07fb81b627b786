"""JSON for layouts, shots and shot records (format in docs/formats.md).

``*_to_dict`` give plain JSON-ready dicts; ``*_from_dict`` check every field and raise
:class:`InvalidInput` naming the first thing wrong (or :class:`IllegalInPosition` for a
well-formed layout the board does not allow). ``dumps``/``loads`` wrap them.

Shot records also have a compact form, the one game records store (docs/formats.md,
"Game records"): :func:`record_to_dict` with ``compact=True`` leaves out the layout
(the game record has it), rounds floats to ``precision`` places, writes each event as
an array in :data:`EVENT_FIELDS` order and leaves out the finals of discs that did not
move; :func:`record_from_dict` given the layout reads it back (events as arrays or
objects) and puts the unmoved discs' finals back.
"""

from __future__ import annotations

import json
import math
from dataclasses import fields
from typing import Any

from flickboard.errors import InvalidInput
from flickboard.geometry import BOARD_KINDS, Board, DiscSpec
from flickboard.jsonfields import (
    enum_value,
    int_field,
    json_object,
    list_field,
    number_field,
    rounded,
)
from flickboard.physics.layout import Layout, PlacedDisc
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import (
    EDGE_KINDS,
    INDEX_KINDS,
    DiscFinal,
    DiscState,
    Edge,
    Event,
    EventKind,
    ShotRecord,
)
from flickboard.physics.shot import Shot

FORMAT_VERSION = 1

EVENT_FIELDS = ("time", "kind", "disc", "other", "x", "y", "side")
"""An event's values in order (the keys of its object form, the items of its array form)."""
_SHOT_FIELDS = {"x", "y", "angle", "angle_deg", "speed", "spin"}
_FINAL_FIELDS = {"id", "x", "y", "state"}
_BODY_FIELDS = {"shot", "shooter", "events", "finals", "duration"}


# --- boards ------------------------------------------------------------------------


def board_to_dict(board: Board) -> dict[str, Any]:
    """The board's kind and every figure (so non-standard boards round-trip)."""
    figures = {f.name: getattr(board, f.name) for f in fields(board) if f.name != "disc"}
    disc = {f.name: getattr(board.disc, f.name) for f in fields(board.disc)}
    return {"kind": board.kind, "figures": figures, "disc": disc}


def board_from_dict(data: object, where: str = "board") -> Board:
    """A board from ``{"kind": ...}`` (the standard one) or with every figure given;
    errors name the field by its path from ``where``."""
    data = json_object(data, where)
    kind = data.get("kind")
    if kind not in BOARD_KINDS:
        raise InvalidInput(f"{where}.kind must be 'crokinole' or 'shuffleboard', got {kind!r}")
    cls = BOARD_KINDS[kind]
    disc = None
    if "disc" in data:
        d = json_object(data["disc"], f"{where}.disc")
        numbers = [number_field(d, f.name, f"{where}.disc") for f in fields(DiscSpec)]
        try:
            disc = DiscSpec(*numbers)
        except InvalidInput as exc:
            raise InvalidInput(f"{where}.disc: {exc}") from None
    if "figures" not in data:
        return cls.standard(disc)
    figures = json_object(data["figures"], f"{where}.figures")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name == "disc":
            continue
        values[f.name] = (
            int_field(figures, f.name, f"{where}.figures")
            if f.name == "peg_count"
            else number_field(figures, f.name, f"{where}.figures")
        )
    if disc is not None:
        values["disc"] = disc
    try:
        return cls(**values)
    except InvalidInput as exc:
        raise InvalidInput(f"{where}.figures: {exc}") from None


# --- layouts and shots -------------------------------------------------------------


def layout_to_dict(layout: Layout) -> dict[str, Any]:
    """The board and every disc (id, centre, leaning)."""
    return {
        "board": board_to_dict(layout.board),
        "discs": [{"id": d.id, "x": d.x, "y": d.y, "leaning": d.leaning} for d in layout.discs],
    }


def layout_from_dict(data: object) -> Layout:
    """A layout from its dict; discs are validated against the board."""
    data = json_object(data, "layout")
    board = board_from_dict(data.get("board"), "layout.board")
    discs = []
    for k, raw in enumerate(list_field(data, "discs", "layout")):
        d = json_object(raw, f"layout.discs[{k}]")
        leaning = d.get("leaning", False)
        if not isinstance(leaning, bool):
            raise InvalidInput(f"layout.discs[{k}].leaning must be true or false")
        where = f"layout.discs[{k}]"
        discs.append(
            PlacedDisc(
                int_field(d, "id", where),
                number_field(d, "x", where),
                number_field(d, "y", where),
                leaning,
            )
        )
    return Layout(board, tuple(discs))


def shot_to_dict(shot: Shot, precision: int | None = None) -> dict[str, Any]:
    """Start, direction (radians), speed and spin, rounded to ``precision`` places."""
    values = {"x": shot.x, "y": shot.y, "angle": shot.angle, "speed": shot.speed}
    return {k: rounded(v, precision) for k, v in {**values, "spin": shot.spin}.items()}


def shot_from_dict(data: object, strict: bool = False) -> Shot:
    """A shot; the direction may be given as ``angle`` (radians) or ``angle_deg``.

    ``strict``: other fields are an error.
    """
    data = json_object(data, "shot", _SHOT_FIELDS if strict else None)
    if "angle" in data:
        angle = number_field(data, "angle", "shot")
    elif "angle_deg" in data:
        angle = math.radians(number_field(data, "angle_deg", "shot"))
    else:
        raise InvalidInput("shot needs 'angle' (radians) or 'angle_deg'")
    return Shot(
        number_field(data, "x", "shot"),
        number_field(data, "y", "shot"),
        angle,
        number_field(data, "speed", "shot"),
        number_field(data, "spin", "shot", 0.0),
    )


def params_from_dict(data: object, base: PhysicsParams) -> PhysicsParams:
    """Parameters: ``base`` with the given fields changed."""
    data = json_object(data, "params")
    known = {f.name for f in fields(PhysicsParams)}
    unknown = set(data) - known
    if unknown:
        raise InvalidInput(f"unknown physics parameter(s): {', '.join(sorted(unknown))}")
    values = {f.name: getattr(base, f.name) for f in fields(PhysicsParams)}
    for key in data:
        values[key] = (
            int_field(data, key, "params")
            if key == "max_events"
            else number_field(data, key, "params")
        )
    return PhysicsParams(**values)


# --- records -----------------------------------------------------------------------


def _unmoved(layout: Layout, final: DiscFinal) -> bool:
    """True if the final is exactly where and as the disc lay before the shot."""
    try:
        before = layout.disc(final.id)
    except KeyError:
        return False
    state = DiscState.LEANING if before.leaning else DiscState.ON_SURFACE
    return (final.x, final.y, final.state) == (before.x, before.y, state)


def event_to_dict(e: Event, precision: int | None = None) -> dict[str, Any]:
    """An event as an object with the :data:`EVENT_FIELDS` keys."""
    return {
        "time": rounded(e.time, precision),
        "kind": e.kind.value,
        "disc": e.disc,
        "other": e.other.value if isinstance(e.other, Edge) else e.other,
        "x": rounded(e.x, precision),
        "y": rounded(e.y, precision),
        "side": e.side,
    }


def record_to_dict(
    record: ShotRecord, *, compact: bool = False, precision: int | None = None
) -> dict[str, Any]:
    """Layout before, shot (or null), shooter, events in order, finals, duration.

    ``compact`` (the game-record form): no version or layout, each event an array in
    :data:`EVENT_FIELDS` order and no finals for discs that end exactly where they lay,
    the others in id order (as reading puts them, so a record read and written again
    is the same). Floats are rounded to ``precision`` places (None: full).
    """
    events = [event_to_dict(e, precision) for e in record.events]
    finals = sorted(record.finals, key=lambda f: f.id) if compact else record.finals
    body = {
        "shot": None if record.shot is None else shot_to_dict(record.shot, precision),
        "shooter": record.shooter,
        "events": [list(e.values()) for e in events] if compact else events,
        "finals": [
            {
                "id": f.id,
                "x": rounded(f.x, precision),
                "y": rounded(f.y, precision),
                "state": f.state.value,
            }
            for f in finals
            if not (compact and _unmoved(record.layout, f))
        ],
        "duration": rounded(record.duration, precision),
    }
    if compact:
        return body
    return {"version": FORMAT_VERSION, "layout": layout_to_dict(record.layout), **body}


def _event_from_dict(raw: object, where: str, strict: bool = False) -> Event:
    """An event from its object form or (compact records) its array form."""
    if isinstance(raw, list):
        if len(raw) != len(EVENT_FIELDS):
            raise InvalidInput(f"{where} must list {', '.join(EVENT_FIELDS)}")
        raw = dict(zip(EVENT_FIELDS, raw, strict=True))
    e = json_object(raw, where, set(EVENT_FIELDS) if strict else None)
    kind = enum_value(EventKind, e.get("kind"), f"{where}.kind")
    other: int | Edge | None
    if kind in INDEX_KINDS:
        other = int_field(e, "other", where)
    elif kind in EDGE_KINDS:
        other = enum_value(Edge, e.get("other"), f"{where}.other")
    else:
        other = None
    side = int_field(e, "side", where) if "side" in e else 0
    if side not in (-1, 0, 1):
        raise InvalidInput(f"{where}.side must be -1, 0 or 1")
    return Event(
        number_field(e, "time", where),
        kind,
        int_field(e, "disc", where),
        other,
        number_field(e, "x", where, 0.0),
        number_field(e, "y", where, 0.0),
        side,
    )


def record_from_dict(data: object, layout: Layout | None = None) -> ShotRecord:
    """A shot record from its dict, checked field by field.

    Given ``layout`` (the layout before the shot), ``data`` is the compact form: only
    its own fields are allowed, and discs without a final end where they lay.
    """
    compact = layout is not None
    data = json_object(data, "record", _BODY_FIELDS if compact else None)
    if layout is None:
        version = int_field(data, "version", "record")
        if version != FORMAT_VERSION:
            raise InvalidInput(
                f"record.version {version} is not one this flickboard reads ({FORMAT_VERSION})"
            )
        layout = layout_from_dict(data.get("layout"))
    shooter = int_field(data, "shooter", "record")
    discs = {d.id for d in layout.discs}
    if shooter in discs:
        raise InvalidInput(f"record.shooter {shooter} is already a disc of the layout")
    discs.add(shooter)

    def check_disc(disc: object, where: str) -> None:
        if disc not in discs:
            raise InvalidInput(f"{where} {disc} is not the shooter or a disc of the layout")

    shot = None if data.get("shot") is None else shot_from_dict(data["shot"], compact)
    events = tuple(
        _event_from_dict(raw, f"events[{k}]", compact)
        for k, raw in enumerate(list_field(data, "events", "record"))
    )
    for k, e in enumerate(events):
        check_disc(e.disc, f"events[{k}].disc")
        if e.kind is EventKind.DISC_CONTACT:
            check_disc(e.other, f"events[{k}].other")
    finals = []
    for k, raw in enumerate(list_field(data, "finals", "record")):
        where = f"finals[{k}]"
        f = json_object(raw, where, _FINAL_FIELDS if compact else None)
        finals.append(
            DiscFinal(
                int_field(f, "id", where),
                number_field(f, "x", where),
                number_field(f, "y", where),
                enum_value(DiscState, f.get("state"), f"{where}.state"),
            )
        )
        check_disc(finals[-1].id, f"{where}.id")
    ids = sorted(f.id for f in finals)
    if len(set(ids)) != len(ids):
        raise InvalidInput("record.finals lists a disc twice")
    if not compact and len(ids) != len(discs):
        missing = ", ".join(str(i) for i in sorted(discs - set(ids)))
        raise InvalidInput(f"record.finals has no final for disc {missing}")
    if compact:
        finals.extend(
            DiscFinal(d.id, d.x, d.y, DiscState.LEANING if d.leaning else DiscState.ON_SURFACE)
            for d in layout.discs
            if d.id not in ids
        )
        finals.sort(key=lambda f: f.id)
    return ShotRecord(
        layout,
        shot,
        shooter,
        events,
        tuple(finals),
        number_field(data, "duration", "record", None if compact else 0.0),
    )


def dumps(value: Layout | Shot | ShotRecord) -> str:
    """JSON text for a layout, a shot or a record."""
    if isinstance(value, Layout):
        return json.dumps(layout_to_dict(value))
    if isinstance(value, Shot):
        return json.dumps(shot_to_dict(value))
    return json.dumps(record_to_dict(value))
