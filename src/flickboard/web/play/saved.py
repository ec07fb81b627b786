"""The table's games in the database, the one truth about each game (tables
``play_games``, ``play_shots`` and ``play_events``; migrations 0006, 0013 and 0014).

A game is saved as its setup, its seats (with hashed tokens) and its shots, each shot's
record compact at full precision: replayed through a match built from the setup, the
shots rebuild the game exactly. Now and then a change saves the match as it stands too
(:class:`Snapshot`): a game is read back from it and the shots after it. The game's row says where the game is (:class:`Head`:
its version, which counts the changes, the shots saved, the take-backs, the status and
seats, its latest live event, the AI's lease). A server process holding a game in
memory reads the head to know whether its copy is current, and brings it up to date
from the shots saved since (:meth:`SavedGames.since`).

Every change is one transaction that first locks the game's row
(:meth:`SavedGames.changing`: ``SELECT ... FOR UPDATE`` on PostgreSQL, ``BEGIN
IMMEDIATE`` on SQLite), so the change is judged on the game as saved, whichever process
made the last one; it bumps the version, adds or removes shots and saves the live event
that tells the pages (``play_events``, numbered per game). On PostgreSQL saving the
event sends ``NOTIFY flickboard_table`` (a trigger; delivered when the transaction
commits) so that every server process hands the event to the pages it serves; in this
process the event is handed over as soon as the transaction commits
(:attr:`SavedGames.announce`).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, cast

from sqlalchemy import (
    Connection,
    Engine,
    Select,
    Table,
    and_,
    bindparam,
    case,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    update,
)

from flickboard.errors import IllegalInPosition, NotFound
from flickboard.store.db import SYNC_NORMAL, WRITE, engine_for
from flickboard.store.models import PlayEventRow, PlayGameRow, PlayShotRow
from flickboard.web.play.throttle import Limits, TooManyGames, whole_number

CHANNEL = "flickboard_table"
"""The PostgreSQL channel of the table's live events: a trigger on ``play_events`` sends
``GAME_ID NUMBER KIND DATA`` for each event saved, or ``GAME_ID NUMBER`` when the event's
text is too long for a notification (migration 0013; :func:`heard`)."""


EVENTS_KEPT = 64
"""Live events kept per game for pages that reconnect (one further behind gets the
whole state); up to :data:`PRUNE_EVERY` more are kept between two prunings."""
PRUNE_EVERY = 16
"""Older events are deleted at every this many events of a game."""


CONNECTIONS = 10
"""PostgreSQL connections the table may hold at once in one server process (half kept
open); ``$FLICKBOARD_TABLE_CONNECTIONS`` sets another number. A change holds one only
for its transaction, so a few serve many request threads."""
CONNECTIONS_ENV = "FLICKBOARD_TABLE_CONNECTIONS"


def pool_sizes() -> tuple[int, int]:
    """The table engine's pool: connections kept open, and the more it may open."""
    most = whole_number(CONNECTIONS_ENV, CONNECTIONS)
    return most - most // 2, most // 2


class UnknownGame(NotFound):
    """No game has this ID (the web answers 404)."""


class ChangedMeanwhile(IllegalInPosition):
    """The game was changed by another writer since it was read (reload it)."""


@dataclass(frozen=True)
class SavedShot:
    """A shot as saved: its number, seat, compact record and note."""

    number: int
    seat: int
    record: dict[str, Any]
    note: dict[str, Any]


@dataclass(frozen=True)
class SavedEvent:
    """A live event as saved: its number in the game, kind and JSON text."""

    number: int
    kind: str
    data: str


def heard(payload: str) -> tuple[str, SavedEvent | int]:
    """A notification on :data:`CHANNEL`: the game's ID and its event, or only the
    event's number (the event is then read from the database)."""
    game_id, number, *rest = payload.split(" ", 3)
    if len(rest) == 2:
        return game_id, SavedEvent(int(number), rest[0], rest[1])
    return game_id, int(number)


