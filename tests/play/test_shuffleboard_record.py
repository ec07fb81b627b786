"""Shuffleboard game records: written, read back by replaying, and refused when wrong."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from flickboard.agents.shuffleboard_bot import ShuffleboardBot
from flickboard.errors import InvalidInput
from flickboard.physics import DiscFinal, DiscState, Edge, EventKind, Shot
from flickboard.play.gamerecord import PRECISION
from flickboard.play.kind import game_kind
from flickboard.play.shuffleboard import BestOfThree, GameRules, ShuffleboardGame
from flickboard.play.shuffleboard_record import (
    game_from_json,
    game_to_json,
    match_from_json,
    match_to_json,
)
from flickboard.rules.hand import HandEvent, HandOutcome
from flickboard.rules.shuffleboard import GREEN, RED, Calls


def mixed_game() -> ShuffleboardGame:
    """A short game with simulated and hand-entered deliveries, calls and fouls."""
    game = ShuffleboardGame(GameRules(target=4))
    bots = [ShuffleboardBot(seed=1), ShuffleboardBot(seed=2)]
    game.call_foul("5b", 1)
    for n in range(60):
        if game.over:
            break
        if n == 1:
            shooter = game.turn.disc
            finals = [
                DiscFinal(d.id, d.x, d.y, DiscState.ON_SURFACE) for d in game.position.layout.discs
            ]
            finals.append(DiscFinal(shooter, -0.15, 3.0, DiscState.ON_SURFACE))
            outcome = HandOutcome(
                shooter,
                (0.0, 0.3),
                (HandEvent(EventKind.LINE_CLEAR, shooter, 0, 1),),
                tuple(finals),
            )
            game.deliver_hand(outcome, Calls(opponent_weight=True))
        elif n == 2:
            game.deliver_shot(Shot(0.1, 0.35, math.pi / 2, 1.2), Calls(body_over_end=True))
        else:
            game.deliver_shot(bots[game.player].decide(game.view()))
        if n == 5:
            game.call_foul("5b", 1)
    return game


def arrive(
    game: ShuffleboardGame, x: float, y: float, start: tuple[float, float], hanger: int | None
) -> HandOutcome:
    """The next weight entered by hand: over the foul line to (x, y); ``hanger``, if
    given, ends in the far gutter (it fell as the weight reached it)."""
    shooter = game.turn.disc
    events = [HandEvent(EventKind.LINE_CLEAR, shooter, 0, 1)]
    finals = {d.id: (d.x, d.y, DiscState.ON_SURFACE) for d in game.position.layout.discs}
    finals[shooter] = (x, y, DiscState.ON_SURFACE)
    if hanger is not None:
        events.append(HandEvent(EventKind.DISC_CONTACT, shooter, hanger))
        events.append(HandEvent(EventKind.LEFT_SURFACE, hanger, Edge.FAR_END))
        finals[hanger] = (finals[hanger][0], 4.3, DiscState.IN_GUTTER)
    return HandOutcome(
        shooter,
        start,
        tuple(events),
        tuple(DiscFinal(i, *f) for i, f in sorted(finals.items())),
    )


def test_game_record_with_out_of_order_and_repeat_calls_replays_to_the_same_result() -> None:
    game = ShuffleboardGame(GameRules(target=5))
    hang = 4.267 - 0.029
    lanes = iter((-0.2, -0.14, -0.08, -0.02, 0.04, 0.1, 0.16, 0.2) * 2)
    for frame in range(2):
        game.deliver_hand(arrive(game, 0.0, hang, (0.0, 0.3), None))  # red's hanger
        start = (0.1, 0.3)
        game.deliver_hand(arrive(game, 0.1, 3.0, start, 0), Calls(hanger_fell=0))  # 5(i)
        game.deliver_hand(arrive(game, 0.1, 3.0, (0.12, 0.35), None))  # the repeat
        game.deliver_hand(arrive(game, next(lanes), 2.5, start, None), Calls(out_of_order=True))
        while game.frame == frame:
            game.deliver_hand(arrive(game, next(lanes), 2.4 + 0.01 * frame, start, None))
    assert game.over and game.totals == (8, 0)
    data = json.loads(json.dumps(game_to_json(game)))
    shots = data["rounds"][0]["shots"]
    assert len(shots) == 9  # eight weights and the one taken back
    assert shots[1]["calls"] == {"hanger_fell": 0}
    assert shots[3]["calls"] == {"out_of_order": True}
    assert shots[3]["turn"] == {"seat": 1, "side": 1, "disc": 2}
    assert [s["turn"]["side"] for s in shots] == [0, 1, 1, 1, 0, 1, 0, 1, 0]
    again = game_from_json(data)
    assert again.totals == game.totals and again.winner == game.winner
    assert [f.score for f in again.frames] == [f.score for f in game.frames]
    assert game_to_json(again) == data

    def uncalled(d: dict[str, Any]) -> None:
        shot = d["rounds"][0]["shots"][3]
        del shot["calls"]
        shot["ruling"]["summary"] = shot["ruling"]["summary"].split(" Green delivered")[0]

    for change, message in (
        (uncalled, "out of turn"),
        (lambda d: d["rounds"][0]["shots"][1].pop("calls"), "not the recorded ruling"),
        (lambda d: d["rounds"][0]["shots"][1]["calls"].update(hanger_fell=5), "not on the table"),
    ):
        broken = json.loads(json.dumps(data))
        change(broken)
        with pytest.raises(InvalidInput, match=message):
            game_from_json(broken)


def test_game_record_replays_to_the_same_frames_totals_and_penalties() -> None:
    game = mixed_game()
    data = json.loads(json.dumps(game_to_json(game, {"Player1": "Ada", "Player2": "Bo"})))
    assert data["game"] == "shuffleboard" and data["rules"] == "csc"
    assert data["tags"] == {"Player1": "Ada", "Player2": "Bo"}
    assert data["setup"] == {"players": 2, "target": 4, "first": "red"}
    assert data["result"]["fouls"][0] == {
        "frame": 1,
        "delivered": 0,
        "player": 2,
        "foul": "5b",
        "warning": True,
        "points": 0,
    }
    shots = data["rounds"][0]["shots"]
    assert shots[1]["record"]["shot"] is None  # entered by hand
    assert shots[1]["calls"] == {"opponent_weight": True}
    assert shots[2]["calls"] == {"body_over_end": True}
    again = game_from_json(data)
    assert again.totals == game.totals
    assert [f.score for f in again.frames] == [f.score for f in game.frames]
    assert [(p.foul, p.points) for p in again.penalties] == [
        (p.foul, p.points) for p in game.penalties
    ]
    assert again.winner == game.winner
    assert game_to_json(again, {"Player1": "Ada", "Player2": "Bo"}) == data


def test_game_record_of_a_frame_in_progress_replays() -> None:
    game = ShuffleboardGame()
    game.deliver_shot(Shot(0.0, 0.35, math.pi / 2, 1.5))
    game.call_foul("5l", 1)
    data = game_to_json(game)
    assert data["rounds"][0]["score"] is None
    again = game_from_json(data)
    assert len(again.deliveries) == 1 and again.penalties[0].foul == "5l"


def test_game_record_whose_totals_do_not_follow_from_its_log_is_refused() -> None:
    data = game_to_json(mixed_game())
    data["result"]["totals"] = {"red": 99, "green": 0}
    with pytest.raises(InvalidInput, match="replays to"):
        game_from_json(data)


def test_game_record_whose_calls_are_dropped_does_not_replay() -> None:
    data = game_to_json(mixed_game())
    del data["rounds"][0]["shots"][2]["calls"]  # the 5(c) dead weight
    with pytest.raises(InvalidInput, match="not the recorded ruling"):
        game_from_json(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "not a flickboard game record"),
        (lambda d: d.update(game="crokinole"), "is for shuffleboard"),
        (lambda d: d["setup"].update(players=3), "2 or 4 players"),
        (lambda d: d["result"].update(fouls={}), "fouls must be a list"),
        (lambda d: d["result"]["fouls"].append({"frame": 99, "delivered": 0}), "not at a point"),
        (lambda d: d["result"].update(fouls=[]), "after the game was won|does not replay"),
        (lambda d: d["rounds"][0].update(score={"red": 9, "green": 0}), "does not replay"),
    ],
)
def test_malformed_game_record_gets_a_clear_error(change: object, message: str) -> None:
    data = game_to_json(mixed_game())
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidInput, match=message):
        game_from_json(data)


def won_frame(game: ShuffleboardGame, side: int) -> None:
    """A frame entered by hand in which ``side`` leads with one weight in the three zone."""
    ys = {side: [4.19, 2.5, 2.62, 2.74], side ^ 1: [2.56, 2.68, 2.8, 2.92]}
    lanes = (-0.18, -0.06, 0.06, 0.18)
    for n in range(8):
        y = ys[game.turn.side].pop(0)
        game.deliver_hand(arrive(game, lanes[n % 4], y, (0.0, 0.3), None))


def fouled_match() -> BestOfThree:
    """Red, green, red win a game each; green's player is warned for 5(b) in game 1 and
    so loses two points for it in game 3 (the warning counts over the match)."""
    match = BestOfThree(GameRules(target=3), seed=7)
    for winner in (RED, GREEN, RED):
        game = match.next_game()
        if winner == RED:
            game.call_foul("5b", 1)
        won_frame(game, winner)
    return match


def test_csc_warnings_carry_over_in_a_best_of_three_match_record() -> None:
    match = fouled_match()
    penalties = [[(p.warning, p.points) for p in g.penalties] for g in match.games]
    assert penalties == [[(True, 0)], [], [(False, 2)]]
    tags = {"Player1": "Ada", "Player2": "Bo"}
    data = json.loads(json.dumps(match_to_json(match, tags)))
    assert data["format"] == "flickboard/shuffleboard-match" and data["tags"] == tags
    assert [g["setup"]["first"] for g in data["games"]] == ["red", "green", data["toss"]]
    carried = [{"player": 2, "foul": "5b", "count": 1}]
    assert [g["setup"].get("offences") for g in data["games"]] == [None, carried, carried]
    assert data["result"] == {"wins": {"red": 2, "green": 1}, "winner": "red"}
    again = match_from_json(data).series
    assert again is not None
    assert again.wins == (2, 1) and again.toss == match.toss
    assert [g.totals for g in again.games] == [g.totals for g in match.games]
    assert [[(p.warning, p.points) for p in g.penalties] for g in again.games] == penalties
    assert match_to_json(again, tags) == data
    # A game's record loads on its own too: it carries the offences called before it.
    alone = game_from_json(data["games"][2])
    assert alone.totals == match.games[2].totals == (3, -2)
    assert game_to_json(alone, {**tags, "Game": "3"}) == data["games"][2]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "not a shuffleboard match record"),
        (lambda d: d.update(version=2), "match record version 2 is not 1"),
        (lambda d: d["games"][2]["setup"].pop("offences"), "offences it carries"),
        (lambda d: d["games"][1]["setup"].update(first="red"), "game 2: red shoots first"),
        (lambda d: d["games"][1]["setup"].update(target=5), "game 2: it is set up for"),
        (lambda d: d.update(toss=None), "coin toss exactly when"),
        (lambda d: d["games"].append(d["games"][0]), "game 4: the match is over"),
        (lambda d: d["result"].update(winner="green"), "match result"),
    ],
)
def test_match_record_that_does_not_replay_gets_a_clear_error(change: object, message: str) -> None:
    data = json.loads(json.dumps(match_to_json(fouled_match())))
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidInput, match=message):
        match_from_json(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["result"].update(winner="green"), "names green the winner, but red wins"),
        (lambda d: d["result"].update(winner=None), "names None the winner, but red wins"),
        (lambda d: d["setup"].update(target=50), "names red the winner, but the replay is not"),
    ],
)
def test_game_record_whose_winner_does_not_replay_is_refused(change: object, message: str) -> None:
    data = game_to_json(mixed_game())
    assert data["result"]["winner"] == "red"
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidInput, match=message):
        game_from_json(data)


@pytest.mark.parametrize(
    ("index", "stated"),
    [(0, {"warning": False, "points": 7}), (1, {"warning": False, "points": 7}), (1, {})],
)
def test_game_record_whose_foul_penalty_does_not_replay_is_refused(
    index: int, stated: dict[str, Any]
) -> None:
    data = game_to_json(mixed_game())
    foul = data["result"]["fouls"][index]
    for key in ("warning", "points"):
        foul.pop(key)
    foul.update(stated)
    with pytest.raises(InvalidInput, match="foul 5b against player 2 is recorded as"):
        game_from_json(data)


def test_loaded_game_record_written_again_is_byte_identical() -> None:
    # Seeded bots whose take-outs move several weights at once, out of id order.
    game = ShuffleboardGame(GameRules(target=8))
    bots = [ShuffleboardBot(seed=3), ShuffleboardBot(seed=103)]
    while not game.over:
        game.deliver_shot(bots[game.turn.side].decide(game.view()))
    text = json.dumps(game_to_json(game), separators=(",", ":"))
    again = game_from_json(json.loads(text))
    assert json.dumps(game_to_json(again), separators=(",", ":")) == text


def test_a_weight_started_at_the_tables_edge_replays_from_its_record() -> None:
    """The start line ends where a weight's edge meets the table's; a start rounded to
    the record's precision may fall off the surface, so the writer checks the whole
    replay (starts included) and writes such a record more finely."""
    match = game_kind("shuffleboard").new_match(target=1)
    for u in (1.0, 0.0):
        line = match.start_line()
        x, y = line.point(u)
        match.play(Shot(x, y, line.inward(u), 2.0))
    record = match.to_json()
    assert record["precision"] != PRECISION
    loaded = game_kind("shuffleboard").match_from_json(record)
    assert [a.record.shot for a in loaded.history] == [a.record.shot for a in match.history]  # type: ignore[attr-defined]
