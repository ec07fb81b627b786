"""simulate(): exact motion, board features, validation, determinism."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from flickboard.bench.physics import scene_layout
from flickboard.errors import IllegalInPosition, InvalidInput, PhysicsError
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable, Zone
from flickboard.physics import (
    DiscFinal,
    DiscState,
    Edge,
    EventKind,
    Layout,
    PhysicsParams,
    PlacedDisc,
    Shot,
    simulate,
)
from flickboard.physics.codes import B_DEPTH, S_UNFINISHED, board_array
from flickboard.physics.engine import params_rows, raise_for_status, shot_array
from flickboard.physics.kernel import run_shot
from flickboard.physics.shot import MIN_SPEED

from .conftest import BOARD, assert_no_overlap_at_rest, full_hole_leaner

UP = math.pi / 2
DOWN = -math.pi / 2


def kinds(record: object, disc: int) -> list[EventKind]:
    return [e.kind for e in record.events_of(disc)]  # type: ignore[attr-defined]


# --- motion ---------------------------------------------------------------------------


@pytest.mark.parametrize("speed", [0.3, 0.8, 1.1])
@pytest.mark.parametrize("angle", [0.1, 2.0, 4.0])
def test_stopping_distance_is_v_squared_over_two_mu_g(
    board: CrokinoleBoard, speed: float, angle: float
) -> None:
    params = PhysicsParams.crokinole()
    # a path 6 cm wide of the hole, clear of the pegs
    x0 = -0.2 * math.cos(angle) - 0.06 * math.sin(angle)
    y0 = -0.2 * math.sin(angle) + 0.06 * math.cos(angle)
    shot = Shot(x0, y0, angle, speed)
    record = simulate(Layout(replace(board, peg_count=0)), shot)
    final = record.final(record.shooter)
    expected = speed**2 / (2 * params.friction * params.gravity)
    assert math.hypot(final.x - x0, final.y - y0) == pytest.approx(expected, abs=1e-9)
    assert params.travel_at_speed(speed) == pytest.approx(expected, abs=1e-12)
    assert params.speed_to_travel(params.travel_at_speed(speed)) == pytest.approx(speed)
    assert record.duration == pytest.approx(speed / (params.friction * params.gravity), abs=1e-12)
    assert kinds(record, record.shooter)[-1] is EventKind.STOPPED


def test_same_inputs_give_the_same_record_bit_for_bit(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 29, seed=3)
    shot = Shot(0.0, -board.shooting_line_radius, UP + 0.05, 2.5, spin=20.0)
    assert simulate(layout, shot) == simulate(layout, shot)


def test_events_are_in_time_order_and_every_disc_has_one_final(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 29, seed=5)
    record = simulate(layout, Shot(0.05, -board.shooting_line_radius, UP, 3.0, spin=-15.0))
    times = [e.time for e in record.events]
    assert times == sorted(times)
    assert sorted(f.id for f in record.finals) == sorted([*range(29), record.shooter])
    assert_no_overlap_at_rest(record)


def test_a_head_on_hit_passes_momentum_by_restitution(board: CrokinoleBoard) -> None:
    params = PhysicsParams.crokinole()
    layout = Layout(board, (PlacedDisc(0, -0.15, -0.15),))
    record = simulate(layout, Shot(-0.25, -0.15, 0.0, 1.0))
    contact = next(e for e in record.events if e.kind is EventKind.DISC_CONTACT)
    assert contact.other == 0
    travelled = 0.1 - 2 * board.disc.radius
    a = params.friction * params.gravity
    v_hit = math.sqrt(1.0 - 2 * a * travelled)
    e = params.disc_restitution
    struck = record.final(0)
    shooter = record.final(record.shooter)
    assert struck.x - (-0.15) == pytest.approx((v_hit * (1 + e) / 2) ** 2 / (2 * a), rel=1e-9)
    assert shooter.x - contact.x == pytest.approx((v_hit * (1 - e) / 2) ** 2 / (2 * a), rel=1e-9)
    assert struck.y == pytest.approx(-0.15, abs=1e-12)


def test_mirrored_layout_and_shot_give_a_mirrored_result(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 12, seed=11)
    shot = Shot(-0.05, -board.shooting_line_radius, UP + 0.2, 2.2, spin=30.0)
    mirrored = Layout(board, tuple(PlacedDisc(d.id, -d.x, d.y) for d in layout.discs))
    # the board's pegs are symmetric about the y axis; so is the hole
    mirrored_shot = Shot(-shot.x, shot.y, math.pi - shot.angle, shot.speed, -shot.spin)
    a = simulate(layout, shot)
    b = simulate(mirrored, mirrored_shot)
    assert [(e.kind, e.disc, e.other) for e in a.events] == [
        (e.kind, e.disc, e.other) for e in b.events
    ]
    for fa, fb in zip(a.finals, b.finals, strict=True):
        assert fa.state is fb.state
        assert fb.x == pytest.approx(-fa.x, abs=1e-9)
        assert fb.y == pytest.approx(fa.y, abs=1e-9)


def test_spin_changes_the_throw_of_a_cut_but_not_a_lone_path(board: CrokinoleBoard) -> None:
    lone = [simulate(Layout(board), Shot(0.0, -0.3, 0.3, 0.9, spin=w)) for w in (0.0, 50.0)]
    assert lone[0].finals == lone[1].finals
    layout = Layout(board, (PlacedDisc(0, 0.03, -0.15),))
    cut = [simulate(layout, Shot(0.0, -0.3, UP, 1.2, spin=w)).final(0) for w in (0.0, -80.0)]
    assert cut[0].x != pytest.approx(cut[1].x, abs=1e-4)


def test_a_disc_resting_against_another_is_pushed_not_overlapped(board: CrokinoleBoard) -> None:
    r = board.disc.radius
    layout = Layout(board, (PlacedDisc(0, 0.0, -0.15), PlacedDisc(1, 0.0, -0.15 + 2 * r)))
    record = simulate(layout, Shot(0.0, -0.3, UP, 1.5))
    assert {frozenset((record.shooter, 0)), frozenset((0, 1))} <= record.contacts()
    assert_no_overlap_at_rest(record)


def test_simultaneous_contacts_resolve_one_at_a_time(board: CrokinoleBoard) -> None:
    r = board.disc.radius
    x = r * math.sqrt(2)  # both discs met at the same instant, 45 degrees either side
    layout = Layout(board, (PlacedDisc(0, -x, -0.18), PlacedDisc(1, x, -0.18)))
    record = simulate(layout, Shot(0.0, -0.3, UP, 1.5))
    hits = [e for e in record.events if e.kind is EventKind.DISC_CONTACT]
    assert [e.other for e in hits[:2]] == [0, 1]
    assert hits[0].time == hits[1].time
    assert record.final(0).x < -x < x < record.final(1).x
    assert_no_overlap_at_rest(record)


# --- crokinole features ------------------------------------------------------------


def shot_to_stop_at(board: CrokinoleBoard, distance: float, start: float = -0.3) -> Shot:
    params = PhysicsParams.crokinole()
    return Shot(0.0, start, UP, math.sqrt(2 * params.friction * params.gravity * distance))


def test_slow_disc_over_the_hole_drops_at_capture_speed(board: CrokinoleBoard) -> None:
    params = PhysicsParams.crokinole()
    a = params.friction * params.gravity
    shot = shot_to_stop_at(board, 0.375)
    record = simulate(Layout(board), shot)
    assert record.final(record.shooter).state is DiscState.IN_HOLE
    drop = [e for e in record.events if e.kind is EventKind.DROPPED]
    assert len(drop) == 1
    assert shot.speed - a * drop[0].time == pytest.approx(params.capture_speed, abs=1e-9)
    # by then it was over the hole; it lies on the bottom nearest to where it fell
    y_then = -0.3 + shot.speed * drop[0].time - a * drop[0].time ** 2 / 2
    play = board.hole_radius - board.disc.radius
    assert play < -y_then < board.hole_radius
    assert (drop[0].x, drop[0].y) == pytest.approx((0.0, -play), abs=1e-12)


def test_slow_disc_reaching_the_hole_drops_at_once(board: CrokinoleBoard) -> None:
    params = PhysicsParams.crokinole()
    shot = shot_to_stop_at(board, 0.3)
    record = simulate(Layout(board), shot)
    drop = next(e for e in record.events if e.kind is EventKind.DROPPED)
    # it falls in the instant it reaches the rim ...
    a = params.friction * params.gravity
    rim = 0.3 - board.hole_radius
    assert drop.time == pytest.approx((shot.speed - math.sqrt(shot.speed**2 - 2 * a * rim)) / a)
    # ... and lies on the bottom at the nearest place it fits (event and final alike)
    final = record.final(record.shooter)
    play = board.hole_radius - board.disc.radius
    assert final.state is DiscState.IN_HOLE
    assert (final.x, final.y) == pytest.approx((0.0, -play), abs=1e-12)
    assert (drop.x, drop.y) == (final.x, final.y)


# --- a disc lying in the hole ----------------------------------------------------------

# Found by search: the shooter drives disc 0 into the hole, caroms off peg 4 and comes
# back slowly over the hole.
SINK_AND_RETURN = (
    Layout(BOARD, (PlacedDisc(0, -0.0093, -0.0326),)),
    Shot(0.0, -0.3, 1.4695, 1.538),
)


def deep_hole(board: CrokinoleBoard) -> CrokinoleBoard:
    """The board with a hole deeper than a disc is thick: a 20 lies below the surface."""
    return replace(board, hole_depth=board.disc.thickness + 0.002)


def test_a_disc_sliding_back_over_the_hole_strikes_the_disc_lying_in_it(
    board: CrokinoleBoard,
) -> None:
    layout, shot = SINK_AND_RETURN
    record = simulate(layout, shot)
    shooter, r = record.shooter, board.disc.radius
    sunk = record.final(0)
    assert sunk.state is DiscState.IN_HOLE
    assert math.hypot(sunk.x, sunk.y) <= board.hole_radius - r + 1e-12
    dropped = next(e for e in record.events if e.kind is EventKind.DROPPED)
    hit = [e for e in record.events if e.kind is EventKind.DISC_CONTACT and e.time > dropped.time]
    assert [(e.disc, e.other) for e in hit] == [(shooter, 0)]
    # rim to rim with the disc where it lies, then back out: it never crosses the hole
    assert math.hypot(hit[0].x - sunk.x, hit[0].y - sunk.y) == pytest.approx(2 * r, abs=1e-9)
    final = record.final(shooter)
    assert final.state is DiscState.ON_SURFACE
    assert math.hypot(final.x - sunk.x, final.y - sunk.y) >= 2 * r - 1e-9
    assert kinds(record, shooter)[-1] is EventKind.STOPPED


def test_a_disc_lying_in_the_hole_is_struck_like_a_fixed_body(board: CrokinoleBoard) -> None:
    from flickboard.physics.kernel import C_SUNK
    from flickboard.physics.trajectory import state_log

    from .conftest import fixed_contacts

    layout, shot = SINK_AND_RETURN
    log = state_log(layout, shot)
    sunk = log.record.final(0)
    *_, hit = (e for e in log.record.events if e.kind is EventKind.DISC_CONTACT)
    nx, ny = sunk.x - hit.x, sunk.y - hit.y
    length = math.hypot(nx, ny)
    nx, ny = nx / length, ny / length
    ((kind, before, after),) = [c for c in fixed_contacts(log) if c[0] == C_SUNK]
    assert kind == C_SUNK
    e = PhysicsParams.crokinole().disc_restitution
    approach = before[0] * nx + before[1] * ny
    assert approach > 0
    assert after[0] * nx + after[1] * ny == pytest.approx(-e * approach, abs=1e-12)


def test_a_disc_below_the_surface_in_a_deep_hole_is_slid_over(board: CrokinoleBoard) -> None:
    layout, shot = SINK_AND_RETURN
    record = simulate(Layout(deep_hole(board), layout.discs), shot)
    shooter = record.shooter
    assert not any(
        e.kind is EventKind.DISC_CONTACT and e.other == 0 and e.disc == shooter
        for e in record.events
        if e.time > next(d.time for d in record.events if d.kind is EventKind.DROPPED)
    )
    assert record.final(shooter).state is DiscState.LEANING


def test_the_planner_shot_strikes_the_20_instead_of_leaning_over_it(
    board: CrokinoleBoard,
) -> None:
    # The stored full-hole shot on the standard 1/4 in hole: disc 8 comes back towards
    # the shooter lying in the hole, strikes it and stops on the surface.
    layout, shot, shooter, _ = full_hole_leaner()
    record = simulate(Layout(board, layout.discs), shot, shooter=shooter)
    sunk = record.final(shooter)
    assert sunk.state is DiscState.IN_HOLE
    assert (8, shooter) in [
        (e.disc, e.other) for e in record.events if e.kind is EventKind.DISC_CONTACT
    ]
    eight = record.final(8)
    assert eight.state is DiscState.ON_SURFACE
    assert math.hypot(eight.x - sunk.x, eight.y - sunk.y) >= 2 * board.disc.radius - 1e-9


@pytest.mark.parametrize(("neighbour", "state"), [(0.031, "in_hole"), (0.025, "leaning")])
def test_a_disc_needs_room_to_lie_flat_in_the_hole(
    board: CrokinoleBoard, neighbour: float, state: str
) -> None:
    # A disc lying 31 mm from the centre leaves room (a disc lies within 1.6 mm of the
    # centre and needs 2r = 31.75 mm); one 25 mm away overhangs the hole too far: the
    # disc falling in at the far rim tilts there instead.
    layout = Layout(board, (PlacedDisc(0, 0.0, neighbour),))
    record = simulate(layout, shot_to_stop_at(board, 0.3))
    final = record.final(record.shooter)
    assert final.state.value == state
    assert record.final(0) == DiscFinal(0, 0.0, neighbour, DiscState.ON_SURFACE)
    assert math.hypot(final.x, final.y - neighbour) >= 2 * board.disc.radius - 1e-9
    if state == "leaning":
        assert (final.x, final.y) == pytest.approx((0.0, -board.hole_radius), abs=1e-12)


def test_fast_disc_passes_over_the_hole(board: CrokinoleBoard) -> None:
    record = simulate(Layout(board), shot_to_stop_at(board, 0.45))
    final = record.final(record.shooter)
    assert final.state is DiscState.ON_SURFACE
    assert final.y == pytest.approx(0.15, abs=1e-9)


def test_disc_stopping_at_the_rim_leans(board: CrokinoleBoard) -> None:
    distance = 0.3 - board.hole_radius - 0.0002
    record = simulate(Layout(board), shot_to_stop_at(board, distance))
    assert record.final(record.shooter).state is DiscState.LEANING
    assert kinds(record, record.shooter)[-1] is EventKind.LEANED
    assert record.layout_after().discs[0].leaning


def test_leaning_disc_stays_until_struck_then_slides(board: CrokinoleBoard) -> None:
    params = PhysicsParams.crokinole()
    a = params.friction * params.gravity
    y0 = board.hole_radius + 1e-4
    leaner = PlacedDisc(0, 0.0, y0, leaning=True)
    untouched = simulate(Layout(board, (leaner,)), Shot(0.2, -0.2, 0.0, 0.5))
    assert untouched.final(0) == DiscFinal(0, 0.0, y0, DiscState.LEANING)
    struck = simulate(Layout(board, (leaner,)), Shot(0.0, 0.3, DOWN, 1.2))
    hit = next(e for e in struck.events if e.kind is EventKind.DISC_CONTACT)
    assert (hit.disc, hit.other) == (struck.shooter, 0)
    # head on: the leaner leaves at (1 + e) / 2 of the striker's speed, straight down,
    # fast enough to pass over the hole, and slides to rest where friction stops it
    v_hit = math.sqrt(1.2**2 - 2 * a * (0.3 - y0 - 2 * board.disc.radius))
    v0 = v_hit * (1 + params.disc_restitution) / 2
    final = struck.final(0)
    assert final.state is DiscState.ON_SURFACE
    assert kinds(struck, 0)[-1] is EventKind.STOPPED
    assert final.x == pytest.approx(0.0, abs=1e-12)
    assert final.y == pytest.approx(y0 - v0**2 / (2 * a), abs=1e-9)


def test_a_second_capture_in_one_shot_leans_instead(board: CrokinoleBoard) -> None:
    # The hole deeper than a disc is thick: the shooter slides back over the 20 lying
    # below the surface and slows over the full hole: it tilts against the rim where it
    # came in.
    layout, shot = SINK_AND_RETURN
    board = deep_hole(board)
    record = simulate(Layout(board, layout.discs), shot)
    shooter = record.shooter
    assert record.final(0).state is DiscState.IN_HOLE
    assert kinds(record, shooter)[-2:] == [EventKind.PEG_CONTACT, EventKind.LEANED]
    dropped = next(e for e in record.events if e.kind is EventKind.DROPPED)
    peg, leaned = [e for e in record.events if e.disc == shooter][-2:]
    assert dropped.disc == 0 and dropped.time < leaned.time
    final = record.final(shooter)
    assert final.state is DiscState.LEANING
    assert (final.x, final.y) == (leaned.x, leaned.y)
    assert math.hypot(final.x, final.y) == pytest.approx(board.hole_radius, abs=1e-12)
    # the rim point is the first one on the straight path from the peg towards it
    ux, uy = final.x - peg.x, final.y - peg.y
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    b = peg.x * ux + peg.y * uy
    first = -b - math.sqrt(b * b - (peg.x**2 + peg.y**2 - board.hole_radius**2))
    assert first == pytest.approx(length, abs=1e-9)


def test_a_disc_caught_by_a_full_hole_leans_with_its_centre_on_the_rim(
    board: CrokinoleBoard,
) -> None:
    # Found by the planner: the shooter drops, then disc 8 slows to rest over the full
    # hole (stored on a board whose hole is deeper than a disc is thick). It must tilt
    # against the rim (a legal leaner), not lean from the middle.
    layout, shot, shooter, _ = full_hole_leaner()
    record = simulate(layout, shot, shooter=shooter)
    assert record.final(shooter).state is DiscState.IN_HOLE
    leaner = record.final(8)
    assert leaner.state is DiscState.LEANING
    assert math.hypot(leaner.x, leaner.y) == pytest.approx(board.hole_radius, abs=1e-12)
    leaned = next(e for e in record.events if e.kind is EventKind.LEANED)
    assert (leaned.x, leaned.y) == (leaner.x, leaner.y)
    assert_no_overlap_at_rest(record)
    assert record.layout_after().disc(8).leaning


def test_slow_disc_off_the_edge_lands_in_the_ditch(board: CrokinoleBoard) -> None:
    record = simulate(Layout(board), Shot(0.0, -0.3, DOWN, 0.5))
    assert kinds(record, record.shooter)[-2:] == [EventKind.LEFT_SURFACE, EventKind.LANDED]
    left = next(e for e in record.events if e.kind is EventKind.LEFT_SURFACE)
    assert left.other is Edge.RIM
    assert math.hypot(left.x, left.y) == pytest.approx(board.surface_radius, abs=1e-12)
    assert record.final(record.shooter).state is DiscState.IN_DITCH


def test_fast_disc_rebounds_off_the_rail_then_lands(board: CrokinoleBoard) -> None:
    record = simulate(Layout(board), Shot(0.0, -0.3, DOWN, 2.0))
    seq = kinds(record, record.shooter)
    assert seq[-3:] == [EventKind.LEFT_SURFACE, EventKind.RAIL_CONTACT, EventKind.LANDED]
    rail = next(e for e in record.events if e.kind is EventKind.RAIL_CONTACT)
    assert math.hypot(rail.x, rail.y) == pytest.approx(
        board.rail_radius - board.disc.radius, abs=1e-12
    )


def edge_speed_shot(board: CrokinoleBoard, edge_speed: float) -> Shot:
    """A shot straight out from (0, -0.3) that reaches the surface edge at ``edge_speed``."""
    params = PhysicsParams.crokinole()
    to_edge = board.surface_radius - 0.3
    return Shot(
        0.0, -0.3, DOWN, math.sqrt(edge_speed**2 + 2 * params.friction * params.gravity * to_edge)
    )


def test_the_rail_is_reached_only_above_the_speed_the_fall_allows(board: CrokinoleBoard) -> None:
    # Over the ditch a disc flies at its edge speed and falls g t^2 / 2: it reaches the
    # rail (its rim at rail_radius) only if it gets there before falling ditch_depth.
    params = PhysicsParams.crokinole()
    across = board.rail_radius - board.disc.radius - board.surface_radius
    landing = math.sqrt(2 * board.ditch_depth / params.gravity)
    boundary = across / landing  # about 0.97 m/s
    slow = simulate(Layout(board), edge_speed_shot(board, boundary * 0.99))
    assert kinds(slow, slow.shooter)[-2:] == [EventKind.LEFT_SURFACE, EventKind.LANDED]
    fast = simulate(Layout(board), edge_speed_shot(board, boundary * 1.01))
    seq = kinds(fast, fast.shooter)
    assert seq[-3:] == [EventKind.LEFT_SURFACE, EventKind.RAIL_CONTACT, EventKind.LANDED]
    left = next(e for e in fast.events if e.kind is EventKind.LEFT_SURFACE)
    landed = fast.events[-1]
    assert landed.time - left.time == pytest.approx(landing, rel=1e-9)


def test_reentry_happens_only_above_the_speed_drop_and_rail_allow(board: CrokinoleBoard) -> None:
    # Out to the rail at v, back at rail_restitution * v: back over the edge after
    # across * (1 + 1 / e) / v seconds, re-entering if it has fallen less than
    # reentry_step by then.
    params = PhysicsParams.crokinole()
    across = board.rail_radius - board.disc.radius - board.surface_radius
    flight = math.sqrt(2 * params.reentry_step / params.gravity)
    boundary = across * (1 + 1 / params.rail_restitution) / flight  # about 4.55 m/s
    below = simulate(Layout(board), edge_speed_shot(board, boundary * 0.99))
    assert EventKind.REENTERED not in kinds(below, below.shooter)
    assert below.final(below.shooter).state is DiscState.IN_DITCH
    above = simulate(Layout(board), edge_speed_shot(board, boundary * 1.01))
    seq = kinds(above, above.shooter)
    assert seq[seq.index(EventKind.LEFT_SURFACE) :][:3] == [
        EventKind.LEFT_SURFACE,
        EventKind.RAIL_CONTACT,
        EventKind.REENTERED,
    ]
    left, back = (
        next(e for e in above.events if e.kind is kind)
        for kind in (EventKind.LEFT_SURFACE, EventKind.REENTERED)
    )
    assert params.gravity * (back.time - left.time) ** 2 / 2 < params.reentry_step


def test_only_a_very_fast_disc_comes_back_onto_the_surface(board: CrokinoleBoard) -> None:
    fast = simulate(Layout(board), Shot(0.0, -0.3, DOWN, 7.0))
    assert EventKind.REENTERED in kinds(fast, fast.shooter)
    back = fast.events[kinds(fast, fast.shooter).index(EventKind.REENTERED) + 1]
    assert back.kind is EventKind.LINE_TOUCH
    medium = simulate(Layout(board), Shot(0.0, -0.3, DOWN, 3.0))
    assert EventKind.REENTERED not in kinds(medium, medium.shooter)
    assert medium.final(medium.shooter).state is DiscState.IN_DITCH


def test_peg_contact_is_logged_and_bounces_the_disc(board: CrokinoleBoard) -> None:
    px, py = board.pegs[5]
    start = (px, py - 0.12)
    record = simulate(Layout(board), Shot(start[0], start[1], UP, 1.0))
    peg = next(e for e in record.events if e.kind is EventKind.PEG_CONTACT)
    assert peg.other == 5
    assert record.final(record.shooter).y < peg.y


def test_line_touch_and_clear_follow_the_footprint(board: CrokinoleBoard) -> None:
    record = simulate(Layout(board), shot_to_stop_at(board, 0.12))
    foot = board.disc.footprint_radius
    events = [e for e in record.events if e.kind in (EventKind.LINE_TOUCH, EventKind.LINE_CLEAR)]
    first = events[0]
    assert (first.kind, first.other, first.side) == (EventKind.LINE_CLEAR, 2, -1)
    assert -first.y == pytest.approx(board.rings[2].inner - foot, abs=1e-12)
    ten = [e for e in events if e.other == 1]
    assert [e.kind for e in ten] == [EventKind.LINE_TOUCH, EventKind.LINE_CLEAR]
    assert -ten[0].y == pytest.approx(board.rings[1].outer + foot, abs=1e-12)


# --- shuffleboard ------------------------------------------------------------------


def test_firm_draw_reaches_the_far_zones(table: ShuffleboardTable) -> None:
    record = simulate(Layout(table), Shot(0.0, 0.05, UP, 1.6))
    final = record.final(record.shooter)
    assert final.state is DiscState.ON_SURFACE
    assert table.zone_of(final.x, final.y) >= 2


RELEASE_Y = 0.35
"""Where the terminal and the bots release a weight (m from the delivering end)."""

DRAW_WINDOW = (
    (1.07, "short", "past"),
    (1.41, Zone.NEUTRAL, Zone.ONE),
    (1.51, Zone.ONE, Zone.TWO),
    (1.54, Zone.TWO, Zone.THREE),
    (1.56, Zone.THREE, Zone.HANGER),
    (1.57, Zone.HANGER, "off"),
)
"""The draw window as docs/physics.md gives it ("Shuffleboard friction"): at each
release speed (m/s) a straight draw from RELEASE_Y goes from ending in the first to
ending in the second (short: not wholly past the foul line)."""


@pytest.mark.parametrize(("speed", "below", "above"), DRAW_WINDOW)
def test_the_shuffleboard_draw_window_is_the_documented_one(
    table: ShuffleboardTable, speed: float, below: object, above: object
) -> None:
    def ends(v: float) -> object:
        final = simulate(Layout(table), Shot(0.0, RELEASE_Y, UP, v)).final(0)
        if final.state is DiscState.IN_GUTTER:
            return "off"
        if speed == DRAW_WINDOW[0][0]:
            past = final.y - table.disc.radius >= table.foul_line.far
            return "past" if past else "short"
        return table.zone_of(final.x, final.y)

    assert ends(speed - 0.005) == below
    assert ends(speed + 0.005) == above


def test_weight_over_the_side_falls_in_the_gutter(table: ShuffleboardTable) -> None:
    record = simulate(Layout(table), Shot(0.0, 0.05, UP + 0.1, 1.6))
    left = next(e for e in record.events if e.kind is EventKind.LEFT_SURFACE)
    assert left.other is Edge.LEFT
    assert left.x == pytest.approx(-table.width / 2, abs=1e-12)
    assert record.final(record.shooter).state is DiscState.IN_GUTTER


def test_weight_over_the_far_end_falls_off(table: ShuffleboardTable) -> None:
    record = simulate(Layout(table), Shot(0.0, 0.05, UP, 2.2))
    assert kinds(record, record.shooter)[-2:] == [EventKind.LEFT_SURFACE, EventKind.LANDED]
    assert record.events[-1].other is Edge.FAR_END
    assert record.final(record.shooter).state is DiscState.IN_GUTTER


def test_weight_stopping_over_the_end_is_kept_as_a_hanger(table: ShuffleboardTable) -> None:
    params = PhysicsParams.shuffleboard()
    target = table.length - table.disc.radius / 2
    speed = math.sqrt(2 * params.friction * params.gravity * (target - 0.05))
    record = simulate(Layout(table), Shot(0.0, 0.05, UP, speed))
    final = record.final(record.shooter)
    assert final.state is DiscState.ON_SURFACE
    assert final.y == pytest.approx(target, abs=1e-9)
    assert table.zone_of(final.x, final.y) is table.zone_of(0.0, table.length)


def test_weight_crossing_the_foul_line_touches_and_clears_it(table: ShuffleboardTable) -> None:
    record = simulate(Layout(table), Shot(0.0, 0.05, UP, 1.4))
    foul = [e for e in record.events if e.other == 0 and e.kind.value.startswith("line")]
    assert [(e.kind, e.side) for e in foul] == [
        (EventKind.LINE_TOUCH, 0),
        (EventKind.LINE_CLEAR, 1),
    ]
    assert foul[0].y == pytest.approx(table.foul_line.near - table.disc.radius, abs=1e-12)


def test_weight_knocks_another_off_the_end(table: ShuffleboardTable) -> None:
    layout = Layout(table, (PlacedDisc(0, 0.0, table.length - 0.1),))
    record = simulate(layout, Shot(0.0, 0.05, UP, 2.0))
    assert record.final(0).state is DiscState.IN_GUTTER
    assert frozenset((0, record.shooter)) in record.contacts()


# --- validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "message"),
    [
        (0.0, -0.33, "does not fit"),
        (0.0, 0.0, "hole"),
        (0.0, -0.2, "disc 0"),
    ],
)
def test_bad_crokinole_start_is_illegal(
    board: CrokinoleBoard, x: float, y: float, message: str
) -> None:
    layout = Layout(board, (PlacedDisc(0, 0.01, -0.2),))
    with pytest.raises(IllegalInPosition, match=message):
        simulate(layout, Shot(x, y, UP, 1.0))


def test_start_on_a_peg_is_illegal(board: CrokinoleBoard) -> None:
    px, py = board.pegs[0]
    with pytest.raises(IllegalInPosition, match="peg 0"):
        simulate(Layout(board), Shot(px, py + 0.01, UP, 1.0))


def test_start_past_the_foul_line_is_illegal(table: ShuffleboardTable) -> None:
    with pytest.raises(IllegalInPosition, match="foul line"):
        simulate(Layout(table), Shot(0.0, table.length / 2, UP, 1.0))
    with pytest.raises(IllegalInPosition, match="does not fit"):
        simulate(Layout(table), Shot(table.width / 2, 0.1, UP, 1.0))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"speed": math.nan},
        {"speed": -1.0},
        {"speed": 50.0},
        {"angle": math.inf},
        {"spin": 1e6},
    ],
)
def test_malformed_shots_are_invalid(kwargs: dict[str, float]) -> None:
    values = {"x": 0.0, "y": -0.3, "angle": UP, "speed": 1.0, "spin": 0.0} | kwargs
    with pytest.raises(InvalidInput):
        Shot(**values)


@pytest.mark.parametrize("speed", [MIN_SPEED / 2, 1e-200, 5e-324])
def test_too_slow_a_shot_is_invalid(speed: float) -> None:
    with pytest.raises(InvalidInput, match=r"speed must be in \[0.001, 12.0\] m/s"):
        Shot(0.0, -0.3, UP, speed)


def test_the_slowest_shot_moves_as_friction_says(board: CrokinoleBoard) -> None:
    params = PhysicsParams.crokinole()
    record = simulate(Layout(board), Shot(0.0, -0.3, UP, MIN_SPEED))
    final = record.final(record.shooter)
    distance = MIN_SPEED**2 / (2 * params.friction * params.gravity)
    assert final.y + 0.3 == pytest.approx(distance, rel=1e-9)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Shot(0.0, -0.3, UP, True), "shot speed must be a finite number, got True"),
        (lambda: Shot(0.0, -0.3, "up", 1.0), "shot angle must be a finite number"),
        (lambda: PlacedDisc(0, "a", 0.0), "disc 0 x must be a finite number, got 'a'"),
        (lambda: PlacedDisc(1.5, 0.1, 0.0), "disc id must be a whole number"),
        (lambda: PlacedDisc(True, 0.1, 0.0), "disc id must be a whole number"),
        (lambda: PlacedDisc(0, 0.1, 0.1, leaning=1), "disc 0 leaning must be True or False"),
        (lambda: PhysicsParams(gravity="a"), "gravity must be a finite number, got 'a'"),
        (lambda: PhysicsParams(friction=True), "friction must be a finite number"),
        (lambda: PhysicsParams(friction=0.0), "friction must be a positive number"),
        (lambda: PhysicsParams(peg_friction=-0.1), "peg_friction must be a non-negative"),
        (lambda: PhysicsParams(max_events=2.5), "max_events must be a whole number"),
        (lambda: PhysicsParams(max_events=0), "max_events must be at least 1"),
        (lambda: PhysicsParams(max_time=math.inf), "max_time must be a finite number"),
        (lambda: PhysicsParams(disc_restitution=1.2), "would create energy"),
        (lambda: Layout("board"), "a layout needs a board or table"),
        (lambda: Layout(BOARD, ((0, 0.1, 0.1),)), "discs must be a sequence of PlacedDisc"),
    ],
)
def test_bad_values_are_invalid_with_a_clear_message(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        make()


def test_numbers_of_any_real_type_are_taken_as_floats(board: CrokinoleBoard) -> None:
    shot = Shot(np.float32(0.0), -0.3, np.float64(UP), np.float32(1.25), np.int64(3))
    assert shot == Shot(0.0, -0.3, UP, 1.25, 3.0)
    assert {type(getattr(shot, n)) for n in ("x", "y", "angle", "speed", "spin")} == {float}
    disc = PlacedDisc(np.int64(2), np.float32(0.125), 0)
    assert (type(disc.id), type(disc.x), type(disc.y)) == (int, float, float)
    params = PhysicsParams(friction=np.float32(0.125), max_events=np.int64(500))
    assert (params.friction, type(params.max_events)) == (0.125, int)
    assert simulate(Layout(board, (disc,)), shot, params=params).shooter == 3


def test_a_layout_given_a_list_keeps_a_tuple(board: CrokinoleBoard) -> None:
    layout = Layout(board, [PlacedDisc(0, 0.1, 0.1)])  # type: ignore[arg-type]
    assert layout.discs == (PlacedDisc(0, 0.1, 0.1),)
    assert simulate(layout, Shot(0.0, -0.3, UP, 1.0)).final(0).state is DiscState.ON_SURFACE


def test_a_disc_left_moving_with_no_next_event_is_a_physics_error(board: CrokinoleBoard) -> None:
    # A Board refuses a negative ditch depth; handed to the kernel anyway, the landing
    # time is not a number, no event comes, and the shot must fail, not end "at rest".
    figures = board_array(board).copy()
    figures[B_DEPTH] = -0.001
    params = PhysicsParams.crokinole()
    shot = shot_array(Shot(0.0, -0.3, DOWN, 3.0))
    # the arrays as simulate passes them (another type would compile the kernel anew)
    figures.setflags(write=False)
    rows, _ = Layout(board).kernel_rows()
    status, info, *_ = run_shot(figures, params_rows(params), rows, shot, False)
    assert (status, info) == (S_UNFINISHED, 0)
    with pytest.raises(PhysicsError, match="the shot disc was still moving"):
        raise_for_status(status, info, (), params)


def test_shooter_id_in_use_is_illegal(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(4, 0.1, 0.1),))
    with pytest.raises(IllegalInPosition, match="disc 4"):
        simulate(layout, Shot(0.0, -0.3, UP, 1.0), shooter=4)
    assert simulate(layout, Shot(0.0, -0.3, UP, 1.0)).shooter == 5
    assert simulate(layout, Shot(0.0, -0.3, UP, 1.0), shooter=9).shooter == 9


def test_event_cap_raises_a_clear_physics_error(board: CrokinoleBoard) -> None:
    params = PhysicsParams(max_events=3)
    with pytest.raises(PhysicsError, match="max_events"):
        simulate(Layout(board), Shot(0.0, -0.3, UP, 1.0), params=params)
    with pytest.raises(PhysicsError, match="max_time"):
        simulate(Layout(board), Shot(0.0, -0.3, UP, 1.0), params=PhysicsParams(max_time=0.1))


def test_simulate_passes_the_kernel_rows_of_the_type_the_compiled_tables_pass(
    board: CrokinoleBoard,
) -> None:
    """numba compiles the kernel once per type of its arguments; a layout's rows typed as
    the tables' workspace rows are (writable, C order) compile it once, not twice."""
    import numba

    from flickboard.play.tableplay import workspace

    rows, _ = Layout(board, (PlacedDisc(0, 0.1, 0.1),)).kernel_rows()
    assert numba.typeof(rows) == numba.typeof(workspace().rows[:1])
