"""Desk accounts and table scorer codes.

The director (one account, its password set on first run by ``flickboard desk
admin``) and the referees the director creates sign in with a name and a password,
kept as argon2id hashes (argon2-cffi). A table scorer has no account: the director or
a referee issues a random code for one game of a published round, and the code is
kept only as its SHA-256, so a copy of the database does not let anyone score.
"""

from __future__ import annotations

import hashlib
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition, InvalidInput, NotAuthenticated
from flickboard.events.names import check_name
from flickboard.store.acting import Actor, Match
from flickboard.store.base import Store, now
from flickboard.store.models import (
    AccountRow,
    DrawGameRow,
    DrawRoundRow,
    EventRow,
    ScorerCodeRow,
)

MIN_PASSWORD = 8
"""Shortest password accepted."""

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Scorer code letters: no 0/O or 1/I to misread from a printed card."""
CODE_LENGTH = 8
"""8 letters of 32: 40 bits, drawn by ``secrets``."""

_hasher = PasswordHasher()


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise InvalidInput(f"a password needs at least {MIN_PASSWORD} characters")


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
        current password (:class:`NotAuthenticated` otherwise)."""
        _check_password(password)
        name = check_name(name, "the director's name")
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.role == "director"))
            if row is None:
                if s.scalar(select(AccountRow.id).where(AccountRow.name == name)) is not None:
                    raise IllegalInPosition(f"{name} is a referee's account name")
                s.add(
                    AccountRow(
                        name=name,
                        role="director",
                        password_hash=_hasher.hash(password),
                        active=True,
                    )
                )
            else:
                if current is None or not _verify(row, current):
                    raise NotAuthenticated(
                        "the director's password is set: give the current one to change it"
                    )
                row.name = name
                row.password_hash = _hasher.hash(password)
        return Actor("director", name, account=True)

    def add_referee(self, name: str, password: str) -> None:
        """A new referee account."""
        _check_password(password)
        name = check_name(name, "a referee's name")
        with self._write() as s:
            if s.scalar(select(AccountRow.id).where(AccountRow.name == name)) is not None:
                raise IllegalInPosition(f"an account called {name!r} already exists")
            s.add(
                AccountRow(
                    name=name, role="referee", password_hash=_hasher.hash(password), active=True
                )
            )

    def deactivate(self, name: str) -> None:
        """A referee can no longer sign in (their past signatures stay)."""
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None or row.role != "referee":
                raise InvalidInput(f"no referee account called {name!r}")
            row.active = False

    def accounts(self) -> list[tuple[str, str, bool]]:
        """(name, role, active) of every account."""
        with self._read() as s:
            return [
                (a.name, a.role, a.active)
                for a in s.scalars(select(AccountRow).order_by(AccountRow.id))
            ]

    def login(self, name: str, password: str) -> Actor:
        """The account's identity; :class:`NotAuthenticated` for an unknown name, a
        wrong password or a deactivated referee (one message for all three)."""
        with self._write() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None or not row.active or not _verify(row, password):
                raise NotAuthenticated("wrong name or password")
            if _hasher.check_needs_rehash(row.password_hash):
                row.password_hash = _hasher.hash(password)
            if row.role == "director":
                return Actor("director", row.name, account=True)
            return Actor("referee", row.name, account=True)

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
        """A scorer code for the game ``player`` plays in a published round."""
        with self._write() as s:
            ev = s.scalar(select(EventRow).where(EventRow.name == event))
            if ev is None:
                raise InvalidInput(f"no event called {event!r}")
            published = s.scalar(
                select(DrawRoundRow.published).where(
                    DrawRoundRow.event_id == ev.id, DrawRoundRow.round_no == round_no
                )
            )
            if not published:
                raise IllegalInPosition(f"round {round_no} of {event} is not published")
            game = s.scalar(
                select(DrawGameRow).where(
                    DrawGameRow.event_id == ev.id,
                    DrawGameRow.round_no == round_no,
                    (DrawGameRow.side0 == player) | (DrawGameRow.side1 == player),
                )
            )
            if game is None or game.side1 is None:
                raise IllegalInPosition(f"{player} has no game in round {round_no} of {event}")
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            s.add(
                ScorerCodeRow(
                    code_hash=code_hash(code),
                    event_id=ev.id,
                    round_no=round_no,
                    side0=game.side0,
                    side1=game.side1,
                    issued_by=by,
                    issued_at=now(),
                    revoked=False,
                )
            )
            return code

    def scorer(self, code: str) -> Actor:
        """The table scorer holding ``code``; :class:`NotAuthenticated` if it is unknown
        or revoked."""
        with self._read() as s:
            row = _code_row(s, code)
            return Actor(
                "scorer",
                f"code for round {row.round_no}, {row.side0} v {row.side1}",
                match=Match(row.event_id, row.round_no, (row.side0, row.side1)),
            )

    def revoke_code(self, code: str) -> None:
        """The code stops working."""
        with self._write() as s:
            _code_row(s, code).revoked = True


def _code_row(s: Session, code: str) -> ScorerCodeRow:
    row = s.scalar(select(ScorerCodeRow).where(ScorerCodeRow.code_hash == code_hash(code)))
    if row is None or row.revoked:
        raise NotAuthenticated("unknown or revoked scorer code")
    return row


def _verify(row: AccountRow, password: str) -> bool:
    try:
        return bool(_hasher.verify(row.password_hash, password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False
