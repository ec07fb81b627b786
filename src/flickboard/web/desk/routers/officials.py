"""The officials: referees' accounts (the director adds one, lifts an account's lock),
the referees' queue of open disputes and the audit trail."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field

from flickboard.web.desk.answers import Audited, CardDispute, ClubGameDispute, Named
from flickboard.web.desk.bodies import Referee
from flickboard.web.desk.forms import back, from_form
from flickboard.web.desk.routing import DeskRoute, Reader, Service
from flickboard.web.desk.who import MayAddReferee, MayUnlockAccount

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)

ACCOUNTS_PAGE = "/desk/accounts"


@api.post("/referees", status_code=201)
def add_referee(who: MayAddReferee, body: Referee, svc: Service) -> Named:
    """The director creates a referee account."""
    svc.identity.add_referee(who, body.name, body.password)
    return Named(name=body.name)


@forms.post("/accounts")
def add_referee_form(
    who: MayAddReferee, body: Annotated[Referee, from_form(Referee)], svc: Service
) -> RedirectResponse:
    add_referee(who, body, svc)
    return back(ACCOUNTS_PAGE, f"Referee {body.name} can sign in")


@api.post("/accounts/{name}/unlock")
def unlock_account(name: str, who: MayUnlockAccount, svc: Service) -> Named:
    """The director lifts the lock of an account locked by failed sign-ins."""
    svc.identity.unlock(who, name)
    return Named(name=name)


class AccountGiven(BaseModel):
    """The account the form unlocks (the API's path names it)."""

    name: str = Field(min_length=1, max_length=80)


@forms.post("/accounts/unlock")
def unlock_account_form(
    who: MayUnlockAccount,
    given: Annotated[AccountGiven, from_form(AccountGiven)],
    svc: Service,
) -> RedirectResponse:
    unlock_account(given.name, who, svc)
    return back(ACCOUNTS_PAGE, f"{given.name} can sign in again")


# -- what officials review ----------------------------------------------------------------


@api.get("/disputes", response_model=list[CardDispute | ClubGameDispute])
def disputes(who: Reader, svc: Service) -> list[dict[str, object]]:
    """The referees' queue of open disputes (officials)."""
    return svc.disputes(who)


@api.get("/audit", response_model=list[Audited])
def audit(who: Reader, svc: Service, event: str | None = None) -> list[dict[str, object]]:
    """Every write: who, when, what (officials)."""
    return svc.audit(who, event)


router = APIRouter()
router.include_router(api)
router.include_router(forms)