@dataclass(frozen=True)
class Shown:
    """What a read of a game shows, saved with each change: its state's JSON text
    (None for a game on a wall clock, whose state changes by itself) and the AI seat
    to shoot next (None when a person is to shoot or the game is over)."""

    state: str | None
    ai_seat: int | None


THINKING_NONE = '"thinking":null}'
"""How a saved state ends: who is thinking is read from the AI's lease when it is read."""


@dataclass(frozen=True)
class Head:
    """Where a saved game is: its version (changes so far), shots saved, take-backs,
    status, seats, latest live event, and until when (Unix seconds) the AI's lease runs
    (None: no AI is choosing)."""

    version: int
    shots: int
    takebacks: int
    status: str
    seats: list[dict[str, Any]]
    events: int
    ai_until: float | None


@dataclass(frozen=True)
class Snapshot:
    """A game's match as it stood after its first ``shots`` shots, saved by the code
    whose digest is ``code`` (:mod:`flickboard.play.snapshot`)."""

    shots: int
    code: str
    data: bytes


@dataclass(frozen=True)
class SavedGame:
    """A game as saved: its setup, head, its snapshot (None: none made by this code)
    and its shots (all of them, or those after the snapshot)."""

    id: str
    game: str
    setup: dict[str, Any]
    head: Head
    shots: list[SavedShot]
    snapshot: Snapshot | None = None


_GAMES = cast(Table, PlayGameRow.__table__)
_SHOTS = cast(Table, PlayShotRow.__table__)
_EVENTS = cast(Table, PlayEventRow.__table__)
_HEAD = (
    _GAMES.c.version,
    _GAMES.c.shot_count,
    _GAMES.c.takebacks,
    _GAMES.c.status,
    _GAMES.c.seats,
    _GAMES.c.events,
    _GAMES.c.ai_until,
)
_READ_HEAD = select(*_HEAD).where(_GAMES.c.id == bindparam("b_id"))
_LOCK_HEAD = _READ_HEAD.with_for_update()
_HEAD_AND_SHOTS = (
    select(*_HEAD, _SHOTS.c.number, _SHOTS.c.seat, _SHOTS.c.record, _SHOTS.c.note)
    .select_from(
        _GAMES.outerjoin(
            _SHOTS,
            and_(_SHOTS.c.game_id == _GAMES.c.id, _SHOTS.c.number > bindparam("b_after")),
        )
    )
    .where(_GAMES.c.id == bindparam("b_id"))
    .order_by(_SHOTS.c.number)
)
"""A game's head with each shot saved after a number (one row with no shot if none):
the head and the shots as of one moment."""
_LOCK_HEAD_AND_SHOTS = _HEAD_AND_SHOTS.with_for_update(of=_GAMES)
"""The same with the game's row locked (PostgreSQL; SQLite's writes are serialised)."""
_READ_STATE = select(_GAMES.c.state, _GAMES.c.ai_seat, _GAMES.c.ai_until).where(
    _GAMES.c.id == bindparam("b_id")
)
_EVENTS_AFTER = (
    select(_EVENTS.c.number, _EVENTS.c.kind, _EVENTS.c.data)
    .where(_EVENTS.c.game_id == bindparam("b_id"), _EVENTS.c.number > bindparam("b_after"))
    .order_by(_EVENTS.c.number)
)
_BUMP = update(_GAMES).where(
    _GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version")
)
"""A game's row set at a version; the columns set are the parameters given."""
_DROP_SNAPSHOT = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.snapshot_shots > bindparam("b_keep"))
    .values(snapshot=None, snapshot_shots=None, snapshot_code=None)
)
"""A snapshot of shots taken back dropped."""
_ADD_SHOT = insert(_SHOTS)
_ADD_EVENT = insert(_EVENTS)
_PRUNE_EVENTS = delete(_EVENTS).where(
    _EVENTS.c.game_id == bindparam("b_id"), _EVENTS.c.number <= bindparam("b_upto")
)
_NEXT_EVENT = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"))
    .values(events=_GAMES.c.events + 1)
    .returning(_GAMES.c.events)
)


