"""The game review (docs/review.md): labels and accuracy from the expected loss, the shot
meant and the miss, blunders found, whole records of both games reviewed."""

from __future__ import annotations

import copy
import math
from dataclasses import astuple, replace
from typing import Any

import numpy as np
import pytest

from flickboard.agents.candidates import candidates
from flickboard.agents.explain import played_out
from flickboard.agents.planner import Planner
from flickboard.agents.review import (
    KEY_MOMENTS,
    LABELS,
    Miss,
    ReviewBudget,
    aim_words,
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
from flickboard.physics import Shot
from flickboard.play.driver import IntentLog, play_match
from flickboard.play.intent import Intent, intents_of, with_intents
from flickboard.play.kind import game_kind

from .conftest import TINY

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
        assert review.played is not None and review.best.value - review.played.value >= 0.2
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
        assert s.played is not None and s.value_before >= s.played.value
        assert s.value_before >= s.best.value - 1e-12
        # the record says nothing of what was meant: inferred, and said so
        assert s.meant_from == "inferred"
        assert s.comment.startswith("no aim was recorded: most likely you meant ")
    (player,) = review.players
    assert player.seat == 0 and player.shots == 3
    assert player.accuracy == pytest.approx(sum(s.accuracy for s in review.shots) / 3)
    data = review.to_json()
    assert {"seat", "expected_loss", "label", "best", "meant", "miss"} <= set(data["shots"][0])
    assert data["players"][0]["accuracy"] == round(player.accuracy, 1)


def test_a_shuffleboard_record_is_reviewed_through_the_same_interface() -> None:
    record = _record("shuffleboard", target=1)
    shots = sum(len(r["shots"]) for r in record["rounds"])
    review = review_record(record, budget=SMALL, level="world")  # a former name: champion
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


# -- intent from the record ---------------------------------------------------------------


def _planned_record(game: str, shots: int) -> dict[str, Any]:
    """A short game between two planners with what each shot meant recorded (table
    shuffleboard: a game to one point)."""
    short = {"time_shots": shots} if game == "crokinole" else {"target": 1}
    match = game_kind(game).new_match(seed=5, **short)
    log = IntentLog()
    play_match(match, [Planner("competitive", 1, TINY), Planner("competitive", 2, TINY)], log)
    return with_intents(match.to_json(), log.intents)


def _with_intent(record: dict[str, Any], intent: Intent) -> dict[str, Any]:
    shots = sum(len(r["shots"]) for g in record.get("games", [record]) for r in g["rounds"])
    return with_intents(copy.deepcopy(record), [intent] * shots)


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_ai_shots_are_reviewed_with_the_meant_shot_and_words_the_record_holds(game: str) -> None:
    record = _planned_record(game, 6)
    intents = intents_of(record)
    assert intents and all(i is not None and i.by == "ai" for i in intents)
    review = review_record(record, budget=SMALL)
    assert len(review.shots) == len(intents)
    for s in review.shots:
        intent = intents[s.index - 1]
        assert intent is not None and s.meant is not None and s.miss is not None
        assert s.meant_from == "ai" and s.meant.words == intent.words
        assert s.meant.shot == intent.shot
        assert s.comment.startswith(f"you chose {aim_words(intent.words)}")


def test_an_exact_shot_is_its_own_intent_with_no_release_error() -> None:
    record = _with_intent(_record("crokinole", 4), Intent("exact"))
    for s in review_record(record, budget=SMALL).shots:
        assert s.meant is not None and s.played is not None and s.miss is not None
        assert s.meant_from == "exact" and s.meant.shot == s.played.shot
        assert (s.miss.start_mm, s.miss.angle_deg, s.miss.speed_pct) == (0.0, 0.0, 0.0)
        assert s.choice_loss == s.expected_loss and s.choice_label == s.label
        assert "exactly as aimed" in s.comment and "release" not in s.comment


def test_a_persons_aim_played_with_noise_is_the_meant_shot() -> None:
    match = game_kind("crokinole").new_match(seed=2)
    view = match.view()
    aimed = candidates(view, view.physics)[0].shot
    played = replace(aimed, angle=aimed.angle + math.radians(3.0), speed=aimed.speed * 0.9)
    match.play(played)
    record = with_intents(match.to_json(), [Intent("aim", aimed)])
    (s,) = review_record(record, budget=SMALL).shots
    assert s.meant is not None and s.miss is not None and s.meant_from == "aim"
    assert s.meant.shot == Shot(*(round(v, 6) for v in astuple(aimed)))
    assert s.miss.angle_deg == pytest.approx(3.0, abs=1e-3)
    assert s.miss.speed_pct == pytest.approx(100 * (0.9 - 1), abs=1e-3)
    assert s.comment.startswith("you chose the ")  # named for what it does as meant


def test_the_comment_never_argues_with_the_label() -> None:
    """The headline label (the shot as played) and the verdict on the choice differ only
    when the hand made the gap, and the comment then says how much it gained or cost."""
    order = {name: k for k, name in enumerate(LABELS)}
    review = review_record(_planned_record("crokinole", 8), budget=SMALL)
    differing = 0
    for s in review.shots:
        assert s.choice_label is not None
        if order[s.label] < order[s.choice_label]:
            differing += 1
            assert ", which gained " in s.comment, s.comment
        elif order[s.label] > order[s.choice_label]:
            differing += 1
            assert ", which cost " in s.comment, s.comment
        if s.choice_label == "best":
            assert "which was best" in s.comment
    assert differing > 0  # the check bites


# -- the story --------------------------------------------------------------------------------


def test_the_story_charts_both_sides_chances_and_lists_the_largest_swings() -> None:
    review = review_record(_planned_record("crokinole", 8), budget=SMALL)
    chances = review.chances()
    assert len(chances) == len(review.shots) + 1
    assert all(c[0] + c[1] == pytest.approx(1.0) for c in chances)
    for s, after in zip(review.shots, chances[1:], strict=True):
        assert after[s.side] == pytest.approx(s.outcome)
    moments = review.moments()
    assert len(moments) == KEY_MOMENTS
    swings = [abs(chances[i + 1][s.side] - chances[i][s.side]) for i, s in enumerate(review.shots)]
    assert [abs(v) for _, v in moments] == sorted(swings, reverse=True)[:KEY_MOMENTS]
    story = review.to_json()["story"]
    assert len(story["chances"]) == len(chances) and story["moments"][0]["shot"] == moments[0][0]
