"""Hostile load against real servers: ``flickboard serve`` in a subprocess, on SQLite
(one worker) and on PostgreSQL with two workers, hit by real concurrent clients from
many loopback addresses (127.0.0.x). The sign-in throttle holds in a burst (exactly its
free attempts reach the password check, whatever the workers), nobody locks the
director out, a burst of password checks from many addresses cannot exhaust memory,
and an oversized body is refused before it is read or anyone is signed in."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from tests.conftest import sqlite_at_head

from flickboard.store.acting import Actor
from flickboard.store.passwords import CHECKS_AT_ONCE
from flickboard.store.service import DeskService
from flickboard.store.throttle import FREE

from .conftest import Served, served

DIRECTOR = ("Dee", "director-pass")
REFEREE = ("Rex", "whistle-2024")
MiB = 1024 * 1024
HASH_MEMORY = 64 * MiB
"""What one argon2id check holds (the library's default memory cost)."""


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Served, str]]:
    """A server with the director and a referee: SQLite with one worker, or a fresh
    PostgreSQL schema with two; and its database URL."""
    if request.param == "sqlite":
        url = sqlite_at_head(tmp_path_factory.mktemp("bursts") / "desk.sqlite")
        drop: Callable[[], None] = lambda: None  # noqa: E731
    else:
        base: str = request.getfixturevalue("postgres_url")
        schema = f"b_{uuid.uuid4().hex[:12]}"
        admin = create_engine(base)
        with admin.begin() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
        url = f"{base}?options=-csearch_path%3D{schema}"

        def drop() -> None:
            with admin.begin() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            admin.dispose()

    svc = DeskService(url)
    svc.accounts.set_director(*DIRECTOR)
    svc.accounts.add_referee(*REFEREE)
    svc.engine.dispose()
    try:
        with served(url, workers=1 if request.param == "sqlite" else 2) as running:
            yield running, url
    finally:
        drop()


def _transport(address: str) -> httpx.HTTPTransport:
    """A client's transport bound to ``address`` (plain HTTP on loopback: no certificate
    store loaded, 50 ms of CPU a client that the burst would otherwise wait on)."""
    return httpx.HTTPTransport(local_address=address, verify=False)


