"""Crokinole matches on tables (:mod:`flickboard.play.tables`): a match's setup, and its
bookkeeping after every shot, compiled.

The bookkeeping is :class:`~flickboard.play.crokinole.CrokinoleMatch`'s, by the same
rules (the functions the match calls): the turn goes as :func:`~.crokinole.may_shoot`
says (under free order to the partner with more discs left, as the environments' driver
chooses), a round ends when no one may shoot and scores its board points and 20s
(:func:`~.scoring.tournament_round_points`, :func:`~.scoring.place_point` or
:func:`~.scoring.cancelled_points`), a game ends when :func:`~.crokinole.game_over`
says, the next round and game open one seat clockwise (:func:`~.crokinole.rotate`), and
the match ends after its games (a championship once a side has won two). A table has no
clock: timed games play through the Match.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from flickboard.geometry import CrokinoleBoard
from flickboard.jit import jitable
from flickboard.physics import Layout
from flickboard.physics.layout import OVERLAP_TOLERANCE
from flickboard.play.crokinole import CrokinoleMatch, game_over, may_shoot, rotate, seat_side
from flickboard.play.scoring import (
    best_of,
    cancelled_points,
    place_point,
    race_winner,
    sole_best_of,
    tournament_round_points,
)
from flickboard.play.tables import MAX_DISCS, MAX_PEGS, new_setup
from flickboard.rules.base import Position, Turn
from flickboard.rules.crokinole import Scoring
from flickboard.rules.crokinole import compiled as crokinole_compiled
from flickboard.rules.crokinole.compiled import figures_array, options_array, rule_crokinole_shot
from flickboard.rules.crokinole.options import StartRule
from flickboard.rules.crokinole.referee import SHOOTING_LINE, START_ON_DISC, start_fault
from flickboard.rules.kept import Rulings

CODE = 0
"""Crokinole's table code (``SETUP.game``)."""

Record = Any
"""A record of a structured array of :mod:`flickboard.play.tables` (typed by numba)."""


def table_problem(match: CrokinoleMatch) -> str | None:
    """Why this match cannot be played on a table (None: it can)."""
    if match.clock is not None:
        return "a timed game plays through the Match"
    if (
        match.referee.options.discs_each(match.seating.players, teams=match.seating.teams)
        * len(match.seating.seats)
        > MAX_DISCS
    ):
        return f"a round of more than {MAX_DISCS} shots plays through the Match"
    return None


def crokinole_setup(match: CrokinoleMatch) -> np.ndarray:
    """The setup record of a table playing this (new) match."""
    referee, seating = match.referee, match.seating
    options = referee.options
    board = match.board or CrokinoleBoard.standard()
    setup = new_setup()
    r = setup[0]
    seats = seating.seats
    r["game"] = CODE
    r["players"] = seating.players
    r["sides"] = seating.sides
    r["seat_count"] = len(seats)
    r["seats"][: len(seats)] = seats
    r["teams"] = seating.teams
    each = options.discs_each(seating.players, teams=seating.teams)
    r["each"] = each
    r["discs"] = each * len(seats)
    r["free_order"] = options.free_order_doubles
    r["race"] = options.scoring is not Scoring.TOURNAMENT
    r["target"] = options.target
    r["championship"] = match.championship
    r["games"] = match.games
    r["first_seat"] = match.first_seat
    figures = figures_array(board)
    r["figures"][: len(figures)] = figures
    r["flags"] = options_array(referee.options)
    empty = Position.of(Layout(board, ()), {})
    for seat in seats:
        line = referee.start_line(empty, Turn(seat, seating.side_of(seat), 0)).figures()
        for name, value in line._asdict().items():
            r[f"line_{name}"][seat] = value
    r["gap"] = 2 * board.disc.radius - OVERLAP_TOLERANCE
    shooting = board.rings[SHOOTING_LINE]
    r["behind_allowed"] = options.start is StartRule.TOUCHING_OR_BEHIND
    r["quadrant_slack"] = referee.quadrant_slack(board)
    r["surface_radius"] = board.surface_radius
    r["disc_radius"] = board.disc.radius
    r["foot"] = board.disc.footprint_radius
    r["shooting_radius"] = shooting.radius
    r["shooting_width"] = shooting.width
    r["hole_radius"] = board.hole_radius
    r["peg_radius"] = board.peg_radius
    pegs = board.pegs[:MAX_PEGS]
    r["pegs"][: len(pegs)] = pegs
    r["peg_count"] = len(pegs)
    r["twenty_sides"] = seating.sides
    r["by_id"] = True
    return setup


