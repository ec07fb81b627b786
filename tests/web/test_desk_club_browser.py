"""Shuffleboard at the boards in a real browser (Debian's chromium through Playwright),
on SQLite and on PostgreSQL: a CSC round robin and a six-person league night run from
phones. The director shows the scorer codes; each phone joins its board by the code's
link; one team enters a game (frames or the final score), the other confirms it with
initials ("Scores shall be kept in triplicate", CSC VII 11) or disputes it to the
referees (VII 10); a referee rules; the director corrects a game; the TV follows the
standings without a reload (VII 13). Screenshots: out/screenshots/desk-club-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.conftest import sqlite_at_head

from flickboard.events.eventfile import ClubEventFile, parse_any
from flickboard.store.acting import Actor

from .conftest import LiveServer, screenshot
from .test_desk_browser import LAPTOP, PHONE, TV, _context, _sign_in

DIRECTOR = ("Dee", "director-pass")
REFEREE = ("Rex", "whistle-2024")


@pytest.fixture(params=["sqlite", "postgresql"])
def club_server(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[LiveServer]:
    """A live server with a director, a referee, a CSC singles round robin of four
    teams and a six-person league whose night 1 line-ups are set."""
    url = (
        sqlite_at_head(tmp_path / "club.sqlite")
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_schema_url")
    )
    server = LiveServer(url)
    svc = server.app.state.desk.service
    svc.accounts.set_director(*DIRECTOR)
    svc.identity.add_referee(svc.identity.login(*DIRECTOR), *REFEREE)
    for data in (
        {
            "name": "Zone singles",
            "format": "csc-round-robin",
            "discipline": "singles",
            "entrants": [
                {"id": t, "name": n}
                for t, n in zip(
                    "ABCD", ("Ann Reid", "Bob Hall", "Cat Moss", "Dan Pike"), strict=True
                )
            ],
        },
        {
            "name": "Tuesday league",
            "format": "league-six",
            "entrants": [
                {
                    "id": team,
                    "name": name,
                    "players": [
                        {"id": f"{team[0]}{i}", "name": f"{name} {i}"} for i in range(1, 7)
                    ],
                }
                for team, name in (("ELKS", "Elks Lodge"), ("LEGION", "Legion 100"))
            ],
        },
    ):
        spec = parse_any(data)
        assert isinstance(spec, ClubEventFile)
        svc.events.create_club(Actor.desk(), spec)
    for team, p in (("ELKS", "E"), ("LEGION", "L")):
        start = {"A": [f"{p}1", f"{p}2"], "B": [f"{p}3", f"{p}4"], "C": [f"{p}5", f"{p}6"]}
        svc.league.lineup(Actor.desk(), "Tuesday league", 1, team, start)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _event_id(server: LiveServer, name: str) -> int:
    svc = server.app.state.desk.service
    return next(e.id for e in svc.desk.catalog() if e.name == name)


def _phones(browser: Browser, director: Page, base: str, event_id: int, label: str) -> list[Page]:
    """The director shows the codes of round/night 1; a phone joins each board."""
    director.goto(f"{base}/desk/manage/{event_id}")
    director.locator(".codes-for").get_by_role("button", name=label, exact=True).click()
    expect(director.locator("h1")).to_contain_text("Scorer codes")
    links = director.locator("a.join-link").all_inner_texts()
    phones = []
    for url in links:
        phone = _context(browser, **PHONE).new_page()
        phone.goto(url)
        phone.get_by_role("button", name="Join the game").click()
        expect(phone.locator("h1")).to_contain_text("Board")
        phones.append(phone)
    return phones


def _enter(phone: Page, game: int, by: str, *, frames: str = "", score: str = "") -> None:
    section = phone.locator(f"#game-{game}")
    section.get_by_label(by).check()
    if frames:
        section.get_by_label("Frames, home first").fill(frames)
    if score:
        section.get_by_label("or the final score, home first").fill(score)
    section.get_by_role("button", name="Enter").click()
    expect(phone.locator(f"#game-{game} h2")).to_contain_text("waiting for confirmation")


def _confirm(phone: Page, game: int) -> None:
    section = phone.locator(f"#game-{game}")
    section.get_by_label("your initials").fill("JS")
    section.get_by_role("button", name="Confirm").click()
    expect(phone.locator(f"#game-{game} .badge-ok")).to_have_text("confirmed")


def _dispute(phone: Page, game: int, why: str) -> None:
    section = phone.locator(f"#game-{game}")
    section.get_by_text("Something is wrong: dispute it").click()
    section.get_by_label("What is wrong").fill(why)
    section.get_by_role("button", name="Dispute").click()
    expect(phone.locator(f"#game-{game} .alert-warn")).to_contain_text("A referee will come")


def _rule(browser: Browser, base: str, score: str, reason: str, shot: str) -> None:
    """The referee opens the queue, then rules on the one dispute."""
    referee = _context(browser, **LAPTOP).new_page()
    _sign_in(referee, base, *REFEREE)
    referee.get_by_role("link", name="Disputes").click()
    expect(referee.locator("ul.queue li")).to_have_count(1)
    screenshot(referee, f"{shot}-referee-queue")
    referee.get_by_role("link", name="Rule on it").click()
    row = referee.locator("tr:has(.badge-warn)")
    if score:
        row.get_by_placeholder("as entered").fill(score)
    row.get_by_placeholder("ruling").fill(reason)
    row.get_by_role("button", name="Rule").click()
    expect(referee.locator("#flash")).to_contain_text("Ruling recorded")
    referee.context.close()


def _correct(director: Page, url: str, game: str, score: str) -> None:
    """The director corrects a game from the event's "Games entered"."""
    director.goto(url)
    row = director.locator("tr", has_text=game)
    row.get_by_text("Correct or withdraw").click()
    row.get_by_placeholder("17-9").fill(score)
    row.get_by_placeholder("why").first.fill("the scores were read the wrong way round")
    row.get_by_role("button", name="Correct").click()
    expect(director.locator("#flash")).to_contain_text("Game corrected")


