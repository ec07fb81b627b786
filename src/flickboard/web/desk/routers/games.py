"""Games of club events (CSC round robins, CSC leagues, fair-rules brackets): the list,
a game entered at the board by one team and confirmed or disputed by the other, and an
official's ruling on, correction of or withdrawal of one game."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from fastapi.responses import RedirectResponse

from flickboard.events.racegame import race_from_text
from flickboard.play.scoring import RaceScore
from flickboard.store.club import ClubGame as StoredGame
from flickboard.store.service import DeskService
from flickboard.web.desk.answers import ClubGame
from flickboard.web.desk.bodies import (
    ClubResult,
    GameCorrection,
    GameRuling,
    Reason,
    SideInitials,
    SideReason,
)
from flickboard.web.desk.forms import Posted, back, from_form, number, scorer_match, text, to_manage
from flickboard.web.desk.routing import DeskRoute, Number, Service
from flickboard.web.desk.who import (
    MayConfirmClubGame,
    MayCorrectClubGame,
    MayDisputeClubGame,
    MayEnterClubResult,
    MayRuleClubGame,
    MayWithdrawClubGame,
)

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


def race_in(svc: DeskService, event: str, frames: str | None, score: str | None) -> RaceScore:
    """A club game's frames or score as the event's race (its target, its frames)."""
    club = svc.stores.club_desk(event)
    return race_from_text(
        frames or None, score or None, club.target(event), crokinole=club.frame_max is None
    )


def game_answer(game: StoredGame) -> ClubGame:
    """A stored club game as the API answers it."""
    return ClubGame.model_validate(game.as_dict())


@api.get("/events/{event_id}/games")
def club_games(event_id: Number, svc: Service) -> list[ClubGame]:
    """Every stored game of a club event with its ID (what corrections and withdrawals
    name), sides, frames and score."""
    return [game_answer(g) for g in svc.games.stored(svc.desk.info(event_id).name)]


# -- at the board -------------------------------------------------------------------------


@api.post("/events/{event_id}/games", status_code=201)
def enter_club_result(
    event_id: Number, who: MayEnterClubResult, body: ClubResult, svc: Service
) -> ClubGame:
    """A game of a club meeting: at the board (a scorer, ``by`` their team) it waits
    for the other team to confirm it (CSC VII 11); an official's counts at once."""
    name = svc.desk.info(event_id).name
    svc.games.at_meeting(who, name, body.round, body.team, *([body.by] if body.by else []))
    race = race_in(svc, name, body.frames, body.score)
    game = svc.games.enter(who, name, body.round, body.team, body.game, race, body.by)
    return game_answer(game)


@api.post("/events/{event_id}/games/{game_id}/confirmation")
def confirm_club_game(
    event_id: Number, game_id: Number, who: MayConfirmClubGame, body: SideInitials, svc: Service
) -> ClubGame:
    """The other team confirms a game entered at the board with initials: it counts."""
    name = svc.desk.info(event_id).name
    return game_answer(svc.games.confirm(who, name, game_id, body.side, body.initials))


@api.post("/events/{event_id}/games/{game_id}/dispute")
def dispute_club_game(
    event_id: Number, game_id: Number, who: MayDisputeClubGame, body: SideReason, svc: Service
) -> ClubGame:
    """A team disputes a game entered at the board: it goes to the referees (VII 10)."""
    name = svc.desk.info(event_id).name
    return game_answer(svc.games.dispute(who, name, game_id, body.side, body.reason))


@forms.post("/score/game")
def score_game(who: MayEnterClubResult, form: Posted, svc: Service) -> RedirectResponse:
    """A team enters a game of its club meeting; the other team confirms it."""
    match = scorer_match(who)
    name = svc.desk.info(match.event_id).name
    race = race_in(svc, name, text(form, "frames"), text(form, "score"))
    by = text(form, "by")
    game = number(form, "game", "the game")
    svc.games.enter(who, name, match.round_no, match.sides[0], game, race, by)
    other = match.sides[1] if by == match.sides[0] else match.sides[0]
    names = svc.club.names(name)
    return back("/desk/score", f"Game {game} entered: {names[other]} confirms it or disputes it")


