"""The desk service: roles refused precisely, scorers kept to their game, the audit
trail, and change notifications (a hook, and NOTIFY on PostgreSQL)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import Engine

from flickboard.errors import NotAllowed, NotAuthenticated
from flickboard.events.eventfile import parse_event
from flickboard.events.sanctions import Sanction
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import RoundScore
from flickboard.store.acting import Actor, Change
from flickboard.store.notify import Collected, listen
from flickboard.store.permissions import PERMISSIONS
from flickboard.store.service import DeskService

GAME = game_with(6, (1, 0)).rounds
REF_PASSWORD = "whistle-2024"


def _spec(n: int = 4) -> object:
    return parse_event(
        {
            "name": "Open",
            "category": "adult singles",
            "games": 3,
            "entrants": [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, n + 1)],
        }
    )


@pytest.fixture
def svc(engine: Engine) -> DeskService:
    return DeskService(engine=engine, notifier=Collected())


@pytest.fixture
def director(svc: DeskService) -> Actor:
    return svc.accounts.set_director("Dee", "director-pass")


@pytest.fixture
def referee(svc: DeskService, director: Actor) -> Actor:
    svc.identity.add_referee(director, "Rex", REF_PASSWORD)
    return svc.identity.login("Rex", REF_PASSWORD)


def _drawn(svc: DeskService, director: Actor) -> tuple[str, str]:
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    d = svc.rounds.draw(director, "Open", publish=True)
    return d.games[0]


def test_passwords_are_argon2_hashes_and_sign_in_checks_them(svc: DeskService) -> None:
    assert not svc.accounts.director_exists()
    svc.accounts.set_director("Dee", "director-pass")
    assert svc.accounts.director_exists()
    with pytest.raises(NotAuthenticated, match="wrong name or password"):
        svc.identity.login("Dee", "director-pas")
    with pytest.raises(NotAuthenticated, match="give the current one"):
        svc.accounts.set_director("Mallory", "taken-over!")
    svc.accounts.set_director("Dee", "new-password", current="director-pass")
    assert svc.identity.login("Dee", "new-password") == Actor("director", "Dee", account=True)
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from flickboard.store.models import AccountRow

    with Session(svc.engine) as s:
        stored = s.scalar(select(AccountRow.password_hash))
    assert stored is not None and stored.startswith("$argon2id$")
    assert "new-password" not in stored


def test_only_the_director_creates_referees_and_draws(
    svc: DeskService, director: Actor, referee: Actor
) -> None:
    with pytest.raises(NotAllowed, match="referee Rex may not add referee: director only"):
        svc.identity.add_referee(referee, "Eve", "password1")
    svc.events.create(director, _spec())  # type: ignore[arg-type]
    for who in (referee, Actor.public()):
        with pytest.raises(NotAllowed, match="may not draw"):
            svc.rounds.draw(who, "Open")
    svc.accounts.deactivate("Rex")
    with pytest.raises(NotAuthenticated):
        svc.identity.login("Rex", REF_PASSWORD)


def test_the_public_is_refused_every_write() -> None:
    writes = [a for a in PERMISSIONS if a not in ("disputes", "audit")]
    for action in writes:
        roles, _ = PERMISSIONS[action]
        assert "public" not in roles, action


def test_a_scorer_enters_and_validates_only_their_own_game(
    svc: DeskService, director: Actor
) -> None:
    a, b = _drawn(svc, director)
    code = svc.identity.issue_code(director, "Open", 1, a)
    scorer = svc.identity.scorer(code.lower())
    assert scorer.role == "scorer" and scorer.match is not None
    other = next(g for g in svc.rounds.draws(director, "Open")[0].games if a not in g)
    with pytest.raises(NotAllowed, match=f"for round 1, {a} v {b} only"):
        svc.cards.enter(scorer, "Open", 1, other, GAME)
    svc.cards.enter(scorer, "Open", 1, (a, b), GAME)
    svc.cards.validate(scorer, "Open", 1, b, "PB")
    with pytest.raises(NotAuthenticated):
        svc.identity.scorer("AAAAAAAA")
    svc.accounts.revoke_code(code)
    with pytest.raises(NotAuthenticated):
        svc.identity.scorer(code)


def test_corrections_rulings_and_sanctions_need_a_referee_account(
    svc: DeskService, director: Actor, referee: Actor
) -> None:
    a, b = _drawn(svc, director)
    scorer = svc.identity.scorer(svc.identity.issue_code(director, "Open", 1, a))
    svc.cards.enter(scorer, "Open", 1, (a, b), GAME)
    svc.cards.dispute(scorer, "Open", 1, b, "round 2 was 105-100 to me")
    assert [d["reason"] for d in svc.disputes(referee)] == ["round 2 was 105-100 to me"]
    with pytest.raises(NotAllowed, match="disputes"):
        svc.disputes(scorer)
    for who in (scorer, Actor.desk()):
        with pytest.raises(NotAllowed):
            svc.cards.rule_dispute(who, "Open", 1, a, None, "stands")
    rounds = list(GAME)
    rounds[1] = RoundScore((100, 105), (0, 0))
    card = svc.cards.rule_dispute(referee, "Open", 1, a, rounds, "the board showed 100-105")
    assert card.validation is not None and card.validation.referee == "Rex"
    assert [c.referee for c in card.corrections] == ["Rex"]
    assert svc.disputes(referee) == []
    with pytest.raises(NotAllowed):
        svc.cards.correct(scorer, "Open", 1, a, 1, RoundScore((100, 100), (0, 0)), "x")
    fixed, _ = svc.cards.correct(referee, "Open", 1, a, 1, RoundScore((100, 100), (1, 0)), "tie")
    assert fixed.corrections[-1].at is not None
    with pytest.raises(NotAllowed):
        svc.events.record_sanction(scorer, "Open", Sanction("warning", a, "coaching"))
    svc.events.record_sanction(referee, "Open", Sanction("warning", a, "coaching from the stands"))
    trail = svc.audit(director, "Open")
    assert [(t["role"], t["actor"], t["action"]) for t in trail][-3:] == [
        ("referee", "Rex", "rule_dispute"),
        ("referee", "Rex", "correct_card"),
        ("referee", "Rex", "record_sanction"),
    ]


def test_every_public_change_calls_the_notifier_once_committed(
    svc: DeskService, director: Actor
) -> None:
    seen = svc.desk.notifier
    assert isinstance(seen, Collected)
    a, b = _drawn(svc, director)
    svc.rounds.draw(director, "Open")  # a draft: the public does not see it
    svc.desk.enter_card("Open", 1, (a, b), GAME)
    svc.cards.validate(director, "Open", 1, b, "PB")
    actions = [c.action for c in seen.changes]
    assert actions == ["create_event", "draw", "write", "validate_card"]
    assert len({c.event_id for c in seen.changes}) == 1
    assert [c.revision for c in seen.changes] == sorted(c.revision for c in seen.changes)
    with pytest.raises(NotAllowed):
        svc.cards.validate(Actor.public(), "Open", 1, b, "PB")
    assert len(seen.changes) == 4  # a refused write announces nothing


def test_postgresql_listeners_hear_a_validated_card(
    svc: DeskService, director: Actor, engine: Engine
) -> None:
    if engine.dialect.name != "postgresql":
        assert engine.dialect.name == "sqlite"  # NOTIFY is PostgreSQL's; the hook serves SQLite
        return
    a, b = _drawn(svc, director)
    svc.desk.enter_card("Open", 1, (a, b), GAME)
    heard: list[Change] = []
    ready = threading.Event()
    url = engine.url.render_as_string(hide_password=False)

    def hear() -> None:
        # Other tests write to the same database in parallel (each in its own schema) and
        # their changes are NOTIFYed on the same channel: wait for this test's change.
        gen = listen(url, timeout=20)
        ready.set()
        for change in gen:
            heard.append(change)
            if (change.event, change.action) == ("Open", "validate_card"):
                break

    t = threading.Thread(target=hear)
    t.start()
    ready.wait(5)
    import time

    time.sleep(0.5)  # let LISTEN run before the write
    svc.cards.validate(director, "Open", 1, b, "PB")
    t.join(25)
    assert ("Open", "validate_card") in [(c.event, c.action) for c in heard]


def test_club_results_go_through_the_service_to_officials_only(
    svc: DeskService, director: Actor, referee: Actor
) -> None:
    from flickboard.events.delegation import DelegationChange
    from flickboard.events.eventfile import ClubEventFile, parse_any
    from flickboard.events.racegame import race_from_final

    spec = parse_any(
        {
            "name": "Zone",
            "format": "csc-round-robin",
            "entrants": [
                {
                    "id": t,
                    "name": f"Charter {t}",
                    "players": [
                        {"id": f"{t}{i}", "name": f"{t}{i}", "gender": g}
                        for i, g in enumerate("FMF", start=1)
                    ],
                }
                for t in "ABC"
            ],
        }
    )
    assert isinstance(spec, ClubEventFile)
    with pytest.raises(NotAllowed, match="may not create club event: director only"):
        svc.events.create_club(referee, spec)
    svc.events.create_club(director, spec)
    race = race_from_final((17, 3), 17)
    for who in (Actor.public(), Actor("scorer", "s")):
        with pytest.raises(NotAllowed, match="may not enter club game"):
            svc.csc.game(who, "Zone", 1, "B", "C", race)
    state = svc.csc.game(referee, "Zone", 1, "B", "C", race)
    assert state.remaining == 5
    change = DelegationChange("partner-out", "A", "A1", 2, "ill")
    with pytest.raises(NotAllowed, match="signed by a referee's account"):
        svc.csc.delegation_change(Actor.desk(), "Zone", change)
    svc.csc.delegation_change(referee, "Zone", change)
    with pytest.raises(NotAllowed, match="may not take board out: director only"):
        svc.csc.board_out(referee, "Zone", 1, 2, "cracked")
    svc.csc.board_out(director, "Zone", 1, 2, "cracked")
    actions = [t["action"] for t in svc.audit(director, "Zone")]
    assert actions == [
        "create_club_event",
        "enter_club_game",
        "record_delegation_change",
        "take_board_out",
    ]
