"""Shot outcomes entered by hand, for people playing on a real board or table.

A :class:`HandOutcome` says who shot from where, what happened in order (the same
vocabulary as the simulator's :class:`EventKind`), and where every disc ended. It is
checked for contradictions and turned into a :class:`ShotRecord` (``shot=None``, event
times 0, 1, 2, ...), which any referee rules on exactly as it rules on a simulated shot.
Nothing here is specific to one game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import Board
from flickboard.jsonfields import enum_value, finite_number, whole_number
from flickboard.physics import (
    DiscFinal,
    DiscState,
    Edge,
    Event,
    EventKind,
    Layout,
    PlacedDisc,
    ShotRecord,
)
from flickboard.rules.base import Position, Referee, Ruling, Turn

MOVE_TOLERANCE = 1e-6
"""A disc nothing struck must end within this distance (m) of where it lay."""

_OFF_STATES = (DiscState.IN_DITCH, DiscState.IN_GUTTER)
_EDGE_EVENTS = (EventKind.LEFT_SURFACE, EventKind.REENTERED, EventKind.LANDED)
_LINE_EVENTS = (EventKind.LINE_TOUCH, EventKind.LINE_CLEAR)


@dataclass(frozen=True, slots=True)
class HandEvent:
    """One thing that happened, in order: ``kind`` to ``disc`` (``other`` as in Event)."""

    kind: EventKind
    disc: int
    other: int | Edge | None = None
    side: int = 0


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A shot outcome as a person reports it."""

    shooter: int
    start: tuple[float, float]
    events: tuple[HandEvent, ...]
    finals: tuple[DiscFinal, ...]


