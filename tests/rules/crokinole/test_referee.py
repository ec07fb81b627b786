"""Crokinole referee clauses, one test per clause, from hand-entered outcomes."""

from __future__ import annotations

from typing import Any

import pytest

from flickboard.errors import InvalidInput
from flickboard.physics import DiscState, Edge, Event, EventKind
from flickboard.rules import Fate, Turn, referee
from flickboard.rules.hand import judge, to_record

C = EventKind.DISC_CONTACT
IN_HOLE = DiscState.IN_HOLE
DITCH = DiscState.IN_DITCH


def test_wcc_valid_shot_requires_striking_an_opposing_disc(kit: Any) -> None:
    ref = referee("wcc")
    pos = kit.position({1: (1, 0.0, 0.15)})
    hit = kit.outcome(pos, 100, [(C, 100, 1)], {100: (0.0, 0.12), 1: (0.05, 0.22)})
    ruling = judge(ref, pos, kit.red, hit)
    assert ruling.valid
    assert ruling.decision(1).fate is Fate.IN_PLAY
    miss = kit.outcome(pos, 100, [], {100: (0.0, -0.12)})
    ruling = judge(ref, pos, kit.red, miss)
    assert not ruling.valid
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.decision(100).clause == "wcc/valid-shot"
    assert [d.id for d in ruling.position_after.layout.discs] == [1]


def test_wcc_valid_shot_in_combination_by_bumping_an_own_disc(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15), 2: (0, 0.0, -0.15)})
    out = kit.outcome(
        pos, 100, [(C, 100, 2), (C, 2, 1)], {100: (0.0, -0.2), 2: (0.0, 0.11), 1: (0.0, 0.2)}
    )
    ruling = judge(referee("wcc"), pos, kit.red, out)
    assert ruling.valid
    assert {d.disc: d.fate for d in ruling.decisions} == {
        100: Fate.IN_PLAY,
        2: Fate.IN_PLAY,
        1: Fate.IN_PLAY,
    }
    assert "struck a green disc" in ruling.summary


def test_wcc_invalid_shot_removes_shooter_and_struck_own_discs_including_twenties(kit: Any) -> None:
    pos = kit.position({1: (1, 0.2, 0.0), 2: (0, 0.0, -0.15), 3: (0, 0.1, -0.2)})
    out = kit.outcome(
        pos, 100, [(C, 100, 2), (EventKind.DROPPED, 2)], {100: (0.0, -0.2), 2: (0.0, 0.0, IN_HOLE)}
    )
    ruling = judge(referee("wcc"), pos, kit.red, out)
    assert not ruling.valid
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.decision(2).fate is Fate.OUT
    assert ruling.twenties() == {}
    assert "does not count" in ruling.decision(2).reason
    assert sorted(d.id for d in ruling.position_after.layout.discs) == [1, 3]


def test_wcc_with_no_opposing_disc_the_shot_must_reach_the_fifteen_line(kit: Any) -> None:
    pos = kit.position({})
    ref = referee("wcc")
    touching = judge(ref, pos, kit.red, kit.outcome(pos, 100, [], {100: (0.0, 0.115)}))
    assert touching.valid and touching.decision(100).fate is Fate.IN_PLAY
    short = judge(ref, pos, kit.red, kit.outcome(pos, 100, [], {100: (0.0, 0.13)}))
    assert not short.valid and short.decision(100).fate is Fate.OUT


def test_wcc_play_to_the_middle_counts_a_twenty(kit: Any) -> None:
    pos = kit.position({})
    out = kit.outcome(pos, 100, [(EventKind.DROPPED, 100)], {100: (0.0, 0.0, IN_HOLE)})
    ruling = judge(referee("wcc"), pos, kit.red, out)
    assert ruling.valid
    assert ruling.twenties() == {0: 1}


def test_wcc_play_to_the_middle_by_a_disc_the_shooter_struck(kit: Any) -> None:
    pos = kit.position({2: (0, 0.0, -0.15)})
    bump = kit.outcome(pos, 100, [(C, 100, 2)], {100: (0.0, -0.16), 2: (0.0, -0.08)})
    ruling = judge(referee("nca"), pos, kit.red, bump)
    assert ruling.valid
    assert ruling.decision(100).fate is Fate.IN_PLAY
    blown = kit.outcome(pos, 100, [(C, 100, 2)], {100: (0.0, -0.16), 2: (0.0, 0.15)})
    ruling = judge(referee("nca"), pos, kit.red, blown)
    assert not ruling.valid
    assert ruling.position_after.layout.discs == ()


