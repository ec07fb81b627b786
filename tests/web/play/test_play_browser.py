"""The table in a real browser (Debian's chromium): games played by hand on the canvas,
against the AI, at one screen and across two browsers; take-backs, the replay page and
refusals shown in the page. Screenshots go to out/screenshots/table-*.png."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import HTTP

from ..conftest import LiveServer, screenshot

AI = "heuristic"
"""The fast AI, so a game is over in seconds."""


def lobby(page: Any, server: LiveServer, game: str = "crokinole") -> None:
    page.goto(server.url + "/play")
    if game != "crokinole":
        page.check(f"input[name=game][value={game}]")
    page.wait_for_selector(".seat-row")


def choose(page: Any, seat: int, player: str, name: str = "") -> None:
    """Who plays a seat in the lobby: here, remote or the fast AI."""
    page.get_by_label(re.compile(f"^Who plays seat {seat} ")).select_option(player)
    if player == "ai":
        page.get_by_label(f"AI kind, seat {seat}").select_option(AI)
    if name:
        page.get_by_label(f"Name, seat {seat}").fill(name)
        page.get_by_label(f"Name, seat {seat}").dispatch_event("change")


def quick(page: Any, shots: int) -> None:
    """A quick game: time is up after ``shots`` shots."""
    page.check("input[name=format][value=shots]")
    page.fill("#shots", str(shots))
    page.locator("#shots").dispatch_event("change")


def start(page: Any) -> str:
    """Start the game set up in the lobby; its ID."""
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/[\w-]+$"))
    page.wait_for_selector("#table-page[data-shown]")
    return str(page.url.rsplit("/", 1)[1])


def shown(page: Any, shots: int, summary: bool = False) -> None:
    """Wait until the page has shown ``shots`` shots (closing the summary at the end of a
    round or game, which it must show when ``summary``)."""
    if summary:
        page.wait_for_selector("#summary[open]")
        page.click("#summary-ok")
    page.wait_for_selector(f'#table-page[data-shown="{shots}"]')


def my_turn(page: Any) -> None:
    page.wait_for_selector("#aim:not([hidden])")


def drag(page: Any, dx: float, dy: float) -> None:
    """Pull back on the board from its middle, like a slingshot."""
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.45
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y + dy / 2, steps=4)
    page.mouse.move(x + dx, y + dy, steps=4)
    page.mouse.up()


def test_a_crokinole_game_against_the_ai_played_by_dragging(
    live_server: LiveServer, page: Any
) -> None:
    lobby(page, live_server)
    choose(page, 0, "here", "Ann")
    choose(page, 2, "ai")
    quick(page, 4)
    screenshot(page, "table-lobby")
    start(page)
    my_turn(page)
    assert page.locator("#board").get_attribute("data-seat") == "0"
    assert page.locator("#cmn-link").is_hidden()  # the kind exports no CMN yet
    screenshot(page, "table-crokinole-start")
    drag(page, 0, 64)  # pull straight back: straight in, gently
    assert page.locator("#aim-angle").input_value() == "0.0"
    speed = float(page.locator("#aim-speed").input_value())
    assert 0.9 < speed < 1.2
    screenshot(page, "table-crokinole-aiming")
    page.click("#shoot")
    page.wait_for_selector("#skip:not([hidden])")  # the shot is being played back
    screenshot(page, "table-crokinole-in-flight")
    shown(page, 2)  # the AI replied
    assert page.locator("#ruling .explain").inner_text().startswith("AI: ")
    my_turn(page)
    drag(page, -14, 60)  # pulled a little to the left: aimed a little right
    assert float(page.locator("#aim-angle").input_value()) > 0
    page.click("#shoot")
    shown(page, 4, summary=True)
    assert page.locator("#table-page").get_attribute("data-status") == "over"
    assert re.search(r"(red|green) wins|tied", page.locator("#score").inner_text())
    assert page.locator("#log li").count() == 4
    assert page.locator("#cmn-link").is_visible()  # a finished game: the kind exports CMN
    screenshot(page, "table-crokinole-over")
    page.click("#replay-link")
    page.wait_for_selector("#ruling h2")
    assert "Shot 4" in page.locator("#ruling h2").inner_text()


def test_the_lobby_shows_the_seats_of_the_last_game_chosen_when_answers_cross(
    live_server: LiveServer, page: Any
) -> None:
    held: list[Any] = []

    def hold_crokinole(route: Any) -> None:
        if not held and '"crokinole"' in (route.request.post_data or ""):
            held.append(route)  # answered only after shuffleboard's seats are shown
        else:
            route.continue_()

    page.route("**/api/play/seating", hold_crokinole)
    page.goto(live_server.url + "/play")
    page.check("input[name=game][value=shuffleboard]")
    page.wait_for_selector(".seat-row")
    with page.expect_response("**/api/play/seating"):
        held[0].continue_()
    page.wait_for_timeout(200)  # the late answer has been handled
    assert page.get_by_label(re.compile("^Who plays seat 1 ")).count() == 1  # shuffleboard's
    assert page.get_by_label(re.compile("^Who plays seat 2 ")).count() == 0  # crokinole's


def test_a_table_shuffleboard_game_against_the_ai_by_keys_and_numbers(
    live_server: LiveServer, page: Any
) -> None:
    lobby(page, live_server, "shuffleboard")
    choose(page, 0, "here", "Ann")
    choose(page, 1, "ai")
    page.fill("#target", "1")
    page.locator("#target").dispatch_event("change")
    start(page)
    page.select_option("#pace", "0")  # shots play at once
    my_turn(page)
    screenshot(page, "table-shuffleboard-start")
    page.fill("#aim-start", "-60")
    page.locator("#aim-start").dispatch_event("change")
    page.locator("#board").focus()
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press("ArrowDown")
    assert page.locator("#aim-start").input_value() == "-60"
    page.keyboard.press("Enter")
    shots = 2
    while True:
        page.wait_for_function(
            f"Number(document.querySelector('#table-page').dataset.shown) >= {shots}"
            " || document.querySelector('#summary').open"
        )
        if page.locator("#summary[open]").count():
            break
        my_turn(page)
        page.locator("#board").focus()
        page.keyboard.press("Enter")
        shots += 2
    screenshot(page, "table-shuffleboard-summary")
    title = page.locator("#summary-title").inner_text()
    page.click("#summary-ok")
    if title == "Game over":
        page.wait_for_selector('#table-page[data-status="over"]')
        assert "wins" in page.locator("#score").inner_text()
    else:  # a frame with no score: the game goes on
        my_turn(page)
    assert page.locator("#cmn-link").is_hidden()  # shuffleboard exports its JSON record only
    screenshot(page, "table-shuffleboard-after")


def test_a_hotseat_doubles_round_turns_the_board_to_each_shooter(
    live_server: LiveServer, page: Any
) -> None:
    lobby(page, live_server)
    page.select_option("#players", "4-teams")
    page.wait_for_selector(".seat-row >> nth=3")
    for seat, name in zip((0, 2, 1, 3), ("Ann", "Al", "Ben", "Bo"), strict=True):
        choose(page, seat, "here", name)
    quick(page, 4)
    start(page)
    page.select_option("#pace", "3")
    turned = []
    for shot in range(4):
        my_turn(page)
        turned.append(page.locator("#board").get_attribute("data-seat"))
        if shot == 1:
            screenshot(page, "table-doubles-seat1")
        page.locator("#board").focus()
        page.keyboard.press("Enter")
        shown(page, shot + 1, summary=shot == 3)
    assert turned == ["0", "1", "2", "3"]
    assert "Round 1:" in page.locator("#log").inner_text() or page.locator("#log li").count() == 4
    assert page.locator("#table-page").get_attribute("data-status") == "over"
    screenshot(page, "table-doubles-over")


def test_two_browsers_play_each_other_and_see_every_shot(
    live_server: LiveServer, browser: Any
) -> None:
    one = browser.new_context(viewport={"width": 1280, "height": 900})
    two = browser.new_context(viewport={"width": 412, "height": 860}, device_scale_factor=2)
    try:
        ann, ben = one.new_page(), two.new_page()
        lobby(ann, live_server)
        choose(ann, 0, "here", "Ann")
        choose(ann, 2, "remote", "Ben")
        quick(ann, 2)
        start(ann)
        link = ann.locator("#invites input").input_value()
        assert "?join=" in link
        screenshot(ann, "table-two-invite")
        ben.goto(link)
        ben.wait_for_selector("#table-page[data-shown]")
        assert "join=" not in ben.url
        ann.wait_for_selector("#invites", state="hidden")  # Ben took his seat
        assert "Waiting for Ann" in ben.locator("#banner").inner_text()
        assert ben.locator("#aim").is_hidden()
        my_turn(ann)
        ann.locator("#board").focus()
        ann.keyboard.press("Enter")
        shown(ben, 1)  # Ben watched Ann's shot
        my_turn(ben)
        assert ben.locator("#board").get_attribute("data-seat") == "2"
        screenshot(ben, "table-two-phone")
        ben.click("#shoot")
        shown(ann, 2, summary=True)
        shown(ben, 2, summary=True)
        assert ann.locator("#log li").count() == ben.locator("#log li").count() == 2
        screenshot(ann, "table-two-over")
    finally:
        one.close()
        two.close()


def test_a_player_takes_back_a_shot_and_the_ai_reply(live_server: LiveServer, page: Any) -> None:
    lobby(page, live_server)
    choose(page, 2, "ai")
    start(page)
    page.select_option("#pace", "3")
    my_turn(page)
    page.locator("#board").focus()
    page.keyboard.press("Enter")
    shown(page, 2)
    page.click("#undo")
    shown(page, 0)
    my_turn(page)
    assert page.locator("#log li").count() == 0 and page.locator("#undo").is_hidden()
    screenshot(page, "table-undo")


def play_by_api(server: LiveServer, shots: int) -> str:
    """A hotseat crokinole game of ``shots`` shots played through the API; its ID."""
    seats = [{"player": "here", "name": "Ann"}, {"player": "here", "name": "Ben"}]
    made = HTTP.post(f"{server.url}/api/play/games", json={"seats": seats, "seed": 3}).json()
    for n in range(shots):
        seat = 0 if n % 2 == 0 else 2
        body = {"seat": seat, "u": 0.5, "angle": 0.02 * n, "speed": 1.0 + 0.1 * n}
        headers = {"X-Seat-Token": made["tokens"][str(seat)]}
        HTTP.post(f"{server.url}/api/play/games/{made['id']}/shots", json=body, headers=headers)
    return str(made["id"])


def test_the_replay_page_scrubs_shot_by_shot_with_a_link_to_share(
    live_server: LiveServer, page: Any
) -> None:
    game = play_by_api(live_server, 4)
    page.goto(f"{live_server.url}/play/{game}/replay?shot=2")
    page.wait_for_selector("#ruling h2")
    assert page.locator("#scrub").input_value() == "2"
    assert "Shot 2: Ben" in page.locator("#ruling h2").inner_text()
    page.click("#next")
    page.wait_for_function("document.querySelector('#ruling h2').textContent.includes('Shot 3')")
    assert page.url.endswith("?shot=3")
    assert page.locator("#share").inner_text().endswith(f"/play/{game}/replay?shot=3")
    page.locator("#scrub").fill("4")
    page.wait_for_function("document.querySelector('#ruling h2').textContent.includes('Shot 4')")
    page.wait_for_timeout(300)
    screenshot(page, "table-replay")


def test_refusals_are_shown_in_the_page_and_change_nothing(
    live_server: LiveServer, page: Any, browser: Any
) -> None:
    seats = [{"player": "here", "name": "Ann"}, {"player": "remote", "name": "Ben"}]
    made = HTTP.post(f"{live_server.url}/api/play/games", json={"seats": seats}).json()
    game = made["id"]
    page.goto(f"{live_server.url}/play")
    page.evaluate(f"localStorage.setItem('flickboard.table.{game}', '{{\"0\": \"stolen\"}}')")
    page.goto(f"{live_server.url}/play/{game}")
    my_turn(page)
    page.click("#shoot")
    page.wait_for_selector("#error:has-text('does not hold seat 0')")
    assert page.locator("#table-page").get_attribute("data-shown") == "0"
    screenshot(page, "table-refused")
    link = f"{live_server.url}{made['joins']['2']}"
    first = browser.new_context()
    second = browser.new_context()
    try:
        ben = first.new_page()
        ben.goto(link)
        ben.wait_for_selector("#table-page[data-shown]")
        intruder = second.new_page()
        intruder.goto(link)
        intruder.wait_for_selector("#error:has-text('join link is not valid')")
        assert intruder.locator("#aim").is_hidden()
    finally:
        first.close()
        second.close()
    state = HTTP.get(f"{live_server.url}/api/play/games/{game}").json()
    assert state["shots"] == 0 and state["version"] == 1  # Ben's join, nothing else


def test_a_touch_drag_aims_on_a_phone(live_server: LiveServer, browser: Any) -> None:
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=3, has_touch=True
    )
    try:
        page = phone.new_page()
        lobby(page, live_server)
        choose(page, 2, "ai")
        start(page)
        my_turn(page)
        box = page.locator("#board").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.4
        touch = phone.new_cdp_session(page)

        def finger(kind: str, px: float, py: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        finger("touchStart", x, y)
        for step in range(1, 6):
            finger("touchMove", x + 4 * step, y + 12 * step)  # pulled down and right
        # the finger rests before it lifts, as a player's does: lifted at once after five
        # moves in a millisecond, it left Chrome a fling that swallowed the next tap
        page.wait_for_timeout(200)
        finger("touchEnd", x + 20, y + 60)
        assert float(page.locator("#aim-angle").input_value()) < 0  # aimed left of straight
        assert page.locator("#table-page").get_attribute("data-shown") == "0"
        screenshot(page, "table-phone-touch")
        page.locator("#shoot").tap()
        shown(page, 2)
    finally:
        phone.close()


def test_the_lobby_names_each_ai_level_with_the_sources_figure(
    live_server: LiveServer, page: Any
) -> None:
    lobby(page, live_server)
    page.get_by_label(re.compile("^Who plays seat 2 ")).select_option("ai")
    level = page.get_by_label("AI level, seat 2")
    assert level.input_value() == "competitive"
    options = level.locator("option").all_inner_texts()
    assert "competitive: average competitive player: 55 % of open 20s (NCA 2023-24)" in options
    assert any(
        o.startswith("strong-recreational: great recreational player: 50 %") for o in options
    )
    level.select_option("strong-recreational")
    screenshot(page, "table-lobby-levels")