def to_record(layout: Layout, outcome: HandOutcome) -> ShotRecord:
    """Check an outcome against the layout before the shot and build its ShotRecord.

    Raises :class:`InvalidInput` naming the first contradiction found.
    """
    known = {d.id for d in layout.discs}
    shooter = outcome.shooter
    if shooter in known:
        raise InvalidInput(f"the shooter's id {shooter} is already a disc on the board")
    sx, sy = outcome.start
    if not (math.isfinite(sx) and math.isfinite(sy)):
        raise InvalidInput("the start must be a finite point")
    ids = known | {shooter}
    board = layout.board
    edges = {Edge(name) for name in board.edges}
    lines = len(board.line_names)
    tracks = board.tracks_line_contact
    moved = {shooter}
    moving = {shooter}
    touching = _lines_touched(board, layout, shooter, outcome.start) if tracks else {}
    off: set[int] = set()
    rest: dict[int, EventKind] = {}
    done: dict[int, EventKind] = {}
    events: list[Event] = []
    for n, h in enumerate(outcome.events, start=1):
        where = f"event {n} ({h.kind.value} of disc {h.disc})"
        if h.disc not in ids:
            raise InvalidInput(f"{where}: disc {h.disc} is not on the board and is not the shooter")
        contact = h.kind is EventKind.DISC_CONTACT
        if h.disc in done and not (contact and done[h.disc] is EventKind.DROPPED):
            raise InvalidInput(
                f"{where}: disc {h.disc} already {done[h.disc].value} and cannot move again"
            )
        if contact:
            if not isinstance(h.other, int) or h.other not in ids or h.other == h.disc:
                raise InvalidInput(
                    f"{where}: the disc touched must be another known disc, got {h.other!r}"
                )
            if h.other in done and done[h.other] is not EventKind.DROPPED:
                raise InvalidInput(f"{where}: disc {h.other} already {done[h.other].value}")
            if h.disc in done or h.other in done:
                # a disc lying in the 20 hole: struck where it lies, it does not move
                _strike_on_a_twenty(h.disc, h.other, where, done, moving, off)
            elif h.disc in off or h.other in off:
                raise InvalidInput(
                    f"{where}: a disc off the playing surface cannot touch one on it"
                )
            elif h.disc not in moving and h.other not in moving:
                raise InvalidInput(f"{where}: neither disc was moving, so they cannot touch")
            else:
                moved |= {h.disc, h.other}
                moving |= {h.disc, h.other}
                rest.pop(h.disc, None)
                rest.pop(h.other, None)
        else:
            if h.disc not in moving:
                if h.disc in rest:
                    raise InvalidInput(
                        f"{where}: disc {h.disc} had {rest[h.disc].value} and nothing struck "
                        "it since, so it cannot move"
                    )
                raise InvalidInput(f"{where}: disc {h.disc} moved before anything struck it")
            _check_motion(h, where, edges, lines, board.has_hole, off)
            if tracks:
                _check_line(h, where, touching, lines - 1)
            if h.kind is EventKind.LEFT_SURFACE:
                off.add(h.disc)
            elif h.kind is EventKind.REENTERED:
                off.discard(h.disc)
            elif h.kind in (EventKind.LANDED, EventKind.DROPPED):
                done[h.disc] = h.kind
            elif h.kind in (EventKind.LEANED, EventKind.STOPPED):
                rest[h.disc] = h.kind
                moving.discard(h.disc)
        events.append(Event(float(n - 1), h.kind, h.disc, h.other, 0.0, 0.0, h.side))

    finals = {f.id: f for f in outcome.finals}
    if len(finals) != len(outcome.finals):
        raise InvalidInput("a disc is given two final positions")
    unknown = sorted(set(finals) - ids)
    if unknown:
        raise InvalidInput(f"final positions name unknown discs {unknown}")
    missing = sorted(ids - set(finals))
    if missing:
        raise InvalidInput(f"final positions are missing for discs {missing}")
    for disc_id, f in sorted(finals.items()):
        last = done.get(disc_id, rest.get(disc_id))
        _check_final(layout, f, disc_id in moved, disc_id in off, last)
    if tracks:
        _check_lines_at_rest(board, touching, finals)
    resting = tuple(
        PlacedDisc(f.id, f.x, f.y, leaning=f.state is DiscState.LEANING)
        for f in finals.values()
        if f.state in (DiscState.ON_SURFACE, DiscState.LEANING)
    )
    try:
        Layout(layout.board, resting)
    except IllegalInPosition as exc:
        raise InvalidInput(f"final positions are impossible: {exc}") from None
    return ShotRecord(
        layout,
        None,
        shooter,
        tuple(events),
        tuple(finals[i] for i in sorted(ids)),
        float(len(events)),
    )


def _strike_on_a_twenty(
    a: int, b: int, where: str, done: Mapping[int, EventKind], moving: set[int], off: set[int]
) -> None:
    """Refuse a contact with a disc lying in the 20 hole unless a moving disc on the
    surface strikes it (it stands proud of the surface; it does not move)."""
    lying, striker = (a, b) if a in done else (b, a)
    if striker in done:
        raise InvalidInput(f"{where}: discs {a} and {b} both lie in the 20 hole")
    if striker not in moving or striker in off:
        raise InvalidInput(
            f"{where}: disc {lying} already dropped into the 20 hole, where only a disc "
            f"moving on the surface can strike it, and disc {striker} was not"
        )


def _check_motion(
    h: HandEvent, where: str, edges: set[Edge], lines: int, hole: bool, off: set[int]
) -> None:
    """Refuse an event a moving disc cannot have: a bad line or edge, or the wrong place."""
    if h.kind in _LINE_EVENTS:
        if not isinstance(h.other, int) or not 0 <= h.other < lines:
            raise InvalidInput(f"{where}: line must be an index 0-{lines - 1}, got {h.other!r}")
    elif h.kind in _EDGE_EVENTS and (not isinstance(h.other, Edge) or h.other not in edges):
        names = ", ".join(sorted(e.value for e in edges))
        raise InvalidInput(f"{where}: edge must be one of {names}, got {h.other!r}")
    if h.kind in _HOLE_EVENTS and not hole:
        raise InvalidInput(f"{where}: a shuffleboard table has no 20 hole")
    if h.disc in off:
        if h.kind is EventKind.LEFT_SURFACE:
            raise InvalidInput(f"{where}: the disc is already off the surface")
        if h.kind not in (EventKind.REENTERED, EventKind.LANDED, EventKind.RAIL_CONTACT):
            raise InvalidInput(f"{where}: a disc off the playing surface cannot {_DOING[h.kind]}")
    elif h.kind is EventKind.REENTERED:
        raise InvalidInput(f"{where}: the disc never left the surface")
    elif h.kind is EventKind.LANDED:
        raise InvalidInput(
            f"{where}: the disc cannot land off the surface before a 'left_surface' event"
        )


