"""The game review and hints in a real browser (Debian's chromium): the Review link at
the end of a game, the review made in the background with its progress, each shot's
label and words and the played, best and meant paths on the board; a hint drawn as a
ghost. Screenshots: out/screenshots/table-review*.png, table-hint.png."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import HTTP

from ..conftest import LiveServer, screenshot

SEATS = [{"player": "here", "name": "Ann"}, {"player": "here", "name": "Ben"}]


def _game(server: LiveServer, shots: int) -> dict[str, Any]:
    body = {"seats": SEATS, "seed": 3, "time_shots": shots} if shots else {"seats": SEATS}
    made: dict[str, Any] = HTTP.post(f"{server.url}/api/play/games", json=body, timeout=60).json()
    for n in range(shots):
        seat = 0 if n % 2 == 0 else 2
        aim = {"seat": seat, "u": 0.5, "angle": 0.03 * n, "speed": 1.1 + 0.2 * n}
        headers = {"X-Seat-Token": made["tokens"][str(seat)]}
        answer = HTTP.post(f"{server.url}/api/play/games/{made['id']}/shots", json=aim,
                            headers=headers, timeout=60)  # fmt: skip
        assert answer.status_code == 200, answer.text
    return made


def _hold(page: Any, server: LiveServer, made: dict[str, Any]) -> None:
    """This browser holds the game's seats (as the browser that made it does)."""
    page.goto(f"{server.url}/play")
    key = f"flickboard.table.{made['id']}"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(made["tokens"])])


def test_review_from_the_end_of_a_game_shows_each_shot_with_its_paths(
    live_server: LiveServer, page: Any
) -> None:
    made = _game(live_server, 4)
    _hold(page, live_server, made)
    page.goto(f"{live_server.url}/play/{made['id']}")
    link = page.locator("#review-link")
    link.wait_for(state="visible")
    link.click()
    page.wait_for_url("**/replay*")
    page.wait_for_function(
        "document.querySelector('#review-progress').textContent.includes("
        "'Reviewed at competitive')",
        timeout=120_000,
    )
    players = page.locator("#review-players").inner_text()
    assert "Ann" in players and "Ben" in players and "Acc." in players
    page.locator("#scrub").fill("3")
    page.wait_for_function("document.querySelector('#review-shot').textContent.includes('Shot 3:')")
    words = page.locator("#review-shot").inner_text()
    # a shot at the table without the realistic mode is played exactly as aimed
    assert "You played" in words and "exactly as aimed" in words and "Best: " in words
    assert "Meant: played exactly as aimed" in words
    page.wait_for_timeout(300)
    screenshot(page, "table-review")
    # the review is kept: a fresh page shows it without asking again
    page.goto(f"{live_server.url}/play/{made['id']}/replay?shot=2")
    page.wait_for_function("document.querySelector('#review-shot').textContent.includes('Shot 2:')")
    screenshot(page, "table-review-reloaded")


def test_a_page_without_a_seat_may_not_ask_for_a_review(live_server: LiveServer, page: Any) -> None:
    made = _game(live_server, 2)
    page.goto(f"{live_server.url}/play/{made['id']}/replay")
    page.wait_for_selector("#ruling h2")
    page.click("#review-start")
    page.wait_for_function("document.querySelector('#error').textContent.includes('Only a player')")
    assert page.locator("#review-players").inner_text() == ""


def test_a_hint_draws_the_best_shot_as_a_ghost_in_a_casual_game(
    live_server: LiveServer, page: Any
) -> None:
    made = _game(live_server, 0)
    _hold(page, live_server, made)
    page.goto(f"{live_server.url}/play/{made['id']}")
    hint = page.locator("#hint")
    hint.wait_for(state="visible")
    hint.click()
    page.wait_for_function(
        "document.querySelector('#hint-words').textContent.startsWith('Hint: open 20')",
        timeout=60_000,
    )
    page.wait_for_timeout(300)
    screenshot(page, "table-hint")
