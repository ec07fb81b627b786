"""The physics kernels warming up: their state for machines and a banner for people.

``flickboard serve`` answers at once and compiles the physics kernels in the background
(about a minute of CPU on a cold cache). Meanwhile everything but a shot works: the
lobby sets up games, the table shows them and the desk runs events. The table's pages
show a banner with the compile's progress (:meth:`~flickboard.physics.warm.Warmup.progress`),
which asks ``/play/warming`` every second (htmx) and goes away once the kernels are
ready (the table reloads, to aim with the game's first-aim speed). A replay, which draws
every shot's path, shows the warming page instead until then. ``GET /api/kernels`` says
the same as JSON.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse

from flickboard.web.templates import TEMPLATES

router = APIRouter()


def kernels_state() -> dict[str, Any]:
    """``ready`` (shots are answered at once), ``part`` being compiled, ``seconds`` so
    far, ``progress`` (0 to 1)."""
    from flickboard.physics.warm import WARMUP

    return {
        "ready": not WARMUP.warming,
        "part": WARMUP.part,
        "seconds": round(WARMUP.elapsed() if WARMUP.warming else WARMUP.seconds, 1),
        "progress": round(WARMUP.progress(), 3) if WARMUP.warming else 1.0,
    }


def warming_page(request: Request) -> HTMLResponse | None:
    """The warming-up page if the kernels are still compiling, else None."""
    state = kernels_state()
    if state["ready"]:
        return None
    return TEMPLATES.TemplateResponse(request, "warming.html", {"state": state, "reload": True})


def page(request: Request, name: str, context: dict[str, Any], reload: bool) -> HTMLResponse:
    """A table page, with the warming banner while the kernels compile (``reload``: the
    page reloads once they are ready, else the banner just goes)."""
    state = kernels_state()
    warming = None if state["ready"] else {"state": state, "reload": reload}
    return TEMPLATES.TemplateResponse(request, name, {**context, "warming": warming})


@router.get("/api/kernels", summary="Whether the physics kernels are ready", tags=["server"])
def get_kernels() -> JSONResponse:
    """``{"ready": bool, "part": str, "seconds": float, "progress": float}``: while not
    ready, the server is compiling the physics kernels (``progress`` from 0 to 1) and
    shots wait for them."""
    return JSONResponse(kernels_state())


@router.get("/play/warming", response_class=HTMLResponse, include_in_schema=False)
def get_warming(request: Request, reload: bool = False) -> Response:
    """The warming-up banner again (htmx polls it); once ready, tells htmx to reload the
    page (``reload``) or takes the banner away."""
    state = kernels_state()
    if state["ready"]:
        if reload:
            return Response(status_code=200, headers={"HX-Refresh": "true"})
        return HTMLResponse("")
    return TEMPLATES.TemplateResponse(request, "_warming.html", {"state": state, "reload": reload})
