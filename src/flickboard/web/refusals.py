"""Refusals, one mapping for the whole web app (table and desk): the HTTP status of each
kind of refusal, the one body every refusal has (:class:`Problem`), and the table of
documented refusals that the routes put in the OpenAPI schema (:func:`refusals`)."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import Response
from fastapi.routing import iter_route_contexts
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.routing import Match

from flickboard.errors import (
    FlickboardError,
    IllegalInPosition,
    IllegalStart,
    InvalidInput,
    NotAllowed,
    NotAuthenticated,
    NotFound,
)

STATUSES: tuple[tuple[type[FlickboardError], int], ...] = (
    (NotAuthenticated, 401),
    (NotAllowed, 403),
    (NotFound, 404),
    (IllegalStart, 422),  # a shot parameter out of range, though it is about the position
    (IllegalInPosition, 409),
    (InvalidInput, 422),
)
"""Most specific first: the first class a refusal is an instance of gives its status."""


class Problem(BaseModel):
    """A refused request: one sentence saying why (the referee's, the desk's or the
    validator's)."""

    detail: str


MEANINGS: dict[int, str] = {
    400: "Refused for another reason (the sentence says why)",
    401: "Not signed in, or a wrong name, password or scorer code",
    403: "Not this role's, seat's or game's to do, or a missing CSRF token",
    404: "No such event, game, card or shot",
    409: "Not now: the state of the game or event does not allow it (or not this kind of event)",
    413: "The request body is too large (256 kB; 4 MiB for an event file or an entrants CSV)",
    422: "A malformed or out-of-range value (or a start the referee refuses)",
    429: "Too many attempts or new games from this address: wait (Retry-After)",
    503: "Busy: too many password checks at once; try again in a moment (Retry-After)",
}
"""What each refusal status means, as the OpenAPI schema describes it."""


PROBLEM_JSON = {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
"""A refusal's body is JSON, whatever the route answers when it does not refuse (an
event stream too)."""


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=`` entry documenting ``statuses``, each with the
    :class:`Problem` body (422 too, replacing FastAPI's list of validation errors)."""
    return {
        code: {"model": Problem, "description": MEANINGS[code], "content": PROBLEM_JSON}
        for code in sorted(statuses)
    }


SECRET_FIELDS = frozenset({"password", "current", "new", "code", "csrf", "token"})
"""Fields whose rejected value a refusal never repeats (passwords, codes, tokens)."""

EXCERPT = 40
"""The most characters of a rejected value a refusal repeats."""


def excerpt(value: object) -> str:
    """A rejected value as a refusal repeats it: its ``repr``, cut to :data:`EXCERPT`
    characters (saying how long it was)."""
    text = repr(value)
    if len(text) <= EXCERPT:
        return text
    return f"{text[:EXCERPT]}... ({len(text):,} characters)"


def sentence(errors: Any) -> str:
    """The validator's complaint as one sentence: where, what, and (an excerpt of) the
    value given, never the value of a secret field."""
    first = errors[0]
    loc = [str(part) for part in first.get("loc", ()) if part != "body"]
    where = ".".join(loc) or "request"
    value = first.get("input")
    shown = value is not None and "input" in first and not SECRET_FIELDS & set(loc)
    given = f" (got {excerpt(value)})" if shown else ""
    more = f"; and {len(errors) - 1} more" if len(errors) > 1 else ""
    return f"{where}: {first.get('msg', 'is not valid')}{given}{more}"


def malformed(exc: Exception) -> InvalidInput:
    """A body FastAPI could not even parse (its ``HTTPException`` 400), as the 422 of
    any malformed request: a body that is not JSON, or not in the declared encoding."""
    detail = getattr(exc, "detail", None)
    words = detail if isinstance(detail, str) else "the request could not be read"
    return InvalidInput(f"body: not valid JSON ({words[:1].lower() + words[1:]})")


def status_of(exc: FlickboardError, default: int = 400) -> int:
    """The HTTP status of ``exc``: its class's own ``http_status`` if it sets one (the
    web's own refusals: too many sign-ins 429), else the first of :data:`STATUSES` it is
    an instance of, else ``default``."""
    own = getattr(exc, "http_status", None)
    if isinstance(own, int):
        return own
    return next((status for kind, status in STATUSES if isinstance(exc, kind)), default)


async def http_refusal(request: Request, exc: HTTPException) -> Response:
    """Starlette's own refusals as FastAPI answers them (``{"detail": ...}``), except
    that a 405's ``Allow`` names every method the path takes: Starlette names only
    those of the first route matching the path, and a path often has two (GET and
    POST of ``/api/desk/events``)."""
    if exc.status_code == 405:
        allowed = {
            method
            for route in iter_route_contexts(request.app.routes)
            if route.methods and route.matches(request.scope)[0] != Match.NONE
            for method in route.methods
        }
        exc.headers = {**(exc.headers or {}), "Allow": ", ".join(sorted(allowed))}
    return await http_exception_handler(request, exc)
