"""The desk in a real browser (Debian's chromium through Playwright): a director sets up
a 16-player event and draws; three phones join their games by the scorer codes, enter
and confirm scores (one disputes); a referee rules on the dispute; the public page and
the TV page update without a reload; a scorer and a public visitor are refused every
write. Screenshots go to out/screenshots/desk-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.conftest import sqlite_at_head

from flickboard.store.accounts import LOCK_AFTER

from .conftest import LiveServer, screenshot

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
TV: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}}
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
ENTRANTS = [
    "Ann Brubacher", "Ben Schmidt", "Cora Bauman", "Dirk Martin", "Ella Weber", "Finn Kurtz",
    "Greta Shantz", "Hugo Frey", "Ida Zehr", "Jonas Roth", "Kaja Nowak", "Liam Gerber",
    "Mila Horst", "Nils Ebert", "Olga Sauder", "Paul Ruby",
]  # fmt: skip
DIRECTOR_PASSWORD = "director-pass"
REFEREE_PASSWORD = "whistle-2024"


@pytest.fixture
def desk_server(tmp_path: Any) -> Iterator[LiveServer]:
    """A live server whose director's password is set (``flickboard desk admin``)."""
    server = LiveServer(sqlite_at_head(tmp_path / "desk.sqlite"))
    server.app.state.desk.service.accounts.set_director("Dee", DIRECTOR_PASSWORD)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _context(browser: Browser, **options: Any) -> BrowserContext:
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(10_000)
    return ctx


def _sign_in(page: Page, base: str, name: str, password: str) -> None:
    page.goto(base + "/desk/login")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".who")).to_contain_text(name)


def _enter(phone: Page, rounds: list[tuple[int, int, int, int]]) -> None:
    """Type a card's rounds (points and 20s of the first, then the second player)."""
    for n, (pa, ta, pb, tb) in enumerate(rounds, start=1):
        phone.locator(f"input[name=pA{n}]").fill(str(pa))
        phone.locator(f"input[name=tA{n}]").fill(str(ta))
        phone.locator(f"input[name=pB{n}]").fill(str(pb))
        phone.locator(f"input[name=tB{n}]").fill(str(tb))
    phone.get_by_role("button", name="Enter the card").click()
    expect(phone.locator("h2").first).to_contain_text("waiting for confirmation")


