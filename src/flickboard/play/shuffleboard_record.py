"""Game records of table shuffleboard as JSON: what was delivered, called and decided.

A record is the game's settings and its log in order: each delivery (the shot, or the
outcome entered by hand, with the official's calls) and each foul called. Reading a
record replays the log through the referee, so the frames, totals and winner always
follow from the deliveries (docs/formats.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.physics import Shot
from flickboard.play.shuffleboard import Delivery, GameRules, ShuffleboardGame
from flickboard.play.shuffleboard_fouls import Penalty
from flickboard.rules.hand import HandEvent, HandOutcome, outcome_from_json, outcome_to_json
from flickboard.rules.shuffleboard import calls_from_json, calls_to_json, colour_name
from flickboard.rules.shuffleboard.position import side_of_colour

FORMAT = "flickboard/shuffleboard-game"
VERSION = 1


def shot_to_json(shot: Shot) -> dict[str, float]:
    """A shot as ``{"x", "y", "angle", "speed", "spin"}``."""
    return {"x": shot.x, "y": shot.y, "angle": shot.angle, "speed": shot.speed, "spin": shot.spin}


def shot_from_json(data: object) -> Shot:
    """A shot from its JSON form; :class:`InvalidInput` if malformed."""
    if not isinstance(data, Mapping):
        raise InvalidInput("a shot must be an object with x, y, angle, speed")
    unknown = set(data) - {"x", "y", "angle", "speed", "spin"}
    if unknown:
        raise InvalidInput(f"a shot has unknown field(s) {sorted(unknown)}")
    try:
        return Shot(data["x"], data["y"], data["angle"], data["speed"], data.get("spin", 0.0))
    except KeyError as exc:
        raise InvalidInput(f"a shot needs {exc.args[0]!r}") from None


def _delivery_json(delivery: Delivery) -> dict[str, Any]:
    record = delivery.record
    entry: dict[str, Any] = {
        "player": delivery.player + 1,
        "colour": colour_name(delivery.turn.side),
        "weight": delivery.turn.disc,
    }
    if record.shot is not None:
        entry["shot"] = shot_to_json(record.shot)
    else:
        outcome = HandOutcome(
            record.shooter,
            delivery.start or (0.0, 0.0),
            tuple(HandEvent(e.kind, e.disc, e.other, e.side) for e in record.events),
            record.finals,
        )
        entry["hand"] = outcome_to_json(outcome)
    calls = calls_to_json(delivery.calls)
    if calls:
        entry["calls"] = calls
    entry["ruling"] = delivery.ruling.summary
    return entry


def _penalty_json(penalty: Penalty) -> dict[str, Any]:
    return {
        "player": penalty.player + 1,
        "foul": penalty.foul,
        "warning": penalty.warning,
        "points": penalty.points,
    }


def game_to_json(game: ShuffleboardGame, names: tuple[str, ...] = ()) -> dict[str, Any]:
    """The game as a JSON-ready record."""
    red, green = game.totals
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.referee.name,
        "players": game.rules.players,
        "target": game.rules.goal,
        "first": colour_name(game.rules.first),
        "names": list(names),
        "log": _log(game),
        "frames": [
            {
                "number": f.number + 1,
                "end": f.end,
                "first": colour_name(f.first),
                "points": {"red": f.score.points[0], "green": f.score.points[1]},
                "count": f.count.explanation(),
            }
            for f in game.frames
        ],
        "totals": {"red": red, "green": green},
        "winner": None if game.winner is None else colour_name(game.winner),
    }


def _log(game: ShuffleboardGame) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for item in game.log:
        if isinstance(item, Penalty):
            if item.foul != "5c":  # 5(c) follows from its delivery's calls
                entries.append({"foul": _penalty_json(item)})
        else:
            entries.append({"delivery": _delivery_json(item)})
    return entries


def game_from_json(data: object) -> ShuffleboardGame:
    """Replay a game record; :class:`InvalidInput` names the first thing wrong."""
    if not isinstance(data, Mapping):
        raise InvalidInput("a game record must be a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidInput(f"not a shuffleboard game record (format must be {FORMAT!r})")
    players = data.get("players", 2)
    target = data.get("target")
    if not isinstance(players, int) or not (target is None or isinstance(target, int)):
        raise InvalidInput("players and target must be whole numbers")
    rules = GameRules(players, target, side_of_colour(data.get("first", "red")))
    game = ShuffleboardGame(rules)
    log = data.get("log", [])
    if not isinstance(log, list):
        raise InvalidInput("the record's log must be a list")
    for n, entry in enumerate(log, start=1):
        try:
            _replay(game, entry)
        except FlickboardError as exc:
            raise InvalidInput(f"log entry {n}: {exc}") from None
    totals = data.get("totals")
    if isinstance(totals, Mapping):
        stated = (totals.get("red"), totals.get("green"))
        if stated != game.totals:
            raise InvalidInput(
                f"the record states totals {stated} but its log replays to {game.totals}"
            )
    return game


def _replay(game: ShuffleboardGame, entry: object) -> None:
    if not isinstance(entry, Mapping) or len(entry) != 1:
        raise InvalidInput("each log entry is {'delivery': ...} or {'foul': ...}")
    if "foul" in entry:
        foul = entry["foul"]
        if not isinstance(foul, Mapping) or not isinstance(foul.get("player"), int):
            raise InvalidInput("a foul needs a player number and a foul")
        game.call_foul(str(foul.get("foul")), foul["player"] - 1)
        return
    delivery = entry.get("delivery")
    if not isinstance(delivery, Mapping):
        raise InvalidInput("each log entry is {'delivery': ...} or {'foul': ...}")
    calls = calls_from_json(delivery.get("calls"))
    if "shot" in delivery:
        game.deliver_shot(shot_from_json(delivery["shot"]), calls)
    elif "hand" in delivery:
        game.deliver_hand(outcome_from_json(delivery["hand"]), calls)
    else:
        raise InvalidInput("a delivery needs a 'shot' or a 'hand' outcome")
