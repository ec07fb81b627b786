"""Events: the list, a crokinole event's file and its export, creating an event (a
crokinole event, a club event, an imported file), renaming it, its entrants, deleting
it, and the events a finished preliminary makes (pools, the Round of 32)."""

from __future__ import annotations

from typing import Annotated, Any

import yaml
from fastapi import APIRouter, Response
from fastapi.responses import RedirectResponse
from starlette.datastructures import UploadFile

from flickboard.errors import InvalidInput
from flickboard.events.eventfile import ClubEventFile, EventFile, parse_any, parse_event
from flickboard.store.events import csv_rows, parse_entrants
from flickboard.store.service import DeskService
from flickboard.web.desk.answers import (
    Added,
    ClubEventCreated,
    EventCreated,
    EventListed,
    EventMade,
    Named,
    PoolsMade,
)
from flickboard.web.desk.bodies import EntrantsCsv, Games, Pools, Rename
from flickboard.web.desk.forms import Posted, back, from_form, number, text, to_manage
from flickboard.web.desk.routing import DeskRoute, Number, Service
from flickboard.web.desk.who import (
    MayCreateClubEvent,
    MayCreateEvent,
    MayCreatePools,
    MayCreateRoundOf32,
    MayDeleteEvent,
    MayImportEntrants,
    MayRenameEvent,
)
from flickboard.web.refusals import refusals

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)

CROKINOLE_ONLY = refusals(409)
"""A read of what only a crokinole event has (its event file, draws, cards): a club
event there is 409."""


# -- reading ----------------------------------------------------------------------------


@api.get("/events")
def list_events(svc: Service) -> list[EventListed]:
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
        for e in svc.desk.catalog()
    ]


@api.get("/events/{event_id}", responses=CROKINOLE_ONLY)
def event_file(event_id: Number, svc: Service) -> EventFile:
    """A crokinole event as an event file with its published rounds and cards."""
    return svc.events.snapshot(svc.desk.info(event_id).name)


@api.get("/events/{event_id}/export", responses=CROKINOLE_ONLY)
def export(event_id: Number, svc: Service) -> EventFile:
    """The event file with a seal on every validated card: imported here again as a new
    event (POST /api/desk/events), its validations and corrections are kept."""
    return svc.events.export(svc.desk.info(event_id).name)


# -- creating ---------------------------------------------------------------------------


@api.post("/events", status_code=201)
def create_event(who: MayCreateEvent, spec: EventFile, svc: Service) -> EventCreated:
    """Create a crokinole event from an event file (also an export imported as a new
    event: validated cards whose seal does not verify come in not validated; ``notes``
    says which)."""
    notes = svc.events.create(who, spec)
    return EventCreated(id=_id_of(svc, spec.name), notes=notes)


@api.post("/club-events", status_code=201)
def create_club_event(
    who: MayCreateClubEvent, spec: ClubEventFile, svc: Service
) -> ClubEventCreated:
    """Create a CSC round robin, a CSC league or a fair-rules bracket."""
    svc.events.create_club(who, spec)
    return ClubEventCreated(id=_id_of(svc, spec.name))


def _id_of(svc: DeskService, name: str) -> int:
    """The ID of the event just made."""
    return next(e.id for e in svc.desk.catalog() if e.name == name)


@forms.post("/new/event")
def new_event(who: MayCreateEvent, form: Posted, svc: Service) -> RedirectResponse:
    """A crokinole event from the form, entrants as CSV text."""
    entrants = parse_entrants(text(form, "entrants"))
    data: dict[str, Any] = {
        "name": text(form, "name"),
        "category": text(form, "category"),
        "format": text(form, "format") or "preliminary",
        "entrants": [e.model_dump(exclude_none=True) for e in entrants],
    }
    for field in ("games", "seed"):
        if text(form, field):
            data[field] = number(form, field)
    if text(form, "date"):
        data["date"] = text(form, "date")
    made = create_event(who, parse_event(data, "the form"), svc)
    return back(to_manage(made.id), "; ".join(["Event created", *made.notes]))


@forms.post("/new/club")
def new_club(who: MayCreateClubEvent, form: Posted, svc: Service) -> RedirectResponse:
    """A CSC round robin, league or fair-rules bracket from the form; teams as CSV rows
    ``team_id,team_name,player_id,player_name,gender`` (one row per player)."""
    teams: dict[str, dict[str, Any]] = {}
    for n, row in enumerate(csv_rows(text(form, "teams"), "teams"), start=1):
        cells = [c.strip() for c in row] + [""] * 5
        if not any(cells) or (n == 1 and cells[0].lower() == "team_id"):
            continue
        if not cells[0] or not cells[1]:
            raise InvalidInput(f"teams line {n}: a team ID and name are needed")
        team = teams.setdefault(cells[0], {"id": cells[0], "name": cells[1], "players": []})
        if cells[2]:
            player = {"id": cells[2], "name": cells[3] or cells[2]}
            if cells[4]:
                player["gender"] = cells[4].upper()
            team["players"].append(player)
    data: dict[str, Any] = {
        "name": text(form, "name"),
        "format": text(form, "format"),
        "discipline": text(form, "discipline") or "doubles",
        "entrants": list(teams.values()),
    }
    for field in ("championship", "division", "date"):
        if text(form, field):
            data[field] = text(form, field)
    spec = parse_any(data, "the form")
    if not isinstance(spec, ClubEventFile):
        raise InvalidInput("choose a club format")
    made = create_club_event(who, spec, svc)
    return back(to_manage(made.id), "Event created")


