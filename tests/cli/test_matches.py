"""The one ``match GAME`` / ``replay GAME`` module: every game kind gets both commands from
its table, with the options every match command takes."""

from __future__ import annotations

import dataclasses

import pytest
import typer

from flickboard.cli import crokinole, shuffleboard
from flickboard.cli.app import app, register_all
from flickboard.cli.matches import EVERY_MATCH, EVERY_REPLAY
from flickboard.play.kind import game_kinds


def test_every_game_kind_has_match_and_replay_with_the_shared_options() -> None:
    register_all()
    root = typer.main.get_group(app)
    for kind in game_kinds():
        for group, shared in (("match", EVERY_MATCH), ("replay", EVERY_REPLAY)):
            command = root.commands[group].commands[kind.name]  # type: ignore[attr-defined]
            names = {p.name for p in command.params}
            assert {f.name for f in shared} <= names, (group, kind.name)


def test_a_match_table_without_an_option_every_match_takes_is_refused() -> None:
    no_seed = tuple(o for o in crokinole.MATCH.options if o.name != "seed")
    with pytest.raises(ValueError, match=r"match crokinole lacks the options seed$"):
        dataclasses.replace(crokinole.MATCH, options=no_seed)
    no_green = tuple(o for o in shuffleboard.MATCH.options if o.name != "green")
    with pytest.raises(ValueError, match=r"match shuffleboard lacks the options green$"):
        dataclasses.replace(shuffleboard.MATCH, options=no_green)