def test_twenty_is_taken_off_and_counts_for_its_owner_whoever_made_it(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.05)})
    out = kit.outcome(
        pos, 100, [(C, 100, 1), (EventKind.DROPPED, 1)], {100: (0.0, 0.06), 1: (0.0, 0.0, IN_HOLE)}
    )
    ruling = judge(referee("wcc"), pos, kit.red, out)
    assert ruling.valid
    assert ruling.decision(1).fate is Fate.TWENTY
    assert ruling.twenties() == {1: 1}
    assert 1 not in {d.id for d in ruling.position_after.layout.discs}


def test_leaner_stays_in_play_and_scores_fifteen(kit: Any) -> None:
    pos = kit.position({})
    r = kit.board.hole_radius
    out = kit.outcome(pos, 100, [(EventKind.LEANED, 100)], {100: (0.0, r, DiscState.LEANING)})
    ref = referee("wcc")
    ruling = judge(ref, pos, kit.red, out)
    assert ruling.valid
    assert ruling.decision(100).fate is Fate.IN_PLAY and ruling.decision(100).leaning
    assert ruling.position_after.layout.discs[0].leaning
    assert ref.score(ruling.position_after) == {0: 15}


def test_disc_touching_the_outer_line_goes_to_the_ditch(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15)})
    out = kit.outcome(
        pos, 100, [(C, 100, 1), (EventKind.LINE_TOUCH, 1, 2)], {100: (0.0, 0.1), 1: (0.0, 0.295)}
    )
    ruling = judge(referee("wcc"), pos, kit.red, out)
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "wcc/outer-line"


def test_disc_that_left_the_surface_is_out_of_bounds(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15)})
    out = kit.outcome(
        pos,
        100,
        [(C, 100, 1), (EventKind.LEFT_SURFACE, 1, Edge.RIM)],
        {100: (0.0, 0.1), 1: (0.0, 0.34, DITCH)},
    )
    ruling = judge(referee("wcc"), pos, kit.red, out)
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "wcc/out-of-bounds"


SPIN = [(EventKind.LINE_TOUCH, 100, 2), (EventKind.LINE_CLEAR, 100, 2, -1)]


@pytest.mark.parametrize("rules", ["wcc", "nca", "depot"])
def test_spinning_disc_rule_keeps_a_disc_that_came_back_inside(kit: Any, rules: str) -> None:
    pos = kit.position({})
    path = [(EventKind.LINE_CLEAR, 100, 2, -1), (EventKind.PEG_CONTACT, 100, 1), *SPIN]
    ruling = judge(referee(rules), pos, kit.red, kit.outcome(pos, 100, path, {100: (0.0, 0.11)}))
    assert ruling.valid
    assert ruling.decision(100).fate is Fate.IN_PLAY
    assert ruling.decision(100).clause == f"{rules}/spinning-disc"


def test_nca_spinning_disc_that_struck_a_disc_while_over_the_line_is_out(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15), 2: (0, 0.27, 0.0)})
    path = [
        (EventKind.LINE_CLEAR, 100, 2, -1),
        (C, 100, 1),
        (C, 100, 2),
        (EventKind.LINE_TOUCH, 2, 2),
        (C, 2, 1),
        (EventKind.LINE_CLEAR, 2, 2, -1),
    ]
    out = kit.outcome(pos, 100, path, {100: (0.0, 0.1), 1: (0.15, 0.15), 2: (0.2, 0.0)})
    ruling = judge(referee("nca"), pos, kit.red, out)
    assert ruling.valid
    assert ruling.decision(2).fate is Fate.OUT
    assert "struck a disc while there" in ruling.decision(2).reason


def test_fair_any_disc_touching_the_shooting_line_after_it_was_played_is_removed(kit: Any) -> None:
    pos = kit.position({})
    path = [(EventKind.LINE_CLEAR, 100, 2, -1), *SPIN]
    ruling = judge(referee("fair"), pos, kit.red, kit.outcome(pos, 100, path, {100: (0.0, 0.11)}))
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.decision(100).clause == "fair/spinning-disc"


