"""Games from a real board at the table's API (docs/web.md, "Games from a real board"):
each shot entered by where the discs stopped and the disc struck first, ruled as a
hand-entered shot, kept as any game (record, CMN) and reviewed by outcome; and "try it
again" from a reviewed position."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from flickboard.agents.spec import player_from_spec
from flickboard.play.driver import play_match
from flickboard.play.kind import game_kind, load_match
from flickboard.play.match import ShotAction
from flickboard.rules.hand import scoresheet

from .helpers import HOTSEAT, VERSUS_AI, new_game, shoot, state

SHOTS = 8


def _played(shots: int = SHOTS) -> list[ShotAction]:
    """The shots of a bot game cut short: what a real board saw."""
    match = game_kind("crokinole").new_match(seed=7, time_shots=shots)
    kind = match.kind
    play_match(match, [player_from_spec("bot", kind, 1), player_from_spec("bot", kind, 2)])
    return [a for a in match.history if isinstance(a, ShotAction)]


def _enter(api: TestClient, game: dict[str, Any], action: ShotAction) -> Any:
    places, first = scoresheet(action.record)
    body = {
        "seat": action.seat,
        "first": first,
        "places": [{"id": f.id, "x": f.x, "y": f.y, "state": f.state.value} for f in places],
    }
    headers = {"X-Seat-Token": game["tokens"][str(action.seat)]}
    return api.post(f"/api/play/games/{game['id']}/hand", json=body, headers=headers)


def _review(api: TestClient, game: dict[str, Any], level: str = "competitive") -> dict[str, Any]:
    headers = {"X-Seat-Token": game["tokens"]["0"]}
    url = f"/api/play/games/{game['id']}/review"
    assert api.post(url, json={"seat": 0, "level": level}, headers=headers).status_code == 200
    deadline = time.monotonic() + 120
    while (now := api.get(url).json())["status"] != "done":
        assert now["status"] == "running" and time.monotonic() < deadline, now
        time.sleep(0.1)
    return dict(now["review"])


def test_a_real_board_game_is_entered_ruled_kept_and_reviewed_by_outcome(api: TestClient) -> None:
    played = _played()
    game = new_game(api, real_board=True, time_shots=SHOTS)
    assert game["url"] == f"/play/{game['id']}/enter"
    assert state(api, game["id"])["real_board"] is True
    refused = shoot(api, game, 0)
    assert refused.status_code == 409 and "real board" in refused.json()["detail"]
    for action in played:
        answer = _enter(api, game, action)
        assert answer.status_code == 200, answer.text
        shot = answer.json()
        assert shot["shot"] is None and shot["trajectory"] is None
    record = api.get(f"/api/play/games/{game['id']}/record.json").json()
    entered = load_match(record)
    truth = game_kind("crokinole").new_match(seed=7, time_shots=SHOTS)
    for action in played:
        truth.play_record(action.record, action.seat)
    assert entered.result() == truth.result() and entered.over
    cmn = api.get(f"/api/play/games/{game['id']}/record.cmn.json")
    assert cmn.status_code == 200 and cmn.json()["cmn"] == "1.0" and cmn.json()["match"]["games"]
    review = _review(api, game)
    assert len(review["shots"]) == SHOTS
    for s in review["shots"]:
        assert s["meant_from"] == "outcome" and s["played"] is None and s["meant"] is None
        loss = max(0.0, s["value_before"] - s["outcome"])
        assert abs(s["expected_loss"] - loss) <= 2e-4  # each value rounded to 4 places
        assert s["comment"].startswith("judged by its outcome: the position it left")
        assert set(s["paths"]) == {"best"}


def test_a_real_board_entry_is_refused_in_one_sentence_and_changes_nothing(
    api: TestClient,
) -> None:
    with_ai = api.post("/api/play/games", json={"seats": VERSUS_AI, "real_board": True, "seed": 1})
    assert with_ai.status_code == 422 and "every seat is played here" in with_ai.json()["detail"]
    game = new_game(api, real_board=True)
    url = f"/api/play/games/{game['id']}/hand"
    start = {"id": 0, "x": 0.0, "y": 0.1}
    cases = [
        ({"seat": 0, "places": [start]}, game["tokens"]["2"], 403, "only Ann's browser"),
        ({"seat": 2, "places": [start]}, game["tokens"]["2"], 409, "seat 2 may not shoot now"),
        ({"seat": 0, "places": [{**start, "state": "flying"}]}, game["tokens"]["0"], 422, "state"),
        ({"seat": 0, "places": [{"id": 4, "x": 0, "y": 0.1}]}, game["tokens"]["0"], 422,
         "not on the board"),
    ]  # fmt: skip
    for body, token, status, words in cases:
        answer = api.post(url, json=body, headers={"X-Seat-Token": token})
        assert answer.status_code == status and words in answer.json()["detail"], answer.text
    assert state(api, game["id"])["shots"] == 0
    table = new_game(api)
    off = api.post(f"/api/play/games/{table['id']}/hand", json={"seat": 0, "places": [start]},
                   headers={"X-Seat-Token": table["tokens"]["0"]})  # fmt: skip
    assert off.status_code == 409 and "aimed, not entered" in off.json()["detail"]


def test_trying_a_shot_again_weighs_it_against_the_best_and_the_game(api: TestClient) -> None:
    game = new_game(api, seats=HOTSEAT, time_shots=2)
    for seat, speed in ((0, 1.3), (2, 1.1)):
        assert shoot(api, game, seat, speed=speed).status_code == 200
    review = _review(api, game)
    url = f"/api/play/games/{game['id']}/try/2"
    position = api.get(url).json()
    shot = api.get(f"/api/play/games/{game['id']}/shots/2").json()
    assert position["seat"] == 2 and position["before"] == shot["before"]
    assert position["start"]["shape"] == "arc"
    same = {"seat": 0, "u": 0.5, "angle": 0.0, "speed": 1.1, "level": "competitive"}
    tried = api.post(url, json=same, headers={"X-Seat-Token": game["tokens"]["0"]}).json()
    reviewed = review["shots"][1]
    assert tried["review"]["best"] == reviewed["best"]  # the same search from the same place
    assert tried["review"]["played"]["value"] == reviewed["played"]["value"]
    assert tried["game_review"]["index"] == 2
    assert "in the game this shot was" in tried["coach"]
    assert tried["trajectory"]["discs"] and len(tried["paths"]["best"]) >= 2
    assert state(api, game["id"])["shots"] == 2  # trying plays nothing in the game
    assert api.post(url, json=same).status_code == 403
    far = api.post(url, json={**same, "speed": 99}, headers={"X-Seat-Token": game["tokens"]["0"]})
    assert far.status_code == 422
    none = api.get(f"/api/play/games/{game['id']}/try/9")
    assert none.status_code == 422 and "this game has 2 shots" in none.json()["detail"]
