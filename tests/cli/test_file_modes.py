"""Files the command line writes get the mode a plain write gives: the umask's for a new
file, the file's own for one written over (atomic writes go through a private temporary
file first, which must not leave the result private)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from flickboard.cli.terminal import write_text


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_file_the_cli_writes_follows_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flickboard", "example", "crokinole-board", "board.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.umask(umask),
    )
    assert done.returncode == 0, done.stderr
    assert _mode(tmp_path / "board.json") == mode


def test_a_file_written_over_keeps_its_own_mode(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("{}")
    path.chmod(0o640)
    write_text(path, '{"a": 1}')
    assert _mode(path) == 0o640 and path.read_text() == '{"a": 1}'
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]  # no temporary left
