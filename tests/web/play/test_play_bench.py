"""The table benchmark's measurements run, with tiny counts (nothing is timed here:
speed is measured by ``flickboard bench web``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.conftest import HTTP, sqlite_at_head

from flickboard.bench.web import BURST, CONCURRENCY, PACED, loopback, report, served, server_times
from flickboard.web.play.throttle import LIMIT_ENV

from ..conftest import LiveServer


@pytest.fixture
def bench_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    """A live server that lets one address (the benchmark's clients) start many games."""
    monkeypatch.setenv(LIMIT_ENV, "1000000")
    with LiveServer(sqlite_at_head(tmp_path / "web.sqlite")) as server:
        yield server


def test_the_server_time_is_measured_on_both_scenes_against_bare_simulate() -> None:
    times = server_times(3)
    assert set(times) == {
        "opening: simulate",
        "opening: table",
        "30 discs: simulate",
        "30 discs: table",
    }
    assert all(len(t.seconds) == 3 and t.p95 >= t.p50 > 0 for t in times.values())


def test_loopback_plays_real_games_and_reads_the_servers_timing(bench_server: LiveServer) -> None:
    times, server, rates, cpu = loopback(
        bench_server.url, shots=3, seconds=1.0, cpu=time.process_time
    )
    assert len(times["opening: POST shot"].seconds) == 3
    assert set(server) == {"simulate", "rule", "trajectory", "save"}
    assert set(rates) == {*CONCURRENCY, PACED} and all(rate > 0 for rate in rates.values())
    for n in (*CONCURRENCY, PACED):  # every POST of the runs with games at once is timed
        assert times[f"{n} games at once: POST shot" if n != PACED else f"{n}: POST shot"].seconds
    assert len(times[f"{BURST}: POST shot"].seconds) == CONCURRENCY[-1]  # one shot each
    assert set(cpu) == {name for name in times if name not in ("GET state", f"{BURST}: POST shot")}
    assert all(c["server"] > 0 and c["clients"] > 0 for c in cpu.values())
    results = {
        "server": {name: t.to_dict() for name, t in server_times(3).items()},
        "loopback": {name: t.to_dict() for name, t in times.items()},
        "server_timing_ms": server,
        "shots_per_second": {str(n): r for n, r in rates.items()},
        "aim_p95_ms": 30.0,
        "aim_save_ms": 2.0,
        "aim_busy_p95_ms": 100.0,
    }
    text = "\n".join(report(results))
    assert "aim p95 < 30 ms per 30-disc shot" in text and "16 games at once" in text
    assert "aim save <= 2 ms per shot" in text
    assert "aim POST shot p95 <= 100 ms with 16 games at once:" in text
    assert f"aim POST shot p95 <= 100 ms with {PACED}:" in text


def test_the_benchmark_serves_the_app_in_a_child_process() -> None:
    with served() as server:
        assert HTTP.get(server.base + "/api/play/catalogue").status_code == 200
        assert server.cpu() > 0  # the server's own process, not this one
