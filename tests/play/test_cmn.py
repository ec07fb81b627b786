"""CMN: dump and parse at game and match level, and clear errors on bad text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import InvalidInput
from flickboard.play.cmn import CmnGame, dump_game, dump_match, parse_game, parse_match
from flickboard.play.scoring import GameScore, RaceScore, RoundScore

TAGS = {
    "Event": 'Club "night"',
    "Date": "2026.11.22",
    "Rules": "wcc",
    "Side1": "Ada",
    "Side2": "Bo",
    "Game": "1",
}
ROUNDS = (
    RoundScore((45, 20), (1, 0)),
    RoundScore((30, 30), (0, 0)),
    RoundScore((60, 20), (2, 1)),
    RoundScore((0, 0), (0, 0), unplayed=True),
)


def test_cmn_game_dump_shows_rounds_twenties_and_result() -> None:
    text = dump_game(GameScore(ROUNDS), TAGS)
    assert '[Event "Club \\"night\\""]' in text
    assert "R1 45-20 (1-0)\nR2 30-30 (0-0)\nR3 60-20 (2-1)\nR4 unplayed\nResult 5-1\n" in text


def test_cmn_game_round_trip_to_play_scoring_types() -> None:
    game = parse_game(dump_game(GameScore(ROUNDS), TAGS))
    assert game.game_score() == GameScore(ROUNDS)
    assert dict(game.tags) == TAGS
    assert game.rounds[3].points == (0, 0)


def test_cmn_conventional_game_cancels_down_to_a_race() -> None:
    game = CmnGame.of(ROUNDS[:3], {"Scoring": "conventional", "Target": "60"})
    assert game.race_score() == RaceScore(60, ((25, 0), (0, 0), (40, 0)))
    text = dump_game(game)
    assert text.endswith("Result 65-0\n")
    assert parse_game(text).race_score().winner == 0


def test_cmn_from_race_score_keeps_the_steps() -> None:
    race = RaceScore(100, ((40, 0), (0, 15), (65, 0)))
    game = parse_game(dump_game(CmnGame.from_race(race, {"Rules": "depot"})))
    assert game.race_score() == race
    assert game.tag("Scoring") == "conventional"


def test_cmn_four_player_game() -> None:
    rounds = (RoundScore((45, 20, 20, 5), (1, 0, 0, 0)),)
    tags = {f"Side{i}": n for i, n in enumerate("ABCD", start=1)}
    game = parse_game(dump_game(GameScore(rounds), tags))
    assert game.result() == (8, 5, 5, 2)


def test_cmn_match_of_several_games_round_trips() -> None:
    games = [CmnGame.of(ROUNDS[:2], {"Game": "1"}), CmnGame.of(ROUNDS[2:3], {"Game": "2"})]
    text = dump_match(games)
    assert parse_match(text) == tuple(games)
    with pytest.raises(InvalidInput, match="expected one CMN game, found 2"):
        parse_game(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R1 45-20 (1-0)\n", "no Result line"),
        ("", "holds no game"),
        ("R1 45-20 (1-0)\nResult 0-2\n", "does not match the rounds"),
        ("R2 45-20 (1-0)\nResult 2-0\n", "expected round R1"),
        ("R1 45-20 (1-0)\nR2 5-5-5 (0-0-0)\nResult *\n", "3 scores, earlier rounds had 2"),
        ("R1 47-20 (1-0)\nResult 2-0\n", "multiple of 5"),
        ("R1 10-20 (1-0)\nResult 0-2\n", "cannot fit"),
        ('R1 45-20 (1-0)\n[Event "x"]\nResult 2-0\n', "tags must come before"),
        ("R1 forty-20\nResult 2-0\n", "cannot read"),
        ('[Side1 "A"]\n[Side1 "B"]\nResult *\n', "appears twice"),
        ('[Side1 "A"]\nR1 45-20 (1-0)\nResult 2-0\n', "1 Side tags"),
        ('[Scoring "golf"]\nResult *\n', "Scoring tag"),
        ("R1 unplayed\nResult *\n", "sides unknown"),
    ],
)
def test_cmn_bad_text_gets_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        parse_match(text)


def test_cmn_comments_and_unfinished_result_are_accepted() -> None:
    game = parse_game("; a friendly\nR1 45-20 (1-0) ; good start\nResult *\n")
    assert game.rounds == (RoundScore((45, 20), (1, 0)),)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(0, 3), st.integers(0, 3)),
        min_size=1,
        max_size=6,
    )
)
def test_cmn_any_game_round_trips(raw: list[tuple[int, int, int, int]]) -> None:
    rounds = tuple(RoundScore((5 * a + 20 * ta, 5 * b + 20 * tb), (ta, tb)) for a, b, ta, tb in raw)
    assert parse_game(dump_game(GameScore(rounds))).game_score() == GameScore(rounds)
