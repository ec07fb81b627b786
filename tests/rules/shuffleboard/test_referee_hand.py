"""The CSC referee on hand-entered outcomes: one test per clause."""

from __future__ import annotations

import math

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import DiscFinal, DiscState, Edge, Event, EventKind, ShotRecord
from flickboard.rules import Fate, Position, Ruling, Turn, known_rule_sets, referee
from flickboard.rules.hand import HandEvent, HandOutcome, judge
from flickboard.rules.shuffleboard import (
    GREEN,
    NO_CALLS,
    RED,
    Calls,
    CSCReferee,
    calls_from_json,
    calls_to_json,
    table_position,
)

TABLE = ShuffleboardTable.csc()
R = TABLE.disc.radius
CSC = CSCReferee(TABLE)
FOUL_FAR = TABLE.foul_line.far


def record(
    position: Position,
    shooter: int,
    events: list[tuple[EventKind, int, object, int]],
    finals: dict[int, tuple[float, float, DiscState]],
) -> ShotRecord:
    """A hand-entered record: events in order (kind, disc, other, side), then finals."""
    evs = tuple(
        Event(float(t), kind, disc, other, side=side)  # type: ignore[arg-type]
        for t, (kind, disc, other, side) in enumerate(events)
    )
    all_finals = {d.id: (d.x, d.y, DiscState.ON_SURFACE) for d in position.layout.discs}
    all_finals.update(finals)
    return ShotRecord(
        position.layout,
        None,
        shooter,
        evs,
        tuple(DiscFinal(i, x, y, s) for i, (x, y, s) in sorted(all_finals.items())),
        float(len(evs)),
    )


def outcome(
    position: Position,
    shooter: int,
    events: list[tuple[EventKind, int, object, int]],
    finals: dict[int, tuple[float, float, DiscState]],
) -> HandOutcome:
    """The same outcome as a person enters it (checked by the shared hand module)."""
    all_finals = {d.id: (d.x, d.y, DiscState.ON_SURFACE) for d in position.layout.discs}
    all_finals.update(finals)
    return HandOutcome(
        shooter,
        (0.0, 0.2),
        tuple(HandEvent(k, d, o, s) for k, d, o, s in events),  # type: ignore[arg-type]
        tuple(DiscFinal(i, x, y, st) for i, (x, y, st) in sorted(all_finals.items())),
    )


def rule(position: Position, turn: Turn, entered: HandOutcome, calls: Calls = NO_CALLS) -> Ruling:
    """Rule on a hand-entered outcome with the official's calls."""
    return judge(CSC.calling(calls), position, turn, entered)


CROSS = (EventKind.LINE_CLEAR, 2, 0, 1)
ON = DiscState.ON_SURFACE


def two_weights() -> Position:
    """Red at 3.9 m (one zone), green at 4.15 m (three zone)."""
    return table_position(TABLE, [(RED, 0.0, 3.9), (GREEN, 0.05, 4.15)])


def test_csc_rules_are_registered_by_name_and_alias() -> None:
    assert {"csc", "shuffleboard"} <= set(known_rule_sets())
    assert referee("shuffleboard").name == "csc"


def test_csc_proper_delivery_stays_in_play_and_explains_its_zone() -> None:
    pos = two_weights()
    rec = outcome(pos, 2, [CROSS, (EventKind.STOPPED, 2, None, 0)], {2: (-0.15, 4.0, ON)})
    ruling = rule(pos, Turn(0, RED, 2), rec)
    assert ruling.valid
    d = ruling.decision(2)
    assert d.fate is Fate.IN_PLAY and d.clause == "csc/4"
    assert "two zone" in d.reason
    assert len(ruling.position_after.layout.discs) == 3


def test_csc_5n_weight_short_of_foul_line_is_dead() -> None:
    pos = two_weights()
    rec = outcome(pos, 2, [(EventKind.STOPPED, 2, None, 0)], {2: (0.0, FOUL_FAR + R - 0.01, ON)})
    ruling = rule(pos, Turn(0, GREEN, 2), rec)
    assert not ruling.valid
    assert ruling.decision(2).fate is Fate.OUT
    assert ruling.decision(2).clause == "csc/5n"
    assert "foul line" in ruling.summary
    assert {d.id for d in ruling.position_after.layout.discs} == {0, 1}


