"""The table on several workers: ``flickboard bench web --workers N`` (PostgreSQL).

A real server (``uvicorn`` with N worker processes sharing the port, in a child process)
on a fresh schema of a PostgreSQL database. Every request is made on a new connection,
so requests and live pages spread over the workers as the kernel hands connections out
(no sticky proxy). Measured:

- **Paced** (:func:`paced`): ``games`` hotseat games, each by its own client thread
  shooting every ``pace`` seconds (a person's rhythm), with one live page per game (the
  event stream, reconnecting with ``Last-Event-ID`` as the page's ``EventSource`` does),
  and a few games against the AI whose person plays at the same pace and waits for the
  AI's reply by reading the game. After every shot answered the client reads the game
  back (a state read on a new connection: any worker): a **stale read** shows fewer shots
  than the client was answered. Reported: the POST's p50/p95/p99, the statuses (a 409 in
  a hotseat game is never a real race), stale reads, and for every shot each page got,
  the delay from the shot's answer to the page's event, in order, none missed or twice;
  the AI games' ``thinking`` events (one per AI turn: one process plays it) and
  ``problem`` events (none). Optionally a worker is killed (``kill -9``) mid-run: the
  statuses say whether the others answered 500, the read-back whether an answered shot
  was lost.
- **Flat out** (:func:`paced` with no pace): each client sends its next shot the moment
  the last is answered.
- **Read back**: at the end every game's shots in the database against the shots
  answered (none lost, none twice).
- **Fresh start** (:func:`fresh_start`): the server stopped and started again, and 32
  reads of existing games sent at once as its first requests: none may answer 500.
- **Past the cap** (:func:`past_the_cap`): the same paced load on one worker holding all
  games in memory, and holding half of them (``$FLICKBOARD_GAMES_HELD``): the server's
  CPU time per shot of each.

The server's CPU time is read from ``/proc`` (the supervisor and its workers);
PostgreSQL's own processes are not counted.
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from flickboard.bench.server import Server
from flickboard.bench.web import HOTSEAT, Client, HotseatGame
from flickboard.web.play.tables import HELD_ENV
from flickboard.web.play.throttle import LIMIT_ENV, SPECTACLES_ENV

PACE = 1.5
"""Seconds between two shots of one game: a person's rhythm at the table."""
AIM_P95_MS = 100.0
"""The aims: a POST shot answered, and a live page told of it, within 100 ms (p95)."""
VERSUS_AI = [{"player": "here", "name": "Ann"}, {"player": "ai", "ai": "ai:heuristic:competitive"}]
"""A person against the fast AI."""
FIRST_REQUESTS = 32
"""Reads sent at once as a freshly started server's first requests."""

Progress = Callable[[str], None]


def _pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def _ms(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and the count of a list of seconds, in milliseconds."""
    return {
        "count": len(values),
        "p50_ms": _pct(values, 50) * 1e3,
        "p95_ms": _pct(values, 95) * 1e3,
        "p99_ms": _pct(values, 99) * 1e3,
    }


# -- the server ---------------------------------------------------------------------------


@contextmanager
def schema(postgres: str) -> Iterator[str]:
    """A fresh schema of the PostgreSQL database at ``postgres`` (dropped after): its URL."""
    from sqlalchemy import create_engine, text

    name = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(postgres)
    with admin.begin() as c:
        c.execute(text(f"CREATE SCHEMA {name}"))
    try:
        yield f"{postgres}?options=-csearch_path%3D{name}"
    finally:
        with admin.begin() as c:
            c.execute(text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()


def serve(url: str, workers: int, held: int | None = None) -> Server:
    """The app on ``url`` with ``workers`` processes, limits on new games lifted."""
    env = {LIMIT_ENV: "1000000", SPECTACLES_ENV: "1000"}
    if held is not None:
        env[HELD_ENV] = str(held)
    server = Server(url, workers, env=env, wait=600)
    try:
        wait_for_workers(server.base, workers)
    except BaseException:
        server.stop()
        raise
    return server


def wait_for_workers(base: str, workers: int, seconds: float = 600) -> None:
    """Wait until every worker answers (each started, its kernels warm): a new
    connection at a time to a game's events, until that many processes have served."""
    client = Client(timeout=120, fresh=True)
    game = HotseatGame(client, base, 1)
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while len(seen) < workers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"only {len(seen)} of {workers} workers answered")
        parts = urlsplit(base)
        connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=120)
        connection.request("GET", f"/api/play/games/{game.id}/events")
        answer = connection.getresponse()
        worker = answer.getheader("X-Flickboard-Worker")
        connection.close()
        if worker not in seen:
            seen.add(worker or "?")
            game.shoot()  # its kernels warm (or compiled) before the clock starts
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
            found += [int(p) for p in f.read().split()]
    return found