def test_a_director_runs_a_round_from_phones_to_the_public_page(
    desk_server: LiveServer, browser: Browser
) -> None:
    base = desk_server.url
    director = _context(browser, **LAPTOP).new_page()
    _sign_in(director, base, "Dee", DIRECTOR_PASSWORD)

    # a referee account, from the browser
    director.get_by_role("link", name="Accounts").click()
    director.get_by_label("Name").fill("Rex")
    new_account = "Password (10 characters or more, not a common one)"  # not "New password"
    director.get_by_label(new_account, exact=True).fill(REFEREE_PASSWORD)
    director.get_by_role("button", name="Create the account").click()
    expect(director.locator("#flash")).to_contain_text("Referee Rex can sign in")

    # a 16-player event
    director.get_by_role("link", name="New event").click()
    wcc = director.locator("form[action='/desk/new/event']")
    wcc.get_by_label("Name", exact=True).fill("Spring Open")
    wcc.get_by_label("Games").fill("3")
    wcc.get_by_label("Date").fill("2026-04-18")
    csv = "id,name\n" + "\n".join(f"{i},{n}" for i, n in enumerate(ENTRANTS, start=101))
    wcc.locator("textarea[name=entrants]").fill(csv)
    screenshot(director, "desk-new-event")
    wcc.get_by_role("button", name="Create the event").click()
    expect(director.locator("#flash")).to_contain_text("Event created")
    event_url = director.url.split("?")[0]
    event_id = int(event_url.rsplit("/", 1)[1])

    # draw round 1 as a draft, review it, publish it
    director.get_by_role("button", name="Draw round 1").click()
    expect(director.locator("article.round.draft")).to_be_visible()
    expect(director.locator("article.round.draft tbody tr")).to_have_count(8)
    screenshot(director, "desk-draft-round")
    director.get_by_role("button", name="Publish round 1").click()
    expect(director.locator("#flash")).to_contain_text("Round 1 published")

    # the public page and the TV are open before any card
    public = _context(browser, **PHONE).new_page()
    public.goto(f"{base}/desk/standings/{event_id}")
    expect(public.locator(".board tbody.line")).to_have_count(16)
    public.evaluate("window.__notReloaded = true")
    tv = _context(browser, **TV).new_page()
    tv.goto(f"{base}/desk/tv/{event_id}")
    expect(tv.locator(".tv-qr svg")).to_be_visible()

    # scorer codes with QR codes for the round, read from the director's screen
    director.get_by_role("button", name="Scorer codes (QR)").click()
    expect(director.locator("ul.codes li")).to_have_count(8)
    screenshot(director, "desk-scorer-codes")
    links = director.locator("a.join-link").all_inner_texts()[:3]
    assert all(re.fullmatch(rf"{re.escape(base)}/desk/join\?code=[A-Z2-9]{{8}}", u) for u in links)

    # three phones join boards 1-3 through the QR code's link
    phones = []
    for url in links:
        phone = _context(browser, **PHONE).new_page()
        phone.goto(url)
        phone.get_by_role("button", name="Join the game").click()
        expect(phone.locator("h1")).to_contain_text("Round 1")
        phones.append(phone)
    screenshot(phones[0], "desk-phone-entry")

    # boards 1 and 2: entered and confirmed by the opponent's ID and initials
    _enter(phones[0], [(120, 2, 40, 0), (85, 1, 60, 0), (40, 0, 100, 1), (95, 0, 70, 0)])
    _enter(phones[1], [(60, 0, 60, 1), (45, 0, 90, 1), (100, 2, 20, 0), (65, 0, 80, 0)])
    expect(public.locator(".provisional")).to_contain_text("PROVISIONAL: 2 cards")
    screenshot(phones[0], "desk-phone-confirm")
    for phone in phones[:2]:
        opponent = phone.locator(".versus .id").nth(1).inner_text().lstrip("#")
        phone.get_by_label("Your ID number").first.fill(opponent)
        phone.get_by_label("Your initials").fill("XY")
        phone.get_by_role("button", name="Confirm the card").click()
        expect(phone.locator(".badge-ok")).to_have_text("validated")
    screenshot(phones[1], "desk-phone-validated")

    # board 3: entered, then disputed by the opponent
    _enter(phones[2], [(100, 1, 55, 0), (75, 0, 80, 1), (90, 1, 45, 0), (60, 0, 85, 0)])
    opponent = phones[2].locator(".versus .id").nth(1).inner_text().lstrip("#")
    phones[2].get_by_text("Something is wrong: dispute it").click()
    dispute = phones[2].locator("form[action='/desk/score/dispute']")
    dispute.get_by_label("Your ID number").fill(opponent)
    dispute.get_by_label("What is wrong").fill("Round 2 was 75-85: my second 20 is missing")
    dispute.get_by_role("button", name="Dispute the card").click()
    expect(phones[2].locator(".alert-warn")).to_contain_text("A referee will come")
    screenshot(phones[2], "desk-phone-disputed")

    # the public page followed every card without a reload
    expect(public.locator(".provisional")).to_contain_text("PROVISIONAL: 1 card")
    assert public.evaluate("window.__notReloaded") is True
    screenshot(public, "desk-public-provisional")

    # the referee rules on the dispute: round 2 as the opponent said
    referee = _context(browser, **PHONE).new_page()
    _sign_in(referee, base, "Rex", REFEREE_PASSWORD)
    referee.get_by_role("link", name="Disputes").click()
    expect(referee.locator("ul.queue li")).to_have_count(1)
    screenshot(referee, "desk-referee-queue")
    referee.get_by_role("link", name="Rule on it").click()
    referee.locator("input[name=pB2]").fill("85")
    referee.locator("input[name=tB2]").fill("2")
    referee.get_by_label("Ruling").fill("both players agree the second 20 was made")
    referee.get_by_role("button", name="Rule and validate").click()
    expect(referee.locator(".alert-ok").first).to_contain_text("Ruled")
    expect(referee.locator("ul.trail")).to_contain_text("by referee Rex at")
    screenshot(referee, "desk-referee-ruled")

    # every card validated: the public page and the TV say so without a reload
    expect(public.locator(".provisional")).to_have_count(0)
    assert public.evaluate("window.__notReloaded") is True
    expect(tv.locator(".tvboard .provisional")).to_have_count(0)
    expect(tv.locator("table.tv-standings tbody tr")).to_have_count(16)
    screenshot(public, "desk-public-standings")
    screenshot(tv, "desk-tv")
    director.goto(event_url)
    expect(director.locator("article.round .badge-ok")).to_have_count(3)
    screenshot(director, "desk-manage-event")

    # a scorer and a public visitor are refused every write
    _refused_everything(phones[0], base, event_id, scorer=True)
    _refused_everything(public, base, event_id, scorer=False)