def test_csc_4i_weights_moved_by_a_weight_short_of_the_foul_line_stay_where_they_ended() -> None:
    pos = table_position(TABLE, [(RED, 0.0, FOUL_FAR + R + 0.02)])
    moved_to = (0.0, FOUL_FAR + R + 0.30)
    rec = outcome(
        pos,
        1,
        [(EventKind.DISC_CONTACT, 1, 0, 0)],
        {1: (0.0, FOUL_FAR + R - 0.05, ON), 0: (*moved_to, ON)},
    )
    ruling = rule(pos, Turn(0, GREEN, 1), rec)
    assert ruling.decision(1).fate is Fate.OUT
    kept = ruling.decision(0)
    assert kept.fate is Fate.IN_PLAY
    assert (kept.x, kept.y) == moved_to
    assert kept.clause == "csc/4i-foul-line"


def test_csc_4i_weight_that_left_the_surface_and_came_back_is_dead_and_moved_weights_restored() -> (
    None
):
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [
            (EventKind.LEFT_SURFACE, 2, Edge.LEFT, 0),
            (EventKind.REENTERED, 2, Edge.LEFT, 0),
            CROSS,
            (EventKind.DISC_CONTACT, 2, 1, 0),
            (EventKind.LEFT_SURFACE, 1, Edge.FAR_END, 0),
        ],
        {2: (0.0, 4.1, ON), 1: (0.05, TABLE.length + 0.05, DiscState.IN_GUTTER)},
    )
    ruling = rule(pos, Turn(0, RED, 2), rec)
    assert not ruling.valid
    assert ruling.decision(2).fate is Fate.OUT
    assert ruling.decision(2).clause == "csc/4i-reentered"
    restored = ruling.decision(1)
    assert restored.fate is Fate.RESTORED
    assert (restored.x, restored.y) == (0.05, 4.15)
    assert ruling.decision(0).fate is Fate.IN_PLAY
    assert ruling.position_after.layout.disc(1).y == 4.15


def test_csc_4i_weights_moved_by_a_weight_in_play_that_came_back_on_are_replaced() -> None:
    # Red weight 0 is knocked off the side by the delivered weight 4 and comes back on:
    # it is dead (Part IV), and green 1, which it then strikes, and green 2, which green 1
    # strikes, are replaced where they were (4(i)). Red 3, moved by the properly
    # delivered weight only, stays where it ended.
    pos = table_position(
        TABLE,
        [(RED, 0.0, 3.6), (GREEN, 0.1, 4.15), (GREEN, 0.15, 3.95), (RED, -0.15, 3.3)],
    )
    rec = outcome(
        pos,
        4,
        [
            (EventKind.LINE_CLEAR, 4, 0, 1),
            (EventKind.DISC_CONTACT, 4, 3, 0),
            (EventKind.DISC_CONTACT, 4, 0, 0),
            (EventKind.LEFT_SURFACE, 0, Edge.LEFT, 0),
            (EventKind.REENTERED, 0, Edge.LEFT, 0),
            (EventKind.DISC_CONTACT, 0, 1, 0),
            (EventKind.DISC_CONTACT, 1, 2, 0),
        ],
        {
            4: (0.0, 3.55, ON),
            3: (-0.17, 3.5, ON),
            0: (-0.2, 3.9, ON),
            1: (0.1, 4.25, ON),
            2: (0.16, 4.05, ON),
        },
    )
    ruling = rule(pos, Turn(0, RED, 4), rec)
    assert ruling.valid
    assert ruling.decision(0).fate is Fate.OUT and ruling.decision(0).clause == "csc/iv-dead"
    for disc, where in ((1, (0.1, 4.15)), (2, (0.15, 3.95))):
        d = ruling.decision(disc)
        assert d.fate is Fate.RESTORED and d.clause == "csc/4i-reentered"
        assert (d.x, d.y) == where
    assert ruling.decision(3).fate is Fate.IN_PLAY
    assert (ruling.decision(3).x, ruling.decision(3).y) == (-0.17, 3.5)
    assert ruling.decision(4).fate is Fate.IN_PLAY
    after = ruling.position_after.layout
    assert {d.id: (d.x, d.y) for d in after.discs} == {
        4: (0.0, 3.55),
        3: (-0.17, 3.5),
        1: (0.1, 4.15),
        2: (0.15, 3.95),
    }


