"""Where the database lives and how a URL is opened."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect

from flickboard.errors import InvalidInput
from flickboard.store.db import URL_ENV, default_url, engine_for


def test_default_database_is_sqlite_in_user_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(URL_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'flickboard' / 'flickboard.sqlite'}"
    engine = engine_for()
    assert "events" in inspect(engine).get_table_names()
    engine.dispose()


def test_environment_variable_overrides_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(URL_ENV, f"sqlite:///{tmp_path / 'other.sqlite'}")
    assert default_url().endswith("other.sqlite")


def test_bad_database_url_is_a_clear_error() -> None:
    with pytest.raises(InvalidInput, match="not a database URL"):
        engine_for("events.sqlite")
    with pytest.raises(InvalidInput, match="cannot open database"):
        engine_for("nosuchdriver://x/y")
