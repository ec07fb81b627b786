"""Scoresheets (the text notation once called CMN): dump and parse at game and match
level, the checks a scorecard gets, and clear errors on bad text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import InvalidInput
from flickboard.play.scoresheet import (
    SheetGame,
    dump_sheet,
    dump_sheets,
    parse_sheet,
    parse_sheets,
)
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
FOUR = "R1 45-20 (1-0)\nR2 30-30 (0-0)\nR3 60-20 (2-1)\nR4 20-20 (1-1)\n"


def test_scoresheet_game_dump_shows_rounds_twenties_and_result() -> None:
    text = dump_sheet(GameScore(ROUNDS), TAGS)
    assert '[Event "Club \\"night\\""]' in text
    assert "R1 45-20 (1-0)\nR2 30-30 (0-0)\nR3 60-20 (2-1)\nR4 unplayed\nResult 5-1\n" in text


def test_scoresheet_game_round_trip_to_play_scoring_types() -> None:
    game = parse_sheet(dump_sheet(GameScore(ROUNDS), TAGS))
    assert game.game_score() == GameScore(ROUNDS)
    assert dict(game.tags) == TAGS
    assert game.rounds[3].points == (0, 0)


def test_scoresheet_conventional_game_cancels_down_to_a_race() -> None:
    game = SheetGame.of(ROUNDS[:3], {"Scoring": "conventional", "Target": "60"})
    assert game.race_score() == RaceScore(60, ((25, 0), (0, 0), (40, 0)))
    text = dump_sheet(game)
    assert text.endswith("Result 65-0\n")
    assert parse_sheet(text).race_score().winner == 0


def test_scoresheet_from_race_score_keeps_the_steps() -> None:
    race = RaceScore(100, ((40, 0), (0, 15), (65, 0)))
    game = parse_sheet(dump_sheet(SheetGame.from_race(race, {"Rules": "depot"})))
    assert game.race_score() == race
    assert game.tag("Scoring") == "conventional"


def test_scoresheet_from_race_ended_by_time_says_so() -> None:
    race = RaceScore(100, ((40, 0), (0, 15)), time_up=True)
    game = parse_sheet(dump_sheet(SheetGame.from_race(race)))
    assert game.tag("Termination") == "time"
    assert game.race_score() == race


def test_scoresheet_four_player_game() -> None:
    rounds = (RoundScore((45, 20, 20, 5), (1, 0, 0, 0)),) * 4
    tags = {f"Side{i}": n for i, n in enumerate("ABCD", start=1)}
    game = parse_sheet(dump_sheet(GameScore(rounds), tags))
    assert game.result() == (32, 20, 20, 8)


def test_scoresheet_match_of_several_games_round_trips() -> None:
    games = [
        SheetGame.of(ROUNDS, {"Game": "1"}),
        SheetGame.of(ROUNDS[2::-1] + ROUNDS[3:], {"Game": "2"}),
    ]
    text = dump_sheets(games)
    assert parse_sheets(text) == tuple(games)
    with pytest.raises(InvalidInput, match="expected one scoresheet game, found 2"):
        parse_sheet(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R1 45-20 (1-0)\n", "no Result line"),
        ("", "holds no game"),
        (FOUR + "Result 0-2\n", "does not match the rounds"),
        ("R2 45-20 (1-0)\nResult 2-0\n", "expected round R1"),
        ("R1 45-20 (1-0)\nR2 5-5-5 (0-0-0)\nResult *\n", "3 scores, earlier rounds had 2"),
        ("R1 47-20 (1-0)\nResult *\n", "multiple of 5"),
        ("R1 10-20 (1-0)\nResult *\n", "cannot fit"),
        ('R1 45-20 (1-0)\n[Event "x"]\nResult *\n', "tags must come before"),
        ("R1 forty-20\nResult *\n", "cannot read"),
        ('[Side1 "A"]\n[Side1 "B"]\nResult *\n', "appears twice"),
        ('[Side1 "A"]\nR1 45-20 (1-0)\nResult *\n', "1 Side tags"),
        ('[Scoring "golf"]\nResult *\n', "Scoring tag"),
        ("R1 unplayed\nResult *\n", "sides unknown"),
    ],
)
def test_scoresheet_bad_text_gets_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        parse_sheets(text)


def test_scoresheet_comments_and_unfinished_result_are_accepted() -> None:
    game = parse_sheet("; a friendly\nR1 45-20 (1-0) ; good start\nResult *\n")
    assert game.rounds == (RoundScore((45, 20), (1, 0)),)


def test_scoresheet_refuses_a_round_after_a_race_reached_its_target() -> None:
    """Depot 4g: a conventional game is "played until one team scores a predetermined
    amount"; the old reader took 100-0 then 20-0 as a 120-0 game."""
    text = (
        '[Scoring "conventional"]\n[Target "100"]\n\nR1 100-0 (0-0)\nR2 20-0 (1-0)\nResult 120-0\n'
    )
    with pytest.raises(InvalidInput, match=r"R2: the game ended at 100-0 in R1"):
        parse_sheet(text)
    fair = '[Scoring "fair"]\n\nR1 60-0 (0-0)\nR2 45-0 (0-0)\nResult 105-0\n'
    assert parse_sheet(fair).race_score().winner == 0


