"""An event's cards as CMN 1.0 and as scoresheets: round trips, the spec's examples and
a batch imported as cards (results-only ones too), every card checked, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.eventfile import EventFile, parse_event
from flickboard.events.exchange import (
    cards_from_results,
    event_to_cmn,
    event_to_sheets,
    read_results,
)
from flickboard.play.scoring import RoundScore

from .test_eventfile import EVENT_YAML

DATA = Path(__file__).parents[1] / "play" / "data"
SCHEMA = json.loads(
    (Path(__file__).parents[2] / "src/flickboard/play/cmn-1.0.schema.json").read_text()
)
DATE = "2026-02-11T19:30:00Z"


def _event(**changes: Any) -> EventFile:
    data = yaml.safe_load(EVENT_YAML)
    data.update(changes)
    return parse_event(data)


def _example(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _league(**changes: Any) -> EventFile:
    """The league of the spec's singles examples and our batch, with CIDs as IDs for
    Jeff Decker and Maria Santos and club numbers for the others."""
    data: dict[str, Any] = {
        "name": "Kitchener Tuesday League",
        "category": "adult singles",
        "entrants": [
            {"id": "CRK-00142", "name": "Jeff Decker"},
            {"id": "CRK-00087", "name": "Maria Santos"},
            {"id": "K1", "name": "Ann Brubacher"},
            {"id": "K2", "name": "Joe Martin"},
            {"id": "K3", "name": "Cat Moss"},
            {"id": "K4", "name": "Dan Pike"},
            {"id": "K5", "name": "Eve Lamb"},
            {"id": "CRK-00420", "name": "Fay Cole"},
        ],
        **changes,
    }
    return parse_event(data)


def test_event_cards_to_cmn_and_back_keep_every_result() -> None:
    ev = _event()
    text = event_to_cmn(ev, date=DATE)
    jsonschema.validate(json.loads(text), SCHEMA)
    back, readings = cards_from_results(text, ev.model_copy(update={"cards": []}))
    assert back.to_cards() == ev.to_cards() and readings == ()
    (match,) = read_results(text)
    assert [t.id for t in match.teams] == ["17", "42"]  # type: ignore[union-attr]


def test_event_export_is_one_batch_with_the_event_and_each_draw_round() -> None:
    ev = _event()
    data = yaml.safe_load(EVENT_YAML)
    data["cards"].append({**data["cards"][0], "round": 2, "sides": ["7", "17"]})
    data["cards"][1]["validated"] = {"by": "17", "initials": "AB"}
    two = json.loads(event_to_cmn(parse_event(data), date=DATE))
    jsonschema.validate(two, SCHEMA)
    assert two["batch"] is True and two["event"] == {"name": "Club night", "type": "tournament"}
    assert [m["event"]["round"] for m in two["matches"]] == [3, 2]
    first = two["matches"][0]["match"]
    assert first["games"][0] == {"winner": 0, "scores": [60, 40], "twenties": [1, 0]}
    assert first["flickboard"]["validated"] == {"by": "42", "initials": "JM"}
    assert ev.to_cards()[0].validated


def test_results_only_card_goes_through_cmn_and_the_event_file() -> None:
    rounds = [
        {"winner": 0, "twenties": [1, 0]},
        {"winner": "tie"},
        {"winner": 1, "scores": [20, 55], "twenties": [1, 2]},
        {"winner": 0},
    ]
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"] = rounds
    ev = parse_event(data)
    (card,) = ev.to_cards()
    assert card.results_only and card.points == (5, 3) and card.twenties is None
    again = parse_event(json.loads(ev.model_dump_json()))
    assert again.to_cards() == ev.to_cards()
    assert json.loads(ev.model_dump_json())["cards"][0]["rounds"] == rounds
    back, _ = cards_from_results(event_to_cmn(ev, date=DATE), ev.model_copy(update={"cards": []}))
    assert back.to_cards() == ev.to_cards()
    assert back.standings().of("17").reasons[0] == (
        "5 tournament points (20s not recorded in 1 game: results only)"
    )


def test_spec_singles_example_imports_as_a_card_matched_by_cid() -> None:
    ev, readings = cards_from_results(_example("cmn-singles-league.json"), _league())
    (card,) = ev.to_cards()
    assert (card.draw_round, card.sides) == (4, ("CRK-00142", "CRK-00087"))
    assert card.game.rounds[0] == RoundScore((60, 5), (2, 0))
    assert card.points == (5, 3) and card.twenties == (3, 1) and not card.validated
    (reading,) = readings
    assert reading.startswith("CMN match 1 (Jeff Decker v Maria Santos): scores read as")


def test_spec_match_object_example_imports_matched_by_name() -> None:
    event = _league(
        entrants=[{"id": "1", "name": "jeff  decker"}, {"id": "2", "name": "Maria Santos"}]
    )
    ev, _ = cards_from_results(_example("cmn-match-object.json"), event)
    (card,) = ev.to_cards()
    assert (card.draw_round, card.sides, card.points) == (2, ("1", "2"), (6, 2))


def test_spec_minimal_example_imports_as_a_results_only_card_in_its_draw_round() -> None:
    """No event.round: the card goes in the draw round in which the pair meets."""
    event = parse_event(
        {
            "name": "Casual",
            "category": "adult singles",
            "format": "round-robin",
            "entrants": [{"id": "N", "name": "Nick"}, {"id": "X", "name": "Xavi"}],
        }
    )
    ev, readings = cards_from_results(_example("cmn-casual-minimal.json"), event)
    (card,) = ev.to_cards()
    assert card.results_only and card.draw_round == 1 and card.points == (6, 2)
    assert card.twenties is None and readings == ()
    with pytest.raises(InvalidInput, match="no game N v X still without a card"):
        cards_from_results(_example("cmn-casual-minimal.json"), ev)


def test_spec_doubles_example_is_no_wcc_card_because_it_is_a_race() -> None:
    teams = [
        {
            "id": "T1",
            "name": "Decker-Kim",
            "players": [
                {"id": "CRK-00142", "name": "Jeff Decker"},
                {"id": "K9", "name": "Alex Kim"},
            ],
        },
        {
            "id": "T2",
            "name": "Santos-Chen",
            "players": [
                {"id": "CRK-00087", "name": "Maria Santos"},
                {"id": "CRK-00201", "name": "Liam Chen"},
            ],
        },
    ]
    event = parse_event({"name": "Tavistock", "category": "competitive doubles", "entrants": teams})
    with pytest.raises(
        InvalidInput, match=r"CMN match 1 \(.*\): a race \(first_to 5\) is no card of Tavistock"
    ):
        cards_from_results(_example("cmn-doubles-tournament.json"), event)


def test_batch_imports_into_the_league_with_match_overrides_and_results_only_cards() -> None:
    ev, readings = cards_from_results(_example("cmn-batch-league-night.json"), _league())
    full, results, scored = ev.to_cards()
    assert (full.draw_round, full.sides) == (5, ("K1", "K2"))
    assert full.game.rounds[3] == RoundScore((80, 10), (3, 0))
    assert (results.draw_round, results.results_only, results.points) == (5, True, (3, 5))
    assert (scored.draw_round, scored.sides) == (3, ("K5", "CRK-00420"))
    assert scored.results_only and scored.totals == (120, 150) and scored.twenties is None
    assert readings == ()


def test_doubles_team_matches_by_its_players_cids_or_names() -> None:
    teams = [
        {
            "id": "T1",
            "name": "Pegs",
            "players": [{"id": "P1", "name": "Ann"}, {"id": "P2", "name": "Bo"}],
        },
        {
            "id": "T2",
            "name": "Rails",
            "players": [{"id": "P3", "name": "Cy"}, {"id": "P4", "name": "Di"}],
        },
    ]
    event = parse_event(
        {
            "name": "Pairs",
            "category": "competitive doubles",
            "format": "round-robin",
            "entrants": teams,
        }
    )
    match = {
        "date": DATE,
        "format": "doubles",
        "teams": [
            {"players": [{"name": "Ann", "cid": "P1"}, {"name": "Bo", "cid": "P2"}]},
            {"players": [{"name": "Di"}, {"name": "Cy"}]},
        ],
        "games": [{"winner": 0}, {"winner": 0}, {"winner": 1}, {"winner": 0}],
        "winner": 0,
    }
    text = json.dumps({"cmn": "1.0", "id": "m1", "match": match})
    ev, _ = cards_from_results(text, event)
    assert ev.to_cards()[0].sides == ("T1", "T2")
    back = json.loads(event_to_cmn(ev, date=DATE))
    assert back["match"]["teams"][0]["flickboard"] == {"id": "T1", "name": "Pegs"}
    assert back["match"]["teams"][1]["players"][0] == {"name": "Cy", "flickboard": {"id": "P3"}}
    no_players = parse_event(
        {**event.model_dump(), "entrants": [{"id": "T1", "name": "Pegs"}, teams[1]]}
    )
    with pytest.raises(InvalidInput, match="entrant T1 \\(Pegs\\) lists no players"):
        event_to_cmn(no_players.model_copy(update={"cards": ev.cards}), date=DATE)


def test_import_refuses_a_team_that_is_no_entrant_or_more_than_one() -> None:
    with pytest.raises(InvalidInput, match="Nick is not an entrant of Kitchener Tuesday League"):
        cards_from_results(_example("cmn-casual-minimal.json"), _league())
    twins = _league(
        entrants=[
            {"id": "1", "name": "Nick"},
            {"id": "2", "name": "NICK"},
            {"id": "3", "name": "Xavi"},
        ]
    )
    with pytest.raises(InvalidInput, match="Nick matches entrants 1, 2 by name"):
        cards_from_results(_example("cmn-casual-minimal.json"), twins)


def test_imported_card_is_checked_as_an_entered_card() -> None:
    """A fifth game after a tie reads as a championship round, but a card of an event
    that is no championship has four rounds; a card's draw must fit the event's."""
    data = json.loads(_example("cmn-casual-minimal.json"))
    data["match"]["games"] = [{"winner": w} for w in (0, 1, None, None, 0)]
    data["match"]["gameFormat"] = {"type": "fixed", "count": 4}
    nick = _league(entrants=[{"id": "N", "name": "Nick"}, {"id": "X", "name": "Xavi"}])
    data["event"] = {"round": 1}
    with pytest.raises(InvalidInput, match="a game in adult singles has 4 rounds, got 5"):
        cards_from_results(json.dumps(data), nick)
    champ = nick.model_copy(update={"format": "championship", "games": 3})
    ev, readings = cards_from_results(json.dumps(data), parse_event(champ.model_dump()))
    assert ev.to_cards()[0].championship and "extra rounds" in readings[0]
    data["event"] = {"round": 11}
    with pytest.raises(IllegalInPosition, match="round 11 is beyond the 10 games"):
        cards_from_results(
            json.dumps(data | {"match": json.loads(_example("cmn-casual-minimal.json"))["match"]}),
            nick,
        )


def test_imported_validation_must_come_from_the_opponent() -> None:
    ev = _event()
    data = json.loads(event_to_cmn(ev, date=DATE))
    data["match"]["flickboard"]["validated"]["by"] = "17"
    with pytest.raises(IllegalInPosition, match="only the opponent 42 may validate"):
        cards_from_results(json.dumps(data), ev.model_copy(update={"cards": []}))


def test_scoresheets_once_called_cmn_still_load_as_cards() -> None:
    ev = _event()
    text = event_to_sheets(ev)
    assert '[Side1Id "17"]' in text and "R1 60-40 (1-0)" in text
    back, readings = cards_from_results(text, ev.model_copy(update={"cards": []}))
    assert back.to_cards() == ev.to_cards() and readings == ()
    old = (
        '[Event "Club night"]\n[Category "adult singles"]\n[Round "3"]\n[Side1 "Ann Brubacher"]\n'
        '[Side2 "Joe Martin"]\n[Side1Id "17"]\n[Side2Id "42"]\n\n'
        "R1 60-40 (1-0)\nR2 35-35 (0-0)\nR3 20-55 (1-2)\nR4 80-10 (3-0)\nResult 5-3\n"
    )
    (card,) = cards_from_results(old, ev.model_copy(update={"cards": []}))[0].to_cards()
    assert card.points == (5, 3) and not card.validated


def test_scoresheet_import_needs_ids_of_entrants() -> None:
    ev = _event().model_copy(update={"cards": []})
    text = '[Side1 "X"]\n[Side2 "Y"]\n\nR1 45-20 (1-0)\nR2 45-20 (1-0)\nR3 45-20 (1-0)\nR4 45-20 (1-0)\nResult 8-0\n'
    with pytest.raises(InvalidInput, match="Side1Id, Side2Id and Round"):
        cards_from_results(text, ev)
    bad = event_to_sheets(_event()).replace('[Side2Id "42"]', '[Side2Id "99"]')
    with pytest.raises(InvalidInput, match="99 is not an entrant"):
        cards_from_results(bad, ev)


def test_results_only_card_has_no_scoresheet_form() -> None:
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"] = [{"winner": 0}] * 4
    with pytest.raises(InvalidInput, match="holds results only, which a scoresheet cannot"):
        event_to_sheets(parse_event(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "hello",
            'neither CMN 1.0 \\(a JSON object with "cmn": "1.0"\\) nor a flickboard scoresheet',
        ),
        ("", "neither CMN 1.0 .* the scoresheet holds no game"),
        ('{"name": "Club night"}', 'not CMN: a CMN 1.0 file is a JSON object with "cmn": "1.0"'),
        ("{not json", "not CMN: not valid JSON"),
    ],
)
def test_results_file_that_is_neither_format_says_what_was_expected(
    text: str, message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        read_results(text)
