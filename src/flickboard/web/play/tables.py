"""The server's games: live ones in memory by ID, the rest read back from the database
when asked for, the worker threads in which the AI seats play, and the thread that saves
the match records games' ends leave due.

One server process holds a game while it is played: its pages' event streams are fed
from that process (docs/web.md says what several workers mean for the table). Memory
stays bounded: a finished game nobody has asked for in :data:`FINISHED_SECONDS`, any game
nobody has asked for in :data:`IDLE_SECONDS` and, past :data:`HELD_MAX` games, the
least recently used leave memory unless a page is
watching them or the AI is playing them; they are read back from the database (their
shots played again) when next asked for. New games are limited per client address
(:mod:`flickboard.web.play.throttle`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from flickboard.errors import FlickboardError, NotFound
from flickboard.web.play.live import LiveGame
from flickboard.web.play.models import NewGame
from flickboard.web.play.review import Reviews
from flickboard.web.play.saved import SavedGames
from flickboard.web.play.throttle import NewGames, whole_number

log = logging.getLogger(__name__)

AI_WORKERS = 2
"""Threads in which AI seats think and shoot (never the event loop)."""

STREAM_SECONDS = 15.0
"""How long one event stream stays open before the page's EventSource reconnects and
picks up where it left (so a stopping server never waits long for open streams)."""

IDLE_SECONDS = 600.0
"""A game nobody asked for in this long leaves memory (it stays in the database)."""
FINISHED_SECONDS = 30.0
"""A finished game nobody asked for in this long leaves memory."""
HELD_MAX = 256
"""At most this many games stay in memory; past it the least recently used leave
(``$FLICKBOARD_GAMES_HELD`` sets another cap for a server)."""
HELD_ENV = "FLICKBOARD_GAMES_HELD"
SWEEP_SECONDS = 1.0
"""Games idle long enough leave memory at most this long after (a sweep looks at every
game held, so it runs at most this often, and whenever the cap is passed)."""


class UnknownGame(NotFound):
    """No game has this ID (the web answers 404)."""


class Tables:
    """Every game of the server (see the module docstring)."""

    def __init__(self, database_url: str) -> None:
        self.saved = SavedGames(database_url)
        self.reviews = Reviews(database_url)
        self.boot = secrets.token_hex(4)
        self.stream_seconds = STREAM_SECONDS
        self.idle_seconds = IDLE_SECONDS
        self.finished_seconds = FINISHED_SECONDS
        self.held_max = whole_number(HELD_ENV, HELD_MAX)
        self.new_games = NewGames()
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._touched: dict[str, float] = {}
        self._swept = -SWEEP_SECONDS
        self._lock = threading.Lock()
        self._ai = ThreadPoolExecutor(max_workers=AI_WORKERS, thread_name_prefix="flickboard-ai")
        self._records = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flickboard-records")

    def create(
        self, request: NewGame, address: str = "?"
    ) -> tuple[LiveGame, dict[str, str], dict[str, str]]:
        """A new game with a fresh random ID, if ``address`` may start one now
        (:class:`~flickboard.web.play.throttle.TooManyGames`); the AI opens it if it
        shoots first."""
        self.new_games.admit(address)
        game_id = secrets.token_urlsafe(9)
        live, tokens, joins = LiveGame.create(game_id, request, self.saved, self.boot)
        self._hold(live)
        self.wake_ai(live)
        return live, tokens, joins

    @property
    def held(self) -> int:
        """How many games are in memory now."""
        with self._lock:
            return len(self._games)

    def _hold(self, live: LiveGame) -> LiveGame:
        """Keep ``live`` in memory as the most recently used (the one held already if
        another request read it back meanwhile), and let others leave."""
        now = time.monotonic()
        with self._lock:
            live = self._games.setdefault(live.id, live)
            self._games.move_to_end(live.id)
            self._touched[live.id] = now
            due = len(self._games) > self.held_max or now >= self._swept + SWEEP_SECONDS
        if due:  # a sweep looks at every game held: not on every request
            self._swept = now
            self.sweep(now, keep=live.id)
        return live

    def sweep(self, now: float | None = None, keep: str | None = None) -> list[str]:
        """Let games leave memory (see the module docstring), all but ``keep``: the
        IDs that left."""
        now = time.monotonic() if now is None else now
        left = []
        with self._lock:
            over = len(self._games) - self.held_max
            for game_id, live in list(self._games.items()):
                finished = live.status != "playing" or live.match.over
                quiet = now - self._touched.get(game_id, now)
                idle = quiet >= (self.finished_seconds if finished else self.idle_seconds)
                if game_id == keep or not (idle or over > 0) or self._busy(live):
                    continue
                del self._games[game_id]
                self._touched.pop(game_id, None)
                left.append(game_id)
                over -= 1
        return left

    @staticmethod
    def _busy(live: LiveGame) -> bool:
        """Watched by a page, played by the AI, or changing now: it stays."""
        if live.ai_running or live.events.watched:
            return True
        if not live.lock.acquire(blocking=False):
            return True
        live.lock.release()
        return False

    def held_now(self, game_id: str) -> LiveGame | None:
        """The game with this ID if it is in memory and current (no database read),
        marked as just used; None otherwise (:meth:`get` reads it back)."""
        with self._lock:
            live = self._games.get(game_id)
            if live is not None and live.stale:
                del self._games[game_id]
                live = None
        return None if live is None else self._hold(live)

    def get(self, game_id: str) -> LiveGame:
        """The game with this ID, read back from the database if this process has not
        held it yet (after a restart); :class:`UnknownGame` if there is none."""
        live = self.held_now(game_id)
        if live is not None:
            return live
        if not 8 <= len(game_id) <= 40:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        restored = LiveGame.restore(game_id, self.saved, self.boot)
        if restored is None:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        live = self._hold(restored)
        self.after_change(live)
        return live

    def after_change(self, live: LiveGame) -> None:
        """After a change was answered: the AI woken if it is to shoot, and the match
        record a game's end left due saved (in the record thread)."""
        self.wake_ai(live)
        self._keep_record(live)

    def _keep_record(self, live: LiveGame) -> None:
        """The match record a game's end left due, saved in the record thread."""
        if live.record_due:
            self._records.submit(live.keep_record)

    def wake_ai(self, live: LiveGame) -> None:
        """If an AI seat is to shoot, let it (in a worker thread); one at a time per game."""
        with live.lock:
            if live.ai_running or live.ai_seat() is None:
                return
            live.ai_running = True
        self._ai.submit(self._ai_turns, live)

    def _ai_turns(self, live: LiveGame) -> None:
        """Play AI shots until a person is to shoot or the game is over."""
        again = False
        try:
            while live.ai_shot():
                self._keep_record(live)
        except FlickboardError as exc:
            log.exception("the AI of game %s could not shoot", live.id)
            live.publish_error(f"the AI could not shoot: {exc}")
        except Exception:
            log.exception("the AI of game %s failed", live.id)
            live.publish_error("the AI failed on the server; reload the page to try again")
        else:
            again = True
        finally:
            with live.lock:
                live.ai_running = False
                # a person's shot that came in just now found this worker still busy
                again = again and live.ai_seat() is not None
        if again:
            self.wake_ai(live)

    def close(self) -> None:
        """Stop the AI workers (at shutdown); the records due are saved first."""
        self._ai.shutdown(wait=False, cancel_futures=True)
        self._records.shutdown(wait=True)
