"""The crokinole referee's decisions in bulk: one compiled call rules a batch of outcomes.

It mirrors :meth:`CrokinoleReferee.rule` branch by branch on the kernel's arrays (event
rows, final x, y and state per disc), for every rule set and option: whether the shot is
valid and, if not, the foul; each disc's fate and clause; where each disc lies after; the
points each side has on the board and the 20s made. The Python referee stays the one that
explains (sentences, citations); tests/rules/test_compiled.py holds the two to the same
decisions.
"""

from __future__ import annotations

import numpy as np

from flickboard.errors import InvalidInput
from flickboard.geometry import Board, CrokinoleBoard, as_board
from flickboard.geometry.crokinole import Region, footprint_region
from flickboard.geometry.pymath import hypot
from flickboard.jit import BORROWING
from flickboard.physics.codes import (
    EV_DISC,
    EV_KIND,
    EV_OTHER,
    EV_SIDE,
    K_CLEAR,
    K_DISC,
    K_LEFT,
    K_REENTERED,
    K_TOUCH,
)
from flickboard.rules.codes import (
    IN_DITCH,
    IN_GUTTER,
    IN_HOLE,
    IN_PLAY,
    LEANING,
    NO_FATE,
    OUT,
    RESTORED,
    TWENTY,
)
from flickboard.rules.corejit import core_jit
from flickboard.rules.cores import CoreRulings, rules_batches
from flickboard.rules.crokinole.options import CrokinoleOptions, ValidShot
from flickboard.rules.crokinole.referee import (
    SHOOTING_LINE,
    CrokinoleReferee,
    disc_points,
    touches_fifteen,
)
from flickboard.rules.kept import Rulings, clear_ruling, lay_before, new_rulings, restored_overlap

Work = tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
]  # fmt: skip
"""What the crokinole core works in for one shot (:func:`crokinole_work`)."""

CLAUSE_KEYS: tuple[str, ...] = (
    "valid-shot",
    "direct-hit",
    "twenty",
    "leaner",
    "out-of-bounds",
    "outer-line",
    "outer-line-in-play",
    "spinning-disc",
    "damage",
    "in-play",
)
"""Rule keys by compiled clause code (the clause is ``f"{rule_set}/{key}"``)."""
(
    C_VALID_SHOT,
    C_DIRECT_HIT,
    C_TWENTY,
    C_LEANER,
    C_OUT_OF_BOUNDS,
    C_OUTER_LINE,
    C_OUTER_LINE_IN_PLAY,
    C_SPINNING_DISC,
    C_DAMAGE,
    C_IN_PLAY,
) = range(len(CLAUSE_KEYS))

FOULS: tuple[str, ...] = (
    "",
    "touched-no-disc",
    "own-disc-first",
    "no-opposing-disc-struck",
    "short-of-fifteen",
)
"""Why a shot is not valid, by compiled foul code (0: valid): the shooter touched no disc
or hit its own first (direct hit, Depot 7a); no disc of the shooter's struck an opposing
one (combination); no opposing disc in play and none of the shot's discs ended touching or
inside the 15 line (play to the middle)."""

# Option flags, in the order of options_array.
O_DIRECT, O_PLAY_TO_MIDDLE, O_SPINNING_DISC, O_OUTER_LINE_IN_PLAY = 0, 1, 2, 3
# Board figures, in the order of figures_array.
G_FOOT, G_FIFTEEN_INNER, G_TEN_INNER, G_SHOOTING_INNER, G_FIFTEEN_OUTER, G_RADIUS = range(6)


def options_array(options: CrokinoleOptions) -> np.ndarray:
    """The options the compiled core reads, as flags."""
    return np.array(
        (
            options.valid_shot is ValidShot.DIRECT,
            options.play_to_middle,
            options.spinning_disc,
            options.outer_line_in_play,
        ),
        dtype=np.int64,
    )


def figures_array(board: CrokinoleBoard) -> np.ndarray:
    """The board figures the compiled core reads (footprint radius, line edges)."""
    fifteen, ten, shooting = board.rings
    return np.array(
        (
            board.disc.footprint_radius,
            fifteen.inner,
            ten.inner,
            shooting.inner,
            fifteen.outer,
            board.disc.radius,
        )
    )


@core_jit()
def region_value(figures: np.ndarray, x: float, y: float) -> int:
    """``board.region_of(x, y).value`` (:func:`~flickboard.geometry.crokinole.footprint_region`)."""
    return footprint_region(
        hypot(x, y),
        figures[G_FOOT],
        figures[G_FIFTEEN_INNER],
        figures[G_TEN_INNER],
        figures[G_SHOOTING_INNER],
    )


