"""The objects of a CMN 1.0 file (the public JSON draft) as pydantic models: the fields
each object holds, in the draft's names, which are required and of what type.

What the draft requires is declared here: ``cmn`` is ``"1.0"``, a record has an ``id``
and a ``match``, a match its ``date`` (ISO 8601 in UTC, ending in ``Z``), ``format``
(``singles`` or ``doubles``), exactly two teams of one or two players by its format, at
least one game and a ``winner`` (0, 1 or null, but present), a game its ``winner``, a
``gameFormat`` its ``count`` or ``target`` by its ``type``, a source its ``app``.
What it leaves open or only recommends is accepted: any ``id`` (a UUID is recommended),
any ``source.app`` and ``location.country`` text. Every object ignores fields it does
not know, as the draft asks of consumers; flickboard's own fields are a ``"flickboard"``
object inside the object they belong to.

:func:`document` reads a decoded file into these models; its :class:`InvalidInput`
names the first wrong field by its path (``matches[2].match.games[1].winner``).
Whether the games make sense (scores against winners, the match's length) is not the
file's shape but the game's: :mod:`flickboard.play.cmn` checks it.

>>> document({"cmn": "1.0", "id": "m1", "match": {
...     "date": "2026-02-15T20:00:00Z", "format": "singles",
...     "teams": [{"players": [{"name": "Nick"}]}, {"players": [{"name": "Xavi"}]}],
...     "games": [{"winner": 0}, {"winner": 2}], "winner": 0}})
Traceback (most recent call last):
...
flickboard.errors.InvalidInput: match.games[1].winner must be 0 (team 1) or 1 (team 2), got 2
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    ValidationInfo,
    WrapValidator,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails, PydanticCustomError

from flickboard.errors import InvalidInput

Version = Literal["1.0"]
CMN_VERSION: Version = "1.0"
"""The draft this module reads and writes."""

Format = Literal["singles", "doubles"]
PLAYERS_PER_TEAM: dict[Format, int] = {"singles": 1, "doubles": 2}
"""``format`` -> players listed in each team."""


def _shown(value: object, most: int = 60) -> str:
    """A value as the file writes it (JSON), cut short if long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def _refused(message: str, at: str = "", kind: str = "cmn") -> PydanticCustomError:
    """An error of the file in the draft's words; ``at`` continues its path (``.count``)."""
    return PydanticCustomError(kind, message, {"at": at})


def _told(message: str) -> WrapValidator:
    """Any error of the value told in one phrase (``must be ...``), then what it was."""

    def check(value: object, handler: Any) -> Any:
        try:
            return handler(value)
        except ValidationError:
            raise _refused(message, kind="cmn_value") from None

    return WrapValidator(check)


def _utc(date: str) -> str:
    """An ISO 8601 date and time in UTC, ending in ``Z``."""
    datetime.fromisoformat(date)
    if not date.endswith("Z"):
        raise ValueError("not in UTC")
    return date


def _non_blank(text: str) -> str:
    if not text.strip():
        raise _refused("must be a non-empty string", kind="cmn_value")
    return text


Text = Annotated[str, AfterValidator(_non_blank)]
"""A string with something in it (more than spaces)."""

Side = Annotated[StrictInt, Field(ge=0, le=1), _told("must be 0 (team 1) or 1 (team 2)")]
"""A team by its index: 0 is team 1, 1 is team 2."""

Pair = Annotated[
    list[Annotated[StrictInt, Field(ge=0)]],
    Field(min_length=2, max_length=2),
    _told("must be [team 1, team 2], two whole numbers of 0 or more"),
]
"""A count for each team, team 1's first."""

UtcDate = Annotated[
    str,
    AfterValidator(_utc),
    _told("must be an ISO 8601 date and time in UTC ending in Z, like 2026-02-11T19:30:00Z"),
]

Positive = Annotated[StrictInt, Field(ge=1), _told("must be a whole number of 1 or more")]


