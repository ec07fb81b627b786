"""Review benchmark: validity of the game review and its time per game.

Run: python bench/review.py   (or: flickboard bench review --help)
     python bench/review.py --doc   writes the figures of bench/results/review.json into
     docs/review.md (between its figures markers)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from flickboard.bench.review import Settings, figures_into, report, run

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "review.json"

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