def workers_of(server: Server) -> list[int]:
    """The worker processes of a server (the supervisor's children that serve)."""
    return [p for p in _children(server.proc.pid) if "resource_tracker" not in _cmdline(p)]


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def server_cpu(server: Server) -> float:
    """CPU seconds so far of the server's supervisor and its live workers."""
    total = 0.0
    for pid in [server.proc.pid, *_children(server.proc.pid)]:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


# -- the clients --------------------------------------------------------------------------


class Page(threading.Thread):
    """A game's live page: its event stream, on a new connection each time it
    (re)connects, with ``Last-Event-ID``; every event's (number, kind, arrival time)."""

    def __init__(self, base: str, game_id: str) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.game_id = game_id
        self.events: list[tuple[int, str, float, str]] = []
        self.workers: set[str] = set()
        self.connected = threading.Event()
        self.stop = threading.Event()
        self.errors: list[str] = []

    def run(self) -> None:
        last: str | None = None
        while not self.stop.is_set():
            try:
                last = self._stream(last)
            except (OSError, http.client.HTTPException) as exc:
                if not self.stop.is_set():
                    self.errors.append(str(exc))
                    time.sleep(0.5)

    def _stream(self, last: str | None) -> str | None:
        parts = urlsplit(self.base)
        connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
        headers = {"Accept": "text/event-stream"}
        if last is not None:
            headers["Last-Event-ID"] = last
        try:
            connection.request("GET", f"/api/play/games/{self.game_id}/events", headers=headers)
            answer = connection.getresponse()
            if answer.status != 200:
                raise http.client.HTTPException(f"events: HTTP {answer.status}")
            self.workers.add(answer.getheader("X-Flickboard-Worker") or "?")
            self.connected.set()
            fields: dict[str, str] = {}
            while not self.stop.is_set():
                line = answer.readline()
                if not line:
                    return last
                text = line.decode().rstrip("\r\n")
                if text:
                    key, _, value = text.partition(":")
                    fields[key] = value.removeprefix(" ")
                    continue
                if "id" in fields and "event" in fields:
                    last = fields["id"]
                    shot = (
                        json.loads(fields["data"]).get("number", 0)
                        if fields["event"] == "shot"
                        else 0
                    )
                    self.events.append((int(last), fields["event"], time.perf_counter(), str(shot)))
                fields = {}
            return last
        finally:
            connection.close()


@dataclass
class Seen:
    """What one game's client saw."""

    answered: dict[str, dict[int, float]] = field(default_factory=dict)
    """Game ID -> shot number -> when its answer came (perf_counter; NaN for a shot
    found stored after a lost connection)."""
    posts: list[float] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    reads: int = 0
    stale: list[int] = field(default_factory=list)
    """Shots behind, for each stale read."""
    lost_connections: int = 0
    errors: list[str] = field(default_factory=list)

    def status(self, code: int | str) -> None:
        """Count an answer's status."""
        self.statuses[str(code)] = self.statuses.get(str(code), 0) + 1


