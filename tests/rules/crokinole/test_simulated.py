"""Referee clauses on real simulated shots (physics produces the case)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from flickboard.errors import IllegalInPosition
from flickboard.physics import (
    DiscState,
    EventKind,
    PhysicsParams,
    PlacedDisc,
    Shot,
    ShotRecord,
    simulate,
)
from flickboard.rules import Fate, Position, Ruling, Turn, referee

UP = math.pi / 2


def _shoot(
    kit: Any,
    discs: dict[int, tuple[int, float, float]],
    speed: float,
    rules: str = "wcc",
    **options: Any,
) -> tuple[ShotRecord, Ruling]:
    pos = kit.position(discs)
    shot = Shot(*kit.start, UP, speed)
    ref = referee(rules, **options)
    ref.check_start(pos, kit.red, shot.x, shot.y)
    record = simulate(pos.layout, shot, shooter=kit.red.disc)
    return record, ref.rule(pos, kit.red, record)


def test_sim_wcc_valid_shot_striking_an_opposing_disc_directly(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (1, 0.0, 0.15)}, 2.0)
    assert frozenset((100, 1)) in record.contacts()
    assert ruling.valid
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(100).fate is Fate.IN_PLAY


def test_sim_wcc_valid_shot_in_combination(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (0, 0.0, -0.15), 2: (1, 0.0, 0.12)}, 2.0)
    assert record.contacts() == {frozenset((100, 1)), frozenset((1, 2))}
    assert ruling.valid
    assert "a red disc struck a green disc" in ruling.summary


def test_sim_depot_direct_hit_refuses_the_combination_and_puts_the_green_disc_back(
    kit: Any,
) -> None:
    record, ruling = _shoot(
        kit, {1: (0, 0.0, -0.15), 2: (1, 0.0, 0.12)}, 2.0, "depot", direct_hit=True
    )
    assert record.final(2).state is DiscState.IN_DITCH
    assert not ruling.valid
    assert ruling.decision(2).fate is Fate.RESTORED
    assert ruling.position_after.layout.discs == (PlacedDisc(2, 0.0, 0.12),)


def test_sim_wcc_invalid_shot_removes_the_shooter_and_its_twenty(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (1, 0.2, 0.0)}, 1.0)
    assert record.final(100).state is DiscState.IN_HOLE
    assert not ruling.valid
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.twenties() == {}


def test_sim_wcc_open_twenty_and_short_shot_with_no_opposing_disc(kit: Any) -> None:
    _, twenty = _shoot(kit, {}, 1.0)
    assert twenty.valid and twenty.twenties() == {0: 1}
    record, short = _shoot(kit, {}, 0.6)
    assert record.final(100).state is DiscState.ON_SURFACE
    assert not short.valid and short.decision(100).fate is Fate.OUT


def test_sim_twenty_counts_for_its_owner_whoever_made_it(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (1, 0.0, -0.05)}, 0.9)
    assert record.final(1).state is DiscState.IN_HOLE
    assert ruling.valid and ruling.twenties() == {1: 1}


def _outer_line_record(kit: Any) -> tuple[Position, ShotRecord]:
    pos = kit.position({1: (1, 0.0, 0.2)})
    limit = kit.board.rings[2].inner - kit.board.disc.footprint_radius
    for k in range(60):
        record = simulate(pos.layout, Shot(*kit.start, UP, 1.2 + 0.01 * k), shooter=100)
        end = record.final(1)
        if end.state is DiscState.ON_SURFACE and math.hypot(end.x, end.y) >= limit:
            return pos, record
    pytest.fail("no simulated shot left the green disc on the outer line")


def test_sim_disc_touching_the_outer_line_goes_to_the_ditch(kit: Any) -> None:
    pos, record = _outer_line_record(kit)
    ruling = referee("wcc").rule(pos, kit.red, record)
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "wcc/outer-line"


def test_sim_depot_outer_line_in_play_keeps_the_disc_for_five(kit: Any) -> None:
    pos, record = _outer_line_record(kit)
    ref = referee("depot", outer_line_in_play=True)
    ruling = ref.rule(pos, kit.red, record)
    assert ruling.decision(1).fate is Fate.IN_PLAY
    assert ref.score(ruling.position_after)[1] == 5


def test_sim_damage_rule_reentered_disc_is_removed_and_its_damage_stays(kit: Any) -> None:
    for y, dx, speed in itertools.product((0.2, 0.25), (0.04, 0.06, 0.08, 0.1), (6.0, 7.0)):
        try:
            pos = kit.position({1: (1, 0.0, y), 2: (0, dx, y - 0.12)})
        except IllegalInPosition:
            continue
        record = simulate(pos.layout, Shot(*kit.start, UP, speed), shooter=100)
        back: set[int] = set()
        struck: tuple[int, int] | None = None
        for e in record.events:
            if e.kind is EventKind.REENTERED:
                back.add(e.disc)
            elif (
                e.kind is EventKind.DISC_CONTACT
                and isinstance(e.other, int)
                and back & {e.disc, e.other}
            ):
                struck = (e.disc, e.other)
        if struck is None:
            continue
        ruling = referee("wcc").rule(pos, Turn(0, 0, 100), record)
        culprit = struck[0] if struck[0] in back else struck[1]
        victim = struck[1] if culprit == struck[0] else struck[0]
        assert ruling.decision(culprit).fate is Fate.OUT
        assert ruling.decision(culprit).clause == "wcc/damage"
        end = record.final(victim)
        if end.state is DiscState.ON_SURFACE and victim not in back:
            moved = ruling.position_after.layout.disc(victim)
            assert (moved.x, moved.y) == (end.x, end.y)
        return
    pytest.fail("no simulated shot made a disc re-enter and strike another")


def _speed_to_travel(distance: float, arriving: float = 0.0) -> float:
    """Release speed of a straight, spinless shot that has ``arriving`` m/s left after
    ``distance`` m: stopping distance is v^2 / (2 mu g)."""
    params = PhysicsParams.crokinole()
    return math.sqrt(2 * params.friction * params.gravity * distance + arriving**2)


def _leaner(kit: Any) -> tuple[Position, ShotRecord]:
    """Red from seat 0, straight at the hole, stopping with its centre just outside the
    rim, inside the engine's leaner band."""
    band = PhysicsParams.crokinole().leaner_band
    pos = kit.position({})
    run = kit.board.shooting_line_radius - kit.board.hole_radius - band / 2
    shot = Shot(*kit.start, UP, _speed_to_travel(run))
    referee("wcc").check_start(pos, kit.red, shot.x, shot.y)
    return pos, simulate(pos.layout, shot, shooter=kit.red.disc)


