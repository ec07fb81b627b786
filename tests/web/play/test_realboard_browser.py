"""A real 4-round crokinole game entered on a phone (390x844, chromium, touch events) by
a scripted player, then reviewed; and the entry page with a mouse at 1280x900
(docs/web.md, "Games from a real board"). The game is one the simulator played: after
each of its shots the player drags the discs from the last position to where they
stopped, taps the disc the shooter struck first and records the shot, as a scorer at a
real board would; the entered game must score as the played one did.

The player's time is counted by a model of a person at a board, not by the clock:
:data:`LOOK_SECONDS` to look at the board after a shot, :data:`TAP_SECONDS` a tap,
:data:`DRAG_SECONDS` a drag. Screenshots: out/screenshots/realboard-*.png."""

from __future__ import annotations

import math
from typing import Any

from tests.conftest import HTTP

from flickboard.agents.spec import player_from_spec
from flickboard.physics import DiscFinal, DiscState
from flickboard.play.driver import play_match
from flickboard.play.kind import game_kind, load_match
from flickboard.play.match import ShotAction
from flickboard.rules.hand import scoresheet

from ..conftest import LiveServer, screenshot
from .helpers import holding_page

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "has_touch": True,
         "is_mobile": True}  # fmt: skip
LOOK_SECONDS = 4.0
"""Looking at the real board after a shot."""
TAP_SECONDS = 1.5
"""A tap: the disc struck first, the button that records the shot."""
DRAG_SECONDS = 3.0
"""A drag: finding the disc on the picture and moving it where it stopped."""
MOVED = 5e-4
"""A disc that moved less than this (m) is left where it lay, as a scorer would."""
SEED = 11


def _truth() -> list[ShotAction]:
    """A 4-round crokinole game the simulator played between two AIs."""
    kind = game_kind("crokinole")
    match = kind.new_match(seed=SEED)
    ai = "ai:heuristic:competitive"
    play_match(match, [player_from_spec(ai, kind, 1), player_from_spec(ai, kind, 2)])
    return [a for a in match.history if isinstance(a, ShotAction)]


