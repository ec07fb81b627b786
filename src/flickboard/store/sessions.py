"""Signed-in desk sessions, held by the server.

Signing in (an account, or a table scorer's code) opens a session: a random token for
the cookie, kept here only as its SHA-256, with the session's CSRF token. A session ends
when its owner signs out, when the account's password changes (every other session of
that account), when the account is deactivated, after :data:`LIFETIME` whatever happens,
and after :data:`IDLE` without a request.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select

from flickboard.store.base import Store, now
from flickboard.store.models import AccountRow, DeskSessionRow

LIFETIME = timedelta(hours=12)
"""The longest a session lasts, however busy."""
IDLE = timedelta(hours=2)
"""A session unused this long has ended."""
SEEN_EVERY = timedelta(minutes=1)
"""How often a session's last use is written (not on every request)."""


def token_hash(token: str) -> str:
    """The stored form of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Held:
    """A live session: the account's name, or the scorer code's hash; its CSRF token."""

    account: str | None
    code_hash: str | None
    csrf: str


class DeskSessions(Store):
    """Open, find and end signed-in sessions. Their bookkeeping is not audited; signing
    in and out, and password changes, are (:mod:`flickboard.store.accounts`)."""

    def open(self, account: str | None = None, code_hash: str | None = None) -> tuple[str, str]:
        """A new session for an account (by name) or a scorer code: (token, CSRF token)."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        with self._write(audited=False) as s:
            account_id = None
            if account is not None:
                account_id = s.scalar(select(AccountRow.id).where(AccountRow.name == account))
            at = now()
            s.add(
                DeskSessionRow(
                    id=token_hash(token),
                    account_id=account_id,
                    code_hash=code_hash,
                    csrf=csrf,
                    created=at,
                    seen=at,
                )
            )
        return token, csrf

    def find(self, token: str) -> Held | None:
        """The live session of ``token`` (None if it ended, expired or never was); its
        last use is noted."""
        key = token_hash(token)
        at = now()
        with self._read() as s:
            found = s.execute(
                select(DeskSessionRow, AccountRow.name)
                .outerjoin(AccountRow, AccountRow.id == DeskSessionRow.account_id)
                .where(DeskSessionRow.id == key)
            ).first()
        if found is None:
            return None
        row, account = found
        if at - row.created > LIFETIME or at - row.seen > IDLE:
            self.end(token)
            return None
        if at - row.seen > SEEN_EVERY:
            with self._write(audited=False) as s:
                held = s.get(DeskSessionRow, key)
                if held is not None:
                    held.seen = at
        return Held(account, row.code_hash, row.csrf)

    def end(self, token: str, *, audited: bool = False) -> None:
        """End one session (``audited``: signing out, as the acting identity)."""
        with self._write(audited=audited) as s:
            s.execute(delete(DeskSessionRow).where(DeskSessionRow.id == token_hash(token)))

    def count(self, table: type[object] = DeskSessionRow) -> int:
        """Sessions held (for checks)."""
        return super().count(table)
