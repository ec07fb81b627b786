"""The server's games: live ones in memory by ID, the rest read back from the database
when asked for, and the worker threads in which the AI seats play.

One server process holds a game while it is played: its pages' event streams are fed
from that process (docs/web.md says what several workers mean for the table).
"""

from __future__ import annotations

import logging
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor

from flickboard.errors import FlickboardError, InvalidInput
from flickboard.web.play.live import LiveGame
from flickboard.web.play.models import NewGame
from flickboard.web.play.review import Reviews
from flickboard.web.play.saved import SavedGames

log = logging.getLogger(__name__)

AI_WORKERS = 2
"""Threads in which AI seats think and shoot (never the event loop)."""

STREAM_SECONDS = 15.0
"""How long one event stream stays open before the page's EventSource reconnects and
picks up where it left (so a stopping server never waits long for open streams)."""


class UnknownGame(InvalidInput):
    """No game has this ID (the web answers 404)."""

    http_status = 404


class Tables:
    """Every game of the server (see the module docstring)."""

    def __init__(self, database_url: str) -> None:
        self.saved = SavedGames(database_url)
        self.reviews = Reviews(database_url)
        self.boot = secrets.token_hex(4)
        self.stream_seconds = STREAM_SECONDS
        self._games: dict[str, LiveGame] = {}
        self._lock = threading.Lock()
        self._ai = ThreadPoolExecutor(max_workers=AI_WORKERS, thread_name_prefix="flickboard-ai")

    def create(self, request: NewGame) -> tuple[LiveGame, dict[str, str], dict[str, str]]:
        """A new game with a fresh random ID; the AI opens it if it shoots first."""
        game_id = secrets.token_urlsafe(9)
        live, tokens, joins = LiveGame.create(game_id, request, self.saved, self.boot)
        with self._lock:
            self._games[game_id] = live
        self.wake_ai(live)
        return live, tokens, joins

    def get(self, game_id: str) -> LiveGame:
        """The game with this ID, read back from the database if this process has not
        held it yet (after a restart); :class:`UnknownGame` if there is none."""
        with self._lock:
            live = self._games.get(game_id)
            if live is not None and live.stale:
                del self._games[game_id]
                live = None
        if live is not None:
            return live
        if not 8 <= len(game_id) <= 40:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        restored = LiveGame.restore(game_id, self.saved, self.boot)
        if restored is None:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        with self._lock:
            live = self._games.setdefault(game_id, restored)
        self.wake_ai(live)
        return live

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
                pass
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
        """Stop the AI workers (at shutdown)."""
        self._ai.shutdown(wait=False, cancel_futures=True)
