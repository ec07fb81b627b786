"""The desk at a real venue, over a real SQLite database: the banner tells disputed cards
from cards waiting for validation, the referees' queue names the players and the board,
a draw sent twice at once draws one round, the standings PDF calls no shoot-out after
one of three rounds, and the standings download as CSV with formula cells escaped."""

from __future__ import annotations

import csv
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from flickboard.errors import IllegalInPosition
from flickboard.store.acting import Actor

from .test_desk_api import Desk

ROUNDS = [{"scores": [100, 100], "twenties": [0, 0]}] * 4  # every round tied: 4-4


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    return Desk(tmp_path)


def _enter(desk: Desk, sides: list[str]) -> Any:
    return desk.call(
        desk.director,
        "post",
        f"/api/desk/events/{desk.event}/cards",
        {"round": 1, "sides": sides, "rounds": ROUNDS},
    )


def _games(desk: Desk) -> list[list[str]]:
    drawn = desk.director.get(f"/api/desk/events/{desk.event}/draws").json()
    return [g["sides"] for g in drawn[0]["games"]]


def test_the_banner_counts_a_disputed_card_as_waiting_for_a_referee(desk: Desk) -> None:
    games = _games(desk)
    _enter(desk, games[0])
    _enter(desk, games[1])
    b = games[1][1]
    desk.call(
        desk.director,
        "post",
        f"/api/desk/events/{desk.event}/cards/1/{b}/dispute",
        {"reason": "round 3 was 5-3"},
    )
    page = desk.director.get(f"/desk/standings/{desk.event}").text
    assert "1 card waiting for the opponent&#39;s validation" in page
    assert "1 card disputed, waiting for a referee" in page
    assert "2 cards waiting" not in page


def test_the_referees_queue_names_the_players_and_the_board(desk: Desk) -> None:
    games = _games(desk)
    a, b = games[2]
    _enter(desk, [a, b])
    desk.call(
        desk.director,
        "post",
        f"/api/desk/events/{desk.event}/cards/1/{b}/dispute",
        {"reason": "the 20 was not counted"},
    )
    (queued,) = desk.referee.get("/api/desk/disputes").json()
    assert queued["board"] == 3
    assert queued["names"] == [f"Player {a[1:]}", f"Player {b[1:]}"]
    page = desk.referee.get("/desk/referee").text
    assert f"board 3: Player {a[1:]} (#{a}) v Player {b[1:]} (#{b})" in page


def test_a_draw_sent_twice_at_once_draws_one_round(desk: Desk) -> None:
    svc = desk.app.state.desk.service
    director = Actor("director", "Dee")

    def draw() -> str:
        try:
            svc.rounds.draw(director, "Open", publish=True, round_no=2)
        except IllegalInPosition as exc:
            return str(exc)
        return "drawn"

    with ThreadPoolExecutor(2) as pool:
        answers = sorted(pool.map(lambda _: draw(), range(2)))
    assert answers[0] == "drawn"  # one drew it, the other found it drawn
    assert "round 2 of Open cannot be drawn now: it is drawn already" in answers[1]
    assert [d.round_no for d in svc.desk.draws("Open")] == [1, 2]
    again = desk.director.post(
        f"/api/desk/events/{desk.event}/draws",
        json={"publish": True, "round": 2},
        headers={"X-CSRF-Token": desk.director.get("/api/session").json()["csrf"]},
    )
    assert again.status_code == 409 and "drawn already" in again.json()["detail"]


def test_the_standings_pdf_calls_no_shoot_out_after_one_of_three_rounds(desk: Desk) -> None:
    for sides in _games(desk):
        _enter(desk, sides)
        desk.call(
            desk.director,
            "post",
            f"/api/desk/events/{desk.event}/cards/1/{sides[1]}/validation",
            {"initials": "OK"},
        )
    st = desk.director.get(f"/api/desk/events/{desk.event}/standings").json()
    assert any("shoot-out needed" in r for p in st["standings"] for r in p["reasons"])
    pdf = desk.director.get(f"/desk/standings/{desk.event}/pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Player 1" in text
    assert "shoot-out" not in text.lower()


def test_the_standings_download_as_csv_with_formula_cells_escaped(desk: Desk) -> None:
    svc = desk.app.state.desk.service
    spec = {
        "name": "Formula",
        "category": "adult singles",
        "games": 3,
        "entrants": [{"id": "F1", "name": "=HYPERLINK(1)"}, {"id": "F2", "name": "Plain"}],
    }
    made = desk.call(desk.director, "post", "/api/desk/events", spec).json()["id"]
    got = desk.director.get(f"/desk/standings/{made}/csv")
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/csv")
    assert "attachment" in got.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(got.text)))
    assert {r["name"] for r in rows} == {"'=HYPERLINK(1)", "Plain"}
    assert svc.desk.names("Formula")["F1"] == "=HYPERLINK(1)"  # kept as given
    assert desk.director.get(f"/desk/standings/{desk.csc}/csv").status_code == 422
    assert desk.director.get("/desk/standings/9999/csv").status_code == 404
