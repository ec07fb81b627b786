"""Club events over SQLite and PostgreSQL: leagues, CSC round robin, fair brackets.
Every refused action leaves the database exactly as it was."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy import Engine, event

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.eventfile import ClubEventFile, parse_any
from flickboard.events.racegame import race_from_final
from flickboard.play.scoring import RaceScore
from flickboard.store.bracket import BracketDesk
from flickboard.store.club import ClubDesk
from flickboard.store.csc import CscDesk
from flickboard.store.desk import Desk
from flickboard.store.league import LeagueDesk
from flickboard.store.models import (
    ClubFrameRow,
    ClubGameRow,
    ClubLineupRow,
    ClubSubstitutionRow,
    EntrantRow,
)

from .conftest import league_spec

FOUR_UP = {"1": ["H1"], "2": ["H2"], "3": ["H3"], "4": ["H4"]}
FOUR_DOWN = {"1": ["V1"], "2": ["V2"], "3": ["V3"], "4": ["V4"]}


def _counts(desk: ClubDesk) -> tuple[int, ...]:
    return tuple(
        desk.count(t)
        for t in (EntrantRow, ClubGameRow, ClubFrameRow, ClubLineupRow, ClubSubstitutionRow)
    )


@pytest.fixture
def league(engine: Engine) -> LeagueDesk:
    desk = LeagueDesk(engine=engine)
    desk.create(league_spec())
    desk.set_lineup("Tuesday", 1, "HOME", FOUR_UP)
    desk.set_lineup("Tuesday", 1, "VIS", FOUR_DOWN)
    return desk


def _refused(desk: ClubDesk, error: type[Exception], match: str, action: Any) -> None:
    before = _counts(desk)
    with pytest.raises(error, match=match):
        action()
    assert _counts(desk) == before


def test_league_night_stored_and_match_points_derived(league: LeagueDesk) -> None:
    for g, score in enumerate([(21, 5), (10, 21), (21, 20), (21, 13), (5, 21), (21, 13)], 1):
        m = league.enter_game("Tuesday", 1, "VIS", g, race_from_final(score, 21))
    # HOME: games 1, 3, 4, 6, round 1 (52-46), half of round 2 (47-47); VIS: games 2, 5, half.
    assert m.complete and m.points == (Fraction(11, 2), Fraction(5, 2))
    assert [x.team for x in league.standings("Tuesday")] == ["HOME", "VIS"]


def test_league_game_to_21_won_under_21_refused(league: LeagueDesk) -> None:
    _refused(
        league,
        InvalidInput,
        "not decided",
        lambda: league.enter_game("Tuesday", 1, "HOME", 1, RaceScore(21, ((20, 15),))),
    )


def test_league_result_for_game_not_in_rotation_refused(league: LeagueDesk) -> None:
    race = race_from_final((21, 3), 21)
    _refused(
        league,
        InvalidInput,
        "game 7 is not in the four-person rotation",
        lambda: league.enter_game("Tuesday", 1, "HOME", 7, race),
    )
    _refused(
        league,
        IllegalInPosition,
        "no match on night 3",
        lambda: league.enter_game("Tuesday", 3, "HOME", 1, race),
    )


def test_league_game_entered_twice_refused(league: LeagueDesk) -> None:
    league.enter_game("Tuesday", 1, "HOME", 1, race_from_final((21, 3), 21))
    _refused(
        league,
        IllegalInPosition,
        "^game 1 of night 1, HOME v VIS, is already entered$",
        lambda: league.enter_game("Tuesday", 1, "VIS", 1, race_from_final((3, 21), 21)),
    )


def test_league_substitution_breaking_a_limit_refused(league: LeagueDesk) -> None:
    league.substitute("Tuesday", 1, "HOME", 4, "H1", "H5")
    # H1 back in slot 2 from game 4 would partner H4 again (game 2).
    _refused(
        league,
        IllegalInPosition,
        "already partners",
        lambda: league.substitute("Tuesday", 1, "HOME", 4, "H2", "H1"),
    )
    assert league.match("Tuesday", 1, "HOME").players[0] is not None


def test_league_substitution_entered_as_it_happened_after_the_game(league: LeagueDesk) -> None:
    league.enter_game("Tuesday", 1, "HOME", 4, race_from_final((21, 3), 21))
    _refused(
        league,
        IllegalInPosition,
        "only before the beginning of a game",
        lambda: league.substitute("Tuesday", 1, "HOME", 3, "H3", "H5", during=True),
    )
    # made before game 3 and entered after game 4's result: the played games get their
    # real players
    m = league.substitute("Tuesday", 1, "HOME", 3, "H3", "H5")
    assert m.players[0] is not None and m.players[0][2] == ("H5", "H1")


def test_league_line_up_from_the_roster_once_a_night(league: LeagueDesk) -> None:
    _refused(
        league,
        IllegalInPosition,
        "line-up for night 1 is set",
        lambda: league.set_lineup("Tuesday", 1, "HOME", FOUR_UP),
    )
    bad = {"1": ["V1"], "2": ["H2"], "3": ["H3"], "4": ["H4"]}
    _refused(
        league,
        InvalidInput,
        "V1 is not on HOME's roster",
        lambda: league.set_lineup("Tuesday", 2, "HOME", bad),
    )
    _refused(
        league,
        IllegalInPosition,
        "set VIS's line-up",
        lambda: league.enter_game("Tuesday", 2, "HOME", 1, race_from_final((21, 3), 21)),
    )


def test_league_forfeits_for_delay_then_rolled_back_whole_on_failure(
    league: LeagueDesk, engine: Engine
) -> None:
    seen: list[int] = []

    def fail_second_game(conn, cursor, statement, params, context, executemany):  # type: ignore[no-untyped-def]
        if statement.split()[:3] == ["INSERT", "INTO", "club_games"]:
            seen.append(1)
            if len(seen) == 2:
                raise RuntimeError("injected failure after the first forfeit")

    before = _counts(league)
    event.listen(engine, "before_cursor_execute", fail_second_game)
    try:
        with pytest.raises(RuntimeError, match="injected"):
            league.forfeit_for_delay("Tuesday", 1, "VIS", 31)
    finally:
        event.remove(engine, "before_cursor_execute", fail_second_game)
    assert _counts(league) == before
    m = league.forfeit_for_delay("Tuesday", 1, "VIS", 31)
    assert m.points == (2, 0) and m.games[2] is None


def test_six_person_line_up_breaking_position_rule_refused(engine: Engine) -> None:
    desk = LeagueDesk(engine=engine)
    desk.create(league_spec("league-six"))
    start = {"A": ["H1", "H2"], "B": ["H3", "H4"], "C": ["H5", "H6"]}
    desk.set_lineup("Tuesday", 1, "HOME", start)
    desk.substitute("Tuesday", 1, "HOME", 6, "H3", "H7")
    _refused(
        desk,
        IllegalInPosition,
        "may only return there",
        lambda: desk.substitute("Tuesday", 1, "HOME", 8, "H1", "H3"),
    )


def _csc(engine: Engine, zone: ClubEventFile) -> CscDesk:
    desk = CscDesk(engine=engine)
    desk.create(zone)
    return desk


def test_csc_game_not_drawn_or_twice_refused(engine: Engine, zone: ClubEventFile) -> None:
    desk = _csc(engine, zone)
    first = desk.state("Zone").games[0]
    desk.enter_game(
        "Zone", first.round_no, first.home, first.visitors, race_from_final((15, 2), 15)
    )
    _refused(
        desk,
        IllegalInPosition,
        f"^the round {first.round_no} game {first.home} v {first.visitors} is already entered$",
        lambda: desk.enter_game(
            "Zone", first.round_no, first.home, first.visitors, race_from_final((15, 9), 15)
        ),
    )
    _refused(
        desk,
        IllegalInPosition,
        "is not drawn in round",
        lambda: desk.enter_game(
            "Zone", first.round_no, first.visitors, first.home, race_from_final((15, 9), 15)
        ),
    )
    _refused(
        desk,
        InvalidInput,
        "are to 15, not 21",
        lambda: desk.enter_game("Zone", 2, "A", "C", race_from_final((21, 9), 21)),
    )


def test_csc_sudden_death_waits_for_the_round_robin(engine: Engine, zone: ClubEventFile) -> None:
    desk = _csc(engine, zone)
    _refused(
        desk,
        IllegalInPosition,
        "games to play",
        lambda: desk.sudden_death("Zone", "first", ("A", "B"), race_from_final((15, 9), 15)),
    )
    _refused(
        desk,
        IllegalInPosition,
        "not settled",
        lambda: desk.playoff_game("Zone", "semi", race_from_final((15, 9), 15)),
    )


def test_csc_sudden_death_message_counts_the_games_left(
    engine: Engine, zone: ClubEventFile
) -> None:
    desk = _csc(engine, zone)
    for g in desk.state("Zone").games[:-1]:
        desk.enter_game("Zone", g.round_no, g.home, g.visitors, race_from_final((15, 2), 15))
    _refused(
        desk,
        IllegalInPosition,
        "^the double round robin has 1 game to play: ",
        lambda: desk.sudden_death("Zone", "first", ("A", "B"), race_from_final((15, 9), 15)),
    )


def test_bracket_refuses_unknown_early_and_decided_matches(engine: Engine) -> None:
    desk = BracketDesk(engine=engine)
    spec = parse_any(
        {
            "name": "Fair",
            "format": "elimination",
            "entrants": [{"id": str(i), "name": f"P{i}"} for i in range(1, 6)],
        }
    )
    assert isinstance(spec, ClubEventFile)
    desk.create(spec)
    win = race_from_final((100, 40), 100, multiple_of=5)
    m = next(m for m in desk.bracket("Fair").main[0] if None not in m.sides)
    desk.enter_game("Fair", m.id, win)
    _refused(desk, IllegalInPosition, "is decided", lambda: desk.enter_game("Fair", m.id, win))
    _refused(desk, IllegalInPosition, "no match X9", lambda: desk.enter_game("Fair", "X9", win))
    _refused(
        desk,
        IllegalInPosition,
        "^match M3-1 waits for the winner of M2-1 and M2-2$",
        lambda: desk.enter_game("Fair", "M3-1", win),
    )
    _refused(desk, IllegalInPosition, "already exists", lambda: desk.create(spec))


def test_a_club_event_asked_of_the_crokinole_desk_names_its_own_command(engine: Engine) -> None:
    LeagueDesk(engine=engine).create(league_spec("league-six"))
    with pytest.raises(IllegalInPosition, match=r"run it with flickboard event league \.\.\.$"):
        Desk(engine=engine).standings("Tuesday")
