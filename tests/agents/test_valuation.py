"""Valuing positions by the round score to come, the discs left and the hammer."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from flickboard.agents.planner import Evaluator, Planner
from flickboard.agents.valuation import Outlook, margin, outlook_after, value_of
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Shot
from flickboard.play.crokinole import CrokinoleRound, Seating
from flickboard.play.kind import game_kind
from flickboard.play.noise import ExecutionNoise
from flickboard.rules import referee

from .conftest import TINY, crokinole_view, on_ten_line, shuffleboard_view


def test_after_the_first_shot_of_a_singles_round_the_opponent_holds_the_hammer() -> None:
    out = outlook_after(crokinole_view(left=((0, 8), (2, 8))))
    assert out.left == {0: 7, 1: 8}
    assert out.hammer == 1


def test_the_shooter_with_one_disc_more_holds_the_hammer() -> None:
    out = outlook_after(crokinole_view(left=((0, 3), (2, 2))))
    assert out.hammer == 0


def test_after_the_last_shot_nobody_holds_the_hammer() -> None:
    out = outlook_after(crokinole_view(left=((0, 1), (2, 0))))
    assert (out.total, out.hammer) == (0, None)


def test_margin_counts_board_points_and_twenties_made() -> None:
    x, y = on_ten_line(0.5)
    view = crokinole_view(((x * 0.3, y * 0.3, 1),))  # a green 15
    assert margin(view, view.position, {}) == -15
    assert margin(view, view.position, {0: 1}) == 5


def test_last_shot_value_is_the_round_result() -> None:
    x, y = on_ten_line(0.5)
    view = crokinole_view(((x * 0.3, y * 0.3, 1),))
    over = Outlook(0, {0: 0, 1: 0}, None)
    assert value_of(view, view.position, {}, over) == -1.0
    assert value_of(view, view.position, {0: 1}, over) == 1.0
    assert value_of(view, view.position, {0: 1, 1: 0}, over) == 1.0


def test_the_hammer_and_a_twenty_made_are_worth_something() -> None:
    x, y = on_ten_line(0.5)
    view = crokinole_view(((x * 0.3, y * 0.3, 0),))  # my 15
    mine = value_of(view, view.position, {}, Outlook(0, {0: 3, 1: 3}, 0))
    theirs = value_of(view, view.position, {}, Outlook(0, {0: 3, 1: 3}, 1))
    twenty = value_of(view, view.position, {0: 1}, Outlook(0, {0: 3, 1: 3}, 1))
    assert mine > theirs
    assert twenty > theirs


def test_shuffleboard_last_weight_is_valued_by_the_race_after_the_frame() -> None:
    # Red's three with the last weight, 13-10 in a race to 15: the frame wins the game.
    base = shuffleboard_view(((0.0, 4.2, 0),))
    over = Outlook(0, {0: 0, 1: 0}, None)
    won = replace(base, scores=(13, 10), target=15)
    assert value_of(won, won.position, {}, over) == 1.0
    # The same three from 0-0 leaves the game open: worth less than a won game, more
    # than nothing; the opponent's three is worth less than nothing.
    early = replace(base, scores=(0, 0), target=15)
    lead = value_of(early, early.position, {}, over)
    behind = shuffleboard_view(((0.0, 4.2, 1),))
    behind = replace(behind, scores=(0, 0), target=15)
    assert value_of(behind, behind.position, {}, over) < 0 < lead < 1.0


def test_shuffleboard_value_without_a_target_is_the_frame_points() -> None:
    view = shuffleboard_view(((0.0, 4.2, 0),))
    over = Outlook(0, {0: 0, 1: 0}, None)
    assert value_of(view, view.position, {}, over) == pytest.approx(3 / 8)


def test_a_shuffleboard_frame_in_play_is_worth_more_with_my_leading_weight() -> None:
    left = Outlook(0, {0: 2, 1: 3}, 1)
    mine = replace(shuffleboard_view(((0.0, 4.2, 0),)), scores=(5, 5), target=15)
    theirs = replace(shuffleboard_view(((0.0, 4.2, 1),)), scores=(5, 5), target=15)
    assert value_of(mine, mine.position, {}, left) > value_of(theirs, theirs.position, {}, left)


def test_twenties_made_earlier_in_the_round_count_in_the_value_of_the_last_shot() -> None:
    # Green made a 20 earlier in the round; red's last shot stops in the 15: red loses
    # the round 15 to 20, which a value blind to the 20 would call a win.
    base = crokinole_view(left=((0, 1), (2, 0)))
    view = replace(base, twenties=(0, 1))
    evaluator = Evaluator(view, game_kind("crokinole").noise("perfect"), view.physics)
    r = CrokinoleBoard.standard().shooting_line_radius
    shot = Shot(0.0, -r, math.pi / 2, view.physics.speed_to_travel(r - 0.05))
    assert evaluator.mean(shot, ExecutionNoise.draws(np.random.default_rng(0), 1)) == -1.0
    blind = Evaluator(base, game_kind("crokinole").noise("perfect"), base.physics)
    assert blind.mean(shot, ExecutionNoise.draws(np.random.default_rng(0), 1)) == 1.0


def test_the_next_view_carries_the_twenties_made_so_far() -> None:
    game_round = CrokinoleRound(referee("wcc"), Seating.singles(), 0)
    player = Planner("perfect", 0, TINY)
    ruling = game_round.play(player.decide(game_round.view()))
    assert ruling.twenties() == {0: 1}
    assert game_round.view().twenties == (1, 0)
    after = replace(crokinole_view(), twenties=(1, 0)).after(ruling)
    assert after is not None and after.twenties == (2, 0)
