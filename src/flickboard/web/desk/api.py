"""The desk's JSON API: ``/api/session`` to sign in, ``/api/desk/...`` for everything
else. Events are addressed by their numeric ID (``GET /api/desk/events`` lists them).

Every write names its action (``x-action`` in the OpenAPI schema, with ``x-roles``: who
may call it) and refuses, before reading the body, a request without an identity (401),
without the session's CSRF token in ``X-CSRF-Token`` (403) or from a role that may not
(403). Other refusals are 409 (not allowed in this state) and 422 (malformed), each
with the desk's sentence in ``detail``. Every operation names the model of its answer
(:mod:`flickboard.web.desk.answers`). The routes of the writes declared in
:mod:`flickboard.web.desk.actions` are made there.
"""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from sse_starlette.sse import EventSourceResponse

from flickboard.events.eventfile import ClubEventFile, EventFile
from flickboard.store.acting import Actor
from flickboard.store.desk import EventInfo
from flickboard.web.desk.actions import ACTIONS, api_route, card_json, race_in, standings_json
from flickboard.web.desk.answers import (
    Audited,
    Card,
    CardAt,
    CardDispute,
    CardListed,
    ClubEventCreated,
    ClubGame,
    ClubGameDispute,
    DrawListed,
    DrawnGame,
    EventCreated,
    EventListed,
    EventRef,
    EventStandings,
    ScorerCode,
    ScorerGame,
    Session,
)
from flickboard.web.desk.bodies import (
    CardBody,
    ClubResult,
    CodeBody,
    Initials,
    Join,
    Login,
    PasswordChange,
    Reason,
    SideInitials,
    SideReason,
)
from flickboard.web.desk.live import stream
from flickboard.web.desk.routing import (
    DeskRoute,
    Number,
    desk_of,
    may,
    public_url,
    reader,
    roles_of,
    signed_in,
)
from flickboard.web.refusals import refusals

router = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
session_router = APIRouter(prefix="/api/session", tags=["sign-in"], route_class=DeskRoute)

Who = Annotated[Actor, Depends(reader)]

CROKINOLE_ONLY = refusals(409)
"""A read of what only a crokinole event has (its event file, draws, cards): a club
event there is 409."""

PDF: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The scorecards, one page each.",
        "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
    }
}
"""The answer of a route that gives a PDF."""

EVENT_STREAM: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "Server-sent events: ``standings`` (an HTML fragment, ``id`` the "
        "event's revision), ``gone``.",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}
"""The answer of the live stream."""


# -- helpers --------------------------------------------------------------------------


def event_info(request: Request, event_id: int) -> EventInfo:
    """The event with this ID, or 422."""
    return desk_of(request).service.desk.info(event_id)


def _session(request: Request, response: Response, actor: Actor) -> Session:
    visit = desk_of(request).sessions.visit(request)
    out = Session(role=actor.role, name=actor.name, csrf=visit.csrf)
    if actor.match is not None:
        info = desk_of(request).service.desk.info(actor.match.event_id)
        out.match = ScorerGame(
            round=actor.match.round_no,
            sides=list(actor.match.sides),
            event=EventRef(id=info.id, name=info.name),
        )
    if visit.fresh:
        desk_of(request).sessions.save(response, visit)
    return out


# -- sign-in ----------------------------------------------------------------------------


@session_router.get("", response_model_exclude_unset=True)
def whoami(request: Request, response: Response, who: Who) -> Session:
    """Who this session is (role, name; a scorer's game) and its CSRF token."""
    return _session(request, response, who)


@session_router.post("", response_model_exclude_unset=True)
def sign_in(request: Request, response: Response, body: Login) -> Session:
    """Sign in as the director or a referee (429 with back-off after 5 failures from one
    address; an account locks only after 50 failures in a row)."""
    web = desk_of(request)
    web.sessions.account(request, body.name, body.password)
    return _session(request, response, web.sessions.actor(request))


