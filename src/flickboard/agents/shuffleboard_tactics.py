"""What the AI knows of table shuffleboard: draws to each zone, hangers, guards, takeouts.

Candidates: draws to each zone in several lanes, hangers, takeouts and taps of opposing
weights, guards in front of its own. Value: the race to the game's target
(:mod:`flickboard.agents.race`): the chance of winning the game after the frame, averaged
over the frame's points as the learned value (:mod:`flickboard.agents.value_model`,
features in :mod:`flickboard.agents.shuffleboard_features`) expects them; with no
weight left, the frame's count itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import cast

import numpy as np
import numpy.typing as npt

from flickboard.agents import shuffleboard_features
from flickboard.agents.candidates import Candidate, legal, path_clear, starts
from flickboard.agents.explain import intent
from flickboard.agents.race import frame_worth
from flickboard.agents.shuffleboard_bot import HIT_SPEED, ShuffleboardBot
from flickboard.agents.tactics import Features, Left, register_tactics
from flickboard.agents.valuation import Outlook, nearest_level
from flickboard.agents.value_model import ValueModel, value_model
from flickboard.agents.widen import sample_shots
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import PhysicsParams, PlacedDisc, Shot
from flickboard.play.noise import clip_speed
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Side
from flickboard.rules.compiled import BatchRulings
from flickboard.rules.shuffleboard import RELEASE_LINE

LANES = (0.0, 0.08, -0.08, 0.16, -0.16)
"""Lanes (m across the table) draws are tried in."""

HITS = ((3.0, "takeout"), (6.0, "takeout"), (0.6, "tap"))
"""Extra travel (m) past a struck weight: a takeout that may stick, a hard one that
clears, and a tap that nudges it further up."""

TAP_SHARE = 0.6
"""Share of the room left before the far end a tap aims the shooter's travel past the
struck weight (the struck weight travels most of it)."""

GUARD_GAP = 3.0
"""A guard stops this many weight radii in front of the weight it covers."""

FRAME_POINTS = 8
"""The learned value's classes: a frame's points from -8 to 8 (more is counted as 8)."""

TOP_SPEED = 2.8
"""Fastest sampled delivery (m/s)."""

_WHERE = {
    Zone.NEUTRAL: "short of the one line",
    Zone.ONE: "in the one zone",
    Zone.TWO: "in the two zone",
    Zone.THREE: "in the three zone",
    Zone.HANGER: "hanging over the end",
}


def table_of(view: View) -> ShuffleboardTable:
    """The table of a view (these tactics are registered for table shuffleboard only)."""
    return cast(ShuffleboardTable, view.board)


class ShuffleboardTactics:
    """The AI's table shuffleboard (see the module docstring)."""

    planner_widen = 0
    """No sampled shots: among deliveries of near-equal worth, sampled ones made the best
    of noisy means a lucky bad shot more often (docs/ai.md, "The ladder")."""

    search_widen = 0
    """No sampled shots either: with them the search lost to a planner without them."""

    def candidates(self, view: View, params: PhysicsParams) -> list[Candidate]:
        """Draws into the three and two zones and hangers in each lane, guards, then
        takeouts and taps of each opposing weight."""
        table = table_of(view)
        r = table.disc.radius
        _, _, two, three = table.lines
        targets = (
            ((three.far + r + table.length - r) / 2, "draw", "into the three zone"),
            ((two.far + r + three.near - r) / 2, "draw", "into the two zone"),
            (table.length - r * 0.4, "hanger", ""),
        )
        out: list[Candidate] = []
        lanes = starts(view, LANES)
        for ty, kind, spot in targets:
            # Aim down the lanes clear to the spot: a weight in the way stops the draw
            # short (a hanger through a weight does not hang); all lanes if none is clear.
            clear = [(x, y0) for x, y0 in lanes if path_clear(view, x, y0, x, ty)]
            for x, y0 in clear or lanes:
                speed = clip_speed(params.speed_to_travel(ty - y0))
                words = intent(view, kind, None, spot)
                out.append(Candidate(Shot(x, y0, math.pi / 2, speed), kind, words))
        mine = view.turn.side
        half = table.width / 2 - r
        for d in view.position.layout.discs:
            if view.position.side_of(d.id) == mine:
                out += _guards(view, table, d, params)
                continue
            for sx in (d.x, d.x + 0.06, d.x - 0.06):
                sx = max(-half, min(half, sx))
                if not legal(view, sx, RELEASE_LINE):
                    continue
                dist = math.hypot(d.x - sx, d.y - RELEASE_LINE)
                for extra, kind in HITS:
                    if kind == "tap":
                        # Nudge it up, not off: the weight takes most of the shooter's
                        # travel, so aim for a little over half the room it has left.
                        room = table.length - 0.4 * r - d.y
                        if room < 2 * r:
                            continue
                        extra = min(extra, TAP_SHARE * room)
                    speed = clip_speed(params.speed_to_travel(dist + extra))
                    shot = Shot.towards(sx, RELEASE_LINE, d.x, d.y, speed)
                    out.append(Candidate(shot, kind, intent(view, kind, d.id), d.id))
        return out

    def sampled(
        self, view: View, params: PhysicsParams, count: int, rng: np.random.Generator
    ) -> list[Candidate]:
        """Deliveries from anywhere across the release line."""
        table = table_of(view)
        half = table.width / 2 - table.disc.radius

        def start(rng: np.random.Generator) -> tuple[float, float]:
            return (float(rng.uniform(-half, half)), RELEASE_LINE)

        def loose(rng: np.random.Generator, sx: float, sy: float) -> Candidate:
            angle = math.pi / 2 + float(rng.uniform(-0.04, 0.04))
            speed = clip_speed(float(rng.uniform(1.3, TOP_SPEED)))
            words = intent(view, "draw", None, "up the table")
            return Candidate(Shot(sx, sy, angle, speed), "draw", words)

        return sample_shots(view, params, count, rng, start=start, top=TOP_SPEED, loose=loose)

    def heuristic(self, view: View, params: PhysicsParams) -> Candidate:
        """The shuffleboard bot's plan: knock off a leading opposing weight down a clear
        lane, else draw to the three zone."""
        shot = ShuffleboardBot(params=params).plan(view.position, view.turn)
        if shot.speed >= HIT_SPEED:
            return Candidate(shot, "takeout", "takeout of the leading weight")
        return Candidate(shot, "draw", "draw to the three zone")

    def features(self, view: View, left: Sequence[Left], outlook: Outlook) -> Features:
        """The frame, the count, and each side's weights by zone and third."""
        return shuffleboard_features.features(view, left, outlook)

    def result_class(self, final: Sequence[int], side: Side) -> int:
        """The frame's points from ``side`` (positive when it scored), within +-8."""
        points = final[side] - max(v for s, v in enumerate(final) if s != side)
        return max(-FRAME_POINTS, min(FRAME_POINTS, points))

    def values(self, view: View, left: Sequence[Left], outlook: Outlook) -> list[float]:
        """The game's worth after the frame (the race to the target), averaged over how
        the frame may end: exact once the last weight is down, else by the learned value."""
        model = value_model("shuffleboard", outlook.value)
        worth = self._worth(view, outlook, model)
        if outlook.total == 0:
            me = view.turn.side
            out = []
            for position, _ in left:
                score = view.referee.score(position)
                points = score.get(me, 0) - max((v for s, v in score.items() if s != me), default=0)
                out.append(float(worth[min(2 * FRAME_POINTS, max(0, points + FRAME_POINTS))]))
            return out
        p = model.probabilities(self.features(view, left, outlook))
        return [float(v) for v in p @ worth[model.classes + FRAME_POINTS]]

    def bulk_values(
        self, view: View, rulings: BatchRulings, rows: npt.NDArray[np.intp], outlook: Outlook
    ) -> npt.NDArray[np.float64]:
        """:meth:`values` of the positions the compiled rulings leave (no 20s here)."""
        twenties = dict(enumerate(view.twenties))
        left = [(rulings.position_after(int(k), view.position, view.turn), twenties) for k in rows]
        return np.array(self.values(view, left, outlook))

    def _worth(self, view: View, outlook: Outlook, model: ValueModel) -> npt.NDArray[np.float64]:
        """Worth of the game after the frame ends with each of -8 .. 8 points (mine
        positive); without a target, the frame's points over 8."""
        points = np.arange(-FRAME_POINTS, FRAME_POINTS + 1, dtype=np.float64)
        if view.target is None:
            return points / FRAME_POINTS
        me = view.turn.side
        scores = view.scores or (0, 0)
        mine = max(0, scores[me])
        theirs = max(0, max(v for s, v in enumerate(scores) if s != me))
        level = nearest_level(view.game, outlook)
        start = tuple(float(v) for v in model.extra["start"][level])
        hammer_mine = outlook.hammer == me if outlook.hammer is not None else False
        return frame_worth(start, view.target, mine, theirs, hammer_mine)

    def refine_spread(self, shot: Shot) -> tuple[float, float]:
        """Three thousandths of a radian and 2 % of the speed (the table is long)."""
        return (0.003, 0.02 * shot.speed)

    def where(self, view: View, disc: PlacedDisc) -> str:
        """The zone a weight lies in."""
        return _WHERE[table_of(view).zone_of(disc.x, disc.y)]

    def shelter(self, view: View, position: Position, disc: PlacedDisc) -> str:
        """Guarded when a weight lies in front of it, within a weight's width."""
        if shuffleboard_features.guarded(table_of(view), position.layout.discs, disc):
            return "guarded by a weight in front"
        return ""

    def skill_view(self, view: View) -> View:
        """The hammer on a clear table: the frame's last weight, nothing in play (the
        first weight of a frame is drawn short on purpose, out of the hammer's reach)."""
        return replace(view, to_come=view.to_come[-1:])

    def target_spot(self, view: View, rng: np.random.Generator) -> tuple[float, float]:
        """A random spot in the two or three zone."""
        table = table_of(view)
        r = table.disc.radius
        x = float(rng.uniform(-(table.width / 2 - r), table.width / 2 - r))
        y = float(rng.uniform(table.lines[2].far + r, table.length - r))
        return (x, y)

    def bot(self, name: str, seed: int) -> Player:
        """The shuffleboard bot: a draw to the three zone, or a takeout of a leader."""
        return ShuffleboardBot(seed=seed, name=name)


def _guards(
    view: View, table: ShuffleboardTable, d: PlacedDisc, params: PhysicsParams
) -> list[Candidate]:
    """A draw that stops in front of one of my weights in a scoring zone, in its lane."""
    target = d.y - GUARD_GAP * table.disc.radius
    if table.zone_of(d.x, d.y) is Zone.NEUTRAL or target <= table.foul_line.far + table.disc.radius:
        return []
    if not legal(view, d.x, RELEASE_LINE):
        return []
    speed = clip_speed(params.speed_to_travel(target - RELEASE_LINE))
    shot = Shot(d.x, RELEASE_LINE, math.pi / 2, speed)
    return [Candidate(shot, "guard", intent(view, "guard", d.id), d.id)]


register_tactics("shuffleboard", ShuffleboardTactics())