@jitable
def begin(m: Record, setup: Record) -> None:
    """Game 1, round 1: the first seat opens."""
    m.game = 1
    m.game_first = setup.first_seat
    _new_game_tally(m)
    _open_round(m, setup, 1)


@jitable
def _new_game_tally(m: Record) -> None:
    for s in range(m.scores.shape[0]):
        m.scores[s] = 0
        m.game_twenties[s] = 0


@jitable
def _open_round(m: Record, setup: Record, number: int) -> None:
    """Round ``number`` of the game opens one seat clockwise from the last."""
    m.round = number
    m.starter = rotate(setup.seats[: setup.seat_count], m.game_first, number - 1)
    m.shot = 0
    m.count = 0
    m.last = -1
    for d in range(m.on.shape[0]):
        m.on[d] = 0
        m.lean[d] = 0
    for s in range(m.left.shape[0]):
        m.left[s] = 0
        m.twenties[s] = 0
        m.before[s] = 0
    for k in range(setup.seat_count):
        m.left[setup.seats[k]] = setup.each
    _next_turn(m, setup)


@jitable
def _next_turn(m: Record, setup: Record) -> bool:
    """The seat and side of the next shot (False when no one may shoot: the round is
    over). Where several may shoot, the one with most discs left, the first in turn
    order on a tie (the driver's rule, :func:`~flickboard.play.driver.most_discs_left`)."""
    choices = np.empty(4, dtype=np.int64)
    owed = np.zeros(4, dtype=np.int64)
    count = may_shoot(
        setup.seats[: setup.seat_count], setup.players, setup.teams != 0, m.starter, m.last,
        m.left, owed, False, setup.free_order != 0, choices,
    )  # fmt: skip
    if count == 0:
        return False
    seat = choices[0]
    for k in range(1, count):
        if m.left[choices[k]] > m.left[seat]:
            seat = choices[k]
    m.seat = seat
    m.side = seat_side(setup.players, setup.teams != 0, seat)
    return True


@jitable
def to_come(m: Record, setup: Record, seats: np.ndarray, sides: np.ndarray) -> int:
    """The seat and side of every shot left in the round, the next one first; how many
    (none once the match is over)."""
    if m.over:
        return 0
    left = m.left.copy()
    shooter = m.seat
    count = 0
    choices = np.empty(4, dtype=np.int64)
    owed = np.zeros(4, dtype=np.int64)
    while shooter >= 0:
        seats[count] = shooter
        sides[count] = seat_side(setup.players, setup.teams != 0, shooter)
        count += 1
        left[shooter] -= 1
        allowed = may_shoot(
            setup.seats[: setup.seat_count], setup.players, setup.teams != 0, shooter, shooter,
            left, owed, False, setup.free_order != 0, choices,
        )  # fmt: skip
        shooter = -1
        for k in range(allowed):
            if shooter < 0 or left[choices[k]] > left[shooter]:
                shooter = choices[k]
    return count


@jitable
def start_fault_at(
    m: Record, setup: Record, x: float, y: float, xs: np.ndarray, ys: np.ndarray
) -> tuple[int, int]:
    """Why the next shot may not start at (x, y) (:func:`rules.crokinole.start_fault`;
    the disc it would overlap by its id); ``xs``, ``ys``: room for the discs' centres."""
    count = m.count
    for j in range(count):
        xs[j] = m.x[m.laid[j]]
        ys[j] = m.y[m.laid[j]]
    fault, which = start_fault(
        x, y, m.seat, setup.behind_allowed != 0, setup.quadrant_slack, setup.surface_radius,
        setup.disc_radius, setup.foot, setup.shooting_radius, setup.shooting_width,
        setup.hole_radius, setup.peg_radius, setup.pegs[: setup.peg_count], xs, ys, count,
    )  # fmt: skip
    if fault == START_ON_DISC:
        which = m.laid[which]
    return fault, which


