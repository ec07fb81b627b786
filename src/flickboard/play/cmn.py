"""Crokinole Match Notation (CMN) 1.0: the public JSON draft of the Crokinole Open Data
Alliance (github.com/Crokinole-Open-Data-Alliance/cmn), read and written.

Words differ: a CMN *match* is one flickboard game (four rounds in WCC play, or a race
to a target) and a CMN *game* is one round, with two points at stake. Only each game's
``winner`` is sure to be there; ``scores``, ``twenties`` and ``hammer`` may be left out,
so a match may hold results only. The file's shape (fields, types, what is required)
is :mod:`flickboard.play.cmn_objects`' pydantic models; reading validates a file into
them, makes flickboard's matches of them, checks each match as a scorecard is checked
and says how anything the draft leaves open was read (``CmnMatch.readings``); writing
dumps the same models, always giving scores with the 20s included. flickboard's own fields travel in a ``"flickboard"``
object inside the object they belong to, which other applications ignore as the draft
asks. docs/formats.md, "CMN", has the mapping table and the readings.

>>> text = dump_cmn([CmnMatch(
...     "11223344-5566-7788-99aa-bbccddeeff00", "2026-02-15T20:00:00Z", "singles",
...     (CmnTeam((CmnPlayer("Nick"),)), CmnTeam((CmnPlayer("Xavi"),))),
...     (CmnGame(0), CmnGame(0), CmnGame(1), CmnGame(0)), winner=0)])
>>> (match,) = parse_cmn(text)
>>> match.points, match.results_only
((6, 2), True)
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import ValidationError

from flickboard.errors import InvalidInput
from flickboard.play import cmn_objects
from flickboard.play.cmn_objects import CMN_VERSION, Format, given, problem
from flickboard.play.scoring import GameScore, RaceScore, RoundScore, tournament_round_points
from flickboard.rules.crokinole.options import check_game_form, check_rounds_played

APP = "flickboard"
"""``source.app`` of what flickboard writes, and the key of its own fields."""

MOST_TWENTIES = 12
"""Most 20s a side can make in a round under any seating (12 discs: fair-rules singles,
a WCC doubles team)."""

Unit = Literal["board", "points", "games"]
UNIT_WORDS: dict[Unit, str] = {
    "board": "board points after cancellation",
    "points": "points at 2 per game won and 1 per tied game",
    "games": "games won",
}
"""What a ``first_to`` target may count (docs/formats.md, "CMN readings")."""

NOT_CMN = (
    'a CMN 1.0 file is a JSON object with "cmn": "1.0" and an "id" and a "match" '
    '(or "batch": true and "matches")'
)


@dataclass(frozen=True, slots=True)
class CmnPlayer:
    """A player: display name and, if linked, Crokinole Player ID (``cid``); ``id`` is
    flickboard's: the player's ID number in an event."""

    name: str
    cid: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class CmnTeam:
    """A side: one player in singles, two in doubles; ``id`` and ``name`` are
    flickboard's: the entrant's ID number and (doubles) the team's name."""

    players: tuple[CmnPlayer, ...]
    id: str | None = None
    name: str | None = None

    @property
    def label(self) -> str:
        """How messages name the side: the team name, else its players' names."""
        return self.name or " & ".join(p.name for p in self.players)


@dataclass(frozen=True, slots=True)
class CmnGame:
    """One CMN game, that is one crokinole round: the winning team (0, 1; None for a
    tie), the team with the hammer (the last shot), and each team's board points with
    the 20s included and its 20s, when recorded. ``unplayed`` (flickboard's) marks a
    timed round in which no disc was shot: no points to either side (WCC)."""

    winner: int | None
    hammer: int | None = None
    scores: tuple[int, int] | None = None
    twenties: tuple[int, int] | None = None
    unplayed: bool = False

    @property
    def points(self) -> tuple[int, int]:
        """Points of the round: 2 to the winner, 1 each for a tie, none if unplayed."""
        if self.unplayed:
            return (0, 0)
        if self.winner is None:
            return (1, 1)
        return (2, 0) if self.winner == 0 else (0, 2)

    def round_score(self) -> RoundScore | None:
        """The round as flickboard scores it, when its scores and 20s are both known."""
        if self.scores is None or self.twenties is None:
            return None
        return RoundScore(self.scores, self.twenties, unplayed=self.unplayed)


