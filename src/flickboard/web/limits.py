"""The size of a request's body, bounded before anything reads it.

:class:`BodyLimit` is the app's outermost middleware: a body larger than its route
allows is refused with 413 before the route runs, so before the body is read and
before any sign-in or password check. A declared ``Content-Length`` over the limit is
refused at once; a body sent without one (chunked) is read up to the limit and refused
as soon as it passes it. JSON and forms may be :data:`BODY_LIMIT` long; the routes that
import a file (:data:`IMPORTS`: an event file or export, an entrants CSV) up to
:data:`IMPORT_LIMIT`. Every operation with a body lists the 413 in the OpenAPI schema
(:func:`document_limits`).

FastAPI's own ``max_body_size`` is not used: it refuses when the route reads the body
or answers, so after a write's sign-in check has run; this refuses at the door.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from flickboard.web.refusals import MEANINGS, PROBLEM_JSON

BODY_LIMIT = 256 * 1024
"""The largest body of a JSON request or a form (256 KiB)."""

IMPORT_LIMIT = 4 * 1024 * 1024
"""The largest body of a file import (4 MiB)."""

IMPORTS = re.compile(
    r"^/api/desk/(events|club-events|events/[^/]+/entrants)$"
    r"|^/desk/(new/(event|club|import)|manage/[^/]+/entrants)$"
)
"""The routes that take a file: events (an event file, an export), entrants (CSV)."""


def limit_of(path: str) -> int:
    """The largest body the route at ``path`` takes."""
    return IMPORT_LIMIT if IMPORTS.match(path) else BODY_LIMIT


class BodyLimit:
    """ASGI middleware refusing a body over its route's limit with 413."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = limit_of(scope["path"])
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        if declared is not None or b"transfer-encoding" not in headers:  # no body, or its size
            if declared is not None and (not declared.isdigit() or int(declared) > limit):
                await _too_large(scope, send, limit)
                return
            await self.app(scope, receive, send)
            return
        # no length said (chunked): read it here, up to the limit, then hand it on
        body: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            size += len(message.get("body", b""))
            if size > limit:
                await _too_large(scope, send, limit)
                return
            body.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        whole: Message = {"type": "http.request", "body": b"".join(body), "more_body": False}
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return whole
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, send: Send, limit: int) -> None:
    """The 413: JSON on the API, a line of HTML on pages; the connection closes (the
    body is not read)."""
    sentence = f"the request body is too large: at most {limit // 1024:,} kB here"
    if scope["path"].startswith("/api/"):
        content, kind = json.dumps({"detail": sentence}).encode(), b"application/json"
    else:
        content = f"<!doctype html><title>Too large</title><p>{sentence}</p>".encode()
        kind = b"text/html; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", kind),
                (b"content-length", str(len(content)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": content})


def document_limits(app: FastAPI) -> None:
    """Make ``app``'s OpenAPI schema list the 413 of every operation that takes a
    body (whoever declared the route)."""
    made = app.openapi

    def schema() -> dict[str, Any]:
        if app.openapi_schema is None:
            out = made()
            too_large = {"413": {"description": MEANINGS[413], "content": PROBLEM_JSON}}
            for operations in out.get("paths", {}).values():
                for operation in operations.values():
                    if isinstance(operation, dict) and "requestBody" in operation:
                        operation.setdefault("responses", {}).update(too_large)
            app.openapi_schema = out
        return app.openapi_schema

    app.openapi = schema  # type: ignore[method-assign]
