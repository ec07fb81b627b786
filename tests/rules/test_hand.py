"""Hand-entered outcomes: conversion to shot records and every contradiction refused."""

from __future__ import annotations

import json

import pytest

from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import DiscFinal, DiscState, Edge, EventKind, Layout, PlacedDisc
from flickboard.rules.hand import (
    HandEvent,
    HandOutcome,
    outcome_from_json,
    outcome_to_json,
    to_record,
)

BOARD = CrokinoleBoard.standard()
LAYOUT = Layout(BOARD, (PlacedDisc(1, 0.0, 0.15), PlacedDisc(2, 0.15, 0.0)))
START = (0.0, -BOARD.shooting_line_radius)
C = EventKind.DISC_CONTACT


def _finals(**moved: tuple[float, float, DiscState]) -> tuple[DiscFinal, ...]:
    ends = {1: (0.0, 0.15, DiscState.ON_SURFACE), 2: (0.15, 0.0, DiscState.ON_SURFACE)}
    ends[9] = (0.0, 0.1, DiscState.ON_SURFACE)
    ends.update({int(k[1:]): v for k, v in moved.items()})
    return tuple(DiscFinal(i, *v) for i, v in sorted(ends.items()))


def _outcome(events: list[HandEvent], finals: tuple[DiscFinal, ...]) -> HandOutcome:
    return HandOutcome(9, START, tuple(events), finals)


def test_hand_outcome_becomes_a_record_with_times_in_order() -> None:
    events = [HandEvent(C, 9, 1), HandEvent(EventKind.LEFT_SURFACE, 1, Edge.RIM)]
    record = to_record(LAYOUT, _outcome(events, _finals(d1=(0.0, 0.34, DiscState.IN_DITCH))))
    assert record.shot is None and record.shooter == 9
    assert [e.time for e in record.events] == [0.0, 1.0]
    assert record.final(1).state is DiscState.IN_DITCH
    assert record.contacts() == {frozenset((9, 1))}
    assert [d.id for d in record.layout_after().discs] == [2, 9]


@pytest.mark.parametrize("order", [(9, 1), (1, 9)])
def test_hand_outcome_may_have_a_moving_disc_strike_a_20_lying_in_the_hole(
    order: tuple[int, int],
) -> None:
    # the shooter sinks disc 1, then (still moving) strikes it where it lies in the hole
    events = [
        HandEvent(C, 9, 1),
        HandEvent(EventKind.DROPPED, 1),
        HandEvent(C, *order),
        HandEvent(EventKind.STOPPED, 9),
    ]
    finals = _finals(d1=(0.0, 0.001, DiscState.IN_HOLE), d9=(0.0, -0.05, DiscState.ON_SURFACE))
    record = to_record(LAYOUT, _outcome(events, finals))
    assert [e.kind for e in record.events] == [C, EventKind.DROPPED, C, EventKind.STOPPED]
    assert record.final(1).state is DiscState.IN_HOLE
    assert [d.id for d in record.layout_after().discs] == [2, 9]


