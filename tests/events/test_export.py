"""CSV and PDF output (CMN and scoresheet exchange: test_exchange)."""

from __future__ import annotations

import csv
import io

import yaml

from flickboard.events.eventfile import parse_event
from flickboard.events.export import CSV_COLUMNS, scorecards_pdf, standings_csv, standings_pdf

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


def test_standings_pdf_names_every_player() -> None:
    ev = _event()
    data = standings_pdf(ev.name, ev.standings(), ev.names, compress=False)
    assert data.startswith(b"%PDF")
    for name in ("Ann Brubacher", "Joe Martin", "Lena Bauman"):
        assert name.encode() in data


def test_scorecards_pdf_shows_rounds_and_validation() -> None:
    data = scorecards_pdf(_event(), compress=False)
    assert data.startswith(b"%PDF")
    # PDF strings escape parentheses.
    assert b"Ann Brubacher" in data and rb"Validated by #42 \(JM\)" in data
    assert rb"60 \(1\)" in data


def test_scorecards_pdf_shows_referee_corrections() -> None:
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"][1] = {"scores": [45, 30], "twenties": [1, 0]}
    data["cards"][0]["corrections"] = [
        {
            "referee": "RK",
            "round": 2,
            "before": {"scores": [35, 35]},
            "after": {"scores": [45, 30], "twenties": [1, 0]},
            "reason": "disc on the line",
        }
    ]
    pdf = scorecards_pdf(parse_event(data), compress=False)
    assert (
        rb"Corrected R2, initialled by referee RK: 35-35 \(0-0\) -> 45-30 \(1-0\) "
        rb"\(disc on the line\)"
    ) in pdf


def test_scorecards_pdf_marks_a_results_only_card() -> None:
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"] = [{"winner": 0}, {"winner": "tie"}, {"winner": 1}, {"winner": 0}]
    pdf = scorecards_pdf(parse_event(data), compress=False)
    assert rb"won \(?\)" in pdf and rb"tied \(?\)" in pdf and rb"lost \(?\)" in pdf
    assert b"results only" in pdf and b"(-) Tj" in pdf
