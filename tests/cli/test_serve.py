"""``flickboard serve``: says where it serves, serves at once while it warms the kernels in
the background (with progress), refuses a busy port, stops on Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text
from tests.conftest import HTTP
from tests.web.conftest import free_port

from flickboard.cli.serve import warn_connections
from flickboard.store.db import make_engine
from flickboard.web.app import connections

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _serve(port: int, env: dict[str, str]) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "flickboard", "serve", "--no-browser", "--port", str(port)]
    return subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _first_page(proc: subprocess.Popen[str], url: str) -> httpx.Response:
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()[0]
        try:
            return HTTP.get(url, timeout=2)
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError("the server did not answer")


def _main_thread_cpu_seconds(pid: int) -> float:
    """CPU time a process's main thread (the one serving) has used (user + system), from
    /proc: the machine's load does not count, unlike the clock's, nor does the kernels'
    compiling thread (under load it burns CPU while the server waits its turn to answer)."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def test_serve_on_a_cold_cache_answers_at_once_while_the_kernels_compile(
    tmp_path: Path,
) -> None:
    port = free_port()
    env = {
        **os.environ,
        "FLICKBOARD_DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite'}",
        "FLICKBOARD_NUMBA_CACHE": str(tmp_path / "cache"),  # empty: everything compiles
    }
    proc = _serve(port, env)
    site = f"http://127.0.0.1:{port}"
    try:
        page = _first_page(proc, f"{site}/")
        # the serving thread started, made the schema and answered (2-5 s of CPU) without
        # compiling a kernel (a minute of CPU, on its own thread)
        assert _main_thread_cpu_seconds(proc.pid) < 15.0
        assert page.status_code == 200 and "Play a game" in page.text
        assert HTTP.get(f"{site}/api/kernels").json()["ready"] is False
        lobby = HTTP.get(f"{site}/play")
        assert "Set up a game" in lobby.text  # the lobby itself, with the banner
        assert "Warming up: compiling the physics engine" in lobby.text
        assert 'hx-get="/play/warming"' in lobby.text  # asks again until ready
        assert "<progress" in lobby.text
        seats = [{"player": "here"}, {"player": "ai", "ai": "ai:competitive"}]
        made = HTTP.post(f"{site}/api/play/games", json={"game": "crokinole", "seats": seats})
        assert made.status_code == 201, made.text
        game = made.json()["id"]
        state = HTTP.get(f"{site}/api/play/games/{game}").json()
        assert state["speed_default"] is None and state["status"] == "playing"
        table = HTTP.get(f"{site}/play/{game}")
        assert 'hx-get="/play/warming?reload=true"' in table.text  # reloads once ready
        assert HTTP.get(f"{site}/desk").status_code == 200
        progress = [HTTP.get(f"{site}/api/kernels").json()]
        assert progress[0]["ready"] is False  # all the above answered while compiling
        deadline = time.monotonic() + 300
        while progress[-1]["progress"] <= progress[0]["progress"] and not progress[-1]["ready"]:
            assert time.monotonic() < deadline, progress
            time.sleep(0.5)
            progress.append(HTTP.get(f"{site}/api/kernels").json())
        shares = [p["progress"] for p in progress]
        assert shares == sorted(shares) and shares[-1] > shares[0], shares  # it moves on
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert f"flickboard is serving at http://localhost:{port}/" in out
    assert "Compiling the physics kernels (once: about a minute, cached afterwards) in the" in out


def test_serve_on_a_busy_port_says_so_in_one_line_and_nothing_else() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "flickboard", "serve", "--no-browser", "--port", str(port)],
            capture_output=True,
            text=True,
        )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"error: port {port} is busy (another flickboard serve?): stop it, or pass --port\n"
    )


def test_serve_warms_the_kernels_prints_its_url_and_serves_the_front_page(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "FLICKBOARD_DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite'}"}
    proc = _serve(port, env)
    try:
        page = _first_page(proc, f"http://127.0.0.1:{port}/")
        assert page.status_code == 200 and "Play a game" in page.text
        deadline = time.monotonic() + 600
        while not HTTP.get(f"http://127.0.0.1:{port}/api/kernels").json()["ready"]:
            assert time.monotonic() < deadline, "the kernels were not ready in 10 minutes"
            time.sleep(0.5)
        assert "Set up a game" in HTTP.get(f"http://127.0.0.1:{port}/play").text
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert "Physics kernels ready" in out
    assert f"flickboard is serving at http://localhost:{port}/" in out
    assert (tmp_path / "s.sqlite").exists()  # the schema was created before serving


def test_serve_refuses_several_workers_on_sqlite() -> None:
    # A free port: the refusal is about the workers, whatever serves on 8000 here.
    port = str(free_port())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "flickboard",
            "serve",
            "--workers",
            "2",
            "--no-browser",
            "--port",
            port,
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "--workers above 1 needs PostgreSQL" in done.stderr


def test_serve_says_when_the_workers_could_open_more_connections_than_postgresql_allows(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = make_engine(postgres_url)
    per_worker = sum(kept + more for kept, more in connections().values())
    try:
        with engine.connect() as db:
            allowed = int(db.execute(text("SHOW max_connections")).scalar_one())
        fits, too_many = allowed // per_worker - 1, allowed // per_worker + 1
        warn_connections(engine, fits)
        assert capsys.readouterr().out == ""
        warn_connections(engine, too_many)
    finally:
        engine.dispose()
    said = capsys.readouterr().out
    assert said.startswith(
        f"warning: {too_many} workers may open up to {too_many} x {per_worker} = "
        f"{too_many * per_worker} database connections, and PostgreSQL allows "
        f"{allowed - 3} (max_connections {allowed})"
    )
