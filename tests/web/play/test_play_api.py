"""The table's API: games made, shot, taken back, resigned, joined, saved and restored;
every refusal a 4xx with one sentence, and nothing stored changed by it."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from flickboard.play.kind import game_kind, load_match, new_match
from flickboard.web.play.models import Created, ShotOut, ShotSummary, StateOut
from flickboard.web.play.saved import SavedGames

from .helpers import HOTSEAT, VERSUS_AI, client, new_game, shoot, state, wait_for_shots

CMN_SCHEMA = Path(__file__).resolve().parents[3] / "src/flickboard/play/cmn-1.0.schema.json"


def saved_version(url: str, game_id: str) -> tuple[int, int]:
    """The version and the number of shots the database holds."""
    saved = SavedGames(url).load(game_id)
    assert saved is not None
    return saved.head.version, len(saved.shots)


# -- the lobby ---------------------------------------------------------------------------


def test_the_catalogue_says_what_each_level_is_by_its_name_only(api: TestClient) -> None:
    catalogue = api.get("/api/play/catalogue").json()
    assert catalogue["levels"][:3] == ["novice", "recreational", "strong-recreational"]
    assert set(catalogue["tiers"]) == set(catalogue["levels"])
    assert "55 % of open 20s" in catalogue["tiers"]["competitive"]
    assert not any("was " in tier for tier in catalogue["tiers"].values())


def test_the_catalogue_offers_what_each_game_kind_accepts(api: TestClient) -> None:
    games = {g["name"]: g for g in api.get("/api/play/catalogue").json()["games"]}
    crokinole, shuffleboard = games["crokinole"], games["shuffleboard"]
    assert [r["name"] for r in crokinole["rule_sets"]] == ["wcc", "nca", "depot", "fair"]
    assert crokinole["formats"] == {
        "match": True,
        "best_of_three": True,
        "timed": True,
        "target": False,
    }
    assert shuffleboard["formats"] == {
        "match": False,
        "best_of_three": True,
        "timed": False,
        "target": True,
    }
    assert shuffleboard["players"] == [2, 4]
    depot = next(r for r in crokinole["rule_sets"] if r["name"] == "depot")
    assert "direct_hit" in {o["name"] for o in depot["options"]}


def test_seating_lists_the_seats_side_by_side_or_says_why_not(api: TestClient) -> None:
    doubles = api.post("/api/play/seating", json={"game": "crokinole", "players": 4})
    assert [(s["seat"], s["colour"]) for s in doubles.json()] == [
        (0, "red"),
        (2, "red"),
        (1, "green"),
        (3, "green"),
    ]
    three = api.post("/api/play/seating", json={"game": "crokinole", "players": 3})
    assert three.status_code == 422
    assert "wcc has no 3-player free-for-all" in three.json()["detail"]


def test_a_new_game_gives_tokens_to_this_screen_and_links_for_the_others(
    api: TestClient,
) -> None:
    seats = [{"player": "here"}, {"player": "remote", "name": "Cleo"}]
    game = new_game(api, seats=seats)
    Created.model_validate(game)
    assert list(game["tokens"]) == ["0"] and list(game["joins"]) == ["2"]
    assert game["joins"]["2"].startswith(f"/play/{game['id']}?join=")
    now = StateOut.model_validate(state(api, game["id"]))
    assert [(s.seat, s.name, s.player, s.joined) for s in now.seats] == [
        (0, "Player 1", "here", True),
        (2, "Cleo", "remote", False),
    ]
    assert now.turn is not None and now.turn.seat == 0 and now.turn.starts["0"].shape == "arc"
    text = json.dumps(state(api, game["id"]))
    assert game["tokens"]["0"] not in text and "token" not in text


# -- shots -----------------------------------------------------------------------------


def test_a_shot_is_ruled_as_the_match_rules_it_and_animated_from_that_record(
    api: TestClient,
) -> None:
    game = new_game(api)
    answer = shoot(api, game, 0, u=0.45, angle=0.02, speed=1.05)
    assert answer.status_code == 200, answer.text
    shot = ShotOut.model_validate(answer.json())
    same = new_match("crokinole")
    step = same.play(same.aim(0.45, 0.02, 1.05, seat=0), 0)
    assert shot.ruling.summary == step.ruling.summary
    assert [d.reason for d in shot.ruling.decisions] == [d.reason for d in step.ruling.decisions]
    assert shot.trajectory is not None and shot.trajectory.t[-1] == pytest.approx(shot.duration)
    final = step.entry.record.final(shot.disc)
    (path,) = [d for d in shot.trajectory.discs if d.id == shot.disc]
    assert (path.x[-1], path.y[-1]) == pytest.approx((final.x, final.y), abs=1e-5)
    assert shot.state is not None and shot.state.shots == 1 and shot.state.turn is not None
    assert shot.state.turn.seat == 2


def test_the_trajectory_is_sampled_at_30_per_second_and_at_every_turn(api: TestClient) -> None:
    game = new_game(api)
    shoot(api, game, 0, speed=0.85)
    shot = shoot(api, game, 2, speed=1.31).json()  # strikes red's disc head on
    times = np.array(shot["trajectory"]["t"])
    assert np.all(np.diff(times) > 0) and np.all(np.diff(times) <= 1 / 30 + 1e-4)
    contact = next(e["t"] for e in shot["events"] if e["kind"] == "disc_contact")
    assert np.min(np.abs(times - contact)) < 1e-4
    assert {d["id"] for d in shot["trajectory"]["discs"]} == {0, 1}  # both move


def test_the_ai_replies_in_the_background_and_says_why(api: TestClient) -> None:
    game = new_game(api, seats=VERSUS_AI, time_shots=4)
    assert shoot(api, game, 0).status_code == 200
    now = wait_for_shots(api, game["id"], 2)
    reply = ShotOut.model_validate(api.get(f"/api/play/games/{game['id']}/shots/2").json())
    assert reply.seat == 2 and reply.by == "AI (heuristic, competitive)"  # club is the former name
    assert reply.explanation and reply.explanation[0].isupper()
    assert now["turn"]["seat"] == 0 and now["score"]["clock"] == {"kind": "shots", "left": 2}
    listed = [
        ShotSummary.model_validate(s) for s in api.get(f"/api/play/games/{game['id']}/shots").json()
    ]
    assert [(s.number, s.seat) for s in listed] == [(1, 0), (2, 2)]


def test_an_ai_that_shoots_first_opens_the_game_by_itself(api: TestClient) -> None:
    game = new_game(api, seats=[VERSUS_AI[1], VERSUS_AI[0]])
    now = wait_for_shots(api, game["id"], 1)
    assert now["turn"]["seat"] == 2 and list(game["tokens"]) == ["2"]


def test_realistic_mode_plays_the_shot_as_a_player_of_that_level_would(
    api: TestClient,
) -> None:
    shots = []
    for _ in range(2):
        game = new_game(api, realistic="novice")
        shots.append(shoot(api, game, 0, speed=1.2).json())
    first, again = shots
    assert first["meant"]["speed"] == 1.2 and first["shot"] != first["meant"]
    assert first["shot"] == again["shot"]  # seeded by the game: the same execution


# -- refusals: one sentence, nothing stored changes ------------------------------------------


def refused(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and words in detail and "\n" not in detail


def test_every_refusal_is_a_sentence_and_changes_nothing(api: TestClient, url: str) -> None:
    game = new_game(api, seats=[HOTSEAT[0], VERSUS_AI[1]])
    gid = game["id"]
    before = state(api, gid), saved_version(url, gid)
    path = f"/api/play/games/{gid}/shots"
    refused(api.get("/api/play/games/nosuchgame1"), 404, "there is no game")
    refused(shoot(api, {"id": "nosuchgame1", "tokens": {}}, 0, token="x"), 404, "no game")
    refused(shoot(api, game, 0, token=""), 403, "does not hold seat 0's token")
    refused(shoot(api, game, 0, token="guessed"), 403, "does not hold seat 0's token")
    refused(shoot(api, game, 2, token="guessed"), 403, "played by the AI")
    refused(shoot(api, game, 1, token="guessed"), 422, "seat 1 is not at this table")
    refused(shoot(api, game, 0, speed=99), 422, "speed: Input should be less than or equal to 12")
    refused(shoot(api, game, 0, speed=0.1), 422, "speed must be between 0.3 and 4.0 m/s")
    refused(shoot(api, game, 0, u=1.5), 422, "u: Input should be less than or equal to 1")
    refused(shoot(api, game, 0, angle=2.0), 422, "angle: Input should be less than or equal")
    refused(shoot(api, game, 0, spin="fast"), 422, "spin: Input should be a valid number")
    refused(shoot(api, game, 0, aim="high"), 422, "aim: Extra inputs are not permitted")
    headers = {"X-Seat-Token": game["tokens"]["0"], "Content-Type": "application/json"}
    refused(api.post(path, content=b"{not json", headers=headers), 422, "JSON decode error")
    refused(api.post(f"/api/play/games/{gid}/undo", json={"seat": 0}, headers=headers), 409,
            "nothing to take back")  # fmt: skip
    refused(api.post(f"/api/play/games/{gid}/join", json={"code": "wrongcode1"}), 403,
            "join link is not valid")  # fmt: skip
    refused(api.get(f"/api/play/games/{gid}/shots/1"), 422, "there is no shot 1")
    refused(api.get(f"/api/play/games/{gid}/record.cmn.json"), 409, "no game of this match")
    assert (state(api, gid), saved_version(url, gid)) == before


def test_a_shot_out_of_turn_is_refused_in_the_games_words(api: TestClient, url: str) -> None:
    game = new_game(api)
    before = saved_version(url, game["id"])
    refused(shoot(api, game, 2), 409, "seat 2 may not shoot now; seat 0 may")
    assert saved_version(url, game["id"]) == before


def test_an_illegal_start_gets_the_referees_sentence(api: TestClient, url: str) -> None:
    game = new_game(api)
    shoot(api, game, 0, speed=0.85)
    shoot(api, game, 2, speed=1.31)  # knocks red's disc back onto seat 0's start
    now = state(api, game["id"])
    (left, right) = now["turn"]["starts"]["0"]["allowed"]
    assert left[1] < 0.5 < right[0]
    refused(shoot(api, game, 0, u=0.5), 422, "the shooting disc would overlap disc 0")
    assert state(api, game["id"]) == now and saved_version(url, game["id"]) == (2, 2)
    assert shoot(api, game, 0, u=right[0] + 0.01).status_code == 200


def test_a_finished_match_takes_no_more_shots(api: TestClient) -> None:
    game = new_game(api, time_shots=2)
    shoot(api, game, 0)
    last = shoot(api, game, 2).json()
    assert last["over"] and last["games_ended"][0]["summary"].startswith("Game 1:")
    assert last["state"]["status"] == "over" and last["state"]["turn"] is None
    refused(shoot(api, game, 0), 409, "the match is over")


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"players": 3}, "wcc has no 3-player free-for-all"),
        ({"seats": [HOTSEAT[0], {"player": "ai", "ai": "ai:genius"}]}, "'genius' is not a kind"),
        ({"seats": HOTSEAT[:1] * 3}, "this game has 2 seats; 3 players were given"),
        ({"realistic": "godlike"}, "realistic mode needs a skill level"),
        ({"game": "shuffleboard", "time_shots": 4}, "CSC games are played to a target"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"games": 0}, "games: Input should be greater than or equal to 1"),
    ],
)
def test_a_setup_the_rules_refuse_is_a_sentence(
    api: TestClient, setup: dict[str, Any], words: str
) -> None:
    refused(api.post("/api/play/games", json={"seats": HOTSEAT, **setup}), 422, words)


# -- take-backs, resigning, joining --------------------------------------------------------


def test_undo_takes_back_the_persons_shot_and_the_ai_reply(api: TestClient, url: str) -> None:
    game = new_game(api, seats=VERSUS_AI)
    start = state(api, game["id"])
    shoot(api, game, 0)
    wait_for_shots(api, game["id"], 2)
    token = {"X-Seat-Token": game["tokens"]["0"]}
    answer = api.post(f"/api/play/games/{game['id']}/undo", json={"seat": 0}, headers=token)
    assert answer.status_code == 200
    after = StateOut.model_validate(answer.json())
    assert after.shots == 0 and after.turn is not None and after.turn.seat == 0
    assert after.discs == [] and after.version == 3
    assert saved_version(url, game["id"]) == (3, 0)
    assert {k: v for k, v in state(api, game["id"]).items() if k != "version"} == {
        k: v for k, v in start.items() if k != "version"
    }


def test_only_the_seat_that_shot_takes_it_back_and_only_when_allowed(api: TestClient) -> None:
    game = new_game(api)
    shoot(api, game, 0)
    other = {"X-Seat-Token": game["tokens"]["2"]}
    refused(api.post(f"/api/play/games/{game['id']}/undo", json={"seat": 2}, headers=other),
            409, "seat 2 has no shot to take back")  # fmt: skip
    strict = new_game(api, undo=False)
    shoot(api, strict, 0)
    token = {"X-Seat-Token": strict["tokens"]["0"]}
    refused(api.post(f"/api/play/games/{strict['id']}/undo", json={"seat": 0}, headers=token),
            409, "take-backs are off")  # fmt: skip


def test_a_resignation_ends_the_game_and_is_kept_in_the_record(api: TestClient, url: str) -> None:
    game = new_game(api)
    open_twenty = game_kind("crokinole").skill_test()[1].speed
    shoot(api, game, 0, speed=open_twenty)  # red's open 20, from the middle of the quadrant
    before = state(api, game["id"])["score"]
    assert before["twenties"] == [1, 0] and before["discs_left"] == {"0": 7, "2": 8}
    token = {"X-Seat-Token": game["tokens"]["2"]}
    answer = api.post(f"/api/play/games/{game['id']}/resign", json={"seat": 2}, headers=token)
    final = answer.json()["score"]  # the final score keeps the round's figures
    assert (final["twenties"], final["discs_left"]) == (before["twenties"], before["discs_left"])
    assert answer.json()["status"] == "resigned"
    assert answer.json()["result"] == "green resigned; red wins"
    refused(shoot(api, game, 2), 409, "green resigned; red wins")
    record = api.get(f"/api/play/games/{game['id']}/record.json").json()
    assert record["tags"]["Termination"] == "green resigned; red wins"
    assert state(client(url), game["id"])["status"] == "resigned"  # and after a restart


def test_a_join_link_takes_its_seat_once(api: TestClient) -> None:
    game = new_game(api, seats=[HOTSEAT[0], {"player": "remote", "name": "Cleo"}])
    code = game["joins"]["2"].split("join=")[1]
    joined = api.post(f"/api/play/games/{game['id']}/join", json={"code": code}).json()
    assert joined["seat"] == 2
    seat = next(s for s in state(api, game["id"])["seats"] if s["seat"] == 2)
    assert seat["joined"]
    shoot(api, game, 0)
    assert shoot(api, game, 2, token=joined["token"]).status_code == 200
    again = api.post(f"/api/play/games/{game['id']}/join", json={"code": code})
    refused(again, 403, "join link is not valid")


# -- saved, restored, two servers ----------------------------------------------------------


@pytest.mark.postgres
def test_a_restarted_server_continues_the_game(empty_url: str) -> None:
    first = client(empty_url)
    game = new_game(first, seats=VERSUS_AI)
    shoot(first, game, 0, u=0.4, speed=1.1)
    before = wait_for_shots(first, game["id"], 2)
    again = client(empty_url)  # a new server process on the same database
    after = state(again, game["id"])
    for key in ("discs", "turn", "score", "seats", "shots", "version"):
        assert after[key] == before[key], key
    assert shoot(again, game, 0).status_code == 200  # the seat's token still holds
    assert wait_for_shots(again, game["id"], 4)["shots"] == 4


@pytest.mark.postgres
def test_two_servers_judge_every_shot_on_the_game_as_saved(empty_url: str) -> None:
    one, two = client(empty_url), client(empty_url)
    game = new_game(one)
    state(two, game["id"])  # the second server holds it too
    assert shoot(one, game, 0).status_code == 200
    assert state(two, game["id"])["shots"] == 1  # its copy follows: no stale read
    refused(shoot(two, game, 0, speed=1.5), 409, "seat 0 may not shoot now")
    assert shoot(two, game, 2).status_code == 200  # the turn as saved, not as it held
    assert state(one, game["id"])["shots"] == 2
    assert saved_version(empty_url, game["id"]) == (2, 2)


@pytest.mark.postgres
def test_a_take_back_through_one_server_is_followed_by_the_other(empty_url: str) -> None:
    one, two = client(empty_url), client(empty_url)
    game = new_game(one)
    shoot(one, game, 0)
    shoot(one, game, 2, speed=1.2)
    assert state(two, game["id"])["shots"] == 2  # the second server holds both shots
    undone = one.post(
        f"/api/play/games/{game['id']}/undo",
        json={"seat": 2},
        headers={"X-Seat-Token": game["tokens"]["2"]},
    )
    assert undone.status_code == 200, undone.text
    again = shoot(one, game, 2, speed=0.8, angle=0.02).json()  # another shot 2
    seen = two.get(f"/api/play/games/{game['id']}/shots/2").json()  # the copy replayed afresh
    assert seen["shot"] == again["shot"] and seen["ruling"] == again["ruling"]
    assert state(two, game["id"])["version"] == 4


@pytest.mark.postgres
def test_a_fresh_servers_first_32_requests_at_once_are_answered(empty_url: str) -> None:
    made = client(empty_url)
    games = [new_game(made)["id"] for _ in range(4)]
    fresh = client(empty_url)  # a restarted server: engines made, schema checked, once
    barrier = threading.Barrier(32)
    answers: list[int] = []

    def first(k: int) -> None:
        barrier.wait()
        answers.append(fresh.get(f"/api/play/games/{games[k % 4]}").status_code)

    threads = [threading.Thread(target=first, args=(k,)) for k in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [200] * 32


def saved_record(url: str, game_id: str, seconds: float = 30) -> dict[str, Any]:
    """The match record the database holds, once the server's record thread saved it."""
    deadline = time.monotonic() + seconds
    while (record := SavedGames(url).record(game_id)) is None:
        assert time.monotonic() < deadline, "the record was not saved"
        time.sleep(0.02)
    return record


