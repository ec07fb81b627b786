"""Draws: preliminary rounds without repeat opponents, byes, pools, round robins."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.draw import draw_round, pools, round_robin


def _rounds(n: int, count: int, seed: int) -> list:
    entrants = [f"P{i}" for i in range(n)]
    played: set[frozenset[str]] = set()
    byes: set[str] = set()
    draws = []
    for r in range(1, count + 1):
        d = draw_round(entrants, r, played=played, had_bye=byes, seed=seed)
        played |= {frozenset(g) for g in d.games}
        if d.bye:
            byes.add(d.bye)
        draws.append(d)
    return draws


@settings(max_examples=25, deadline=None)
@given(n=st.integers(4, 40), seed=st.integers(0, 1000))
def test_preliminary_draw_no_repeat_opponent_and_everyone_placed(n: int, seed: int) -> None:
    draws = _rounds(n, 3, seed)
    games = [frozenset(g) for d in draws for g in d.games]
    assert len(games) == len(set(games))
    for d in draws:
        seen = [e for g in d.games for e in g] + ([d.bye] if d.bye else [])
        assert sorted(seen) == sorted(f"P{i}" for i in range(n))
        assert (d.bye is not None) == (n % 2 == 1)
    byes = [d.bye for d in draws if d.bye]
    assert len(byes) == len(set(byes))


def test_preliminary_draw_is_deterministic_for_a_seed() -> None:
    assert _rounds(21, 4, 7) == _rounds(21, 4, 7)
    assert _rounds(21, 4, 7) != _rounds(21, 4, 8)


def test_draw_impossible_without_repeat_is_refused() -> None:
    with pytest.raises(IllegalInPosition, match="repeat opponent"):
        draw_round(["A", "B"], 2, played=[frozenset("AB")])


def test_draw_refuses_duplicate_entrant() -> None:
    with pytest.raises(InvalidInput, match="listed twice"):
        draw_round(["A", "A", "B"], 1)


def test_round_robin_pools_snake_seeding() -> None:
    assert pools([str(i) for i in range(1, 9)], 2) == (
        ("1", "4", "5", "8"),
        ("2", "3", "6", "7"),
    )


@pytest.mark.parametrize("n", [3, 4, 5, 8])
def test_round_robin_everyone_meets_everyone_once(n: int) -> None:
    entrants = [chr(65 + i) for i in range(n)]
    draws = round_robin(entrants)
    games = [frozenset(g) for d in draws for g in d.games]
    assert sorted(map(sorted, games)) == sorted(
        map(sorted, map(frozenset, itertools.combinations(entrants, 2)))
    )
    for d in draws:
        present = [e for g in d.games for e in g]
        assert len(present) == len(set(present))
