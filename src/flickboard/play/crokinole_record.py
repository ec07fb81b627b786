"""Crokinole game records: build one from a played game and replay it (CMN export:
:mod:`flickboard.play.crokinole_cmn`).

The JSON form is the generic game record (:mod:`flickboard.play.gamerecord`) with
``game = "crokinole"``; ``setup`` holds the seating and first seat, each round's
``score`` its board scores and 20s, and ``result`` the game's points or totals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, Shot, ShotRecord
from flickboard.play.crokinole import (
    ROUNDS_PER_GAME,
    CrokinoleGame,
    GameResult,
    Seating,
    ShotBudget,
)
from flickboard.play.gamerecord import GameRecord, game_record_from_json, game_record_to_json
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.rules.crokinole import CrokinoleReferee, side_name


def round_to_json(score: RoundScore) -> dict[str, Any]:
    """A round's score: board scores (20s included), 20s, and whether it was played."""
    return {
        "scores": list(score.scores),
        "twenties": list(score.twenties),
        "unplayed": score.unplayed,
    }


def round_from_json(data: object) -> RoundScore:
    """A round's score from :func:`round_to_json`."""
    if not isinstance(data, Mapping):
        raise InvalidInput("a round score must be an object")
    scores, twenties = data.get("scores"), data.get("twenties")
    if not isinstance(scores, list) or not isinstance(twenties, list):
        raise InvalidInput("a round score needs lists of scores and twenties")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in [*scores, *twenties]):
        raise InvalidInput("round scores and 20s must be whole numbers")
    return RoundScore(tuple(scores), tuple(twenties), bool(data.get("unplayed", False)))


def result_to_json(result: GameResult) -> dict[str, Any]:
    """A game's result: tournament points and 20s, or race totals (and ``time_up`` when
    time ran out first); and the winner."""
    winner = None if result.winner is None else side_name(result.winner)
    if isinstance(result, GameScore):
        return {"points": list(result.points), "twenties": list(result.twenties), "winner": winner}
    data = {"target": result.target, "totals": list(result.totals), "winner": winner}
    return {**data, "time_up": True} if result.time_up else data


def game_record(game: CrokinoleGame, tags: Mapping[str, str] | None = None) -> GameRecord:
    """The record of a game. An unfinished game (stopped) keeps its finished rounds and
    the current round's shots (its score null) and has no result (null)."""
    seating = game.seating
    setup = {
        "players": seating.players,
        "teams": seating.teams,
        "first_seat": game.first_seat,
        "championship": game.championship,
        "timed": game.clock is not None,
    }
    rounds = list(game.round_shots)
    scores: list[dict[str, Any] | None] = [round_to_json(r) for r in game.rounds]
    if game.current is not None and game.current.shots:
        rounds.append(tuple(game.current.shots))
        scores.append(None)
    return GameRecord(
        "crokinole",
        game.referee.name,
        tuple(sorted(game.referee.keywords.items())),
        tuple((tags or {}).items()),
        tuple(setup.items()),
        tuple(rounds),
        tuple(scores),
        result_to_json(game.result()) if game.over else None,
    )


def record_json(record: GameRecord) -> dict[str, Any]:
    """The record as compact JSON that is checked to replay whole (turns, round scores,
    result), not only shot by shot."""
    return game_record_to_json(record, check=lambda data: replay_game(game_record_from_json(data)))


def _no_simulation(layout: Layout, shot: Shot, shooter: int) -> ShotRecord:
    raise IllegalInPosition("a replay plays recorded shots only")


def replay_game(record: GameRecord) -> CrokinoleGame:
    """Play a record's shots again through a fresh game; the result must match.

    Raises :class:`InvalidInput` naming the first turn, round score or result that
    does not follow from the shots.
    """
    if record.game != "crokinole":
        raise InvalidInput(f"not a crokinole record: {record.game}")
    ref = record.referee()
    assert isinstance(ref, CrokinoleReferee)
    setup = dict(record.setup)
    try:
        seating = Seating(int(setup.get("players", 2)), bool(setup.get("teams", False)))
    except (TypeError, ValueError):
        raise InvalidInput("setup players must be 2, 3 or 4") from None
    timed_shots = sum(len(r) for r in record.rounds[:ROUNDS_PER_GAME])
    board = next((r[0].position.layout.board for r in record.rounds if r), None)
    game = CrokinoleGame(
        ref,
        seating,
        first_seat=setup.get("first_seat"),
        championship=bool(setup.get("championship", False)),
        clock=ShotBudget(timed_shots) if setup.get("timed") else None,
        simulator=_no_simulation,
        board=board if isinstance(board, CrokinoleBoard) else None,
    )
    for number, (shots, stored) in enumerate(
        zip(record.rounds, record.scores, strict=True), start=1
    ):
        if game.over:
            raise InvalidInput(f"round {number}: the game was already over")
        unfinished = stored is None
        if unfinished and (number < len(record.rounds) or record.result is not None):
            raise InvalidInput(
                f"round {number} has no score, but only the last round of a stopped game "
                "(result null) may be unfinished"
            )
        rnd = game.start_round()
        for k, entry in enumerate(shots, start=1):
            where = f"round {number} shot {k}"
            try:
                turn = rnd.turn(entry.turn.seat)
            except IllegalInPosition as exc:
                raise InvalidInput(f"{where}: {exc}") from None
            if turn != entry.turn:
                raise InvalidInput(f"{where}: the turn should be {turn}, not {entry.turn}")
            try:
                ruling = rnd.play_record(entry.record, turn.seat)
            except IllegalInPosition as exc:
                raise InvalidInput(f"{where}: {exc}") from None
            if ruling != entry.ruling:
                raise InvalidInput(f"{where}: the ruling does not replay")
        if unfinished:
            if rnd.over and game.clock is None:
                raise InvalidInput(f"round {number}: the round is finished but has no score")
            break
        if not rnd.over:
            raise InvalidInput(f"round {number}: the round is not finished")
        score = game.finish_round()
        if round_from_json(stored) != score:
            raise InvalidInput(
                f"round {number}: recorded score {stored} but the shots give {round_to_json(score)}"
            )
    if record.result is None:
        if game.over:
            raise InvalidInput("the game is over, but the record gives no result")
    elif result_to_json(game.result()) != record.result:
        raise InvalidInput(f"the recorded result {record.result} does not follow from the rounds")
    return game