class CmnObject(BaseModel):
    """A CMN object: JSON types as they are (no strings for numbers), fields it does not
    know ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True, allow_inf_nan=False)


class Location(CmnObject):
    """Where: ISO 3166-1 alpha-2 country, region, latitude and longitude."""

    country: Text | None = None
    region: Text | None = None
    lat: float | None = None
    lng: float | None = None


class Event(CmnObject):
    """The event a match was part of; ``round`` is the round (draw round, week) in it."""

    name: Text | None = None
    type: Text | None = None
    round: Positive | None = None
    venue: Text | None = None
    location: Location | None = None


class Source(CmnObject):
    """The application that wrote the record."""

    app: Text = Field(description="a string")
    version: Text | None = None
    url: Text | None = None


class PlayerExtras(CmnObject):
    """flickboard's fields of a player: the player's ID number in an event."""

    id: Text | None = None


class Player(CmnObject):
    """A player: display name and, if linked, Crokinole Player ID."""

    name: Text = Field(description="a string")
    cid: Text | None = None
    flickboard: PlayerExtras | None = None


class TeamExtras(CmnObject):
    """flickboard's fields of a team: the entrant's ID number and the team's name."""

    id: Text | None = None
    name: Text | None = None


class Team(CmnObject):
    """A side: its players (one in singles, two in doubles)."""

    players: list[Player] = Field(description="a list of players")
    flickboard: TeamExtras | None = None


class GameExtras(CmnObject):
    """flickboard's fields of a game: a timed round in which no disc was shot."""

    unplayed: StrictBool = False


class Game(CmnObject):
    """One CMN game (one crokinole round): its winner (null for a tie) and, when
    recorded, the team with the hammer, the scores and the 20s."""

    winner: Side | None = Field(description="0, 1 or null")
    hammer: Side | None = None
    scores: Pair | None = None
    twenties: Pair | None = None
    flickboard: GameExtras | None = None


class GameFormat(CmnObject):
    """How the match length was set: ``fixed`` (``count`` games) or ``first_to``
    (``target`` points)."""

    type: Literal["fixed", "first_to"] = Field(description="fixed or first_to")
    count: Positive | None = None
    target: Positive | None = None

    @model_validator(mode="after")
    def _length_given(self) -> GameFormat:
        needed = "count" if self.type == "fixed" else "target"
        if getattr(self, needed) is None:
            raise _refused(f"is required when type is {self.type}", at=f".{needed}")
        return self


class Validation(CmnObject):
    """A scorecard's validation: the opponent's ID number and initials."""

    by: Text = Field(description="a string")
    initials: Text = Field(description="a string")


class MatchExtras(CmnObject):
    """flickboard's fields of a match: the rule set, the WCC category, a championship
    game, a race ended by time, a scorecard's validation."""

    rules: Text | None = None
    category: Text | None = None
    championship: StrictBool = False
    time_up: StrictBool = Field(False, alias="timeUp")
    validated: Validation | None = None


class Match(CmnObject):
    """A match between two teams: its games and its winner."""

    date: UtcDate = Field(description="an ISO 8601 date and time in UTC ending in Z")
    format: Format = Field(description="singles or doubles")
    teams: list[Team] = Field(description="a list of 2 teams")
    game_format: GameFormat | None = Field(None, alias="gameFormat")
    games: list[Game] = Field(description="a list of games")
    winner: Side | None = Field(description="0, 1 or null")
    flickboard: MatchExtras | None = None

    @field_validator("teams")
    @classmethod
    def _two_teams_of_the_format(cls, teams: list[Team], info: ValidationInfo) -> list[Team]:
        if len(teams) != 2:
            raise _refused(f"must hold exactly 2 teams, not {len(teams)}")
        fmt = info.data.get("format")
        size = PLAYERS_PER_TEAM.get(fmt) if fmt else None
        for n, team in enumerate(teams):
            if size is not None and len(team.players) != size:
                raise _refused(
                    f"lists {len(team.players)} players; a {fmt} team has {size}",
                    at=f"[{n}].players",
                )
        return teams

    @field_validator("games")
    @classmethod
    def _some_games(cls, games: list[Game]) -> list[Game]:
        if not games:
            raise _refused("is empty: a match records its games")
        return games


