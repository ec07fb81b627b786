"""The event file (JSON or YAML): an event, its entrants and, optionally, its results.

The same document describes an event to create and a results file to rank; see
docs/formats.md. Validated with pydantic; every problem is reported as InvalidInput.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import category
from flickboard.events.csc import double_round_robin
from flickboard.events.leagues import LEAGUE_TARGET
from flickboard.events.lineups import ROSTER
from flickboard.events.scorecard import Scorecard, validate
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Standings, preliminary_standings, round_robin_standings
from flickboard.play.scoring import GameScore, RoundScore

Format = Literal["preliminary", "round-robin"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EntrantSpec(_Model):
    """A player or team: ID number and full name."""

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=200)


class RoundSpec(_Model):
    """Both sides' points and 20s in one round."""

    scores: tuple[int, int]
    twenties: tuple[int, int] = (0, 0)


class ValidationSpec(_Model):
    """The opponent's ID and initials."""

    by: str = Field(min_length=1)
    initials: str = Field(min_length=1, max_length=10)


class CardSpec(_Model):
    """One scorecard."""

    round: int = Field(ge=1)
    sides: tuple[str, str]
    rounds: list[RoundSpec]
    validated: ValidationSpec | None = None
    championship: bool = False


class EventFile(_Model):
    """An event: name, category, format and entrants; results are optional."""

    name: str = Field(min_length=1, max_length=200)
    category: str
    format: Format = "preliminary"
    games: int = Field(default=10, ge=1, le=100)
    seed: int = 0
    bye_points: int = Field(default=8, ge=0)
    entrants: list[EntrantSpec] = Field(min_length=2)
    cards: list[CardSpec] = []
    byes: dict[str, int] = {}
    shootouts: list[dict[str, int | tuple[int, int]]] = []

    @field_validator("category")
    @classmethod
    def _known_category(cls, value: str) -> str:
        return category(value).name

    @field_validator("entrants")
    @classmethod
    def _unique_ids(cls, value: list[EntrantSpec]) -> list[EntrantSpec]:
        ids = [e.id for e in value]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"entrant IDs listed twice: {', '.join(sorted(dup))}")
        return value

    @property
    def names(self) -> dict[str, str]:
        """Entrant ID -> full name."""
        return {e.id: e.name for e in self.entrants}

    def to_cards(self) -> list[Scorecard]:
        """The scorecards as domain values (each checked)."""
        names = self.names
        out = []
        for n, c in enumerate(self.cards, start=1):
            for who in c.sides:
                if who not in names:
                    raise InvalidInput(f"card {n}: {who} is not an entrant")
            try:
                game = GameScore(tuple(RoundScore(r.scores, r.twenties) for r in c.rounds))
                card = Scorecard(
                    self.category,
                    c.round,
                    c.sides,
                    (names[c.sides[0]], names[c.sides[1]]),
                    game,
                    championship=c.championship,
                )
                if c.validated:
                    card = validate(card, c.validated.by, c.validated.initials)
                out.append(card)
            except (InvalidInput, IllegalInPosition) as exc:
                where = f"card {n} (round {c.round}, {' v '.join(c.sides)})"
                raise type(exc)(f"{where}: {exc}") from None
        return out

    def to_shootouts(self) -> list[ShootOut]:
        """The shoot-outs in the order they were held."""
        return [ShootOut.of(s) for s in self.shootouts]

    def standings(self) -> Standings:
        """Standings by this event's format."""
        ids = [e.id for e in self.entrants]
        if self.format == "round-robin":
            return round_robin_standings(ids, self.to_cards(), self.to_shootouts())
        return preliminary_standings(
            ids, self.to_cards(), self.to_shootouts(), byes=self.byes, bye_points=self.bye_points
        )


def parse_event(data: Any, source: str = "event file") -> EventFile:
    """Validate a decoded document."""
    try:
        return EventFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "top level"
        raise InvalidInput(f"{source}: {where}: {first['msg']}") from None


def _read(path: str | Path) -> Any:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(f"cannot read {p}: {exc.strerror}") from None
    try:
        return json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise InvalidInput(
            f"{p}: not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}"
        ) from None


def load_event(path: str | Path) -> EventFile:
    """Read an event file (``.json``, ``.yaml`` or ``.yml``)."""
    return parse_event(_read(path), str(path))


def dump_event(event: EventFile) -> str:
    """The event as JSON text (without empty optional fields)."""
    return event.model_dump_json(indent=2, exclude_defaults=False)


def card_spec(card: Scorecard) -> CardSpec:
    """A domain scorecard as a file entry."""
    return CardSpec(
        round=card.draw_round,
        sides=card.sides,
        rounds=[
            RoundSpec(scores=(r.scores[0], r.scores[1]), twenties=(r.twenties[0], r.twenties[1]))
            for r in card.game.rounds
        ],
        validated=ValidationSpec(by=card.validation.opponent_id, initials=card.validation.initials)
        if card.validation
        else None,
        championship=card.championship,
    )


