"""Game records: saved as JSON, replayed to the same result (CMN export:
test_crokinole_cmn)."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from flickboard.agents.simple import SimpleBot
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscFinal, DiscState, EventKind
from flickboard.play.clock import ShotBudget
from flickboard.play.crokinole import CrokinoleGame, CrokinoleMatch, Seating
from flickboard.play.crokinole_record import game_record, record_json, replay_game
from flickboard.play.driver import play_match
from flickboard.play.gamerecord import (
    PRECISION,
    VERSION,
    GameRecord,
    game_record_from_json,
    game_record_to_json,
)
from flickboard.play.shuffleboard_record import game_from_json, game_to_json
from flickboard.rules import referee
from flickboard.rules.hand import HandEvent, HandOutcome

V1_RECORD = Path(__file__).parent / "data" / "crokinole_record_v1.json"
"""A timed WCC singles game written by version 1 of the record format (indented JSON,
full floats, every final, events as objects)."""


def _bot_game(ref: Any, seating: Seating, shots: int | None = None, **kw: Any) -> CrokinoleGame:
    """A game of bots, timed at ``shots`` shots when given."""
    clock = None if shots is None else (lambda: ShotBudget(shots))
    match = CrokinoleMatch(ref, seating, clock=clock, **kw)
    play_match(match, [SimpleBot(seed=i) for i in range(seating.players)])
    return match.played[0]


def _played(rules: str = "wcc", seating: Seating | None = None, **kw: Any) -> CrokinoleGame:
    seating = seating or Seating.singles()
    return _bot_game(referee(rules, **kw), seating, 40 if rules == "nca" else None)


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
    moved_start = copy.deepcopy(data)
    shot = moved_start["rounds"][0]["shots"][0]["record"]["shot"]
    shot["x"], shot["y"] = -shot["x"], -shot["y"]  # from seat 2's quadrant, not red's
    with pytest.raises(InvalidInput, match="round 1 shot 1: a shot from seat 0 must start"):
        replay_game(game_record_from_json(moved_start))
    with pytest.raises(InvalidInput, match="format"):
        game_record_from_json({**data, "format": "pgn"})
    with pytest.raises(InvalidInput, match="unknown rule set"):
        game_record_from_json({**data, "rules": "snooker"})


def _floats(data: object) -> Iterator[float]:
    if isinstance(data, float):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _floats(item)
    elif isinstance(data, dict):
        for item in data.values():
            yield from _floats(item)


def test_game_record_rounds_every_shot_float_to_the_documented_precision(
    singles: tuple[CrokinoleGame, dict[str, Any]],
) -> None:
    _, data = singles
    assert data["version"] == VERSION == 3 and data["precision"] == PRECISION == 6
    floats = list(_floats(data["rounds"]))
    assert len(floats) > 1000
    assert all(round(v, 6) == v for v in floats)
    full = game_record_to_json(game_record_from_json(data), precisions=(None,))
    assert full["precision"] is None


def test_game_record_stores_the_board_once_and_events_as_arrays(
    singles: tuple[CrokinoleGame, dict[str, Any]],
) -> None:
    _, data = singles
    text = json.dumps(data)
    assert text.count('"peg_circle_radius"') == 1 and text.count('"hole_radius"') == 1
    shot = data["rounds"][0]["shots"][0]
    assert set(shot) == {"turn", "position", "record", "ruling"}
    event = shot["record"]["events"][0]
    assert isinstance(event, list) and len(event) == 7 and event[1] in set(EventKind)


def test_game_record_leaves_out_finals_of_unmoved_discs_and_loading_puts_them_back(
    singles: tuple[CrokinoleGame, dict[str, Any]],
) -> None:
    game, data = singles
    loaded = game_record_from_json(data)
    left_out = 0
    for shots, raw in zip(loaded.rounds, data["rounds"], strict=True):
        for entry, raw_shot in zip(shots, raw["shots"], strict=True):
            listed = {f["id"] for f in raw_shot["record"]["finals"]}
            for d in entry.position.layout.discs:
                if d.id not in listed:
                    left_out += 1
                    state = DiscState.LEANING if d.leaning else DiscState.ON_SURFACE
                    assert entry.record.final(d.id) == DiscFinal(d.id, d.x, d.y, state)
            assert {f.id for f in entry.record.finals} == {
                *(d.id for d in entry.position.layout.discs),
                entry.turn.disc,
            }
    assert left_out > 10
    assert replay_game(loaded).result() == game.result()


def test_game_record_version_1_still_loads_and_replays() -> None:
    data = json.loads(V1_RECORD.read_text(encoding="utf-8"))
    assert data["version"] == 1 and "precision" not in data
    assert isinstance(data["rounds"][0]["shots"][0]["record"]["events"][0], dict)
    record = game_record_from_json(data)
    game = replay_game(record)
    assert game.rounds[0].scores == tuple(data["rounds"][0]["score"]["scores"])
    again = record_json(record)
    assert again["version"] == 3
    assert replay_game(game_record_from_json(again)).result() == game.result()
    with pytest.raises(InvalidInput, match="version 4 is not 1 or 2 or 3"):
        game_record_from_json({**data, "version": 4})
    with pytest.raises(InvalidInput, match="precision"):
        game_record_from_json({**data, "precision": "fine"})


def _touching_pair(r: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Two touching disc centres that rounding to 1e-6 m would make overlap."""
    for k in range(200):
        a = (0.05 + 3.3e-7 * k, -0.05)
        theta = 2.0 + 0.013 * k
        b = (a[0] + 2 * r * math.cos(theta), a[1] + 2 * r * math.sin(theta))
        ra = (round(a[0], 6), round(a[1], 6))
        rb = (round(b[0], 6), round(b[1], 6))
        if math.dist(ra, rb) < 2 * r - 2e-7 and math.dist(a, b) >= 2 * r:
            return a, b
    pytest.fail("no pair found")