@jitable
def may_start(m: Record, setup: Record) -> bool:
    """Whether the rules allow the next shot a start at all (apart from the discs in
    play): always in crokinole."""
    return True


Work = crokinole_compiled.Work
"""The crokinole core's working arrays."""


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
    """The crokinole referee's core on one shot, in the room given (rows of one shot,
    columns for at least its discs): valid, fate, x, y, leaning, points on the board and
    20s made by side, impossible."""
    n = xs.shape[1]
    valid, foul, fate, clause, ax, ay, points, impossible = rulings
    shot = (valid, foul, fate[:, :n], clause[:, :n], ax[:, :n], ay[:, :n], points, impossible)
    rule_crokinole_shot(
        0, setup.figures[:6], setup.flags, owners, rows, events, offsets, xs, ys, states, status,
        shot, lean[:, :n], twenties, work,
    )  # fmt: skip
    return valid, fate[:, :n], ax[:, :n], ay[:, :n], lean[:, :n], points, twenties, impossible


@jitable
def after_shot(m: Record, setup: Record, points: np.ndarray, made: np.ndarray, out: Record) -> None:
    """The match after the shot of ``out`` (its turn already taken): the 20s and discs
    left, then the next turn, or the round's score and what follows from it."""
    sides = setup.sides
    for s in range(sides):
        m.before[s] = m.twenties[s]
        m.twenties[s] += made[s]
    m.left[m.seat] -= 1
    m.shot += 1
    m.last = m.seat
    if _next_turn(m, setup):
        return
    out.round_ended = 1
    for s in range(sides):
        score = points[s] + 20 * m.twenties[s]
        out.round_scores[s] = score
        out.round_twenties[s] = m.twenties[s]
    for s in range(sides):
        out.counted[s] = _counted(setup, out.round_scores, s)
        m.scores[s] += out.counted[s]
        m.game_twenties[s] += m.twenties[s]
    best = sole_best_of(m.scores, sides)
    reached = setup.race != 0 and m.scores[best_of(m.scores, sides)] >= setup.target
    tie_break = setup.championship != 0 and sides == 2
    if not game_over(m.round, setup.race != 0, reached, False, tie_break, best >= 0):
        _open_round(m, setup, m.round + 1)
        return
    winner = race_winner(m.scores, sides, setup.target, False) if setup.race else best
    out.game_ended = 1
    out.winner = winner
    for s in range(sides):
        out.game_scores[s] = m.scores[s]
        m.match_points[s] += m.scores[s]
        m.match_twenties[s] += m.game_twenties[s]
    if winner >= 0:
        m.games_won[winner] += 1
    most = m.games_won[best_of(m.games_won, sides)]
    if (setup.championship and most >= 2) or m.game >= setup.games:
        m.over = 1
        out.over = 1
        return
    m.game += 1
    m.game_first = rotate(setup.seats[: setup.seat_count], setup.first_seat, m.game - 1)
    _new_game_tally(m)
    _open_round(m, setup, 1)


@jitable
def _counted(setup: Record, scores: np.ndarray, side: int) -> int:
    """What a round's score of ``side`` adds to the game: the points after cancelling (a
    race), 2/1/0 (two sides) or the place points."""
    if setup.race:
        return cancelled_points(scores[0], scores[1])[side]
    if setup.sides == 2:
        return tournament_round_points(scores[0], scores[1])[side]
    return place_point(scores, setup.sides, side)


__all__ = [
    "CODE",
    "after_shot",
    "begin",
    "crokinole_setup",
    "may_start",
    "rule",
    "start_fault_at",
    "table_problem",
    "to_come",
]
