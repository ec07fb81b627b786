"""The game review (docs/review.md): labels and accuracy from the expected loss, the shot
meant and the miss, blunders found, whole records of both games reviewed."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from flickboard.agents.candidates import candidates
from flickboard.agents.explain import played_out
from flickboard.agents.review import (
    LABELS,
    Miss,
    ReviewBudget,
    label_of,
    nearest,
    review_record,
    review_shot,
    shot_accuracy,
    trends,
)
from flickboard.agents.spec import player_from_spec
from flickboard.bench.review import ditch_view, off_end_view
from flickboard.errors import InvalidInput
from flickboard.play.driver import play_match
from flickboard.play.kind import game_kind

SMALL = ReviewBudget(candidates=24, widen=4, schedule=(2, 6), finalists=2, samples=8)


def _record(game: str, shots: int | None = None, **setup: Any) -> dict[str, Any]:
    match = game_kind(game).new_match(time_shots=shots, seed=3, **setup)
    play_match(match, [player_from_spec("bot", game, 1), player_from_spec("bot", game, 2)])
    return match.to_json()


def test_labels_follow_the_documented_thresholds() -> None:
    cases = {0.0: "best", 0.019: "best", 0.02: "good", 0.049: "good", 0.05: "inaccuracy",
             0.1: "mistake", 0.199: "mistake", 0.2: "blunder", 0.9: "blunder"}  # fmt: skip
    assert {loss: label_of(loss) for loss in cases} == cases
    assert LABELS == ("best", "good", "inaccuracy", "mistake", "blunder")


def test_accuracy_is_lichess_formula_on_the_loss_in_winning_chances() -> None:
    assert shot_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert shot_accuracy(0.10) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)
    assert shot_accuracy(1.0) == 0.0  # clipped
    assert shot_accuracy(0.05) > shot_accuracy(0.10) > shot_accuracy(0.20)


def test_the_meant_shot_is_the_candidate_nearest_in_noise_units_and_the_miss_is_measured() -> None:
    match = game_kind("crokinole").new_match()
    view = match.view()
    pool = candidates(view, view.physics)
    aimed = pool[0].shot
    noise = game_kind("crokinole").noise("club")
    played = replace(aimed, angle=aimed.angle + math.radians(2.1), speed=aimed.speed * 1.04)
    assert nearest(view, pool, played, noise) is pool[0]
    miss = Miss(0.0, 2.1, 4.0)
    assert miss.words() == "the release was 2.1 degrees to the left and 4 % too hard"
    assert (
        Miss(0.0, -0.5, -10.0).words()
        == "the release was 0.5 degrees to the right and 10 % too soft"
    )


@pytest.mark.parametrize("make", [ditch_view, off_end_view], ids=["ditch", "off-the-end"])
def test_a_deliberately_bad_shot_when_a_winning_one_is_on_is_a_blunder(make: Any) -> None:
    rng = np.random.default_rng(5)
    found = 0
    while found < 2:
        view, shot = make(rng)
        ruling = played_out(view, shot)
        assert ruling is not None
        if ruling.decision(view.turn.disc).fate.value != "out":
            continue
        found += 1
        review = review_shot(view, shot, ruling, "club", seed=found)
        assert review.label == "blunder", review.comment
        assert review.best.value - review.played.value >= 0.2
        assert review.expected_loss == pytest.approx(review.value_before - review.played.value)


def test_a_crokinole_record_is_reviewed_shot_by_shot_for_the_seat_asked() -> None:
    record = _record("crokinole", 6)
    seen: list[tuple[int, int]] = []
    review = review_record(
        record, seats=[0], budget=SMALL, progress=lambda done, total: seen.append((done, total))
    )
    assert [s.seat for s in review.shots] == [0, 0, 0]
    assert seen[-1] == (3, 3)
    for s in review.shots:
        assert 0.0 <= s.expected_loss <= 1.0 and s.label == label_of(s.expected_loss)
        assert s.value_before >= s.played.value and s.value_before >= s.best.value - 1e-12
        assert s.comment.startswith("you chose ")
    (player,) = review.players
    assert player.seat == 0 and player.shots == 3
    assert player.accuracy == pytest.approx(sum(s.accuracy for s in review.shots) / 3)
    data = review.to_json()
    assert {"seat", "expected_loss", "label", "best", "meant", "miss"} <= set(data["shots"][0])
    assert data["players"][0]["accuracy"] == round(player.accuracy, 1)


def test_a_shuffleboard_record_is_reviewed_through_the_same_interface() -> None:
    record = _record("shuffleboard", target=1)
    shots = sum(len(r["shots"]) for r in record["rounds"])
    review = review_record(
        record, budget=SMALL, level="world"
    )  # a former name: reviewed as champion
    assert review.game == "shuffleboard" and len(review.shots) == shots >= 8
    assert {p.seat for p in review.players} == {0, 1}
    assert all(s.level == "champion" and not s.open_20_missed for s in review.shots)


def test_a_review_is_the_same_for_the_same_seed() -> None:
    record = _record("crokinole", 2)
    one = review_record(record, budget=SMALL, seed=4).to_json()
    assert review_record(record, budget=SMALL, seed=4).to_json() == one


def test_bad_review_requests_are_refused_in_one_line() -> None:
    record = _record("crokinole", 2)
    with pytest.raises(InvalidInput, match="seat 5 is not at this table"):
        review_record(record, seats=[5])
    with pytest.raises(InvalidInput, match="unknown skill level"):
        review_record(record, level="grandmaster")
    with pytest.raises(InvalidInput, match="schedule"):
        ReviewBudget(schedule=(4, 2))


def test_trends_follow_each_player_across_games_in_order() -> None:
    record = _record("crokinole", 2)
    first = review_record(record, budget=SMALL, seed=1)
    second = review_record(record, budget=SMALL, seed=2)
    found = trends([("a.json", first), ("b.json", second)])
    assert [t.name for t in found] == ["green", "red"]  # no names: colours
    for trend in found:
        assert trend.sources == ("a.json#1", "b.json#1")
        assert trend.slope == pytest.approx(trend.accuracies[1] - trend.accuracies[0])
