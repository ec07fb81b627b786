"""``flickboard serve``: warms the kernels, says where it serves, serves, stops on Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from tests.web.conftest import free_port


def test_serve_warms_the_kernels_prints_its_url_and_serves_the_front_page(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "FLICKBOARD_DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite'}"}
    command = [sys.executable, "-m", "flickboard", "serve", "--no-browser", "--port", str(port)]
    proc = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()[0]
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            raise AssertionError("the server did not answer")
        assert page.status_code == 200 and "Play a game" in page.text
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert "Physics kernels ready" in out
    assert f"flickboard is serving at http://localhost:{port}/" in out
    assert (tmp_path / "s.sqlite").exists()  # the schema was created before serving


def test_serve_refuses_several_workers_on_sqlite() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flickboard", "serve", "--workers", "2", "--no-browser"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "--workers above 1 needs PostgreSQL" in done.stderr