def test_csc_4i_dead_weight_delivered_upside_down_restores_moved_weights() -> None:
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [CROSS, (EventKind.DISC_CONTACT, 2, 0, 0)],
        {2: (0.0, 3.8, ON), 0: (0.0, 4.05, ON)},
    )
    ruling = rule(pos, Turn(0, GREEN, 2), rec, Calls(upside_down=True))
    assert not ruling.valid
    assert ruling.decision(2).fate is Fate.OUT
    assert ruling.decision(2).clause == "csc/4i-upside-down"
    assert ruling.decision(0).fate is Fate.RESTORED
    assert ruling.position_after.layout.disc(0).y == 3.9


def test_csc_5c_body_beyond_end_makes_the_weight_dead_without_warning() -> None:
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [CROSS, (EventKind.DISC_CONTACT, 2, 1, 0)],
        {2: (0.05, 4.1, ON), 1: (0.05, 4.23, ON)},
    )
    ruling = rule(pos, Turn(0, RED, 2), rec, Calls(body_over_end=True))
    assert not ruling.valid
    assert ruling.decision(2).clause == "csc/5c"
    assert ruling.decision(1).fate is Fate.RESTORED


def test_csc_5e_weight_knocked_off_by_a_properly_delivered_weight_stays_off() -> None:
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [CROSS, (EventKind.DISC_CONTACT, 2, 1, 0), (EventKind.LEFT_SURFACE, 1, Edge.FAR_END, 0)],
        {2: (0.05, 4.12, ON), 1: (0.05, TABLE.length + 0.04, DiscState.IN_GUTTER)},
    )
    ruling = rule(pos, Turn(0, RED, 2), rec)
    assert ruling.valid
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "csc/5e"
    assert 1 not in {d.id for d in ruling.position_after.layout.discs}


def test_csc_5e_weight_falling_for_any_other_reason_goes_back() -> None:
    pos = two_weights()
    # The green weight falls off the end without any contact (a vibration, say).
    rec = record(
        pos,
        2,
        [CROSS, (EventKind.LEFT_SURFACE, 1, Edge.FAR_END, 0)],
        {2: (-0.15, 3.7, ON), 1: (0.05, TABLE.length + 0.04, DiscState.IN_GUTTER)},
    )
    ruling = CSC.rule(pos, Turn(0, RED, 2), rec)
    assert ruling.decision(1).fate is Fate.RESTORED
    assert ruling.decision(1).clause == "csc/5e"
    assert ruling.position_after.layout.disc(1).y == 4.15


def test_csc_gutter_delivered_weight_is_out_of_play() -> None:
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [CROSS, (EventKind.LEFT_SURFACE, 2, Edge.RIGHT, 0), (EventKind.LANDED, 2, Edge.RIGHT, 0)],
        {2: (0.26, 3.0, DiscState.IN_GUTTER)},
    )
    ruling = rule(pos, Turn(0, GREEN, 2), rec)
    assert ruling.valid
    assert ruling.decision(2).fate is Fate.OUT
    assert ruling.decision(2).clause == "csc/iv-gutter"


def test_csc_5f_opponents_weight_delivered_by_accident_is_exchanged_without_penalty() -> None:
    pos = two_weights()
    rec = outcome(pos, 2, [CROSS], {2: (-0.15, 4.0, ON)})
    ruling = rule(pos, Turn(0, RED, 2), rec, Calls(opponent_weight=True))
    assert ruling.valid
    d = ruling.decision(2)
    assert d.fate is Fate.IN_PLAY and d.side == RED and d.clause == "csc/5f"
    assert "exchanged" in d.reason and "without penalty" in d.reason
    assert ruling.position_after.side_of(2) == RED


