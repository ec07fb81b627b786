"""Shots on tables (:mod:`flickboard.play.tables`), by each table's game, compiled.

:func:`shoot` plays one shot on a table as :meth:`Match.play
<flickboard.play.match.Match.play>` does: the physics kernel
(:func:`~flickboard.physics.kernel.run_shot`) from the discs in play in the layout's
order, the game's compiled referee core (each disc's fate and where it lies, validity,
the points on the board, the 20s), then the game's bookkeeping. The other functions
answer what the Match answers between shots: the start line's allowed stretches
(:func:`allowed_starts`), why a start is refused (:func:`start_fault`), the shots to
come (:func:`to_come`).

The functions here are where a table's game is asked for its compiled rules: each
dispatches on ``setup.game`` to the game's table module (:mod:`.crokinole_tables`,
:mod:`.shuffleboard_tables`), the one place a third game adds its own.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from flickboard.geometry.startline import LineFigures, cut_discs
from flickboard.jit import jitable
from flickboard.physics.batch import MODE_TO_STATE
from flickboard.physics.kernel import NO_LOG, run_shot
from flickboard.play import crokinole_tables, shuffleboard_tables
from flickboard.play.tables import MAX_DISCS, STATUS_IMPOSSIBLE, STATUS_KERNEL, STATUS_PLAYED
from flickboard.rules.codes import IN_PLAY, NO_FATE, RESTORED
from flickboard.rules.crokinole.compiled import crokinole_work
from flickboard.rules.kept import Rulings, new_rulings
from flickboard.rules.shuffleboard.compiled import csc_work

Record = Any
"""A record of a structured array of :mod:`flickboard.play.tables` (typed by numba)."""


class Workspace(NamedTuple):
    """What shots on tables work in, made once for many shots (:func:`workspace`): the
    kernel's rows, ids and sides, the shot, the kernel's finals as the cores read them,
    each core's rulings and working arrays, room for starts' checks."""

    rows: np.ndarray
    ids: np.ndarray
    owners: np.ndarray
    velocity: np.ndarray
    offsets: np.ndarray
    xs: np.ndarray
    ys: np.ndarray
    states: np.ndarray
    ran: np.ndarray
    crokinole: Rulings
    lean: np.ndarray
    twenties: np.ndarray
    crokinole_work: crokinole_tables.Work
    csc: Rulings
    csc_work: shuffleboard_tables.Work
    centres_x: np.ndarray
    centres_y: np.ndarray
    laid: np.ndarray


CROKINOLE = crokinole_tables.CODE
SHUFFLEBOARD = shuffleboard_tables.CODE


@jitable
def workspace() -> Workspace:
    """Room for shots of up to :data:`~flickboard.play.tables.MAX_DISCS` discs."""
    n = MAX_DISCS + 1
    return Workspace(
        np.empty((n, 3)),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(5),
        np.zeros(2, dtype=np.int64),
        np.empty((1, n)),
        np.empty((1, n)),
        np.empty((1, n), dtype=np.int8),
        np.zeros(1, dtype=np.int8),
        new_rulings(1, n, 4),
        np.zeros((1, n), dtype=np.bool_),
        np.zeros((1, 4), dtype=np.int32),
        crokinole_work(n),
        new_rulings(1, n, 2),
        csc_work(n),
        np.empty(n),
        np.empty(n),
        np.empty(n, dtype=np.int64),
    )


@jitable
def begin(m: Record, setup: Record, toss: int) -> None:
    """A new match on the table of ``m`` (``toss``: the colour a coin toss gives a best
    of three's third game)."""
    m.over = 0
    m.toss = toss
    for s in range(m.scores.shape[0]):
        m.match_points[s] = 0
        m.games_won[s] = 0
        m.match_twenties[s] = 0
    if setup.game == CROKINOLE:
        crokinole_tables.begin(m, setup)
    else:
        shuffleboard_tables.begin(m, setup)


@jitable
def to_come(m: Record, setup: Record, seats: np.ndarray, sides: np.ndarray) -> int:
    """The (seat, side) of every shot left in the round, the next one first, in
    ``seats`` and ``sides``; how many (none once the match is over)."""
    if setup.game == CROKINOLE:
        return crokinole_tables.to_come(m, setup, seats, sides)
    return shuffleboard_tables.to_come(m, setup, seats, sides)


@jitable
def start_fault(m: Record, setup: Record, x: float, y: float, ws: Workspace) -> tuple[int, int]:
    """Why the next shot may not start at (x, y): the game's start fault code (0: it
    may) and its disc or placement fault."""
    if setup.game == CROKINOLE:
        return crokinole_tables.start_fault_at(m, setup, x, y, ws.centres_x, ws.centres_y)
    return shuffleboard_tables.start_fault_at(m, setup, x, y)


@jitable
def seat_line(setup: Record, seat: int) -> LineFigures:
    """The start line of ``seat``, the whole of it."""
    return LineFigures(
        setup.line_arc[seat] != 0, setup.line_radius[seat], setup.line_a0[seat],
        setup.line_a1[seat], setup.line_x0[seat], setup.line_y0[seat], setup.line_x1[seat],
        setup.line_y1[seat],
    )  # fmt: skip


@jitable
def allowed_starts(m: Record, setup: Record, lo: np.ndarray, hi: np.ndarray) -> int:
    """The stretches of the next shot's start line a shot may start from, in ``lo``,
    ``hi`` (room for one more than the discs); how many (0: none)."""
    if setup.game == CROKINOLE:
        allowed = crokinole_tables.may_start(m, setup)
    else:
        allowed = shuffleboard_tables.may_start(m, setup)
    if not allowed:
        return 0
    lo[0] = 0.0
    hi[0] = 1.0
    line = seat_line(setup, m.seat)
    return cut_discs(line, lo, hi, 1, m.x, m.y, m.on, setup.gap)


@jitable
def shoot(
    m: Record,
    setup: Record,
    board: np.ndarray,
    params: np.ndarray,
    x: float,
    y: float,
    angle: float,
    speed: float,
    spin: float,
    out: Record,
    ws: Workspace,
) -> int:
    """The next shot of ``m``'s match, from (x, y) at ``angle`` and ``speed`` with
    ``spin`` (its start already allowed), simulated, ruled and kept; what it did in
    ``out``. Returns its status (``STATUS_*``); a shot that could not be played changes
    nothing."""
    out.seat = m.seat
    out.side = m.side
    out.disc = m.shot
    out.x = x
    out.y = y
    out.angle = angle
    out.speed = speed
    out.spin = spin
    out.round = m.round
    out.game = m.game
    out.valid = 0
    out.round_ended = 0
    out.game_ended = 0
    out.over = 0
    out.winner = -1
    out.kernel = 0
    out.info = 0
    count = m.count
    rows = ws.rows[:count]
    ids = ws.ids[: count + 1]
    owners = ws.owners[: count + 1]
    for j in range(count):
        d = m.laid[j]
        rows[j, 0] = m.x[d]
        rows[j, 1] = m.y[d]
        rows[j, 2] = 1.0 if m.lean[d] else 0.0
        ids[j] = d
        owners[j] = m.owner[d]
    ids[count] = m.shot
    owners[count] = m.side
    velocity = ws.velocity
    velocity[0] = x
    velocity[1] = y
    velocity[2] = speed * math.cos(angle)
    velocity[3] = speed * math.sin(angle)
    velocity[4] = spin
    code, what, events, finals, _ = run_shot(board, params, rows, velocity, NO_LOG[0])
    if code != 0:
        out.status = STATUS_KERNEL
        out.kernel = code
        out.info = what
        return STATUS_KERNEL
    offsets = ws.offsets
    offsets[1] = events.shape[0]
    xs = ws.xs[:, : count + 1]
    ys = ws.ys[:, : count + 1]
    states = ws.states[:, : count + 1]
    for c in range(count + 1):
        xs[0, c] = finals[c, 0]
        ys[0, c] = finals[c, 1]
        states[0, c] = MODE_TO_STATE[int(finals[c, 2])]
    if setup.game == CROKINOLE:
        valid, fate, ax, ay, lean, points, made, impossible = crokinole_tables.rule(
            setup, owners, rows, events, offsets, xs, ys, states, ws.ran, ws.crokinole,
            ws.lean, ws.twenties, ws.crokinole_work,
        )  # fmt: skip
    else:
        valid, fate, ax, ay, lean, points, made, impossible = shuffleboard_tables.rule(
            setup, owners, rows, events, offsets, xs, ys, states, ws.ran, ws.csc, ws.lean,
            ws.twenties, ws.csc_work,
        )  # fmt: skip
    if impossible[0]:
        out.status = STATUS_IMPOSSIBLE
        return STATUS_IMPOSSIBLE
    out.status = STATUS_PLAYED
    out.valid = valid[0]
    _lay(m, setup, ids, owners, fate[0], ax[0], ay[0], lean[0], ws.laid)
    for d in range(m.on.shape[0]):
        out.board_on[d] = m.on[d]
        out.board_x[d] = m.x[d]
        out.board_y[d] = m.y[d]
        out.board_lean[d] = m.lean[d]
        out.board_owner[d] = m.owner[d]
        out.board_laid[d] = m.laid[d]
    out.board_count = m.count
    if setup.game == CROKINOLE:
        crokinole_tables.after_shot(m, setup, points[0], made[0], out)
    else:
        shuffleboard_tables.after_shot(m, setup, points[0], made[0], out)
    return STATUS_PLAYED


@jitable
def _lay(
    m: Record,
    setup: Record,
    ids: np.ndarray,
    owners: np.ndarray,
    fate: np.ndarray,
    ax: np.ndarray,
    ay: np.ndarray,
    lean: np.ndarray,
    before: np.ndarray,
) -> None:
    """Each disc where the ruling lays it, and the discs on the board in the order the
    referee lists them: by id, or the shooter first, then those before in their order."""
    shooter = ids.shape[0] - 1
    for c in range(ids.shape[0]):
        f = fate[c]
        d = ids[c]
        if f == NO_FATE:
            continue
        if f in (IN_PLAY, RESTORED):
            m.on[d] = 1
            m.x[d] = ax[c]
            m.y[d] = ay[c]
            m.lean[d] = 1 if lean[c] else 0
            m.owner[d] = owners[c]
        else:
            m.on[d] = 0
            m.lean[d] = 0
    count = 0
    if setup.by_id:
        for d in range(m.on.shape[0]):
            if m.on[d]:
                m.laid[count] = d
                count += 1
    else:
        for j in range(m.count):
            before[j] = m.laid[j]
        if m.on[ids[shooter]]:
            m.laid[0] = ids[shooter]
            count = 1
        for j in range(m.count):
            if m.on[before[j]]:
                m.laid[count] = before[j]
                count += 1
    m.count = count


__all__ = [
    "CROKINOLE",
    "SHUFFLEBOARD",
    "allowed_starts",
    "begin",
    "seat_line",
    "shoot",
    "start_fault",
    "to_come",
    "workspace",
]
