"""The desk's writes, one router per resource (web/desk/routers/): every write checks
who may act before its body (and names the action), the aliases of who may act are
named after their actions, a form is parsed into the API's body model (refused with the
validator's sentence), and a form gives the path's parts the API takes in its path
(over a real SQLite database)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.datastructures import FormData
from tests.conftest import sqlite_at_head

from flickboard.errors import InvalidInput
from flickboard.store.permissions import PERMISSIONS
from flickboard.web.app import create_app
from flickboard.web.desk import pages, who
from flickboard.web.desk.bodies import ShootOutBody
from flickboard.web.desk.forms import parsed
from flickboard.web.desk.routers import ROUTERS
from flickboard.web.desk.routers.standings import shootout_fields
from flickboard.web.desk.routing import May, action_of

from .test_desk_pages import Browser


@pytest.fixture
def app(tmp_path: Path) -> Any:
    app = create_app(sqlite_at_head(tmp_path / "actions.sqlite"))
    app.state.desk.service.accounts.set_director("Dee", "director-pass")
    return app


SIGNING_IN = {"/api/session", "/api/session/join", "/desk/login", "/desk/logout", "/desk/join"}
"""Writes before there is an identity to check (or any will do): their CSRF token is
checked against the visit's."""


def _routes(router: Any) -> Any:
    for route in router.routes:
        if hasattr(route, "original_router"):  # an included router
            yield from _routes(route.original_router)
        else:
            yield route


def test_every_write_checks_who_may_act_and_names_the_action() -> None:
    writes = [
        (method, route)
        for router in [*ROUTERS, pages.router]
        for route in _routes(router)
        for method in route.methods - {"GET", "HEAD"}
    ]
    assert len(writes) > 80
    for method, route in writes:
        if route.path in SIGNING_IN:
            continue
        action = action_of(route.endpoint)
        assert action in PERMISSIONS, (method, route.path)
        assert route.openapi_extra["x-action"] == action, (method, route.path)
        assert route.openapi_extra["x-roles"] == sorted(PERMISSIONS[action][0])


def test_who_may_act_is_named_after_its_action() -> None:
    aliases = {name: value for name, value in vars(who).items() if name.startswith("May")}
    assert len(aliases) == len(PERMISSIONS) - 2  # the disputes and the audit: read, not routed
    for name, alias in aliases.items():
        [depends] = alias.__metadata__
        assert isinstance(depends.dependency, May)
        camel = "".join(w.capitalize() for w in depends.dependency.action.split("_"))
        assert name == f"May{camel}"


def test_a_forms_fields_are_parsed_into_the_apis_body() -> None:
    form = FormData([("csrf", "t"), ("so_A", " XoX-oo "), ("so_B", "Xo-ooo"), ("so_B_2", "XXXooo")])
    body = parsed(ShootOutBody, shootout_fields(ShootOutBody, form))
    assert isinstance(body, ShootOutBody)
    assert body.attempts == {"A": "XoX-oo", "B": ("Xo-ooo", "XXXooo")}
    with pytest.raises(InvalidInput, match=r"attempts\.A"):
        parsed(ShootOutBody, shootout_fields(ShootOutBody, FormData([("so_A", "X" * 13)])))


def _event(app: Any, dee: Browser) -> int:
    entrants = "id,name\n" + "\n".join(f"P{i},Player {i}" for i in range(1, 5))
    dee.post("/desk/new/event", {"name": "Open", "category": "adult singles", "entrants": entrants})
    return int(app.state.desk.service.desk.catalog()[0].id)


def test_a_form_out_of_range_is_refused_with_the_validators_sentence(app: Any) -> None:
    dee = Browser(app, "Dee", "director-pass")
    event = _event(app, dee)
    bad = dee.post(f"/desk/manage/{event}/pools", {"count": "0", "size": "4"})
    assert (
        bad.status_code == 422 and "count: Input should be greater than or equal to 1" in bad.text
    )
    bad = dee.post(f"/desk/manage/{event}/draw", {"seed": "x"})
    assert bad.status_code == 422 and "seed: Input should be a valid integer" in bad.text
    assert app.state.desk.service.desk.draws("Open") == []  # nothing drawn


def test_deleting_from_the_form_asks_the_events_name(app: Any) -> None:
    dee = Browser(app, "Dee", "director-pass")
    event = _event(app, dee)
    bad = dee.post(f"/desk/manage/{event}/delete", {"confirm": "Opne"})
    assert bad.status_code == 422 and "name to confirm the deletion" in bad.text
    assert [e.name for e in app.state.desk.service.desk.catalog()] == ["Open"]
    done = dee.post(f"/desk/manage/{event}/delete", {"confirm": "Open"}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"].startswith("/desk?msg=Open")
    assert app.state.desk.service.desk.catalog() == []


def test_a_path_part_given_by_the_form_is_checked_as_the_paths(app: Any) -> None:
    dee = Browser(app, "Dee", "director-pass")
    event = _event(app, dee)
    bad = dee.post(f"/desk/manage/{event}/csc/board-out", {"board": "one", "to_board": "2"})
    assert bad.status_code == 422 and "board: Input should be a valid integer" in bad.text
    bad = dee.post("/desk/accounts/unlock", {})
    assert bad.status_code == 422 and "name:" in bad.text


def test_a_ruling_from_the_form_gives_the_rounds_or_says_the_card_stands(app: Any) -> None:
    dee = Browser(app, "Dee", "director-pass")
    event = _event(app, dee)
    card = f"/desk/manage/{event}/card/1/P1"
    bad = dee.post(f"{card}/rule", {"reason": "measured"})
    assert bad.status_code == 422 and "enter each round" in bad.text
    bad = dee.post(f"{card}/correct", {"game_round": "1", "pA": "x", "reason": "found"})
    assert bad.status_code == 422 and "after.scores.0: Input should be a valid integer" in bad.text
