"""Table shuffleboard matches on tables (:mod:`flickboard.play.tables`): a match's
setup, and its bookkeeping after every delivery, compiled.

The bookkeeping is :class:`~flickboard.play.shuffleboard.ShuffleboardMatch`'s, by the
same rules (the functions the match calls): a frame's colours go in
:func:`~.shuffleboard.frame_order`, delivered by :func:`~.shuffleboard.deliverer`; after
its eighth weight the frame scores what the referee's count of the table gives (the
leading-weight rule), the next frame is opened by :func:`~.shuffleboard.next_first`, a
game is won by :func:`~.scoring.race_winner`, and a best of three goes to the side that
wins two (red opens game 1, green game 2, the coin toss game 3). A table takes no
official's calls (they come by hand): such a delivery plays through the Match.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from flickboard.jit import jitable
from flickboard.physics import Layout
from flickboard.play.scoring import race_winner
from flickboard.play.shuffleboard import (
    WEIGHTS_PER_FRAME,
    ShuffleboardMatch,
    deliverer,
    frame_order,
    next_first,
)
from flickboard.play.tables import new_setup
from flickboard.rules.base import Position, Turn
from flickboard.rules.kept import Rulings
from flickboard.rules.shuffleboard import GREEN, RED
from flickboard.rules.shuffleboard import compiled as shuffleboard_compiled
from flickboard.rules.shuffleboard.compiled import figures_array, rule_csc_shot
from flickboard.rules.shuffleboard.referee import may_deliver, start_fault

CODE = 1
"""Table shuffleboard's table code (``SETUP.game``)."""

Record = Any
"""A record of a structured array of :mod:`flickboard.play.tables` (typed by numba)."""


def table_problem(match: ShuffleboardMatch) -> str | None:
    """Why this match cannot be played on a table (None: it can)."""
    if match.offences:
        return "offences carried from earlier games play through the Match"
    return None


def shuffleboard_setup(match: ShuffleboardMatch) -> np.ndarray:
    """The setup record of a table playing this (new) match."""
    referee, rules = match.referee, match.rules
    table = referee.table
    setup = new_setup()
    r = setup[0]
    r["game"] = CODE
    r["players"] = rules.players
    r["sides"] = 2
    r["seat_count"] = rules.players
    r["seats"][: rules.players] = range(rules.players)
    r["teams"] = rules.doubles
    r["discs"] = WEIGHTS_PER_FRAME
    r["each"] = WEIGHTS_PER_FRAME // 2
    r["race"] = True
    r["target"] = rules.goal
    r["championship"] = match.best_of_three
    r["games"] = 3 if match.best_of_three else 1
    r["first_seat"] = rules.first
    figures = figures_array(table)
    r["figures"][: len(figures)] = figures
    empty = Position.of(Layout(table, ()), {})
    for seat in range(rules.players):
        line = referee.start_line(empty, Turn(seat, match.side_of(seat), 0)).figures()
        for name, value in line._asdict().items():
            r[f"line_{name}"][seat] = value
    r["gap"] = 2 * table.disc.radius
    r["disc_radius"] = table.disc.radius
    r["table_width"] = table.width
    r["foul_near"] = table.foul_line.near
    r["doubles"] = rules.doubles
    r["by_id"] = False
    return setup


@jitable
def begin(m: Record, setup: Record) -> None:
    """Game 1, frame 1: the first colour opens."""
    m.game = 1
    m.game_first = setup.first_seat
    m.scores[RED] = 0
    m.scores[GREEN] = 0
    _open_frame(m, setup, 1, m.game_first)


@jitable
def _open_frame(m: Record, setup: Record, number: int, first: int) -> None:
    """Frame ``number`` of the game, opened by colour ``first``."""
    m.round = number
    m.starter = first
    m.shot = 0
    m.count = 0
    for d in range(m.on.shape[0]):
        m.on[d] = 0
        m.lean[d] = 0
    frame_order(first, m.order, 0)
    _next_turn(m, setup)


