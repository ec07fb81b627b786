"""Shared helpers for the physics tests."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Layout, Shot, ShotRecord
from flickboard.physics.record import DiscState
from flickboard.physics.serialize import layout_from_dict, shot_from_dict
from flickboard.physics.trajectory import StateLog

BOARD = CrokinoleBoard.standard()
TABLE = ShuffleboardTable.csc()


@pytest.fixture
def board() -> CrokinoleBoard:
    return BOARD


@pytest.fixture
def table() -> ShuffleboardTable:
    return TABLE


def assert_no_overlap_at_rest(record: ShotRecord, tol: float = 1e-6) -> None:
    """No two discs left on the surface overlap (beyond ``tol``)."""
    r = record.layout.board.disc.radius
    kept = [f for f in record.finals if f.state in (DiscState.ON_SURFACE, DiscState.LEANING)]
    for a_index, a in enumerate(kept):
        for b in kept[a_index + 1 :]:
            gap = math.hypot(a.x - b.x, a.y - b.y) - 2 * r
            assert gap > -tol, f"discs {a.id} and {b.id} overlap by {-gap:.3g} m"


def contact_pairs(
    log: StateLog,
) -> list[tuple[float, tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]]:
    """For each contact between two free discs: time, (before, after) velocity+spin of
    both discs (a disc lying in the hole is struck like a peg: see fixed_contacts).

    Each state is an array (vx, vy, spin), evaluated from the kernel's segment log.
    """
    from flickboard.physics.kernel import C_DISC

    seg = log.segments
    decel = log.params.friction * log.params.gravity
    radius = log.record.layout.board.disc.radius
    spin_decay = 4 / 3 * log.params.spin_friction * log.params.gravity / radius
    current: dict[int, np.ndarray] = {}
    out = []
    k = 0
    while k < len(seg):
        row = seg[k]
        if row[10] == C_DISC:
            nxt = seg[k + 1]
            t = row[0]
            befores = [_velocity_at(current[int(r[1])], t, decel, spin_decay) for r in (row, nxt)]
            afters = [np.array((r[4] * r[6], r[5] * r[6], r[7])) for r in (row, nxt)]
            out.append((t, (befores[0], afters[0]), (befores[1], afters[1])))
            current[int(row[1])] = row
            current[int(nxt[1])] = nxt
            k += 2
            continue
        current[int(row[1])] = row
        k += 1
    return out


def fixed_contacts(log: StateLog) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """For each contact with a fixed body (a peg, the rail, a disc lying in the hole):
    kind, (vx, vy, spin) before and after."""
    from flickboard.physics.kernel import C_PEG, C_RAIL, C_SUNK

    seg = log.segments
    decel = log.params.friction * log.params.gravity
    radius = log.record.layout.board.disc.radius
    spin_decay = 4 / 3 * log.params.spin_friction * log.params.gravity / radius
    current: dict[int, np.ndarray] = {}
    out = []
    for row in seg:
        k = int(row[1])
        if row[10] in (C_PEG, C_RAIL, C_SUNK):
            before = _velocity_at(current[k], row[0], decel, spin_decay)
            after = np.array((row[4] * row[6], row[5] * row[6], row[7]))
            out.append((int(row[10]), before, after))
        current[k] = row
    return out


def _velocity_at(row: np.ndarray, t: float, decel: float, spin_decay: float) -> np.ndarray:
    dt = t - row[0]
    v = row[6]
    if row[8] == 1:  # sliding
        v = max(v - decel * dt, 0.0)
    elif row[8] != 2:
        v = 0.0
    w0 = row[7]
    w = math.copysign(max(abs(w0) - spin_decay * dt, 0.0), w0)
    return np.array((row[4] * v, row[5] * v, w))


FULL_HOLE_LEANER = Path(__file__).parent / "fixtures" / "full_hole_leaner.json"


def full_hole_leaner() -> tuple[Layout, Shot, int, dict[int, int]]:
    """The stored shot in which a disc comes to rest over a hole already holding one:
    layout, shot, shooter id, and each disc's side (for referee tests)."""
    data = json.loads(FULL_HOLE_LEANER.read_text())
    owners = {int(k): v for k, v in data["owners"].items()}
    return layout_from_dict(data["layout"]), shot_from_dict(data["shot"]), data["shooter"], owners
