"""The HTTP status of a refusal, one mapping for the whole web app (table and desk)."""

from __future__ import annotations

from flickboard.errors import (
    FlickboardError,
    IllegalInPosition,
    IllegalStart,
    InvalidInput,
    NotAllowed,
    NotAuthenticated,
)

STATUSES: tuple[tuple[type[FlickboardError], int], ...] = (
    (NotAuthenticated, 401),
    (NotAllowed, 403),
    (IllegalStart, 422),  # a shot parameter out of range, though it is about the position
    (IllegalInPosition, 409),
    (InvalidInput, 422),
)
"""Most specific first: the first class a refusal is an instance of gives its status."""


def status_of(exc: FlickboardError, default: int = 400) -> int:
    """The HTTP status of ``exc``: its class's own ``http_status`` if it sets one (the
    web's own refusals: an unknown game 404, too many sign-ins 429), else the first of
    :data:`STATUSES` it is an instance of, else ``default``."""
    own = getattr(exc, "http_status", None)
    if isinstance(own, int):
        return own
    return next((status for kind, status in STATUSES if isinstance(exc, kind)), default)
