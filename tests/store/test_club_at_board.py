"""Shuffleboard at the boards: a scorer code per club meeting; one
team enters the game, the other confirms it ("Scores shall be kept in triplicate, the
original for the League Secretary and one for each team", CSC VII 11) or disputes it
to the referees ("A protest committee shall be established to deal with claims and
protests", VII 10). SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from flickboard.errors import IllegalInPosition, NotAllowed
from flickboard.events.eventfile import ClubEventFile, parse_any
from flickboard.events.racegame import race_from_final, race_from_text
from flickboard.store.acting import Actor
from flickboard.store.service import DeskService

REFEREE = Actor("referee", "ref", account=True)


@pytest.fixture
def svc(engine: Engine) -> DeskService:
    service = DeskService(engine=engine)
    spec = parse_any(
        {
            "name": "Zone",
            "format": "csc-round-robin",
            "discipline": "singles",
            "entrants": [{"id": t, "name": f"Team {t}"} for t in "ABCD"],
        }
    )
    assert isinstance(spec, ClubEventFile)
    service.events.create_club(Actor.desk(), spec)
    return service


def _scorer(svc: DeskService, event: str, round_no: int, team: str) -> Actor:
    return svc.identity.scorer(svc.identity.issue_code(Actor.desk(), event, round_no, team))


def test_csc_vii_11_one_team_enters_the_other_confirms(svc: DeskService) -> None:
    g = svc.csc.state("Zone").games[0]
    phone = _scorer(svc, "Zone", g.round_no, g.home)
    race = race_from_text("3-0,0-2,12-0", None, 15)
    game = svc.games.enter(phone, "Zone", g.round_no, g.visitors, 1, race, by=g.home)
    assert game.status == "entered" and game.entered_by == g.home
    assert svc.csc.state("Zone").remaining == 12  # not counted until confirmed
    with pytest.raises(IllegalInPosition, match="the other team confirms it"):
        svc.games.confirm(phone, "Zone", game.id, g.home, "AH")
    with pytest.raises(IllegalInPosition, match="already entered"):
        svc.games.enter(phone, "Zone", g.round_no, g.home, 1, race, by=g.visitors)
    done = svc.games.confirm(phone, "Zone", game.id, g.visitors, "dp")
    assert done.status == "confirmed" and done.confirmed_by == f"{g.visitors} (dp)"
    st = svc.csc.state("Zone")
    assert st.remaining == 11 and st.games[0].result is not None
    assert [a["action"] for a in svc.audit(REFEREE, "Zone")][-2:] == [
        "enter_club_result",
        "confirm_club_game",
    ]


def test_csc_scorer_kept_to_the_game_of_their_code(svc: DeskService) -> None:
    first, second = svc.csc.state("Zone").games[:2]
    phone = _scorer(svc, "Zone", first.round_no, first.home)
    race = race_from_final((15, 3), 15)
    with pytest.raises(NotAllowed, match="this scorer code is for round"):
        svc.games.enter(phone, "Zone", second.round_no, second.home, 1, race, second.home)
    with pytest.raises(NotAllowed, match="director or referee only"):
        svc.games.correct(phone, "Zone", 1, race, "x")


def test_csc_vii_10_dispute_goes_to_the_referees_who_rule(svc: DeskService) -> None:
    g = svc.csc.state("Zone").games[0]
    phone = _scorer(svc, "Zone", g.round_no, g.visitors)
    entered = race_from_final((15, 3), 15)
    game = svc.games.enter(phone, "Zone", g.round_no, g.home, 1, entered, by=g.home)
    svc.games.dispute(phone, "Zone", game.id, g.visitors, "the last frame was 0-4")
    (queued,) = svc.disputes(REFEREE, "Zone")
    assert queued["names"] == [f"Team {g.home}", f"Team {g.visitors}"]
    assert queued["board"] == g.board and queued["game_id"] == game.id
    with pytest.raises(IllegalInPosition, match="disputed: a referee rules on it"):
        svc.games.confirm(phone, "Zone", game.id, g.visitors, "X")
    with pytest.raises(NotAllowed):
        svc.games.rule(Actor.desk(), "Zone", game.id, None, "as entered")  # not signed
    ruled = svc.games.rule(REFEREE, "Zone", game.id, race_from_final((15, 7), 15), "0-4")
    assert ruled.status == "confirmed" and ruled.result.totals == (15, 7)
    assert ruled.confirmed_by == "referee ref: 0-4" and svc.disputes(REFEREE) == []
    row = svc.audit(REFEREE, "Zone")[-1]
    assert row["action"] == "rule_club_game" and row["before"] and row["after"]


def test_league_vii_11_night_entered_and_confirmed_at_the_board(engine: Engine) -> None:
    svc = DeskService(engine=engine)
    spec = parse_any(
        {
            "name": "Tuesday",
            "format": "league-six",
            "entrants": [
                {
                    "id": team,
                    "name": f"Team {team}",
                    "players": [{"id": f"{team[0]}{i}", "name": f"P{i}"} for i in range(1, 7)],
                }
                for team in ("HOME", "VIS")
            ],
        }
    )
    assert isinstance(spec, ClubEventFile)
    svc.events.create_club(Actor.desk(), spec)
    for team, p in (("HOME", "H"), ("VIS", "V")):
        start = {"A": [f"{p}1", f"{p}2"], "B": [f"{p}3", f"{p}4"], "C": [f"{p}5", f"{p}6"]}
        svc.league.lineup(Actor.desk(), "Tuesday", 1, team, start)
    phone = _scorer(svc, "Tuesday", 1, "VIS")
    for n in range(1, 10):
        game = svc.games.enter(
            phone, "Tuesday", 1, "VIS", n, race_from_final((21, n), 21), by="VIS"
        )
        assert game.what == f"game {n} of night 1, HOME v VIS"
        if n < 9:
            svc.games.confirm(phone, "Tuesday", game.id, "HOME", "hh")
    assert svc.league.match("Tuesday", 1, "HOME").points == (8, 0)
    svc.games.confirm(phone, "Tuesday", game.id, "HOME", "hh")
    assert svc.league.standings("Tuesday")[0].match_points == 9
