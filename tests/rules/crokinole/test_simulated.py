"""Referee clauses on real simulated shots (physics produces the case)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from flickboard.errors import IllegalInPosition
from flickboard.physics import DiscState, EventKind, PlacedDisc, Shot, ShotRecord, simulate
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
