"""CSV output (formula cells escaped), and CMN exchange of an event's cards."""

from __future__ import annotations

import csv
import io

import pytest
import yaml

from flickboard.errors import InvalidInput
from flickboard.events.eventfile import parse_event
from flickboard.events.exchange import cards_from_cmn, event_to_cmn
from flickboard.events.export import CSV_COLUMNS, standings_csv

from .test_eventfile import EVENT_YAML


def _event():  # type: ignore[no-untyped-def]
    return parse_event(yaml.safe_load(EVENT_YAML))


def test_standings_csv_has_every_placing_and_reason() -> None:
    ev = _event()
    rows = list(csv.DictReader(io.StringIO(standings_csv(ev.standings(), ev.names))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [r["id"] for r in rows] == ["17", "42", "7"]
    assert rows[0]["name"] == "Ann Brubacher" and rows[0]["points"] == "5"
    assert "5 tournament points" in rows[0]["reasons"]


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_escaped() -> None:
    data = yaml.safe_load(EVENT_YAML)
    data["entrants"][0]["name"] = '=HYPERLINK("http://x","win")'
    data["entrants"][1]["name"] = "+1 Joe"
    data["entrants"][2]["name"] = "@Lena"
    ev = parse_event(data)
    rows = list(csv.DictReader(io.StringIO(standings_csv(ev.standings(), ev.names))))
    assert [r["name"] for r in rows] == ['\'=HYPERLINK("http://x","win")', "'+1 Joe", "'@Lena"]
    assert rows[0]["points"] == "5"  # numbers stay numbers


def test_cmn_round_trip_of_event_cards() -> None:
    ev = _event()
    text = event_to_cmn(ev)
    assert '[Side1Id "17"]' in text and "R1 60-40 (1-0)" in text
    empty = ev.model_copy(update={"cards": []})
    back = cards_from_cmn(text, empty)
    assert back.to_cards() == ev.to_cards()


def test_cmn_import_needs_ids_of_entrants() -> None:
    ev = _event().model_copy(update={"cards": []})
    text = '[Side1 "X"]\n[Side2 "Y"]\n\nR1 45-20 (1-0)\nResult 2-0\n'
    with pytest.raises(InvalidInput, match="Side1Id, Side2Id and Round"):
        cards_from_cmn(text, ev)
    bad = event_to_cmn(_event()).replace('[Side2Id "42"]', '[Side2Id "99"]')
    with pytest.raises(InvalidInput, match="99 is not an entrant"):
        cards_from_cmn(bad, ev)