def _on_line(board: Board, disc: PlacedDisc | DiscFinal, line: int) -> bool:
    """True if a disc lying here touches this line (as the board judges it)."""
    return board.touches_line(disc.x, disc.y, line, MOVE_TOLERANCE)


def _lines_touched(
    board: Board, layout: Layout, shooter: int, start: tuple[float, float]
) -> dict[tuple[int, int], bool]:
    """(disc, line) pairs touching before the shot on a board that tracks line contact,
    discs lying on a line and the shooter at its start, each marked False (not from an
    event)."""
    placed = [d for d in layout.discs if not d.leaning]
    placed.append(PlacedDisc(shooter, *start))
    lines = range(len(board.line_names))
    return {(d.id, n): False for d in placed for n in lines if _on_line(board, d, n)}


def _check_lines_at_rest(
    board: Board, touching: dict[tuple[int, int], bool], finals: Mapping[int, DiscFinal]
) -> None:
    """A disc that touched a line and never cleared it ends on the surface touching it."""
    for (disc, line), by_event in touching.items():
        end = finals[disc]
        if by_event and end.state is DiscState.ON_SURFACE and not _on_line(board, end, line):
            raise InvalidInput(
                f"disc {disc} touched line {line} and never cleared it, so it must end "
                f"touching it, not at ({end.x:g}, {end.y:g})"
            )


def _check_line(
    h: HandEvent, where: str, touching: dict[tuple[int, int], bool], outer: int
) -> None:
    """Keep track of the lines each disc touches (boards that track line contact): it clears only a line it
    touches (a ``line_touch`` of it came before, or it lay on it before the shot). Off the
    surface it touches none; coming back on it crosses the shooting line on its way in."""
    if h.kind is EventKind.LEFT_SURFACE:
        for key in [k for k in touching if k[0] == h.disc]:
            del touching[key]
    elif h.kind is EventKind.REENTERED:
        touching[(h.disc, outer)] = False
    elif h.kind is EventKind.LINE_TOUCH:
        touching[(h.disc, int(h.other or 0))] = True
    elif h.kind is EventKind.LINE_CLEAR:
        key = (h.disc, int(h.other or 0))
        if key not in touching:
            raise InvalidInput(
                f"{where}: disc {h.disc} cannot clear line {key[1]}: no 'line_touch' of it "
                "came before, and it did not lie on it before the shot"
            )
        del touching[key]


_HOLE_EVENTS = (EventKind.DROPPED, EventKind.LEANED)
_DOING = {
    EventKind.PEG_CONTACT: "touch a peg",
    EventKind.LINE_TOUCH: "touch a line",
    EventKind.LINE_CLEAR: "clear a line",
    EventKind.DROPPED: "drop into the 20 hole",
    EventKind.LEANED: "lean on the 20 hole",
    EventKind.STOPPED: "stop on the playing surface",
}
_ENDS_BY_EVENT = {
    EventKind.DROPPED: (DiscState.IN_HOLE, "dropped into the 20 hole"),
    EventKind.LEANED: (DiscState.LEANING, "leaned on the 20 hole's rim"),
    EventKind.STOPPED: (DiscState.ON_SURFACE, "stopped on the playing surface"),
}


