"""WCC tie-breaking: preliminary rounds and round-robin playoffs, from worked examples."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import IllegalInPosition
from flickboard.events.scorecard import RoundOutcome, Scorecard, validate
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import preliminary_standings, round_robin_standings
from flickboard.play.scoring import GameScore

CardFactory = Callable[..., Scorecard]


def test_wcc_preliminary_ranks_by_tournament_points(card: CardFactory) -> None:
    cards = [card("A", "B", 6, draw_round=1), card("C", "D", 8, draw_round=1)]
    s = preliminary_standings(["A", "B", "C", "D"], cards)
    assert s.order == ("C", "A", "B", "D")
    assert [p.place for p in s.placings] == [1, 2, 3, 4]
    assert s.of("C").points == 8 and s.of("D").points == 0


def test_wcc_preliminary_tie_on_points_goes_to_20s_in_the_match(card: CardFactory) -> None:
    cards = [card("A", "B", 6, (1, 0), 1), card("C", "D", 6, (4, 0), 1)]
    s = preliminary_standings(["A", "B", "C", "D"], cards)
    assert s.order == ("C", "A", "B", "D")
    assert "4 twenties in all games of the preliminary" in s.of("C").reasons[1]
    assert not s.of("C").tied


def test_wcc_preliminary_tie_on_points_and_20s_needs_a_shoot_out(card: CardFactory) -> None:
    cards = [card("A", "B", 6, (2, 0), 1), card("C", "D", 6, (2, 0), 1)]
    s = preliminary_standings(["A", "B", "C", "D"], cards)
    assert s.unresolved == (("A", "C"), ("B", "D"))
    assert s.of("A").place == s.of("C").place == 1
    assert "shoot-out needed" in s.of("A").reasons[-1]
    decided = preliminary_standings(["A", "B", "C", "D"], cards, [ShootOut.of({"A": 3, "C": 5})])
    assert decided.order[:2] == ("C", "A")
    assert decided.unresolved == (("B", "D"),)
    assert "shoot-out: 5 twenties" in decided.of("C").reasons


def test_wcc_shoot_out_repeated_from_the_beginning_while_tied(card: CardFactory) -> None:
    cards = [card("A", "B", 6, (2, 0), 1), card("C", "D", 6, (2, 0), 1)]
    shootouts = [ShootOut.of({"A": 4, "C": 4}), ShootOut.of({"A": 2, "C": 7})]
    s = preliminary_standings(["A", "B", "C", "D"], cards, shootouts)
    assert s.order[:2] == ("C", "A")
    assert any("all tied on 4 twenties, repeated" in r for r in s.of("A").reasons)
    assert any("repetition 2: 2 twenties" in r for r in s.of("A").reasons)


def test_preliminary_bye_counts_as_a_game_won(card: CardFactory) -> None:
    cards = [card("A", "B", 6, draw_round=1)]
    s = preliminary_standings(["A", "B", "C"], cards, byes={"C": 1})
    assert s.order == ("C", "A", "B")
    assert s.of("C").reasons[0] == "8 tournament points (8 from 1 bye)"


def test_unvalidated_card_refused_in_standings(card: CardFactory) -> None:
    cards = [card("A", "B", 6, validated=False)]
    with pytest.raises(IllegalInPosition, match="not validated"):
        preliminary_standings(["A", "B"], cards)


def test_game_entered_twice_refused(card: CardFactory) -> None:
    cards = [card("A", "B", 6, draw_round=1), card("B", "A", 2, draw_round=1)]
    with pytest.raises(IllegalInPosition, match="entered twice"):
        preliminary_standings(["A", "B"], cards)


def test_player_in_two_games_of_one_round_refused(card: CardFactory) -> None:
    cards = [card("A", "B", 6, draw_round=1), card("A", "C", 2, draw_round=1)]
    with pytest.raises(IllegalInPosition, match="A already plays A v B in round 1"):
        preliminary_standings(["A", "B", "C"], cards)


def test_same_pair_in_two_rounds_refused(card: CardFactory) -> None:
    cards = [card("A", "B", 6, draw_round=1), card("B", "A", 2, draw_round=4)]
    with pytest.raises(IllegalInPosition, match="A and B already met in round 1"):
        preliminary_standings(["A", "B", "C"], cards)
    with pytest.raises(IllegalInPosition, match="already met in round 1"):
        round_robin_standings(["A", "B", "C"], cards)


def test_wcc_head_to_head_two_tied_winner_of_their_game_places_higher(
    card: CardFactory,
) -> None:
    # A, B, C: B beat A; both beat C by the same margin -> A and B tied on points.
    cards = [card("A", "B", 2, (6, 0)), card("A", "C", 8), card("B", "C", 4)]
    s = round_robin_standings(["A", "B", "C"], cards)
    assert s.of("A").points == s.of("B").points == 10
    # A has far more 20s, but head-to-head comes first.
    assert s.order == ("B", "A", "C")
    assert any("step 1 head-to-head: beat A (6-2 points)" in r for r in s.of("B").reasons)


def _three_way_restart(card: CardFactory) -> list[Scorecard]:
    return [
        card("A", "B", 8),
        card("A", "C", 4),
        card("B", "C", 6),
        card("A", "D", 4),
        card("A", "E", 4),
        card("B", "D", 8),
        card("B", "E", 6),
        card("C", "D", 6),
        card("C", "E", 8),
        card("D", "E", 6),
    ]


def test_wcc_head_to_head_three_tied_points_among_the_tied_then_restart(
    card: CardFactory,
) -> None:
    s = round_robin_standings(list("ABCDE"), _three_way_restart(card))
    assert [s.of(e).points for e in "ABC"] == [20, 20, 20]
    # Among A, B, C: A 12, B 6, C 6. B and C restart at step 1: B beat C.
    assert s.order == ("A", "B", "C", "D", "E")
    assert any("12 points in games among A, B, C" in r for r in s.of("A").reasons)
    assert any("back to step 1" in r for r in s.of("C").reasons)
    assert any("lost to B (2-6 points)" in r for r in s.of("C").reasons)


def test_wcc_cycle_a_beat_b_beat_c_beat_a_goes_to_20s_among_the_tied(
    card: CardFactory,
) -> None:
    cards = [card("A", "B", 6, (2, 1)), card("B", "C", 6, (1, 1)), card("C", "A", 6, (1, 3))]
    s = round_robin_standings(["A", "B", "C"], cards)
    assert {s.of(e).points for e in "ABC"} == {8}
    # Step 1 cannot split a cycle; step 2: A 5, B 2, C 2; B and C restart: B beat C.
    assert s.order == ("A", "B", "C")
    assert any("step 1 head-to-head" in r and "no split" in r for r in s.of("A").reasons)
    assert any("step 2" in r and "5 twenties" in r for r in s.of("A").reasons)
    assert any("beat C" in r for r in s.of("B").reasons)


def _four_way(card: CardFactory) -> list[Scorecard]:
    return [
        card("A", "B", 6, (3, 3)),
        card("A", "C", 2, (3, 2)),
        card("A", "D", 4, (4, 2)),
        card("B", "C", 6, (3, 2)),
        card("B", "D", 4, (4, 2)),
        card("C", "D", 4, (2, 2)),
    ]


def test_wcc_four_way_tie_needs_restart_and_a_repeated_shoot_out(card: CardFactory) -> None:
    cards = _four_way(card)
    s = round_robin_standings(list("ABCD"), cards)
    assert {s.of(e).points for e in "ABCD"} == {12}
    # Step 2 splits {A,B} (10 twenties) from {C,D} (6); A beat B; C and D drew and
    # have equal 20s everywhere: they need a shoot-out.
    assert s.order[:2] == ("A", "B")
    assert s.unresolved == (("C", "D"),)
    assert any("step 3" in r and "no split" in r for r in s.of("D").reasons)
    done = round_robin_standings(
        list("ABCD"), cards, [ShootOut.of({"C": 3, "D": 3}), ShootOut.of({"D": 4, "C": 2})]
    )
    assert done.order == ("A", "B", "D", "C")
    assert [p.place for p in done.placings] == [1, 2, 3, 4]
    assert any("step 4 shoot-out repetition 2: 4 twenties" in r for r in done.of("D").reasons)


def test_wcc_step3_twenties_in_all_round_robin_games(card: CardFactory) -> None:
    # A and B tied on points, drew each other with equal 20s; A made more 20s vs C.
    cards = [card("A", "B", 4, (1, 1)), card("A", "C", 6, (4, 0)), card("B", "C", 6, (1, 0))]
    s = round_robin_standings(["A", "B", "C"], cards)
    assert s.order == ("A", "B", "C")
    assert any("step 3" in r and "5 twenties" in r for r in s.of("A").reasons)


def test_shoot_out_among_three_splits_and_repeats_for_the_pair(card: CardFactory) -> None:
    cards = [card("A", "B", 4, (1, 1)), card("B", "C", 4, (1, 1)), card("C", "A", 4, (1, 1))]
    shootouts = [
        ShootOut.of({"A": 2, "B": 6, "C": 2}),
        ShootOut.of({"A": 1, "C": 1}),
        ShootOut.of({"A": 3, "C": 0}),
    ]
    s = round_robin_standings(["A", "B", "C"], cards, shootouts)
    assert s.order == ("B", "A", "C")
    assert s.unresolved == ()


@settings(max_examples=30, deadline=None)
@given(
    results=st.lists(
        st.tuples(st.integers(0, 8), st.integers(0, 5), st.integers(0, 5)), min_size=10, max_size=10
    ),
    shuffle_seed=st.integers(0, 10_000),
)
def test_round_robin_standings_do_not_depend_on_card_order(
    results: list[tuple[int, int, int]], shuffle_seed: int
) -> None:
    import itertools
    import random

    from .conftest import make_card

    pairs = list(itertools.combinations("ABCDE", 2))
    cards = [
        make_card(a, b, pts, (ta, tb), draw_round=i + 1)
        for i, ((a, b), (pts, ta, tb)) in enumerate(zip(pairs, results, strict=True))
    ]
    base = round_robin_standings(list("ABCDE"), cards)
    shuffled = cards[:]
    random.Random(shuffle_seed).shuffle(shuffled)
    again = round_robin_standings(list("ABCDE"), shuffled)
    assert again == base
    points = [p.points for p in base.placings]
    assert points == sorted(points, reverse=True)
    assert sorted(base.order) == list("ABCDE")


def _results_only(a: str, b: str, winners: tuple[int | None, ...], draw_round: int) -> Scorecard:
    """A validated results-only card: each round's winner, no scores or 20s."""
    card = Scorecard(
        "adult singles",
        draw_round,
        (a, b),
        (f"Player {a}", f"Player {b}"),
        GameScore(()),
        outcomes=tuple(RoundOutcome(w) for w in winners),
    )
    return validate(card, b, b[:2])


