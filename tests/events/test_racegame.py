"""Entered games to a target: frames or a final score, checked before storing."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.racegame import race_from_final, race_from_frames


def test_frames_total_to_the_winner() -> None:
    race = race_from_frames([(3, 0), (0, 4), (16, 0), (2, 0)], 21)
    assert (race.totals, race.winner) == ((21, 4), 0)


def test_csc_game_to_21_with_winner_under_21_refused() -> None:
    with pytest.raises(InvalidInput, match="not decided at 20-15"):
        race_from_final((20, 15), 21)
    with pytest.raises(InvalidInput, match="not decided"):
        race_from_frames([(10, 0), (0, 15)], 21)


def test_csc_both_sides_at_the_target_refused() -> None:
    with pytest.raises(IllegalInPosition, match="only one side can reach 21"):
        race_from_final((21, 23), 21)


def test_csc_no_frame_after_the_target_is_reached() -> None:
    with pytest.raises(IllegalInPosition, match="frame 3: the game ended at 21-0"):
        race_from_frames([(15, 0), (6, 0), (0, 3)], 21)


def test_csc_scoring_only_one_side_scores_in_a_frame() -> None:
    with pytest.raises(InvalidInput, match="frame 2"):
        race_from_frames([(3, 0), (2, 1)], 15)


def test_csc_frame_cannot_exceed_four_weights_of_hangers() -> None:
    with pytest.raises(InvalidInput, match="at most 16"):
        race_from_frames([(17, 0)], 15)


def test_fair_rules_rounds_are_multiples_of_five_without_cap() -> None:
    race = race_from_frames([(60, 0), (0, 20), (45, 0)], 100, frame_max=None, multiple_of=5)
    assert race.winner == 0 and race.totals == (105, 20)
    with pytest.raises(InvalidInput, match="multiple of 5"):
        race_from_frames([(62, 0)], 100, frame_max=None, multiple_of=5)
