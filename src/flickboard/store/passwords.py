"""The password policy of desk accounts, and their argon2id hashes.

A password needs :data:`MIN_PASSWORD` characters and must not be one of the most
common passwords (``common_passwords.txt``, shipped with the package; compared without
case). A sign-in under an unknown name still verifies against a dummy hash, so that it
takes as long as one under a known name and names do not leak by timing.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from flickboard.errors import InvalidInput

MIN_PASSWORD = 10
"""Shortest password accepted."""

MAX_PASSWORD = 200
"""Longest password accepted (a hash of megabytes is a way to keep the server busy)."""

HASHER = PasswordHasher()


@cache
def common_passwords() -> frozenset[str]:
    """The bundled list of common passwords (lower case)."""
    text = resources.files("flickboard.store").joinpath("common_passwords.txt").read_text()
    return frozenset(
        line.strip().lower() for line in text.splitlines() if line and not line.startswith("#")
    )


def check_password(password: str) -> None:
    """Refuse a password the policy does not allow (:class:`InvalidInput`)."""
    if password.lower() in common_passwords():
        raise InvalidInput("that password is one of the most common ones: choose another")
    if len(password) < MIN_PASSWORD:
        raise InvalidInput(f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise InvalidInput(f"a password has at most {MAX_PASSWORD} characters")


def hash_password(password: str) -> str:
    """The stored form of a password (argon2id)."""
    return HASHER.hash(password)


@cache
def _dummy_hash() -> str:
    return HASHER.hash("no account has this password, it only costs the time of one")


def verify(stored: str | None, password: str) -> bool:
    """True if ``password`` matches the ``stored`` hash; with no hash (an unknown name)
    the same work is done against a dummy one and the answer is False."""
    try:
        return bool(HASHER.verify(stored or _dummy_hash(), password)) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """True when the hash was made with weaker parameters than today's."""
    return HASHER.check_needs_rehash(stored)
