"""Shuffleboard results that hold: a score no game to its target
can end with is refused in the rules' words, wherever it comes in; officials correct
and withdraw club games, audited with before and after. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from flickboard.errors import IllegalInPosition, InvalidInput, NotAllowed, NotFound
from flickboard.events.eventfile import ClubEventFile, parse_any
from flickboard.events.racegame import race_from_final, race_from_text
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.models import ClubFrameRow, ClubGameRow
from flickboard.store.service import DeskService

REFEREE = Actor("referee", "ref", account=True)
SCORER = Actor("scorer", "board 1")


def _spec(data: dict[str, object]) -> ClubEventFile:
    spec = parse_any(data)
    assert isinstance(spec, ClubEventFile)
    return spec


@pytest.fixture
def svc(engine: Engine) -> DeskService:
    """A CSC singles round robin of three (to 15) and a four-person league (to 21)."""
    service = DeskService(engine=engine)
    service.events.create_club(
        Actor.desk(),
        _spec(
            {
                "name": "Zone",
                "format": "csc-round-robin",
                "discipline": "singles",
                "entrants": [{"id": t, "name": f"Team {t}"} for t in "ABC"],
            }
        ),
    )
    service.events.create_club(
        Actor.desk(),
        _spec(
            {
                "name": "Tuesday",
                "format": "league-four",
                "entrants": [
                    {
                        "id": team,
                        "name": f"Team {team}",
                        "players": [{"id": f"{team[0]}{i}", "name": f"P{i}"} for i in range(1, 5)],
                    }
                    for team in ("HOME", "VIS")
                ],
            }
        ),
    )
    for team, p in (("HOME", "H"), ("VIS", "V")):
        service.league.store.set_lineup(
            "Tuesday", 1, team, {str(i): [f"{p}{i}"] for i in range(1, 5)}
        )
    return service


def _stored(svc: DeskService) -> tuple[int, int]:
    return svc.club.count(ClubGameRow), svc.club.count(ClubFrameRow)


def test_csc_v_4k_score_no_game_to_15_ends_with_refused(svc: DeskService) -> None:
    """ "Fifteen (15) points makes a winning game in singles": the game ends in the
    frame it is reached, and a frame gives at most 16, so 99999-0 (and 31-0) is no
    game to 15: refused in the rules' words, typed or given to the library."""
    g = svc.csc.state("Zone").games[0]
    before = _stored(svc)
    with pytest.raises(IllegalInPosition, match=r"^final score 99999-0: no game to 15 ends"):
        race_from_text(None, "99999-0", 15)
    for race in (RaceScore(15, ((99999, 0),)), RaceScore(15, ((31, 0),))):
        with pytest.raises(IllegalInPosition, match="a winner has at most 30"):
            svc.csc.game(Actor.desk(), "Zone", g.round_no, g.home, g.visitors, race)
    assert _stored(svc) == before
    st = svc.csc.game(
        Actor.desk(), "Zone", g.round_no, g.home, g.visitors, race_from_final((30, 14), 15)
    )
    assert max(x.scored for x in st.standings) == 30


def test_csc_v_5i_frame_of_more_than_four_weights_refused(svc: DeskService) -> None:
    """ "Each player delivers four weights": a frame gives one side 16 at most, and no
    frame follows the one in which 15 was reached; the library is held to it too."""
    g = svc.csc.state("Zone").games[0]
    before = _stored(svc)
    for race, why in (
        (RaceScore(15, ((3, 0), (0, 17))), "a frame scores at most 16"),
        (RaceScore(15, ((15, 0), (0, 3))), "the game ended at 15-0 when 15 was reached"),
        (RaceScore(15, ((3, 2), (12, 0))), "only one side"),
    ):
        with pytest.raises((IllegalInPosition, InvalidInput), match=why):
            svc.csc.game(Actor.desk(), "Zone", g.round_no, g.home, g.visitors, race)
    assert _stored(svc) == before


def test_frames_and_score_given_must_agree() -> None:
    """Given both, the score is checked against the frames."""
    with pytest.raises(InvalidInput, match=r"^the frames add up to 15-4, not the score 15-5"):
        race_from_text("3-0,0-4,12-0", "15-5", 15)
    assert race_from_text("3-0,0-4,12-0", "15-4", 15).totals == (15, 4)


def test_league_vii_1_game_of_21_past_one_frame_refused(svc: DeskService) -> None:
    """ "GAME Will consist of twenty-one (21) points. The First to reach or exceed this
    total is the winner": 37 is the most a winner can have, 38 is refused."""
    before = _stored(svc)
    with pytest.raises(IllegalInPosition, match=r"VII 1\).*a winner has at most 36"):
        svc.league.game(Actor.desk(), "Tuesday", 1, "HOME", 1, RaceScore(21, ((37, 0),)))
    assert _stored(svc) == before
    m = svc.league.game(Actor.desk(), "Tuesday", 1, "HOME", 1, RaceScore(21, ((36, 20),)))
    assert m.games[0] is not None


