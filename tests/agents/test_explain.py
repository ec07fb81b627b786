"""Explaining a choice in words."""

from __future__ import annotations

from flickboard.agents.candidates import Candidate
from flickboard.agents.explain import intent, name_disc
from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Planner
from flickboard.agents.player import Choice
from flickboard.physics import Shot

from .conftest import TINY, crokinole_view, on_ten_line, shuffleboard_view


def test_a_disc_on_the_ten_line_is_named_by_colour_and_line() -> None:
    x, y = on_ten_line(0.4)
    view = crokinole_view(((x, y, 1),))
    assert name_disc(view, 0) == "the green on the 10 line"
    assert intent(view, "takeout", 0) == "takeout of the green on the 10 line"


def test_a_weight_is_named_by_its_zone() -> None:
    view = shuffleboard_view(((0.0, 4.2, 1),))
    assert name_disc(view, 0) == "the green in the three zone"


def test_planner_explains_its_takeout_with_an_estimated_value() -> None:
    x, y = on_ten_line(0.4)
    view = crokinole_view(((x, y, 1),))
    player = Planner("club", 0, TINY)
    player.decide(view)
    assert player.last_choice is not None
    words = player.last_choice.explanation
    assert words.startswith("Takeout of the green on the 10 line: estimated value ")
    assert "simulated executions" in words


def test_heuristic_names_the_open_twenty_without_a_value() -> None:
    player = HeuristicPlayer("club", 0)
    player.decide(crokinole_view())
    assert player.last_choice is not None
    assert player.last_choice.explanation == "Open 20."


def test_choice_explanation_shows_the_sign_of_the_value() -> None:
    choice = Choice(Candidate(Shot(0.0, -0.3, 1.57, 1.0), "hide", "hide behind a peg"), -0.25, 8)
    assert choice.explanation == (
        "Hide behind a peg: estimated value -0.25 (over 8 simulated executions)."
    )
