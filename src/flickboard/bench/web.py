"""Table benchmark: what a shot costs the server, and how many shots it serves.

1. **Server time per shot**, in this process, for the table's own shot code
   (:mod:`flickboard.web.play.shots`): simulate with the state log, rule, sample the
   trajectory and build the JSON the page gets, for an opening shot on an empty board
   and for the standard 30-disc position of ``bench physics`` (29 discs resting, one
   shot into them). The baseline, timed in the same run on the same shots, is the bare
   ``simulate``; ratios are against it.
2. **On loopback**, a real server (``uvicorn`` in a child process, SQLite in a
   temporary folder): the time of ``POST /api/play/games/{id}/shots`` for opening shots
   as the client sees it and as the server reports it (``Server-Timing``), against a
   ``GET`` of the game's state on the same server; then shots per second with 1, 4 and
   16 games played at once (each by its own client thread, hotseat, every shot saved).

3. **Soak** (``--soak``): a real server as above, 2,000 hotseat games of 10 shots each
   made and played one after another through the API (the per-address limit on new
   games lifted, the cap of games held in memory set to 64); the server's resident
   memory (RSS) is read before, every 50 games and after. Bounded memory means the RSS
   after the run is near the RSS once the server has reached its cap of held games,
   not growing with every game.

Run with ``flickboard bench web`` or ``python bench/web.py``.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from flickboard.bench.physics import scene_layout, scene_shots
from flickboard.bench.server import Server
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PhysicsParams, Shot, simulate
from flickboard.physics.trajectory import state_log
from flickboard.play.gamerecord import ShotEntry
from flickboard.play.kind import new_match
from flickboard.play.match import Step
from flickboard.rules.base import Position, Turn, referee
from flickboard.web.play.shots import play_shot, shot_json
from flickboard.web.play.throttle import LIMIT_ENV

AIM_P95_MS = 30.0
"""The aim: a 30-disc shot costs the server under 30 ms at the 95th percentile."""

AIM_SAVE_MS = 2.0
"""The aim: the server saves a shot in 2 ms or less (median of ``Server-Timing: save``)."""

AIM_BUSY_P95_MS = 100.0
"""The aim: with 16 games shooting at once, a POST shot answers within 100 ms (p95)."""

CONCURRENCY = (1, 4, 16)
"""Games played at once in the throughput runs."""

PAGE_PAUSE = 0.9
"""Seconds the table's page waits after a shot's animation before its player may aim
again, at its default pace (``pause(900 / control.speed)`` in ``static/table/play.js``)."""
PACED = f"{CONCURRENCY[-1]} games at once, paced by the page"
"""The run of the aim: 16 games shooting at once, each as soon as the page lets its player
shoot again (the shot's animation, then :data:`PAGE_PAUSE`; no time spent aiming)."""
START_SPREAD = 2.0
"""Seconds over which the paced run's clients send their first shots (each at its own
seeded moment, about one page cycle: a shot's animation and :data:`PAGE_PAUSE`): tables
are not all started in the same millisecond. :data:`BURST` measures that case."""
BURST = f"{CONCURRENCY[-1]} shots sent in the same instant"
"""16 games each sending one shot the moment all are ready (a worst case, once)."""

Progress = Callable[[str, int], Callable[[], None]]
"""Makes a progress bar: (label, total) -> advance."""


@dataclass
class Timing:
    """Seconds per shot of one measurement."""

    name: str
    seconds: list[float] = field(default_factory=list)

    @property
    def p50(self) -> float:
        """Median (s)."""
        return statistics.median(self.seconds)

    @property
    def p95(self) -> float:
        """95th percentile (s)."""
        return float(np.percentile(self.seconds, 95))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: count, p50 and p95 in milliseconds."""
        return {
            "shots": len(self.seconds),
            "p50_ms": self.p50 * 1e3,
            "p95_ms": self.p95 * 1e3,
        }


def _none(label: str, total: int) -> Callable[[], None]:
    del label, total
    return lambda: None


# -- 1. the server's work per shot, in this process -----------------------------------


def _scene(board: CrokinoleBoard) -> tuple[Position, Turn]:
    """The 30-disc position (discs alternately red and green), red to shoot."""
    layout = scene_layout(board)
    owners = {d.id: d.id % 2 for d in layout.discs}
    return Position.of(layout, owners), Turn(0, 0, layout.next_id())


def _scene_shot(position: Position, turn: Turn, shot: Shot, params: PhysicsParams) -> float:
    """The table's work for one shot on a position no match reaches: simulate with the
    state log, rule, then the page's JSON (trajectory, events, ruling); seconds."""
    start = time.perf_counter()
    log = state_log(position.layout, shot, shooter=turn.disc, params=params)
    ruling = referee("wcc").rule(position, turn, log.record)
    step = Step(ShotEntry(position, turn, log.record, ruling), 1, 1)
    shot_json(step, log)
    return time.perf_counter() - start


def _opening_shots(count: int, seed: int) -> list[tuple[float, float, float]]:
    """(u, angle, speed) of opening shots: draws and open 20s from across the line."""
    rng = np.random.default_rng(seed)
    return [
        (
            float(rng.uniform(0.2, 0.8)),
            float(rng.uniform(-0.05, 0.05)),
            float(rng.uniform(0.8, 1.3)),
        )
        for _ in range(count)
    ]


def server_times(shots: int, progress: Progress = _none, seed: int = 1) -> dict[str, Timing]:
    """Server time per shot (table code) and the bare-simulate baseline, both scenes."""
    board = CrokinoleBoard.standard()
    params = PhysicsParams.crokinole()
    position, turn = _scene(board)
    scene = scene_shots(position.layout, shots, seed=seed)
    out = {
        name: Timing(name)
        for name in ("opening: simulate", "opening: table", "30 discs: simulate", "30 discs: table")
    }
    # warm up (kernels from the cache, the first-call paths)
    _scene_shot(position, turn, scene[0], params)
    simulate(position.layout, scene[0], params=params)
    advance = progress("server time per shot", 2 * shots)
    for u, angle, speed in _opening_shots(shots, seed):
        match = new_match("crokinole")
        aimed = match.aim(u, angle, speed, seat=0)
        start = time.perf_counter()
        simulate(Layout(board), aimed, shooter=0, params=params)
        out["opening: simulate"].seconds.append(time.perf_counter() - start)
        start = time.perf_counter()
        step, log = play_shot(match, 0, aimed)
        shot_json(step, log)
        out["opening: table"].seconds.append(time.perf_counter() - start)
        advance()
    for shot in scene:
        start = time.perf_counter()
        simulate(position.layout, shot, shooter=turn.disc, params=params)
        out["30 discs: simulate"].seconds.append(time.perf_counter() - start)
        out["30 discs: table"].seconds.append(_scene_shot(position, turn, shot, params))
        advance()
    return out


# -- 2. a real server on loopback -----------------------------------------------------------


@contextmanager
def served() -> Iterator[Server]:
    """``flickboard``'s app served by uvicorn in a child process on loopback, on a fresh
    SQLite database (the clients stay in this process)."""
    folder = tempfile.mkdtemp(prefix="flickboard-bench-web-")
    server = Server(f"sqlite:///{folder}/bench.sqlite", env={LIMIT_ENV: "1000000"})
    try:
        yield server
    finally:
        server.stop()


@dataclass
class CpuPerShot:
    """CPU time per shot of each run (ms): the clients' (their threads' own CPU time)
    and, if ``server`` reads the server process's CPU seconds so far, the server's."""

    server: Callable[[], float] | None = None
    ms: dict[str, dict[str, float]] = field(default_factory=dict)

    def read(self) -> float | None:
        """The server's CPU seconds now."""
        return None if self.server is None else self.server()

    def since(self, name: str, start: float | None, shots: int, clients: float) -> None:
        """Record the run ``name`` of ``shots`` shots whose server CPU time began at
        ``start`` and whose clients took ``clients`` seconds of CPU time."""
        self.ms[name] = {"clients": clients / max(shots, 1) * 1e3}
        now = self.read()
        if now is not None and start is not None:
            self.ms[name]["server"] = (now - start) / max(shots, 1) * 1e3


@dataclass
class Answer:
    """An HTTP answer as the benchmark's clients read it."""

    status_code: int
    headers: dict[str, str]
    """Header names in lower case."""
    text: str

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.text)

    def raise_for_status(self) -> None:
        """Raise unless the answer is a success."""
        if not 200 <= self.status_code < 300:
            raise RuntimeError(f"HTTP {self.status_code}: {self.text[:200]}")


