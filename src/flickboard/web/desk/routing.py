"""What every desk route shares: the desk's state in the app, errors as status codes,
and the identity of a write checked before its body is read.

Errors: :class:`NotAuthenticated` 401, :class:`NotAllowed` 403, too many sign-in
attempts 429, :class:`IllegalInPosition` 409, :class:`InvalidInput` 422; the message is
the desk's sentence (JSON ``{"detail": ...}`` on the API; on pages, the message in the
page's alert area, or an error page without JavaScript).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from fastapi import Depends, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute

from flickboard.errors import (
    FlickboardError,
    InvalidInput,
    NotAuthenticated,
)
from flickboard.store.acting import Actor
from flickboard.store.service import PERMISSIONS, require
from flickboard.web.desk.auth import TooManyAttempts
from flickboard.web.desk.rendering import desk_of as desk_of  # used by the routes' modules
from flickboard.web.desk.rendering import error_page
from flickboard.web.refusals import status_of

if TYPE_CHECKING:
    pass


def error_response(request: Request, exc: FlickboardError) -> Response:
    """The refusal as the asker reads it: JSON for the API, HTML for pages."""
    status = status_of(exc)
    headers = {}
    if isinstance(exc, TooManyAttempts):
        headers["Retry-After"] = str(exc.retry_after)
    message = str(exc)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": message}, status_code=status, headers=headers)
    return error_page(request, message, status, headers)


class DeskRoute(APIRoute):
    """A route whose desk refusals become status codes with the desk's sentence."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        original = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                return await original(request)
            except FlickboardError as exc:
                return error_response(request, exc)
            except OverflowError:
                return error_response(
                    request, InvalidInput("a number is out of the range the desk keeps")
                )

        return handler


def reader(request: Request) -> Actor:
    """Who reads (anyone; officials see drafts and the referees' queue)."""
    return desk_of(request).sessions.actor(request)


async def _csrf_of(request: Request) -> str | None:
    token = request.headers.get("X-CSRF-Token")
    if token is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        value = (await request.form()).get("csrf")
        token = value if isinstance(value, str) else None
    return token


def may(action: str) -> Any:
    """A dependency: the asker's identity, refused before the request body is read if
    it is missing (401), the CSRF token is wrong (403) or its role may not ``action``
    (403, :data:`flickboard.store.service.PERMISSIONS`)."""

    async def check(request: Request) -> Actor:
        web = desk_of(request)
        actor = web.sessions.writer(request, await _csrf_of(request))
        require(actor, action)
        return actor

    return Depends(check)


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
