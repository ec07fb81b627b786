"""How many new games one address may start: a sliding window per client address, so
that no client can grow the server without bound (docs/web.md, "The table")."""

from __future__ import annotations

import math
import os
import threading
import time
from collections import defaultdict, deque

from flickboard.errors import IllegalInPosition, InvalidInput

GAMES_PER_MINUTE = 30
"""New games one address may start in any 60 seconds (``$FLICKBOARD_GAMES_PER_MINUTE``
sets another limit for a server)."""
LIMIT_ENV = "FLICKBOARD_GAMES_PER_MINUTE"
WINDOW = 60.0


def whole_number(variable: str, default: int) -> int:
    """A server setting from the environment: a whole number of games, 1 or more."""
    raw = os.environ.get(variable) or str(default)
    if not raw.isdigit() or int(raw) < 1:
        raise InvalidInput(f"${variable} must be a whole number of games, not {raw!r}")
    return int(raw)


class TooManyGames(IllegalInPosition):
    """An address started too many games lately (the web answers 429 with Retry-After)."""

    http_status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NewGames:
    """The per-address limit on new games (in each server process)."""

    def __init__(self, per_minute: int | None = None) -> None:
        self.per_minute = (
            whole_number(LIMIT_ENV, GAMES_PER_MINUTE) if per_minute is None else per_minute
        )
        self._started: defaultdict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def admit(self, address: str, now: float | None = None) -> None:
        """Count a new game from ``address``, or refuse it (:class:`TooManyGames`)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            started = self._started[address]
            while started and started[0] <= now - WINDOW:
                started.popleft()
            if len(started) >= self.per_minute:
                wait = max(1, math.ceil(started[0] + WINDOW - now))
                raise TooManyGames(
                    f"too many new games from this address: at most {self.per_minute} a "
                    f"minute; try again in {wait} s",
                    wait,
                )
            started.append(now)
            for quiet in [a for a, times in self._started.items() if not times]:
                del self._started[quiet]