@jitable
def _next_turn(m: Record, setup: Record) -> None:
    m.side = m.order[m.shot]
    m.seat = deliverer(setup.doubles != 0, m.side, m.round - 1)


@jitable
def to_come(m: Record, setup: Record, seats: np.ndarray, sides: np.ndarray) -> int:
    """The player and colour of every delivery left in the frame, the next one first;
    how many (none once the match is over)."""
    if m.over:
        return 0
    count = 0
    for k in range(m.shot, WEIGHTS_PER_FRAME):
        sides[count] = m.order[k]
        seats[count] = deliverer(setup.doubles != 0, m.order[k], m.round - 1)
        count += 1
    return count


@jitable
def start_fault_at(m: Record, setup: Record, x: float, y: float) -> tuple[int, int]:
    """Why the next delivery may not start at (x, y) (:func:`rules.shuffleboard.start_fault`)."""
    fault = start_fault(
        x, y, setup.disc_radius, setup.table_width, setup.foul_near, _own_in_play(m)
    )
    return fault, 0


@jitable
def _own_in_play(m: Record) -> int:
    count = 0
    for d in range(m.on.shape[0]):
        if m.on[d] and m.owner[d] == m.side:
            count += 1
    return count


@jitable
def may_start(m: Record, setup: Record) -> bool:
    """Whether the rules allow the next delivery a start at all (apart from the weights in
    play): not once its colour has every weight in play (:func:`may_deliver`)."""
    return may_deliver(_own_in_play(m))


Work = shuffleboard_compiled.Work
"""The CSC core's working arrays."""


@jitable
def rule(
    setup: Record,
    owners: np.ndarray,
    rows: np.ndarray,
    events: np.ndarray,
    offsets: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    states: np.ndarray,
    status: np.ndarray,
    rulings: Rulings,
    lean: np.ndarray,
    twenties: np.ndarray,
    work: Work,
) -> tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]:
    """The CSC referee's core on one delivery (no official's calls), in the room given:
    valid, fate, x, y, leaning (never), the frame's points on the table by colour, 20s
    (none), impossible."""
    n = xs.shape[1]
    valid, foul, fate, clause, ax, ay, points, impossible = rulings
    shot = (valid, foul, fate[:, :n], clause[:, :n], ax[:, :n], ay[:, :n], points, impossible)
    rule_csc_shot(
        0, setup.figures[:6], owners, rows, events, offsets, xs, ys, states, status, shot, work
    )
    flat = lean[:, :n]
    for k in range(n):
        flat[0, k] = False
    for c in range(twenties.shape[1]):
        twenties[0, c] = 0
    return valid, fate[:, :n], ax[:, :n], ay[:, :n], flat, points, twenties, impossible


@jitable
def after_shot(m: Record, setup: Record, points: np.ndarray, made: np.ndarray, out: Record) -> None:
    """The match after the delivery of ``out``: the next delivery, or the frame's count
    and what follows from it."""
    m.shot += 1
    if m.shot < WEIGHTS_PER_FRAME:
        _next_turn(m, setup)
        return
    out.round_ended = 1
    for s in range(2):
        out.round_scores[s] = points[s]
        out.counted[s] = points[s]
        m.scores[s] += points[s]
    last = m.order[WEIGHTS_PER_FRAME - 1]
    winner = race_winner(m.scores, 2, setup.target, False)
    if winner < 0:
        _open_frame(m, setup, m.round + 1, next_first(points, last))
        return
    out.game_ended = 1
    out.winner = winner
    for s in range(2):
        out.game_scores[s] = m.scores[s]
    m.games_won[winner] += 1
    if not setup.championship or m.games_won[winner] >= 2:
        m.over = 1
        out.over = 1
        return
    m.game += 1
    m.game_first = GREEN if m.game == 2 else m.toss
    m.scores[RED] = 0
    m.scores[GREEN] = 0
    _open_frame(m, setup, 1, m.game_first)


__all__ = [
    "CODE",
    "after_shot",
    "begin",
    "may_start",
    "rule",
    "shuffleboard_setup",
    "start_fault_at",
    "table_problem",
    "to_come",
]