@pytest.mark.parametrize(
    ("events", "finals", "message"),
    [
        ([HandEvent(C, 9, 7)], _finals(), "another known disc"),
        ([HandEvent(C, 8, 1)], _finals(), "not on the board"),
        (
            [HandEvent(C, 9, 1), HandEvent(EventKind.LEFT_SURFACE, 1, Edge.RIM)],
            _finals(),
            "never re-entered",
        ),
        (
            [HandEvent(C, 9, 1)],
            _finals(d1=(0.0, 0.34, DiscState.IN_DITCH)),
            "no event says it left",
        ),
        (
            [HandEvent(C, 9, 1), HandEvent(EventKind.DROPPED, 1)],
            _finals(d1=(0.0, 0.2, DiscState.ON_SURFACE)),
            "cannot end on_surface",
        ),
        ([HandEvent(C, 9, 1)], _finals(d1=(0.0, 0.0, DiscState.IN_HOLE)), "no 'dropped' event"),
        (
            [HandEvent(EventKind.DROPPED, 9), HandEvent(C, 9, 1)],
            _finals(d9=(0.0, 0.0, DiscState.IN_HOLE)),
            "already dropped",
        ),
        (
            [
                HandEvent(C, 9, 1),
                HandEvent(EventKind.DROPPED, 1),
                HandEvent(EventKind.STOPPED, 9),
                HandEvent(C, 9, 1),
            ],
            _finals(d1=(0.0, 0.001, DiscState.IN_HOLE), d9=(0.0, -0.05, DiscState.ON_SURFACE)),
            "only a disc moving on the surface can strike it, and disc 9 was not",
        ),
        ([], _finals(d2=(0.1, 0.1, DiscState.ON_SURFACE)), "nothing struck it"),
        ([HandEvent(C, 1, 2)], _finals(), "neither disc was moving"),
        ([HandEvent(EventKind.LINE_TOUCH, 1, 2)], _finals(), "before anything struck it"),
        ([HandEvent(C, 9, 1)], _finals(d1=(0.0, 0.1, DiscState.ON_SURFACE)), "overlap"),
        ([HandEvent(EventKind.LINE_TOUCH, 9, 5)], _finals(), "line must be an index"),
        (
            [HandEvent(EventKind.LEFT_SURFACE, 9, Edge.FAR_END)],
            _finals(d9=(0.0, 0.4, DiscState.IN_DITCH)),
            "edge must be one of rim",
        ),
        ([HandEvent(EventKind.REENTERED, 9, Edge.RIM)], _finals(), "never left the surface"),
        (
            [HandEvent(EventKind.DROPPED, 9)],
            _finals(d9=(0.1, 0.05, DiscState.IN_HOLE)),
            "ends in_hole at \\(0.1, 0.05\\), 111.8 mm from the centre, but the 20 hole",
        ),
        (
            [HandEvent(C, 9, 1), HandEvent(EventKind.LEFT_SURFACE, 1, Edge.RIM)],
            _finals(d1=(0.0, 0.05, DiscState.IN_DITCH)),
            "ends in_ditch at \\(0, 0.05\\), which is on the playing surface",
        ),
        ([HandEvent(EventKind.LINE_CLEAR, 9, 0, -1)], _finals(), "cannot clear line 0"),
        (
            [HandEvent(C, 9, 1), HandEvent(EventKind.LINE_TOUCH, 1, 2)],
            _finals(d1=(0.0, 0.2, DiscState.ON_SURFACE)),
            "touched line 2 and never cleared it",
        ),
    ],
)
def test_hand_outcome_that_contradicts_itself_is_refused(
    events: list[HandEvent], finals: tuple[DiscFinal, ...], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        to_record(LAYOUT, _outcome(events, finals))


def test_hand_outcome_with_missing_unknown_or_repeated_finals_is_refused() -> None:
    with pytest.raises(InvalidInput, match="missing for discs \\[2\\]"):
        to_record(LAYOUT, _outcome([], _finals()[::2]))
    extra = (*_finals(), DiscFinal(5, 0.2, 0.2, DiscState.ON_SURFACE))
    with pytest.raises(InvalidInput, match="unknown discs \\[5\\]"):
        to_record(LAYOUT, _outcome([], extra))
    with pytest.raises(InvalidInput, match="two final positions"):
        to_record(LAYOUT, _outcome([], (*_finals(), _finals()[0])))
    with pytest.raises(InvalidInput, match="already a disc"):
        to_record(LAYOUT, HandOutcome(1, START, (), _finals()))


def test_hand_outcome_on_a_shuffleboard_uses_its_edges_and_lines() -> None:
    table = ShuffleboardTable.csc()
    layout = Layout(table, (PlacedDisc(1, 0.0, 3.5),))
    outcome = HandOutcome(
        2,
        (0.0, 0.1),
        (
            HandEvent(C, 2, 1),
            HandEvent(EventKind.LEFT_SURFACE, 1, Edge.FAR_END),
            HandEvent(EventKind.LINE_CLEAR, 2, 3, 1),
        ),
        (DiscFinal(1, 0.0, 4.4, DiscState.IN_GUTTER), DiscFinal(2, 0.0, 4.0, DiscState.ON_SURFACE)),
    )
    record = to_record(layout, outcome)
    assert record.final(1).state is DiscState.IN_GUTTER
    with pytest.raises(InvalidInput, match="edge must be one of far_end"):
        to_record(
            layout,
            HandOutcome(
                2, (0.0, 0.1), (HandEvent(EventKind.LEFT_SURFACE, 2, Edge.RIM),), outcome.finals
            ),
        )


def test_hand_outcome_json_round_trip_and_errors() -> None:
    events = (HandEvent(C, 9, 1), HandEvent(EventKind.LEFT_SURFACE, 1, Edge.RIM))
    outcome = HandOutcome(9, START, events, _finals(d1=(0.0, 0.34, DiscState.IN_DITCH)))
    text = json.dumps(outcome_to_json(outcome))
    assert outcome_from_json(json.loads(text)) == outcome
    with pytest.raises(InvalidInput, match="kind must be one of"):
        outcome_from_json(
            {"shooter": 9, "start": [0, 0], "events": [{"kind": "bounce", "disc": 9}], "finals": []}
        )
    with pytest.raises(InvalidInput, match="start must be"):
        outcome_from_json({"shooter": 9, "start": "here", "finals": []})
    with pytest.raises(InvalidInput, match="unknown fields"):
        outcome_from_json({"shooter": 9, "start": [0, 0], "finals": [], "score": 3})
    with pytest.raises(InvalidInput, match="finite number"):
        outcome_from_json({"shooter": 9, "start": [0, 0], "finals": [{"id": 9, "x": "a", "y": 0}]})


HOLE = BOARD.hole_radius
LEANS = DiscState.LEANING
LEANED, STOPPED = EventKind.LEANED, EventKind.STOPPED


@pytest.mark.parametrize(
    ("events", "finals", "message"),
    [
        ([], _finals(d9=(0.0, HOLE, LEANS)), "disc 9 ends leaning but no 'leaned' event"),
        (
            [HandEvent(LEANED, 9)],
            _finals(d9=(0.0, HOLE, DiscState.ON_SURFACE)),
            "disc 9 leaned on the 20 hole's rim .its last event., so it cannot end on_surface",
        ),
        (
            [HandEvent(STOPPED, 9)],
            _finals(d9=(0.0, HOLE, LEANS)),
            "disc 9 stopped on the playing surface .its last event., so it cannot end leaning",
        ),
        (
            [HandEvent(C, 9, 1), HandEvent(LEANED, 1), HandEvent(STOPPED, 9)],
            _finals(d1=(0.0, 0.06, DiscState.ON_SURFACE)),
            "disc 1 leaned",
        ),
        (
            [HandEvent(LEANED, 9), HandEvent(EventKind.LINE_TOUCH, 9, 0)],
            _finals(d9=(0.0, HOLE, LEANS)),
            "disc 9 had leaned and nothing struck it since",
        ),
        (
            [HandEvent(EventKind.LANDED, 9, Edge.RIM)],
            _finals(d9=(0.0, 0.34, DiscState.IN_DITCH)),
            "cannot land off the surface before a 'left_surface' event",
        ),
        (
            [HandEvent(EventKind.LEFT_SURFACE, 9, Edge.RIM), HandEvent(LEANED, 9)],
            _finals(d9=(0.0, HOLE, LEANS)),
            "a disc off the playing surface cannot lean on the 20 hole",
        ),
        (
            [HandEvent(EventKind.LEFT_SURFACE, 9, Edge.RIM)],
            _finals(d9=(0.0, 0.34, DiscState.IN_GUTTER)),
            "disc 9 ends in_gutter, but a crokinole board has a ditch",
        ),
    ],
)
def test_hand_outcome_final_state_and_events_must_agree_both_ways(
    events: list[HandEvent], finals: tuple[DiscFinal, ...], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        to_record(LAYOUT, _outcome(events, finals))


def test_hand_outcome_leaning_disc_needs_its_leaned_event_and_may_be_struck_again() -> None:
    leaned = to_record(LAYOUT, _outcome([HandEvent(LEANED, 9)], _finals(d9=(0.0, HOLE, LEANS))))
    assert leaned.final(9).state is LEANS
    assert [e.kind for e in leaned.events] == [LEANED]
    events = [
        HandEvent(C, 9, 1),
        HandEvent(LEANED, 1),
        HandEvent(C, 9, 2),
        HandEvent(STOPPED, 9),
        HandEvent(C, 2, 1),
        HandEvent(STOPPED, 1),
    ]
    ends = _finals(d1=(0.0, 0.06, DiscState.ON_SURFACE), d2=(0.1, 0.0, DiscState.ON_SURFACE))
    moved_on = to_record(LAYOUT, _outcome(events, ends))
    assert moved_on.final(1).state is DiscState.ON_SURFACE
    with pytest.raises(InvalidInput, match="neither disc was moving"):
        to_record(LAYOUT, _outcome([*events[:4], HandEvent(C, 9, 1)], ends))


def test_hand_outcome_on_a_shuffleboard_has_no_hole_and_no_ditch() -> None:
    table = ShuffleboardTable.csc()
    layout = Layout(table, ())
    far = HandEvent(EventKind.LEFT_SURFACE, 2, Edge.FAR_END)
    with pytest.raises(InvalidInput, match="has no 20 hole"):
        to_record(
            layout,
            HandOutcome(
                2, (0.0, 0.1), (HandEvent(EventKind.DROPPED, 2),), (DiscFinal(2, 0, 2.0, LEANS),)
            ),
        )
    with pytest.raises(InvalidInput, match="ends in_ditch, but a shuffleboard has gutters"):
        to_record(
            layout, HandOutcome(2, (0.0, 0.1), (far,), (DiscFinal(2, 0, 4.4, DiscState.IN_DITCH),))
        )


def test_hand_outcome_line_events_follow_where_each_disc_lay() -> None:
    # disc 3 lies on the 10 line: struck, it clears it with no touch entered; the shooter
    # starts on the shooting line and clears it; a disc that left and came back on
    # crosses the shooting line inwards.
    ten = BOARD.rings[1].radius
    layout = Layout(BOARD, (PlacedDisc(3, 0.0, ten),))
    events = (
        HandEvent(EventKind.LINE_CLEAR, 9, 2, -1),
        HandEvent(C, 9, 3),
        HandEvent(EventKind.LINE_CLEAR, 3, 1, -1),
        HandEvent(EventKind.LINE_TOUCH, 9, 1),
        HandEvent(EventKind.LEFT_SURFACE, 9, Edge.RIM),
        HandEvent(EventKind.REENTERED, 9, Edge.RIM),
        HandEvent(EventKind.LINE_CLEAR, 9, 2, -1),
    )
    finals = (
        DiscFinal(3, 0.0, 0.12, DiscState.ON_SURFACE),
        DiscFinal(9, 0.2, 0.1, DiscState.ON_SURFACE),
    )
    record = to_record(layout, HandOutcome(9, START, events, finals))
    assert [e.kind for e in record.events].count(EventKind.LINE_CLEAR) == 3
    with pytest.raises(InvalidInput, match="disc 3 cannot clear line 2"):
        bad = (*events[:2], HandEvent(EventKind.LINE_CLEAR, 3, 2, 1))
        to_record(layout, HandOutcome(9, START, bad, finals))
