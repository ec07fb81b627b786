"""Crokinole game records as CMN 1.0: every result kept through flickboard -> CMN ->
flickboard, the hammer, the rule set and stable ids; what CMN cannot hold refused."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import jsonschema
import pytest

from flickboard.agents.simple import SimpleBot
from flickboard.errors import InvalidInput
from flickboard.play.clock import ShotBudget
from flickboard.play.cmn import GameFormat, parse_cmn
from flickboard.play.crokinole import CrokinoleGame, CrokinoleMatch, Seating
from flickboard.play.crokinole_cmn import match_from_record, records_cmn, rules_tag
from flickboard.play.crokinole_record import game_record, record_json
from flickboard.play.driver import play_match
from flickboard.play.gamerecord import game_record_from_json
from flickboard.rules import referee
from flickboard.rules.crokinole import CrokinoleReferee

from .test_game_records import _played, _stopped_game

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "src/flickboard/play/cmn-1.0.schema.json").read_text()
)
WHEN = datetime(2026, 2, 11, 19, 30, tzinfo=UTC)


@pytest.fixture(scope="module")
def singles() -> CrokinoleGame:
    return _played()


def _through_cmn(game: CrokinoleGame, tags: dict[str, str] | None = None) -> str:
    """The game's record, written compact and loaded back (as replay does), as CMN."""
    record = game_record_from_json(record_json(game_record(game, tags)))
    return records_cmn([record], WHEN)


def test_crokinole_record_to_cmn_keeps_every_result(singles: CrokinoleGame) -> None:
    text = _through_cmn(singles, {"Event": "Test night"})
    jsonschema.validate(json.loads(text), SCHEMA)
    (match,) = parse_cmn(text)
    assert match.result() == singles.result()
    assert match.rounds() == tuple(singles.rounds)
    assert match.date == "2026-02-11T19:30:00Z" and match.format == "singles"
    assert [t.players[0].name for t in match.teams] == ["red", "green"]
    assert match.event is not None and match.event.name == "Test night"
    assert match.source is not None and match.source.app == "flickboard"
    assert match.game_format == GameFormat("fixed", count=4)
    assert match.extras.rules == "wcc" and match.extras.category == "adult singles"
    assert not match.readings


def test_crokinole_record_to_cmn_gives_the_hammer_to_the_side_that_shoots_last(
    singles: CrokinoleGame,
) -> None:
    """The hammer is the last shot: the side that did not start the round has it."""
    (match,) = parse_cmn(_through_cmn(singles))
    starters = [shots[0].turn.side for shots in singles.round_shots]
    assert [g.hammer for g in match.games] == [1 - s for s in starters]


def test_crokinole_record_cmn_id_is_the_same_for_the_same_game(singles: CrokinoleGame) -> None:
    first, again = (json.loads(_through_cmn(singles))["id"] for _ in range(2))
    other = json.loads(_through_cmn(_played("wcc", category="cue")))["id"]
    assert first == again != other


def test_fair_race_record_to_cmn_reads_back_as_the_same_race() -> None:
    match = CrokinoleMatch(referee("fair"), Seating.singles())
    play_match(match, [SimpleBot(seed=3), SimpleBot(seed=4)])
    game = match.played[0]
    (match,) = parse_cmn(_through_cmn(game))
    assert match.game_format == GameFormat("first_to", target=100)
    assert match.result() == game.result() and not match.readings


def test_fair_race_ended_by_time_reads_back_as_ended_by_time() -> None:
    match = CrokinoleMatch(referee("fair"), Seating.singles(), clock=lambda: ShotBudget(10))
    play_match(match, [SimpleBot(seed=1), SimpleBot(seed=2)])
    game = match.played[0]
    (match,) = parse_cmn(_through_cmn(game))
    assert match.extras.time_up
    assert match.result() == game.result()


def test_timed_doubles_record_to_cmn_keeps_unplayed_rounds_at_no_points() -> None:
    game = _played("nca", Seating.doubles())
    (match,) = parse_cmn(_through_cmn(game))
    assert match.format == "doubles"
    assert [p.name for p in match.teams[1].players] == ["green seat 1", "green seat 3"]
    assert match.teams[1].name == "green"
    assert match.result() == game.result()
    unplayed = [g for g in match.games if g.unplayed]
    assert unplayed and all(g.points == (0, 0) and g.hammer is None for g in unplayed)


def test_cmn_leaves_out_a_stopped_game_and_refuses_three_sides() -> None:
    stopped = game_record_from_json(record_json(game_record(_stopped_game())))
    assert match_from_record(stopped, date="2026-02-11T19:30:00Z", version="0") is None
    assert json.loads(records_cmn([stopped], WHEN))["matches"] == []
    three = game_record(_played("depot", Seating(3), free_for_all=True))
    with pytest.raises(InvalidInput, match="CMN records games of two sides"):
        records_cmn([three], WHEN)


def test_cmn_rules_keep_the_options_apart_from_the_category() -> None:
    depot = referee("depot", direct_hit=True, free_order=True)
    assert isinstance(depot, CrokinoleReferee)
    assert rules_tag(depot) == "depot direct_hit=true free_order=true"
    cue = referee("wcc", category="cue")
    assert isinstance(cue, CrokinoleReferee) and rules_tag(cue) == "wcc"
    (match,) = parse_cmn(_through_cmn(_played("wcc", category="cue")))
    assert match.extras.category == "cue singles"
