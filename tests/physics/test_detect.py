"""Event detection: circle crossings and the quartic's first root, against brute force."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.physics.detect import (
    INF,
    circle_contact,
    circle_entry,
    circle_exit,
    first_crossing,
    moving_contact,
    quadratic_roots,
)


def test_first_root_of_the_contact_quartic_matches_dense_sampling() -> None:
    rng = np.random.default_rng(7)
    reach = 0.03
    found = 0
    for _ in range(3000):
        p = rng.uniform(-0.3, 0.3, 2)
        v = rng.uniform(-3, 3, 2)
        a = rng.uniform(-3, 3, 2)
        span = float(rng.uniform(0.05, 1.5))
        if np.hypot(*p) <= reach + 1e-6:
            continue
        t = np.linspace(0.0, span, 20001)
        gap = np.hypot(p[0] + v[0] * t + 0.5 * a[0] * t * t, p[1] + v[1] * t + 0.5 * a[1] * t * t)
        inside = np.flatnonzero(gap <= reach)
        got = moving_contact(p[0], p[1], v[0], v[1], a[0], a[1], reach, span)
        if inside.size == 0:
            # no sample inside; a true root could only hide in a sliver between samples
            assert got == INF or gap[int(got / span * 20000)] < reach + 1e-4
            continue
        found += 1
        expected = t[inside[0]]
        assert got <= expected + 1e-12
        assert got >= expected - span / 20000 - 1e-12
        q = p + v * got + 0.5 * a * got * got
        assert math.hypot(*q) == pytest.approx(reach, abs=1e-9)
    assert found > 100


def test_touching_pair_counts_only_when_approaching() -> None:
    # touching, moving apart: no contact now; approaching: contact at 0
    assert moving_contact(0.03, 0.0, 1.0, 0.0, 0.0, 0.0, 0.03, 1.0) == INF
    assert moving_contact(0.03, 0.0, -1.0, 0.0, 0.0, 0.0, 0.03, 1.0) == 0.0
    # touching and sliding together, pushed back in later by deceleration: a new contact
    got = moving_contact(0.03, 0.0, 0.5, 0.0, -3.0, 0.0, 0.03, 1.0)
    assert got == pytest.approx(1 / 3, abs=1e-6)


def test_quartic_with_a_double_dip_returns_the_first_entry() -> None:
    # f(t) = (t - 1)^2 (t - 2)^2 - 0.01: below zero near t = 1 and again near t = 2
    c = np.polynomial.polynomial.polyfromroots([1, 1, 2, 2])
    c0 = c[0] - 0.01
    got = first_crossing(c[4], c[3], c[2], c[1], c0, 3.0)
    # first entry: (t - 1)(t - 2) = 0.1, the smaller root
    assert got == pytest.approx((3 - math.sqrt(1.4)) / 2, abs=1e-12)


def test_quadratic_roots_are_stable_and_sorted() -> None:
    r1, r2 = quadratic_roots(1.0, -1e8, 1.0)
    assert r1 == pytest.approx(1e-8, rel=1e-12) and r2 == pytest.approx(1e8)
    assert all(math.isnan(r) for r in quadratic_roots(1.0, 0.0, 1.0))
    assert quadratic_roots(0.0, 2.0, -4.0)[0] == 2.0


def test_circle_helpers_measure_path_length() -> None:
    assert circle_contact(-1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.5) == pytest.approx(0.5)
    assert circle_contact(-1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.5) == INF
    assert circle_contact(-1.0, 0.6, 1.0, 0.0, 0.0, 0.0, 0.5) == INF
    assert circle_exit(0.0, 0.0, 0.0, 1.0, 2.0) == pytest.approx(2.0)
    assert circle_entry(0.0, -3.0, 0.0, 1.0, 2.0) == pytest.approx(1.0)
    assert circle_entry(0.0, -3.0, 0.0, -1.0, 2.0) == INF