class Player(threading.Thread):
    """One game played through the API, each request on a new connection, a shot every
    ``pace`` seconds (None: flat out): a hotseat game, or a person against the AI who
    waits for the AI's reply by reading the game."""

    def __init__(
        self,
        base: str,
        seed: int,
        pace: float | None,
        *,
        versus_ai: bool = False,
        reads: bool = True,
    ) -> None:
        super().__init__(daemon=True)
        self.client = Client(timeout=120, fresh=True)
        self.base = base
        self.pace = pace
        self.start_at = self.until = 0.0
        """When the first shot is due, and when to stop (``time.monotonic``)."""
        self.versus_ai = versus_ai
        self.reads = reads
        """Read the game back after every shot answered (the stale-read check)."""
        self.seen = Seen()
        self.game = HotseatGame(self.client, base, seed, VERSUS_AI if versus_ai else HOTSEAT)

    @property
    def game_id(self) -> str:
        """The game played now."""
        return str(self.game.id)

    def run(self) -> None:
        next_at = self.start_at
        while True:
            now = time.monotonic()
            if now >= self.until:
                return
            if self.pace is not None and now < next_at:
                time.sleep(min(next_at - now, self.until - now))
                continue
            next_at = max(now, next_at) + (self.pace or 0.0)
            try:
                if self._my_turn():
                    self._shot()
            except (OSError, http.client.HTTPException) as exc:
                self.seen.lost_connections += 1
                self.seen.errors.append(f"shot: {exc}")
                self._resync()

    def _read(self) -> dict[str, Any]:
        self.seen.reads += 1
        return dict(self.client.get(f"{self.base}/api/play/games/{self.game.id}").json())

    def _shot(self) -> None:
        game_id = self.game.id
        answer, took = self.game.post_shot()
        self.seen.status(answer.status_code)
        if answer.status_code != 200:
            self.seen.errors.append(f"{answer.status_code} {answer.text[:200]}")
            self._resync()
            return
        self.seen.posts.append(took)
        number = int(answer.json()["number"])
        self.seen.answered.setdefault(game_id, {})[number] = time.perf_counter()
        if self.reads:
            read = self.client.get(f"{self.base}/api/play/games/{game_id}")  # any worker
            self.seen.reads += 1
            if read.status_code != 200:
                self.seen.status(f"read {read.status_code}")
            elif read.json()["shots"] < number:
                self.seen.stale.append(number - read.json()["shots"])

    def _my_turn(self) -> bool:
        """Whether this client's seat is to shoot: against the AI, the game read until it
        is (the AI's reply seen through whichever worker answers)."""
        deadline = time.monotonic() + 30
        while not self.game.my_turn:
            if time.monotonic() > deadline:
                self.seen.errors.append("the AI did not reply in 30 s")
                return False
            time.sleep(0.1)
            self.game.take(self._read())
        return True

    def _resync(self) -> None:
        """After a refusal or a lost connection: the game as the server has it (a shot
        answered before the connection was lost is found stored)."""
        try:
            state = self._read()
        except (OSError, http.client.HTTPException):
            return
        known = self.seen.answered.setdefault(self.game.id, {})
        for number in range(1, state["shots"] + 1):
            known.setdefault(number, float("nan"))
        self.game.take(state)


# -- the runs -------------------------------------------------------------------------------


