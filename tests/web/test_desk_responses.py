"""Every desk operation says what it answers: the OpenAPI schema names a model for each
JSON answer (web/desk/answers.py), or the media type of what else it gives; the answers
declare every key they hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from tests.conftest import sqlite_at_head

from flickboard.web.app import create_app
from flickboard.web.desk.answers import Named
from flickboard.web.openapi import tuples_as_arrays

DESK = ("/api/desk", "/api/session")
"""The desk's API (api.py's routers): its operations and signing in."""
NOT_JSON = {"application/pdf", "text/event-stream"}
"""What the desk gives besides JSON: blank scorecards, the live stream."""


def _models(schema: Any) -> set[str]:
    """The components a schema names, at its top or in its items and alternatives."""
    if not isinstance(schema, dict):
        return set()
    out = {schema["$ref"].rsplit("/", 1)[-1]} if "$ref" in schema else set()
    for alternative in schema.get("anyOf", []):
        out |= _models(alternative)
    return out | _models(schema.get("items"))


@pytest.fixture
def openapi(tmp_path: Path) -> dict[str, Any]:
    app = create_app(sqlite_at_head(tmp_path / "responses.sqlite"))
    return app.openapi()


def test_every_desk_operation_names_the_model_of_its_json_answer(
    openapi: dict[str, Any],
) -> None:
    components = openapi["components"]["schemas"]
    checked = 0
    for path, operations in openapi["paths"].items():
        if not path.startswith(DESK):
            continue
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            done = {k: v for k, v in operation["responses"].items() if k.startswith("2")}
            assert len(done) == 1, where
            [(status, answer)] = done.items()
            checked += 1
            if status == "204":
                assert "content" not in answer, where  # nothing to describe
                continue
            content = answer["content"]
            if "application/json" not in content:
                assert set(content) <= NOT_JSON and all(c["schema"] for c in content.values())
                continue
            schema = content["application/json"]["schema"]
            named = _models(schema)
            assert named and named <= set(components), (where, schema)
            for name in named:
                assert components[name].get("properties"), (where, name)
    assert checked >= 55


def test_an_answer_refuses_a_key_it_does_not_declare() -> None:
    assert Named.model_validate({"name": "Open"}).name == "Open"
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        Named.model_validate({"name": "Open", "id": 1})


def test_tuples_of_one_item_type_are_arrays_of_a_fixed_length() -> None:
    pair = {"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}]}
    mixed = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]}
    schema = {"properties": {"sides": pair, "board": mixed}}
    tuples_as_arrays(schema)
    assert schema["properties"]["sides"] == {
        "type": "array",
        "items": {"type": "string"},
        "minItems": 2,
        "maxItems": 2,
    }
    assert "prefixItems" in schema["properties"]["board"]
