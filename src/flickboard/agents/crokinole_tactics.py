"""What the AI knows of crokinole: open 20s, takeouts, hides behind pegs, draws to the 15.

Candidates: open 20s from the middle of the quadrant, takeouts of opposing discs (full
and thin hits, two weights) from the starts whose line is clearest, draws to the 15 and
hides behind pegs. Value (tournament 2/1/0 rounds): the chance of winning the round less
the chance of losing it, from the learned value (:mod:`flickboard.agents.value_model`,
features in :mod:`flickboard.agents.crokinole_features`); with nothing left, the sign of
the margin (win 1, tie 0, loss -1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import numpy as np
import numpy.typing as npt

from flickboard.agents import crokinole_features
from flickboard.agents.candidates import (
    Candidate,
    disc_points,
    legal,
    opponents,
    path_clear,
    segment_gap,
    starts,
)
from flickboard.agents.explain import intent
from flickboard.agents.game_worth import round_worth
from flickboard.agents.simple import SimpleBot
from flickboard.agents.tactics import Features, Left, register_tactics
from flickboard.agents.valuation import Outlook, margin, nearest_level
from flickboard.agents.value_model import value_model
from flickboard.agents.widen import aimed_shot, sample_shots
from flickboard.errors import IllegalInPosition
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import PhysicsParams, PlacedDisc, Shot
from flickboard.play.crokinole import ROUNDS_PER_GAME
from flickboard.play.crokinole_kind import open_twenty_shot
from flickboard.play.noise import clip_speed
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Side
from flickboard.rules.compiled import BatchRulings
from flickboard.rules.crokinole import CrokinoleReferee
from flickboard.rules.crokinole.options import Scoring

START_OFFSETS = tuple(k * 0.1 for k in range(-7, 8))
"""Angles (rad) along the shooting line from the quadrant's centre tried as starts."""

FINE_OFFSETS = tuple(k * 0.0125 for k in range(-60, 61))
"""Finer angles tried when none of :data:`START_OFFSETS` is free."""

FOLLOW = (0.3, 0.9)
"""Extra travel (m) past a struck disc: a firm and a hard takeout."""

CUTS = (0.0, 0.5, -0.5)
"""Aim offsets across the line to a target, in disc radii (full and thin hits)."""

TOP_SPEED = 3.0
"""Fastest sampled shot (m/s): hard enough to clear two discs."""

OPEN_TWENTY_TURNS = (0.0, 0.2, -0.2, 0.4, -0.4)
"""Starts (rad from the quadrant's centre) an open 20 is tried from."""

_WHERE = {20: "on the 20", 15: "in the 15", 10: "in the 10", 5: "in the 5", 0: "off"}


def board_of(view: View) -> CrokinoleBoard:
    """The crokinole board of a view (these tactics are registered for crokinole only)."""
    return cast(CrokinoleBoard, view.board)


def quadrant_starts(view: View) -> list[tuple[float, float]]:
    """Legal starts on the shooting line of the shooter's quadrant."""
    radius = board_of(view).shooting_line_radius
    for offsets in (START_OFFSETS, FINE_OFFSETS):
        found = starts(view, (radius * a for a in offsets))
        if found:
            return found
    return []


def open_twenties(view: View, params: PhysicsParams) -> list[Candidate]:
    """The best open 20 from each of a few starts the referee allows (with opposing discs
    in play it is no open 20: a shot for the 20)."""
    board = board_of(view)
    centre = CrokinoleBoard.seat_angle(view.turn.seat)
    kind = "twenty" if opponents(view) else "open20"
    out = []
    for a in OPEN_TWENTY_TURNS:
        shot = open_twenty_shot(board, params, centre + a)
        if legal(view, shot.x, shot.y):
            out.append(Candidate(shot, kind, intent(view, kind)))
    return out


