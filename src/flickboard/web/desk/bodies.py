"""The bodies of the desk's writes: the JSON the API reads, and what a page's form is
parsed into (:func:`flickboard.web.desk.forms.from_form`), each field checked at the
edge."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from flickboard.events.delegation import ChangeKind
from flickboard.events.sanctions import Kind
from flickboard.play.scoring import RoundScore


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


Attempts = Annotated[str, StringConstraints(min_length=1, max_length=12)]
"""One player's shoot-out attempts in the order shot: X a 20, o no 20, - short of or
out of the 15 circle."""


class ShootOutBody(BaseModel):
    attempts: dict[
        Annotated[str, StringConstraints(min_length=1, max_length=40)],
        Attempts | tuple[Attempts, Attempts],
    ] = Field(
        min_length=2,
        max_length=64,
        description="Entrant ID -> each shot in order (singles: a string of 12, e.g. "
        '"XoX-oooXo-oo"; doubles: two of 6, one per player): X a 20, o no 20, - short of '
        "or out of the 15 circle. Every attempt counts (WCC).",
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


class OffenceBody(BaseModel):
    player: str = Field(min_length=1, max_length=40, description="The entered player's ID.")
    act: str = Field(
        min_length=1,
        max_length=1000,
        description="What the player did: the offence or act detrimental to the game.",
    )


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
    during: bool = Field(
        default=False,
        description="Made during the game (refused: VII 12(a)), not before it began.",
    )


class Ends(BaseModel):
    night: int = Field(ge=1, le=1000)
    team: str = Field(min_length=1, max_length=40)
    from_game: int = Field(ge=1, le=9)
    pair: Literal["A", "B", "C"] = Field(description="The six-person pair changing ends.")
    during: bool = Field(
        default=False, description="Made during the game (refused: V 1(b)), not before it."
    )


class Postponement(BaseModel):
    night: int = Field(ge=1, le=1000)
    team: str = Field(min_length=1, max_length=40, description="The team asking to postpone.")
    ample_notice: bool = Field(description="Whether the notice was ample, as the league judges.")
    notice: str = Field(
        min_length=1, max_length=1000, description="The notice given (when, how), or none."
    )


class LeagueGame(Result):
    night: int = Field(ge=1)
    team: str
    game: int = Field(ge=1, le=9)
    played_by: str | None = Field(
        default=None,
        max_length=20,
        description="The line-up places that played it (A v B; four-person 3+2 v 3+2), "
        "checked against the rotation (VII 12(b)).",
    )


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
