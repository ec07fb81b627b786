"""Packaging: what a fresh clone installs, ignores and needs to run its tests."""

from __future__ import annotations

import os
import re
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_pymunk_is_only_the_bench_extra_not_a_runtime_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith("pymunk") for d in project["dependencies"])
    assert any(d.startswith("pymunk") for d in project["optional-dependencies"]["bench"])
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert "use_venv 'test,bench,ray,web,envs'" in script  # the test command installs it


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


README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST, SECOND = re.findall(r"```bash\n(.*?)\n```", README, re.S)[:2]
SITE = os.pathsep.join(site.getsitepackages())
"""Where this interpreter's dependencies are: a venv's own and, in one made with the
system's site packages (as scripts/test.sh makes it), the system's too."""


def _checkout(folder: Path) -> Path:
    """A copy of the checkout's files (tracked and new, not ignored) in ``folder``."""
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in files:
        if (ROOT / name).is_file() and not name.startswith("out/"):
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


def _offline_env(**more: str) -> dict[str, str]:
    """The environment for pip without downloading the dependencies again: they are
    this interpreter's (PYTHONPATH), pip installs flickboard alone."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "PIP_NO_DEPS": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", **more}


def test_the_readme_first_command_makes_a_venv_installs_and_serves(tmp_path: Path) -> None:
    assert FIRST == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[web,envs]' && "
        ".venv/bin/flickboard serve"
    )
    checkout = _checkout(tmp_path / "flickboard")
    from tests.web.conftest import free_port

    port = free_port()
    env = _offline_env(
        PYTHONPATH=SITE,  # the dependencies, as pip would have installed them
        FLICKBOARD_DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite'}",
        FLICKBOARD_NUMBA_CACHE=str(tmp_path / "cache"),
    )
    proc = subprocess.Popen(
        ["bash", "-c", f"{FIRST} --no-browser --port {port}"],
        cwd=checkout,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        import httpx

        deadline = time.monotonic() + 600
        while True:
            assert proc.poll() is None, proc.communicate()[0]
            assert time.monotonic() < deadline, "no page in 10 minutes"
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.3)
        assert "Play a game" in page.text
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    assert f"flickboard is serving at http://localhost:{port}/" in out
    python = checkout / ".venv" / "bin" / "python"
    where = subprocess.run(
        [str(python), "-c", "import flickboard; print(flickboard.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.strip() == str(checkout / "src" / "flickboard" / "__init__.py")  # editable
    installed = next((checkout / ".venv" / "lib").glob("python3*/site-packages"))
    points = (next(installed.glob("flickboard-*.dist-info")) / "entry_points.txt").read_text()
    assert "[gymnasium.envs]\nflickboard = flickboard.envs.registration:register_envs" in points


def test_the_readme_second_command_uses_a_venv_made_in_the_checkout(tmp_path: Path) -> None:
    assert SECOND == "bash scripts/test.sh"
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert script.index("use_venv") < script.index("python -m pytest")
    assert "python3 -m pip" not in script  # never the system's pip
    checkout = _checkout(tmp_path / "flickboard")
    probe = "source scripts/venv.sh; use_venv web; command -v python; python -c 'import sys; print(sys.prefix)'"
    done = subprocess.run(
        ["bash", "-c", probe], cwd=checkout, env=_offline_env(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(checkout / ".venv/bin/python"), str(checkout / ".venv")]
    assert "making a virtual environment in .venv" in done.stderr
    again = subprocess.run(
        ["bash", "-c", probe], cwd=checkout, env=_offline_env(), capture_output=True, text=True
    )
    assert again.returncode == 0 and "making" not in again.stderr  # made once, reused
    # Already in one: that one is used. A throw-away one, never this interpreter's: pip
    # would install the copy over the flickboard the rest of the suite runs.
    other = tmp_path / "other-venv"
    subprocess.run(["python3", "-m", "venv", "--system-site-packages", str(other)], check=True)
    inside = subprocess.run(
        ["bash", "-c", probe],
        cwd=checkout,
        env=_offline_env(VIRTUAL_ENV=str(other), PATH=f"{other}/bin:{os.environ['PATH']}"),
        capture_output=True,
        text=True,
    )
    assert inside.returncode == 0, inside.stderr
    assert "making" not in inside.stderr
    assert inside.stdout.split() == [str(other / "bin/python"), str(other)]


def test_the_gymnasium_entry_point_registers_every_environment_in_a_fresh_interpreter() -> None:
    points = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    target = points["gymnasium.envs"]["flickboard"]
    module, function = target.split(":")
    code = (
        "import gymnasium, importlib; "
        f"getattr(importlib.import_module({module!r}), {function!r})(); "
        "print(sorted(i for i in gymnasium.registry if i.startswith('flickboard/')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['flickboard/Crokinole-v0', 'flickboard/Shuffleboard-v0']"
    fresh = "import gymnasium; print(gymnasium.make('flickboard.envs:flickboard/Crokinole-v0'))"
    made = subprocess.run([sys.executable, "-c", fresh], capture_output=True, text=True)
    assert made.returncode == 0 and "flickboard/Crokinole-v0" in made.stdout, made.stderr


def test_the_startup_hook_registers_the_ids_when_gymnasium_is_imported_and_not_before() -> None:
    hook = ROOT / "src" / "flickboard" / "envs" / "gymnasium_hook.py"
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('flickboard_gymnasium_hook', {str(hook)!r})\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "module.install(); module.install()\n"
        "hooks = [f for f in sys.meta_path if type(f).__name__ == 'GymnasiumHook']\n"
        "assert len(hooks) == 1 and 'flickboard' not in sys.modules\n"
        "import json\n"  # other imports pass by
        "assert hooks[0] in sys.meta_path\n"
        "import gymnasium\n"
        "assert hooks[0] not in sys.meta_path and 'flickboard' not in sys.modules\n"
        "assert gymnasium.__spec__.loader.exec_module.__self__ is gymnasium.__spec__.loader\n"
        "print(sorted(i for i in gymnasium.registry if i.startswith('flickboard/')))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['flickboard/Crokinole-v0', 'flickboard/Shuffleboard-v0']"


@pytest.mark.parametrize("editable", [True, False], ids=["editable", "wheel"])
def test_a_plain_gymnasium_make_works_in_a_fresh_interpreter_of_an_install(
    tmp_path: Path, editable: bool
) -> None:
    checkout = _checkout(tmp_path / "flickboard")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    install = [python, "-m", "pip", "install", "-q", *(["-e"] if editable else []), str(checkout)]
    done = subprocess.run(install, env=_offline_env(), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    installed = next((venv / "lib").glob("python3*/site-packages"))
    assert (installed / "flickboard-gymnasium.pth").read_text() == (
        "import flickboard_gymnasium_hook; flickboard_gymnasium_hook.install()\n"
    )
    code = (
        "import sys, gymnasium\n"
        "assert 'flickboard' not in sys.modules\n"
        "for game in ('Crokinole', 'Shuffleboard'):\n"
        "    env = gymnasium.make(f'flickboard/{game}-v0')\n"
        "    observation, _ = env.reset(seed=1)\n"
        "    vec = gymnasium.make_vec(f'flickboard/{game}-v0', num_envs=2,"
        " vectorization_mode='vector_entry_point')\n"
        "    batch, _ = vec.reset(seed=1)\n"
        "    assert (batch[0] == observation).all(), game\n"
        "    print(game, type(vec).__name__)\n"
        "import flickboard\n"
        "print(flickboard.__file__)\n"
    )
    made = subprocess.run([python, "-c", code], env=_offline_env(), capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert made.stdout.split() == [
        "Crokinole",
        "FlickboardVectorEnv",
        "Shuffleboard",
        "FlickboardVectorEnv",
        str(
            checkout / "src" / "flickboard" / "__init__.py"
            if editable
            else installed / "flickboard" / "__init__.py"
        ),
    ]
