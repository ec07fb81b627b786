"""The OpenAPI schema is honest: Schemathesis runs every operation of the whole API (the
table and the desk) on the real app over a real SQLite database, signed in as the
director so that the writes get past their role checks, and finds no 5xx, no status the
schema does not list and no body that does not match its schema: with valid data, with
invalid data (the negative phase: every malformed request refused with a 4xx), with the
coverage phase's edge values and unlisted methods (405 with ``Allow``), and in
sequences that follow the links it infers between operations (the stateful phase: an
event's ID from the list to its reads and writes). Bounded: a few deterministic
examples per operation. The desk's live stream is left to its own tests (it does not
end by itself)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, settings
from schemathesis import GenerationMode
from tests.conftest import sqlite_at_head, sqlite_copy

from flickboard.web.app import create_app

DIRECTOR = ("Dee", "director-pass")
LIVE = r"^/api/desk/events/\{event_id\}/live$"
"""The desk's live stream, left to its own tests (it ends only when the page goes)."""
EXAMPLES = 4
"""Generated examples per operation (deterministic: hypothesis derandomized)."""


class Director:
    """The app on its own database, a director signed in, a drawn WCC event, a spare one
    not drawn, a CSC round robin and a game at the table, so that generated requests
    meet real things. Made once per module (:meth:`made`); each test gets a copy of its
    database (:meth:`copy`), as it left it."""

    def __init__(self, url: str, csrf: str, cookies: dict[str, str], ids: tuple[int, ...]) -> None:
        self.app = create_app(url)
        self.app.state.play_tables.stream_seconds = 0.1  # a game's stream ends soon
        self.csrf, self.cookies = csrf, cookies
        self.event, self.spare, self.club = ids

    @classmethod
    def made(cls, path: Path) -> Director:
        """Everything made through the API, on a new database at ``path``."""
        app = create_app(sqlite_at_head(path))
        app.state.desk.service.accounts.set_director(*DIRECTOR)
        client = TestClient(app)
        got = client.post("/api/session", json={"name": DIRECTOR[0], "password": DIRECTOR[1]})
        assert got.status_code == 200, got.text
        headers = {"X-CSRF-Token": got.json()["csrf"]}
        entrants = [{"id": f"P{i}", "name": f"Player {i}"} for i in range(1, 9)]
        event = {"name": "Open", "category": "adult singles", "games": 3, "entrants": entrants}
        made = client.post("/api/desk/events", json=event, headers=headers)
        assert made.status_code == 201, made.text
        spare = client.post("/api/desk/events", json={**event, "name": "Spare"}, headers=headers)
        club = {
            "name": "Zone",
            "format": "csc-round-robin",
            "discipline": "singles",
            "entrants": [{"id": t, "name": f"Team {t}"} for t in "ABC"],
        }
        zone = client.post("/api/desk/club-events", json=club, headers=headers)
        assert zone.status_code == 201, zone.text
        drawn = client.post(
            f"/api/desk/events/{made.json()['id']}/draws", json={"publish": True}, headers=headers
        )
        assert drawn.status_code == 200, drawn.text
        app.state.desk.service.engine.dispose()
        ids = (made.json()["id"], spare.json()["id"], zone.json()["id"])
        return cls(f"sqlite:///{path}", headers["X-CSRF-Token"], dict(client.cookies), ids)

    def copy(self, path: Path) -> Director:
        """The same director, signed in, on a copy of this database at ``path``."""
        made = Path(str(self.app.state.desk.service.engine.url.database))
        ids = (self.event, self.spare, self.club)
        return Director(sqlite_copy(made, path), self.csrf, dict(self.cookies), ids)

    def headers(self) -> dict[str, str]:
        """The director's CSRF token, as every write sends it."""
        return {"X-CSRF-Token": self.csrf}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Director:
    return Director.made(tmp_path_factory.mktemp("schema") / "made.sqlite")


@pytest.fixture
def director(made: Director, tmp_path: Path) -> Director:
    return made.copy(tmp_path / "schema.sqlite")


@pytest.fixture
def api_schema(director: Director) -> Any:
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", director.app)
    schema.config.generation.update(modes=[GenerationMode.POSITIVE])
    return schema


@pytest.fixture
def invalid_schema(director: Director) -> Any:
    """The schema generating invalid data only (the negative phase), with the coverage
    phase's edge values and unlisted methods."""
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", director.app)
    schema.config.generation.update(modes=[GenerationMode.NEGATIVE])
    return schema


