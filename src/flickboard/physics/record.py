"""The shot record: an ordered event log plus where every disc ended.

Everything a referee needs and nothing about colours or rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import FrozenInstanceError, dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from flickboard.physics.codes import (
    EV_DISC,
    EV_KIND,
    EV_OTHER,
    EV_TIME,
    K_DISC,
    M_DITCH,
    M_GUTTER,
    M_HOLE,
    M_LEAN,
    M_REST,
    FloatArray,
)
from flickboard.physics.layout import Layout, PlacedDisc
from flickboard.physics.shot import Shot


class EventKind(StrEnum):
    """What happened to a disc. ``other`` in :class:`Event` depends on the kind."""

    DISC_CONTACT = "disc_contact"  # other: id of the disc touched
    PEG_CONTACT = "peg_contact"  # other: peg index
    RAIL_CONTACT = "rail_contact"  # other: None
    LINE_TOUCH = "line_touch"  # other: line index; footprint started to overlap the line
    LINE_CLEAR = "line_clear"  # other: line index; side says which side it cleared to
    LEFT_SURFACE = "left_surface"  # other: Edge value
    REENTERED = "reentered"  # other: Edge value; came back onto the playing surface
    LANDED = "landed"  # other: Edge value; came to rest in the ditch or a gutter
    DROPPED = "dropped"  # fell flat into the 20 hole
    LEANED = "leaned"  # came to rest leaning on the 20 hole's rim
    STOPPED = "stopped"  # came to rest on the playing surface


INDEX_KINDS = frozenset(
    {EventKind.DISC_CONTACT, EventKind.PEG_CONTACT, EventKind.LINE_TOUCH, EventKind.LINE_CLEAR}
)
"""Kinds whose ``other`` is an integer: a disc id, a peg index or a line index."""
EDGE_KINDS = frozenset({EventKind.LEFT_SURFACE, EventKind.REENTERED, EventKind.LANDED})
"""Kinds whose ``other`` is an :class:`Edge` (the rest have None)."""


class Edge(StrEnum):
    """Edges of the playing surface a disc can go over."""

    RIM = "rim"  # the crokinole surface's circular edge
    LEFT = "left"  # shuffleboard side gutters, seen from the delivering end
    RIGHT = "right"
    FAR_END = "far_end"
    NEAR_END = "near_end"


class DiscState(StrEnum):
    """Where a disc is when all motion has stopped."""

    ON_SURFACE = "on_surface"
    LEANING = "leaning"
    IN_HOLE = "in_hole"
    IN_DITCH = "in_ditch"
    IN_GUTTER = "in_gutter"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at ``time`` seconds after release.

    ``disc`` is the id of the disc it happened to; ``x, y`` its centre then.
    ``other`` is a disc id, peg index, line index or edge name (see EventKind);
    ``side`` is +1 when a line was cleared to its outer/far side, -1 to its inner/near
    side, 0 otherwise. Lines are indexed as in ``board.rings`` (crokinole: 15, 10,
    shooting) or ``table.lines`` (shuffleboard: foul, one, two, three).
    """

    time: float
    kind: EventKind
    disc: int
    other: int | Edge | None = None
    x: float = 0.0
    y: float = 0.0
    side: int = 0


@dataclass(frozen=True, slots=True)
class DiscFinal:
    """Where a disc ended: centre and state (the centre is kept even in the ditch)."""

    id: int
    x: float
    y: float
    state: DiscState


KINDS: tuple[EventKind, ...] = tuple(EventKind)
"""Event kinds by kernel code (the order of EventKind)."""
EDGES: tuple[Edge, ...] = tuple(Edge)
"""Edges by kernel code (the order of Edge)."""
STATES: tuple[DiscState, ...] = (
    DiscState.ON_SURFACE,  # at rest
    DiscState.ON_SURFACE,  # sliding (never final)
    DiscState.IN_DITCH,  # airborne (never final)
    DiscState.IN_DITCH,
    DiscState.IN_HOLE,
    DiscState.LEANING,
    DiscState.IN_GUTTER,
)
"""Final states by kernel mode."""
MODES: dict[DiscState, int] = {
    DiscState.ON_SURFACE: M_REST,
    DiscState.LEANING: M_LEAN,
    DiscState.IN_HOLE: M_HOLE,
    DiscState.IN_DITCH: M_DITCH,
    DiscState.IN_GUTTER: M_GUTTER,
}
"""The kernel mode a final state is written as in :class:`RecordArrays`."""
_KIND_CODE = {k: c for c, k in enumerate(KINDS)}
_EDGE_CODE = {e: c for c, e in enumerate(EDGES)}


