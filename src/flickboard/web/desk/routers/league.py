"""CSC leagues, a night's match: line-ups, substitutions, a six-person pair's change of
ends, a postponement, a game's result and games forfeited by a late team, each entered
by an official."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi.responses import RedirectResponse
from pydantic import BaseModel
from starlette.datastructures import FormData

from flickboard.store.league import LeagueMatch as Match
from flickboard.web.desk.answers import LeagueMatch, MatchPoints
from flickboard.web.desk.bodies import Ends, Late, LeagueGame, Lineup, Postponement, Substitution
from flickboard.web.desk.forms import back, form_fields, from_form, to_manage
from flickboard.web.desk.routers.games import race_in
from flickboard.web.desk.routing import DeskRoute, Number, Service
from flickboard.web.desk.who import (
    MayChangeEnds,
    MayEnterClubGame,
    MayForfeitForDelay,
    MayPostponeMatch,
    MaySetLineup,
    MaySubstitute,
)

api = APIRouter(prefix="/api/desk", tags=["desk"], route_class=DeskRoute)
forms = APIRouter(prefix="/desk", route_class=DeskRoute, include_in_schema=False)


def match_answer(m: Match) -> LeagueMatch:
    """A league match after a write: its teams, each side's players game by game (in
    end order) with their ends, match points and what its page notes."""
    return LeagueMatch.model_validate(
        {
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
    )


@api.post("/events/{event_id}/league/lineups")
def league_lineup(event_id: Number, who: MaySetLineup, body: Lineup, svc: Service) -> LeagueMatch:
    """A team's starting line-up for a night (a six-person pair's left-end player
    first)."""
    name = svc.desk.info(event_id).name
    return match_answer(svc.league.lineup(who, name, body.night, body.team, body.start))


def lineup_fields(model: type[BaseModel], form: FormData) -> dict[str, Any]:
    """A line-up typed as ``1=H1 2=H2`` (league-four) or ``A=H1,H2 ...`` (pairs)."""
    start: dict[str, list[str]] = {}
    value = form.get("lineup")
    for part in (value if isinstance(value, str) else "").split():
        slot, _, players = part.partition("=")
        start[slot.strip().upper()] = [p for p in players.split(",") if p]
    return {**form_fields(model, form), "start": start}


@forms.post("/manage/{event_id}/league/lineup")
def league_lineup_form(
    event_id: Number,
    who: MaySetLineup,
    body: Annotated[Lineup, from_form(Lineup, lineup_fields)],
    svc: Service,
) -> RedirectResponse:
    league_lineup(event_id, who, body, svc)
    return back(to_manage(event_id), "Line-up set")


@api.post("/events/{event_id}/league/substitutions")
def league_substitute(
    event_id: Number, who: MaySubstitute, body: Substitution, svc: Service
) -> LeagueMatch:
    """A substitution as it happened (before a game, or during it), ruled on by VII 12:
    refused, or kept with the match point a six-person 12(c)-(d) infraction already
    played forfeits."""
    m = svc.league.substitute(
        who,
        svc.desk.info(event_id).name,
        body.night,
        body.team,
        body.from_game,
        body.player_out,
        body.player_in,
        body.during,
    )
    return match_answer(m)


@forms.post("/manage/{event_id}/league/sub")
def league_substitute_form(
    event_id: Number,
    who: MaySubstitute,
    body: Annotated[Substitution, from_form(Substitution)],
    svc: Service,
) -> RedirectResponse:
    m = league_substitute(event_id, who, body, svc)
    return back(to_manage(event_id), "; ".join(["Substitution made", *m.notes]))


@api.post("/events/{event_id}/league/ends")
def league_ends(event_id: Number, who: MayChangeEnds, body: Ends, svc: Service) -> LeagueMatch:
    """A six-person pair changes ends from a game on (VII 7)."""
    name = svc.desk.info(event_id).name
    m = svc.league.ends(who, name, body.night, body.team, body.from_game, body.pair, body.during)
    return match_answer(m)


@forms.post("/manage/{event_id}/league/ends")
def league_ends_form(
    event_id: Number,
    who: MayChangeEnds,
    body: Annotated[Ends, from_form(Ends)],
    svc: Service,
) -> RedirectResponse:
    league_ends(event_id, who, body, svc)
    return back(to_manage(event_id), f"Pair {body.pair} changes ends from game {body.from_game}")


@api.post("/events/{event_id}/league/postponements")
def league_postpone(
    event_id: Number, who: MayPostponeMatch, body: Postponement, svc: Service
) -> LeagueMatch:
    """VII 14: a team asks to postpone its match (signed); without ample notice it
    forfeits the entire match."""
    name = svc.desk.info(event_id).name
    m = svc.league.postpone(who, name, body.night, body.team, body.ample_notice, body.notice)
    return match_answer(m)


@forms.post("/manage/{event_id}/league/postpone")
def league_postpone_form(
    event_id: Number,
    who: MayPostponeMatch,
    body: Annotated[Postponement, from_form(Postponement)],
    svc: Service,
) -> RedirectResponse:
    m = league_postpone(event_id, who, body, svc)
    # the match's notes begin with its postponement
    return back(to_manage(event_id), m.notes[0] if m.notes else "Recorded")


@api.post("/events/{event_id}/league/games")
def league_game(
    event_id: Number, who: MayEnterClubGame, body: LeagueGame, svc: Service
) -> MatchPoints:
    """A league game's result (home first)."""
    name = svc.desk.info(event_id).name
    race = race_in(svc, name, body.frames, body.score)
    m = svc.league.game(who, name, body.night, body.team, body.game, race, body.played_by)
    return MatchPoints(points=[str(p) for p in m.points])


@forms.post("/manage/{event_id}/league/game")
def league_game_form(
    event_id: Number,
    who: MayEnterClubGame,
    body: Annotated[LeagueGame, from_form(LeagueGame)],
    svc: Service,
) -> RedirectResponse:
    league_game(event_id, who, body, svc)
    return back(to_manage(event_id), "Game entered")


@api.post("/events/{event_id}/league/forfeits")
def league_forfeit(
    event_id: Number, who: MayForfeitForDelay, body: Late, svc: Service
) -> MatchPoints:
    """Games forfeited by a late team (one per full 15 minutes)."""
    name = svc.desk.info(event_id).name
    m = svc.league.forfeit(who, name, body.night, body.team, body.minutes)
    return MatchPoints(points=[str(p) for p in m.points])


@forms.post("/manage/{event_id}/league/forfeit")
def league_forfeit_form(
    event_id: Number,
    who: MayForfeitForDelay,
    body: Annotated[Late, from_form(Late)],
    svc: Service,
) -> RedirectResponse:
    league_forfeit(event_id, who, body, svc)
    return back(to_manage(event_id), "Forfeits recorded")


router = APIRouter()
router.include_router(api)
router.include_router(forms)
