"""The desk's writes and the JSON API, one router per resource. Each module has the
resource's JSON routes under ``/api/desk`` (``api``; signing in: ``/api/session``) and
its pages' forms under ``/desk`` (``forms``), together its ``router``:

- :mod:`.session`: signing in, joining a game, signing out, changing a password;
- :mod:`.events`: the list, event files, creating, renaming, entrants, deleting, pools
  and the Round of 32;
- :mod:`.standings`: standings, the live stream, sanctions and shoot-outs;
- :mod:`.rounds`: draws, drawing, publishing and withdrawing a round, scorer codes and
  blank scorecards;
- :mod:`.cards`: crokinole cards, at the table and before a referee;
- :mod:`.games`: club games, at the board and before an official;
- :mod:`.csc`, :mod:`.league`, :mod:`.bracket`: each club format's own writes;
- :mod:`.officials`: referees' accounts, the disputes queue, the audit trail.

Every endpoint is a plain function: the path's parts, the body (a model of
:mod:`flickboard.web.desk.bodies`), who may act (:mod:`flickboard.web.desk.who`) and the
service, answering a model of :mod:`flickboard.web.desk.answers`. A form's endpoint
reads the form into the same body and calls the API's endpoint
(:mod:`flickboard.web.desk.forms`). docs/web.md, "How a desk action is declared".
"""

from __future__ import annotations

from fastapi import APIRouter

from flickboard.web.desk.routers import (
    bracket,
    cards,
    csc,
    events,
    games,
    league,
    officials,
    rounds,
    session,
    standings,
)

RESOURCES = (session, events, standings, rounds, cards, games, csc, league, bracket, officials)
"""The resources' modules, in the order their routes are matched."""

ROUTERS: tuple[APIRouter, ...] = tuple(m.router for m in RESOURCES)
"""One router per resource: its JSON routes and its pages' forms."""
