"""Standings for a 400-player preliminary of 10 games plus pools (must be under 1 s).

Run: python bench/standings.py   (or: flickboard bench standings)
"""

from __future__ import annotations

from flickboard.bench.standings import report, run

if __name__ == "__main__":
    print(report(run()))
