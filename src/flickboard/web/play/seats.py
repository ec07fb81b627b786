"""The seats of a game at the browser table: who plays each, and the digests of the
seat's token and join code (the secrets themselves are never kept)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from flickboard.agents.spec import parse_spec


def digest(secret: str) -> str:
    """What is kept of a token or join code: its SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


def default_name(player: str, ai: str, number: int) -> str:
    """The name of a seat not named in the lobby: ``Player 2``, ``AI (planner, club)``."""
    if player != "ai":
        return f"Player {number + 1}"
    kind, level = parse_spec(ai)
    return f"AI ({kind}, {level})"


@dataclass(frozen=True)
class Seat:
    """One seat: side, the name shown, who plays it (``here``, ``remote`` or ``ai`` with
    its spec), the digest of its token and, until someone joins, of its join code."""

    seat: int
    side: int
    name: str
    player: str
    ai: str | None = None
    token: str | None = None
    join: str | None = None
    resigned: bool = False

    def to_saved(self) -> dict[str, Any]:
        """As saved (digests only)."""
        return {
            "seat": self.seat,
            "side": self.side,
            "name": self.name,
            "player": self.player,
            "ai": self.ai,
            "token": self.token,
            "join": self.join,
            "resigned": self.resigned,
        }

    @classmethod
    def from_saved(cls, data: dict[str, Any]) -> Seat:
        """From :meth:`to_saved`."""
        return cls(**data)

    def public(self, colour: str) -> dict[str, Any]:
        """What everyone may see of the seat."""
        return {
            "seat": self.seat,
            "side": self.side,
            "colour": colour,
            "name": self.name,
            "player": self.player,
            "ai": self.ai,
            "joined": self.player != "remote" or self.token is not None,
        }
