"""Cards of crokinole games: the list, entering one (at the table, by its scorer; at the
desk, from paper), the opponent's validation or dispute, withdrawing one entered in
error, and a referee's ruling on a dispute or correction of a validated card."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter
from fastapi.responses import RedirectResponse
from pydantic import BaseModel
from starlette.datastructures import FormData

from flickboard.errors import InvalidInput, NotAllowed
from flickboard.events.eventfile import card_spec
from flickboard.events.scorecard import Scorecard
from flickboard.play.scoring import RoundScore
from flickboard.web.desk.answers import Card, CardAt, CardCorrected, CardListed
from flickboard.web.desk.bodies import CardBody, CorrectionBody, Initials, Reason, Ruling
from flickboard.web.desk.forms import (
    Posted,
    back,
    form_fields,
    from_form,
    number,
    rounds_of,
    scorer_match,
    text,
    to_manage,
)
from flickboard.web.desk.rendering import OFFICIALS
from flickboard.web.desk.routers.events import CROKINOLE_ONLY
from flickboard.web.desk.routing import DeskRoute, Number, Service
from flickboard.web.desk.views import rounds_in
from flickboard.web.desk.who import (
    MayCorrectCard,
    MayDisputeCard,
    MayEnterCard,
    MayRuleDispute,
    MayValidateCard,
    MayWithdrawCard,
)

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


def card_json(card: Scorecard) -> dict[str, Any]:
    """A card as the API gives it: the event file's card, without its seal."""
    return card_spec(card).model_dump(mode="json", exclude={"seal"})


def card_answer(card: Scorecard) -> Card:
    """A card as the API answers it (:class:`Card`)."""
    return Card.model_validate(card_json(card))


@api.get("/events/{event_id}/cards", responses=CROKINOLE_ONLY)
def cards(event_id: Number, svc: Service) -> list[CardListed]:
    """Every card with its validation, open dispute and correction trail."""
    return [
        CardListed(**card_json(c.card), entered_by=c.entered_by, disputed=c.dispute is not None)
        for c in svc.desk.card_states(svc.desk.info(event_id).name)
    ]


# -- at the table -------------------------------------------------------------------------


@api.post("/events/{event_id}/cards", status_code=201)
def enter_card(event_id: Number, who: MayEnterCard, body: CardBody, svc: Service) -> CardAt:
    """Enter a card as marked by ``sides[0]`` (a scorer: the game of their code)."""
    info = svc.desk.info(event_id)
    rounds = [r.score() for r in body.rounds]
    card = svc.cards.enter(who, info.name, body.round, body.sides, rounds)
    return CardAt(**card_json(card), revision=svc.desk.info(event_id).revision)


@api.post("/events/{event_id}/cards/{round_no}/{player}/validation")
def validate_card(
    event_id: Number,
    round_no: Number,
    player: str,
    who: MayValidateCard,
    body: Initials,
    svc: Service,
) -> CardAt:
    """The opponent (``player``, their ID) validates the card with their initials.
    ``revision``: the event's revision just after (live pages show it as their ``id``)."""
    card = svc.cards.validate(who, svc.desk.info(event_id).name, round_no, player, body.initials)
    return CardAt(**card_json(card), revision=svc.desk.info(event_id).revision)


@api.post("/events/{event_id}/cards/{round_no}/{player}/dispute")
def dispute_card(
    event_id: Number,
    round_no: Number,
    player: str,
    who: MayDisputeCard,
    body: Reason,
    svc: Service,
) -> Card:
    """``player`` disputes the card instead of validating it: it waits for a referee."""
    name = svc.desk.info(event_id).name
    return card_answer(svc.cards.dispute(who, name, round_no, player, body.reason))


@api.delete("/events/{event_id}/cards/{round_no}/{player}")
def withdraw_card(
    event_id: Number, round_no: Number, player: str, who: MayWithdrawCard, svc: Service
) -> Card:
    """Withdraw a card entered in error, before it is validated."""
    name = svc.desk.info(event_id).name
    return card_answer(svc.cards.withdraw(who, name, round_no, player))


@forms.post("/score/card")
def score_card(who: MayEnterCard, form: Posted, svc: Service) -> RedirectResponse:
    """The scorer enters the card as marked by the player chosen."""
    match = scorer_match(who)
    info = svc.desk.info(match.event_id)
    marker = text(form, "marker") or match.sides[0]
    if marker not in match.sides:
        raise InvalidInput(f"{marker} does not play this game")
    other = match.sides[1] if marker == match.sides[0] else match.sides[0]
    rounds = rounds_of(form, rounds_in(info))  # columns A, B: the game's sides as drawn
    if marker != match.sides[0]:
        rounds = [RoundScore(r.scores[::-1], r.twenties[::-1]) for r in rounds]
    svc.cards.enter(who, info.name, match.round_no, (marker, other), rounds)
    names = svc.desk.names(info.name)
    return back("/desk/score", f"Card entered: {names[other]} confirms it or disputes it")


