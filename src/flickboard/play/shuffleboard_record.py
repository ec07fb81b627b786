"""Table shuffleboard game and match records, on the shared game record
(``play.gamerecord``).

Each frame is a round of the shared record: every delivery with the position before
it, the turn, the shot record, the official's calls and the ruling. The setup holds
the players, target and first colour, and, for a game after the first of a
best-of-three, the offences called in the games before it (warnings count over the
match); each round's score is the frame's points; the result holds the totals, the
winner and the fouls called (with the frame and the number of weights delivered in it
when each was called, taken-back ones included). A delivery out of order (5(h)) carries
its call and the turn it was really made in; a delivery taken back for a repeat (5(i))
stays in its frame, followed by the repeat. A match record holds its games in order.

Reading a record replays it twice over: the shared layer rules every delivery again,
and this layer plays the deliveries and fouls through a game, which must reach the
recorded frame scores, penalties, totals and winner (docs/formats.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from flickboard.errors import FlickboardError, InvalidInput, RecordMismatch
from flickboard.jsonfields import json_object, list_field
from flickboard.play.gamerecord import (
    GameRecord,
    ShotEntry,
    game_record_from_json,
    game_record_to_json,
)
from flickboard.play.shuffleboard import (
    WEIGHTS_PER_FRAME,
    BestOfThree,
    Delivery,
    GameRules,
    ShuffleboardGame,
    ShuffleboardMatch,
)
from flickboard.play.shuffleboard_fouls import FoulLedger, Penalty
from flickboard.rules.base import Side
from flickboard.rules.shuffleboard import (
    CSCReferee,
    calls_from_json,
    calls_to_json,
    colour_name,
    side_of_colour,
)

GAME = "shuffleboard"

MATCH_FORMAT = "flickboard/shuffleboard-match"
MATCH_VERSION = 1


def _points(points: tuple[int, int]) -> dict[str, int]:
    return {"red": points[0], "green": points[1]}


def _winner(side: Side | None) -> str | None:
    return None if side is None else colour_name(side)


def _entry(delivery: Delivery) -> ShotEntry:
    calls = tuple(calls_to_json(delivery.calls).items())
    return ShotEntry(delivery.position, delivery.turn, delivery.record, delivery.ruling, calls)


def _fouls(game: ShuffleboardGame) -> list[dict[str, Any]]:
    """Fouls called, each with where in the game it was called."""
    fouls: list[dict[str, Any]] = []
    frame, delivered, standing = 0, 0, 0
    for item in game.log:
        if isinstance(item, Delivery):
            delivered += 1
            standing += 0 if item.taken_back else 1
            if standing == WEIGHTS_PER_FRAME:
                frame, delivered, standing = frame + 1, 0, 0
        elif item.foul != "5c":  # a 5(c) penalty follows from its delivery's calls
            fouls.append(_foul(item, frame, delivered))
    return fouls


def _foul(penalty: Penalty, frame: int, delivered: int) -> dict[str, Any]:
    return {
        "frame": frame + 1,
        "delivered": delivered,
        "player": penalty.player + 1,
        "foul": penalty.foul,
        "warning": penalty.warning,
        "points": penalty.points,
    }


def game_record(game: ShuffleboardGame, tags: Mapping[str, str] | None = None) -> GameRecord:
    """The game as a shared :class:`GameRecord` (a frame in progress included)."""
    frames = [tuple(_entry(d) for d in f.deliveries) for f in game.frames]
    scores: list[Any] = [_points(f.score.points) for f in game.frames]
    if game.deliveries:
        frames.append(tuple(_entry(d) for d in game.deliveries))
        scores.append(None)
    result = {
        "totals": _points(game.totals),
        "winner": _winner(game.winner),
        "fouls": _fouls(game),
    }
    setup: dict[str, Any] = {
        "players": game.rules.players,
        "target": game.rules.goal,
        "first": colour_name(game.rules.first),
    }
    if game.carried:
        setup["offences"] = [
            {"player": player + 1, "foul": key, "count": count}
            for (player, key), count in game.carried.items()
        ]
    return GameRecord(
        GAME,
        game.referee.name,
        (),
        tuple((tags or {}).items()),
        tuple(setup.items()),
        tuple(frames),
        tuple(scores),
        result,
    )


def game_to_json(game: ShuffleboardGame, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The game record as JSON, checked to replay whole (a start rounded off the table's
    surface is written at a finer precision)."""
    return game_record_to_json(game_record(game, tags), check=single_from_json)


