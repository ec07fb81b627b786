"""CMN 1.0 (the public JSON draft): the spec's examples and a batch read, the readings
of what the draft leaves open, round trips, the schema, and clear errors."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import InvalidInput
from flickboard.play.cmn import (
    CmnEvent,
    CmnExtras,
    CmnGame,
    CmnLocation,
    CmnMatch,
    CmnPlayer,
    CmnSource,
    CmnTeam,
    GameFormat,
    cmn_json,
    dump_cmn,
    parse_cmn,
    read_cmn,
)
from flickboard.play.scoring import GameScore, RaceScore, RoundScore, tournament_round_points

DATA = Path(__file__).parent / "data"
SCHEMA = json.loads(
    (Path(__file__).parents[2] / "src/flickboard/play/cmn-1.0.schema.json").read_text()
)
EXAMPLES = (
    "cmn-match-object.json",
    "cmn-singles-league.json",
    "cmn-doubles-tournament.json",
    "cmn-casual-minimal.json",
    "cmn-batch-league-night.json",
)


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _read(data: dict[str, Any]) -> tuple[CmnMatch, ...]:
    return read_cmn(data)


def _minimal(**match: Any) -> dict[str, Any]:
    data = _data("cmn-casual-minimal.json")
    data["match"].update(match)
    return data


def test_cmn_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("name", EXAMPLES)
def test_cmn_spec_examples_and_batch_fit_the_schema_and_import(name: str) -> None:
    data = _data(name)
    jsonschema.validate(data, SCHEMA)
    matches = _read(data)
    assert matches and all(m.winner == 0 or m.winner == 1 for m in matches)


@pytest.mark.parametrize("name", EXAMPLES)
def test_cmn_export_of_every_example_validates_against_the_schema(name: str) -> None:
    text = dump_cmn(_read(_data(name)))
    jsonschema.validate(json.loads(text), SCHEMA)
    assert parse_cmn(text) == _read(_data(name))


def test_cmn_singles_league_example_reads_scores_without_the_twenties() -> None:
    """The spec's own singles example has a game [20, 5] with twenties [2, 0]: 2 twenties
    cannot fit in 20 points, so that match's scores are read as board points without
    the 20s and 20 per twenty is added (WCC counts the 20s in a round's score)."""
    (match,) = _read(_data("cmn-singles-league.json"))
    assert [g.scores for g in match.games] == [(60, 5), (15, 40), (40, 10), (10, 10)]
    assert match.rounds()[0] == RoundScore((60, 5), (2, 0))
    assert match.result() == GameScore(match.rounds())
    assert match.points == (5, 3)
    (reading,) = match.readings
    assert "without the 20s" in reading and "game 1" in reading
    written = json.loads(dump_cmn([match]))
    assert written["match"]["games"][0]["scores"] == [60, 5]


def test_cmn_scores_that_can_include_the_twenties_are_read_as_including_them() -> None:
    (match,) = _read(_data("cmn-batch-league-night.json"))[:1]
    assert match.games[0].scores == (60, 40) and not match.readings


def test_cmn_winners_decide_the_twenties_reading_when_every_score_could_hold_them() -> None:
    """[40, 45] with twenties [2, 0] fits either way; only with the 20s added (80-45)
    is team 1 the winner the record gives, so that is how the match is read."""
    games = [{"winner": 0, "scores": [40, 45], "twenties": [2, 0]}, *[{"winner": 0}] * 3]
    (match,) = _read(_minimal(games=games, gameFormat={"type": "fixed", "count": 4}))
    assert match.games[0].scores == (80, 45)
    assert "only then does every game's winner follow (game 1)" in match.readings[0]


def test_cmn_winner_that_no_reading_of_the_scores_gives_is_refused() -> None:
    games = [{"winner": 1, "scores": [60, 5], "twenties": [1, 0]}, *[{"winner": 1}] * 3]
    with pytest.raises(InvalidInput, match=r"match.games\[0\]: winner team 2 but the scores"):
        _read(_minimal(games=games, winner=1))


def test_cmn_doubles_example_reads_first_to_as_games_won() -> None:
    """first_to 5 over 8 games won 5-3: at 2 points a game team 1 had 6 after game 4
    and play would have stopped; counting games won, game 8 brings team 1 to 5."""
    (match,) = _read(_data("cmn-doubles-tournament.json"))
    assert match.format == "doubles" and match.race and match.results_only
    assert [p.cid for p in match.teams[1].players] == ["CRK-00087", "CRK-00201"]
    assert match.teams[0].players[1] == CmnPlayer("Alex Kim")
    assert match.readings == (
        "first_to 5 read as games won: the count in which the last game brings team 1 to 5",
    )
    with pytest.raises(InvalidInput, match="gives no scores, only its winner"):
        match.result()


def test_cmn_first_to_in_points_reads_as_two_points_a_game() -> None:
    games = [{"winner": 0}, {"winner": None}, {"winner": 0}, {"winner": 1}, {"winner": 0}]
    (match,) = _read(_minimal(games=games, gameFormat={"type": "first_to", "target": 7}))
    assert match.points == (7, 3)
    assert "read as points at 2 per game won" in match.readings[0]


def test_cmn_first_to_with_scores_reads_as_a_race_in_board_points() -> None:
    games = [
        {"winner": 0, "scores": [80, 20], "twenties": [1, 0]},
        {"winner": 1, "scores": [10, 40], "twenties": [0, 0]},
        {"winner": 0, "scores": [100, 30], "twenties": [2, 0]},
    ]
    (match,) = _read(_minimal(games=games, gameFormat={"type": "first_to", "target": 100}))
    assert match.result() == RaceScore(100, ((60, 0), (0, 30), (70, 0)))
    assert "board points after cancellation" in match.readings[0]


def test_cmn_refuses_a_game_after_a_race_reached_its_target() -> None:
    """Depot 4g: played until one team scores a predetermined amount; 100-0 then 20-0 is
    not a 120-0 game."""
    games = [
        {"winner": 0, "scores": [100, 0], "twenties": [0, 0]},
        {"winner": 0, "scores": [20, 0], "twenties": [1, 0]},
    ]
    with pytest.raises(InvalidInput, match="team 1 reaches 100 in game 1 of 2"):
        _read(_minimal(games=games, gameFormat={"type": "first_to", "target": 100}))


def test_cmn_refuses_a_fifth_game_after_a_fixed_match_was_decided() -> None:
    games = [{"winner": 0}, {"winner": 0}, {"winner": 1}, {"winner": 0}, {"winner": 0}]
    fmt = {"type": "fixed", "count": 4}
    with pytest.raises(InvalidInput, match=r"game 5 was played after the match was decided"):
        _read(_minimal(games=games, gameFormat=fmt))


def test_cmn_fifth_game_after_a_tie_reads_as_a_championship_round() -> None:
    games = [{"winner": 0}, {"winner": 1}, {"winner": None}, {"winner": None}, {"winner": 1}]
    (match,) = _read(_minimal(games=games, winner=1, gameFormat={"type": "fixed", "count": 4}))
    assert match.points == (4, 6)
    assert "games 5-5 read as the extra rounds of a game tied after 4" in match.readings[0]


def test_cmn_refuses_a_fixed_match_short_of_its_games_or_with_the_wrong_winner() -> None:
    fmt = {"type": "fixed", "count": 4}
    with pytest.raises(InvalidInput, match="fixed 4 but only 3 games"):
        _read(_minimal(games=[{"winner": 0}] * 3, gameFormat=fmt))
    with pytest.raises(InvalidInput, match="winner is team 2, but the games give 6-2"):
        _read(_minimal(winner=1, gameFormat=fmt))


def test_cmn_without_game_format_takes_a_surprising_winner_as_recorded() -> None:
    (match,) = _read(_minimal(winner=1))
    assert match.winner == 1
    assert match.readings == (
        "no gameFormat: the winner (team 2) is taken as recorded; the games give 6-2 points",
    )


def test_cmn_ignores_fields_it_does_not_know() -> None:
    data = _data("cmn-casual-minimal.json")
    data["rating"] = {"elo": 1500}
    data["match"]["table"] = 3
    data["match"]["games"][0]["note"] = "good start"
    data["match"]["teams"][0]["players"][0]["club"] = "KCC"
    assert _read(data) == _read(_data("cmn-casual-minimal.json"))


def test_cmn_batch_event_and_source_apply_unless_a_match_overrides_them() -> None:
    first, second, third = _read(_data("cmn-batch-league-night.json"))
    assert first.event is not None and first.event.round == 5
    assert first.source is not None and first.source.app == "croke"
    assert second.results_only and second.games[0].hammer == 0
    assert third.event is not None and (third.event.round, third.event.name) == (
        3,
        "Kitchener Tuesday League",
    )
    assert third.games[0].scores == (25, 45) and third.games[0].twenties is None
    with pytest.raises(InvalidInput, match="gives no 20s"):
        third.rounds()


def test_cmn_batch_round_trips_and_a_single_record_stays_single() -> None:
    matches = _read(_data("cmn-batch-league-night.json"))
    again = json.loads(dump_cmn(matches))
    assert again["batch"] is True and len(again["matches"]) == 3
    assert read_cmn(again) == matches
    one = json.loads(dump_cmn(matches[:1]))
    assert "batch" not in one and one["id"] == matches[0].id


def test_cmn_written_always_includes_the_winner_even_for_a_tie() -> None:
    (match,) = _read(_data("cmn-singles-league.json"))
    data = cmn_json([match])
    assert data["match"]["games"][3] == {"winner": None, "scores": [10, 10], "twenties": [0, 0]}
    assert "null" in dump_cmn([match])


def test_cmn_hammer_is_kept_as_the_team_with_the_last_shot() -> None:
    (match,) = _read(_data("cmn-match-object.json"))
    assert [g.hammer for g in match.games] == [0, 1, 0, 1]
    assert [g["hammer"] for g in cmn_json([match])["match"]["games"]] == [0, 1, 0, 1]


def test_cmn_flickboard_fields_round_trip_and_unplayed_rounds_score_nothing() -> None:
    teams = (
        CmnTeam((CmnPlayer("Ann", "CRK-1", "A1"), CmnPlayer("Bo", None, "B1")), "T1", "Pegs"),
        CmnTeam((CmnPlayer("Cy"), CmnPlayer("Di")), "T2", "Rails"),
    )
    games = (
        CmnGame(0, 1, (45, 20), (1, 0)),
        CmnGame(1, 0, (20, 45), (0, 1)),
        CmnGame(None, None, (0, 0), (0, 0), unplayed=True),
        CmnGame(0, 0, (30, 25), (0, 0)),
    )
    match = CmnMatch(
        "x", "2026-03-01T10:00:00Z", "doubles", teams, games, 0, GameFormat("fixed", count=4)
    )
    (back,) = parse_cmn(dump_cmn([match]))
    assert back == match
    assert back.points == (4, 2)
    assert back.rounds()[2] == RoundScore((0, 0), (0, 0), unplayed=True)


ERRORS: list[tuple[str, Any, str]] = [
    ("not JSON", "R1 45-20 (1-0)", "not CMN: not valid JSON"),
    ("a list", [1, 2], 'not CMN: a CMN 1.0 file is a JSON object with "cmn": "1.0"'),
    ("a game record", {"format": "flickboard/game-record"}, "this one has format"),
    ("version", {"cmn": "2.0"}, "CMN version '2.0': this reader knows '1.0'"),
]


@pytest.mark.parametrize(("what", "data", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_cmn_refuses_what_is_not_cmn_naming_what_was_expected(
    what: str, data: Any, message: str
) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(InvalidInput, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_cmn(text)


def _broken(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_data("cmn-singles-league.json"))
    *parents, last = path.split(".")
    obj: Any = data
    for key in parents:
        obj = obj[int(key)] if key.isdigit() else obj[key]
    if value is KeyError:
        del obj[int(last) if last.isdigit() else last]
    else:
        obj[int(last) if last.isdigit() else last] = value
    return data


BAD_FIELDS: list[tuple[str, Any, str]] = [
    ("id", KeyError, r"^id is required"),
    ("match.date", KeyError, r"match.date is required"),
    ("match.date", "2026-02-11 19:30", "must be an ISO 8601 date and time in UTC ending in Z"),
    ("match.date", "2026-02-11T19:30:00+01:00", "ending in Z"),
    ("match.format", "triples", "must be singles or doubles"),
    ("match.teams", [], "exactly 2 teams"),
    ("match.teams.0.players", [], "lists 0 players; a singles team has 1"),
    ("match.teams.0.players.0.name", "", r"players\[0\].name must be a non-empty string"),
    ("match.games", [], "is empty"),
    ("match.games.0.winner", KeyError, r"games\[0\].winner is required \(0, 1 or null\)"),
    ("match.games.0.winner", 2, r"winner must be 0 \(team 1\) or 1 \(team 2\)"),
    ("match.games.0.hammer", True, r"hammer must be 0 \(team 1\) or 1"),
    ("match.games.0.scores", [20, "5"], r"scores must be \[team 1, team 2\]"),
    ("match.games.0.scores", [22, 5], "board points come in fives"),
    ("match.games.0.twenties", [13, 0], "13 twenties in one round"),
    ("match.winner", KeyError, r"match.winner is required"),
    ("match.gameFormat.type", "best_of", "must be fixed or first_to"),
    ("match.gameFormat.count", KeyError, "count is required when type is fixed"),
    ("event.round", "four", "round must be a whole number of 1 or more"),
    ("source.app", KeyError, "source.app is required"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_FIELDS, ids=[b[0] for b in BAD_FIELDS])
def test_cmn_bad_field_gets_a_one_line_error_naming_it(path: str, value: Any, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as err:
        read_cmn(_broken(path, value))
    assert "\n" not in str(err.value)


def test_cmn_race_ended_by_time_is_won_by_the_side_ahead_short_of_the_target() -> None:
    games = [
        {"winner": 0, "scores": [60, 20], "twenties": [1, 0]},
        {"winner": 1, "scores": [10, 25], "twenties": [0, 0]},
    ]
    race = {"type": "first_to", "target": 100}
    timed = {"rules": "fair", "timeUp": True}
    (match,) = _read(_minimal(games=games, gameFormat=race, flickboard=timed))
    assert match.result() == RaceScore(100, ((40, 0), (0, 15)), time_up=True)
    with pytest.raises(InvalidInput, match="when time was up the totals were 40-15"):
        _read(_minimal(games=games, gameFormat=race, flickboard=timed, winner=1))
    over = [{"winner": 0, "scores": [120, 0], "twenties": [0, 0]}]
    with pytest.raises(
        InvalidInput, match=r"time is up .* but the target 100 was reached in game 1"
    ):
        _read(_minimal(games=over, gameFormat=race, flickboard=timed))


def _refusal(data: Any) -> str:
    """The one line reading ``data`` is refused with."""
    with pytest.raises(InvalidInput) as err:
        read_cmn(data)
    return str(err.value)


WRONG_TYPES: list[tuple[str, Any, str]] = [
    ("match", [], "match must be an object, got []"),
    ("match.teams", {"a": 1}, 'match.teams must be a list, got {"a": 1}'),
    (
        "match.teams.0.players.0.cid",
        142,
        "match.teams[0].players[0].cid must be a non-empty string, got 142",
    ),
    (
        "match.games.0.winner",
        "0",
        'match.games[0].winner must be 0 (team 1) or 1 (team 2), got "0"',
    ),
    (
        "match.games.0.twenties",
        [1, -1],
        "match.games[0].twenties must be [team 1, team 2], two whole numbers of 0 or more, "
        "got [1, -1]",
    ),
    (
        "match.gameFormat.count",
        4.0,
        "match.gameFormat.count must be a whole number of 1 or more, got 4.0",
    ),
    ("event.round", 0, "event.round must be a whole number of 1 or more, got 0"),
    ("event.venue", ["Hall"], 'event.venue must be a non-empty string, got ["Hall"]'),
    ("event", {"location": {"lat": "north"}}, 'event.location.lat must be a number, got "north"'),
    (
        "match.flickboard",
        {"championship": "yes"},
        'match.flickboard.championship must be true or false, got "yes"',
    ),
]


@pytest.mark.parametrize(("path", "value", "message"), WRONG_TYPES, ids=[w[0] for w in WRONG_TYPES])
def test_cmn_value_of_the_wrong_json_type_is_named_with_what_it_was(
    path: str, value: Any, message: str
) -> None:
    """No string for a number, no 4.0 for a count, no "0" for a team: a JSON type is
    what the draft says, and the message quotes the value as the file wrote it."""
    assert _refusal(_broken(path, value)) == message


MISSING: list[tuple[str, str]] = [
    ("match.teams.1.players.0.name", "match.teams[1].players[0].name is required (a string)"),
    ("match.gameFormat.type", "match.gameFormat.type is required (fixed or first_to)"),
    ("match.format", "match.format is required (singles or doubles)"),
    ("match.games", "match.games is required (a list of games)"),
    ("match", "match is required (an object)"),
]


@pytest.mark.parametrize(("path", "message"), MISSING, ids=[m[0] for m in MISSING])
def test_cmn_missing_required_field_is_named_with_what_belongs_there(
    path: str, message: str
) -> None:
    assert _refusal(_broken(path, KeyError)) == message


def test_cmn_value_outside_the_draft_s_choices_names_the_choices() -> None:
    assert (
        _refusal(_broken("match.format", "Singles"))
        == 'match.format must be singles or doubles, got "Singles"'
    )
    assert (
        _refusal(_broken("match.gameFormat.type", "best_of"))
        == 'match.gameFormat.type must be fixed or first_to, got "best_of"'
    )


def test_cmn_refusal_says_how_many_more_problems_the_file_has() -> None:
    """The first problem is named; the rest are counted, so a fix is not the last."""
    assert (
        _refusal({"cmn": "1.0", "batch": "yes", "matches": []})
        == 'batch must be true or false, got "yes" (and 2 more problems)'
    )
    assert (
        _refusal({"cmn": "1.0", "match": {}}) == "id is required (a string) (and 5 more problems)"
    )


def test_cmn_id_need_not_be_a_uuid_as_the_draft_only_recommends_one() -> None:
    """The draft: "Unique identifier for this record. UUID v4 recommended." Another
    application's "m1" is a CMN id; flickboard writes UUIDs (record_id)."""
    (match,) = read_cmn(_broken("id", "m1"))
    assert match.id == "m1"
    assert json.loads(dump_cmn([match]))["id"] == "m1"
    assert _refusal(_broken("id", " ")) == 'id must be a non-empty string, got " "'


def test_cmn_error_deep_in_a_batch_names_the_entry_the_game_and_the_field() -> None:
    data = _data("cmn-batch-league-night.json")
    data["matches"][2]["match"]["games"][1]["winner"] = 2
    assert _refusal(data) == (
        "matches[2].match.games[1].winner must be 0 (team 1) or 1 (team 2), got 2"
    )
    data = _data("cmn-batch-league-night.json")
    data["matches"][1]["match"]["format"] = "doubles"
    assert _refusal(data) == (
        "matches[1].match.teams[0].players lists 1 players; a doubles team has 2"
    )
    data = _data("cmn-batch-league-night.json")
    data["matches"][0]["event"] = {"round": "five"}
    assert (
        _refusal(data) == 'matches[0].event.round must be a whole number of 1 or more, got "five"'
    )
    data = _data("cmn-batch-league-night.json")
    data["matches"][1] = "m2"
    assert _refusal(data) == 'matches[1] must be an object, got "m2"'


def test_cmn_game_checks_follow_the_shape_and_keep_their_batch_location() -> None:
    """A well-formed file whose games do not add up is refused by the scorecard checks,
    named the same way."""
    data = _data("cmn-batch-league-night.json")
    data["matches"][1]["match"]["games"][0]["scores"] = [20, 7]
    assert (
        _refusal(data) == "matches[1].match.games[0].scores: board points come in fives, got 20-7"
    )


def test_cmn_written_refuses_what_would_not_read_back() -> None:
    """A match flickboard cannot write as valid CMN (a blank name, a date not in UTC)
    is refused naming the match, not written as a file no reader takes."""
    teams = (CmnTeam((CmnPlayer(" "),)), CmnTeam((CmnPlayer("Bo"),)))
    blank = CmnMatch("x", "2026-03-01T10:00:00Z", "singles", teams, (CmnGame(0),), 0)
    with pytest.raises(InvalidInput, match="its player's name must be a non-empty string"):
        dump_cmn([blank])
    local = CmnMatch(
        "x", "2026-03-01T10:00:00+01:00", "singles", (teams[1], teams[1]), (CmnGame(0),), 0
    )
    with pytest.raises(
        InvalidInput, match=r"^CMN match Bo v Bo cannot be written: its match's date"
    ):
        dump_cmn([local])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value``."""
    inner = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    return [at, *(p for key, item in inner for p in _places(item, (*at, key)))]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(EXAMPLES), st.data())
def test_cmn_any_value_anywhere_is_read_or_refused_in_one_line_never_crashes(
    name: str, data: st.DataObject
) -> None:
    """Any example with any JSON value put in any place (or a field taken out) is read
    or refused with one line of InvalidInput, never another exception."""
    doc = _data(name)
    where = data.draw(st.sampled_from(_places(doc)[1:]))
    *parents, last = where
    obj: Any = doc
    for key in parents:
        obj = obj[key]
    if data.draw(st.booleans()) and isinstance(obj, dict):
        del obj[last]
    else:
        obj[last] = data.draw(JSON)
    try:
        read_cmn(doc)
    except InvalidInput as exc:
        assert "\n" not in str(exc) and str(exc)


TEXT = st.builds(str.__add__, st.sampled_from("Aé2"), st.text('a é-&ü0\t"\\', max_size=5))
"""Names and other free text, with what JSON escapes and what it writes as it is."""


@st.composite
def _games(draw: st.DrawFn) -> CmnGame:
    """A round as CMN keeps it: a winner only, an unplayed round, or scores in fives
    with the 20s in them and the winner they give."""
    kind = draw(st.sampled_from(["winner", "unplayed", "scores"]))
    hammer = draw(st.none() | st.sampled_from([0, 1]))
    if kind == "winner":
        return CmnGame(draw(st.sampled_from([0, 1, None])), hammer)
    if kind == "unplayed":
        return CmnGame(None, None, (0, 0), (0, 0), unplayed=True)
    twenties = (draw(st.integers(0, 12)), draw(st.integers(0, 12)))
    scores = tuple(20 * t + 5 * draw(st.integers(0, 24)) for t in twenties)
    a, b = tournament_round_points(scores[0], scores[1])
    return CmnGame(
        None if a == b else (0 if a > b else 1), hammer, (scores[0], scores[1]), twenties
    )


LOCATION = st.builds(
    CmnLocation,
    st.none() | st.just("CA"),
    st.none() | TEXT,
    st.none() | st.floats(-90, 90),
    st.none() | st.floats(-180, 180),
).filter(lambda loc: loc != CmnLocation())
EVENT = st.builds(
    CmnEvent,
    st.none() | TEXT,
    st.none() | TEXT,
    st.none() | st.integers(1, 9),
    st.none() | TEXT,
    st.none() | LOCATION,
).filter(lambda e: e != CmnEvent())
"""An event that says something (an empty event or location is not written)."""


@st.composite
def _matches(draw: st.DrawFn) -> CmnMatch:
    fmt = draw(st.sampled_from(["singles", "doubles"]))
    size = 1 if fmt == "singles" else 2
    player = st.builds(CmnPlayer, TEXT, st.none() | TEXT, st.none() | TEXT)
    team = st.builds(CmnTeam, st.tuples(*[player] * size), st.none() | TEXT, st.none() | TEXT)
    source = st.sampled_from([CmnSource("flickboard", "0.1.0"), CmnSource("croke", url="u")])
    extras = st.builds(
        CmnExtras,
        st.none(),
        st.none() | TEXT,
        st.booleans(),
        st.just(False),
        st.none() | st.tuples(TEXT, TEXT),
    )
    return CmnMatch(
        draw(TEXT),
        draw(
            st.sampled_from(["2026-02-11T19:30:00Z", "2026-02-11T19:30Z", "2025-12-31T23:59:59.5Z"])
        ),
        fmt,
        (draw(team), draw(team)),
        tuple(draw(st.lists(_games(), min_size=1, max_size=6))),
        draw(st.sampled_from([0, 1, None])),
        None,
        draw(st.none() | EVENT),
        draw(st.none() | source),
        draw(extras),
    )


@st.composite
def _batches(draw: st.DrawFn) -> list[CmnMatch]:
    """Matches, and often one event for all of them, some in another round of it (a
    batch writes the fields they share once)."""
    matches = draw(st.lists(_matches(), max_size=3))
    event = draw(st.none() | EVENT)
    if event is None:
        return matches
    rounds = st.sampled_from([event.round, 1, 2])
    return [replace(m, event=replace(event, round=draw(rounds))) for m in matches]


@settings(max_examples=80, deadline=None)
@given(_batches())
def test_cmn_any_matches_written_read_back_the_same_and_write_the_same_text(
    matches: list[CmnMatch],
) -> None:
    text = dump_cmn(matches)
    back = parse_cmn(text)
    assert back == tuple(matches)
    assert dump_cmn(back) == text
