"""The README's task table runs as written: every command in it is run here, in a fresh
folder on a fresh database, as far as it can be without a person (the ones that wait for
one, serve, or take minutes are checked against their own ``--help``: the command and every
option it shows exist). The commands run in this process, through the same ``flickboard``
application the console script starts (that script itself is run by the version test)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from flickboard.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def task_commands() -> list[str]:
    """Every ``flickboard ...`` command of the task table, in its order."""
    table = README[README.index("## What you can do") : README.index("AI players are named")]
    rows = [line.split("|")[2] for line in table.splitlines() if line.count("|") >= 3]
    return [c for row in rows for c in re.findall(r"`(flickboard [^`]*)`", row)]


FILES = [
    "flickboard example crokinole-shot shot.json",
    "flickboard example shuffleboard-table table.json",
]
"""Files the table's commands read that a user gets from ``flickboard example`` (the
table's own ``example`` row makes board.json and event.yaml)."""

FASTER = {
    "flickboard match crokinole --red ai:competitive --green ai:top-competitive --explain --record match.json": (
        "--time-shots 4 --pace 0"
    ),
}
"""Commands run as written plus options that only make them shorter (a whole game of two
AIs takes minutes here); its record is the one the replay rows read."""

NEEDS_A_PERSON = re.compile(
    r"--red human|serve|desk admin|--resume|bench |selfplay|\.\.\.|"
    r"--players 4 --rules nca|replay shuffleboard game\.json"
)
"""A person at the prompt, a server, a password asked, a record of a game not played
here, a benchmark or self-play run of minutes, or a row that only names a command."""


def _flickboard(command: str) -> Result:
    """Run ``command`` (``flickboard ...``) in the current folder, as the shell would."""
    return CliRunner().invoke(app, shlex.split(command)[1:])


def _words_and_options(command: str) -> tuple[list[str], list[str]]:
    args = shlex.split(command)[1:]
    first = next((i for i, a in enumerate(args) if a.startswith("-")), len(args))
    words = [a for a in args[:first] if re.fullmatch(r"[a-z-]+", a)]
    return words, [a.split("=")[0] for a in args if a.startswith("--")]


def test_the_task_table_lists_the_commands_this_test_knows() -> None:
    commands = task_commands()
    assert len(commands) >= 30
    assert set(FASTER) <= set(commands)


def test_every_command_of_the_task_table_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FLICKBOARD_DATABASE_URL", f"sqlite:///{tmp_path / 'readme.sqlite'}")
    for command in FILES:
        assert _flickboard(command).exit_code == 0, command
    helps: dict[str, Result] = {}  # each help page asked once
    for command in task_commands():
        if NEEDS_A_PERSON.search(command):
            words, options = _words_and_options(command)
            asked = shlex.join(["flickboard", *words, "--help"])
            if asked not in helps:
                helps[asked] = _flickboard(asked)
            done = helps[asked]
            assert done.exit_code == 0, f"{command}: {done.output}"
            for option in options:
                assert option in done.stdout, f"{command}: {option} is not an option"
            continue
        done = _flickboard(f"{command} {FASTER.get(command, '')}")
        assert done.exit_code == 0, f"{command}: {done.output[-2000:]} {done.exception!r}"
        assert "error" not in done.stderr.lower(), f"{command}: {done.stderr}"
    assert (tmp_path / "pictures").is_dir() and any((tmp_path / "pictures").iterdir())
    assert (tmp_path / "match.cmn.json").exists() and (tmp_path / "shot.svg").exists()


@pytest.mark.parametrize("flag", ["--version"])
def test_version_from_the_command_and_from_python_dash_m(flag: str) -> None:
    import flickboard

    for command in (["flickboard"], [sys.executable, "-m", "flickboard"]):
        done = subprocess.run([*command, flag], capture_output=True, text=True, check=True)
        assert done.stdout == f"flickboard {flickboard.__version__}\n"