def test_club_game_corrected_by_an_official_audited_before_and_after(svc: DeskService) -> None:
    g = svc.csc.state("Zone").games[0]
    svc.csc.game(Actor.desk(), "Zone", g.round_no, g.home, g.visitors, race_from_final((15, 2), 15))
    (game,) = svc.games.stored("Zone")
    with pytest.raises(NotAllowed, match="director or referee only"):
        svc.games.correct(SCORER, "Zone", game.id, race_from_final((2, 15), 15), "typo")
    fixed = svc.games.correct(
        REFEREE,
        "Zone",
        game.id,
        race_from_text("3-0,0-4,0-11", None, 15),
        "home and visitors swapped",
    )
    assert fixed.result.totals == (3, 15) and fixed.what.startswith(f"the round {g.round_no} game")
    st = svc.csc.state("Zone")
    assert st.games[0].result is not None and st.games[0].result.winner == 1
    row = svc.audit(REFEREE, "Zone")[-1]
    assert row["action"] == "correct_club_game" and row["actor"] == "ref"
    assert "home and visitors swapped" in str(row["detail"])
    assert row["before"] and row["after"]
    assert row["before"][f"club_games:{game.id}"]["winner"] == 0
    assert row["after"][f"club_games:{game.id}"]["winner"] == 1
    with pytest.raises(IllegalInPosition, match="at most 30"):
        svc.games.correct(REFEREE, "Zone", game.id, RaceScore(15, ((40, 0),)), "x")
    with pytest.raises(NotFound, match="Zone has no game 9999"):
        svc.games.correct(REFEREE, "Zone", 9999, race_from_final((15, 0), 15), "x")
    with pytest.raises(InvalidInput, match="say why"):
        svc.games.correct(REFEREE, "Zone", game.id, race_from_final((15, 0), 15), " ")


def test_club_game_withdrawn_then_entered_again(svc: DeskService) -> None:
    svc.league.game(Actor.desk(), "Tuesday", 1, "HOME", 2, race_from_final((21, 3), 21))
    (game,) = svc.games.stored("Tuesday")
    assert game.what == "game 2 of night 1, HOME v VIS"
    gone = svc.games.withdraw(REFEREE, "Tuesday", game.id, "entered for the wrong game")
    assert gone.result.totals == (21, 3)
    assert svc.games.stored("Tuesday") == [] and _stored(svc) == (0, 0)
    row = svc.audit(REFEREE, "Tuesday")[-1]
    assert row["action"] == "withdraw_club_game" and row["after"] is None
    assert row["before"][f"club_games:{game.id}"]["label"] == "N1:HOME"
    m = svc.league.game(Actor.desk(), "Tuesday", 1, "HOME", 3, race_from_final((21, 3), 21))
    assert m.games[1] is None and m.games[2] is not None


def test_league_correction_changes_the_match_points(svc: DeskService) -> None:
    svc.league.game(Actor.desk(), "Tuesday", 1, "HOME", 1, race_from_final((21, 3), 21))
    (game,) = svc.games.stored("Tuesday")
    assert svc.league.match("Tuesday", 1, "HOME").points == (1, 0)
    svc.games.correct(REFEREE, "Tuesday", game.id, race_from_final((3, 21), 21), "swapped")
    assert svc.league.match("Tuesday", 1, "HOME").points == (0, 1)


def test_csc_vi_8_2_round_robin_game_fixed_once_a_playoff_game_is_entered(
    svc: DeskService,
) -> None:
    """The playoff field is drawn from the double round robin (8.2 NOTE): once a
    playoff game is entered, a round-robin game changes only after it is withdrawn."""
    for g in svc.csc.state("Zone").games:
        win = (15, 2) if g.home < g.visitors else (2, 15)
        svc.csc.game(Actor.desk(), "Zone", g.round_no, g.home, g.visitors, race_from_final(win, 15))
    svc.csc.playoff(Actor.desk(), "Zone", "semi", race_from_final((15, 9), 15))
    first, *_, semi = svc.games.stored("Zone")
    assert semi.what == "semi-final game 1 (B v C)"
    with pytest.raises(IllegalInPosition, match=r"semi-final game 1 .* was played after it"):
        svc.games.withdraw(REFEREE, "Zone", first.id, "wrong")
    svc.games.withdraw(REFEREE, "Zone", semi.id, "entered too early")
    svc.games.correct(REFEREE, "Zone", first.id, race_from_final((15, 14), 15), "miscount")


def test_fair_bracket_only_the_last_game_entered_changes(engine: Engine) -> None:
    """Later matches are drawn from the winners: only the game entered last can be
    corrected or withdrawn; a fair-rules score is checked in fives."""
    svc = DeskService(engine=engine)
    svc.events.create_club(
        Actor.desk(),
        _spec(
            {
                "name": "Fair",
                "format": "elimination",
                "entrants": [{"id": str(i), "name": f"P{i}"} for i in range(1, 5)],
            }
        ),
    )
    win = race_from_final((100, 40), 100, multiple_of=5)
    for match in ("M1-1", "M1-2"):
        svc.bracket.game(Actor.desk(), "Fair", match, win)
    first, last = svc.games.stored("Fair")
    with pytest.raises(IllegalInPosition, match="games were entered after it"):
        svc.games.correct(REFEREE, "Fair", first.id, race_from_final((40, 100), 100), "x")
    with pytest.raises(InvalidInput, match="not a multiple of 5"):
        svc.games.correct(REFEREE, "Fair", last.id, RaceScore(100, ((101, 0), (0, 3))), "x")
    fixed = svc.games.correct(REFEREE, "Fair", last.id, race_from_final((40, 100), 100), "x")
    assert fixed.result.winner == 1
    svc.games.withdraw(REFEREE, "Fair", last.id, "wrong match")
    svc.games.withdraw(REFEREE, "Fair", first.id, "wrong match")
    assert svc.games.stored("Fair") == []
