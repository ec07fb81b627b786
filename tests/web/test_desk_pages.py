"""The desk's pages and forms (over a real SQLite database): club events run from the
browser (CSC round robin with CSC VI 7 and VI 14, a league night, a bracket), a sealed
export imported by upload, sanctions and paper cards, refusals shown as the desk's
sentence, and a CSC event's page in a real browser."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from tests.conftest import sqlite_at_head

from flickboard.web.app import create_app

from .conftest import LiveServer, screenshot

TEAMS = """team_id,team_name,player_id,player_name,gender
A,Charter A,A1,Ann A,F
A,Charter A,A2,Al A,M
A,Charter A,A3,Amy A,F
B,Charter B,B1,Bea B,F
B,Charter B,B2,Bob B,M
B,Charter B,B3,Bo B,M
C,Charter C,C1,Cat C,F
C,Charter C,C2,Cy C,M
C,Charter C,C3,Cal C,M
"""


class Browser:
    """A TestClient that signs in and posts forms with the page's CSRF token."""

    def __init__(self, app: Any, name: str | None = None, password: str | None = None) -> None:
        self.c = TestClient(app)
        if name is not None:
            self.post("/desk/login", {"name": name, "password": password}, start="/desk/login")

    def token(self, path: str = "/desk") -> str:
        found = re.search(r'name="csrf" value="([^"]+)"', self.c.get(path).text)
        assert found is not None
        return found.group(1)

    def post(self, path: str, data: dict[str, Any], start: str = "/desk", **kw: Any) -> Any:
        return self.c.post(path, data={"csrf": self.token(start), **data}, **kw)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    app = create_app(sqlite_at_head(tmp_path / "pages.sqlite"))
    app.state.desk.service.accounts.set_director("Dee", "director-pass")
    return app


def _club(dee: Browser, fields: dict[str, str]) -> int:
    """A club event made from the new-event form; its ID."""
    made = dee.post("/desk/new/club", fields, follow_redirects=False)
    assert made.status_code == 303, made.text
    return int(made.headers["location"].split("?")[0].rsplit("/", 1)[1])


def _league_teams(per_team: int) -> str:
    """Teams H and V with ``per_team`` players each, as the new-event form takes them."""
    rows = ["team_id,team_name,player_id,player_name,gender"] + [
        f"{t},Team {t},{t}{i},{t} player {i}," for t in ("H", "V") for i in range(1, per_team + 1)
    ]
    return "\n".join(rows)


def _csc(app: Any) -> tuple[Browser, int]:
    dee = Browser(app, "Dee", "director-pass")
    fields = {"name": "Zone", "format": "csc-round-robin", "discipline": "doubles", "teams": TEAMS}
    return dee, _club(dee, fields)


def test_a_csc_round_robin_is_run_from_its_page(app: Any) -> None:
    dee, event = _csc(app)
    page = dee.c.get(f"/desk/manage/{event}").text
    assert "Round robin" in page and "Ann A & Al A" in page  # each game's players
    ok = dee.post(
        f"/desk/manage/{event}/csc/game",
        {"round": 1, "home": "B", "visitors": "C", "score": "17-9"},
    )
    assert ok.status_code == 200 and "Game entered" in ok.text
    bad = dee.post(
        f"/desk/manage/{event}/csc/game",
        {"round": 2, "home": "A", "visitors": "C", "score": "17-17"},
        headers={"HX-Request": "true"},
    )
    assert bad.status_code == 409 and bad.headers["HX-Retarget"] == "#flash"
    assert "only one side can reach 17" in bad.text and 'role="alert"' in bad.text
    out = dee.post(
        f"/desk/manage/{event}/csc/delegation",
        {"kind": "partner-out", "team": "A", "player": "A1", "round": 2, "reason": "ill"},
    )
    assert "the partner played on alone" in out.text
    sub = dee.post(
        f"/desk/manage/{event}/csc/delegation",
        {"kind": "substitute", "team": "A", "player": "A1", "player_in": "A3", "round": 3, "reason": "ill"},
    )  # fmt: skip
    assert sub.status_code == 200 and "A3 plays for A1 from round 3" in sub.text
    board = dee.post(
        f"/desk/manage/{event}/csc/board-out", {"board": 1, "to_board": 2, "reason": "cracked"}
    )
    assert "Board 1 out of play: cracked" in board.text
    offence = dee.post(
        f"/desk/manage/{event}/csc/offence", {"player": "B2", "act": "abused the scorer"}
    )
    assert offence.status_code == 200
    assert "B2: offence detrimental to the game (CSC VI 12): abused the scorer" in offence.text
    standings = dee.c.get(f"/desk/standings/{event}").text
    assert "Round robin in progress: 5 games to play" in standings
    assert "Bob B (Charter B): offence detrimental to the game (CSC VI 12)" in standings


