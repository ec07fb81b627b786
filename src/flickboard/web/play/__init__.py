"""The browser table: play crokinole and table shuffleboard against the AI or friends.

``install(app)`` adds the lobby and table pages (``/play``) and the game API
(``/api/play``) to the app. The server decides, the page shows: the page sends an aim,
the server simulates it with the exact engine, rules on it and answers with the
trajectory and the ruling, which every page watching the game animates (docs/web.md).
"""

from __future__ import annotations

from fastapi import FastAPI


def install(app: FastAPI) -> None:
    """Add the table to the app (its games on the app's database)."""
    from flickboard.web.play import api, pages, practice, realboard
    from flickboard.web.play.tables import Tables

    app.state.play_tables = Tables(app.state.database_url)
    app.state.play_positions = practice.Positions()
    app.include_router(api.router)
    app.include_router(realboard.router)
    app.include_router(practice.router)
    app.include_router(pages.router)
    app.include_router(realboard.pages)
    app.include_router(practice.pages)
