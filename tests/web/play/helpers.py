"""Games made and played through the table's API, for the API and browser tests."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from flickboard.web.app import create_app

HOTSEAT = [{"player": "here", "name": "Ann"}, {"player": "here", "name": "Ben"}]
"""Two people at one screen."""

VERSUS_AI = [{"player": "here", "name": "Ann"}, {"player": "ai", "ai": "ai:heuristic:club"}]
"""A person against the fast AI."""


def client(url: str) -> TestClient:
    """The app on a database, with short event streams (tests read them to the end)."""
    app = create_app(url)
    app.state.play_tables.stream_seconds = 0.3
    return TestClient(app)


def new_game(api: TestClient, **setup: Any) -> dict[str, Any]:
    """A game made through the API (seed 7 unless given): its ID, tokens and links."""
    body = {"seats": HOTSEAT, "seed": 7, **setup}
    answer = api.post("/api/play/games", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def state(api: TestClient, game_id: str) -> dict[str, Any]:
    """The game now."""
    answer = api.get(f"/api/play/games/{game_id}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def shoot(
    api: TestClient, game: dict[str, Any], seat: int, token: str | None = None, **aim: Any
) -> Any:
    """A shot from ``seat`` with its token (straight in at 1 m/s unless told)."""
    body = {"seat": seat, "u": 0.5, "angle": 0.0, "speed": 1.0, **aim}
    token = game["tokens"].get(str(seat)) if token is None else token
    headers = {"X-Seat-Token": token} if token else {}
    return api.post(f"/api/play/games/{game['id']}/shots", json=body, headers=headers)


def wait_for_shots(
    api: TestClient, game_id: str, shots: int, seconds: float = 60
) -> dict[str, Any]:
    """The state once the game has ``shots`` shots (the AI plays in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        now = state(api, game_id)
        if now["shots"] >= shots and now["thinking"] is None:
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not reach {shots} shots: {now['shots']}")
        time.sleep(0.05)


def hold_seats(page: Any, url: str, made: dict[str, Any]) -> None:
    """This browser holds the seats of a game made through the API (as the browser that
    made it does): its tokens in local storage (``url``: the server's)."""
    page.goto(f"{url}/play")
    key = f"flickboard.table.{made['id']}"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(made["tokens"])])


def holding_page(context: Any, url: str, made: dict[str, Any]) -> tuple[Any, list[str]]:
    """A new page of ``context`` holding the game's seats, and the list its script errors
    are kept in."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    hold_seats(page, url, made)
    return page, errors
