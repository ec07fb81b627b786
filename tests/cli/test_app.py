"""The ``flickboard`` entry point: commands load lazily, help lists them all."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import typer

from flickboard.cli.app import LAZY_COMMANDS, Placeholder, app, register_all, source_help

GROUPS = ("version", "score", "match", "replay", "rule", "bench")
"""Top-level commands and groups defined in the entry point itself."""

HEAVY = ("numba", "sqlalchemy", "alembic", "fpdf", "matplotlib", "flickboard.agents")

RUN = f"""
import json, sys
from flickboard.cli.app import main
sys.argv = ["flickboard", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)
"""


def run_fresh(*args: str) -> tuple[str, list[str]]:
    """Run the command line in a new interpreter: its output and the heavy modules loaded."""
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], capture_output=True, text=True, check=True
    )
    return done.stdout, json.loads(done.stderr.strip().splitlines()[-1])


def test_help_and_version_import_no_heavy_module() -> None:
    out, heavy = run_fresh("--help")
    assert heavy == []
    for name in (*GROUPS, *LAZY_COMMANDS["flickboard"]):
        assert f" {name} " in out
    out, heavy = run_fresh("version")
    assert heavy == [] and out.strip() == "0.1.0"
    out, heavy = run_fresh("bench", "--help")
    assert heavy == [] and " physics " in out and " ai " in out


def test_a_command_loads_its_module_when_run() -> None:
    out, heavy = run_fresh("bench", "physics", "--help")
    assert "--baseline-shots" in out and "sqlalchemy" not in heavy
    out, _ = run_fresh("score", "crokinole", "--help")
    assert "Score a crokinole board" in out


def test_every_command_is_listed_with_the_help_its_module_gives_it() -> None:
    register_all()
    root = typer.main.get_group(app)
    assert set(root.commands) == {*GROUPS, *LAZY_COMMANDS["flickboard"]}
    for group, commands in LAZY_COMMANDS.items():
        owner = root if group == "flickboard" else root.commands[group]
        assert isinstance(owner, typer.core.TyperGroup)
        assert set(owner.commands) >= set(commands)
        if group != "flickboard":
            assert set(owner.commands) == set(commands), f"{group}: a command not in LAZY_COMMANDS"
        for name, lazy in commands.items():
            real = owner.commands[name]
            assert not isinstance(real, Placeholder)
            first = " ".join(inspect.cleandoc(real.help or "").split("\n\n")[0].split())
            assert first and source_help(lazy) == first, (group, name)
