"""The desk over SQLite and PostgreSQL: every action whole or not at all."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, event

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.eventfile import EventFile, parse_event
from flickboard.events.shootout import ShootOut
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import RoundScore
from flickboard.store.desk import Desk
from flickboard.store.models import CardRoundRow, CardRow, CorrectionRow, SeatRow, ShootOutRow


def _spec(n: int = 4, fmt: str = "preliminary") -> EventFile:
    return parse_event(
        {
            "name": "Club night",
            "category": "adult singles",
            "format": fmt,
            "games": 3,
            "seed": 3,
            "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, n + 1)],
        }
    )


def _rounds(points: int, tw: tuple[int, int] = (0, 0)) -> tuple[RoundScore, ...]:
    return game_with(points, tw).rounds


def _counts(desk: Desk) -> tuple[int, ...]:
    return tuple(
        desk.count(t) for t in (CardRow, CardRoundRow, SeatRow, CorrectionRow, ShootOutRow)
    )


def _play_round(desk: Desk) -> None:
    d = desk.draw_next("Club night")
    for a, b in d.games:
        desk.enter_card("Club night", d.round_no, (a, b), _rounds(6, (1, 0)))
        desk.validate_card("Club night", d.round_no, b, "XY")


def test_event_round_trip_draw_enter_validate_standings(desk: Desk) -> None:
    desk.create_event(_spec())
    _play_round(desk)
    s = desk.standings("Club night")
    assert sorted(p.points for p in s.placings) == [2, 2, 6, 6]
    snap = desk.snapshot("Club night")
    assert len(snap.cards) == 2 and all(c.validated for c in snap.cards)


def test_unvalidated_card_refused_in_standings(desk: Desk) -> None:
    desk.create_event(_spec())
    d = desk.draw_next("Club night")
    a, b = d.games[0]
    desk.enter_card("Club night", 1, (a, b), _rounds(6))
    with pytest.raises(IllegalInPosition, match="not validated"):
        desk.standings("Club night")


def test_game_entered_twice_refused_and_nothing_changes(desk: Desk) -> None:
    desk.create_event(_spec())
    d = desk.draw_next("Club night")
    a, b = d.games[0]
    desk.enter_card("Club night", 1, (a, b), _rounds(6))
    before = _counts(desk)
    with pytest.raises(IllegalInPosition, match="entered twice"):
        desk.enter_card("Club night", 1, (b, a), _rounds(2))
    assert _counts(desk) == before


def test_player_in_two_places_at_once_refused_and_nothing_changes(desk: Desk) -> None:
    spec = _spec(fmt="preliminary")
    desk.create_event(spec)
    # No draw for round 5: free entry, so only the seat constraint can refuse it.
    desk.enter_card("Club night", 5, ("P1", "P2"), _rounds(6))
    before = _counts(desk)
    with pytest.raises(IllegalInPosition, match="P2 already plays P1 v P2 in round 5"):
        desk.enter_card("Club night", 5, ("P3", "P2"), _rounds(6))
    assert _counts(desk) == before


def test_game_not_in_the_draw_refused(desk: Desk) -> None:
    desk.create_event(_spec())
    d = desk.draw_next("Club night")
    a = d.games[0][0]
    c = d.games[1][0]
    with pytest.raises(IllegalInPosition, match="not a game of the round 1 draw"):
        desk.enter_card("Club night", 1, (a, c), _rounds(6))


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        (
            lambda: (RoundScore((40, 35), (0, 0)),) * 3 + (RoundScore((42, 35), (0, 0)),),
            "multiple of 5",
        ),
        (lambda: (RoundScore((200, 0), (9, 0)),) * 4, "twenties"),
    ],
)
def test_bad_round_scores_refused_and_nothing_changes(desk: Desk, rounds, message: str) -> None:  # type: ignore[no-untyped-def]
    desk.create_event(_spec())
    before = _counts(desk)
    with pytest.raises(InvalidInput, match=message):
        desk.enter_card("Club night", 1, ("P1", "P2"), rounds())
    assert _counts(desk) == before


def test_failure_mid_write_leaves_nothing_half_written(desk: Desk, engine: Engine) -> None:
    desk.create_event(_spec())
    before = _counts(desk)
    inserts: list[str] = []

    def fail_on_seats(conn, cursor, statement, params, context, executemany):  # type: ignore[no-untyped-def]
        # The card and its rounds are already written in this transaction.
        words = statement.split()
        if words[:2] == ["INSERT", "INTO"]:
            inserts.append(words[2])
            if words[2] == "seats":
                raise RuntimeError("injected failure after the card and its rounds")

    event.listen(engine, "before_cursor_execute", fail_on_seats)
    try:
        with pytest.raises(RuntimeError, match="injected"):
            desk.enter_card("Club night", 9, ("P1", "P2"), _rounds(6))
    finally:
        event.remove(engine, "before_cursor_execute", fail_on_seats)
    assert inserts[0] == "cards" and "card_rounds" in inserts and inserts[-1] == "seats"
    assert _counts(desk) == before


def test_constraint_violation_on_second_row_rolls_back_whole_event(desk: Desk) -> None:
    desk.create_event(_spec())
    data = _spec().model_dump()
    data["name"] = "Second"
    data["byes"] = {"P1": 1}
    # The second card repeats P2 in round 1: its seat row violates the unique constraint.
    good = {"round": 1, "sides": ["P1", "P2"], "rounds": [{"scores": [200, 100]}] * 4}
    bad = {"round": 1, "sides": ["P3", "P2"], "rounds": [{"scores": [200, 100]}] * 4}
    data["cards"] = [good, bad]
    spec = parse_event(data)
    before = _counts(desk)
    with pytest.raises(IllegalInPosition, match="not stored"):
        desk.create_event(spec)
    assert _counts(desk) == before
    assert desk.events() == ["Club night"]


def test_referee_correction_audited(desk: Desk) -> None:
    desk.create_event(_spec())
    _play_round(desk)
    a, b = desk.draws("Club night")[0].games[0]
    fixed = desk.correct_card(
        "Club night", 1, b, "REF", 2, RoundScore((200, 100), (0, 0)), "swapped by mistake"
    )
    # Entered from b's side: b now won round 2, so a's points drop from 6 to 4.
    assert fixed.points == (4, 4)
    trail = desk.corrections("Club night")
    assert trail[0]["referee"] == "REF" and trail[0]["game_round"] == 2
    assert desk.standings("Club night").of(a).points == 4


def test_validation_only_by_the_opponent(desk: Desk) -> None:
    desk.create_event(_spec())
    d = desk.draw_next("Club night")
    a, b = d.games[0]
    desk.enter_card("Club night", 1, (a, b), _rounds(6))
    with pytest.raises(IllegalInPosition, match=f"only the opponent {b}"):
        desk.validate_card("Club night", 1, a, "AA")


def test_shoot_out_recorded_only_for_a_tied_group(desk: Desk) -> None:
    desk.create_event(_spec())
    _play_round(desk)
    s = desk.standings("Club night")
    tied = s.unresolved
    assert len(tied) == 2
    with pytest.raises(IllegalInPosition, match="needs a shoot-out"):
        desk.record_shootout("Club night", ShootOut.of({"P1": 2, "ZZ": 3}))
    group = tied[0]
    after = desk.record_shootout("Club night", ShootOut.of({group[0]: 2, group[1]: 2}))
    assert group in after.unresolved  # tied again: repeat
    after = desk.record_shootout("Club night", ShootOut.of({group[0]: 1, group[1]: 5}))
    assert after.order[0] == group[1]
    assert len(desk.snapshot("Club night").shootouts) == 2


def test_round_robin_event_is_drawn_at_creation(desk: Desk) -> None:
    desk.create_event(_spec(5, "round-robin"))
    draws = desk.draws("Club night")
    assert len(draws) == 5
    assert sum(len(d.games) for d in draws) == 10
    with pytest.raises(IllegalInPosition, match="round robin"):
        desk.draw_next("Club night")


def test_duplicate_event_refused(desk: Desk) -> None:
    desk.create_event(_spec())
    with pytest.raises(IllegalInPosition, match="already exists"):
        desk.create_event(_spec())


def test_correcting_a_stored_card_changes_ratings(desk: Desk) -> None:
    from flickboard.events.ratings import rate

    desk.create_event(_spec())
    _play_round(desk)
    a, b = desk.draws("Club night")[0].games[0]
    before = rate(desk.all_cards())
    for game_round in (1, 2, 3):
        desk.correct_card(
            "Club night", 1, a, "REF", game_round, RoundScore((100, 200), (0, 0)), "misread"
        )
    after = rate(desk.all_cards())
    assert after[b].mu > before[b].mu and after[a].mu < before[a].mu
    assert after == rate(desk.all_cards())


def test_pools_from_the_preliminary_snake_seeded(desk: Desk) -> None:
    desk.create_event(_spec(8))
    _play_round(desk)
    with pytest.raises(IllegalInPosition, match="record a shoot-out first"):
        desk.create_pools("Club night", 2, 3)
    order = desk.standings("Club night").order
    created = desk.create_pools("Club night", 2, 2)
    assert created == ["Club night pool 1", "Club night pool 2"]
    firsts = [[e.id for e in desk.snapshot(p).entrants] for p in created]
    assert firsts == [[order[0], order[3]], [order[1], order[2]]]
    assert len(desk.draws("Club night pool 1")) == 1