def test_scoresheet_refuses_a_finished_race_short_of_its_target() -> None:
    text = '[Scoring "fair"]\n\nR1 60-0 (0-0)\nResult 60-0\n'
    with pytest.raises(InvalidInput, match="not decided at 60-0"):
        parse_sheet(text)
    timed = '[Scoring "fair"]\n[Termination "time"]\n\nR1 60-0 (0-0)\nResult 60-0\n'
    assert parse_sheet(timed).race_score().winner == 0


def test_scoresheet_refuses_a_fifth_round_outside_a_tied_championship_game() -> None:
    """WCC: only a championship game tied after four rounds plays on until a side leads."""
    fifth = "R5 45-20 (1-0)\n"
    with pytest.raises(InvalidInput, match="R5: a tournament game has 4 rounds"):
        parse_sheet(FOUR + fifth + "Result 7-3\n")
    champ = '[Championship "yes"]\n\n'
    with pytest.raises(InvalidInput, match="R5: the championship game was decided after 4"):
        parse_sheet(champ + FOUR + fifth + "Result 7-3\n")
    tied = "R1 45-20 (1-0)\nR2 20-45 (0-1)\nR3 30-30 (0-0)\nR4 20-20 (1-1)\n"
    game = parse_sheet(champ + tied + fifth + "Result 6-4\n")
    assert game.game_score().winner == 0


def test_scoresheet_refuses_a_finished_game_of_fewer_rounds_or_still_tied() -> None:
    with pytest.raises(InvalidInput, match="has 4 rounds, this one 1"):
        parse_sheet("R1 45-20 (1-0)\nResult 2-0\n")
    tied = "R1 45-20 (1-0)\nR2 20-45 (0-1)\nR3 30-30 (0-0)\nR4 20-20 (1-1)\n"
    with pytest.raises(InvalidInput, match="tied 4-4 after 4 rounds"):
        parse_sheet('[Championship "yes"]\n\n' + tied + "Result 4-4\n")
    assert parse_sheet(tied + "Result 4-4\n").game_score().winner is None


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(0, 3), st.integers(0, 3)),
        min_size=4,
        max_size=4,
    )
)
def test_scoresheet_any_game_round_trips(raw: list[tuple[int, int, int, int]]) -> None:
    rounds = tuple(RoundScore((5 * a + 20 * ta, 5 * b + 20 * tb), (ta, tb)) for a, b, ta, tb in raw)
    assert parse_sheet(dump_sheet(GameScore(rounds))).game_score() == GameScore(rounds)
