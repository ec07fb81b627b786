"""The small things of the first five minutes at the table, in chromium: the lobby on a
phone, Start before the page is ready, keys without a click on the board, Enter in an
aim field, Shoot above the fold. Screenshots go to out/screenshots/first-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from ..conftest import LiveServer, screenshot
from .test_play_browser import choose, lobby, my_turn, quick, shown, start

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


def _game_against_the_ai(page: Any, server: LiveServer) -> None:
    lobby(page, server)
    choose(page, 0, "here", "Ann")
    choose(page, 2, "ai")
    quick(page, 4)
    start(page)
    my_turn(page)


def test_the_lobby_fits_a_phone_390_px_wide(live_server: LiveServer, page: Any) -> None:
    page.set_viewport_size(PHONE)
    lobby(page, live_server)
    choose(page, 2, "ai")
    wide = page.evaluate("document.documentElement.scrollWidth")
    screenshot(page, "first-phone-lobby")
    assert wide <= PHONE["width"]


def test_start_before_the_lobby_is_ready_submits_no_plain_form(
    live_server: LiveServer, page: Any
) -> None:
    held: list[Any] = []
    page.route("**/api/play/seating", lambda route: held.append(route))
    page.goto(live_server.url + "/play")
    page.wait_for_function("() => document.querySelector('#games input') !== null")
    assert page.locator("#start").is_disabled()  # not until the seats are known
    page.evaluate("document.querySelector('#lobby').requestSubmit()")  # Enter in a field
    page.wait_for_timeout(300)
    assert page.url == live_server.url + "/play"  # no plain GET /play?... navigation
    held[0].continue_()
    page.wait_for_selector(".seat-row")
    assert page.locator("#start").is_enabled()


def test_keys_work_without_a_click_on_the_board_and_enter_shoots(
    live_server: LiveServer, page: Any
) -> None:
    _game_against_the_ai(page, live_server)
    page.evaluate("document.activeElement.blur()")
    before = page.locator("#aim-speed").input_value()
    page.keyboard.press("ArrowUp")
    assert page.locator("#aim-speed").input_value() != before
    page.keyboard.press("Enter")
    shown(page, 2)  # shot, and the AI replied


def test_enter_in_an_aim_field_applies_the_value_and_does_not_shoot(
    live_server: LiveServer, page: Any
) -> None:
    _game_against_the_ai(page, live_server)
    page.fill("#aim-speed", "0.90")
    page.press("#aim-speed", "Enter")
    page.wait_for_timeout(300)
    assert "0.90 m/s" in page.inner_text("#power-words")  # applied to the aim
    assert page.locator("#log li").count() == 0  # nothing shot
    assert page.locator("#aim:not([hidden])").count() == 1


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_shoot_is_above_the_fold(live_server: LiveServer, page: Any, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    _game_against_the_ai(page, live_server)
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#shoot").bounding_box()
    page.screenshot(
        path=str(
            screenshot(page, f"first-shoot-{size['width']}").parent
            / f"first-fold-{size['width']}.png"
        )
    )
    assert box["y"] + box["height"] <= size["height"], box
