"""What the learned crokinole value sees of a position (:mod:`flickboard.agents.value_model`).

Seen from the side that has just shot, with the board turned so that its seat is at the
bottom:

- the round so far: discs left to each side, who holds the hammer, whether the next
  shot is its own, the points on the board per side as the referee scores them, the
  20s made per side, the margin they make together, and the shooter's skill (the scale
  of its level's execution noise);
- per side, the discs in the 15, the 10 and the 5, each split into *exposed* (a
  straight, clear line from the opposing seat's shooting line reaches it: no peg and no
  other disc in the way, from any of seven starts) and *covered*;
- per side, the discs by ring (15, 10, 5) and by eighth of the board (48 counts).

The geometry runs in a compiled kernel (one call per position, about a microsecond).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import numpy as np
import numpy.typing as npt

from flickboard.agents.tactics import Features, Left
from flickboard.agents.valuation import Outlook, round_features
from flickboard.geometry import CrokinoleBoard
from flickboard.physics.jit import njit
from flickboard.play.view import View

SECTORS = 8
"""Eighths of the board in the grid features."""

REACH = tuple(k * 0.2 for k in range(-3, 4))
"""Starts (rad from the seat's centre) a disc's exposure is tested from."""

SCALARS = 10
"""Round features before the disc counts."""

FEATURES = SCALARS + 12 + 2 * 3 * SECTORS
"""Length of a crokinole feature row."""


@njit(cache=True)
def _discs(  # pragma: no cover - compiled
    all_xs: npt.NDArray[np.float64],
    all_ys: npt.NDArray[np.float64],
    all_mine: npt.NDArray[np.bool_],
    keep: npt.NDArray[np.bool_],
    counts: npt.NDArray[np.float64],
    rings: npt.NDArray[np.float64],
    pegs: npt.NDArray[np.float64],
    r: float,
    peg_r: float,
    seat_line: float,
    my_angle: float,
    their_angle: float,
    reach: npt.NDArray[np.float64],
) -> None:
    """The disc counts of every row: row ``row``'s discs are the columns ``keep`` marks
    (rotated already); its counts go to ``counts[row]``."""
    for row in range(all_xs.shape[0]):
        on = np.flatnonzero(keep[row])
        xs, ys, mine, out = all_xs[row][on], all_ys[row][on], all_mine[row][on], counts[row]
        n = xs.shape[0]
        for i in range(n):
            rad = math.hypot(xs[i], ys[i])
            if rad < rings[0]:
                ring = 0
            elif rad < rings[1]:
                ring = 1
            else:
                ring = 2
            side = 0 if mine[i] else 1
            # My discs are exposed to the opposing seat, theirs to mine.
            base = their_angle if mine[i] else my_angle
            exposed = 0
            for k in range(reach.shape[0]):
                sx = seat_line * math.cos(base + reach[k])
                sy = seat_line * math.sin(base + reach[k])
                dx, dy = xs[i] - sx, ys[i] - sy
                length2 = dx * dx + dy * dy
                clear = True
                for p in range(pegs.shape[0] + n):
                    if p < pegs.shape[0]:
                        px, py, gap = pegs[p, 0], pegs[p, 1], r + peg_r
                    else:
                        j = p - pegs.shape[0]
                        if j == i:
                            continue
                        px, py, gap = xs[j], ys[j], 2 * r
                    t = ((px - sx) * dx + (py - sy) * dy) / length2 if length2 > 0 else 0.0
                    t = min(1.0, max(0.0, t))
                    if math.hypot(px - sx - t * dx, py - sy - t * dy) < gap:
                        clear = False
                        break
                if clear:
                    exposed = 1
                    break
            out[side * 6 + ring * 2 + exposed] += 1.0
            a = math.atan2(ys[i], xs[i]) + math.pi
            sector = int(a / (2 * math.pi) * 8) % 8
            out[12 + side * 24 + ring * 8 + sector] += 1.0


def opposing_seat(view: View) -> int:
    """The seat of the next opposing shot (the opposite seat when none is to come)."""
    me = view.turn.side
    for seat, side in view.to_come[1:]:
        if side != me:
            return seat
    return (view.turn.seat + 2) % 4


def features(view: View, left: Sequence[Left], outlook: Outlook) -> Features:
    """One feature row per position left by the shot of ``view`` (see the module doc)."""
    me = view.turn.side
    width = max((len(p.layout.discs) for p, _ in left), default=0)
    xs = np.zeros((len(left), width))
    ys = np.zeros((len(left), width))
    mine = np.zeros((len(left), width), dtype=np.bool_)
    keep = np.zeros((len(left), width), dtype=np.bool_)
    board = np.zeros((len(left), 2), dtype=np.int64)
    made = np.zeros((len(left), 2), dtype=np.int64)
    for row, (position, twenties) in enumerate(left):
        score = view.referee.score(position)
        board[row] = (
            score.get(me, 0),
            max((v for s, v in score.items() if s != me), default=0),
        )
        made[row] = (
            twenties.get(me, 0),
            max((v for s, v in twenties.items() if s != me), default=0),
        )
        for k, d in enumerate(position.layout.discs):
            xs[row, k], ys[row, k] = d.x, d.y
            mine[row, k] = position.side_of(d.id) == me
            keep[row, k] = True
    return feature_rows(view, outlook, board, made, xs, ys, mine, keep)


def feature_rows(
    view: View,
    outlook: Outlook,
    board: npt.NDArray[np.int64],
    made: npt.NDArray[np.int64],
    xs: npt.NDArray[np.float64],
    ys: npt.NDArray[np.float64],
    mine: npt.NDArray[np.bool_],
    keep: npt.NDArray[np.bool_],
) -> Features:
    """Feature rows from arrays, one row per position: the points on the board and the
    20s made in the round (columns: the shooter's side, the best other side's), the
    discs (x, y, whether the shooter's side owns it, whether it is in play)."""
    crokinole = cast(CrokinoleBoard, view.board)
    turn = -math.pi / 2 - CrokinoleBoard.seat_angle(view.turn.seat)
    cos, sin = math.cos(turn), math.sin(turn)
    pegs = np.array([(x * cos - y * sin, x * sin + y * cos) for x, y in crokinole.pegs])
    pegs = pegs.reshape(-1, 2)
    rings = np.array([crokinole.fifteen_line_radius, crokinole.ten_line_radius])
    their_angle = CrokinoleBoard.seat_angle(opposing_seat(view)) + turn
    mine_left, theirs_left, hammer, next_me, skill = round_features(view, outlook)
    out = np.zeros((board.shape[0], FEATURES))
    me_board, them_board = board[:, 0], board[:, 1]
    me_made, them_made = made[:, 0], made[:, 1]
    out[:, :SCALARS] = np.column_stack(
        (
            np.full(board.shape[0], mine_left),
            np.full(board.shape[0], theirs_left),
            np.full(board.shape[0], hammer),
            np.full(board.shape[0], next_me),
            me_board / 5,
            them_board / 5,
            me_made,
            them_made,
            (me_board + 20 * me_made - them_board - 20 * them_made) / 10,
            np.full(board.shape[0], skill),
        )
    )
    _discs(
        xs * cos - ys * sin,
        xs * sin + ys * cos,
        mine,
        keep,
        out[:, SCALARS:],
        rings,
        pegs,
        crokinole.disc.radius,
        crokinole.peg_radius,
        crokinole.shooting_line_radius,
        -math.pi / 2,
        their_angle,
        np.array(REACH),
    )
    return out