def _tv(browser: Browser, base: str, event_id: int) -> Page:
    tv = _context(browser, **TV).new_page()
    tv.goto(f"{base}/desk/tv/{event_id}")
    tv.evaluate("window.__notReloaded = true")
    return tv


def test_a_csc_round_robin_runs_from_phones(club_server: LiveServer, browser: Browser) -> None:
    base = club_server.url
    event_id = _event_id(club_server, "Zone singles")
    director = _context(browser, **LAPTOP).new_page()
    _sign_in(director, base, *DIRECTOR)
    tv = _tv(browser, base, event_id)
    phones = _phones(browser, director, base, event_id, "round 1")
    screenshot(director, "desk-club-csc-codes")
    assert len(phones) == 2
    first = tv.locator("table.tv-standings tbody tr").first

    # board 1 (Ann Reid v Dan Pike): frames entered by Ann, confirmed by Dan
    expect(phones[0].locator(".versus")).to_contain_text("Ann Reid")
    screenshot(phones[0], "desk-club-csc-phone-entry")
    _enter(phones[0], 1, "Ann Reid", frames="3-0,0-4,0-9,0-2")
    screenshot(phones[0], "desk-club-csc-phone-confirm")
    expect(first).to_contain_text("Ann Reid")  # not counted before it is confirmed
    _confirm(phones[0], 1)
    expect(first).to_contain_text("Dan Pike")

    # board 2 (Bob Hall v Cat Moss): 15-9 entered by Bob, disputed by Cat, ruled 15-13
    _enter(phones[1], 1, "Bob Hall", score="15-9")
    _dispute(phones[1], 1, "the last frame was 4-0 to me, not 0-0")
    screenshot(phones[1], "desk-club-csc-phone-disputed")
    _rule(browser, base, "15-13", "scorecards compared: 15-13", "desk-club-csc")
    phones[1].reload()
    expect(phones[1].locator("#game-1 .badge-ok")).to_have_text("confirmed")
    expect(phones[1].locator("#game-1")).to_contain_text("referee Rex")
    expect(tv.locator("table.tv-standings")).to_contain_text("Bob Hall")

    # the director corrects board 1: home and visitors were swapped
    _correct(director, f"{base}/desk/manage/{event_id}", "the round 1 game A v D", "15-3")
    screenshot(director, "desk-club-csc-manage")
    expect(first).to_contain_text("Ann Reid")
    assert tv.evaluate("window.__notReloaded") is True
    screenshot(tv, "desk-club-csc-tv")
    audit = club_server.app.state.desk.service.audit(Actor.desk(), "Zone singles")
    assert [a["action"] for a in audit][-1] == "correct_club_game"


def test_a_six_person_league_night_runs_from_a_phone(
    club_server: LiveServer, browser: Browser
) -> None:
    base = club_server.url
    event_id = _event_id(club_server, "Tuesday league")
    director = _context(browser, **LAPTOP).new_page()
    _sign_in(director, base, *DIRECTOR)
    tv = _tv(browser, base, event_id)
    (phone,) = _phones(browser, director, base, event_id, "night 1")
    expect(phone.locator("section.club-game")).to_have_count(9)
    points = tv.locator("table.tv-standings tbody tr").first

    # games 1-3 (round 1): Legion enters, the Elks confirm; Legion win two of them
    for n, score in ((1, "21-15"), (2, "9-21"), (3, "14-21")):
        _enter(phone, n, "Legion 100", score=score)
        _confirm(phone, n)
    expect(points).to_contain_text("Legion 100")
    screenshot(phone, "desk-club-league-phone")

    # game 4: entered by the Elks, disputed by Legion, ruled as entered
    _enter(phone, 4, "Elks Lodge", frames="4-0,0-3,9-0,8-0")
    _dispute(phone, 4, "we counted 0-5 in frame 2")
    _rule(browser, base, "", "frame 2 measured: 0-3 stands", "desk-club-league")
    phone.reload()
    expect(phone.locator("#game-4 .badge-ok")).to_have_text("confirmed")

    # the director corrects game 1 (it was 15-21): Legion lead by three games to one
    _correct(director, f"{base}/desk/manage/{event_id}", "game 1 of night 1", "15-21")
    screenshot(director, "desk-club-league-manage")
    expect(points).to_contain_text("Legion 100")
    expect(tv.locator("table.tv-standings tbody tr").first).to_contain_text("3")
    assert tv.evaluate("window.__notReloaded") is True
    screenshot(tv, "desk-club-league-tv")
