"""Review benchmark: validity of the game review and its time per game.

Run: python bench/review.py   (or: flickboard bench review --help) into
     bench/results/review.json
     python bench/review.py --doc   writes the figures of bench/results/review.json into
     docs/review.md (between its figures markers)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from flickboard.bench.review import Settings, report, run

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "review.json"

BEGIN = "<!-- figures:begin -->"
END = "<!-- figures:end -->"


def figures_into(doc: str, result: dict[str, Any]) -> str:
    """``doc`` with the text between its figures markers replaced by the results."""
    if BEGIN not in doc or END not in doc:
        raise ValueError(f"the page has no {BEGIN} ... {END} markers")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    state = "" if result.get("complete") else " (run not complete: the figures so far)"
    body = f"```\n{report(result)}\n```\n\nFrom `bench/results/review.json`{state}.\n"
    return f"{head}{BEGIN}\n{body}{END}{tail}"


if __name__ == "__main__":
    if "--doc" in sys.argv:
        result = json.loads(RESULTS.read_text(encoding="utf-8"))
        doc = ROOT / "docs" / "review.md"
        doc.write_text(figures_into(doc.read_text(encoding="utf-8"), result), encoding="utf-8")
        print(f"figures written into {doc}")
    else:
        result = run(Settings(), progress=print)
        RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        print(report(result))
