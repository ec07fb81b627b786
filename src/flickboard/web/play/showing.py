"""What the pages see of a game in play: its state, its shots, its records (the JSON
of the table's API, docs/web.md). Each reads a :class:`~.live.LiveGame` under its lock."""

from __future__ import annotations

import time
from dataclasses import asdict
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from flickboard.errors import InvalidInput
from flickboard.geometry.svg import SIDE_COLOURS
from flickboard.physics import warm
from flickboard.play.intent import with_intents
from flickboard.play.match import Match, RoundEnd
from flickboard.web.play.shots import discs_json, replay_log, shot_json, shot_values

if TYPE_CHECKING:
    from flickboard.web.play.live import LiveGame, Played


def speed_default(game: LiveGame) -> float | None:
    """A sensible first aim's speed, not a gift: a touch softer than the game's
    calibration shot (the open 20, the draw to the three). None while the physics
    kernels warm up (finding it simulates; the page reloads once they are ready)."""
    if game.speed is None and not warm.WARMUP.warming:
        game.speed = round(0.9 * game.match.kind.skill_test()[1].speed, 3)
    return game.speed


def result_words(game: LiveGame) -> str:
    """How the game stands or ended, in words (a resignation named)."""
    resigned = [s for s in game.seats.values() if s.resigned]
    if game.status == "resigned" and resigned:
        side = resigned[0].side
        names = game.match.kind.side_names
        others = sorted({s.side for s in game.seats.values()} - {side})
        winners = " and ".join(names[s] for s in others)
        return f"{names[side]} resigned; {winners} {'wins' if len(others) == 1 else 'win'}"
    return game.match.result().summary


def state_of(game: LiveGame) -> dict[str, Any]:
    """Everything public about the game now (:class:`~.models.StateOut`)."""
    with game.lock:
        match = game.match
        kind = match.kind
        over = game.status != "playing" or match.over
        result = match.result()
        ended = [r for p in game.played for r in p.step.rounds_ended]
        turn = None
        # a game resigned mid-round keeps that round's figures (20s, discs left)
        figures = None if match.over else match.view(match.choices()[0])
        if over:
            position = game.played[-1].step.ruling.position_after if game.played else None
            view = None
        else:
            choices = match.choices()
            view = figures
            assert view is not None
            position = view.position
            turn = {
                "seat": view.turn.seat,
                "side": view.turn.side,
                "disc": view.turn.disc,
                "choices": list(choices),
                "starts": {str(s): match.start_line(s).to_dict() for s in choices},
            }
        game_number = len(result.games) + (0 if over else 1)
        sides = match.sides
        score = {
            "game": max(game_number, 1),
            "games": 3 if game.setup.best_of_three else game.setup.games,
            "round": figures.round_number if figures else (ended[-1].number if ended else 1),
            "round_word": kind.round_word,
            "scores": list(figures.scores) if figures else _last_game_scores(result, sides),
            "twenties": (
                _padded(figures.twenties, sides) if figures else _last_game_twenties(ended, sides)
            )
            if game.has_twenties
            else None,
            "discs_left": {str(s): n for s, n in figures.discs_left} if figures else {},
            "hammer": figures.hammer if figures else None,
            "match": list(result.scores),
            "summary": result_words(game),
            "clock": None if over else _clock(match),
        }
        low, high = kind.speed_range()
        return {
            "speed_default": speed_default(game),
            "id": game.id,
            "game": kind.name,
            "title": kind.title,
            "piece": kind.piece,
            "rules": match.referee.name,
            "options": dict(game.setup.options),
            "status": "resigned" if game.status == "resigned" else ("over" if over else "playing"),
            "result": result_words(game),
            "version": game.version,
            "shots": len(game.played),
            "undo": game.setup.undo,
            "realistic": game.setup.realistic,
            "real_board": game.setup.real_board,
            "seats": [
                game.seats[s].public(kind.side_names[game.seats[s].side]) for s in match.seats
            ],
            "side_names": list(kind.side_names[:sides]),
            "exports": list(kind.exportable(match)),
            "colours": list(SIDE_COLOURS[:sides]),
            "board": game.figures,
            "speed_range": [low, high],
            "discs": [] if position is None else discs_json(position),
            "turn": turn,
            "score": score,
            "rounds": [r.to_json() for r in ended],
            "games": [g.to_json() for g in result.games],
            "thinking": _thinking(game),
        }


