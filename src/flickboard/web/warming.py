"""The physics kernels warming up: their state for machines and a page for people.

``flickboard serve`` answers at once and compiles the physics kernels in the background
(about a minute on a cold cache). Meanwhile a page that shoots (the table's pages) shows
:func:`warming_page` instead: it says what is being compiled, asks ``/play/warming``
every second (htmx) and reloads itself into the page asked for once the kernels are
ready. ``GET /api/kernels`` says the same as JSON.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse

from flickboard.web.templates import TEMPLATES

router = APIRouter()


def kernels_state() -> dict[str, Any]:
    """``ready`` (shots are answered at once), ``part`` being compiled, ``seconds`` so far."""
    from flickboard.physics.warm import WARMUP

    return {
        "ready": not WARMUP.warming,
        "part": WARMUP.part,
        "seconds": round(WARMUP.elapsed() if WARMUP.warming else WARMUP.seconds, 1),
    }


def warming_page(request: Request) -> HTMLResponse | None:
    """The warming-up page if the kernels are still compiling, else None."""
    state = kernels_state()
    if state["ready"]:
        return None
    return TEMPLATES.TemplateResponse(request, "warming.html", {"state": state})


@router.get("/api/kernels", summary="Whether the physics kernels are ready", tags=["server"])
def get_kernels() -> JSONResponse:
    """``{"ready": bool, "part": str, "seconds": float}``: while not ready, the server is
    compiling the physics kernels and shots wait for them."""
    return JSONResponse(kernels_state())


@router.get("/play/warming", response_class=HTMLResponse, include_in_schema=False)
def get_warming(request: Request) -> Response:
    """The warming-up line again (htmx polls it); once ready, tells htmx to reload."""
    state = kernels_state()
    if state["ready"]:
        return Response(status_code=200, headers={"HX-Refresh": "true"})
    return TEMPLATES.TemplateResponse(request, "_warming.html", {"state": state})