@pytest.mark.parametrize("rules", ["wcc", "nca", "depot", "fair"])
def test_sim_a_leaner_stays_in_play_and_scores_15(kit: Any, rules: str) -> None:
    pos, record = _leaner(kit)
    assert record.final(100).state is DiscState.LEANING
    assert record.events[-1].kind is EventKind.LEANED
    ref = referee(rules)
    ruling = ref.rule(pos, kit.red, record)
    assert ruling.valid
    decision = ruling.decision(100)
    assert decision.fate is Fate.IN_PLAY and decision.leaning
    assert decision.clause == f"{rules}/leaner"
    assert ruling.position_after.layout.discs == (
        PlacedDisc(100, decision.x, decision.y, leaning=True),
    )
    assert ruling.twenties() == {}
    assert ref.score(ruling.position_after) == {0: 15}


def _partner_down_the_middle(kit: Any, before: Position) -> tuple[Turn, ShotRecord]:
    """Red's partner (doubles, seat 2) shoots down the middle from the far side, slow
    enough to drop at the hole's rim."""
    board = kit.board
    start = (0.0, board.shooting_line_radius)
    capture = PhysicsParams.crokinole().capture_speed
    speed = _speed_to_travel(start[1] - board.hole_radius, capture / 2)
    partner = Turn(2, 0, 101)
    shot = Shot(*start, -UP, speed)
    referee("wcc").check_start(before, partner, shot.x, shot.y)
    return partner, simulate(before.layout, shot, shooter=101)