@dataclass(frozen=True, slots=True)
class GameFormat:
    """How the match length was set: ``fixed`` (``count`` games) or ``first_to``
    (``target`` points; what a point is: :data:`UNIT_WORDS`)."""

    type: Literal["fixed", "first_to"]
    count: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if self.type == "fixed" and (self.count is None or self.count < 1):
            raise InvalidInput("gameFormat fixed needs a count of 1 or more")
        if self.type == "first_to" and (self.target is None or self.target < 1):
            raise InvalidInput("gameFormat first_to needs a target of 1 or more")


@dataclass(frozen=True, slots=True)
class CmnLocation:
    """Where: ISO 3166-1 alpha-2 country, region, latitude and longitude."""

    country: str | None = None
    region: str | None = None
    lat: float | None = None
    lng: float | None = None


@dataclass(frozen=True, slots=True)
class CmnEvent:
    """The event a match was part of; ``round`` is the round (draw round, week) in it."""

    name: str | None = None
    type: str | None = None
    round: int | None = None
    venue: str | None = None
    location: CmnLocation | None = None


@dataclass(frozen=True, slots=True)
class CmnSource:
    """The application that wrote the record."""

    app: str
    version: str | None = None
    url: str | None = None


@dataclass(frozen=True, slots=True)
class CmnExtras:
    """flickboard's own fields of a match: the rule set (``wcc``, ``depot
    direct_hit=true``), the WCC category, a championship game, a race ended by time,
    and a scorecard's validation (opponent's ID, initials)."""

    rules: str | None = None
    category: str | None = None
    championship: bool = False
    time_up: bool = False
    validated: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class CmnMatch:
    """One CMN record: a flickboard game between two teams.

    ``readings`` (not part of the value) says how anything the draft leaves open was
    read; ``games[i].scores`` always include the 20s, however the file wrote them.
    """

    id: str
    date: str
    format: Format
    teams: tuple[CmnTeam, CmnTeam]
    games: tuple[CmnGame, ...]
    winner: int | None
    game_format: GameFormat | None = None
    event: CmnEvent | None = None
    source: CmnSource | None = None
    extras: CmnExtras = CmnExtras()
    readings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def doubles(self) -> bool:
        """A doubles match (its ``format``: ``singles`` or ``doubles``)."""
        return self.format == "doubles"

    @property
    def label(self) -> str:
        """The two sides, for messages: ``Ann v Bo``."""
        return f"{self.teams[0].label} v {self.teams[1].label}"

    @property
    def points(self) -> tuple[int, int]:
        """Points per team over the games (2 a win, 1 a tie)."""
        return _points(self.games)

    @property
    def results_only(self) -> bool:
        """True when some game lacks its scores or 20s."""
        return any(g.round_score() is None for g in self.games)

    @property
    def race(self) -> bool:
        """True for a race (``first_to``)."""
        return self.game_format is not None and self.game_format.type == "first_to"

    def rounds(self) -> tuple[RoundScore, ...]:
        """Every game as a flickboard round; :class:`InvalidInput` naming the first game
        whose scores or 20s are missing."""
        out = []
        for n, game in enumerate(self.games, start=1):
            score = game.round_score()
            if score is None:
                missing = "scores" if game.scores is None else "20s"
                raise InvalidInput(
                    f"CMN match {self.label}: game {n} gives no {missing}, only its winner"
                )
            out.append(score)
        return tuple(out)

    def result(self) -> GameScore | RaceScore:
        """The match as a flickboard game: a tournament game, or a race in board points
        (conventional, fair). Needs every game's scores and 20s."""
        rounds = self.rounds()
        if not self.race:
            return GameScore(rounds)
        assert self.game_format is not None and self.game_format.target is not None
        if _first_to_unit(self) != "board":
            raise InvalidInput(
                f"CMN match {self.label}: a race to {self.game_format.target} "
                f"{UNIT_WORDS[_first_to_unit(self)]} is no flickboard game (races count "
                "board points)"
            )
        steps = tuple(r.cancelled for r in rounds)
        return RaceScore(self.game_format.target, steps, time_up=self.extras.time_up)


