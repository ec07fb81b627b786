"""The learned position value: its parameters, its data and its fit."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from flickboard.agents.fit_value import PENALTIES, fit, samples, split
from flickboard.agents.selfplay import play_rounds, position_of, view_of
from flickboard.agents.tactics import tactics_for
from flickboard.agents.valuation import outlook_after
from flickboard.agents.value_model import ValueModel, value_model
from flickboard.errors import InvalidInput
from flickboard.play.kind import game_kind


def tiny_model() -> ValueModel:
    rng = np.random.default_rng(0)
    return ValueModel(
        mean=np.zeros(3),
        scale=np.ones(3),
        weights=(rng.normal(size=(3, 4)), rng.normal(size=(4, 2))),
        biases=(np.zeros(4), np.zeros(2)),
        classes=np.array([-1, 1]),
        extra={"start": np.array([[0.5, 0.5]])},
    )


def test_probabilities_are_a_softmax_over_a_relu_layer() -> None:
    model = tiny_model()
    x = np.array([[1.0, -2.0, 0.5]])
    h = np.maximum(x @ model.weights[0], 0.0)
    z = h @ model.weights[1]
    expected = np.exp(z) / np.exp(z).sum()
    assert model.probabilities(x) == pytest.approx(expected)


def test_a_model_saved_and_loaded_predicts_the_same(tmp_path: Path) -> None:
    model = tiny_model()
    model.save(tmp_path / "m.npz")
    again = ValueModel.load(tmp_path / "m.npz")
    x = np.random.default_rng(1).normal(size=(5, 3))
    assert again.probabilities(x) == pytest.approx(model.probabilities(x))
    assert again.extra["start"].tolist() == [[0.5, 0.5]]


def test_a_model_whose_layers_do_not_match_is_refused() -> None:
    model = tiny_model()
    with pytest.raises(InvalidInput, match="first layer"):
        ValueModel(np.zeros(2), np.ones(2), model.weights, model.biases, model.classes, {})


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_the_shipped_model_reads_the_games_features(game: str) -> None:
    model = value_model(game)
    view = game_kind(game).new_match().view()
    f = tactics_for(game).features(view, [(view.position, {})], outlook_after(view))
    p = model.probabilities(f)
    assert f.shape == (1, model.features)
    assert p.sum() == pytest.approx(1.0)


def test_self_play_stores_every_shot_of_a_round_with_its_result() -> None:
    rounds = play_rounds("shuffleboard", 1, seed=4)
    first = next(rounds)
    assert len(first["shots"]) == 8
    assert sum(first["final"]) == max(first["final"])  # only one colour scores a frame
    last = first["shots"][-1]
    view = view_of("shuffleboard", first["rules"], last)
    assert view.position == position_of("shuffleboard", last)
    assert len(view.to_come) == 1


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three rounds of table shuffleboard self-play as frames (played once a module)."""
    data = tmp_path_factory.mktemp("frames") / "frames.jsonl"
    with data.open("w") as out:
        for record in play_rounds("shuffleboard", 3, seed=5):
            out.write(json.dumps(record) + "\n")
    return data


@pytest.fixture(scope="module")
def fitted(frames: Path) -> tuple[dict[str, float], Path]:
    """A fit from scratch on :func:`frames`: its report and its model's file."""
    model = frames.parent / "model.npz"
    return fit("shuffleboard", [frames], model), model


def test_a_fit_on_self_played_frames_writes_a_model_that_loads(
    frames: Path, fitted: tuple[dict[str, float], Path]
) -> None:
    x, y, groups = samples("shuffleboard", [json.loads(line) for line in frames.open()])
    assert len(x) == len(y) == len(groups) > 0
    report, path = fitted
    model = ValueModel.load(path)
    assert model.probabilities(x).shape == (len(x), model.classes.size)
    assert report["shots_held_out"] > 0 and report["log_loss"] > 0


def test_the_fit_validates_and_is_measured_on_rounds_it_never_fits() -> None:
    # Shots of one round share its result: a split by shot would let the fit see the
    # answers of the rounds it is stopped and measured on.
    groups = np.repeat(np.arange(23), 7)
    fitted, val, held = split(groups)
    for mask in (fitted, val, held):
        assert mask.any()
    assert not (fitted & val).any() and not (fitted & held).any() and not (val & held).any()
    for g in range(23):
        rows = groups == g
        assert fitted[rows].all() or not fitted[rows].any()
        assert val[rows].all() or not val[rows].any()
    assert set(groups[held]) == {g for g in range(23) if g % 5 == 0}


def test_a_fit_reports_the_penalty_it_chose_on_validation_rounds(
    fitted: tuple[dict[str, float], Path],
) -> None:
    report, _ = fitted
    assert report["penalty"] in PENALTIES
    assert report["shots_validated"] > 0 and report["epochs"] >= 1