class Client:
    """One client of the server: a keep-alive HTTP/1.1 connection (the standard library's
    ``http.client``): about half the clients' CPU per shot of ``httpx``, so that the 16
    clients (threads of the benchmark's process, on the server's machine) take less of
    it and queue less behind each other."""

    def __init__(self, timeout: float = 60, *, fresh: bool = False) -> None:
        self.timeout = timeout
        self.fresh = fresh
        """A new connection for every request (as browsers behind a proxy may), so that
        requests spread over a server's worker processes."""
        self._connection: http.client.HTTPConnection | None = None

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def get(self, url: str) -> Answer:
        """``GET url``."""
        return self._request("GET", url, None, {})

    def post(self, url: str, json: Any = None, headers: dict[str, str] | None = None) -> Answer:
        """``POST url`` with a JSON body."""
        return self._request("POST", url, json, headers or {})

    def _request(self, method: str, url: str, body: Any, headers: dict[str, str]) -> Answer:
        parts = urlsplit(url)
        if self._connection is None:
            self._connection = http.client.HTTPConnection(
                parts.hostname or "127.0.0.1", parts.port, timeout=self.timeout
            )
        data = None if body is None else json.dumps(body).encode()
        sent = {**headers, "Content-Type": "application/json"} if data is not None else headers
        try:
            self._connection.request(method, parts.path, body=data, headers=sent)
            answer = self._connection.getresponse()
            text = answer.read().decode()
        except (OSError, http.client.HTTPException):
            self.close()  # the next request opens a new connection
            raise
        if self.fresh:
            self.close()
        return Answer(answer.status, {k.lower(): v for k, v in answer.getheaders()}, text)


