"""The desk's writes, each declared once: an :class:`Action` names the service's action
(who may: :data:`flickboard.store.service.PERMISSIONS`), its body (the API's JSON and
what the page's form is parsed into, :mod:`flickboard.web.desk.bodies`), the service
call, and how each side answers: the API with JSON and its model
(:mod:`flickboard.web.desk.answers`), the form with a redirect to the page and a
message. :func:`api_route` and :func:`form_route` make both routes from it;
both check the identity, the CSRF token and the role before the body is read
(:func:`flickboard.web.desk.routing.may`), and both map refusals alike
(:class:`flickboard.web.desk.routing.DeskRoute`). docs/web.md, "How a desk action is
declared"."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field, ValidationError
from starlette.datastructures import FormData

from flickboard.errors import InvalidInput
from flickboard.events.delegation import DelegationChange
from flickboard.events.eventfile import card_spec
from flickboard.events.racegame import race_from_text
from flickboard.events.sanctions import Sanction
from flickboard.events.shootout import ShootOut
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.desk import EventInfo
from flickboard.store.service import DeskService
from flickboard.web.desk.answers import (
    Added,
    Answer,
    BoardsOut,
    Card,
    CardCorrected,
    Champion,
    ClubGame,
    Drawn,
    EventMade,
    LeagueMatch,
    MatchPoints,
    Named,
    Offences,
    PoolsMade,
    Published,
    Reasons,
    Remaining,
    RoundWithdrawn,
    Standings,
)
from flickboard.web.desk.bodies import (
    BoardOut,
    BracketGame,
    CorrectionBody,
    CscGame,
    Delegation,
    DrawBody,
    Ends,
    EntrantsCsv,
    GameCorrection,
    GameRuling,
    Games,
    Late,
    LeagueGame,
    Lineup,
    OffenceBody,
    Playoff,
    Pools,
    Postponement,
    Reason,
    Referee,
    Rename,
    Result,
    Ruling,
    SanctionBody,
    ShootOutBody,
    Substitution,
    SuddenDeath,
)
from flickboard.web.desk.routing import Number, desk_of, may, roles_of
from flickboard.web.refusals import sentence

PATH_TYPES: dict[str, Any] = {
    "event_id": Number,
    "round_no": Number,
    "player": str,
    "game_id": Number,
    "board": Number,
    "name": str,
}
"""The type of each part a route's path may name."""


class Parts(BaseModel):
    """The parts of a path a form gives as fields, checked as the path would be."""

    board: int = Field(default=0, ge=1, le=1000)
    name: str = Field(default="", min_length=1, max_length=80)


@dataclass
class DeskWrite:
    """One write as the desk receives it: who asks, and the parts of the path."""

    request: Request
    who: Actor
    path: dict[str, Any]

    @property
    def service(self) -> DeskService:
        """The desk's service."""
        return desk_of(self.request).service

    @cached_property
    def event(self) -> EventInfo:
        """The event in the path (read once, before the write), or 404."""
        return self.service.desk.info(self.path["event_id"])

    @property
    def name(self) -> str:
        """The event's name, as the service addresses it."""
        return self.event.name


Call = Callable[[DeskWrite, Any], Any]
"""The service call: the request and its body -> the service's result."""
Reply = Callable[[DeskWrite, Any, Any], Any]
"""What a side answers: the request, its body and the service's result."""


@dataclass(frozen=True)
class Api:
    """The JSON side: method and path under ``/api/desk``, the function's name (the
    OpenAPI operation) and docstring, the answer and its model (the operation's
    response model; None: no content), the status."""

    method: str
    path: str
    function: str
    doc: str
    reply: Reply
    answer: type[Answer] | None
    status: int = 200


