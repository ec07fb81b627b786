"""Who is asking: signed session cookies, CSRF tokens and the sign-in rate limit.

Every visitor gets a session cookie (``flickboard_desk``) signed with itsdangerous
under a secret kept in the database (so every worker process accepts it), holding a
random CSRF token and, once signed in, the identity: an account (director or referee,
re-checked on every request, so a deactivated referee is out at once) or a table
scorer's code (re-checked too, so a revoked code stops working). The cookie is
HttpOnly and SameSite=Lax; it lasts 12 hours.

Every write checks the CSRF token: a form's hidden ``csrf`` field, or the
``X-CSRF-Token`` header (htmx sends it from the page's ``hx-headers``; API clients read
it from ``GET /api/session``). Sign-in and joining by code are limited per client
address and per name: five failures in a minute lock that key for the rest of the
minute (429), in each worker process.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer

from flickboard.errors import FlickboardError, NotAllowed, NotAuthenticated
from flickboard.store.acting import Actor
from flickboard.store.service import DeskService

COOKIE = "flickboard_desk"
MAX_AGE = 12 * 3600
"""Seconds a session lasts."""
SECRET = "session_secret"
"""The database setting holding the cookie-signing key."""
CSRF_HEADER = "X-CSRF-Token"


class TooManyAttempts(FlickboardError):
    """Sign-in refused for a while after repeated failures (HTTP 429)."""

    http_status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class Visit:
    """A visitor's session: CSRF token and who they signed in as (if anyone)."""

    csrf: str
    role: str | None = None
    name: str | None = None
    code: str | None = None
    fresh: bool = False
    """True when made by this request (the cookie must be sent)."""

    def data(self) -> dict[str, Any]:
        """What the cookie holds."""
        return {"csrf": self.csrf, "role": self.role, "name": self.name, "code": self.code}


class Sessions:
    """Signs and reads session cookies; resolves them to an :class:`Actor`."""

    def __init__(self, service: DeskService, secret: bytes) -> None:
        self.service = service
        self.signer = URLSafeTimedSerializer(secret, salt="flickboard-desk-session")

    def visit(self, request: Request) -> Visit:
        """The request's session (a fresh anonymous one if it has none or a bad one);
        cached on the request."""
        found: Visit | None = getattr(request.state, "visit", None)
        if found is not None:
            return found
        visit = Visit(secrets.token_urlsafe(24), fresh=True)
        raw = request.cookies.get(COOKIE)
        if raw:
            try:
                data = self.signer.loads(raw, max_age=MAX_AGE)
                visit = Visit(
                    str(data["csrf"]), data.get("role"), data.get("name"), data.get("code")
                )
            except (BadSignature, KeyError, TypeError):
                pass
        request.state.visit = visit
        return visit

    def save(self, response: Response, visit: Visit) -> None:
        """Send the session cookie."""
        response.set_cookie(
            COOKIE,
            self.signer.dumps(visit.data()),
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
            path="/",
        )

    def actor(self, request: Request) -> Actor:
        """Who the request acts as: an account, a scorer, or the public."""
        cached: Actor | None = getattr(request.state, "actor", None)
        if cached is not None:
            return cached
        visit = self.visit(request)
        actor = Actor.public()
        if visit.code:
            actor = self.service.scorer(visit.code)
        elif visit.role in ("director", "referee") and visit.name:
            actor = self.service.accounts.actor(visit.name)
        request.state.actor = actor
        return actor

    def writer(self, request: Request, token: str | None) -> Actor:
        """The identity of a write: refused without one (401) or with a missing or
        wrong CSRF token (403)."""
        visit = self.visit(request)
        actor = self.actor(request) if not visit.fresh else Actor.public()
        if actor.role == "public":
            raise NotAuthenticated(
                "sign in (director or referee) or join a game with its scorer code first"
            )
        given = token or request.headers.get(CSRF_HEADER) or ""
        if not hmac.compare_digest(given.encode(), visit.csrf.encode()):
            raise NotAllowed("the form is out of date or came from another site: reload the page")
        return actor

    @staticmethod
    def sign_in(visit: Visit, actor: Actor, code: str | None = None) -> Visit:
        """A new session for ``actor`` (a new CSRF token: the old one dies with it)."""
        return Visit(secrets.token_urlsafe(24), actor.role, actor.name, code, fresh=True)


class RateLimit:
    """At most ``limit`` failures per key in ``window`` seconds (thread-safe)."""

    def __init__(self, limit: int = 5, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def check(self, *keys: str) -> None:
        """Refuse (:class:`TooManyAttempts`) while any key is over the limit."""
        now = time.monotonic()
        with self._lock:
            for key in keys:
                seen = self._failures[key]
                while seen and now - seen[0] > self.window:
                    seen.popleft()
                if len(seen) >= self.limit:
                    wait = int(self.window - (now - seen[0])) + 1
                    raise TooManyAttempts(
                        f"too many failed attempts: wait {wait} seconds and try again", wait
                    )

    def failed(self, *keys: str) -> None:
        """Count a failure against each key."""
        now = time.monotonic()
        with self._lock:
            for key in keys:
                self._failures[key].append(now)
