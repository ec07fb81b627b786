"""Several workers on PostgreSQL: ``flickboard serve --workers 2`` in a subprocess, live
pages connected to both worker processes, and a card validated through one of them
reaching every page (PostgreSQL LISTEN/NOTIFY)."""

from __future__ import annotations

import queue
import threading

import httpx
from tests.conftest import HTTP

from flickboard.events.eventfile import parse_event
from flickboard.store.service import DeskService

from .conftest import served


class Listener(threading.Thread):
    """An SSE client of one live page: records the worker that serves it and the
    revision of every ``standings`` event."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.worker: str | None = None
        self.revisions: queue.Queue[int] = queue.Queue()
        self.ready = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            self._read()
        except httpx.HTTPError:
            if not self.stop.is_set():
                raise  # the server went away while the test still listened

    def _read(self) -> None:
        with HTTP.stream("GET", self.url, timeout=httpx.Timeout(30, read=60)) as r:
            self.worker = r.headers["X-Flickboard-Worker"]
            fields: dict[str, str] = {}
            for line in r.iter_lines():
                if self.stop.is_set():
                    return
                if line.strip():
                    key, _, value = line.partition(":")
                    fields[key] = value.strip()
                    continue
                if fields.get("event") == "standings":
                    self.revisions.put(int(fields["id"]))
                    self.ready.set()
                fields = {}

    def next_revision(self, timeout: float) -> int:
        return self.revisions.get(timeout=timeout)


def test_two_workers_share_live_updates_through_postgresql(postgres_schema_url: str) -> None:
    svc = DeskService(postgres_schema_url)
    director = svc.accounts.set_director("Dee", "director-pass")
    svc.events.create(
        director,
        parse_event(
            {
                "name": "Open",
                "category": "adult singles",
                "games": 2,
                "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, 9)],
            }
        ),
    )
    games = svc.rounds.draw(director, "Open", publish=True).games
    event_id = svc.desk.catalog()[0].id
    svc.engine.dispose()
    listeners: list[Listener] = []
    with served(postgres_schema_url, workers=2) as server:
        base = server.url
        try:
            # open live pages until both workers serve some (each connection is handed to
            # whichever worker accepts it first)
            live = f"{base}/api/desk/events/{event_id}/live"
            while len({x.worker for x in listeners}) < 2:
                assert len(listeners) < 40, "every live page landed on one worker"
                x = Listener(live)
                x.start()
                assert x.ready.wait(20), "no standings event"
                listeners.append(x)
            first = {x.worker: x.next_revision(1) for x in listeners[:1]}
            assert first

            # a card entered and validated through the API (whichever worker takes it)
            client = httpx.Client(base_url=base, timeout=20)
            who = client.post("/api/session", json={"name": "Dee", "password": "director-pass"})
            csrf = {"X-CSRF-Token": who.json()["csrf"]}
            a, b = games[0]
            rounds = [{"scores": [105, 100], "twenties": [1, 0]}] * 4
            card = {"round": 1, "sides": [a, b], "rounds": rounds}
            assert (
                client.post(
                    f"/api/desk/events/{event_id}/cards", json=card, headers=csrf
                ).status_code
                == 201
            )
            ok = client.post(
                f"/api/desk/events/{event_id}/cards/1/{b}/validation",
                json={"initials": "XY"},
                headers=csrf,
            )
            assert ok.status_code == 200
            revision = int(client.get("/api/desk/events").json()[0]["revision"])

            # every page, on both workers, hears of it
            for x in listeners:
                seen = 0
                while seen < revision:
                    seen = x.next_revision(15)
            assert len({x.worker for x in listeners}) == 2
            page = client.get(f"/desk/standings/{event_id}").text
            assert "PROVISIONAL" not in page and "8 tournament points" in page
        finally:
            for x in listeners:
                x.stop.set()
    assert "flickboard is serving" in server.output
