"""Crokinole game records: build one from a played game and replay it (CMN export:
:mod:`flickboard.play.crokinole_cmn`).

The JSON form is the generic game record (:mod:`flickboard.play.gamerecord`) with
``game = "crokinole"``; ``setup`` holds the seating and first seat, each round's
``score`` its board scores and 20s, and ``result`` the game's points or totals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from flickboard.errors import IllegalInPosition, InvalidInput, RecordMismatch
from flickboard.geometry import CrokinoleBoard
from flickboard.jsonfields import json_object, list_field
from flickboard.play.clock import GameClock, ShotBudget
from flickboard.play.crokinole import (
    ROUNDS_PER_GAME,
    CrokinoleGame,
    CrokinoleMatch,
    GameResult,
    Seating,
)
from flickboard.play.gamerecord import GameRecord, game_record_from_json, game_record_to_json
from flickboard.play.scoring import GameScore, RoundScore
from flickboard.rules.crokinole import CrokinoleReferee, side_name

MATCH_FORMAT = "flickboard/crokinole-match"
MATCH_VERSION = 2
MATCH_READS = (1, 2)
"""Match record versions this module reads (version 1 had no setup or tags)."""


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
        **({"time_shots": game.clock.shots} if isinstance(game.clock, ShotBudget) else {}),
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


def game_to_json(game: CrokinoleGame, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The game record as compact JSON, checked to replay whole (turns, round scores,
    result), not only shot by shot."""
    return record_json(game_record(game, tags))


def record_json(record: GameRecord) -> dict[str, Any]:
    """A game record as compact JSON that is checked to replay whole."""
    return game_record_to_json(record, check=lambda data: replay_game(game_record_from_json(data)))


def game_from_json(data: object) -> CrokinoleGame:
    """Load a game record and replay it into a game; :class:`InvalidInput` says what is
    wrong (a :class:`RecordMismatch` naming the first turn, score or result that differs)."""
    return replay_game(game_record_from_json(data))


def replay_game(record: GameRecord) -> CrokinoleGame:
    """Play a record's shots again through a fresh one-game match; the result must match."""
    return _replay_games([record]).played[0]