def _write_routes() -> list[tuple[str, str, str | None]]:
    """(method, path, action) of every write route of the desk, the API's and the
    pages' forms, with ``{...}`` parameters left in."""
    from flickboard.web.desk import pages
    from flickboard.web.desk.routers import RESOURCES

    routes = [r for m in RESOURCES for router in (m.api, m.forms) for r in router.routes]
    out = []
    for route in [*routes, *pages.router.routes]:
        for method in sorted(route.methods - {"GET", "HEAD"}):  # type: ignore[attr-defined]
            extra = route.openapi_extra or {}  # type: ignore[attr-defined]
            out.append((method, route.path, extra.get("x-action")))  # type: ignore[attr-defined]
    return out


SCORER_MAY = {
    "enter_card",
    "validate_card",
    "dispute_card",
    "withdraw_card",
    "enter_club_result",
    "confirm_club_game",
    "dispute_club_game",
}
"""The writes a scorer may make, and only for the game of their code."""
SIGN_IN = {"/desk/login", "/desk/logout", "/desk/join", "/api/session", "/api/session/join"}
OWN_GAME = "/desk/score/"
"""The scorer's page acts on the game of their code only (no game in the request)."""


def _refused_everything(page: Page, base: str, event_id: int, *, scorer: bool) -> None:
    """Every write route, with this browser's cookies and CSRF token, answers 401/403
    (a scorer's own table actions are tried on another game)."""
    session = page.request.get(base + "/api/session").json()
    headers = {"X-CSRF-Token": session["csrf"]}
    other_game = ["9999", "101"]
    checked = 0
    for method, path, action in _write_routes():
        if path in SIGN_IN or (scorer and path.startswith(OWN_GAME)):
            continue
        url = base + (
            path.replace("{event_id}", str(event_id))
            .replace("{round_no}", "1")
            .replace("{player}", other_game[1])
            .replace("{board}", "1")
            .replace("{game_id}", "1")
        )
        if scorer and action in SCORER_MAY and path.startswith("/api/"):
            body: Any = {"round": 1, "sides": other_game, "rounds": [{"scores": [100, 0]}] * 4}
            body |= {"initials": "XY", "reason": "x", "team": other_game[1], "score": "15-0"}
            body |= {"side": other_game[1], "by": other_game[1]}
            answer = page.request.fetch(url, method=method, headers=headers, data=body)
        else:
            answer = page.request.fetch(
                url, method=method, headers=headers, form={"csrf": session["csrf"]}
            )
        assert answer.status in (401, 403), (method, path, answer.status, answer.text()[:200])
        checked += 1
    assert checked > 50


def test_the_director_lifts_a_lock_and_a_password_change_signs_other_sessions_out(
    desk_server: LiveServer, browser: Browser
) -> None:
    accounts = desk_server.app.state.desk.service.accounts
    accounts.add_referee("Rex", REFEREE_PASSWORD)
    for _ in range(LOCK_AFTER):  # failed sign-ins in a row from one address
        accounts._failed("Rex", "203.0.113.9")
    base = desk_server.url
    director = _context(browser, **LAPTOP).new_page()
    _sign_in(director, base, "Dee", DIRECTOR_PASSWORD)
    elsewhere = _context(browser, **PHONE).new_page()
    _sign_in(elsewhere, base, "Dee", DIRECTOR_PASSWORD)
    director.goto(base + "/desk/accounts")
    expect(director.locator("li", has_text="Rex")).to_contain_text("locked")
    screenshot(director, "desk-accounts-locked")
    director.get_by_role("button", name="Lift the lock").click()
    expect(director.get_by_text("Rex can sign in again")).to_be_visible()
    assert accounts.locked() == {}
    director.get_by_label("Current password").fill(DIRECTOR_PASSWORD)
    director.get_by_label("New password").fill("a-new-long-one")
    director.get_by_role("button", name="Change the password").click()
    # argon2 checks the old password and hashes the new one: slow on a busy machine
    expect(director.get_by_text("your other sessions are signed out")).to_be_visible(timeout=30_000)
    screenshot(director, "desk-accounts-password")
    elsewhere.goto(base + "/desk/accounts")
    expect(elsewhere.locator(".who")).not_to_contain_text("Dee")
    director.goto(base + "/desk/accounts")
    expect(director.locator(".who")).to_contain_text("Dee")
