"""What every desk route shares: the desk's state in the app, errors as status codes,
and the identity of a write checked before its body is read.

Errors: :class:`NotAuthenticated` 401, :class:`NotAllowed` 403, an unknown event or
card (:class:`NotFound`) 404, :class:`IllegalInPosition` 409, :class:`InvalidInput` and a
malformed request 422, too many sign-in attempts 429, too many password checks at once
503 (both with ``Retry-After``); the message is the desk's sentence (JSON ``{"detail":
...}`` on the API, :class:`flickboard.web.refusals.Problem`; on pages, the message in
the page's alert area, or an error page without JavaScript).
Each API route documents the refusals it can answer, derived from its shape once here
(:func:`documented_refusals`), and who may call it, from its :func:`may` dependency
(:func:`action_of`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Path, Request, Response
from fastapi.dependencies.utils import get_flat_params, get_typed_signature
from fastapi.exceptions import RequestValidationError
from fastapi.params import Depends as DependsParam
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from flickboard.errors import (
    FlickboardError,
    InvalidInput,
    NotAuthenticated,
)
from flickboard.store.acting import Actor
from flickboard.store.permissions import PERMISSIONS, require
from flickboard.store.service import DeskService
from flickboard.web.desk.rendering import desk_of as desk_of  # used by the routes' modules
from flickboard.web.desk.rendering import error_page
from flickboard.web.refusals import malformed, refusals, sentence, status_of


def error_response(request: Request, exc: FlickboardError) -> Response:
    """The refusal as the asker reads it: JSON for the API, HTML for pages."""
    status = status_of(exc)
    headers = {}
    retry_after = getattr(exc, "retry_after", None)  # too many sign-ins (429), busy (503)
    if isinstance(retry_after, int):
        headers["Retry-After"] = str(retry_after)
    message = str(exc)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": message}, status_code=status, headers=headers)
    return error_page(request, message, status, headers)


PASSWORD_ACTIONS = frozenset({"change_password", "add_referee"})
"""Writes that hash a password: busy (503) when too many hashes wait
(:class:`flickboard.store.passwords.Busy`)."""


def documented_refusals(path: str, methods: set[str], extra: dict[str, Any]) -> set[int]:
    """The refusals an API route can answer, from its shape: 404 for an event or card
    in its path; 401, 403 and 409 for a write (a role checked, a state that may not
    allow it); 401 and 429 for signing in; 503 where a password is hashed; 403 for
    reading officials' lists. (422 for routes with parameters is added once the route
    knows them.)"""
    if not path.startswith("/api/"):
        return set()
    out: set[int] = set()
    if "{event_id}" in path:
        out.add(404)
    if "x-action" in extra:
        out |= {401, 403, 409}
    if path == "/api/session" and "DELETE" in methods:
        out.add(401)
    if path.startswith("/api/session") and "POST" in methods:
        out |= {401, 429}
    if extra.get("x-action") in PASSWORD_ACTIONS or (path == "/api/session" and "POST" in methods):
        out.add(503)
    if path in ("/api/desk/disputes", "/api/desk/audit"):
        out |= {401, 403}
    return out


class DeskRoute(APIRoute):
    """A route whose desk refusals become status codes with the desk's sentence, each
    documented in the OpenAPI schema with its :class:`Problem` body; a write says who may
    call it (``x-action``, ``x-roles``, ``x-signed``) from its :func:`may` dependency."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        action = action_of(endpoint)
        if action is not None:
            kwargs["openapi_extra"] = {**roles_of(action), **(kwargs.get("openapi_extra") or {})}
        methods = {m.upper() for m in kwargs.get("methods") or ()}
        statuses = documented_refusals(path, methods, kwargs.get("openapi_extra") or {})
        kwargs["responses"] = {**refusals(*statuses, 422), **(kwargs.get("responses") or {})}
        super().__init__(path, endpoint, **kwargs)
        if not (get_flat_params(self.dependant) or self.body_field):
            # nothing to validate: no 422 (FastAPI would not list one either)
            self.responses.pop(422, None)
            self.response_fields.pop(422, None)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        original = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                return await original(request)
            except FlickboardError as exc:
                return error_response(request, exc)
            except RequestValidationError as exc:
                return error_response(request, InvalidInput(sentence(exc.errors())))
            except HTTPException as exc:
                if exc.status_code != 400:
                    raise
                return error_response(request, malformed(exc))
            except OverflowError:
                return error_response(
                    request, InvalidInput("a number is out of the range the desk keeps")
                )

        return handler


