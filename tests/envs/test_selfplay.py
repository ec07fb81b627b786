"""Self-play data on one process: the schema, the files, and what the rows say."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from flickboard.envs.selfplay import SCHEMA, SelfPlay, read, run, write
from flickboard.errors import InvalidInput


@pytest.fixture(scope="module")
def data() -> tuple:  # type: ignore[type-arg]
    return run(SelfPlay("crokinole", "heuristic", "random", pairs=2, seed=3))


def test_every_shot_of_every_game_is_a_row_with_the_documented_columns(data: tuple) -> None:  # type: ignore[type-arg]
    stats, columns = data
    assert stats.games == 4
    assert [name for name, _ in SCHEMA] == list(columns)
    rows = len(columns["pair"])
    assert rows == 4 * 4 * 16  # four tournament games of four rounds of 16 shots
    assert columns["observation"].shape[0] == rows and columns["action"].shape == (rows, 4)
    assert all(str(columns[name].dtype) == dtype for name, dtype in SCHEMA)
    assert columns["pair"].tolist() == [0] * (rows // 2) + [1] * (rows // 2)


def test_rows_say_who_shot_what_it_earned_and_how_the_game_ended(data: tuple) -> None:  # type: ignore[type-arg]
    stats, c = data
    first_game = (c["pair"] == 0) & (c["game"] == 0)
    assert c["side"][first_game & (c["player"] == 0)].tolist() == [0] * 32  # A is red first
    second = (c["pair"] == 0) & (c["game"] == 1)
    assert set(c["side"][second & (c["player"] == 0)].tolist()) == {1}
    for pair in (0, 1):
        for game in (0, 1):
            rows = (c["pair"] == pair) & (c["game"] == game)
            red = rows & (c["side"] == 0)
            green = rows & (c["side"] == 1)
            assert c["reward"][red].sum() == -c["reward"][green].sum()  # zero-sum rounds
            outcome_red = float(c["outcome"][red][0])
            assert set(c["outcome"][red].tolist()) == {outcome_red}
            assert set(c["outcome"][green].tolist()) == {1.0 - outcome_red}
            assert np.sign(c["reward"][red].sum()) == np.sign(outcome_red - 0.5)
    a_first_rows = (c["player"] == 0) & (c["shot"] < 2)  # A's first shot of each game
    assert c["outcome"][a_first_rows].sum() == stats.a_score


def test_every_row_carries_both_sides_rewards_so_a_sides_column_sums_to_its_return(
    data: tuple,  # type: ignore[type-arg]
) -> None:
    _, c = data
    assert c["side_rewards"].shape == (len(c["pair"]), 2)
    shooter = c["side_rewards"][np.arange(len(c["pair"])), c["side"]]
    assert np.array_equal(shooter, c["reward"])  # the shooter's own, as before
    for pair in (0, 1):
        for game in (0, 1):
            rows = (c["pair"] == pair) & (c["game"] == game)
            red, green = c["side_rewards"][rows].sum(axis=0)
            assert red == -green  # zero-sum rounds
            own = c["reward"][rows & (c["side"] == 0)].sum()  # rounds red's shots ended
            theirs = c["reward"][rows & (c["side"] == 1)].sum()  # rounds green's ended
            assert red == pytest.approx(own - theirs) and (own != red or theirs == 0)


def test_rows_hold_the_shot_meant_and_the_shot_played(data: tuple) -> None:  # type: ignore[type-arg]
    _, c = data
    assert c["played"].shape == c["action"].shape
    assert np.all(np.abs(c["played"]) <= 1.0)
    moved = np.any(np.abs(c["played"] - c["action"]) > 1e-4, axis=1)
    assert moved.mean() > 0.5  # the club noise moves nearly every shot off the one meant


@pytest.mark.parametrize("suffix", [".parquet", ".npz"])
def test_data_files_read_back_exactly(data: tuple, tmp_path: Path, suffix: str) -> None:  # type: ignore[type-arg]
    _, columns = data
    path = tmp_path / f"games{suffix}"
    write(path, columns)
    back = read(path)
    assert all(np.array_equal(back[name], columns[name]) for name, _ in SCHEMA)


def test_another_format_or_policy_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match=r"parquet or \.npz"):
        write(tmp_path / "games.csv", {})
    with pytest.raises(InvalidInput, match="unknown baseline"):
        run(SelfPlay(a="grandmaster", pairs=1))
