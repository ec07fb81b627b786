"""What a shooter meant by a shot, kept in the record beside the shot played.

An :class:`Intent` is written when a shot is played, by whoever knows it (docs/formats.md,
"Intent"): ``ai``, an AI's chosen shot before its execution noise, with its words (what it
tries) and kind; ``aim``, a person's aim played with a hand's noise (the browser table's
realistic mode, the terminal's ``--human-level``); ``exact``, a shot played exactly as
aimed (its intent is the shot itself). A shot with no intent recorded (a record written
before intents, a hand-entered shot) has none: the review then infers one and says so.

A game record carries a shot's intent as its optional ``intent`` field; a match's are
listed shot by shot in the order the record holds them (:func:`with_intents`,
:func:`intents_of`), the order in which the match played them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from flickboard.errors import InvalidInput
from flickboard.jsonfields import json_object, whole_number
from flickboard.physics import Shot
from flickboard.physics.serialize import shot_from_dict, shot_to_dict

SOURCES = ("ai", "aim", "exact")
"""Who recorded an intent: an AI's choice, a person's aim played with noise, a shot played
exactly as aimed."""

PRECISION = 6
"""Decimal places of an intent's shot in a record (as the record's own shots)."""


@dataclass(frozen=True, slots=True)
class Intent:
    """The shot meant (None for ``exact``: the shot played is the one meant), who
    recorded it (:data:`SOURCES`) and, for an AI's choice, its kind, words and target
    (the disc its words name)."""

    by: str
    shot: Shot | None = None
    kind: str = ""
    words: str = ""
    target: int | None = None

    def __post_init__(self) -> None:
        if self.by not in SOURCES:
            raise InvalidInput(f"an intent is by {', '.join(SOURCES)}, not {self.by!r}")
        if (self.shot is None) != (self.by == "exact"):
            raise InvalidInput("an intent holds the shot meant unless it is 'exact'")

    def meant(self, played: Shot) -> Shot:
        """The shot meant when ``played`` was played."""
        return played if self.shot is None else self.shot

    def to_json(self) -> dict[str, Any]:
        """As a record holds it (fields left out when empty)."""
        data: dict[str, Any] = {"by": self.by}
        if self.shot is not None:
            data["shot"] = shot_to_dict(self.shot, PRECISION)
        if self.kind:
            data["kind"] = self.kind
        if self.words:
            data["words"] = self.words
        if self.target is not None:
            data["target"] = self.target
        return data


def intent_from_json(data: object, where: str = "intent") -> Intent:
    """An :class:`Intent` from :meth:`Intent.to_json`; :class:`InvalidInput` names what
    is wrong."""
    obj = json_object(data, where, {"by", "shot", "kind", "words", "target"})
    shot = None if obj.get("shot") is None else shot_from_dict(obj["shot"], strict=True)
    texts = {}
    for key in ("kind", "words"):
        value = obj.get(key, "")
        if not isinstance(value, str) or len(value) > 200:
            raise InvalidInput(f"{where}.{key} must be text of at most 200 characters")
        texts[key] = value
    target = obj.get("target")
    return Intent(
        str(obj.get("by")),
        shot,
        texts["kind"],
        texts["words"],
        None if target is None else whole_number(target, f"{where}.target"),
    )


def intent_of(player: object) -> Intent | None:
    """What a player meant by its last shot, if it says: its ``last_intent`` (the AI
    players, the bots, the terminal's people; None for a player that keeps none)."""
    intent = getattr(player, "last_intent", None)
    return intent if isinstance(intent, Intent) else None


def _shots(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every shot of a game or match record, in the order played."""
    games = record.get("games") if "games" in record else [record]
    for game in games if isinstance(games, list) else []:
        rounds = game.get("rounds") if isinstance(game, dict) else None
        for rnd in rounds if isinstance(rounds, list) else []:
            shots = rnd.get("shots") if isinstance(rnd, dict) else None
            yield from (
                s for s in (shots if isinstance(shots, list) else []) if isinstance(s, dict)
            )


def with_intents(record: dict[str, Any], intents: Sequence[Intent | None]) -> dict[str, Any]:
    """``record`` (a game or match record's JSON, changed in place and returned) with
    each shot's intent, in the order played; a shot without one is left as it is."""
    for shot, intent in zip(_shots(record), intents, strict=False):
        if intent is not None:
            shot["intent"] = intent.to_json()
    return record


def intents_of(record: object) -> list[Intent | None]:
    """Each shot's intent in a game or match record, in the order played (None where
    none was recorded)."""
    if not isinstance(record, dict):
        return []
    out: list[Intent | None] = []
    for n, shot in enumerate(_shots(record), start=1):
        raw = shot.get("intent")
        out.append(None if raw is None else intent_from_json(raw, f"shot {n} intent"))
    return out
