"""The sign-in throttle: failed sign-ins and code joins per client address, counted in
the database so that every worker process sees one count.

An attempt is counted **before** its password or code is checked, in one write
transaction that reads the address's count and adds to it (the row is locked on
PostgreSQL, the database on SQLite): of many attempts at once, exactly as many go on to
be checked as the count allows, whatever the number of workers. A good sign-in clears
the address's count; a good scorer code, or a check the server was too busy to make,
takes its own attempt back. :data:`FREE` attempts in a row pass; then each further one
doubles the wait before the next (:data:`BASE` seconds, at most :data:`CAP`); an
address forgets after :data:`FORGET` seconds without an attempt. The bookkeeping is not
audited (the sign-ins themselves are, :mod:`flickboard.store.accounts`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from flickboard.errors import FlickboardError
from flickboard.store.base import Store, now
from flickboard.store.models import AddressFailureRow

FREE = 5
"""Attempts in a row that pass without waiting."""
BASE = 30.0
"""Seconds to wait after the first attempt past :data:`FREE`; doubled for each more."""
CAP = 3600.0
"""The longest wait, in seconds."""
FORGET = 3600.0
"""Seconds without an attempt after which an address starts again."""
ADDRESS_LENGTH = 64
"""Addresses are kept to this many characters (the column's width)."""


class TooManyAttempts(FlickboardError):
    """Sign-in refused for a while after repeated failures (HTTP 429)."""

    http_status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def backoff(failures: int) -> float:
    """Seconds an address with ``failures`` in a row waits before its next attempt."""
    if failures < FREE:
        return 0.0
    return min(CAP, BASE * 2.0 ** (failures - FREE))


class Throttle(Store):
    """Admit or refuse sign-in attempts per client address (across workers)."""

    def admit(self, address: str) -> None:
        """Count an attempt from ``address``, or refuse it (:class:`TooManyAttempts`,
        nothing counted) while the address must wait."""
        address = address[:ADDRESS_LENGTH]
        with self._write(audited=False) as s:
            row = self._row(s, address)
            at = now()
            wait = self._wait(row, at)
            if wait > 0:
                seconds = int(wait) + 1
                raise TooManyAttempts(
                    f"too many failed attempts: wait {seconds} seconds and try again", seconds
                )
            if (at - row.last).total_seconds() > FORGET:
                row.failures = 0
            row.failures += 1
            row.last = at

    def cleared(self, address: str) -> None:
        """``address`` signed in: its count is forgotten."""
        with self._write(audited=False) as s:
            s.execute(
                delete(AddressFailureRow).where(
                    AddressFailureRow.address == address[:ADDRESS_LENGTH]
                )
            )

    def refunded(self, address: str) -> None:
        """An attempt from ``address`` was not a failure (a good scorer code, or no
        check made): its count goes back down by one; earlier failures stay."""
        with self._write(audited=False) as s:
            row = s.get(AddressFailureRow, address[:ADDRESS_LENGTH], with_for_update=True)
            if row is not None and row.failures > 0:
                row.failures -= 1

    def wait(self, address: str) -> float:
        """Seconds ``address`` must still wait before its next attempt (0: it may try)."""
        with self._read() as s:
            row = s.get(AddressFailureRow, address[:ADDRESS_LENGTH])
            return 0.0 if row is None else self._wait(row, now())

    @staticmethod
    def _wait(row: AddressFailureRow, at: datetime) -> float:
        since = (at - row.last).total_seconds()
        if since > FORGET:
            return 0.0
        return max(0.0, backoff(row.failures) - since)

    @staticmethod
    def _row(s: Session, address: str) -> AddressFailureRow:
        """The address's row, made if new, locked until the write ends."""
        dialect = s.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        s.execute(
            insert(AddressFailureRow)
            .values(address=address, failures=0, last=now())
            .on_conflict_do_nothing()
        )
        return s.scalars(
            select(AddressFailureRow)
            .where(AddressFailureRow.address == address)
            .with_for_update()
            .execution_options(populate_existing=True)
        ).one()
