"""Compile (or load) the physics kernels before the first shot, and say so.

numba compiles the engine on its first use: about 40 s of CPU, minutes on a busy
machine, then it is cached in the user cache folder and loads in a second or two.
Every command that simulates warms the kernels first, once per run, with a progress
line naming each part, so that no first shot seems to hang.
"""

from __future__ import annotations

import hashlib
import os
import time

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

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


def warm_kernels(console: Console | None = None) -> None:
    """Compile the physics kernels now (once per run), showing progress on ``console``
    (default stdout): a spinner and each part on a terminal, a line before and after
    otherwise."""
    global _ready
    if _ready:
        return
    from flickboard.physics.warm import warm

    out = console or console_for_cli()
    what = (
        "Loading the physics kernels"
        if kernels_cached()
        else "Compiling the physics kernels (once: about a minute, cached afterwards)"
    )
    started = time.monotonic()
    if out.is_terminal:
        columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=out, transient=True) as progress:
            task = progress.add_task(what, total=4)

            def step(name: str) -> None:
                progress.update(task, description=f"{what}: {name}")
                progress.advance(task)

            warm(step)
    else:
        out.print(f"{what}...")
        warm()
    _ready = True
    out.print(f"Physics kernels ready ({time.monotonic() - started:.0f} s).")
