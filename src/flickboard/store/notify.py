"""Change notifications for live pages: a hook per process, NOTIFY across processes,
heard through one ``LISTEN`` connection per process (:class:`Listening`).

Every committed write the public can see calls the desk's notifier with a
:class:`~flickboard.store.acting.Change` (event ID and name, its new revision, the
action). On PostgreSQL the same change is sent with ``NOTIFY flickboard_desk`` inside
the write's transaction, so it is delivered exactly when the write commits and reaches
every worker process that :func:`listen`\\ s.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator

import psycopg

from flickboard.errors import InvalidInput
from flickboard.store.acting import CHANNEL, Change

log = logging.getLogger(__name__)


class Collected:
    """A notifier that keeps every change (for a process's own fan-out, and tests)."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def __call__(self, change: Change) -> None:
        self.changes.append(change)


def listen(url: str, timeout: float, limit: int | None = None) -> Iterator[Change]:
    """Changes NOTIFYed on a PostgreSQL database, as they arrive, for ``timeout``
    seconds (or until ``limit`` changes)."""
    if not url.startswith("postgresql"):
        raise InvalidInput("live notifications across processes need PostgreSQL")
    conninfo = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        for note in conn.notifies(timeout=timeout, stop_after=limit):
            yield Change.from_payload(note.payload)


Hear = Callable[[str], None]
"""Told the payload of a notification on a channel."""


class Listening:
    """This process's one ``LISTEN`` connection to a PostgreSQL database, for every
    channel asked for (:meth:`on`), in a daemon thread (:meth:`start`, :meth:`stop`).

    It reconnects by itself after a lost connection; a notification sent meanwhile is
    missed, so each ``connected`` callback is called once it listens again (the desk's
    pages re-read the whole standings on the next change; the table's read the events
    they lack from the database)."""

    def __init__(self, url: str, poll: float = 1.0) -> None:
        if not url.startswith("postgresql"):
            raise InvalidInput("live notifications across processes need PostgreSQL")
        self.conninfo = url.replace("postgresql+psycopg://", "postgresql://")
        self.poll = poll
        self._hear: dict[str, Hear] = {}
        self._connected: list[Callable[[], None]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def on(self, channel: str, hear: Hear, connected: Callable[[], None] | None = None) -> None:
        """Hear ``channel`` (before :meth:`start`); ``connected`` is called after each
        reconnection."""
        self._hear[channel] = hear
        if connected is not None:
            self._connected.append(connected)

    def start(self) -> None:
        """Listen in a daemon thread."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="flickboard-listen", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop listening (within a poll)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(self.poll + 2)

    def _run(self) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    for channel in self._hear:
                        conn.execute(f"LISTEN {channel}")
                    if not first:
                        for connected in self._connected:
                            self._call(connected)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=self.poll):
                            hear = self._hear.get(note.channel)
                            if hear is not None:
                                self._call(hear, note.payload)
            except psycopg.Error:
                self._stop.wait(self.poll)

    @staticmethod
    def _call(callback: Callable[..., None], *args: str) -> None:
        try:
            callback(*args)
        except Exception:  # one bad notification must not end the listening
            log.exception("a notification could not be handled")