@session_router.post("/join", response_model_exclude_unset=True)
def join(request: Request, response: Response, body: Join) -> Session:
    """Join one game as its table scorer with the game's code (rate limited)."""
    web = desk_of(request)
    web.sessions.join(request, body.code)
    return _session(request, response, web.sessions.actor(request))


@session_router.delete("", status_code=204)
def sign_out(request: Request, who: Annotated[Actor, Depends(signed_in)]) -> Response:
    """End this session: its cookie no longer signs anyone in."""
    desk_of(request).sessions.sign_out(request, audited=True)
    response = Response(status_code=204)
    response.delete_cookie("flickboard_desk", path="/")
    return response


@session_router.put(
    "/password", openapi_extra=roles_of("change_password"), response_model_exclude_unset=True
)
def change_password(
    request: Request,
    response: Response,
    body: PasswordChange,
    who: Annotated[Actor, may("change_password")],
) -> Session:
    """Change the signed-in account's password (the current one asked again); every
    other session of the account ends, this one goes on."""
    web = desk_of(request)
    web.service.change_password(who, body.current, body.new, web.sessions.visit(request).token)
    return _session(request, response, who)


# -- reading ------------------------------------------------------------------------------


@router.get("/events")
def list_events(request: Request) -> list[EventListed]:
    """Every event: ID, name, format, category (crokinole), date, revision."""
    return [
        EventListed(
            id=e.id,
            name=e.name,
            format=e.format,
            category=e.category,
            date=e.date.isoformat() if e.date else None,
            revision=e.revision,
        )
        for e in desk_of(request).service.desk.catalog()
    ]


@router.get("/events/{event_id}", responses=CROKINOLE_ONLY)
def event_file(request: Request, event_id: Number) -> EventFile:
    """A crokinole event as an event file with its published rounds and cards."""
    info = event_info(request, event_id)
    return desk_of(request).service.snapshot(info.name)


@router.get("/events/{event_id}/export", responses=CROKINOLE_ONLY)
def export(request: Request, event_id: Number) -> EventFile:
    """The event file with a seal on every validated card: imported here again as a new
    event (POST /api/desk/events), its validations and corrections are kept."""
    info = event_info(request, event_id)
    return desk_of(request).service.export(info.name)


@router.get("/events/{event_id}/standings", response_model=EventStandings)
def standings(request: Request, event_id: Number) -> object:
    """Standings with every placing's reasons (crokinole); the state of a club event."""
    web = desk_of(request)
    info = event_info(request, event_id)
    if info.club:
        return web.service.club_desk(info.name).standings_json(info.name)
    return standings_json(web.service.standings(info.name), web.service.desk.names(info.name))


@router.get("/events/{event_id}/draws", responses=CROKINOLE_ONLY)
def draws(request: Request, event_id: Number, who: Who) -> list[DrawListed]:
    """Drawn rounds with boards (officials also see a draft)."""
    info = event_info(request, event_id)
    svc = desk_of(request).service
    drafts = set(svc.desk.draft_rounds(info.name)) if who.role in ("director", "referee") else set()
    return [
        DrawListed(
            round=d.round_no,
            draft=d.round_no in drafts,
            games=[DrawnGame(board=i, sides=g) for i, g in enumerate(d.games, start=1)],
            bye=d.bye,
        )
        for d in svc.draws(who, info.name)
        if d.round_no >= 1
    ]


@router.get("/events/{event_id}/cards", responses=CROKINOLE_ONLY)
def cards(request: Request, event_id: Number) -> list[CardListed]:
    """Every card with its validation, open dispute and correction trail."""
    info = event_info(request, event_id)
    return [
        CardListed(**card_json(c.card), entered_by=c.entered_by, disputed=c.dispute is not None)
        for c in desk_of(request).service.desk.card_states(info.name)
    ]


@router.get("/events/{event_id}/live", response_class=Response, responses=EVENT_STREAM)
async def live(
    request: Request, event_id: Number, view: Literal["public", "tv"] = Query("public")
) -> EventSourceResponse:
    """Server-sent events: ``standings`` (an HTML fragment of the page's standings,
    ``id`` the event's revision) now and after every change; ``gone`` if the event is
    deleted."""
    web = desk_of(request)
    return EventSourceResponse(
        stream(web.hub, web.renders, event_id, view),
        ping=15,
        headers={"X-Flickboard-Worker": str(os.getpid())},
    )


