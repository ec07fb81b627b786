"""CSC Part VII league clauses entered as they happened, over SQLite and PostgreSQL:
ends (VII 7), substitutions and the rotation ruled on (12(a)-(d)), postponements with
and without notice (14). Every refusal leaves the database as it was."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import Engine

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.leagues import Forfeit
from flickboard.events.racegame import race_from_final
from flickboard.store.league import LeagueDesk
from flickboard.store.models import ClubEndsChangeRow, ClubGameRow, ClubSubstitutionRow, SanctionRow

from .conftest import league_spec

SIX_HOME = {"A": ["H1", "H2"], "B": ["H3", "H4"], "C": ["H5", "H6"]}
SIX_VIS = {"A": ["V1", "V2"], "B": ["V3", "V4"], "C": ["V5", "V6"]}
WIN, LOSS = race_from_final((21, 9), 21), race_from_final((9, 21), 21)


def _desk(engine: Engine, fmt: str) -> LeagueDesk:
    desk = LeagueDesk(engine=engine)
    desk.create(league_spec(fmt))
    return desk


@pytest.fixture
def six(engine: Engine) -> LeagueDesk:
    desk = _desk(engine, "league-six")
    desk.set_lineup("Tuesday", 1, "HOME", SIX_HOME)
    desk.set_lineup("Tuesday", 1, "VIS", SIX_VIS)
    return desk


def _rows(desk: LeagueDesk) -> tuple[int, ...]:
    tables = (ClubGameRow, ClubSubstitutionRow, ClubEndsChangeRow, SanctionRow)
    return tuple(desk.count(t) for t in tables)


def _refused(desk: LeagueDesk, error: type[Exception], match: str, action: object) -> None:
    before = _rows(desk)
    with pytest.raises(error, match=match):
        action()  # type: ignore[operator]
    assert _rows(desk) == before


def test_csc_vii_7_players_may_change_ends_in_each_following_game(six: LeagueDesk) -> None:
    m = six.match("Tuesday", 1, "HOME")
    # the line-up gives each pair's ends: the first-named player at the left end
    assert m.players[0] is not None and m.players[0][0] == ("H1", "H2")
    assert m.ends(1, 0) == ("LE", "RE")
    six.enter_game("Tuesday", 1, "HOME", 1, WIN)
    # home pair A plays games 1, 4 and 8: it changes ends before game 4, then back
    m = six.change_ends("Tuesday", 1, "HOME", 4, "a")
    m = six.change_ends("Tuesday", 1, "HOME", 8, "A")
    assert m.players[0] is not None
    assert [m.players[0][g - 1] for g in (1, 4, 8)] == [("H1", "H2"), ("H2", "H1"), ("H1", "H2")]
    # V 1(b): partners remain at their ends for the duration of the game
    _refused(
        six,
        IllegalInPosition,
        r"remain at their ends for the duration of the game \(V 1\(b\)\): pair B may change "
        r"ends from game 3",
        lambda: six.change_ends("Tuesday", 1, "HOME", 2, "B", during=True),
    )
    _refused(
        six,
        InvalidInput,
        "a pair is A, B or C",
        lambda: six.change_ends("Tuesday", 1, "HOME", 2, "D"),
    )
    # a substitute takes the end of the player replaced
    m = six.substitute("Tuesday", 1, "HOME", 2, "H3", "H7")
    assert m.players[0] is not None and m.players[0][1] == ("H7", "H4")


def test_csc_vii_7_four_person_ends_are_the_rotations(engine: Engine) -> None:
    desk = _desk(engine, "league-four")
    desk.set_lineup("Tuesday", 1, "HOME", {"1": ["H1"], "2": ["H2"], "3": ["H3"], "4": ["H4"]})
    assert desk.match("Tuesday", 1, "HOME").ends(1, 1) == ("RE", "LE")
    _refused(
        desk,
        IllegalInPosition,
        r"four-person rotation gives every player's end .* \(VII 12\(b\)\)",
        lambda: desk.change_ends("Tuesday", 1, "HOME", 2, "1"),
    )


def test_csc_vii_12a_substitution_only_before_a_game_the_starter_finishes_it(
    six: LeagueDesk,
) -> None:
    # during game 2 the captain brings H7 on for H3: refused, entered before or after
    _refused(
        six,
        IllegalInPosition,
        r"only before the beginning of a game and any player starting a game shall finish "
        r"the entire game \(VII 12\(a\)\): H3 plays game 2 to its end; H7 may come in before "
        r"game 3",
        lambda: six.substitute("Tuesday", 1, "HOME", 2, "H3", "H7", during=True),
    )
    six.enter_game("Tuesday", 1, "HOME", 2, LOSS)
    _refused(
        six,
        IllegalInPosition,
        "H3 plays game 2 to its end",
        lambda: six.substitute("Tuesday", 1, "HOME", 2, "H3", "H7", during=True),
    )
    _refused(
        six,
        IllegalInPosition,
        "no game follows",
        lambda: six.substitute("Tuesday", 1, "HOME", 9, "H3", "H7", during=True),
    )
    # the same substitution made before the next game stands
    m = six.substitute("Tuesday", 1, "HOME", 3, "H3", "H7")
    assert m.players[0] is not None
    assert m.players[0][1] == ("H3", "H4") and m.players[0][5] == ("H7", "H4")


def test_csc_vii_12b_no_deviation_from_the_rotation(six: LeagueDesk) -> None:
    _refused(
        six,
        IllegalInPosition,
        r"no deviation from the rotation system is permitted \(VII 12\(b\)\): game 4 is A v B, "
        r"not A v C",
        lambda: six.enter_game("Tuesday", 1, "HOME", 4, WIN, played_by="A v C"),
    )
    _refused(
        six,
        InvalidInput,
        "is not like A v B",
        lambda: six.enter_game("Tuesday", 1, "HOME", 4, WIN, played_by="A and B"),
    )
    m = six.enter_game("Tuesday", 1, "HOME", 4, WIN, played_by="a v b")
    assert m.games[3] == WIN


def test_csc_vii_12b_four_person_players_as_the_rotation_pairs_them(engine: Engine) -> None:
    desk = _desk(engine, "league-four")
    for team, p in (("HOME", "H"), ("VIS", "V")):
        desk.set_lineup("Tuesday", 1, team, {str(n): [f"{p}{n}"] for n in range(1, 5)})
    _refused(
        desk,
        IllegalInPosition,
        r"game 1 is 2\+3 v 2\+3, not 1\+3 v 2\+3",
        lambda: desk.enter_game("Tuesday", 1, "HOME", 1, WIN, played_by="1+3 v 2+3"),
    )
    assert desk.enter_game("Tuesday", 1, "HOME", 1, WIN, played_by="3+2 v 2+3").games[0] == WIN


def test_csc_vii_12c_12d_infraction_already_played_forfeits_one_point_each(
    six: LeagueDesk,
) -> None:
    # H3 (position B) is replaced from game 6; back in position A from game 8 breaks
    # 12(c): refused while game 8 is still to play (the desk stops it)
    six.substitute("Tuesday", 1, "HOME", 6, "H3", "H7")
    _refused(
        six,
        IllegalInPosition,
        r"game 8: H3 entered the match in position B and may only return there, not in A "
        r"\(VII 12\(c\)-\(d\)\)",
        lambda: six.substitute("Tuesday", 1, "HOME", 8, "H1", "H3"),
    )
    for game in range(1, 10):
        six.enter_game("Tuesday", 1, "HOME", game, WIN)
    # entered after the night as it happened: it stands, and costs one point (PENALTY:
    # "Forfeiture of one (1) point for each infraction")
    m = six.substitute("Tuesday", 1, "HOME", 8, "H1", "H3")
    assert m.players[0] is not None and m.players[0][7] == ("H3", "H2")
    assert m.penalties == (1, 0) and m.points == (Fraction(8), Fraction(0))
    assert "HOME forfeits 1 match point: 1 substitution breaking VII 12(c)-(d)" in m.notes()[0]
    line = next(x for x in six.standings("Tuesday") if x.team == "HOME")
    assert line.match_points == 8 and "- 1 forfeited (VII 12(c)-(d) penalty)" in line.reason


def test_csc_vii_14_postponement_with_ample_notice_keeps_the_match(six: LeagueDesk) -> None:
    _refused(
        six,
        InvalidInput,
        "say what notice the opposing captain was given",
        lambda: six.postpone("Tuesday", 1, "VIS", True, " ", "Rex"),
    )
    m = six.postpone("Tuesday", 1, "VIS", True, "phoned HOME's captain a week before", "Rex")
    assert m.postponed is not None and m.games == (None,) * 9
    assert m.notes() == (
        "postponed at VIS's request with ample notice (VII 14): phoned HOME's captain a week "
        "before; to be played later",
    )
    _refused(
        six,
        IllegalInPosition,
        "already postponed",
        lambda: six.postpone("Tuesday", 1, "HOME", False, "none", "Rex"),
    )
    # played later: its games are entered as any others
    assert six.enter_game("Tuesday", 1, "HOME", 1, WIN).points == (1, 0)
    assert "night 1: postponed at VIS's request" in six.standings("Tuesday")[0].reason


def test_csc_vii_14_postponement_without_notice_forfeits_the_entire_match(
    engine: Engine,
) -> None:
    desk = _desk(engine, "league-four")
    m = desk.postpone("Tuesday", 2, "HOME", False, "asked on the night", "Rex")
    # night 2: VIS at home; HOME forfeits all six games and both round points
    assert m.teams == ("VIS", "HOME") and m.games == (Forfeit(1),) * 6
    assert m.points == (Fraction(8), Fraction(0)) and m.complete
    assert "HOME forfeits the entire match (VII 14): asked on the night" in m.notes()[0]
    top = desk.standings("Tuesday")[0]
    assert top.team == "VIS" and top.match_points == 8
    assert "night 2: postponement asked by HOME without ample notice" in top.reason
    # a match already begun cannot be postponed
    desk.set_lineup("Tuesday", 1, "HOME", {str(n): [f"H{n}"] for n in range(1, 5)})
    desk.set_lineup("Tuesday", 1, "VIS", {str(n): [f"V{n}"] for n in range(1, 5)})
    desk.enter_game("Tuesday", 1, "HOME", 1, WIN)
    _refused(
        desk,
        IllegalInPosition,
        r"game 1 of the match already has a result: a postponement is asked before the match",
        lambda: desk.postpone("Tuesday", 1, "VIS", False, "none", "Rex"),
    )
