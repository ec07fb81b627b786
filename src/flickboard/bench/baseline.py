"""A player from another flickboard source tree, run in its own process: the baseline.

Comparing a new AI with the one it replaces needs both in one game. The baseline is a
copy of an earlier flickboard's ``src`` folder (``git archive COMMIT src``); a
:class:`BaselinePlayer` starts ``python`` on it with that folder first on
``PYTHONPATH`` and asks it for each shot: the view goes over a pipe pickled, the shot
comes back pickled. The two trees must agree on the pickled classes (the view, the
position, the shot); a field added at the end of a frozen dataclass is dropped by an
older tree. The process ends when the player is closed or collected.
"""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from flickboard.errors import InvalidInput
from flickboard.physics import Shot
from flickboard.play.view import View

SERVER = """
import pickle, struct, sys
from flickboard.agents.spec import player_from_spec

def read():
    head = sys.stdin.buffer.read(4)
    if len(head) < 4:
        return None
    (size,) = struct.unpack("<I", head)
    return pickle.loads(sys.stdin.buffer.read(size))

def write(value):
    data = pickle.dumps(value)
    sys.stdout.buffer.write(struct.pack("<I", len(data)) + data)
    sys.stdout.buffer.flush()

spec, game, seed, name = read()
player = player_from_spec(spec, game, seed, name)
write("ready")
while (view := read()) is not None:
    write(player.decide(view))
"""


def _send(pipe: IO[bytes], value: object) -> None:
    data = pickle.dumps(value)
    pipe.write(struct.pack("<I", len(data)) + data)
    pipe.flush()


def _receive(pipe: IO[bytes]) -> Any:
    head = pipe.read(4)
    if len(head) < 4:
        raise InvalidInput("the baseline player's process ended without answering")
    (size,) = struct.unpack("<I", head)
    return pickle.loads(pipe.read(size))


@dataclass
class BaselinePlayer:
    """The player ``spec`` (``ai:planner:competitive``) of the flickboard in ``src``."""

    src: Path
    spec: str
    game: str
    seed: int = 0
    name: str = "baseline"
    _process: subprocess.Popen[bytes] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not (self.src / "flickboard" / "__init__.py").exists():
            raise InvalidInput(f"{self.src} is not a flickboard source folder (no flickboard/)")
        env = {**os.environ, "PYTHONPATH": str(self.src)}
        self._process = subprocess.Popen(
            [sys.executable, "-c", SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        weakref.finalize(self, _stop, self._process)
        assert self._process.stdin is not None and self._process.stdout is not None
        _send(self._process.stdin, (self.spec, self.game, self.seed, self.name))
        if _receive(self._process.stdout) != "ready":
            raise InvalidInput("the baseline player did not start")

    def decide(self, view: View) -> Shot:
        """The baseline's shot from ``view``."""
        assert self._process.stdin is not None and self._process.stdout is not None
        _send(self._process.stdin, view)
        shot = _receive(self._process.stdout)
        return Shot(shot.x, shot.y, shot.angle, shot.speed, shot.spin)

    def close(self) -> None:
        """End the baseline's process."""
        _stop(self._process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        if process.stdin is not None:
            process.stdin.close()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
