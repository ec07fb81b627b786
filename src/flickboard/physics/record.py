"""The shot record: an ordered event log plus where every disc ended.

Everything a referee needs and nothing about colours or rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

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


@dataclass(frozen=True, slots=True)
class ShotRecord:
    """What one shot did: the layout before, the shot, events in time order, finals.

    ``shooter`` is the id the shot disc was given; ``finals`` holds every disc of the
    layout and the shooter. ``shot`` is None for an outcome entered by hand (the
    referee's hand-entry path builds such records with event times 0, 1, 2, ...).
    """

    layout: Layout
    shot: Shot | None
    shooter: int
    events: tuple[Event, ...]
    finals: tuple[DiscFinal, ...]
    duration: float

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
        return {
            frozenset((e.disc, e.other))
            for e in self.events
            if e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int)
        }

    def moved(self) -> set[int]:
        """Ids of the discs that moved during the shot (the shooter included)."""
        return (
            {self.shooter}
            | {e.disc for e in self.events if e.kind is EventKind.DISC_CONTACT}
            | {
                e.other
                for e in self.events
                if e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int)
            }
        )

    def layout_after(self) -> Layout:
        """The layout left on the playing surface (discs in play, lying or leaning)."""
        kept = tuple(
            PlacedDisc(f.id, f.x, f.y, leaning=f.state is DiscState.LEANING)
            for f in self.finals
            if f.state in (DiscState.ON_SURFACE, DiscState.LEANING)
        )
        return Layout(self.layout.board, kept)
