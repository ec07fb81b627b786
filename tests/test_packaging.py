"""Packaging: what a fresh clone installs, ignores and needs to run its tests, and what an
installed wheel runs from any folder."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tests.conftest import HTTP

ROOT = Path(__file__).resolve().parents[1]


def test_pymunk_is_only_the_bench_extra_not_a_runtime_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith("pymunk") for d in project["dependencies"])
    assert any(d.startswith("pymunk") for d in project["optional-dependencies"]["bench"])
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert "use_venv test bench ray web envs" in script  # the test command installs it


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


def _env(**more: str) -> dict[str, str]:
    """This process's environment outside any virtual environment (uv's and pip's caches
    are the ones the test command filled: installs come from the same lock)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    path = [p for p in env["PATH"].split(os.pathsep) if not p.startswith(sys.prefix)]
    return {**env, "PATH": os.pathsep.join(path), **more}


UV = [sys.executable, "-m", "uv"]
"""uv, as the test command installed it (scripts/uv-requirements.txt)."""


def test_the_lock_agrees_with_pyproject() -> None:
    done = subprocess.run(
        [*UV, "lock", "--check", "--offline"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    names = {package["name"] for package in lock["package"]}
    assert {"numba", "fastapi", "gymnasium", "ray", "pytest", "schemathesis"} <= names


def test_a_lock_that_pyproject_no_longer_agrees_with_is_refused(tmp_path: Path) -> None:
    shutil.copy(ROOT / "uv.lock", tmp_path / "uv.lock")
    project = (ROOT / "pyproject.toml").read_text()
    (tmp_path / "pyproject.toml").write_text(project.replace('"rich>=13"', '"rich>=13.1"'))
    done = subprocess.run(
        [*UV, "lock", "--check", "--offline"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode != 0  # stale ("needs to be updated"), or unresolvable offline
    assert (tmp_path / "uv.lock").read_bytes() == (ROOT / "uv.lock").read_bytes()  # untouched


def test_uv_itself_is_pinned_with_hashes_and_the_test_command_uses_it() -> None:
    pins = (ROOT / "scripts" / "uv-requirements.txt").read_text()
    version = re.search(r"^uv==(\S+) \\$", pins, re.M)
    assert version and "--hash=sha256:" in pins
    done = subprocess.run([*UV, "--version"], capture_output=True, text=True, check=True)
    assert done.stdout.split()[:2] == ["uv", version.group(1)]
    script = (ROOT / "scripts" / "venv.sh").read_text()
    assert "uv sync --quiet --locked" in script and "uv-requirements.txt" in script


def test_the_readme_commands_in_order_serve_then_test_from_the_lock(tmp_path: Path) -> None:
    assert FIRST == (
        "python3 -m venv .venv && .venv/bin/pip install -q -r scripts/uv-requirements.txt "
        "&& .venv/bin/uv sync --locked --inexact --compile-bytecode --extra web --extra envs "
        "&& .venv/bin/flickboard serve"
    )
    assert SECOND == "bash scripts/test.sh"
    checkout = _checkout(tmp_path / "flickboard")
    from tests.web.conftest import free_port

    port = free_port()
    env = _env(
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
                page = HTTP.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.3)
        assert "Play a game" in page.text
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    assert f"flickboard is serving at http://localhost:{port}/" in out
    python = checkout / ".venv" / "bin" / "python"
    code = "import flickboard, fastapi; print(flickboard.__file__, fastapi.__version__)"
    where = subprocess.run(
        [str(python), "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert where[0] == str(checkout / "src" / "flickboard" / "__init__.py")  # editable
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    assert where[1] == next(p["version"] for p in lock["package"] if p["name"] == "fastapi")
    # then the test command's environment: the same .venv, made once, synced from the lock
    probe = "source scripts/venv.sh; use_venv; command -v python; python -c 'import sys; print(sys.prefix)'"
    done = subprocess.run(
        ["bash", "-c", probe], cwd=checkout, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(checkout / ".venv/bin/python"), str(checkout / ".venv")]
    assert "making a virtual environment" not in done.stderr  # the README's first one
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert script.index("use_venv") < script.index("python -m pytest")
    assert "python3 -m pip" not in script  # never the system's pip


def test_the_test_command_makes_its_venv_once_or_uses_the_one_it_is_in(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path / "flickboard")
    probe = "source scripts/venv.sh; use_venv; command -v python; python -c 'import sys; print(sys.prefix)'"
    bare = _env(UV_COMPILE_BYTECODE="0")  # throw-away environments: no bytecode made
    done = subprocess.run(
        ["bash", "-c", probe], cwd=checkout, env=bare, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(checkout / ".venv/bin/python"), str(checkout / ".venv")]
    assert "making a virtual environment in .venv" in done.stderr
    again = subprocess.run(
        ["bash", "-c", probe], cwd=checkout, env=bare, capture_output=True, text=True
    )
    assert again.returncode == 0 and "making" not in again.stderr  # made once, reused
    # Already in one: that one is used (a throw-away one, never this interpreter's).
    other = tmp_path / "other-venv"
    subprocess.run(["python3", "-m", "venv", str(other)], check=True)
    inside = subprocess.run(
        ["bash", "-c", probe],
        cwd=checkout,
        env={**bare, "VIRTUAL_ENV": str(other), "PATH": f"{other}/bin:{bare['PATH']}"},
        capture_output=True,
        text=True,
    )
    assert inside.returncode == 0, inside.stderr
    assert "making" not in inside.stderr
    assert inside.stdout.split() == [str(other / "bin/python"), str(other)]
    numba = subprocess.run(
        [str(other / "bin" / "python"), "-c", "import numba; print(numba.__version__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    assert numba == next(p["version"] for p in lock["package"] if p["name"] == "numba")


def test_the_module_prefixed_id_makes_every_environment_in_a_fresh_interpreter() -> None:
    points = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "gymnasium.envs" not in points.get("entry-points", {})  # Gymnasium 1.x loads none
    code = (
        "import sys, gymnasium\n"
        "assert not any(i.startswith('flickboard/') for i in gymnasium.registry)\n"
        "for game in ('Crokinole', 'Shuffleboard'):\n"
        "    print(gymnasium.make(f'flickboard.envs:flickboard/{game}-v0').spec.id)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["flickboard/Crokinole-v0", "flickboard/Shuffleboard-v0"]


def _sync(folder: Path, editable: bool, *extras: str) -> tuple[Path, Path]:
    """flickboard installed from the lock into a fresh venv in ``folder`` (editable, or
    built as a wheel) with ``extras``: the checkout's copy and the venv."""
    checkout = _checkout(folder / "flickboard")
    venv = folder / "venv"
    sync = [*UV, "sync", "--quiet", "--locked", *(f"--extra={e}" for e in extras)]
    env = _env(UV_PROJECT_ENVIRONMENT=str(venv))
    done = subprocess.run(
        [*sync, *([] if editable else ["--no-editable"])],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return checkout, venv


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """flickboard built as a wheel and installed from the lock in a fresh venv, once for
    the tests that use it, with the extras its environments and benches need."""
    return _sync(tmp_path_factory.mktemp("wheel"), False, "envs", "web", "bench")


@pytest.mark.parametrize("editable", [True, False], ids=["editable", "wheel"])
def test_an_install_from_the_lock_makes_every_environment_and_ships_no_startup_hook(
    tmp_path: Path, editable: bool, request: pytest.FixtureRequest
) -> None:
    checkout, venv = _sync(tmp_path, True, "envs") if editable else request.getfixturevalue("wheel")
    installed = next((venv / "lib").glob("python3*/site-packages"))
    hooks = [p.name for p in installed.glob("*.pth") if "import" in p.read_text()]
    assert hooks == []  # nothing of flickboard runs at interpreter start
    # through the Match (fast=False): on a fresh install the compiled tables would first
    # compile for a minute and more, and what is tested here is that the ids make them
    code = (
        "import sys, gymnasium\n"
        "assert 'flickboard' not in sys.modules\n"
        "for game in ('Crokinole', 'Shuffleboard'):\n"
        "    env = gymnasium.make(f'flickboard.envs:flickboard/{game}-v0', fast=False)\n"
        "    observation, _ = env.reset(seed=1)\n"
        "    vec = gymnasium.make_vec(f'flickboard.envs:flickboard/{game}-v0', num_envs=2,"
        " vectorization_mode='vector_entry_point', fast=False)\n"
        "    batch, _ = vec.reset(seed=1)\n"
        "    assert (batch[0] == observation).all(), game\n"
        "    print(game, type(vec).__name__)\n"
        "import flickboard\n"
        "print(flickboard.__file__)\n"
    )
    python = str(venv / "bin" / "python")
    made = subprocess.run([python, "-c", code], env=_env(), capture_output=True, text=True)
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


WRITERS: list[list[str]] = [
    ["physics"],
    ["ai"],
    ["ai", "--realism"],
    ["ai", "--search-ladder", "1"],
    ["web"],
    ["web", "--soak"],
    ["web", "--workers", "2"],
    ["envs"],
    ["ladder"],
    ["rulings"],
    ["review"],
]
"""The benches that write results, each way they write them (a file --output names)."""

PRINTERS: list[list[str]] = [
    ["standings", "--players", "20", "--games", "1", "--repeats", "1"],
    ["desk", "--help"],  # a loopback server and its phones: 20 s of CPU at the least
]
"""The benches that only print, with their smallest settings."""

BENCHES = """\
import json, sys
from flickboard.bench.ai_realism import REAL_DATA, real_figures
from flickboard.cli.app import app
for args in json.loads(sys.argv[1]):
    try:
        app(["bench", *args], prog_name="flickboard")
    except SystemExit as exit:
        print(f"exit {exit.code}", file=sys.stderr)
print(REAL_DATA, real_figures()["games"])
"""
"""Runs of ``flickboard bench`` (JSON argument lists) in one process, each one's exit code
after its errors; then where the real rounds resolve and how many games they hold."""


def test_every_documented_bench_runs_from_an_installed_wheel_in_an_empty_folder(
    wheel: tuple[Path, Path], tmp_path: Path
) -> None:
    """The standings bench runs in full from the installed command; those that write
    results refuse an --output they could not write before any work, and write nowhere
    else (run in full they first compile the physics kernels, a minute of CPU or more on a
    fresh install); the real rounds of ``bench ai --realism`` resolve in the package."""
    from flickboard.cli.app import LAZY_COMMANDS

    pages = [README, *(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))]
    documented = {name for page in pages for name in re.findall(r"flickboard bench (\w+)", page)}
    runs = {args[0] for args in WRITERS + PRINTERS}
    assert documented == set(LAZY_COMMANDS["bench"]) == runs
    _, venv = wheel
    empty = tmp_path / "empty"
    empty.mkdir()
    env = _env(FLICKBOARD_NUMBA_CACHE=str(tmp_path / "cache"))
    standings = subprocess.run(
        [str(venv / "bin" / "flickboard"), "bench", *PRINTERS[0]],
        cwd=empty, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert standings.returncode == 0, standings.stderr
    assert "under the 1 s budget" in standings.stdout
    missing = tmp_path / "missing" / "results.json"
    runs_json = json.dumps([*PRINTERS[1:], *([*a, "--output", str(missing)] for a in WRITERS)])
    python = str(venv / "bin" / "python")
    done = subprocess.run(
        [python, "-c", BENCHES, runs_json], cwd=empty, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    refused = f"error: cannot write {missing}: folder {missing.parent} does not exist\n"
    assert done.stderr == "exit 0\n" + f"{refused}exit 2\n" * len(WRITERS)
    assert "Usage: flickboard bench desk" in done.stdout
    installed = next((venv / "lib").glob("python3*/site-packages"))
    real = installed / "flickboard" / "bench" / "data" / "crokinole_rounds.csv.gz"
    assert done.stdout.splitlines()[-1] == f"{real} 3884"
    assert list(empty.iterdir()) == [] and not missing.parent.exists()
    # and no installed module names a file of the checkout (bench/..., docs/...)
    checkout_paths = [
        f"{path.relative_to(installed)}:{node.lineno}: {node.value}"
        for path in (installed / "flickboard").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if re.match(r"(bench|docs)/[\w./-]*$", node.value)
    ]
    assert checkout_paths == []
