"""The desk's pages: server-rendered HTML with htmx 2 (boosted links and forms, live
standings by SSE), usable on a phone and from the keyboard, and without JavaScript.

Each form posts to a route that checks the identity, the CSRF token and the role
before reading the form (:func:`flickboard.web.desk.routing.may`), calls the desk
service, and answers with a redirect to the page (303) with a message; a refusal
comes back as the desk's sentence in the page's alert area (htmx) or an error page.
The forms of the writes declared in :mod:`flickboard.web.desk.actions` are made there.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.datastructures import FormData

from flickboard.errors import InvalidInput, NotAllowed, NotAuthenticated, NotFound
from flickboard.events.categories import CATEGORIES, category
from flickboard.events.delegation import CHANGE_KINDS
from flickboard.events.eventfile import ClubEventFile, parse_any, parse_event
from flickboard.events.formats import event_format
from flickboard.events.sanctions import CLAUSES, KINDS
from flickboard.play.scoring import RoundScore
from flickboard.store.acting import Actor
from flickboard.store.bracket import BracketDesk
from flickboard.store.club import ClubDesk
from flickboard.store.csc import CscDesk
from flickboard.store.desk import CardState, EventInfo
from flickboard.store.events import csv_rows, parse_entrants
from flickboard.store.league import LeagueDesk
from flickboard.store.service import DeskService
from flickboard.web.desk.actions import ACTIONS, back, form_route, race_in
from flickboard.web.desk.rendering import OFFICIALS, page
from flickboard.web.desk.routing import DeskRoute, Number, desk_of, may, public_url
from flickboard.web.desk.views import card_view, result_text, standings_board
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


async def form_of(request: Request) -> FormData:
    """The posted form (already read by the CSRF check)."""
    return await request.form()


def text(form: FormData, name: str, default: str = "") -> str:
    """A text field, stripped."""
    value = form.get(name)
    return value.strip() if isinstance(value, str) else default


def number(form: FormData, name: str, what: str | None = None) -> int:
    """A whole-number field (at most 9 digits), or a one-line error."""
    raw = text(form, name)
    if not raw.isdigit() or len(raw) > 9:
        raise InvalidInput(f"{what or name} must be a whole number, not {raw!r}")
    return int(raw)


def optional_number(form: FormData, name: str, what: str | None = None) -> int | None:
    """A whole-number field that may be left empty."""
    return number(form, name, what) if text(form, name) else None


def rounds_of(form: FormData, most: int) -> list[RoundScore]:
    """A card's rounds from fields ``pA{n}``, ``pB{n}``, ``tA{n}``, ``tB{n}`` (points and
    20s of the first and second side); a round left blank ends the card."""
    out = []
    for n in range(1, most + 1):
        if not text(form, f"pA{n}") and not text(form, f"pB{n}"):
            break
        scores = (
            number(form, f"pA{n}", f"round {n} points"),
            number(form, f"pB{n}", f"round {n} points"),
        )
        twenties = (
            optional_number(form, f"tA{n}", f"round {n} 20s") or 0,
            optional_number(form, f"tB{n}", f"round {n} 20s") or 0,
        )
        try:
            out.append(RoundScore(scores, twenties))
        except InvalidInput as exc:
            raise InvalidInput(f"round {n}: {exc}") from None
    if not out:
        raise InvalidInput("enter each round's points (and 20s)")
    return out


def rounds_in(info: EventInfo) -> int:
    """Rows on a card of this event: the category's rounds, a 5th in a championship."""
    rounds = category(info.category or "adult singles").rounds_per_game
    return event_format(info.format).rows_on_card(rounds)


def _event(request: Request, event_id: int) -> EventInfo:
    return desk_of(request).service.desk.info(event_id)


def _names(request: Request, info: EventInfo) -> dict[str, str]:
    """Entrants' (club: teams' and players') IDs -> names."""
    svc = desk_of(request).service
    return svc.club.names(info.name) if info.club else svc.desk.names(info.name)


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