@forms.post("/score/validate")
def score_validate(who: MayValidateCard, form: Posted, svc: Service) -> RedirectResponse:
    """The opponent confirms the card with their ID and initials."""
    match = scorer_match(who)
    info = svc.desk.info(match.event_id)
    svc.cards.validate(who, info.name, match.round_no, text(form, "id"), text(form, "initials"))
    return back("/desk/score", "Card validated: thank you")


@forms.post("/score/dispute")
def score_dispute(who: MayDisputeCard, form: Posted, svc: Service) -> RedirectResponse:
    """The opponent disputes the card: it goes to the referees' queue."""
    match = scorer_match(who)
    info = svc.desk.info(match.event_id)
    player = text(form, "id")
    if player not in match.sides:
        raise InvalidInput("give your ID: the dispute is raised by a player of the game")
    svc.cards.dispute(who, info.name, match.round_no, player, text(form, "reason"))
    return back("/desk/score", "Disputed: a referee will come to the board")


@forms.post("/score/withdraw")
def score_withdraw(who: MayWithdrawCard, svc: Service) -> RedirectResponse:
    """Withdraw a card entered in error (before it is validated)."""
    match = scorer_match(who)
    info = svc.desk.info(match.event_id)
    svc.cards.withdraw(who, info.name, match.round_no, match.sides[0])
    return back("/desk/score", "Card withdrawn: enter it again")


@forms.post("/manage/{event_id}/card")
def manage_card(
    event_id: Number, who: MayEnterCard, form: Posted, svc: Service
) -> RedirectResponse:
    """An official enters a card from paper (marked by the first player given), and
    the opponent's validation with it when their initials are given."""
    if who.role not in OFFICIALS:
        raise NotAllowed("a table scorer enters the card of their game on its own page")
    info = svc.desk.info(event_id)
    round_no = number(form, "round", "the draw round")
    sides = (text(form, "marker"), text(form, "opponent"))
    svc.cards.enter(who, info.name, round_no, sides, rounds_of(form, rounds_in(info)))
    if text(form, "initials"):
        svc.cards.validate(who, info.name, round_no, sides[1], text(form, "initials"))
    return back(to_manage(event_id), f"Round {round_no} card of {sides[0]} v {sides[1]} entered")


# -- referees -----------------------------------------------------------------------------


def to_card(event_id: int, round_no: int, player: str) -> str:
    """After a ruling or a correction: the card's page."""
    return f"/desk/manage/{event_id}/card/{round_no}/{quote(player)}"


@api.post("/events/{event_id}/cards/{round_no}/{player}/ruling")
def rule_dispute(
    event_id: Number,
    round_no: Number,
    player: str,
    who: MayRuleDispute,
    body: Ruling,
    svc: Service,
) -> Card:
    """A referee's ruling on a disputed card (signed by their account)."""
    rounds = None if body.rounds is None else [r.score() for r in body.rounds]
    name = svc.desk.info(event_id).name
    return card_answer(svc.cards.rule_dispute(who, name, round_no, player, rounds, body.reason))


def ruling_fields(model: type[BaseModel], form: FormData) -> dict[str, Any]:
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


@forms.post("/manage/{event_id}/card/{round_no}/{player}/rule")
def rule_dispute_form(
    event_id: Number,
    round_no: Number,
    player: str,
    who: MayRuleDispute,
    body: Annotated[Ruling, from_form(Ruling, ruling_fields)],
    svc: Service,
) -> RedirectResponse:
    rule_dispute(event_id, round_no, player, who, body, svc)
    return back(to_card(event_id, round_no, player), "Ruled: the card is validated")


@api.post("/events/{event_id}/cards/{round_no}/{player}/corrections")
def correct_card(
    event_id: Number,
    round_no: Number,
    player: str,
    who: MayCorrectCard,
    body: CorrectionBody,
    svc: Service,
) -> CardCorrected:
    """A referee corrects one round of a validated card (who, when, before and after
    are kept)."""
    name = svc.desk.info(event_id).name
    card, void = svc.cards.correct(
        who, name, round_no, player, body.game_round, body.after.score(), body.reason
    )
    return CardCorrected(**card_json(card), void_shootouts=[list(v) for v in void])


def correction_fields(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """One round as it should stand from ``pA``, ``pB``, ``tA``, ``tB``."""
    given = form_fields(model, form)
    fields = {k: v.strip() for k, v in form.items() if isinstance(v, str)}
    scores = [fields.get("pA") or None, fields.get("pB") or None]
    twenties = [fields.get("tA") or 0, fields.get("tB") or 0]
    return {**given, "after": {"scores": scores, "twenties": twenties}}


@forms.post("/manage/{event_id}/card/{round_no}/{player}/correct")
def correct_card_form(
    event_id: Number,
    round_no: Number,
    player: str,
    who: MayCorrectCard,
    body: Annotated[CorrectionBody, from_form(CorrectionBody, correction_fields)],
    svc: Service,
) -> RedirectResponse:
    done = correct_card(event_id, round_no, player, who, body, svc)
    removed = "; shoot-outs no longer needed were removed" if done.void_shootouts else ""
    return back(to_card(event_id, round_no, player), f"Round {body.game_round} corrected{removed}")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