class Entry(CmnObject):
    """A match of a batch, with its own event and source when they differ."""

    id: Text = Field(description="a string")
    match: Match = Field(description="an object")
    event: Event | None = None
    source: Source | None = None


class Record(CmnObject):
    """A CMN file of one match."""

    cmn: Version = Field(description='"1.0"')
    batch: StrictBool = False
    id: Text = Field(description="a string")
    match: Match = Field(description="an object")
    event: Event | None = None
    source: Source | None = None


class Batch(CmnObject):
    """A CMN file of several matches: the event and source apply to every match unless
    the match gives its own."""

    cmn: Version = Field(description='"1.0"')
    batch: Literal[True]
    event: Event | None = None
    source: Source | None = None
    matches: list[Entry] = Field(description="a list of matches")


_Obj = TypeVar("_Obj", bound=CmnObject)


def given(obj: _Obj) -> _Obj | None:
    """``obj``, or None when it holds nothing (written files leave empty objects out)."""
    return obj if obj.model_dump(exclude_defaults=True) else None


def document(data: Mapping[str, Any]) -> Record | Batch:
    """A decoded CMN file (``"batch": true`` for a batch) as its objects;
    :class:`InvalidInput` names the first field that is wrong, by its path."""
    kind: type[Record | Batch] = Batch if data.get("batch") is True else Record
    try:
        return kind.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput(problem(exc, kind)) from None


def problem(error: ValidationError, model: type[BaseModel] | None = None) -> str:
    """The first error of validating ``model`` as one line naming the field by its path,
    and how many more there are."""
    first, *others = error.errors()
    more = f" (and {len(others)} more problem{'s' * (len(others) > 1)})" if others else ""
    return _sentence(first, model) + more


PHRASES = {
    "model_type": "must be an object",
    "dict_type": "must be an object",
    "list_type": "must be a list",
    "string_type": "must be a non-empty string",
    "float_type": "must be a number",
    "finite_number": "must be a finite number",
    "bool_type": "must be true or false",
    "literal_error": "must be {expected}",
}
"""pydantic's errors in the draft's words (each followed by what the value was)."""


def _sentence(error: ErrorDetails, model: type[BaseModel] | None) -> str:
    loc = error["loc"]
    ctx = error.get("ctx", {})
    where = _path(loc) + str(ctx.get("at", ""))
    kind = error["type"]
    if kind == "missing":
        field = _field_at(model, loc) if model else None
        what = f" ({field.description})" if field and field.description else ""
        return f"{where} is required{what}"
    if kind == "cmn":
        return f"{where} {error['msg']}"
    if kind == "cmn_value":
        told = error["msg"]
    elif kind in PHRASES:
        told = PHRASES[kind].format(**{k: str(v).replace("'", "") for k, v in ctx.items()})
    else:
        return f"{where}: {error['msg']}"
    return f"{where} {told}, got {_shown(error['input'])}"


def _path(loc: tuple[int | str, ...]) -> str:
    """``matches[2].match.games[1].winner`` for pydantic's location of an error."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out or "the file"


def _field_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> FieldInfo | None:
    """The field an error's location ends at (items of lists followed through)."""
    found: FieldInfo | None = None
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, int):
            continue
        if current is None:
            return None
        found = next(
            (f for name, f in current.model_fields.items() if (f.alias or name) == part), None
        )
        if found is None:
            return None
        current = _model_in(found.annotation)
    return found


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds, alone, optional or as the items of a list."""
    for kind in (annotation, *get_args(annotation)):
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            return kind
    return None
