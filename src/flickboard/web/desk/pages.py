"""The desk's pages: server-rendered HTML with htmx 2 (boosted links and forms, live
standings by SSE), usable on a phone and from the keyboard, and without JavaScript.

This module has the pages people read. Their forms post to the routes of each
resource (:mod:`flickboard.web.desk.routers`), next to the API's route of the same
write: each checks the identity, the CSRF token and the role before reading the form
(:func:`flickboard.web.desk.routing.may`), calls the API's endpoint (or the desk
service) and answers with a redirect to the page (303) with a message; a refusal comes
back as the desk's sentence in the page's alert area (htmx) or an error page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from flickboard.errors import InvalidInput, NotAllowed, NotAuthenticated, NotFound
from flickboard.events.categories import CATEGORIES, category
from flickboard.events.delegation import CHANGE_KINDS
from flickboard.events.sanctions import CLAUSES, KINDS
from flickboard.store.acting import Actor
from flickboard.store.bracket import BracketDesk
from flickboard.store.club import ClubDesk
from flickboard.store.csc import CscDesk
from flickboard.store.desk import CardState, EventInfo
from flickboard.store.league import LeagueDesk
from flickboard.store.service import DeskService
from flickboard.web.desk.forms import back
from flickboard.web.desk.rendering import OFFICIALS, page
from flickboard.web.desk.routing import DeskRoute, Number, desk_of, public_url
from flickboard.web.desk.views import card_view, qr_svg, result_text, rounds_in, standings_board
from flickboard.web.templates import TEMPLATES

router = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


# -- rendering --------------------------------------------------------------------------


def render_live(web: Any, event_id: int, view: str) -> tuple[int, str]:
    """The live fragment of an event's standings (public page or TV) and the revision
    it was read at (read first, so the fragment is never older than it says)."""
    info = web.reader.desk.info(event_id)
    board = standings_board(web.reader, info)
    template = "desk/_tv_board.html" if view == "tv" else "desk/_board.html"
    return info.revision, TEMPLATES.get_template(template).render(board=board)


def _event(request: Request, event_id: int) -> EventInfo:
    return desk_of(request).service.desk.info(event_id)


def _states(request: Request, info: EventInfo) -> dict[tuple[int, frozenset[str]], CardState]:
    return {
        (c.card.draw_round, frozenset(c.card.sides)): c
        for c in desk_of(request).service.desk.card_states(info.name)
    }


def _official(request: Request) -> Actor:
    who = desk_of(request).sessions.actor(request)
    if who.role == "public":
        raise NotAuthenticated("sign in as the director or a referee to see this page")
    if who.role not in OFFICIALS:
        raise NotAllowed("this page is for the director and the referees")
    return who


# -- the desk's front door --------------------------------------------------------------


LOCAL_HOSTS = ("127.0.0.1", "::1")
"""Client addresses of this machine: the server's owner, who may make accounts."""


@router.get("", name="desk_home")
def home(request: Request) -> HTMLResponse:
    """Every event, with its public page and TV page; sign in or join a game. Asked
    from this machine (the owner of the server), it says how to become director."""
    web = desk_of(request)
    local = request.client is not None and request.client.host in LOCAL_HOSTS
    return page(request, "home.html", events=web.service.desk.catalog(), on_this_machine=local)


@router.get("/login", name="login_page")
def login_page(request: Request) -> HTMLResponse:
    """Sign in (director, referees)."""
    return page(request, "login.html")


@router.get("/join", name="join_page")
def join_page(request: Request, code: str = "") -> HTMLResponse:
    """Join one game as its table scorer (the QR code on the scorecard opens this)."""
    return page(request, "join.html", code=code[:40])


# -- scorers --------------------------------------------------------------------------------


@router.get("/score", name="score_page")
def score_page(request: Request) -> Response:
    """The table scorer's game: enter the card, then the opponent confirms or
    disputes it."""
    web = desk_of(request)
    who = web.sessions.actor(request)
    if who.match is None:
        return back("/desk/join", "Join your game with the code on the scorecard first")
    info = web.service.desk.info(who.match.event_id)
    if info.club:
        return _club_score_page(request, info, who.match.round_no, who.match.sides)
    a, b = who.match.sides
    names = web.service.desk.names(info.name)
    draw = next(d for d in web.service.desk.draws(info.name) if d.round_no == who.match.round_no)
    board = draw.board_of(a, b)
    state = _states(request, info).get((who.match.round_no, frozenset((a, b))))
    return page(
        request,
        "score.html",
        info=info,
        round_no=who.match.round_no,
        board=board,
        sides=(a, b),
        names=names,
        rows=range(1, rounds_in(info) + 1),
        state=state,
        view=card_view(state.card) if state else None,
    )


