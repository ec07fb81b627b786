"""AI evaluation harness: calibration rates, takeouts, paired games, decision times.

Run: python bench/ai.py [crokinole|shuffleboard]   (or: flickboard bench ai --help)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from flickboard.bench.ai import Settings, plot, report, run

if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "crokinole"
    result = run(Settings(game=game))
    Path("ai-bench.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    plot(result, Path("ai-bench.png"))
    print(report(result))