schema = schemathesis.pytest.from_fixture("api_schema").exclude(path_regex=LIVE)


FREE_TEXT = ({"type": "string"}, {"anyOf": [{"type": "string"}, {"type": "null"}]})
"""Parameter schemas every value fits (a name, a game's ID, an optional header)."""


def _nothing_to_negate(ctx: Any) -> bool:
    """An operation no request of which is invalid: no body, and only free text in its
    parameters."""
    parameters = ctx.operation.definition.raw.get("parameters", [])
    free = [{k: v for k, v in p.get("schema", {}).items() if k != "title"} for p in parameters]
    return not ctx.operation.body and all(f in FREE_TEXT for f in free)


invalid = (
    schemathesis.pytest.from_fixture("invalid_schema")
    .exclude(path_regex=LIVE)
    .exclude(_nothing_to_negate)
)

REFUSED_BY_DESIGN = [schemathesis.checks.positive_data_acceptance]
"""A body of the right shape may still be refused with the desk's or the referee's
sentence (an unknown category, an entrant listed twice): 422 by design."""


def _aimed(case: Any, director: Director) -> None:
    """The real event in the path (or, to delete, the spare one): past the 404 to the
    operation itself."""
    if isinstance((case.path_parameters or {}).get("event_id"), int):
        doomed = case.method == "DELETE" and case.path.endswith("{event_id}")
        case.path_parameters["event_id"] = director.spare if doomed else director.event


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_its_schema_says(case: Any, director: Director) -> None:
    _aimed(case, director)
    case.call_and_validate(
        headers=director.headers(), cookies=director.cookies, excluded_checks=REFUSED_BY_DESIGN
    )


