"""Explaining a choice in words: what it tries, what it does played without noise, and
its value over the executions it was measured on."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from flickboard.agents.candidates import Candidate, candidates
from flickboard.agents.explain import intent, name_disc, outcome, played_out
from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Planner
from flickboard.agents.player import Choice, explanation_of, turn_rng
from flickboard.agents.tactics import tactics_for
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Shot
from flickboard.play.noise import ExecutionNoise

from .conftest import TINY, crokinole_view, on_ten_line, shuffleboard_view


def test_a_disc_on_the_ten_line_is_named_by_colour_and_line() -> None:
    x, y = on_ten_line(0.4)
    view = crokinole_view(((x, y, 1),))
    assert name_disc(view, 0) == "the green on the 10 line"
    assert intent(view, "takeout", 0) == "takeout of the green on the 10 line"


def test_a_weight_is_named_by_its_zone() -> None:
    view = shuffleboard_view(((0.0, 4.2, 1),))
    assert name_disc(view, 0) == "the green in the three zone"


def test_planner_says_what_its_takeout_does_and_its_true_sample_count() -> None:
    x, y = on_ten_line(0.4)
    view = crokinole_view(((x, y, 1),))
    player = Planner("club", 0, TINY)
    player.decide(view)
    words = explanation_of(player)
    assert words is not None
    assert words.startswith(
        "Takeout of the green on the 10 line: without noise it takes out the green on the "
        "10 line; its disc stops "
    )
    assert words.endswith(f"over {TINY.samples} simulated executions.")


def test_the_value_given_is_the_chosen_shots_mean_over_fresh_draws() -> None:
    x, y = on_ten_line(0.4)
    view = crokinole_view(((x * 0.7, y * 0.7, 1),), left=((0, 5), (2, 5)))
    player = Planner("club", 3, TINY)
    choice = player.choose(view)
    fresh = ExecutionNoise.draws(turn_rng(3, view, 4), TINY.samples)
    assert choice.value == player.evaluator(view).mean(choice.candidate.shot, fresh)
    assert choice.samples == TINY.samples


def test_heuristic_names_the_open_twenty_and_what_it_does_without_a_value() -> None:
    player = HeuristicPlayer("club", 0)
    player.decide(crokinole_view())
    assert explanation_of(player) == "Open 20: without noise it drops for a 20."


def test_a_hide_that_drops_into_the_hole_is_said_to_drop_for_a_twenty() -> None:
    view = crokinole_view()
    twenty = next(c for c in candidates(view, view.physics) if c.kind == "open20")
    hide = replace(twenty, kind="hide", words="hide behind a peg")
    assert outcome(view, played_out(view, hide.shot)) == "drops for a 20"


def test_a_shot_that_misses_every_opposing_disc_is_said_to_be_invalid() -> None:
    x, y = on_ten_line(-0.3)
    view = crokinole_view(((x, y, 1),))
    twenty = next(c for c in candidates(view, view.physics) if c.kind == "twenty")
    words = outcome(view, played_out(view, twenty.shot))
    assert words.startswith("is ruled invalid (invalid shot by red: no red disc struck")


def test_a_weight_behind_another_is_said_to_be_guarded() -> None:
    view = shuffleboard_view(((0.0, 3.9, 1), (0.01, 4.2, 0)))
    tactics = tactics_for("shuffleboard")
    front, back = view.position.layout.discs
    assert tactics.shelter(view, view.position, back) == "guarded by a weight in front"
    assert tactics.shelter(view, view.position, front) == ""


def test_a_disc_straight_behind_a_peg_from_the_opposing_seat_is_said_to_be_behind_it() -> None:
    board = CrokinoleBoard.standard()
    px, py = max(board.pegs, key=lambda p: p[1])  # a peg on the far side, seat 2's
    ox, oy = (
        board.shooting_line_radius * math.cos(CrokinoleBoard.seat_angle(2)),
        board.shooting_line_radius * math.sin(CrokinoleBoard.seat_angle(2)),
    )
    dx, dy = px - ox, py - oy
    n = math.hypot(dx, dy)
    gap = board.peg_radius + board.disc.radius + 0.002
    view = crokinole_view(((px + dx / n * gap, py + dy / n * gap, 0), (0.0, -0.2, 0)))
    hidden, open_ = view.position.layout.discs
    tactics = tactics_for("crokinole")
    assert tactics.shelter(view, view.position, hidden) == "behind a peg"
    assert tactics.shelter(view, view.position, open_) == ""


@pytest.mark.parametrize(
    ("value", "samples", "expected"),
    [
        (-0.25, 8, "Hide behind a peg. Estimated value -0.25 over 8 simulated executions."),
        (None, 0, "Hide behind a peg."),
    ],
)
def test_choice_explanation_shows_the_sign_of_the_value(
    value: float | None, samples: int, expected: str
) -> None:
    choice = Choice(
        Candidate(Shot(0.0, -0.3, 1.57, 1.0), "hide", "hide behind a peg"), value, samples
    )
    assert choice.explanation == expected