def form_fields(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """The model's fields from the form fields of the same names, stripped; a field
    left empty is not given."""
    out: dict[str, Any] = {}
    for name in model.model_fields:
        value = form.get(name)
        if isinstance(value, str) and value.strip():
            out[name] = value.strip()
    return out


def to_manage(write: DeskWrite) -> str:
    """After a write: the event's page."""
    return f"/desk/manage/{write.path['event_id']}"


@dataclass(frozen=True)
class Form:
    """The page's side: the path under ``/desk``, what the page says after it, where it
    goes back to, how the form's fields become the body, the path's parts it gives
    and what else it checks."""

    path: str
    message: Reply
    to: Callable[[DeskWrite], str] = to_manage
    fields: Callable[[type[BaseModel], FormData], dict[str, Any]] = form_fields
    from_form: tuple[str, ...] = ()
    """Parts of the API's path that the form gives as fields (``board``, ``name``)."""
    check: Callable[[DeskWrite, FormData], None] | None = None
    """What the form asks beyond the API (typing the event's name to delete it)."""


@dataclass(frozen=True)
class Action:
    """A desk write: the service's action (who may), the body, the service call, and
    the API's and the form's routes."""

    name: str
    body: type[BaseModel] | None
    call: Call
    api: Api
    form: Form | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def back(to: str, message: str = "") -> RedirectResponse:
    """After a write: see the page again (303), with what was done."""
    sep = "&" if "?" in to else "?"
    return RedirectResponse(to + (f"{sep}msg={quote(message)}" if message else ""), status_code=303)


def parsed(model: type[BaseModel], data: dict[str, Any]) -> BaseModel:
    """A form's fields as the body model, or the validator's sentence (422)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput(sentence(exc.errors())) from None


def _signature(action: Action, path: str, body: bool) -> inspect.Signature:
    kw = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("request", kw, annotation=Request)]
    params += [
        inspect.Parameter(p, kw, annotation=PATH_TYPES[p]) for p in re.findall(r"{(\w+)}", path)
    ]
    if body and action.body is not None:
        params.append(inspect.Parameter("body", kw, annotation=action.body))
    params.append(inspect.Parameter("who", kw, annotation=Annotated[Actor, may(action.name)]))
    return inspect.Signature(params)


def api_route(router: APIRouter, action: Action) -> None:
    """Add the action's JSON route to ``router``: its answer's model as the response
    model, who may call it (``x-action``, ``x-roles``)."""
    api = action.api

    def endpoint(request: Request, who: Actor, body: Any = None, **path: Any) -> Any:
        write = DeskWrite(request, who, path)
        return api.reply(write, body, action.call(write, body))

    endpoint.__signature__ = _signature(action, api.path, True)  # type: ignore[attr-defined]
    endpoint.__name__ = endpoint.__qualname__ = api.function
    endpoint.__doc__ = api.doc
    router.add_api_route(
        api.path,
        endpoint,
        methods=[api.method],
        status_code=api.status,
        response_model=api.answer,
        openapi_extra={**roles_of(action.name), **action.extra},
        name=api.function,
    )


def form_route(router: APIRouter, action: Action) -> None:
    """Add the action's form route to ``router``: the form parsed into the body, the
    service called, back to the page with what was done (303)."""
    form = action.form
    assert form is not None

    async def endpoint(request: Request, who: Actor, **path: Any) -> Response:
        data = await request.form()
        given = form_fields(Parts, data)
        for part in form.from_form:
            path[part] = parsed(Parts, {part: given.get(part)}).model_dump()[part]
        write = DeskWrite(request, who, path)
        if form.check is not None:
            form.check(write, data)
        body = None if action.body is None else parsed(action.body, form.fields(action.body, data))
        result = action.call(write, body)
        return back(form.to(write), form.message(write, body, result))

    handler: Callable[..., Coroutine[Any, Any, Response]] = endpoint
    handler.__signature__ = _signature(action, form.path, False)  # type: ignore[attr-defined]
    handler.__name__ = handler.__qualname__ = f"form_{action.api.function}"
    router.add_api_route(form.path, handler, methods=["POST"])


# -- the actions ------------------------------------------------------------------------


def race_in(service: DeskService, event: str, frames: str | None, score: str | None) -> RaceScore:
    """A club game's frames or score as the event's race (its target, its frames)."""
    club = service.club_desk(event)
    return race_from_text(
        frames or None, score or None, club.target(event), crokinole=club.frame_max is None
    )


def race(write: DeskWrite, result: Result) -> RaceScore:
    """The body's club game as the event's race."""
    return race_in(write.service, write.name, result.frames, result.score)


def _ruled(write: DeskWrite, body: GameRuling) -> Any:
    given = bool((body.frames or "").strip() or (body.score or "").strip())
    settled = race(write, body) if given else None
    return write.service.rule_club_game(
        write.who, write.name, write.path["game_id"], settled, body.reason
    )


def _delegation(write: DeskWrite, body: Delegation) -> Any:
    change = DelegationChange(
        body.kind, body.team, body.player, body.round, body.reason, body.player_in
    )
    return change, write.service.record_delegation_change(write.who, write.name, change)


def _lineup(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """A line-up typed as ``1=H1 2=H2`` (league-four) or ``A=H1,H2 ...`` (pairs)."""
    start: dict[str, list[str]] = {}
    value = form.get("lineup")
    for part in (value if isinstance(value, str) else "").split():
        slot, _, players = part.partition("=")
        start[slot.strip().upper()] = [p for p in players.split(",") if p]
    return {**form_fields(model, form), "start": start}


def _game(write: DeskWrite, _: Any, game: Any) -> Any:
    return game.as_dict()


def _match_json(m: Any) -> dict[str, Any]:
    """A league match after a write: its teams, each side's players game by game (in
    end order) with their ends, match points and what its page notes."""
    return {
        "teams": list(m.teams),
        "players": [
            None
            if side is None
            else [
                [{"player": p, "end": e} for p, e in zip(game, m.ends(n, k), strict=True)]
                for n, game in enumerate(side, start=1)
            ]
            for k, side in enumerate(m.players)
        ],
        "points": [str(p) for p in m.points],
        "notes": list(m.notes()),
    }


def standings_json(st: Any, names: dict[str, str]) -> dict[str, Any]:
    """Crokinole standings as the API gives them: provisional, pending, placings."""
    return {
        "provisional": st.provisional,
        "pending": list(st.pending),
        "standings": [{**p.as_dict(), "name": names.get(p.entrant, "")} for p in st.placings],
    }


def _sanction(body: SanctionBody) -> Sanction:
    return Sanction(body.kind, body.entrant, body.reason, body.round, body.game_round)


def _shootout(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """Each tied entrant's attempts from ``so_{id}`` (doubles: and ``so_{id}_2``)."""
    shots: dict[str, Any] = {}
    given = {k: v.strip() for k, v in form.items() if isinstance(v, str)}
    for key, value in given.items():
        if key.startswith("so_") and not key.endswith("_2"):
            partner = given.get(f"{key}_2", "")
            shots[key.removeprefix("so_")] = (value, partner) if partner else value
    return {"attempts": shots}