class CrokinoleTactics:
    """The AI's crokinole (see the module docstring)."""

    planner_widen = 60
    """Takeouts from other starts, cuts and weights than the listed ones pay (docs/ai.md)."""

    search_widen = 200
    """The search weighs more sampled shots still (it screens them on more draws)."""

    def candidates(self, view: View, params: PhysicsParams) -> list[Candidate]:
        """Open 20s, takeouts of the five opposing discs worth most, then draws; on an
        empty board only the open 20 down the open centre lane, as players shoot there
        (the NCA open-20 figures the levels are calibrated on are those shots)."""
        spots = quadrant_starts(view)
        if not spots:
            return []
        out = open_twenties(view, params)
        if not view.position.layout.discs:
            return out[:1]
        theirs = sorted(opponents(view), key=lambda d: (-disc_points(view, d), d.id))
        for d in theirs[:5]:
            out += _takeouts(view, spots, d, params)
        if not theirs or len(out) < 4:
            out += _draws(view, spots, params)
        return out

    def sampled(
        self, view: View, params: PhysicsParams, count: int, rng: np.random.Generator
    ) -> list[Candidate]:
        """Shots from anywhere legal on the line (a little off the listed starts); none
        on an empty board, where only open 20s are played. With opposing discs in play a
        shot must strike one to be valid (WCC "A Valid Shot"), so the shots not aimed at
        a disc in play are aimed at an opposing one too, not drawn to the middle."""
        spots = quadrant_starts(view) if view.position.layout.discs else []
        theirs = opponents(view)

        def start(rng: np.random.Generator) -> tuple[float, float] | None:
            if not spots:
                return None
            sx, sy = spots[int(rng.integers(len(spots)))]
            turn = float(rng.uniform(-0.05, 0.05))
            return (
                sx * math.cos(turn) - sy * math.sin(turn),
                sx * math.sin(turn) + sy * math.cos(turn),
            )

        def loose(rng: np.random.Generator, sx: float, sy: float) -> Candidate:
            if theirs:
                target = theirs[int(rng.integers(len(theirs)))]
                return aimed_shot(view, params, rng, sx, sy, target, TOP_SPEED)
            angle = math.atan2(-sy, -sx) + float(rng.uniform(-0.35, 0.35))
            speed = clip_speed(float(rng.uniform(0.4, TOP_SPEED)))
            words = intent(view, "draw", None, "towards the middle")
            return Candidate(Shot(sx, sy, angle, speed), "draw", words)

        return sample_shots(view, params, count, rng, start=start, top=TOP_SPEED, loose=loose)

    def heuristic(self, view: View, params: PhysicsParams) -> Candidate:
        """An open 20 down a clear line on an empty board, else a firm full hit on the
        opposing disc worth most with a clear line, else a draw."""
        spots = quadrant_starts(view)
        if not spots:
            raise IllegalInPosition(f"no shot can start for seat {view.turn.seat}")
        if not opponents(view):
            for c in open_twenties(view, params):
                if path_clear(view, c.shot.x, c.shot.y, 0.0, 0.0):
                    return c
        pool = self.candidates(view, params)
        takeouts = [c for c in pool if c.kind == "takeout" and c.target is not None]
        if takeouts:

            def key(c: Candidate) -> tuple[bool, int, float]:
                assert c.target is not None
                d = view.position.layout.disc(c.target)
                clear = path_clear(view, c.shot.x, c.shot.y, d.x, d.y, ignore=d.id)
                return (
                    not clear,
                    -disc_points(view, d),
                    math.hypot(d.x - c.shot.x, d.y - c.shot.y),
                )

            # Candidates come per target and start in blocks of cuts x weights; the
            # first of each block is the full hit at the firm weight.
            return min(takeouts[:: len(CUTS) * len(FOLLOW)], key=key)
        draws = [c for c in pool if c.kind in ("hide", "draw", "open20", "twenty")]
        if draws:
            return draws[0]
        sx, sy = spots[0]
        return Candidate(Shot.towards(sx, sy, 0.0, 0.0, 0.5), "draw", "draw towards the centre")

    def features(self, view: View, left: Sequence[Left], outlook: Outlook) -> Features:
        """The round, and each side's discs by ring, eighth and exposure."""
        return crokinole_features.features(view, left, outlook)

    def result_class(self, final: Sequence[int], side: Side) -> int:
        """Lost -1, tied 0, won 1 (against the best other side)."""
        others = max(v for s, v in enumerate(final) if s != side)
        return (final[side] > others) - (final[side] < others)

    def values(self, view: View, left: Sequence[Left], outlook: Outlook) -> list[float]:
        """What the round's result is worth (:meth:`worth`), averaged over the chances
        of losing, tying and winning it that the learned value gives; with nothing
        left, the worth of the result on the board."""
        model = value_model("crokinole", outlook.value)
        worth = self.worth(view, outlook)
        if outlook.total == 0:
            return [float(worth[int(np.sign(margin(view, p, t))) + 1]) for p, t in left]
        p = model.probabilities(self.features(view, left, outlook))
        return [float(v) for v in p @ worth[model.classes + 1]]

    def bulk_values(
        self, view: View, rulings: BatchRulings, rows: npt.NDArray[np.intp], outlook: Outlook
    ) -> npt.NDArray[np.float64]:
        """:meth:`values` from the compiled rulings: the points on the board and the 20s
        as they rule them, the discs they leave on the board."""
        me = view.turn.side
        points = rulings.points[rows].astype(np.int64)
        made = rulings.twenties[rows].astype(np.int64)
        made[:, : len(view.twenties)] += np.array(view.twenties, dtype=np.int64)
        worth = self.worth(view, outlook)
        if outlook.total == 0:
            totals = points + 20 * made
            others = np.delete(totals, me, axis=1).max(axis=1)
            return worth[np.sign(totals[:, me] - others) + 1]  # type: ignore[no-any-return]
        owners = dict(view.position.owners)
        sides = np.array([owners.get(i, view.turn.side) for i in rulings.ids])
        mine = np.repeat((sides == me)[None, :], len(rows), axis=0)
        board = np.column_stack((points[:, me], np.delete(points, me, axis=1).max(axis=1)))
        twenties = np.column_stack((made[:, me], np.delete(made, me, axis=1).max(axis=1)))
        x, y, keep = rulings.x[rows], rulings.y[rows], rulings.on_board()[rows]
        found = crokinole_features.feature_rows(view, outlook, board, twenties, x, y, mine, keep)
        model = value_model("crokinole", outlook.value)
        return model.probabilities(found) @ worth[model.classes + 1]

    def worth(self, view: View, outlook: Outlook) -> npt.NDArray[np.float64]:
        """The worth of the round lost, tied and won: in a two-sided tournament game
        (four rounds of 2/1/0) the game's expected result after it, the round's own
        result second (:mod:`flickboard.agents.game_worth`); else (race scoring, three
        or four sides, a view made by hand without the game's scores) the round's
        result, -1, 0 and 1."""
        scores = view.scores
        options = cast(CrokinoleReferee, view.referee).options
        if options.scoring is not Scoring.TOURNAMENT or len(scores) != 2:
            return np.array([-1.0, 0.0, 1.0])
        me = view.turn.side
        start = value_model("crokinole", outlook.value).extra["start"][
            nearest_level(view.game, outlook)
        ]
        chances = (float(start[0]), float(start[1]), float(start[2]))
        rounds_after = max(0, ROUNDS_PER_GAME - view.round_number)
        return round_worth(chances, scores[me], scores[1 - me], rounds_after, outlook.hammer == me)

    def refine_spread(self, shot: Shot) -> tuple[float, float]:
        """A hundredth of a radian and 5 % of the speed."""
        return (0.01, 0.05 * shot.speed)

    def where(self, view: View, disc: PlacedDisc) -> str:
        """On a line, in a scoring region, or leaning on the hole."""
        board = board_of(view)
        if disc.leaning:
            return "leaning on the hole"
        fifteen, ten, shooting = board.rings
        r = abs(complex(disc.x, disc.y))
        foot = board.disc.footprint_radius
        for ring, name in ((fifteen, "15"), (ten, "10"), (shooting, "shooting")):
            if abs(r - ring.radius) <= foot + ring.width / 2:
                return f"on the {name} line"
        return _WHERE.get(int(board.region_of(disc.x, disc.y)), "in play")

    def shelter(self, view: View, position: Position, disc: PlacedDisc) -> str:
        """Behind a peg (or a disc) when no straight line from the opposing seat's
        shooting line reaches it clear."""
        board = board_of(view)
        r = board.disc.radius
        base = CrokinoleBoard.seat_angle(crokinole_features.opposing_seat(view))
        pegs = discs = 0
        for a in crokinole_features.REACH:
            sx = board.shooting_line_radius * math.cos(base + a)
            sy = board.shooting_line_radius * math.sin(base + a)
            peg = any(
                segment_gap(px, py, sx, sy, disc.x, disc.y) < r + board.peg_radius
                for px, py in board.pegs
            )
            other = any(
                segment_gap(d.x, d.y, sx, sy, disc.x, disc.y) < 2 * r
                for d in position.layout.discs
                if d.id != disc.id
            )
            if not (peg or other):
                return ""
            pegs += peg
            discs += other and not peg
        return "behind a peg" if pegs >= discs else "behind a disc"

    def skill_view(self, view: View) -> View:
        """The opening shot of the round on an empty board, as it is."""
        return view

    def target_spot(self, view: View, rng: np.random.Generator) -> tuple[float, float]:
        """A random spot inside the 10 line, off the hole."""
        r = float(rng.uniform(0.03, board_of(view).ten_line_radius - 0.02))
        a = float(rng.uniform(0, 2 * math.pi))
        return (r * math.cos(a), r * math.sin(a))

    def bot(self, name: str, seed: int) -> Player:
        """The simple bot: the 20 on an empty board, else the most central opposing disc."""
        return SimpleBot(name, seed=seed)


