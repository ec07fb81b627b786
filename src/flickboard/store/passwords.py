"""The password policy of desk accounts, and their argon2id hashes.

A password needs :data:`MIN_PASSWORD` characters and must not be easy to guess: zxcvbn
(the Python port of Dropbox's estimator, MIT) scores it at least :data:`MIN_SCORE` on
its 0-4 scale, with the account's name and the desk's own words counted as known words.
zxcvbn finds common passwords (its frequency lists: the 30,000 most common), dictionary
words, the name and its case or l33t variants, repeats (``aaaaaaaaaa``,
``directordirector``), sequences (``abcdefghij``) and keyboard rows.

A hash costs 64 MiB for a moment (argon2id's defaults), so at most
:data:`CHECKS_AT_ONCE` are computed at once in a process and at most :data:`WAITING`
wait for their turn; more are refused at once (:class:`Busy`, HTTP 503): a burst of
sign-ins cannot exhaust the server's memory. A sign-in under an unknown name still
verifies against a dummy hash, so that it takes as long as one under a known name and
names do not leak by timing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from zxcvbn import zxcvbn

from flickboard.errors import FlickboardError, InvalidInput

MIN_PASSWORD = 10
"""Shortest password accepted."""

MAX_PASSWORD = 200
"""Longest password accepted (a hash of megabytes is a way to keep the server busy)."""

MIN_SCORE = 2
"""zxcvbn's score a password needs: 2 is "somewhat guessable", about 10^6 guesses or
more (0 and 1 are guessed within a thousand or a million tries)."""

SCORED = 72
"""zxcvbn scores this many characters at most (its own limit; a longer password is at
least as strong as its start)."""

DESK_WORDS = ("flickboard", "crokinole", "shuffleboard", "desk", "director", "referee")
"""Words anyone would try first against this server, counted as known."""

CHECKS_AT_ONCE = 2
"""Password hashes computed at once in one process."""
WAITING = 8
"""Password hashes that may wait for their turn in one process; more are refused."""
TURN_WAIT = 20.0
"""Seconds a hash waits for its turn before it is refused."""

HASHER = PasswordHasher()


class Busy(FlickboardError):
    """Too many password checks at once: try again in a moment (HTTP 503)."""

    http_status = 503
    retry_after = 5


class Turns:
    """At most ``at_once`` holders at a time, at most ``waiting`` more queued; beyond
    that, or after ``wait`` seconds in the queue, :class:`Busy`. Thread-safe."""

    def __init__(self, at_once: int, waiting: int, wait: float) -> None:
        self.limit = at_once + waiting
        self.wait = wait
        self._slots = threading.BoundedSemaphore(at_once)
        self._lock = threading.Lock()
        self._in = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Hold a turn for the block."""
        with self._lock:
            if self._in >= self.limit:
                raise Busy("the server is busy checking passwords: try again in a moment")
            self._in += 1
        try:
            if not self._slots.acquire(timeout=self.wait):
                raise Busy("the server is busy checking passwords: try again in a moment")
            try:
                yield
            finally:
                self._slots.release()
        finally:
            with self._lock:
                self._in -= 1


HASHING = Turns(CHECKS_AT_ONCE, WAITING, TURN_WAIT)
"""The turns of this process's password hashes."""


def check_password(password: str, name: str = "") -> None:
    """Refuse a password the policy does not allow for the account called ``name``
    (:class:`InvalidInput`, one sentence saying why)."""
    if len(password) < MIN_PASSWORD:
        raise InvalidInput(f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise InvalidInput(f"a password has at most {MAX_PASSWORD} characters")
    found = zxcvbn(password[:SCORED], user_inputs=[name, *DESK_WORDS] if name else DESK_WORDS)
    if found["score"] < MIN_SCORE:
        why = found["feedback"]["warning"].rstrip(".")
        if not why and name and name.casefold() in password.casefold():
            why = "it is little more than the account's name"
        raise InvalidInput(
            f"that password is too easy to guess{f' ({why})' if why else ''}: "
            "choose a longer one, with uncommon words"
        )


def hash_password(password: str) -> str:
    """The stored form of a password (argon2id), computed in turn."""
    with HASHING.turn():
        return HASHER.hash(password)


@cache
def _dummy_hash() -> str:
    return hash_password("no account has this password, it only costs the time of one")


def verify(stored: str | None, password: str) -> bool:
    """True if ``password`` matches the ``stored`` hash; with no hash (an unknown name)
    the same work is done against a dummy one and the answer is False. Computed in
    turn (:class:`Busy` when too many wait)."""
    against = stored or _dummy_hash()
    with HASHING.turn():
        try:
            return bool(HASHER.verify(against, password)) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


def needs_rehash(stored: str) -> bool:
    """True when the hash was made with weaker parameters than today's."""
    return HASHER.check_needs_rehash(stored)
