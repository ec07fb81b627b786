"""One mapping from a refusal to its HTTP status, for the table and the desk."""

from __future__ import annotations

import pytest

from flickboard.errors import (
    FlickboardError,
    GameOver,
    IllegalInPosition,
    IllegalStart,
    InvalidInput,
    NotAllowed,
    NotAuthenticated,
)
from flickboard.store.passwords import Busy
from flickboard.store.throttle import TooManyAttempts
from flickboard.web.play.tables import UnknownGame
from flickboard.web.refusals import status_of


@pytest.mark.parametrize(
    ("refusal", "status"),
    [
        (NotAuthenticated("sign in"), 401),
        (NotAllowed("not yours"), 403),
        (UnknownGame("no such game"), 404),
        (TooManyAttempts("wait", retry_after=30), 429),
        (Busy("busy"), 503),
        (IllegalStart("off the line"), 422),
        (GameOver("over"), 409),
        (IllegalInPosition("not now"), 409),
        (InvalidInput("bad"), 422),
    ],
)
def test_each_refusal_has_its_status(refusal: FlickboardError, status: int) -> None:
    assert status_of(refusal) == status


def test_other_refusals_take_the_callers_default() -> None:
    assert status_of(FlickboardError("?")) == 400
    assert status_of(FlickboardError("?"), default=422) == 422
