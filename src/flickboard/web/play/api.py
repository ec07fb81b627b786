"""The table's API under ``/api/play`` (docs/web.md, "The table": API reference).

Every request is checked by its pydantic model; every refusal is one sentence in
``{"detail": ...}``: 404 for an unknown game, 403 without the acting seat's token
(header ``X-Seat-Token``), 409 when the game's state does not allow it (out of turn,
game over, nothing to take back), 422 for a malformed or out-of-range value or a start
the referee refuses (its own sentence). A refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterable, Callable, Coroutine
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.sse import EventSourceResponse, ServerSentEvent
from starlette.exceptions import HTTPException

from flickboard.errors import FlickboardError
from flickboard.web.play.live import LiveGame
from flickboard.web.play.models import (
    Created,
    GameIn,
    Joined,
    JoinIn,
    NewGame,
    ReviewIn,
    SeatAct,
    ShotIn,
    ShotOut,
    ShotSummary,
    StateOut,
)
from flickboard.web.play.saved import SavedEvent
from flickboard.web.play.setup import catalogue, check_new_game, seating, start_match
from flickboard.web.play.showing import cmn_of, record_of, shot_list, shot_of
from flickboard.web.play.stream import Listener
from flickboard.web.play.tables import Tables
from flickboard.web.refusals import malformed, refusals, sentence, status_of

RETRY_MS = 500
"""How soon a page's event stream reconnects after it ends (milliseconds)."""

TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token")]


class TableRoute(APIRoute):
    """A route whose refusals are one sentence (see the module docstring)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                return JSONResponse({"detail": sentence(exc.errors())}, status_code=422)
            except HTTPException as exc:
                if exc.status_code != 400:
                    raise
                return JSONResponse({"detail": str(malformed(exc))}, status_code=422)
            except FlickboardError as exc:
                wait = getattr(exc, "retry_after", None)
                return JSONResponse(
                    {"detail": str(exc)},
                    status_code=status_of(exc, default=422),
                    headers={"Retry-After": str(wait)} if wait is not None else None,
                )

        return route


REFUSALS = refusals(403, 404, 409, 422)
"""The refusals of a game's routes (the statuses each may answer, docs/web.md)."""

router = APIRouter(prefix="/api/play", tags=["table"], route_class=TableRoute)


def tables(request: Request) -> Tables:
    """The server's games."""
    found: Tables = request.app.state.play_tables
    return found


Games = Annotated[Tables, Depends(tables)]


def live_game(game_id: str, games: Games) -> LiveGame:
    """The game named in the path (404 if there is none)."""
    return games.get(game_id)


Game = Annotated[LiveGame, Depends(live_game)]


def answer(data: Any, status: int = 200) -> JSONResponse:
    """JSON as built (the models document it; the tests hold the two together)."""
    return JSONResponse(data, status_code=status)


@router.get("/catalogue", summary="Games, rule sets, options, formats, AI kinds and levels")
def get_catalogue() -> JSONResponse:
    """What the lobby offers."""
    return answer(catalogue())


@router.post(
    "/seating", summary="The seats of a game as set up, in listing order", responses=REFUSALS
)
def post_seating(setup: GameIn) -> JSONResponse:
    """Each seat's side and colour, in the order the seats of a new game are given (or
    the rules' sentence if the setup is refused)."""
    return answer(seating(start_match(setup)))


@router.post(
    "/games",
    status_code=201,
    summary="Start a game",
    responses={201: {"model": Created}, **REFUSALS, **refusals(429)},
)
def post_game(request: NewGame, games: Games, http: Request) -> JSONResponse:
    """A new game: its page, the tokens of the seats played at this screen and the join
    links of the seats played elsewhere (at most 30 new games a minute from one address:
    429 after, with ``Retry-After``)."""
    check_new_game(request, start_match(request))
    live, tokens, joins = games.create(request, http.client.host if http.client else "?")
    links = {seat: f"/play/{live.id}?join={code}" for seat, code in joins.items()}
    page = f"/play/{live.id}/enter" if request.real_board else f"/play/{live.id}"
    created = {"id": live.id, "url": page, "tokens": tokens, "joins": links}
    return answer(created, 201)


@router.get(
    "/games/{game_id}", summary="The game now", responses={200: {"model": StateOut}, **REFUSALS}
)
def get_game(game_id: str, games: Games) -> Response:
    """Everything public about the game: seats, board, position, turn, score."""
    return Response(games.state(game_id), media_type="application/json")


