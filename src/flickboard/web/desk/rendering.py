"""The desk's pages rendered: a page with the visitor's identity and CSRF token, and a
refusal as the page reads it (in the alert area for htmx, else an error page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from fastapi import Request, Response
from fastapi.responses import HTMLResponse

from flickboard.errors import NotAuthenticated
from flickboard.store.acting import Actor
from flickboard.web.templates import TEMPLATES

if TYPE_CHECKING:
    from flickboard.web.desk import DeskWeb

OFFICIALS = ("director", "referee")


def desk_of(request: Request) -> DeskWeb:
    """The desk's shared state in this app."""
    return cast("DeskWeb", request.app.state.desk)


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A desk page with the visitor's identity, CSRF token and any message."""
    web = desk_of(request)
    visit = web.sessions.visit(request)
    try:
        who = web.sessions.actor(request)
    except NotAuthenticated:  # a deactivated account or revoked code: signed out
        who = Actor.public()
    response = TEMPLATES.TemplateResponse(
        request,
        f"desk/{template}",
        {
            "who": who,
            "csrf": visit.csrf,
            "message": request.query_params.get("msg", ""),
            "official": who.role in OFFICIALS,
            "director": who.role == "director",
            **context,
        },
        status_code=status,
    )
    if visit.fresh:
        web.sessions.save(response, visit)
    return response


def error_page(request: Request, message: str, status: int, headers: dict[str, str]) -> Response:
    """A refusal: into the page's alert area for htmx, else a page of its own."""
    if request.headers.get("HX-Request"):
        body = TEMPLATES.get_template("desk/_alert.html").render(message=message, error=True)
        return HTMLResponse(
            body,
            status_code=status,
            headers={**headers, "HX-Retarget": "#flash", "HX-Reswap": "innerHTML"},
        )
    return page(request, "error.html", status, message=message, back=request.headers.get("referer"))