ID_NAMESPACE = uuid.UUID("5b0b7d3e-8f7c-5a57-9c3e-0f1c4b6a2d11")
"""Namespace of the name-based (version 5) ids flickboard gives its CMN records."""


def record_id(*parts: object) -> str:
    """A stable UUID for the record of ``parts`` (JSON-ready values): the same game or
    card always gets the same id, so a receiver does not count it twice."""
    return str(uuid.uuid5(ID_NAMESPACE, json.dumps(parts, sort_keys=True, default=str)))


def _points(games: Sequence[CmnGame]) -> tuple[int, int]:
    return (sum(g.points[0] for g in games), sum(g.points[1] for g in games))


def utc_date(moment: datetime) -> str:
    """A CMN ``date``: ISO 8601 in UTC, to the second, ending in ``Z``.

    >>> utc_date(datetime(2026, 2, 11, 19, 30, tzinfo=UTC))
    '2026-02-11T19:30:00Z'
    """
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# -- reading -----------------------------------------------------------------------------


def _player(obj: cmn_objects.Player) -> CmnPlayer:
    return CmnPlayer(obj.name, obj.cid, obj.flickboard.id if obj.flickboard else None)


def _team(obj: cmn_objects.Team) -> CmnTeam:
    ext = obj.flickboard or cmn_objects.TeamExtras()
    return CmnTeam(tuple(_player(p) for p in obj.players), ext.id, ext.name)


def _game(obj: cmn_objects.Game, where: str) -> CmnGame:
    """The game, checked as a round is: 20s a side can make, scores in fives, nothing
    scored in an unplayed round."""
    game = CmnGame(
        obj.winner,
        obj.hammer,
        _pair(obj.scores),
        _pair(obj.twenties),
        unplayed=obj.flickboard.unplayed if obj.flickboard else False,
    )
    if game.twenties is not None and max(game.twenties) > MOST_TWENTIES:
        raise InvalidInput(
            f"{where}.twenties: {max(game.twenties)} twenties in one round; a side "
            f"shoots at most {MOST_TWENTIES} discs"
        )
    if game.scores is not None and any(s % 5 for s in game.scores):
        raise InvalidInput(f"{where}.scores: board points come in fives, got {_dash(game.scores)}")
    if game.unplayed and (
        game.winner is not None or any(game.scores or ()) or any(game.twenties or ())
    ):
        raise InvalidInput(f"{where}: an unplayed round has no winner, scores or 20s")
    return game


def _pair(values: list[int] | None) -> tuple[int, int] | None:
    return None if values is None else (values[0], values[1])


def _event(obj: cmn_objects.Event) -> CmnEvent:
    loc = obj.location
    return CmnEvent(
        obj.name,
        obj.type,
        obj.round,
        obj.venue,
        CmnLocation(loc.country, loc.region, loc.lat, loc.lng) if loc else None,
    )


def _source(obj: cmn_objects.Source) -> CmnSource:
    return CmnSource(obj.app, obj.version, obj.url)


def _extras(obj: cmn_objects.MatchExtras | None) -> CmnExtras:
    if obj is None:
        return CmnExtras()
    valid = obj.validated
    return CmnExtras(
        obj.rules,
        obj.category,
        obj.championship,
        obj.time_up,
        (valid.by, valid.initials) if valid else None,
    )


def _game_format(obj: cmn_objects.GameFormat | None) -> GameFormat | None:
    if obj is None:
        return None
    if obj.type == "fixed":
        return GameFormat("fixed", count=obj.count)
    return GameFormat("first_to", target=obj.target)


def _match(
    entry: cmn_objects.Record | cmn_objects.Entry,
    event: CmnEvent | None,
    source: CmnSource | None,
    where: str,
) -> CmnMatch:
    obj = entry.match
    match = CmnMatch(
        entry.id,
        obj.date,
        obj.format,
        (_team(obj.teams[0]), _team(obj.teams[1])),
        tuple(_game(g, f"{where}.games[{i}]") for i, g in enumerate(obj.games)),
        obj.winner,
        _game_format(obj.game_format),
        event,
        source,
        _extras(obj.flickboard),
    )
    return checked(match, where=where)