def paced(
    server: Server,
    games: int,
    seconds: float,
    pace: float | None = PACE,
    ai_games: int = 0,
    kill_at: float | None = None,
    progress: Progress = lambda _: None,
    *,
    reads: bool = True,
    pages: bool = True,
) -> dict[str, Any]:
    """One load on a running server (see the module docstring): ``games`` hotseat games
    and ``ai_games`` against the AI, each shooting every ``pace`` seconds (None: flat
    out) for ``seconds``, one live page each; a worker killed ``kill_at`` seconds in."""
    progress(f"making {games + ai_games} games")
    players = [
        Player(server.base, 1000 + k, pace, versus_ai=k >= games, reads=reads)
        for k in range(games + ai_games)
    ]
    watching = [Page(server.base, p.game_id) for p in players] if pages else []
    for page in watching:
        page.start()
    for page in watching:
        page.connected.wait(60)
    begin = time.monotonic() + 1.0
    firsts = np.random.default_rng(games).uniform(0, pace or 0.0, len(players))
    for player, first in zip(players, firsts, strict=True):
        player.start_at, player.until = begin + float(first), begin + seconds
    cpu_before, clients_before = server_cpu(server), time.process_time()
    progress(f"playing for {seconds:.0f} s")
    for p in players:
        p.start()
    killed = None
    if kill_at is not None:
        time.sleep(max(0.0, begin + kill_at - time.monotonic()))
        killed = workers_of(server)[0]
        os.kill(killed, signal.SIGKILL)
    for p in players:
        p.join()
    cpu = server_cpu(server) - cpu_before
    clients = time.process_time() - clients_before
    time.sleep(3.0)  # the last events reach the pages
    for page in watching:
        page.stop.set()
    summary = _summary(server, players, watching, cpu, seconds, killed)
    summary["clients_cpu_ms_per_shot"] = clients / max(summary["post"]["count"], 1) * 1e3
    return summary


def _summary(
    server: Server,
    players: list[Player],
    pages: list[Page],
    cpu: float,
    seconds: float,
    killed: int | None,
) -> dict[str, Any]:
    posts = [t for p in players for t in p.seen.posts]
    statuses: dict[str, int] = {}
    for p in players:
        for code, n in p.seen.statuses.items():
            statuses[code] = statuses.get(code, 0) + n
    stale = [s for p in players for s in p.seen.stale]
    delays: list[float] = []
    out_of_order = missed = twice = 0
    thinking = problems = ai_shots = 0
    for player, page in zip(players, pages, strict=False):  # no pages: none
        numbers = [n for n, _, _, _ in page.events]
        twice += len(numbers) - len(set(numbers))
        out_of_order += sum(1 for a, b in itertools.pairwise(numbers) if b <= a)
        got = {int(shot): at for _, kind, at, shot in page.events if kind == "shot"}
        for answered in player.seen.answered.values():
            for number, at in answered.items():
                if number in got:
                    if at == at:  # answered (not found after a lost connection)
                        delays.append(max(0.0, got[number] - at))
                elif player.game_id in player.seen.answered and at == at:
                    missed += 1
        if player.versus_ai:
            thinking += sum(1 for _, kind, _, _ in page.events if kind == "thinking")
            ai_shots += sum(1 for _, kind, _, shot in page.events if kind == "shot") - len(
                player.seen.answered.get(player.game_id, {})
            )
        problems += sum(1 for _, kind, _, _ in page.events if kind == "problem")
    workers = {w for page in pages for w in page.workers}
    shots = len(posts)
    return {
        "games": sum(1 for p in players if not p.versus_ai),
        "ai_games": sum(1 for p in players if p.versus_ai),
        "seconds": seconds,
        "post": _ms(posts),
        "shots_per_second": shots / seconds,
        "statuses": statuses,
        "conflicts_409": statuses.get("409", 0),
        "errors_5xx": sum(n for c, n in statuses.items() if c.split()[-1].startswith("5")),
        "lost_connections": sum(p.seen.lost_connections for p in players),
        "reads": sum(p.seen.reads for p in players),
        "stale_reads": len(stale),
        "stale_max_behind": max(stale, default=0),
        "event_delay": _ms(delays),
        "events_in_order": out_of_order == 0,
        "events_out_of_order": out_of_order,
        "events_twice": twice,
        "events_missed": missed,
        "page_workers": len(workers),
        "thinking_events": thinking,
        "ai_shots_seen": ai_shots,
        "problem_events": problems,
        "server_cpu_ms_per_shot": cpu / max(shots, 1) * 1e3,
        "killed_worker": killed,
        "errors": [e for p in players for e in p.seen.errors][:5],
        "read_back": read_back(server.base, players),
    }