@router.post("/login")
async def login(request: Request) -> Response:
    """Sign in from the form (CSRF checked; rate limited)."""
    web = desk_of(request)
    form = await form_of(request)
    visit = web.sessions.visit(request)
    if visit.fresh or text(form, "csrf") != visit.csrf:
        raise NotAllowed("the form is out of date: reload the page and sign in again")
    signed = web.sessions.account(request, text(form, "name"), text(form, "password"))
    actor = web.sessions.actor(request)
    response = back("/desk", f"Signed in as {actor.role} {actor.name}")
    web.sessions.save(response, signed)
    return response


@router.post("/logout")
async def logout(request: Request) -> Response:
    """Sign out (a new anonymous session)."""
    web = desk_of(request)
    form = await form_of(request)
    visit = web.sessions.visit(request)
    if text(form, "csrf") != visit.csrf:
        raise NotAllowed("the form is out of date: reload the page")
    response = back("/desk", "Signed out")
    web.sessions.save(response, web.sessions.sign_out(request, audited=visit.token is not None))
    return response


@router.get("/join", name="join_page")
def join_page(request: Request, code: str = "") -> HTMLResponse:
    """Join one game as its table scorer (the QR code on the scorecard opens this)."""
    return page(request, "join.html", code=code[:40])


@router.post("/join")
async def join(request: Request) -> Response:
    """Join with a code (CSC checked; rate limited)."""
    web = desk_of(request)
    form = await form_of(request)
    visit = web.sessions.visit(request)
    if visit.fresh or text(form, "csrf") != visit.csrf:
        raise NotAllowed("the form is out of date: reload the page and join again")
    joined = web.sessions.join(request, text(form, "code"))
    response = back("/desk/score")
    web.sessions.save(response, joined)
    return response


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


@router.post("/score/card")
async def score_card(request: Request, who: Annotated[Actor, may("enter_card")]) -> Response:
    """The scorer enters the card as marked by the player chosen."""
    web = desk_of(request)
    form = await form_of(request)
    match = who.match
    if match is None:
        raise NotAllowed("this form is for a table scorer: join the game with its code")
    info = web.service.desk.info(match.event_id)
    marker = text(form, "marker") or match.sides[0]
    if marker not in match.sides:
        raise InvalidInput(f"{marker} does not play this game")
    other = match.sides[1] if marker == match.sides[0] else match.sides[0]
    rounds = rounds_of(form, rounds_in(info))  # columns A, B: the game's sides as drawn
    if marker != match.sides[0]:
        rounds = [RoundScore(r.scores[::-1], r.twenties[::-1]) for r in rounds]
    web.service.enter_card(who, info.name, match.round_no, (marker, other), rounds)
    names = web.service.desk.names(info.name)
    return back("/desk/score", f"Card entered: {names[other]} confirms it or disputes it")


@router.post("/score/validate")
async def score_validate(request: Request, who: Annotated[Actor, may("validate_card")]) -> Response:
    """The opponent confirms the card with their ID and initials."""
    web = desk_of(request)
    form = await form_of(request)
    match = who.match or _no_match()
    info = web.service.desk.info(match.event_id)
    web.service.validate_card(
        who, info.name, match.round_no, text(form, "id"), text(form, "initials")
    )
    return back("/desk/score", "Card validated: thank you")


@router.post("/score/dispute")
async def score_dispute(request: Request, who: Annotated[Actor, may("dispute_card")]) -> Response:
    """The opponent disputes the card: it goes to the referees' queue."""
    web = desk_of(request)
    form = await form_of(request)
    match = who.match or _no_match()
    info = web.service.desk.info(match.event_id)
    player = text(form, "id")
    if player not in match.sides:
        raise InvalidInput("give your ID: the dispute is raised by a player of the game")
    web.service.dispute_card(who, info.name, match.round_no, player, text(form, "reason"))
    return back("/desk/score", "Disputed: a referee will come to the board")


