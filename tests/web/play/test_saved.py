"""The table's games in the database (:mod:`flickboard.web.play.saved`), on SQLite and
PostgreSQL."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from flickboard.play.snapshot import code, snapshot
from flickboard.web.play.live import SNAPSHOT_EVERY
from flickboard.web.play.saved import SavedGames, SavedShot, Shown

from .helpers import client, new_game, shoot, state


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


def long_game(api: TestClient, shots: int) -> dict[str, Any]:
    """A hotseat game made and played through the API for ``shots`` shots."""
    game = new_game(api)
    for k in range(shots):
        now = state(api, game["id"])
        seat = now["turn"]["seat"]
        low, high = now["turn"]["starts"][str(seat)]["allowed"][0]
        answer = shoot(
            api,
            game,
            seat,
            u=(low + high) / 2,
            angle=0.03 * (k % 3 - 1),
            speed=0.9 + 0.05 * (k % 3),
        )
        assert answer.status_code == 200, answer.text
    return game


def seen(api: TestClient, game_id: str) -> tuple[Any, ...]:
    """What the API shows of a game: its state, its shots in a line, one shot's
    trajectory and the match record."""
    path = f"/api/play/games/{game_id}"
    return (
        state(api, game_id),
        api.get(f"{path}/shots").json(),
        api.get(f"{path}/shots/5").json(),
        api.get(f"{path}/record.json").json(),
    )


def sql(url: str, statement: str, **values: Any) -> Any:
    """Run SQL on the database (as another program would): the rows of a ``SELECT``."""
    with SavedGames(url).engine.begin() as db:
        done = db.execute(text(statement), values)
        return done.all() if statement.startswith("SELECT") else None


def test_a_game_is_read_back_from_its_snapshot_and_the_shots_after_it(empty_url: str) -> None:
    api = client(empty_url)
    game = long_game(api, SNAPSHOT_EVERY + 3)
    before = seen(api, game["id"])
    kept = sql(empty_url, "SELECT snapshot_shots, snapshot_code FROM play_games")
    assert kept == [(SNAPSHOT_EVERY, code())]
    # the shots the snapshot holds are not read back: without them the game is the same
    sql(empty_url, "DELETE FROM play_shots WHERE number <= :n", n=SNAPSHOT_EVERY)
    fresh = client(empty_url)  # a new server process holding no game
    assert seen(fresh, game["id"]) == before
    now = state(fresh, game["id"])
    seat = now["turn"]["seat"]
    assert shoot(fresh, game, seat, u=0.5, speed=1.1).status_code == 200  # it plays on
    assert state(api, game["id"]) == state(fresh, game["id"])


def test_a_snapshot_by_other_code_is_passed_over_and_the_shots_replayed(empty_url: str) -> None:
    api = client(empty_url)
    game = long_game(api, SNAPSHOT_EVERY + 1)
    before = seen(api, game["id"])
    sql(empty_url, "UPDATE play_games SET snapshot_code = :other", other="0" * 64)
    assert seen(client(empty_url), game["id"]) == before
    sql(
        empty_url,
        "UPDATE play_games SET snapshot_code = :code, snapshot = :bad",
        code=code(),
        bad=b"not one",
    )
    assert seen(client(empty_url), game["id"]) == before


def test_a_take_back_of_a_shot_the_snapshot_holds_drops_it(empty_url: str) -> None:
    api = client(empty_url)
    game = long_game(api, SNAPSHOT_EVERY)
    seat = api.get(f"/api/play/games/{game['id']}/shots").json()[-1]["seat"]
    undone = api.post(
        f"/api/play/games/{game['id']}/undo",
        json={"seat": seat},
        headers={"X-Seat-Token": game["tokens"][str(seat)]},
    )
    assert undone.status_code == 200, undone.text
    assert sql(empty_url, "SELECT snapshot, snapshot_shots FROM play_games") == [(None, None)]
    before = seen(api, game["id"])
    assert before[0]["shots"] == SNAPSHOT_EVERY - 1
    assert seen(client(empty_url), game["id"]) == before


def test_a_game_on_a_wall_clock_has_no_snapshot(empty_url: str) -> None:
    api = client(empty_url)
    game = new_game(api, time_minutes=5)
    assert shoot(api, game, 0).status_code == 200
    live = api.app.state.play_tables.get(game["id"])  # type: ignore[attr-defined]
    assert snapshot((live.match, [])) is None  # its clock cannot be saved so: replayed
