"""The desk benchmark, small: concurrent phones on a real server (loopback, SQLite and
PostgreSQL with two workers) store every card once, validated, and the live page hears
of each. Speed is reported by ``flickboard bench desk``, not asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from flickboard.bench.desk import prepare, report, run


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


def test_the_fewest_cards_the_command_takes_still_draw_every_round(tmp_path: Path) -> None:
    _, games = prepare(f"sqlite:///{tmp_path / 'desk.sqlite'}", 5)  # 5 rounds are drawn
    assert len(games) == len({frozenset(g.sides) for g in games}) == 5
