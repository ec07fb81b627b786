"""The lean core (docs/layers.md): without any extra, the engine, the referee, play, the AI
and the command line work, and a command that needs an extra says which to install.

The extras' packages are made unimportable in a subprocess (a meta-path finder refuses
them), as in a fresh ``pip install flickboard``; installing from an index in a test would
be slow, so that was checked once by hand in a new venv (docs/layers.md).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions, requires
from pathlib import Path

import pytest

from flickboard.extras import EXTRA_OF, missing_extra

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

BLOCKER = f"""
import importlib.abc, runpy, sys
BLOCKED = {sorted(EXTRA_OF)!r}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, Block())
"""


def _lean(code: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter that cannot import any extra's package."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + code],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )


def _command(*args: str) -> str:
    return f"sys.argv = ['flickboard', *{list(args)!r}]\nrunpy.run_module('flickboard', run_name='__main__')\n"


def _name(requirement: str) -> str:
    """The distribution a requirement names, e.g. ``psycopg`` for ``psycopg[binary]>=3.1``."""
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_every_package_of_an_extra_is_known_with_its_extra() -> None:
    extras = PROJECT["optional-dependencies"]
    dists = packages_distributions()
    for module, extra in EXTRA_OF.items():
        if module not in dists:
            continue  # an optional import name of a package (python_multipart or multipart)
        names = {d.lower() for d in dists[module]}
        listed = {_name(r) for r in extras[extra]}
        brought = listed | {_name(r) for d in listed for r in requires(d) or ()}
        assert names & brought, f"{module} ({names}) is not in the {extra!r} extra"
    core = {_name(r) for r in PROJECT["dependencies"]}
    blocked = {d.lower() for m in EXTRA_OF if m in dists for d in dists[m]}
    assert not core & blocked, core & blocked
    assert {"web", "envs", "ray", "bench", "all", "test"} <= set(extras)
    assert "flickboard[web,envs,ray,bench,fit]" in extras["all"]


def test_a_missing_extra_is_named_in_one_line() -> None:
    message = missing_extra(ModuleNotFoundError("no", name="fastapi.routing"), "flickboard serve")
    assert message == (
        "flickboard serve needs flickboard's 'web' extra (fastapi is not installed): "
        "pip install 'flickboard[web]'"
    )
    assert missing_extra(ModuleNotFoundError("no", name="nosuchthing")) is None


def test_the_front_door_simulates_without_any_extra() -> None:
    done = _lean(
        "import flickboard as fb\n"
        "board = fb.CrokinoleBoard.standard()\n"
        "record = fb.simulate(fb.Layout(board, ()), fb.Shot(0.0, -0.3048, 1.5708, 1.2))\n"
        "match = fb.new_match('crokinole')\n"
        "step = match.play(match.aim(0.5, 0.0, 1.2))\n"
        "print(len(record.events), step.ruling.valid)\n"
        "assert not any(m.split('.')[0] in BLOCKED for m in sys.modules)\n"
    )
    assert done.returncode == 0, done.stderr
    events, valid = done.stdout.split()
    assert int(events) > 0 and valid in ("True", "False")


def test_a_terminal_match_against_the_ai_plays_without_any_extra() -> None:
    done = _lean(
        _command("match", "crokinole", "--red", "bot", "--green", "ai:club", "--pace", "0")
    )
    assert done.returncode == 0, done.stderr[-2000:]
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("Match: ") and ("wins" in last or "tied" in last), last


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("serve",), "web"),
        (("standings", "event.yaml"), "web"),
        (("selfplay", "--pairs", "1"), "envs"),
    ],
)
def test_a_command_whose_extra_is_missing_says_which_to_install(
    args: tuple[str, ...], extra: str
) -> None:
    done = _lean(_command(*args), timeout=120)
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and line.startswith(f"error: flickboard {args[0]} needs ")
    assert line.endswith(f"pip install 'flickboard[{extra}]'")
