"""Desk load benchmark: many phones entering and confirming cards at once, on loopback.

A real server (uvicorn, in a subprocess; several workers on PostgreSQL) serves an event
whose rounds are drawn and published, with a scorer code for every game. ``clients``
concurrent HTTP clients (each its own session, from its own loopback address as phones on
a venue's network each have theirs: the sign-in throttle counts per address) take the
games one by one: join with the
game's code, enter the card, confirm it as the opponent. One live standings page (SSE)
listens meanwhile. Measured: the latency of every request (p50, p95), and for every
confirmed card the delay until the live page receives standings at or after that
card's revision (the page's update delay). Checked afterwards: every card stored once,
validated, none lost, none twice, and the standings total what the cards say.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from flickboard.bench.server import Server
from flickboard.events.synthetic import game_with

ROUNDS = 5
"""Rounds drawn; each has cards / 5 games."""


@dataclass(frozen=True, slots=True)
class Game:
    """A game to score: its draw round, sides, scorer code and card."""

    round_no: int
    sides: tuple[str, str]
    code: str
    rounds: list[dict[str, list[int]]]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def prepare(url: str, cards: int, seed: int = 7) -> tuple[int, list[Game]]:
    """An event with ``cards`` games over :data:`ROUNDS` published rounds and a code
    each (made through the desk service, before the server starts; not timed)."""
    from flickboard.events.eventfile import parse_event
    from flickboard.store.service import DeskService

    # enough players for every round's draw to avoid a repeat opponent, however few cards
    players = 2 * max(-(-cards // ROUNDS), ROUNDS)
    svc = DeskService(url)
    director = svc.accounts.set_director("bench", "bench-password")
    entrants = [{"id": f"P{i:03d}", "name": f"Player {i}"} for i in range(1, players + 1)]
    spec = {"name": "Bench open", "category": "adult singles", "games": ROUNDS, "seed": seed}
    svc.events.create(director, parse_event({**spec, "entrants": entrants}))
    rng = random.Random(seed)
    games: list[Game] = []
    for _ in range(ROUNDS):
        d = svc.rounds.draw(director, "Bench open", publish=True)
        for a, b in d.games:
            if len(games) == cards:
                break
            played = game_with(rng.randint(0, 8), (rng.randint(0, 4), rng.randint(0, 4)))
            rounds = [
                {"scores": list(r.scores), "twenties": list(r.twenties)} for r in played.rounds
            ]
            code = svc.identity.issue_code(director, "Bench open", d.round_no, a)
            games.append(Game(d.round_no, (a, b), code, rounds))
    event_id = svc.desk.catalog()[0].id
    svc.engine.dispose()
    return event_id, games


async def _listen(
    base: str, event_id: int, seen: list[tuple[float, int]], ready: asyncio.Event
) -> None:
    """The public page's live stream: (arrival time, revision) of every update."""
    url = f"{base}/api/desk/events/{event_id}/live"
    client = httpx.AsyncClient(timeout=httpx.Timeout(10, read=None))
    async with client, client.stream("GET", url) as r:
        fields: dict[str, str] = {}
        async for line in r.aiter_lines():
            if line.strip():
                key, _, value = line.partition(":")
                fields[key] = value.strip()
                continue
            if fields.get("event") == "standings":
                seen.append((time.perf_counter(), int(fields["id"])))
                ready.set()
            fields = {}


