"""The app served by uvicorn in a child process on a loopback port, for the benchmarks
that measure it over real HTTP (``bench web``, ``bench desk``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time

import httpx

READY = "/api/session"
"""The page asked for until the server answers (200)."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``uvicorn flickboard.web.app:app_factory`` on ``url``'s database with ``workers``
    processes (and ``env`` added to its environment); ``base`` is its address once it
    answers (up to ``wait`` seconds)."""

    def __init__(
        self, url: str, workers: int = 1, env: dict[str, str] | None = None, wait: float = 120
    ) -> None:
        self.port = free_port()
        env = {**os.environ, **(env or {}), "FLICKBOARD_DATABASE_URL": url}
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "flickboard.web.app:app_factory",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--timeout-graceful-shutdown",
            "3",
        ]
        # a file, not a pipe: a full pipe would block the server
        self.log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed by stop)
        self.proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + wait
        with httpx.Client(timeout=2) as client:  # one client: each loads the certificates
            while True:
                if self.proc.poll() is not None:
                    self.log.seek(0)
                    raise RuntimeError(f"the server stopped: {self.log.read()[-2000:]}")
                try:
                    if client.get(self.base + READY).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"the server did not answer in {wait:.0f} s")
                time.sleep(0.2)

    def rss(self) -> int:
        """The server process's resident memory now (bytes; Linux ``/proc``)."""
        with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        raise RuntimeError("the server's resident memory could not be read")

    def cpu(self) -> float:
        """The server process's CPU time so far (seconds, user and system; Linux
        ``/proc``)."""
        with open(f"/proc/{self.proc.pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """Stop it (killed if it has not stopped in 30 s)."""
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
