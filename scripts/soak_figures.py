"""Write the soak's figures into docs/web.md from bench/results/web-soak.json (the block
between the ``soak figures`` markers), as ``soak_report`` words them: no figure typed by
hand. Run after ``flickboard bench web --soak --output bench/results/web-soak.json``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flickboard.bench.web import soak_report

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- soak figures: begin -->", "<!-- soak figures: end -->"


def main() -> None:
    results = json.loads((ROOT / "bench/results/web-soak.json").read_text(encoding="utf-8"))
    doc = ROOT / "docs/web.md"
    lines = soak_report(results)
    curve = ", ".join(f"{r['games']}: {r['rss_mb']:.0f}" for r in results["rss_mb"])
    block = "\n".join([BEGIN, "```text", *lines, f"  RSS (MB) after N games: {curve}", "```", END])
    text = doc.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    doc.write_text(pattern.sub(lambda _: block, text), encoding="utf-8")


if __name__ == "__main__":
    main()