def test_sim_20s_are_taken_off_after_each_turn_and_the_discs_in_play_stay(kit: Any) -> None:
    ref = referee("wcc")
    before = kit.position({100: (0, 0.05, 0.0)})
    partner, record = _partner_down_the_middle(kit, before)
    assert record.final(101).state is DiscState.IN_HOLE and not record.contacts()
    ruling = ref.rule(before, partner, record)
    assert ruling.valid and ruling.decision(101).fate is Fate.TWENTY
    assert ruling.twenties() == {0: 1}
    after = ruling.position_after
    assert after.layout.discs == (PlacedDisc(100, 0.05, 0.0),)
    assert ref.score(after) == {0: 15}


def test_sim_wcc_a_disc_that_cannot_lie_flat_beside_a_leaner_is_not_a_20(kit: Any) -> None:
    # WCC scoring: "The value of a disc flat in the centre hole is 20" (NCA: "completely
    # in the center hole and lying flat"). A leaner already covers part of the hole, so
    # a disc falling in beside it cannot lie flat: it tilts against the rim, a leaner.
    _, first = _leaner(kit)
    ref = referee("wcc")
    leaning = ref.rule(kit.position({}), kit.red, first).position_after
    partner, record = _partner_down_the_middle(kit, leaning)
    assert record.final(101).state is DiscState.LEANING and not record.contacts()
    assert record.events[-1].kind is EventKind.LEANED
    ruling = ref.rule(leaning, partner, record)
    assert ruling.valid
    assert ruling.decision(101).fate is Fate.IN_PLAY and ruling.decision(101).leaning
    assert ruling.twenties() == {}
    after = ruling.position_after
    assert [(d.id, d.leaning) for d in after.layout.discs] == [(100, True), (101, True)]
    assert ref.score(after) == {0: 30}


def test_sim_a_disc_caught_by_a_full_hole_is_a_leaner_that_stays_in_play() -> None:
    # A shot the planner found (stored with the physics fixtures): red's shooter drops for
    # a 20, then green disc 8 comes to rest over the full hole and tilts against its rim.
    import json
    from pathlib import Path

    from flickboard.physics import simulate
    from flickboard.physics.serialize import layout_from_dict, shot_from_dict

    fixture = Path(__file__).parents[2] / "physics" / "fixtures" / "full_hole_leaner.json"
    data = json.loads(fixture.read_text())
    layout = layout_from_dict(data["layout"])
    position = Position.of(layout, {int(k): v for k, v in data["owners"].items()})
    record = simulate(layout, shot_from_dict(data["shot"]), shooter=data["shooter"])
    ruling = referee("wcc").rule(position, Turn(0, 0, data["shooter"]), record)
    assert ruling.valid
    assert ruling.decision(data["shooter"]).fate is Fate.TWENTY
    leaner = ruling.decision(8)
    assert leaner.fate is Fate.IN_PLAY and leaner.leaning
    assert referee("wcc").score(ruling.position_after)[1] >= 15


def test_sim_wcc_disc_that_leaves_the_perimeter_is_out_of_bounds(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (1, 0.0, 0.15)}, 2.0)
    assert any(e.kind is EventKind.LEFT_SURFACE and e.disc == 1 for e in record.events)
    assert record.final(1).state is DiscState.IN_DITCH
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "wcc/out-of-bounds"