@forms.post("/new/import")
def import_file(who: MayCreateEvent, form: Posted, svc: Service) -> RedirectResponse:
    """An event file (an export of this desk, or a club event file), JSON or YAML."""
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise InvalidInput("choose an event file to import")
    raw = upload.file.read().decode("utf-8", errors="replace")
    try:
        data = yaml.safe_load(raw)
    except Exception:
        raise InvalidInput("the file is not JSON or YAML") from None
    spec = parse_any(data, upload.filename or "the file")
    if isinstance(spec, ClubEventFile):
        event_id, notes = create_club_event(who, spec, svc).id, []
    else:
        made = create_event(who, spec, svc)
        event_id, notes = made.id, made.notes
    return back(to_manage(event_id), "; ".join(["Event imported", *notes]))


# -- the event's name, its entrants, deleting it ---------------------------------------


@api.post("/events/{event_id}/rename")
def rename(event_id: Number, who: MayRenameEvent, body: Rename, svc: Service) -> Named:
    """Give the event a new name."""
    svc.events.rename(who, svc.desk.info(event_id).name, body.name)
    return Named(name=body.name)


@forms.post("/manage/{event_id}/rename")
def rename_form(
    event_id: Number,
    who: MayRenameEvent,
    body: Annotated[Rename, from_form(Rename)],
    svc: Service,
) -> RedirectResponse:
    rename(event_id, who, body, svc)
    return back(to_manage(event_id), "Renamed")


@api.post("/events/{event_id}/entrants")
def entrants(event_id: Number, who: MayImportEntrants, body: EntrantsCsv, svc: Service) -> Added:
    """Add entrants from CSV text (header: id, name; optional gender and a doubles
    team's players), before round 1 is drawn."""
    return Added(added=svc.events.import_entrants(who, svc.desk.info(event_id).name, body.csv))


@forms.post("/manage/{event_id}/entrants")
def entrants_form(
    event_id: Number,
    who: MayImportEntrants,
    body: Annotated[EntrantsCsv, from_form(EntrantsCsv)],
    svc: Service,
) -> RedirectResponse:
    done = entrants(event_id, who, body, svc)
    return back(to_manage(event_id), f"{done.added} entrants added")


@api.delete("/events/{event_id}", status_code=204)
def delete_event(event_id: Number, who: MayDeleteEvent, svc: Service) -> Response:
    """Delete an event and everything in it."""
    svc.events.delete(who, svc.desk.info(event_id).name)
    return Response(status_code=204)


@forms.post("/manage/{event_id}/delete")
def delete_event_form(
    event_id: Number, who: MayDeleteEvent, form: Posted, svc: Service
) -> RedirectResponse:
    """The form asks more than the API: the event's name typed again."""
    name = svc.desk.info(event_id).name
    if text(form, "confirm") != name:
        raise InvalidInput("type the event's name to confirm the deletion")
    delete_event(event_id, who, svc)
    return back("/desk", f"{name} deleted")


# -- events made from a finished preliminary --------------------------------------------


@api.post("/events/{event_id}/pools")
def pools(event_id: Number, who: MayCreatePools, body: Pools, svc: Service) -> PoolsMade:
    """Round-robin pools from the finished preliminary, snake seeded."""
    made = svc.events.create_pools(who, svc.desk.info(event_id).name, body.count, body.size)
    return PoolsMade(events=made)


@forms.post("/manage/{event_id}/pools")
def pools_form(
    event_id: Number,
    who: MayCreatePools,
    body: Annotated[Pools, from_form(Pools)],
    svc: Service,
) -> RedirectResponse:
    made = pools(event_id, who, body, svc)
    return back(to_manage(event_id), f"Created {', '.join(made.events)}")


@api.post("/events/{event_id}/round-of-32")
def round_of_32(event_id: Number, who: MayCreateRoundOf32, body: Games, svc: Service) -> EventMade:
    """The WCC Recreational Round of 32 from a finished recreational preliminary."""
    return EventMade(
        event=svc.events.create_round_of_32(who, svc.desk.info(event_id).name, body.games)
    )


@forms.post("/manage/{event_id}/round-of-32")
def round_of_32_form(
    event_id: Number,
    who: MayCreateRoundOf32,
    body: Annotated[Games, from_form(Games)],
    svc: Service,
) -> RedirectResponse:
    made = round_of_32(event_id, who, body, svc)
    return back(to_manage(event_id), f"Created {made.event}")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
