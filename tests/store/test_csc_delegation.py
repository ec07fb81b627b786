"""CSC Part VI 7 (a player who cannot compete or continue, substitutes of the same
gender, disqualification when none), VI 14 (a drawn board is kept unless a damaged board
is taken out), VI 9 (the rotation of a championship's events) and VI 12 (an offence
detrimental to the game: prize share forfeited, suspension), over the club desk."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.delegation import DelegationChange
from flickboard.events.eventfile import ClubEventFile, parse_any
from flickboard.events.racegame import race_from_final
from flickboard.store.csc import CscDesk


def _team(code: str, genders: str) -> dict[str, Any]:
    return {
        "id": code,
        "name": f"Charter {code}",
        "players": [
            {"id": f"{code}{i}", "name": f"{code} player {i}", "gender": g}
            for i, g in enumerate(genders, start=1)
        ],
    }


def _zone(engine: Engine, discipline: str = "doubles", **extra: Any) -> CscDesk:
    per = "FM" if discipline == "doubles" else "F"
    spec = parse_any(
        {
            "name": extra.pop("name", "Zone"),
            "format": "csc-round-robin",
            "discipline": discipline,
            "entrants": [_team(t, per + "FM") for t in "ABC"],
            **extra,
        }
    )
    assert isinstance(spec, ClubEventFile)
    desk = CscDesk(engine=engine)
    desk.create(spec)
    return desk


def _play(desk: CscDesk, n: int, name: str = "Zone") -> None:
    """Enter the first ``n`` round-robin games still to play (home wins)."""
    target = desk.target(name)
    for g in [g for g in desk.state(name).games if g.result is None and not g.walkover][:n]:
        desk.enter_game(name, g.round_no, g.home, g.visitors, race_from_final((target, 3), target))


def _change(kind: str, team: str, player: str, rnd: int, new: str | None = None) -> Any:
    return DelegationChange(kind, team, player, rnd, "sprained wrist", new)  # type: ignore[arg-type]


def _game(desk: CscDesk, round_no: int) -> Any:
    """The one game of a round (three teams: one game and a bye a round)."""
    return next(g for g in desk.state("Zone").games if g.round_no == round_no)


# Three teams, double round robin: 1 B-C, 2 A-C, 3 A-B, 4 C-B, 5 C-A, 6 B-A.


def test_csc_vi_7_1_a_before_the_event_a_new_partner_of_the_same_gender(engine: Engine) -> None:
    desk = _zone(engine)
    with pytest.raises(
        IllegalInPosition, match=r"may not replace A2 \(M\): a substitute is of the same gender"
    ):
        desk.record_change("Zone", _change("substitute", "A", "A2", 1, "A3"), "Dee")
    with pytest.raises(IllegalInPosition, match="has not commenced: the remaining partner selects"):
        desk.record_change("Zone", _change("partner-out", "A", "A2", 1), "Dee")
    state = desk.record_change("Zone", _change("substitute", "A", "A2", 1, "A4"), "Dee")
    first = next(g for g in state.games if "A" in (g.home, g.visitors))
    assert ("A1", "A4") in first.players


def test_csc_vi_7_1_b_partner_carries_on_alone_then_a_substitute(engine: Engine) -> None:
    desk = _zone(engine)
    _play(desk, 1)  # round 1: the event has commenced
    with pytest.raises(IllegalInPosition, match="first carries on alone to the end of the game"):
        desk.record_change("Zone", _change("substitute", "A", "A1", 3, "A3"), "Dee")
    desk.record_change("Zone", _change("partner-out", "A", "A1", 2), "Dee")
    with pytest.raises(IllegalInPosition, match="the substitute comes in from round 3"):
        desk.record_change("Zone", _change("substitute", "A", "A1", 2, "A3"), "Dee")
    # the game in progress is finished by the remaining partner and entered as played
    desk.enter_game("Zone", 2, "A", "C", race_from_final((9, 17), 17))
    with pytest.raises(IllegalInPosition, match="name a substitute of the same gender"):
        _play(desk, 1)
    state = desk.record_change("Zone", _change("substitute", "A", "A1", 3, "A3"), "Dee")
    assert _game(desk, 2).players[0] == ("A1", "A2")
    assert state.games[2].players[0] == ("A3", "A2")
    assert "the partner played on alone" in state.reasons["A"]
    _play(desk, 10)  # the rest of the round robin goes on
    assert desk.state("Zone").remaining == 0


def test_csc_vi_7_1_b_no_substitute_of_the_same_gender_disqualifies_the_charter(
    engine: Engine,
) -> None:
    desk = _zone(engine)
    _play(desk, 2)  # rounds 1 and 2
    desk.record_change("Zone", _change("partner-out", "B", "B2", 3), "Dee")
    desk.enter_game("Zone", 3, "A", "B", race_from_final((17, 5), 17))
    state = desk.record_change("Zone", _change("no-substitute", "B", "B2", 4), "Dee")
    line = next(x for x in state.standings if x.team == "B")
    assert line.out and line.place == 3
    assert [(g.round_no, g.walkover) for g in state.games if g.walkover] == [(4, "C"), (6, "A")]
    assert state.reasons["B"].startswith("out, disqualified in this event")
    with pytest.raises(IllegalInPosition, match="B is out of Zone from round 4"):
        desk.enter_game("Zone", 4, "C", "B", race_from_final((17, 3), 17))
    _play(desk, 10)  # round 5, the last game played
    done = desk.state("Zone")
    assert done.field is not None and (done.field.first, done.field.semi) == ("A", ("C",))
    assert done.reasons["C"].startswith("to the final, no semi-final with two teams left in")
    with pytest.raises(IllegalInPosition, match="no semi-final: only two teams are left"):
        desk.playoff_game("Zone", "semi", race_from_final((17, 3), 17))
    desk.playoff_game("Zone", "final", race_from_final((17, 3), 17))


def test_csc_vi_7_2_singles_substitute_of_the_same_gender_from_the_next_game(
    engine: Engine,
) -> None:
    desk = _zone(engine, "singles")
    _play(desk, 1)  # round 1: B v C
    with pytest.raises(IllegalInPosition, match="carries on alone only in doubles"):
        desk.record_change("Zone", _change("partner-out", "C", "C1", 2), "Dee")
    with pytest.raises(IllegalInPosition, match=r"may not replace C1 \(F\): a substitute is"):
        desk.record_change("Zone", _change("substitute", "C", "C1", 2, "C3"), "Dee")
    with pytest.raises(IllegalInPosition, match="round 1 game already has a result"):
        desk.record_change("Zone", _change("substitute", "C", "C1", 1, "C2"), "Dee")
    state = desk.record_change("Zone", _change("substitute", "C", "C1", 2, "C2"), "Dee")
    assert [g.players for g in state.games[:2]] == [(("B1",), ("C1",)), (("A1",), ("C2",))]


def test_csc_vi_14_a_drawn_board_is_kept_unless_a_damaged_board_is_taken_out(
    engine: Engine,
) -> None:
    desk = _zone(engine)
    before = [(g.round_no, g.home, g.board) for g in desk.state("Zone").games]
    assert {b for _, _, b in before} == {1}  # three teams: one game a round, board 1
    _play(desk, 1)
    with pytest.raises(InvalidInput, match="say what damage"):
        desk.take_board_out("Zone", 1, 2, " ", "Dee")
    state = desk.take_board_out("Zone", 1, 2, "cracked surface", "Dee")
    boards = [g.board for g in state.games]
    assert boards[0] == 1 and set(boards[1:]) == {2}  # the played game stays where it was
    assert state.boards_out == ((1, "cracked surface (its games moved to board 2)"),)
    with pytest.raises(IllegalInPosition, match="already out of play"):
        desk.take_board_out("Zone", 1, 3, "again", "Dee")


def test_csc_vi_9_the_rotation_holds_singles_until_mixed_doubles_is_played(
    engine: Engine,
) -> None:
    mixed = _zone(engine, name="Mixed", championship="Canadians", division="mixed doubles")
    _zone(engine, "singles", name="Ladies", championship="Canadians", division="ladies singles")
    with pytest.raises(
        IllegalInPosition, match=r"CSC VI 9: .* Mixed \(mixed doubles\) has 6 games"
    ):
        _play(mixed, 1, "Ladies")
    assert [(st, name) for st, name, _, _ in mixed.championship("Ladies")] == [
        (1, "Mixed"),
        (2, "Ladies"),
    ]
    _play(mixed, 6, "Mixed")
    _play(mixed, 1, "Ladies")
    assert mixed.championship("Mixed")[1][3] == 5  # Ladies: 5 of its 6 games to play


def test_csc_vi_12_offence_forfeits_the_prize_share_and_suspends_the_player(
    engine: Engine,
) -> None:
    desk = _zone(engine)
    _play(desk, 2)
    before = desk.state("Zone")
    with pytest.raises(InvalidInput, match="ZZ is not a player entered in this event"):
        desk.record_offence("Zone", "ZZ", "threw a weight at the scorer", "Rex")
    with pytest.raises(InvalidInput, match="say what the player did"):
        desk.record_offence("Zone", "B2", "  ", "Rex")
    state = desk.record_offence("Zone", "B2", "verbal abuse of the referee", "Rex")
    (offence,) = state.offences
    assert (offence.team, offence.player) == ("B", "B2")
    assert state.prize_forfeited("B") == ("B2",) and state.prize_forfeited("A") == ()
    why = state.reasons["B"]
    assert "B2: offence detrimental to the game (CSC VI 12): verbal abuse of the referee" in why
    assert "forfeits his or her share of any prize contested for" in why
    assert "suspended from further Congress sponsored tournaments" in why
    # the team's results and place stand: only the player's share of the prize goes
    assert [(x.team, x.points) for x in state.standings] == [
        (x.team, x.points) for x in before.standings
    ]
    rows = {r["team"]: r for r in state.rows(desk.names("Zone"))}
    assert rows["B"]["prize_forfeited_by"] == "B2" and rows["A"]["prize_forfeited_by"] == ""
    exported = state.as_dict(desk.names("Zone"))["offences"]
    assert exported == [
        {
            "team": "B",
            "player": "B2",
            "act": "verbal abuse of the referee",
            "clause": "CSC VI 12",
            "prize": "forfeits his or her share of any prize contested for",
            "suspension": "suspended from further Congress sponsored tournaments",
        }
    ]
