"""Storage of events, draws, scorecards and shoot-outs (SQLAlchemy, Alembic).

SQLite by default in the user data directory; PostgreSQL by URL. Every user action is
one transaction: it is stored whole or not at all.
"""