def _merged(batch: CmnEvent | None, own: CmnEvent) -> CmnEvent:
    """A match's event over the batch's, field by field (docs/formats.md)."""
    if batch is None:
        return own
    given = {f.name: getattr(own, f.name) for f in fields(own) if getattr(own, f.name) is not None}
    return replace(batch, **given)


def read_cmn(data: object) -> tuple[CmnMatch, ...]:
    """The matches of a decoded CMN document (one match, or a batch), each checked
    (:func:`checked`). :class:`InvalidInput` names the first field that is wrong."""
    if not isinstance(data, dict) or "cmn" not in data:
        keys = ", ".join(sorted(map(str, data))) if isinstance(data, dict) else type(data).__name__
        raise InvalidInput(f"not CMN: {NOT_CMN}; this one has {keys or 'nothing'}")
    if data["cmn"] != CMN_VERSION:
        raise InvalidInput(f"CMN version {data['cmn']!r}: this reader knows {CMN_VERSION!r}")
    doc = cmn_objects.document(data)
    event = _event(doc.event) if doc.event else None
    source = _source(doc.source) if doc.source else None
    if isinstance(doc, cmn_objects.Record):
        return (_match(doc, event, source, "match"),)
    return tuple(
        _match(
            entry,
            _merged(event, _event(entry.event)) if entry.event else event,
            _source(entry.source) if entry.source else source,
            f"matches[{i}].match",
        )
        for i, entry in enumerate(doc.matches)
    )


