"""The environments' observation: a fixed-size float32 array read from a player's view.

An observation is a pure function of the public :class:`~flickboard.play.view.View` of
the shot to come and of the seat observing it, so a policy trained in an environment
plays the same through the driver (:class:`flickboard.envs.policies.PolicyPlayer`).
Everything is seen *from the observer's seat*:

- positions are in the observer's frame: origin at the middle of the board (table),
  +y straight in from the observer's start line (away from them), +x to their right,
  divided by the board's half-size (crokinole: the playing surface's radius; table
  shuffleboard: half the width across, half the length along), so the surface spans
  about [-1, 1];
- sides are relative: side 0 is the observer's own, then the others in colour order
  (so in singles 1 is the opponent);
- seats are relative: 0 is the observer, then the seats in the match's listing order
  (side by side) from theirs on.

:meth:`ObservationLayout.fields` names every entry; docs/envs.md tabulates them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from flickboard.geometry import Board
from flickboard.jit import Numbers, Row, jitable
from flickboard.physics import Layout
from flickboard.play.view import View
from flickboard.rules.base import Position, Referee, Turn

Observation = npt.NDArray[np.float32]

SCORE_SCALE = 10.0
"""Scores are divided by this (tournament points and race totals alike)."""

ROUND_SCALE = 10.0
"""The round number is divided by this."""

DISC_STATES = ("to_come", "in_play", "leaning", "off")
"""One-hot state of a disc slot: not shot yet; in play (flat); in play leaning on the
hole's rim; shot and off the board (removed, or a 20 taken off)."""
STATE_TO_COME, STATE_IN_PLAY, STATE_LEANING, STATE_OFF = range(len(DISC_STATES))

START_BINS = 16
"""The start line of the shot to come is seen as this many equal parts, left to right,
each with the share of it a shot may start from."""


@dataclass(frozen=True, slots=True)
class Frame:
    """A seat's frame: rotation (cos, sin) taking straight in to +y, and the box."""

    cos: float
    sin: float
    box: tuple[float, float, float, float]

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """A board point in this frame, scaled to about [-1, 1]."""
        cx, cy, hx, hy = self.box
        dx, dy = x - cx, y - cy
        return ((dx * self.cos - dy * self.sin) / hx, (dx * self.sin + dy * self.cos) / hy)


def seat_frame(referee: Referee, board: Board, seat: int, side: int) -> Frame:
    """The frame of a seat, from the middle of its start line as the referee draws it."""
    empty = Position.of(Layout(board, ()), {})
    line = referee.start_line(empty, Turn(seat, side, 0))
    turn = math.pi / 2 - line.inward(0.5)
    return Frame(math.cos(turn), math.sin(turn), board.surface_box())