def mid_round_rows() -> np.ndarray:
    """Feature rows of a few seeded mid-round crokinole positions."""
    from tests.agents.conftest import crokinole_view

    rows = []
    for discs in (((0.05, 0.02, 0), (-0.08, 0.1, 1)), ((0.0, 0.12, 1), (0.1, -0.1, 1))):
        view = crokinole_view(discs, ((0, 6), (2, 6)))
        rows.append(
            tactics_for("crokinole").features(view, [(view.position, {})], outlook_after(view))
        )
    return np.vstack(rows)


def test_the_search_variant_is_a_crokinole_model_of_its_own() -> None:
    x = mid_round_rows()
    own, search = value_model("crokinole"), value_model("crokinole", "search")
    assert search.features == own.features
    assert search.probabilities(x).sum(axis=1) == pytest.approx(1.0)
    assert not np.allclose(search.probabilities(x), own.probabilities(x), atol=1e-3)
    assert search.extra["start"].shape == own.extra["start"].shape


def test_a_game_that_ships_no_search_variant_values_with_its_own() -> None:
    own, search = value_model("shuffleboard"), value_model("shuffleboard", "search")
    assert all(np.array_equal(a, b) for a, b in zip(own.weights, search.weights, strict=True))


def test_an_unknown_value_variant_is_refused() -> None:
    from flickboard.agents.planner import PlannerBudget

    with pytest.raises(InvalidInput, match="variant"):
        value_model("crokinole", "deep")
    with pytest.raises(InvalidInput, match="variant"):
        PlannerBudget(value="deep")


def test_strong_self_play_plays_both_sides_with_the_planners_default_budget() -> None:
    first = next(play_rounds("crokinole", 1, seed=4, strong=True))
    assert set(first["players"].values()) == {"strong"}
    assert len(first["shots"]) == 16
    cheap = next(play_rounds("crokinole", 1, seed=4))
    assert first["level"] == cheap["level"]  # the same levels are drawn


def test_a_warm_fit_starts_from_the_shipped_model_and_never_validates_worse(
    tmp_path: Path, frames: Path
) -> None:
    from sklearn.metrics import log_loss

    data = frames
    report = fit("shuffleboard", [data], tmp_path / "warm.npz", warm=True)
    warm, shipped = ValueModel.load(tmp_path / "warm.npz"), value_model("shuffleboard")
    assert report["warm"] == 1.0
    assert np.array_equal(warm.mean, shipped.mean) and np.array_equal(warm.scale, shipped.scale)
    assert np.array_equal(warm.classes, shipped.classes)
    x, y, groups = samples("shuffleboard", [json.loads(line) for line in data.open()])
    _, val, _ = split(groups)
    before = log_loss(y[val], shipped.probabilities(x[val]), labels=shipped.classes)
    after = log_loss(y[val], warm.probabilities(x[val]), labels=warm.classes)
    assert report["log_loss_validation"] == pytest.approx(after)
    assert after <= before + 1e-12
    if report["epochs"] == 0:  # no pass validated better: the shipped weights are kept
        assert all(np.array_equal(a, b) for a, b in zip(warm.weights, shipped.weights, strict=True))


def test_a_last_round_cut_short_is_skipped_and_a_bad_line_elsewhere_refused(
    tmp_path: Path,
) -> None:
    from flickboard.agents.fit_value import rounds

    good = json.dumps({"level": "novice", "shots": []})
    cut = tmp_path / "cut.jsonl"
    cut.write_text(good + "\n" + good[:10], encoding="utf-8")
    assert len(list(rounds([cut]))) == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good[:10] + "\n" + good + "\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"bad\.jsonl:1"):
        list(rounds([bad]))


def test_the_fit_command_refuses_a_missing_file_or_a_bad_round_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from flickboard.agents.fit_value import main

    out = tmp_path / "model.npz"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n{}\n", encoding="utf-8")
    for data, says in ((tmp_path / "none.jsonl", "none.jsonl"), (bad, "bad.jsonl:1")):
        with pytest.raises(SystemExit) as stop:
            main(["--game", "shuffleboard", "--out", str(out), str(data)])
        assert stop.value.code == 2
        assert says in capsys.readouterr().err
    assert not out.exists()  # nothing written


def test_the_fit_command_writes_its_model_in_the_current_folder_not_over_the_shipped_one(
    tmp_path: Path, frames: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from flickboard.agents.fit_value import main
    from flickboard.agents.value_model import model_path

    shipped = model_path("shuffleboard")
    before = shipped.read_bytes()
    monkeypatch.chdir(tmp_path)
    main(["--game", "shuffleboard", str(frames)])
    assert (
        ValueModel.load(tmp_path / "shuffleboard.npz").features
        == value_model("shuffleboard").features
    )
    assert shipped.read_bytes() == before
    with pytest.raises(SystemExit):
        main(["--game", "shuffleboard", "--ship", "--out", "x.npz", str(frames)])
    assert not (tmp_path / "x.npz").exists()
