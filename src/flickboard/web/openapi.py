"""Tuples in the OpenAPI schema as arrays of one type and a fixed length.

Pydantic writes a tuple (a card's two sides, a round's two scores) as OpenAPI 3.1's
``prefixItems``. Tools that read JSON Schema as draft 4 take it as ``items: [...]``,
which a 3.1 validator then refuses as a schema (Schemathesis does so when it checks an
answer). A tuple whose items all have one schema is written instead as ``items`` with
``minItems`` and ``maxItems``: the same arrays, read alike by every tool. A tuple of
mixed items keeps its ``prefixItems``."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI


def tuples_as_arrays(node: Any) -> None:
    """Rewrite, in place, every ``prefixItems`` of one repeated schema under ``node``."""
    if isinstance(node, list):
        for item in node:
            tuples_as_arrays(item)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        tuples_as_arrays(value)
    items = node.get("prefixItems")
    if not isinstance(items, list) or not items or "items" in node:
        return
    if all(item == items[0] for item in items):
        del node["prefixItems"]
        node["items"] = items[0]
        node["minItems"] = node["maxItems"] = len(items)


def document_tuples(app: FastAPI) -> None:
    """Make ``app``'s OpenAPI schema write its tuples as arrays of a fixed length
    (:func:`tuples_as_arrays`)."""
    made = app.openapi

    def schema() -> dict[str, Any]:
        if app.openapi_schema is None:
            out = made()
            tuples_as_arrays(out)
            app.openapi_schema = out
        return app.openapi_schema

    app.openapi = schema  # type: ignore[method-assign]
