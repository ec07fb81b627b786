"""Hints that hold: the words of the review's best shot (a hint at the table) describe
what that shot does played without noise, and the ghost path drawn is that very shot,
over seeded mid-round positions of both games (docs/review.md, "Hints")."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.agents.candidates import Candidate
from flickboard.agents.explain import contradiction, played_out
from flickboard.agents.review import ReviewBudget, best_shot
from flickboard.errors import FlickboardError
from flickboard.physics import DiscState, simulate
from flickboard.play.view import View
from flickboard.web.play.review import shooter_path

from .conftest import crokinole_view, shuffleboard_view

POSITIONS = 200
"""Seeded positions per game."""

HINT = ReviewBudget(candidates=30, widen=4, schedule=(2, 4), finalists=3, samples=4)
"""A small review budget: what is checked is the words of the shot found, not how good
it is."""


def _disc(game: str, rng: np.random.Generator) -> tuple[float, float, int]:
    side = int(rng.integers(2))
    if game == "crokinole":
        r, a = float(rng.uniform(0.0, 0.27)), float(rng.uniform(0, 2 * math.pi))
        return (r * math.cos(a), r * math.sin(a), side)
    return (float(rng.uniform(-0.2, 0.2)), float(rng.uniform(2.5, 4.25)), side)


def positions(game: str, count: int = POSITIONS) -> list[View]:
    """Seeded mid-round positions from which a shot can start: 1 to 7 discs (crokinole)
    or 1 to 6 weights."""
    rng = np.random.default_rng(41)
    view_of = crokinole_view if game == "crokinole" else shuffleboard_view
    most = 8 if game == "crokinole" else 7
    views: list[View] = []
    while len(views) < count:
        discs: list[tuple[float, float, int]] = []
        wanted = int(rng.integers(1, most))
        for _ in range(50 * wanted):
            if len(discs) == wanted:
                break
            disc = _disc(game, rng)
            try:
                view_of((*discs, disc))
            except FlickboardError:
                continue
            discs.append(disc)
        view = view_of(tuple(discs))
        if view.start_line.nearest(0.5) is not None:  # a shot can start
            views.append(view)
    return views


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_every_hint_says_what_its_shot_does_and_draws_that_shot(game: str) -> None:
    disagreements: list[str] = []
    kinds: set[str] = set()
    for n, view in enumerate(positions(game)):
        hint = best_shot(view, "competitive", HINT, seed=n)
        kinds.add(hint.kind)
        ruling = played_out(view, hint.shot)
        claim = Candidate(hint.shot, hint.kind, hint.words, hint.target)
        wrong = contradiction(view, claim, ruling)
        if wrong:
            disagreements.append(f"position {n}: {hint.words!r}: {wrong}")
        # the ghost path is the hinted shot: it ends where that shot, played without
        # noise, leaves the shooter
        path = shooter_path(view.position.layout, hint.shot, view.turn.disc, view.physics)
        record = simulate(
            view.position.layout, hint.shot, shooter=view.turn.disc, params=view.physics
        )
        final = next(f for f in record.finals if f.id == view.turn.disc)
        if final.state in (DiscState.ON_SURFACE, DiscState.LEANING):
            end = math.hypot(path[-1][0] - final.x, path[-1][1] - final.y)
            if end > 1e-3:
                disagreements.append(f"position {n}: the path ends {end:.4f} m from the disc")
    assert disagreements == []
    assert len(kinds) >= 3  # takeouts, draws, ... not one kind of hint everywhere
