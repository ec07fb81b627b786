"""The one match interface, for both games: turns, starts, the three ways to shoot, steps,
undo, results and records."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import GameOver, IllegalStart, InvalidInput, NothingToUndo, OutOfTurn
from flickboard.physics import DiscFinal, DiscState, EventKind, Layout, PlacedDisc, Shot
from flickboard.play.crokinole import CrokinoleMatch
from flickboard.play.kind import game_kind, new_match
from flickboard.play.match import Match
from flickboard.play.shuffleboard import ShuffleboardMatch
from flickboard.rules.base import Position, Turn
from flickboard.rules.hand import HandEvent, HandOutcome

GAMES = ("crokinole", "shuffleboard")


def _state(match: Match) -> str:
    return json.dumps(match.to_json(), sort_keys=True) + repr(match.choices())


@pytest.mark.parametrize("game", GAMES)
def test_the_usual_seat_shoots_and_any_other_seat_is_out_of_turn(game: str) -> None:
    match = new_match(game)
    (seat,) = match.choices()
    other = next(s for s in match.seats if s != seat)
    with pytest.raises(OutOfTurn, match=f"seat {other}|player {other + 1}"):
        match.play(match.aim(0.5, 0.0, 1.0), other)
    with pytest.raises(InvalidInput, match="not at this table"):
        match.turn(9)
    assert match.turn().seat == seat and match.view().turn == match.turn()


@pytest.mark.parametrize(
    ("game", "y", "why"),
    [("crokinole", 0.05, "touching the shooting line"), ("shuffleboard", 3.0, "foul line")],
)
def test_a_start_the_referee_refuses_is_an_illegal_start_and_changes_nothing(
    game: str, y: float, why: str
) -> None:
    match = new_match(game)
    before = _state(match)
    with pytest.raises(IllegalStart, match=why):
        match.play(Shot(0.0, y, 0.0, 1.0))
    assert _state(match) == before and match.actions == 0


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None)
@given(u=st.floats(-0.2, 1.2))
def test_the_start_line_allows_exactly_what_the_referee_allows(game: str, u: float) -> None:
    match = new_match(game, players=4) if game == "crokinole" else new_match(game)
    line = match.start_line()
    x, y = line.point(u)
    inside = 1e-6 < u < 1 - 1e-6
    outside = u < -1e-6 or u > 1 + 1e-6
    if inside:
        assert match.start_allowed(x, y)
    elif outside and game == "crokinole":
        assert not match.start_allowed(x, y)


def test_a_disc_on_the_shooting_line_takes_its_spot_out_of_the_start_line() -> None:
    kind = game_kind("crokinole")
    board = kind.board()
    r = board.shooting_line_radius
    position = Position.of(Layout(board, (PlacedDisc(0, 0.0, -r),)), {0: 1})
    referee = kind.referee("depot", outer_line_in_play=True)
    line = referee.start_line(position, Turn(0, 0, 1))
    gap = [s for s in line.allowed]
    assert len(gap) == 2 and line.contains(0.05) and not line.contains(line.param(0.0, -r))
    for edge in (gap[0][1] - 1e-4, gap[1][0] + 1e-4):
        assert referee.start_problem(position, Turn(0, 0, 1), *line.point(edge)) is None
    for edge in (gap[0][1] + 1e-4, gap[1][0] - 1e-4):
        assert "overlap disc 0" in str(
            referee.start_problem(position, Turn(0, 0, 1), *line.point(edge))
        )


@pytest.mark.parametrize("game", GAMES)
def test_aim_points_straight_in_from_the_middle_of_the_start_line(game: str) -> None:
    match = new_match(game)
    line = match.start_line()
    shot = match.aim(0.5, 0.0, 1.2)
    assert (shot.x, shot.y) == pytest.approx(line.point(0.5)) and shot.speed == 1.2
    assert shot.angle == pytest.approx(line.inward(0.5))
    assert match.aim(0.5, 0.1, 1.2).angle == pytest.approx(line.inward(0.5) - 0.1)


def test_a_shot_entered_by_hand_must_be_the_turns_disc() -> None:
    match = new_match("crokinole")
    r = match.kind.board().shooting_line_radius
    drop = (HandEvent(EventKind.DROPPED, 5),)
    with pytest.raises(InvalidInput, match="shooting disc of this turn is id 0, not 5"):
        match.play_hand(HandOutcome(5, (0.0, -r), drop, (DiscFinal(5, 0, 0, DiscState.IN_HOLE),)))
    step = match.play_hand(
        HandOutcome(
            0,
            (0.0, -r),
            ((HandEvent(EventKind.DROPPED, 0)),),
            (DiscFinal(0, 0, 0, DiscState.IN_HOLE),),
        )
    )
    assert step.ruling.twenties() == {0: 1} and "20" in str(step.ruling)


@pytest.mark.parametrize("game", GAMES)
def test_undo_restores_the_exact_state_and_refuses_when_there_is_nothing(game: str) -> None:
    match = new_match(game)
    with pytest.raises(NothingToUndo):
        match.undo()
    match.play(match.aim(0.5, 0.0, 1.1))
    before, view = _state(match), match.view()
    match.play(match.aim(0.3, 0.05, 1.3))
    match.undo()
    assert _state(match) == before and match.view() == view and match.actions == 1


def test_a_recorded_shot_plays_without_simulating_and_gives_the_same_ruling() -> None:
    first, second = new_match("crokinole"), new_match("crokinole")
    step = first.play(first.aim(0.5, 0.0, 1.0))
    again = second.play_record(step.entry.record)
    assert again.ruling == step.ruling and second.to_json() == first.to_json()


def test_a_crokinole_step_says_which_round_and_game_it_ended() -> None:
    match = new_match("crokinole", time_shots=2)
    match.play(match.aim(0.5, 0.0, 1.0))
    step = match.play(match.aim(0.5, 0.0, 1.0))
    # time is up after two shots: round 1 ends, rounds 2-4 score nothing, the game ends
    assert [r.number for r in step.rounds_ended] == [1, 2, 3, 4]
    assert step.rounds_ended[0].summary.startswith("Round 1: red 20 (1 x 20), green 20 (1 x 20)")
    assert [g.number for g in step.games_ended] == [1] and step.over and match.over
    assert (
        match.result().summary
        == "tied, level on points and 20s (1-1, 20s 1-1; a shoot-out decides, WCC)"
    )
    with pytest.raises(GameOver, match="the match is over"):
        match.play(Shot(0.0, -0.3, 1.57, 1.0))


def test_a_real_clock_game_cannot_be_taken_back() -> None:
    match = new_match("crokinole", time_seconds=600)
    match.play(match.aim(0.5, 0.0, 1.0))
    with pytest.raises(NothingToUndo, match="real clock"):
        match.undo()


def test_a_shuffleboard_frame_ends_in_a_step_and_the_winner_deals_next() -> None:
    match = new_match("shuffleboard", target=1)
    assert isinstance(match, ShuffleboardMatch)
    step = None
    for _ in range(8):
        step = match.play(match.aim(0.5 if match.turn().side == 0 else 0.2, 0.0, 1.5))
    assert step is not None and [r.number for r in step.rounds_ended] == [1]
    assert step.rounds_ended[0].summary == match.games[0].frames[0].count.explanation()


def test_a_delivery_called_out_of_order_is_played_by_the_other_player_at_the_end() -> None:
    match = new_match("shuffleboard")
    step = match.play(match.aim(0.5, 0.0, 1.4), 0, {"out_of_order": True})
    assert (step.entry.turn.seat, step.entry.turn.side) == (1, 1)
    assert step.entry.calls == (("out_of_order", True),) and "5(h)" in step.ruling.summary


def test_a_foul_called_is_undone_like_a_shot() -> None:
    match = new_match("shuffleboard")
    assert isinstance(match, ShuffleboardMatch)
    before = _state(match)
    penalty = match.call_foul("5b", 1)
    assert penalty.warning and match.actions == 1
    match.undo()
    assert _state(match) == before and match.games[0].penalties == []


def test_crokinole_takes_no_officials_calls() -> None:
    with pytest.raises(InvalidInput, match="no official's calls"):
        new_match("crokinole").play(Shot(0.0, -0.3, 1.57, 1.0), calls={"upside_down": True})


@pytest.mark.parametrize("game", GAMES)
def test_a_record_loads_into_a_match_that_plays_on_and_undoes(game: str) -> None:
    match = new_match(game)
    for _ in range(3):
        match.play(match.aim(0.5, 0.02, 1.2))
    again = game_kind(game).match_from_json(json.loads(json.dumps(match.to_json())))
    assert again.to_json() == match.to_json() and again.actions == 3
    again.undo()
    assert again.actions == 2


def test_a_crokinole_match_record_keeps_its_setup_and_says_when_it_stopped() -> None:
    match = new_match("crokinole", games=2, time_shots=4)
    assert isinstance(match, CrokinoleMatch)
    match.play(match.aim(0.5, 0.0, 1.0))
    data = match.to_json()
    assert data["setup"] == {"games": 2, "championship": False} and data["stopped"] is True
    assert data["games"][0]["setup"]["time_shots"] == 4
    again = game_kind("crokinole").match_from_json(data)
    assert isinstance(again, CrokinoleMatch) and again.games == 2


@pytest.mark.parametrize("game", GAMES)
def test_replay_plays_the_history_again_step_by_step_and_leaves_the_match_as_it_was(
    game: str,
) -> None:
    match = new_match(game)
    steps = [match.play(match.aim(0.5, 0.01 * k, 1.0 + 0.2 * k)) for k in range(3)]
    before = _state(match)
    assert [type(a).__name__ for a in match.history] == ["ShotAction"] * 3
    again = list(match.replay())
    assert [s.ruling for s in again] == [s.ruling for s in steps]  # type: ignore[attr-defined]
    assert _state(match) == before


@pytest.mark.parametrize(
    ("game", "line"), [("crokinole", "shooting line"), ("shuffleboard", "release line")]
)
@pytest.mark.parametrize("u", [2.0, -0.1, float("nan")])
def test_aim_refuses_a_point_off_its_line_at_once(game: str, line: str, u: float) -> None:
    match = new_match(game)
    before = _state(match)
    with pytest.raises(InvalidInput) as refused:
        match.aim(u, 0.0, 1.0)
    message = str(refused.value)
    assert f"off seat 0's {line}" in message and "\n" not in message
    assert _state(match) == before
    assert match.aim(1.0, 0.0, 1.0) is not None  # its ends are on it


@pytest.mark.parametrize("game", GAMES)
def test_match_view_step_and_ruling_say_the_essential_in_one_line(game: str) -> None:
    match = new_match(game)
    view = match.view()
    assert repr(view).startswith(f"<View {game} ") and "seat 0 (red) to shoot" in repr(view)
    step = match.play(match.aim(0.5, 0.0, 1.2))
    shown = {
        "match": repr(match),
        "view": repr(match.view()),
        "step": repr(step),
        "ruling": repr(step.ruling),
    }
    for name, text in shown.items():
        assert len(text) <= 120 and "\n" not in text, (name, text)
    assert shown["match"].startswith(f"<{type(match).__name__} ") and "seat" in shown["match"]
    assert "(green) to shoot" in shown["view"] and shown["match"].endswith("(green) to shoot>")
    assert shown["step"].startswith("<Step game 1 round 1, seat 0 disc 0: ")
    assert step.ruling.summary[:30] in shown["step"] and step.ruling.summary[:30] in shown["ruling"]
    assert shown["ruling"].startswith("<Ruling valid" if step.ruling.valid else "<Ruling not valid")
