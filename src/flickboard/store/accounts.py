"""Desk accounts and table scorer codes.

The director (one account, its password set on first run by ``flickboard desk
admin``) and the referees the director creates sign in with a name and a password
(:mod:`flickboard.store.passwords`: the policy and the argon2id hashes). Every sign-in
and every failed one is audited (the account's role, or ``public`` for a failure).
After :data:`LOCK_AFTER` failed sign-ins in a row from one client address, that address
is locked out of that account until the director lifts the lock (web or ``flickboard
desk unlock``): the owner, from any other address, still gets in, so nobody can lock
them out (the per-address throttle, :mod:`flickboard.store.throttle`, slows an attacker
long before). A password change ends the account's other sessions. A table scorer has
no account: the director or a referee issues a random code for one game of a published
round, and the code is kept only as its SHA-256, so a copy of the database does not
let anyone score.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput, NotAuthenticated
from flickboard.events.names import check_name
from flickboard.store.acting import Actor, Match, acting
from flickboard.store.base import Store, now
from flickboard.store.models import (
    AccountLockRow,
    AccountRow,
    ClubFixtureRow,
    DeskSessionRow,
    DrawGameRow,
    DrawRoundRow,
    EventRow,
    ScorerCodeRow,
)
from flickboard.store.passwords import check_password, hash_password, needs_rehash, verify
from flickboard.store.sessions import token_hash
from flickboard.store.throttle import ADDRESS_LENGTH

LOCK_AFTER = 20
"""Failed sign-ins in a row from one address that lock that address out of the account
(until the director lifts it)."""

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Scorer code letters: no 0/O or 1/I to misread from a printed card."""
CODE_LENGTH = 8
"""8 letters of 32: 40 bits, drawn by ``secrets``."""


def code_hash(code: str) -> str:
    """The stored form of a scorer code (case and spaces ignored)."""
    clean = "".join(code.split()).upper()
    return hashlib.sha256(clean.encode()).hexdigest()


