"""The table's benchmark on several workers, small: paced games with live pages and a
game against the AI on a real server on PostgreSQL, every request on a new connection,
then a fresh start. Its counts are checked (nothing stale, lost, repeated or refused);
speed is reported by ``flickboard bench web --workers``, not asserted here."""

from __future__ import annotations

from flickboard.bench.table_workers import report, run


def test_paced_games_on_workers_read_current_and_every_page_hears_every_shot_in_order(
    postgres_url: str,
) -> None:
    r = run(postgres_url, workers=1, games=3, seconds=5.0, ai_games=1)
    paced = r["paced"]
    assert paced["post"]["count"] >= 9 and paced["statuses"] == {"200": paced["post"]["count"]}
    assert paced["stale_reads"] == 0 and paced["conflicts_409"] == 0
    assert paced["events_in_order"] and paced["events_missed"] == paced["events_twice"] == 0
    assert paced["event_delay"]["count"] == paced["post"]["count"]  # every shot, every page
    assert paced["thinking_events"] == paced["ai_shots_seen"] >= 1
    assert paced["problem_events"] == 0
    assert paced["read_back"] == {"answered_not_stored": 0, "stored_not_answered_or_twice": 0}
    assert r["flat_out"]["errors_5xx"] == 0 and r["flat_out"]["stale_reads"] == 0
    assert r["fresh_start"]["statuses"] == {"200": 32}
    assert "stale reads 0 of" in "\n".join(report({"runs": [r]}))