def _shot_values(shot: SavedShot, prefix: str = "") -> dict[str, Any]:
    """A shot's columns as saved (names prefixed)."""
    return {
        f"{prefix}number": shot.number,
        f"{prefix}seat": shot.seat,
        f"{prefix}record": json.dumps(shot.record),
        f"{prefix}note": json.dumps(shot.note),
    }


@cache
def _change_statement(columns: tuple[str, ...], shot: bool, event: bool) -> Select[Any]:
    """PostgreSQL: a change's writes in one statement (one round trip): the game's row
    set (``columns``, parameters ``v_COLUMN``) at its version, and a shot
    (``s_COLUMN``) and an event (``e_COLUMN``) added if asked."""
    bumped = (
        update(_GAMES)
        .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version"))
        .values({c: bindparam(f"v_{c}", type_=_GAMES.c[c].type) for c in columns})
        .returning(_GAMES.c.id)
        .cte("bumped")
    )
    added = []
    for wanted, table, names, prefix in (
        (shot, _SHOTS, ("number", "seat", "record", "note"), "s_"),
        (event, _EVENTS, ("number", "kind", "data"), "e_"),
    ):
        if wanted:
            given = [bindparam(f"{prefix}{n}", type_=table.c[n].type) for n in names]
            rows = select(bumped.c.id, *given)
            added.append(insert(table).from_select(["game_id", *names], rows).cte(f"add_{prefix}"))
    return select(func.count()).select_from(bumped).add_cte(*added)


def _head(row: Any) -> Head:
    version, shots, takebacks, status, seats, events, ai_until = row
    return Head(version, shots, takebacks, status, json.loads(seats), events, ai_until)


def _shot(row: Any) -> SavedShot:
    number, seat, record, note = row
    return SavedShot(number, seat, json.loads(record), json.loads(note))


def _since(
    connection: Connection, game_id: str, shots: int, takebacks: int, lock: bool = False
) -> tuple[Head, list[SavedShot], bool] | None:
    """The game's head, and the shots a copy holding ``shots`` shots after
    ``takebacks`` take-backs lacks to be at it, with whether they are all the game's
    shots (the copy is built afresh: shots were taken back since, or it holds more);
    None if there is no such game. Each read is one statement: one moment (``lock``:
    the game's row locked by it, on PostgreSQL)."""
    read = _LOCK_HEAD_AND_SHOTS if lock else _HEAD_AND_SHOTS
    rows = connection.execute(read, {"b_id": game_id, "b_after": shots}).all()
    if not rows:
        return None
    head = _head(rows[0][: len(_HEAD)])
    afresh = head.takebacks != takebacks or head.shots < shots
    if afresh and shots:  # all of them
        rows = connection.execute(read, {"b_id": game_id, "b_after": 0}).all()
        head = _head(rows[0][: len(_HEAD)])
    found = [_shot(r[len(_HEAD) :]) for r in rows if r[len(_HEAD)] is not None]
    found = [s for s in found if s.number <= head.shots]
    if lock and len(found) != head.shots - (0 if afresh else shots):
        # it waited for another change's lock: PostgreSQL then reads the row as that
        # change left it but the shots as they were; the row held now, read again
        return _since(connection, game_id, shots, takebacks)
    return head, found, afresh


def encode(data: Any) -> str:
    """JSON text as the answers send it (compact, UTF-8, no NaN)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def address_digest(address: str) -> str:
    """What is kept of a client's address: its SHA-256 (the per-address limits)."""
    return hashlib.sha256(address.encode()).hexdigest()


Announce = Callable[[str, SavedEvent], None]
"""Told of a live event once it is committed: (game ID, event)."""