ClubFormat = Literal["csc-round-robin", "league-six", "league-four", "elimination"]
CLUB_FORMATS: tuple[str, ...] = ("csc-round-robin", "league-six", "league-four", "elimination")
"""Formats of :class:`ClubEventFile` (CSC Parts VI and VII, fair-rules elimination)."""

SINGLES_TARGET, DOUBLES_TARGET, FAIR_TARGET = 15, 17, 100
"""CSC games to 15 in singles and 17 in doubles (V 4(k)); fair-rules games to 100 (4)."""


class TeamSpec(_Model):
    """A team (or a player) of a club event; league teams list their roster."""

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=200)
    players: list[EntrantSpec] = []


class FixtureSpec(_Model):
    """A league night's match: round (night) number, home and visiting team IDs."""

    round: int = Field(ge=1)
    home: str
    visitors: str


class ClubEventFile(_Model):
    """A CSC double round robin, a six- or four-person CSC league, or a fair-rules
    single elimination (entrants listed best seed first)."""

    name: str = Field(min_length=1, max_length=200)
    format: ClubFormat
    discipline: Literal["singles", "doubles"] = "doubles"
    target: int | None = Field(default=None, ge=1)
    best_of_three_from: int | None = Field(default=None, ge=2)
    entrants: list[TeamSpec] = Field(min_length=2)
    fixtures: list[FixtureSpec] = []

    @model_validator(mode="after")
    def _consistent(self) -> ClubEventFile:
        ids = [e.id for e in self.entrants]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"entrant IDs listed twice: {', '.join(dup)}")
        league = self.format.startswith("league-")
        if self.format == "league-six" and self.target not in (None, LEAGUE_TARGET):
            raise ValueError(f"a league game is to {LEAGUE_TARGET} (Part VII 1)")
        if self.format == "league-four" and self.target not in (None, LEAGUE_TARGET):
            raise ValueError(f"a league game is to {LEAGUE_TARGET} (Part VII 1)")
        if self.best_of_three_from is not None and self.format != "elimination":
            raise ValueError("best_of_three_from is for the elimination format")
        if self.fixtures and not league:
            raise ValueError("fixtures are for leagues; a round robin and a bracket are drawn")
        players = [p.id for e in self.entrants for p in e.players]
        if league:
            low, high = ROSTER[self.format.removeprefix("league-")]
            for e in self.entrants:
                if not low <= len(e.players) <= high:
                    raise ValueError(
                        f"team {e.id} lists {len(e.players)} players; a {self.format} team has "
                        f"{low} to {high} (at least {low}, at most {high - low} spares)"
                    )
            twice = sorted({p for p in players if players.count(p) > 1})
            if twice:
                raise ValueError(f"players on two rosters or listed twice: {', '.join(twice)}")
        elif players:
            raise ValueError("only league teams list players")
        if self.format == "csc-round-robin" and len(ids) < 3:
            raise ValueError("a CSC round robin needs three teams: the top three play off (8.2 a)")
        busy: set[tuple[int, str]] = set()
        for f in self.fixtures:
            for team in (f.home, f.visitors):
                if team not in ids:
                    raise ValueError(f"fixture round {f.round}: {team} is not an entrant")
                if (f.round, team) in busy:
                    raise ValueError(f"fixture round {f.round}: {team} plays twice that night")
                busy.add((f.round, team))
            if f.home == f.visitors:
                raise ValueError(f"fixture round {f.round}: {f.home} cannot play itself")
        return self

    @property
    def goal(self) -> int:
        """Points that win a game of this event."""
        if self.target is not None:
            return self.target
        if self.format.startswith("league-"):
            return LEAGUE_TARGET
        if self.format == "elimination":
            return FAIR_TARGET
        return SINGLES_TARGET if self.discipline == "singles" else DOUBLES_TARGET

    def schedule(self) -> list[FixtureSpec]:
        """The fixtures: as listed, or a double round robin (home first) when none are."""
        if self.format == "elimination":
            return []
        if self.fixtures:
            return list(self.fixtures)
        return [
            FixtureSpec(round=d.round_no, home=a, visitors=b)
            for d in double_round_robin([e.id for e in self.entrants])
            for a, b in d.games
        ]


def parse_any(data: Any, source: str = "event file") -> EventFile | ClubEventFile:
    """A crokinole event file, or a club event file when ``format`` names one."""
    if isinstance(data, dict) and data.get("format") in CLUB_FORMATS:
        try:
            return ClubEventFile.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "top level"
            msg = str(first["msg"]).removeprefix("Value error, ")
            raise InvalidInput(f"{source}: {where}: {msg}") from None
    return parse_event(data, source)


def load_any(path: str | Path) -> EventFile | ClubEventFile:
    """Read any event file (``.json``, ``.yaml`` or ``.yml``)."""
    return parse_any(_read(path), str(path))
