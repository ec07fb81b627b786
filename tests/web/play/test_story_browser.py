"""The game's story and "try it again" in a real browser (Debian's chromium), at 1280x900
and on a phone (390x844): the winning-chance graph (a click goes to that shot), the key
moments, each player's label counts, a shot's verdict with the legend of its paths, and
trying the shot again from its position with the coach's word on it. Screenshots:
out/screenshots/review-story-*.png, review-try-*.png."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.conftest import HTTP

from ..conftest import LiveServer, screenshot
from .helpers import holding_page

SIZES = {"1280x900": {"width": 1280, "height": 900}, "390x844": {"width": 390, "height": 844}}
SEATS = [{"player": "here", "name": "Ann"}, {"player": "ai", "ai": "ai:heuristic:competitive"}]
SHOTS = 8


def _reviewed_game(server: LiveServer) -> dict[str, Any]:
    """Ann (realistic, recreational hand) against the AI, 8 shots, reviewed."""
    body = {"seats": SEATS, "seed": 5, "time_shots": SHOTS, "realistic": "recreational"}
    made: dict[str, Any] = HTTP.post(f"{server.url}/api/play/games", json=body, timeout=60).json()
    url = f"{server.url}/api/play/games/{made['id']}"
    headers = {"X-Seat-Token": made["tokens"]["0"]}
    for n in range(SHOTS // 2):
        aim = {"seat": 0, "u": 0.5, "angle": 0.04 * (n - 2), "speed": 1.0 + 0.15 * n}
        answer = HTTP.post(f"{url}/shots", json=aim, headers=headers, timeout=60)
        assert answer.status_code == 200, answer.text
        deadline = time.monotonic() + 60
        while HTTP.get(url, timeout=60).json()["shots"] < 2 * n + 2:
            assert time.monotonic() < deadline, "the AI did not shoot"
            time.sleep(0.1)
    HTTP.post(f"{url}/review", json={"seat": 0, "level": "competitive"}, headers=headers,
               timeout=60)  # fmt: skip
    deadline = time.monotonic() + 120
    while HTTP.get(f"{url}/review", timeout=60).json()["status"] != "done":
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.2)
    return made


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_the_story_graph_moments_and_counts_and_trying_a_shot_again(
    live_server: LiveServer, browser: Any, size: str
) -> None:
    made = _reviewed_game(live_server)
    context = browser.new_context(viewport=SIZES[size], has_touch=size == "390x844")
    try:
        page, errors = holding_page(context, live_server.url, made)
        page.goto(f"{live_server.url}/play/{made['id']}/replay?shot=3")
        page.wait_for_selector(".chance-graph")
        # said once the shot on show carries its review
        page.wait_for_function(
            "document.querySelector('#review-progress').textContent.startsWith('Reviewed at')"
        )
        progress = page.locator("#review-progress").inner_text()
        assert progress.startswith("Reviewed at competitive")
        levels = page.locator("#review-level option").all_inner_texts()
        assert levels == ["novice", "recreational", "strong-recreational", "competitive",
                          "top-competitive", "champion"]  # fmt: skip
        counts = page.locator("#review-players").inner_text()
        assert "Ann" in counts and "blund." in counts and "Acc." in counts
        assert page.locator(".moments li").count() == 5
        words = page.locator("#review-shot").inner_text()
        assert "Shot 3:" in words and "Meant:" in words and "Try it again" in words
        screenshot(page, f"review-story-{size}")
        # a click on the graph goes to the shot under it (the last: its right end)
        graph = page.locator(".chance-graph")
        box = graph.bounding_box()
        graph.click(position={"x": box["width"] - 3, "y": box["height"] / 2})
        page.wait_for_function(
            f"document.querySelector('#review-shot').textContent.includes('Shot {SHOTS}:')"
        )
        # a key moment's link goes to its shot
        moment = page.locator(".moments li a").first
        number = moment.inner_text().split()[-1]
        moment.click()
        page.wait_for_function(
            f"document.querySelector('#review-shot').textContent.includes('Shot {number}:')"
        )
        screenshot(page, f"review-moment-{size}")
        # try it again from the position before shot 3 (Ann's second shot)
        page.goto(f"{live_server.url}/play/{made['id']}/replay?shot=3")
        page.wait_for_selector("#try-again")
        page.locator("#try-again").click()
        page.wait_for_selector("#try-page[data-ready]")
        assert "In the game:" in page.locator("#try-game").inner_text()
        page.locator("#aim-speed").fill("1.25")
        page.locator("#aim-speed").press("Enter")
        page.locator("#shoot").click()
        page.wait_for_selector("#try-page[data-tries='1']", timeout=60_000)
        coach = page.locator("#try-coach").inner_text()
        assert coach.startswith("Your new shot is worth") and "the best (" in coach
        assert "In the game this shot was" in coach or "in the game this shot was" in coach
        page.wait_for_timeout(300)
        screenshot(page, f"review-try-{size}")
        assert errors == []
    finally:
        context.close()
    state = HTTP.get(f"{live_server.url}/api/play/games/{made['id']}", timeout=60).json()
    assert state["shots"] == SHOTS  # trying again changed nothing in the game
