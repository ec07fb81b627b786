"""Results-only cards at the desk, on SQLite and PostgreSQL: stored
and read back exactly as the scorecard holds them, ranked from the database as from an
event file, refused where their rounds would be rescored, and the table's checks."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.eventfile import EventFile, parse_event
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import RoundScore
from flickboard.store.desk import Desk
from flickboard.store.models import CardRoundRow, CardRow, CorrectionRow, SeatRow

EVENT = "Club night"

EVERY_KIND_OF_ROUND: list[dict[str, Any]] = [
    {"winner": 0},
    {"winner": "tie", "twenties": [0, 0]},
    {"winner": 1, "scores": [20, 55]},
    {"winner": 0, "scores": [40, 0], "twenties": [1, 0]},
]
"""A results-only card with every mix CMN allows: winner only, a tie with its 20s, a
score without 20s, a full round. P1 has 2 + 1 + 0 + 2 = 5 points, P2 3."""


def _scored(points: int, tw: tuple[int, int] = (0, 0)) -> list[dict[str, Any]]:
    return [
        {"scores": list(r.scores), "twenties": list(r.twenties)}
        for r in game_with(points, tw).rounds
    ]


def _event(*cards: dict[str, Any]) -> EventFile:
    return parse_event(
        {
            "name": EVENT,
            "category": "adult singles",
            "format": "preliminary",
            "games": 3,
            "seed": 3,
            "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, 5)],
            "cards": list(cards),
        }
    )


def _card(a: str, b: str, rounds: list[dict[str, Any]]) -> dict[str, Any]:
    return {"round": 1, "sides": [a, b], "rounds": rounds}


def _counts(desk: Desk) -> tuple[int, ...]:
    return tuple(desk.count(t) for t in (CardRow, CardRoundRow, SeatRow, CorrectionRow))


def test_results_only_card_is_stored_and_read_back_exactly(desk: Desk, engine: Engine) -> None:
    spec = _event(_card("P1", "P2", EVERY_KIND_OF_ROUND), _card("P3", "P4", _scored(6, (2, 1))))
    desk.create_event(spec)
    stored = desk.snapshot(EVENT)
    assert stored.cards == spec.cards
    assert stored.to_cards() == spec.to_cards()
    only, scored = stored.to_cards()
    assert only.results_only and only.points == (5, 3) and only.twenties is None
    assert [r.winner for r in only.rounds] == [0, None, 1, 0]
    assert not scored.results_only and scored.twenties == (2, 1)
    with Session(engine) as s:
        rows = [
            (r.results_only, r.winner, r.score0, r.score1, r.twenties0, r.twenties1)
            for r in s.scalars(
                select(CardRoundRow).order_by(CardRoundRow.card_id, CardRoundRow.idx)
            )
        ]
    assert rows[:4] == [
        (True, 0, None, None, None, None),
        (True, None, None, None, 0, 0),
        (True, 1, 20, 55, None, None),
        (True, 0, 40, 0, 1, 0),
    ]
    assert {r[:2] for r in rows[4:]} == {(False, None)}


def test_db_standings_of_results_only_cards_read_as_the_file_standings(desk: Desk) -> None:
    spec = _event(_card("P1", "P2", EVERY_KIND_OF_ROUND), _card("P3", "P4", _scored(8, (2, 0))))
    desk.create_event(spec)
    from_db = desk.standings(EVENT)
    assert from_db == spec.standings(provisional=True)
    assert from_db.of("P1").reasons[0] == (
        "5 tournament points (20s not recorded in 1 game: results only)"
    )
    assert desk.live(EVENT).standings == from_db


def test_db_standings_stop_where_a_tie_needs_20s_not_recorded_as_the_file_does(
    desk: Desk,
) -> None:
    """P1 (results only, 6 points) and P3 (6 points, scored) tie in a preliminary, where
    20s in the match break the tie (WCC): the desk says whose 20s are missing."""
    winners = [{"winner": w} for w in (0, 0, 1, 0)]
    spec = _event(_card("P1", "P2", winners), _card("P3", "P4", _scored(6, (2, 0))))
    desk.create_event(spec)
    with pytest.raises(IllegalInPosition) as from_file:
        spec.standings(provisional=True)
    with pytest.raises(IllegalInPosition) as from_db:
        desk.standings(EVENT)
    assert str(from_db.value) == str(from_file.value)
    assert "20s break the tie next (WCC), but the 20s of P1" in str(from_db.value)
    assert "are not recorded" in str(from_db.value)


def test_results_only_card_cannot_be_corrected_and_says_to_enter_it_again(desk: Desk) -> None:
    """The chosen reading: a results-only round has no scores to correct; the error says
    what to do, and doing it (withdraw before validation, enter with scores) works."""
    desk.create_event(_event(_card("P1", "P2", EVERY_KIND_OF_ROUND)))
    desk.validate_card(EVENT, 1, "P2", "XY")
    before = _counts(desk)
    with pytest.raises(
        IllegalInPosition,
        match=r"round 1 card of P1 v P2 holds results only .* withdraw it before it is "
        r"validated and enter it again",
    ):
        desk.correct_card(EVENT, 1, "P1", "RR", 1, RoundScore((40, 0), (0, 0)), "scores found")
    assert _counts(desk) == before
    desk.create_event(
        _event(_card("P1", "P2", EVERY_KIND_OF_ROUND)).model_copy(update={"name": "Again"})
    )
    desk.withdraw_card("Again", 1, "P1")
    desk.enter_card("Again", 1, ("P1", "P2"), game_with(6, (1, 0)).rounds)
    (card,) = desk.snapshot("Again").to_cards()
    assert not card.results_only and card.twenties == (1, 0)


def test_dispute_of_results_only_card_is_ruled_standing_not_rescored(desk: Desk) -> None:
    desk.create_event(_event(_card("P1", "P2", EVERY_KIND_OF_ROUND)))
    desk.dispute_card(EVENT, 1, "P2", "round 2 was mine")
    with pytest.raises(IllegalInPosition, match=r"holds results only .* or rule that the card"):
        desk.rule_dispute(EVENT, 1, "P1", "RR", game_with(6).rounds, "rescored")
    ruled = desk.rule_dispute(EVENT, 1, "P1", "RR", None, "the card stands")
    assert ruled.results_only and ruled.validation is not None
    (card,) = desk.snapshot(EVENT).to_cards()
    assert card.validation is not None and card.validation.referee == "RR"
    assert card.rounds == ruled.rounds and desk.disputes(EVENT) == []


def test_card_with_neither_scores_nor_winner_is_refused_and_nothing_is_stored(
    desk: Desk,
) -> None:
    rounds = [{"twenties": [1, 0]}, *EVERY_KIND_OF_ROUND[1:]]
    with pytest.raises(
        InvalidInput, match=r"cards\.0\.rounds\.0: .*a round gives its scores, or \(results "
    ):
        _event(_card("P1", "P2", rounds))
    assert desk.events() == [] and _counts(desk) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("values", "check"),
    [
        ({"results_only": False}, "round_scored_or_results_only"),
        ({"results_only": False, "score0": 20, "score1": 5, "winner": 0}, "round_scored_or"),
        ({"results_only": True, "winner": 2}, "round_scored_or_results_only"),
        ({"results_only": True, "winner": 0, "score0": 20}, "round_scored_or_results_only"),
        ({"results_only": True, "winner": 1, "score0": 20, "score1": 5}, "round_winner_fits"),
        ({"results_only": True, "winner": None, "score0": 20, "score1": 5}, "round_winner_fits"),
        ({"results_only": True, "winner": 0, "score0": 22, "score1": 5}, "score0_multiple_of_5"),
        (
            {"results_only": True, "winner": 0, "score0": 20, "score1": 5, "twenties0": 1},
            "round_scored_or_results_only",
        ),
        (
            {
                "results_only": True,
                "winner": 0,
                "score0": 20,
                "score1": 5,
                "twenties0": 2,
                "twenties1": 0,
            },
            "twenties0_fit",
        ),
        (
            {"results_only": False, "score0": 20, "score1": 5, "twenties0": 0, "twenties1": 1},
            "twenties1_fit",
        ),
    ],
)
def test_card_round_table_refuses_a_round_neither_scored_nor_results_only(
    desk: Desk, engine: Engine, values: dict[str, Any], check: str
) -> None:
    """The database's own checks, without the desk: a round is fully scored (no stored
    winner) or results-only (a winner 0, 1 or none, each figure for both sides or
    neither, a recorded score agreeing with the winner), points in fives, 20s fitting."""
    desk.create_event(_event(_card("P1", "P2", EVERY_KIND_OF_ROUND)))
    with Session(engine) as s:
        card_id = s.scalars(select(CardRow.id)).one()
    table = sa.table("card_rounds", *(sa.column(k) for k in ("card_id", "idx", *values)))
    with pytest.raises(IntegrityError, match=check), engine.begin() as conn:
        conn.execute(table.insert().values(card_id=card_id, idx=9, **values))
    assert desk.count(CardRoundRow) == 4
