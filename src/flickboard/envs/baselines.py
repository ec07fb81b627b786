"""Cheap batched baselines: shots aimed from the observation alone, a ladder of grades.

Each grade reads the disc slots of its observations (positions in the shooter's frame,
which discs are in play, whose they are: :mod:`flickboard.envs.observation`) and aims
every table's shot at once in numpy, so it plays on the compiled tables as any batched
policy does (:class:`~flickboard.envs.tables.BatchPolicy`; ``act_on`` for one table).
No simulation, no view:

- ``baseline-1`` (*draw*): always the game's calibration draw (crokinole: the open 20
  from the middle of the quadrant; table shuffleboard: a draw to the middle of the three
  zone; :meth:`~flickboard.play.kind.GameKind.skill_test`), whatever lies on the board.
- ``baseline-2`` (*takeout*): from the middle of the start line, straight at the
  opposing disc nearest that point when one is in play (crokinole: a shot that hits none
  is a foul), else the draw.
- ``baseline-3`` (*aimed*): the takeout of the opposing disc worth most (nearest the
  draw's spot) that some start has a clear path to (no other disc, no peg in the way),
  from the clear start nearest the middle; the draw from the start nearest the middle
  whose path is clear. In crokinole it takes out whenever an opposing disc is in play; on
  a shuffleboard only when the opposing weight nearest the spot beats every own one.

Aim: a start ``u`` on the line is named as if the whole line were allowed (a disc lying
on the line shifts the start a little: ``start="allowed"`` skips the stretch it covers);
the speed is the one that stops a lone disc the draw's travel past its aim point
(draws) or :data:`FOLLOW` past the struck disc (takeouts), as
:meth:`~flickboard.physics.PhysicsParams.speed_to_travel` says. The grades are
deterministic: the environment's execution noise is the only chance in their games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from flickboard.envs.actions import Action, ActionMap
from flickboard.envs.observation import (
    DISC_STATES,
    STATE_IN_PLAY,
    STATE_LEANING,
    Observation,
    ObservationLayout,
    seat_frame,
)
from flickboard.errors import InvalidInput
from flickboard.physics import Layout
from flickboard.play.kind import GameKind, game_kind
from flickboard.play.match import Match
from flickboard.play.view import View
from flickboard.rules.base import Position, Turn

GRADES: dict[str, int] = {"baseline-1": 1, "baseline-2": 2, "baseline-3": 3}
"""The baselines by name, weakest first, and their grade."""

KIND_NAMES = {1: "draw", 2: "takeout", 3: "aimed"}
"""What each grade plays (its short name, also accepted as its name)."""

FOLLOW = 0.3
"""Travel (m) a takeout is given past the disc it strikes (a firm hit)."""

STARTS = 41
"""Points of the start line an aimed grade weighs (evenly spread, ends included)."""

Floats = npt.NDArray[np.float64]


def grade_of(name: str) -> int | None:
    """The grade a name gives (``baseline-2`` or ``takeout``...), None if it names none."""
    text = name.strip().lower()
    if text in GRADES:
        return GRADES[text]
    for grade, short in KIND_NAMES.items():
        if text == short:
            return grade
    return None


def is_baseline_name(name: str) -> bool:
    """Whether ``name`` names a batched baseline."""
    return grade_of(name) is not None


@dataclass(frozen=True, slots=True)
class Aim:
    """What every grade aims with, in the shooter's frame (metres, +y straight in): the
    start line's points and inward directions at :data:`STARTS` values of ``u``, the
    draw's aim point, its extra travel past it, the spot a draw stops at, the fixed
    obstacles (x, y, radius), the disc radius, the speed over a metre of travel (speeds
    go as the root of the travel) and the half-sizes observations are scaled by."""

    us: Floats
    starts: Floats
    inward: Floats
    aim: tuple[float, float]
    overshoot: float
    spot: tuple[float, float]
    obstacles: Floats
    radius: float
    per_metre: float
    box: tuple[float, float]

    @classmethod
    def of(cls, kind: GameKind, match: Match) -> Aim:
        """The aim of a match's setup, from its first listed seat (every seat sees the
        same, in its own frame)."""
        view = match.view()
        board, referee = view.board, view.referee
        seat = match.seats[0]
        side = match.side_of(seat)
        frame = seat_frame(referee, board, seat, side)
        cx, cy, hx, hy = frame.box
        turn = math.atan2(frame.sin, frame.cos)

        def local(x: float, y: float) -> tuple[float, float]:
            lx, ly = frame.to_local(x, y)
            return lx * hx, ly * hy

        line = referee.start_line(Position.of(Layout(board, ()), {}), Turn(seat, side, 0))
        us = np.linspace(0.0, 1.0, STARTS)
        starts = np.array([local(*line.point(float(u))) for u in us])
        inward = np.array([line.inward(float(u)) + turn for u in us])
        _layout, shot, _check = kind.skill_test()
        params = match.params
        travel = params.travel_at_speed(shot.speed)
        sx, sy = local(shot.x, shot.y)
        heading = shot.angle + turn
        spot = (sx + travel * math.cos(heading), sy + travel * math.sin(heading))
        aim, overshoot = spot, 0.0
        if kind.draws_through_centre:
            aim = local(cx, cy)
            overshoot = travel - math.hypot(aim[0] - sx, aim[1] - sy)
        obstacles = np.array([(*local(x, y), r) for x, y, r in board.obstacles]).reshape(-1, 3)
        return cls(
            us, starts, inward, aim, overshoot, spot, obstacles, board.disc.radius,
            params.speed_to_travel(1.0), (hx, hy),
        )  # fmt: skip


@dataclass
class BaselinePolicy:
    """A graded baseline (see the module docstring) for one game's setup.

    ``setup`` is the match setup (as for :func:`flickboard.new_match`) its observations
    are shaped for (default the game's singles); ``actions`` the environment's action
    map (default the game's)."""

    grade: int
    game: str = "crokinole"
    actions: ActionMap | None = None
    setup: Mapping[str, Any] | None = None
    name: str = ""
    layout: ObservationLayout = field(init=False, repr=False)
    aim: Aim = field(init=False, repr=False)
    must_hit: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.grade not in KIND_NAMES:
            raise InvalidInput(
                f"a baseline's grade is one of {sorted(KIND_NAMES)}, not {self.grade}"
            )
        kind = game_kind(self.game)
        self.game = kind.name
        self.name = self.name or f"baseline-{self.grade}"
        self.actions = self.actions or ActionMap.for_kind(kind)
        match = kind.new_match(**dict(self.setup or {}))
        self.layout = ObservationLayout.of(match.view(), match.sides, match.seats)
        self.aim = Aim.of(kind, match)
        self.must_hit = kind.must_strike

    def act(self, observation: Observation, view: View) -> Action:
        """The action for one observation (the view is not read)."""
        return self.act_on(observation)

    def act_on(self, observation: Observation) -> Action:
        """The action for one observation."""
        out: Action = self.act_batch(np.asarray(observation, dtype=np.float32)[None, :])[0]
        return out

    def act_batch(self, observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The action of each observation, by row: ``(n, 4)`` in [-1, 1]."""
        obs = np.asarray(observations, dtype=np.float64)
        n = obs.shape[0]
        xy, on, mine = self._discs(obs)
        aim = self.aim
        at = np.full(n, STARTS // 2)
        tx = np.full(n, aim.aim[0])
        ty = np.full(n, aim.aim[1])
        extra = np.full(n, aim.overshoot)
        theirs = on & ~mine
        if self.grade == 2:
            start = aim.starts[STARTS // 2]
            gap = np.where(theirs, np.hypot(xy[..., 0] - start[0], xy[..., 1] - start[1]), np.inf)
            target = np.argmin(gap, axis=1)
            hit = theirs.any(axis=1)
            rows = np.flatnonzero(hit)
            tx[rows], ty[rows] = xy[rows, target[rows], 0], xy[rows, target[rows], 1]
            extra[hit] = FOLLOW
        elif self.grade == 3:
            at, tx, ty, extra = self._aimed(xy, on, mine, tx, ty, extra)
        return self._action(at, tx, ty, extra)

    def _discs(self, obs: Floats) -> tuple[Floats, npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Each slot's centre (metres, the shooter's frame), whether it is in play and
        whether it is the shooter's side's: ``(n, discs, 2)``, ``(n, discs)`` twice."""
        lay = self.layout
        slots = obs[:, : lay.discs * lay.per_disc].reshape(len(obs), lay.discs, lay.per_disc)
        xy = slots[..., :2] * np.array(self.aim.box)
        state = slots[..., 2 : 2 + len(DISC_STATES)]
        on = (state[..., STATE_IN_PLAY] + state[..., STATE_LEANING]) > 0.5
        mine = slots[..., 2 + len(DISC_STATES)] > 0.5
        return xy, on, mine

    def _aimed(
        self,
        xy: Floats,
        on: npt.NDArray[np.bool_],
        mine: npt.NDArray[np.bool_],
        tx: Floats,
        ty: Floats,
        extra: Floats,
    ) -> tuple[npt.NDArray[np.int64], Floats, Floats, Floats]:
        """Grade 3: the most valuable opposing disc some start reaches clear (else the
        most valuable), or the draw from the clear start nearest the middle."""
        aim = self.aim
        n, discs = on.shape
        theirs = on & ~mine
        worth = np.hypot(xy[..., 0] - aim.spot[0], xy[..., 1] - aim.spot[1])
        if self.must_hit:
            hit = theirs.any(axis=1)
        else:
            best_theirs = np.where(theirs, worth, np.inf).min(axis=1)
            best_mine = np.where(on & mine, worth, np.inf).min(axis=1)
            hit = best_theirs < best_mine
        # Targets: each slot (a takeout) and the draw's aim point (the last column).
        goals = np.concatenate([xy, np.broadcast_to(aim.aim, (n, 1, 2))], axis=1)
        skip = np.concatenate([np.eye(discs, dtype=bool), np.zeros((1, discs), bool)])
        clear = self._clear(goals, xy, on, skip)  # (n, goals, starts)
        order = np.abs(aim.us - 0.5)  # nearer the middle first
        reach: npt.NDArray[np.bool_] = np.asarray(clear.any(axis=2))
        first = np.argmin(np.where(clear, order, np.inf), axis=2)  # (n, goals)
        value = np.where(theirs, worth, np.inf) - np.where(reach[:, :discs], 1e3, 0.0)
        target = np.argmin(value, axis=1)
        rows = np.arange(n)
        draw_at = np.where(reach[:, discs], first[:, discs], STARTS // 2)
        take_at = np.where(reach[rows, target], first[rows, target], STARTS // 2)
        at = np.where(hit, take_at, draw_at)
        tx = np.where(hit, xy[rows, target, 0], tx)
        ty = np.where(hit, xy[rows, target, 1], ty)
        extra = np.where(hit, FOLLOW, extra)
        return at, tx, ty, extra

    def _clear(
        self,
        goals: Floats,
        xy: Floats,
        on: npt.NDArray[np.bool_],
        skip: npt.NDArray[np.bool_],
    ) -> npt.NDArray[np.bool_]:
        """Whether the straight path from each start to each goal passes every disc in
        play (but the goal's own, ``skip``) and every obstacle: ``(n, goals, starts)``
        (the test of :func:`flickboard.agents.candidates.path_clear`, for every row,
        goal and start at once)."""
        aim = self.aim
        r = aim.radius
        starts = aim.starts  # (K, 2)
        d = goals[:, :, None, :] - starts[None, None, :, :]  # (n, G, K, 2)
        length2 = np.maximum(np.einsum("ngkc,ngkc->ngk", d, d), 1e-12)
        from_start = np.einsum("kc,ngkc->ngk", starts, d)

        def gaps(points: Floats) -> Floats:
            """Squared distance of each point (n or 1, P, 2) to each path: (n, G, K, P)."""
            along = np.einsum("npc,ngkc->ngkp", points, d) - from_start[..., None]
            t = np.clip(along / length2[..., None], 0.0, 1.0)
            rel = points[:, None, :, :] - starts[None, :, None, :]  # (n, K, P, 2)
            far2 = np.einsum("nkpc,nkpc->nkp", rel, rel)[:, None]  # (n, 1, K, P)
            out: Floats = far2 - 2 * t * along + t * t * length2[..., None]
            return out

        blocked = (gaps(xy) < (2 * r) ** 2) & on[:, None, None, :] & ~skip[None, :, None, :]
        clear: npt.NDArray[np.bool_] = ~np.asarray(blocked.any(axis=-1))
        if len(aim.obstacles):
            pegs = gaps(aim.obstacles[None, :, :2]) < (r + aim.obstacles[:, 2]) ** 2
            np.logical_and(clear, ~np.asarray(pegs.any(axis=-1)), out=clear)
        return clear

    def _action(
        self, at: npt.NDArray[np.int64], tx: Floats, ty: Floats, extra: Floats
    ) -> npt.NDArray[np.float32]:
        """The actions from start ``at`` (an index into the aim's starts) towards (tx,
        ty), travelling ``extra`` past it."""
        aim, actions = self.aim, self.actions
        assert actions is not None
        sx, sy = aim.starts[at, 0], aim.starts[at, 1]
        heading = np.arctan2(ty - sy, tx - sx)
        turn = np.remainder(aim.inward[at] - heading + math.pi, 2 * math.pi) - math.pi
        speed = aim.per_metre * np.sqrt(np.hypot(tx - sx, ty - sy) + extra)
        low, high = actions.speed_range
        out = np.empty((len(at), 4))
        out[:, 0] = 2 * aim.us[at] - 1
        out[:, 1] = turn / actions.max_angle
        out[:, 2] = 2 * (speed - low) / (high - low) - 1
        out[:, 3] = 0.0
        return np.clip(out, -1.0, 1.0).astype(np.float32)


def baseline_policy(
    name: str,
    game: str = "crokinole",
    *,
    actions: ActionMap | None = None,
    setup: Mapping[str, Any] | None = None,
) -> BaselinePolicy:
    """The batched baseline a name gives (``baseline-1`` .. ``baseline-3``, or ``draw``,
    ``takeout``, ``aimed``); :class:`InvalidInput` for any other name."""
    grade = grade_of(name)
    if grade is None:
        known = ", ".join([*GRADES, *KIND_NAMES.values()])
        raise InvalidInput(f"unknown batched baseline {name!r}; known: {known}")
    return BaselinePolicy(grade, game, actions, setup, name.strip().lower())


__all__ = [
    "FOLLOW",
    "GRADES",
    "KIND_NAMES",
    "Aim",
    "BaselinePolicy",
    "baseline_policy",
    "grade_of",
    "is_baseline_name",
]
