"""What the desk's API answers: one pydantic model per shape of JSON answer, named in
each operation of the OpenAPI schema (the requests' bodies are in
:mod:`flickboard.web.desk.bodies`). Several operations that answer alike share a model.
FastAPI validates every answer against its model before sending it, and a key the
model does not declare fails that (``extra="forbid"``): an answer that drifts from its
schema fails the tests instead of going out undocumented."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from flickboard.events.eventfile import CorrectionSpec, RoundSpec, ValidationSpec


class Answer(BaseModel):
    """An answer of the desk's API: exactly the keys it declares."""

    model_config = ConfigDict(extra="forbid")


# -- sessions ---------------------------------------------------------------------------


class EventRef(Answer):
    id: int
    name: str


class ScorerGame(Answer):
    """The game a scorer's code is for."""

    round: int
    sides: list[str]
    event: EventRef


class Session(Answer):
    """Who the session is and its CSRF token (sent back as ``X-CSRF-Token`` on writes)."""

    role: str
    name: str
    csrf: str
    match: ScorerGame | None = Field(
        default=None, description="A scorer's game (left out for others)."
    )


# -- events and rounds ------------------------------------------------------------------


class EventListed(Answer):
    id: int
    name: str
    format: str
    category: str | None
    date: str | None = Field(description="ISO date, or null.")
    revision: int


class EventCreated(Answer):
    id: int
    notes: list[str] = Field(
        description="Validated cards imported as not validated (their seal did not verify)."
    )


class ClubEventCreated(Answer):
    id: int


class Named(Answer):
    """The name given (an event, a referee, an account)."""

    name: str


class Added(Answer):
    added: int = Field(description="How many entrants were added.")


class Drawn(Answer):
    round: int
    games: list[tuple[str, str]]
    bye: str | None


class DrawnGame(Answer):
    board: int
    sides: tuple[str, str]


class DrawListed(Answer):
    round: int
    draft: bool
    games: list[DrawnGame]
    bye: str | None


class Published(Answer):
    round: int


class RoundWithdrawn(Answer):
    withdrawn: int = Field(description="The round withdrawn.")


class PoolsMade(Answer):
    events: list[str] = Field(description="The pools' events, by name.")


class EventMade(Answer):
    event: str = Field(description="The new event's name.")


class ScorerCode(Answer):
    code: str
    url: str = Field(description="The link a phone opens to join the game.")


# -- cards and standings ----------------------------------------------------------------


class Card(Answer):
    """A card as the event file keeps it (without its seal)."""

    round: int
    sides: tuple[str, str]
    rounds: list[RoundSpec]
    validated: ValidationSpec | None
    championship: bool
    corrections: list[CorrectionSpec]


class CardAt(Card):
    """A card, and the event's revision just after the write (live pages show it as
    their ``id``)."""

    revision: int


class CardCorrected(Card):
    void_shootouts: list[list[str]] = Field(
        description="The entrants of each shoot-out the correction made void (removed)."
    )


class CardListed(Card):
    entered_by: str | None
    disputed: bool


class Placing(Answer):
    place: int
    entrant: str
    points: int
    twenties: int
    games: int
    tied: bool
    reasons: list[str]
    name: str


class Standings(Answer):
    """Crokinole standings: provisional while ``pending`` cards wait for validation."""

    provisional: bool
    pending: list[str]
    standings: list[Placing]


class CardDispute(Answer):
    """A disputed card in the referees' queue."""

    event: str
    round: int
    sides: tuple[str, str]
    names: tuple[str, str]
    board: int | None
    raised_by: str
    raised_at: str
    reason: str


class ClubGameDispute(Answer):
    """A disputed club game in the referees' queue (``game_id``: what a ruling names)."""

    event: str
    game_id: int
    what: str
    round: int | None
    sides: tuple[str, str]
    names: tuple[str, str]
    board: int | None
    raised_by: str
    reason: str


class Audited(Answer):
    """One write: who, when (ISO), what, and the values before and after it."""

    at: str
    role: str
    actor: str
    action: str
    event: str | None
    detail: str
    before: JsonValue
    after: JsonValue


# -- club events ------------------------------------------------------------------------


class ClubGame(Answer):
    """A stored club game: the result as frames and totals, or the forfeiting side."""

    id: int
    label: str
    game: int
    sides: tuple[str, str]
    what: str
    frames: list[list[int]] | None
    score: list[int] | None
    forfeit_by: str | None
    round: int | None
    status: Literal["entered", "disputed", "confirmed"]
    entered_by: str | None
    confirmed_by: str | None
    dispute: str | None


class Remaining(Answer):
    remaining: int = Field(description="Round-robin games still to play.")


class Champion(Answer):
    champion: str | None


class Reasons(Answer):
    reasons: dict[str, str] = Field(description="Each team's standing, in words.")


class Offence(Answer):
    """CSC VI 12: the offence, the clause and both sanctions spelled out."""

    team: str
    player: str
    act: str
    clause: str
    prize: str
    suspension: str


class Offences(Answer):
    offences: list[Offence]
    reasons: dict[str, str]


class BoardsOut(Answer):
    boards_out: list[Annotated[list[int | str], Field(min_length=2, max_length=2)]] = Field(
        description="Each board out of play and why: [board, reason]."
    )


class AtEnd(Answer):
    player: str
    end: Literal["LE", "RE"]


class LeagueMatch(Answer):
    """A league match after a write: each side's players game by game (in end order,
    null until its line-up is set), match points and what its page notes."""

    teams: tuple[str, str]
    players: list[list[list[AtEnd]] | None]
    points: list[str]
    notes: list[str]


class MatchPoints(Answer):
    points: list[str]


class CscLine(Answer):
    place: int
    team: str
    name: str
    points: int
    games: int
    scored: int
    tied: bool
    out: bool = Field(description="Out of the event (VI 7): placed after every team in.")
    prize_forfeited_by: str = Field(description="VI 12: the players, comma separated.")
    reason: str


class CscStandings(Answer):
    """A CSC round robin as it stands: standings, games to play, the playoff field
    (``first``, ``semi``, ``pending``) and its winners, offences (VI 12)."""

    standings: list[CscLine]
    remaining: int
    first: str | None
    semi: list[str]
    pending: list[str]
    semi_winner: str | None
    champion: str | None
    offences: list[Offence]


class LeagueLine(Answer):
    place: int
    team: str
    match_points: str = Field(description="As text: halves.")
    reason: str


class BracketMatch(Answer):
    """A bracket match: a side is null for a bye or a place still waiting."""

    id: str
    stage: int
    sides: tuple[str | None, str | None]
    best_of: int
    winner: str | None


class BracketDraws(Answer):
    """The main and the consolation draws, stage by stage."""

    main: list[list[BracketMatch]]
    consolation: list[list[BracketMatch]]


EventStandings = Standings | CscStandings | list[LeagueLine] | BracketDraws
"""An event's standings: crokinole's, a CSC round robin's, a league's or a bracket's."""
