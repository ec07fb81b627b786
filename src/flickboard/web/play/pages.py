"""The table's pages: the lobby (``/play``), a game (``/play/{id}``) and its replay
(``/play/{id}/replay``). Each is a small template; the JavaScript modules in
``static/table/`` draw and play through the API."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from flickboard.web.templates import TEMPLATES
from flickboard.web.warming import page, warming_page

router = APIRouter(include_in_schema=False)


@router.get("/play", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """Set up a game: the game, rules, format and who plays each seat."""
    return page(request, "play/lobby.html", {}, reload=False)


@router.get("/play/{game_id}", response_class=HTMLResponse)
def table(request: Request, game_id: str) -> HTMLResponse:
    """The table of a game (a ``?join=CODE`` link takes a seat)."""
    return page(request, "play/table.html", {"game_id": game_id}, reload=True)


@router.get("/play/{game_id}/replay", response_class=HTMLResponse)
def replay(request: Request, game_id: str) -> HTMLResponse:
    """A game shot by shot (``?shot=N`` opens at a shot: a link to share)."""
    return warming_page(request) or TEMPLATES.TemplateResponse(
        request, "play/replay.html", {"game_id": game_id}
    )
