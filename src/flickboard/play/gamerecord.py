"""Game records as JSON, for any game: every shot with the position before it, the
turn, the shot (or hand-entered outcome), the events, the finals and the ruling.

Loading a record replays it: each shot is ruled again by the referee named in the
record and must give the same ruling, and each position must follow from the last
ruling, so a record that loads is a record that is true. The game-specific layer
(:mod:`flickboard.play.crokinole_record`) adds rounds, scores and results.

Version 2 is compact: floats are rounded to :data:`PRECISION` decimal places, the
board is stored once, and a shot's finals leave out the discs it did not move. The
writer checks that the rounded record replays to the same rulings and otherwise
writes it at a finer precision (see :func:`game_record_to_json`). Version 3 stores the
board in the one board encoding of every file (:func:`~flickboard.physics.serialize.board_to_dict`)
and a turn's seat is the shooter's seat in every game (a table shuffleboard turn named
the delivering end before). Version 1 and 2 records (full floats, every final; the old
board form) still load.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.geometry import BOARD_KINDS, Board, DiscSpec
from flickboard.jsonfields import int_field, json_object, list_field, number_field, rounded
from flickboard.physics import Layout, PlacedDisc, ShotRecord
from flickboard.physics.serialize import (
    EVENT_FIELDS,
    board_from_dict,
    board_to_dict,
    record_from_dict,
    record_to_dict,
)
from flickboard.play.intent import intent_from_json
from flickboard.play.kind import game_kind
from flickboard.rules.base import Decision, Position, Referee, Ruling, Turn, referee

FORMAT = "flickboard/game-record"
VERSION = 3
READS = (1, 2, 3)
"""Record versions this module loads."""

PRECISION = 6
"""Decimal places of every float a record stores: 1e-6 m, s, rad, m/s."""

FALLBACK_PRECISIONS: tuple[int | None, ...] = (PRECISION, 9, None)
"""Tried in turn until the rounded record replays (None: full precision). 1e-9 m is far
below the 1e-7 m overlap tolerance, so discs at rest touching stay touching."""


@dataclass(frozen=True, slots=True)
class ShotEntry:
    """One shot as played: the position before, the turn, the record and the ruling.

    ``calls`` holds what an official saw that the record cannot show (rule-set specific,
    JSON-ready, e.g. a shuffleboard weight delivered upside down); a referee that takes
    calls provides ``calling(calls)`` (:class:`CallingReferee`).
    """

    position: Position
    turn: Turn
    record: ShotRecord
    ruling: Ruling
    calls: tuple[tuple[str, Any], ...] = ()


@runtime_checkable
class CallingReferee(Protocol):
    """A referee that can rule with an official's calls (JSON-ready mapping)."""

    def calling(self, calls: Mapping[str, Any]) -> Referee:
        """This referee, ruling the next shot with these calls."""
        ...


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: its rule set, tags, game-specific setup, rounds of shots and scores.

    ``rounds`` holds each round's (frame's) shots; ``scores`` the game-specific score
    of each round and ``result`` the game's, both JSON-ready; ``setup`` whatever the
    game layer needs to rebuild the game (players, seats, ...).
    """

    game: str
    rules: str
    options: tuple[tuple[str, Any], ...]
    tags: tuple[tuple[str, str], ...]
    setup: tuple[tuple[str, Any], ...]
    rounds: tuple[tuple[ShotEntry, ...], ...]
    scores: tuple[Any, ...]
    result: Any
    version: int = VERSION
    """The format version it was read from (the game layer reads old turns by it)."""

    def referee(self) -> Referee:
        """The referee of the record's rule set and options."""
        return referee(self.rules, **dict(self.options))

    def expect(self, game: str) -> GameRecord:
        """This record, if it is a record of ``game``; :class:`InvalidInput` otherwise."""
        if game_kind(self.game) is not game_kind(game):
            raise InvalidInput(f"not a {game} game record (game {self.game!r})")
        return self


# -- values ------------------------------------------------------------------------------


def legacy_board_from_json(data: object) -> Board:
    """A board as version 1 and 2 records stored it: ``kind`` and every figure flat."""
    obj = dict(json_object(data, "board"))
    kind = obj.pop("kind", None)
    cls = BOARD_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidInput("board kind must be crokinole or shuffleboard")
    try:
        disc = DiscSpec(**json_object(obj.pop("disc", None), "board disc"))
        return cls(**{**obj, "disc": disc})
    except TypeError as exc:
        raise InvalidInput(f"board: {exc}") from None