def test_the_record_of_a_game_that_ended_is_saved_after_the_answer_and_replays_whole(
    api: TestClient, url: str
) -> None:
    game = new_game(api, time_shots=2)
    shoot(api, game, 0)
    assert SavedGames(url).record(game["id"]) is None  # no game has ended
    last = shoot(api, game, 2).json()
    assert last["games_ended"] and last["state"]["status"] == "over"
    record = saved_record(url, game["id"])
    assert record == api.get(f"/api/play/games/{game['id']}/record.json").json()
    replayed = load_match(record)
    assert replayed.over and replayed.result().summary == last["state"]["result"]


def test_a_record_the_server_did_not_save_before_it_stopped_is_saved_when_read_back(
    api: TestClient, url: str
) -> None:
    game = new_game(api, time_shots=2, games=2)
    shoot(api, game, 0)
    shoot(api, game, 2)  # game 1 ends; the match goes on
    kept = saved_record(url, game["id"])
    with SavedGames(url).engine.begin() as db:  # as if it stopped before its record thread ran
        db.execute(text("UPDATE play_games SET record = NULL WHERE id = :id"), {"id": game["id"]})
    again = client(url)  # a new server on the same database
    assert len(again.get(f"/api/play/games/{game['id']}/shots").json()) == 2  # read back
    assert saved_record(url, game["id"]) == kept
    assert saved_version(url, game["id"]) == (2, 2)  # the record is not a change of the game