def _thinking(game: LiveGame) -> int | None:
    """The AI seat choosing now: in this process, or in another one holding the
    turn's lease."""
    if game.thinking is not None:
        return game.thinking
    if game.ai_until is not None and game.ai_until > time.time():
        return game.ai_seat()
    return None


def played_json(number: int, played: Played, log: Any) -> dict[str, Any]:
    """Shot ``number`` as played here: who, what was meant and why, and the shot
    (``log``: its trajectory, or None)."""
    return {
        "number": number,
        "by": played.by,
        "meant": None if played.meant is None else shot_values(played.meant),
        "explanation": played.explanation,
        **shot_json(played.step, log),
    }


def shot_of(game: LiveGame, number: int) -> dict[str, Any]:
    """Shot ``number`` (from 1) with its trajectory simulated again from its record
    (same engine, same inputs: the same motion), for the replay page."""
    with game.lock:
        if not 1 <= number <= len(game.played):
            raise InvalidInput(f"there is no shot {number}: this game has {len(game.played)} shots")
        played = game.played[number - 1]
        record = played.step.entry.record
        log = None if record.shot is None else replay_log(record, game.match)
        return played_json(number, played, log)


def shot_list(game: LiveGame) -> list[dict[str, Any]]:
    """Every shot in a line: number, who, game, round and the ruling's summary."""
    with game.lock:
        return [
            {
                "number": n,
                "by": p.by,
                "seat": p.step.entry.turn.seat,
                "side": p.step.entry.turn.side,
                "game": p.step.game,
                "round": p.step.round,
                "summary": p.step.ruling.summary,
            }
            for n, p in enumerate(game.played, start=1)
        ]


# -- records ------------------------------------------------------------------------


def tags_of(game: LiveGame) -> dict[str, str]:
    """Tags of the records: the sides' names, the site, the result if resigned."""
    names = game.match.kind.side_names
    tags = {"Site": "flickboard table", "Table": game.id}
    for side in range(game.match.sides):
        players = [s.name for s in game.seats.values() if s.side == side]
        tags[f"Side{side + 1}"] = " & ".join(players) or names[side]
    if game.status == "resigned":
        tags["Termination"] = result_words(game)
    return tags


def unlocked_record(game: LiveGame) -> dict[str, Any]:
    """The match record as it stands (the game's lock held)."""
    return with_intents(game.match.to_json(tags_of(game)), [p.intent for p in game.played])


def record_of(game: LiveGame) -> dict[str, Any]:
    """The match record (docs/formats.md) as it stands."""
    with game.lock:
        return unlocked_record(game)


def cmn_of(game: LiveGame) -> str:
    """The match in CMN 1.0, as its game kind writes it (crokinole: finished games)."""
    with game.lock:
        return game.match.kind.export(game.match, "cmn", tags_of(game), datetime.now(UTC))


def _padded(values: tuple[int, ...], sides: int) -> list[int]:
    return [*values, *([0] * (sides - len(values)))][:sides]


def _last_game_twenties(ended: list[RoundEnd], sides: int) -> list[int]:
    """Each side's 20s in the last game played (the verdict's totals, once it is over)."""
    last = [r for r in ended if ended and r.game == ended[-1].game]
    return [sum(r.twenties[s] for r in last if s < len(r.twenties)) for s in range(sides)]


def _last_game_scores(result: Any, sides: int) -> list[int]:
    if result.games:
        return list(result.games[-1].scores)
    return [0] * sides


def _clock(match: Match) -> dict[str, Any] | None:
    """The clock of a timed game, as a clock on screen shows it (None: not timed)."""
    clock = getattr(getattr(match, "game", None), "clock", None)
    return None if clock is None else asdict(clock.face())
