"""A real server and a real browser for the web tests.

``live_server`` runs the app with uvicorn in a thread on a free loopback port, on a fresh
SQLite database; the browser is Debian's ``chromium`` (never a downloaded one), driven by
Playwright for Python. Screenshots go to ``out/screenshots/`` for people to look at.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from tests.conftest import HTTP, sqlite_at_head

from flickboard.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
SRC = Path(__file__).resolve().parents[2] / "src"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The app served by uvicorn in a background thread."""

    def __init__(self, database_url: str, app: Any = None, **options: Any) -> None:
        self.app = app if app is not None else create_app(database_url)
        self.port = free_port()
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            timeout_graceful_shutdown=2,  # live pages' streams do not end by themselves
            **options,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        """The server's base URL (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start and wait until it answers."""
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop and wait for the thread."""
        self.server.should_exit = True
        self.thread.join(10)

    def __enter__(self) -> LiveServer:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


class Served:
    """``flickboard serve`` in a subprocess: its base URL and its process."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process = process
        self.url = f"http://127.0.0.1:{port}"
        self.output = ""

    def pids(self) -> list[int]:
        """The server's process and every process under it (its workers)."""
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                todo += [int(c) for c in task.read_text().split()]
        return found


@contextmanager
def served(url: str, workers: int = 1) -> Iterator[Served]:
    """``flickboard serve --workers N --db URL`` on a free loopback port, answering
    (stopped with Ctrl-C afterwards; its output in ``Served.output``)."""
    port = free_port()
    command = [
        sys.executable, "-m", "flickboard", "serve", "--workers", str(workers), "--db", url,
        "--port", str(port), "--no-browser",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    server = Served(process, port)
    try:
        deadline = time.monotonic() + 240
        while True:
            assert process.poll() is None, process.communicate()[0]
            try:
                if HTTP.get(server.url + "/desk", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.3)
        yield server
    finally:
        process.send_signal(signal.SIGINT)
        try:
            server.output, _ = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            server.output, _ = process.communicate()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """The app on a fresh SQLite database, served on loopback."""
    with LiveServer(sqlite_at_head(tmp_path / "web.sqlite")) as server:
        yield server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's chromium, headless, with no background networking (a closed network)."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under ``out/screenshots/NAME.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