def test_a_shot_at_a_game_busy_in_another_thread_waits_its_turn(api: TestClient) -> None:
    game = new_game(api)
    live = api.app.state.play_tables.get(game["id"])  # type: ignore[attr-defined]
    held, release = threading.Event(), threading.Event()

    def busy() -> None:  # as the AI's thread or a record being saved holds the game
        with live.lock:
            held.set()
            release.wait(30)

    holder = threading.Thread(target=busy)
    holder.start()
    held.wait(30)
    answers: list[Any] = []
    shooter = threading.Thread(target=lambda: answers.append(shoot(api, game, 0)))
    shooter.start()
    shooter.join(0.3)
    assert answers == [] and live.version == 0  # waiting for the game, not refused
    release.set()
    shooter.join(30)
    holder.join(30)
    assert answers[0].status_code == 200 and state(api, game["id"])["shots"] == 1


# -- live events, records, the API described ------------------------------------------------


def events(api: TestClient, game_id: str, last: str | None) -> list[tuple[str, str]]:
    headers = {} if last is None else {"Last-Event-ID": last}
    found = []
    with api.stream("GET", f"/api/play/games/{game_id}/events", headers=headers) as stream:
        kind = ""
        for line in stream.iter_lines():
            if line.startswith("event: "):
                kind = line.removeprefix("event: ")
            elif line.startswith("data: "):
                found.append((kind, line.removeprefix("data: ")))
    return found


