"""The FastAPI app: the table and the desk on one port, every asset bundled.

``create_app(database_url)`` builds it (``flickboard serve`` runs it with uvicorn). Each
face adds its routes with its own ``install(app)``: the table under ``/play`` and
``/api/play``, the desk under ``/desk`` and ``/api/desk``. Every request body is bounded
before it is read (:mod:`flickboard.web.limits`). Each makes its database
engines, and the schema is upgraded, as it is installed, so a server process is ready
before it serves its first request. The app's lifespan starts and stops what runs beside
the requests: on PostgreSQL the process's one ``LISTEN`` connection, through which every
worker hears the others' changes (the desk's and the table's), and the table's
background threads. The API is described at ``/api/docs`` (OpenAPI) and in docs/web.md.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from flickboard.store.db import default_url
from flickboard.store.notify import Listening
from flickboard.version import VERSION
from flickboard.web import warming
from flickboard.web.desk import install as install_desk
from flickboard.web.limits import BodyLimit, document_limits
from flickboard.web.openapi import document_tuples
from flickboard.web.play import install as install_table
from flickboard.web.refusals import http_refusal
from flickboard.web.templates import STATIC, TEMPLATES

BEHIND_PROXY_ENV = "FLICKBOARD_BEHIND_PROXY"
"""``1``: the app runs behind a reverse proxy that appends the client's address to
``X-Forwarded-For`` (``flickboard serve --behind-proxy`` sets it); otherwise that header
is ignored."""


def connections() -> dict[str, tuple[int, int]]:
    """The database connections one server process keeps open and may open at most, by
    use (PostgreSQL): the desk's requests, its live pages' renders, the table, and the
    one that listens for the other processes' changes."""
    from flickboard.store.db import POOLED
    from flickboard.web.desk import LIVE_THREADS
    from flickboard.web.play.saved import pool_sizes

    return {
        "desk": POOLED,
        "desk live pages": (LIVE_THREADS, 0),
        "table": pool_sizes(),
        "listening": (1, 0),
    }


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start what runs beside the requests (see the module docstring); stop it at the
    end. An app made by :func:`app_factory` warms the physics kernels too."""
    url: str = app.state.database_url
    listening = Listening(url) if url.startswith("postgresql") else None
    await app.state.desk.start(listening)
    app.state.play_tables.start(listening)
    if listening is not None:
        listening.start()
    if getattr(app.state, "warm", False):
        from flickboard.physics.warm import WARMUP

        WARMUP.start()
    try:
        yield
    finally:
        if listening is not None:
            listening.stop()
        app.state.play_tables.close()
        await app.state.desk.stop()


def create_app(database_url: str | None = None, *, behind_proxy: bool | None = None) -> FastAPI:
    """The app on the database at ``database_url`` (default: the embedded SQLite file,
    or ``$FLICKBOARD_DATABASE_URL``). ``behind_proxy`` (default ``$FLICKBOARD_BEHIND_PROXY``):
    trust the last ``X-Forwarded-For`` entry as the client's address."""
    app = FastAPI(
        title="flickboard",
        version=VERSION,
        description="Crokinole and table shuffleboard by the book: the table and the desk.",
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.database_url = database_url or default_url()
    if behind_proxy is None:
        behind_proxy = os.environ.get(BEHIND_PROXY_ENV) == "1"
    app.state.behind_proxy = behind_proxy
    app.add_middleware(BodyLimit)
    app.add_exception_handler(HTTPException, http_refusal)  # type: ignore[arg-type]
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(warming.router)  # before the table: /play/warming is not a game
    install_table(app)
    install_desk(app)
    document_limits(app)
    document_tuples(app)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> HTMLResponse:
        """The front page: play, or run an event."""
        return TEMPLATES.TemplateResponse(request, "home.html", {"version": VERSION})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        """The tab's icon: a crokinole board with a red disc (bundled)."""
        return FileResponse(STATIC / "favicon.ico", media_type="image/vnd.microsoft.icon")

    return app


def app_factory() -> FastAPI:
    """The app for ``uvicorn --factory`` (several workers): the database from
    ``$FLICKBOARD_DATABASE_URL``). Once it listens, it warms the physics kernels in the
    background (the first page does not wait; the table's pages say so meanwhile)."""
    app = create_app()
    app.state.warm = True
    return app