def _check_final(
    layout: Layout, f: DiscFinal, moved: bool, off: bool, last: EventKind | None
) -> None:
    """The final state of one disc must agree with its events, both ways.

    ``last`` is the disc's last resting event (dropped, landed, leaned, stopped) with
    nothing striking it afterwards, or None.
    """
    label = f"disc {f.id}"
    if not (math.isfinite(f.x) and math.isfinite(f.y)):
        raise InvalidInput(f"{label} ends at a position that is not a finite number")
    board = layout.board
    if f.state in _OFF_STATES and f.state.value != f"in_{board.off_surface}":
        raise InvalidInput(f"{label} ends {f.state.value}, but {board.off_surface_says}")
    if not moved:
        before = layout.disc(f.id)
        state = DiscState.LEANING if before.leaning else DiscState.ON_SURFACE
        if f.state is not state or math.hypot(f.x - before.x, f.y - before.y) > MOVE_TOLERANCE:
            raise InvalidInput(f"{label} moved although nothing struck it")
        return
    problem = board.final_place_problem(f.state.value, f.x, f.y, MOVE_TOLERANCE)
    if problem:
        raise InvalidInput(f"{label} {problem}")
    if off and f.state not in _OFF_STATES:
        raise InvalidInput(
            f"{label} left the surface and never re-entered, so it cannot end {f.state.value}"
        )
    if not off and f.state in _OFF_STATES:
        raise InvalidInput(f"{label} ends {f.state.value} but no event says it left the surface")
    if last in _ENDS_BY_EVENT:
        state, what = _ENDS_BY_EVENT[last]
        if f.state is not state:
            raise InvalidInput(f"{label} {what} (its last event), so it cannot end {f.state.value}")
    for event, (state, _) in _ENDS_BY_EVENT.items():
        if f.state is state is not DiscState.ON_SURFACE and last is not event:
            raise InvalidInput(
                f"{label} ends {state.value} but no '{event.value}' event (after the last "
                "strike on it) says so"
            )


def scoresheet(record: ShotRecord) -> tuple[list[DiscFinal], int | None]:
    """What a scorer at a real board enters for a shot (here one the simulator played):
    where each disc that moved, went into the hole or off the surface stopped, the
    shooter's included, and the first disc the shooter struck (None: none); the
    entry :func:`outcome_from_places` reads."""
    before = {d.id: d for d in record.layout.discs}
    moved = [
        f
        for f in record.finals
        if f.id not in before
        or f.state is not DiscState.ON_SURFACE
        or math.hypot(f.x - before[f.id].x, f.y - before[f.id].y) > MOVE_TOLERANCE
    ]
    first = next(
        (
            e.other if e.disc == record.shooter else e.disc
            for e in record.events
            if e.kind is EventKind.DISC_CONTACT and record.shooter in (e.disc, e.other)
        ),
        None,
    )
    return moved, first if isinstance(first, int) else None


PATH_STEPS = 400
"""Points a straight way from where a disc lay to where it stopped is walked at, to find
the lines it touched and cleared on the way (:func:`outcome_from_places`)."""


