"""PostgreSQL roles: the server connects as a role that does not own the tables, so it
cannot alter, disable or empty the audit trail.

The tables' owner (the role that created the schema and runs the migrations) grants the
serving role, with :func:`grant_serving_role`, what the desk needs and no more: reading
and writing every table, except that the audit trail takes only reads and new rows, and
the schema's version only reads. Only a table's owner (or a superuser) can drop or
disable its triggers, so the audit's append-only triggers hold against the server.
SQLite has no roles: whoever can write the database file can do anything to it.
"""

from __future__ import annotations

from sqlalchemy import Engine, text

from flickboard.errors import InvalidInput

APPEND_ONLY = ("audit",)
"""Tables the serving role may read and add to, nothing more."""
READ_ONLY = ("alembic_version",)
"""Tables the serving role may only read (migrations are the owner's)."""


def grant_serving_role(engine: Engine, role: str) -> None:
    """Give ``role`` (an existing PostgreSQL role, not the tables' owner) the rights the
    server needs in the engine's schema, and no more (run as the owner, after every
    upgrade: tables a new migration adds need granting too)."""
    if engine.dialect.name != "postgresql":
        raise InvalidInput(
            "roles are PostgreSQL's: on SQLite whoever can write the file can do anything"
        )
    quote = engine.dialect.identifier_preparer.quote
    with engine.begin() as c:
        found = c.execute(
            text("SELECT rolsuper FROM pg_roles WHERE rolname = :role"), {"role": role}
        ).first()
        if found is None:
            raise InvalidInput(f"no PostgreSQL role called {role!r}: CREATE ROLE it first")
        if found[0]:
            raise InvalidInput(f"{role} is a superuser: it could disable the audit's triggers")
        schema = str(c.execute(text("SELECT current_schema()")).scalar_one())
        owner = c.execute(
            text("SELECT tableowner FROM pg_tables WHERE schemaname = :s AND tablename = 'audit'"),
            {"s": schema},
        ).scalar()
        if owner == role:
            raise InvalidInput(f"{role} owns the tables: serve as another role")
        who, where = quote(role), quote(schema)
        for sql in (
            f"GRANT USAGE ON SCHEMA {where} TO {who}",
            f"REVOKE ALL ON ALL TABLES IN SCHEMA {where} FROM {who}",
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {where} TO {who}",
            *(f"REVOKE UPDATE, DELETE ON {quote(t)} FROM {who}" for t in APPEND_ONLY),
            *(f"REVOKE INSERT, UPDATE, DELETE ON {quote(t)} FROM {who}" for t in READ_ONLY),
            f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {where} TO {who}",
        ):
            c.execute(text(sql))