def _confirmed(write: DeskWrite, form: FormData) -> None:
    value = form.get("confirm")
    if not isinstance(value, str) or value.strip() != write.name:
        raise InvalidInput("type the event's name to confirm the deletion")


def _standings_after(write: DeskWrite, _: Any, done: Any) -> dict[str, Any]:
    return standings_json(done, write.service.desk.names(write.name))


def card_json(card: Any) -> dict[str, Any]:
    """A card as the API gives it: the event file's card, without its seal."""
    return card_spec(card).model_dump(mode="json", exclude={"seal"})


def _rounds(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """A card's rounds from ``pA{n}``, ``pB{n}``, ``tA{n}``, ``tB{n}`` (points and 20s
    of the first and second side; a round left blank ends the card), or none if the
    card ``stands`` as marked."""
    given = form_fields(model, form)
    if form.get("stands"):
        return given
    fields = {k: v.strip() for k, v in form.items() if isinstance(v, str)}
    rounds = []
    for n in range(1, 21):
        a, b = fields.get(f"pA{n}", ""), fields.get(f"pB{n}", "")
        if not a and not b:
            break
        twenties = [fields.get(f"tA{n}") or 0, fields.get(f"tB{n}") or 0]
        rounds.append({"scores": [a, b], "twenties": twenties})
    if not rounds:
        raise InvalidInput("enter each round's points (and 20s)")
    return {**given, "rounds": rounds}


def _after(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """One round as it should stand from ``pA``, ``pB``, ``tA``, ``tB``."""
    given = form_fields(model, form)
    fields = {k: v.strip() for k, v in form.items() if isinstance(v, str)}
    scores = [fields.get("pA") or None, fields.get("pB") or None]
    twenties = [fields.get("tA") or 0, fields.get("tB") or 0]
    return {**given, "after": {"scores": scores, "twenties": twenties}}


def to_card(write: DeskWrite) -> str:
    """After a ruling or a correction: the card's page."""
    p = write.path
    return f"/desk/manage/{p['event_id']}/card/{p['round_no']}/{quote(p['player'])}"


ACTIONS: tuple[Action, ...] = (
    Action(
        "rename_event",
        Rename,
        lambda a, b: a.service.rename_event(a.who, a.name, b.name),
        Api("POST", "/events/{event_id}/rename", "rename", "Give the event a new name.",
            lambda a, b, _: {"name": b.name}, Named),
        Form("/manage/{event_id}/rename", lambda a, b, _: "Renamed"),
    ),
    Action(
        "import_entrants",
        EntrantsCsv,
        lambda a, b: a.service.import_entrants(a.who, a.name, b.csv),
        Api("POST", "/events/{event_id}/entrants", "entrants",
            "Add entrants from CSV text (header: id, name; optional gender and a doubles\n"
            "team's players), before round 1 is drawn.",
            lambda a, b, n: {"added": n}, Added),
        Form("/manage/{event_id}/entrants", lambda a, b, n: f"{n} entrants added"),
    ),
    Action(
        "draw",
        DrawBody,
        lambda a, b: a.service.draw(a.who, a.name, b.seed, b.publish, b.round),
        Api("POST", "/events/{event_id}/draws", "draw",
            "Draw the next round: a draft to review unless ``publish``.",
            lambda a, b, d: {"round": d.round_no, "games": [list(g) for g in d.games], "bye": d.bye},
            Drawn),
        Form("/manage/{event_id}/draw",
             lambda a, b, d: f"Round {d.round_no} drawn as a draft: review it, then publish it"),
    ),
    Action(
        "publish_round",
        None,
        lambda a, b: a.service.publish_round(a.who, a.name, a.path["round_no"]),
        Api("POST", "/events/{event_id}/rounds/{round_no}/publish", "publish",
            "Publish a draft round: its cards can now be entered.",
            lambda a, b, _: {"round": a.path["round_no"]}, Published),
        Form("/manage/{event_id}/publish/{round_no}",
             lambda a, b, _: f"Round {a.path['round_no']} published"),
    ),
    Action(
        "withdraw_round",
        None,
        lambda a, b: a.service.withdraw_round(a.who, a.name, a.path["round_no"]),
        Api("DELETE", "/events/{event_id}/rounds/{round_no}", "withdraw_round",
            "Withdraw the last drawn round while none of its games has a card.",
            lambda a, b, _: {"withdrawn": a.path["round_no"]}, RoundWithdrawn),
        Form("/manage/{event_id}/withdraw/{round_no}",
             lambda a, b, _: f"Round {a.path['round_no']} withdrawn"),
    ),
    Action(
        "create_pools",
        Pools,
        lambda a, b: a.service.create_pools(a.who, a.name, b.count, b.size),
        Api("POST", "/events/{event_id}/pools", "pools",
            "Round-robin pools from the finished preliminary, snake seeded.",
            lambda a, b, made: {"events": made}, PoolsMade),
        Form("/manage/{event_id}/pools", lambda a, b, made: f"Created {', '.join(made)}"),
    ),
    Action(
        "create_round_of_32",
        Games,
        lambda a, b: a.service.create_round_of_32(a.who, a.name, b.games),
        Api("POST", "/events/{event_id}/round-of-32", "round_of_32",
            "The WCC Recreational Round of 32 from a finished recreational preliminary.",
            lambda a, b, made: {"event": made}, EventMade),
        Form("/manage/{event_id}/round-of-32", lambda a, b, made: f"Created {made}"),
    ),
    Action(
        "add_referee",
        Referee,
        lambda a, b: a.service.add_referee(a.who, b.name, b.password),
        Api("POST", "/referees", "add_referee", "The director creates a referee account.",
            lambda a, b, _: {"name": b.name}, Named, status=201),
        Form("/accounts", lambda a, b, _: f"Referee {b.name} can sign in",
             to=lambda a: "/desk/accounts"),
    ),
    # -- club events
    Action(
        "rule_club_game",
        GameRuling,
        _ruled,
        Api("POST", "/events/{event_id}/games/{game_id}/ruling", "rule_club_game",
            "A referee settles a disputed club game, as entered or as it should stand.",
            _game, ClubGame),
        Form("/manage/{event_id}/games/{game_id}/rule", lambda a, b, _: "Ruling recorded"),
    ),
    Action(
        "correct_club_game",
        GameCorrection,
        lambda a, b: a.service.correct_club_game(
            a.who, a.name, a.path["game_id"], race(a, b), b.reason
        ),
        Api("POST", "/events/{event_id}/games/{game_id}/correction", "correct_club_game",
            "An official corrects a club game's result, checked as a new one (the audit keeps\n"
            "before, after and the reason).",
            _game, ClubGame),
        Form("/manage/{event_id}/games/{game_id}/correct", lambda a, b, _: "Game corrected"),
    ),
    Action(
        "withdraw_club_game",
        Reason,
        lambda a, b: a.service.withdraw_club_game(a.who, a.name, a.path["game_id"], b.reason),
        Api("POST", "/events/{event_id}/games/{game_id}/withdrawal", "withdraw_club_game",
            "An official withdraws a club game entered in error (the audit keeps it).",
            _game, ClubGame),
        Form("/manage/{event_id}/games/{game_id}/withdraw", lambda a, b, _: "Game withdrawn"),
    ),
    Action(
        "enter_club_game",
        CscGame,
        lambda a, b: a.service.csc_game(a.who, a.name, b.round, b.home, b.visitors, race(a, b)),
        Api("POST", "/events/{event_id}/csc/games", "csc_game",
            "A CSC round-robin game's result (home first).",
            lambda a, b, st: {"remaining": st.remaining}, Remaining),
        Form("/manage/{event_id}/csc/game", lambda a, b, _: "Game entered"),
    ),
    Action(
        "enter_club_game",
        SuddenDeath,
        lambda a, b: a.service.csc_sudden_death(
            a.who, a.name, b.stage, (b.home, b.visitors), race(a, b)
        ),
        Api("POST", "/events/{event_id}/csc/sudden-death", "csc_sudden_death",
            "A sudden-death game among tied teams (CSC VI 8.2 e).",
            lambda a, b, st: {"remaining": st.remaining}, Remaining),
        Form("/manage/{event_id}/csc/sudden-death", lambda a, b, _: "Sudden-death game entered"),
    ),
    Action(
        "enter_club_game",
        Playoff,
        lambda a, b: a.service.csc_playoff(a.who, a.name, b.series, race(a, b)),
        Api("POST", "/events/{event_id}/csc/playoff", "csc_playoff",
            "A semi-final or final game (best of three).",
            lambda a, b, st: {"champion": st.result.champion if st.result else None},
            Champion),
        Form("/manage/{event_id}/csc/playoff", lambda a, b, _: f"{b.series.title()} game entered"),
    ),
    Action(
        "record_delegation_change",
        Delegation,
        _delegation,
        Api("POST", "/events/{event_id}/csc/delegation", "csc_delegation",
            "CSC VI 7: a player who cannot continue, a substitute of the same gender, or none.",
            lambda a, b, done: {"reasons": done[1].reasons}, Reasons),
        Form("/manage/{event_id}/csc/delegation", lambda a, b, done: done[0].describe()),
    ),
    Action(
        "record_offence",
        OffenceBody,
        lambda a, b: a.service.record_offence(a.who, a.name, b.player, b.act),
        Api("POST", "/events/{event_id}/csc/offences", "csc_offence",
            "CSC VI 12: an entered player's offence detrimental to the game (signed): the\n"
            "player's share of any prize is forfeited and they are suspended from further\n"
            "Congress sponsored tournaments.",
            lambda a, b, st: {"offences": [o.as_dict() for o in st.offences],
                              "reasons": st.reasons}, Offences),
        Form("/manage/{event_id}/csc/offence",
             lambda a, b, st: st.offences[-1].describe()),
    ),
    Action(
        "set_lineup",
        Lineup,
        lambda a, b: a.service.league_lineup(a.who, a.name, b.night, b.team, b.start),
        Api("POST", "/events/{event_id}/league/lineups", "league_lineup",
            "A team's starting line-up for a night (a six-person pair's left-end player\n"
            "first).",
            lambda a, b, m: _match_json(m), LeagueMatch),
        Form("/manage/{event_id}/league/lineup", lambda a, b, _: "Line-up set", fields=_lineup),
    ),
    Action(
        "substitute",
        Substitution,
        lambda a, b: a.service.league_substitute(
            a.who, a.name, b.night, b.team, b.from_game, b.player_out, b.player_in, b.during
        ),
        Api("POST", "/events/{event_id}/league/substitutions", "league_substitute",
            "A substitution as it happened (before a game, or during it), ruled on by VII 12:\n"
            "refused, or kept with the match point a six-person 12(c)-(d) infraction already\n"
            "played forfeits.",
            lambda a, b, m: _match_json(m), LeagueMatch),
        Form("/manage/{event_id}/league/sub",
             lambda a, b, m: "; ".join(["Substitution made", *m.notes()])),
    ),
    Action(
        "change_ends",
        Ends,
        lambda a, b: a.service.league_ends(
            a.who, a.name, b.night, b.team, b.from_game, b.pair, b.during
        ),
        Api("POST", "/events/{event_id}/league/ends", "league_ends",
            "A six-person pair changes ends from a game on (VII 7).",
            lambda a, b, m: _match_json(m), LeagueMatch),
        Form("/manage/{event_id}/league/ends",
             lambda a, b, _: f"Pair {b.pair} changes ends from game {b.from_game}"),
    ),
    Action(
        "postpone_match",
        Postponement,
        lambda a, b: a.service.league_postpone(
            a.who, a.name, b.night, b.team, b.ample_notice, b.notice
        ),
        Api("POST", "/events/{event_id}/league/postponements", "league_postpone",
            "VII 14: a team asks to postpone its match (signed); without ample notice it\n"
            "forfeits the entire match.",
            lambda a, b, m: _match_json(m), LeagueMatch),
        Form("/manage/{event_id}/league/postpone",
             lambda a, b, m: m.postponed.describe() if m.postponed else "Recorded"),
    ),
    Action(
        "enter_club_game",
        LeagueGame,
        lambda a, b: a.service.league_game(
            a.who, a.name, b.night, b.team, b.game, race(a, b), b.played_by
        ),
        Api("POST", "/events/{event_id}/league/games", "league_game",
            "A league game's result (home first).",
            lambda a, b, m: {"points": [str(p) for p in m.points]}, MatchPoints),
        Form("/manage/{event_id}/league/game", lambda a, b, _: "Game entered"),
    ),
    Action(
        "forfeit_for_delay",
        Late,
        lambda a, b: a.service.league_forfeit(a.who, a.name, b.night, b.team, b.minutes),
        Api("POST", "/events/{event_id}/league/forfeits", "league_forfeit",
            "Games forfeited by a late team (one per full 15 minutes).",
            lambda a, b, m: {"points": [str(p) for p in m.points]}, MatchPoints),
        Form("/manage/{event_id}/league/forfeit", lambda a, b, _: "Forfeits recorded"),
    ),
    Action(
        "enter_club_game",
        BracketGame,
        lambda a, b: a.service.bracket_game(a.who, a.name, b.match, race(a, b)),
        Api("POST", "/events/{event_id}/bracket/games", "bracket_game",
            "A game of a fair-rules bracket match (its first side first).",
            lambda a, b, br: {"champion": br.champion}, Champion),
        Form("/manage/{event_id}/bracket/game", lambda a, b, _: "Game entered"),
    ),
    Action(
        "take_board_out",
        BoardOut,
        lambda a, b: a.service.take_board_out(
            a.who, a.name, a.path["board"], b.to_board, b.reason
        ),
        Api("POST", "/events/{event_id}/csc/boards/{board}/out", "csc_board_out",
            "CSC VI 14: take a damaged board out of play; its games go to ``to_board``.",
            lambda a, b, st: {"boards_out": [list(x) for x in st.boards_out]}, BoardsOut),
        Form("/manage/{event_id}/csc/board-out",
             lambda a, b, _: f"Board {a.path['board']} out of play; its games move to board "
             f"{b.to_board}", from_form=("board",)),
    ),
    Action(
        "unlock_account",
        None,
        lambda a, b: a.service.unlock(a.who, a.path["name"]),
        Api("POST", "/accounts/{name}/unlock", "unlock_account",
            "The director lifts the lock of an account locked by failed sign-ins.",
            lambda a, b, _: {"name": a.path["name"]}, Named),
        Form("/accounts/unlock", lambda a, b, _: f"{a.path['name']} can sign in again",
             to=lambda a: "/desk/accounts", from_form=("name",)),
    ),
    Action(
        "delete_event",
        None,
        lambda a, b: a.service.delete_event(a.who, a.name),
        Api("DELETE", "/events/{event_id}", "delete_event", "Delete an event and everything in it.",
            lambda a, b, _: Response(status_code=204), None, status=204),
        Form("/manage/{event_id}/delete", lambda a, b, _: f"{a.name} deleted",
             to=lambda a: "/desk", check=_confirmed),
    ),
    Action(
        "record_sanction",
        SanctionBody,
        lambda a, b: a.service.record_sanction(a.who, a.name, _sanction(b)),
        Api("POST", "/events/{event_id}/sanctions", "record_sanction",
            "A sanction or absence (warning, forfeited round or game, disqualification,\n"
            "withdrawal, no-show); the standings after it.",
            _standings_after, Standings),
        Form("/manage/{event_id}/sanction",
             lambda a, b, _: f"Recorded: {b.entrant} {_sanction(b).describe()}"),
    ),
    Action(
        "record_shootout",
        ShootOutBody,
        lambda a, b: a.service.record_shootout(a.who, a.name, ShootOut.of(b.attempts)),
        Api("POST", "/events/{event_id}/shootouts", "record_shootout",
            "A shoot-out among entrants still tied: each one's attempts, in the order shot.",
            _standings_after, Standings),
        Form("/manage/{event_id}/shootout", lambda a, b, _: "Shoot-out recorded",
             fields=_shootout),
    ),
    Action(
        "rule_dispute",
        Ruling,
        lambda a, b: a.service.rule_dispute(
            a.who, a.name, a.path["round_no"], a.path["player"],
            None if b.rounds is None else [r.score() for r in b.rounds], b.reason,
        ),
        Api("POST", "/events/{event_id}/cards/{round_no}/{player}/ruling", "rule_dispute",
            "A referee's ruling on a disputed card (signed by their account).",
            lambda a, b, card: card_json(card), Card),
        Form("/manage/{event_id}/card/{round_no}/{player}/rule",
             lambda a, b, _: "Ruled: the card is validated", to=to_card, fields=_rounds),
    ),
    Action(
        "correct_card",
        CorrectionBody,
        lambda a, b: a.service.correct_card(
            a.who, a.name, a.path["round_no"], a.path["player"], b.game_round,
            b.after.score(), b.reason,
        ),
        Api("POST", "/events/{event_id}/cards/{round_no}/{player}/corrections", "correct_card",
            "A referee corrects one round of a validated card (who, when, before and after\n"
            "are kept).",
            lambda a, b, done: {**card_json(done[0]), "void_shootouts": [list(v) for v in done[1]]},
            CardCorrected),
        Form("/manage/{event_id}/card/{round_no}/{player}/correct",
             lambda a, b, done: f"Round {b.game_round} corrected"
             + ("; shoot-outs no longer needed were removed" if done[1] else ""),
             to=to_card, fields=_after),
    ),
)  # fmt: skip
"""Every desk write declared once (the others are still routes of their own in
:mod:`flickboard.web.desk.api` and :mod:`flickboard.web.desk.pages`)."""
