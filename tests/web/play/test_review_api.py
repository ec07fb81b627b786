"""The game review and hints at the table's API (docs/review.md, docs/web.md "Review and
hints"): a review runs in the background, is kept with the game in the database and read
back; only a seat of the game may ask; hints only in casual games."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from flickboard.agents.review import review_record
from flickboard.cli.app import app
from flickboard.store.db import engine_for
from flickboard.store.models import PlayReviewRow

from .helpers import VERSUS_AI, client, new_game, shoot, state, wait_for_shots


def _played(api: TestClient, shots: int, **setup: Any) -> dict[str, Any]:
    game = new_game(api, time_shots=shots, **setup)
    for n in range(shots):
        seat = 0 if n % 2 == 0 else 2
        answer = shoot(api, game, seat, angle=0.01 * n, speed=1.0 + 0.15 * n)
        assert answer.status_code == 200, answer.text
    return game


def _review(
    api: TestClient, game: dict[str, Any], level: str = "competitive", shots: int = 4
) -> dict[str, Any]:
    headers = {"X-Seat-Token": game["tokens"]["0"]}
    answer = api.post(f"/api/play/games/{game['id']}/review", json={"seat": 0, "level": level},
                      headers=headers)  # fmt: skip
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 120
    while True:
        now = api.get(f"/api/play/games/{game['id']}/review").json()
        assert now["status"] in ("running", "done"), now
        if now["status"] == "done":
            return dict(now)
        assert 0 <= now["done"] <= now["total"] == shots
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.1)


def test_a_table_game_is_reviewed_in_the_background_and_kept_with_the_game(
    api: TestClient, url: str, tmp_path: Path
) -> None:
    game = _played(api, 4)
    before = api.get(f"/api/play/games/{game['id']}/review").json()
    assert before["status"] == "none" and before["review"] is None
    done = _review(api, game)
    review = done["review"]
    assert [s["index"] for s in review["shots"]] == [1, 2, 3, 4]
    assert [s["seat"] for s in review["shots"]] == [0, 2, 0, 2]
    for shot in review["shots"]:
        # a person's shot at a table without the realistic mode is played exactly as
        # aimed: its own intent, with no path of its own for the shot meant
        assert shot["meant_from"] == "exact" and shot["miss"]["angle_deg"] == 0.0
        assert set(shot["paths"]) == {"played", "best"}
        assert all(len(path) >= 2 for path in shot["paths"].values())
    assert {p["name"] for p in review["players"]} == {"Ann", "Ben"}
    # the record the table downloads gives the same review from the command's engine
    record = api.get(f"/api/play/games/{game['id']}/record.json").json()
    again = review_record(record).to_json()
    assert [s["label"] for s in again["shots"]] == [s["label"] for s in review["shots"]]
    saved = tmp_path / "table.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    command = CliRunner().invoke(app, ["review", "crokinole", str(saved), "--json"])
    assert command.exit_code == 0, command.output
    assert json.loads(command.stdout)["shots"] == again["shots"]
    # kept in the database: asking again answers the cached review at once
    with Session(engine_for(url)) as session:
        row = session.scalar(select(PlayReviewRow).where(PlayReviewRow.game_id == game["id"]))
        assert row is not None and row.status == "done" and row.shots == 4
    headers = {"X-Seat-Token": game["tokens"]["2"]}
    again_answer = api.post(f"/api/play/games/{game['id']}/review", json={"seat": 2},
                            headers=headers)  # fmt: skip
    assert again_answer.json()["status"] == "done"
    assert again_answer.json()["review"] == review
    # a server started afresh on the same database reads it back
    assert client(url).get(f"/api/play/games/{game['id']}/review").json()["review"] == review


def test_the_review_takes_the_ais_choice_and_a_realistic_aim_from_the_record(
    api: TestClient,
) -> None:
    game = new_game(api, seats=VERSUS_AI, realistic="recreational", time_shots=4)
    for n in range(2):
        assert shoot(api, game, 0, angle=0.02 * n, speed=1.2).status_code == 200
        wait_for_shots(api, game["id"], 2 * n + 2)
    shots = [api.get(f"/api/play/games/{game['id']}/shots/{n}").json() for n in range(1, 5)]
    review = _review(api, game)["review"]
    for shot, reviewed in zip(shots, review["shots"], strict=True):
        if shot["seat"] == 0:  # the person's aim, played with a recreational hand
            assert reviewed["meant_from"] == "aim"
            assert reviewed["meant"]["shot"]["angle"] == round(shot["meant"]["angle"], 5)
            assert "meant" in reviewed["paths"]
        else:  # the AI's own choice and words, as it explained its shot
            assert reviewed["meant_from"] == "ai"
            words = reviewed["meant"]["words"]
            assert shot["explanation"].startswith(words[:1].upper() + words[1:])


def test_only_a_seat_of_the_game_may_ask_for_its_review(api: TestClient) -> None:
    game = _played(api, 2)
    url = f"/api/play/games/{game['id']}/review"
    assert api.post(url, json={"seat": 0}).status_code == 403
    wrong = {"X-Seat-Token": game["tokens"]["2"]}
    assert api.post(url, json={"seat": 0}, headers=wrong).status_code == 403
    bad = api.post(url, json={"seat": 0, "level": "grandmaster"},
                   headers={"X-Seat-Token": game["tokens"]["0"]})  # fmt: skip
    assert bad.status_code == 422 and "unknown skill level" in bad.json()["detail"]
    assert api.get(url).json()["status"] == "none"


def test_a_hint_in_a_casual_game_is_the_best_shot_with_its_path(api: TestClient) -> None:
    game = new_game(api)
    headers = {"X-Seat-Token": game["tokens"]["0"]}
    answer = api.post(f"/api/play/games/{game['id']}/hint", json={"seat": 0}, headers=headers)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["kind"] == "open20" and 0 <= hint["value"] <= 1 and len(hint["path"]) >= 2
    assert state(api, game["id"])["shots"] == 0  # a hint plays nothing


def test_hints_are_off_without_undo_and_for_other_seats(api: TestClient) -> None:
    game = new_game(api, undo=False)
    headers = {"X-Seat-Token": game["tokens"]["0"]}
    off = api.post(f"/api/play/games/{game['id']}/hint", json={"seat": 0}, headers=headers)
    assert off.status_code == 409 and "only casual games" in off.json()["detail"]
    casual = new_game(api)
    theirs = api.post(f"/api/play/games/{casual['id']}/hint", json={"seat": 2},
                      headers={"X-Seat-Token": casual["tokens"]["0"]})  # fmt: skip
    assert theirs.status_code == 403