class Player:
    """A scripted player on the entry page: touch (CDP touch events) or mouse."""

    def __init__(self, page: Any, server: LiveServer, game: str, touch: bool) -> None:
        self.page = page
        self.api = f"{server.url}/api/play/games/{game}"
        self.touch = page.context.new_cdp_session(page) if touch else None
        self.taps = self.drags = 0
        state = HTTP.get(self.api, timeout=60).json()
        self.rail = state["board"]["rail"]

    def screen(self, x: float, y: float) -> tuple[float, float]:
        """Where the board point (x, y) is on the screen (the board seen from seat 0)."""
        box = self.page.locator("#board").bounding_box()
        size = box["height"]
        scale = size / (2 * self.rail)
        left = box["x"] + (box["width"] - size) / 2
        return left + size / 2 + x * scale, box["y"] + size / 2 - y * scale

    def _finger(self, kind: str, px: float, py: float) -> None:
        assert self.touch is not None
        points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
        self.touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, x: float, y: float) -> None:
        px, py = self.screen(x, y)
        self.taps += 1
        if self.touch is None:
            self.page.mouse.click(px, py)
            return
        self._finger("touchStart", px, py)
        self.page.wait_for_timeout(80)  # a tap is a touch held a moment, not a flick
        self._finger("touchEnd", px, py)

    def drag(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        (ax, ay), (bx, by) = self.screen(*a), self.screen(*b)
        self.drags += 1
        steps = [(ax + (bx - ax) * k / 6, ay + (by - ay) * k / 6) for k in range(1, 7)]
        if math.hypot(bx - ax, by - ay) < 12:  # a short move: lifted clear, then set down
            steps = [(ax, ay - 20), (ax, ay - 16), *steps[-3:]]
        if self.touch is None:
            self.page.mouse.move(ax, ay)
            self.page.mouse.down()
            for px, py in steps:
                self.page.mouse.move(px, py)
            self.page.mouse.up()
            return
        self._finger("touchStart", ax, ay)
        for px, py in steps:
            self._finger("touchMove", px, py)
        # the finger rests before it lifts, as a player's does: lifted at once, Chrome
        # takes a fling that swallows the next tap
        self.page.wait_for_timeout(150)
        self._finger("touchEnd", bx, by)

    def enter(self, action: ShotAction, number: int, *, shoot: bool = True) -> None:
        """Enter one shot of the played game as the page shows the position now."""
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.wait_for_timeout(100)  # the page at rest after the last shot's answer
        state = HTTP.get(self.api, timeout=60).json()
        shooter = state["turn"]["disc"]
        assert shooter == action.record.shooter and state["turn"]["seat"] == action.seat
        now = {d["id"]: (d["x"], d["y"]) for d in state["discs"]}
        truth = {d.id for d in action.record.layout.discs}
        assert set(now) == truth, (number, sorted(now), sorted(truth), state["discs"])
        now[shooter] = start_point(state)
        places, first = scoresheet(action.record)
        if first is not None:
            self.tap(*now[first])
        for final in order(places, now, shooter):
            self.drag(now[final.id], target(final))
            now[final.id] = (final.x, final.y)
        if shoot:
            self.taps += 1
            self.page.locator("#entry-record").tap() if self.touch else self.page.locator(
                "#entry-record"
            ).click()
            self.page.wait_for_selector(f"#enter-page[data-shots='{number}']")

    @property
    def seconds(self) -> float:
        """The player's time by the model of the module docstring (looks counted apart)."""
        return self.taps * TAP_SECONDS + self.drags * DRAG_SECONDS


def start_point(state: dict[str, Any]) -> tuple[float, float]:
    """Where the page puts the new disc: the allowed point of the shooter's line nearest
    its middle (an arc)."""
    line = state["turn"]["starts"][str(state["turn"]["seat"])]
    u = min((min(max(0.5, a), b) for a, b in line["allowed"]), key=lambda v: abs(v - 0.5))
    a0, a1 = line["angles"]
    angle = a0 + u * (a1 - a0)
    return line["radius"] * math.cos(angle), line["radius"] * math.sin(angle)


def target(final: DiscFinal) -> tuple[float, float]:
    """Where the player drops a disc: where it stopped (the hole's centre for a 20)."""
    return (0.0, 0.0) if final.state is DiscState.IN_HOLE else (final.x, final.y)


def order(
    places: list[DiscFinal], now: dict[int, tuple[float, float]], shooter: int
) -> list[DiscFinal]:
    """The discs to drag (those that moved visibly, the shooter always), each before any
    disc whose place it leaves would be taken: off the surface and into the hole first."""
    todo = [
        f
        for f in places
        if f.id == shooter
        or f.state is not DiscState.ON_SURFACE
        or math.dist(now[f.id], (f.x, f.y)) > MOVED
    ]
    done: list[DiscFinal] = []
    reach = 0.0334  # a little more than two disc radii
    while todo:
        free = [
            f for f in todo
            if f.state is not DiscState.ON_SURFACE
            or all(math.dist((f.x, f.y), now[g.id]) > reach for g in todo if g is not f)
        ]  # fmt: skip
        chosen = (free or todo)[0]
        todo.remove(chosen)
        done.append(chosen)
    return done


def _new_real_game(server: LiveServer) -> dict[str, Any]:
    seats = [{"player": "here", "name": "Ann"}, {"player": "here", "name": "Ben"}]
    body = {"seats": seats, "seed": SEED, "real_board": True}
    made: dict[str, Any] = HTTP.post(f"{server.url}/api/play/games", json=body, timeout=60).json()
    return made


def test_a_real_four_round_game_is_entered_on_a_phone_and_reviewed(
    live_server: LiveServer, browser: Any
) -> None:
    truth = _truth()
    made = _new_real_game(live_server)
    context = browser.new_context(**PHONE)
    try:
        page, errors = holding_page(context, live_server.url, made)
        page.goto(f"{live_server.url}{made['url']}")
        page.wait_for_selector("#enter-page[data-ready]")
        player = Player(page, live_server, made["id"], touch=True)
        for number, action in enumerate(truth, start=1):
            if number == 21:  # a shot mid-round, its discs placed, not yet recorded
                player.enter(action, number, shoot=False)
                page.wait_for_timeout(100)
                screenshot(page, "realboard-entry-390x844")
                player.taps += 1
                page.locator("#entry-record").tap()
                page.wait_for_selector(f"#enter-page[data-shots='{number}']")
            else:
                player.enter(action, number)
        assert errors == []
        minutes = (len(truth) * LOOK_SECONDS + player.seconds) / 60
        print(f"\nentered {len(truth)} shots: {player.taps} taps, {player.drags} drags, "
              f"{minutes:.1f} minutes of the player's time")  # fmt: skip
        assert len(truth) == 64 and minutes < 20
        record = HTTP.get(f"{player.api}/record.json", timeout=60).json()
        entered, played = load_match(record), game_kind("crokinole").new_match(seed=SEED)
        for action in truth:
            played.play_record(action.record, action.seat)
        assert entered.result() == played.result()
        assert [r.to_json() for r in _rounds(entered)] == [r.to_json() for r in _rounds(played)]
        page.wait_for_selector("#review-link:not([hidden])")
        screenshot(page, "realboard-entered-390x844")
        page.locator("#review-link").tap()
        page.wait_for_function(
            "document.querySelector('#review-progress').textContent.startsWith('Reviewed at')",
            timeout=120_000,
        )
        assert page.locator(".moments li").count() == 5
        words = page.locator("#review-shot").inner_text()
        assert "Judged by its outcome" in words and "judged by where the discs stopped" in words
        screenshot(page, "realboard-review-390x844")
        assert errors == []
    finally:
        context.close()


def _rounds(match: Any) -> list[Any]:
    """Every round's end of a match, in order (replayed)."""
    return [end for step in match.replay() for end in getattr(step, "rounds_ended", ())]


def test_the_entry_page_takes_a_mouse_on_a_laptop(live_server: LiveServer, browser: Any) -> None:
    truth = _truth()[:6]
    made = _new_real_game(live_server)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page, _ = holding_page(context, live_server.url, made)
        page.goto(f"{live_server.url}{made['url']}")
        page.wait_for_selector("#enter-page[data-ready]")
        player = Player(page, live_server, made["id"], touch=False)
        for number, action in enumerate(truth[:5], start=1):
            player.enter(action, number)
        player.enter(truth[5], 6, shoot=False)
        status = page.locator("#entry-status").inner_text()
        assert "Struck first:" in status and "20s:" in status
        screenshot(page, "realboard-entry-1280x900")
        # a disc tapped twice is no longer the one struck first; starting again undoes it all
        page.locator("#entry-reset").click()
        assert "Struck first: nothing" in page.locator("#entry-status").inner_text()
        # the last shot taken back: the page asks for it again
        page.locator("#undo").click()
        page.wait_for_selector("#enter-page[data-shots='4']")
    finally:
        context.close()
