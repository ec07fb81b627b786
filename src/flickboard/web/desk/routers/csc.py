"""CSC round robins: a round-robin game, a sudden-death game, a play-off game, a
player's change of delegation (VI 7), an offence (VI 12) and a board out of play
(VI 14), each entered by an official."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field

from flickboard.events.delegation import DelegationChange
from flickboard.events.offences import Offence as Offending
from flickboard.web.desk.answers import BoardsOut, Champion, Offence, Offences, Reasons, Remaining
from flickboard.web.desk.bodies import (
    BoardOut,
    CscGame,
    Delegation,
    OffenceBody,
    Playoff,
    SuddenDeath,
)
from flickboard.web.desk.forms import back, from_form, to_manage
from flickboard.web.desk.routers.games import race_in
from flickboard.web.desk.routing import DeskRoute, Number, Service
from flickboard.web.desk.who import (
    MayEnterClubGame,
    MayRecordDelegationChange,
    MayRecordOffence,
    MayTakeBoardOut,
)

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


@api.post("/events/{event_id}/csc/games")
def csc_game(event_id: Number, who: MayEnterClubGame, body: CscGame, svc: Service) -> Remaining:
    """A CSC round-robin game's result (home first)."""
    name = svc.desk.info(event_id).name
    race = race_in(svc, name, body.frames, body.score)
    st = svc.csc.game(who, name, body.round, body.home, body.visitors, race)
    return Remaining(remaining=st.remaining)


@forms.post("/manage/{event_id}/csc/game")
def csc_game_form(
    event_id: Number,
    who: MayEnterClubGame,
    body: Annotated[CscGame, from_form(CscGame)],
    svc: Service,
) -> RedirectResponse:
    csc_game(event_id, who, body, svc)
    return back(to_manage(event_id), "Game entered")


@api.post("/events/{event_id}/csc/sudden-death")
def csc_sudden_death(
    event_id: Number, who: MayEnterClubGame, body: SuddenDeath, svc: Service
) -> Remaining:
    """A sudden-death game among tied teams (CSC VI 8.2 e)."""
    name = svc.desk.info(event_id).name
    race = race_in(svc, name, body.frames, body.score)
    st = svc.csc.sudden_death(who, name, body.stage, (body.home, body.visitors), race)
    return Remaining(remaining=st.remaining)


@forms.post("/manage/{event_id}/csc/sudden-death")
def csc_sudden_death_form(
    event_id: Number,
    who: MayEnterClubGame,
    body: Annotated[SuddenDeath, from_form(SuddenDeath)],
    svc: Service,
) -> RedirectResponse:
    csc_sudden_death(event_id, who, body, svc)
    return back(to_manage(event_id), "Sudden-death game entered")


@api.post("/events/{event_id}/csc/playoff")
def csc_playoff(event_id: Number, who: MayEnterClubGame, body: Playoff, svc: Service) -> Champion:
    """A semi-final or final game (best of three)."""
    name = svc.desk.info(event_id).name
    st = svc.csc.playoff(who, name, body.series, race_in(svc, name, body.frames, body.score))
    return Champion(champion=st.result.champion if st.result else None)


@forms.post("/manage/{event_id}/csc/playoff")
def csc_playoff_form(
    event_id: Number,
    who: MayEnterClubGame,
    body: Annotated[Playoff, from_form(Playoff)],
    svc: Service,
) -> RedirectResponse:
    csc_playoff(event_id, who, body, svc)
    return back(to_manage(event_id), f"{body.series.title()} game entered")


def change_of(body: Delegation) -> DelegationChange:
    """The body's change of delegation."""
    return DelegationChange(
        body.kind, body.team, body.player, body.round, body.reason, body.player_in
    )


@api.post("/events/{event_id}/csc/delegation")
def csc_delegation(
    event_id: Number, who: MayRecordDelegationChange, body: Delegation, svc: Service
) -> Reasons:
    """CSC VI 7: a player who cannot continue, a substitute of the same gender, or none."""
    name = svc.desk.info(event_id).name
    return Reasons(reasons=svc.csc.delegation_change(who, name, change_of(body)).reasons)


@forms.post("/manage/{event_id}/csc/delegation")
def csc_delegation_form(
    event_id: Number,
    who: MayRecordDelegationChange,
    body: Annotated[Delegation, from_form(Delegation)],
    svc: Service,
) -> RedirectResponse:
    csc_delegation(event_id, who, body, svc)
    return back(to_manage(event_id), change_of(body).describe())


@api.post("/events/{event_id}/csc/offences")
def csc_offence(
    event_id: Number, who: MayRecordOffence, body: OffenceBody, svc: Service
) -> Offences:
    """CSC VI 12: an entered player's offence detrimental to the game (signed): the
    player's share of any prize is forfeited and they are suspended from further
    Congress sponsored tournaments."""
    st = svc.csc.offence(who, svc.desk.info(event_id).name, body.player, body.act)
    offences = [Offence.model_validate(o.as_dict()) for o in st.offences]
    return Offences(offences=offences, reasons=st.reasons)


@forms.post("/manage/{event_id}/csc/offence")
def csc_offence_form(
    event_id: Number,
    who: MayRecordOffence,
    body: Annotated[OffenceBody, from_form(OffenceBody)],
    svc: Service,
) -> RedirectResponse:
    last = csc_offence(event_id, who, body, svc).offences[-1]
    return back(to_manage(event_id), Offending(last.team, last.player, last.act).describe())


@api.post("/events/{event_id}/csc/boards/{board}/out")
def csc_board_out(
    event_id: Number, board: Number, who: MayTakeBoardOut, body: BoardOut, svc: Service
) -> BoardsOut:
    """CSC VI 14: take a damaged board out of play; its games go to ``to_board``."""
    name = svc.desk.info(event_id).name
    st = svc.csc.board_out(who, name, board, body.to_board, body.reason)
    return BoardsOut(boards_out=[list(x) for x in st.boards_out])


class BoardGiven(BaseModel):
    """The board the form takes out of play (the API's path names it)."""

    board: int = Field(ge=1, le=1000)


@forms.post("/manage/{event_id}/csc/board-out")
def csc_board_out_form(
    event_id: Number,
    who: MayTakeBoardOut,
    given: Annotated[BoardGiven, from_form(BoardGiven)],
    body: Annotated[BoardOut, from_form(BoardOut)],
    svc: Service,
) -> RedirectResponse:
    csc_board_out(event_id, given.board, who, body, svc)
    message = f"Board {given.board} out of play; its games move to board {body.to_board}"
    return back(to_manage(event_id), message)


router = APIRouter()
router.include_router(api)
router.include_router(forms)
