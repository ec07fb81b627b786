"""Referees: pure functions of (position before, shot record) -> ruling, by rule set."""

from flickboard.rules.base import (
    Decision,
    Fate,
    Position,
    Referee,
    Ruling,
    Side,
    Turn,
    known_rule_sets,
    referee,
    register,
)

__all__ = [
    "Decision",
    "Fate",
    "Position",
    "Referee",
    "Ruling",
    "Side",
    "Turn",
    "known_rule_sets",
    "referee",
    "register",
]