@forms.post("/score/game/confirm")
def score_game_confirm(who: MayConfirmClubGame, form: Posted, svc: Service) -> RedirectResponse:
    """The other team confirms a game with their initials (CSC VII 11)."""
    name = svc.desk.info(scorer_match(who).event_id).name
    game_id, side = number(form, "game_id"), text(form, "side")
    game = svc.games.confirm(who, name, game_id, side, text(form, "initials"))
    return back("/desk/score", f"Game {game.game_no} confirmed: thank you")


@forms.post("/score/game/dispute")
def score_game_dispute(who: MayDisputeClubGame, form: Posted, svc: Service) -> RedirectResponse:
    """A team disputes a game: it goes to the referees (CSC VII 10)."""
    name = svc.desk.info(scorer_match(who).event_id).name
    game_id, side = number(form, "game_id"), text(form, "side")
    svc.games.dispute(who, name, game_id, side, text(form, "reason"))
    return back("/desk/score", "Disputed: a referee will come to the board")


# -- officials ----------------------------------------------------------------------------


@api.post("/events/{event_id}/games/{game_id}/ruling")
def rule_club_game(
    event_id: Number, game_id: Number, who: MayRuleClubGame, body: GameRuling, svc: Service
) -> ClubGame:
    """A referee settles a disputed club game, as entered or as it should stand."""
    name = svc.desk.info(event_id).name
    given = bool((body.frames or "").strip() or (body.score or "").strip())
    settled = race_in(svc, name, body.frames, body.score) if given else None
    return game_answer(svc.games.rule(who, name, game_id, settled, body.reason))


@forms.post("/manage/{event_id}/games/{game_id}/rule")
def rule_club_game_form(
    event_id: Number,
    game_id: Number,
    who: MayRuleClubGame,
    body: Annotated[GameRuling, from_form(GameRuling)],
    svc: Service,
) -> RedirectResponse:
    rule_club_game(event_id, game_id, who, body, svc)
    return back(to_manage(event_id), "Ruling recorded")


@api.post("/events/{event_id}/games/{game_id}/correction")
def correct_club_game(
    event_id: Number, game_id: Number, who: MayCorrectClubGame, body: GameCorrection, svc: Service
) -> ClubGame:
    """An official corrects a club game's result, checked as a new one (the audit keeps
    before, after and the reason)."""
    name = svc.desk.info(event_id).name
    race = race_in(svc, name, body.frames, body.score)
    return game_answer(svc.games.correct(who, name, game_id, race, body.reason))


@forms.post("/manage/{event_id}/games/{game_id}/correct")
def correct_club_game_form(
    event_id: Number,
    game_id: Number,
    who: MayCorrectClubGame,
    body: Annotated[GameCorrection, from_form(GameCorrection)],
    svc: Service,
) -> RedirectResponse:
    correct_club_game(event_id, game_id, who, body, svc)
    return back(to_manage(event_id), "Game corrected")


@api.post("/events/{event_id}/games/{game_id}/withdrawal")
def withdraw_club_game(
    event_id: Number, game_id: Number, who: MayWithdrawClubGame, body: Reason, svc: Service
) -> ClubGame:
    """An official withdraws a club game entered in error (the audit keeps it)."""
    name = svc.desk.info(event_id).name
    return game_answer(svc.games.withdraw(who, name, game_id, body.reason))


@forms.post("/manage/{event_id}/games/{game_id}/withdraw")
def withdraw_club_game_form(
    event_id: Number,
    game_id: Number,
    who: MayWithdrawClubGame,
    body: Annotated[Reason, from_form(Reason)],
    svc: Service,
) -> RedirectResponse:
    withdraw_club_game(event_id, game_id, who, body, svc)
    return back(to_manage(event_id), "Game withdrawn")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
