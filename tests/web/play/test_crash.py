"""A shot answered is a shot kept: the server process killed (SIGKILL, no shutdown)
right after answering, a new one on the same SQLite file has the shot."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.conftest import HTTP, sqlite_at_head

from flickboard.bench.server import READY, free_port
from flickboard.errors import InvalidInput
from flickboard.store.db import engine_for
from flickboard.web.play.saved import SavedGames

from .helpers import new_game, shoot, state


@contextmanager
def serving(url: str) -> Iterator[tuple[httpx.Client, subprocess.Popen[bytes]]]:
    """``flickboard serve`` in a child process on ``url``'s database, and a client."""
    port = free_port()
    command = [sys.executable, "-m", "flickboard", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--db", url, "--no-browser"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, "the server stopped"
            try:
                if HTTP.get(base + READY, timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not answer in 120 s"
            time.sleep(0.2)
        deadline = time.monotonic() + 600  # a cold kernel cache compiles first
        while not HTTP.get(base + "/api/kernels", timeout=10).json()["ready"]:
            assert proc.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the kernels were not ready in 600 s"
            time.sleep(0.5)
        with httpx.Client(base_url=base, timeout=60) as client:
            yield client, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def test_a_shot_answered_survives_killing_the_server(tmp_path: Path) -> None:
    url = sqlite_at_head(tmp_path / "table.sqlite")
    with serving(url) as (api, proc):
        client: Any = api
        game = new_game(client)
        answer = shoot(client, game, 0, u=0.45, speed=1.1)
        assert answer.status_code == 200
        answered = answer.json()["state"]
        proc.kill()  # SIGKILL the moment the shot is answered: no shutdown, no flush
        assert proc.wait() == -9
    with serving(url) as (api, _):
        client = api
        after = state(client, game["id"])
        assert after["shots"] == 1
        for key in ("discs", "turn", "score", "version"):
            assert after[key] == answered[key], key
        assert shoot(client, game, after["turn"]["seat"]).status_code == 200  # play goes on


def test_the_tables_database_commits_to_the_log_without_waiting_for_the_disk(
    tmp_path: Path,
) -> None:
    url = sqlite_at_head(tmp_path / "table.sqlite")
    with SavedGames(url).engine.connect() as table:
        assert table.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert table.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    with engine_for(url).connect() as desk:  # the desk's connections keep FULL
        assert desk.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    with pytest.raises(InvalidInput, match="synchronous must be FULL or NORMAL, not 'OFF'"):
        engine_for(url, synchronous="OFF")
