"""Who is asking: session cookies, CSRF tokens, client addresses and the sign-in
limits.

Every visitor gets a session cookie (``flickboard_desk``) signed with itsdangerous
under a secret kept in the database (so every worker process accepts it). An anonymous
visitor's cookie holds only a random CSRF token. Signing in (an account, or a table
scorer's code) opens a session held by the server (:mod:`flickboard.store.sessions`):
the cookie then carries its random token, and the identity and CSRF token live in the
database. Signing out and a password change end sessions there, so a copied cookie dies
with them; a session lasts 12 hours at most and 2 hours unused. The account (or code) is
re-checked on every request, so a deactivated referee or a revoked code is out at once.
The cookie is HttpOnly and SameSite=Lax.

Every write checks the CSRF token: a form's hidden ``csrf`` field, or the
``X-CSRF-Token`` header (htmx sends it from the page's ``hx-headers``; API clients read
it from ``GET /api/session``). Sign-in and joining by code are throttled per client
address with back-off, counted in the database across workers
(:mod:`flickboard.store.throttle`); an address is locked out of an account only after
many more failures (:data:`flickboard.store.accounts.LOCK_AFTER`). The client address
is the connection's, or the last ``X-Forwarded-For`` entry only when ``serve
--behind-proxy`` says a proxy adds it (:func:`client_address`).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer

from flickboard.errors import NotAllowed, NotAuthenticated
from flickboard.store.accounts import code_hash
from flickboard.store.acting import Actor, acting
from flickboard.store.passwords import Busy
from flickboard.store.service import DeskService
from flickboard.store.sessions import LIFETIME, DeskSessions
from flickboard.store.throttle import Throttle

COOKIE = "flickboard_desk"
MAX_AGE = int(LIFETIME.total_seconds())
"""Seconds the cookie lasts (the server ends the session on its own terms)."""
SECRET = "session_secret"
"""The database setting holding the cookie-signing key."""
CSRF_HEADER = "X-CSRF-Token"


def client_address(request: Request) -> str:
    """The asker's address: the connection's, or (behind a proxy the operator named)
    the last ``X-Forwarded-For`` entry, the one that proxy added."""
    if getattr(request.app.state, "behind_proxy", False):
        forwarded = request.headers.get("x-forwarded-for", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:64]
    return request.client.host if request.client else "?"


@dataclass
class Visit:
    """A visitor's session: CSRF token and, signed in, the server session's token and
    who holds it (an account's name or a scorer code's hash)."""

    csrf: str
    token: str | None = None
    account: str | None = None
    code_hash: str | None = None
    fresh: bool = False
    """True when made by this request (the cookie must be sent)."""

    def data(self) -> dict[str, Any]:
        """What the cookie holds."""
        return {"csrf": self.csrf} if self.token is None else {"sid": self.token}


class Sessions:
    """Reads and signs session cookies, opens and ends server sessions; resolves them
    to an :class:`Actor`."""

    def __init__(self, service: DeskService, secret: bytes) -> None:
        self.service = service
        self.held = DeskSessions(engine=service.engine)
        self.signer = URLSafeTimedSerializer(secret, salt="flickboard-desk-session")
        self.throttle = Throttle(engine=service.engine)

    def account(self, request: Request, name: str, password: str) -> Visit:
        """Sign in with a name and password (throttled per client address; audited)."""
        address = client_address(request)
        self.throttle.admit(address)
        try:
            actor = self.service.identity.login(name, password, address)
        except Busy:
            self.throttle.refunded(address)  # no password was checked
            raise
        self.throttle.cleared(address)
        return self.sign_in(request, actor)

    def join(self, request: Request, code: str) -> Visit:
        """Join one game as its table scorer with the game's code (throttled per
        client address)."""
        address = client_address(request)
        self.throttle.admit(address)
        actor = self.service.identity.scorer(code)
        self.throttle.refunded(address)
        return self.sign_in(request, actor, code_hash(code))

    def visit(self, request: Request) -> Visit:
        """The request's session (a fresh anonymous one if it has none, a bad one or
        one that ended); cached on the request."""
        found: Visit | None = getattr(request.state, "visit", None)
        if found is not None:
            return found
        visit = Visit(secrets.token_urlsafe(24), fresh=True)
        raw = request.cookies.get(COOKIE)
        if raw:
            try:
                data = self.signer.loads(raw, max_age=MAX_AGE)
                if "sid" in data:
                    held = self.held.find(str(data["sid"]))
                    if held is not None:
                        visit = Visit(held.csrf, str(data["sid"]), held.account, held.code_hash)
                else:
                    visit = Visit(str(data["csrf"]))
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
        if visit.code_hash:
            actor = self.service.accounts.scorer_of(visit.code_hash)
        elif visit.account:
            actor = self.service.accounts.actor(visit.account)
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

    def sign_in(self, request: Request, actor: Actor, code_hash: str | None = None) -> Visit:
        """A new server session for ``actor`` (an account, or a scorer by its code's
        hash), replacing the request's; the old one ends, and its CSRF token with it."""
        self.sign_out(request)
        account = actor.name if actor.account else None
        token, csrf = self.held.open(account, code_hash)
        visit = Visit(csrf, token, account, code_hash, fresh=True)
        request.state.visit, request.state.actor = visit, actor
        return visit

    def sign_out(self, request: Request, *, audited: bool = False) -> Visit:
        """End the request's server session (if any; ``audited``: as the signed-in
        actor's ``sign_out``): a new anonymous visit."""
        visit = self.visit(request)
        if visit.token is not None:
            if audited:
                with acting(self.actor(request), "sign_out", client_address(request), public=False):
                    self.held.end(visit.token, audited=True)
            else:
                self.held.end(visit.token)
        fresh = Visit(secrets.token_urlsafe(24), fresh=True)
        request.state.visit, request.state.actor = fresh, Actor.public()
        return fresh