class RecordArrays(NamedTuple):
    """A record as the kernel writes it (read only).

    ``ids``: disc ids by kernel index (the layout's discs in order, then the shooter);
    ``events``: one row per event, columns ``codes.EV_*`` (time, kind code, disc index,
    other: disc index, peg or line index, edge code or -1, x, y, side);
    ``finals``: one row per disc of ``ids``: x, y, kernel mode (``codes.M_*``).
    """

    ids: tuple[int, ...]
    events: FloatArray
    finals: FloatArray


@lru_cache(maxsize=256)
def resting_finals(layout: Layout) -> tuple[DiscFinal, ...]:
    """The finals of the layout's discs if none of them moves (reused when they match)."""
    return tuple(
        DiscFinal(d.id, d.x, d.y, DiscState.LEANING if d.leaning else DiscState.ON_SURFACE)
        for d in layout.discs
    )


def events_from_rows(ev: FloatArray, ids: tuple[int, ...]) -> tuple[Event, ...]:
    """Kernel event rows as Event objects (``ids``: disc ids by kernel index)."""
    events = []
    kinds, edges = KINDS, EDGES
    for t, k, d, o, x, y, side in ev.tolist():
        kind = kinds[int(k)]
        other: int | Edge | None
        if kind in INDEX_KINDS:
            other = ids[int(o)] if kind is EventKind.DISC_CONTACT else int(o)
        elif kind in EDGE_KINDS:
            other = edges[int(o)]
        else:
            other = None
        events.append(Event(t, kind, ids[int(d)], other, x, y, int(side)))
    return tuple(events)


def finals_from_rows(
    layout: Layout, fin: FloatArray, ids: tuple[int, ...]
) -> tuple[DiscFinal, ...]:
    """Kernel final rows as DiscFinal objects; a layout disc that did not move keeps
    the layout's own final object."""
    still = resting_finals(layout)
    return tuple(
        still[k]
        if k < len(still)
        and still[k].x == x
        and still[k].y == y
        and STATES[int(m)] is still[k].state
        else DiscFinal(ids[k], x, y, STATES[int(m)])
        for k, (x, y, m) in enumerate(fin.tolist())
    )


def _read_only(rows: FloatArray) -> FloatArray:
    rows.setflags(write=False)  # the kernel's fresh output, or arrays made here
    return rows


