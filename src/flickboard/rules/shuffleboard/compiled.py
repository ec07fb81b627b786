"""The CSC referee's decisions in bulk: one compiled call rules a batch of deliveries.

It mirrors :meth:`CSCReferee.rule` with no official's calls (a simulated delivery has
none: the calls come only with an outcome entered by hand) on the kernel's arrays: whether
the delivery is proper and, if dead, why; each weight's fate and clause; where each weight
lies after; the frame's points by the leading-weight rule (4(a)). The Python referee stays
the one that explains; tests/rules/test_compiled.py holds the two to the same decisions.
"""

from __future__ import annotations

import numpy as np

from flickboard.errors import InvalidInput
from flickboard.geometry import Board, ShuffleboardTable, as_board
from flickboard.geometry.shuffleboard import zone_value
from flickboard.physics.codes import (
    EV_DISC,
    EV_KIND,
    EV_OTHER,
    EV_SIDE,
    K_CLEAR,
    K_DISC,
    K_REENTERED,
)
from flickboard.rules.codes import IN_PLAY, ON_SURFACE, OUT, RESTORED
from flickboard.rules.corejit import core_jit
from flickboard.rules.cores import CoreRulings, rules_batches
from flickboard.rules.kept import Rulings, clear_ruling, lay_before, new_rulings
from flickboard.rules.shuffleboard.putback import put_back
from flickboard.rules.shuffleboard.referee import FOUL_LINE, MOVE_TOLERANCE, NO_CALLS, CSCReferee
from flickboard.rules.shuffleboard.scoring import lead, leads

Work = tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]
"""What the CSC core works in for one delivery (:func:`csc_work`)."""

CLAUSES: tuple[str, ...] = (
    "csc/4",
    "csc/4i-reentered",
    "csc/5n",
    "csc/iv-dead",
    "csc/5e",
    "csc/iv-gutter",
    "csc/4i-foul-line",
)
"""Clauses by compiled clause code."""
C_4, C_4I_REENTERED, C_5N, C_IV_DEAD, C_5E, C_IV_GUTTER, C_4I_FOUL_LINE = range(len(CLAUSES))

FOULS: tuple[str, ...] = ("", "reentered", "short-of-foul-line")
"""Why a delivery is dead, by compiled foul code (0: properly delivered): the weight left
the playing surface and came back on (4(i)); it did not completely cross the foul line
(5(n))."""

G_RADIUS, G_FOUL_FAR, G_ONE_FAR, G_TWO_FAR, G_THREE_FAR, G_LENGTH, G_HALF_WIDTH = range(7)


def figures_array(table: ShuffleboardTable) -> np.ndarray:
    """The table figures the compiled core reads (weight radius, line edges, length,
    half its width)."""
    foul, one, two, three = table.lines
    return np.array(
        (table.disc.radius, foul.far, one.far, two.far, three.far, table.length, table.width / 2)
    )


@core_jit()
def _lying(
    figures: np.ndarray,
    k: int,
    shooter: int,
    proper: bool,
    st: int,
    back_on: np.ndarray,
    replaced: np.ndarray,
    moved: np.ndarray,
) -> tuple[int, int, bool]:
    """``_Judgement.left_lying``: (fate, clause, whether it lies where it was before)."""
    if back_on[k]:
        return OUT, C_IV_DEAD, False
    if replaced[k]:
        return RESTORED, C_4I_REENTERED, True
    if st != ON_SURFACE:
        if k != shooter and (not proper or not moved[k]):
            return RESTORED, C_5E, True
        if k == shooter:
            return OUT, C_IV_GUTTER, False
        return OUT, C_5E, False
    if k != shooter and moved[k] and not proper:
        return IN_PLAY, C_4I_FOUL_LINE, False
    return IN_PLAY, C_4, False


@core_jit()
def rule_csc(
    figures: np.ndarray,
    owners: np.ndarray,
    before: np.ndarray,
    log: np.ndarray,
    offsets: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    state: np.ndarray,
    status: np.ndarray,
) -> tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]:
    """Rule on every delivery of a batch from one position (no official's calls).

    Columns are the weights in play (``before``: rows x, y, leaning) then the delivered
    one, ``owners`` the side of each. Rows whose ``status`` is not 0 are left unruled.
    Returns valid, foul, fate, clause, x, y after (per weight) and the frame's points
    (red, green) on the table after, and whether the position after is impossible (a
    weight put back finds no place on the table, :mod:`~flickboard.rules.shuffleboard.putback`).
    """
    m = xs.shape[0]
    n = xs.shape[1]
    rulings = new_rulings(m, n, 2)
    work = csc_work(n)
    for s in range(m):
        rule_csc_shot(
            s, figures, owners, before, log, offsets, xs, ys, state, status, rulings, work
        )
    return rulings