def test_csc_5g_weight_knocked_upside_down_is_set_right_where_it_lies() -> None:
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [CROSS, (EventKind.DISC_CONTACT, 2, 0, 0)],
        {2: (0.0, 3.85, ON), 0: (0.0, 4.0, ON)},
    )
    ruling = rule(pos, Turn(0, GREEN, 2), rec, Calls(knocked_upside_down=(0,)))
    d = ruling.decision(0)
    assert d.fate is Fate.IN_PLAY and d.clause == "csc/5g"
    assert (d.x, d.y) == (0.0, 4.0)
    assert "right side up" in d.reason


def test_csc_5g_a_weight_the_delivery_did_not_move_cannot_be_knocked_upside_down() -> None:
    pos = two_weights()
    rec = outcome(pos, 2, [CROSS], {2: (0.0, 3.5, ON)})
    with pytest.raises(IllegalInPosition, match="weight 1 did not move"):
        rule(pos, Turn(0, RED, 2), rec, Calls(knocked_upside_down=(1,)))


def test_csc_5g_weight_knocked_upside_down_off_and_back_goes_to_the_gutter() -> None:
    pos = two_weights()
    rec = outcome(
        pos,
        2,
        [
            CROSS,
            (EventKind.DISC_CONTACT, 2, 0, 0),
            (EventKind.LEFT_SURFACE, 0, Edge.LEFT, 0),
            (EventKind.REENTERED, 0, Edge.LEFT, 0),
        ],
        {2: (0.0, 3.85, ON), 0: (-0.2, 4.0, ON)},
    )
    ruling = rule(pos, Turn(0, GREEN, 2), rec, Calls(knocked_upside_down=(0,)))
    assert ruling.valid
    assert ruling.decision(0).fate is Fate.OUT
    assert ruling.decision(0).clause == "csc/5g"


def test_csc_hanger_is_named_in_the_ruling() -> None:
    pos = two_weights()
    rec = outcome(pos, 2, [CROSS], {2: (-0.15, TABLE.length - R + 0.005, ON)})
    assert "hanger" in rule(pos, Turn(0, RED, 2), rec).decision(2).reason


def test_csc_score_applies_the_leading_weight_rule() -> None:
    assert CSC.score(two_weights()) == {RED: 0, GREEN: 3}


def test_csc_delivery_must_start_short_of_the_foul_line() -> None:
    pos = two_weights()
    CSC.check_start(pos, Turn(0, RED, 2), 0.0, 0.2)
    with pytest.raises(IllegalInPosition, match="foul line"):
        CSC.check_start(pos, Turn(0, RED, 2), 0.0, TABLE.foul_line.y)
    with pytest.raises(IllegalInPosition, match="playing surface"):
        CSC.check_start(pos, Turn(0, RED, 2), 0.3, 0.2)


def test_csc_fifth_weight_of_a_colour_is_refused() -> None:
    pos = table_position(TABLE, [(RED, -0.18 + 0.12 * n, 3.0) for n in range(4)])
    with pytest.raises(IllegalInPosition, match="already has 4"):
        CSC.check_start(pos, Turn(0, RED, 4), 0.0, 0.2)


def test_csc_record_from_another_position_is_refused() -> None:
    rec = record(two_weights(), 2, [CROSS], {2: (0.0, 4.0, ON)})
    with pytest.raises(IllegalInPosition, match="different position"):
        CSC.rule(table_position(TABLE, []), Turn(0, RED, 2), rec)
    with pytest.raises(IllegalInPosition, match="record shows"):
        CSC.rule(two_weights(), Turn(0, RED, 3), rec)


