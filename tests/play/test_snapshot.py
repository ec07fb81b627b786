"""A match saved as it stands and read back (:mod:`flickboard.play.snapshot`): exactly
the match its shots replayed give, and refused when other code made it or it names
what a snapshot may not."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

from flickboard.play.kind import new_match
from flickboard.play.match import Match, Step
from flickboard.play.snapshot import StaleSnapshot, code, restore, snapshot

GAMES = ("crokinole", "shuffleboard")
SPEEDS = {"crokinole": (0.8, 1.5), "shuffleboard": (2.6, 3.4)}


def played(game: str, shots: int, seed: int = 1) -> tuple[Match, list[Step]]:
    """A match after ``shots`` shots aimed at random (seeded), past a round's end."""
    match, rng = new_match(game), np.random.default_rng(seed)
    steps = []
    for _ in range(shots):
        u = match.start_line().nearest(float(rng.uniform(0.3, 0.7)))
        assert u is not None
        speed = float(rng.uniform(*SPEEDS[game]))
        steps.append(match.play(match.aim(u, float(rng.uniform(-0.05, 0.05)), speed)))
    return match, steps


def replayed(game: str, steps: list[Step]) -> Match:
    """A fresh match with the steps' shot records played again."""
    match = new_match(game)
    for step in steps:
        match.play_record(step.entry.record, step.entry.turn.seat)
    return match


def seen(match: Match) -> str:
    """Everything public about a match, as text: its record, view, turn and result."""
    view = match.view() if not match.over else None
    return json.dumps(match.to_json(), sort_keys=True) + repr((view, match.result()))


@pytest.mark.parametrize("game", GAMES)
def test_a_restored_match_is_the_replayed_match_bit_for_bit_and_plays_on_alike(
    game: str,
) -> None:
    match, steps = played(game, 30)
    kept = snapshot((match, steps))
    assert kept is not None
    restored, restored_steps = restore(kept, code())
    again = replayed(game, steps)
    assert seen(restored) == seen(again) == seen(match)
    assert [str(s.ruling) for s in restored_steps] == [str(s.ruling) for s in steps]
    assert [s.rounds_ended for s in restored_steps] == [s.rounds_ended for s in steps]
    # the same next shots give the same rulings and sentences, and take-backs work alike
    _, more = played(game, 36)
    for step in more[30:]:
        a = restored.play_record(step.entry.record, step.entry.turn.seat)
        b = again.play_record(step.entry.record, step.entry.turn.seat)
        assert str(a.ruling) == str(b.ruling) and a.ruling == b.ruling
    assert seen(restored) == seen(again)
    restored.undo()
    again.undo()
    assert seen(restored) == seen(again) and restored.actions == again.actions == 35


def test_a_snapshot_by_other_code_is_refused() -> None:
    match, steps = played("crokinole", 3)
    kept = snapshot((match, steps))
    assert kept is not None
    with pytest.raises(StaleSnapshot, match="other code"):
        restore(kept, "0" * 64)
    with pytest.raises(StaleSnapshot, match="not a snapshot"):
        restore(kept[:100], code())


class Runs:
    """What a forged snapshot would call when read (never reached)."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (print, ("ran",))


@pytest.mark.parametrize(
    "forged",
    [Runs(), np.random.default_rng, json.loads, pytest.MonkeyPatch],
    ids=["builtins.print", "numpy function", "json.loads", "a class of another package"],
)
def test_a_snapshot_naming_what_is_not_the_games_is_refused(forged: object) -> None:
    with pytest.raises(StaleSnapshot, match="may not name"):
        restore(pickle.dumps(forged), code())


def test_a_function_of_the_games_layers_is_refused_but_their_classes_are_read() -> None:
    from flickboard.play import kind

    with pytest.raises(StaleSnapshot, match="may not name"):
        restore(pickle.dumps(kind.new_match), code())
    assert restore(pickle.dumps(Match), code()) is Match