@core_jit()
def rule_crokinole(
    figures: np.ndarray,
    flags: np.ndarray,
    owners: np.ndarray,
    before: np.ndarray,
    log: np.ndarray,
    offsets: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    state: np.ndarray,
    status: np.ndarray,
) -> tuple[
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]:
    """Rule on every outcome of a batch from one position.

    Columns are the layout's discs (``before``: rows x, y, leaning) then the shooter,
    ``owners`` the side of each (the shooter's last). Rows whose ``status`` is not 0
    (the shot did not run) are left unruled: not valid, foul 0, every fate -1.
    Returns valid, foul, fate, clause, x, y, leaning after (per disc), points on the
    board per side (4), 20s made per side (4) and whether the position after is
    impossible (a disc put back overlaps one in play, see :mod:`flickboard.rules.kept`).
    """
    m = xs.shape[0]
    n = xs.shape[1]
    rulings = new_rulings(m, n, 4)
    lean = np.zeros((m, n), dtype=np.bool_)
    twenties = np.zeros((m, 4), dtype=np.int32)
    work = crokinole_work(n)
    for s in range(m):
        rule_crokinole_shot(
            s, figures, flags, owners, before, log, offsets, xs, ys, state, status, rulings,
            lean, twenties, work,
        )  # fmt: skip
    valid, foul, fate, clause, ax, ay, points, impossible = rulings
    return valid, foul, fate, clause, ax, ay, lean, points, twenties, impossible


@rules_batches(CrokinoleReferee)
def rule_arrays(
    referee: CrokinoleReferee,
    board: Board,
    sides: np.ndarray,
    before: np.ndarray,
    batch: tuple[np.ndarray, ...],
) -> CoreRulings:
    """:func:`rule_crokinole` under ``referee``'s rule set on ``board`` (the arguments
    of :data:`~flickboard.rules.cores.BatchCore`)."""
    own = as_board(CrokinoleBoard, board)
    if own is None:
        raise InvalidInput(f"no compiled core for rule set {referee.name!r} on this board")
    figures, flags = figures_array(own), options_array(referee.options)
    clauses = tuple(f"{referee.name}/{key}" for key in CLAUSE_KEYS)
    return CoreRulings(*rule_crokinole(figures, flags, sides, before, *batch), clauses, FOULS, True)


@core_jit()
def crokinole_work(n: int) -> Work:
    """What :func:`rule_crokinole_shot` works in, for shots of ``n`` discs."""
    return (
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.bool_),
    )


