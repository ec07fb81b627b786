"""The first five minutes in the browser: while the server warms its physics kernels,
the lobby sets up a game and its table shows it under a banner with the compile's
progress, and the table turns ready to aim by itself; the README's picture of
the table is made here (docs/table.png)."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from flickboard.physics import warm
from flickboard.physics.warm import Step, Warmup

from ..conftest import LiveServer, screenshot
from .test_play_browser import choose, drag, lobby, my_turn, quick, shown, start

DOCS = Path(__file__).resolve().parents[3] / "docs"


def test_while_the_kernels_warm_a_game_is_set_up_and_only_its_shot_waits(
    live_server: LiveServer, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    warm.warm()  # compiled (or loaded) here first: what is tested is the page, not numba
    go_on = threading.Event()

    def gated(step: Step) -> None:  # the real warming, once the pages have been seen
        step("the shot engine")
        go_on.wait(60)
        warm.warm(step)

    warmup = Warmup(gated)
    monkeypatch.setattr(warm, "WARMUP", warmup)
    warmup.start()
    page.set_viewport_size({"width": 1280, "height": 900})
    lobby(page, live_server)  # the lobby itself, under the banner
    banner = page.inner_text("#warming")
    assert "Warming up: compiling the physics engine" in banner
    assert "You can set up a game now" in banner
    assert page.locator("#warming progress").count() == 1
    screenshot(page, "warming-up-lobby")
    choose(page, 0, "here", "Ann")
    choose(page, 2, "here", "Bob")
    start(page)  # the game is made and its table shown while the kernels still warm
    assert "Shots wait until it is ready" in page.inner_text("#warming")
    assert page.locator("#aim").is_hidden()
    page.wait_for_timeout(1500)  # asked again at least once, still warming
    assert page.locator("#warming").count() == 1 and not warmup.done
    screenshot(page, "warming-up-table")
    go_on.set()
    my_turn(page)  # the table reloads itself ready to aim
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


SCREENS = [(1280, 900), (390, 844)]
"""A laptop's screen and a phone's."""


@pytest.mark.parametrize(("width", "height"), SCREENS, ids=["laptop", "phone"])
def test_the_lobby_starts_a_game_without_scrolling_and_the_replay_reviews_by_tier_names(
    live_server: LiveServer, page: Any, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    lobby(page, live_server)
    box = page.locator("#start").bounding_box()
    assert box is not None and box["y"] + box["height"] <= height  # in view as it opens
    assert "seats 0 and 2" in page.inner_text("fieldset:has(#seats) p.small")
    page.screenshot(path=str(screenshot(page, f"lobby-{width}x{height}")), full_page=False)
    game = start(page)
    page.goto(f"{live_server.url}/play/{game}/replay")
    levels = page.locator("#review-level option")  # filled once the catalogue has come
    tiers = ["novice", "recreational", "strong-recreational", "competitive", "top-competitive"]
    expect(levels).to_have_text([*tiers, "champion"])
    expect(page.locator("#review-level")).to_have_value("competitive")
    screenshot(page, f"replay-review-{width}x{height}")
    page.goto(f"{live_server.url}/desk")
    assert page.locator("header.site nav a[href='/play']").is_visible()  # back to Play
