"""The table on two real workers: ``flickboard serve --workers 2`` on PostgreSQL in a
subprocess, every request on a new connection (so requests and pages spread over both
processes): one truth per game, every page told of every shot in order, one AI per AI
turn, limits counted over both workers, a worker killed mid-game losing nothing and
a restarted worker's first requests answered."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from flickboard.bench.table_workers import Page, wait_for_workers
from flickboard.bench.web import Answer, Client, HotseatGame

from ..conftest import free_port

SRC = Path(__file__).resolve().parents[3] / "src"
VERSUS_AI = [{"player": "here", "name": "Ann"}, {"player": "ai", "ai": "ai:heuristic:competitive"}]
PER_MINUTE = 16


class Served:
    """``flickboard serve --workers 2`` in a subprocess (``base``, ``proc``)."""

    def __init__(self, url: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(SRC), "FLICKBOARD_GAMES_PER_MINUTE": str(PER_MINUTE)}
        command = [
            sys.executable, "-m", "flickboard", "serve", "--workers", "2", "--db", url,
            "--port", str(self.port), "--no-browser",
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )

    def workers(self) -> list[int]:
        """The worker processes (the serving children of ``flickboard serve``)."""
        found = []
        for task in os.listdir(f"/proc/{self.proc.pid}/task"):
            children = Path(f"/proc/{self.proc.pid}/task/{task}/children").read_text().split()
            for pid in children:
                line = Path(f"/proc/{pid}/cmdline").read_bytes()
                if b"resource_tracker" not in line:
                    found.append(int(pid))
        return found

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        try:
            out, _ = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        return out


def fresh() -> Client:
    """A client of its own (one per thread), a new connection per request."""
    return Client(timeout=120, fresh=True)


def aim(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """A shot for ``seat`` from the middle of its first allowed stretch, straight in."""
    low, high = state["turn"]["starts"][str(seat)]["allowed"][0]
    return {"seat": seat, "u": (low + high) / 2, "angle": 0.0, "speed": 1.0}


def at_once(calls: list[Any]) -> list[Any]:
    """Call every function in its own thread, released together: their results."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(k: int) -> None:
        barrier.wait()
        try:
            results[k] = calls[k]()
        except OSError as exc:  # a connection the killed worker had taken
            results[k] = exc

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def statuses(answers: list[Any]) -> list[int | str]:
    return sorted(a.status_code if isinstance(a, Answer) else type(a).__name__ for a in answers)  # type: ignore[arg-type]


def test_two_workers_serve_one_game_as_one(postgres_schema_url: str) -> None:
    served = Served(postgres_schema_url)
    pages: list[Page] = []
    try:
        deadline = time.monotonic() + 300
        while True:
            assert served.proc.poll() is None, served.proc.communicate()[0]
            try:
                wait_for_workers(served.base, 2)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.5)
        client = fresh()
        base = served.base

        def read(game_id: str) -> dict[str, Any]:
            answer = client.get(f"{base}/api/play/games/{game_id}")
            assert answer.status_code == 200, answer.text
            return dict(answer.json())

        # two hotseat games with pages on both workers
        games = [HotseatGame(client, base, seed) for seed in (1, 2)]
        for game in games:
            while len({w for p in pages if p.game_id == game.id for w in p.workers}) < 2:
                assert len(pages) < 40, "every page landed on one worker"
                page = Page(base, game.id)
                page.start()
                assert page.connected.wait(60)
                pages.append(page)

        # every shot judged on the game as saved, and read back at once through any worker
        for _ in range(6):
            for game in games:
                answer, _ = game.post_shot()
                assert answer.status_code == 200, answer.text
                number = answer.json()["number"]
                assert read(game.id)["shots"] == number  # never stale

        # a real race: the same seat's shot sent twice at once, through any workers
        raced = HotseatGame(client, base, 3)
        path = f"{base}/api/play/games/{raced.id}/shots"
        body, token = aim(raced.state, 0), {"X-Seat-Token": raced.tokens["0"]}
        twice = at_once([lambda: fresh().post(path, body, token)] * 2)
        assert statuses(twice) == [200, 409]

        # a person against the AI: one AI shot per AI turn, whichever worker is asked
        made = client.post(f"{base}/api/play/games", json={"seats": VERSUS_AI, "seed": 4}).json()
        versus, token = made["id"], {"X-Seat-Token": made["tokens"]["0"]}
        ai_pages: list[Page] = []
        while len({w for p in ai_pages for w in p.workers}) < 2:
            assert len(ai_pages) < 40, "every page landed on one worker"
            page = Page(base, versus)
            page.start()
            assert page.connected.wait(60)
            ai_pages.append(page)
        pages += ai_pages
        for turn in range(3):
            shot = client.post(f"{base}/api/play/games/{versus}/shots", aim(read(versus), 0), token)
            assert shot.status_code == 200, shot.text
            deadline = time.monotonic() + 60
            while (now := read(versus))["shots"] < 2 * (turn + 1) or now["thinking"] is not None:
                assert time.monotonic() < deadline, "the AI did not reply"
                time.sleep(0.05)  # reads through both workers while the AI thinks
        time.sleep(1.0)  # the last events reach the pages
        for page in ai_pages:
            kinds = [kind for _, kind, _, _ in page.events]
            assert kinds.count("thinking") == 3 and kinds.count("shot") == 6, kinds
            assert "problem" not in kinds

        # every page of the hotseat games got every shot, in order, once
        for page in pages[: -len(ai_pages)]:
            numbers = [n for n, _, _, _ in page.events]
            assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
            assert [int(s) for _, k, _, s in page.events if k == "shot"] == list(range(1, 7))

        # new games counted over both workers: a burst from one address
        made_already = 5  # the workers' check, the two games, the race, the AI game
        burst = at_once(
            [lambda: fresh().post(f"{base}/api/play/games", json={"seats": VERSUS_AI})] * 16
        )
        found = statuses(burst)
        assert found.count(201) == PER_MINUTE - made_already, found
        assert found.count(429) == 16 - (PER_MINUTE - made_already), found

        # a worker killed mid-game: nothing answered lost, no 500 from the other
        victim = served.workers()[0]
        os.kill(victim, signal.SIGKILL)
        ids = [g.id for g in games] + [versus]
        after_kill = at_once([lambda k=k: fresh().get(f"{base}/api/play/games/{ids[k % 3]}")
                              for k in range(32)])  # fmt: skip
        assert not [s for s in statuses(after_kill) if isinstance(s, int) and s >= 500]
        deadline = time.monotonic() + 300
        while victim in served.workers() or len(served.workers()) < 2:
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.2)
        # its successor's first requests, 32 at once: no start-up race
        first = at_once([lambda k=k: fresh().get(f"{base}/api/play/games/{ids[k % 3]}")
                         for k in range(32)])  # fmt: skip
        assert statuses(first) == [200] * 32
        for game in games:
            assert read(game.id)["shots"] == 6
            listed = client.get(f"{base}/api/play/games/{game.id}/shots").json()
            assert [s["number"] for s in listed] == list(range(1, 7))
    finally:
        for page in pages:
            page.stop.set()
        out = served.stop()
    assert "flickboard is serving" in out
    assert "could not shoot" not in out and "Traceback" not in out, out[-3000:]