@router.post(
    "/games/{game_id}/join",
    summary="Take a seat by its join link",
    responses={200: {"model": Joined}, **REFUSALS},
)
def post_join(body: JoinIn, live: Game) -> JSONResponse:
    """The seat's token, for the browser that opened the link (the link then expires)."""
    seat, token = live.join(body.code)
    return answer({"seat": seat, "token": token})


@router.post(
    "/games/{game_id}/shots",
    summary="Shoot",
    responses={200: {"model": ShotOut}, **REFUSALS},
)
async def post_shot(
    game_id: str, body: ShotIn, request: Request, token: TokenHeader = None
) -> Response:
    """Play a shot for a seat whose token is given: simulated, ruled, saved, announced;
    then the AI seats reply (in the background). The ``Server-Timing`` header says how
    long the server took to simulate, rule, sample the trajectory and save (ms)."""
    games = tables(request)
    held = games.held_now(game_id)
    if held is not None and games.saved.commits_quickly and held.lock.acquire(blocking=False):
        # the usual case: a few milliseconds of work, done here on the event loop (no
        # hop to a thread); a game busy in another thread, to be read back from the
        # database, or on a database whose commit waits for the disk goes to a thread
        live = held
        try:
            played, timings = live.shoot(body, token)
        finally:
            live.lock.release()
    else:
        live = held if held is not None else await run_in_threadpool(games.get, game_id)
        played, timings = await run_in_threadpool(live.shoot, body, token)
    games.after_change(live)
    timing = ", ".join(f"{name};dur={seconds * 1000:.3f}" for name, seconds in timings.items())
    return Response(played, media_type="application/json", headers={"Server-Timing": timing})


@router.get(
    "/games/{game_id}/shots",
    summary="Every shot in a line",
    responses={200: {"model": list[ShotSummary]}, **REFUSALS},
)
def get_shots(live: Game) -> JSONResponse:
    """Number, shooter, game, round and the ruling's summary of every shot."""
    return answer(shot_list(live))


@router.get(
    "/games/{game_id}/shots/{number}",
    summary="One shot again, with its trajectory",
    responses={200: {"model": ShotOut}, **REFUSALS},
)
def get_shot(number: int, live: Game) -> JSONResponse:
    """Shot ``number`` (from 1), its trajectory simulated again from its record."""
    return answer(shot_of(live, number))


@router.post(
    "/games/{game_id}/undo",
    summary="Take back your last shot",
    responses={200: {"model": StateOut}, **REFUSALS},
)
def post_undo(body: SeatAct, live: Game, token: TokenHeader = None) -> JSONResponse:
    """Take back the seat's last shot and the AI's replies after it (casual games)."""
    return answer(live.undo(body.seat, token))


@router.post(
    "/games/{game_id}/resign",
    summary="Resign",
    responses={200: {"model": StateOut}, **REFUSALS},
)
def post_resign(body: SeatAct, live: Game, token: TokenHeader = None) -> JSONResponse:
    """The seat's side resigns the match."""
    return answer(live.resign(body.seat, token))


@router.post("/games/{game_id}/review", summary="Review the game (in the background)",
             responses=REFUSALS)  # fmt: skip
def post_review(
    body: ReviewIn, live: Game, games: Games, token: TokenHeader = None
) -> JSONResponse:
    """Start the game review (docs/review.md) as a seat of the game (its token): it runs
    in the background and is kept with the game; the answer is its status (as ``GET``)."""
    live.check_token(body.seat, token)
    return answer(games.reviews.start(live, body.level.strip().lower()))


@router.get("/games/{game_id}/review", summary="The game review: progress, then the review",
            responses=REFUSALS)  # fmt: skip
def get_review(live: Game, games: Games) -> JSONResponse:
    """``status`` (none, running, done, failed), ``done`` of ``total`` shots weighed, and
    the review once done (each shot with the paths of the shot played, the best and the
    meant shot)."""
    return answer(games.reviews.status(live.id))


@router.post("/games/{game_id}/hint", summary="The best shot now, as a ghost (casual games)",
             responses=REFUSALS)  # fmt: skip
def post_hint(body: ReviewIn, live: Game, games: Games, token: TokenHeader = None) -> JSONResponse:
    """The review engine's best shot for the seat to shoot (its token), with its path;
    refused (409) in games without undo (tournament and rated play)."""
    return answer(games.reviews.hint(live, body.seat, token, body.level.strip().lower()))


