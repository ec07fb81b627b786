"""Alembic migrations shipped with the package and applied programmatically."""
