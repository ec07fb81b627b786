"""OpenSkill ratings across events, recomputed after a correction."""

from __future__ import annotations

from dataclasses import replace

from flickboard.events.ratings import rate, rated_game
from flickboard.events.scorecard import correct
from flickboard.play.scoring import RoundScore

from .conftest import make_card


def test_ratings_follow_results_and_are_deterministic() -> None:
    cards = [make_card("A", "B", 8), make_card("A", "C", 6), make_card("B", "C", 4)]
    r = rate(cards)
    assert r["A"].mu > r["B"].mu and r["A"].mu > r["C"].mu
    assert r == rate(cards)
    assert r["A"].games == 2


def test_ratings_ignore_unvalidated_cards() -> None:
    assert rate([make_card("A", "B", 8, validated=False)]) == {}


def test_correction_of_a_past_result_changes_ratings() -> None:
    cards = [make_card("A", "B", 6), make_card("B", "C", 6)]
    before = rate(cards)
    # The referee finds B in fact won three rounds of the first game.
    fixed = cards[0]
    for i in range(3):
        fixed = correct(fixed, "REF", i, RoundScore((100, 105), (0, 0)), "misread")
    after = rate([fixed, cards[1]])
    assert after["B"].mu > before["B"].mu
    assert after["A"].mu < before["A"].mu
    assert after == rate([replace(fixed), cards[1]])


def test_doubles_teams_rated_as_their_players() -> None:
    card = make_card("T1", "T2", 8, category="competitive doubles")
    members = {"T1": ("17", "42"), "T2": ("7", "9")}
    game = rated_game(card, members)
    assert game.sides == (("17", "42"), ("7", "9")) and game.points == (8, 0)
    # 17 then plays singles: one rating follows the player through both.
    r = rate([game, make_card("17", "7", 8)])
    assert set(r) == {"17", "42", "7", "9"}
    assert r["17"].games == 2 and r["42"].games == 1
    assert r["17"].mu > r["42"].mu > r["9"].mu


def test_ratings_depend_on_the_order_games_are_given() -> None:
    cards = [make_card("A", "B", 8), make_card("B", "C", 8), make_card("C", "A", 8)]
    assert rate(cards) != rate(cards[::-1])