class Writing:
    """One change of a game in its transaction, the game's row locked
    (:meth:`SavedGames.changing`). ``held``: the shots and take-backs of the copy that
    changes it, if any: the statement that locks the row reads the shots it lacks too
    (:attr:`lacking`)."""

    def __init__(
        self,
        saved: SavedGames,
        connection: Connection,
        game_id: str,
        held: tuple[int, int] | None = None,
    ) -> None:
        self.saved = saved
        self.connection = connection
        self.id = game_id
        self.lacking: tuple[Head, list[SavedShot], bool] | None = None
        """The head, and what the copy lacks to be at it (:func:`_since`), read with the
        lock; None without ``held`` or if there is no such game."""
        if held is None:
            row = connection.execute(
                _LOCK_HEAD if saved.postgres else _READ_HEAD, {"b_id": game_id}
            ).first()
            self.head: Head | None = None if row is None else _head(row)
        else:
            self.lacking = _since(connection, game_id, *held, lock=saved.postgres)
            self.head = None if self.lacking is None else self.lacking[0]
        self.events: list[SavedEvent] = []

    def change(
        self,
        *,
        add: SavedShot | None = None,
        keep: int | None = None,
        status: str | None = None,
        seats: list[dict[str, Any]] | None = None,
        record: dict[str, Any] | None = None,
        event: tuple[str, str] | None = None,
        shown: Shown | None = None,
        snapshot: Snapshot | None = None,
    ) -> Head:
        """Change the game: add a shot, keep only the first ``keep`` shots (a take-back:
        a snapshot of more shots is dropped), set the status, seats, record or snapshot,
        save the live ``event`` (kind, JSON text) and what a read shows now; the version
        goes up by one and the AI's lease ends (its turn is over or changed). The head
        after it."""
        head = self.head
        assert head is not None
        shots = head.shots if keep is None else keep
        shots += add is not None
        events = head.events + (event is not None)
        values: dict[str, Any] = {
            "version": head.version + 1,
            "updated": _now(),
            "shot_count": shots,
            "takebacks": head.takebacks + (keep is not None),
            "events": events,
            "ai_owner": None,
            "ai_until": None,
        }
        if status is not None:
            values["status"] = status
        if seats is not None:
            values["seats"] = json.dumps(seats)
        if record is not None:
            values["record"] = json.dumps(record)
        if shown is not None:
            values["state"], values["ai_seat"] = shown.state, shown.ai_seat
        if snapshot is not None:
            values["snapshot"], values["snapshot_shots"] = snapshot.data, snapshot.shots
            values["snapshot_code"] = snapshot.code
        if keep is None and self.saved.postgres:  # the row is locked: it was at the version
            statement = _change_statement(tuple(values), add is not None, event is not None)
            given = {f"v_{k}": v for k, v in values.items()}
            if add is not None:
                given.update(_shot_values(add, "s_"))
            if event is not None:
                given.update(e_number=events, e_kind=event[0], e_data=event[1])
            self.connection.execute(
                statement, {"b_id": self.id, "b_version": head.version, **given}
            )
            if event is not None:
                self._evented(events, *event)
        else:
            self._change_apart(
                head.version, values, add, keep, None if event is None else (events, *event)
            )
        self.head = Head(
            head.version + 1,
            shots,
            values["takebacks"],
            head.status if status is None else status,
            head.seats if seats is None else seats,
            events,
            None,
        )
        return self.head

    def _change_apart(
        self,
        version: int,
        values: dict[str, Any],
        add: SavedShot | None,
        keep: int | None,
        event: tuple[int, str, str] | None,
    ) -> None:
        """A change's writes one statement each (SQLite, and a take-back)."""
        done = self.connection.execute(_BUMP, {"b_id": self.id, "b_version": version, **values})
        if done.rowcount != 1:  # only without the row lock (SQLite serialises the writes)
            raise ChangedMeanwhile(
                "this game was changed meanwhile (another window or server); reload the page"
            )
        if keep is not None:
            self.connection.execute(
                delete(_SHOTS).where(_SHOTS.c.game_id == self.id, _SHOTS.c.number > keep)
            )
            self.connection.execute(_DROP_SNAPSHOT, {"b_id": self.id, "b_keep": keep})
        if add is not None:
            self.connection.execute(_ADD_SHOT, {"game_id": self.id, **_shot_values(add)})
        if event is not None:
            self._event(*event)

    def event(self, kind: str, data: str) -> int:
        """Save a live event that changes nothing else (the AI choosing, a problem):
        its number."""
        number = int(self.connection.execute(_NEXT_EVENT, {"b_id": self.id}).scalar_one())
        self._event(number, kind, data)
        return number

    def _event(self, number: int, kind: str, data: str) -> None:
        self.connection.execute(
            _ADD_EVENT, {"game_id": self.id, "number": number, "kind": kind, "data": data}
        )
        self._evented(number, kind, data)

    def _evented(self, number: int, kind: str, data: str) -> None:
        """An event saved: the oldest pruned now and then, and this one announced after
        the commit."""
        if number > EVENTS_KEPT and number % PRUNE_EVERY == 0:
            self.connection.execute(
                _PRUNE_EVENTS, {"b_id": self.id, "b_upto": number - EVENTS_KEPT}
            )
        self.events.append(SavedEvent(number, kind, data))


