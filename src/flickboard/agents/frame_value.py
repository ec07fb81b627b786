"""What a table shuffleboard position is worth: the frame points still to come, fitted.

The last weight of a frame (the hammer) decides most frames, and a leading weight with
an open lane in front of it is usually knocked off by the next opposing weight. A fixed
formula misjudges both, so the expected frame margin is fitted on simulated frames:
for every count of weights left (mine, theirs) after my delivery, a least-squares line

    E[final margin] = c0 + c_open * open_lead + c_guarded * guarded_lead + c_behind * behind

where, from my side's point of view (positive when mine, negative when theirs):

- ``open_lead``: points of the leading weights with an open straight lane from the
  delivering end (no weight in front of them within a weight's width);
- ``guarded_lead``: points of the leading weights with a weight in front of them;
- ``behind``: zone points of the weights in play that do not lead (mine minus theirs),
  which score once the weights in front of them are gone.

The count of each weight comes from the rules (:func:`count_frame`), never a copy.
Refit with ``python -m flickboard.agents.frame_value`` (heuristic self-play at the
``club`` level; see docs/ai.md) and paste the printed table into :data:`FRAME_MODEL`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

import numpy as np

from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.play.view import View
from flickboard.rules.base import Position, Side
from flickboard.rules.shuffleboard.scoring import count_frame

Features = tuple[float, float, float, float]
"""(1, open_lead, guarded_lead, behind) from one side's point of view."""

FRAME_MODEL: dict[tuple[int, int], Features] = {
    (0, 1): (-2.468, 0.372, 1.288, 0.249),
    (1, 1): (0.946, 0.458, 1.160, 0.059),
    (1, 2): (-2.504, 0.371, 0.975, 0.208),
    (2, 2): (1.095, 0.354, 0.244, -0.069),
    (2, 3): (-2.130, 0.154, 0.000, 0.098),
    (3, 3): (1.624, 0.076, 0.000, 0.000),
    (3, 4): (-1.764, -0.016, 0.000, 0.000),
}
"""Coefficients (c0, c_open, c_guarded, c_behind) by (my weights left, theirs left)."""

FRAME_SCALE = 8.0
"""Frame points that map to a value of 1 (a margin of 8 or more is a certain frame)."""


def features(table: ShuffleboardTable, position: Position, me: Side) -> Features:
    """The fitted model's inputs for ``position`` seen by side ``me``."""
    count = count_frame(table, position)
    reach = 2 * table.disc.radius
    discs = {d.id: d for d in position.layout.discs}
    open_lead = guarded = behind = 0.0
    for w in count.weights:
        sign = 1.0 if w.side == me else -1.0
        if w.leading and w.points:
            d = discs[w.disc]
            blocked = any(
                o.id != d.id and o.y < d.y and abs(o.x - d.x) < reach for o in discs.values()
            )
            if blocked:
                guarded += sign * w.points
            else:
                open_lead += sign * w.points
        elif not w.leading and w.zone is not Zone.NEUTRAL:
            behind += sign * int(w.zone)
    return (1.0, open_lead, guarded, behind)


def expected_margin(
    table: ShuffleboardTable, position: Position, me: Side, mine_left: int, theirs_left: int
) -> float:
    """Expected frame points of ``me`` minus the other side's at the end of the frame."""
    f = features(table, position, me)
    if mine_left == 0 and theirs_left == 0:
        return f[1] + f[2]
    coefficients = _coefficients(mine_left, theirs_left)
    return float(sum(c * x for c, x in zip(coefficients, f, strict=True)))


def frame_value(view: View, position: Position, mine_left: int, theirs_left: int) -> float:
    """Expected frame margin for the side of ``view``, scaled to [-1, 1]."""
    table = cast(ShuffleboardTable, view.board)
    margin = expected_margin(table, position, view.turn.side, mine_left, theirs_left)
    return max(-1.0, min(1.0, margin / FRAME_SCALE))


def _coefficients(mine: int, theirs: int) -> Features:
    key = (min(mine, 4), min(theirs, 4))
    if key in FRAME_MODEL:
        return FRAME_MODEL[key]
    # Counts never seen in fitting (doubles order quirks): the nearest fitted count.
    near = min(FRAME_MODEL, key=lambda k: (abs(k[0] - key[0]) + abs(k[1] - key[1]), k))
    return FRAME_MODEL[near]


@dataclass(frozen=True, slots=True)
class Sample:
    """One delivery of a simulated frame: counts left, features, and the frame's result."""

    mine_left: int
    theirs_left: int
    features: Features
    final_margin: float


def fit(samples: list[Sample], min_samples: int = 30) -> dict[tuple[int, int], Features]:
    """Least-squares coefficients per (mine, theirs) count (ridge-stabilised)."""
    groups: dict[tuple[int, int], list[Sample]] = {}
    for s in samples:
        groups.setdefault((s.mine_left, s.theirs_left), []).append(s)
    model: dict[tuple[int, int], Features] = {}
    for key, group in sorted(groups.items()):
        if key == (0, 0) or len(group) < min_samples:
            continue
        x = np.array([s.features for s in group])
        y = np.array([s.final_margin for s in group])
        ridge = 1e-3 * np.eye(x.shape[1])
        ridge[0, 0] = 0.0
        c = np.linalg.solve(x.T @ x + len(group) * ridge, x.T @ y)
        model[key] = (float(c[0]), float(c[1]), float(c[2]), float(c[3]))
    return model


def simulate_frames(frames: int, seed: int, level: str = "club") -> list[Sample]:
    """Frames of heuristic self-play on the CSC table, one sample per delivery."""
    from flickboard.agents.heuristic import HeuristicPlayer
    from flickboard.play.kind import game_kind

    kind = game_kind("shuffleboard")
    table = ShuffleboardTable.csc()
    samples: list[Sample] = []
    for k in range(frames):
        players = {
            0: HeuristicPlayer(level, seed + 2 * k),
            1: HeuristicPlayer(level, seed + 2 * k + 1),
        }
        match = kind.new_match(first=k % 2)
        pending: list[tuple[Side, int, int, Features]] = []
        while True:  # one frame
            view = match.view()
            step = match.play(players[view.turn.side].decide(view))
            left = view.to_come[1:]
            me = view.turn.side
            mine = sum(1 for _, s in left if s == me)
            position = step.ruling.position_after
            pending.append((me, mine, len(left) - mine, features(table, position, me)))
            if step.rounds_ended:
                points = step.rounds_ended[0].scores
                for side, m, t, f in pending:
                    samples.append(Sample(m, t, f, float(points[side] - points[1 - side])))
                break
    return samples


def main(frames: int = 20_000, seed: int = 20_251_123) -> None:
    """Fit the model and print the table for :data:`FRAME_MODEL`."""
    samples = simulate_frames(frames, seed)
    model = fit(samples)
    print("FRAME_MODEL: dict[tuple[int, int], Features] = {")
    for key, c in model.items():
        print(f"    {key}: ({', '.join(f'{v:.3f}' for v in c)}),")
    print("}")
    residual = [
        s.final_margin
        - sum(
            a * b
            for a, b in zip(
                model.get((s.mine_left, s.theirs_left), (0.0,) * 4), s.features, strict=True
            )
        )
        for s in samples
        if (s.mine_left, s.theirs_left) in model
    ]
    print(
        f"# {len(samples)} deliveries, rms residual {math.sqrt(float(np.mean(np.square(residual)))):.2f} points"
    )


if __name__ == "__main__":
    main()
