"""Cards checked by their own rule set wherever they come in (scoresheet, CMN, a match,
the event file and the desk's scorecards): a WCC game is scored by points, and only a
tied WCC championship game plays a fifth round. Each test is named after its clause."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from flickboard.errors import InvalidInput
from flickboard.events.scorecard import Scorecard
from flickboard.play.cmn import read_cmn
from flickboard.play.crokinole import CrokinoleGame, CrokinoleMatch, Seating
from flickboard.play.scoresheet import parse_sheet
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.rules.base import referee

FOUR = "R1 45-20 (1-0)\nR2 20-45 (0-1)\nR3 30-30 (0-0)\nR4 20-20 (1-1)\n"
"""Four rounds tied 4-4 on points."""
CMN_DATA = Path(__file__).resolve().parents[1] / "play" / "data" / "cmn-casual-minimal.json"


def _cmn(games: list[dict[str, Any]], fmt: dict[str, Any], **extras: Any) -> dict[str, Any]:
    data = copy.deepcopy(json.loads(CMN_DATA.read_text()))
    data["match"].update(games=games, gameFormat=fmt, winner=games[-1]["winner"])
    data["match"]["flickboard"] = extras
    return data


TIED_THEN_FIFTH = [{"winner": 0}, {"winner": 1}, {"winner": None}, {"winner": None}, {"winner": 1}]


def test_wcc_all_tournament_games_will_use_a_point_scoring_system() -> None:
    words = "All tournament games will use a point-scoring system"
    with pytest.raises(InvalidInput, match=words):
        parse_sheet('[Rules "wcc"]\n[Scoring "conventional"]\n\nR1 100-0 (0-0)\nResult 100-0\n')
    race = _cmn(
        [{"winner": 0, "scores": [100, 0], "twenties": [0, 0]}],
        {"type": "first_to", "target": 100},
        rules="wcc",
    )
    with pytest.raises(InvalidInput, match=words):
        read_cmn(race)
    with pytest.raises(InvalidInput, match=words):
        referee("wcc", scoring="conventional")
    # the same race under the Depot's conventional play (4g) is taken
    race["match"]["flickboard"]["rules"] = "depot"
    assert read_cmn(race)[0].winner == 0


def test_nca_the_game_shall_consist_of_four_rounds() -> None:
    words = 'NCA: "The game shall consist of four rounds"'
    with pytest.raises(InvalidInput, match=words):
        parse_sheet(
            '[Rules "nca"]\n[Championship "yes"]\n\n' + FOUR + "R5 45-20 (1-0)\nResult 6-4\n"
        )
    with pytest.raises(InvalidInput, match=words):
        CrokinoleMatch(referee("nca"), Seating(2), championship=True)
    with pytest.raises(InvalidInput, match=words):
        CrokinoleGame(referee("nca"), Seating(2), championship=True)
    with pytest.raises(InvalidInput, match=words):
        read_cmn(_cmn(TIED_THEN_FIFTH, {"type": "fixed", "count": 4}, rules="nca"))
    with pytest.raises(InvalidInput, match=words):
        read_cmn(
            _cmn(TIED_THEN_FIFTH[:4], {"type": "fixed", "count": 4}, rules="nca", championship=True)
        )


def test_depot_4f_a_game_consists_of_4_rounds() -> None:
    words = 'Crokinole Depot 4f: "A game consists of 4 rounds"'
    with pytest.raises(InvalidInput, match=words):
        parse_sheet(
            '[Rules "depot direct_hit=true"]\n[Championship "yes"]\n\n' + FOUR + "Result 4-4\n"
        )
    with pytest.raises(InvalidInput, match=words):
        CrokinoleMatch(referee("depot"), Seating(2), championship=True)
    with pytest.raises(InvalidInput, match=words):
        read_cmn(_cmn(TIED_THEN_FIFTH, {"type": "fixed", "count": 4}, rules="depot"))


def test_wcc_a_5th_round_will_be_played_only_in_a_tied_championship_game() -> None:
    """WCC: "If after 4 rounds (a game) the player's scores are tied, a 5th round will be
    played" in a championship match; elsewhere a game is 4 rounds."""
    fifth = "R5 45-20 (1-0)\nResult 6-4\n"
    assert (
        parse_sheet('[Rules "wcc"]\n[Championship "yes"]\n\n' + FOUR + fifth).game_score().winner
        == 0
    )
    with pytest.raises(InvalidInput, match="a tournament game has 4 rounds"):
        parse_sheet('[Rules "wcc"]\n\n' + FOUR + fifth)
    with pytest.raises(InvalidInput, match="outside a tied WCC championship game"):
        read_cmn(_cmn(TIED_THEN_FIFTH, {"type": "fixed", "count": 4}, rules="wcc"))
    taken = read_cmn(
        _cmn(TIED_THEN_FIFTH, {"type": "fixed", "count": 4}, rules="wcc", championship=True)
    )
    assert taken[0].points == (4, 6)
    assert CrokinoleMatch(referee("wcc"), Seating(2), championship=True).games == 3
    # the event file's and the desk's cards are WCC scorecards, checked the same way
    rounds = [RoundScore((45, 20), (1, 0)), RoundScore((20, 45), (0, 1))] * 2
    five = GameScore((*rounds, RoundScore((45, 20), (1, 0))))
    with pytest.raises(InvalidInput, match="has 4 rounds, got 5"):
        Scorecard("adult singles", 1, ("P1", "P2"), ("Ann", "Bo"), five)