@router.post("/score/withdraw")
async def score_withdraw(request: Request, who: Annotated[Actor, may("withdraw_card")]) -> Response:
    """Withdraw a card entered in error (before it is validated)."""
    web = desk_of(request)
    match = who.match or _no_match()
    info = web.service.desk.info(match.event_id)
    web.service.withdraw_card(who, info.name, match.round_no, match.sides[0])
    return back("/desk/score", "Card withdrawn: enter it again")


def _club_score_page(
    request: Request, info: EventInfo, round_no: int, sides: tuple[str, str]
) -> HTMLResponse:
    """The phone of a club meeting (CSC round-robin game, league night): each game
    entered by one team, then confirmed by the other or disputed (CSC VII 10, 11)."""
    svc = desk_of(request).service
    club = svc.club_desk(info.name)
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


@router.post("/score/game")
async def score_game(request: Request, who: Annotated[Actor, may("enter_club_result")]) -> Response:
    """A team enters a game of its club meeting; the other team confirms it."""
    web = desk_of(request)
    form = await form_of(request)
    match = who.match or _no_match()
    info = web.service.desk.info(match.event_id)
    race = race_in(web.service, info.name, text(form, "frames"), text(form, "score"))
    by = text(form, "by")
    game = number(form, "game", "the game")
    web.service.enter_club_result(who, info.name, match.round_no, match.sides[0], game, race, by)
    names = web.service.club.names(info.name)
    other = match.sides[1] if by == match.sides[0] else match.sides[0]
    return back("/desk/score", f"Game {game} entered: {names[other]} confirms it or disputes it")


async def _at_meeting(request: Request, who: Actor) -> tuple[DeskService, str, int, str, str]:
    """A phone's form about a game of its meeting: the service, the event, the game's
    ID, the acting side and what it says (initials or a reason)."""
    web = desk_of(request)
    form = await form_of(request)
    match = who.match or _no_match()
    info = web.service.desk.info(match.event_id)
    note = text(form, "initials") or text(form, "reason")
    return web.service, info.name, number(form, "game_id"), text(form, "side"), note


@router.post("/score/game/confirm")
async def score_game_confirm(
    request: Request, who: Annotated[Actor, may("confirm_club_game")]
) -> Response:
    """The other team confirms a game with their initials (CSC VII 11)."""
    svc, event, game_id, side, initials = await _at_meeting(request, who)
    game = svc.confirm_club_game(who, event, game_id, side, initials)
    return back("/desk/score", f"Game {game.game_no} confirmed: thank you")


@router.post("/score/game/dispute")
async def score_game_dispute(
    request: Request, who: Annotated[Actor, may("dispute_club_game")]
) -> Response:
    """A team disputes a game: it goes to the referees (CSC VII 10)."""
    svc, event, game_id, side, reason = await _at_meeting(request, who)
    svc.dispute_club_game(who, event, game_id, side, reason)
    return back("/desk/score", "Disputed: a referee will come to the board")


def _no_match() -> Any:
    raise NotAllowed("this form is for a table scorer: join the game with its code")


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


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (segno, rendered on the server)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", border=2, xmldecl=False, svgns=True, omitsize=True
    )
    return out.getvalue().decode()


# -- officials: new events ----------------------------------------------------------------


@router.get("/new", name="new_page")
def new_page(request: Request) -> HTMLResponse:
    """Create an event (director)."""
    _official(request)
    return page(
        request,
        "new.html",
        categories=sorted(CATEGORIES),
        club_formats=desk_of(request).service.club_formats,
    )