def match_to_json(match: CrokinoleMatch, tags: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A match record: the match's setup and every game's record (the one in play too);
    ``stopped`` while the match is not over."""
    games = [
        game_to_json(g, {**(tags or {}), "Game": str(n)})
        for n, g in enumerate(match.played, start=1)
        if g.rounds or (g.current is not None and g.current.shots)
    ]
    data = {
        "format": MATCH_FORMAT,
        "version": MATCH_VERSION,
        "tags": dict(tags or {}),
        "setup": {"games": match.games, "championship": match.championship},
        "games": games,
    }
    return data if match.over else {**data, "stopped": True}


def match_from_json(data: object) -> CrokinoleMatch:
    """A crokinole match record, or a single game record, replayed into a match (which
    can then be played on and undone). :class:`InvalidInput` names what is wrong."""
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        obj = json_object(
            data, "a match record", {"format", "version", "tags", "setup", "games", "stopped"}
        )
        if obj.get("version") not in MATCH_READS:
            readable = " or ".join(map(str, MATCH_READS))
            raise InvalidInput(
                f"crokinole match record version {obj.get('version')!r} is not {readable}"
            )
        records = [game_record_from_json(g) for g in list_field(obj, "games", "match record")]
        setup = json_object(obj.get("setup", {}), "match setup", {"games", "championship"})
        games = setup.get("games")
        if games is not None and (isinstance(games, bool) or not isinstance(games, int)):
            raise InvalidInput("match setup games must be a whole number")
        return _replay_games(records, games)
    return _replay_games([game_record_from_json(data)])


def _replay_games(records: list[GameRecord], games: int | None = None) -> CrokinoleMatch:
    """A match replayed from its games' records (checked turn by turn, round by round)."""
    if not records:
        raise InvalidInput("a match record holds at least one game")
    first = records[0].expect("crokinole")
    ref = first.referee()
    assert isinstance(ref, CrokinoleReferee)
    setup = dict(first.setup)
    try:
        seating = Seating(int(setup.get("players", 2)), bool(setup.get("teams", False)))
    except (TypeError, ValueError):
        raise InvalidInput("setup players must be 2, 3 or 4") from None
    championship = bool(setup.get("championship", False))
    budgets = [_budget(rec) for rec in records]

    def clock() -> GameClock | None:
        """The next game's clock: the shots it was timed at (a replay runs on shots); a
        game beyond the record on the last game's budget."""
        n = len(match.played)
        shots = budgets[min(n, len(budgets) - 1)]
        return None if shots is None else ShotBudget(shots)

    board = next((r[0].position.layout.board for r in first.rounds if r), None)
    match = CrokinoleMatch(
        ref,
        seating,
        games=None if championship else max(games or 1, len(records)),
        championship=championship,
        first_seat=setup.get("first_seat"),
        clock=clock,
        board=cast(CrokinoleBoard | None, board),
    )
    for number, record in enumerate(records, start=1):
        try:
            _replay_game(match, record, number)
        except InvalidInput as exc:
            where = f"game {number}: " if len(records) > 1 else ""
            raise type(exc)(f"{where}{exc}") from None
    return match


def _budget(record: GameRecord) -> int | None:
    """The shots a timed game of a record was timed at: as recorded (``time_shots``), else
    (a real clock, or a version 1 or 2 record) the shots of its first four rounds once it
    is finished; an unfinished game on a real clock replays untimed."""
    setup = dict(record.setup)
    if not setup.get("timed"):
        return None
    shots = setup.get("time_shots")
    if shots is not None:
        if isinstance(shots, bool) or not isinstance(shots, int) or shots < 0:
            raise InvalidInput(f"setup time_shots must be a whole number >= 0, got {shots!r}")
        return shots
    if record.result is None:
        return None
    return sum(len(r) for r in record.rounds[:ROUNDS_PER_GAME])


def _replay_game(match: CrokinoleMatch, record: GameRecord, number: int) -> None:
    """Play one game record's shots through ``match`` (at the start of game ``number``)."""
    if record.referee() != match.referee:
        raise InvalidInput("every game of a match is played under the same rules")
    if match.over:
        raise RecordMismatch("the match was already over")
    match.choices()  # starts the game
    if len(match.played) < number:
        raise RecordMismatch("it follows a game that was not finished")
    game = match.played[number - 1]
    first_seat = dict(record.setup).get("first_seat", game.first_seat)
    if first_seat != game.first_seat:
        raise RecordMismatch(
            f"seat {first_seat} opens it, but seat {game.first_seat} does "
            "(starts move one seat clockwise each game)"
        )
    for r, (shots, stored) in enumerate(zip(record.rounds, record.scores, strict=True), start=1):
        # rounds no one could shoot in (time up) are scored when the shot before ends
        if len(game.rounds) >= r and shots:
            raise RecordMismatch(f"round {r}: no shot could be played in it (time was up)")
        if game.over and len(game.rounds) < r:
            raise RecordMismatch(f"round {r}: the game was already over")
        unfinished = stored is None
        if unfinished and (r < len(record.rounds) or record.result is not None):
            raise RecordMismatch(
                f"round {r} has no score, but only the last round of a stopped game "
                "(result null) may be unfinished"
            )
        for k, entry in enumerate(shots, start=1):
            try:
                turn = match.turn(entry.turn.seat)
                if turn != entry.turn:
                    raise RecordMismatch(f"the turn should be {turn}, not {entry.turn}")
                ruling = match.play_record(entry.record, turn.seat).ruling
            except (IllegalInPosition, RecordMismatch) as exc:
                raise RecordMismatch(f"round {r} shot {k}: {exc}") from None
            if ruling != entry.ruling:
                raise RecordMismatch(f"round {r} shot {k}: the ruling does not replay")
        if unfinished:
            if len(game.rounds) >= r and game.clock is None:
                raise RecordMismatch(f"round {r}: the round is finished but has no score")
            break
        if len(game.rounds) < r:
            raise RecordMismatch(f"round {r}: the round is not finished")
        score = game.rounds[r - 1]
        if round_from_json(stored) != score:
            raise RecordMismatch(
                f"round {r}: recorded score {stored} but the shots give {round_to_json(score)}"
            )
    if record.result is None:
        if game.over:
            raise RecordMismatch("the game is over, but the record gives no result")
    elif not game.over or result_to_json(game.result()) != record.result:
        raise RecordMismatch(f"the recorded result {record.result} does not follow from the rounds")
