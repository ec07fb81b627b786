"""The desk's pages show what the event's format says (templates ask the
format object, never its name): a championship match's card has the extra round played
if a game is tied and its page no number of games nor round drawing; a preliminary's
the reverse. Over a real SQLite database."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.conftest import sqlite_at_head

from flickboard.events.eventfile import ClubEventFile, EntrantSpec, EventFile, parse_any
from flickboard.store.acting import Actor
from flickboard.web.app import create_app


@pytest.fixture
def app(tmp_path: Path) -> Any:
    app = create_app(sqlite_at_head(tmp_path / "formats.sqlite"))
    desk = app.state.desk.service
    desk.accounts.set_director("Dee", "director-pass")
    desk.desk.create_championship("Final", "adult singles", [("1", "Ann"), ("2", "Bo")])
    desk.desk.create_event(
        EventFile(
            name="Open",
            category="adult singles",
            games=4,
            entrants=[EntrantSpec(id=i, name=f"Player {i}") for i in "ABCD"],
        )
    )
    desk.desk.draw_next("Open", seed=1)
    return app


def _director(app: Any) -> TestClient:
    c = TestClient(app)
    found = re.search(r'name="csrf" value="([^"]+)"', c.get("/desk/login").text)
    assert found is not None
    signed = c.post(
        "/desk/login", data={"csrf": found.group(1), "name": "Dee", "password": "director-pass"}
    )
    assert signed.status_code < 400, signed.text
    return c


def _ids(app: Any) -> dict[str, int]:
    return {e.name: e.id for e in app.state.desk.service.desk.catalog()}


def test_a_championship_card_has_the_extra_round_and_its_page_draws_nothing(app: Any) -> None:
    c, event = _director(app), _ids(app)["Final"]
    card = c.get(f"/desk/manage/{event}/enter/1/1").text
    assert 'name="pA5"' in card and "if tied" in card
    manage = c.get(f"/desk/manage/{event}").text
    assert "· 3 games" not in manage and '/draw"' not in manage


def test_a_preliminary_card_has_the_categorys_rounds_and_its_page_draws_rounds(
    app: Any,
) -> None:
    c, event = _director(app), _ids(app)["Open"]
    player = app.state.desk.service.desk.draws("Open")[0].games[0][0]
    card = c.get(f"/desk/manage/{event}/enter/1/{player}").text
    assert 'name="pA4"' in card and 'name="pA5"' not in card and "if tied" not in card
    manage = c.get(f"/desk/manage/{event}").text
    assert "· 4 games" in manage and '/draw"' in manage and "Draw round 2" in manage


def test_a_club_events_pages_name_its_format_in_words(tmp_path: Path) -> None:
    app = create_app(sqlite_at_head(tmp_path / "club.sqlite"))
    spec = parse_any(
        {
            "name": "Tuesday league",
            "format": "league-six",
            "entrants": [
                {
                    "id": team,
                    "name": f"Team {team}",
                    "players": [
                        {"id": f"{team}{i}", "name": f"{team} player {i}"} for i in range(8)
                    ],
                }
                for team in ("H", "V")
            ],
        }
    )
    assert isinstance(spec, ClubEventFile)
    app.state.desk.service.events.create_club(Actor("director", "Dee"), spec)
    event_id = app.state.desk.service.desk.catalog()[0].id
    c = TestClient(app)
    for page in (f"/desk/tv/{event_id}", f"/desk/standings/{event_id}"):
        text = c.get(page).text
        assert "CSC six-person league" in text and ">league-six" not in text, page
