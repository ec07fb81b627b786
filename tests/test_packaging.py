"""Packaging: what a fresh clone installs, ignores and needs to run its tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_pymunk_is_only_the_bench_extra_not_a_runtime_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith("pymunk") for d in project["dependencies"])
    assert any(d.startswith("pymunk") for d in project["optional-dependencies"]["bench"])
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert "-e '.[test,bench,ray]'" in script  # the test command installs it


def test_ray_is_an_optional_extra_the_test_command_installs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith(("ray", "pyarrow")) for d in project["dependencies"])
    extra = project["optional-dependencies"]["ray"]
    assert any(d.startswith("ray") for d in extra) and any(d.startswith("pyarrow") for d in extra)
    envs = project["optional-dependencies"]["envs"]
    assert any(d.startswith("pettingzoo") for d in envs) and any(
        d.startswith("gymnasium") for d in envs
    )


def test_git_ignores_the_usual_virtual_environments() -> None:
    names = [".venv", "venv", "env", "ENV"]
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", *(f"{n}/bin/python" for n in names)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.stdout.split() == [f"{n}/bin/python" for n in names]


@contextmanager
def _bare_path() -> Iterator[Path]:
    """A folder for PATH, open to every user, with only bash, id and env in it."""
    tools = Path(tempfile.mkdtemp())
    tools.chmod(0o777)
    try:
        for tool in ("bash", "id", "env"):
            (tools / tool).symlink_to(shutil.which(tool) or tool)
        yield tools
    finally:
        shutil.rmtree(tools)


def _install_postgres(path: Path) -> subprocess.CompletedProcess[str]:
    """Run scripts/apt.sh's apt_install of the PostgreSQL server as a user who is not root."""
    as_user = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
    what = "the storage tests need a PostgreSQL server (pg_ctl, initdb)"
    # a copy in the open folder: the checkout may be closed to other users (mktemp -d)
    apt = shutil.copy(ROOT / "scripts" / "apt.sh", path / "apt.sh")
    script = f"source {apt}; apt_install '{what}' postgresql"
    return subprocess.run(
        [*as_user, "env", f"PATH={path}", "bash", "-c", script],
        capture_output=True,
        text=True,
    )


def test_the_test_script_without_root_or_sudo_says_what_to_install() -> None:
    with _bare_path() as tools:
        done = _install_postgres(tools)
    assert done.returncode == 1
    assert "the storage tests need a PostgreSQL server" in done.stderr
    assert "'apt-get install postgresql' as root" in done.stderr


def test_the_test_script_installs_debians_chromium_never_a_downloaded_browser() -> None:
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert 'apt_install "the browser tests need Debian\'s chromium" chromium' in script
    assert "playwright install" not in script


def test_the_test_script_without_root_installs_through_sudo() -> None:
    # sudo is not installed on this machine: a stand-in on PATH records its arguments
    with _bare_path() as tools:
        sudo = tools / "sudo"
        sudo.write_text(f'#!{shutil.which("bash")}\necho "$*" >> {tools}/calls\n')
        sudo.chmod(0o755)
        done = _install_postgres(tools)
        calls = (tools / "calls").read_text().splitlines()
    assert done.returncode == 0, done.stderr
    assert calls == ["apt-get update -qq", "apt-get install -y -qq postgresql"]
