"""Contact impulses: momentum conserved, energy never gained, at every collision."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.bench.physics import scene_layout
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PhysicsParams, Shot
from flickboard.physics.resolve import disc_impulse, fixed_impulse
from flickboard.physics.trajectory import state_log

from .conftest import contact_pairs, fixed_contacts
from .reference import contact_impulse, cross, point_velocity


def energy(state: np.ndarray, radius: float) -> float:
    """Kinetic energy per unit mass of (vx, vy, spin) for a solid cylinder."""
    return 0.5 * (state[0] ** 2 + state[1] ** 2) + 0.25 * radius**2 * state[2] ** 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_disc_contact_keeps_momentum_and_never_gains_energy(
    board: CrokinoleBoard, seed: int
) -> None:
    from flickboard.physics.kernel import C_SUNK

    rng = np.random.default_rng(seed)
    layout = scene_layout(board, 29, seed=seed)
    r = board.disc.radius
    for _ in range(4):
        angle = float(rng.uniform(np.pi / 4, 3 * np.pi / 4))
        x = float(rng.uniform(-0.1, 0.1))
        y = -math.sqrt((board.shooting_line_radius) ** 2 - x * x)
        shot = Shot(x, y, angle, float(rng.uniform(1.0, 4.0)), spin=float(rng.uniform(-60, 60)))
        try:
            log = state_log(layout, shot)
        except ValueError:
            continue  # the start happened to sit on a disc
        pairs = contact_pairs(log)
        sunk = sum(1 for kind, *_ in fixed_contacts(log) if kind == C_SUNK)
        contacts = sum(1 for e in log.record.events if e.kind.value == "disc_contact")
        assert len(pairs) + sunk == contacts
        for _, (bi, ai), (bj, aj) in pairs:
            assert ai[:2] + aj[:2] == pytest.approx(bi[:2] + bj[:2], abs=1e-12)
            before = energy(bi, r) + energy(bj, r)
            after = energy(ai, r) + energy(aj, r)
            assert after <= before * (1 + 1e-12) + 1e-15


def test_every_peg_and_rail_contact_loses_energy(board: CrokinoleBoard) -> None:
    from flickboard.physics.kernel import C_PEG, C_RAIL

    seen = set()
    r = board.disc.radius
    for k, (px, py) in enumerate(board.pegs):
        for speed, spin in ((0.9, 40.0), (6.0, -80.0)):
            angle = math.atan2(py, px) + (0.3 if k % 2 else -0.3)
            start = (px - 0.15 * math.cos(angle), py - 0.15 * math.sin(angle))
            log = state_log(Layout(board), Shot(*start, angle, speed, spin))
            for kind, before, after in fixed_contacts(log):
                seen.add(kind)
                assert energy(after, r) < energy(before, r)
    assert seen == {C_PEG, C_RAIL}


def test_disc_impulse_head_on_follows_restitution() -> None:
    vix, viy, wi, vjx, vjy, wj = disc_impulse(
        1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.01, 0.8, 0.1, 1e-3
    )
    assert (vix, vjx) == pytest.approx((0.1, 0.9))
    assert (viy, vjy, wi, wj) == (0.0, 0.0, 0.0, 0.0)


def test_disc_impulse_friction_is_capped_by_coulomb() -> None:
    # a glancing hit with huge spin: tangential impulse = friction * normal impulse
    mu, e = 0.1, 0.5
    _vix, _viy, wi, _vjx, vjy, wj = disc_impulse(
        1.0, 0.0, 500.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.01, e, mu, 1e-3
    )
    jn = 0.5 * (1 + e) * 1.0
    assert vjy == pytest.approx(mu * jn)
    assert (wi, wj) == pytest.approx((500.0 - 2 * mu * jn / 0.01, -2 * mu * jn / 0.01))


def test_slow_contact_has_no_bounce() -> None:
    _, _, _, vjx, _, _ = disc_impulse(5e-4, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.01, 0.9, 0.1, 1e-3)
    assert vjx == pytest.approx(2.5e-4)


@pytest.mark.parametrize("spin", [-200.0, 0.0, 30.0])
def test_fixed_impulse_never_gains_energy(spin: float) -> None:
    r = 0.015
    for angle in np.linspace(-1.2, 1.2, 9):
        v = (math.cos(angle), math.sin(angle))
        vx, vy, w = fixed_impulse(v[0], v[1], spin, 1.0, 0.0, r, 0.6, 0.1, 1e-3)
        assert vx == pytest.approx(-0.6 * v[0])
        assert energy(np.array((vx, vy, w)), r) <= energy(np.array((*v, spin)), r) + 1e-15


def test_parameters_reach_the_kernel(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 5, seed=9)
    shot = Shot(0.0, -0.3, math.pi / 2, 2.0)
    soft = state_log(layout, shot, params=PhysicsParams(disc_restitution=0.3)).record
    hard = state_log(layout, shot).record
    assert soft.finals != hard.finals


def test_impulses_match_a_general_rigid_body_formulation(board: CrokinoleBoard) -> None:
    # The reference works from mass, moment of inertia and lever arms; resolve uses
    # closed forms for equal solid cylinders. They must agree, friction-capped or not.
    rng = np.random.default_rng(5)
    r, m, inertia = board.disc.radius, board.disc.mass, board.disc.moment_of_inertia
    disc, fixed = (1 / m, 1 / inertia), (0.0, 0.0)
    capped = {True: 0, False: 0}
    for _ in range(300):
        vi, vj = rng.normal(size=2), rng.normal(size=2) * 0.5
        wi, wj = (float(w) for w in rng.normal(scale=60.0, size=2))
        a = float(rng.uniform(0, 2 * math.pi))
        n = (math.cos(a), math.sin(a))
        e, mu = float(rng.uniform(0.3, 1.0)), float(rng.uniform(0.0, 1.0))
        arm_i, arm_j = (r * n[0], r * n[1]), (-r * n[0], -r * n[1])
        ui, uj = point_velocity(vi, wi, arm_i), point_velocity(vj, wj, arm_j)
        u = (ui[0] - uj[0], ui[1] - uj[1])
        px, py = contact_impulse(u, n, (arm_i, arm_j), (disc, disc), e, mu)
        got = disc_impulse(*vi, wi, *vj, wj, *n, r, e, mu, 0.0)
        expected = (
            vi[0] - px / m,
            vi[1] - py / m,
            wi - cross(arm_i, (px, py)) / inertia,
            vj[0] + px / m,
            vj[1] + py / m,
            wj + cross(arm_j, (px, py)) / inertia,
        )
        assert got == pytest.approx(expected, abs=1e-9)
        jn = px * n[0] + py * n[1]
        capped[abs(-px * n[1] + py * n[0]) >= mu * jn * (1 - 1e-12) and jn > 0] += 1
        fx, fy = contact_impulse(ui, n, (arm_i, (0.0, 0.0)), (disc, fixed), e, mu)
        got_fixed = fixed_impulse(*vi, wi, *n, r, e, mu, 0.0)
        expected_fixed = (vi[0] - fx / m, vi[1] - fy / m, wi - cross(arm_i, (fx, fy)) / inertia)
        assert got_fixed == pytest.approx(expected_fixed, abs=1e-9)
    assert min(capped.values()) > 30