def test_a_page_that_reconnects_gets_what_it_missed(api: TestClient) -> None:
    game = new_game(api)
    first_id = "0"  # the events are numbered in the game from 1
    shoot(api, game, 0)
    answer = shoot(api, game, 2)
    missed = events(api, game["id"], first_id)
    assert [k for k, _ in missed] == ["shot", "shot"]
    assert [json.loads(d)["number"] for _, d in missed] == [1, 2]
    assert missed[1][1] == answer.text  # the pages are told what the shooter was answered
    stranger = events(api, game["id"], "another-form-5")
    assert stranger[0][0] == "state" and json.loads(stranger[0][1])["shots"] == 2
    assert events(api, game["id"], None) == []  # a fresh page asks for the state itself


def test_the_records_download_and_replay(api: TestClient) -> None:
    game = new_game(api, time_shots=2)
    shoot(api, game, 0)
    assert state(api, game["id"])["exports"] == []  # the kind says: no finished game yet
    shoot(api, game, 2)
    assert state(api, game["id"])["exports"] == ["cmn"]
    record = api.get(f"/api/play/games/{game['id']}/record.json")
    assert "attachment" in record.headers["content-disposition"]
    replayed = load_match(record.json())
    assert replayed.over and replayed.result().summary == state(api, game["id"])["result"]
    assert record.json()["games"][0]["tags"]["Side1"] == "Ann"
    cmn = api.get(f"/api/play/games/{game['id']}/record.cmn.json").json()
    jsonschema.validate(cmn, json.loads(CMN_SCHEMA.read_text()))
    board = new_game(api, game="shuffleboard")
    assert state(api, board["id"])["exports"] == []
    refused(api.get(f"/api/play/games/{board['id']}/record.cmn.json"), 422, "CMN records crokinole")