def parse_cmn(text: str) -> tuple[CmnMatch, ...]:
    """The matches of a CMN text (JSON)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"not CMN: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return read_cmn(data)


# -- checking ----------------------------------------------------------------------------


def checked(match: CmnMatch, *, where: str = "match") -> CmnMatch:
    """The match checked as a scorecard is, its scores made to include the 20s, with
    the readings of anything the draft leaves open.

    Refused: a game whose winner does not follow from its scores, a game after a race
    reached its target or after a fixed-length match was decided (extra games only
    while tied, as a WCC championship game plays a 5th round), a match too short for
    its format, and a match ``winner`` the games do not give.
    """
    _check_rules(match, where)
    games, readings = _scores_read(match.games, where)
    match = replace(match, games=games)
    readings += _length_read(match, where)
    return replace(match, readings=tuple(readings))


def _check_rules(match: CmnMatch, where: str) -> None:
    """A match recorded under a rule set is one those rules play (their own words):
    WCC games by tournament points, a 5th round only in a tied WCC championship game."""
    rule_set = (match.extras.rules or "").split(" ")[0].lower()
    fmt = match.game_format
    race = fmt is not None and fmt.type != "fixed"
    try:
        check_game_form(
            rule_set,
            scoring="conventional" if race else "tournament",
            championship=match.extras.championship,
        )
        if fmt is not None and fmt.type == "fixed" and len(match.games) > (fmt.count or 0):
            check_rounds_played(rule_set, len(match.games), championship=match.extras.championship)
    except InvalidInput as exc:
        raise InvalidInput(f"{where}: {exc}") from None


def _totals(game: CmnGame, included: bool) -> tuple[int, int] | None:
    if game.scores is None:
        return None
    if included:
        return game.scores
    if game.twenties is None:
        return None
    return (game.scores[0] + 20 * game.twenties[0], game.scores[1] + 20 * game.twenties[1])


def _winner_of(totals: tuple[int, int]) -> int | None:
    a, b = tournament_round_points(*totals)
    return None if a == b else (0 if a > b else 1)


def _scores_read(games: tuple[CmnGame, ...], where: str) -> tuple[tuple[CmnGame, ...], list[str]]:
    """Decide whether the match's scores include the 20s (WCC counts them in) and
    return the games with scores that do. One reading holds for a whole match: a game
    whose 20s cannot fit in its score shows the scores leave them out, and so does a
    match whose winners only follow from scores plus 20s."""
    readings: list[str] = []
    both = [
        (n, g.scores, g.twenties) for n, g in enumerate(games, start=1) if g.scores and g.twenties
    ]
    short = next(
        (
            (n, scores, twenties)
            for n, scores, twenties in both
            if any(s < 20 * t for s, t in zip(scores, twenties, strict=True))
        ),
        None,
    )

    def agrees(included: bool) -> int | None:
        """The first game whose winner the scores contradict, under this reading."""
        for n, g in enumerate(games, start=1):
            totals = _totals(g, included)
            if totals is not None and not g.unplayed and _winner_of(totals) != g.winner:
                return n
        return None

    included = short is None
    if included and agrees(True) is not None and both and agrees(False) is None:
        included = False
        n = agrees(True)
        readings.append(
            f"scores read as board points without the 20s: only then does every game's "
            f"winner follow (game {n})"
        )
    elif short is not None:
        n, scores, twenties = short
        readings.append(
            f"scores read as board points without the 20s, which are added (20 each): "
            f"game {n} has twenties {_dash(twenties)} but scores {_dash(scores)}, which "
            "cannot include them"
        )
    wrong = agrees(included)
    if wrong is not None:
        g = games[wrong - 1]
        totals = _totals(g, included)
        raise InvalidInput(
            f"{where}.games[{wrong - 1}]: winner {_team_word(g.winner)} but the scores "
            f"{_dash(totals)} give {_team_word(_winner_of(totals) if totals else None)}"
        )
    out = []
    for n, g in enumerate(games, start=1):
        if g.scores is not None and not included and g.twenties is None:
            raise InvalidInput(
                f"{where}.games[{n - 1}] gives scores without 20s, but this match's scores "
                "leave the 20s out, so its totals are unknown"
            )
        totals = _totals(g, included)
        new = replace(g, scores=totals)
        try:
            new.round_score()
        except InvalidInput as exc:
            raise InvalidInput(f"{where}.games[{n - 1}]: {exc}") from None
        out.append(new)
    return tuple(out), readings


def _dash(pair: tuple[int, int] | None) -> str:
    """``60-5``, as scores are written on a card."""
    return "?" if pair is None else f"{pair[0]}-{pair[1]}"


def _team_word(side: int | None) -> str:
    return "a tie" if side is None else f"team {side + 1}"


def _leader(points: tuple[int, int]) -> int | None:
    return None if points[0] == points[1] else (0 if points[0] > points[1] else 1)


def _length_read(match: CmnMatch, where: str) -> list[str]:
    fmt = match.game_format
    claim = f"{where}.winner is {_team_word(match.winner)}"
    if fmt is None:
        leader = _leader(match.points)
        if leader == match.winner:
            return []
        a, b = match.points
        return [
            f"no gameFormat: the winner ({_team_word(match.winner)}) is taken as recorded; "
            f"the games give {a}-{b} points"
        ]
    if fmt.type == "fixed":
        return _fixed_read(match, fmt.count or 0, where, claim)
    return _race_read(match, fmt.target or 0, where, claim)


def _fixed_read(match: CmnMatch, count: int, where: str, claim: str) -> list[str]:
    games = match.games
    if len(games) < count:
        raise InvalidInput(
            f"{where}: gameFormat fixed {count} but only {len(games)} games; CMN records "
            "finished matches"
        )
    for k in range(count, len(games)):
        if _leader(_points(games[:k])) is not None:
            raise InvalidInput(
                f"{where}.games[{k}]: game {k + 1} was played after the match was decided "
                f"in {k} games (fixed {count}); extra games are played only while tied"
            )
    leader = _leader(match.points)
    if leader != match.winner:
        a, b = match.points
        raise InvalidInput(f"{claim}, but the games give {a}-{b} points: {_team_word(leader)}")
    if len(games) > count and not match.extras.championship:
        return [
            f"games {count + 1}-{len(games)} read as the extra rounds of a game tied after "
            f"{count}, as a WCC championship game is played until a side leads"
        ]
    return []


def _running(match: CmnMatch, unit: Unit) -> list[tuple[int, int]]:
    """Each team's count in ``unit`` after each game."""
    out, a, b = [], 0, 0
    for game in match.games:
        if unit == "board":
            x, y = RoundScore(game.scores or (0, 0), (0, 0)).cancelled
        elif unit == "points":
            x, y = game.points
        else:
            x, y = int(game.winner == 0), int(game.winner == 1)
        a, b = a + x, b + y
        out.append((a, b))
    return out


