"""The server process's games: copies of the games it serves held in memory by ID, the
rest read back from the database when asked for; the pages watching them
(:class:`~flickboard.web.play.stream.Hub`); the threads in which the AI seats play; and
the thread that saves the match records games' ends leave due.

Any process may serve any game: a copy is brought up to the game as saved before it is
used (:mod:`flickboard.web.play.live`), and the pages it serves get every event of the
game, whichever process made it (on PostgreSQL through ``LISTEN flickboard_table``).

**The AI's turn runs in one process.** A process plays an AI seat's shot only while it
holds the turn's lease in the database (:meth:`SavedGames.take_ai`: the game at this
version, nobody else's lease running); it renews the lease while the AI thinks, and the
shot's change ends it. A process that stops while its AI thinks leaves a lease that runs
out after :data:`LEASE_SECONDS`; the next process to serve the game then takes the turn.

**People first.** A game against people gets its AI shots on :data:`AI_WORKERS` threads
of their own; AI v AI matches (every seat the AI's) share :data:`SPECTACLE_WORKERS`
thread, a shot at most every :data:`SPECTACLE_PAUSE` seconds (as a page shows them),
and only while some page (of any process) watches them: one nobody watches stops, and
goes on when a page opens it again. How many may run is limited
(:mod:`flickboard.web.play.throttle`).

Memory stays bounded: a finished game nobody has asked for in :data:`FINISHED_SECONDS`,
any game nobody has asked for in :data:`IDLE_SECONDS` and, past :data:`HELD_MAX` games,
the least recently used leave memory unless a page of this process is watching them or
its AI is playing them; they are read back from the database when next asked for.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from flickboard.errors import FlickboardError
from flickboard.store.notify import Listening
from flickboard.web.play.live import LiveGame
from flickboard.web.play.models import NewGame
from flickboard.web.play.review import Reviews
from flickboard.web.play.saved import CHANNEL, SavedGames, UnknownGame, encode, heard
from flickboard.web.play.stream import Hub
from flickboard.web.play.throttle import Limits, whole_number

__all__ = ["Tables", "UnknownGame"]

log = logging.getLogger(__name__)

AI_WORKERS = 2
"""Threads in which AI seats of games against people think and shoot."""
SPECTACLE_WORKERS = 1
"""Threads in which the AI seats of AI v AI matches think and shoot."""
SPECTACLE_PAUSE = 3.0
"""Seconds at least between two shots of an AI v AI match (a page animates each)."""
LEASE_SECONDS = 30.0
"""How long a process's hold on an AI turn lasts unless renewed (it is renewed every
:data:`KEEP_SECONDS` while the AI thinks)."""
KEEP_SECONDS = 10.0
"""How often the process renews its AI leases and says which games its pages watch."""

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
ACTIVE_SECONDS = 60.0
"""A game asked for within this long is in play. Past the cap, when every game held is
in play (games asked for in turn, each about as often), the game asked for most recently
before the one asked for now leaves: it will be asked for again last (the least
recently used would be asked for next, and every request would read a game back)."""
SWEEP_SECONDS = 1.0
"""Games idle long enough leave memory at most this long after (a sweep looks at every
game held, so it runs at most this often, and whenever the cap is passed)."""


class Tables:
    """Every game of the server process (see the module docstring)."""

    def __init__(self, database_url: str) -> None:
        self.saved = SavedGames(database_url)
        self.hub = Hub(self._latest_event, self.saved.events_after)
        self.saved.announce = self.hub.published
        self.reviews = Reviews(database_url, self.saved.engine)
        self.owner = f"{os.getpid()}-{secrets.token_hex(4)}"
        """This process, as the AI's leases name it."""
        self.limits = Limits()
        self.stream_seconds = STREAM_SECONDS
        self.idle_seconds = IDLE_SECONDS
        self.finished_seconds = FINISHED_SECONDS
        self.spectacle_pause = SPECTACLE_PAUSE
        self.keep_seconds = KEEP_SECONDS
        self.held_max = whole_number(HELD_ENV, HELD_MAX)
        self.active_seconds = ACTIVE_SECONDS
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._touched: dict[str, float] = {}
        self._swept = -SWEEP_SECONDS
        self._lock = threading.Lock()
        self._people = ThreadPoolExecutor(AI_WORKERS, thread_name_prefix="flickboard-ai")
        self._spectacles = ThreadPoolExecutor(
            SPECTACLE_WORKERS, thread_name_prefix="flickboard-ai-match"
        )
        self._records = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flickboard-records")
        self._leased: set[str] = set()
        self._stop = threading.Event()
        self._keeper: threading.Thread | None = None

    def _latest_event(self, game_id: str) -> int:
        head = self.saved.head(game_id)
        return 0 if head is None else head.events

    # -- start and stop -------------------------------------------------------------------

    def start(self, listening: Listening | None) -> None:
        """On start-up (the app's lifespan): hear the other processes' events
        (PostgreSQL) and keep the leases and the watched games in the database."""
        if listening is not None:
            listening.on(CHANNEL, self._heard, connected=self._reheard)
        self._start_keeper()

    def _heard(self, payload: str) -> None:
        game_id, event = heard(payload)
        if isinstance(event, int):
            self.hub.heard(game_id, event)
        else:
            self.hub.published(game_id, event)

    def _reheard(self) -> None:
        """After the listening connection was lost: what its pages missed meanwhile."""
        for game_id in self.hub.watching():
            self.hub.heard(game_id, self._latest_event(game_id))

    def close(self) -> None:
        """Stop the AI workers (at shutdown), their turns left to the other processes at
        once (their leases ended); the records due are saved first."""
        self._stop.set()
        self._people.shutdown(wait=False, cancel_futures=True)
        self._spectacles.shutdown(wait=False, cancel_futures=True)
        self._records.shutdown(wait=True)
        with self._lock:
            leased = list(self._leased)
        for game_id in leased:
            self.saved.drop_ai(game_id, self.owner)

    def _start_keeper(self) -> None:
        with self._lock:
            if self._keeper is not None or self._stop.is_set():
                return
            self._keeper = threading.Thread(
                target=self._keep, name="flickboard-keeper", daemon=True
            )
        self._keeper.start()

    def _keep(self) -> None:
        """Every :data:`KEEP_SECONDS`: renew this process's AI leases, say which AI v AI
        matches its pages watch, and wake the AI of a watched game whose turn another
        process left (its lease ran out)."""
        while not self._stop.wait(self.keep_seconds):
            try:
                with self._lock:
                    leased = list(self._leased)
                    watched = [self._games[i] for i in self.hub.watching() if i in self._games]
                self.saved.renew_ai(self.owner, leased, LEASE_SECONDS)
                grace = self.limits.watch_grace
                self.saved.watched([g.id for g in watched if g.spectacle], grace)
                for live in watched:
                    with live.lock:
                        due = not live.ai_running and live.ai_seat() is not None
                    if due:
                        live.refresh()
                        self.wake_ai(live)
            except Exception:  # the database away for a moment: the next round tries again
                log.exception("the table's keeper could not renew its leases")

    # -- the games held -------------------------------------------------------------------

    def create(
        self, request: NewGame, address: str = "?"
    ) -> tuple[LiveGame, dict[str, str], dict[str, str]]:
        """A new game with a fresh random ID, if ``address`` may start one now
        (:class:`~flickboard.web.play.throttle.TooManyGames`); the AI opens it if it
        shoots first."""
        game_id = secrets.token_urlsafe(9)
        live, tokens, joins = LiveGame.create(game_id, request, self.saved, address, self.limits)
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
            order = list(self._games.items())
            if over > 0 and order and now - self._touched[order[0][0]] < self.active_seconds:
                order.reverse()  # every game in play: the one used last is needed last
            for game_id, live in order:
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

    def _busy(self, live: LiveGame) -> bool:
        """Watched by a page here, played by the AI here, or changing now: it stays."""
        if live.ai_running or self.hub.watched(live.id):
            return True
        if not live.lock.acquire(blocking=False):
            return True
        live.lock.release()
        return False

    def held_now(self, game_id: str) -> LiveGame | None:
        """The game with this ID if it is in memory (no database read; a change brings
        it up to date itself), marked as just used; None otherwise."""
        with self._lock:
            live = self._games.get(game_id)
            if live is not None and live.stale:
                del self._games[game_id]
                live = None
        return None if live is None else self._hold(live)

    def get(self, game_id: str) -> LiveGame:
        """The game with this ID as saved now: the copy held, brought up to date, or
        read back from the database; :class:`UnknownGame` if there is none."""
        live = self.held_now(game_id)
        if live is not None:
            live.refresh()
            self.wake_ai(live)
            return live
        if not 8 <= len(game_id) <= 40:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        restored = LiveGame.restore(game_id, self.saved)
        if restored is None:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        live = self._hold(restored)
        self.after_change(live)
        return live

    def state(self, game_id: str) -> str:
        """The game's state now as JSON text: as saved with its last change (one short
        read, whichever process made it, held here or not), or from a copy for a game
        whose state changes by itself (a wall clock) or was saved without one."""
        if not 8 <= len(game_id) <= 40:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        text = self.saved.state(game_id)
        return text if text is not None else encode(self.get(game_id).state())

    def watch(self, live: LiveGame) -> None:
        """A page of this process opened the game's events: an AI v AI match counts as
        watched (and goes on if it had stopped)."""
        if live.spectacle:
            self.saved.watched([live.id], self.limits.watch_grace)
            self.wake_ai(live)
        self._start_keeper()

    # -- after a change: the AI and the record ---------------------------------------------

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
        """If an AI seat is to shoot and this process can take the turn's lease, let
        it shoot (in a worker thread: AI v AI matches in theirs); one at a time per
        game."""
        with live.lock:
            if live.ai_running or live.ai_seat() is None or self._stop.is_set():
                return
            with self._lock:
                if live.id in self._leased:  # another copy here plays it (one that left)
                    return
            if live.ai_until is not None and live.ai_until > time.time():
                return  # another process's AI has the turn
            if not self.saved.take_ai(live.id, live.version, self.owner, LEASE_SECONDS):
                return
            live.ai_running = True
        with self._lock:
            self._leased.add(live.id)
        self._start_keeper()
        lane = self._spectacles if live.spectacle else self._people
        try:
            lane.submit(self._ai_turn, live)
        except RuntimeError:  # shutting down: the turn is left to another process
            self._ai_done(live)

    def _ai_done(self, live: LiveGame) -> None:
        """This process no longer plays the game's AI turn (its lease ended)."""
        with self._lock:
            self._leased.discard(live.id)
        with live.lock:
            live.ai_running = False
        self.saved.drop_ai(live.id, self.owner)  # if no shot ended it

    def _ai_turn(self, live: LiveGame) -> None:
        """Play the AI seat's shot, then the next AI turn (an AI v AI match's after a
        pause)."""
        again = False
        try:
            again = live.ai_shot()
        except FlickboardError as exc:
            log.exception("the AI of game %s could not shoot", live.id)
            live.publish_error(f"the AI could not shoot: {exc}")
        except Exception:
            log.exception("the AI of game %s failed", live.id)
            live.publish_error("the AI failed on the server; reload the page to try again")
        finally:
            self._ai_done(live)
        self._keep_record(live)
        if not again:
            return
        if live.spectacle:
            timer = threading.Timer(self.spectacle_pause, self.wake_ai, (live,))
            timer.daemon = True
            timer.start()
        else:
            self.wake_ai(live)
