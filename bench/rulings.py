"""Rulings benchmark: the compiled referee core against the Python referee.

Run: python bench/rulings.py [shots] [output]   (or: flickboard bench rulings --help)
     python bench/rulings.py --docs   (docs/rules.md's table from bench/results/rulings.json)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from flickboard.bench.rulings import Settings, report, run

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "rulings.json"

DOC_BEGIN = "<!-- rulings bench: begin (written by python bench/rulings.py --docs) -->"
DOC_END = "<!-- rulings bench: end -->"


def markdown(result: dict[str, Any]) -> str:
    """The docs' table of a run (docs/rules.md, "Rulings in bulk"), from its JSON."""
    lines = [
        "| game | rule set | shots ruled by the core | of them by both referees | "
        "disagreements | core, us a shot | Python referee, us a shot | ratio |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for game, data in result["games"].items():
        for r in data["rule_sets"]:
            lines.append(
                f"| {game} | {r['label']} | {r['shots']:,} | {r['compared']:,} | "
                f"{r['disagreements']} | {r['compiled_per_shot_us']:.2f} | "
                f"{r['python_per_shot_us']:.0f} | {r['speed_ratio']:.0f}x |"
            )
    return "\n".join(lines)


def write_docs(result: dict[str, Any], page: Path) -> None:
    """Put the table of a run between the markers of ``page``."""
    text = page.read_text(encoding="utf-8")
    head, rest = text.split(DOC_BEGIN, 1)
    _, tail = rest.split(DOC_END, 1)
    page.write_text(f"{head}{DOC_BEGIN}\n{markdown(result)}\n{DOC_END}{tail}", encoding="utf-8")


def main(args: list[str]) -> None:
    """``[shots] [output]``: a run into bench/results/rulings.json (or ``output``)."""
    shots = int(args[0]) if args else Settings.shots
    output = Path(args[1]) if len(args) > 1 else RESULTS
    result = run(Settings(shots=shots), progress=print)
    output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(report(result))


if __name__ == "__main__":
    if sys.argv[1:] == ["--docs"]:
        write_docs(json.loads(RESULTS.read_text(encoding="utf-8")), ROOT / "docs" / "rules.md")
    else:
        main(sys.argv[1:])