@dataclass(frozen=True, slots=True)
class ObservationLayout:
    """The shape of an observation for a match's seating.

    Attributes:
        discs: disc slots, one per shot of a round (disc ids 0..discs-1).
        sides: sides (colours) in play.
        seats: the match's seats in listing order.
        per_seat: the most discs a seat shoots in a round (discs left are divided by it).
    """

    discs: int
    sides: int
    seats: tuple[int, ...]
    per_seat: int

    @classmethod
    def of(cls, view: View, sides: int, seats: tuple[int, ...]) -> ObservationLayout:
        """The layout for a match, from the view of its first shot."""
        most = max((n for _, n in view.discs_left), default=1)
        return cls(len(view.to_come), sides, tuple(seats), most)

    @property
    def per_disc(self) -> int:
        """Entries per disc slot: x, y, the state one-hot, the owner one-hot."""
        return 2 + len(DISC_STATES) + self.sides

    def fields(self) -> list[tuple[str, int, int, float, float]]:
        """Every block of the array: (name, start, length, low, high), in order."""
        out: list[tuple[str, int, int, float, float]] = []
        at = 0

        def add(name: str, length: int, low: float, high: float) -> None:
            nonlocal at
            out.append((name, at, length, low, high))
            at += length

        for k in range(self.discs):
            add(f"disc{k}.xy", 2, -2.0, 2.0)
            add(f"disc{k}.state", len(DISC_STATES), 0.0, 1.0)
            add(f"disc{k}.owner", self.sides, 0.0, 1.0)
        add("discs_left", len(self.seats), 0.0, 1.0)
        add("scores", self.sides, -1e3, 1e3)
        add("twenties", self.sides, 0.0, 1.0)
        add("round", 1, 0.0, 1e3)
        add("hammer", self.sides, 0.0, 1.0)
        add("shooter", self.sides, 0.0, 1.0)
        add("my_turn", 1, 0.0, 1.0)
        add("progress", 1, 0.0, 1.0)
        add("start_allowed", START_BINS, 0.0, 1.0)
        return out

    @property
    def size(self) -> int:
        """Length of the array."""
        _name, start, length, _, _ = self.fields()[-1]
        return start + length

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The low and high bound of every entry (for a gymnasium Box)."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for _, start, length, lo, hi in self.fields():
            low[start : start + length] = lo
            high[start : start + length] = hi
        return low, high

    def slice(self, name: str) -> slice:
        """Where a named block lies in the array."""
        for field_name, start, length, _, _ in self.fields():
            if field_name == name:
                return slice(start, start + length)
        raise KeyError(name)


class Blocks(NamedTuple):
    """Where each block after the disc slots starts in an observation (the order of
    :meth:`ObservationLayout.fields`), and the slots' shape: what :func:`encode` writes
    by."""

    discs: int
    sides: int
    seats: int
    per_seat: int
    discs_left: int
    scores: int
    twenties: int
    round: int
    hammer: int
    shooter: int
    my_turn: int
    progress: int
    start_allowed: int

    @classmethod
    def of(cls, layout: ObservationLayout) -> Blocks:
        """The blocks of a layout."""
        base = {name: start for name, start, *_ in layout.fields()}
        return cls(
            layout.discs, layout.sides, len(layout.seats), layout.per_seat,
            base["discs_left"], base["scores"], base["twenties"], base["round"],
            base["hammer"], base["shooter"], base["my_turn"], base["progress"],
            base["start_allowed"],
        )  # fmt: skip


class Encoder:
    """Turns views into observations for one match's seating (frames cached per seat:
    a seat's start line, hence its frame, is the same all match)."""

    def __init__(self, layout: ObservationLayout, side_of: dict[int, int]) -> None:
        self.layout = layout
        self.side_of = dict(side_of)
        self._frames: dict[int, Frame] = {}
        self.blocks = Blocks.of(layout)
        self.size = layout.size

    def frame(self, view: View, seat: int) -> Frame:
        """The frame of ``seat`` on the view's board."""
        frame = self._frames.get(seat)
        if frame is None:
            frame = seat_frame(view.referee, view.board, seat, self.side_of[seat])
            self._frames[seat] = frame
        return frame

    def encode(self, view: View, seat: int) -> Observation:
        """The observation of ``seat`` when the view's shot is to come (an empty
        ``to_come``: the round or match is over): :func:`encode`."""
        lay = self.layout
        n = lay.discs
        out = np.zeros(self.size, dtype=np.float32)
        frame = self.frame(view, seat)
        on, xs, ys, lean, owners = [False] * n, [0.0] * n, [0.0] * n, [False] * n, [0] * n
        sides = dict(view.position.owners)
        for d in view.position.layout.discs:
            if 0 <= d.id < n:
                on[d.id], xs[d.id], ys[d.id], lean[d.id] = True, d.x, d.y, d.leaning
                owners[d.id] = sides[d.id]
        come = view.to_come
        allowed = view.start_line.allowed if come else ()
        encode(
            out, self.blocks, frame.cos, frame.sin, frame.box, on, xs, ys, lean, owners,
            view.turn.disc if come else n, [s for s, _ in come], [s for _, s in come], len(come),
            lay.seats, lay.seats.index(seat), self.side_of[seat], view.scores,
            len(view.scores), view.twenties, len(view.twenties), view.round_number,
            [a for a, _ in allowed], [b for _, b in allowed], len(allowed),
        )  # fmt: skip
        return out


