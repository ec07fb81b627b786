"""``flickboard bench physics``: CPU time per shot against pymunk, and the batch physics
against the bare kernel, in one run."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from flickboard.cli.groups import subgroup


def bench_physics(
    shots: Annotated[
        int, typer.Option(min=10, help="Distinct 30-disc shots (facts; simulate, batch v kernel).")
    ] = 300,
    baseline_shots: Annotated[
        int, typer.Option(min=3, help="30-disc shots timed on both engines.")
    ] = 12,
    rounds: Annotated[int, typer.Option(min=1, help="Passes timed per row (best kept).")] = 5,
    output: Annotated[Path, typer.Option(help="Results JSON.")] = Path("physics-bench.json"),
) -> None:
    """CPU time per shot: exact engine v pymunk at 240 Hz and 1 kHz, to rest, same work;
    the batch physics v the bare kernel on the same shots."""
    from flickboard.bench.physics import (
        batch_timings,
        missing_baseline,
        ratios,
        report,
        run_benchmark,
    )
    from flickboard.cli.terminal import check_writable, fail

    problem = missing_baseline()
    if problem:
        fail(problem)
    check_writable(output)

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

        timings, facts = run_benchmark(shots, baseline_shots, progress, rounds)
        done = progress("simulate_batch v the bare kernel", 1)
        batch = batch_timings(shots, rounds)
        done()
    table = Table(title="Physics: CPU time of the thread per shot (one core), to rest")
    table.add_column("engine")
    table.add_column("scene")
    table.add_column("ms / shot", justify="right")
    table.add_column("shots / s", justify="right")
    table.add_column("x flickboard's time", justify="right")
    ratio = ratios(timings)
    for t in timings:
        times = ratio.get((t.name, t.scene))
        table.add_row(
            t.name,
            t.scene,
            f"{t.seconds * 1e3:.4f}",
            f"{t.per_second:,.0f}",
            "-" if times is None else f"{times:,.1f}",
        )
    console.print(table)
    console.print(
        f"simulate over the bare kernel: 30-disc scene {facts['scene_simulate_over_kernel']:.2f}x "
        f"({facts['scene_simulate_seconds'] * 1e6:.1f} v {facts['scene_kernel_seconds'] * 1e6:.1f}"
        f" µs), opening shot {facts['opening_simulate_over_kernel']:.2f}x "
        f"({facts['opening_simulate_seconds'] * 1e6:.1f} v "
        f"{facts['opening_kernel_seconds'] * 1e6:.1f} µs)."
    )
    console.print(
        f"30-disc scene: {facts['scene_events']:.1f} events, {facts['scene_duration']:.2f} s "
        f"until all rest, {facts['scene_motion']:.2f} disc-seconds of motion per shot (mean); "
        f"opening shot {facts['opening_duration']:.2f} s. pymunk steps until every disc "
        "rests; discs that drop into the 20 hole or leave the board are removed on both sides."
    )
    shares = Table(
        title="Batch physics: simulate_batch v the bare kernel, same shots, CPU time of the thread"
    )
    for name in ("scene", "shots a call", "kernel shots / s", "simulate_batch shots / s"):
        shares.add_column(name, justify="left" if name == "scene" else "right")
    shares.add_column("share of the kernel's rate", justify="right")
    for b in batch:
        calls = f"{b.per_call}" + (" (AI's path)" if b.log else "")
        shares.add_row(
            b.scene,
            calls,
            f"{1 / b.kernel_seconds:,.0f}",
            f"{1 / b.batch_seconds:,.0f}",
            f"{b.share:.2f}",
        )
    console.print(shares)
    output.write_text(json.dumps(report(timings, facts, batch), indent=2) + "\n", encoding="utf-8")
    console.print(f"results: {output}")


def register(app: typer.Typer) -> None:
    """Add ``bench physics`` to the command line."""
    subgroup(app, "bench").command("physics")(bench_physics)
