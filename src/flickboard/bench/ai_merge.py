"""Adding AI bench runs together: ``python -m flickboard.bench.ai_merge OUT.json RUN.json...``.

Long runs are played as several ``flickboard bench ai`` runs with different seeds (each
writes its own file, so a stopped run loses only the one in progress); this adds their
paired games (and their games by level) together, match by match, and writes one result
with the intervals over all the games. Other sections are kept from the run that has
them (the first one).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from flickboard.bench.ai import report
from flickboard.evaluation.harness import PairStats


def merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One result from several runs of the same game."""
    if not results or len({r["game"] for r in results}) != 1:
        raise ValueError("merge runs of one game")
    out: dict[str, Any] = {"game": results[0]["game"], "runs": [r["settings"] for r in results]}
    for section in ("matches", "levels"):
        totals: dict[str, PairStats] = {}
        for r in results:
            for label, summary in r.get(section, {}).items():
                totals.setdefault(label, PairStats()).add(PairStats.from_summary(summary))
        if totals:
            out[section] = {label: stats.summary() for label, stats in totals.items()}
    for r in results:
        for key, value in r.items():
            skip = key in out or key in ("settings", "matches", "levels")
            if not skip and (key != "calibration_rate" or value.get("levels")):
                out[key] = value
    out.setdefault("calibration_rate", {"shots": 0, "levels": {}})
    out.setdefault("matches", {})
    out.setdefault("decision_time", {})
    return out


def main(argv: list[str] | None = None) -> None:
    """Merge the runs named on the command line into the first path given."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        raise SystemExit("usage: python -m flickboard.bench.ai_merge OUT.json RUN.json...")
    runs = [json.loads(Path(p).read_text(encoding="utf-8")) for p in args[1:]]
    merged = merge(runs)
    Path(args[0]).write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    print(report(merged))


if __name__ == "__main__":
    main()