class SavedGames:
    """The table's games in one database (see the module docstring). The engine is
    made, and the schema upgraded, when this is made (before any request is served).
    ``announce`` is told of every live event this process commits."""

    def __init__(self, url: str, announce: Announce | None = None) -> None:
        self.url = url
        self.engine: Engine = engine_for(url, synchronous=SYNC_NORMAL, pool=pool_sizes())
        """The engine. On SQLite a shot is committed to the write-ahead log without
        waiting for the disk (``synchronous=NORMAL``): kept across a crash of the
        server, see docs/web.md."""
        self.writer = self.engine.execution_options(**WRITE)
        """The engine with the execution options of a write."""
        self.postgres = self.engine.dialect.name == "postgresql"
        self.reader = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.postgres
            else self.engine
        )
        """The engine for a read of one statement (no transaction around it on
        PostgreSQL: one round trip)."""
        self.announce = announce

    @property
    def commits_quickly(self) -> bool:
        """True on SQLite, where a commit does not wait for the disk (above): short
        enough to make on the server's event loop."""
        return not self.postgres

    # -- a new game -------------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        game: str,
        setup: dict[str, Any],
        seats: list[dict[str, Any]],
        *,
        address: str = "?",
        spectacle: bool = False,
        limits: Limits | None = None,
        shown: Shown | None = None,
    ) -> None:
        """Save a new game (version 0, no shots) and what a read of it shows, if
        ``address`` may start one now: ``limits`` counted over every server process in
        the same transaction (:class:`~.throttle.TooManyGames` otherwise)."""
        limits = limits or Limits()
        digest = address_digest(address)
        at = _now()
        with self.writer.begin() as connection:
            if self.postgres:  # one new game at a time per address, and per AI v AI match
                for key in (digest, "spectacle") if spectacle else (digest,):
                    connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"),
                        {
                            "key": int.from_bytes(
                                hashlib.sha256(key.encode()).digest()[:8], "big", signed=True
                            )
                        },
                    )
            self._admit(connection, digest, spectacle, limits, at)
            connection.execute(
                insert(_GAMES),
                {
                    "id": game_id,
                    "game": game,
                    "setup": json.dumps(setup),
                    "seats": json.dumps(seats),
                    "status": "playing",
                    "version": 0,
                    "created": at,
                    "updated": at,
                    "spectacle": spectacle,
                    "address": digest,
                    "watched_until": time.time() + limits.watch_grace if spectacle else None,
                    "state": None if shown is None else shown.state,
                    "ai_seat": None if shown is None else shown.ai_seat,
                },
            )

    def _admit(
        self, connection: Connection, digest: str, spectacle: bool, limits: Limits, at: datetime
    ) -> None:
        since = at - timedelta(seconds=limits.window)
        recent = connection.execute(
            select(func.count(), func.min(_GAMES.c.created)).where(
                _GAMES.c.address == digest, _GAMES.c.created > since
            )
        ).one()
        if recent[0] >= limits.per_minute:
            wait = max(1, math.ceil((recent[1] - since).total_seconds()))
            raise TooManyGames(
                f"too many new games from this address: at most {limits.per_minute} a "
                f"minute; try again in {wait} s",
                wait,
            )
        if not spectacle:
            return
        running = and_(
            _GAMES.c.spectacle, _GAMES.c.status == "playing", _GAMES.c.watched_until > time.time()
        )
        mine = connection.execute(
            select(func.count()).where(running, _GAMES.c.address == digest)
        ).scalar_one()
        if mine >= limits.spectacles_per_address:
            raise TooManyGames(
                f"too many AI v AI matches from this address: at most "
                f"{limits.spectacles_per_address} at once (one that nobody watches stops); "
                "try again when one ends",
                60,
            )
        total = connection.execute(select(func.count()).where(running)).scalar_one()
        if total >= limits.spectacles:
            raise TooManyGames(
                f"the server is running as many AI v AI matches as it may "
                f"({limits.spectacles}); try again when one ends",
                60,
            )

    # -- reading --------------------------------------------------------------------------

    def head(self, game_id: str) -> Head | None:
        """Where the game is now (None: no such game): one short read."""
        with self.reader.connect() as connection:
            row = connection.execute(_READ_HEAD, {"b_id": game_id}).first()
        return None if row is None else _head(row)

    def since(
        self, game_id: str, shots: int, takebacks: int
    ) -> tuple[Head, list[SavedShot], bool] | None:
        """The head, and what a copy holding ``shots`` shots after ``takebacks``
        take-backs lacks to be at it (:func:`_since`; usually one short read, the head
        alone)."""
        with self.reader.connect() as connection:
            return _since(connection, game_id, shots, takebacks)

    def load(self, game_id: str, code: str | None = None) -> SavedGame | None:
        """A saved game, or None: with its snapshot if the code whose digest is ``code``
        made it, and the shots after it (all of them without one). The shots are read
        after the snapshot; a take-back meanwhile (the count of take-backs changed) and
        they are all read, without it."""
        snapshot = (
            _GAMES.c.snapshot
            if code is None
            else case((_GAMES.c.snapshot_code == code, _GAMES.c.snapshot))
        )
        with self.reader.connect() as connection:
            row = connection.execute(
                select(
                    _GAMES.c.game,
                    _GAMES.c.setup,
                    _GAMES.c.takebacks,
                    _GAMES.c.snapshot_shots,
                    snapshot,
                ).where(_GAMES.c.id == game_id)
            ).first()
        if row is None:
            return None
        game, setup, takebacks, shots, data = row
        kept = None if data is None or code is None else Snapshot(int(shots), code, bytes(data))
        found = self.since(game_id, 0 if kept is None else kept.shots, takebacks if kept else -1)
        if found is None:
            return None
        head, after, afresh = found
        return SavedGame(game_id, game, json.loads(setup), head, after, None if afresh else kept)

    def state(self, game_id: str) -> str | None:
        """The game's state as a read answers it (one short read: the state saved with
        its last change, who is thinking from the AI's lease); :class:`UnknownGame` if
        there is no such game, None if none is saved (a game on a wall clock, or saved
        before migration 0013)."""
        with self.reader.connect() as connection:
            row = connection.execute(_READ_STATE, {"b_id": game_id}).first()
        if row is None:
            raise UnknownGame(f"there is no game {game_id!r} on this server")
        text, seat, until = row
        if text is None or seat is None or until is None or until <= time.time():
            return str(text) if text is not None else None
        if not text.endswith(THINKING_NONE):
            return encode({**json.loads(text), "thinking": seat})
        return f'{text[: -len(THINKING_NONE)]}"thinking":{seat}}}'

    def record(self, game_id: str) -> dict[str, Any] | None:
        """The match record saved when a game of it ended (None before)."""
        with self.reader.connect() as connection:
            found = connection.execute(
                select(_GAMES.c.record).where(_GAMES.c.id == game_id)
            ).scalar()
        return None if found is None else dict(json.loads(found))

    def events_after(self, game_id: str, number: int) -> list[SavedEvent]:
        """The live events of a game kept after event ``number``, in order."""
        with self.reader.connect() as connection:
            rows = connection.execute(_EVENTS_AFTER, {"b_id": game_id, "b_after": number})
            return [SavedEvent(*r) for r in rows]

    # -- changing -------------------------------------------------------------------------

    @contextmanager
    def changing(self, game_id: str, held: tuple[int, int] | None = None) -> Iterator[Writing]:
        """A change of the game in one transaction, its row locked first (see the
        module docstring; ``held``: as :class:`Writing`); the events it saved are
        announced once it commits."""
        with self.writer.begin() as connection:
            writing = Writing(self, connection, game_id, held)
            yield writing
        if self.announce is not None:
            for event in writing.events:
                self.announce(game_id, event)

    def event(self, game_id: str, kind: str, data: str) -> None:
        """Save and announce a live event that changes nothing else."""
        with self.changing(game_id) as writing:
            writing.event(kind, data)

    def keep_record(self, game_id: str, version: int, record: dict[str, Any]) -> None:
        """Save the match record of a game at ``version`` (not a change of the game: the
        version stays); :class:`ChangedMeanwhile` if the game is no longer at it."""
        with self.writer.begin() as connection:
            done = connection.execute(
                _BUMP, {"b_id": game_id, "b_version": version, "record": json.dumps(record)}
            )
        if done.rowcount != 1:
            raise ChangedMeanwhile("this game was changed before its record was saved")

    # -- the AI's lease and the pages watching ----------------------------------------------

    def take_ai(self, game_id: str, version: int, owner: str, seconds: float) -> bool:
        """Take the AI's turn of the game at ``version`` for ``owner`` for ``seconds``,
        unless another process holds it (its lease not run out) or, for an AI v AI
        match, no page watches it: whether it was taken."""
        now = time.time()
        with self.writer.begin() as connection:
            done = connection.execute(
                update(_GAMES)
                .where(
                    _GAMES.c.id == game_id,
                    _GAMES.c.version == version,
                    _GAMES.c.status == "playing",
                    or_(
                        _GAMES.c.ai_owner.is_(None),
                        _GAMES.c.ai_owner == owner,
                        _GAMES.c.ai_until < now,
                    ),
                    or_(~_GAMES.c.spectacle, _GAMES.c.watched_until > now),
                )
                .values(ai_owner=owner, ai_until=now + seconds)
            )
        return bool(done.rowcount == 1)

    def renew_ai(self, owner: str, game_ids: list[str], seconds: float) -> None:
        """Extend ``owner``'s leases of these games' AI turns."""
        if game_ids:
            with self.writer.begin() as connection:
                connection.execute(
                    update(_GAMES)
                    .where(_GAMES.c.id.in_(game_ids), _GAMES.c.ai_owner == owner)
                    .values(ai_until=time.time() + seconds)
                )

    def drop_ai(self, game_id: str, owner: str) -> None:
        """End ``owner``'s lease of the game's AI turn (it did not shoot)."""
        with self.writer.begin() as connection:
            connection.execute(
                update(_GAMES)
                .where(_GAMES.c.id == game_id, _GAMES.c.ai_owner == owner)
                .values(ai_owner=None, ai_until=None)
            )

    def watched(self, game_ids: list[str], seconds: float) -> None:
        """Some page watches these games, for ``seconds`` more."""
        if game_ids:
            with self.writer.begin() as connection:
                connection.execute(
                    update(_GAMES)
                    .where(_GAMES.c.id.in_(game_ids))
                    .values(watched_until=time.time() + seconds)
                )

    def is_watched(self, game_id: str) -> bool:
        """Whether some page (of any process) watches the game now."""
        with self.reader.connect() as connection:
            until = connection.execute(
                select(_GAMES.c.watched_until).where(_GAMES.c.id == game_id)
            ).scalar()
        return until is not None and until > time.time()
