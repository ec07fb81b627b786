"""Signing in: who this session is, signing in as the director or a referee, joining
one game as its table scorer, signing out, and changing an account's password."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import RedirectResponse
from starlette.datastructures import FormData

from flickboard.errors import NotAllowed
from flickboard.store.acting import Actor
from flickboard.web.desk.answers import EventRef, ScorerGame, Session
from flickboard.web.desk.bodies import Join, Login, PasswordChange
from flickboard.web.desk.forms import Posted, back, text
from flickboard.web.desk.routing import DeskRoute, Reader, desk_of, signed_in
from flickboard.web.desk.who import MayChangePassword

api = APIRouter(prefix="/api/session", tags=["sign-in"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


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


@api.get("", response_model_exclude_unset=True)
def whoami(request: Request, response: Response, who: Reader) -> Session:
    """Who this session is (role, name; a scorer's game) and its CSRF token."""
    return _session(request, response, who)


@api.post("", response_model_exclude_unset=True)
def sign_in(request: Request, response: Response, body: Login) -> Session:
    """Sign in as the director or a referee (429 with back-off after 5 failures from one
    address; an account locks only after 50 failures in a row)."""
    web = desk_of(request)
    web.sessions.account(request, body.name, body.password)
    return _session(request, response, web.sessions.actor(request))


@api.post("/join", response_model_exclude_unset=True)
def join(request: Request, response: Response, body: Join) -> Session:
    """Join one game as its table scorer with the game's code (rate limited)."""
    web = desk_of(request)
    web.sessions.join(request, body.code)
    return _session(request, response, web.sessions.actor(request))


@api.delete("", status_code=204)
def sign_out(request: Request, who: Annotated[Actor, Depends(signed_in)]) -> Response:
    """End this session: its cookie no longer signs anyone in."""
    desk_of(request).sessions.sign_out(request, audited=True)
    response = Response(status_code=204)
    response.delete_cookie("flickboard_desk", path="/")
    return response


@api.put("/password", response_model_exclude_unset=True)
def change_password(
    request: Request, response: Response, who: MayChangePassword, body: PasswordChange
) -> Session:
    """Change the signed-in account's password (the current one asked again); every
    other session of the account ends, this one goes on."""
    web = desk_of(request)
    web.service.identity.change_password(
        who, body.current, body.new, web.sessions.visit(request).token
    )
    return _session(request, response, who)


# -- the pages' forms ---------------------------------------------------------------------
# Signing in, joining and signing out check the form's CSRF token against the visit's
# here: there is no identity to check yet (or any will do).


def _form_of_this_visit(request: Request, form: FormData, then: str) -> None:
    """Refuse a sign-in form not sent from a page of this visit (its CSRF token)."""
    visit = desk_of(request).sessions.visit(request)
    if visit.fresh or text(form, "csrf") != visit.csrf:
        raise NotAllowed(f"the form is out of date: reload the page and {then}")


@forms.post("/login")
def login_form(request: Request, form: Posted) -> RedirectResponse:
    """Sign in from the form (CSRF checked; rate limited)."""
    web = desk_of(request)
    _form_of_this_visit(request, form, "sign in again")
    signed = web.sessions.account(request, text(form, "name"), text(form, "password"))
    actor = web.sessions.actor(request)
    response = back("/desk", f"Signed in as {actor.role} {actor.name}")
    web.sessions.save(response, signed)
    return response


@forms.post("/logout")
def logout_form(request: Request, form: Posted) -> RedirectResponse:
    """Sign out (a new anonymous session)."""
    web = desk_of(request)
    visit = web.sessions.visit(request)
    if text(form, "csrf") != visit.csrf:
        raise NotAllowed("the form is out of date: reload the page")
    response = back("/desk", "Signed out")
    web.sessions.save(response, web.sessions.sign_out(request, audited=visit.token is not None))
    return response


@forms.post("/join")
def join_form(request: Request, form: Posted) -> RedirectResponse:
    """Join with a code (CSRF checked; rate limited)."""
    web = desk_of(request)
    _form_of_this_visit(request, form, "join again")
    joined = web.sessions.join(request, text(form, "code"))
    response = back("/desk/score")
    web.sessions.save(response, joined)
    return response


@forms.post("/accounts/password")
def change_password_form(
    request: Request, who: MayChangePassword, form: Posted
) -> RedirectResponse:
    """An account changes its own password; its other sessions end."""
    web = desk_of(request)
    token = web.sessions.visit(request).token
    web.service.identity.change_password(who, text(form, "current"), text(form, "new"), token)
    return back("/desk/accounts", "Password changed: your other sessions are signed out")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
