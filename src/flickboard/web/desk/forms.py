"""What the desk's forms share: the posted form, a form parsed into the API's body
model, fields read one by one, and the redirect back to the page with a message.

A page's form posts to a route next to the API's route of the same write (the routers
of :mod:`flickboard.web.desk.routers`). Its identity, CSRF token and role are checked
first (:func:`flickboard.web.desk.routing.may`, declared before the body in the form
endpoint's parameters: dependencies run in order), then the form becomes the API's
body (:func:`from_form`: the fields of the same names, stripped, a field left empty
not given), refused with the validator's sentence as the JSON body is (422), and the
form's endpoint calls the API's endpoint with it. docs/web.md, "How a desk action is
declared".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

from fastapi import Depends, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ValidationError
from starlette.datastructures import FormData

from flickboard.errors import InvalidInput, NotAllowed
from flickboard.play.scoring import RoundScore
from flickboard.store.acting import Actor, Match
from flickboard.web.refusals import sentence

M = TypeVar("M", bound=BaseModel)

FormFields = Callable[[type[BaseModel], FormData], dict[str, Any]]
"""How a form's fields become a body model's fields."""


async def posted(request: Request) -> FormData:
    """The posted form (already read by the CSRF check)."""
    return await request.form()


Posted = Annotated[FormData, Depends(posted)]
"""The posted form, for an endpoint that reads its fields one by one."""


def back(to: str, message: str = "") -> RedirectResponse:
    """After a write: see the page again (303), with what was done."""
    sep = "&" if "?" in to else "?"
    return RedirectResponse(to + (f"{sep}msg={quote(message)}" if message else ""), status_code=303)


def to_manage(event_id: int) -> str:
    """An event's page, where most writes go back to."""
    return f"/desk/manage/{event_id}"


def form_fields(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """The model's fields from the form fields of the same names, stripped; a field
    left empty is not given."""
    out: dict[str, Any] = {}
    for name in model.model_fields:
        value = form.get(name)
        if isinstance(value, str) and value.strip():
            out[name] = value.strip()
    return out


def parsed(model: type[M], data: dict[str, Any]) -> M:
    """A form's fields as the body model, or the validator's sentence (422)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput(sentence(exc.errors())) from None


def from_form(model: type[BaseModel], fields: FormFields = form_fields) -> Any:
    """A dependency: the posted form as ``model`` (the API's body), as
    ``Annotated[Pools, from_form(Pools)]``; ``fields`` when the form's fields differ
    from the model's (a line-up typed on one line, a card's rounds in a grid)."""

    async def parse(request: Request) -> BaseModel:
        return parsed(model, fields(model, await request.form()))

    return Depends(parse)


def scorer_match(who: Actor) -> Match:
    """The game of a table scorer's code (the scorer's phone acts on it only)."""
    if who.match is None:
        raise NotAllowed("this form is for a table scorer: join the game with its code")
    return who.match


# -- fields read one by one -------------------------------------------------------------


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
