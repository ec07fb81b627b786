"""Fixtures of the table's tests: the app on SQLite and on PostgreSQL (the storage
tests' databases), games made through the API."""

from __future__ import annotations

from tests.store.conftest import empty_url

__all__ = ["empty_url"]
