"""Sanctions in a WCC championship match: forfeits, no-shows and disqualification
decide games and the match (WCC: "Careless or deliberate contravention of the rules may
result in the forfeiture of a round or a game and possible disqualification")."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition
from flickboard.events.sanctions import Sanction
from flickboard.events.synthetic import game_with
from flickboard.store.desk import Desk


def _final(desk: Desk) -> None:
    desk.create_championship("Final", "adult singles", [("17", "Ann"), ("42", "Joe")])


def _game(desk: Desk, n: int, points_17: int) -> None:
    desk.enter_card("Final", n, ("17", "42"), game_with(points_17, (1, 1)).rounds)
    desk.validate_card("Final", n, "42", "JM")


def test_wcc_forfeit_of_a_championship_game_gives_it_to_the_opponent(desk: Desk) -> None:
    _final(desk)
    _game(desk, 1, 6)  # 17 won game 1
    s = desk.record_sanction("Final", Sanction("forfeit-game", "17", "deliberate contravention", 1))
    assert s.of("42").reasons[0].startswith("leads 1 game to 0")
    assert any("forfeited the round 1 game" in r for r in s.of("17").reasons)


def test_wcc_forfeit_of_a_round_that_levels_a_championship_game_gives_it_away(
    desk: Desk,
) -> None:
    _final(desk)
    _game(desk, 1, 5)  # 17 won 2 rounds, tied 1, lost 1: 5-3
    s = desk.record_sanction(
        "Final", Sanction("forfeit-round", "17", "careless contravention", 1, game_round=1)
    )  # the round 17 won counts 0-2: 3-5 in points
    assert s.of("42").reasons[0].startswith("leads 1 game to 0")
    _game(desk, 2, 5)
    s = desk.record_sanction(
        "Final", Sanction("forfeit-round", "17", "careless contravention", 2, game_round=3)
    )  # the tied round 3 goes 0-2: 4-4, level after the forfeit: 42 wins the game
    assert s.of("42").reasons[0].startswith("won the championship match 2 games to 0")


def test_wcc_disqualification_in_a_championship_match_gives_the_match_away(
    desk: Desk,
) -> None:
    _final(desk)
    _game(desk, 1, 6)
    s = desk.record_sanction(
        "Final", Sanction("disqualification", "17", "coaching after a warning", 2)
    )
    assert s.order == ("42", "17")
    assert s.of("42").reasons[0].startswith("won the championship match 2 games to 1")
    with pytest.raises(IllegalInPosition, match="17 is out of Final: disqualification"):
        desk.enter_card("Final", 2, ("17", "42"), game_with(6).rounds)


def test_no_show_for_a_championship_game_is_a_walkover_and_refuses_its_card(
    desk: Desk,
) -> None:
    _final(desk)
    _game(desk, 1, 2)  # 42 won game 1
    s = desk.record_sanction("Final", Sanction("no-show", "17", "not at the board", 2))
    assert s.of("42").reasons[0].startswith("won the championship match 2 games to 0")
    with pytest.raises(IllegalInPosition, match="did not show for round 2"):
        desk.enter_card("Final", 2, ("17", "42"), game_with(6).rounds)


def test_a_forfeit_of_a_championship_game_without_a_card_is_refused(desk: Desk) -> None:
    _final(desk)
    with pytest.raises(IllegalInPosition, match="game 1 has no card to forfeit"):
        desk.record_sanction("Final", Sanction("forfeit-game", "17", "late", 1))
    assert desk.sanctions("Final") == []