@pytest.mark.parametrize("rules", ["wcc", "nca", "depot", "fair"])
def test_damage_rule_reentered_disc_removed_damage_stays_and_twenties_count(
    kit: Any, rules: str
) -> None:
    pos = kit.position({1: (1, 0.0, 0.28), 2: (1, 0.2, 0.0), 3: (0, 0.05, 0.05)})
    path = [
        (C, 100, 1),
        (EventKind.LEFT_SURFACE, 1, Edge.RIM),
        (EventKind.LINE_TOUCH, 100, 2),
        (EventKind.LEFT_SURFACE, 100, Edge.RIM),
        (EventKind.RAIL_CONTACT, 100),
        (EventKind.REENTERED, 100, Edge.RIM),
        (C, 100, 2),
        (C, 2, 3),
        (EventKind.DROPPED, 3),
    ]
    finals = {100: (0.15, 0.1), 1: (0.0, 0.34, DITCH), 2: (0.12, -0.05), 3: (0.0, 0.0, IN_HOLE)}
    ruling = judge(referee(rules), pos, kit.red, kit.outcome(pos, 100, path, finals))
    assert ruling.valid
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.decision(100).clause == f"{rules}/damage"
    assert ruling.decision(2).fate is Fate.IN_PLAY
    assert (ruling.decision(2).x, ruling.decision(2).y) == (0.12, -0.05)
    assert ruling.twenties() == {0: 1}


def test_line_contact_is_judged_by_the_bottom_edge(kit: Any) -> None:
    ref = referee("wcc")
    ten = kit.board.rings[1].inner
    r = (ten - kit.board.disc.radius + ten - kit.board.disc.footprint_radius) / 2
    pos = kit.position({1: (1, 0.0, r)})
    assert ref.score(pos) == {1: 10}


def test_disc_touching_a_line_scores_the_lower_region(kit: Any) -> None:
    ref = referee("nca")
    foot = kit.board.disc.footprint_radius
    fifteen, ten, _ = kit.board.rings
    pos = kit.position(
        {1: (1, 0.0, fifteen.inner - foot + 1e-4), 2: (0, 0.0, -(ten.inner - foot + 1e-4))}
    )
    assert ref.score(pos) == {1: 10, 0: 5}


def test_score_counts_every_side_in_play(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.05), 2: (1, 0.15, 0.0), 3: (0, 0.0, -0.25)})
    assert referee("wcc").score(pos) == {1: 25, 0: 5}


def test_record_from_another_turn_is_refused(kit: Any) -> None:
    pos = kit.position({})
    out = kit.outcome(pos, 100, [], {100: (0.0, 0.05)})
    with pytest.raises(InvalidInput, match="shooter"):
        judge(referee("wcc"), pos, Turn(0, 0, 7), out)


def test_record_with_events_of_unknown_discs_is_refused(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15)})
    record = to_record(pos.layout, kit.outcome(pos, 100, [(C, 100, 1)], {100: (0.0, 0.1)}))
    bad = record.replace(events=(*record.events, Event(9.0, C, 100, 7)))
    with pytest.raises(InvalidInput, match="unknown disc 7"):
        referee("wcc").rule(pos, kit.red, bad)


# -- the line rules come before the hole (a disc out of play does not score a 20) ------

TOUCH, CLEAR = EventKind.LINE_TOUCH, EventKind.LINE_CLEAR
OVER_THE_LINE = {1: (1, 0.0, 0.2), 2: (1, 0.05, 0.27)}
"""Green disc 1 is knocked out to the shooting line; green disc 2 lies near it."""


def _over_and_back(kit: Any, rules: str, end: EventKind, *, strikes: bool, **options: Any) -> Any:
    """Red knocks green disc 1 onto the shooting line; it strikes disc 2 there (or
    nothing), comes back inside and ends dropped or leaning in the hole."""
    pos = kit.position(OVER_THE_LINE)
    path: list[Any] = [(C, 100, 1), (TOUCH, 1, 2)]
    finals: dict[int, Any] = {100: (0.0, 0.1)}
    if strikes:
        path.append((C, 1, 2))
        finals[2] = (0.1, 0.25)
    path += [(CLEAR, 1, 2, -1), (end, 1)]
    if end is EventKind.DROPPED:
        finals[1] = (0.0, 0.0, IN_HOLE)
    else:
        finals[1] = (0.0, kit.board.hole_radius, DiscState.LEANING)
    return judge(referee(rules, **options), pos, kit.red, kit.outcome(pos, 100, path, finals))


@pytest.mark.parametrize("end", [EventKind.DROPPED, EventKind.LEANED])
def test_nca_spinning_disc_that_struck_a_disc_over_the_line_is_out_even_if_it_then_drops_or_leans(
    kit: Any, end: EventKind
) -> None:
    ruling = _over_and_back(kit, "nca", end, strikes=True)
    assert ruling.valid
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "nca/spinning-disc"
    assert ruling.twenties() == {}
    assert 1 not in {d.id for d in ruling.position_after.layout.discs}