def read_back(base: str, players: list[Player]) -> dict[str, int]:
    """Every game's shots as the server has them now against the shots answered."""
    client = Client(timeout=120, fresh=True)
    lost = extra = 0
    for player in players:
        for game_id, answered in player.seen.answered.items():
            state = client.get(f"{base}/api/play/games/{game_id}").json()
            listed = client.get(f"{base}/api/play/games/{game_id}/shots").json()
            numbers = [s["number"] for s in listed]
            lost += len(set(answered) - set(numbers))
            if not player.versus_ai:
                extra += len(set(numbers) - set(answered))
            extra += len(numbers) - len(set(numbers)) + abs(state["shots"] - len(numbers))
    return {"answered_not_stored": lost, "stored_not_answered_or_twice": extra}


def fresh_start(url: str, workers: int, game_ids: list[str]) -> dict[str, Any]:
    """A server started afresh on ``url`` and :data:`FIRST_REQUESTS` reads of existing
    games sent at once as its first requests: their statuses."""
    server = serve(url, workers)
    try:
        barrier = threading.Barrier(FIRST_REQUESTS)
        statuses: list[int | str] = []

        def read(k: int) -> None:
            client = Client(timeout=120, fresh=True)
            barrier.wait()
            try:
                statuses.append(
                    client.get(
                        f"{server.base}/api/play/games/{game_ids[k % len(game_ids)]}"
                    ).status_code
                )
            except (OSError, http.client.HTTPException) as exc:
                statuses.append(type(exc).__name__)

        threads = [threading.Thread(target=read, args=(k,)) for k in range(FIRST_REQUESTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.stop()
    counts: dict[str, int] = {}
    for s in statuses:
        counts[str(s)] = counts.get(str(s), 0) + 1
    errors = sum(n for c, n in counts.items() if c.startswith("5"))
    return {"requests": FIRST_REQUESTS, "statuses": counts, "errors_5xx": errors}


def run(
    postgres: str,
    workers: int,
    games: int = 64,
    seconds: float = 30.0,
    ai_games: int = 4,
    kill: bool = False,
    progress: Progress = lambda _: None,
) -> dict[str, Any]:
    """The paced load, the flat-out load and the fresh start on ``workers`` workers."""
    load = os.getloadavg()
    with schema(postgres) as url:
        server = serve(url, workers)
        try:
            progress(f"{workers} workers: paced")
            steady = paced(server, games, seconds, PACE, ai_games, progress=progress)
            killed = None
            if kill and workers > 1:  # one worker is the server itself
                progress(f"{workers} workers: paced, a worker killed")
                half = seconds / 2
                killed = paced(server, games, seconds, kill_at=half, progress=progress)
            progress(f"{workers} workers: flat out")
            flat = paced(server, max(4, games // 4), seconds / 2, None, 0, progress=progress)
            ids = _game_ids(server.base)
        finally:
            server.stop()
        progress("a fresh start")
        fresh = fresh_start(url, workers, ids)
    return {
        "workers": workers,
        "database": "postgresql",
        "pace_s": PACE,
        "paced": steady,
        "paced_killed": killed,
        "flat_out": flat,
        "fresh_start": fresh,
        "load_average": {"before": list(load), "after": list(os.getloadavg())},
        "aim_p95_ms": AIM_P95_MS,
    }


def _game_ids(base: str) -> list[str]:
    """Some games of the server, to read after a restart (made now if need be)."""
    client = Client(timeout=60)
    return [HotseatGame(client, base, 7000 + k).id for k in range(8)]


def past_the_cap(
    postgres: str, games: int = 32, seconds: float = 30.0, progress: Progress = lambda _: None
) -> dict[str, Any]:
    """The server's CPU time per shot with ``games`` paced games on one worker holding
    them all in memory, and holding half of them."""
    out: dict[str, Any] = {"games": games, "pace_s": PACE}
    for label, held in (("below", games * 2), ("past", games // 2)):
        with schema(postgres) as url:
            server = serve(url, 1, held=held)
            try:
                progress(f"{games} games, {held} held")
                result = paced(server, games, seconds, PACE, progress=progress)
            finally:
                server.stop()
        kept = ("server_cpu_ms_per_shot", "post", "shots_per_second", "errors_5xx")
        out[label] = {"held": held, **{k: result[k] for k in kept}}
    out["ratio"] = out["past"]["server_cpu_ms_per_shot"] / out["below"]["server_cpu_ms_per_shot"]
    return out


def most_games(
    postgres: str,
    workers: int,
    seconds: float = 20.0,
    start: int = 32,
    progress: Progress = lambda _: None,
) -> dict[str, Any]:
    """The most paced games whose POST p95 stays under :data:`AIM_P95_MS` on ``workers``
    workers: doubling from ``start`` until it fails, then halfway back."""
    tried: dict[int, float] = {}
    with schema(postgres) as url:
        server = serve(url, workers)
        try:

            def p95(n: int) -> float:
                progress(f"{workers} workers, {n} games")
                tried[n] = paced(server, n, seconds, PACE, progress=progress)["post"]["p95_ms"]
                return tried[n]

            good, bad = 0, start
            while p95(bad) < AIM_P95_MS:
                good, bad = bad, bad * 2
            while bad - good > max(8, good // 8):
                middle = (good + bad) // 2
                good, bad = (middle, bad) if p95(middle) < AIM_P95_MS else (good, middle)
        finally:
            server.stop()
    return {"workers": workers, "most_games": good, "p95_ms_by_games": tried}


def report(results: dict[str, Any]) -> list[str]:
    """The results in lines of text."""
    lines = []
    for r in results.get("runs", []):
        lines.append(f"{r['workers']} workers on PostgreSQL, a new connection per request:")
        for name in ("paced", "paced_killed", "flat_out"):
            x = r.get(name)
            if not x:
                continue
            post, delay = x["post"], x["event_delay"]
            lines.append(
                f"  {name}: {x['games']} games (+{x['ai_games']} v AI), "
                f"{x['shots_per_second']:.1f} shots/s; POST p50 {post['p50_ms']:.1f} ms, "
                f"p95 {post['p95_ms']:.1f} ms, p99 {post['p99_ms']:.1f} ms; statuses "
                f"{x['statuses']}; stale reads {x['stale_reads']} of {x['reads']}; "
                f"events: delay p50 {delay['p50_ms']:.1f} ms, p95 {delay['p95_ms']:.1f} ms, "
                f"in order {x['events_in_order']}, missed {x['events_missed']}, twice "
                f"{x['events_twice']}, pages on {x['page_workers']} workers; AI: thinking "
                f"{x['thinking_events']} for {x['ai_shots_seen']} AI shots, problems "
                f"{x['problem_events']}; server CPU {x['server_cpu_ms_per_shot']:.1f} ms a "
                f"shot; read back {x['read_back']}; lost connections {x['lost_connections']}"
            )
        f = r["fresh_start"]
        lines.append(f"  fresh start, {f['requests']} first requests at once: {f['statuses']}")
    cap = results.get("cap")
    if cap:
        lines.append(
            f"Past the cap ({cap['games']} paced games, 1 worker): server CPU per shot "
            f"{cap['below']['server_cpu_ms_per_shot']:.2f} ms holding {cap['below']['held']}, "
            f"{cap['past']['server_cpu_ms_per_shot']:.2f} ms holding {cap['past']['held']} "
            f"({cap['ratio']:.2f}x)"
        )
    for m in results.get("most", []):
        lines.append(
            f"Most paced games at p95 < {AIM_P95_MS:.0f} ms, {m['workers']} workers: "
            f"{m['most_games']} ({m['p95_ms_by_games']})"
        )
    return lines