@router.post("/new/event")
async def new_event(request: Request, who: Annotated[Actor, may("create_event")]) -> Response:
    """A crokinole event from the form, entrants as CSV text."""
    web = desk_of(request)
    form = await form_of(request)
    entrants = parse_entrants(text(form, "entrants"))
    data: dict[str, Any] = {
        "name": text(form, "name"),
        "category": text(form, "category"),
        "format": text(form, "format") or "preliminary",
        "entrants": [e.model_dump(exclude_none=True) for e in entrants],
    }
    for field in ("games", "seed"):
        if text(form, field):
            data[field] = number(form, field)
    if text(form, "date"):
        data["date"] = text(form, "date")
    spec = parse_event(data, "the form")
    notes = web.service.create_event(who, spec)
    info = next(e for e in web.service.desk.catalog() if e.name == spec.name)
    return back(f"/desk/manage/{info.id}", "; ".join(["Event created", *notes]))


@router.post("/new/club")
async def new_club(request: Request, who: Annotated[Actor, may("create_club_event")]) -> Response:
    """A CSC round robin, league or fair-rules bracket from the form; teams as CSV rows
    ``team_id,team_name,player_id,player_name,gender`` (one row per player)."""
    web = desk_of(request)
    form = await form_of(request)
    teams: dict[str, dict[str, Any]] = {}
    for n, row in enumerate(csv_rows(text(form, "teams"), "teams"), start=1):
        cells = [c.strip() for c in row] + [""] * 5
        if not any(cells) or (n == 1 and cells[0].lower() == "team_id"):
            continue
        if not cells[0] or not cells[1]:
            raise InvalidInput(f"teams line {n}: a team ID and name are needed")
        team = teams.setdefault(cells[0], {"id": cells[0], "name": cells[1], "players": []})
        if cells[2]:
            player = {"id": cells[2], "name": cells[3] or cells[2]}
            if cells[4]:
                player["gender"] = cells[4].upper()
            team["players"].append(player)
    data: dict[str, Any] = {
        "name": text(form, "name"),
        "format": text(form, "format"),
        "discipline": text(form, "discipline") or "doubles",
        "entrants": list(teams.values()),
    }
    for field in ("championship", "division", "date"):
        if text(form, field):
            data[field] = text(form, field)
    spec = parse_any(data, "the form")
    if not isinstance(spec, ClubEventFile):
        raise InvalidInput("choose a club format")
    web.service.create_club_event(who, spec)
    info = next(e for e in web.service.desk.catalog() if e.name == spec.name)
    return back(f"/desk/manage/{info.id}", "Event created")


@router.post("/new/import")
async def import_file(request: Request, who: Annotated[Actor, may("create_event")]) -> Response:
    """An event file (an export of this desk, or a club event file), JSON or YAML."""
    web = desk_of(request)
    form = await form_of(request)
    upload = form.get("file")
    if not isinstance(upload, UploadFile) and not hasattr(upload, "read"):
        raise InvalidInput("choose an event file to import")
    raw = (await upload.read()).decode("utf-8", errors="replace")  # type: ignore[union-attr]
    try:
        import yaml

        data = yaml.safe_load(raw)
    except Exception:
        raise InvalidInput("the file is not JSON or YAML") from None
    spec = parse_any(data, getattr(upload, "filename", None) or "the file")
    if isinstance(spec, ClubEventFile):
        web.service.create_club_event(who, spec)
        notes: list[str] = []
    else:
        notes = web.service.create_event(who, spec)
    info = next(e for e in web.service.desk.catalog() if e.name == spec.name)
    return back(f"/desk/manage/{info.id}", "; ".join(["Event imported", *notes]))


# -- officials: running an event ----------------------------------------------------------


