"""Crokinole game records as CMN 1.0 matches (docs/formats.md, "CMN").

A record keeps every shot; its CMN match keeps what CMN can say: each finished round's
winner, board points (20s included), 20s and the team with the hammer, the game's
winner and length, and in flickboard's own fields the rule set, category,
championship and a race ended by time. A game stopped before its end has no result,
so it is left out (CMN records finished matches).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from flickboard.errors import InvalidInput
from flickboard.play.cmn import (
    CmnEvent,
    CmnExtras,
    CmnGame,
    CmnMatch,
    CmnPlayer,
    CmnTeam,
    GameFormat,
    dump_cmn,
    flickboard_source,
    record_id,
    utc_date,
)
from flickboard.play.cmn_objects import Format
from flickboard.play.crokinole import ROUNDS_PER_GAME, Seating
from flickboard.play.crokinole_record import round_from_json
from flickboard.play.gamerecord import GameRecord
from flickboard.rules.crokinole import SIDE_NAMES, CrokinoleReferee, crokinole_referee, side_name
from flickboard.version import VERSION


def rules_tag(ref: CrokinoleReferee) -> str:
    """The rule set name, then each option that differs from its default as
    ``KEY=VALUE`` (as ``--option`` takes it), e.g. ``depot direct_hit=true``. A WCC
    category is given on its own."""
    defaults = crokinole_referee(ref.name).keywords
    changed = [
        f"{key}={str(value).lower() if isinstance(value, bool) else value}"
        for key, value in sorted(ref.keywords.items())
        if key != "category" and value != defaults.get(key)
    ]
    return " ".join([ref.name, *changed])


def _teams(seating: Seating, tags: Mapping[str, str]) -> tuple[CmnTeam, CmnTeam]:
    """A side's name is its ``Side1``/``Side2`` tag, else its colour; in doubles each
    player is named by colour and seat."""
    teams = []
    for side in (0, 1):
        name = tags.get(f"Side{side + 1}", side_name(side))
        if seating.teams:
            seats = [s for s in seating.seats if seating.side_of(s) == side]
            players = tuple(CmnPlayer(f"{name} seat {s}") for s in seats)
            teams.append(CmnTeam(players, name=name))
        else:
            teams.append(CmnTeam((CmnPlayer(name),)))
    return teams[0], teams[1]


def match_from_record(record: GameRecord, *, date: str, version: str) -> CmnMatch | None:
    """The record's game as a CMN match (``date`` a CMN date, ``version`` flickboard's),
    or None for a game stopped before its end. :class:`InvalidInput` for a game that
    is not crokinole or not between two sides."""
    if record.game != "crokinole":
        raise InvalidInput(f"CMN records crokinole, not {record.game}")
    ref = record.referee()
    assert isinstance(ref, CrokinoleReferee)
    setup = dict(record.setup)
    seating = Seating(int(setup.get("players", 2)), bool(setup.get("teams", False)))
    if seating.sides != 2:
        raise InvalidInput(
            f"CMN records games of two sides (singles, doubles), not {seating.players} players "
            "each on their own"
        )
    if not isinstance(record.result, Mapping):
        return None
    games = []
    for shots, stored in zip(record.rounds, record.scores, strict=True):
        score = round_from_json(stored)
        a, b = score.points
        winner = None if a == b else (0 if a > b else 1)
        hammer = 1 - shots[0].turn.side if shots else None
        games.append(
            CmnGame(winner, hammer, (score.scores[0], score.scores[1]), _pair(score.twenties))
            if not score.unplayed
            else CmnGame(None, None, (0, 0), (0, 0), unplayed=True)
        )
    opts = ref.options
    race = opts.scoring.value != "tournament"
    category = ref.keywords.get("category")
    kind: Format = "doubles" if seating.teams else "singles"
    tags = dict(record.tags)
    won = record.result.get("winner")
    content: list[Any] = [record.rules, record.options, record.tags, record.setup]
    content += [record.scores, record.result, [[e.turn for e in r] for r in record.rounds]]
    return CmnMatch(
        record_id(*content),
        date,
        kind,
        _teams(seating, tags),
        tuple(games),
        None if won is None else SIDE_NAMES.index(won),
        GameFormat("first_to", target=opts.target)
        if race
        else GameFormat("fixed", count=ROUNDS_PER_GAME),
        CmnEvent(name=tags["Event"]) if "Event" in tags else None,
        flickboard_source(version),
        CmnExtras(
            rules_tag(ref),
            f"{category} {kind}" if category else None,
            bool(setup.get("championship", False)),
            bool(record.result.get("time_up", False)),
        ),
    )


def _pair(values: Sequence[int]) -> tuple[int, int]:
    return (values[0], values[1])


def records_cmn(records: Sequence[GameRecord], when: datetime) -> str:
    """CMN text of a match's game records: every finished game, played by ``when``."""
    found = [match_from_record(r, date=utc_date(when), version=VERSION) for r in records]
    return dump_cmn([m for m in found if m is not None])