def test_wcc_spinning_disc_that_struck_a_disc_over_the_line_then_dropped_is_not_a_twenty(
    kit: Any,
) -> None:
    ruling = _over_and_back(kit, "wcc", EventKind.DROPPED, strikes=True)
    assert ruling.decision(1).fate is Fate.OUT and ruling.twenties() == {}
    assert ruling.decision(1).clause == "wcc/spinning-disc"


def test_depot_6b_disc_that_struck_a_disc_over_the_line_then_dropped_is_not_a_twenty(
    kit: Any,
) -> None:
    ruling = _over_and_back(kit, "depot", EventKind.DROPPED, strikes=True)
    assert ruling.decision(1).fate is Fate.OUT and ruling.twenties() == {}
    # Depot 7b: a disc over the line is in play whatever it struck, so the 20 counts
    kept = _over_and_back(kit, "depot", EventKind.DROPPED, strikes=True, outer_line_in_play=True)
    assert kept.decision(1).fate is Fate.TWENTY and kept.twenties() == {1: 1}


@pytest.mark.parametrize("end", [EventKind.DROPPED, EventKind.LEANED])
def test_fair_disc_that_touched_the_shooting_line_is_removed_even_if_it_then_drops_or_leans(
    kit: Any, end: EventKind
) -> None:
    ruling = _over_and_back(kit, "fair", end, strikes=False)
    assert ruling.decision(1).fate is Fate.OUT
    assert ruling.decision(1).clause == "fair/spinning-disc"
    assert ruling.twenties() == {}
    assert sorted(d.id for d in ruling.position_after.layout.discs) == [2, 100]


@pytest.mark.parametrize("rules", ["wcc", "nca", "depot"])
def test_spinning_disc_that_came_back_under_its_own_momentum_and_dropped_is_a_twenty(
    kit: Any, rules: str
) -> None:
    ruling = _over_and_back(kit, rules, EventKind.DROPPED, strikes=False)
    assert ruling.decision(1).fate is Fate.TWENTY
    assert ruling.twenties() == {1: 1}
    assert "came back inside" in ruling.decision(1).reason


# -- the shooter leaving its start on the shooting line --------------------------------


@pytest.mark.parametrize("rules", ["wcc", "nca", "fair"])
@pytest.mark.parametrize("path", [[], [(CLEAR, 100, 2, -1)]])
def test_shooter_leaving_its_start_on_the_shooting_line_is_not_a_touch(
    kit: Any, rules: str, path: list[Any]
) -> None:
    pos = kit.position({})
    ruling = judge(referee(rules), pos, kit.red, kit.outcome(pos, 100, path, {100: (0.0, 0.1)}))
    assert ruling.decision(100).fate is Fate.IN_PLAY
    assert ruling.decision(100).clause == f"{rules}/in-play"


def test_fair_shooter_that_touched_the_shooting_line_after_leaving_its_start_is_removed(
    kit: Any,
) -> None:
    # entered by hand without the first 'line_clear' of the start: the peg releases it
    pos = kit.position({})
    path = [(EventKind.PEG_CONTACT, 100, 1), *SPIN]
    out = kit.outcome(pos, 100, path, {100: (0.0, 0.11)})
    ruling = judge(referee("fair"), pos, kit.red, out)
    assert ruling.decision(100).fate is Fate.OUT
    assert ruling.decision(100).clause == "fair/spinning-disc"
    kept = judge(referee("nca"), pos, kit.red, out)
    assert kept.decision(100).fate is Fate.IN_PLAY
    assert kept.decision(100).clause == "nca/spinning-disc"


def test_depot_5_shooter_starting_behind_the_line_is_not_touching_it_when_it_crosses_in(
    kit: Any,
) -> None:
    pos = kit.position({})
    path = [(TOUCH, 100, 2), (CLEAR, 100, 2, -1)]
    behind = (0.0, -(kit.board.surface_radius - kit.board.disc.radius))
    out = kit.outcome(pos, 100, path, {100: (0.0, 0.1)}, start=behind)
    ruling = judge(referee("depot"), pos, kit.red, out)
    assert ruling.decision(100).clause == "depot/in-play"


def test_wcc_shooter_crossing_the_line_outwards_from_its_start_and_back_is_a_spinning_disc(
    kit: Any,
) -> None:
    pos = kit.position({})
    path = [(CLEAR, 100, 2, 1), (TOUCH, 100, 2), (CLEAR, 100, 2, -1)]
    out = kit.outcome(pos, 100, path, {100: (0.0, 0.1)})
    assert judge(referee("wcc"), pos, kit.red, out).decision(100).clause == "wcc/spinning-disc"
    assert judge(referee("fair"), pos, kit.red, out).decision(100).fate is Fate.OUT
