"""What a position is worth to the side about to shoot: the round score to come.

The referee scores the board (never a copy of the rules here). The margin after a shot
(board points, plus 20s made on the shot) is turned into an expected round outcome in
[-1, 1] that accounts for the discs left to play and who holds the hammer (the last
shot of the round or frame). With no disc left the value is exact.

Crokinole (tournament 2/1/0 rounds): ``tanh((margin + hammer) / (spread * sqrt(1 + n)))``
with ``n`` discs left, the hammer worth :data:`CROKINOLE_HAMMER` points to its holder;
with nothing left, the sign of the margin (win 1, tie 0, loss -1).

Shuffleboard (frame points count towards the race): the expected frame margin from a
model fitted on simulated frames (:mod:`flickboard.agents.frame_value`), which knows
that the hammer is worth about two and a half points and that an open leading weight
rarely survives the next opposing weight; with no weight left, the margin itself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from flickboard.agents.base import View
from flickboard.agents.frame_value import frame_value
from flickboard.rules.base import Position, Ruling, Side

CROKINOLE_SPREAD = 10.0
"""Points one disc still to play can swing the margin by (crokinole)."""

CROKINOLE_HAMMER = 5.0
"""Points the last shot of a round is worth to its holder (crokinole)."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """The round from one side after a shot: discs left per side and who shoots last."""

    side: Side
    left: Mapping[Side, int]
    hammer: Side | None

    @property
    def total(self) -> int:
        """Discs still to play in the round."""
        return sum(self.left.values())


def seat_side(view: View, key: int) -> Side:
    """The side of an entry of ``view.discs_left`` (crokinole seats, shuffleboard sides)."""
    if view.referee.game == "shuffleboard":
        return key
    seats = {s for s, _ in view.discs_left} | {view.turn.seat}
    if seats <= {0, 2}:
        return key // 2
    sides = {side for _, side in view.position.owners} | {view.turn.side}
    if len(seats) == 4 and sides <= {0, 1}:
        return key % 2
    return key


def outlook_after(view: View) -> Outlook:
    """Discs left and hammer once the shot of this view is made."""
    me = view.turn.seat if view.referee.game == "crokinole" else view.turn.side
    counts = dict(view.discs_left) or {me: 1}
    counts[me] = max(counts.get(me, 1) - 1, 0)
    keys = sorted(counts)
    order = keys[keys.index(me) + 1 :] + keys[: keys.index(me) + 1]
    remaining = dict(counts)
    last: int | None = None
    while any(remaining.values()):
        for key in order:
            if remaining[key] > 0:
                remaining[key] -= 1
                last = key
    left: dict[Side, int] = {}
    for key, count in counts.items():
        side = seat_side(view, key)
        left[side] = left.get(side, 0) + count
    return Outlook(view.turn.side, left, None if last is None else seat_side(view, last))


def margin(view: View, position: Position, twenties: Mapping[Side, int]) -> float:
    """My points minus the best other side's, on the board as the referee scores it."""
    board = view.referee.score(position)
    me = view.turn.side
    sides = set(board) | set(twenties) | {s for _, s in view.position.owners} | {me}
    totals = {s: board.get(s, 0) + 20 * twenties.get(s, 0) for s in sides}
    others = [v for s, v in totals.items() if s != me]
    return totals[me] - (max(others) if others else 0)


def value_of(view: View, position: Position, twenties: Mapping[Side, int], out: Outlook) -> float:
    """Expected round outcome in [-1, 1] for the side of ``view`` after a shot."""
    me = view.turn.side
    if view.referee.game == "crokinole":
        m = margin(view, position, twenties)
        if out.total == 0:
            return float((m > 0) - (m < 0))
        hammer = 0.0 if out.hammer is None else (1.0 if out.hammer == me else -1.0)
        spread = CROKINOLE_SPREAD * math.sqrt(1 + out.total)
        return math.tanh((m + CROKINOLE_HAMMER * hammer) / spread)
    mine = out.left.get(me, 0)
    return frame_value(view, position, mine, out.total - mine)


def ruling_value(view: View, ruling: Ruling, out: Outlook) -> float:
    """Value of the position a ruling leaves, counting the 20s it made."""
    return value_of(view, ruling.position_after, ruling.twenties(), out)
