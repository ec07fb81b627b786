"""League line-ups: players game by game from the start and substitutions, checked
against CSC Part VII's substitution rules."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.lineups import Substitution, check_night, players_by_game, slot_of

FOUR = {"1": ["P1"], "2": ["P2"], "3": ["P3"], "4": ["P4"]}
SIX = {"A": ["a1", "a2"], "B": ["b1", "b2"], "C": ["c1", "c2"]}


def test_four_person_start_follows_the_rotation() -> None:
    games = players_by_game("four", 0, FOUR)
    assert games == [
        ("P3", "P2"),
        ("P1", "P4"),
        ("P3", "P1"),
        ("P2", "P4"),
        ("P1", "P2"),
        ("P3", "P4"),
    ]


def test_six_person_visitors_follow_the_rotation() -> None:
    games = players_by_game("six", 1, SIX)
    assert [g[0][0] for g in games] == list("abcbacbca")


def test_substitute_takes_the_replaced_players_later_games() -> None:
    games = check_night("four", 0, FOUR, [Substitution(4, "P2", "S1")])
    assert games[3] == ("S1", "P4") and games[4] == ("P1", "S1") and games[0] == ("P3", "P2")


def _moves(game: int, player: str, into: str, spare: str) -> list[Substitution]:
    """``spare`` takes ``player``'s place, then ``player`` takes ``into``'s."""
    return [Substitution(game, player, spare), Substitution(game, into, player)]


def test_csc_four_person_substitution_no_more_than_three_games_a_night() -> None:
    # P1 plays games 2 and 3 in slot 1, then slot 2's games 4 and 5 (partners P4, P3,
    # then the spare S2 in slot 4 and the spare S1 in slot 1; ends LE, RE, LE, RE).
    subs = [*_moves(4, "P1", "P2", "S1"), Substitution(4, "P4", "S2")]
    with pytest.raises(IllegalInPosition, match="game 5: P1 would play a 4th game"):
        check_night("four", 0, FOUR, subs)


def test_csc_four_person_substitution_never_the_same_partner_twice() -> None:
    # P1 partners P4 in game 2; moved into slot 2 from game 4, P4 is its partner again.
    with pytest.raises(IllegalInPosition, match="game 4: P1 and P4 were already partners"):
        check_night("four", 0, FOUR, _moves(4, "P1", "P2", "S1"))


def test_csc_four_person_substitution_never_back_to_back_on_the_same_end() -> None:
    # P1 plays game 3 at RE (slot 1, home); in slot 4 it would play game 4 at RE again.
    with pytest.raises(IllegalInPosition, match="same end"):
        check_night("four", 0, FOUR, _moves(4, "P1", "P4", "S1"))


def test_csc_six_person_replaced_player_returns_only_in_the_same_position() -> None:
    # Home B plays games 2, 6, 9 and A games 1, 4, 8: b1 plays game 2, is replaced.
    subs = [Substitution(6, "b1", "s1"), Substitution(8, "a1", "b1")]
    with pytest.raises(IllegalInPosition, match=r"^game 8: b1 entered the match in position B"):
        check_night("six", 0, SIX, subs)
    back = check_night("six", 0, SIX, [Substitution(6, "b1", "s1"), Substitution(9, "s1", "b1")])
    assert back[5] == ("s1", "b2") and back[8] == ("b1", "b2")


def test_csc_six_person_error_names_the_game_not_the_seat() -> None:
    # a1 (position A) leaves at game 4 and comes back for b1 in position B at game 6:
    # the sixth game, not the eleventh player place of the night.
    subs = [Substitution(4, "a1", "s1"), Substitution(6, "b1", "a1")]
    with pytest.raises(
        IllegalInPosition,
        match=r"^game 6: a1 entered the match in position A and may only return there, not in B$",
    ):
        check_night("six", 0, SIX, subs)


def test_substitution_needs_the_player_in_the_line_up() -> None:
    with pytest.raises(IllegalInPosition, match="not in the line-up"):
        check_night("four", 0, FOUR, [Substitution(2, "X", "S1")])
    with pytest.raises(IllegalInPosition, match="already in the line-up"):
        check_night("four", 0, FOUR, [Substitution(2, "P1", "P2")])


def test_line_up_slots_and_game_numbers_checked() -> None:
    with pytest.raises(InvalidInput, match="slots A, B, C"):
        check_night("six", 0, {"A": ["a1", "a2"]})
    with pytest.raises(IllegalInPosition, match="two line-up places"):
        check_night("four", 0, {"1": ["P1"], "2": ["P1"], "3": ["P3"], "4": ["P4"]})
    with pytest.raises(InvalidInput, match="not in the rotation"):
        slot_of("six", 10, 0)
