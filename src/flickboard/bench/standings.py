"""Standings benchmark: a 400-player preliminary of 10 games each, then round-robin
pools, ranked with every tie-break reason: in memory against a naive full re-sort
baseline, and on the user's path, from the database through the desk."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from flickboard.events.draw import Draw, draw_round, pools, round_robin
from flickboard.events.eventfile import EventFile, card_spec
from flickboard.events.scorecard import Scorecard, validate
from flickboard.events.standings import preliminary_standings, round_robin_standings
from flickboard.events.synthetic import game_with


@dataclass(frozen=True, slots=True)
class Field:
    """A synthetic event: entrants, preliminary cards, byes and the pools' cards."""

    entrants: tuple[str, ...]
    draws: tuple[Draw, ...]
    cards: tuple[Scorecard, ...]
    byes: dict[str, int]
    pools: tuple[tuple[tuple[str, ...], tuple[Scorecard, ...]], ...]


def _card(rng: random.Random, rnd: int, a: str, b: str) -> Scorecard:
    game = game_with(rng.randint(0, 8), (rng.randint(0, 6), rng.randint(0, 6)))
    return validate(Scorecard("adult singles", rnd, (a, b), (a, b), game), b, "XX")


def build_field(
    players: int = 400, games: int = 10, pool_count: int = 8, pool_size: int = 8, seed: int = 1
) -> Field:
    """Draw and play the preliminary, then pool its top finishers (snake seeded)."""
    rng = random.Random(seed)
    entrants = tuple(f"P{i:04d}" for i in range(players))
    played: set[frozenset[str]] = set()
    byes: dict[str, int] = {}
    cards: list[Scorecard] = []
    draws: list[Draw] = []
    for r in range(1, games + 1):
        d = draw_round(entrants, r, played=played, had_bye=set(byes), seed=seed)
        draws.append(d)
        played |= {frozenset(g) for g in d.games}
        if d.bye:
            byes[d.bye] = 1
        cards.extend(_card(rng, r, a, b) for a, b in d.games)
    prelim = preliminary_standings(entrants, cards, byes=byes)
    top = prelim.order[: pool_count * pool_size]
    out = []
    for pool in pools(top, pool_count):
        pool_cards = [_card(rng, d.round_no, a, b) for d in round_robin(pool) for a, b in d.games]
        out.append((pool, tuple(pool_cards)))
    return Field(entrants, tuple(draws), tuple(cards), byes, tuple(out))


def desk_standings(field: Field) -> int:
    """Everything the desk computes: all placings with reasons. Returns a checksum."""
    s = preliminary_standings(field.entrants, field.cards, byes=field.byes)
    total = len(s.placings)
    for pool, cards in field.pools:
        total += len(round_robin_standings(pool, cards).placings)
    return total


def naive_standings(field: Field) -> int:
    """Baseline: per entrant, scan every card and re-add its rounds; then sort by
    (points, 20s) with plain dicts. No head-to-head, no reasons."""

    def rank(entrants: Sequence[str], cards: Sequence[Scorecard], bye: dict[str, int]) -> list[str]:
        table: dict[str, dict[str, int]] = {}
        for e in entrants:
            pts = 8 * bye.get(e, 0)
            tw = 0
            for c in cards:
                if e in c.sides:
                    s = c.sides.index(e)
                    for r in c.game.rounds:
                        pts += r.points[s]
                        tw += r.twenties[s]
            table[e] = {"points": pts, "twenties": tw}
        return sorted(entrants, key=lambda e: (-table[e]["points"], -table[e]["twenties"]))

    total = len(rank(field.entrants, field.cards, field.byes))
    for pool, cards in field.pools:
        total += len(rank(pool, cards, {}))
    return total


def best_of(fn: Callable[[Field], int], field: Field, repeats: int) -> float:
    """Best wall time of ``repeats`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(field)
        best = min(best, time.perf_counter() - t0)
    return best


def event_files(field: Field, games: int) -> list[EventFile]:
    """The preliminary (with its draws) and each pool as event files, as a desk stores
    them."""

    def entrants(ids: Sequence[str]) -> list[dict[str, str]]:
        return [{"id": e, "name": f"Player {e}"} for e in ids]

    prelim = EventFile.model_validate(
        {
            "name": "Bench",
            "category": "adult singles",
            "games": games,
            "entrants": entrants(field.entrants),
            "draws": [
                {"round": d.round_no, "games": list(d.games), "bye": d.bye} for d in field.draws
            ],
            "cards": [card_spec(c) for c in field.cards],
        }
    )
    return [prelim] + [
        EventFile.model_validate(
            {
                "name": f"Bench pool {i}",
                "category": "adult singles",
                "format": "round-robin",
                "games": len(round_robin(pool)),
                "entrants": entrants(pool),
                "cards": [card_spec(c) for c in cards],
            }
        )
        for i, (pool, cards) in enumerate(field.pools, start=1)
    ]


def from_database(field: Field, games: int, repeats: int) -> tuple[float, float]:
    """Store the events in a fresh SQLite database, then time ``Desk.standings`` of the
    preliminary and every pool (best of ``repeats``). Returns (setup, standings) seconds."""
    from flickboard.store.desk import Desk

    with tempfile.TemporaryDirectory() as folder:
        desk = Desk(f"sqlite:///{Path(folder) / 'bench.sqlite'}")
        t0 = time.perf_counter()
        files = event_files(field, games)
        for spec in files:
            desk.create_event(spec)
        setup = time.perf_counter() - t0
        best = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            for spec in files:
                desk.standings(spec.name)
            best = min(best, time.perf_counter() - t0)
        desk.engine.dispose()
    return setup, best


def run(repeats: int = 5, players: int = 400, games: int = 10) -> dict[str, float]:
    """Time the ranking in memory, the baseline, and the desk from the database, on the
    same field."""
    field = build_field(players, games)
    ours = best_of(desk_standings, field, repeats)
    naive = best_of(naive_standings, field, max(1, repeats // 2))
    setup, stored = from_database(field, games, repeats)
    return {
        "players": float(players),
        "games_each": float(games),
        "cards": float(len(field.cards) + sum(len(c) for _, c in field.pools)),
        "desk_seconds": ours,
        "naive_seconds": naive,
        "speedup": naive / ours,
        "database_seconds": stored,
        "database_setup_seconds": setup,
    }


def report(result: dict[str, float]) -> str:
    """A human summary of :func:`run`."""

    def budget(seconds: float) -> str:
        return "under" if seconds < 1.0 else "OVER"

    return (
        f"standings: {int(result['players'])} players x {int(result['games_each'])} games "
        f"+ pools ({int(result['cards'])} cards)\n"
        f"  from the database (Desk.standings of the preliminary and every pool, as "
        f"`flickboard event standings` runs it): {1000 * result['database_seconds']:.1f} ms "
        f"({budget(result['database_seconds'])} the 1 s budget; storing the events took "
        f"{result['database_setup_seconds']:.1f} s, not timed)\n"
        f"  in memory (all placings with reasons): {1000 * result['desk_seconds']:.1f} ms "
        f"({budget(result['desk_seconds'])} the 1 s budget)\n"
        f"  naive baseline (per-player scan + dict sort): {1000 * result['naive_seconds']:.1f} ms\n"
        f"  ratio baseline/in memory: {result['speedup']:.1f}x"
    )
