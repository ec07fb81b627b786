"""The first five minutes in the browser: a table page asked for while the server warms
its physics kernels says so and turns into the table by itself; the README's picture of
the table is made here (docs/table.png)."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from flickboard.physics import warm
from flickboard.physics.warm import Step, Warmup

from ..conftest import LiveServer, screenshot
from .test_play_browser import choose, drag, lobby, my_turn, quick, shown, start

DOCS = Path(__file__).resolve().parents[3] / "docs"


def test_the_table_says_it_is_warming_up_then_turns_into_the_table_by_itself(
    live_server: LiveServer, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    warm.warm()  # compiled (or loaded) here first: what is tested is the page, not numba
    go_on = threading.Event()

    def gated(step: Step) -> None:  # the real warming, once the page has been seen
        step("the shot engine")
        go_on.wait(60)
        warm.warm(step)

    warmup = Warmup(gated)
    monkeypatch.setattr(warm, "WARMUP", warmup)
    warmup.start()
    page.goto(live_server.url + "/play")
    page.wait_for_selector("#warming")
    assert "Warming up: compiling the physics kernels (the shot engine)" in page.inner_text(
        "#warming"
    )
    page.wait_for_timeout(1500)  # asked again at least once, still warming
    assert page.locator("#warming").count() == 1
    screenshot(page, "warming-up")
    go_on.set()
    page.wait_for_selector(".seat-row", timeout=60_000)  # the lobby, without a reload by hand
    assert page.locator("#warming").count() == 0 and warmup.done


def test_the_readme_picture_of_the_table_is_a_game_against_the_ai(
    live_server: LiveServer, page: Any
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    lobby(page, live_server)
    choose(page, 0, "here", "Ann")
    choose(page, 2, "ai")
    quick(page, 4)
    start(page)
    my_turn(page)
    drag(page, -10, 62)
    page.click("#shoot")
    shown(page, 2)
    my_turn(page)
    drag(page, 8, 58)
    shot = screenshot(page, "readme-table")
    picture = DOCS / "table.png"
    if os.environ.get("FLICKBOARD_UPDATE_DOCS") == "1":
        shutil.copyfile(shot, picture)  # the README shows it
    assert picture.exists(), "make it: FLICKBOARD_UPDATE_DOCS=1 pytest " + __file__
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