def _reaches(match: CmnMatch, unit: Unit, target: int) -> tuple[int, int | None] | None:
    """(games played, side) when a side first reaches ``target`` counting ``unit``
    (side None when both reach it at once); None if no side does."""
    for n, totals in enumerate(_running(match, unit), start=1):
        reached = [s for s in (0, 1) if totals[s] >= target]
        if reached:
            return n, reached[0] if len(reached) == 1 else None
    return None


def _units(match: CmnMatch) -> tuple[Unit, ...]:
    """The counts a ``first_to`` target may be in, most likely first: board points
    (only when every game has scores), the draft's 2 points a game, games won."""
    board: tuple[Unit, ...] = ("board",) if all(g.scores for g in match.games) else ()
    return (*board, "points", "games")


def _first_to_unit(match: CmnMatch, where: str = "match") -> Unit:
    """The unit in which the match's last game brings its winner to the target (play
    stops there), or with flickboard's time-up mark, board points (else points)."""
    assert match.game_format is not None and match.game_format.target is not None
    target = match.game_format.target
    if match.extras.time_up:
        return _units(match)[0]
    for unit in _units(match):
        if _reaches(match, unit, target) == (len(match.games), match.winner):
            return unit
    raise _no_unit(match, target, where)


def _no_unit(match: CmnMatch, target: int, where: str) -> InvalidInput:
    told = []
    for unit in _units(match):
        got = _reaches(match, unit, target)
        if got is None:
            told.append(f"counting {UNIT_WORDS[unit]}, no team reaches {target}")
        elif got[1] is None:
            told.append(f"counting {UNIT_WORDS[unit]}, both teams reach {target} in game {got[0]}")
        elif got[0] < len(match.games):
            told.append(
                f"counting {UNIT_WORDS[unit]}, team {got[1] + 1} reaches {target} in game "
                f"{got[0]} of {len(match.games)}"
            )
        else:
            told.append(f"counting {UNIT_WORDS[unit]}, team {got[1] + 1} reaches it")
    return InvalidInput(
        f"{where}.gameFormat: first_to {target} ends when a team reaches {target}, with that "
        f"team the winner ({_team_word(match.winner)}), but {'; '.join(told)}"
    )


def _race_read(match: CmnMatch, target: int, where: str, claim: str) -> list[str]:
    if match.extras.time_up:
        unit = _units(match)[0]
        got = _reaches(match, unit, target)
        totals = _running(match, unit)[-1]
        if got is not None:
            raise InvalidInput(
                f"{where}: time is up (flickboard timeUp), but the target {target} was "
                f"reached in game {got[0]}"
            )
        if _leader(totals) != match.winner or match.winner is None:
            raise InvalidInput(f"{claim}, but when time was up the totals were {_dash(totals)}")
        return []
    unit = _first_to_unit(match, where)
    if match.extras.rules is not None and unit == "board":
        return []
    return [
        f"first_to {target} read as {UNIT_WORDS[unit]}: the count in which the last game "
        f"brings {_team_word(match.winner)} to {target}"
    ]


# -- writing -----------------------------------------------------------------------------


def _player_object(p: CmnPlayer) -> cmn_objects.Player:
    return cmn_objects.Player(
        name=p.name, cid=p.cid, flickboard=given(cmn_objects.PlayerExtras(id=p.id))
    )


def _team_object(t: CmnTeam) -> cmn_objects.Team:
    return cmn_objects.Team(
        players=[_player_object(p) for p in t.players],
        flickboard=given(cmn_objects.TeamExtras(id=t.id, name=t.name)),
    )


def _game_object(g: CmnGame) -> cmn_objects.Game:
    return cmn_objects.Game(
        winner=g.winner,
        hammer=g.hammer,
        scores=list(g.scores) if g.scores else None,
        twenties=list(g.twenties) if g.twenties else None,
        flickboard=given(cmn_objects.GameExtras(unplayed=g.unplayed)),
    )


def _event_object(e: CmnEvent | None) -> cmn_objects.Event | None:
    if e is None:
        return None
    loc = e.location
    location = (
        given(
            cmn_objects.Location(country=loc.country, region=loc.region, lat=loc.lat, lng=loc.lng)
        )
        if loc
        else None
    )
    return given(
        cmn_objects.Event(name=e.name, type=e.type, round=e.round, venue=e.venue, location=location)
    )


