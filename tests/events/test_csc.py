"""CSC Part VI: double round robin, aggregate points, sudden death, playoffs."""

from __future__ import annotations

import itertools

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.csc import (
    ShuffleResult,
    aggregate_standings,
    double_round_robin,
    field_reasons,
    playoff_field,
    playoffs,
    settled,
)
from flickboard.play.scoring import RaceScore


def _won(winner: str, loser: str, target: int = 21) -> ShuffleResult:
    return ShuffleResult((winner, loser), RaceScore(target, ((target, 9),)))


def test_csc_double_round_robin_meets_twice_with_colours_swapped() -> None:
    teams = ["BC", "AB", "SK", "MB", "ON"]
    draws = double_round_robin(teams)
    games = [g for d in draws for g in d.games]
    assert len(games) == 2 * 10
    for a, b in itertools.combinations(teams, 2):
        assert sorted(g for g in games if set(g) == {a, b}) == sorted([(a, b), (b, a)])


def _results(wins: dict[str, list[str]]) -> list[ShuffleResult]:
    return [_won(w, loser) for w, losers in wins.items() for loser in losers]


def test_csc_aggregate_points_after_double_round_robin() -> None:
    res = _results({"A": ["B", "C", "D", "B"], "B": ["C", "D"], "C": ["D", "A"], "D": ["C"]})
    lines = aggregate_standings(["A", "B", "C", "D"], res)
    assert [(line.team, line.points, line.place) for line in lines] == [
        ("A", 4, 1),
        ("B", 2, 2),
        ("C", 2, 2),
        ("D", 1, 4),
    ]
    assert lines[1].tied and not lines[0].tied


def test_csc_pair_meets_at_most_twice() -> None:
    with pytest.raises(IllegalInPosition, match="only twice"):
        aggregate_standings(["A", "B"], [_won("A", "B")] * 3)


def test_csc_undecided_game_refused() -> None:
    with pytest.raises(InvalidInput, match="not decided"):
        ShuffleResult(("A", "B"), RaceScore(21, ((20, 15),)))


def test_csc_playoff_top_three_first_has_bye_to_final() -> None:
    res = _results({"A": ["B", "C", "D"], "B": ["C", "D"], "C": ["D"]})
    field = playoff_field(aggregate_standings(list("ABCD"), res))
    assert (field.first, field.semi, field.pending) == ("A", ("B", "C"), None)
    p = playoffs(field, ["C", "B", "C"], ["A", "C", "C"])
    assert (p.semi_winner, p.champion) == ("C", "C")
    with pytest.raises(IllegalInPosition, match="before the semi-final"):
        playoffs(field, ["C"], ["A"])


def test_csc_tie_for_first_sudden_death_single_elimination() -> None:
    # A, B, C all 2 wins: tied for first.
    res = _results({"A": ["B", "D"], "B": ["C", "D"], "C": ["A", "D"]})
    lines = aggregate_standings(list("ABCD"), res)
    pending = playoff_field(lines)
    assert pending.pending == (("A", "B", "C"), "first place")
    field = playoff_field(lines, {"first": [("B", "A"), ("B", "C")]})
    assert (field.first, field.semi) == ("B", ("A", "C"))
    with pytest.raises(IllegalInPosition, match="not between two unbeaten"):
        playoff_field(lines, {"first": [("B", "A"), ("A", "C")]})


def test_csc_three_tied_for_second_single_elimination_for_semi_places() -> None:
    res = _results({"A": ["B", "C", "D"], "B": ["C"], "C": ["D"], "D": ["B"]})
    lines = aggregate_standings(list("ABCD"), res)
    assert playoff_field(lines).pending == (("B", "C", "D"), "semi-final places")
    field = playoff_field(lines, {"semi": [("D", "C")]})
    assert (field.first, field.semi) == ("A", ("B", "D"))


def test_csc_playoff_field_reasons_name_points_ties_and_sudden_death() -> None:
    res = _results({"A": ["B", "C", "D"], "B": ["C"], "C": ["D"], "D": ["B"]})
    lines = aggregate_standings(list("ABCD"), res)
    sd = {"semi": [("D", "C")]}
    why = field_reasons(lines, playoff_field(lines, sd), sd)
    assert why["A"] == "first, bye to the final (8.2 b): 3 aggregate points"
    assert (
        why["D"] == "semi-final (8.2 d): 1 aggregate point (tied with B, C); sudden death: beat C"
    )
    assert why["B"].endswith("(tied with C, D); through the sudden-death draw without playing")
    assert why["C"].startswith("out") and why["C"].endswith("lost to D")
    pending = field_reasons(lines, playoff_field(lines))
    assert pending["B"].startswith("sudden death for semi-final places to play (8.2 e)")


def test_csc_places_after_sudden_death_no_shared_place_for_the_team_knocked_out() -> None:
    res = _results({"A": ["B", "C", "D"], "B": ["C"], "C": ["D"], "D": ["B"]})
    lines = aggregate_standings(list("ABCD"), res)
    assert [(x.team, x.place, x.tied) for x in lines][1:] == [
        ("B", 2, True),
        ("C", 2, True),
        ("D", 2, True),
    ]
    # Still to play: B, C, D share second.
    waiting = settled(lines, playoff_field(lines))
    assert [(x.place, x.tied) for x in waiting] == [(1, False), (2, True), (2, True), (2, True)]
    # D beat C: B and D are the semi-finalists (level, so they share second); C is 4th.
    field = playoff_field(lines, {"semi": [("D", "C")]})
    placed = {x.team: (x.place, x.tied) for x in settled(lines, field)}
    assert placed == {"A": (1, False), "B": (2, True), "D": (2, True), "C": (4, False)}