@router.get("/disputes", response_model=list[CardDispute | ClubGameDispute])
def disputes(request: Request, who: Who) -> list[dict[str, object]]:
    """The referees' queue of open disputes (officials)."""
    return desk_of(request).service.disputes(who)


@router.get("/audit", response_model=list[Audited])
def audit(request: Request, who: Who, event: str | None = None) -> list[dict[str, object]]:
    """Every write: who, when, what (officials)."""
    return desk_of(request).service.audit(who, event)


# -- events -------------------------------------------------------------------------------


@router.post("/events", status_code=201, openapi_extra=roles_of("create_event"))
def create_event(
    request: Request, spec: EventFile, who: Annotated[Actor, may("create_event")]
) -> EventCreated:
    """Create a crokinole event from an event file (also an export imported as a new
    event: validated cards whose seal does not verify come in not validated; ``notes``
    says which)."""
    notes = desk_of(request).service.create_event(who, spec)
    info = next(e for e in desk_of(request).service.desk.catalog() if e.name == spec.name)
    return EventCreated(id=info.id, notes=notes)


@router.post("/club-events", status_code=201, openapi_extra=roles_of("create_club_event"))
def create_club_event(
    request: Request, spec: ClubEventFile, who: Annotated[Actor, may("create_club_event")]
) -> ClubEventCreated:
    """Create a CSC round robin, a CSC league or a fair-rules bracket."""
    desk_of(request).service.create_club_event(who, spec)
    info = next(e for e in desk_of(request).service.desk.catalog() if e.name == spec.name)
    return ClubEventCreated(id=info.id)


@router.post("/events/{event_id}/codes", openapi_extra=roles_of("issue_code"))
def issue_code(
    request: Request, event_id: Number, body: CodeBody, who: Annotated[Actor, may("issue_code")]
) -> ScorerCode:
    """A scorer code for the game ``player`` plays in a published round, and the link
    a phone opens to join that game."""
    code = desk_of(request).service.issue_code(
        who, event_info(request, event_id).name, body.round, body.player
    )
    return ScorerCode(code=code, url=public_url(request, "join_page") + f"?code={code}")


@router.post(
    "/events/{event_id}/rounds/{round_no}/scorecards",
    openapi_extra=roles_of("issue_code"),
    response_class=Response,
    responses=PDF,
)
def blank_scorecards(
    request: Request, event_id: Number, round_no: Number, who: Annotated[Actor, may("issue_code")]
) -> Response:
    """Blank scorecards of a published round (PDF), each with a new scorer code for
    its game and a QR code of the join link."""
    pdf = desk_of(request).service.blank_scorecards(
        who, event_info(request, event_id).name, round_no, public_url(request, "join_page")
    )
    return Response(pdf, media_type="application/pdf")


# -- cards ------------------------------------------------------------------------------


@router.post("/events/{event_id}/cards", status_code=201, openapi_extra=roles_of("enter_card"))
def enter_card(
    request: Request, event_id: Number, body: CardBody, who: Annotated[Actor, may("enter_card")]
) -> CardAt:
    """Enter a card as marked by ``sides[0]`` (a scorer: the game of their code)."""
    card = desk_of(request).service.enter_card(
        who,
        event_info(request, event_id).name,
        body.round,
        body.sides,
        [r.score() for r in body.rounds],
    )
    return CardAt(**card_json(card), revision=event_info(request, event_id).revision)


@router.post(
    "/events/{event_id}/cards/{round_no}/{player}/validation",
    openapi_extra=roles_of("validate_card"),
)
def validate_card(
    request: Request,
    event_id: Number,
    round_no: Number,
    player: str,
    body: Initials,
    who: Annotated[Actor, may("validate_card")],
) -> CardAt:
    """The opponent (``player``, their ID) validates the card with their initials.
    ``revision``: the event's revision just after (live pages show it as their ``id``)."""
    card = desk_of(request).service.validate_card(
        who, event_info(request, event_id).name, round_no, player, body.initials
    )
    return CardAt(**card_json(card), revision=event_info(request, event_id).revision)


