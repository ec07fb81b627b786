"""The table's memory: finished and idle games leave it and come back from the database
on demand, playing on exactly as if they had never left; new games are limited per
address (429 with a sentence and Retry-After)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from tests.conftest import sqlite_at_head

from flickboard.web.play.saved import SavedGames
from flickboard.web.play.tables import Tables
from flickboard.web.play.throttle import Limits, TooManyGames

from .helpers import client, new_game, shoot, state

AIMS = [
    {"u": 0.5, "angle": 0.0, "speed": 1.0},
    {"u": 0.45, "angle": 0.05, "speed": 1.1},
    {"u": 0.55, "angle": -0.04, "speed": 0.9},
    {"u": 0.5, "angle": 0.02, "speed": 1.05},
]


@pytest.fixture
def api(tmp_path: Path) -> TestClient:
    return client(sqlite_at_head(tmp_path / "memory.sqlite"))


def shots(api: TestClient, game_id: str) -> list[Any]:
    """The game's shots: a read of the game held in memory (the state alone is read
    from the database)."""
    answer = api.get(f"/api/play/games/{game_id}/shots")
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def tables(api: TestClient) -> Tables:
    found: Tables = api.app.state.play_tables  # type: ignore[attr-defined]
    return found


def play(api: TestClient, game: dict[str, Any], aims: list[dict[str, Any]]) -> list[Any]:
    """Shots from whichever seat is to shoot; each answer without the game's own ID."""
    out = []
    for aim in aims:
        seat = state(api, game["id"])["turn"]["seat"]
        got = shoot(api, game, seat, **aim)
        assert got.status_code == 200, got.text
        answer = got.json()
        del answer["state"]["id"]
        out.append(answer)
    return out


def test_an_evicted_game_loads_back_and_plays_on_identically(api: TestClient) -> None:
    held = tables(api)
    kept = new_game(api, realistic="club")  # execution noise, seeded by game and shot
    left = new_game(api, realistic="club")
    assert play(api, kept, AIMS[:2]) == play(api, left, AIMS[:2])
    held.idle_seconds = 0.0  # everything idle now leaves at the next sweep
    assert left["id"] in held.sweep(keep=kept["id"])
    assert left["id"] not in held._games
    held.idle_seconds = 3600.0
    # read back from the database (its shots played again), it carries on as the other
    after_kept = play(api, kept, AIMS[2:])
    after_left = play(api, left, AIMS[2:])
    assert after_left == after_kept
    assert after_left[-1]["number"] == 4
    assert left["id"] in held._games


def test_a_finished_game_leaves_memory_and_is_still_served(api: TestClient) -> None:
    held = tables(api)
    game = new_game(api)
    got = api.post(
        f"/api/play/games/{game['id']}/resign",
        json={"seat": 0},
        headers={"X-Seat-Token": game["tokens"]["0"]},
    )
    assert got.status_code == 200, got.text
    record = api.get(f"/api/play/games/{game['id']}/record.json").json()
    held.finished_seconds = 0.0
    assert held.sweep() == [game["id"]] and held.held == 0
    assert api.get(f"/api/play/games/{game['id']}/record.json").json() == record


def test_games_past_the_cap_leave_least_recently_used_first(api: TestClient) -> None:
    held = tables(api)
    held.held_max = 2
    held.active_seconds = 0.0  # the games held are not in play
    ids = [new_game(api)["id"] for _ in range(3)]
    assert list(held._games) == ids[1:]  # the first made left when the third came
    shots(api, ids[0])  # asked for: read back, the most recent; the oldest leaves
    assert list(held._games) == [ids[2], ids[0]]


def test_past_the_cap_with_every_game_in_play_the_one_needed_last_leaves(
    api: TestClient,
) -> None:
    held = tables(api)
    held.held_max = 2
    ids = [new_game(api)["id"] for _ in range(3)]
    assert list(held._games) == [ids[0], ids[2]]  # the one asked for just before left
    loads: list[str] = []
    load = held.saved.load
    held.saved.load = lambda game_id, *code: loads.append(game_id) or load(game_id, *code)  # type: ignore[method-assign]
    for _ in range(3):  # three games in play in turn, two held
        for game_id in ids:
            shots(api, game_id)
    # as few reads back as any order of leaving could make (the game needed farthest
    # ahead leaves); least recently used first would have read back all nine
    assert len(loads) == 4


def test_a_watched_game_stays_in_memory(api: TestClient) -> None:
    held = tables(api)
    game = new_game(api)
    live = held.get(game["id"])
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        listener = held.hub.listen(live.id, loop)
        held.idle_seconds = 0.0
        assert held.sweep() == []
        held.hub.forget(live.id, listener)
        assert held.sweep() == [game["id"]]
    finally:
        loop.close()


def test_new_games_are_limited_per_address(api: TestClient) -> None:
    tables(api).limits = Limits(per_minute=3)
    for _ in range(3):
        new_game(api)
    got = api.post("/api/play/games", json={"seats": [{"player": "here"}] * 2})
    assert got.status_code == 429
    assert got.json()["detail"].startswith("too many new games from this address")
    assert 1 <= int(got.headers["Retry-After"]) <= 60


def test_the_limit_counts_a_sliding_minute_per_address(tmp_path: Path) -> None:
    saved = SavedGames(sqlite_at_head(tmp_path / "limit.sqlite"))
    limits = Limits(per_minute=2)

    def make(game_id: str, address: str) -> None:
        saved.create(game_id, "crokinole", {}, [], address=address, limits=limits)

    make("game-a-1", "a")
    make("game-a-2", "a")
    make("game-b-1", "b")  # another address has its own count
    with pytest.raises(TooManyGames) as refused:
        make("game-a-3", "a")
    assert 55 <= refused.value.retry_after <= 60
    with saved.engine.begin() as db:  # the first made 61 s ago: it has left the window
        db.execute(text("UPDATE play_games SET created = :at WHERE id = 'game-a-1'"),
                   {"at": datetime.now(UTC).replace(tzinfo=None) - timedelta(seconds=61)})  # fmt: skip
    make("game-a-3", "a")


def test_the_state_is_read_as_saved_without_reading_the_game_back(api: TestClient) -> None:
    held = tables(api)
    game = new_game(api)
    shoot(api, game, 0)
    held.idle_seconds = 0.0
    assert held.sweep() == [game["id"]]
    read = state(api, game["id"])  # the state saved with the shot: no copy made
    assert read["shots"] == 1 and held.held == 0
    assert read == held.get(game["id"]).state()  # what the game read back says
