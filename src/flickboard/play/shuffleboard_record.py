"""Table shuffleboard game records, on the shared game record (``play.gamerecord``).

Each frame is a round of the shared record: every delivery with the position before
it, the turn, the shot record, the official's calls and the ruling. The setup holds
the players, target and first colour; each round's score is the frame's points; the
result holds the totals, the winner and the fouls called (with the frame and the
number of weights delivered in it when each was called, taken-back ones included).
A delivery out of order (5(h)) carries its call and the turn it was really made in; a
delivery taken back for a repeat (5(i)) stays in its frame, followed by the repeat. Reading a record replays it
twice over: the shared layer rules every delivery again, and this layer plays the
deliveries and fouls through a game, which must reach the recorded frame scores,
totals and winner (docs/formats.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.play.gamerecord import (
    GameRecord,
    ShotEntry,
    game_record_from_json,
    game_record_to_json,
)
from flickboard.play.shuffleboard import (
    WEIGHTS_PER_FRAME,
    Delivery,
    GameRules,
    ShuffleboardGame,
)
from flickboard.play.shuffleboard_fouls import Penalty
from flickboard.rules.shuffleboard import (
    CSCReferee,
    calls_from_json,
    calls_to_json,
    colour_name,
    side_of_colour,
)

GAME = "shuffleboard"


def _points(points: tuple[int, int]) -> dict[str, int]:
    return {"red": points[0], "green": points[1]}


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
        "winner": None if game.winner is None else colour_name(game.winner),
        "fouls": _fouls(game),
    }
    setup = {
        "players": game.rules.players,
        "target": game.rules.goal,
        "first": colour_name(game.rules.first),
    }
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
    """The game record as JSON."""
    return game_record_to_json(game_record(game, tags))


def game_from_json(data: object) -> ShuffleboardGame:
    """Load a record and replay it into a game; :class:`InvalidInput` says what is wrong."""
    record = game_record_from_json(data)
    if record.game != GAME:
        raise InvalidInput(f"not a shuffleboard game record (game {record.game!r})")
    referee = record.referee()
    if not isinstance(referee, CSCReferee):
        raise InvalidInput(f"rule set {record.rules!r} is not a shuffleboard rule set")
    setup = dict(record.setup)
    players, target = setup.get("players", 2), setup.get("target")
    if not isinstance(players, int) or not (target is None or isinstance(target, int)):
        raise InvalidInput("setup players and target must be whole numbers")
    game = ShuffleboardGame(
        GameRules(players, target, side_of_colour(setup.get("first", "red"))), referee
    )
    result = record.result if isinstance(record.result, Mapping) else {}
    fouls = result.get("fouls", [])
    if not isinstance(fouls, list):
        raise InvalidInput("result fouls must be a list")
    pending = list(fouls)
    try:
        for number, (entries, score) in enumerate(zip(record.rounds, record.scores, strict=True)):
            for entry in entries:
                pending = _call_due(game, pending)
                if game.over:
                    raise InvalidInput(
                        f"frame {number + 1}: a weight is delivered after the game was won"
                    )
                calls = calls_from_json(dict(entry.calls))
                if entry.turn != game.turn_of(calls):
                    raise InvalidInput(
                        f"frame {number + 1}: weight {entry.turn.disc} is delivered out of turn "
                        "(and not called out of order, 5(h))"
                    )
                game.deliver(entry.record, calls)
            if score is None:
                continue
            if number >= len(game.frames):
                raise InvalidInput(f"frame {number + 1} has a score but not its eight weights")
            if score != _points(game.frames[number].score.points):
                raise InvalidInput(f"frame {number + 1}: recorded score {score} does not replay")
        pending = _call_due(game, pending)
    except FlickboardError as exc:
        raise InvalidInput(str(exc)) from None
    if pending:
        raise InvalidInput(f"foul {pending[0]!r} is not at a point the game reached")
    if result.get("totals", _points(game.totals)) != _points(game.totals):
        raise InvalidInput(
            f"the record states totals {result.get('totals')} but replays to {_points(game.totals)}"
        )
    return game


def _call_due(game: ShuffleboardGame, fouls: list[Any]) -> list[Any]:
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
        game.call_foul(str(foul.get("foul")), player - 1)
        fouls = fouls[1:]
    return fouls