@router.post(
    "/events/{event_id}/cards/{round_no}/{player}/dispute", openapi_extra=roles_of("dispute_card")
)
def dispute_card(
    request: Request,
    event_id: Number,
    round_no: Number,
    player: str,
    body: Reason,
    who: Annotated[Actor, may("dispute_card")],
) -> Card:
    """``player`` disputes the card instead of validating it: it waits for a referee."""
    card = desk_of(request).service.dispute_card(
        who, event_info(request, event_id).name, round_no, player, body.reason
    )
    return Card.model_validate(card_json(card))


@router.delete(
    "/events/{event_id}/cards/{round_no}/{player}", openapi_extra=roles_of("withdraw_card")
)
def withdraw_card(
    request: Request,
    event_id: Number,
    round_no: Number,
    player: str,
    who: Annotated[Actor, may("withdraw_card")],
) -> Card:
    """Withdraw a card entered in error, before it is validated."""
    card = desk_of(request).service.withdraw_card(
        who, event_info(request, event_id).name, round_no, player
    )
    return Card.model_validate(card_json(card))


# -- club events ------------------------------------------------------------------------


@router.get("/events/{event_id}/games", response_model=list[ClubGame])
def club_games(request: Request, event_id: Number) -> list[dict[str, object]]:
    """Every stored game of a club event with its ID (what corrections and withdrawals
    name), sides, frames and score."""
    info = event_info(request, event_id)
    return [g.as_dict() for g in desk_of(request).service.club_games(info.name)]


@router.post(
    "/events/{event_id}/games",
    status_code=201,
    openapi_extra=roles_of("enter_club_result"),
    response_model=ClubGame,
)
def enter_club_result(
    request: Request,
    event_id: Number,
    body: ClubResult,
    who: Annotated[Actor, may("enter_club_result")],
) -> dict[str, object]:
    """A game of a club meeting: at the board (a scorer, ``by`` their team) it waits
    for the other team to confirm it (CSC VII 11); an official's counts at once."""
    info = event_info(request, event_id)
    svc = desk_of(request).service
    svc.at_meeting(who, info.name, body.round, body.team, *([body.by] if body.by else []))
    game = svc.enter_club_result(
        who,
        info.name,
        body.round,
        body.team,
        body.game,
        race_in(svc, info.name, body.frames, body.score),
        body.by,
    )
    return game.as_dict()


@router.post(
    "/events/{event_id}/games/{game_id}/confirmation",
    openapi_extra=roles_of("confirm_club_game"),
    response_model=ClubGame,
)
def confirm_club_game(
    request: Request,
    event_id: Number,
    game_id: Number,
    body: SideInitials,
    who: Annotated[Actor, may("confirm_club_game")],
) -> dict[str, object]:
    """The other team confirms a game entered at the board with initials: it counts."""
    game = desk_of(request).service.confirm_club_game(
        who, event_info(request, event_id).name, game_id, body.side, body.initials
    )
    return game.as_dict()


@router.post(
    "/events/{event_id}/games/{game_id}/dispute",
    openapi_extra=roles_of("dispute_club_game"),
    response_model=ClubGame,
)
def dispute_club_game(
    request: Request,
    event_id: Number,
    game_id: Number,
    body: SideReason,
    who: Annotated[Actor, may("dispute_club_game")],
) -> dict[str, object]:
    """A team disputes a game entered at the board: it goes to the referees (VII 10)."""
    game = desk_of(request).service.dispute_club_game(
        who, event_info(request, event_id).name, game_id, body.side, body.reason
    )
    return game.as_dict()


# -- the writes declared once (flickboard.web.desk.actions) -----------------------------

for _action in ACTIONS:
    api_route(router, _action)
