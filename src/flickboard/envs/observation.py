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

import numpy as np
import numpy.typing as npt

from flickboard.geometry import Board
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


class Encoder:
    """Turns views into observations for one match's seating (frames cached per seat:
    a seat's start line, hence its frame, is the same all match)."""

    def __init__(self, layout: ObservationLayout, side_of: dict[int, int]) -> None:
        self.layout = layout
        self.side_of = dict(side_of)
        self._frames: dict[int, Frame] = {}
        self._base = {name: start for name, start, *_ in layout.fields()}
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
        ``to_come``: the round or match is over)."""
        lay = self.layout
        out = np.zeros(self.size, dtype=np.float32)
        sides, per = lay.sides, lay.per_disc
        mine = self.side_of[seat]
        frame = self.frame(view, seat)
        position = view.position
        owners = dict(position.owners)
        next_disc = view.turn.disc if view.to_come else lay.discs
        for d in position.layout.discs:
            if not 0 <= d.id < lay.discs:
                continue
            at = d.id * per
            out[at], out[at + 1] = frame.to_local(d.x, d.y)
            out[at + 2 + (2 if d.leaning else 1)] = 1.0
            out[at + 2 + len(DISC_STATES) + (owners[d.id] - mine) % sides] = 1.0
        on_board = {d.id for d in position.layout.discs}
        for k in range(min(next_disc, lay.discs)):
            if k not in on_board:
                out[k * per + 2 + 3] = 1.0
        for k, (_, side) in enumerate(view.to_come):
            slot = next_disc + k
            if slot < lay.discs:
                at = slot * per
                out[at + 2] = 1.0
                out[at + 2 + len(DISC_STATES) + (side - mine) % sides] = 1.0
        base = self._base
        seats = lay.seats
        me = seats.index(seat)
        left = dict(view.discs_left) if view.to_come else {}
        per_seat = lay.per_seat
        for k in range(len(seats)):
            count = left.get(seats[(me + k) % len(seats)], 0)
            out[base["discs_left"] + k] = min(1.0, count / per_seat)
        for s, value in enumerate(view.scores[:sides]):
            out[base["scores"] + (s - mine) % sides] = value / SCORE_SCALE
        for s, value in enumerate(view.twenties[:sides]):
            out[base["twenties"] + (s - mine) % sides] = min(1.0, value / lay.discs)
        out[base["round"]] = view.round_number / ROUND_SCALE
        if view.to_come:
            hammer = view.to_come[-1][1]
            out[base["hammer"] + (hammer - mine) % sides] = 1.0
            shooter_seat, shooter_side = view.to_come[0]
            out[base["shooter"] + (shooter_side - mine) % sides] = 1.0
            out[base["my_turn"]] = float(shooter_seat == seat)
        out[base["progress"]] = min(1.0, next_disc / lay.discs)
        return out