@rules_batches(CSCReferee)
def rule_arrays(
    referee: CSCReferee,
    board: Board,
    sides: np.ndarray,
    before: np.ndarray,
    batch: tuple[np.ndarray, ...],
) -> CoreRulings:
    """:func:`rule_csc` on ``board`` (the arguments of
    :data:`~flickboard.rules.cores.BatchCore`), no leaners and no 20s; it takes no
    official's calls (they come only with an outcome entered by hand)."""
    table = as_board(ShuffleboardTable, board)
    if table is None:
        raise InvalidInput(f"no compiled core for rule set {referee.name!r} on this board")
    if referee.calls != NO_CALLS:
        raise InvalidInput(
            "compiled rulings take no official's calls; rule such a shot with referee.rule"
        )
    valid, foul, fate, clause, x, y, points, impossible = rule_csc(
        figures_array(table), sides, before, *batch
    )
    leaning = np.zeros(x.shape, dtype=np.bool_)
    twenties = np.zeros((x.shape[0], 2), dtype=np.int32)
    return CoreRulings(
        valid, foul, fate, clause, x, y, leaning, points, twenties, impossible, CLAUSES, FOULS,
        False,
    )  # fmt: skip


@core_jit()
def csc_work(n: int) -> Work:
    """What :func:`rule_csc_shot` works in, for deliveries of ``n`` weights."""
    return (
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.empty(n),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.int64),
    )


@core_jit()
def rule_csc_shot(
    s: int,
    figures: np.ndarray,
    owners: np.ndarray,
    before: np.ndarray,
    log: np.ndarray,
    offsets: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    state: np.ndarray,
    status: np.ndarray,
    rulings: Rulings,
    work: Work,
) -> None:
    """Rule on delivery ``s`` of a batch (see :func:`rule_csc`), its row of the
    ``rulings`` (:func:`~flickboard.rules.kept.new_rulings`) written whole; ``work``:
    :func:`csc_work`'s arrays (room for ``n`` weights)."""
    n = xs.shape[1]
    shooter = n - 1
    r = figures[G_RADIUS]
    valid, foul, fate, clause, ax, ay, points, impossible = rulings
    moved, pushed, came_back, back_on, replaced, fronts, sides, zones = work
    clear_ruling(s, rulings)
    lay_before(s, before, xs, ys, ax, ay)
    if status[s] != 0:
        return
    for k in range(n):
        moved[k] = k == shooter
        pushed[k] = False
        came_back[k] = False
        back_on[k] = False
    crossed = False
    for e in range(offsets[s], offsets[s + 1]):
        kind = int(log[e, EV_KIND])
        d = int(log[e, EV_DISC])
        other = int(log[e, EV_OTHER])
        if kind == K_REENTERED:
            back_on[d] = True
            if d != shooter:
                came_back[d] = True
        elif kind == K_DISC:
            moved[d] = True
            moved[other] = True
            if came_back[d] or came_back[other] or pushed[d] or pushed[other]:
                pushed[d] = True
                pushed[other] = True
        elif kind == K_CLEAR and d == shooter and other == FOUL_LINE and log[e, EV_SIDE] > 0:
            crossed = True
    for k in range(n):
        replaced[k] = pushed[k] and not came_back[k] and k != shooter
    if not crossed:
        crossed = state[s, shooter] == ON_SURFACE and ys[s, shooter] - r > figures[G_FOUL_FAR]
    if back_on[shooter]:
        foul[s] = 1
        fate[s, shooter] = OUT
        clause[s, shooter] = C_4I_REENTERED
        for k in range(n - 1):
            clause[s, k] = C_4I_REENTERED
            still = (
                not moved[k]
                and state[s, k] == ON_SURFACE
                and not abs(xs[s, k] - before[k, 0]) > MOVE_TOLERANCE
                and not abs(ys[s, k] - before[k, 1]) > MOVE_TOLERANCE
            )
            fate[s, k] = IN_PLAY if still else RESTORED
    else:
        proper = crossed
        valid[s] = proper
        for k in range(n):
            if k == shooter and not proper:
                foul[s] = 2
                fate[s, k] = OUT
                clause[s, k] = C_5N
                continue
            f, c, restored = _lying(
                figures, k, shooter, proper, state[s, k], back_on, replaced, moved
            )
            fate[s, k] = f
            clause[s, k] = c
            if not restored:
                ax[s, k] = xs[s, k]
                ay[s, k] = ys[s, k]
    impossible[s] = put_back(fate[s], ax[s], ay[s], r, figures[G_HALF_WIDTH], figures[G_LENGTH])
    # -- the count (scoring.count_weights): only the leading colour scores
    kept = 0
    for k in range(n):
        if fate[s, k] == IN_PLAY or fate[s, k] == RESTORED:
            fronts[kept] = ay[s, k] + r
            sides[kept] = owners[k]
            zones[kept] = zone_value(
                ay[s, k], r, figures[G_ONE_FAR], figures[G_TWO_FAR], figures[G_THREE_FAR],
                figures[G_LENGTH],
            )  # fmt: skip
            kept += 1
    leader, rival, level = lead(fronts, sides, kept)
    for k in range(kept):
        if leads(fronts[k], sides[k], leader, rival, level):
            points[s, leader] += zones[k]


__all__ = [
    "CLAUSES",
    "FOULS",
    "csc_work",
    "figures_array",
    "rule_arrays",
    "rule_csc",
    "rule_csc_shot",
]
