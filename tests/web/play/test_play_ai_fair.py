"""Fair use of the AI: a person's game against the AI is served before AI v AI matches,
an AI v AI match nobody watches stops (and goes on when a page opens it), and AI v AI
matches are limited per address and in total (docs/web.md, "The AI's turns")."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastapi.testclient import TestClient

from flickboard.web.play.tables import Tables
from flickboard.web.play.throttle import Limits

from .helpers import client, new_game, state

SLOW_MATCH = [{"player": "ai", "ai": "ai:search:novice"}] * 2
"""An AI v AI match whose every decision weighs many shots (about 0.3 s of CPU)."""
QUICK_MATCH = [{"player": "ai", "ai": "ai:heuristic:club"}] * 2
PERSON_V_AI = [{"player": "ai", "ai": "ai:planner:competitive"}, {"player": "here"}]
"""A person against the AI, the AI to shoot first."""


def tables(api: TestClient) -> Tables:
    found: Tables = api.app.state.play_tables  # type: ignore[attr-defined]
    return found


def shots(api: TestClient, game: dict[str, Any]) -> int:
    return int(state(api, game["id"])["shots"])


def watch(api: TestClient, game_id: str) -> None:
    """A page opens the game's events (for the stream's short life in these tests)."""
    with api.stream("GET", f"/api/play/games/{game_id}/events") as stream:
        for _ in stream.iter_lines():
            pass


def test_a_persons_game_gets_its_first_ai_shot_within_its_decision_time_beside_4_ai_matches(
    url: str,
) -> None:
    api = client(url)
    held = tables(api)
    held.spectacle_pause = 0.0  # the AI v AI matches ask for the AI without a pause
    held.limits = Limits(spectacles_per_address=4, spectacles=4)
    matches = [new_game(api, seats=SLOW_MATCH, seed=k) for k in range(4)]
    deadline = time.monotonic() + 120
    while sum(shots(api, m) for m in matches) < 3:  # under way
        assert time.monotonic() < deadline, "the AI v AI matches did not start"
        time.sleep(0.05)
    made = time.monotonic()
    person = new_game(api, seats=PERSON_V_AI)
    thinking = shot = None
    while shot is None:  # the person's game alone is asked: one request a look
        now = state(api, person["id"])
        at = time.monotonic()
        if thinking is None and (now["thinking"] is not None or now["shots"]):
            thinking = at
        if now["shots"]:
            shot = at
        assert at < made + 120, "the person's game got no AI shot"
    assert thinking is not None
    decision = shot - thinking
    waited = thinking - made
    # its AI started at once: not behind the AI v AI matches' queue of decisions
    assert waited <= decision + 0.5, (waited, decision)
    assert shot - made <= 2 * decision + 0.5
    assert sum(shots(api, m) for m in matches) >= 3  # and they went on meanwhile


def test_an_ai_match_nobody_watches_stops_and_goes_on_when_a_page_opens_it(url: str) -> None:
    api = client(url)
    held = tables(api)
    held.spectacle_pause = 0.0
    held.keep_seconds = 0.2
    held.limits = Limits(watch_grace=1.0)  # watched for 1 s after it is made
    game = new_game(api, seats=QUICK_MATCH)
    time.sleep(2.0)  # its grace runs out: the match stops
    stopped = shots(api, game)
    assert stopped >= 1
    time.sleep(1.0)
    assert shots(api, game) == stopped and state(api, game["id"])["status"] == "playing"
    page = threading.Thread(target=watch, args=(api, game["id"]))
    page.start()  # a page opens it: the match goes on
    page.join()
    deadline = time.monotonic() + 30
    while shots(api, game) == stopped:
        assert time.monotonic() < deadline, "the watched match did not go on"
        time.sleep(0.05)


def test_ai_matches_are_limited_per_address_and_in_total(url: str) -> None:
    api = client(url)
    held = tables(api)
    held.limits = Limits(spectacles_per_address=2, spectacles=3, watch_grace=60.0)
    new_game(api, seats=QUICK_MATCH)
    new_game(api, seats=QUICK_MATCH)
    refused = api.post("/api/play/games", json={"seats": QUICK_MATCH})
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("too many AI v AI matches from this address")
    assert int(refused.headers["Retry-After"]) >= 1
    new_game(api, seats=PERSON_V_AI)  # a person's game is not an AI v AI match
    other = TestClient(api.app, client=("10.0.0.2", 50000))
    assert other.post("/api/play/games", json={"seats": QUICK_MATCH}).status_code == 201
    full = TestClient(api.app, client=("10.0.0.3", 50000))
    refused = full.post("/api/play/games", json={"seats": QUICK_MATCH})
    assert refused.status_code == 429
    assert "as many AI v AI matches as it may (3)" in refused.json()["detail"]
