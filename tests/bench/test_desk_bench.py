"""The desk benchmark, small: concurrent phones on a real server (loopback, SQLite and
PostgreSQL with two workers) store every card once, validated, and the live page hears
of each. Speed is reported by ``flickboard bench desk``, not asserted here."""

from __future__ import annotations

import pytest

from flickboard.bench.desk import report, run


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_concurrent_phones_lose_no_card_and_enter_none_twice(
    database: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("postgres_url") if database == "postgresql" else None
    r = run(url, clients=8, cards=24)
    assert r["errors"] == []
    assert (r["stored"], r["validated"], r["lost"], r["duplicated"]) == (24, 24, 0, 0)
    assert r["error_count"] == 0 and r["unexpected"] == 0
    assert r["standings_points"] == 8 * 24 and not r["provisional"]
    assert r["missed_updates"] == 0  # the live page reached every card's revision
    assert r["workers"] == (2 if database == "postgresql" else 1)
    assert "lost 0, duplicated 0" in report([r])