def test_csc_calls_round_trip_through_json_and_refuse_bad_fields() -> None:
    calls = Calls(upside_down=True, knocked_upside_down=(3,))
    assert calls_from_json(calls_to_json(calls)) == calls
    calls = Calls(out_of_order=True, hanger_fell=0, body_vibration=True)
    assert calls_to_json(calls) == {"out_of_order": True, "body_vibration": True, "hanger_fell": 0}
    assert calls_from_json(calls_to_json(calls)) == calls
    assert calls_from_json(None) == NO_CALLS
    with pytest.raises(InvalidInput, match="unknown field"):
        calls_from_json({"sideways": True})
    with pytest.raises(InvalidInput, match="true or false"):
        calls_from_json({"upside_down": "yes"})


def test_csc_hand_entry_refuses_a_start_beyond_the_foul_line() -> None:
    pos = two_weights()
    entered = HandOutcome(2, (0.0, 3.0), (), (*outcome(pos, 2, [], {2: (0.0, 3.0, ON)}).finals,))
    with pytest.raises(IllegalInPosition, match="foul line"):
        rule(pos, Turn(0, RED, 2), entered)


def _fell_while_delivered_weight_took_its_place(
    delivered_at: tuple[float, float],
) -> tuple[Position, ShotRecord]:
    """Green falls off the far end with no contact while red's delivered weight, properly
    delivered, comes to rest at ``delivered_at``, on or over green's place."""
    pos = two_weights()
    return pos, record(
        pos,
        2,
        [CROSS, (EventKind.LEFT_SURFACE, 1, Edge.FAR_END, 0)],
        {2: (*delivered_at, ON), 1: (0.05, TABLE.length + 0.04, DiscState.IN_GUTTER)},
    )


def test_csc_5e_a_weight_put_back_on_a_covered_place_goes_as_near_as_it_fits() -> None:
    """Reading of 5(e) with 4(i): the weight that fell goes back, the weight covering
    its place stays, and the fallen one lies touching it, nearest its place."""
    pos, rec = _fell_while_delivered_weight_took_its_place((0.06, 4.15))
    ruling = CSC.rule(pos, Turn(0, RED, 2), rec)
    green = ruling.decision(1)
    assert green.fate is Fate.RESTORED and green.clause == "csc/5e"
    assert (green.x, green.y) == pytest.approx((0.06 - 2 * R, 4.15), abs=1e-12)
    assert "as near to it as it fits" in green.reason
    assert "covers its place" in green.reason
    after = ruling.position_after.layout
    assert math.hypot(after.disc(1).x - after.disc(2).x, after.disc(1).y - after.disc(2).y) == (
        pytest.approx(2 * R, abs=1e-12)
    )
    assert (after.disc(2).x, after.disc(2).y) == (0.06, 4.15)
    assert (after.disc(0).x, after.disc(0).y) == (0.0, 3.9)


def test_csc_5e_a_weight_put_back_on_an_uncovered_place_goes_exactly_there() -> None:
    pos, rec = _fell_while_delivered_weight_took_its_place((0.05 + 2 * R, 4.15))
    green = CSC.rule(pos, Turn(0, RED, 2), rec).decision(1)
    assert (green.x, green.y) == (0.05, 4.15)
    assert "as near" not in green.reason


def test_csc_5e_a_weight_put_back_stays_on_the_table_between_the_weights_in_its_way() -> None:
    """Its place against the side, covered: the nearest free point on the table,
    clear of both weights around it (not over the side, not on the other weight)."""
    half = TABLE.width / 2
    pos = table_position(TABLE, [(RED, half - R, 3.9), (GREEN, half, 4.15)])
    rec = record(
        pos,
        2,
        [CROSS, (EventKind.LEFT_SURFACE, 1, Edge.RIGHT, 0)],
        {2: (half - 0.005, 4.15, ON), 1: (half + 0.04, 4.15, DiscState.IN_GUTTER)},
    )
    after = CSC.rule(pos, Turn(0, RED, 2), rec).position_after.layout
    green = after.disc(1)
    assert abs(green.x) <= half and 0 <= green.y <= TABLE.length
    for other in (after.disc(0), after.disc(2)):
        assert math.hypot(green.x - other.x, green.y - other.y) >= 2 * R - 1e-9
