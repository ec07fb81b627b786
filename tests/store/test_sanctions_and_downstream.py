"""Sanctions and absences with their effect on the standings; disputes; corrections
that would change what was built on a result; the Recreational Round of 32; delete."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition
from flickboard.events.eventfile import parse_event
from flickboard.events.sanctions import Sanction
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import RoundScore
from flickboard.store.desk import Desk
from flickboard.store.events import EventAdmin
from flickboard.store.models import CardRow, EntrantRow


def _event(desk: Desk, n: int = 4, games: int = 3, category: str = "adult singles") -> None:
    desk.create_event(
        parse_event(
            {
                "name": "Open",
                "category": category,
                "games": games,
                "seed": 1,
                "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, n + 1)],
            }
        )
    )


def _play(desk: Desk, points: int = 6) -> list[tuple[str, str]]:
    d = desk.draw_next("Open")
    for a, b in d.games:
        desk.enter_card("Open", d.round_no, (a, b), game_with(points, (2, 1)).rounds)
        desk.validate_card("Open", d.round_no, b, "XY")
    return list(d.games)


def test_wcc_forfeit_of_a_round_gives_it_to_the_opponent(desk: Desk) -> None:
    _event(desk)
    (a, b), _ = _play(desk)  # a won rounds 1-3 and lost round 4: 6-2
    s = desk.record_sanction(
        "Open", Sanction("forfeit-round", a, "careless contravention", 1, game_round=1)
    )
    assert (s.of(a).points, s.of(b).points) == (4, 4)
    assert s.of(a).twenties == 2 - 1  # the 20s of the forfeited round do not count
    assert any("forfeited round 1 of the round 1 game" in r for r in s.of(a).reasons)


def test_wcc_forfeit_of_a_game_scores_it_as_lost_every_round(desk: Desk) -> None:
    _event(desk)
    (a, b), _ = _play(desk)
    s = desk.record_sanction("Open", Sanction("forfeit-game", a, "deliberate contravention", 1))
    assert (s.of(a).points, s.of(a).twenties) == (0, 0)
    assert (s.of(b).points, s.of(b).twenties) == (8, 1)


def test_no_show_is_a_walkover_and_refuses_a_card(desk: Desk) -> None:
    _event(desk)
    (a, b), (c, d) = desk.draw_next("Open").games
    s = desk.record_sanction("Open", Sanction("no-show", a, "not at the board at the buzzer", 1))
    assert (s.of(b).points, s.of(b).games, s.of(a).games) == (8, 1, 0)
    with pytest.raises(IllegalInPosition, match=f"{a} did not show for round 1"):
        desk.enter_card("Open", 1, (a, b), game_with(6).rounds)
    desk.enter_card("Open", 1, (c, d), game_with(6).rounds)


def test_withdrawal_and_disqualification_leave_the_draw_and_rank_last(desk: Desk) -> None:
    _event(desk, n=6)
    _play(desk)
    desk.record_sanction("Open", Sanction("withdrawal", "P1", "injured wrist", 2))
    desk.record_sanction("Open", Sanction("disqualification", "P2", "coaching after a warning", 2))
    with pytest.raises(IllegalInPosition, match="P2 is already out"):
        desk.record_sanction("Open", Sanction("withdrawal", "P2", "left", 2))
    d = desk.draw_next("Open")
    assert not {"P1", "P2"} & {p for g in d.games for p in g}
    s = desk.standings("Open")
    assert s.order[-2:] == ("P1", "P2")
    assert "placed after the entrants still in: disqualification" in s.of("P2").reasons


def test_a_disputed_card_waits_for_a_ruling_and_an_unvalidated_one_is_not_corrected(
    desk: Desk,
) -> None:
    _event(desk)
    (a, b), _ = desk.draw_next("Open").games
    desk.enter_card("Open", 1, (a, b), game_with(6).rounds)
    with pytest.raises(IllegalInPosition, match="is not validated: the opponent validates"):
        desk.correct_card("Open", 1, a, "Rex", 1, RoundScore((100, 100), (0, 0)), "x")
    desk.dispute_card("Open", 1, b, "round 1 was mine")
    with pytest.raises(IllegalInPosition, match="is disputed: it waits for a referee"):
        desk.validate_card("Open", 1, b, "XY")
    assert [x["reason"] for x in desk.disputes("Open")] == ["round 1 was mine"]
    card = desk.rule_dispute("Open", 1, a, "Rex", None, "the card stands")
    assert card.validation is not None and card.validation.referee == "Rex"
    assert desk.disputes() == []
    assert desk.snapshot("Open").cards[0].validated is not None


def test_a_correction_that_would_change_the_pools_is_refused(desk: Desk) -> None:
    _event(desk, n=4, games=1)
    (a, b), (c, d) = desk.draw_next("Open").games
    desk.enter_card("Open", 1, (a, b), game_with(8, (3, 0)).rounds)
    desk.enter_card("Open", 1, (c, d), game_with(6, (1, 0)).rounds)
    for loser in (b, d):
        desk.validate_card("Open", 1, loser, "XY")
    (pool,) = desk.create_pools("Open", 1, 2)
    assert set(desk.names(pool)) == {a, c}
    # 20s only: a and c stay on top, the pool is unchanged
    desk.correct_card("Open", 1, a, "Rex", 1, RoundScore((105, 100), (2, 0)), "one more 20")
    with pytest.raises(IllegalInPosition, match=f"would change who plays in {pool}"):
        for i in range(4):
            desk.correct_card("Open", 1, c, "Rex", i + 1, RoundScore((100, 105), (0, 0)), "lost")
    assert set(desk.names(pool)) == {a, c}


def test_a_correction_changing_a_championship_game_winner_after_a_later_game(desk: Desk) -> None:
    desk.create_championship("Final", "adult singles", [("17", "Ann"), ("42", "Joe")])
    tied_then_won = (*game_with(4).rounds, RoundScore((105, 100), (0, 0)))
    desk.enter_card("Final", 1, ("17", "42"), tied_then_won)
    desk.validate_card("Final", 1, "42", "JM")
    desk.enter_card("Final", 2, ("42", "17"), game_with(6).rounds)
    desk.validate_card("Final", 2, "17", "AB")
    with pytest.raises(
        IllegalInPosition, match="make 42 the winner of championship game 1 instead"
    ):
        desk.correct_card("Final", 1, "17", "Rex", 5, RoundScore((100, 105), (0, 0)), "x")
    # the last game may still be corrected: nothing was built on it
    desk.correct_card("Final", 2, "42", "Rex", 4, RoundScore((105, 100), (0, 0)), "misread")


def test_recreational_round_of_32_ranks_like_a_preliminary(desk: Desk) -> None:
    _event(desk, n=34, games=1, category="recreational singles")
    with pytest.raises(IllegalInPosition, match="0 of its 1 rounds drawn: pools and a round of 32"):
        desk.create_round_of_32("Open", 2)
    _play(desk)
    with pytest.raises(IllegalInPosition, match="last place in the round of 32 is tied"):
        desk.create_round_of_32("Open", 2)


def test_deleting_an_event_removes_everything_in_it(desk: Desk) -> None:
    _event(desk)
    _play(desk)
    EventAdmin(engine=desk.engine).delete("Open")
    assert desk.events() == []
    assert desk.count(CardRow) == 0 and desk.count(EntrantRow) == 0
