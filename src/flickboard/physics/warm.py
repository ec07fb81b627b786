"""Compile the physics kernels before they are needed, with progress to show.

numba compiles the engine on first use (about a minute of CPU, then cached in the user
cache folder): a server or a terminal game warms them first and says so, so that no
first shot seems to hang. :data:`WARMUP` warms them once per process in a background
thread, so that a server answers at once and its pages can say they are warming up while
a terminal command reports progress (:meth:`Warmup.progress`, from the compile's own
progress: which compiled functions are done).
"""

from __future__ import annotations

import inspect
import math
import sys
import threading
import time
from collections.abc import Callable, Iterator

from numba.core.dispatcher import Dispatcher

from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics.layout import Layout, PlacedDisc
from flickboard.physics.params import PhysicsParams
from flickboard.physics.shot import Shot

Step = Callable[[str], None]
"""Told the name of each part before it is compiled."""


def warm(step: Step | None = None) -> int:
    """Run one small shot through every compiled path (single shots, batches, sampled
    trajectories, on a board and a table); the number of parts warmed."""
    from flickboard.physics.batch import simulate_batch
    from flickboard.physics.engine import simulate
    from flickboard.physics.trajectory import sample_trajectory

    board = Layout(CrokinoleBoard.standard(), (PlacedDisc(1, 0.0, 0.1),))
    table = Layout(ShuffleboardTable.csc(), ())
    shot = Shot(0.0, -0.3048, math.pi / 2, 1.2)
    parts: list[tuple[str, Callable[[], object]]] = [
        ("the shot engine", lambda: simulate(board, shot, shooter=0)),
        ("the batch engine", lambda: simulate_batch(board, [shot, shot], shooter=0)),
        ("trajectories", lambda: sample_trajectory(board, shot, 60.0, shooter=0, turns=True)),
        (
            "the table",
            lambda: simulate(
                table,
                Shot(0.0, 0.35, math.pi / 2, 1.5),
                shooter=0,
                params=PhysicsParams.shuffleboard(),
            ),
        ),
    ]
    for name, run in parts:
        if step is not None:
            step(name)
        run()
    return len(parts)


def _dispatchers() -> Iterator[Dispatcher]:
    """Every compiled function of the physics modules loaded now, once each."""
    seen: set[int] = set()
    for name, module in list(sys.modules.items()):
        if name.startswith(__package__ + ".") and module is not None:
            for value in list(vars(module).values()):
                if isinstance(value, Dispatcher) and id(value) not in seen:
                    seen.add(id(value))
                    yield value


def _callees(function: Dispatcher) -> list[Dispatcher]:
    """The compiled functions ``function`` calls by name."""
    names, found = function.py_func.__code__.co_names, function.py_func.__globals__
    return [found[n] for n in names if isinstance(found.get(n), Dispatcher)]


def compile_weights() -> dict[int, float]:
    """Each compiled physics function's share of a cold compile, by ``id``: the lines of
    its source and of everything it calls (numba compiles a function with its callees
    linked in, so the one that calls everything takes longest). Weights, not seconds."""
    functions = list(_dispatchers())
    lines = {id(f): len(inspect.getsource(f.py_func).splitlines()) for f in functions}
    weights: dict[int, float] = {}
    for function in functions:
        reached: dict[int, Dispatcher] = {}
        todo = [function]
        while todo:
            for callee in _callees(todo.pop()):
                if id(callee) not in reached:
                    reached[id(callee)] = callee
                    todo.append(callee)
        weights[id(function)] = lines[id(function)] + sum(lines.get(i, 0) for i in reached)
    return weights


class Warmup:
    """The warming of the kernels in this process, in a background thread: not started,
    under way (which part, since when), done, or failed (the error). ``work`` warms,
    telling each part's name (default :func:`warm`)."""

    def __init__(self, work: Callable[[Step], object] | None = None) -> None:
        self._work = work
        self._lock = threading.Lock()
        self._started = threading.Event()
        self._done = threading.Event()
        self.started: float | None = None
        """``time.monotonic()`` when warming started; None before."""
        self.part = ""
        """The part being compiled (or loaded) now."""
        self.seconds = 0.0
        """How long warming took, once done."""
        self.error: BaseException | None = None
        """Why warming failed, if it did."""
        self._weights: dict[int, float] = {}
        self._done_weight = 0.0
        self._last_done = 0.0  # seconds into warming when the last function compiled
        self._shown = 0.0  # progress never goes back

    @property
    def warming(self) -> bool:
        """Whether warming has started and is not over: a shot now would wait for it."""
        return self.started is not None and not self._done.is_set()

    @property
    def done(self) -> bool:
        """Whether warming is over (or failed)."""
        return self._done.is_set()

    def elapsed(self) -> float:
        """Seconds since warming started (0 before)."""
        return 0.0 if self.started is None else time.monotonic() - self.started

    def progress(self) -> float:
        """How far warming is, 0 to 1: the share of the physics functions' weights
        (:func:`compile_weights`) compiled so far, carried on at the pace seen so far
        while the next one compiles (never back, never past 0.99 before the end)."""
        if self.done:
            return 1.0
        if self.started is None:
            return 0.0
        functions = list(_dispatchers())
        if len(functions) != len(self._weights):  # more modules loaded since
            self._weights = compile_weights()
        compiled = {id(f) for f in functions if f.overloads}
        total = sum(self._weights.values())
        done = sum(w for i, w in self._weights.items() if i in compiled)
        now = self.elapsed()
        if done > self._done_weight:
            self._done_weight, self._last_done = done, now
        if self._done_weight == 0.0:
            return 0.0
        pace = self._done_weight / max(self._last_done, 1e-3)
        ahead = min(pace * (now - self._last_done), 0.95 * (total - self._done_weight))
        self._shown = max(self._shown, min(0.99, (self._done_weight + ahead) / total))
        return self._shown

    def start(self) -> None:
        """Start warming in a daemon thread, unless it has started already."""
        with self._lock:
            if self.started is not None:
                return
            self.started = time.monotonic()
        self._started.set()
        threading.Thread(target=self._run, name="flickboard-warmup", daemon=True).start()

    def _run(self) -> None:
        def step(name: str) -> None:
            self.part = name

        try:
            (self._work or warm)(step)
        except BaseException as exc:  # kept for whoever waits, then the thread ends
            self.error = exc
        self.seconds = self.elapsed()
        self._done.set()

    def wait_start(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for warming to start; whether it has."""
        return self._started.wait(timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for warming to end; whether it has."""
        return self._done.wait(timeout)


WARMUP = Warmup()
"""The kernels' warming in this process (started by ``flickboard serve`` and by every
command that simulates)."""