def game_from_json(data: object) -> ShuffleboardGame:
    """Load a record and replay it into a game; :class:`InvalidInput` says what is wrong."""
    return single_from_json(data).games[0]


def single_from_json(data: object) -> ShuffleboardMatch:
    """A one-game match replayed from a game record."""
    record, referee = _read(data)
    setup = dict(record.setup)
    rules = _rules(setup)
    match = ShuffleboardMatch(rules, referee=referee, offences=_offences(setup, rules))
    _replay(record, match)
    return match


def _read(data: object) -> tuple[GameRecord, CSCReferee]:
    """The shared record, replayed by the shared layer, and its shuffleboard referee."""
    record = game_record_from_json(data).expect(GAME)
    referee = record.referee()
    if not isinstance(referee, CSCReferee):
        raise InvalidInput(f"rule set {record.rules!r} is not a shuffleboard rule set")
    return record, referee


def _rules(setup: Mapping[str, Any]) -> GameRules:
    players, target = setup.get("players", 2), setup.get("target")
    if not isinstance(players, int) or not (target is None or isinstance(target, int)):
        raise InvalidInput("setup players and target must be whole numbers")
    return GameRules(players, target, side_of_colour(setup.get("first", "red")))


def _offences(setup: Mapping[str, Any], rules: GameRules) -> dict[tuple[int, str], int]:
    """The offences carried from earlier games of the match (setup ``offences``)."""
    offences: dict[tuple[int, str], int] = {}
    for item in list_field(setup, "offences", "setup"):
        entry = json_object(item, "setup offence", {"player", "foul", "count"})
        player, foul, count = entry.get("player"), entry.get("foul"), entry.get("count")
        if not (_whole(player, 1, rules.players) and isinstance(foul, str) and _whole(count, 1)):
            raise InvalidInput(
                f"each setup offence needs a player 1-{rules.players}, a foul and a count "
                f"of at least 1, got {dict(entry)}"
            )
        offences[(player - 1, foul)] = count
    return offences


def _whole(value: object, low: int, high: int | None = None) -> TypeGuard[int]:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and low <= value <= (value if high is None else high)
    )


def _replay(record: GameRecord, match: ShuffleboardMatch) -> None:
    """Play the record's deliveries and fouls through the match's game in play and check
    its result (a record before version 3 named the delivering end as a turn's seat)."""
    game = match.game_in_play()
    result = record.result if isinstance(record.result, Mapping) else {}
    fouls = result.get("fouls", [])
    if not isinstance(fouls, list):
        raise InvalidInput("result fouls must be a list")
    pending = list(fouls)
    try:
        for number, (entries, score) in enumerate(zip(record.rounds, record.scores, strict=True)):
            for entry in entries:
                pending = _call_due(match, game, pending)
                if game.over:
                    raise RecordMismatch(
                        f"frame {number + 1}: a weight is delivered after the game was won"
                    )
                calls = dict(entry.calls)
                turn = game.turn_of(calls_from_json(calls))
                seat = game.end if record.version < 3 else turn.seat
                if (entry.turn.seat, entry.turn.side, entry.turn.disc) != (
                    seat,
                    turn.side,
                    turn.disc,
                ):
                    raise RecordMismatch(
                        f"frame {number + 1}: weight {entry.turn.disc} is delivered out of turn "
                        "(and not called out of order, 5(h))"
                    )
                match.play_record(entry.record, turn.seat, calls)
            if score is None:
                continue
            if number >= len(game.frames):
                raise RecordMismatch(f"frame {number + 1} has a score but not its eight weights")
            if score != _points(game.frames[number].score.points):
                raise RecordMismatch(f"frame {number + 1}: recorded score {score} does not replay")
        pending = _call_due(match, game, pending)
    except RecordMismatch:
        raise
    except FlickboardError as exc:
        raise RecordMismatch(str(exc)) from None
    if pending:
        raise RecordMismatch(f"foul {pending[0]!r} is not at a point the game reached")
    if result.get("totals", _points(game.totals)) != _points(game.totals):
        raise RecordMismatch(
            f"the record states totals {result.get('totals')} but replays to {_points(game.totals)}"
        )
    stated, replayed = result.get("winner"), _winner(game.winner)
    if stated != replayed:
        raise RecordMismatch(
            f"the record names {stated} the winner, but the replay is not over: {game.describe()}"
            if replayed is None
            else f"the record names {stated} the winner, but {replayed} wins the replay"
        )


