"""Desk load: 50 phones enter and confirm 400 cards on SQLite and PostgreSQL, on loopback.

Run: python bench/desk.py [POSTGRES_URL]   (or: flickboard bench desk --postgres URL)
"""

from __future__ import annotations

import os
import sys

from flickboard.bench.desk import report, run

if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("FLICKBOARD_TEST_POSTGRES_URL")
    results = [run()]
    if url:
        results.append(run(url))
    print(report(results))
