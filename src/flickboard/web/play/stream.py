"""A game's live events: what is sent to every page watching it, and what a page that
reconnects has missed.

Events are numbered; an id is ``RUN-NUMBER``, RUN naming this server run and this copy
of the game, so a page whose last event came from another (a restart, a game read back)
gets the whole state instead of a gap. Events are handed to each page's stream on its
event loop from whatever thread made them (a request's, an AI worker's).
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections import deque
from dataclasses import dataclass, field

HISTORY = 64
"""Events kept for pages that reconnect (one further behind gets the whole state)."""


@dataclass(frozen=True)
class Sent:
    """An event: its id (``RUN-NUMBER``), number, kind and JSON text."""

    id: str
    number: int
    kind: str
    data: str


@dataclass(eq=False)
class Listener:
    """A page's event stream: a queue on the event loop that serves it."""

    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[Sent] = field(default_factory=asyncio.Queue)

    def put(self, event: Sent) -> None:
        """Hand an event over from any thread."""
        self.loop.call_soon_threadsafe(self.queue.put_nowait, event)


class Broadcast:
    """The events of one game (see the module docstring)."""

    def __init__(self, run: str) -> None:
        self.run = f"{run}{secrets.token_hex(2)}"
        self._lock = threading.Lock()
        self._listeners: set[Listener] = set()
        self._history: deque[Sent] = deque(maxlen=HISTORY)
        self._sequence = 0

    @property
    def last_id(self) -> str:
        """The id of the latest event."""
        return f"{self.run}-{self._sequence}"

    def listen(self, loop: asyncio.AbstractEventLoop) -> Listener:
        """A new page's stream, served on ``loop``."""
        listener = Listener(loop)
        with self._lock:
            self._listeners.add(listener)
        return listener

    @property
    def watched(self) -> bool:
        """Whether a page is listening now."""
        with self._lock:
            return bool(self._listeners)

    def forget(self, listener: Listener) -> None:
        """A page's stream ended."""
        with self._lock:
            self._listeners.discard(listener)

    def since(self, last: str | None) -> list[Sent] | None:
        """Events after the one with id ``last`` (None: the page must take the whole
        state: its event is from another run or copy of the game, or too old)."""
        with self._lock:
            if last is None:
                return []
            run, _, number = last.rpartition("-")
            if run != self.run or not number.isdigit():
                return None
            seen = int(number)
            missed = [e for e in self._history if e.number > seen]
            return missed if len(missed) == max(self._sequence - seen, 0) else None

    def publish(self, kind: str, data: str) -> None:
        """Send an event (JSON text) to every page listening, and keep it."""
        with self._lock:
            self._sequence += 1
            event = Sent(f"{self.run}-{self._sequence}", self._sequence, kind, data)
            self._history.append(event)
            for listener in list(self._listeners):
                listener.put(event)
