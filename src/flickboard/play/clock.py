"""Game clocks for timed games: a budget of shots (deterministic, what records replay on)
or the wall clock; each says whether time is up and what a clock on screen shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from flickboard.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class ClockFace:
    """What a clock on screen shows: time left, counted in shots or in seconds."""

    kind: Literal["shots", "seconds"]
    left: float


class GameClock(Protocol):
    """Game time for timed games: has the buzzer gone? Told of every shot taken."""

    def expired(self) -> bool:
        """True once time is up."""
        ...

    def shot_taken(self) -> None:
        """Called after every shot."""
        ...

    def face(self) -> ClockFace:
        """What a clock on screen shows now."""
        ...


@dataclass
class ShotBudget:
    """A deterministic clock: time is up after ``shots`` shots in the game."""

    shots: int
    taken: int = 0

    def __post_init__(self) -> None:
        if self.shots < 0:
            raise InvalidInput("a shot budget cannot be negative")

    def expired(self) -> bool:
        """True once the budget is spent."""
        return self.taken >= self.shots

    def shot_taken(self) -> None:
        """Spend one shot."""
        self.taken += 1

    @property
    def remaining(self) -> int:
        """Shots left before time is up (for a clock on screen)."""
        return max(self.shots - self.taken, 0)

    def face(self) -> ClockFace:
        """Shots left."""
        return ClockFace("shots", self.remaining)


@dataclass(frozen=True)
class ShotClocks:
    """A match's clocks when games are timed in shots: each game gets ``ShotBudget(shots)``
    (a record keeps the budget, so a stopped timed game replays on the same clock)."""

    shots: int

    def __post_init__(self) -> None:
        if isinstance(self.shots, bool) or not isinstance(self.shots, int) or self.shots < 0:
            raise InvalidInput(
                f"a game timed in shots needs a whole number >= 0, got {self.shots!r}"
            )

    def __call__(self) -> ShotBudget:
        """A fresh budget for the next game."""
        return ShotBudget(self.shots)


@dataclass
class WallClock:
    """Real game time: ``seconds`` from the first question asked."""

    seconds: float
    now: Callable[[], float] = time.monotonic
    _started: float | None = None

    def expired(self) -> bool:
        """True once ``seconds`` have passed since the clock was first read."""
        if self._started is None:
            self._started = self.now()
        return self.now() - self._started >= self.seconds

    def shot_taken(self) -> None:
        """Nothing to do: the wall clock runs by itself."""

    @property
    def remaining(self) -> float:
        """Seconds left before time is up (all of them until the clock is first read),
        for a clock on screen."""
        if self._started is None:
            return self.seconds
        return max(self.seconds - (self.now() - self._started), 0.0)

    def face(self) -> ClockFace:
        """Seconds left, to a tenth."""
        return ClockFace("seconds", round(self.remaining, 1))
