"""Games from a real board: each shot entered by hand on a picture of the board (the entry
page, ``/play/{id}/enter``: the discs dragged from the last position to where they
stopped, the disc struck first, the 20s taken out), ruled as hand-entered shots are
(:func:`~flickboard.rules.hand.outcome_from_places`), kept as any table game (the match
record, CMN, the replay's link) and reviewed by outcome (docs/review.md, "Games from a
real board"; docs/web.md).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from flickboard.physics import DiscFinal, DiscState
from flickboard.web.play.api import REFUSALS, Game, Games, TableRoute, TokenHeader
from flickboard.web.play.models import HandIn, ShotOut
from flickboard.web.templates import TEMPLATES
from flickboard.web.warming import warming_page

router = APIRouter(prefix="/api/play", tags=["table"], route_class=TableRoute)
pages = APIRouter(include_in_schema=False)


@router.post(
    "/games/{game_id}/hand",
    summary="Enter a shot played on a real board",
    responses={200: {"model": ShotOut}, **REFUSALS},
)
def post_hand(body: HandIn, live: Game, games: Games, token: TokenHeader = None) -> Response:
    """Where the shooter and each disc that moved stopped, and the disc struck first,
    for the seat to shoot (its token): ruled, saved and announced as a shot (the answer
    is the shot's JSON, as ``POST .../shots`` gives, with no trajectory)."""
    places = [DiscFinal(p.id, p.x, p.y, DiscState(p.state)) for p in body.places]
    text, timings = live.enter(body.seat, places, body.first, token)
    games.after_change(live)
    timing = ", ".join(f"{name};dur={seconds * 1000:.3f}" for name, seconds in timings.items())
    return Response(text, media_type="application/json", headers={"Server-Timing": timing})


@pages.get("/play/{game_id}/enter", response_class=HTMLResponse)
def enter_page(request: Request, game_id: str) -> HTMLResponse:
    """Enter a game played on a real board, shot by shot."""
    return warming_page(request) or TEMPLATES.TemplateResponse(
        request, "play/enter.html", {"game_id": game_id}
    )