def _source_object(s: CmnSource | None) -> cmn_objects.Source | None:
    return None if s is None else cmn_objects.Source(app=s.app, version=s.version, url=s.url)


def _extras_object(x: CmnExtras) -> cmn_objects.MatchExtras | None:
    by = cmn_objects.Validation(by=x.validated[0], initials=x.validated[1]) if x.validated else None
    return given(
        cmn_objects.MatchExtras(
            rules=x.rules,
            category=x.category,
            championship=x.championship,
            timeUp=x.time_up,
            validated=by,
        )
    )


def _match_object(m: CmnMatch) -> cmn_objects.Match:
    fmt = m.game_format
    return cmn_objects.Match(
        date=m.date,
        format=m.format,
        teams=[_team_object(t) for t in m.teams],
        gameFormat=None
        if fmt is None
        else cmn_objects.GameFormat(type=fmt.type, count=fmt.count, target=fmt.target),
        games=[_game_object(g) for g in m.games],
        winner=m.winner,
        flickboard=_extras_object(m.extras),
    )


def _shared(events: Sequence[cmn_objects.Event | None]) -> cmn_objects.Event | None:
    """The event fields every match gives alike."""
    if not events or events[0] is None:
        return None
    alike = {
        name: value
        for name, value in events[0]
        if value is not None and all(e is not None and getattr(e, name) == value for e in events)
    }
    return given(cmn_objects.Event.model_validate(alike))


_Parts = tuple[cmn_objects.Match, cmn_objects.Event | None, cmn_objects.Source | None]


def _parts(m: CmnMatch) -> _Parts:
    """A match's ``match``, ``event`` and ``source`` objects; :class:`InvalidInput` if
    it holds what CMN cannot (an empty name, a date not in UTC)."""
    try:
        return _match_object(m), _event_object(m.event), _source_object(m.source)
    except ValidationError as exc:
        raise InvalidInput(
            f"CMN match {m.label} cannot be written: its {exc.title.lower()}'s {problem(exc)}"
        ) from None


def _document(matches: Sequence[CmnMatch]) -> cmn_objects.Record | cmn_objects.Batch:
    """One match as a record, several (or none) as a batch. A batch carries the source
    and the event fields its matches share once, and each match whose event differs
    its whole event."""
    parts = [_parts(m) for m in matches]
    if len(matches) == 1:
        ((match, event, source),) = parts
        return cmn_objects.Record(
            cmn=CMN_VERSION, id=matches[0].id, match=match, event=event, source=source
        )
    shared = _shared([event for _, event, _ in parts])
    common = len({m.source for m in matches}) == 1
    entries = [
        cmn_objects.Entry(
            id=m.id,
            match=match,
            event=event if event != shared else None,
            source=None if common else source,
        )
        for m, (match, event, source) in zip(matches, parts, strict=True)
    ]
    return cmn_objects.Batch(
        cmn=CMN_VERSION,
        batch=True,
        event=shared,
        source=parts[0][2] if parts and common else None,
        matches=entries,
    )


def cmn_json(matches: Sequence[CmnMatch]) -> dict[str, Any]:
    """A CMN document: one match as a record, several (or none) as a batch (JSON-ready:
    the draft's names, absent, false and empty fields left out)."""
    document = _document(matches)
    return document.model_dump(mode="json", by_alias=True, exclude_defaults=True)


LINE_WIDTH = 100
"""Written CMN puts an object or list on one line when it fits in this many characters."""


def _laid_out(value: Any, indent: int = 0, lead: int = 0) -> str:
    """JSON with each object and list on one line if it fits, else one item a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or indent + lead + len(flat) <= LINE_WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k)}: {_laid_out(v, indent + 2, len(k) + 4)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _laid_out(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def dump_cmn(matches: Iterable[CmnMatch]) -> str:
    """CMN text (JSON, UTF-8 as is, laid out to read) of the matches; each is checked
    first, so what flickboard writes reads back."""
    found = [checked(m) for m in matches]
    return _laid_out(cmn_json(found)) + "\n"


def flickboard_source(version: str) -> CmnSource:
    """``source`` of what flickboard writes."""
    return CmnSource(APP, version)