def outcome_from_places(
    layout: Layout,
    shooter: int,
    start: tuple[float, float],
    places: Sequence[DiscFinal],
    first: int | None,
) -> HandOutcome:
    """A hand outcome from what a scorer at a real board sees: where the discs that
    moved stopped (``places``: the shooter's, every other disc that moved, those that
    went into the hole or off the surface; each other disc stayed where it lay) and
    which disc the shooter struck first (None: none).

    The events are a head referee's reading of such a scoresheet (docs/review.md,
    "Games from a real board"): the shooter slides straight to the disc it struck first
    and strikes it, that disc strikes every other disc that moved (who struck whom after
    the first contact is not entered); each disc then slides straight to where it
    stopped, touching and clearing the lines on its way (:meth:`Board.side_of_line`),
    and ends: a drop into the hole, a fall over the edge beyond where it lies
    (:meth:`Board.edge_beyond`), leaning on the hole. :class:`InvalidInput` names a
    disc that moved with no disc struck, or one that is neither on the board nor the
    shooter.
    """
    known = {d.id: d for d in layout.discs}
    moved = {f.id: f for f in places}
    unknown = sorted(set(moved) - set(known) - {shooter})
    if unknown:
        raise InvalidInput(f"discs {unknown} are not on the board and are not the shooter")
    if shooter not in moved:
        raise InvalidInput(f"where the shooter (disc {shooter}) stopped is not given")
    if first is not None and first not in known:
        raise InvalidInput(f"the disc struck first ({first}) is not on the board")
    struck = sorted(set(moved) - {shooter, *(() if first is None else (first,))})
    if struck and first is None:
        raise InvalidInput(
            f"disc {struck[0]} moved, but no disc was struck: say which disc the shooter "
            "struck first"
        )
    board = layout.board
    lay = {d: (p.x, p.y) for d, p in known.items()}
    ways: dict[int, tuple[tuple[float, float], tuple[float, float]]] = {
        d: (lay[d], (f.x, f.y)) for d, f in moved.items() if d != shooter
    }
    end = (moved[shooter].x, moved[shooter].y)
    events: list[HandEvent] = []
    shooters_lines: dict[int, bool] = {}
    if first is None:
        ways[shooter] = (start, end)
    else:
        events += _lines_on_the_way(board, shooter, start, lay[first], shooters_lines)
        events.append(HandEvent(EventKind.DISC_CONTACT, shooter, first))
        events += [HandEvent(EventKind.DISC_CONTACT, first, d) for d in struck]
        ways[shooter] = (lay[first], end)
    for disc, (a, b) in sorted(ways.items()):
        events += _lines_on_the_way(board, disc, a, b, shooters_lines if disc == shooter else None)
    for disc, f in sorted(moved.items()):
        if f.state is DiscState.IN_HOLE:
            events.append(HandEvent(EventKind.DROPPED, disc))
        elif f.state is DiscState.LEANING:
            events.append(HandEvent(EventKind.LEANED, disc))
        elif f.state in _OFF_STATES:
            edge = Edge(board.edge_beyond(f.x, f.y))
            events += [
                HandEvent(EventKind.LEFT_SURFACE, disc, edge),
                HandEvent(EventKind.LANDED, disc, edge),
            ]
    resting = [
        DiscFinal(d.id, d.x, d.y, DiscState.LEANING if d.leaning else DiscState.ON_SURFACE)
        for d in layout.discs
        if d.id not in moved
    ]
    return HandOutcome(shooter, start, tuple(events), (*resting, *moved.values()))


def _lines_on_the_way(
    board: Board,
    disc: int,
    a: tuple[float, float],
    b: tuple[float, float],
    touching: dict[int, bool] | None = None,
) -> list[HandEvent]:
    """The lines a disc sliding straight from ``a`` to ``b`` touches and clears, in
    order; ``touching``: the lines it touches at ``a`` (default: as it lies there),
    updated to those it touches at ``b``. Where it could not lie (over the hole, a peg,
    past the edge) it touches nothing new."""
    lines = range(len(board.line_names))
    if touching is None:
        touching = {}
    for n in lines:
        touching.setdefault(n, board.touches_line(a[0], a[1], n, 0.0))
    events: list[HandEvent] = []
    for k in range(1, PATH_STEPS + 1):
        x = a[0] + (b[0] - a[0]) * k / PATH_STEPS
        y = a[1] + (b[1] - a[1]) * k / PATH_STEPS
        if board.placement_problem(x, y, leaning=False, tolerance=0.0) is not None:
            continue
        for n in lines:
            now = board.touches_line(x, y, n, 0.0)
            if now and not touching[n]:
                events.append(HandEvent(EventKind.LINE_TOUCH, disc, n))
            elif touching[n] and not now:
                side = board.side_of_line(x, y, n)
                events.append(HandEvent(EventKind.LINE_CLEAR, disc, n, side))
            touching[n] = now
    return events


