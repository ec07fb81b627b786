"""The desk's JSON API: ``/api/session`` to sign in, ``/api/desk/...`` for everything
else. Events are addressed by their numeric ID (``GET /api/desk/events`` lists them).

Every write names its action (``x-action`` in the OpenAPI schema, with ``x-roles``: who
may call it) and refuses, before reading the body, a request without an identity (401),
without the session's CSRF token in ``X-CSRF-Token`` (403) or from a role that may not
(403). Other refusals are 409 (not allowed in this state) and 422 (malformed), each
with the desk's sentence in ``detail``.
"""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, Field
from sse_starlette.sse import EventSourceResponse

from flickboard.events.delegation import ChangeKind, DelegationChange
from flickboard.events.eventfile import ClubEventFile, EventFile
from flickboard.events.racegame import race_from_text
from flickboard.events.sanctions import Kind, Sanction
from flickboard.events.shootout import ShootOut
from flickboard.play.scoring import RaceScore, RoundScore
from flickboard.store.acting import Actor
from flickboard.store.desk import EventInfo
from flickboard.web.desk.live import stream
from flickboard.web.desk.routing import (
    DeskRoute,
    desk_of,
    may,
    public_url,
    reader,
    roles_of,
    signed_in,
)

router = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
session_router = APIRouter(prefix="/api/session", tags=["sign-in"], route_class=DeskRoute)

Who = Annotated[Actor, Depends(reader)]


# -- bodies ---------------------------------------------------------------------------


class Round(BaseModel):
    """One round of a card: both sides' points (20s included) and 20s, the marking
    side first."""

    scores: tuple[int, int]
    twenties: tuple[int, int] = (0, 0)

    def score(self) -> RoundScore:
        """The domain value (checked: multiples of 5, 20s that fit)."""
        return RoundScore(self.scores, self.twenties)


