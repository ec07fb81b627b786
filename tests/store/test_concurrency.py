"""Writes to one event are serialised: parallel writers (threads, each with its own
connection) against a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Engine

from flickboard.errors import FlickboardError, IllegalInPosition
from flickboard.events.eventfile import parse_event
from flickboard.events.synthetic import game_with
from flickboard.store.desk import Desk

T = TypeVar("T")


def _together(n: int, work: Callable[[int], T]) -> list[T | FlickboardError]:
    """Run ``work(i)`` in ``n`` threads released at the same moment."""
    gate = threading.Barrier(n)
    out: list[T | FlickboardError] = [FlickboardError("not run")] * n

    def run(i: int) -> None:
        gate.wait()
        try:
            out[i] = work(i)
        except FlickboardError as exc:
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def _event(desk: Desk, players: int = 12, games: int = 6) -> None:
    desk.create_event(
        parse_event(
            {
                "name": "Open",
                "category": "adult singles",
                "games": games,
                "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(players)],
            }
        )
    )


def test_parallel_draws_of_one_event_draw_each_round_once(engine: Engine) -> None:
    desk = Desk(engine=engine)
    _event(desk)
    results = _together(6, lambda i: desk.draw_next("Open", seed=i))
    assert not [r for r in results if isinstance(r, FlickboardError)]
    draws = desk.draws("Open")
    assert [d.round_no for d in draws] == [1, 2, 3, 4, 5, 6]
    met: set[frozenset[str]] = set()
    for d in draws:
        seated = [p for g in d.games for p in g]
        assert sorted(seated) == sorted(f"P{i}" for i in range(12)), d
        for g in d.games:
            assert frozenset(g) not in met, f"{g} drawn twice"
            met.add(frozenset(g))


def test_the_same_card_entered_at_once_is_stored_once(engine: Engine) -> None:
    desk = Desk(engine=engine)
    _event(desk)
    a, b = desk.draw_next("Open").games[0]
    game = game_with(6, (1, 0)).rounds
    results = _together(4, lambda i: desk.enter_card("Open", 1, (a, b) if i % 2 else (b, a), game))
    stored = [r for r in results if not isinstance(r, FlickboardError)]
    refused = [r for r in results if isinstance(r, FlickboardError)]
    assert len(stored) == 1
    assert all(isinstance(r, IllegalInPosition) and "entered twice" in str(r) for r in refused)
    assert len(desk.snapshot("Open").cards) == 1


def test_a_read_sees_one_state_while_a_card_commits_in_between(desk: Desk) -> None:
    """A live page reads cards, their rounds and names in several queries; a card that
    commits meanwhile must not show up half (on PostgreSQL a read is REPEATABLE READ)."""
    from sqlalchemy import func, select

    from flickboard.store.models import CardRoundRow, CardRow

    _event(desk)
    d = desk.draw_next("Open")
    a, b = d.games[0]
    with desk._read() as s:
        cards = s.scalar(select(func.count()).select_from(CardRow))
        desk.enter_card("Open", 1, (a, b), game_with(6).rounds)  # another connection
        rounds = s.scalar(select(func.count()).select_from(CardRoundRow))
    assert (cards, rounds) == (0, 0)
    assert desk.count(CardRow) == 1
