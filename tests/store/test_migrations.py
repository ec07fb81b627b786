"""Alembic: upgrade head from an empty database creates exactly the model schema, and
from a database at every earlier revision it carries the data over."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import Connection, Engine, inspect, select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition
from flickboard.events.eventfile import parse_event
from flickboard.play.scoring import RaceScore, RoundScore
from flickboard.store.club import ClubDesk
from flickboard.store.csc import CscDesk
from flickboard.store.db import MIGRATIONS, DatabaseTooNew, engine_for, make_engine, upgrade
from flickboard.store.desk import Desk
from flickboard.store.models import ROUND_CHECKS, Base, CardRoundRow, DrawRoundRow


@pytest.fixture
def engine(empty_url: str) -> Iterator[Engine]:
    """An empty database upgraded to head by the migrations here (not the storage tests'
    copy of one)."""
    eng = engine_for(empty_url)
    yield eng
    eng.dispose()


def test_upgrade_head_from_empty_creates_the_schema(engine: Engine) -> None:
    tables = set(inspect(engine).get_table_names())
    assert set(Base.metadata.tables) <= tables
    assert "alembic_version" in tables


def test_migrations_match_the_models(engine: Engine) -> None:
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_card_round_checks_of_the_migrations_are_the_models(engine: Engine) -> None:
    """compare_metadata leaves CHECK constraints out: their names are compared here (the
    model's ``ROUND_CHECKS`` and migration 0007's copy, kept as written)."""
    found = {c["name"] for c in inspect(engine).get_check_constraints("card_rounds")}
    assert found == set(ROUND_CHECKS)


def _insert(conn: Connection, table: str, **values: object) -> int:
    t = sa.table(table, sa.column("id"), *(sa.column(k) for k in values))
    return int(conn.execute(t.insert().values(**values).returning(t.c.id)).scalar_one())


def _fill(conn: Connection, revision: str) -> None:
    """Data as flickboard wrote it at ``revision``: a preliminary with a validated and
    corrected card (0001); a CSC round robin with the same name, teams and a game
    (0002); a doubles event whose teams list their players (0003)."""
    ev = _insert(
        conn, "events", name="Club night", format="preliminary", category="adult singles",
        games=3, seed=3, bye_points=8,
    )  # fmt: skip
    for i in range(1, 5):
        _insert(conn, "entrants", event_id=ev, position=i - 1, code=f"P{i}", name=f"Player {i}")
    for a, b in (("P1", "P2"), ("P3", "P4")):
        _insert(conn, "draw_games", event_id=ev, round_no=1, side0=a, side1=b)
    card = _insert(
        conn, "cards", event_id=ev, round_no=1, side0="P1", side1="P2", championship=False,
        validated_by="P2", initials="XY",
    )  # fmt: skip
    for idx, (s0, s1, t0) in enumerate([(60, 20, 1), (45, 30, 0), (20, 50, 0), (80, 0, 2)]):
        _insert(
            conn, "card_rounds", card_id=card, idx=idx, score0=s0, score1=s1,
            twenties0=t0, twenties1=0,
        )  # fmt: skip
    for who in ("P1", "P2"):
        _insert(conn, "seats", card_id=card, event_id=ev, round_no=1, entrant=who)
    _insert(
        conn, "corrections", card_id=card, referee="RR", idx=1,
        before='{"scores": [40, 30], "twenties": [0, 0]}',
        after='{"scores": [45, 30], "twenties": [0, 0]}', reason="added wrong",
    )  # fmt: skip
    if revision >= "0002":
        club = _insert(conn, "club_events", name="Club night", format="csc-round-robin", target=17)
        for i, code in enumerate("ABC"):
            _insert(conn, "club_teams", event_id=club, position=i, code=code, name=f"Team {code}")
        for rnd, home, vis in ((1, "A", "C"), (2, "A", "B"), (3, "C", "B")):
            for r, h, v in ((rnd, home, vis), (rnd + 3, vis, home)):
                fx = _insert(conn, "club_fixtures", event_id=club, round_no=r, home=h, visitors=v)
                if r == 1:
                    game = _insert(
                        conn, "club_games", event_id=club, fixture_id=fx, label="R1:A",
                        game_no=1, side0="A", side1="C", winner=0,
                    )  # fmt: skip
                    _insert(conn, "club_frames", game_id=game, idx=0, points0=17, points1=9)
    if revision >= "0003":
        pairs = _insert(
            conn, "events", name="Pairs", format="preliminary", category="competitive doubles",
            games=2, seed=0, bye_points=8,
        )  # fmt: skip
        for i, team in enumerate(("T1", "T2")):
            e = _insert(conn, "entrants", event_id=pairs, position=i, code=team, name=f"Pair {i}")
            for j in range(2):
                _insert(
                    conn, "entrant_players", entrant_id=e, position=j, code=f"{team}-{j}",
                    name=f"{team} player {j}",
                )  # fmt: skip


@pytest.mark.parametrize("revision", ["0001", "0002", "0003"])
def test_upgrade_from_every_earlier_revision_keeps_the_data(empty_url: str, revision: str) -> None:
    engine = make_engine(empty_url)
    upgrade(engine, revision)
    with engine.begin() as conn:
        _fill(conn, revision)
    upgrade(engine)
    desk = Desk(engine=engine)
    snap = desk.snapshot("Club night")
    (card,) = snap.cards
    assert [r.scores for r in card.rounds] == [(60, 20), (45, 30), (20, 50), (80, 0)]
    assert card.validated is not None and card.validated.by == "P2"
    assert [(c.referee, c.round, c.reason) for c in card.corrections] == [("RR", 2, "added wrong")]
    assert [d.games for d in desk.draws("Club night")] == [(("P1", "P2"), ("P3", "P4"))]
    with Session(engine) as s:
        published = s.scalars(select(DrawRoundRow.published)).all()
    assert published == [True]
    club = ClubDesk(engine=engine)
    if revision >= "0002":
        assert desk.events() == ["Club night", *(["Pairs"] if revision >= "0003" else [])]
        assert club.events() == [("Club night (club)", "csc-round-robin")]
        csc = CscDesk(engine=engine)
        state = csc.state("Club night (club)")
        assert [(g.round_no, g.home, g.visitors) for g in state.games][:2] == [
            (1, "A", "C"),
            (2, "A", "B"),
        ]
        assert state.games[0].result is not None and state.games[0].result.totals == (17, 9)
        assert club.names("Club night (club)")["B"] == "Team B"
        # the game entered before the upgrade is still there to refuse a second entry
        with pytest.raises(IllegalInPosition, match="already entered"):
            csc.enter_game("Club night (club)", 1, "A", "C", RaceScore(17, ((17, 0),)))
    if revision >= "0003":
        pairs = desk.snapshot("Pairs")
        assert [[p.id for p in e.players] for e in pairs.entrants] == [
            ["T1-0", "T1-1"],
            ["T2-0", "T2-1"],
        ]
    engine.dispose()


def test_a_database_newer_than_the_code_is_a_clear_error(empty_url: str) -> None:
    engine = engine_for(empty_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    with pytest.raises(DatabaseTooNew, match="revision 0099, newer than this flickboard"):
        engine_for(empty_url)


def test_upgrade_from_0004_gives_club_events_their_discipline(empty_url: str) -> None:
    engine = make_engine(empty_url)
    upgrade(engine, "0004")
    with engine.begin() as conn:
        _insert(
            conn, "events", name="Club night", format="preliminary", category="adult singles",
            games=3, seed=3, bye_points=8,
        )  # fmt: skip
        for name, target, division in (
            ("Zone singles", 15, None),
            ("Zone mixed", 17, "mixed doubles"),
            ("Ladies", 21, "ladies singles"),
        ):
            _insert(
                conn, "events", name=name, format="csc-round-robin", games=0, seed=0,
                bye_points=0, target=target, division=division,
            )  # fmt: skip
    upgrade(engine)
    with Session(engine) as s:
        found = dict(s.execute(sa.text("SELECT name, discipline FROM events")).all())
    assert found["Zone singles"] == "singles" and found["Ladies"] == "singles"
    assert found["Zone mixed"] == "doubles"
    assert found["Club night"] is None  # a crokinole event has a category instead
    engine.dispose()


def _downgrade(engine: Engine, revision: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def test_upgrade_from_0006_keeps_the_cards_as_scored_rounds(empty_url: str) -> None:
    """0007 (results-only rounds): cards stored at 0006 are scored rounds after it,
    read back unchanged, and the desk then stores results-only cards beside them."""
    engine = make_engine(empty_url)
    upgrade(engine, "0006")
    with engine.begin() as conn:
        _fill(conn, "0001")
    upgrade(engine)
    desk = Desk(engine=engine)
    (card,) = desk.snapshot("Club night").to_cards()
    assert not card.results_only and card.validated
    assert [r.scores for r in card.game.rounds] == [(60, 20), (45, 30), (20, 50), (80, 0)]
    assert card.twenties == (3, 0) and card.points == (6, 2)
    assert [c.reason for c in card.corrections] == ["added wrong"]
    with Session(engine) as s:
        flags = s.execute(select(CardRoundRow.results_only, CardRoundRow.winner)).all()
    assert [tuple(f) for f in flags] == [(False, None)] * 4
    assert desk.standings("Club night").of("P1").points == 6
    desk.enter_card("Club night", 1, ("P3", "P4"), [RoundScore((20, 5), (0, 0))] * 4)
    engine.dispose()


def test_downgrade_below_0007_refuses_while_results_only_rounds_are_stored(
    empty_url: str,
) -> None:
    """Downgrade refuses (0006 cannot hold a round without its scores) and keeps the
    data; with no results-only round stored it restores the 0006 table cleanly."""
    engine = make_engine(empty_url)
    upgrade(engine)
    desk = Desk(engine=engine)
    spec = {
        "name": "Casual", "category": "adult singles", "format": "preliminary", "games": 2,
        "entrants": [{"id": "N", "name": "Nick"}, {"id": "X", "name": "Xavi"}],
        "cards": [{"round": 1, "sides": ["N", "X"], "rounds": [{"winner": 0}] * 4}],
    }  # fmt: skip
    desk.create_event(parse_event(spec))
    with pytest.raises(RuntimeError, match="4 results-only card rounds are stored"):
        _downgrade(engine, "0006")
    (card,) = desk.snapshot("Casual").to_cards()
    assert card.results_only and card.points == (8, 0)
    desk.withdraw_card("Casual", 1, "N")
    desk.enter_card("Casual", 1, ("N", "X"), [RoundScore((20, 5), (1, 0))] * 4)
    _downgrade(engine, "0006")
    columns = {c["name"] for c in inspect(engine).get_columns("card_rounds")}
    assert {"results_only", "winner"}.isdisjoint(columns)
    assert not any(c["nullable"] for c in inspect(engine).get_columns("card_rounds"))
    with Session(engine) as s:
        assert (
            s.execute(sa.text("SELECT score0, twenties0 FROM card_rounds")).all() == [(20, 1)] * 4
        )
    upgrade(engine)
    (card,) = Desk(engine=engine).snapshot("Casual").to_cards()
    assert card.twenties == (4, 0)
    engine.dispose()


def test_every_table_keyed_by_an_integer_id_never_reuses_one_on_sqlite(tmp_path: Path) -> None:
    """AUTOINCREMENT (migration 0011): a deleted row's ID is not given to the next one.
    A table added later without it fails here (``sqlite_autoincrement=True``)."""
    engine = engine_for(f"sqlite:///{tmp_path / 'ids.sqlite'}")
    with engine.connect() as c:
        tables = c.exec_driver_sql("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        keyed = {n: sql for n, sql in tables if re.search(r"^\s*id INTEGER NOT NULL", sql, re.M)}
    assert {"events", "club_games", "cards", "audit", "accounts"} <= set(keyed)
    assert [n for n, sql in keyed.items() if "AUTOINCREMENT" not in sql] == []
    event = {"format": "preliminary", "category": "adult singles", "games": 3, "seed": 1}
    with engine.begin() as c:
        first = _insert(c, "events", name="A", bye_points=8, **event)
        c.exec_driver_sql(f"DELETE FROM events WHERE id = {first}")
        assert _insert(c, "events", name="B", bye_points=8, **event) == first + 1
    engine.dispose()
