"""``import flickboard as fb``: the front door loads lazily and names the whole API."""

from __future__ import annotations

import subprocess
import sys

import pytest

import flickboard as fb


def test_importing_flickboard_loads_no_physics_kernel_or_database() -> None:
    code = (
        "import sys, flickboard as fb; fb.__version__; "
        "print(sorted(m for m in ('numba', 'sqlalchemy', 'flickboard.physics.engine') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_front_door_names_the_api() -> None:
    for name in (
        "simulate",
        "Shot",
        "Layout",
        "CrokinoleBoard",
        "referee",
        "new_match",
        "player",
        "play_match",
        "load_match",
        "kind",
        "Observer",
        "IllegalStart",
    ):
        assert name in dir(fb) and getattr(fb, name) is not None  # fmt: skip
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        fb.nothing  # noqa: B018


def test_a_new_match_from_the_front_door_prints_what_is_going_on() -> None:
    assert str(fb.new_match("shuffleboard")) == (
        "<ShuffleboardMatch csc, 2 players: red 0 - green 0 (to 15); seat 0 (red) to shoot>"
    )


def test_every_public_name_is_listed_once_and_loads() -> None:
    import ast
    from pathlib import Path

    tree = ast.parse(Path(fb.__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If))  # the TYPE_CHECKING block
    imported = [
        a.asname or a.name for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names
    ]
    assert sorted(imported) == sorted(set(imported))  # each once
    assert sorted(fb.__all__) == sorted(["__version__", *imported])
    assert all(getattr(fb, name) is not None for name in fb.__all__)