def test_a_league_night_and_a_bracket_from_their_pages(app: Any) -> None:
    dee = Browser(app, "Dee", "director-pass")
    league = _club(dee, {"name": "Tuesday", "format": "league-four", "teams": _league_teams(5)})
    for team in ("H", "V"):
        up = dee.post(
            f"/desk/manage/{league}/league/lineup",
            {"night": 1, "team": team, "lineup": f"1={team}1 2={team}2 3={team}3 4={team}4"},
        )
        assert "Line-up set" in up.text
    game = dee.post(
        f"/desk/manage/{league}/league/game", {"night": 1, "team": "H", "game": 1, "score": "21-15"}
    )
    assert (
        "Game 1: 21-15" in game.text
        and "H player 3 & H player 2 v V player 3 & V player 2" in game.text
    )
    fair = {"name": "Fair", "format": "elimination", "teams": "A,Ann\nB,Ben\nC,Cy\nD,Di"}
    bracket = _club(dee, fair)
    done = dee.post(f"/desk/manage/{bracket}/bracket/game", {"match": "M1-1", "score": "100-60"})
    assert "Ann won" in done.text


def _drawn(app: Any) -> tuple[Browser, int]:
    """The director signed in, a 4-player event created from the form and round 1 drawn
    (a draft)."""
    dee = Browser(app, "Dee", "director-pass")
    entrants = "id,name\n" + "\n".join(f"P{i},Player {i}" for i in range(1, 5))
    dee.post(
        "/desk/new/event",
        {"name": "Open", "category": "adult singles", "games": 2, "entrants": entrants},
    )
    event = app.state.desk.service.desk.catalog()[0].id
    dee.post(f"/desk/manage/{event}/draw", {})
    return dee, event


def test_an_export_uploaded_as_a_new_event_keeps_its_validations(app: Any) -> None:
    svc = app.state.desk.service
    dee, event = _drawn(app)
    dee.post(f"/desk/manage/{event}/publish/1", {})
    a, b = svc.desk.draws("Open")[0].games[0]
    enter = dee.c.get(f"/desk/manage/{event}/enter/1/{a}")
    assert enter.status_code == 200 and "enter the paper card" in enter.text
    rows = {f"pA{n}": 105 for n in range(1, 5)} | {f"pB{n}": 100 for n in range(1, 5)}
    card = dee.post(
        f"/desk/manage/{event}/card",
        {"round": 1, "marker": a, "opponent": b, "initials": "XY", **rows},
    )
    assert "card of" in card.text and "validated" in card.text
    exported = dee.c.get(f"/api/desk/events/{event}/export").json()
    exported["name"] = "Copy"
    up = dee.c.post(
        "/desk/new/import",
        data={"csrf": dee.token("/desk/new")},
        files={"file": ("copy.json", json.dumps(exported).encode(), "application/json")},
    )
    assert up.status_code == 200 and "Event imported" in up.text
    assert svc.desk.snapshot("Copy").cards[0].validated is not None
    exported["name"] = "Edited"
    exported["cards"][0]["rounds"][0]["scores"] = [100, 105]
    up = dee.c.post(
        "/desk/new/import",
        data={"csrf": dee.token("/desk/new")},
        files={"file": ("edited.json", json.dumps(exported).encode(), "application/json")},
    )
    assert "imported as not validated" in up.text
    assert svc.desk.snapshot("Edited").cards[0].validated is None


def test_sanctions_and_paper_from_the_event_page(app: Any) -> None:
    dee, event = _drawn(app)
    draft = dee.c.get(f"/desk/manage/{event}").text
    assert "draft" in draft and "Publish round 1" in draft
    assert dee.c.get(f"/desk/standings/{event}").text.count("Player") == 4  # no games yet
    dee.post(f"/desk/manage/{event}/publish/1", {})
    recorded = dee.post(
        f"/desk/manage/{event}/sanction",
        {"kind": "warning", "entrant": "P1", "reason": "coaching"},
    )
    assert recorded.status_code == 200 and "Recorded" in recorded.text  # Dee's account signs
    pdf = dee.post(f"/desk/manage/{event}/scorecards/1", {})
    assert pdf.headers["content-type"] == "application/pdf"
    text = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf.content)).pages
    )
    assert "scorer code" in text and "board 2" in text
    standings = dee.c.get(f"/desk/standings/{event}/pdf")
    assert standings.headers["content-type"] == "application/pdf"


