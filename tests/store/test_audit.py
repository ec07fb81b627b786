"""The audit trail on SQLite and PostgreSQL: append-only (the database's triggers refuse
UPDATE and DELETE of its rows, whoever asks), kept when an event is deleted, every write
with who, when, what, before and after, and scorer codes tied to their event."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError
from tests.conftest import sqlite_at_head

from flickboard.events.eventfile import ClubEventFile, parse_event
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.models import AuditRow
from flickboard.store.service import DeskService


def _spec() -> object:
    return parse_event(
        {
            "name": "Open",
            "category": "adult singles",
            "games": 3,
            "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, 5)],
        }
    )


@pytest.fixture
def svc(engine: Engine) -> DeskService:
    return DeskService(engine=engine)


@pytest.fixture
def director(svc: DeskService) -> Actor:
    return svc.accounts.set_director("Dee", "director-pass")


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE audit SET actor = 'someone else'",
        "UPDATE audit SET detail = '' WHERE id = 1",
        "DELETE FROM audit",
        "DELETE FROM audit WHERE id = 1",
    ],
)
def test_audit_rows_are_append_only_in_the_database(
    svc: DeskService, director: Actor, engine: Engine, statement: str
) -> None:
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    before = svc.audit(director)
    assert len(before) >= 2
    with pytest.raises(DBAPIError, match="append-only"), engine.begin() as c:
        c.execute(text(statement))
    assert svc.audit(director) == before
    with engine.begin() as c:  # appending still works
        c.execute(
            text(
                "INSERT INTO audit (at, role, actor, action, detail) "
                "VALUES (CURRENT_TIMESTAMP, 'director', 'desk', 'note', 'x')"
            )
        )
    assert len(svc.audit(director)) == len(before) + 1


def test_a_deleted_events_audit_rows_stay_with_what_it_was(
    svc: DeskService, director: Actor
) -> None:
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    svc.rounds.draw(director, "Open", publish=True)
    kept = svc.audit(director, "Open")
    svc.events.delete(director, "Open")
    trail = svc.audit(director, "Open")
    assert trail[: len(kept)] == kept
    gone = trail[-1]
    assert gone["action"] == "delete_event" and gone["role"] == "director"
    assert gone["actor"] == "Dee" and gone["at"]
    (key,) = [k for k in gone["before"] if k.startswith("events:")]  # type: ignore[union-attr]
    assert gone["before"][key]["name"] == "Open"  # type: ignore[index]
    assert svc.desk.count(AuditRow) == len(svc.audit(director))


def test_every_write_keeps_the_values_it_changed_before_and_after(
    svc: DeskService, director: Actor
) -> None:
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    svc.events.rename(director, "Open", "Spring Open")
    renamed = svc.audit(director)[-1]
    assert renamed["action"] == "rename_event"
    (key,) = renamed["before"]  # type: ignore[misc]
    assert renamed["before"][key]["name"] == "Open"  # type: ignore[index]
    assert renamed["after"][key]["name"] == "Spring Open"  # type: ignore[index]
    created = next(a for a in svc.audit(director) if a["action"] == "create_event")
    assert created["before"] is None
    assert any(k.startswith("entrants:") for k in created["after"])  # type: ignore[union-attr]


def test_secrets_never_reach_the_audit_trail(svc: DeskService, director: Actor) -> None:
    svc.identity.add_referee(director, "Rex", "whistle-2024")
    made = svc.audit(director)[-1]
    (key,) = made["after"]  # type: ignore[misc]
    assert made["after"][key]["password_hash"] == "(secret)"  # type: ignore[index]
    assert "argon2" not in str(svc.audit(director))


def test_a_code_issue_is_tied_to_its_event_and_audited(svc: DeskService, director: Actor) -> None:
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    d = svc.rounds.draw(director, "Open", publish=True)
    code = svc.identity.issue_code(director, "Open", 1, d.games[0][0])
    issued = svc.audit(director, "Open")[-1]
    assert issued["action"] == "issue_code" and issued["actor"] == "Dee"
    assert code not in str(issued)
    svc.accounts.revoke_code(code)
    revoked = svc.audit(director, "Open")[-1]  # the desk terminal's revocation
    assert (revoked["role"], revoked["actor"]) == ("director", "desk")
    assert next(iter(revoked["after"].values())) == {"revoked": True}  # type: ignore[union-attr]


FRAMES = RaceScore(15, ((3, 0), (0, 4), (12, 0)))
"""A CSC game to 15 in three frames."""


def test_every_row_a_write_adds_is_audited_under_its_own_key(
    svc: DeskService, director: Actor, zone: ClubEventFile
) -> None:
    """Rows one write adds each keep their own key: a card's four rounds and both
    seats, a CSC game's three frames (they shared ``table:`` and only the last
    survived)."""
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    a, b = svc.rounds.draw(director, "Open", publish=True).games[0]
    rounds = game_with(4, (1, 0)).rounds
    svc.cards.enter(director, "Open", 1, (a, b), rounds)
    after: dict[str, dict[str, object]] = svc.audit(director, "Open")[-1]["after"]  # type: ignore[assignment]
    assert not [k for k in after if k.endswith(":")]
    card_rounds = [v for k, v in after.items() if k.startswith("card_rounds:")]
    assert sorted((v["score0"], v["score1"]) for v in card_rounds) == sorted(
        (r.scores[0], r.scores[1]) for r in rounds
    )
    assert sorted(v["entrant"] for k, v in after.items() if k.startswith("seats:")) == sorted(
        (a, b)
    )

    svc.events.create_club(director, zone)
    game = svc.stores.club_desk("Zone").state("Zone").games[0]  # type: ignore[attr-defined]
    svc.games.enter(director, "Zone", game.round_no, game.home, 1, FRAMES)
    after = svc.audit(director, "Zone")[-1]["after"]  # type: ignore[assignment]
    frames = [
        (v["points0"], v["points1"]) for k, v in after.items() if k.startswith("club_frames:")
    ]
    assert sorted(frames) == sorted(FRAMES.steps)


def test_insert_or_replace_cannot_rewrite_an_audit_row_on_sqlite(tmp_path: Path) -> None:
    """SQLite's REPLACE deletes the row it replaces without firing DELETE triggers: an
    INSERT naming an existing audit row's ID is refused instead."""
    svc = DeskService(sqlite_at_head(tmp_path / "audit.sqlite"))
    director = svc.accounts.set_director("Dee", "director-pass")
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    before = svc.audit(director)
    with pytest.raises(DBAPIError, match="append-only"), svc.engine.begin() as c:
        c.execute(
            text(
                "INSERT OR REPLACE INTO audit (id, at, role, actor, action, detail) "
                "VALUES (1, CURRENT_TIMESTAMP, 'director', 'Dee', 'nothing', 'happened')"
            )
        )
    assert svc.audit(director) == before
