"""CSV output, formula cells escaped (printouts: test_paper; CMN and scoresheet exchange:
test_exchange)."""

from __future__ import annotations

import csv
import io

import yaml

from flickboard.events.eventfile import parse_event
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
