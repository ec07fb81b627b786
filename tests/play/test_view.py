"""A view: one convention of seats and sides for both games, and the view after a shot."""

from __future__ import annotations

import pytest

from flickboard.play.kind import new_match


def test_a_crokinole_view_lists_every_shot_to_come_by_seat_and_side() -> None:
    view = new_match("crokinole", players=4).view()
    assert view.to_come[:4] == ((0, 0), (1, 1), (2, 0), (3, 1))
    assert len(view.to_come) == 24 and view.hammer == 1
    assert dict(view.discs_left) == {0: 6, 1: 6, 2: 6, 3: 6}
    assert view.left_of(0) == view.left_of(1) == 12


def test_a_shuffleboard_doubles_view_keys_seats_by_player_not_by_end() -> None:
    match = new_match("shuffleboard", players=4)
    view = match.view()
    assert view.to_come == ((0, 0), (1, 1)) * 4  # frame 1: players 0 and 1 deliver
    assert dict(view.discs_left) == {0: 4, 1: 4} and view.hammer == 1
    for _ in range(8):
        match.play(match.aim(0.5, 0.0, 0.9))  # dead weights: a non-scoring frame
    assert {seat for seat, _ in match.view().to_come} == {2, 3}  # the far end's pair


def test_the_view_after_a_shot_hands_the_turn_on_and_counts_the_twenty() -> None:
    match = new_match("crokinole")
    view = match.view()
    step = match.play(match.aim(0.5, 0.0, 1.0))
    after = view.after(step.ruling)
    assert after is not None and after == match.view()
    assert after.twenties == (1, 0) and after.turn.disc == 1


def test_once_time_is_up_the_view_lists_only_the_shots_owed() -> None:
    match = new_match("crokinole", time_shots=1)
    assert len(match.view().to_come) == 16  # the buzzer is not foreseen
    match.play(match.aim(0.5, 0.0, 1.0))
    last = match.view()
    assert last.to_come == ((2, 1),)  # time up: green is owed one shot to even the round
    assert last.after(match.play(match.aim(0.5, 0.0, 1.0)).ruling) is None


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_a_view_knows_its_game_and_physics(game: str) -> None:
    view = new_match(game).view()
    assert view.game == game and view.physics == view.params == new_match(game).params