@router.get(
    "/games/{game_id}/record.json",
    summary="The match record (JSON)",
    responses=REFUSALS,
)
def get_record(live: Game) -> Response:
    """The match record (docs/formats.md), as a download."""
    text = json.dumps(record_of(live), indent=1)
    return _download(text, f"flickboard-{live.id}.json")


@router.get(
    "/games/{game_id}/record.cmn.json",
    summary="The match in CMN 1.0 (crokinole)",
    responses=REFUSALS,
)
def get_cmn(live: Game) -> Response:
    """The finished crokinole games of the match in the Crokinole Match Notation."""
    return _download(cmn_of(live), f"flickboard-{live.id}.cmn.json")


def _download(text: str, filename: str) -> Response:
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def worker_header(response: Response) -> None:
    """Name the server process that answers (``X-Flickboard-Worker``: its ID)."""
    response.headers["X-Flickboard-Worker"] = str(os.getpid())


@router.get(
    "/games/{game_id}/events",
    summary="Live events (server-sent)",
    response_class=EventSourceResponse,
    responses=REFUSALS,
    dependencies=[Depends(worker_header)],
)
async def get_events(
    live: Game,
    games: Games,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None,
) -> AsyncIterable[ServerSentEvent]:
    """``shot`` (a shot's JSON, as ``POST .../shots`` answers), ``state`` (after an
    undo, a join, a resignation, or for a page too far behind), ``thinking`` (an AI
    seat is choosing) and ``problem``; each event's id is its number in the game. The
    stream ends after a while and the browser reconnects with ``Last-Event-ID``; missed
    events are sent again, whichever server process made them. ``X-Flickboard-Worker``
    names the server process (its ID)."""
    loop = asyncio.get_running_loop()
    listener = Listener(loop)
    last = _event_number(last_event_id)
    try:
        missed, state = await run_in_threadpool(
            _opened, games, live, listener, last, last_event_id is not None
        )
        if state is not None:
            sent = max(listener.since, state[0])
            yield ServerSentEvent(raw_data=state[1], event="state", id=str(sent), retry=RETRY_MS)
        else:
            yield ServerSentEvent(comment="connected", retry=RETRY_MS)
            sent = max(listener.since, last or 0)  # what the page has, or has coming here
            for event in missed or []:
                yield ServerSentEvent(raw_data=event.data, event=event.kind, id=str(event.number))
                sent = max(sent, event.number)
        deadline = loop.time() + games.stream_seconds
        while (left := deadline - loop.time()) > 0:
            try:
                event = await asyncio.wait_for(listener.queue.get(), left)
            except TimeoutError:
                break
            if event.number > sent:
                sent = event.number
                yield ServerSentEvent(raw_data=event.data, event=event.kind, id=str(event.number))
    finally:
        games.hub.forget(live.id, listener)


def _event_number(last_event_id: str | None) -> int | None:
    """The number of the last event a page saw (None: none, or an id of another form)."""
    if last_event_id is None or not last_event_id.isdigit() or len(last_event_id) > 12:
        return None
    return int(last_event_id)


def _opened(
    games: Tables, live: LiveGame, listener: Listener, last: int | None, resumed: bool
) -> tuple[list[SavedEvent] | None, tuple[int, str] | None]:
    """A page's stream opened (in a worker thread: it reads the database): the stream
    joins the game's, the game counts as watched, and what the page lacks: the events
    after ``last`` (None: none asked, or too far behind) and, for a page that resumed
    (``Last-Event-ID``) too far behind, the state now with its latest event's number."""
    games.hub.join(live.id, listener)
    games.watch(live)
    missed = None if last is None else _missed(games, live, last)
    return missed, _state_now(games, live) if resumed and missed is None else None


def _missed(games: Tables, live: LiveGame, last: int) -> list[SavedEvent] | None:
    """The events after ``last``, all of them (None: some are no longer kept, or
    ``last`` is not one of this game's: the page takes the whole state)."""
    head = games.saved.head(live.id)
    if head is None or last > head.events:
        return None
    missed = games.saved.events_after(live.id, last)
    if (missed and missed[0].number != last + 1) or (not missed and last != head.events):
        return None
    return missed


def _state_now(games: Tables, live: LiveGame) -> tuple[int, str]:
    """The game's state now and the number of its latest event (at most as new)."""
    head = games.saved.head(live.id)
    return (0 if head is None else head.events), games.state(live.id)