def judge(referee: Referee, position: Position, turn: Turn, outcome: HandOutcome) -> Ruling:
    """Check the start, build the record and rule on a hand-entered outcome."""
    if outcome.shooter != turn.disc:
        raise InvalidInput(
            f"the outcome's shooter is disc {outcome.shooter}, the turn's is {turn.disc}"
        )
    referee.check_start(position, turn, *outcome.start)
    return referee.rule(position, turn, to_record(position.layout, outcome))


# -- JSON ----------------------------------------------------------------------------------


def event_from_json(data: object, where: str = "event") -> HandEvent:
    """A :class:`HandEvent` from ``{"kind", "disc", "other"?, "side"?}``."""
    if not isinstance(data, Mapping):
        raise InvalidInput(f"{where} must be an object")
    extra = set(data) - {"kind", "disc", "other", "side"}
    if extra:
        raise InvalidInput(f"{where} has unknown fields {sorted(extra)}")
    kind = enum_value(EventKind, data.get("kind"), f"{where} kind")
    disc = whole_number(data.get("disc"), f"{where} disc")
    raw = data.get("other")
    other: int | Edge | None
    if kind in _EDGE_EVENTS:
        other = enum_value(Edge, raw, f"{where} other (an edge)")
    elif raw is None:
        other = None
    else:
        other = whole_number(raw, f"{where} other")
    side = whole_number(data.get("side", 0), f"{where} side")
    if side not in (-1, 0, 1):
        raise InvalidInput(f"{where} side must be -1, 0 or 1")
    return HandEvent(kind, disc, other, side)


def final_from_json(data: object, where: str = "final") -> DiscFinal:
    """A :class:`DiscFinal` from ``{"id", "x", "y", "state"}``."""
    if not isinstance(data, Mapping):
        raise InvalidInput(f"{where} must be an object")
    return DiscFinal(
        whole_number(data.get("id"), f"{where} id"),
        finite_number(data.get("x"), f"{where} x"),
        finite_number(data.get("y"), f"{where} y"),
        enum_value(DiscState, data.get("state", "on_surface"), f"{where} state"),
    )


def outcome_from_json(data: object) -> HandOutcome:
    """A :class:`HandOutcome` from its JSON form (docs/formats.md)."""
    if not isinstance(data, Mapping):
        raise InvalidInput("a hand-entered outcome must be a JSON object")
    extra = set(data) - {"shooter", "start", "events", "finals"}
    if extra:
        raise InvalidInput(f"outcome has unknown fields {sorted(extra)}")
    start = data.get("start")
    if not isinstance(start, Sequence) or isinstance(start, str) or len(start) != 2:
        raise InvalidInput("outcome start must be [x, y]")
    events = data.get("events", [])
    finals = data.get("finals")
    if not isinstance(events, list) or not isinstance(finals, list):
        raise InvalidInput("outcome events and finals must be lists")
    return HandOutcome(
        whole_number(data.get("shooter"), "outcome shooter"),
        (finite_number(start[0], "start x"), finite_number(start[1], "start y")),
        tuple(event_from_json(e, f"event {n}") for n, e in enumerate(events, start=1)),
        tuple(final_from_json(f, f"final {n}") for n, f in enumerate(finals, start=1)),
    )


def outcome_to_json(outcome: HandOutcome) -> dict[str, Any]:
    """The JSON form of an outcome (inverse of :func:`outcome_from_json`)."""
    return {
        "shooter": outcome.shooter,
        "start": list(outcome.start),
        "events": [
            {
                "kind": e.kind.value,
                "disc": e.disc,
                "other": e.other.value if isinstance(e.other, Edge) else e.other,
                "side": e.side,
            }
            for e in outcome.events
        ],
        "finals": [
            {"id": f.id, "x": f.x, "y": f.y, "state": f.state.value} for f in outcome.finals
        ],
    }
