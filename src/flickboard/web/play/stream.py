"""A game's live events handed to the pages this server process serves, in order, none
missed or twice, whichever process made them.

Every event is saved with the change that made it, numbered per game
(:mod:`flickboard.web.play.saved`); the event's id on the page's stream is its number.
This process learns of an event two ways: its own, as soon as its transaction commits
(:meth:`Hub.published`, with the text); another process's, from PostgreSQL's ``NOTIFY``
(with the text when it fits in a notification, else :meth:`Hub.heard` with the number
only: the events not handed over yet are read from the database). Either way the events of a game go to its pages in their numbers' order,
each once: a number already handed over is skipped, one further on brings the ones
before it first. Events are handed to each page's stream on the event loop that serves
it, from whatever thread made or heard them.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from flickboard.web.play.saved import SavedEvent


@dataclass(eq=False)
class Listener:
    """A page's event stream: a queue on the event loop that serves it; ``since`` is the
    number of the last event before it listened (later ones come through the queue)."""

    loop: asyncio.AbstractEventLoop
    since: int = 0
    queue: asyncio.Queue[SavedEvent] = field(default_factory=asyncio.Queue)

    def put(self, event: SavedEvent) -> None:
        """Hand an event over from any thread."""
        self.loop.call_soon_threadsafe(self.queue.put_nowait, event)


@dataclass(eq=False)
class _Watched:
    """The pages of one game in this process and the last event handed to them."""

    handed: int
    listeners: set[Listener] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)


Latest = Callable[[str], int]
"""The number of a game's latest saved event."""
After = Callable[[str, int], list[SavedEvent]]
"""A game's saved events after a number, in order."""


class Hub:
    """The pages of this process by game (see the module docstring)."""

    def __init__(self, latest: Latest, after: After) -> None:
        self._latest = latest
        self._after = after
        self._games: dict[str, _Watched] = {}
        self._lock = threading.Lock()

    def listen(self, game_id: str, loop: asyncio.AbstractEventLoop) -> Listener:
        """A new page's stream of the game, served on ``loop``."""
        return self.join(game_id, Listener(loop))

    def join(self, game_id: str, listener: Listener) -> Listener:
        """Add a page's stream to the game's (its ``since`` set here; the first page of
        the game here reads the game's latest event: call it off the event loop)."""
        with self._lock:
            watched = self._games.get(game_id)
            if watched is None:
                watched = self._games[game_id] = _Watched(-1)
        with watched.lock:
            if watched.handed < 0:  # the first page here: events from now on
                watched.handed = self._latest(game_id)
            listener.since = watched.handed
            watched.listeners.add(listener)
        return listener

    def forget(self, game_id: str, listener: Listener) -> None:
        """A page's stream ended."""
        with self._lock:
            watched = self._games.get(game_id)
            if watched is None:
                return
            with watched.lock:
                watched.listeners.discard(listener)
                if not watched.listeners:
                    del self._games[game_id]

    def watched(self, game_id: str) -> bool:
        """Whether a page of this process watches the game now."""
        with self._lock:
            return game_id in self._games

    def watching(self) -> list[str]:
        """The games some page of this process watches now."""
        with self._lock:
            return list(self._games)

    @property
    def pages(self) -> int:
        """Open event streams in this process."""
        with self._lock:
            return sum(len(w.listeners) for w in self._games.values())

    def published(self, game_id: str, event: SavedEvent) -> None:
        """An event saved (its transaction committed), by this process or, heard with
        its text, by another."""
        self._hand(game_id, event.number, event)

    def heard(self, game_id: str, number: int) -> None:
        """Event ``number`` of a game was saved (by any process); its text is read from
        the database."""
        self._hand(game_id, number, None)

    def _hand(self, game_id: str, number: int, event: SavedEvent | None) -> None:
        with self._lock:
            watched = self._games.get(game_id)
        if watched is None:
            return
        with watched.lock:
            if watched.handed < 0 or number <= watched.handed:
                return  # handed over already (or counted in by a page listening now)
            if event is not None and number == watched.handed + 1:
                events = [event]
            else:
                events = self._after(game_id, watched.handed)  # this one and any since
            for e in events:
                for listener in watched.listeners:
                    listener.put(e)
            if events:
                watched.handed = events[-1].number
