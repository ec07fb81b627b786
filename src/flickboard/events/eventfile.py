"""The event file (JSON or YAML): an event, its entrants and, optionally, its results.

The same document describes an event to create and a results file to rank; see
docs/formats.md. Validated with pydantic; every problem is reported as InvalidInput.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.categories import category
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


def load_event(path: str | Path) -> EventFile:
    """Read an event file (``.json``, ``.yaml`` or ``.yml``)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(f"cannot read {p}: {exc.strerror}") from None
    try:
        data = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise InvalidInput(
            f"{p}: not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}"
        ) from None
    return parse_event(data, str(p))


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