def position_to_json(position: Position, precision: int | None = None) -> list[dict[str, Any]]:
    """The discs in play: id, side, centre and (only when true) ``leaning``."""
    data: list[dict[str, Any]] = []
    for d in position.layout.discs:
        disc = {
            "id": d.id,
            "side": position.side_of(d.id),
            "x": rounded(d.x, precision),
            "y": rounded(d.y, precision),
        }
        if d.leaning:
            disc["leaning"] = True
        data.append(disc)
    return data


def position_from_json(data: object, board: Board) -> Position:
    """A position on ``board`` from :func:`position_to_json`."""
    if not isinstance(data, list):
        raise InvalidInput("a position must be a list of discs")
    discs, owners = [], {}
    for n, item in enumerate(data):
        obj = json_object(item, f"position disc {n}", {"id", "side", "x", "y", "leaning"})
        disc_id = int_field(obj, "id", "position disc")
        discs.append(
            PlacedDisc(
                disc_id,
                number_field(obj, "x", "position disc"),
                number_field(obj, "y", "position disc"),
                leaning=bool(obj.get("leaning", False)),
            )
        )
        owners[disc_id] = int_field(obj, "side", "position disc")
    return Position.of(Layout(board, tuple(discs)), owners)


def decision_to_json(d: Decision, precision: int | None = None) -> dict[str, Any]:
    """One decision of a ruling."""
    return {
        "disc": d.disc,
        "side": d.side,
        "fate": d.fate.value,
        "x": rounded(d.x, precision),
        "y": rounded(d.y, precision),
        "leaning": d.leaning,
        "clause": d.clause,
        "reason": d.reason,
    }


def ruling_to_json(ruling: Ruling, precision: int | None = None) -> dict[str, Any]:
    """A ruling (its position after follows from the next shot's position)."""
    return {
        "valid": ruling.valid,
        "summary": ruling.summary,
        "decisions": [decision_to_json(d, precision) for d in ruling.decisions],
    }


def entry_to_json(entry: ShotEntry, precision: int | None = None) -> dict[str, Any]:
    """One shot of a game record, floats rounded to ``precision`` places (None: all)."""
    t = entry.turn
    data = {
        "turn": {"seat": t.seat, "side": t.side, "disc": t.disc},
        "position": position_to_json(entry.position, precision),
        "record": record_to_dict(entry.record, compact=True, precision=precision),
        "ruling": ruling_to_json(entry.ruling, precision),
    }
    if entry.calls:
        data["calls"] = dict(entry.calls)
    return data


def _entry_from_json(
    data: object, board: Board, ref: Referee, where: str, precision: int | None
) -> ShotEntry:
    obj = json_object(data, where, {"turn", "position", "record", "ruling", "calls", "intent"})
    if obj.get("intent") is not None:
        intent_from_json(obj["intent"], f"{where} intent")  # read by the review (play.intent)
    t = json_object(obj.get("turn"), f"{where} turn", {"seat", "side", "disc"})
    turn = Turn(
        int_field(t, "seat", "turn"), int_field(t, "side", "turn"), int_field(t, "disc", "turn")
    )
    position = position_from_json(obj.get("position"), board)
    record = record_from_dict(obj.get("record"), position.layout)
    calls = dict(json_object(obj.get("calls", {}), f"{where} calls"))
    if calls:
        if not isinstance(ref, CallingReferee):
            raise InvalidInput(f"{where}: rule set {ref.name!r} takes no official's calls")
        ref = ref.calling(calls)
    ruling = ref.rule(position, turn, record)
    if ruling_to_json(ruling, precision) != obj.get("ruling"):
        raise InvalidInput(
            f"{where}: ruling again gives {ruling.summary!r}, not the recorded ruling"
        )
    return ShotEntry(position, turn, record, ruling, tuple(calls.items()))


# -- whole records -------------------------------------------------------------------------


def game_record_to_json(
    record: GameRecord,
    *,
    check: Callable[[dict[str, Any]], object] | None = None,
    precisions: tuple[int | None, ...] = FALLBACK_PRECISIONS,
) -> dict[str, Any]:
    """The JSON form of a game record (docs/formats.md, "Game records").

    Floats are rounded to the first of ``precisions`` at which the record still loads:
    ``check`` (default :func:`game_record_from_json`; a game layer passes its full
    replay) must accept the JSON, so rounding never changes a ruling, makes touching
    discs overlap or moves a disc across a line. The last precision is written as is.
    """
    verify = check or game_record_from_json
    for n, precision in enumerate(precisions):
        data = _game_record_json(record, precision)
        if n == len(precisions) - 1:
            return data
        try:
            verify(data)
        except FlickboardError:
            continue
        return data
    raise ValueError("precisions must not be empty")