def test_refusals_are_pages_with_the_desks_sentence(app: Any) -> None:
    visitor = Browser(app)
    bad = visitor.post("/desk/join", {"code": "ZZZZZZZZ"})
    assert bad.status_code == 401 and "unknown or revoked scorer code" in bad.text
    assert visitor.c.get("/desk/manage/1").status_code == 401
    assert visitor.c.get("/desk/score", follow_redirects=False).status_code == 303
    forged = visitor.c.post("/desk/login", data={"csrf": "forged", "name": "Dee", "password": "x"})
    assert forged.status_code == 403 and "out of date" in forged.text


@contextmanager
def _director_at(app: Any, page: Page) -> Iterator[str]:
    """The app served for real, the director signed in on a phone-sized page; yields
    the server's base URL."""
    server = LiveServer("", app)
    server.start()
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(server.url + "/desk/login")
        page.get_by_label("Name").fill("Dee")
        page.get_by_label("Password").fill("director-pass")
        page.get_by_role("button", name="Sign in").click()
        expect(page.locator(".who")).to_contain_text("Dee")
        yield server.url
    finally:
        server.stop()


def test_a_csc_events_page_in_a_real_browser(app: Any, page: Page) -> None:
    _, event = _csc(app)
    with _director_at(app, page) as url:
        page.goto(f"{url}/desk/manage/{event}")
        page.get_by_label("Final score, round 1, Charter B first").fill("17-9")
        page.locator("form[action$='/csc/game']").first.get_by_role("button", name="Enter").click()
        expect(page.locator("#flash")).to_contain_text("Game entered")
        offence = page.locator("form[action$='/csc/offence']")
        offence.get_by_label("Player (ID)").fill("C1")
        offence.get_by_label("What the player did").fill("threatened the referee")
        offence.get_by_role("button", name="Record the offence").click()
        expect(page.locator("#flash")).to_contain_text("C1: offence detrimental to the game")
        expect(page.locator("#offence-h + p + p")).to_contain_text("Cat C (Charter C)")
        screenshot(page, "desk-csc-event")


RESULTS_ONLY = {
    "name": "Casual",
    "category": "adult singles",
    "format": "round-robin",
    "entrants": [{"id": "N", "name": "Nick"}, {"id": "X", "name": "Xavi"}],
    "cards": [
        {
            "round": 1,
            "sides": ["N", "X"],
            "rounds": [
                {"winner": 0},
                {"winner": "tie", "twenties": [1, 1]},
                {"winner": 1, "scores": [20, 55]},
                {"winner": 0},
            ],
        }
    ],
}


def _imported(app: Any, event: dict[str, Any]) -> tuple[Browser, int]:
    """The director signed in, ``event`` imported as a file from the new-event page."""
    dee = Browser(app, "Dee", "director-pass")
    up = dee.c.post(
        "/desk/new/import",
        data={"csrf": dee.token("/desk/new")},
        files={"file": ("event.json", json.dumps(event).encode(), "application/json")},
    )
    assert up.status_code == 200 and "Event imported" in up.text
    return dee, app.state.desk.service.desk.catalog()[0].id


def _results_only(app: Any) -> tuple[Browser, int]:
    """The director signed in, an event with one results-only card imported."""
    return _imported(app, RESULTS_ONLY)


def test_desk_card_page_shows_a_results_only_card(app: Any) -> None:
    dee, event = _results_only(app)
    manage = dee.c.get(f"/desk/manage/{event}").text
    assert "5–3 · results only" in manage
    app.state.desk.service.desk.validate_card("Casual", 1, "X", "XV")
    page = dee.c.get(f"/desk/manage/{event}/card/1/N")
    assert page.status_code == 200
    text = " ".join(re.sub(r"<[^>]+>", " ", page.text).split())
    assert "1 won ? lost ?" in text and "2 tied 1 tied 1" in text and "3 20 ? 55 ?" in text
    assert "Total - ? - ?" in text and "Points 5 3" in text
    assert "Results only: this card records each round's winner" in text
    assert "has no round scores to correct" in text and 'name="pA"' not in page.text
    refused = dee.post(
        f"/desk/manage/{event}/card/1/N/correct",
        {"game_round": 1, "pA": 40, "tA": 0, "pB": 0, "tB": 0, "reason": "found"},
        start=f"/desk/manage/{event}/card/1/N",
    )
    assert refused.status_code == 409 and "holds results only" in refused.text


