"""The sunk-disc scenario (bench/hole.py), a seeded 600 of its 4,000 shots."""

from __future__ import annotations

import math

from flickboard.bench.hole import CROWD, CROWD_RADIUS, slide_throughs, targeted_shots
from flickboard.geometry import CrokinoleBoard

BOARD = CrokinoleBoard.standard()


def test_the_scenario_is_shots_from_the_shooting_line_into_a_crowd_round_the_hole() -> None:
    shots = targeted_shots(BOARD, 20)
    assert shots == targeted_shots(BOARD, 20)  # seeded
    for t in shots:
        assert len(t.layout.discs) == CROWD
        for d in t.layout.discs:
            assert BOARD.hole_radius + BOARD.disc.radius < math.hypot(d.x, d.y) <= CROWD_RADIUS
        assert math.isclose(math.hypot(t.shot.x, t.shot.y), BOARD.shooting_line_radius)
        assert 1.0 <= t.shot.speed <= 2.0


def test_no_disc_slides_through_one_lying_in_the_hole() -> None:
    # Before discs in the hole were obstacles, 7 of these 600 shots (28 of the 4,000)
    # had a disc slide through one lying in the hole.
    counts = slide_throughs(targeted_shots(BOARD, 600))
    assert counts.dropped > 50
    assert counts.struck > 0  # discs do come back at it, and strike it
    assert counts.through == 0
