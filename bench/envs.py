"""Environment benchmark: env steps per second against bare simulate, vector form, Ray self-play.

Run: python bench/envs.py   (or: flickboard bench envs --help)
"""

from __future__ import annotations

import json
from pathlib import Path

from flickboard.bench.envs import Settings, report, run

if __name__ == "__main__":
    result = run(Settings(), progress=print)
    Path("envs-bench.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(report(result))