def test_results_only_cards_rank_by_points_and_say_the_20s_are_missing(
    card: CardFactory,
) -> None:
    cards = [_results_only("A", "B", (0, 0, 1, 0), 1), card("C", "D", 8, (2, 0), 1)]
    s = preliminary_standings(["A", "B", "C", "D"], cards)
    assert s.order == ("C", "A", "B", "D")
    assert s.of("A").reasons[0] == "6 tournament points (20s not recorded in 1 game: results only)"
    assert s.of("C").reasons[0] == "8 tournament points"


def test_tie_that_20s_break_stops_the_standings_when_20s_are_missing(card: CardFactory) -> None:
    """WCC preliminaries break a tie on points by 20s in the match: with a results-only
    card among the tied, the standings say whose 20s are needed instead of guessing."""
    cards = [_results_only("A", "B", (0, 0, 1, 0), 1), card("C", "D", 6, (2, 0), 1)]
    with pytest.raises(
        IllegalInPosition,
        match=r"C, A are tied on 6 tournament points, and 20s break the tie next \(WCC\), "
        r"but the 20s of A in all games of the preliminary are not recorded",
    ):
        preliminary_standings(["A", "B", "C", "D"], cards)


def test_round_robin_head_to_head_needs_no_20s_but_step_2_does(card: CardFactory) -> None:
    """A beat B on a results-only card and they tie on points: head-to-head (step 1)
    places them. In a cycle head-to-head cannot, and step 2 needs the missing 20s."""
    beat = [
        _results_only("A", "B", (0, 0, 1, 0), 1),
        card("A", "C", 0, (0, 1), 2),
        card("B", "C", 4, (0, 0), 3),
    ]
    s = round_robin_standings(["A", "B", "C"], beat)
    assert s.order == ("C", "A", "B")
    assert any("step 1 head-to-head: beat B" in r for r in s.of("A").reasons)
    cycle = [
        _results_only("A", "B", (0, 0, 1, 0), 1),
        card("B", "C", 6, (1, 0), 2),
        card("C", "A", 6, (1, 0), 3),
    ]
    with pytest.raises(
        IllegalInPosition,
        match=r"A, B, C are still tied after head-to-head, .* the 20s of A, B in games among them",
    ):
        round_robin_standings(["A", "B", "C"], cycle)
