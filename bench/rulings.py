"""Rulings benchmark: the compiled referee core against the Python referee.

Run: python bench/rulings.py [shots] [output]   (or: flickboard bench rulings --help)
     python bench/rulings.py --docs   (docs/rules.md's table from bench/results/rulings.json)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from flickboard.bench.rulings import main, write_docs

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    if sys.argv[1:] == ["--docs"]:
        result = json.loads((ROOT / "bench/results/rulings.json").read_text(encoding="utf-8"))
        write_docs(result, ROOT / "docs/rules.md")
    else:
        main()
