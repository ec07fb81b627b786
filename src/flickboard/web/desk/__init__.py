"""The tournament desk in the browser: pages under ``/desk``, the JSON API under
``/api/desk`` (sign-in under ``/api/session``), live standings by server-sent events.

Everything goes through :class:`flickboard.store.service.DeskService`, which checks
roles; the web adds sessions, CSRF tokens, a sign-in rate limit and live updates
(docs/web.md, "The desk").
"""

from __future__ import annotations

from fastapi import FastAPI

from flickboard.store.db import engine_for, make_engine
from flickboard.store.notify import Listening
from flickboard.store.service import DeskService
from flickboard.store.settings import Settings
from flickboard.web.desk.auth import SECRET, Sessions
from flickboard.web.desk.live import Hub, Renders

LIVE_THREADS = 2
"""Threads rendering the live pages' standings, each with a connection of its own."""


class DeskWeb:
    """The desk's state in one app (one per worker process): the service on the
    database, sessions, the live hub and the sign-in throttle."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.hub = Hub()
        engine = engine_for(url)
        self.postgres = engine.dialect.name == "postgresql"
        # On PostgreSQL changes come back to every worker through LISTEN, this one too;
        # on SQLite (one worker) the service's hook announces them.
        self.service = DeskService(
            engine=engine, notifier=None if self.postgres else self.hub.publish
        )
        self.sessions = Sessions(self.service, Settings(engine=engine).secret(SECRET))
        self.throttle = self.sessions.throttle
        # Live pages read through connections of their own, so that writes queueing for
        # an event's lock never hold up the standings everyone watches.
        self.reader = DeskService(engine=make_engine(url, pool=(LIVE_THREADS, 0)))
        from flickboard.web.desk.pages import render_live

        self.renders = Renders(
            lambda event_id, view: render_live(self, event_id, view), threads=LIVE_THREADS
        )

    async def start(self, listening: Listening | None) -> None:
        """On startup: hear every worker's changes (PostgreSQL: ``listening``)."""
        if listening is not None:
            self.hub.listen(listening)

    async def stop(self) -> None:
        """On shutdown: end the live streams."""
        self.hub.close()


def install(app: FastAPI) -> None:
    """Add the desk's pages, API and live streams to ``app``: one router per resource
    (its JSON routes and its pages' forms, :mod:`flickboard.web.desk.routers`), then
    the pages."""
    from flickboard.web.desk import pages
    from flickboard.web.desk.routers import ROUTERS

    web = DeskWeb(app.state.database_url)
    app.state.desk = web
    for router in ROUTERS:
        app.include_router(router)
    app.include_router(pages.router)