def _game_record_json(record: GameRecord, precision: int | None) -> dict[str, Any]:
    board = record.rounds[0][0].position.layout.board if any(record.rounds) else None
    return {
        "format": FORMAT,
        "version": VERSION,
        "precision": precision,
        "game": record.game,
        "rules": record.rules,
        "options": dict(record.options),
        "tags": dict(record.tags),
        "setup": dict(record.setup),
        "board": None if board is None else board_to_dict(board),
        "rounds": [
            {"shots": [entry_to_json(e, precision) for e in shots], "score": score}
            for shots, score in zip(record.rounds, record.scores, strict=True)
        ],
        "result": record.result,
    }


def game_record_from_json(data: object) -> GameRecord:
    """Load and replay a game record: every ruling is made again and must match.

    Raises :class:`InvalidInput` naming the first shot that does not replay.
    """
    obj = json_object(
        data,
        "a game record",
        {
            "format",
            "version",
            "precision",
            "game",
            "rules",
            "options",
            "tags",
            "setup",
            "board",
            "rounds",
            "result",
        },
    )
    if obj.get("format") != FORMAT:
        raise InvalidInput(f"not a flickboard game record (format must be {FORMAT!r})")
    version = obj.get("version")
    if isinstance(version, bool) or version not in READS:
        readable = " or ".join(map(str, READS))
        raise InvalidInput(f"game record version {version!r} is not {readable}")
    precision = obj.get("precision")
    if precision is not None and (
        isinstance(precision, bool) or not isinstance(precision, int) or not 0 <= precision <= 17
    ):
        raise InvalidInput(
            f"game record precision must be 0-17 decimal places or null, got {precision!r}"
        )
    rules, game = obj.get("rules"), obj.get("game")
    if not isinstance(rules, str) or not isinstance(game, str):
        raise InvalidInput("a game record needs its game and rules names")
    options = dict(json_object(obj.get("options", {}), "options"))
    tags = {str(k): str(v) for k, v in json_object(obj.get("tags", {}), "tags").items()}
    setup = dict(json_object(obj.get("setup", {}), "setup"))
    ref = referee(rules, **options)
    if game_kind(game) is not game_kind(ref.game):
        raise InvalidInput(f"rule set {rules!r} is for {ref.game}, not {game}")
    raw_board = obj.get("board")
    read_board = board_from_dict if version == VERSION else legacy_board_from_json
    board = None if raw_board is None else read_board(raw_board)
    rounds: list[tuple[ShotEntry, ...]] = []
    scores: list[Any] = []
    for r, raw_round in enumerate(list_field(obj, "rounds", "game record"), start=1):
        rnd = json_object(raw_round, f"round {r}", {"shots", "score"})
        shots: list[ShotEntry] = []
        for s, raw_shot in enumerate(list_field(rnd, "shots", f"round {r}"), start=1):
            if board is None:
                raise InvalidInput("a game record with shots needs its board")
            where = f"round {r} shot {s}"
            try:
                entry = _entry_from_json(raw_shot, board, ref, where, precision)
            except InvalidInput as exc:
                raise InvalidInput(
                    str(exc) if str(exc).startswith(where) else f"{where}: {exc}"
                ) from None
            except FlickboardError as exc:
                raise InvalidInput(f"{where}: {exc}") from None
            if shots and entry.position != shots[-1].ruling.position_after:
                raise InvalidInput(f"{where}: the position does not follow from the shot before")
            shots.append(entry)
        rounds.append(tuple(shots))
        scores.append(rnd.get("score"))
    return GameRecord(
        game,
        rules,
        tuple(sorted(options.items())),
        tuple(tags.items()),
        tuple(setup.items()),
        tuple(rounds),
        tuple(scores),
        obj.get("result"),
        version,
    )


__all__ = [
    "EVENT_FIELDS",
    "FALLBACK_PRECISIONS",
    "FORMAT",
    "PRECISION",
    "READS",
    "VERSION",
    "CallingReferee",
    "GameRecord",
    "ShotEntry",
    "entry_to_json",
    "game_record_from_json",
    "game_record_to_json",
    "legacy_board_from_json",
    "position_from_json",
    "position_to_json",
    "rounded",
    "ruling_to_json",
]