def _club_score_page(
    request: Request, info: EventInfo, round_no: int, sides: tuple[str, str]
) -> HTMLResponse:
    """The phone of a club meeting (CSC round-robin game, league night): each game
    entered by one team, then confirmed by the other or disputed (CSC VII 10, 11)."""
    svc = desk_of(request).service
    club = svc.stores.club_desk(info.name)
    board = next((b for b, s in club.meetings(info.name, round_no) if s == sides), None)
    stored = {
        g.game_no: g for g in club.games(info.name) if g.round_no == round_no and g.sides == sides
    }
    games = [(n, stored.get(n)) for n in range(1, club.games_of_meeting(info.name) + 1)]
    return page(
        request,
        "score_club.html",
        info=info,
        round_no=round_no,
        board=board,
        sides=sides,
        names=svc.club.names(info.name),
        games=games,
        target=club.target(info.name),
    )


# -- standings people watch ---------------------------------------------------------------


@router.get("/standings/{event_id}", name="public_page")
def public_page(request: Request, event_id: Number) -> HTMLResponse:
    """The public standings, live."""
    web = desk_of(request)
    info = _event(request, event_id)
    return page(request, "public.html", info=info, board=standings_board(web.service, info))


@router.get("/tv/{event_id}", name="tv_page")
def tv_page(request: Request, event_id: Number) -> HTMLResponse:
    """Standings for a screen at the venue: large type, a QR code to the public page."""
    web = desk_of(request)
    info = _event(request, event_id)
    url = public_url(request, "public_page", event_id=event_id)
    return page(
        request,
        "tv.html",
        info=info,
        board=standings_board(web.service, info),
        qr=qr_svg(url),
        public_url=url,
    )


@router.get("/standings/{event_id}/pdf", name="standings_pdf")
def standings_pdf(request: Request, event_id: Number) -> Response:
    """The standings on paper (header on every page, PROVISIONAL while pending)."""
    from flickboard.events.paper import standings_pdf as pdf

    web = desk_of(request)
    info = _event(request, event_id)
    if info.club:
        raise InvalidInput("printed standings are for crokinole events")
    live = web.service.desk.live(info.name)
    data = pdf(
        info.name,
        live.standings,
        live.names,
        date=info.date,
        finished=live.unfinished is None,
    )
    return Response(data, media_type="application/pdf")


@router.get("/standings/{event_id}/csv", name="standings_csv")
def standings_csv(request: Request, event_id: Number) -> Response:
    """The standings as CSV, as ``flickboard event standings --csv`` writes them
    (formula cells escaped), as a download."""
    from flickboard.events.export import standings_csv as csv

    web = desk_of(request)
    info = _event(request, event_id)
    if info.club:
        raise InvalidInput("standings as CSV are for crokinole events")
    live = web.service.desk.live(info.name)
    return Response(
        csv(live.standings, live.names, finished=live.unfinished is None),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="standings-{event_id}.csv"'},
    )


# -- officials: new events ----------------------------------------------------------------


@router.get("/new", name="new_page")
def new_page(request: Request) -> HTMLResponse:
    """Create an event (director)."""
    _official(request)
    return page(
        request,
        "new.html",
        categories=sorted(CATEGORIES),
        club_formats=desk_of(request).service.stores.club_formats,
    )


# -- officials: running an event ----------------------------------------------------------


