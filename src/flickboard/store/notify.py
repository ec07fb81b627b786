"""Change notifications for live pages: a hook per process, NOTIFY across processes.

Every committed write the public can see calls the desk's notifier with a
:class:`~flickboard.store.acting.Change` (event ID and name, its new revision, the
action). On PostgreSQL the same change is sent with ``NOTIFY flickboard_desk`` inside
the write's transaction, so it is delivered exactly when the write commits and reaches
every worker process that :func:`listen`\\ s.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import psycopg

from flickboard.errors import InvalidInput
from flickboard.store.acting import CHANNEL, Change


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


def listen_forever(
    url: str, hear: Callable[[Change], None], stop: threading.Event, poll: float = 1.0
) -> None:
    """Call ``hear`` with every change NOTIFYed on a PostgreSQL database until ``stop``
    is set, reconnecting after a lost connection (a change NOTIFYed while reconnecting
    is missed; the next one brings the page up to date, since pages re-read the whole
    standings)."""
    conninfo = url.replace("postgresql+psycopg://", "postgresql://")
    while not stop.is_set():
        try:
            with psycopg.connect(conninfo, autocommit=True) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                while not stop.is_set():
                    for note in conn.notifies(timeout=poll):
                        hear(Change.from_payload(note.payload))
        except psycopg.Error:
            stop.wait(poll)
