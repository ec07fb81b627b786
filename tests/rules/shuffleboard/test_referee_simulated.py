"""The CSC referee on simulated deliveries (physics.simulate, shuffleboard defaults)."""

from __future__ import annotations

import math

import pytest

from flickboard.agents.shuffleboard_bot import draw_speed, three_zone_target
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import DiscState, EventKind, PhysicsParams, Shot, simulate
from flickboard.rules import Fate, Position, Turn
from flickboard.rules.shuffleboard import GREEN, RED, CSCReferee, count_frame, table_position

TABLE = ShuffleboardTable.csc()
PARAMS = PhysicsParams.shuffleboard()
CSC = CSCReferee(TABLE)
R = TABLE.disc.radius
START = 0.35
UP = math.pi / 2


def deliver(position: Position, side: int, shot: Shot) -> tuple[Fate, Position, object]:
    turn = Turn(0, side, position.layout.next_id())
    CSC.check_start(position, turn, shot.x, shot.y)
    record = simulate(position.layout, shot, shooter=turn.disc, params=PARAMS)
    ruling = CSC.rule(position, turn, record)
    return ruling.decision(turn.disc).fate, ruling.position_after, (ruling, record)


def test_csc_draw_at_the_documented_speed_ends_in_the_three_zone() -> None:
    speed = draw_speed(PARAMS, START, three_zone_target(TABLE))
    assert 1.2 < speed < 1.8  # a firm draw, as on a real waxed 14 ft board
    fate, after, _ = deliver(table_position(TABLE, []), RED, Shot(0.0, START, UP, speed))
    assert fate is Fate.IN_PLAY
    assert count_frame(TABLE, after).points == (3, 0)


@pytest.mark.parametrize("factor", [1.05, 1.5, 2.0])
def test_csc_hard_delivery_falls_off_the_end_into_the_gutter(factor: float) -> None:
    speed = factor * draw_speed(PARAMS, START, TABLE.length + R)
    fate, after, (ruling, record) = deliver(
        table_position(TABLE, []), RED, Shot(0.0, START, UP, speed)
    )
    assert record.final(0).state is DiscState.IN_GUTTER  # type: ignore[attr-defined]
    assert fate is Fate.OUT
    assert ruling.decision(0).clause == "csc/iv-gutter"  # type: ignore[attr-defined]
    assert after.layout.discs == ()


def test_csc_5n_weight_short_of_foul_line_is_dead() -> None:
    speed = draw_speed(PARAMS, START, TABLE.foul_line.y - 0.02)
    fate, after, (ruling, record) = deliver(
        table_position(TABLE, []), GREEN, Shot(0.0, START, UP, speed)
    )
    assert record.final(0).state is DiscState.ON_SURFACE  # type: ignore[attr-defined]
    assert fate is Fate.OUT
    assert ruling.decision(0).clause == "csc/5n"  # type: ignore[attr-defined]
    assert not ruling.valid  # type: ignore[attr-defined]
    assert after.layout.discs == ()


def test_csc_5n_weight_that_clears_the_foul_line_is_in_play_in_the_neutral_zone() -> None:
    speed = draw_speed(PARAMS, START, TABLE.foul_line.far + R + 0.02)
    fate, after, (_, record) = deliver(
        table_position(TABLE, []), GREEN, Shot(0.0, START, UP, speed)
    )
    assert any(
        e.kind is EventKind.LINE_CLEAR and e.other == 0 and e.side == 1
        for e in record.events  # type: ignore[attr-defined]
    )
    assert fate is Fate.IN_PLAY
    assert TABLE.zone_of(after.layout.discs[0].x, after.layout.discs[0].y) is Zone.NEUTRAL


def test_csc_4i_weights_moved_by_a_simulated_weight_short_of_the_foul_line_stay_where_they_ended() -> (
    None
):
    # Green lies just past the foul line; a slow red delivery nudges it and stops short.
    green_y = TABLE.foul_line.far + R + 0.005
    target = table_position(TABLE, [(GREEN, 0.0, green_y)])
    speed = draw_speed(PARAMS, START, green_y + 0.03)
    fate, after, (ruling, record) = deliver(target, RED, Shot(0.0, START, UP, speed))
    assert frozenset((0, 1)) in record.contacts()  # type: ignore[attr-defined]
    assert fate is Fate.OUT
    assert ruling.decision(1).clause == "csc/5n"  # type: ignore[attr-defined]
    moved = record.final(0)  # type: ignore[attr-defined]
    assert moved.y > green_y + 0.01  # the nudge moved green on
    kept = ruling.decision(0)  # type: ignore[attr-defined]
    assert kept.fate is Fate.IN_PLAY and kept.clause == "csc/4i-foul-line"
    assert [(d.x, d.y) for d in after.layout.discs] == [(moved.x, moved.y)]


def test_csc_5e_weight_knocked_off_by_a_properly_delivered_weight_stays_off() -> None:
    target = table_position(TABLE, [(GREEN, 0.0, three_zone_target(TABLE))])
    fate, after, (ruling, record) = deliver(target, RED, Shot(0.0, START, UP, 2.4))
    assert record.final(0).state is DiscState.IN_GUTTER  # type: ignore[attr-defined]
    assert ruling.decision(0).fate is Fate.OUT  # type: ignore[attr-defined]
    assert ruling.decision(0).clause == "csc/5e"  # type: ignore[attr-defined]
    assert fate is Fate.IN_PLAY  # the striker stays on, near where it struck
    assert [after.side_of(d.id) for d in after.layout.discs] == [RED]


def test_csc_side_gutter_weight_is_out_of_play() -> None:
    shot = Shot.towards(0.0, START, TABLE.width / 2 + 0.1, 3.0, 1.5)
    fate, _, (ruling, record) = deliver(table_position(TABLE, []), RED, shot)
    assert any(e.kind is EventKind.LEFT_SURFACE for e in record.events)  # type: ignore[attr-defined]
    assert fate is Fate.OUT
    assert ruling.decision(0).clause == "csc/iv-gutter"  # type: ignore[attr-defined]


def test_csc_4f_hanger_from_a_simulated_delivery_scores_four() -> None:
    # Find, by bisection on speed, a delivery that stops overhanging the far end.
    low = draw_speed(PARAMS, START, TABLE.length - 2 * R)
    high = draw_speed(PARAMS, START, TABLE.length + 2 * R)
    found = False
    for _ in range(60):
        mid = (low + high) / 2
        record = simulate(
            table_position(TABLE, []).layout, Shot(0.0, START, UP, mid), params=PARAMS
        )
        final = record.final(record.shooter)
        if final.state is DiscState.IN_GUTTER:
            high = mid
        elif final.y + R <= TABLE.length:
            low = mid
        else:
            found = True
            break
    assert found
    fate, after, _ = deliver(table_position(TABLE, []), GREEN, Shot(0.0, START, UP, mid))
    assert fate is Fate.IN_PLAY
    assert count_frame(TABLE, after).weights[0].zone is Zone.HANGER
    assert count_frame(TABLE, after).points == (0, 4)
