"""The table's API in pydantic models: every request checked at the edge, every answer
described (FastAPI's OpenAPI page at ``/api/docs``; docs/web.md).

Units are the game's: metres, radians, metres per second, radians per second. A shot is
asked for as the page aims it: ``u`` along the start line the referee allows (0 the
shooter's left end, 1 the right), ``angle`` radians right of straight in, ``speed``
and ``spin``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from flickboard.physics.shot import MAX_SPEED
from flickboard.play.noise import check_level

MAX_ANGLE = 1.4
"""Largest aim either side of straight in (radians, about 80 degrees): beyond it a
disc goes back over its own line."""

MAX_SPIN = 30.0
"""Largest spin a player may give (rad/s; a hard twist of the fingers is under 20)."""

MAX_NAME = 40
"""Longest player name."""


class Strict(BaseModel):
    """A request: unknown fields are refused, not ignored."""

    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    """Who plays one seat: a person at this screen, a person at another browser (who
    joins by link), or the AI (``ai[:KIND][:LEVEL]``, e.g. ``ai:planner:competitive``)."""

    player: Literal["here", "remote", "ai"] = "here"
    name: str = Field("", max_length=MAX_NAME)
    ai: str = Field("ai:planner:competitive", max_length=40)


class GameIn(Strict):
    """How a game is set up: the game, its rules and format."""

    game: str = Field("crokinole", max_length=40, description="crokinole or shuffleboard")
    rules: str | None = Field(None, max_length=20, description="wcc, nca, depot, fair or csc")
    options: dict[str, StrictBool | StrictInt | str] = Field(
        default_factory=dict, description="The rule set's options, e.g. {'direct_hit': true}"
    )
    players: int = Field(2, ge=2, le=4)
    teams: bool = Field(True, description="With 4 players: doubles, else one colour each")
    games: int = Field(1, ge=1, le=20)
    best_of_three: bool = False
    time_minutes: float | None = Field(None, gt=0, le=180, description="A timed game")
    time_shots: int | None = Field(
        None, ge=1, le=500, description="Time is up after this many shots (a short game)"
    )
    target: int | None = Field(None, ge=1, le=1000, description="Table shuffleboard's target")


class NewGame(GameIn):
    """A new game: its setup, each seat's player (in the listing order of
    ``/api/play/seating``), take-backs and the realistic mode."""

    seats: list[SeatIn] = Field(min_length=2, max_length=4)
    undo: bool = Field(True, description="Casual: a player may take back their last shot")
    realistic: str | None = Field(
        None, max_length=20, description="Add this skill level's execution noise to shots"
    )
    seed: int | None = Field(None, ge=0, le=2**31 - 1)
    real_board: bool = Field(
        False,
        description="Played on a real board: each shot entered by hand (every seat here)",
    )


class ShotIn(Strict):
    """A shot from ``seat``: where on the start line, which way, how hard, what spin."""

    seat: int = Field(ge=0, le=3)
    u: float = Field(ge=0.0, le=1.0, description="Start: 0 the left end, 1 the right end")
    angle: float = Field(ge=-MAX_ANGLE, le=MAX_ANGLE, description="Radians right of straight in")
    speed: float = Field(gt=0.0, le=MAX_SPEED, description="m/s (the game's range applies)")
    spin: float = Field(0.0, ge=-MAX_SPIN, le=MAX_SPIN, description="rad/s, anticlockwise +")


class TryIn(ShotIn):
    """A shot tried again from the position before a shot of the game, aimed as a shot
    is (``seat``: the seat of the game whose token is given), and the level the coach
    weighs it at."""

    level: str = Field("competitive", min_length=3, max_length=20, description="Skill level")


class PlaceIn(Strict):
    """Where a disc that moved stopped (metres), and how: on the surface, in the 20
    hole, off the surface (the ditch, a gutter) or leaning on the hole."""

    id: int = Field(ge=0, le=10_000)
    x: float = Field(ge=-10.0, le=10.0)
    y: float = Field(ge=-10.0, le=20.0)
    state: Literal["on_surface", "in_hole", "in_ditch", "in_gutter", "leaning"] = "on_surface"


class SeatAct(Strict):
    """An act of one seat (undo, resign): the token in ``X-Seat-Token`` must be its."""

    seat: int = Field(ge=0, le=3)


class ReviewIn(SeatAct):
    """Ask for a game review or a hint as a seat of the game (its token in
    ``X-Seat-Token``), weighed at a skill level (docs/review.md)."""

    level: str = Field(
        "competitive", min_length=3, max_length=20, description="Skill level (its name)"
    )

    @field_validator("level")
    @classmethod
    def _level(cls, value: str) -> str:
        return check_level(value)  # a former name is taken, the level's name is kept


class HandIn(SeatAct):
    """A shot played on a real board, as a scorer enters it: where the shooter and every
    disc that moved stopped (``places``), and the disc the shooter struck first (None:
    none). The referee rules it (docs/review.md, "Games from a real board")."""

    places: list[PlaceIn] = Field(min_length=1, max_length=30)
    first: int | None = Field(None, ge=0, le=10_000)


class JoinIn(Strict):
    """The code of a join link."""

    code: str = Field(min_length=8, max_length=100)


# -- answers -------------------------------------------------------------------------


class SeatOut(BaseModel):
    """A seat: its side and colour, who plays it, whether its player is here."""

    seat: int
    side: int
    colour: str
    name: str
    player: Literal["here", "remote", "ai"]
    ai: str | None
    joined: bool


class Created(BaseModel):
    """A new game: its ID and page, the tokens of the seats played at this screen, and
    the join links of the seats played elsewhere."""

    id: str
    url: str
    tokens: dict[str, str]
    joins: dict[str, str]


class Joined(BaseModel):
    """A seat joined by link: its token (keep it: it is the seat's key)."""

    seat: int
    token: str


class StartLineOut(BaseModel):
    """A start line and the stretches a shot may start from (geometry/startline.py)."""

    shape: Literal["arc", "segment"]
    radius: float | None = None
    angles: list[float] | None = None
    points: list[list[float]] | None = None
    allowed: list[list[float]]


class TurnOut(BaseModel):
    """Whose shot it is: the seats that may shoot (the usual one first), the side and
    disc id, and where each of those seats may start."""

    seat: int
    side: int
    disc: int
    choices: list[int]
    starts: dict[str, StartLineOut]


class DiscOut(BaseModel):
    """A disc in play."""

    id: int
    side: int
    x: float
    y: float
    leaning: bool


class ClockOut(BaseModel):
    """A timed game's clock: seconds or shots left."""

    kind: Literal["seconds", "shots"]
    left: float


class ScoreOut(BaseModel):
    """The score panel: game and round, each side's game score, the 20s of this round,
    discs left per seat, the hammer, the match score and the clock."""

    game: int
    games: int
    round: int
    round_word: str
    scores: list[int]
    twenties: list[int] | None
    discs_left: dict[str, int]
    hammer: int | None
    match: list[int]
    summary: str
    clock: ClockOut | None


class RoundOut(BaseModel):
    """A finished round (frame)."""

    game: int
    number: int
    scores: list[int]
    counted: list[int]
    twenties: list[int]
    summary: str


class GameEndOut(BaseModel):
    """A finished game."""

    number: int
    winner: int | None
    scores: list[int]
    summary: str


class StateOut(BaseModel):
    """Everything public about a game now: setup, seats, board figures, position, turn,
    score and status (``playing``, ``over`` or ``resigned``)."""

    id: str
    game: str
    title: str
    piece: str
    rules: str
    options: dict[str, StrictBool | StrictInt | str]
    status: Literal["playing", "over", "resigned"]
    result: str
    version: int
    shots: int
    undo: bool
    realistic: str | None
    real_board: bool
    """Each shot is entered by hand from a real board (the entry page)."""
    seats: list[SeatOut]
    side_names: list[str]
    exports: list[str]
    """Record formats besides JSON the game can be downloaded in now (``cmn``)."""
    colours: list[str]
    board: dict[str, object]
    speed_range: list[float]
    speed_default: float | None
    """The page's first aim speed; null while the physics kernels warm up."""
    discs: list[DiscOut]
    turn: TurnOut | None
    score: ScoreOut
    rounds: list[RoundOut]
    games: list[GameEndOut]
    thinking: int | None


class ShotValues(BaseModel):
    """A shot as played: start, direction (radians from +x), speed, spin."""

    x: float
    y: float
    angle: float
    speed: float
    spin: float


class TrajectoryDisc(BaseModel):
    """A moving disc's centres at each sample and where it is (changes only)."""

    id: int
    x: list[float]
    y: list[float]
    where: list[list[int]]


class TrajectoryOut(BaseModel):
    """Sample times (s) and the discs that move."""

    fps: float
    t: list[float]
    discs: list[TrajectoryDisc]


class EventOut(BaseModel):
    """A contact, drop, leaner, ditch or gutter, as it happened."""

    t: float
    kind: str
    disc: int
    other: int | str | None
    x: float
    y: float


class DecisionOut(BaseModel):
    """The referee's word on one disc."""

    disc: int
    side: int
    fate: Literal["in_play", "out", "twenty", "restored"]
    x: float
    y: float
    leaning: bool
    clause: str
    reason: str


class RulingOut(BaseModel):
    """The ruling on a shot."""

    valid: bool
    summary: str
    decisions: list[DecisionOut]
    twenties: dict[str, int]


class ShotOut(BaseModel):
    """One shot: who, the shot as played (and as meant, in realistic mode), the
    position before, the trajectory, the events, the ruling, what it ended, the AI's
    explanation, and the game's state after it."""

    number: int
    by: str
    game: int
    round: int
    seat: int
    side: int
    disc: int
    shot: ShotValues | None
    meant: ShotValues | None
    explanation: str | None
    before: list[DiscOut]
    after: list[DiscOut]
    duration: float
    trajectory: TrajectoryOut | None
    events: list[EventOut]
    ruling: RulingOut
    rounds_ended: list[RoundOut]
    games_ended: list[GameEndOut]
    over: bool
    state: StateOut | None = None


class ShotSummary(BaseModel):
    """A shot in the list the replay page scrubs through."""

    number: int
    by: str
    seat: int
    side: int
    game: int
    round: int
    summary: str