class Accounts(Store):
    """Accounts, sign-in and scorer codes."""

    def director_exists(self) -> bool:
        """True once the director's password is set."""
        with self._read() as s:
            return s.scalar(select(AccountRow.id).where(AccountRow.role == "director")) is not None

    def set_director(self, name: str, password: str, current: str | None = None) -> Actor:
        """Set the director's password: on first run freely, afterwards only with the
        current password (:class:`NotAuthenticated` otherwise); every session of the
        director ends."""
        name = check_name(name, "the director's name")
        check_password(password, name)
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.role == "director"))
            if row is None:
                if s.scalar(select(AccountRow.id).where(AccountRow.name == name)) is not None:
                    raise IllegalInPosition(f"{name} is a referee's account name")
                s.add(
                    AccountRow(
                        name=name,
                        role="director",
                        password_hash=hash_password(password),
                        active=True,
                    )
                )
            else:
                if current is None or not verify(row.password_hash, current):
                    raise NotAuthenticated(
                        "the director's password is set: give the current one to change it"
                    )
                row.name = name
                row.password_hash = hash_password(password)
                row.failures = 0
                s.execute(delete(AccountLockRow).where(AccountLockRow.account_id == row.id))
                _end_sessions(s, row.id)
        return Actor("director", name, account=True)

    def change_password(self, name: str, current: str, new: str, keep: str | None = None) -> None:
        """An account changes its own password (the current one is asked again); every
        other session of the account ends (``keep``: the token of the one asking)."""
        check_password(new, name)
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None or not row.active or not verify(row.password_hash, current):
                raise NotAuthenticated("the current password is wrong")
            row.password_hash = hash_password(new)
            _end_sessions(s, row.id, keep)

    def unlock(self, name: str) -> None:
        """Lift every lock of an account (the addresses locked out of it by failed
        sign-ins) and forget its failures (the director)."""
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None:
                raise InvalidInput(f"no account called {name!r}")
            locks = s.scalars(select(AccountLockRow).where(AccountLockRow.account_id == row.id))
            held = list(locks)
            if not held and not row.failures:
                raise IllegalInPosition(f"{name} is not locked")
            for lock in held:
                s.delete(lock)
            row.failures = 0

    def add_referee(self, name: str, password: str) -> None:
        """A new referee account."""
        name = check_name(name, "a referee's name")
        check_password(password, name)
        with self._write() as s:
            if s.scalar(select(AccountRow.id).where(AccountRow.name == name)) is not None:
                raise IllegalInPosition(f"an account called {name!r} already exists")
            s.add(
                AccountRow(
                    name=name, role="referee", password_hash=hash_password(password), active=True
                )
            )

    def deactivate(self, name: str) -> None:
        """A referee can no longer sign in (their past signatures stay; their sessions
        end)."""
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None or row.role != "referee":
                raise InvalidInput(f"no referee account called {name!r}")
            row.active = False
            _end_sessions(s, row.id)

    def accounts(self) -> list[tuple[str, str, bool]]:
        """(name, role, active) of every account."""
        with self._read() as s:
            return [
                (a.name, a.role, a.active)
                for a in s.scalars(select(AccountRow).order_by(AccountRow.id))
            ]

    def locked(self) -> dict[str, int]:
        """The accounts that some address is locked out of: name -> how many addresses."""
        with self._read() as s:
            rows = s.execute(
                select(AccountRow.name, func.count())
                .join(AccountLockRow, AccountLockRow.account_id == AccountRow.id)
                .where(AccountLockRow.locked)
                .group_by(AccountRow.name)
            )
            return {name: int(n) for name, n in rows}

    def login(self, name: str, password: str, address: str = "") -> Actor:
        """The account's identity; :class:`NotAuthenticated` for an unknown name, a
        wrong password or a deactivated referee (one message for all three, and the
        same time: an unknown name is checked against a dummy hash). An address
        locked out of the account is told so only with the right password. Audited
        either way, from ``address``."""
        source = f" from {address}" if address else ""
        address = address[:ADDRESS_LENGTH]
        with self._read() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            locked = row is not None and bool(
                s.scalar(
                    select(AccountLockRow.locked).where(
                        AccountLockRow.account_id == row.id, AccountLockRow.address == address
                    )
                )
            )
        good = verify(None if row is None else row.password_hash, password)
        if row is None or not row.active or not good or locked:
            with acting(Actor.public(), "sign_in_failed", f"{name[:80]!r}{source}", public=False):
                self._failed(name, address)
            if locked and good:
                raise NotAuthenticated(
                    f"{name} is locked from this address after {LOCK_AFTER} failed sign-ins "
                    "from it: sign in from another device, or the director lifts the lock "
                    "(flickboard desk unlock)"
                )
            raise NotAuthenticated("wrong name or password")
        actor = Actor("director" if row.role == "director" else "referee", row.name, account=True)
        with acting(actor, "sign_in", f"{name}{source}", public=False), self._write() as s:
            held = s.scalar(select(AccountRow).where(AccountRow.id == row.id).with_for_update())
            if held is not None:
                held.failures = 0
                s.execute(
                    delete(AccountLockRow).where(
                        AccountLockRow.account_id == row.id, AccountLockRow.address == address
                    )
                )
                if needs_rehash(held.password_hash):
                    held.password_hash = hash_password(password)
        return actor

    def _failed(self, name: str, address: str) -> None:
        """Count a failed sign-in against the account called ``name`` (if any): from
        anywhere, and from ``address`` (locking it out at :data:`LOCK_AFTER`). The
        account's row is locked first, so concurrent failures all count."""
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name).with_for_update())
            if row is None:
                return
            row.failures += 1
            lock = s.get(AccountLockRow, (row.id, address))
            if lock is None:
                lock = AccountLockRow(account_id=row.id, address=address, failures=0, locked=False)
                s.add(lock)
            lock.failures += 1
            lock.locked = lock.failures >= LOCK_AFTER

    def actor(self, name: str) -> Actor:
        """The identity of an account signed in earlier, while it is still active
        (:class:`NotAuthenticated` once deactivated or gone)."""
        with self._read() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None or not row.active:
                raise NotAuthenticated("this account can no longer sign in: sign in again")
            if row.role == "director":
                return Actor("director", row.name, account=True)
            return Actor("referee", row.name, account=True)

    def issue_code(self, event: str, round_no: int, player: str, by: str) -> str:
        """A scorer code for the game ``player`` plays in a published round, or for the
        club meeting (CSC round-robin game, league night) a team plays in a round."""
        with self._write() as s:
            ev = s.scalar(select(EventRow).where(EventRow.name == event))
            if ev is None:
                raise InvalidInput(f"no event called {event!r}")
            published = s.scalar(
                select(DrawRoundRow.published).where(
                    DrawRoundRow.event_id == ev.id, DrawRoundRow.round_no == round_no
                )
            )
            fixture = s.scalar(
                select(ClubFixtureRow).where(
                    ClubFixtureRow.event_id == ev.id,
                    ClubFixtureRow.round_no == round_no,
                    (ClubFixtureRow.home == player) | (ClubFixtureRow.visitors == player),
                )
            )
            if fixture is not None:  # a club meeting: drawn when the event was made
                sides: tuple[str | None, str | None] = (fixture.home, fixture.visitors)
            else:
                if not published:
                    raise IllegalInPosition(f"round {round_no} of {event} is not published")
                game = s.scalar(
                    select(DrawGameRow).where(
                        DrawGameRow.event_id == ev.id,
                        DrawGameRow.round_no == round_no,
                        (DrawGameRow.side0 == player) | (DrawGameRow.side1 == player),
                    )
                )
                sides = (None, None) if game is None else (game.side0, game.side1)
            side0, side1 = sides
            if side0 is None or side1 is None:
                raise IllegalInPosition(f"{player} has no game in round {round_no} of {event}")
            s.info["event"] = ev.name
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            s.add(
                ScorerCodeRow(
                    code_hash=code_hash(code),
                    event_id=ev.id,
                    round_no=round_no,
                    side0=side0,
                    side1=side1,
                    issued_by=by,
                    issued_at=now(),
                    revoked=False,
                )
            )
            return code

    def scorer(self, code: str) -> Actor:
        """The table scorer holding ``code``; :class:`NotAuthenticated` if it is unknown
        or revoked."""
        return self.scorer_of(code_hash(code))

    def scorer_of(self, hashed: str) -> Actor:
        """The table scorer holding the code of this hash (a session keeps only it)."""
        with self._read() as s:
            row = _code_row(s, hashed)
            return Actor(
                "scorer",
                f"code for round {row.round_no}, {row.side0} v {row.side1}",
                match=Match(row.event_id, row.round_no, (row.side0, row.side1)),
            )

    def revoke_code(self, code: str) -> None:
        """The code stops working (the phones that joined with it are signed out)."""
        with self._write() as s:
            row = _code_row(s, code_hash(code))
            row.revoked = True
            s.info["event"] = s.scalar(select(EventRow.name).where(EventRow.id == row.event_id))
            s.execute(delete(DeskSessionRow).where(DeskSessionRow.code_hash == row.code_hash))


def _code_row(s: Session, hashed: str) -> ScorerCodeRow:
    row = s.scalar(select(ScorerCodeRow).where(ScorerCodeRow.code_hash == hashed))
    if row is None or row.revoked:
        raise NotAuthenticated("unknown or revoked scorer code")
    return row


def _end_sessions(s: Session, account_id: int, keep: str | None = None) -> None:
    """Inside a write: end the account's sessions (all, or all but ``keep``'s)."""
    q = delete(DeskSessionRow).where(DeskSessionRow.account_id == account_id)
    if keep is not None:
        q = q.where(DeskSessionRow.id != token_hash(keep))
    s.execute(q)