HOTSEAT = [{"player": "here"}, {"player": "here"}]
"""Two people at one screen."""


class HotseatGame:
    """A crokinole game played through the API by one client: hotseat, or the seats
    given (the client then plays the seats played here, when it is their turn)."""

    def __init__(
        self, client: Client, url: str, seed: int, seats: list[dict[str, str]] = HOTSEAT
    ) -> None:
        self.client = client
        self.url = url
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self.seats = seats
        self.duration = 0.0
        """The last shot's duration (s): how long the page animates it."""
        self._new()

    def _new(self) -> None:
        made = self.client.post(
            f"{self.url}/api/play/games", json={"seats": self.seats, "seed": self.seed}
        ).json()
        self.id = made["id"]
        self.tokens = made["tokens"]
        self.state = self.client.get(f"{self.url}/api/play/games/{self.id}").json()
        self.turn = self.state["turn"]["seat"]

    def _start(self) -> float:
        """A start (u along the start line) where the page would let the player start:
        within an allowed stretch, kept off the line's ends where it can be."""
        allowed = self.state["turn"]["starts"][str(self.turn)]["allowed"]
        inner = [(max(a, 0.2), min(b, 0.8)) for a, b in allowed if min(b, 0.8) > max(a, 0.2)]
        stretches = inner or [(a, b) for a, b in allowed]
        lengths = np.array([b - a for a, b in stretches])
        a, b = stretches[int(self.rng.choice(len(stretches), p=lengths / lengths.sum()))]
        return float(self.rng.uniform(a, b))

    def shoot(self) -> tuple[float, dict[str, float]]:
        """One shot (a new game when this one is over): the client's seconds and the
        server's timings (ms) from ``Server-Timing``."""
        answer, took = self.post_shot()
        if answer.status_code != 200:
            raise RuntimeError(f"shot refused: {answer.text}")
        return took, _server_timing(answer.headers.get("server-timing", ""))

    def post_shot(self) -> tuple[Answer, float]:
        """Send the next shot: the answer as it came (a new game once this one is over)
        and the client's seconds."""
        body = {
            "seat": self.turn,
            "u": self._start(),
            "angle": float(self.rng.uniform(-0.06, 0.06)),
            "speed": float(self.rng.uniform(0.8, 1.6)),
        }
        start = time.perf_counter()
        answer = self.client.post(
            f"{self.url}/api/play/games/{self.id}/shots",
            json=body,
            headers={"X-Seat-Token": self.tokens[str(self.turn)]},
        )
        took = time.perf_counter() - start
        if answer.status_code == 200:
            self.follow(answer.json())
        return answer, took

    def follow(self, shot: dict[str, Any]) -> None:
        """Take a shot's answer in: the next turn, or a new game once this one is over."""
        self.duration = float(shot["duration"])
        self.take(shot["state"])

    def take(self, state: dict[str, Any]) -> None:
        """Take the game's state in: its turn, or a new game once this one is over."""
        if state["status"] != "playing":
            self._new()
        else:
            self.state = state
            self.turn = state["turn"]["seat"]

    @property
    def my_turn(self) -> bool:
        """Whether a seat this client plays is to shoot (not the AI's)."""
        return str(self.turn) in self.tokens

    def read(self) -> float:
        """Seconds for one ``GET`` of the game's state."""
        start = time.perf_counter()
        self.client.get(f"{self.url}/api/play/games/{self.id}").raise_for_status()
        return time.perf_counter() - start


