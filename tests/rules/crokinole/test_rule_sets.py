"""Rule sets by name and every option, each with the behaviour it switches."""

from __future__ import annotations

from typing import Any

import pytest

from flickboard.errors import InvalidInput
from flickboard.physics import DiscState, EventKind
from flickboard.rules import Fate, known_rule_sets, referee
from flickboard.rules.crokinole import Scoring, crokinole_referee
from flickboard.rules.hand import judge

C = EventKind.DISC_CONTACT


def test_crokinole_rule_sets_are_registered_by_name() -> None:
    assert {"wcc", "nca", "depot", "fair"} <= set(known_rule_sets())
    assert referee("WCC").name == "wcc"
    assert referee("depot").game == "crokinole"


def test_unknown_rule_set_or_option_is_refused() -> None:
    with pytest.raises(InvalidInput, match="unknown rule set"):
        referee("crokinole-deluxe")
    with pytest.raises(
        InvalidInput, match=r"^rule set 'wcc' has no option direct_hit; its options: category$"
    ):
        referee("wcc", direct_hit=True)
    with pytest.raises(
        InvalidInput, match="rule set 'nca' has no option category; its options: none"
    ):
        referee("nca", category="cue")
    with pytest.raises(InvalidInput, match="direct_hit must be true or false"):
        referee("depot", direct_hit="yes")
    with pytest.raises(InvalidInput, match="unknown scoring"):
        referee("depot", scoring="fair")
    with pytest.raises(InvalidInput, match="unknown category"):
        referee("wcc", category="toddler")


@pytest.mark.parametrize(
    ("category", "singles", "doubles"),
    [("adult", 8, 6), ("recreational", 8, 6), ("cue", 6, 5), ("junior", 6, 6)],
)
def test_wcc_categories_set_disc_counts(category: str, singles: int, doubles: int) -> None:
    options = referee("wcc", category=category).options
    assert options.discs_each(2, teams=False) == singles
    assert options.discs_each(4, teams=True) == doubles


def test_depot_direct_hit_puts_opposing_discs_back_when_an_own_disc_is_hit_first(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15), 2: (0, 0.0, -0.15)})
    out = kit.outcome(
        pos,
        100,
        [(C, 100, 2), (C, 2, 1), (EventKind.DROPPED, 1)],
        {100: (0.0, -0.2), 2: (0.0, 0.11), 1: (0.0, 0.0, DiscState.IN_HOLE)},
    )
    combination = judge(referee("depot"), pos, kit.red, out)
    assert combination.valid and combination.twenties() == {1: 1}
    direct = judge(referee("depot", direct_hit=True), pos, kit.red, out)
    assert not direct.valid
    assert direct.decision(1).fate is Fate.RESTORED
    assert (direct.decision(1).x, direct.decision(1).y) == (0.0, 0.15)
    assert direct.decision(2).fate is Fate.OUT and direct.decision(100).fate is Fate.OUT
    assert direct.twenties() == {}
    assert [d.id for d in direct.position_after.layout.discs] == [1]
    assert direct.decision(1).clause == "depot/direct-hit"


def test_depot_direct_hit_accepts_a_direct_hit(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15), 2: (0, 0.1, -0.15)})
    out = kit.outcome(
        pos, 100, [(C, 100, 1), (C, 100, 2)], {100: (0.0, 0.1), 1: (0.0, 0.2), 2: (0.1, -0.1)}
    )
    assert judge(referee("depot", direct_hit=True), pos, kit.red, out).valid


def test_depot_outer_line_in_play_keeps_the_disc_for_five(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15)})
    out = kit.outcome(
        pos, 100, [(C, 100, 1), (EventKind.LINE_TOUCH, 1, 2)], {100: (0.0, 0.1), 1: (0.0, 0.31)}
    )
    standard = judge(referee("depot"), pos, kit.red, out)
    assert standard.decision(1).fate is Fate.OUT
    ref = referee("depot", outer_line_in_play=True)
    kept = judge(ref, pos, kit.red, out)
    assert kept.decision(1).fate is Fate.IN_PLAY
    assert ref.score(kept.position_after)[1] == 5


def test_depot_free_order_and_free_for_all_options() -> None:
    assert referee("depot", free_order=True).options.free_order_doubles
    assert not referee("depot").options.free_order_doubles
    with pytest.raises(InvalidInput, match="free-for-all"):
        referee("depot").options.discs_each(3, teams=False)
    assert referee("depot", free_for_all=True).options.discs_each(3, teams=False) == 6


def test_depot_conventional_scoring_option() -> None:
    options = referee("depot", scoring="conventional", target=150).options
    assert options.scoring is Scoring.CONVENTIONAL and options.target == 150
    with pytest.raises(InvalidInput, match="multiple of 5"):
        referee("depot", scoring="conventional", target=101)


def test_fair_rules_twelve_discs_difference_to_a_hundred_youngest_first() -> None:
    options = referee("fair").options
    assert options.discs_each(2, teams=False) == 12
    assert options.discs_each(4, teams=True) == 6
    assert options.scoring is Scoring.FAIR and options.target == 100
    assert options.youngest_first


def test_fair_with_no_opposing_disc_any_shot_is_valid(kit: Any) -> None:
    pos = kit.position({})
    out = kit.outcome(pos, 100, [], {100: (0.0, -0.25)})
    assert judge(referee("fair"), pos, kit.red, out).valid
    assert not judge(referee("wcc"), pos, kit.red, out).valid


def test_fair_invalid_shot_when_the_opposing_disc_is_missed(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, 0.15)})
    ruling = judge(referee("fair"), pos, kit.red, kit.outcome(pos, 100, [], {100: (0.0, -0.1)}))
    assert not ruling.valid
    assert ruling.decision(100).fate is Fate.OUT
    assert [d.id for d in ruling.position_after.layout.discs] == [1]


def test_crokinole_rule_set_lookup_names_only_crokinole_rule_sets() -> None:
    with pytest.raises(
        InvalidInput, match=r"^unknown crokinole rule set 'snooker'; known: depot, fair, nca, wcc$"
    ):
        crokinole_referee("snooker")
    with pytest.raises(InvalidInput, match="'csc' is not a crokinole rule set; crokinole: depot"):
        crokinole_referee("csc")
    assert crokinole_referee("NCA", **{}) == referee("nca")


def test_depot_options_are_kept_whole_so_the_referee_can_be_remade() -> None:
    made = referee("depot", direct_hit=True)
    assert made.keywords["direct_hit"] is True
    assert made.keywords["outer_line_in_play"] is False and made.keywords["target"] == 100
    assert referee("depot", **made.keywords) == made
    with pytest.raises(InvalidInput, match="has no option direct; its options: direct_hit, "):
        referee("depot", direct=True)
