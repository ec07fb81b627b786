"""Live pages: committed changes fanned out by server-sent events.

Every committed write the public can see reaches this process's :class:`Hub`: on
SQLite (one worker) from the desk service's notifier hook; on PostgreSQL (any number of
workers) from a thread that LISTENs on ``flickboard_desk``, so a card validated through
one worker updates the pages connected to every other worker. Each open page holds a
queue; on a change of its event, the page's fragment is rendered once per process and
revision (:class:`Renders`) and sent as an SSE ``standings`` event whose ``id`` is the
event's revision. Changes that arrive while a render is under way are folded into one
update, so a burst of cards costs one render per page kind, not one per card.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from flickboard.errors import FlickboardError
from flickboard.store.acting import CHANNEL, Change
from flickboard.store.notify import Listening

log = logging.getLogger(__name__)

EVERY_EVENT = 0
"""Subscribe to this to hear about every event (the desk's list of events)."""


class Hub:
    """This process's subscribers to event changes (thread-safe publishing)."""

    def __init__(self) -> None:
        self._subs: dict[int, set[asyncio.Queue[int | None]]] = defaultdict(set)
        self._loop: asyncio.AbstractEventLoop | None = None

    def publish(self, change: Change) -> None:
        """Announce a committed change (from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, change.event_id, change.revision)

    def _deliver(self, event_id: int, revision: int) -> None:
        for q in [*self._subs.get(event_id, ()), *self._subs.get(EVERY_EVENT, ())]:
            q.put_nowait(revision)

    @contextmanager
    def subscribe(self, event_id: int) -> Iterator[asyncio.Queue[int | None]]:
        """A queue of the revisions of ``event_id`` as they commit (call in the loop)."""
        self._loop = asyncio.get_running_loop()
        q: asyncio.Queue[int | None] = asyncio.Queue()
        self._subs[event_id].add(q)
        try:
            yield q
        finally:
            self._subs[event_id].discard(q)

    @property
    def listeners(self) -> int:
        """Open subscriptions (pages connected to this process)."""
        return sum(len(s) for s in self._subs.values())

    def listen(self, listening: Listening) -> None:
        """Hear every process's changes through PostgreSQL LISTEN (the process's
        listening connection); call in the event loop, before it starts."""
        self._loop = asyncio.get_running_loop()
        listening.on(CHANNEL, lambda payload: self.publish(Change.from_payload(payload)))

    def close(self) -> None:
        """End every open stream."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            for subs in self._subs.values():
                for q in subs:
                    loop.call_soon_threadsafe(q.put_nowait, None)


Render = Callable[[int, str], tuple[int, str]]
"""(event ID, view) -> (the event's revision when read, HTML)."""


class Renders:
    """Fragments rendered once per (event, view) and revision, shared by every page.

    Renders run on threads of their own: the request threads may all be busy (writes
    waiting their turn for an event), and a live page must not wait behind them.
    """

    def __init__(self, render: Render, threads: int = 2) -> None:
        self.render = render
        self._cache: dict[tuple[int, str], tuple[int, str]] = {}
        self._locks: dict[tuple[int, str], asyncio.Lock] = defaultdict(asyncio.Lock)
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="flickboard-live")

    async def get(self, event_id: int, view: str, at_least: int = 0) -> tuple[int, str]:
        """The fragment at revision ``at_least`` or later."""
        key = (event_id, view)
        async with self._locks[key]:
            cached = self._cache.get(key)
            if cached is not None and cached[0] >= at_least:
                return cached
            loop = asyncio.get_running_loop()
            fresh = await loop.run_in_executor(self._pool, self.render, event_id, view)
            self._cache[key] = fresh
            return fresh


async def stream(
    hub: Hub, renders: Renders, event_id: int, view: str
) -> AsyncIterator[dict[str, Any]]:
    """SSE events for one page: the fragment now, then after every change."""
    with hub.subscribe(event_id) as q:
        try:
            revision, html = await renders.get(event_id, view)
        except FlickboardError as exc:
            yield {"event": "gone", "data": str(exc)}
            return
        yield {"event": "standings", "id": str(revision), "data": html}
        while True:
            got = await q.get()
            while got is not None and not q.empty():
                nxt = q.get_nowait()
                got = None if nxt is None else max(got, nxt)
            if got is None:
                return
            try:
                revision, html = await renders.get(event_id, view, got)
            except FlickboardError as exc:
                yield {"event": "gone", "data": str(exc)}
                return
            except Exception:  # e.g. the database busy: the next change renders again
                log.exception("live standings of event %s not rendered", event_id)
                continue
            yield {"event": "standings", "id": str(revision), "data": html}