def _server_timing(header: str) -> dict[str, float]:
    """``name;dur=ms, ...`` as {name: ms}."""
    out = {}
    for part in header.split(","):
        name, _, dur = part.strip().partition(";dur=")
        if name and dur:
            out[name] = float(dur)
    return out


def loopback(
    url: str,
    shots: int,
    seconds: float,
    progress: Progress = _none,
    cpu: Callable[[], float] | None = None,
) -> tuple[dict[str, Timing], dict[str, float], dict[int | str, float], dict[str, Any]]:
    """Opening shots timed on a real server (client side, and its reported parts) against
    a state read, then shots per second at each of :data:`CONCURRENCY`, and with the
    most games paced as the page paces them (:data:`PACED`); and the CPU time per shot
    of each (:class:`CpuPerShot`; ``cpu`` reads the server's)."""
    times = {name: Timing(name) for name in ("opening: POST shot", "GET state")}
    parts: dict[str, list[float]] = {}
    per_shot = CpuPerShot(cpu)
    advance = progress("opening shots on loopback", shots)
    with Client(timeout=600) as client:  # a cold cache compiles the kernels first
        for k in range(3):  # warm-up
            HotseatGame(client, url, 10_000 + k).shoot()
        games = [HotseatGame(client, url, k) for k in range(shots)]
        for game in games:
            times["GET state"].seconds.append(game.read())
        start, clients = per_shot.read(), time.thread_time()
        for game in games:
            took, timings = game.shoot()
            times["opening: POST shot"].seconds.append(took)
            for name, ms in timings.items():
                parts.setdefault(name, []).append(ms)
            advance()
        clients = time.thread_time() - clients
        per_shot.since("opening: POST shot", start, len(games), clients)
    server = {name: statistics.median(values) for name, values in parts.items()}
    rates: dict[int | str, float] = {}
    for n in CONCURRENCY:
        rates[n], times[f"{n} games at once: POST shot"] = _throughput(
            url, n, seconds, progress, cpu=per_shot
        )
    n = CONCURRENCY[-1]
    rates[PACED], times[f"{PACED}: POST shot"] = _throughput(
        url, n, seconds, progress, paced=True, cpu=per_shot
    )
    _, times[f"{BURST}: POST shot"] = _throughput(url, n, seconds, progress, once=True)
    return times, server, rates, per_shot.ms