@router.get("/manage/{event_id}", name="manage_page")
def manage_page(request: Request, event_id: Number) -> HTMLResponse:
    """Everything about one event for the director and the referees."""
    who = _official(request)
    web = desk_of(request)
    info = _event(request, event_id)
    ctx: dict[str, Any] = {"info": info, "board": standings_board(web.service, info)}
    if info.club:
        club = web.service.stores.club_desk(info.name)
        ctx["names"] = web.service.club.names(info.name)
        ctx["club_games"] = web.service.games.stored(info.name)
        template = CLUB_PAGES[type(club)](web.service, info.name, ctx)
        return page(request, template, **ctx)
    spec = web.service.events.snapshot(info.name)
    drafts = set(web.service.desk.draft_rounds(info.name))
    states = _states(request, info)
    rounds = [
        {
            "round_no": d.round_no,
            "draft": d.round_no in drafts,
            "bye": d.bye,
            "games": [
                {"board": i, "a": a, "b": b, "state": states.get((d.round_no, frozenset((a, b))))}
                for i, (a, b) in enumerate(d.games, start=1)
            ],
        }
        for d in reversed(web.service.rounds.draws(who, info.name))
        if d.round_no >= 1
    ]
    st = web.service.events.standings(info.name)
    left = web.service.desk.unfinished(info.name)
    return page(
        request,
        "manage.html",
        left=left,
        spec=spec,
        rounds=rounds,
        drafts=drafts,
        sanctions=web.service.desk.sanctions(info.name),
        kinds=KINDS,
        clauses=CLAUSES,
        unresolved=st.unresolved,
        per_side=category(spec.category).players_per_side,
        rows=range(1, rounds_in(info) + 1),
        **ctx,
    )


def _csc_page(svc: DeskService, name: str, ctx: dict[str, Any]) -> str:
    ctx["csc"] = svc.csc.state(name)
    ctx["rotation"] = svc.csc.championship(name)
    ctx["change_kinds"] = CHANGE_KINDS
    ctx["code_rounds"] = sorted({g.round_no for g in ctx["csc"].games})
    return "manage_csc.html"


def _league_page(svc: DeskService, name: str, ctx: dict[str, Any]) -> str:
    nights = sorted({n for n, _, _ in svc.league.nights(name)})
    ctx["nights"] = [(n, svc.league.night(name, n)) for n in nights]
    ctx["result_text"] = result_text
    ctx["code_rounds"], ctx["code_night"] = nights, True
    return "manage_league.html"


def _bracket_page(svc: DeskService, name: str, ctx: dict[str, Any]) -> str:
    ctx["bracket"] = svc.bracket.bracket(name)
    return "manage_bracket.html"


CLUB_PAGES: dict[type[ClubDesk], Callable[[DeskService, str, dict[str, Any]], str]] = {
    CscDesk: _csc_page,
    LeagueDesk: _league_page,
    BracketDesk: _bracket_page,
}
"""Each club format's manage page: fills the context, names the template."""


@router.get("/manage/{event_id}/enter/{round_no}/{player}", name="enter_page")
def enter_page(request: Request, event_id: Number, round_no: Number, player: str) -> HTMLResponse:
    """An official enters a paper card for a drawn game."""
    who = _official(request)
    web = desk_of(request)
    info = _event(request, event_id)
    draw = next(
        (d for d in web.service.rounds.draws(who, info.name) if d.round_no == round_no), None
    )
    found = [(i, g) for i, g in enumerate(draw.games if draw else (), start=1) if player in g]
    if not found:
        raise InvalidInput(f"{player} has no game in round {round_no}")
    board, sides = found[0]
    return page(
        request,
        "enter.html",
        info=info,
        round_no=round_no,
        board=board,
        sides=sides,
        names=web.service.desk.names(info.name),
        rows=range(1, rounds_in(info) + 1),
    )


@router.get("/manage/{event_id}/card/{round_no}/{player}", name="card_page")
def card_page(request: Request, event_id: Number, round_no: Number, player: str) -> HTMLResponse:
    """One card with its validation, dispute and correction trail; a referee rules on a
    dispute or corrects a round here."""
    _official(request)
    info = _event(request, event_id)
    state = next(
        (
            c
            for c in desk_of(request).service.desk.card_states(info.name)
            if c.card.draw_round == round_no and player in c.card.sides
        ),
        None,
    )
    if state is None:
        raise NotFound(f"no round {round_no} card for {player}")
    return page(
        request,
        "card.html",
        info=info,
        state=state,
        view=card_view(state.card),
        rows=range(1, len(state.card.game.rounds) + 1),
    )


@router.get("/referee", name="referee_page")
def referee_page(request: Request) -> HTMLResponse:
    """The referees' queue: every open dispute, oldest first."""
    who = _official(request)
    web = desk_of(request)
    ids = {e.name: e.id for e in web.service.desk.catalog()}
    return page(request, "referee.html", disputes=web.service.disputes(who), ids=ids)


@router.get("/accounts", name="accounts_page")
def accounts_page(request: Request) -> HTMLResponse:
    """Accounts (the director adds referees)."""
    _official(request)
    accounts = desk_of(request).service.accounts
    return page(request, "accounts.html", accounts=accounts.accounts(), locked=accounts.locked())
