"""Settings of one database: random secrets made on first use and shared by every
process on it (the key that seals exports, the key that signs the web desk's session
cookies)."""

from __future__ import annotations

import secrets

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from flickboard.store.base import Store
from flickboard.store.models import SettingRow


class Settings(Store):
    """The ``settings`` table."""

    def read(self, name: str) -> str | None:
        """A setting's value, if set."""
        with self._read() as s:
            return s.scalar(select(SettingRow.value).where(SettingRow.name == name))

    def secret(self, name: str) -> bytes:
        """The random 32-byte secret called ``name``, made on first use (if two
        processes make it at once, the first one stored is kept by both)."""
        value = self.read(name)
        if value is None:
            try:
                with self._write() as s:
                    s.add(SettingRow(name=name, value=secrets.token_hex(32)))
            except IntegrityError:
                pass  # another process made it first
            value = self.read(name)
            assert value is not None
        return bytes.fromhex(value)