@jitable
def encode(
    out: Numbers,
    blocks: Blocks,
    cos: float,
    sin: float,
    box: Row[float],
    on: Row[bool],
    xs: Row[float],
    ys: Row[float],
    leaning: Row[bool],
    owners: Row[int],
    next_disc: int,
    come_seats: Row[int],
    come_sides: Row[int],
    come: int,
    seats: Row[int],
    me: int,
    mine: int,
    scores: Row[int],
    score_count: int,
    twenties: Row[int],
    twenty_count: int,
    round_number: int,
    allowed_lo: Row[float],
    allowed_hi: Row[float],
    allowed: int,
) -> None:
    """The observation (docs/envs.md, "Observations") in ``out`` (zeros) of the seat
    ``seats[me]`` of side ``mine``, seen in its frame (rotation ``cos``, ``sin``; the
    board's ``box``: centre and half-sizes): the disc slots (``on`` the board at
    ``xs``, ``ys``, ``leaning``, of side ``owners``; the slots from ``next_disc`` on to
    come), the ``come`` shots to come (by seat and side, this one first), each side's
    scores and 20s and the round, and the ``allowed`` stretches (``allowed_lo`` to
    ``allowed_hi``, in the line's ``u``) of the start line of the shot to come."""
    n = blocks.discs
    sides = blocks.sides
    per = 2 + len(DISC_STATES) + sides
    cx, cy, hx, hy = box[0], box[1], box[2], box[3]
    for d in range(n):
        at = d * per
        if on[d]:
            dx, dy = xs[d] - cx, ys[d] - cy
            out[at] = (dx * cos - dy * sin) / hx
            out[at + 1] = (dx * sin + dy * cos) / hy
            out[at + 2 + (STATE_LEANING if leaning[d] else STATE_IN_PLAY)] = 1.0
            out[at + 2 + len(DISC_STATES) + (owners[d] - mine) % sides] = 1.0
        elif d < next_disc:
            out[at + 2 + STATE_OFF] = 1.0
    for k in range(come):
        slot = next_disc + k
        if slot < n:
            at = slot * per
            out[at + 2 + STATE_TO_COME] = 1.0
            out[at + 2 + len(DISC_STATES) + (come_sides[k] - mine) % sides] = 1.0
    count = blocks.seats
    for k in range(count):
        seat = seats[(me + k) % count]
        left = 0
        for j in range(come):
            if come_seats[j] == seat:
                left += 1
        out[blocks.discs_left + k] = min(1.0, left / blocks.per_seat)
    for s in range(min(score_count, sides)):
        out[blocks.scores + (s - mine) % sides] = scores[s] / SCORE_SCALE
    for s in range(min(twenty_count, sides)):
        out[blocks.twenties + (s - mine) % sides] = min(1.0, twenties[s] / n)
    out[blocks.round] = round_number / ROUND_SCALE
    if come:
        out[blocks.hammer + (come_sides[come - 1] - mine) % sides] = 1.0
        out[blocks.shooter + (come_sides[0] - mine) % sides] = 1.0
        out[blocks.my_turn] = 1.0 if come_seats[0] == seats[me] else 0.0
    out[blocks.progress] = min(1.0, next_disc / n)
    for b in range(START_BINS):
        part_lo, part_hi = b / START_BINS, (b + 1) / START_BINS
        share = 0.0
        for k in range(allowed):
            share += max(0.0, min(allowed_hi[k], part_hi) - max(allowed_lo[k], part_lo))
        out[blocks.start_allowed + b] = min(1.0, share * START_BINS)
