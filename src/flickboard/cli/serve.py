"""``flickboard serve``: the browser table and the tournament desk on one port."""

from __future__ import annotations

import os
import threading
import webbrowser
from typing import TYPE_CHECKING, Annotated

import typer

from flickboard.cli.kernels import report_warming
from flickboard.cli.terminal import console_for_cli, fail

if TYPE_CHECKING:
    from sqlalchemy import Engine


def venue_address() -> str:
    """This machine's address on its local network (no packet is sent: a UDP socket
    is only pointed at a private address to learn the outgoing interface)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return socket.gethostname()


def port_taken(host: str, port: int) -> bool:
    """Whether something already listens on ``host``:``port`` (bound and let go at once,
    as uvicorn binds: with SO_REUSEADDR, so a port left in TIME_WAIT counts as free)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


SERVER_OPTIONS: dict[str, object] = {"proxy_headers": False}
"""uvicorn's options that concern who is asking: its own X-Forwarded-For handling is off
(it trusts the header from 127.0.0.1, so a client there could pick its address); the app
reads the header itself, and only behind a proxy (``--behind-proxy``)."""


def serve(
    host: Annotated[
        str,
        typer.Option(help="Address to listen on: 0.0.0.0 lets phones on the venue's network in."),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (default: $FLICKBOARD_DATABASE_URL, else SQLite)."),
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="Server processes (more than one needs PostgreSQL).")
    ] = 1,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Do not open a browser tab.")
    ] = False,
    behind_proxy: Annotated[
        bool,
        typer.Option(
            "--behind-proxy",
            help="A reverse proxy in front appends the client's address to X-Forwarded-For: "
            "trust its last entry (otherwise the header is ignored).",
        ),
    ] = False,
) -> None:
    """Serve the browser table and the tournament desk (play and run events in a browser)."""
    import uvicorn

    from flickboard.errors import FlickboardError
    from flickboard.store.db import URL_ENV, default_url, engine_for
    from flickboard.web.app import BEHIND_PROXY_ENV
    from flickboard.web.desk.routing import PUBLIC_URL_ENV

    if port_taken(host, port):
        fail(f"port {port} is busy (another flickboard serve?): stop it, or pass --port")
    url = db or default_url()
    if workers > 1 and url.startswith("sqlite"):
        fail("--workers above 1 needs PostgreSQL (--db postgresql+psycopg://...)")
    try:
        engine = engine_for(url)  # creates or upgrades the schema, or says why not
    except FlickboardError as exc:
        fail(str(exc))
    if engine.dialect.name == "postgresql":
        warn_connections(engine, workers)
    engine.dispose()
    if workers == 1:  # the app runs in this process, and warms the kernels here
        report_warming()
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    address = f"http://{shown}:{port}/"
    console_for_cli().print(f"flickboard is serving at [bold]{address}[/bold] (Ctrl-C stops it)")
    if host == "0.0.0.0" and PUBLIC_URL_ENV not in os.environ:
        os.environ[PUBLIC_URL_ENV] = f"http://{venue_address()}:{port}/"
    if host == "0.0.0.0":
        console_for_cli().print(
            f"phones on the venue's network: [bold]{os.environ[PUBLIC_URL_ENV]}desk[/bold]"
        )
    if not no_browser:
        threading.Timer(1.0, lambda: webbrowser.open(address)).start()
    os.environ[URL_ENV] = url
    os.environ[BEHIND_PROXY_ENV] = "1" if behind_proxy else "0"
    uvicorn.run(
        "flickboard.web.app:app_factory",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        **SERVER_OPTIONS,  # type: ignore[arg-type]
        log_level="warning",
        timeout_graceful_shutdown=3,  # live pages' event streams are ended on Ctrl-C
    )


def warn_connections(engine: Engine, workers: int) -> None:
    """Say so when ``workers`` processes could open more connections than PostgreSQL
    allows (``max_connections``, less the superusers' reserve)."""
    from sqlalchemy import text

    from flickboard.web.app import connections

    with engine.connect() as db:
        allowed = int(db.execute(text("SHOW max_connections")).scalar_one())
        reserved = int(db.execute(text("SHOW superuser_reserved_connections")).scalar_one())
    most = sum(kept + more for kept, more in connections().values())
    if workers * most > allowed - reserved:
        console_for_cli().print(
            f"warning: {workers} workers may open up to {workers} x {most} = "
            f"{workers * most} database connections, and PostgreSQL allows "
            f"{allowed - reserved} (max_connections {allowed}): raise max_connections, or "
            'lower $FLICKBOARD_TABLE_CONNECTIONS (docs/web.md, "Several workers")'
        )


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the top level."""
    app.command("serve")(serve)