class Login(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    password: str = Field(min_length=1, max_length=200)


class PasswordChange(BaseModel):
    current: str = Field(min_length=1, max_length=200)
    new: str = Field(min_length=1, max_length=200)


class Join(BaseModel):
    code: str = Field(min_length=1, max_length=40)


class CardBody(BaseModel):
    round: int = Field(ge=1, le=1000)
    sides: tuple[str, str] = Field(description="The marking side first, the opponent second.")
    rounds: list[Round] = Field(min_length=1, max_length=20)


class Initials(BaseModel):
    initials: str = Field(min_length=1, max_length=10)


class Reason(BaseModel):
    reason: str = Field(min_length=1, max_length=1000)


class Ruling(BaseModel):
    rounds: list[Round] | None = Field(
        default=None,
        description="The rounds as settled, this player's side first; null: as marked.",
    )
    reason: str = Field(min_length=1, max_length=1000)


class CorrectionBody(BaseModel):
    game_round: int = Field(ge=1, le=20)
    after: Round
    reason: str = Field(min_length=1, max_length=1000)


class DrawBody(BaseModel):
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    publish: bool = False
    round: int | None = Field(
        default=None,
        ge=1,
        le=1000,
        description="The round meant (the next one): a request sent twice draws it once, "
        "the second is refused (409).",
    )


class Pools(BaseModel):
    count: int = Field(ge=1, le=64)
    size: int = Field(ge=2, le=64)


class Games(BaseModel):
    games: int = Field(ge=1, le=30)


class Rename(BaseModel):
    name: str = Field(min_length=1, max_length=200)


class EntrantsCsv(BaseModel):
    csv: str = Field(min_length=1, max_length=1_000_000)


class CodeBody(BaseModel):
    round: int = Field(ge=1, le=1000)
    player: str = Field(min_length=1, max_length=40)


class SanctionBody(BaseModel):
    kind: Kind
    entrant: str = Field(min_length=1, max_length=40)
    reason: str = Field(min_length=1, max_length=1000)
    round: int | None = Field(default=None, ge=1, le=1000)
    game_round: int | None = Field(default=None, ge=1, le=20)


class ShootOutBody(BaseModel):
    twenties: dict[str, int | tuple[int, int]] = Field(
        description="Entrant ID -> 20s (singles: one count of 12 shots; doubles: two of 6)."
    )


class Referee(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    password: str = Field(min_length=1, max_length=200)


class Result(BaseModel):
    """A club game: ``frames`` (``3-0,0-4,...``, first side first) or ``score`` (``21-15``)."""

    frames: str | None = Field(default=None, max_length=2000)
    score: str | None = Field(default=None, max_length=20)


class CscGame(Result):
    round: int = Field(ge=1, le=1000)
    home: str
    visitors: str


class SuddenDeath(Result):
    stage: Literal["first", "semi"]
    home: str
    visitors: str


class Playoff(Result):
    series: Literal["semi", "final"]


class Delegation(BaseModel):
    kind: ChangeKind
    team: str
    player: str
    round: int = Field(ge=1, le=1000)
    reason: str = Field(min_length=1, max_length=1000)
    player_in: str | None = None


class BoardOut(BaseModel):
    to_board: int = Field(ge=1, le=1000)
    reason: str = Field(min_length=1, max_length=1000)


class Lineup(BaseModel):
    night: int = Field(ge=1)
    team: str
    start: dict[str, list[str]] = Field(description="Slot -> players: A/B/C pairs, or 1-4.")


class Substitution(BaseModel):
    night: int = Field(ge=1)
    team: str
    from_game: int = Field(ge=1, le=9)
    player_out: str
    player_in: str


class LeagueGame(Result):
    night: int = Field(ge=1)
    team: str
    game: int = Field(ge=1, le=9)


class Late(BaseModel):
    night: int = Field(ge=1)
    team: str
    minutes: int = Field(ge=0, le=1000)


class BracketGame(Result):
    match: str = Field(min_length=1, max_length=20)


class ClubResult(Result):
    """A game of a club meeting (CSC round-robin game, league night), home side first."""

    round: int = Field(ge=1, le=1000, description="The round (league: night).")
    team: str = Field(min_length=1, max_length=40, description="Either team of the meeting.")
    game: int = Field(default=1, ge=1, le=9, description="League: the game of the rotation.")
    by: str | None = Field(
        default=None,
        max_length=40,
        description="The team entering it at the board (a scorer must say): the other "
        "team confirms it.",
    )


class SideInitials(BaseModel):
    side: str = Field(min_length=1, max_length=40, description="The confirming team's ID.")
    initials: str = Field(min_length=1, max_length=10)


class SideReason(BaseModel):
    side: str = Field(min_length=1, max_length=40, description="The disputing team's ID.")
    reason: str = Field(min_length=1, max_length=1000)


class GameRuling(Result):
    """The result as it should stand (neither ``frames`` nor ``score``: as entered)."""

    reason: str = Field(min_length=1, max_length=1000)


class GameCorrection(Result):
    """The game's result as it should stand (same sides, first side first) and why."""

    reason: str = Field(min_length=1, max_length=1000)


# -- helpers --------------------------------------------------------------------------


def event_info(request: Request, event_id: int) -> EventInfo:
    """The event with this ID, or 422."""
    return desk_of(request).service.desk.info(event_id)


def _race(request: Request, info: EventInfo, result: Result) -> RaceScore:
    club = desk_of(request).service.club_desk(info.name)
    return race_from_text(
        result.frames, result.score, club.target(info.name), crokinole=club.frame_max is None
    )


def _card(card: Any) -> dict[str, Any]:
    from flickboard.events.eventfile import card_spec

    return card_spec(card).model_dump(mode="json", exclude={"seal"})


def _standings(st: Any, names: dict[str, str]) -> dict[str, Any]:
    return {
        "provisional": st.provisional,
        "pending": list(st.pending),
        "standings": [{**p.as_dict(), "name": names.get(p.entrant, "")} for p in st.placings],
    }


def _session(request: Request, response: Response, actor: Actor) -> dict[str, Any]:
    visit = desk_of(request).sessions.visit(request)
    out: dict[str, Any] = {"role": actor.role, "name": actor.name, "csrf": visit.csrf}
    if actor.match is not None:
        out["match"] = {"round": actor.match.round_no, "sides": list(actor.match.sides)}
        info = desk_of(request).service.desk.info(actor.match.event_id)
        out["match"]["event"] = {"id": info.id, "name": info.name}
    if visit.fresh:
        desk_of(request).sessions.save(response, visit)
    return out


# -- sign-in ----------------------------------------------------------------------------


@session_router.get("")
def whoami(request: Request, response: Response, who: Who) -> dict[str, Any]:
    """Who this session is (role, name; a scorer's game) and its CSRF token."""
    return _session(request, response, who)


@session_router.post("")
def sign_in(request: Request, response: Response, body: Login) -> dict[str, Any]:
    """Sign in as the director or a referee (429 with back-off after 5 failures from one
    address; an account locks only after 50 failures in a row)."""
    web = desk_of(request)
    web.sessions.account(request, body.name, body.password)
    return _session(request, response, web.sessions.actor(request))


@session_router.post("/join")
def join(request: Request, response: Response, body: Join) -> dict[str, Any]:
    """Join one game as its table scorer with the game's code (rate limited)."""
    web = desk_of(request)
    web.sessions.join(request, body.code)
    return _session(request, response, web.sessions.actor(request))


@session_router.delete("", status_code=204)
def sign_out(request: Request, who: Annotated[Actor, Depends(signed_in)]) -> Response:
    """End this session: its cookie no longer signs anyone in."""
    desk_of(request).sessions.sign_out(request, audited=True)
    response = Response(status_code=204)
    response.delete_cookie("flickboard_desk", path="/")
    return response


@session_router.put("/password", openapi_extra=roles_of("change_password"))
def change_password(
    request: Request,
    response: Response,
    body: PasswordChange,
    who: Annotated[Actor, may("change_password")],
) -> dict[str, Any]:
    """Change the signed-in account's password (the current one asked again); every
    other session of the account ends, this one goes on."""
    web = desk_of(request)
    web.service.change_password(who, body.current, body.new, web.sessions.visit(request).token)
    return _session(request, response, who)


# -- reading ------------------------------------------------------------------------------


@router.get("/events")
def list_events(request: Request) -> list[dict[str, Any]]:
    """Every event: ID, name, format, category (crokinole), date, revision."""
    return [
        {
            "id": e.id,
            "name": e.name,
            "format": e.format,
            "category": e.category,
            "date": e.date.isoformat() if e.date else None,
            "revision": e.revision,
        }
        for e in desk_of(request).service.desk.catalog()
    ]


@router.get("/events/{event_id}")
def event_file(request: Request, event_id: int) -> dict[str, Any]:
    """A crokinole event as an event file with its published rounds and cards."""
    info = event_info(request, event_id)
    return desk_of(request).service.snapshot(info.name).model_dump(mode="json")


@router.get("/events/{event_id}/export")
def export(request: Request, event_id: int) -> dict[str, Any]:
    """The event file with a seal on every validated card: imported here again as a new
    event (POST /api/desk/events), its validations and corrections are kept."""
    info = event_info(request, event_id)
    return desk_of(request).service.export(info.name).model_dump(mode="json")


@router.get("/events/{event_id}/standings")
def standings(request: Request, event_id: int) -> Any:
    """Standings with every placing's reasons (crokinole); the state of a club event."""
    web = desk_of(request)
    info = event_info(request, event_id)
    if info.club:
        return web.service.club_desk(info.name).standings_json(info.name)
    return _standings(web.service.standings(info.name), web.service.desk.names(info.name))


@router.get("/events/{event_id}/draws")
def draws(request: Request, event_id: int, who: Who) -> list[dict[str, Any]]:
    """Drawn rounds with boards (officials also see a draft)."""
    info = event_info(request, event_id)
    svc = desk_of(request).service
    drafts = set(svc.desk.draft_rounds(info.name)) if who.role in ("director", "referee") else set()
    return [
        {
            "round": d.round_no,
            "draft": d.round_no in drafts,
            "games": [{"board": i, "sides": list(g)} for i, g in enumerate(d.games, start=1)],
            "bye": d.bye,
        }
        for d in svc.draws(who, info.name)
        if d.round_no >= 1
    ]


@router.get("/events/{event_id}/cards")
def cards(request: Request, event_id: int) -> list[dict[str, Any]]:
    """Every card with its validation, open dispute and correction trail."""
    info = event_info(request, event_id)
    return [
        {**_card(c.card), "entered_by": c.entered_by, "disputed": c.dispute is not None}
        for c in desk_of(request).service.desk.card_states(info.name)
    ]


@router.get("/events/{event_id}/live", response_class=Response)
async def live(
    request: Request, event_id: int, view: Literal["public", "tv"] = Query("public")
) -> EventSourceResponse:
    """Server-sent events: ``standings`` (an HTML fragment of the page's standings,
    ``id`` the event's revision) now and after every change; ``gone`` if the event is
    deleted."""
    web = desk_of(request)
    return EventSourceResponse(
        stream(web.hub, web.renders, event_id, view),
        ping=15,
        headers={"X-Flickboard-Worker": str(os.getpid())},
    )


@router.get("/disputes")
def disputes(request: Request, who: Who) -> list[dict[str, object]]:
    """The referees' queue of open disputes (officials)."""
    return desk_of(request).service.disputes(who)


@router.get("/audit")
def audit(request: Request, who: Who, event: str | None = None) -> list[dict[str, object]]:
    """Every write: who, when, what (officials)."""
    return desk_of(request).service.audit(who, event)


# -- events -------------------------------------------------------------------------------


@router.post("/events", status_code=201, openapi_extra=roles_of("create_event"))
def create_event(
    request: Request, spec: EventFile, who: Annotated[Actor, may("create_event")]
) -> dict[str, Any]:
    """Create a crokinole event from an event file (also an export imported as a new
    event: validated cards whose seal does not verify come in not validated; ``notes``
    says which)."""
    notes = desk_of(request).service.create_event(who, spec)
    info = next(e for e in desk_of(request).service.desk.catalog() if e.name == spec.name)
    return {"id": info.id, "notes": notes}


@router.post("/club-events", status_code=201, openapi_extra=roles_of("create_club_event"))
def create_club_event(
    request: Request, spec: ClubEventFile, who: Annotated[Actor, may("create_club_event")]
) -> dict[str, Any]:
    """Create a CSC round robin, a CSC league or a fair-rules bracket."""
    desk_of(request).service.create_club_event(who, spec)
    info = next(e for e in desk_of(request).service.desk.catalog() if e.name == spec.name)
    return {"id": info.id}


@router.delete("/events/{event_id}", status_code=204, openapi_extra=roles_of("delete_event"))
def delete_event(
    request: Request, event_id: int, who: Annotated[Actor, may("delete_event")]
) -> Response:
    """Delete an event and everything in it."""
    desk_of(request).service.delete_event(who, event_info(request, event_id).name)
    return Response(status_code=204)


@router.post("/events/{event_id}/rename", openapi_extra=roles_of("rename_event"))
def rename(
    request: Request, event_id: int, body: Rename, who: Annotated[Actor, may("rename_event")]
) -> dict[str, str]:
    """Give the event a new name."""
    desk_of(request).service.rename_event(who, event_info(request, event_id).name, body.name)
    return {"name": body.name}


@router.post("/events/{event_id}/entrants", openapi_extra=roles_of("import_entrants"))
def entrants(
    request: Request,
    event_id: int,
    body: EntrantsCsv,
    who: Annotated[Actor, may("import_entrants")],
) -> dict[str, int]:
    """Add entrants from CSV text (header: id, name; optional gender and a doubles
    team's players), before round 1 is drawn."""
    n = desk_of(request).service.import_entrants(who, event_info(request, event_id).name, body.csv)
    return {"added": n}


@router.post("/events/{event_id}/draws", openapi_extra=roles_of("draw"))
def draw(
    request: Request, event_id: int, body: DrawBody, who: Annotated[Actor, may("draw")]
) -> dict[str, Any]:
    """Draw the next round: a draft to review unless ``publish``."""
    d = desk_of(request).service.draw(
        who, event_info(request, event_id).name, body.seed, body.publish, body.round
    )
    return {"round": d.round_no, "games": [list(g) for g in d.games], "bye": d.bye}


@router.post(
    "/events/{event_id}/rounds/{round_no}/publish", openapi_extra=roles_of("publish_round")
)
def publish(
    request: Request, event_id: int, round_no: int, who: Annotated[Actor, may("publish_round")]
) -> dict[str, int]:
    """Publish a draft round: its cards can now be entered."""
    desk_of(request).service.publish_round(who, event_info(request, event_id).name, round_no)
    return {"round": round_no}


@router.delete("/events/{event_id}/rounds/{round_no}", openapi_extra=roles_of("withdraw_round"))
def withdraw_round(
    request: Request, event_id: int, round_no: int, who: Annotated[Actor, may("withdraw_round")]
) -> dict[str, int]:
    """Withdraw the last drawn round while none of its games has a card."""
    desk_of(request).service.withdraw_round(who, event_info(request, event_id).name, round_no)
    return {"withdrawn": round_no}


@router.post("/events/{event_id}/pools", openapi_extra=roles_of("create_pools"))
def pools(
    request: Request, event_id: int, body: Pools, who: Annotated[Actor, may("create_pools")]
) -> dict[str, list[str]]:
    """Round-robin pools from the finished preliminary, snake seeded."""
    made = desk_of(request).service.create_pools(
        who, event_info(request, event_id).name, body.count, body.size
    )
    return {"events": made}


@router.post("/events/{event_id}/round-of-32", openapi_extra=roles_of("create_round_of_32"))
def round_of_32(
    request: Request, event_id: int, body: Games, who: Annotated[Actor, may("create_round_of_32")]
) -> dict[str, str]:
    """The WCC Recreational Round of 32 from a finished recreational preliminary."""
    made = desk_of(request).service.create_round_of_32(
        who, event_info(request, event_id).name, body.games
    )
    return {"event": made}


@router.post("/events/{event_id}/codes", openapi_extra=roles_of("issue_code"))
def issue_code(
    request: Request, event_id: int, body: CodeBody, who: Annotated[Actor, may("issue_code")]
) -> dict[str, str]:
    """A scorer code for the game ``player`` plays in a published round, and the link
    a phone opens to join that game."""
    code = desk_of(request).service.issue_code(
        who, event_info(request, event_id).name, body.round, body.player
    )
    return {"code": code, "url": public_url(request, "join_page") + f"?code={code}"}


@router.post(
    "/events/{event_id}/rounds/{round_no}/scorecards",
    openapi_extra=roles_of("issue_code"),
    response_class=Response,
)
def blank_scorecards(
    request: Request, event_id: int, round_no: int, who: Annotated[Actor, may("issue_code")]
) -> Response:
    """Blank scorecards of a published round (PDF), each with a new scorer code for
    its game and a QR code of the join link."""
    pdf = desk_of(request).service.blank_scorecards(
        who, event_info(request, event_id).name, round_no, public_url(request, "join_page")
    )
    return Response(pdf, media_type="application/pdf")


# -- cards ------------------------------------------------------------------------------


@router.post("/events/{event_id}/cards", status_code=201, openapi_extra=roles_of("enter_card"))
def enter_card(
    request: Request, event_id: int, body: CardBody, who: Annotated[Actor, may("enter_card")]
) -> dict[str, Any]:
    """Enter a card as marked by ``sides[0]`` (a scorer: the game of their code)."""
    card = desk_of(request).service.enter_card(
        who,
        event_info(request, event_id).name,
        body.round,
        body.sides,
        [r.score() for r in body.rounds],
    )
    return {**_card(card), "revision": event_info(request, event_id).revision}


@router.post(
    "/events/{event_id}/cards/{round_no}/{player}/validation",
    openapi_extra=roles_of("validate_card"),
)
def validate_card(
    request: Request,
    event_id: int,
    round_no: int,
    player: str,
    body: Initials,
    who: Annotated[Actor, may("validate_card")],
) -> dict[str, Any]:
    """The opponent (``player``, their ID) validates the card with their initials.
    ``revision``: the event's revision just after (live pages show it as their ``id``)."""
    card = desk_of(request).service.validate_card(
        who, event_info(request, event_id).name, round_no, player, body.initials
    )
    return {**_card(card), "revision": event_info(request, event_id).revision}


@router.post(
    "/events/{event_id}/cards/{round_no}/{player}/dispute", openapi_extra=roles_of("dispute_card")
)
def dispute_card(
    request: Request,
    event_id: int,
    round_no: int,
    player: str,
    body: Reason,
    who: Annotated[Actor, may("dispute_card")],
) -> dict[str, Any]:
    """``player`` disputes the card instead of validating it: it waits for a referee."""
    card = desk_of(request).service.dispute_card(
        who, event_info(request, event_id).name, round_no, player, body.reason
    )
    return _card(card)


@router.delete(
    "/events/{event_id}/cards/{round_no}/{player}", openapi_extra=roles_of("withdraw_card")
)
def withdraw_card(
    request: Request,
    event_id: int,
    round_no: int,
    player: str,
    who: Annotated[Actor, may("withdraw_card")],
) -> dict[str, Any]:
    """Withdraw a card entered in error, before it is validated."""
    card = desk_of(request).service.withdraw_card(
        who, event_info(request, event_id).name, round_no, player
    )
    return _card(card)


@router.post(
    "/events/{event_id}/cards/{round_no}/{player}/ruling", openapi_extra=roles_of("rule_dispute")
)
def rule_dispute(
    request: Request,
    event_id: int,
    round_no: int,
    player: str,
    body: Ruling,
    who: Annotated[Actor, may("rule_dispute")],
) -> dict[str, Any]:
    """A referee's ruling on a disputed card (signed by their account)."""
    rounds = None if body.rounds is None else [r.score() for r in body.rounds]
    card = desk_of(request).service.rule_dispute(
        who, event_info(request, event_id).name, round_no, player, rounds, body.reason
    )
    return _card(card)


@router.post(
    "/events/{event_id}/cards/{round_no}/{player}/corrections",
    openapi_extra=roles_of("correct_card"),
)
def correct_card(
    request: Request,
    event_id: int,
    round_no: int,
    player: str,
    body: CorrectionBody,
    who: Annotated[Actor, may("correct_card")],
) -> dict[str, Any]:
    """A referee corrects one round of a validated card (who, when, before and after
    are kept)."""
    card, void = desk_of(request).service.correct_card(
        who, event_info(request, event_id).name, round_no, player, body.game_round,
        body.after.score(), body.reason,
    )  # fmt: skip
    return {**_card(card), "void_shootouts": [list(v) for v in void]}


@router.post("/events/{event_id}/sanctions", openapi_extra=roles_of("record_sanction"))
def record_sanction(
    request: Request,
    event_id: int,
    body: SanctionBody,
    who: Annotated[Actor, may("record_sanction")],
) -> dict[str, Any]:
    """A sanction or absence (warning, forfeited round or game, disqualification,
    withdrawal, no-show); the standings after it."""
    web = desk_of(request)
    info = event_info(request, event_id)
    x = Sanction(body.kind, body.entrant, body.reason, body.round, body.game_round)
    st = web.service.record_sanction(who, info.name, x)
    return _standings(st, web.service.desk.names(info.name))


@router.post("/events/{event_id}/shootouts", openapi_extra=roles_of("record_shootout"))
def record_shootout(
    request: Request,
    event_id: int,
    body: ShootOutBody,
    who: Annotated[Actor, may("record_shootout")],
) -> dict[str, Any]:
    """A shoot-out among entrants still tied: each one's 20s."""
    web = desk_of(request)
    info = event_info(request, event_id)
    st = web.service.record_shootout(who, info.name, ShootOut.of(body.twenties))
    return _standings(st, web.service.desk.names(info.name))


@router.post("/referees", status_code=201, openapi_extra=roles_of("add_referee"))
def add_referee(
    request: Request, body: Referee, who: Annotated[Actor, may("add_referee")]
) -> dict[str, str]:
    """The director creates a referee account."""
    desk_of(request).service.add_referee(who, body.name, body.password)
    return {"name": body.name}


@router.post("/accounts/{name}/unlock", openapi_extra=roles_of("unlock_account"))
def unlock_account(
    request: Request, name: str, who: Annotated[Actor, may("unlock_account")]
) -> dict[str, str]:
    """The director lifts the lock of an account locked by failed sign-ins."""
    desk_of(request).service.unlock(who, name)
    return {"name": name}


# -- club events ------------------------------------------------------------------------


@router.post("/events/{event_id}/csc/games", openapi_extra=roles_of("enter_club_game"))
def csc_game(
    request: Request, event_id: int, body: CscGame, who: Annotated[Actor, may("enter_club_game")]
) -> dict[str, int]:
    """A CSC round-robin game's result (home first)."""
    info = event_info(request, event_id)
    st = desk_of(request).service.csc_game(
        who, info.name, body.round, body.home, body.visitors, _race(request, info, body)
    )
    return {"remaining": st.remaining}


@router.post("/events/{event_id}/csc/sudden-death", openapi_extra=roles_of("enter_club_game"))
def csc_sudden_death(
    request: Request,
    event_id: int,
    body: SuddenDeath,
    who: Annotated[Actor, may("enter_club_game")],
) -> dict[str, int]:
    """A sudden-death game among tied teams (CSC VI 8.2 e)."""
    info = event_info(request, event_id)
    st = desk_of(request).service.csc_sudden_death(
        who, info.name, body.stage, (body.home, body.visitors), _race(request, info, body)
    )
    return {"remaining": st.remaining}


@router.post("/events/{event_id}/csc/playoff", openapi_extra=roles_of("enter_club_game"))
def csc_playoff(
    request: Request, event_id: int, body: Playoff, who: Annotated[Actor, may("enter_club_game")]
) -> dict[str, str | None]:
    """A semi-final or final game (best of three)."""
    info = event_info(request, event_id)
    st = desk_of(request).service.csc_playoff(
        who, info.name, body.series, _race(request, info, body)
    )
    return {"champion": st.result.champion if st.result else None}


@router.post(
    "/events/{event_id}/csc/delegation", openapi_extra=roles_of("record_delegation_change")
)
def csc_delegation(
    request: Request,
    event_id: int,
    body: Delegation,
    who: Annotated[Actor, may("record_delegation_change")],
) -> dict[str, Any]:
    """CSC VI 7: a player who cannot continue, a substitute of the same gender, or none."""
    change = DelegationChange(
        body.kind, body.team, body.player, body.round, body.reason, body.player_in
    )
    st = desk_of(request).service.record_delegation_change(
        who, event_info(request, event_id).name, change
    )
    return {"reasons": st.reasons}


@router.post("/events/{event_id}/csc/boards/{board}/out", openapi_extra=roles_of("take_board_out"))
def csc_board_out(
    request: Request,
    event_id: int,
    board: int,
    body: BoardOut,
    who: Annotated[Actor, may("take_board_out")],
) -> dict[str, Any]:
    """CSC VI 14: take a damaged board out of play; its games go to ``to_board``."""
    st = desk_of(request).service.take_board_out(
        who, event_info(request, event_id).name, board, body.to_board, body.reason
    )
    return {"boards_out": [list(b) for b in st.boards_out]}


@router.post("/events/{event_id}/league/lineups", openapi_extra=roles_of("set_lineup"))
def league_lineup(
    request: Request, event_id: int, body: Lineup, who: Annotated[Actor, may("set_lineup")]
) -> dict[str, Any]:
    """A team's starting line-up for a night."""
    m = desk_of(request).service.league_lineup(
        who, event_info(request, event_id).name, body.night, body.team, body.start
    )
    return {"teams": list(m.teams)}


@router.post("/events/{event_id}/league/substitutions", openapi_extra=roles_of("substitute"))
def league_substitute(
    request: Request, event_id: int, body: Substitution, who: Annotated[Actor, may("substitute")]
) -> dict[str, Any]:
    """A substitution before a game begins."""
    m = desk_of(request).service.league_substitute(
        who, event_info(request, event_id).name, body.night, body.team, body.from_game,
        body.player_out, body.player_in,
    )  # fmt: skip
    return {"teams": list(m.teams)}


@router.post("/events/{event_id}/league/games", openapi_extra=roles_of("enter_club_game"))
def league_game(
    request: Request, event_id: int, body: LeagueGame, who: Annotated[Actor, may("enter_club_game")]
) -> dict[str, Any]:
    """A league game's result (home first)."""
    info = event_info(request, event_id)
    m = desk_of(request).service.league_game(
        who, info.name, body.night, body.team, body.game, _race(request, info, body)
    )
    return {"points": [str(p) for p in m.points]}


@router.post("/events/{event_id}/league/forfeits", openapi_extra=roles_of("forfeit_for_delay"))
def league_forfeit(
    request: Request, event_id: int, body: Late, who: Annotated[Actor, may("forfeit_for_delay")]
) -> dict[str, Any]:
    """Games forfeited by a late team (one per full 15 minutes)."""
    m = desk_of(request).service.league_forfeit(
        who, event_info(request, event_id).name, body.night, body.team, body.minutes
    )
    return {"points": [str(p) for p in m.points]}


@router.post("/events/{event_id}/bracket/games", openapi_extra=roles_of("enter_club_game"))
def bracket_game(
    request: Request,
    event_id: int,
    body: BracketGame,
    who: Annotated[Actor, may("enter_club_game")],
) -> dict[str, Any]:
    """A game of a fair-rules bracket match (its first side first)."""
    info = event_info(request, event_id)
    b = desk_of(request).service.bracket_game(
        who, info.name, body.match, _race(request, info, body)
    )
    return {"champion": b.champion}


@router.get("/events/{event_id}/games")
def club_games(request: Request, event_id: int) -> list[dict[str, object]]:
    """Every stored game of a club event with its ID (what corrections and withdrawals
    name), sides, frames and score."""
    info = event_info(request, event_id)
    return [g.as_dict() for g in desk_of(request).service.club_games(info.name)]


@router.post(
    "/events/{event_id}/games", status_code=201, openapi_extra=roles_of("enter_club_result")
)
def enter_club_result(
    request: Request,
    event_id: int,
    body: ClubResult,
    who: Annotated[Actor, may("enter_club_result")],
) -> dict[str, object]:
    """A game of a club meeting: at the board (a scorer, ``by`` their team) it waits
    for the other team to confirm it (CSC VII 11); an official's counts at once."""
    info = event_info(request, event_id)
    svc = desk_of(request).service
    svc.at_meeting(who, info.name, body.round, body.team, *([body.by] if body.by else []))
    game = svc.enter_club_result(
        who, info.name, body.round, body.team, body.game, _race(request, info, body), body.by
    )
    return game.as_dict()


@router.post(
    "/events/{event_id}/games/{game_id}/confirmation", openapi_extra=roles_of("confirm_club_game")
)
def confirm_club_game(
    request: Request,
    event_id: int,
    game_id: int,
    body: SideInitials,
    who: Annotated[Actor, may("confirm_club_game")],
) -> dict[str, object]:
    """The other team confirms a game entered at the board with initials: it counts."""
    game = desk_of(request).service.confirm_club_game(
        who, event_info(request, event_id).name, game_id, body.side, body.initials
    )
    return game.as_dict()


@router.post(
    "/events/{event_id}/games/{game_id}/dispute", openapi_extra=roles_of("dispute_club_game")
)
def dispute_club_game(
    request: Request,
    event_id: int,
    game_id: int,
    body: SideReason,
    who: Annotated[Actor, may("dispute_club_game")],
) -> dict[str, object]:
    """A team disputes a game entered at the board: it goes to the referees (VII 10)."""
    game = desk_of(request).service.dispute_club_game(
        who, event_info(request, event_id).name, game_id, body.side, body.reason
    )
    return game.as_dict()


@router.post("/events/{event_id}/games/{game_id}/ruling", openapi_extra=roles_of("rule_club_game"))
def rule_club_game(
    request: Request,
    event_id: int,
    game_id: int,
    body: GameRuling,
    who: Annotated[Actor, may("rule_club_game")],
) -> dict[str, object]:
    """A referee settles a disputed club game, as entered or as it should stand."""
    info = event_info(request, event_id)
    given = bool((body.frames or "").strip() or (body.score or "").strip())
    race = _race(request, info, body) if given else None
    game = desk_of(request).service.rule_club_game(who, info.name, game_id, race, body.reason)
    return game.as_dict()


@router.post(
    "/events/{event_id}/games/{game_id}/correction", openapi_extra=roles_of("correct_club_game")
)
def correct_club_game(
    request: Request,
    event_id: int,
    game_id: int,
    body: GameCorrection,
    who: Annotated[Actor, may("correct_club_game")],
) -> dict[str, object]:
    """An official corrects a club game's result, checked as a new one (the audit keeps
    before, after and the reason)."""
    info = event_info(request, event_id)
    game = desk_of(request).service.correct_club_game(
        who, info.name, game_id, _race(request, info, body), body.reason
    )
    return game.as_dict()


@router.post(
    "/events/{event_id}/games/{game_id}/withdrawal", openapi_extra=roles_of("withdraw_club_game")
)
def withdraw_club_game(
    request: Request,
    event_id: int,
    game_id: int,
    body: Reason,
    who: Annotated[Actor, may("withdraw_club_game")],
) -> dict[str, object]:
    """An official withdraws a club game entered in error (the audit keeps it)."""
    game = desk_of(request).service.withdraw_club_game(
        who, event_info(request, event_id).name, game_id, body.reason
    )
    return game.as_dict()
