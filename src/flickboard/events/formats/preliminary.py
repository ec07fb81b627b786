"""The WCC preliminary: drawn round by round, no repeat opponents; pools and a
recreational round of 32 are made from it."""

from __future__ import annotations

from flickboard.events.formats.base import EventFormat

PRELIMINARY = EventFormat("preliminary", "Preliminary", makes_cuts=True)
