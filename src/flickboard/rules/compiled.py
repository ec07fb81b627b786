"""Rulings in bulk: the decisions of a referee on a batch of outcomes, as arrays.

``rule_batch(referee, position, turn, batch)`` rules every outcome of
:func:`flickboard.physics.simulate_batch` (run with ``keep_log=True``) in one compiled
call, for any crokinole rule set and option and for CSC shuffleboard. No record, event or
ruling object is made; the Python referee stays the one that explains, and the
differential tests hold the compiled core to it decision by decision (docs/rules.md,
"Rulings in bulk").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.physics.batch import BatchResult
from flickboard.physics.engine import layout_arrays
from flickboard.physics.layout import Layout, PlacedDisc
from flickboard.rules.base import Fate, Position, Referee, Turn
from flickboard.rules.codes import FATES, IN_PLAY, NO_FATE, RESTORED
from flickboard.rules.cores import core_of
from flickboard.rules.crokinole import compiled as _crokinole_core  # noqa: F401  (registers it)
from flickboard.rules.shuffleboard import compiled as _csc_core  # noqa: F401  (registers it)


@dataclass(frozen=True)
class BatchRulings:
    """A referee's decisions on many outcomes from one position; row ``s`` is shot ``s``.

    Columns follow ``ids`` (the layout's discs, then the shooter), as in the batch.
    ``ruled`` is False for a shot that did not run (non-zero batch status).
    ``foul`` indexes ``fouls`` (0: valid). ``fate`` indexes :data:`~flickboard.rules.codes.FATES`, ``NO_FATE`` (-1) for a disc
    the shot did not concern (it stays where it was); ``clause`` indexes ``clauses`` (-1
    likewise). ``x``, ``y``, ``leaning`` say where each disc lies after the ruling (for a
    disc out or taken off as a 20: where it ended). ``points`` are each side's points on
    the board after the shot (crokinole sides 0-3; shuffleboard red, green by the
    leading-weight rule) and ``twenties`` the 20s the shot made per side (crokinole).
    ``impossible`` marks a shot after which a disc put back finds no place (crokinole: it
    would overlap a disc in play; CSC: not even near its place,
    :mod:`~flickboard.rules.shuffleboard.putback`): the Python referee refuses such a
    position (an error, not a ruling).
    """

    ids: tuple[int, ...]
    ruled: npt.NDArray[np.bool_]
    valid: npt.NDArray[np.bool_]
    foul: npt.NDArray[np.int8]
    fate: npt.NDArray[np.int8]
    clause: npt.NDArray[np.int8]
    x: npt.NDArray[np.float64]
    y: npt.NDArray[np.float64]
    leaning: npt.NDArray[np.bool_]
    points: npt.NDArray[np.int32]
    twenties: npt.NDArray[np.int32]
    impossible: npt.NDArray[np.bool_]
    clauses: tuple[str, ...]
    fouls: tuple[str, ...]
    by_id: bool = True
    """How the Python referee lists the discs of the position after: by id (crokinole),
    else the shooter first, then the layout's order (CSC)."""

    def fates(self, shot: int) -> dict[int, Fate]:
        """The fate of each disc the shot concerned, by id."""
        return {
            i: FATES[c] for i, c in zip(self.ids, self.fate[shot].tolist(), strict=True) if c >= 0
        }

    def on_board(self) -> npt.NDArray[np.bool_]:
        """Which discs lie on the board after each shot's ruling (fates in play, put
        back, or not concerned), by row and column."""
        kept: npt.NDArray[np.bool_] = np.isin(self.fate, (NO_FATE, IN_PLAY, RESTORED))
        return kept

    def position_after(self, shot: int, position: Position, turn: Turn) -> Position:
        """The position the ruling of shot ``shot`` (of ``turn`` from ``position``) leaves,
        as the Python referee's ruling gives it: the discs on the board by id, each
        where the ruling lays it."""
        owners = dict(position.owners)
        owners[turn.disc] = turn.side
        before = {d.id: d for d in position.layout.discs}
        kept = []
        for k, disc in enumerate(self.ids):
            fate = int(self.fate[shot, k])
            if fate == NO_FATE and disc in before:
                kept.append(before[disc])
            elif fate in (IN_PLAY, RESTORED):
                x, y = float(self.x[shot, k]), float(self.y[shot, k])
                kept.append(PlacedDisc(disc, x, y, leaning=bool(self.leaning[shot, k])))
        if self.by_id:
            kept.sort(key=lambda d: d.id)
        elif kept and kept[-1].id == turn.disc:
            kept.insert(0, kept.pop())
        layout = Layout(position.layout.board, tuple(kept))
        return Position.of(layout, {d.id: owners[d.id] for d in kept})

    def clauses_of(self, shot: int) -> dict[int, str]:
        """The clause applied to each disc the shot concerned, by id."""
        return {
            i: self.clauses[c]
            for i, c in zip(self.ids, self.clause[shot].tolist(), strict=True)
            if c >= 0
        }


def rule_batch(
    referee: Referee, position: Position, turn: Turn, batch: BatchResult
) -> BatchRulings:
    """Rule on every outcome of ``batch`` (shots of ``turn`` from ``position``).

    The batch must come from ``simulate_batch(position.layout, ..., shooter=turn.disc,
    keep_log=True)``; :class:`InvalidInput` otherwise, or for a referee with an
    official's calls set (they come only by hand entry; rule those one by one).
    """
    if batch.log is None or batch.log_offsets is None:
        raise InvalidInput(
            "compiled rulings need the batch's event log: simulate_batch(..., keep_log=True)"
        )
    rows, ids = layout_arrays(position.layout)
    if batch.ids != (*ids, turn.disc):
        raise InvalidInput("the batch was not simulated from this position with this turn's disc")
    owners = dict(position.owners)
    sides = np.array([owners[i] for i in ids] + [turn.side], dtype=np.int64)
    ruled = batch.status == 0
    core = core_of(referee)
    arrays = (batch.log, batch.log_offsets, batch.x, batch.y, batch.state, batch.status)
    return BatchRulings(
        batch.ids, ruled, *core(referee, position.layout.board, sides, rows, arrays)
    )


__all__ = ["FATES", "BatchRulings", "rule_batch"]