async def _score(
    base: str, event_id: int, queue: asyncio.Queue[Game], latency: dict[str, list[float]],
    done: list[tuple[float, int, Game]], errors: list[str], address: str,
) -> None:  # fmt: skip
    """One phone after another: join, enter, confirm, until no game is left (one HTTP
    client from its own ``address``, as phones on a venue's network are, its session
    started afresh for each game)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, timeout=120, transport=transport) as c:
        while True:
            try:
                game = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            c.cookies.clear()
            steps = [
                ("join", "/api/session/join", {"code": game.code}, 200),
                (
                    "enter",
                    f"/api/desk/events/{event_id}/cards",
                    {"round": game.round_no, "sides": list(game.sides), "rounds": game.rounds},
                    201,
                ),
                (
                    "validate",
                    f"/api/desk/events/{event_id}/cards/{game.round_no}/{game.sides[1]}/validation",
                    {"initials": "BN"},
                    200,
                ),
            ]
            headers: dict[str, str] = {}
            for name, path, body, want in steps:
                t0 = time.perf_counter()
                r = await c.post(path, json=body, headers=headers)
                t1 = time.perf_counter()
                latency[name].append(t1 - t0)
                if r.status_code != want:
                    errors.append(
                        f"{name} {game.round_no} {game.sides}: {r.status_code} {r.text[:200]}"
                    )
                    break
                if name == "join":
                    headers = {"X-CSRF-Token": r.json()["csrf"]}
                if name == "validate":
                    done.append((t1, int(r.json()["revision"]), game))


async def _load(base: str, event_id: int, games: list[Game], clients: int) -> dict[str, Any]:
    seen: list[tuple[float, int]] = []
    ready = asyncio.Event()
    listener = asyncio.create_task(_listen(base, event_id, seen, ready))
    await asyncio.wait_for(ready.wait(), 30)
    queue: asyncio.Queue[Game] = asyncio.Queue()
    for g in games:
        queue.put_nowait(g)
    latency: dict[str, list[float]] = {"join": [], "enter": [], "validate": []}
    done: list[tuple[float, int, Game]] = []
    errors: list[str] = []
    t0 = time.perf_counter()
    await asyncio.gather(
        *(
            _score(base, event_id, queue, latency, done, errors, f"127.3.{i // 250}.{i % 250 + 1}")
            for i in range(clients)
        )
    )
    seconds = time.perf_counter() - t0
    last = max((rev for _, rev, _ in done), default=0)
    deadline = time.perf_counter() + 60
    while (not seen or seen[-1][1] < last) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    listener.cancel()
    delays = []
    for t_done, rev, _ in done:
        arrival = next((t for t, r in seen if r >= rev), None)
        if arrival is not None:
            delays.append(max(0.0, arrival - t_done))
    return {
        "seconds": seconds,
        "latency": latency,
        "done": done,
        "errors": errors,
        "delays": delays,
        "updates": len(seen),
        "missed_updates": len(done) - len(delays),
    }


def _check(base: str, event_id: int, games: list[Game]) -> dict[str, int]:
    """Every card stored once and validated; standings total what the cards say."""
    cards = httpx.get(f"{base}/api/desk/events/{event_id}/cards", timeout=60).json()
    stored = [(c["round"], frozenset(c["sides"])) for c in cards]
    expected = {(g.round_no, frozenset(g.sides)) for g in games}
    st = httpx.get(f"{base}/api/desk/events/{event_id}/standings", timeout=60).json()
    return {
        "stored": len(stored),
        "duplicated": len(stored) - len(set(stored)),
        "lost": len(expected - set(stored)),
        "unexpected": len(set(stored) - expected),
        "validated": sum(1 for c in cards if c.get("validated")),
        "standings_points": sum(p["points"] for p in st["standings"]),
        "provisional": int(st["provisional"]),
    }


def run(
    postgres: str | None = None, clients: int = 50, cards: int = 400, workers: int | None = None
) -> dict[str, Any]:
    """One run on a fresh database: SQLite (a temporary file) or a fresh schema of the
    PostgreSQL database at ``postgres`` (dropped afterwards)."""
    schema = None
    folder = None
    if postgres:
        from sqlalchemy import create_engine, text

        schema = f"bench_{uuid.uuid4().hex[:10]}"
        admin = create_engine(postgres)
        with admin.begin() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
        url = f"{postgres}?options=-csearch_path%3D{schema}"
        workers = workers or 2
    else:
        folder = tempfile.TemporaryDirectory()
        url = f"sqlite:///{Path(folder.name) / 'bench.sqlite'}"
        workers = 1
    try:
        event_id, games = prepare(url, cards)
        server = Server(url, workers)
        try:
            # a thread of its own: the caller may already run an event loop
            with ThreadPoolExecutor(1) as pool:
                load = _load(server.base, event_id, games, clients)
                result = pool.submit(asyncio.run, load).result()
            checked = _check(server.base, event_id, games)
        finally:
            server.stop()
    finally:
        if schema is not None:
            with admin.begin() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            admin.dispose()
        if folder is not None:
            folder.cleanup()
    requests = [x for v in result["latency"].values() for x in v]
    writes = result["latency"]["enter"] + result["latency"]["validate"]
    return {
        "database": "postgresql" if postgres else "sqlite",
        "workers": workers,
        "clients": clients,
        "cards": cards,
        "seconds": result["seconds"],
        "cards_per_second": len(result["done"]) / result["seconds"],
        "requests": len(requests),
        "p50_ms": 1e3 * _pct(requests, 0.5),
        "p95_ms": 1e3 * _pct(requests, 0.95),
        "write_p50_ms": 1e3 * _pct(writes, 0.5),
        "write_p95_ms": 1e3 * _pct(writes, 0.95),
        "update_p50_ms": 1e3 * _pct(result["delays"], 0.5),
        "update_p95_ms": 1e3 * _pct(result["delays"], 0.95),
        "update_max_ms": 1e3 * max(result["delays"], default=float("nan")),
        "update_mean_ms": 1e3 * statistics.fmean(result["delays"])
        if result["delays"]
        else float("nan"),
        "live_updates": result["updates"],
        "missed_updates": result["missed_updates"],
        "errors": result["errors"][:5],
        "error_count": len(result["errors"]),
        **checked,
    }


def report(results: list[dict[str, Any]]) -> str:
    """The runs as text."""
    lines = []
    for r in results:
        lines.append(
            f"{r['database']} ({r['workers']} worker{'s' if r['workers'] > 1 else ''}), "
            f"{r['clients']} clients, {r['cards']} cards in {r['seconds']:.1f} s "
            f"({r['cards_per_second']:.1f} cards/s)\n"
            f"  requests (join, enter, confirm): p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms;"
            f" writes p50 {r['write_p50_ms']:.0f} ms, p95 {r['write_p95_ms']:.0f} ms\n"
            f"  live standings page update after a confirmed card: p50 {r['update_p50_ms']:.0f} ms,"
            f" p95 {r['update_p95_ms']:.0f} ms, max {r['update_max_ms']:.0f} ms"
            f" ({r['live_updates']} updates sent for {r['cards']} cards)\n"
            f"  stored {r['stored']}, validated {r['validated']}, lost {r['lost']}, duplicated "
            f"{r['duplicated']}, errors {r['error_count']}; standings total "
            f"{r['standings_points']} points (8 a card: {8 * r['cards']})"
        )
    return "\n".join(lines)
