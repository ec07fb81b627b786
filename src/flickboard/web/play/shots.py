"""One shot at the table, as the server plays it and as the page is told of it.

:func:`play_shot` is the whole of the server's work for a shot: the match plays it
(:meth:`~flickboard.play.match.Match.play` with ``keep_log``: the start checked, one
simulation with the kernel's state log, the ruling on that record), and the log is kept
so the trajectory the page animates is sampled from the very shot that was ruled.
:func:`shot_json` says it all to the page: the position before, the trajectory, the
events worth showing, the ruling (each disc's fate with the clause and its sentence) and
what the shot ended. ``bench/web.py`` times these functions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from flickboard.physics import Shot, ShotRecord
from flickboard.physics.record import EventKind
from flickboard.physics.trajectory import StateLog, Trajectory, sample_log, state_log
from flickboard.play.match import Match, Step
from flickboard.rules.base import Position, Ruling

FPS = 30.0
"""Trajectory samples per second sent to the page. The page interpolates linearly
between samples at the display's rate; every instant a disc's motion changes (a
contact, a stop) is sampled too, so paths turn exactly where they did, and between
samples a decelerating disc is off its true place by at most ``mu g / (8 fps^2)``:
0.2 mm on crokinole wax at 30 per second, well under a pixel (docs/web.md)."""

PLACES = 5
"""Decimal places of positions sent to the page (10 micrometres)."""

SHOWN_EVENTS = frozenset(
    {
        EventKind.DISC_CONTACT,
        EventKind.PEG_CONTACT,
        EventKind.RAIL_CONTACT,
        EventKind.LEFT_SURFACE,
        EventKind.LANDED,
        EventKind.DROPPED,
        EventKind.LEANED,
    }
)
"""Events the page marks as they happen (line touches are left to the ruling)."""


def play_shot(
    match: Match, seat: int, shot: Shot, timings: dict[str, float] | None = None
) -> tuple[Step, StateLog]:
    """Play ``shot`` for ``seat`` through :meth:`Match.play`, keeping the kernel's state
    log (the turn and start checked once there). Raises the match's errors (out of
    turn, illegal start...) before anything changes. ``timings`` gets the seconds
    spent simulating and ruling."""
    step = match.play(shot, seat, keep_log=True)
    log = step.log
    assert log is not None
    if timings is not None:
        timings.update(step.seconds)
    return replace(step, log=None), log  # a live game keeps its steps, not their logs


def replay_log(record: ShotRecord, match: Match) -> StateLog:
    """The state log of a shot already played (same engine, same inputs: the same
    motion), for the replay page; a hand-entered shot has none (``record.shot`` None)."""
    assert record.shot is not None
    return state_log(record.layout, record.shot, shooter=record.shooter, params=match.params)


def discs_json(position: Position) -> list[dict[str, Any]]:
    """The discs of a position: id, side, centre, leaning."""
    return [
        {
            "id": d.id,
            "side": position.side_of(d.id),
            "x": round(d.x, PLACES),
            "y": round(d.y, PLACES),
            "leaning": d.leaning,
        }
        for d in position.layout.discs
    ]


def shot_values(shot: Shot) -> dict[str, float]:
    """A shot's start, direction (radians from +x), speed and spin."""
    return {
        "x": round(shot.x, PLACES),
        "y": round(shot.y, PLACES),
        "angle": round(shot.angle, 6),
        "speed": round(shot.speed, 4),
        "spin": round(shot.spin, 4),
    }


def trajectory_json(traj: Trajectory) -> dict[str, Any]:
    """Sample times and, for each disc that moves, its centres and where it is.

    Discs that never move are left out (they stay where the position before has them).
    ``where`` lists only the changes, as ``[sample index, code]`` with codes as in
    :data:`flickboard.physics.trajectory.WHERE` (surface, airborne, ditch, hole,
    leaning, gutter).
    """
    discs = []
    for k, disc in enumerate(traj.ids):
        xs, ys, where = traj.x[:, k], traj.y[:, k], traj.where[:, k]
        still = np.all(xs == xs[0]) and np.all(ys == ys[0]) and np.all(where == where[0])
        if still and k != len(traj.ids) - 1:
            continue
        changes = np.flatnonzero(np.diff(where)) + 1
        discs.append(
            {
                "id": disc,
                "x": np.round(xs, PLACES).tolist(),
                "y": np.round(ys, PLACES).tolist(),
                "where": [[0, int(where[0])]] + [[int(i), int(where[i])] for i in changes],
            }
        )
    return {"fps": FPS, "t": np.round(traj.times, 4).tolist(), "discs": discs}


def events_json(record: ShotRecord) -> list[dict[str, Any]]:
    """The events the page marks: contacts, drops, leaners, the ditch and gutters."""
    return [
        {
            "t": round(e.time, 4),
            "kind": e.kind.value,
            "disc": e.disc,
            "other": e.other if e.other is None or isinstance(e.other, int) else str(e.other),
            "x": round(e.x, PLACES),
            "y": round(e.y, PLACES),
        }
        for e in record.events
        if e.kind in SHOWN_EVENTS
    ]


def ruling_json(ruling: Ruling) -> dict[str, Any]:
    """The ruling: valid or not, its summary, and each disc's fate with where it now
    lies, the clause applied and the sentence that explains it."""
    return {
        "valid": ruling.valid,
        "summary": ruling.summary,
        "decisions": [
            {
                "disc": d.disc,
                "side": d.side,
                "fate": d.fate.value,
                "x": round(d.x, PLACES),
                "y": round(d.y, PLACES),
                "leaning": d.leaning,
                "clause": d.clause,
                "reason": d.reason,
            }
            for d in ruling.decisions
        ],
        "twenties": {str(side): n for side, n in ruling.twenties().items()},
    }


def shot_json(step: Step, log: StateLog | None) -> dict[str, Any]:
    """Everything the page shows of one shot (``log`` None: a shot without a trajectory,
    drawn at its final positions)."""
    entry = step.entry
    record = entry.record
    return {
        "game": step.game,
        "round": step.round,
        "seat": entry.turn.seat,
        "side": entry.turn.side,
        "disc": entry.turn.disc,
        "shot": None if record.shot is None else shot_values(record.shot),
        "before": discs_json(entry.position),
        "after": discs_json(entry.ruling.position_after),
        "duration": round(record.duration, 4),
        "trajectory": None if log is None else trajectory_json(sample_log(log, FPS, turns=True)),
        "events": events_json(record),
        "ruling": ruling_json(entry.ruling),
        "rounds_ended": [r.to_json() for r in step.rounds_ended],
        "games_ended": [g.to_json() for g in step.games_ended],
        "over": step.over,
    }
