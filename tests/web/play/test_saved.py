"""The table's games in the database (:mod:`flickboard.web.play.saved`), on SQLite and
PostgreSQL."""

from __future__ import annotations

import threading
import time

from flickboard.web.play.saved import SavedGames, SavedShot, Shown


def shot(number: int) -> SavedShot:
    """A shot as saved (its record is kept as given)."""
    return SavedShot(number, 0, {"shot": number}, {"by": "Ann"})


def test_a_change_that_waited_for_the_games_row_reads_the_shot_saved_meanwhile(
    empty_url: str,
) -> None:
    saved = SavedGames(empty_url)
    saved.create("game-0001", "crokinole", {}, [], shown=Shown("{}", None))
    lacking: list[tuple[int, int, list[int]]] = []

    def second() -> None:  # a copy holding no shot changes the game too
        with saved.changing("game-0001", (0, 0)) as writing:
            assert writing.lacking is not None
            head, shots, _ = writing.lacking
            lacking.append((head.version, head.shots, [s.number for s in shots]))

    with saved.changing("game-0001", (0, 0)) as first:
        waiting = threading.Thread(target=second)
        waiting.start()
        time.sleep(0.5)  # it waits for the row
        assert not lacking
        first.change(add=shot(1), event=("shot", "{}"), shown=Shown("{}", None))
    waiting.join()
    assert lacking == [(1, 1, [1])]  # the shot saved while it waited: not stale
    head = saved.head("game-0001")
    assert head is not None and (head.version, head.shots, head.events) == (1, 1, 1)
    assert [e.number for e in saved.events_after("game-0001", 0)] == [1]
