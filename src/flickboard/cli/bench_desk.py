"""``flickboard bench desk``: phones entering and confirming cards at once, on loopback."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer

from flickboard.cli.groups import subgroup


def bench_desk(
    clients: Annotated[int, typer.Option(min=1, max=500, help="Phones at once.")] = 50,
    cards: Annotated[int, typer.Option(min=5, max=5000, help="Cards entered and confirmed.")] = 400,
    postgres: Annotated[
        str | None,
        typer.Option(
            help="Also run on this PostgreSQL database (a schema of its own, dropped after); "
            "default $FLICKBOARD_TEST_POSTGRES_URL if set."
        ),
    ] = None,
    workers: Annotated[int, typer.Option(min=1, max=8, help="Server workers on PostgreSQL.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
) -> None:
    """Desk load: N clients join by code, enter and confirm cards on SQLite and PostgreSQL;
    request latency, the live standings page's update delay, nothing lost or twice."""
    from flickboard.bench.desk import report, run
    from flickboard.cli.terminal import fail

    url = postgres or os.environ.get("FLICKBOARD_TEST_POSTGRES_URL")
    results = [run(None, clients, cards)]
    if url:
        results.append(run(url, clients, cards, workers))
    typer.echo(json.dumps(results, indent=2) if as_json else report(results))
    if not url:
        typer.echo("(PostgreSQL not run: give --postgres URL)")
    bad = [r for r in results if r["lost"] or r["duplicated"] or r["error_count"]]
    if bad:
        fail(f"{bad[0]['database']}: cards lost or entered twice, or requests refused")


def register(app: typer.Typer) -> None:
    """Add ``bench desk`` to the command line."""
    subgroup(app, "bench").command("desk")(bench_desk)
