"""The geometric baseline: open 20 on an empty board, otherwise a takeout or a draw
line checked against pegs and discs; no simulation of its own shots.

Shuffleboard: the plan of the shuffleboard bot (draw to the three zone down a clear
lane, or knock off a leading opposing weight). Both play with calibrated noise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from flickboard.agents.base import View
from flickboard.agents.calibration import open_twenty_shot
from flickboard.agents.candidates import (
    CUTS,
    FOLLOW,
    Candidate,
    crokinole_candidates,
    crokinole_starts,
    disc_points,
    legal,
    path_clear,
)
from flickboard.agents.explain import intent
from flickboard.agents.noise import ExecutionNoise, noise_for
from flickboard.agents.planner import Choice, execute, params_for, turn_rng
from flickboard.agents.shuffleboard_bot import ShuffleboardBot
from flickboard.errors import IllegalInPosition
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Shot


@dataclass
class HeuristicPlayer:
    """Geometric baseline player at a skill level."""

    level: str = "club"
    seed: int = 0
    name: str = ""
    noise: ExecutionNoise | None = None
    last_choice: Choice | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if not self.name:
            self.name = f"heuristic:{self.level}"

    def noise_in(self, view: View) -> ExecutionNoise:
        """The execution noise of this player in the game of the view."""
        return self.noise if self.noise is not None else noise_for(view.referee.game, self.level)

    def choose(self, view: View) -> Choice:
        """The shot to aim, before execution noise."""
        if view.referee.game == "shuffleboard":
            shot = ShuffleboardBot().plan(view.position, view.turn)
            kind = "takeout" if shot.speed > 2.0 else "draw"
            words = (
                "takeout of the leading weight" if kind == "takeout" else "draw to the three zone"
            )
            return Choice(Candidate(shot, kind, words), None)
        board = view.board
        assert isinstance(board, CrokinoleBoard)
        params = params_for(view)
        mine = view.turn.side
        theirs = [d for d in view.position.layout.discs if view.position.side_of(d.id) != mine]
        starts = crokinole_starts(view, board)
        if not starts:
            raise IllegalInPosition(f"no shot can start for seat {view.turn.seat}")
        if not theirs:
            centre = CrokinoleBoard.seat_angle(view.turn.seat)
            for a in (0.0, 0.2, -0.2, 0.4, -0.4):
                shot = open_twenty_shot(board, params, centre + a)
                if legal(view, shot.x, shot.y) and path_clear(view, shot.x, shot.y, 0.0, 0.0):
                    return Choice(Candidate(shot, "open20", intent(view, "open20")), None)
        pool = crokinole_candidates(view, params)
        takeouts = [c for c in pool if c.kind == "takeout" and c.target is not None]
        if takeouts:
            # The most valuable target with a clear line; a firm, full hit.
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
            full = takeouts[:: len(CUTS) * len(FOLLOW)]
            return Choice(min(full, key=key), None)
        draws = [c for c in pool if c.kind in ("hide", "draw", "open20")]
        if draws:
            return Choice(draws[0], None)
        sx, sy = starts[0]
        return Choice(
            Candidate(Shot.towards(sx, sy, 0.0, 0.0, 0.5), "draw", "draw towards the centre"), None
        )

    def decide(self, view: View) -> Shot:
        """The chosen shot as executed, with this player's noise."""
        choice = self.choose(view)
        self.last_choice = choice
        z = ExecutionNoise.draws(turn_rng(self.seed, view, 0), 1)[0]
        return execute(self.noise_in(view), view, choice.candidate.shot, z)
