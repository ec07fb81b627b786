"""``flickboard bench physics``: shots per second against pymunk, in one run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def bench_physics(
    shots: Annotated[int, typer.Option(min=10, help="Distinct 30-disc shots timed.")] = 300,
    baseline_shots: Annotated[
        int, typer.Option(min=3, help="Shots stepped in pymunk per scene at 240 Hz.")
    ] = 12,
) -> None:
    """Median time per shot: exact engine v pymunk at 240 Hz and 1 kHz (same scenes)."""
    from flickboard.bench.physics import BASELINE_SECONDS, missing_baseline, ratios, run_benchmark
    from flickboard.cli.terminal import fail

    problem = missing_baseline()
    if problem:
        fail(problem)

    console = Console(highlight=False)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:

        def progress(label: str, total: int) -> Callable[[], None]:
            task = bar.add_task(label, total=total)
            return lambda: bar.advance(task)

        timings, facts = run_benchmark(shots, baseline_shots, progress)
    table = Table(title="Physics: median seconds per shot (one core)")
    table.add_column("engine")
    table.add_column("scene")
    table.add_column("ms / shot", justify="right")
    table.add_column("shots / s", justify="right")
    table.add_column("x slower than flickboard", justify="right")
    ratio = ratios(timings)
    for t in timings:
        times = ratio.get((t.name, t.scene))
        table.add_row(
            t.name,
            t.scene,
            f"{t.median * 1e3:.4f}",
            f"{t.per_second:,.0f}",
            "-" if times is None else f"{times:,.1f}",
        )
    console.print(table)
    console.print(
        f"30-disc scene: {facts['scene_events']:.1f} events, {facts['scene_duration']:.2f} s "
        f"until all rest, {facts['scene_motion']:.2f} disc-seconds of motion per shot (mean); "
        f"opening shot {facts['opening_duration']:.2f} s. Plain pymunk rows step "
        f"{BASELINE_SECONDS:.0f} s of simulated time per shot; 'to rest' rows stop once "
        "every disc rests, as flickboard does (the fairer ratio)."
    )


def register(app: typer.Typer) -> None:
    """Add ``bench physics`` to the command line."""
    for group in app.registered_groups:
        if group.name == "bench" and group.typer_instance is not None:
            group.typer_instance.command("physics")(bench_physics)
