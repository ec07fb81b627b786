"""Standings: an event's standings with their reasons, live as they change, and what a
referee records that decides placings (a sanction or an absence, a shoot-out)."""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel
from sse_starlette.sse import EventSourceResponse
from starlette.datastructures import FormData

from flickboard.events.sanctions import Sanction
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Standings as Placings
from flickboard.web.desk.answers import EventStandings, Standings
from flickboard.web.desk.bodies import SanctionBody, ShootOutBody
from flickboard.web.desk.forms import back, from_form, to_manage
from flickboard.web.desk.live import stream
from flickboard.web.desk.routing import DeskRoute, Number, Service, desk_of
from flickboard.web.desk.who import MayRecordSanction, MayRecordShootout

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)

EVENT_STREAM: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "Server-sent events: ``standings`` (an HTML fragment, ``id`` the "
        "event's revision), ``gone``.",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}
"""The answer of the live stream."""


def standings_json(st: Placings, names: dict[str, str]) -> Standings:
    """Crokinole standings as the API gives them: provisional, pending, placings."""
    return Standings.model_validate(
        {
            "provisional": st.provisional,
            "pending": list(st.pending),
            "standings": [{**p.as_dict(), "name": names.get(p.entrant, "")} for p in st.placings],
        }
    )


@api.get("/events/{event_id}/standings", response_model=EventStandings)
def standings(event_id: Number, svc: Service) -> object:
    """Standings with every placing's reasons (crokinole); the state of a club event."""
    info = svc.desk.info(event_id)
    if info.club:
        return svc.stores.club_desk(info.name).standings_json(info.name)
    return standings_json(svc.events.standings(info.name), svc.desk.names(info.name))


@api.get("/events/{event_id}/live", response_class=Response, responses=EVENT_STREAM)
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


# -- sanctions and shoot-outs (crokinole) -----------------------------------------------


def sanction_of(body: SanctionBody) -> Sanction:
    """The body's sanction (signed by the service with the referee's name)."""
    return Sanction(body.kind, body.entrant, body.reason, body.round, body.game_round)


@api.post("/events/{event_id}/sanctions")
def record_sanction(
    event_id: Number, who: MayRecordSanction, body: SanctionBody, svc: Service
) -> Standings:
    """A sanction or absence (warning, forfeited round or game, disqualification,
    withdrawal, no-show); the standings after it."""
    name = svc.desk.info(event_id).name
    return standings_json(
        svc.events.record_sanction(who, name, sanction_of(body)), svc.desk.names(name)
    )


@forms.post("/manage/{event_id}/sanction")
def record_sanction_form(
    event_id: Number,
    who: MayRecordSanction,
    body: Annotated[SanctionBody, from_form(SanctionBody)],
    svc: Service,
) -> RedirectResponse:
    record_sanction(event_id, who, body, svc)
    return back(to_manage(event_id), f"Recorded: {body.entrant} {sanction_of(body).describe()}")


@api.post("/events/{event_id}/shootouts")
def record_shootout(
    event_id: Number, who: MayRecordShootout, body: ShootOutBody, svc: Service
) -> Standings:
    """A shoot-out among entrants still tied: each one's attempts, in the order shot."""
    name = svc.desk.info(event_id).name
    done = svc.events.record_shootout(who, name, ShootOut.of(body.attempts))
    return standings_json(done, svc.desk.names(name))


def shootout_fields(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """Each tied entrant's attempts from ``so_{id}`` (doubles: and ``so_{id}_2``)."""
    shots: dict[str, Any] = {}
    given = {k: v.strip() for k, v in form.items() if isinstance(v, str)}
    for key, value in given.items():
        if key.startswith("so_") and not key.endswith("_2"):
            partner = given.get(f"{key}_2", "")
            shots[key.removeprefix("so_")] = (value, partner) if partner else value
    return {"attempts": shots}


@forms.post("/manage/{event_id}/shootout")
def record_shootout_form(
    event_id: Number,
    who: MayRecordShootout,
    body: Annotated[ShootOutBody, from_form(ShootOutBody, shootout_fields)],
    svc: Service,
) -> RedirectResponse:
    record_shootout(event_id, who, body, svc)
    return back(to_manage(event_id), "Shoot-out recorded")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
