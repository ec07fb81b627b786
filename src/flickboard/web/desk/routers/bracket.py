"""Fair-rules brackets: a game of a bracket match, entered by an official."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from fastapi.responses import RedirectResponse

from flickboard.web.desk.answers import Champion
from flickboard.web.desk.bodies import BracketGame
from flickboard.web.desk.forms import back, from_form, to_manage
from flickboard.web.desk.routers.games import race_in
from flickboard.web.desk.routing import DeskRoute, Number, Service
from flickboard.web.desk.who import MayEnterClubGame

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


@api.post("/events/{event_id}/bracket/games")
def bracket_game(
    event_id: Number, who: MayEnterClubGame, body: BracketGame, svc: Service
) -> Champion:
    """A game of a fair-rules bracket match (its first side first)."""
    name = svc.desk.info(event_id).name
    bracket = svc.bracket.game(who, name, body.match, race_in(svc, name, body.frames, body.score))
    return Champion(champion=bracket.champion)


@forms.post("/manage/{event_id}/bracket/game")
def bracket_game_form(
    event_id: Number,
    who: MayEnterClubGame,
    body: Annotated[BracketGame, from_form(BracketGame)],
    svc: Service,
) -> RedirectResponse:
    bracket_game(event_id, who, body, svc)
    return back(to_manage(event_id), "Game entered")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
