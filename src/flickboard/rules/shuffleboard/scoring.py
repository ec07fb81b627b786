"""Scoring a frame by CSC rule 4: only the leading weights of one colour count.

A weight leads when it lies further along the board (nearer the far end) than every
weight of the other colour. When the two front weights of opposite colours are level,
neither colour has a weight beyond the other's best, so no weight leads and the frame
scores nothing (docs/rules.md, "Level leading weights").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.jit import Numbers, Whole, jitable
from flickboard.rules.base import Position, Side

RED: Side = 0
"""The red weights, which start the game (rule 3)."""

GREEN: Side = 1
"""The green/blue weights."""

SIDES: tuple[Side, Side] = (RED, GREEN)

COLOUR_NAMES: dict[Side, str] = {RED: "red", GREEN: "green"}
"""Canonical colour name of each side."""

LEVEL_TOLERANCE = 0.1e-3
"""Two weights whose fronts are within this distance (m) along the board are level."""


@dataclass(frozen=True, slots=True)
class WeightScore:
    """One weight's standing at the end of a frame: its zone, whether it leads, points."""

    disc: int
    side: Side
    zone: Zone
    leading: bool

    @property
    def points(self) -> int:
        """Points the weight adds to its colour: its zone value if it leads, else 0."""
        return int(self.zone) if self.leading else 0


@dataclass(frozen=True, slots=True)
class FrameCount:
    """The count of a frame: which colour leads (None when none does), each weight."""

    leader: Side | None
    weights: tuple[WeightScore, ...]
    level: bool

    @property
    def points(self) -> tuple[int, int]:
        """Points to red and green; only the leading colour can score."""
        totals = [0, 0]
        for w in self.weights:
            totals[w.side] += w.points
        return (totals[RED], totals[GREEN])

    def explanation(self) -> str:
        """The count in plain words, with the rule it applies."""
        if self.level:
            return (
                "The front red and green weights are level: neither colour has a weight "
                "beyond the other's best, so no weight leads and the frame scores nothing (4(a))."
            )
        if self.leader is None:
            return "No weight is in play: the frame scores nothing (4(a))."
        name = COLOUR_NAMES[self.leader]
        leading = [w for w in self.weights if w.leading]
        points = sum(w.points for w in leading)
        parts = ", ".join(f"{w.zone.name.lower()} {w.points}" for w in leading)
        weights = f"{len(leading)} weight{'' if len(leading) == 1 else 's'}"
        if points == 0:
            return (
                f"{name.capitalize()} leads with {weights} but none is in a "
                f"scoring zone (4(b)): the frame scores nothing."
            )
        return (
            f"{name.capitalize()} leads with {weights} beyond the best "
            f"opposing weight ({parts}): {points} point{'' if points == 1 else 's'} (4(a)-(f))."
        )


def zone_name(table: ShuffleboardTable, x: float, y: float) -> str:
    """Where a weight centred at (x, y) lies, by name: ``short`` when it is not wholly
    beyond the foul line (Part IV names no zone there; a weight that got there after
    being properly delivered is in play and scores nothing), else its zone: ``neutral``
    (Part IV, up to the one line), ``one``, ``two``, ``three`` or ``hanger``."""
    if y - table.disc.radius <= table.foul_line.far:
        return "short"
    return table.zone_of(x, y).name.lower()


class Placed(Protocol):
    """What a count reads of a weight: its id and centre (a :class:`PlacedDisc`, or any
    record of the three, as a compiled table's count is read back)."""

    @property
    def id(self) -> int:
        """The weight's id."""
        ...

    @property
    def x(self) -> float:
        """Its centre across the board."""
        ...

    @property
    def y(self) -> float:
        """Its centre along the board."""
        ...


def front_of(table: ShuffleboardTable, disc: Placed) -> float:
    """How far along the board a weight reaches (larger is nearer the far end)."""
    return disc.y + table.disc.radius


def count_frame(table: ShuffleboardTable, position: Position) -> FrameCount:
    """Count the weights in play by rule 4 and the leading-weight rule 4(a)."""
    return count_weights(table, ((d, position.side_of(d.id)) for d in position.layout.discs))


def count_weights(table: ShuffleboardTable, weights: Iterable[tuple[Placed, Side]]) -> FrameCount:
    """Count weights given with their colours (see :func:`count_frame`)."""
    placed = sorted(weights, key=lambda item: -front_of(table, item[0]))
    if not placed:
        return FrameCount(None, (), level=False)
    fronts = [front_of(table, d) for d, _ in placed]
    leader, rival, level = lead(fronts, [s for _, s in placed], len(placed))
    scores = tuple(
        WeightScore(
            disc=d.id,
            side=s,
            zone=table.zone_of(d.x, d.y),
            leading=leads(front, s, leader, rival, level),
        )
        for (d, s), front in zip(placed, fronts, strict=True)
    )
    return FrameCount(None if level else leader, scores, level)


@jitable
def lead(fronts: Numbers, sides: Whole, count: int) -> tuple[int, float, bool]:
    """Who leads among ``count`` weights (how far along each reaches, its colour): the
    colour of the weight reaching furthest (the first such; -1 with no weight), the
    furthest reach of the other colour (-inf if it has none), and whether the two are
    level (within :data:`LEVEL_TOLERANCE`: no weight leads)."""
    top = -math.inf
    leader = -1
    best_red = -math.inf
    best_green = -math.inf
    for k in range(count):
        front = fronts[k]
        if front > top:
            top = front
            leader = sides[k]
        if sides[k] == RED:
            best_red = max(best_red, front)
        else:
            best_green = max(best_green, front)
    rival = best_green if leader == RED else best_red
    return leader, rival, rival > -math.inf and top - rival <= LEVEL_TOLERANCE


@jitable
def leads(front: float, side: Side, leader: int, rival: float, level: bool) -> bool:
    """Whether a weight reaching ``front`` of colour ``side`` leads (rule 4(a)): of the
    leading colour, beyond the other colour's furthest weight, the front weights not
    level (see :func:`lead`)."""
    return not level and side == leader and front - rival > LEVEL_TOLERANCE
