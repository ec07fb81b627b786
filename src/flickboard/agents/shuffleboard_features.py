"""What the learned table shuffleboard value sees of a position.

Seen from the side that has just delivered:

- the frame so far: weights left to each side, who holds the hammer, whether the next
  weight is its own, the shooter's skill (the scale of its level's noise);
- the count as the rules make it (:func:`count_frame`): the leading side's points
  (positive when mine), split into leading weights with an open lane from the
  delivering end and guarded ones (a weight in front within a weight's width), and the
  zone points of the weights that do not lead (mine minus theirs);
- per side, the weights by zone (short of the one line, one, two, three, hanging) and
  by third of the table's width (30 counts), and how far up the table each side's
  furthest weight lies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

import numpy as np

from flickboard.agents.tactics import Features, Left
from flickboard.agents.valuation import Outlook, round_features
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import PlacedDisc
from flickboard.play.view import View
from flickboard.rules.shuffleboard.scoring import count_frame

SCALARS = 10
"""Frame and count features before the weight counts."""

ZONES = 5
"""Zones in the grid: short of the one line, one, two, three, hanger."""

FEATURES = SCALARS + 2 * ZONES * 3 + 2
"""Length of a shuffleboard feature row."""


def guarded(table: ShuffleboardTable, discs: Iterable[PlacedDisc], weight: PlacedDisc) -> bool:
    """Whether another weight lies in front of ``weight`` (nearer the delivering end),
    within a weight's width of its lane."""
    reach = 2 * table.disc.radius
    return any(d.id != weight.id and d.y < weight.y and abs(d.x - weight.x) < reach for d in discs)


def features(view: View, left: Sequence[Left], outlook: Outlook) -> Features:
    """One feature row per position left by the delivery of ``view``."""
    table = cast(ShuffleboardTable, view.board)
    me = view.turn.side
    third = table.width / 3
    mine_left, theirs_left, hammer, next_me, skill = round_features(view, outlook)
    out = np.zeros((len(left), FEATURES))
    for row, (position, _) in enumerate(left):
        count = count_frame(table, position)
        discs = {d.id: d for d in position.layout.discs}
        lead = open_lead = covered = behind = 0.0
        for w in count.weights:
            sign = 1.0 if w.side == me else -1.0
            if w.leading and w.points:
                d = discs[w.disc]
                lead += sign * w.points
                if guarded(table, discs.values(), d):
                    covered += sign * w.points
                else:
                    open_lead += sign * w.points
            elif not w.leading and w.zone is not Zone.NEUTRAL:
                behind += sign * int(w.zone)
        top = [0.0, 0.0]
        for d in discs.values():
            side = 0 if position.side_of(d.id) == me else 1
            zone = int(table.zone_of(d.x, d.y))
            lane = min(2, max(0, int((d.x + table.width / 2) // third)))
            out[row, SCALARS + side * ZONES * 3 + zone * 3 + lane] += 1.0
            top[side] = max(top[side], d.y / table.length)
        out[row, :SCALARS] = (
            mine_left,
            theirs_left,
            hammer,
            next_me,
            skill,
            lead,
            open_lead,
            covered,
            behind,
            float(len(discs)),
        )
        out[row, -2:] = top
    return out
