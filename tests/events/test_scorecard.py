"""WCC scorecards: derived totals, validation, referee corrections, refusals."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import CATEGORIES, category
from flickboard.events.scorecard import RoundOutcome, Scorecard, correct, validate
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import GameScore, RoundScore


def _card(**kw: object) -> Scorecard:
    args: dict[str, object] = {
        "category": "adult singles",
        "draw_round": 1,
        "sides": ("17", "42"),
        "names": ("Ann Brubacher", "Joe Martin"),
        "game": game_with(5, (2, 1)),
    }
    args.update(kw)
    return Scorecard(**args)  # type: ignore[arg-type]


def test_wcc_categories_disc_counts() -> None:
    # "6 discs each per round" is per player: a doubles team shoots two sets.
    assert {n: (c.discs, c.doubles) for n, c in CATEGORIES.items()} == {
        "competitive doubles": (12, True),
        "recreational doubles": (12, True),
        "cue doubles": (10, True),
        "adult singles": (8, False),
        "recreational singles": (8, False),
        "cue singles": (6, False),
        "junior": (6, False),
        "intermediate": (6, False),
    }
    with pytest.raises(InvalidInput, match="unknown category"):
        category("speed crokinole")


def test_wcc_scorecard_totals_and_points_derived_from_rounds() -> None:
    rounds = (
        RoundScore((60, 40), (1, 0)),
        RoundScore((35, 35), (0, 0)),
        RoundScore((20, 55), (1, 2)),
        RoundScore((80, 10), (3, 0)),
    )
    c = _card(game=GameScore(rounds))
    assert c.totals == (195, 140)
    assert c.points == (5, 3)
    assert c.twenties == (5, 2)


def test_wcc_round_score_must_be_multiple_of_five() -> None:
    with pytest.raises(InvalidInput, match="multiple of 5"):
        RoundScore((42, 40), (0, 0))


def test_wcc_more_twenties_than_discs_refused() -> None:
    rounds = tuple(RoundScore((220, 0), (11, 0)) for _ in range(4))
    with pytest.raises(InvalidInput, match=r"shoots only 10 discs \(5 each\) in cue doubles"):
        _card(category="cue doubles", game=GameScore(rounds))
    with pytest.raises(InvalidInput, match="shoots only 8 discs in adult singles"):
        _card(game=GameScore(tuple(RoundScore((180, 0), (9, 0)) for _ in range(4))))


def test_doubles_round_with_seven_twenties_accepted() -> None:
    # Two partners with 6 discs each: 7 twenties in a round is possible.
    rounds = (RoundScore((140, 20), (7, 1)), *game_with(4).rounds[1:])
    card = _card(category="competitive doubles", game=GameScore(rounds))
    assert card.twenties == (7, 1)


def test_event_categories_read_disc_counts_from_the_rules_table() -> None:
    from flickboard.rules.crokinole.options import CATEGORIES as RULES

    for c in CATEGORIES.values():
        row = RULES[c.play]
        per_player = row.doubles if c.doubles else row.singles
        assert c.discs == per_player * c.players_per_side


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("names", ("", "Joe Martin"), "full names"),
        ("sides", ("17", " "), "ID numbers"),
        ("category", "", "category name"),
    ],
)
def test_wcc_scorecard_missing_name_id_or_category_refused(
    field: str, value: object, message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        _card(**{field: value})


def test_wcc_game_is_four_rounds() -> None:
    with pytest.raises(InvalidInput, match=r"^a game in adult singles has 4 rounds, got 3$"):
        _card(game=GameScore(game_with(4).rounds[:3]))


def test_wcc_championship_fifth_round_only_when_tied_after_four() -> None:
    tied = game_with(4).rounds
    fifth = RoundScore((40, 20), (0, 0))
    c = _card(game=GameScore((*tied, fifth)), championship=True)
    assert c.game.winner == 0
    with pytest.raises(IllegalInPosition, match="decided after 4"):
        _card(game=GameScore((*game_with(6).rounds, fifth)), championship=True)
    with pytest.raises(InvalidInput, match="4 rounds"):
        _card(game=GameScore((*tied, fifth)))


def test_wcc_championship_game_tied_after_four_needs_its_fifth_round() -> None:
    with pytest.raises(IllegalInPosition, match=r"tied 4-4 after 4 rounds: play round 5"):
        _card(game=game_with(4), championship=True)
    level = RoundScore((30, 30), (0, 0))
    with pytest.raises(IllegalInPosition, match="tied 5-5 after 5 rounds: play round 6"):
        _card(game=GameScore((*game_with(4).rounds, level)), championship=True)


def test_wcc_opponent_validates_with_id_and_initials() -> None:
    c = validate(_card(), "42", "JM")
    assert c.validated and c.validation is not None and c.validation.initials == "JM"
    with pytest.raises(IllegalInPosition, match="only the opponent 42"):
        validate(_card(), "17", "AB")
    with pytest.raises(InvalidInput, match="ID number and initials"):
        validate(_card(), "42", "")
    with pytest.raises(IllegalInPosition, match="already validated"):
        validate(c, "42", "JM")


def test_wcc_corrections_initialled_by_referee_kept_in_audit_trail() -> None:
    c = validate(_card(), "42", "JM")
    new = RoundScore((100, 105), (0, 0))
    fixed = correct(c, "REF1", 0, new, "added wrong")
    assert fixed.game.rounds[0] == new
    assert fixed.points == (3, 5)
    assert len(fixed.corrections) == 1
    audit = fixed.corrections[0]
    assert (audit.referee, audit.before, audit.after) == ("REF1", c.game.rounds[0], new)
    with pytest.raises(IllegalInPosition, match="referee"):
        correct(c, " ", 0, new, "x")
    with pytest.raises(InvalidInput, match="no round 5"):
        correct(c, "REF1", 4, new, "x")


def _outcomes(*winners: int | None) -> tuple[RoundOutcome, ...]:
    return tuple(RoundOutcome(w) for w in winners)


def test_results_only_card_keeps_winners_and_says_what_is_missing() -> None:
    """A CMN record may give only each round's winner: tournament points follow (2 a
    win, 1 each a tie), the board points and 20s are not known."""
    c = _card(game=GameScore(()), outcomes=_outcomes(0, None, 1, 0))
    assert c.results_only and c.points == (5, 3)
    assert c.twenties is None and c.totals is None
    counted = (RoundOutcome(0, twenties=(1, 0)), *_outcomes(0, 1, 1))
    assert _card(game=GameScore(()), outcomes=counted).twenties is None
    all_counted = tuple(RoundOutcome(w, twenties=(1, 0)) for w in (0, 0, 1, 1))
    assert _card(game=GameScore(()), outcomes=all_counted).twenties == (4, 0)


def test_results_only_round_is_checked_against_what_it_records() -> None:
    with pytest.raises(InvalidInput, match="won by side 2, but its scores are 45-20"):
        RoundOutcome(1, (45, 20))
    with pytest.raises(InvalidInput, match="multiple of 5"):
        RoundOutcome(0, (47, 20))
    with pytest.raises(InvalidInput, match="cannot fit"):
        RoundOutcome(0, (45, 20), (3, 0))
    with pytest.raises(InvalidInput, match="winner is side 0 or 1"):
        RoundOutcome(2)
    with pytest.raises(InvalidInput, match="Ann Brubacher has 9 twenties but shoots only 8"):
        _card(game=GameScore(()), outcomes=(RoundOutcome(0, twenties=(9, 0)), *_outcomes(0, 0, 0)))


def test_results_only_card_has_four_rounds_a_fifth_only_in_a_tied_championship() -> None:
    with pytest.raises(InvalidInput, match="has 4 rounds, got 3"):
        _card(game=GameScore(()), outcomes=_outcomes(0, 0, 1))
    tied = _outcomes(0, 1, None, None)
    assert _card(
        game=GameScore(()), outcomes=(*tied, RoundOutcome(1)), championship=True
    ).points == (4, 6)
    with pytest.raises(IllegalInPosition, match="decided after 4"):
        _card(
            game=GameScore(()),
            outcomes=(*_outcomes(0, 0, 1, 0), RoundOutcome(1)),
            championship=True,
        )
    with pytest.raises(InvalidInput, match="scored rounds or results-only rounds, not both"):
        _card(outcomes=_outcomes(0, 0, 1, 0))


def test_results_only_card_cannot_be_corrected_round_by_round() -> None:
    c = _card(game=GameScore(()), outcomes=_outcomes(0, 0, 1, 0))
    with pytest.raises(IllegalInPosition, match="results-only card has no round scores"):
        correct(c, "RK", 0, RoundScore((45, 20), (0, 0)), "miscount")
