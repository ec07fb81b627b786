"""Printouts: every name prints (DejaVu embedded), standings carry their header on
every page, blank WCC scorecards for a drawn round, corrections with who and when.
Text is read back from the PDF with pypdf."""

from __future__ import annotations

import io
from datetime import date, datetime

import yaml
from pypdf import PdfReader

from flickboard.events.draw import Draw
from flickboard.events.eventfile import parse_event
from flickboard.events.paper import (
    blank_scorecards_pdf,
    fallback_font,
    printable,
    qr_matrix,
    scorecards_pdf,
    standings_pdf,
)
from flickboard.events.scorecard import Scorecard
from flickboard.events.standings import preliminary_standings
from flickboard.events.synthetic import game_with

from .test_eventfile import EVENT_YAML

PRINTED = datetime(2025, 6, 14, 9, 30)
NAMES = {
    "1": "Ζωή Παπαδοπούλου",
    "2": "Дмитрий Иванов",
    "3": "Łukasz Wróbel",
    "4": "陈小明",
}


def _pages(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def test_non_latin_names_print_and_uncovered_letters_show_a_square() -> None:
    cards = [
        Scorecard("adult singles", 1, ("1", "2"), (NAMES["1"], NAMES["2"]), game_with(6)),
        Scorecard("adult singles", 1, ("3", "4"), (NAMES["3"], NAMES["4"]), game_with(2)),
    ]
    s = preliminary_standings(list(NAMES), cards, provisional=True)
    text = "\n".join(_pages(standings_pdf("Open", s, NAMES, printed=PRINTED)))
    for name in ("Ζωή Παπαδοπούλου", "Дмитрий Иванов", "Łukasz Wróbel"):
        assert name in text
    # CJK is not in DejaVu Sans: it prints in the system's CJK font, or as squares
    assert ("陈小明" in text) if fallback_font() is not None else ("□□□" in text)
    assert "?" not in text
    assert printable("\U00013000") == "□"  # a letter no font here has


def test_standings_header_with_dates_on_every_page() -> None:
    ids = [f"P{i:03d}" for i in range(120)]
    cards = [
        Scorecard("adult singles", 1, (ids[i], ids[i + 1]), ("A", "B"), game_with(i % 9))
        for i in range(0, 120, 2)
    ]
    s = preliminary_standings(ids, cards, provisional=True)
    pages = _pages(
        standings_pdf(
            "Spring open", s, {i: f"Name {i}" for i in ids}, date=date(2025, 6, 14), printed=PRINTED
        )
    )
    assert len(pages) >= 3
    for n, page in enumerate(pages, start=1):
        assert "Standings - Spring open - PROVISIONAL (60 cards not validated)" in page
        assert "event date 2025-06-14 - printed 2025-06-14 09:30" in page
        assert f"page {n} of {len(pages)}" in page
        assert "Place" in page and "20s" in page


def test_blank_scorecards_for_every_game_of_a_drawn_round() -> None:
    ev = parse_event(
        {
            "name": "Open",
            "category": "adult singles",
            "date": "2025-06-14",
            "entrants": [{"id": k, "name": v} for k, v in NAMES.items()]
            + [{"id": "5", "name": "Ann Brubacher"}],
        }
    )
    d = Draw(2, (("1", "2"), ("3", "4")), "5")
    text = "\n".join(_pages(blank_scorecards_pdf(ev, d, printed=PRINTED)))
    assert "Open - adult singles - round 2 - board 1" in text
    assert "Open - adult singles - round 2 - board 2" in text
    assert "Name: Ζωή Παπαδοπούλου ID #: 1" in " ".join(text.split())
    for label in ("#1 points", "#1 20s", "#2 points", "Total", "Validated by opponent - ID #"):
        assert label in text
    assert "Bye: Ann Brubacher (#5)" in text
    assert "event date 2025-06-14" in text


def test_blank_scorecards_print_each_games_scorer_code_with_a_qr_code() -> None:
    ev = parse_event(
        {
            "name": "Open",
            "category": "adult singles",
            "entrants": [{"id": k, "name": v} for k, v in NAMES.items()],
        }
    )
    d = Draw(1, (("1", "2"), ("3", "4")))
    url = "http://192.168.1.20:8000/desk/join"
    pdf = blank_scorecards_pdf(ev, d, codes={1: "ABCDEFGH", 2: "KLMNPQRS"}, join_url=url)
    pages = _pages(pdf)
    assert "scorer code ABCDEFGH" in " ".join(pages[0].split())
    assert "scorer code KLMNPQRS" in " ".join(pages[0].split())
    plain = blank_scorecards_pdf(ev, d)
    assert "scorer code" not in _pages(plain)[0]
    # the QR code is drawn as squares: one per dark module of the join link's code
    qr = qr_matrix(f"{url}?code=ABCDEFGH")
    assert len(qr) == 33 and sum(map(sum, qr)) > 300
    assert len(pdf) > len(plain)


def test_filled_scorecards_show_validation_and_each_correction_with_time() -> None:
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"][1] = {"scores": [45, 30], "twenties": [1, 0]}
    data["cards"][0]["corrections"] = [
        {
            "referee": "Rex",
            "round": 2,
            "before": {"scores": [35, 35]},
            "after": {"scores": [45, 30], "twenties": [1, 0]},
            "reason": "disc on the line",
            "at": "2025-06-14T10:05:00",
        }
    ]
    text = " ".join("\n".join(_pages(scorecards_pdf(parse_event(data), printed=PRINTED))).split())
    assert "Validated by #42 (JM)" in text
    assert (
        "Corrected R2 by referee Rex at 2025-06-14 10:05: 35-35 (0-0) -> 45-30 (1-0) "
        "(disc on the line)"
    ) in text


def test_scorecards_pdf_marks_a_results_only_card() -> None:
    data = yaml.safe_load(EVENT_YAML)
    data["cards"][0]["rounds"] = [{"winner": 0}, {"winner": "tie"}, {"winner": 1}, {"winner": 0}]
    (text,) = _pages(scorecards_pdf(parse_event(data)))
    assert "won (?)" in text and "tied (?)" in text and "lost (?)" in text
    assert "results only" in text