def test_a_shot_replayed_for_the_replay_page_is_the_shot_played(api: TestClient) -> None:
    game = new_game(api)
    played = shoot(api, game, 0, angle=-0.03, speed=1.1).json()
    again = api.get(f"/api/play/games/{game['id']}/shots/1").json()
    assert again["trajectory"] == played["trajectory"] and again["ruling"] == played["ruling"]


def test_the_api_is_described_by_its_models(api: TestClient) -> None:
    spec = api.get("/api/openapi.json").json()
    shots = spec["paths"]["/api/play/games/{game_id}/shots"]["post"]
    assert shots["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("ShotIn")
    assert {"403", "404", "409", "422"} <= set(shots["responses"])
    assert "ShotOut" in spec["components"]["schemas"]


def test_free_order_doubles_offer_both_partners_each_their_start(api: TestClient) -> None:
    four = [{"player": "here"}] * 4
    game = new_game(api, rules="depot", options={"free_order": True}, players=4, seats=four)
    shoot(api, game, 0)
    turn = state(api, game["id"])["turn"]
    assert turn["choices"] == [1, 3] and set(turn["starts"]) == {"1", "3"}
    assert shoot(api, game, 3).status_code == 200  # the partner who was not usual first


def test_take_back_after_game_over_is_refused_409_and_the_game_stays_finished(
    api: TestClient, url: str
) -> None:
    game = new_game(api, time_shots=2)
    shoot(api, game, 0)
    last = shoot(api, game, 2).json()
    assert last["over"]
    before = state(api, game["id"])
    for seat in ("0", "2"):
        token = {"X-Seat-Token": game["tokens"][seat]}
        got = api.post(
            f"/api/play/games/{game['id']}/undo", json={"seat": int(seat)}, headers=token
        )
        refused(got, 409, "the game is over")
    assert state(api, game["id"]) == before and before["status"] == "over"
    assert saved_version(url, game["id"]) == (before["version"], 2)


def test_the_end_of_a_game_says_its_verdict_with_the_totals_the_board_shows(
    api: TestClient,
) -> None:
    game = new_game(api, time_shots=2)
    shoot(api, game, 0)
    end = shoot(api, game, 2).json()["state"]
    twenties = [sum(r["twenties"][s] for r in end["rounds"]) for s in (0, 1)]
    assert end["score"]["twenties"] == twenties  # not 0-0 once the game is over
    points = "-".join(map(str, end["score"]["match"]))
    assert f"({points}, 20s {twenties[0]}-{twenties[1]};" in end["result"]
    assert end["score"]["summary"] == end["result"]