class ShotRecord:
    """What one shot did: the layout before, the shot, events in time order, finals.

    ``shooter`` is the id the shot disc was given; ``finals`` holds every disc of the
    layout and the shooter. ``shot`` is None for an outcome entered by hand (the
    referee's hand-entry path builds such records with event times 0, 1, 2, ...).

    A record from the engine keeps the kernel's own arrays (:meth:`arrays`) and makes
    its ``events`` and ``finals`` objects the first time they are asked for; a record
    built from objects makes the arrays when asked. Both kinds compare, hash, print
    and serialise alike. Records are immutable.
    """

    __slots__ = ("_arrays", "_events", "_finals", "duration", "layout", "shooter", "shot")

    layout: Layout
    shot: Shot | None
    shooter: int
    duration: float
    _events: tuple[Event, ...] | None
    _finals: tuple[DiscFinal, ...] | None
    _arrays: RecordArrays | None

    def __init__(
        self,
        layout: Layout,
        shot: Shot | None,
        shooter: int,
        events: tuple[Event, ...],
        finals: tuple[DiscFinal, ...],
        duration: float,
    ) -> None:
        _fill(self, layout, shot, shooter, duration, events, finals, None)

    @classmethod
    def from_kernel(
        cls,
        layout: Layout,
        shot: Shot | None,
        shooter: int,
        ids: tuple[int, ...],
        events: FloatArray,
        finals: FloatArray,
    ) -> ShotRecord:
        """A record over the kernel's output (``ids``: disc ids by kernel index, the
        shooter last); no Event or DiscFinal object is made until asked for."""
        self = cls.__new__(cls)
        duration = float(events[-1, EV_TIME]) if len(events) else 0.0
        arrays = RecordArrays(ids, _read_only(events), _read_only(finals))
        _fill(self, layout, shot, shooter, duration, None, None, arrays)
        return self

    @property
    def events(self) -> tuple[Event, ...]:
        """The events in time order."""
        events = self._events
        if events is None:
            assert self._arrays is not None
            events = events_from_rows(self._arrays.events, self._arrays.ids)
            object.__setattr__(self, "_events", events)
        return events

    @property
    def finals(self) -> tuple[DiscFinal, ...]:
        """Where every disc ended (the layout's discs, then the shooter)."""
        finals = self._finals
        if finals is None:
            arrays = self._arrays
            assert arrays is not None
            finals = finals_from_rows(self.layout, arrays.finals, arrays.ids)
            object.__setattr__(self, "_finals", finals)
        return finals

    def arrays(self) -> RecordArrays:
        """The record as kernel arrays (the engine's own, or made from the objects)."""
        arrays = self._arrays
        if arrays is None:
            arrays = _arrays_of(self.events, self.finals)
            object.__setattr__(self, "_arrays", arrays)
        return arrays

    def _fields(self) -> tuple[Any, ...]:
        return (self.layout, self.shot, self.shooter, self.events, self.finals, self.duration)

    def replace(self, **changes: Any) -> ShotRecord:
        """A copy with some fields changed (``dataclasses.replace`` for a record), e.g.
        ``record.replace(events=...)``; unknown names are refused."""
        names = ("layout", "shot", "shooter", "events", "finals", "duration")
        unknown = set(changes) - set(names)
        if unknown:
            raise TypeError(f"ShotRecord has no field {sorted(unknown)[0]!r}")
        fields = dict(zip(names, self._fields(), strict=True)) | changes
        return ShotRecord(**fields)

    __replace__ = replace  # copy.replace (Python 3.13)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShotRecord):
            return NotImplemented
        return self is other or self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"ShotRecord(layout={self.layout!r}, shot={self.shot!r}, shooter={self.shooter!r}, "
            f"events={self.events!r}, finals={self.finals!r}, duration={self.duration!r})"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        if self._arrays is not None and self._events is None:
            arrays = self._arrays
            return (
                ShotRecord.from_kernel,
                (self.layout, self.shot, self.shooter, arrays.ids, arrays.events, arrays.finals),
            )
        return (ShotRecord, self._fields())

    def final(self, disc_id: int) -> DiscFinal:
        """Where the disc with this id ended."""
        for f in self.finals:
            if f.id == disc_id:
                return f
        raise KeyError(disc_id)

    def events_of(self, disc_id: int) -> Iterator[Event]:
        """The events that happened to one disc, in time order: its own and every
        disc contact it took part in, as the striker (``disc``) or the struck (``other``)."""
        return (
            e
            for e in self.events
            if e.disc == disc_id or (e.kind is EventKind.DISC_CONTACT and e.other == disc_id)
        )

    def contacts(self) -> set[frozenset[int]]:
        """Every pair of discs that touched during the shot."""
        arrays = self._arrays
        if arrays is not None and self._events is None:
            ev, ids = arrays.events, arrays.ids
            pairs = ev[ev[:, EV_KIND] == K_DISC][:, (EV_DISC, EV_OTHER)].astype(np.intp)
            return {frozenset((ids[a], ids[b])) for a, b in pairs.tolist()}
        return {
            frozenset((e.disc, e.other))
            for e in self.events
            if e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int)
        }

    def moved(self) -> set[int]:
        """Ids of the discs that moved during the shot (the shooter included)."""
        return {self.shooter}.union(*self.contacts())

    def layout_after(self) -> Layout:
        """The layout left on the playing surface (discs in play, lying or leaning)."""
        kept = tuple(
            PlacedDisc(f.id, f.x, f.y, leaning=f.state is DiscState.LEANING)
            for f in self.finals
            if f.state in (DiscState.ON_SURFACE, DiscState.LEANING)
        )
        return Layout(self.layout.board, kept)


def _fill(
    record: ShotRecord,
    layout: Layout,
    shot: Shot | None,
    shooter: int,
    duration: float,
    events: tuple[Event, ...] | None,
    finals: tuple[DiscFinal, ...] | None,
    arrays: RecordArrays | None,
) -> None:
    """Set a new record's slots (records are frozen once made)."""
    put = object.__setattr__
    put(record, "layout", layout)
    put(record, "shot", shot)
    put(record, "shooter", shooter)
    put(record, "duration", duration)
    put(record, "_events", events)
    put(record, "_finals", finals)
    put(record, "_arrays", arrays)


def _arrays_of(events: tuple[Event, ...], finals: tuple[DiscFinal, ...]) -> RecordArrays:
    """Kernel arrays written from objects (ids in the order of ``finals``)."""
    ids = tuple(f.id for f in finals)
    index = {disc: k for k, disc in enumerate(ids)}
    ev = np.empty((len(events), 7))
    for row, e in enumerate(events):
        if e.kind is EventKind.DISC_CONTACT:
            other = index[e.other] if isinstance(e.other, int) else -1
        elif isinstance(e.other, Edge):
            other = _EDGE_CODE[e.other]
        elif isinstance(e.other, int):
            other = e.other
        else:
            other = -1
        ev[row] = (e.time, _KIND_CODE[e.kind], index.get(e.disc, -1), other, e.x, e.y, e.side)
    fin = np.array([(f.x, f.y, MODES[f.state]) for f in finals], dtype=float).reshape(-1, 3)
    return RecordArrays(ids, _read_only(ev), _read_only(fin))