def _call_due(match: ShuffleboardMatch, game: ShuffleboardGame, fouls: list[Any]) -> list[Any]:
    """Call the fouls recorded at the game's present point; return the rest."""
    while fouls:
        foul = fouls[0]
        if not isinstance(foul, Mapping):
            raise InvalidInput("each foul must be an object")
        at = (foul.get("frame"), foul.get("delivered"))
        if at != (game.frame + 1, len(game.deliveries)):
            break
        player = foul.get("player")
        if isinstance(player, bool) or not isinstance(player, int):
            raise InvalidInput(f"foul player must be a number, got {player!r}")
        penalty = match.call_foul(str(foul.get("foul")), player - 1)
        stated = {"warning": foul.get("warning"), "points": foul.get("points")}
        replayed = {"warning": penalty.warning, "points": penalty.points}
        if stated != replayed:
            raise InvalidInput(
                f"frame {game.frame + 1}: foul {penalty.foul} against player {player} is "
                f"recorded as {stated} but replays as {replayed}"
            )
        fouls = fouls[1:]
    return fouls


# -- matches ------------------------------------------------------------------------------


def match_to_json(match: BestOfThree, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A best-of-three as JSON: every game's record (a game in progress included), the
    coin toss for the third game and the match result (docs/formats.md)."""
    return {
        "format": MATCH_FORMAT,
        "version": MATCH_VERSION,
        "tags": dict(tags or {}),
        "toss": _winner(match.toss),
        "games": [
            game_to_json(game, {**(tags or {}), "Game": str(n)})
            for n, game in enumerate(match.games, start=1)
        ],
        "result": {"wins": _points(match.wins), "winner": _winner(match.winner)},
    }


def match_from_json(data: object) -> ShuffleboardMatch:
    """Load a best-of-three record and replay every game into one match, with one foul
    ledger; :class:`InvalidInput` names the game and what is wrong."""
    obj = json_object(
        data, "a match record", {"format", "version", "tags", "toss", "games", "result"}
    )
    if obj.get("format") != MATCH_FORMAT:
        raise InvalidInput(f"not a shuffleboard match record (format must be {MATCH_FORMAT!r})")
    if obj.get("version") != MATCH_VERSION:
        raise InvalidInput(f"match record version {obj.get('version')!r} is not {MATCH_VERSION}")
    toss = obj.get("toss")
    games = list_field(obj, "games", "match record")
    if (toss is not None) != (len(games) >= 3):
        raise InvalidInput(
            "a match record has a coin toss exactly when a third game was played (rule 3)"
        )
    if not games:
        raise InvalidInput("a match record holds at least one game")
    first, _ = _read(games[0])
    rules = _rules(dict(first.setup))
    match = ShuffleboardMatch(
        GameRules(rules.players, rules.goal),
        best_of_three=True,
        referee=first.referee(),  # type: ignore[arg-type]
        toss=None if toss is None else side_of_colour(toss),
    )
    for n, raw in enumerate(games, start=1):
        try:
            _replay_match_game(match, raw)
        except FlickboardError as exc:
            raise type(exc)(f"game {n}: {exc}") from None
    assert match.series is not None
    result = json_object(obj.get("result"), "match result")
    replayed = {"wins": _points(match.series.wins), "winner": _winner(match.series.winner)}
    if {"wins": result.get("wins"), "winner": result.get("winner")} != replayed:
        raise RecordMismatch(
            f"the record states the match result {result} but the games replay to {replayed}"
        )
    return match


def _replay_match_game(match: ShuffleboardMatch, data: object) -> None:
    """Replay one game of a match record into the match's next game."""
    record, _ = _read(data)
    setup = dict(record.setup)
    rules = _rules(setup)
    if (rules.players, rules.goal) != (match.rules.players, match.rules.goal):
        raise InvalidInput(
            f"it is set up for {rules.players} players to {rules.goal}, not as game 1 "
            f"({match.rules.players} players to {match.rules.goal})"
        )
    if match.over:
        raise RecordMismatch("the match is over")
    game = match.game_in_play()
    if rules.first != game.rules.first:
        raise RecordMismatch(
            f"{colour_name(rules.first)} shoots first, but {colour_name(game.rules.first)} "
            "does in this game of a best-of-three (rule 3)"
        )
    if FoulLedger(_offences(setup, rules)).offences() != game.carried:
        raise RecordMismatch("the offences it carries are not those called in the games before")
    _replay(record, match)