def _burst(base: str, requests: list[tuple[str, str, dict[str, object]]]) -> list[int]:
    """Send every (address, path, json) at once, each from its own client bound to
    that loopback address; their statuses in order."""
    answers: list[int] = [0] * len(requests)
    start = threading.Barrier(len(requests))

    def one(i: int, address: str, path: str, body: dict[str, object]) -> None:
        with httpx.Client(base_url=base, transport=_transport(address), timeout=120) as c:
            start.wait()
            answers[i] = c.post(path, json=body).status_code

    threads = [threading.Thread(target=one, args=(i, *r)) for i, r in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def _sign_in(base: str, address: str, account: tuple[str, str]) -> httpx.Response:
    with httpx.Client(base_url=base, transport=_transport(address)) as c:
        return c.post("/api/session", json={"name": account[0], "password": account[1]}, timeout=60)


def _failures(url: str, name: str, address: str) -> int:
    svc = DeskService(url)
    try:
        trail = svc.audit(Actor.desk())
    finally:
        svc.engine.dispose()
    return sum(
        a["action"] == "sign_in_failed" and a["detail"] == f"{name!r} from {address}" for a in trail
    )


def test_a_burst_of_bad_sign_ins_from_one_address_gets_only_its_free_tries(
    server: tuple[Served, str],
) -> None:
    """60 wrong passwords at once from one address: exactly 5 are checked (401, each
    audited), the rest wait (429); on main 32 to 60 were checked."""
    running, url = server
    guesses = [
        ("127.0.0.2", "/api/session", {"name": "Rex", "password": f"guess-{i}"}) for i in range(60)
    ]
    answers = Counter(_burst(running.url, guesses))
    assert answers == {401: FREE, 429: 60 - FREE}
    assert _failures(url, "Rex", "127.0.0.2") == FREE


def test_bursts_from_two_addresses_do_not_lock_the_director_out(
    server: tuple[Served, str],
) -> None:
    """Two bursts of 60 wrong passwords for the director from two addresses at once (on
    main: past the 50 failures that locked the account), then the director's right
    password from a third address gets in."""
    running, url = server
    burst = [
        (address, "/api/session", {"name": "Dee", "password": f"guess-{i}"})
        for address in ("127.0.0.3", "127.0.0.4")
        for i in range(60)
    ]
    answers = Counter(_burst(running.url, burst))
    signed = _sign_in(running.url, "127.0.0.5", DIRECTOR)
    assert signed.status_code == 200, signed.text
    assert signed.json()["role"] == "director"
    assert answers == {401: 2 * FREE, 429: 120 - 2 * FREE}
    svc = DeskService(url)
    assert svc.accounts.locked() == {}  # no address failed anywhere near the lock
    svc.engine.dispose()


def _memory(running: Served) -> dict[int, int]:
    """Each server process's resident memory now (bytes); its peak is reset here."""
    now = {}
    for pid in running.pids():
        status = Path(f"/proc/{pid}/status").read_text()
        now[pid] = int(status.split("VmRSS:")[1].split()[0]) * 1024
        Path(f"/proc/{pid}/clear_refs").write_text("5")  # VmHWM starts again from now
    return now


def _peak_growth(running: Served, before: dict[int, int]) -> int:
    """The most any server process grew past ``before`` (its peak since then)."""
    grown = 0
    for pid, rss in before.items():
        status = Path(f"/proc/{pid}/status").read_text()
        peak = int(status.split("VmHWM:")[1].split()[0]) * 1024
        grown = max(grown, peak - rss)
    return grown


def test_password_checks_from_many_addresses_at_once_cannot_exhaust_memory(
    server: tuple[Served, str],
) -> None:
    """24 sign-ins at once from 24 addresses (each allowed by the throttle): at most 2
    argon2 checks of 64 MiB run at once in a worker, 8 wait, the rest are told to come
    back (503). On main every one ran at once: the server grew by gigabytes."""
    running, _ = server
    before = _memory(running)
    burst = [
        (f"127.0.1.{i}", "/api/session", {"name": "Rex", "password": f"guess-{i}"})
        for i in range(1, 25)
    ]
    answers = Counter(_burst(running.url, burst))
    assert set(answers) <= {401, 503} and answers[401] >= CHECKS_AT_ONCE, answers
    grown = _peak_growth(running, before)
    assert grown < (CHECKS_AT_ONCE + 2) * HASH_MEMORY, f"{grown / MiB:.0f} MiB"


def test_oversized_bodies_are_refused_before_they_are_read_or_anyone_signs_in(
    server: tuple[Served, str],
) -> None:
    """20 MB bodies, 16 at once from 16 addresses, to sign-in and to a write that
    needs it: 413 at once, the server's memory flat (on main the whole body was read,
    the write's before its 401)."""
    running, _ = server
    before = _memory(running)
    big = b'{"name": "Dee", "password": "' + b"x" * (20 * MiB) + b'"}'
    answers: list[int] = []

    def send(i: int) -> None:
        path = "/api/session" if i % 2 else "/api/desk/events"
        with httpx.Client(
            base_url=running.url, transport=_transport(f"127.0.2.{i}"), timeout=60
        ) as c:
            headers = {"Content-Type": "application/json"}
            try:
                answers.append(c.post(path, content=big, headers=headers).status_code)
            except httpx.WriteError:  # refused and closed while still sending
                answers.append(413)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(1, 17)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [413] * 16
    assert _peak_growth(running, before) < 20 * MiB

    def chunks() -> Iterator[bytes]:  # no Content-Length: read up to the limit only
        yield b'{"name": "Dee", "password": "'
        for _ in range(64):
            yield b"x" * (64 * 1024)

    with httpx.Client(base_url=running.url, timeout=60) as c:
        got = c.post("/api/session", content=chunks(), headers={"Content-Type": "application/json"})
    assert got.status_code == 413
    assert got.json() == {"detail": "the request body is too large: at most 256 kB here"}