def _takeouts(
    view: View, spots: list[tuple[float, float]], d: PlacedDisc, params: PhysicsParams
) -> list[Candidate]:
    r = view.board.disc.radius
    ranked = sorted(
        spots,
        key=lambda s: (
            not path_clear(view, s[0], s[1], d.x, d.y, ignore=d.id),
            math.hypot(d.x - s[0], d.y - s[1]),
        ),
    )
    words = intent(view, "takeout", d.id)
    out = []
    for sx, sy in ranked[:2]:
        dist = math.hypot(d.x - sx, d.y - sy)
        base = math.atan2(d.y - sy, d.x - sx)
        for cut in CUTS:
            angle = base + math.asin(max(-1.0, min(1.0, cut * r / max(dist, r))))
            for follow in FOLLOW:
                speed = clip_speed(params.speed_to_travel(dist + follow))
                out.append(Candidate(Shot(sx, sy, angle, speed), "takeout", words, d.id))
    return out


def _draws(view: View, spots: list[tuple[float, float]], params: PhysicsParams) -> list[Candidate]:
    board = board_of(view)
    r = board.disc.radius
    centre = CrokinoleBoard.seat_angle(view.turn.seat)
    # Hide: just behind a peg as seen from the opposite seat.
    ox = board.shooting_line_radius * math.cos(centre + math.pi)
    oy = board.shooting_line_radius * math.sin(centre + math.pi)
    targets: list[tuple[float, float, str]] = []
    for px, py in board.pegs:
        dx, dy = px - ox, py - oy
        n = math.hypot(dx, dy)
        gap = board.peg_radius + r + 0.002
        targets.append((px + dx / n * gap, py + dy / n * gap, "hide"))
    for k in (-1, 0, 1):
        a = centre + k * 0.6
        targets.append((0.07 * math.cos(a), 0.07 * math.sin(a), "draw"))
    out: list[Candidate] = []
    for tx, ty, kind in targets:
        for sx, sy in spots:
            if path_clear(view, sx, sy, tx, ty):
                speed = clip_speed(params.speed_to_travel(math.hypot(tx - sx, ty - sy)))
                spot = "into the 15" if kind == "draw" else ""
                words = intent(view, kind, None, spot)
                out.append(Candidate(Shot.towards(sx, sy, tx, ty, speed), kind, words))
                break
    return out


register_tactics("crokinole", CrokinoleTactics())
