"""Hold the compiled referee core to the Python referee, decision by decision.

``python_rulings`` rules every outcome of a batch with the Python referee (from the
batch's records); ``disagreements`` lists, in one line each,
every decision where the compiled rulings differ: validity, foul, each disc's fate,
clause and place after, the position after, the points on the board and the 20s made.
The differential tests and ``flickboard bench rulings`` both use it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.physics.batch import STATE_ORDER, BatchResult
from flickboard.physics.codes import EV_SIZE
from flickboard.physics.engine import EDGES, KINDS
from flickboard.physics.record import DiscState, Edge, EventKind, ShotRecord
from flickboard.rules.base import Fate, Position, Referee, Ruling, Turn
from flickboard.rules.compiled import FATES, BatchRulings

_CROKINOLE_FOULS = (
    ("touched no disc", "touched-no-disc"),
    ("only a direct hit", "own-disc-first"),
    ("struck an opposing disc", "no-opposing-disc-struck"),
    ("ended touching or inside", "short-of-fifteen"),
)
_CSC_FOULS = {"csc/4i-reentered": "reentered", "csc/5n": "short-of-foul-line"}


def foul_of(ruling: Ruling, shooter: int) -> str:
    """The foul a Python ruling names ('' for a valid shot), in the compiled core's words."""
    if ruling.valid:
        return ""
    clause = ruling.decision(shooter).clause
    if clause.startswith("csc/"):
        return _CSC_FOULS.get(clause, clause)
    for words, foul in _CROKINOLE_FOULS:
        if words in ruling.summary:
            return foul
    return ruling.summary


def batch_of_records(records: Sequence[ShotRecord]) -> BatchResult:
    """Records from one layout and shooter (simulated or entered by hand) as the batch
    arrays the compiled core reads, records kept: hand-made outcomes (a weight off the
    table and back on, which the simulator never makes) go through both referees."""
    first = records[0]
    ids = (*(d.id for d in first.layout.discs), first.shooter)
    column = {disc: k for k, disc in enumerate(ids)}
    m, n = len(records), len(ids)
    xs, ys = np.zeros((m, n)), np.zeros((m, n))
    state = np.zeros((m, n), dtype=np.int8)
    rows: list[list[float]] = []
    offsets = np.zeros(m + 1, dtype=np.int64)
    for s, record in enumerate(records):
        if record.layout != first.layout or record.shooter != first.shooter:
            raise InvalidInput("the records must start from one layout with one shooter")
        for f in record.finals:
            k = column[f.id]
            xs[s, k], ys[s, k], state[s, k] = f.x, f.y, STATE_ORDER.index(f.state)
        for e in record.events:
            if e.kind is EventKind.DISC_CONTACT and isinstance(e.other, int):
                other = column[e.other]
            elif isinstance(e.other, Edge):
                other = EDGES.index(e.other)
            else:
                other = -1 if e.other is None else e.other
            rows.append([e.time, KINDS.index(e.kind), column[e.disc], other, e.x, e.y, e.side])
        offsets[s + 1] = len(rows)
    log = np.array(rows, dtype=float).reshape(len(rows), EV_SIZE)
    counts = np.diff(offsets).astype(np.int32)
    none = np.full(m, -1, dtype=np.int64)
    return BatchResult(
        ids,
        xs,
        ys,
        state,
        np.zeros(m, dtype=np.int8),
        counts,
        none,
        np.zeros(m, dtype=np.int32),
        (state == STATE_ORDER.index(DiscState.IN_HOLE)).any(axis=1),
        np.array([r.duration for r in records]),
        tuple(records),
        log,
        offsets,
    )


def python_rulings(
    referee: Referee, position: Position, turn: Turn, batch: BatchResult
) -> list[Ruling | FlickboardError | None]:
    """The Python referee's ruling on each outcome of the batch (built with its records):
    None for a shot that did not run, the error for one it refuses."""
    if batch.records is None:
        raise InvalidInput("the batch needs its records: simulate_batch(..., records=True)")
    out: list[Ruling | FlickboardError | None] = []
    for record in batch.records:
        if record is None:
            out.append(None)
            continue
        try:
            out.append(referee.rule(position, turn, record))
        except FlickboardError as exc:
            out.append(exc)
    return out


def disagreements(
    referee: Referee,
    turn: Turn,
    python: list[Ruling | FlickboardError | None],
    rulings: BatchRulings,
) -> list[str]:
    """Every way the compiled rulings differ from the Python referee's, one line each."""
    found: list[str] = []
    for s, ruling in enumerate(python):
        if ruling is None:
            if rulings.ruled[s]:
                found.append(f"shot {s}: did not run but was ruled")
        elif isinstance(ruling, FlickboardError):
            if not rulings.impossible[s]:
                found.append(
                    f"shot {s}: the Python referee refused it ({ruling}), the core did not"
                )
        elif rulings.impossible[s]:
            found.append(f"shot {s}: the core finds the position after impossible, Python did not")
        else:
            found += [f"shot {s}: {line}" for line in _compare(referee, ruling, rulings, s, turn)]
    return found


def _compare(
    referee: Referee, ruling: Ruling, rulings: BatchRulings, s: int, turn: Turn
) -> list[str]:
    out: list[str] = []
    if bool(rulings.valid[s]) != ruling.valid:
        out.append(f"valid {bool(rulings.valid[s])} v {ruling.valid}")
    foul = rulings.fouls[rulings.foul[s]]
    if foul != foul_of(ruling, turn.disc):
        out.append(f"foul {foul!r} v {foul_of(ruling, turn.disc)!r}")
    decided = {d.disc: d for d in ruling.decisions}
    fates = rulings.fates(s)
    clauses = rulings.clauses_of(s)
    if set(fates) != set(decided):
        out.append(f"discs decided {sorted(fates)} v {sorted(decided)}")
    for k, disc in enumerate(rulings.ids):
        d = decided.get(disc)
        if d is None:
            continue
        if fates.get(disc) is not d.fate or clauses.get(disc) != d.clause:
            out.append(f"disc {disc}: {fates.get(disc)} {clauses.get(disc)} v {d.fate} {d.clause}")
        where = (float(rulings.x[s, k]), float(rulings.y[s, k]), bool(rulings.leaning[s, k]))
        if where != (d.x, d.y, d.leaning):
            out.append(f"disc {disc} lies at {where} v {(d.x, d.y, d.leaning)}")
    kept = {
        disc: (float(rulings.x[s, k]), float(rulings.y[s, k]), bool(rulings.leaning[s, k]))
        for k, disc in enumerate(rulings.ids)
        if rulings.fate[s, k] < 0 or FATES[rulings.fate[s, k]] in (Fate.IN_PLAY, Fate.RESTORED)
    }
    after = {d.id: (d.x, d.y, d.leaning) for d in ruling.position_after.layout.discs}
    if kept != after:
        out.append("position after differs")
    score = referee.score(ruling.position_after)
    points = {side: int(rulings.points[s, side]) for side in score}
    if points != score:
        out.append(f"points {points} v {score}")
    twenties = {side: int(n) for side, n in enumerate(rulings.twenties[s].tolist()) if n}
    if twenties != ruling.twenties():
        out.append(f"20s {twenties} v {ruling.twenties()}")
    return out


__all__ = ["batch_of_records", "disagreements", "foul_of", "python_rulings"]
