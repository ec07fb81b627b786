"""Fixtures of the table's tests: the app on SQLite and on PostgreSQL (the storage
tests' databases), games made through the API."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.conftest import sqlite_at_head
from tests.store.conftest import empty_url

from .helpers import client

__all__ = ["api", "empty_url", "url"]


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A fresh SQLite database for the table."""
    return sqlite_at_head(tmp_path / "table.sqlite")


@pytest.fixture
def api(url: str) -> TestClient:
    """The app on that database, as a test client."""
    return client(url)