def _throughput(
    url: str,
    games: int,
    seconds: float,
    progress: Progress,
    *,
    paced: bool = False,
    once: bool = False,
    cpu: CpuPerShot | None = None,
) -> tuple[float, Timing]:
    """Shots per second served with ``games`` played at once for ``seconds`` (the games
    are made first; the clock starts when every client is ready), and the client's time
    of each shot's POST; each client sends its next shot at once, or ``paced`` when the
    page would let its player (the shot's animation and :data:`PAGE_PAUSE` after it; the
    first within :data:`START_SPREAD`), or ``once`` only one shot, the moment all are
    ready (:data:`BURST`). ``cpu`` gets the run's CPU time per shot (from the start of
    the clock)."""

    label = BURST if once else PACED if paced else f"{games} games at once"
    posts = Timing(f"{label}: POST shot")
    counts = [0] * games
    first = np.random.default_rng(games).uniform(0.0, START_SPREAD, games) if paced else None
    advance = progress(f"{games} games at once", games)
    window: list[float] = []
    started: list[float | None] = []
    clients = [0.0] * games

    def begin() -> None:
        window.append(time.monotonic())
        if cpu is not None:
            started.append(cpu.read())

    ready = threading.Barrier(games, action=begin)
    failures: list[BaseException] = []

    def play(k: int) -> None:
        try:
            with Client() as client:
                game = HotseatGame(client, url, 500 + k)
                ready.wait()
                own = time.thread_time()
                if first is not None:
                    time.sleep(first[k])
                while time.monotonic() < window[0] + seconds:
                    took, _ = game.shoot()
                    posts.seconds.append(took)
                    counts[k] += 1
                    if once:
                        break
                    if paced:
                        time.sleep(game.duration + PAGE_PAUSE)
                clients[k] = time.thread_time() - own
        except BaseException as exc:  # reported after the run
            failures.append(exc)
            ready.abort()
        finally:
            advance()

    threads = [threading.Thread(target=play, args=(k,)) for k in range(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise RuntimeError(f"a client failed: {failures[0]}")
    if cpu is not None:
        cpu.since(posts.name, started[0], len(posts.seconds), sum(clients))
    return sum(counts) / (time.monotonic() - window[0]), posts


# -- 3. soak: many games, bounded memory ----------------------------------------------------


SOAK_GAMES = 2000
SOAK_SHOTS = 10
SOAK_EVERY = 50
"""The soak reads the server's memory after every this many games."""
SOAK_HELD = 64
"""The cap of games held in memory during the soak."""


def soak(
    games: int = SOAK_GAMES,
    shots: int = SOAK_SHOTS,
    progress: Progress = _none,
    budget: float | None = None,
    held: int = SOAK_HELD,
) -> dict[str, Any]:
    """``games`` hotseat games of ``shots`` shots each on a real server, one after
    another; its RSS (MB) before, every :data:`SOAK_EVERY` games and after. With a
    ``budget`` (seconds) the run stops after the game that passes it: ``games`` says
    how many were played, ``games_asked`` how many were asked for. The server holds at
    most ``held`` games in memory (its cap, lowered from the default so that a short run
    passes it early)."""
    folder = tempfile.mkdtemp(prefix="flickboard-bench-soak-")
    server = Server(
        f"sqlite:///{folder}/soak.sqlite",
        env={LIMIT_ENV: "1000000", "FLICKBOARD_GAMES_HELD": str(held)},
        wait=600,  # a busy machine
    )
    mb = 1024 * 1024
    try:
        rss = [(0, server.rss() / mb)]
        advance = progress(f"soak: {games} games x {shots} shots", games)
        start = time.monotonic()
        with Client() as client:
            played = 0
            while played < games:
                game = HotseatGame(client, server.base, 20_000 + played)
                for _ in range(shots):
                    game.shoot()
                played += 1
                late = budget is not None and time.monotonic() - start > budget
                if played % SOAK_EVERY == 0 or played == games or late:
                    rss.append((played, server.rss() / mb))
                advance()
                if late:
                    break
        seconds = time.monotonic() - start
    finally:
        server.stop()
    return {
        "games": played,
        "games_asked": games,
        "shots_per_game": shots,
        "seconds": seconds,
        "held_max": held,
        "rss_mb": [{"games": n, "rss_mb": round(m, 1)} for n, m in rss],
        "rss_before_mb": round(rss[0][1], 1),
        "rss_at_cap_mb": round(_rss_at(rss, held), 1),
        "rss_after_mb": round(rss[-1][1], 1),
    }


def _rss_at(rss: list[tuple[int, float]], games: int) -> float:
    """The first RSS read once at least ``games`` games were played."""
    return next((m for n, m in rss if n >= games), rss[-1][1])


def soak_report(results: dict[str, Any]) -> list[str]:
    """The soak's results in lines of text."""
    before, cap, after = (results[k] for k in ("rss_before_mb", "rss_at_cap_mb", "rss_after_mb"))
    shots = results["games"] * results["shots_per_game"]
    return [
        f"Soak: {results['games']} games x {results['shots_per_game']} shots ({shots} shots, "
        f"{results['seconds']:.0f} s) on one server holding at most {results['held_max']} games:",
        f"  RSS before {before:.1f} MB, once at the cap {cap:.1f} MB, after {after:.1f} MB "
        f"({after - cap:+.1f} MB after the cap, {after / cap:.2f}x)",
    ]


# -- the report -------------------------------------------------------------------------


def run(
    shots: int = 200,
    loopback_shots: int = 100,
    seconds: float = 10.0,
    progress: Progress = _none,
) -> dict[str, Any]:
    """Every measurement, as JSON-ready results."""
    load = os.getloadavg()
    inside = server_times(shots, progress)
    with served() as served_by:
        over, server, rates, cpu = loopback(
            served_by.base, loopback_shots, seconds, progress, served_by.cpu
        )
    return {
        "server": {name: t.to_dict() for name, t in inside.items()},
        "loopback": {name: t.to_dict() for name, t in over.items()},
        "server_timing_ms": server,
        "cpu_ms_per_shot": cpu,
        "load_average": {"before": list(load), "after": list(os.getloadavg())},
        "shots_per_second": {str(n): rate for n, rate in rates.items()},
        "aim_p95_ms": AIM_P95_MS,
        "aim_save_ms": AIM_SAVE_MS,
        "aim_busy_p95_ms": AIM_BUSY_P95_MS,
    }


def ratio(results: dict[str, Any], scene: str) -> tuple[float, float]:
    """The table's p50 and p95 per shot as multiples of the bare simulate's."""
    table, bare = results["server"][f"{scene}: table"], results["server"][f"{scene}: simulate"]
    return table["p50_ms"] / bare["p50_ms"], table["p95_ms"] / bare["p95_ms"]


def report(results: dict[str, Any]) -> list[str]:
    """The results in lines of text."""
    lines = ["Server time per shot (simulate + rule + trajectory + JSON), this process:"]
    for name, t in results["server"].items():
        lines.append(f"  {name:22} p50 {t['p50_ms']:7.3f} ms   p95 {t['p95_ms']:7.3f} ms")
    for scene in ("opening", "30 discs"):
        p50, p95 = ratio(results, scene)
        lines.append(
            f"  {scene}: the table's work is {p50:.1f}x (p50), {p95:.1f}x (p95) the bare simulate"
        )
    p95 = results["server"]["30 discs: table"]["p95_ms"]
    verdict = "met" if p95 < results["aim_p95_ms"] else "NOT met"
    lines.append(
        f"  aim p95 < {results['aim_p95_ms']:.0f} ms per 30-disc shot: {verdict} ({p95:.2f} ms)"
    )
    lines.append("On loopback (uvicorn, SQLite, every shot saved):")
    for name, t in results["loopback"].items():
        lines.append(f"  {name:22} p50 {t['p50_ms']:7.3f} ms   p95 {t['p95_ms']:7.3f} ms")
    post = results["loopback"]["opening: POST shot"]["p50_ms"]
    get = results["loopback"]["GET state"]["p50_ms"]
    lines.append(f"  a shot takes {post / get:.1f}x a state read (p50)")
    parts = ", ".join(f"{k} {v:.2f} ms" for k, v in results["server_timing_ms"].items())
    lines.append(f"  server's own timing (median): {parts}")
    for name, cpu in results.get("cpu_ms_per_shot", {}).items():
        server = f"server {cpu['server']:.2f} ms, " if "server" in cpu else ""
        lines.append(f"  CPU per shot, {name}: {server}clients {cpu['clients']:.2f} ms")
    load = results.get("load_average")
    if load is not None:
        before, after = (", ".join(f"{x:.1f}" for x in load[k]) for k in ("before", "after"))
        lines.append(f"  load average before {before}; after {after}")
    for n, rate in results["shots_per_second"].items():
        label = n if n == PACED else f"{n:>2} games at once"
        lines.append(f"  {label}: {rate:7.1f} shots/s")
    save = results["server_timing_ms"].get("save")
    if save is not None:
        verdict = "met" if save <= results["aim_save_ms"] else "NOT met"
        lines.append(
            f"  aim save <= {results['aim_save_ms']:.0f} ms per shot: {verdict} ({save:.2f} ms)"
        )
    for label in (f"{CONCURRENCY[-1]} games at once", PACED):
        busy = results["loopback"].get(f"{label}: POST shot")
        if busy is not None:
            verdict = "met" if busy["p95_ms"] <= results["aim_busy_p95_ms"] else "NOT met"
            lines.append(
                f"  aim POST shot p95 <= {results['aim_busy_p95_ms']:.0f} ms with "
                f"{label}: {verdict} ({busy['p95_ms']:.1f} ms)"
            )
    return lines