def test_game_record_falls_back_to_a_finer_precision_when_rounding_would_overlap_discs() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles())
    rnd = game.start_round()
    r = CrokinoleBoard.standard().disc.radius
    a, b = _touching_pair(r)
    start = rnd.position.layout.board.shooting_line_radius
    red = HandOutcome(0, (0.0, -start), (), (DiscFinal(0, *a, DiscState.ON_SURFACE),))
    assert rnd.play_hand(red).valid
    hit = (HandEvent(EventKind.DISC_CONTACT, 1, 0),)
    green = HandOutcome(
        1,
        (0.0, start),
        hit,
        (DiscFinal(0, *a, DiscState.ON_SURFACE), DiscFinal(1, *b, DiscState.ON_SURFACE)),
    )
    assert rnd.play_hand(green).valid
    record = GameRecord("crokinole", "wcc", (), (), (), (tuple(rnd.shots),), (None,), None)
    with pytest.raises(InvalidInput, match="overlap"):
        game_record_from_json(game_record_to_json(record, precisions=(6,)))
    data = game_record_to_json(record)
    assert data["precision"] == 9
    loaded = game_record_from_json(data)
    assert loaded.rounds[0][1].ruling.valid
    assert math.dist(
        *((d.x, d.y) for d in loaded.rounds[0][1].ruling.position_after.layout.discs)
    ) == pytest.approx(2 * r, abs=1e-8)


def test_shuffleboard_game_record_version_1_still_loads_and_rewrites_compact() -> None:
    path = Path(__file__).parent / "data" / "shuffleboard_record_v1.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["rounds"][0]["shots"][1]["calls"]
    game = game_from_json(data)
    assert len(game.frames) == 1
    assert data["rounds"][0]["score"] == dict(zip(("red", "green"), game.totals, strict=True))
    again = game_to_json(game, dict(data["tags"]))
    assert again["version"] == 3 and again["precision"] == PRECISION
    assert len(json.dumps(again)) < len(json.dumps(data))
    assert game_from_json(again).totals == game.totals


def _stopped_game() -> CrokinoleGame:
    """A WCC singles game stopped in round 2 after three shots (every shot a 20, by hand)."""
    game = CrokinoleGame(referee("wcc"), Seating.singles())
    line = CrokinoleBoard.standard().shooting_line_radius
    for shots in (16, 3):
        rnd = game.start_round()
        for _ in range(shots):
            turn = rnd.turn()
            start = (0.0, -line) if turn.seat == 0 else (0.0, line)
            drop = (HandEvent(EventKind.DROPPED, turn.disc),)
            end = DiscFinal(turn.disc, 0.0, 0.0, DiscState.IN_HOLE)
            rnd.play_hand(HandOutcome(turn.disc, start, drop, (end,)))
        if rnd.over:
            game.finish_round()
    return game


def test_stopped_game_record_keeps_the_current_rounds_shots_and_replays() -> None:
    game = _stopped_game()
    data = json.loads(json.dumps(record_json(game_record(game, {"Game": "1"}))))
    assert data["result"] is None
    assert [len(r["shots"]) for r in data["rounds"]] == [16, 3]
    assert data["rounds"][1]["score"] is None
    replayed = replay_game(game_record_from_json(data))
    assert replayed.rounds == game.rounds and not replayed.over
    assert replayed.current is not None and len(replayed.current.shots) == 3


def test_stopped_game_record_that_contradicts_itself_does_not_replay() -> None:
    data = record_json(game_record(_stopped_game()))
    early = copy.deepcopy(data)
    early["rounds"][0]["score"] = None
    with pytest.raises(InvalidInput, match="round 1 has no score, but only the last round"):
        replay_game(game_record_from_json(early))
    between_rounds = copy.deepcopy(data)
    between_rounds["rounds"] = between_rounds["rounds"][:1]
    assert not replay_game(game_record_from_json(between_rounds)).over
    whole = record_json(game_record(_played()))
    unscored = copy.deepcopy(whole)
    unscored["result"] = None
    with pytest.raises(InvalidInput, match="the game is over, but the record gives no result"):
        replay_game(game_record_from_json(unscored))
    last = copy.deepcopy(whole)
    last["result"] = None
    last["rounds"][-1]["score"] = None
    with pytest.raises(InvalidInput, match="round 4: the round is finished but has no score"):
        replay_game(game_record_from_json(last))


def test_fair_game_ended_by_time_records_it() -> None:
    match = CrokinoleMatch(referee("fair"), Seating.singles(), clock=lambda: ShotBudget(10))
    play_match(match, [SimpleBot(seed=1), SimpleBot(seed=2)])
    game = match.played[0]
    assert game.over and game.result().time_up
    data = record_json(game_record(game))
    assert data["result"]["time_up"] is True
    assert replay_game(game_record_from_json(data)).result() == game.result()
