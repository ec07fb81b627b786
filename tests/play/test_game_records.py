"""Game records: saved as JSON, replayed to the same result, exported to CMN."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from flickboard.agents.simple import SimpleBot
from flickboard.errors import InvalidInput
from flickboard.play.cmn import dump_game, parse_game
from flickboard.play.crokinole import CrokinoleGame, Seating, ShotBudget, play_game, seat_players
from flickboard.play.crokinole_record import game_record, replay_game, to_cmn
from flickboard.play.gamerecord import game_record_from_json, game_record_to_json
from flickboard.rules import referee


def _played(rules: str = "wcc", seating: Seating | None = None, **kw: Any) -> CrokinoleGame:
    seating = seating or Seating.singles()
    game = CrokinoleGame(
        referee(rules, **kw), seating, **({"clock": ShotBudget(40)} if rules == "nca" else {})
    )
    play_game(game, seat_players(seating, [SimpleBot(seed=i) for i in range(seating.players)]))
    return game


@pytest.fixture(scope="module")
def singles() -> tuple[CrokinoleGame, dict[str, Any]]:
    game = _played()
    return game, game_record_to_json(game_record(game, {"Event": "Test night"}))


def test_game_record_json_replays_to_the_same_result(
    singles: tuple[CrokinoleGame, dict[str, Any]],
) -> None:
    game, data = singles
    loaded = game_record_from_json(json.loads(json.dumps(data)))
    replayed = replay_game(loaded)
    assert replayed.result() == game.result()
    assert replayed.rounds == game.rounds
    assert data["rounds"][0]["shots"][0]["record"]["shot"] is not None
    assert len(data["rounds"]) == 4


def test_game_record_of_a_timed_depot_doubles_game_replays() -> None:
    game = _played("nca", Seating.doubles())
    assert any(r.unplayed for r in game.rounds)
    data = json.loads(json.dumps(game_record_to_json(game_record(game))))
    assert replay_game(game_record_from_json(data)).result() == game.result()


def test_game_record_with_options_replays() -> None:
    game = _played("depot", Seating(4), free_for_all=True, direct_hit=True)
    data = json.loads(json.dumps(game_record_to_json(game_record(game))))
    assert data["options"]["direct_hit"] is True
    assert replay_game(game_record_from_json(data)).result() == game.result()


def test_tampered_game_record_does_not_replay(
    singles: tuple[CrokinoleGame, dict[str, Any]],
) -> None:
    _, data = singles
    moved = copy.deepcopy(data)
    moved["rounds"][0]["shots"][3]["record"]["finals"][0]["x"] += 0.05
    with pytest.raises(InvalidInput, match="round 1 shot 4"):
        game_record_from_json(moved)
    rescored = copy.deepcopy(data)
    rescored["rounds"][1]["score"]["scores"][0] += 5
    with pytest.raises(InvalidInput, match="round 2: recorded score"):
        replay_game(game_record_from_json(rescored))
    reruled = copy.deepcopy(data)
    reruled["rounds"][0]["shots"][0]["ruling"]["valid"] = not reruled["rounds"][0]["shots"][0][
        "ruling"
    ]["valid"]
    with pytest.raises(InvalidInput, match="not the recorded ruling"):
        game_record_from_json(reruled)
    with pytest.raises(InvalidInput, match="format"):
        game_record_from_json({**data, "format": "pgn"})
    with pytest.raises(InvalidInput, match="unknown rule set"):
        game_record_from_json({**data, "rules": "snooker"})


def test_game_record_exports_to_cmn(singles: tuple[CrokinoleGame, dict[str, Any]]) -> None:
    game, data = singles
    cmn = to_cmn(game_record_from_json(data), number=1)
    parsed = parse_game(dump_game(cmn))
    assert parsed.game_score() == game.result()
    assert parsed.tag("Event") == "Test night" and parsed.tag("Rules") == "wcc"
    assert parsed.tag("Game") == "1" and parsed.tag("Side2") == "green"


def test_fair_game_record_exports_a_race_to_cmn() -> None:
    game = CrokinoleGame(referee("fair"), Seating.singles())
    play_game(game, seat_players(game.seating, [SimpleBot(seed=3), SimpleBot(seed=4)]))
    cmn = parse_game(dump_game(to_cmn(game_record(game))))
    assert cmn.tag("Scoring") == "fair"
    assert cmn.race_score() == game.result()
