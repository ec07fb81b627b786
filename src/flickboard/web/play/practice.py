"""Try it again: from the position before any shot of a game, a player of the game plays
the shot again on the table, and the coach weighs the new shot against the best one
(docs/review.md, "Try it again"; docs/web.md).

The position is the shooter's view as it was (the match replayed from its record); the
new shot is simulated and ruled there without changing the game, played as the game's
shots are (exactly as aimed, or with the realistic mode's hand), and reviewed with the
review's engine at the level asked: the best shot is the one the game's review found
from that position at that level (the same seeded search), so the two can be compared.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import numpy as np
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from flickboard.agents.review import retry_words, review_shot
from flickboard.errors import IllegalStart, InvalidInput
from flickboard.physics import Shot
from flickboard.physics.trajectory import sample_log, state_log
from flickboard.play.intent import Intent
from flickboard.play.kind import load_match
from flickboard.play.match import Step
from flickboard.play.noise import ExecutionNoise, check_level, execute
from flickboard.play.view import View
from flickboard.web.play.api import REFUSALS, Game, Games, TableRoute, TokenHeader, answer
from flickboard.web.play.live import LiveGame
from flickboard.web.play.models import TryIn
from flickboard.web.play.review import shooter_path
from flickboard.web.play.shots import FPS, discs_json, events_json, ruling_json, trajectory_json
from flickboard.web.play.showing import record_of, speed_default
from flickboard.web.templates import TEMPLATES
from flickboard.web.warming import warming_page

HELD = 16
"""Games whose positions are kept (the most recently tried)."""


class Positions:
    """The shooter's view before each shot of the games tried lately, by game and
    version (a game that changed is replayed afresh)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._views: OrderedDict[tuple[str, int], list[View]] = OrderedDict()

    def before(self, live: LiveGame, number: int) -> View:
        """The view before shot ``number`` (from 1) of the game."""
        key = (live.id, live.version)
        with self._lock:
            views = self._views.get(key)
        if views is None:
            match = load_match(record_of(live))
            views = [
                view
                for view, done in match.replay_views()
                if view is not None and isinstance(done, Step)
            ]
            with self._lock:
                self._views[key] = views
                while len(self._views) > HELD:
                    self._views.popitem(last=False)
        with self._lock:
            self._views.move_to_end(key)
        if not 1 <= number <= len(views):
            raise InvalidInput(f"there is no shot {number}: this game has {len(views)} shots")
        return views[number - 1]


def turn_json(view: View, number: int) -> dict[str, Any]:
    """Shot ``number``'s shooter (seat, side, disc) and the discs before it."""
    turn = view.turn
    return {"number": number, "seat": turn.seat, "side": turn.side, "disc": turn.disc,
            "before": discs_json(view.position)}  # fmt: skip


def position_json(live: LiveGame, view: View, number: int) -> dict[str, Any]:
    """What the page needs to aim from the position before shot ``number``."""
    low, high = live.match.kind.speed_range()
    return {
        **turn_json(view, number),
        "start": view.start_line.to_dict(),
        "speed_range": [low, high],
        "speed_default": speed_default(live),
        "realistic": live.setup.realistic,
    }


def attempt(live: LiveGame, view: View, number: int, body: TryIn) -> dict[str, Any]:
    """The shot tried from ``view``: simulated, ruled and weighed (the game unchanged)."""
    level = check_level(body.level.strip().lower())
    low, high = live.match.kind.speed_range()
    if not low <= body.speed <= high:
        raise InvalidInput(
            f"speed must be between {low} and {high} m/s in {live.match.kind.title}, "
            f"not {body.speed}"
        )
    line = view.start_line
    if not line.contains(body.u):
        x, y = line.point(body.u)
        problem = view.referee.start_problem(view.position, view.turn, x, y)
        raise IllegalStart(problem or f"a shot may not start at u = {body.u}")
    x, y = line.point(body.u)
    meant = Shot(x, y, line.inward(body.u) - body.angle, body.speed, body.spin)
    shot, intent = meant, Intent("exact")
    if live.setup.realistic is not None:
        aim = hash((body.u, body.angle, body.speed, body.spin)) % (1 << 63)  # floats: stable
        rng = np.random.default_rng([live.seed, number, aim])
        z = ExecutionNoise.draws(rng, 1)[0]
        noise = live.match.kind.noise_at(live.setup.realistic, view)
        shot, intent = execute(noise, view, meant, z).shot, Intent("aim", meant)
    layout = view.position.layout
    log = state_log(layout, shot, shooter=view.turn.disc, params=view.physics)
    ruling = view.referee.rule(view.position, view.turn, log.record)
    tried = review_shot(view, shot, ruling, level, intent=intent)
    return {
        **turn_json(view, number),
        "after": discs_json(ruling.position_after),
        "trajectory": trajectory_json(sample_log(log, FPS, turns=True)),
        "events": events_json(log.record),
        "ruling": ruling_json(ruling),
        "review": tried.to_json(),
        "paths": {"best": shooter_path(layout, tried.best.shot, view.turn.disc, view.physics)},
    }


router = APIRouter(prefix="/api/play", tags=["table"], route_class=TableRoute)
pages = APIRouter(include_in_schema=False)


def positions(request: Request) -> Positions:
    """The server's positions of games tried lately."""
    found: Positions = request.app.state.play_positions
    return found


@router.get(
    "/games/{game_id}/try/{number}",
    summary="The position before a shot, to try it again",
    responses=REFUSALS,
)
def get_try(number: int, live: Game, request: Request) -> JSONResponse:
    """The shooter's seat, side and disc, the discs, the start line and speeds."""
    view = positions(request).before(live, number)
    return answer(position_json(live, view, number))


@router.post(
    "/games/{game_id}/try/{number}",
    summary="Try a shot again and hear the coach",
    responses=REFUSALS,
)
def post_try(
    number: int, body: TryIn, live: Game, games: Games, request: Request, token: TokenHeader = None
) -> JSONResponse:
    """A new shot from the position before shot ``number``, as a seat of the game (its
    token): its trajectory and ruling, its review against the best shot, and the coach's
    words beside the game's own review of that shot (once it is reviewed at that level)."""
    live.check_token(body.seat, token)
    view = positions(request).before(live, number)
    tried = attempt(live, view, number, body)
    status = games.reviews.status(live.id)
    game_shot = None
    if status["review"] is not None and status["level"] == tried["review"]["level"]:
        game_shot = next((s for s in status["review"]["shots"] if s["index"] == number), None)
    tried["game_review"] = game_shot
    tried["coach"] = retry_words(tried["review"], game_shot)
    return answer(tried)


@pages.get("/play/{game_id}/try", response_class=HTMLResponse)
def try_page(request: Request, game_id: str) -> HTMLResponse:
    """Try a shot of the game again (``?shot=N``)."""
    return warming_page(request) or TEMPLATES.TemplateResponse(
        request, "play/try.html", {"game_id": game_id}
    )
