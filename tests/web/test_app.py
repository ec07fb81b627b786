"""The app: one port for every face, its API described, every asset bundled."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from tests.conftest import HTTP, sqlite_at_head

from flickboard.web.app import STATIC, create_app

from .conftest import LiveServer, screenshot


def test_the_front_page_offers_play_and_the_desk(tmp_path: Any) -> None:
    client = TestClient(create_app(sqlite_at_head(tmp_path / "x.sqlite")))
    page = client.get("/")
    assert page.status_code == 200
    assert 'href="/play"' in page.text and 'href="/desk"' in page.text
    assert client.get("/api/openapi.json").json()["info"]["title"] == "flickboard"
    assert client.get("/static/htmx.min.js").status_code == 200


def test_no_page_or_asset_loads_anything_from_another_host() -> None:
    outside = re.compile(r"""(src|href)=["']?(https?:)?//""")
    for path in [*STATIC.rglob("*.css"), *STATIC.parent.rglob("*.html")]:
        assert not outside.search(path.read_text(encoding="utf-8")), path


def test_a_real_browser_shows_the_front_page(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/")
    assert page.get_by_role("link", name="Play a game").is_visible()
    screenshot(page, "front-page")
    assert HTTP.get(live_server.url + "/api/openapi.json").status_code == 200


def test_the_favicon_is_bundled_and_every_page_links_it(tmp_path: Any) -> None:
    client = TestClient(create_app(sqlite_at_head(tmp_path / "web.sqlite")))
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/vnd.microsoft.icon"
    assert icon.content == (STATIC / "favicon.ico").read_bytes() and icon.content[:4] == b"\0\0\1\0"
    for path in ("/", "/play", "/desk"):
        assert '<link rel="icon" href="/favicon.ico">' in client.get(path).text, path


def test_kernels_not_warming_ahead_are_ready_and_the_warming_poll_reloads(tmp_path: Any) -> None:
    client = TestClient(create_app(sqlite_at_head(tmp_path / "web.sqlite")))
    assert client.get("/api/kernels").json()["ready"] is True  # made in Python: no warming
    poll = client.get("/play/warming?reload=true")  # a table: reloads to aim
    assert poll.status_code == 200 and poll.headers["HX-Refresh"] == "true"
    banner = client.get("/play/warming")  # the lobby: the banner just goes
    assert banner.status_code == 200 and banner.text == "" and "HX-Refresh" not in banner.headers
    assert "Set up a game" in client.get("/play").text
