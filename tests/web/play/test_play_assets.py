"""The table's scripts are plain modules bundled in the package: they import only each
other, name no other host, and every page loads them from /static."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from tests.conftest import sqlite_at_head

from flickboard.web.app import STATIC, create_app

SCRIPTS = sorted((STATIC / "table").glob("*.js"))


def test_the_scripts_import_only_each_other_and_name_no_other_host() -> None:
    assert {p.name for p in SCRIPTS} >= {"api.js", "board.js", "draw.js", "play.js"}
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        for target in re.findall(r"""^import .* from ["'](.+)["'];$""", text, re.M):
            assert target.startswith("./") and (script.parent / target).exists(), target
        assert not re.search(r"https?://", text), script.name


def test_every_page_of_the_table_loads_its_module_from_the_package(tmp_path: Path) -> None:
    client = TestClient(create_app(sqlite_at_head(tmp_path / "x.sqlite")))
    for path, module in (
        ("/play", "lobby.js"),
        ("/play/abcdefgh", "play.js"),
        ("/play/abcdefgh/replay", "replay.js"),
        ("/play/abcdefgh/try", "try.js"),
        ("/play/abcdefgh/enter", "enter.js"),
    ):
        page = client.get(path)
        assert page.status_code == 200 and f'src="/static/table/{module}"' in page.text
        assert client.get(f"/static/table/{module}").status_code == 200
    assert client.get("/static/table/table.css").status_code == 200
