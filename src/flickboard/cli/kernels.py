"""Compile (or load) the physics kernels before the first shot, and say so.

numba compiles the engine on its first use: about a minute of CPU, minutes on a busy
machine, then it is cached in the user cache folder and loads in a second or two.
Every command that simulates warms the kernels first, once per run, with its progress
(a bar on a terminal, a line naming the part and the share done otherwise), so that no
first shot seems to hang.
"""

from __future__ import annotations

import hashlib
import os
import threading

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from flickboard.cli.terminal import console_for_cli

_ready = False


def kernels_cached() -> bool:
    """Whether the physics kernels compiled from this installation's sources are in the
    cache (numba keeps them in a folder named after the source folder and a hash of its
    path, under :func:`flickboard.physics.jit.cache_dir`)."""
    from flickboard.physics.jit import SOURCES, cache_dir

    folder = os.path.abspath(SOURCES)
    name = f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"
    return any((cache_dir() / name).glob("*.nbi"))


HEARTBEAT = 8.0
"""Seconds between progress lines when output is not a terminal (at most 10)."""


def _what() -> str:
    return (
        "Loading the physics kernels"
        if kernels_cached()
        else "Compiling the physics kernels (once: about a minute, cached afterwards)"
    )


def _report(out: Console, what: str) -> None:
    """Wait for :data:`WARMUP` to end, printing a line every :data:`HEARTBEAT` seconds
    (which part, for how long); then say the kernels are ready, or raise why not."""
    from flickboard.physics.warm import WARMUP

    while not WARMUP.wait(HEARTBEAT):
        done = WARMUP.progress()
        out.print(f"{what}: {WARMUP.part}, {done:.0%} ({WARMUP.elapsed():.0f} s)...")
    if WARMUP.error is not None:
        raise WARMUP.error
    out.print(f"Physics kernels ready ({WARMUP.seconds:.0f} s).")


def warm_kernels(console: Console | None = None) -> None:
    """Compile the physics kernels now (once per run), showing progress on ``console``
    (default stdout): a bar naming each part on a terminal; otherwise a line before, a
    line at least every 10 s naming the part and the share done, and a line after."""
    global _ready
    if _ready:
        return
    from flickboard.physics.warm import WARMUP

    out = console or console_for_cli()
    what = _what()
    WARMUP.start()
    if out.is_terminal:
        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=out, transient=True) as progress:
            task = progress.add_task(what, total=1.0)
            while not WARMUP.wait(0.1):
                progress.update(
                    task, description=f"{what}: {WARMUP.part}", completed=WARMUP.progress()
                )
    else:
        out.print(f"{what}...")
    _report(out, what)
    _ready = True


def report_warming(console: Console | None = None) -> None:
    """Report on the physics kernels warming in the background (started by the server
    once it listens: it answers at once, its table pages say they are warming up
    meanwhile): progress lines on ``console`` (default stdout) as :func:`warm_kernels`
    prints when not on a terminal."""
    from flickboard.physics.warm import WARMUP

    out = console or console_for_cli()
    what = _what()

    def report() -> None:
        WARMUP.wait_start()
        out.print(f"{what} in the background (the table's pages say so meanwhile)...")
        try:
            _report(out, what)
        except Exception as exc:  # the server goes on; a shot will say what is wrong
            out.print(f"The physics kernels failed to compile: {exc}")

    threading.Thread(target=report, name="flickboard-warmup-report", daemon=True).start()