def test_results_only_card_page_in_a_real_browser(app: Any, page: Page) -> None:
    _, event = _results_only(app)
    with _director_at(app, page) as url:
        page.goto(f"{url}/desk/manage/{event}/card/1/N")
        table = page.locator("table.card")
        expect(table.locator("tbody tr").first).to_contain_text("won")
        expect(page.locator(".results-only")).to_contain_text("Results only")
        screenshot(page, "desk-results-only-card")


TIED = {
    "name": "Tied",
    "category": "adult singles",
    "format": "round-robin",
    "entrants": [{"id": "A", "name": "Ann"}, {"id": "B", "name": "Ben"}],
    "cards": [{"round": 1, "sides": ["A", "B"], "rounds": [{"scores": [40, 40], "twenties": [1, 1]}] * 4}],
}  # fmt: skip


def test_wcc_shoot_out_form_takes_each_attempt_in_order_in_a_real_browser(
    app: Any, page: Page
) -> None:
    _, event = _imported(app, TIED)
    app.state.desk.service.desk.validate_card("Tied", 1, "B", "BB")
    with _director_at(app, page) as url:
        page.goto(f"{url}/desk/manage/{event}")
        form = page.locator("form[action$='/shootout']")
        expect(form).to_contain_text("Each shot in the order taken (12 each)")
        ann, ben = form.get_by_label("Ann", exact=True), form.get_by_label("Ben", exact=True)
        ann.fill("XoXQ")
        assert not ann.evaluate("e => e.checkValidity()")  # not 12 attempts of X, o, -
        ann.fill("xoX-oooXo-oO")
        ben.fill("XXXX-Xoooooo")
        screenshot(page, "desk-shoot-out-attempts")
        form.get_by_role("button", name="Record the shoot-out").click()
        expect(page.locator("#flash")).to_contain_text("Shoot-out recorded")
        page.goto(f"{url}/desk/standings/{event}")
        expect(page.locator("body")).to_contain_text("shoot-out: 5 twenties (XXXX-Xoooooo)")
        expect(page.locator("body")).to_contain_text("shoot-out: 3 twenties (XoX-oooXo-oo)")
    assert app.state.desk.service.desk.export("Tied").shootouts == [
        {"A": "XoX-oooXo-oo", "B": "XXXX-Xoooooo"}
    ]


def test_a_six_person_league_night_with_ends_and_a_postponement_in_a_real_browser(
    app: Any, page: Page
) -> None:
    dee = Browser(app, "Dee", "director-pass")
    league = _club(dee, {"name": "Tuesday", "format": "league-six", "teams": _league_teams(7)})
    for t in ("H", "V"):
        lineup = f"A={t}1,{t}2 B={t}3,{t}4 C={t}5,{t}6"
        assert (
            "Line-up set"
            in dee.post(
                f"/desk/manage/{league}/league/lineup", {"night": 1, "team": t, "lineup": lineup}
            ).text
        )
    refused = dee.post(
        f"/desk/manage/{league}/league/sub",
        {"night": 1, "team": "H", "from_game": 2, "player_out": "H3", "player_in": "H7",
         "during": "true"},
    )  # fmt: skip
    assert refused.status_code == 409 and "H3 plays game 2 to its end" in refused.text
    with _director_at(app, page) as url:
        page.goto(f"{url}/desk/manage/{league}")
        night1 = page.locator("article.round").first
        night1.get_by_text("Substitution, ends or late team").click()
        ends = night1.locator("form[action$='/league/ends']")
        ends.get_by_label("Pair").select_option("A")
        ends.get_by_label("From game").fill("4")
        ends.get_by_role("button", name="Change ends (VII 7)").click()
        expect(page.locator("#flash")).to_contain_text("Pair A changes ends from game 4")
        expect(page.locator("article.round").first).to_contain_text(
            "Game 4: to play — H player 2 & H player 1 v V player 3 & V player 4"
        )
        night2 = page.locator("article.round").nth(1)
        night2.get_by_text("Postponement (VII 14)").click()
        form = night2.locator("form[action$='/league/postpone']")
        form.get_by_label("Asked by").select_option("V")
        form.locator("select[name=ample_notice]").select_option("true")
        form.get_by_label("Notice given").fill("phoned H's captain a week before")
        form.get_by_role("button", name="Record").click()
        expect(page.locator("#flash")).to_contain_text("postponed at V's request with ample notice")
        expect(page.locator("article.round").nth(1)).to_contain_text("to be played later")
        screenshot(page, "desk-league-six-ends-postponed")
