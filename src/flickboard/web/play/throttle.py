"""How many new games one address may start, and how many AI v AI matches may run:
counted in the database over every server process, when a game is made (docs/web.md,
"The table"), so that no client can grow the server without bound or take the AI from
the people playing it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from flickboard.errors import IllegalInPosition, InvalidInput

GAMES_PER_MINUTE = 30
"""New games one address may start in any 60 seconds (``$FLICKBOARD_GAMES_PER_MINUTE``
sets another limit for a server)."""
LIMIT_ENV = "FLICKBOARD_GAMES_PER_MINUTE"
WINDOW = 60.0

SPECTACLES_PER_ADDRESS = 2
"""AI v AI matches one address may have running at once
(``$FLICKBOARD_AI_MATCHES_PER_ADDRESS``)."""
SPECTACLES_PER_ADDRESS_ENV = "FLICKBOARD_AI_MATCHES_PER_ADDRESS"
SPECTACLES = 8
"""AI v AI matches running at once on the whole site, every server process together
(``$FLICKBOARD_AI_MATCHES``)."""
SPECTACLES_ENV = "FLICKBOARD_AI_MATCHES"
WATCH_GRACE = 30.0
"""Seconds an AI v AI match counts as watched after it is made or a page last watched
it; past them it stops (and no longer counts) until a page opens it again."""


def whole_number(variable: str, default: int) -> int:
    """A server setting from the environment: a whole number, 1 or more."""
    raw = os.environ.get(variable) or str(default)
    if not raw.isdigit() or int(raw) < 1:
        raise InvalidInput(f"${variable} must be a whole number, 1 or more, not {raw!r}")
    return int(raw)


class TooManyGames(IllegalInPosition):
    """An address started too many games lately, or too many AI v AI matches run (the
    web answers 429 with Retry-After)."""

    http_status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class Limits:
    """The limits on new games (defaults from the environment, above)."""

    per_minute: int = field(default_factory=lambda: whole_number(LIMIT_ENV, GAMES_PER_MINUTE))
    spectacles_per_address: int = field(
        default_factory=lambda: whole_number(SPECTACLES_PER_ADDRESS_ENV, SPECTACLES_PER_ADDRESS)
    )
    spectacles: int = field(default_factory=lambda: whole_number(SPECTACLES_ENV, SPECTACLES))
    window: float = WINDOW
    watch_grace: float = WATCH_GRACE
