"""The desk's front page tells the owner of the server (a browser on the same machine)
how to become director; nobody else sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.conftest import sqlite_at_head

from flickboard.web.app import create_app

from .conftest import LiveServer, screenshot


def test_on_this_machine_the_desk_says_how_to_become_director(
    live_server: LiveServer, page: Any
) -> None:
    page.goto(live_server.url + "/desk")
    hint = page.locator("#first-run")
    assert "flickboard desk admin" in hint.inner_text()
    assert hint.locator("a[href='/desk/login']").count() == 1
    screenshot(page, "desk-first-run")


def test_from_another_machine_the_desk_says_nothing_of_it(tmp_path: Path) -> None:
    client = TestClient(create_app(sqlite_at_head(tmp_path / "desk.sqlite")))  # not loopback
    page = client.get("/desk")
    assert page.status_code == 200 and "Scoring a game?" in page.text
    assert "first-run" not in page.text and "flickboard desk admin" not in page.text
