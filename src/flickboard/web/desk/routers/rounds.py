"""Rounds: the draws, drawing the next round, publishing or withdrawing it, and the
scorer codes of its games (one code, a sheet of codes to scan, blank scorecards)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from flickboard.web.desk.answers import (
    DrawListed,
    Drawn,
    DrawnGame,
    Published,
    RoundWithdrawn,
    ScorerCode,
)
from flickboard.web.desk.bodies import CodeBody, DrawBody
from flickboard.web.desk.forms import back, from_form, to_manage
from flickboard.web.desk.rendering import OFFICIALS, page
from flickboard.web.desk.routers.events import CROKINOLE_ONLY
from flickboard.web.desk.routing import DeskRoute, Number, Reader, Service, public_url
from flickboard.web.desk.views import names_in, qr_svg
from flickboard.web.desk.who import MayDraw, MayIssueCode, MayPublishRound, MayWithdrawRound

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)

PDF: dict[int | str, dict[str, object]] = {
    200: {
        "description": "The scorecards, one page each.",
        "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
    }
}
"""The answer of a route that gives a PDF."""


@api.get("/events/{event_id}/draws", responses=CROKINOLE_ONLY)
def draws(event_id: Number, who: Reader, svc: Service) -> list[DrawListed]:
    """Drawn rounds with boards (officials also see a draft)."""
    name = svc.desk.info(event_id).name
    drafts = set(svc.desk.draft_rounds(name)) if who.role in OFFICIALS else set()
    return [
        DrawListed(
            round=d.round_no,
            draft=d.round_no in drafts,
            games=[DrawnGame(board=i, sides=g) for i, g in enumerate(d.games, start=1)],
            bye=d.bye,
        )
        for d in svc.rounds.draws(who, name)
        if d.round_no >= 1
    ]


@api.post("/events/{event_id}/draws")
def draw(event_id: Number, who: MayDraw, body: DrawBody, svc: Service) -> Drawn:
    """Draw the next round: a draft to review unless ``publish``."""
    d = svc.rounds.draw(who, svc.desk.info(event_id).name, body.seed, body.publish, body.round)
    return Drawn(round=d.round_no, games=list(d.games), bye=d.bye)


@forms.post("/manage/{event_id}/draw")
def draw_form(
    event_id: Number,
    who: MayDraw,
    body: Annotated[DrawBody, from_form(DrawBody)],
    svc: Service,
) -> RedirectResponse:
    drawn = draw(event_id, who, body, svc)
    message = f"Round {drawn.round} drawn as a draft: review it, then publish it"
    return back(to_manage(event_id), message)


@api.post("/events/{event_id}/rounds/{round_no}/publish")
def publish(event_id: Number, round_no: Number, who: MayPublishRound, svc: Service) -> Published:
    """Publish a draft round: its cards can now be entered."""
    svc.rounds.publish(who, svc.desk.info(event_id).name, round_no)
    return Published(round=round_no)


@forms.post("/manage/{event_id}/publish/{round_no}")
def publish_form(
    event_id: Number, round_no: Number, who: MayPublishRound, svc: Service
) -> RedirectResponse:
    publish(event_id, round_no, who, svc)
    return back(to_manage(event_id), f"Round {round_no} published")


@api.delete("/events/{event_id}/rounds/{round_no}")
def withdraw_round(
    event_id: Number, round_no: Number, who: MayWithdrawRound, svc: Service
) -> RoundWithdrawn:
    """Withdraw the last drawn round while none of its games has a card."""
    svc.rounds.withdraw(who, svc.desk.info(event_id).name, round_no)
    return RoundWithdrawn(withdrawn=round_no)


@forms.post("/manage/{event_id}/withdraw/{round_no}")
def withdraw_round_form(
    event_id: Number, round_no: Number, who: MayWithdrawRound, svc: Service
) -> RedirectResponse:
    withdraw_round(event_id, round_no, who, svc)
    return back(to_manage(event_id), f"Round {round_no} withdrawn")


# -- scorer codes -----------------------------------------------------------------------


@api.post("/events/{event_id}/codes")
def issue_code(
    request: Request, event_id: Number, who: MayIssueCode, body: CodeBody, svc: Service
) -> ScorerCode:
    """A scorer code for the game ``player`` plays in a published round, and the link
    a phone opens to join that game."""
    code = svc.identity.issue_code(who, svc.desk.info(event_id).name, body.round, body.player)
    return ScorerCode(code=code, url=public_url(request, "join_page") + f"?code={code}")


@forms.post("/manage/{event_id}/codes/{round_no}", name="codes_page")
def codes_page(
    request: Request, event_id: Number, round_no: Number, who: MayIssueCode, svc: Service
) -> HTMLResponse:
    """A new scorer code and QR code for every game of a published round, to scan
    from this screen (codes issued earlier stay valid)."""
    info = svc.desk.info(event_id)
    join = public_url(request, "join_page")
    games = []
    for board, (a, b) in svc.rounds.boards(who, info.name, round_no):
        code = svc.identity.issue_code(who, info.name, round_no, a)
        url = f"{join}?code={code}"
        games.append({"board": board, "sides": (a, b), "code": code, "url": url, "qr": qr_svg(url)})
    names = names_in(svc, info)
    return page(request, "codes.html", info=info, round_no=round_no, games=games, names=names)


@api.post("/events/{event_id}/rounds/{round_no}/scorecards", response_class=Response, responses=PDF)
def blank_scorecards(
    request: Request, event_id: Number, round_no: Number, who: MayIssueCode, svc: Service
) -> Response:
    """Blank scorecards of a published round (PDF), each with a new scorer code for
    its game and a QR code of the join link."""
    name = svc.desk.info(event_id).name
    pdf = svc.rounds.blank_scorecards(who, name, round_no, public_url(request, "join_page"))
    return Response(pdf, media_type="application/pdf")


@forms.post("/manage/{event_id}/scorecards/{round_no}")
def scorecards_form(
    request: Request, event_id: Number, round_no: Number, who: MayIssueCode, svc: Service
) -> Response:
    """Blank scorecards of a round with codes and QR codes (PDF), shown in the browser."""
    pdf = blank_scorecards(request, event_id, round_no, who, svc)
    name = f"scorecards-round-{round_no}.pdf"
    pdf.headers["Content-Disposition"] = f'inline; filename="{name}"'
    return pdf


router = APIRouter()
router.include_router(api)
router.include_router(forms)
