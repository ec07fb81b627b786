"""Who is acting: the identity every desk write is made by, kept with it in the audit
trail, and the change notification sent when it commits."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

Role = Literal["director", "referee", "scorer", "public"]
ROLES: tuple[Role, ...] = ("director", "referee", "scorer", "public")


@dataclass(frozen=True, slots=True)
class Match:
    """The one game a table scorer's code is for."""

    event_id: int
    round_no: int
    sides: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Actor:
    """An identity: a role and a name. ``account`` is True for a signed-in account (the
    director or a referee); a scorer has ``match`` instead."""

    role: Role
    name: str
    account: bool = False
    match: Match | None = None

    @classmethod
    def public(cls) -> Actor:
        """Anyone: reads only."""
        return cls("public", "public")

    @classmethod
    def desk(cls) -> Actor:
        """The terminal at the desk (the command line): the director's rights without
        an account, so it cannot sign corrections, rulings or sanctions."""
        return cls("director", "desk")

    def __str__(self) -> str:
        return f"{self.role} {self.name}"


@dataclass(frozen=True, slots=True)
class Change:
    """A committed write that changed what the public sees of an event."""

    event_id: int
    event: str
    revision: int
    action: str

    def payload(self) -> str:
        """The change as JSON (the PostgreSQL NOTIFY payload)."""
        return json.dumps(
            {
                "event_id": self.event_id,
                "event": self.event,
                "revision": self.revision,
                "action": self.action,
            }
        )

    @classmethod
    def from_payload(cls, text: str) -> Change:
        """Read a NOTIFY payload."""
        data = json.loads(text)
        return cls(
            int(data["event_id"]), str(data["event"]), int(data["revision"]), str(data["action"])
        )


Notifier = Callable[[Change], None]
"""The hook called after every committed public change (the web fans it out)."""

CHANNEL = "flickboard_desk"
"""The PostgreSQL NOTIFY channel."""


@dataclass(frozen=True, slots=True)
class Acting:
    """The write under way: who, what (an action name) and whether the public sees it."""

    actor: Actor
    action: str
    detail: str = ""
    public: bool = True


_CURRENT: ContextVar[Acting | None] = ContextVar("flickboard_acting", default=None)


@contextmanager
def acting(actor: Actor, action: str, detail: str = "", *, public: bool = True) -> Iterator[None]:
    """Make the writes inside this block ``actor``'s ``action``."""
    token = _CURRENT.set(Acting(actor, action, detail, public))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current() -> Acting:
    """The write under way (the desk terminal's, when nobody said)."""
    return _CURRENT.get() or Acting(Actor.desk(), "write")