@invalid.parametrize()
@settings(
    max_examples=2,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_refuses_invalid_data_as_its_schema_says(
    case: Any, director: Director
) -> None:
    """Out-of-range IDs (past 2^31 - 1: PostgreSQL's INTEGER), wrong types, missing
    fields, unlisted methods: a documented 4xx with one sentence, never a 5xx."""
    _aimed(case, director)
    case.call_and_validate(
        headers=director.headers(), cookies=director.cookies, excluded_checks=REFUSED_BY_DESIGN
    )


def test_sequences_of_linked_operations_answer_as_the_schema_says(director: Director) -> None:
    """The stateful phase: Schemathesis infers links (an event's ID from the list or a
    new event to its reads and writes) and runs short sequences along them."""
    loaded = schemathesis.openapi.from_asgi("/api/openapi.json", director.app)
    loaded.config.generation.update(modes=[GenerationMode.POSITIVE])
    machine = loaded.exclude(path_regex=LIVE).as_state_machine()

    linked: list[str] = []

    class Signed(machine):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            linked.append(f"{case.method} {case.path}")
            return {"headers": director.headers(), "cookies": director.cookies}

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            case.validate_response(
                response, excluded_checks=REFUSED_BY_DESIGN, transport_kwargs=kwargs
            )

    Signed.run(
        settings=settings(
            max_examples=6,
            stateful_step_count=5,
            derandomize=True,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
    assert len(linked) >= 12 and len(set(linked)) >= 6, linked  # sequences ran, not one call


def test_unknown_events_cards_and_games_are_404_with_one_sentence(director: Director) -> None:
    client = TestClient(director.app, cookies=director.cookies)
    h = director.headers()
    for method, path in (
        ("get", "/api/desk/events/9999/standings"),
        ("post", "/api/desk/events/9999/rename"),
        ("post", f"/api/desk/events/{director.event}/cards/1/P1/validation"),
        ("get", "/api/play/games/no-such-game-here"),
    ):
        body = {"name": "X"} if path.endswith("rename") else {"initials": "AB"}
        got = client.request(method.upper(), path, json=body, headers=h)
        assert got.status_code == 404, (path, got.status_code, got.text)
        assert isinstance(got.json()["detail"], str) and got.json()["detail"].startswith(
            ("no ", "there is no")
        )


def test_a_malformed_request_is_422_with_one_sentence_as_the_schema_says(
    director: Director,
) -> None:
    client = TestClient(director.app, cookies=director.cookies)
    path = f"/api/desk/events/{director.event}/draws"
    for body in (b"\xff\xfe not json", b'{"seed": "twelve"}'):
        got = client.post(
            path, content=body, headers={**director.headers(), "Content-Type": "application/json"}
        )
        assert got.status_code == 422, got.text
        assert isinstance(got.json()["detail"], str)
    schema = client.get("/api/openapi.json").json()
    draw = schema["paths"]["/api/desk/events/{event_id}/draws"]["post"]["responses"]
    assert sorted(draw) == ["200", "401", "403", "404", "409", "413", "422"]
    assert draw["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/Problem")
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    listing = schema["paths"]["/api/desk/events"]["get"]["responses"]
    assert sorted(listing) == ["200"]  # nothing to refuse


def test_every_405_names_every_method_of_its_path_in_allow(director: Director) -> None:
    """A method a path does not take is 405 with ``Allow`` naming all it takes (Starlette
    named only those of the first route of the path: GET of ``/api/desk/events``)."""
    client = TestClient(director.app, cookies=director.cookies)
    paths = client.get("/api/openapi.json").json()["paths"]
    checked = 0
    for path, operations in paths.items():
        url = re.sub(r"{event_id}", str(director.event), path)
        url = re.sub(r"{\w+}", "1", url)
        documented = {m.upper() for m in operations}
        for method in {"GET", "POST", "PUT", "DELETE", "PATCH"} - documented:
            got = client.request(method, url, headers=director.headers())
            assert got.status_code == 405, (method, path, got.status_code)
            allow = {m.strip() for m in got.headers["allow"].split(",")}
            assert allow == documented, (method, path, got.headers["allow"])
            checked += 1
    assert checked > 150


def test_every_read_of_a_club_event_answers_a_documented_status(director: Director) -> None:
    """The reads of a crokinole event's file, draws, cards and export refuse a club
    event with 409, as the schema says (it did not list it)."""
    client = TestClient(director.app, cookies=director.cookies)
    paths = client.get("/api/openapi.json").json()["paths"]
    club = director.club
    refused = []
    for path, operations in paths.items():
        if "{event_id}" not in path or "get" not in operations or re.search(LIVE, path):
            continue
        got = client.get(path.replace("{event_id}", str(club)))
        assert str(got.status_code) in operations["get"]["responses"], (path, got.status_code)
        if got.status_code == 409:
            refused.append(path.removeprefix("/api/desk/events/{event_id}"))
            assert "csc-round-robin" in got.json()["detail"]
    assert sorted(refused) == ["", "/cards", "/draws", "/export"]


def test_entrants_csv_with_any_line_ending_is_read_or_refused_clearly(director: Director) -> None:
    client = TestClient(director.app, cookies=director.cookies)
    path = f"/api/desk/events/{director.spare}/entrants"
    for bad in ("a\rb", 'id,name\r"P9,Nine'):
        got = client.post(path, json={"csv": bad}, headers=director.headers())
        assert got.status_code == 422, got.text
    assert (
        "header must name id and name"
        in client.post(path, json={"csv": "a\rb"}, headers=director.headers()).json()["detail"]
    )
    form = client.post(
        f"/desk/manage/{director.spare}/entrants",
        data={"csv": "a\rb", "csrf": director.csrf},
        follow_redirects=False,
    )
    assert form.status_code == 422 and "header must name id and name" in form.text
    for n, ending in enumerate(("\r", "\r\n", "\n")):
        text = ending.join(["id,name", f"R{n},Rea {n}", ""])
        got = client.post(path, json={"csv": text}, headers=director.headers())
        assert got.status_code == 200 and got.json() == {"added": 1}, got.text


def test_ids_past_the_databases_range_are_422_not_500_on_postgresql(
    postgres_schema_url: str,
) -> None:
    """PostgreSQL's INTEGER ends at 2^31 - 1: an ID past it in any path is malformed
    (422), on the API and the pages (it raised NumericValueOutOfRange: 500)."""
    app = create_app(postgres_schema_url)
    client = TestClient(app)
    big = 2**31
    for path in (
        f"/api/desk/events/{big}",
        f"/api/desk/events/{big}/standings",
        f"/api/desk/events/{big}/cards",
        f"/api/desk/events/{big}/games",
        f"/api/desk/events/{big}/draws",
        f"/api/desk/events/{big}/export",
        f"/desk/standings/{big}",
        f"/desk/tv/{big}",
        f"/desk/standings/{big}/csv",
        f"/desk/manage/{big}",
    ):
        got = client.get(path)
        assert got.status_code == 422, (path, got.status_code, got.text[:200])
        assert "less than or equal to 2147483647" in got.text
    assert client.get(f"/api/desk/events/{big - 1}/standings").status_code == 404
    app.state.desk.service.engine.dispose()