@router.get("/manage/{event_id}", name="manage_page")
def manage_page(request: Request, event_id: Number) -> HTMLResponse:
    """Everything about one event for the director and the referees."""
    who = _official(request)
    web = desk_of(request)
    info = _event(request, event_id)
    ctx: dict[str, Any] = {"info": info, "board": standings_board(web.service, info)}
    if info.club:
        club = web.service.club_desk(info.name)
        ctx["names"] = web.service.club.names(info.name)
        ctx["club_games"] = web.service.club_games(info.name)
        template = CLUB_PAGES[type(club)](web.service, info.name, ctx)
        return page(request, template, **ctx)
    spec = web.service.snapshot(info.name)
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
        for d in reversed(web.service.draws(who, info.name))
        if d.round_no >= 1
    ]
    st = web.service.standings(info.name)
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


def _manage(event_id: int, message: str) -> RedirectResponse:
    return back(f"/desk/manage/{event_id}", message)


@router.post("/manage/{event_id}/codes/{round_no}", name="codes_page")
async def manage_codes(
    request: Request, event_id: Number, round_no: Number, who: Annotated[Actor, may("issue_code")]
) -> HTMLResponse:
    """A new scorer code and QR code for every game of a published round, to scan
    from this screen (codes issued earlier stay valid)."""
    web = desk_of(request)
    info = _event(request, event_id)
    names = _names(request, info)
    join = public_url(request, "join_page")
    games = []
    for board, (a, b) in web.service.boards(who, info.name, round_no):
        code = web.service.issue_code(who, info.name, round_no, a)
        url = f"{join}?code={code}"
        games.append({"board": board, "sides": (a, b), "code": code, "url": url, "qr": qr_svg(url)})
    return page(request, "codes.html", info=info, round_no=round_no, games=games, names=names)


@router.post("/manage/{event_id}/scorecards/{round_no}")
async def manage_scorecards(
    request: Request, event_id: Number, round_no: Number, who: Annotated[Actor, may("issue_code")]
) -> Response:
    """Blank scorecards of a round with codes and QR codes (PDF)."""
    web = desk_of(request)
    info = _event(request, event_id)
    pdf = web.service.blank_scorecards(who, info.name, round_no, public_url(request, "join_page"))
    name = f"scorecards-round-{round_no}.pdf"
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@router.post("/manage/{event_id}/card")
async def manage_card(
    request: Request, event_id: Number, who: Annotated[Actor, may("enter_card")]
) -> Response:
    """An official enters a card from paper (marked by the first player given)."""
    if who.role not in OFFICIALS:
        raise NotAllowed("a table scorer enters the card of their game on its own page")
    web = desk_of(request)
    form = await form_of(request)
    info = _event(request, event_id)
    round_no = number(form, "round", "the draw round")
    sides = (text(form, "marker"), text(form, "opponent"))
    web.service.enter_card(who, info.name, round_no, sides, rounds_of(form, rounds_in(info)))
    if text(form, "initials"):
        web.service.validate_card(who, info.name, round_no, sides[1], text(form, "initials"))
    return _manage(event_id, f"Round {round_no} card of {sides[0]} v {sides[1]} entered")


@router.get("/manage/{event_id}/enter/{round_no}/{player}", name="enter_page")
def enter_page(request: Request, event_id: Number, round_no: Number, player: str) -> HTMLResponse:
    """An official enters a paper card for a drawn game."""
    who = _official(request)
    web = desk_of(request)
    info = _event(request, event_id)
    draw = next((d for d in web.service.draws(who, info.name) if d.round_no == round_no), None)
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


@router.post("/accounts/password")
async def change_password(
    request: Request, who: Annotated[Actor, may("change_password")]
) -> Response:
    """An account changes its own password; its other sessions end."""
    form = await form_of(request)
    web = desk_of(request)
    token = web.sessions.visit(request).token
    web.service.change_password(who, text(form, "current"), text(form, "new"), token)
    return back("/desk/accounts", "Password changed: your other sessions are signed out")


# -- officials: club events ------------------------------------------------------------------


# -- the writes declared once (flickboard.web.desk.actions) -----------------------------

for _action in ACTIONS:
    if _action.form is not None:
        form_route(router, _action)