@core_jit(**BORROWING)
def rule_crokinole_shot(
    s: int,
    figures: np.ndarray,
    flags: np.ndarray,
    owners: np.ndarray,
    before: np.ndarray,
    log: np.ndarray,
    offsets: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    state: np.ndarray,
    status: np.ndarray,
    rulings: Rulings,
    lean: np.ndarray,
    twenties: np.ndarray,
    work: Work,
) -> None:
    """Rule on shot ``s`` of a batch (see :func:`rule_crokinole`), its row of the
    ``rulings`` (:func:`~flickboard.rules.kept.new_rulings`), ``lean`` and ``twenties``
    written whole; ``work``: :func:`crokinole_work`'s arrays (room for ``n`` discs)."""
    n = xs.shape[1]
    shooter = n - 1
    me = owners[shooter]
    direct = flags[O_DIRECT] != 0
    middle = flags[O_PLAY_TO_MIDDLE] != 0
    spinning = flags[O_SPINNING_DISC] != 0
    outer_in_play = flags[O_OUTER_LINE_IN_PLAY] != 0
    opponents = False
    for k in range(n - 1):
        if owners[k] != me:
            opponents = True
    valid, foul, fate, clause, ax, ay, points, impossible = rulings
    moved, left, back_on, touched, struck_over, over, released, pfate, pclause, plean = work
    clear_ruling(s, rulings)
    for c in range(twenties.shape[1]):
        twenties[s, c] = 0
    lay_before(s, before, xs, ys, ax, ay)
    for k in range(n - 1):
        lean[s, k] = before[k, 2] != 0
    lean[s, shooter] = False
    if status[s] != 0:
        return
    # -- the trails (referee._trails) and the contacts (_reaches_opponent)
    for k in range(n):
        moved[k] = k == shooter
        left[k] = False
        back_on[k] = False
        touched[k] = False
        struck_over[k] = False
        over[k] = False
        released[k] = k != shooter
    first = -1
    struck_opponent = False
    for e in range(offsets[s], offsets[s + 1]):
        kind = int(log[e, EV_KIND])
        d = int(log[e, EV_DISC])
        other = int(log[e, EV_OTHER])
        side = log[e, EV_SIDE]
        moved[d] = True
        on_line = (kind in (K_TOUCH, K_CLEAR)) and other == SHOOTING_LINE
        if not on_line or (kind == K_CLEAR and side < 0):
            released[d] = True
        if kind == K_DISC:
            moved[other] = True
            released[other] = True
            if over[d]:
                struck_over[d] = True
            if over[other]:
                struck_over[other] = True
            if first < 0:
                if d == shooter:
                    first = other
                elif other == shooter:
                    first = d
            if owners[d] != owners[other] and (owners[d] == me or owners[other] == me):
                struck_opponent = True
        elif on_line:
            if not released[d]:
                if kind == K_CLEAR and side > 0:
                    released[d] = True
                    touched[d] = True
                    over[d] = True
                continue
            if kind == K_TOUCH:
                touched[d] = True
                over[d] = True
            else:
                over[d] = side > 0
        elif kind == K_LEFT:
            left[d] = True
        elif kind == K_REENTERED and left[d]:
            back_on[d] = True
    # -- each moved disc's fate if the shot is valid (referee._fate_if_valid)
    for k in range(n):
        if not moved[k]:
            continue
        st = state[s, k]
        plean[k] = False
        if back_on[k]:
            pfate[k], pclause[k] = OUT, C_DAMAGE
        elif st in (IN_DITCH, IN_GUTTER) or left[k]:
            pfate[k], pclause[k] = OUT, C_OUT_OF_BOUNDS
        elif region_value(figures, xs[s, k], ys[s, k]) == Region.DITCH:
            if outer_in_play:
                pfate[k], pclause[k] = IN_PLAY, C_OUTER_LINE_IN_PLAY
            else:
                pfate[k], pclause[k] = OUT, C_OUTER_LINE
        else:
            came_back = False
            if touched[k] and not outer_in_play:
                if not spinning or struck_over[k]:
                    pfate[k], pclause[k] = OUT, C_SPINNING_DISC
                    continue
                came_back = True
            if st == IN_HOLE:
                pfate[k], pclause[k] = TWENTY, C_TWENTY
            elif st == LEANING:
                pfate[k], pclause[k] = IN_PLAY, C_LEANER
                plean[k] = True
            elif came_back:
                pfate[k], pclause[k] = IN_PLAY, C_SPINNING_DISC
            else:
                pfate[k], pclause[k] = IN_PLAY, C_IN_PLAY
    # -- validity (referee.rule)
    if opponents:
        if direct:
            if first < 0:
                ok, why = False, 1
            elif owners[first] != me:
                ok, why = True, 0
            else:
                ok, why = False, 2
        else:
            ok, why = struck_opponent, 0 if struck_opponent else 3
    elif middle:
        ok = False
        for k in range(n):
            if not moved[k] or owners[k] != me:
                continue
            if pfate[k] == TWENTY or (
                pfate[k] == IN_PLAY
                and touches_fifteen(
                    hypot(xs[s, k], ys[s, k]),
                    plean[k],
                    figures[G_FOOT],
                    figures[G_FIFTEEN_OUTER],
                )
            ):
                ok = True
        why = 0 if ok else 4
    else:
        ok, why = True, 0
    valid[s] = ok
    foul[s] = why
    # -- the decisions, where each disc lies after, the points
    for k in range(n):
        if not moved[k]:
            continue
        if ok:
            fate[s, k] = pfate[k]
            clause[s, k] = pclause[k]
            ax[s, k] = xs[s, k]
            ay[s, k] = ys[s, k]
            lean[s, k] = plean[k]
        elif owners[k] == me:
            fate[s, k] = OUT
            clause[s, k] = C_DIRECT_HIT if direct else C_VALID_SHOT
            ax[s, k] = xs[s, k]
            ay[s, k] = ys[s, k]
            lean[s, k] = False
        else:
            fate[s, k] = RESTORED
            clause[s, k] = C_DIRECT_HIT
    if not ok:
        impossible[s] = restored_overlap(fate[s], ax[s], ay[s], figures[G_RADIUS])
    for k in range(n):
        f = fate[s, k]
        if f == TWENTY:
            twenties[s, owners[k]] += 1
        elif f in (NO_FATE, IN_PLAY, RESTORED):
            region = region_value(figures, ax[s, k], ay[s, k])
            points[s, owners[k]] += disc_points(region, lean[s, k], outer_in_play)


__all__ = [
    "CLAUSE_KEYS",
    "FOULS",
    "crokinole_work",
    "figures_array",
    "options_array",
    "rule_arrays",
    "rule_crokinole",
    "rule_crokinole_shot",
]
