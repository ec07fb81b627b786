"""CSC Part VII leagues: both rotation tables exactly, match points, substitutions,
forfeits for delay."""

from __future__ import annotations

from fractions import Fraction

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.leagues import (
    FOUR_PERSON_ROTATION,
    SIX_PERSON_ROTATION,
    Forfeit,
    check_four_person_lineup,
    check_six_person_lineup,
    delay_forfeits,
    four_person_match_points,
    six_person_match_points,
    with_delay_forfeits,
)
from flickboard.play.scoring import RaceScore

# Part VII six-person table as printed (round 2's first game printed "Game 1" is game 4).
SIX_TABLE = """
1 1 A A
1 2 B B
1 3 C C
2 4 A B
2 5 C A
2 6 B C
3 7 C B
3 8 A C
3 9 B A
"""

# Part VII four-person table as printed, with (LE)/(RE) restored in game 6.
FOUR_TABLE = """
1 1 H3 LE V3 RE H2 RE V2 LE
1 2 H1 LE V1 RE H4 RE V4 LE
1 3 H3 LE V3 RE H1 RE V1 LE
2 4 H2 LE V2 RE H4 RE V4 LE
2 5 H1 LE V1 RE H2 RE V2 LE
2 6 H3 LE V3 RE H4 RE V4 LE
"""


def test_csc_six_person_rotation_reproduces_the_table() -> None:
    rows = [f"{g.round} {g.game} {g.home} {g.visitors}" for g in SIX_PERSON_ROTATION]
    assert rows == SIX_TABLE.strip().splitlines()
    # Each pair meets each opposing pair exactly once.
    assert len({(g.home, g.visitors) for g in SIX_PERSON_ROTATION}) == 9


def test_csc_four_person_rotation_reproduces_the_table() -> None:
    rows = []
    for g in FOUR_PERSON_ROTATION:
        cells = []
        for (h, he), (v, ve) in zip(g.home, g.visitors, strict=True):
            cells += [f"H{h}", he, f"V{v}", ve]
        rows.append(f"{g.round} {g.game} " + " ".join(cells))
    assert rows == FOUR_TABLE.strip().splitlines()


def test_csc_four_person_every_player_a_different_partner_each_game() -> None:
    partners = [frozenset(p for p, _ in g.home) for g in FOUR_PERSON_ROTATION]
    assert len(set(partners)) == 6
    check_four_person_lineup([tuple(f"H{p}" for p, _ in g.home) for g in FOUR_PERSON_ROTATION])
    check_four_person_lineup(
        [tuple(f"V{p}" for p, _ in g.visitors) for g in FOUR_PERSON_ROTATION], side=1
    )


def _lineup() -> list[tuple[str, str]]:
    return [tuple(f"H{p}" for p, _ in g.home) for g in FOUR_PERSON_ROTATION]  # type: ignore[misc]


def test_csc_substitute_at_most_three_games_a_night() -> None:
    lineup = _lineup()
    lineup[4] = ("S", "H2")  # game 5: spare for H1
    lineup[5] = ("H3", "S")  # game 6: spare for H4 -> partners fine
    check_four_person_lineup(lineup)
    lineup = [("H3", "S"), ("H1", "H4"), ("S", "H1"), ("H2", "S"), ("H1", "H2"), ("S", "H4")]
    with pytest.raises(IllegalInPosition, match="game 6: S would play a 4th game"):
        check_four_person_lineup(lineup)


def test_csc_substitute_never_same_partner_twice() -> None:
    lineup = _lineup()
    lineup[4] = ("H3", "H2")  # game 5: H3 with H2 again (they partnered in game 1)
    with pytest.raises(IllegalInPosition, match="already partners in game 1"):
        check_four_person_lineup(lineup)


def test_csc_substitute_never_back_to_back_on_same_end() -> None:
    lineup = _lineup()
    lineup[1] = ("S", "H4")  # game 2: S at LE
    lineup[2] = ("S", "H1")  # game 3: S at LE again
    with pytest.raises(IllegalInPosition, match="same end \\(LE\\)"):
        check_four_person_lineup(lineup)


def test_csc_six_person_spare_keeps_rotation_position() -> None:
    check_six_person_lineup([("P1", "P2"), ("S", "P3"), ("P1", "P2")], ["A", "B", "A"])
    with pytest.raises(IllegalInPosition, match=r"^game 2: P1 entered .* position A .* not in B"):
        check_six_person_lineup([("P1", "P2"), ("P3", "P1")], ["A", "B"])


def _game(home: int, visitors: int) -> RaceScore:
    return RaceScore(21, ((home, visitors),))


def test_csc_six_person_one_match_point_per_game_won() -> None:
    games = [_game(21, 10)] * 5 + [_game(3, 22)] * 4
    assert six_person_match_points(games) == (5, 4)
    with pytest.raises(InvalidInput, match="9 games"):
        six_person_match_points([*games, _game(21, 0)])
    with pytest.raises(InvalidInput, match="not decided"):
        six_person_match_points([_game(20, 10)])


def test_csc_four_person_extra_point_per_round_half_on_tie() -> None:
    # Round 1: home wins 2 games but visitors score more points (21+21+5 v 19+19+21).
    r1 = [_game(21, 19), _game(21, 19), _game(5, 21)]
    # Round 2 unfinished: only its games count, no round point yet.
    r2 = [_game(21, 12), _game(10, 21), None]
    home, visitors = four_person_match_points([*r1, *r2])
    # Home: games 1, 2, 4. Visitors: games 3, 5, and round 1 on total points (59 v 47).
    assert (home, visitors) == (Fraction(3), Fraction(3))


def test_csc_four_person_tied_round_totals_give_half_each() -> None:
    r: list[RaceScore | Forfeit] = [_game(21, 20), _game(20, 21), Forfeit(1)]
    home, visitors = four_person_match_points(r)
    assert (home, visitors) == (Fraction(5, 2), Fraction(3, 2))


def test_csc_forfeit_one_game_per_fifteen_minutes_delay() -> None:
    assert [delay_forfeits(m) for m in (0, 14, 15, 30, 44, 45)] == [0, 0, 1, 2, 2, 3]
    games = with_delay_forfeits([None] * 9, side=1, minutes_late=31)
    assert games[:3] == (Forfeit(1), Forfeit(1), None)
    assert six_person_match_points(games) == (2, 0)