MAX_NUMBER = 2**31 - 1
"""The largest number the database keeps in an ID (a 32-bit INTEGER on PostgreSQL)."""

Number = Annotated[int, Path(ge=0, le=MAX_NUMBER)]
"""A number in a path (an event's or a game's ID, a round, a board): past the database's
range it is malformed (422), not a database error."""


def reader(request: Request) -> Actor:
    """Who reads (anyone; officials see drafts and the referees' queue)."""
    return desk_of(request).sessions.actor(request)


Reader = Annotated[Actor, Depends(reader)]
"""Who reads, for a read that shows officials more."""


async def _csrf_of(request: Request) -> str | None:
    token = request.headers.get("X-CSRF-Token")
    if token is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        value = (await request.form()).get("csrf")
        token = value if isinstance(value, str) else None
    return token


@dataclass(frozen=True)
class May:
    """Who may make a write: the asker's identity, refused if it is missing (401), the
    CSRF token is wrong (403) or its role may not ``action`` (403,
    :data:`flickboard.store.permissions.PERMISSIONS`)."""

    action: str

    async def __call__(self, request: Request) -> Actor:
        web = desk_of(request)
        actor = web.sessions.writer(request, await _csrf_of(request))
        require(actor, self.action)
        return actor


def may(action: str) -> Any:
    """A dependency: the identity of who may ``action`` (:class:`May`), as
    ``Annotated[Actor, may("draw")]``. It runs before the request's body is checked (and
    before a form's fields are parsed: a form's body is a dependency declared after it),
    and its route names the action in the OpenAPI schema (:class:`DeskRoute`)."""
    if action not in PERMISSIONS:
        raise KeyError(f"no such desk action: {action}")
    return Depends(May(action))


def action_of(endpoint: Callable[..., Any]) -> str | None:
    """The action an endpoint's :func:`may` dependency checks, if it has one."""
    found = {
        meta.dependency.action
        for param in get_typed_signature(endpoint).parameters.values()
        for meta in getattr(param.annotation, "__metadata__", ())
        if isinstance(meta, DependsParam) and isinstance(meta.dependency, May)
    }
    if len(found) > 1:
        raise TypeError(f"{endpoint.__name__} checks several actions: {sorted(found)}")
    return found.pop() if found else None


async def service_of(request: Request) -> DeskService:
    """The desk's service (a dependency: ``svc: Service``)."""
    return desk_of(request).service


Service = Annotated[DeskService, Depends(service_of)]
"""The desk's service, for an endpoint (and for a form's endpoint to hand to the API's)."""


def roles_of(action: str) -> dict[str, Any]:
    """OpenAPI extra naming who may call a route (``x-roles``) and whether an account
    must sign it (``x-signed``)."""
    roles, signed = PERMISSIONS[action]
    return {"x-roles": sorted(roles), "x-signed": signed, "x-action": action}


def signed_in(request: Request) -> Actor:
    """An identity for a write that no role table lists (signing out): anyone signed in."""
    actor = desk_of(request).sessions.actor(request)
    if actor.role == "public":
        raise NotAuthenticated("not signed in")
    return actor


def html(text: str, status: int = 200) -> HTMLResponse:
    """A small HTML answer."""
    return HTMLResponse(text, status_code=status)


PUBLIC_URL_ENV = "FLICKBOARD_PUBLIC_URL"
"""The address phones reach the desk at (``flickboard serve --host 0.0.0.0`` sets it to
the machine's address on the venue's network); QR codes and join links use it."""


def public_url(request: Request, name: str, **params: Any) -> str:
    """The address of a page as phones reach it: under ``$FLICKBOARD_PUBLIC_URL`` when
    set (a TV opened on the desk's own laptop at localhost still shows a QR code that
    phones can follow), else as this request reached the server."""
    path = request.app.url_path_for(name, **params)
    base = os.environ.get(PUBLIC_URL_ENV) or str(request.base_url)
    return base.rstrip("/") + str(path)