def test_sim_wcc_play_to_the_middle_by_a_disc_the_shooter_struck(kit: Any) -> None:
    # no opposing disc: red bumps its own disc towards the middle; the shooter stops in
    # the 10 region, the disc it struck inside the 15 line, so the shot is valid
    record, ruling = _shoot(kit, {1: (0, 0.0, -0.15)}, 0.8)
    fifteen = kit.board.rings[0].outer + kit.board.disc.footprint_radius
    assert record.contacts() == {frozenset((100, 1))}
    assert math.hypot(record.final(100).x, record.final(100).y) > fifteen
    assert math.hypot(record.final(1).x, record.final(1).y) < fifteen
    assert ruling.valid
    assert ruling.decision(100).fate is Fate.IN_PLAY
    # harder, the struck disc goes through the 15 circle and out again: both come off
    record, blown = _shoot(kit, {1: (0, 0.0, -0.15)}, 1.2)
    assert not blown.valid
    assert {d.disc: d.fate for d in blown.decisions} == {100: Fate.OUT, 1: Fate.OUT}


def test_sim_depot_7a_direct_hit_accepts_a_direct_hit(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (1, 0.0, 0.15)}, 2.0, "depot", direct_hit=True)
    first = next(e for e in record.events if e.kind is EventKind.DISC_CONTACT)
    assert {first.disc, first.other} == {100, 1}
    assert ruling.valid
    assert "hit a green disc directly" in ruling.summary


def test_sim_fair_invalid_shot_when_the_opposing_disc_is_missed(kit: Any) -> None:
    record, ruling = _shoot(kit, {1: (1, 0.2, 0.0)}, 0.8, "fair")
    assert not record.contacts()
    assert not ruling.valid
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.position_after.layout.discs == (PlacedDisc(1, 0.2, 0.0),)


def test_sim_wcc_a_twenty_stays_in_the_hole_until_the_turn_ends_and_a_disc_striking_it_stays(
    kit: Any,
) -> None:
    # WCC "After each turn 20's sunk will be removed": during the shot the 20 lies in
    # the hole, 3.2 mm proud of the surface. Red's shooter strikes green disc 1 onto a
    # peg and drops; disc 1 comes back off the peg and strikes the 20 where it lies.
    # The 20 counts; disc 1 stays in play where it stopped, clear of the hole.
    pos = kit.position({1: (1, -0.0522, -0.0022)})
    shot = Shot(0.0747, -0.2955, -2.7774 - math.pi / 2, 1.59)
    ref = referee("wcc")
    ref.check_start(pos, kit.red, shot.x, shot.y)
    record = simulate(pos.layout, shot, shooter=kit.red.disc)
    contacts = [(e.disc, e.other) for e in record.events if e.kind is EventKind.DISC_CONTACT]
    assert contacts == [(100, 1), (1, 100)]
    assert record.final(100).state is DiscState.IN_HOLE
    ruling = ref.rule(pos, kit.red, record)
    assert ruling.valid
    assert ruling.decision(100).fate is Fate.TWENTY
    assert ruling.twenties() == {0: 1}
    one = ruling.decision(1)
    assert one.fate is Fate.IN_PLAY
    gap = math.hypot(one.x - record.final(100).x, one.y - record.final(100).y)
    assert gap >= 2 * kit.board.disc.radius - 1e-9
    assert [d.id for d in ruling.position_after.layout.discs] == [1]
    # the same outcome entered by hand is ruled the same way
    hand = kit.outcome(
        pos,
        100,
        [
            (EventKind.DISC_CONTACT, 100, 1),
            (EventKind.PEG_CONTACT, 1, 3),
            (EventKind.DROPPED, 100),
            (EventKind.DISC_CONTACT, 1, 100),
            (EventKind.STOPPED, 1),
        ],
        {100: (record.final(100).x, record.final(100).y, DiscState.IN_HOLE), 1: (one.x, one.y)},
    )
    from flickboard.rules.hand import judge

    by_hand = judge(ref, pos, kit.red, hand)
    assert [(d.disc, d.fate) for d in by_hand.decisions] == [
        (d.disc, d.fate) for d in ruling.decisions
    ]
