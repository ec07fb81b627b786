"""The desk service: every action of the tournament desk, one service per resource,
each taking the acting identity and refusing the wrong role before anything is read or
written (who may: :data:`flickboard.store.permissions.PERMISSIONS`).

This is the layer the web desk calls and the command line shares.
:class:`DeskService` composes the services of :mod:`flickboard.store.services` on one
database (``svc.cards.enter(...)``, ``svc.rounds.draw(...)``, ``svc.csc.offence(...)``)
and the stores anyone reads (``svc.desk``, ``svc.club``; ``svc.accounts`` for the
director's own set-up at the command line); the officials' review of every resource
(the disputes queue, the audit trail) is its own.
"""

from __future__ import annotations

import json

from sqlalchemy import Engine, select

from flickboard.store.acting import Actor, Notifier
from flickboard.store.models import AuditRow
from flickboard.store.permissions import require
from flickboard.store.services.bracket import Brackets
from flickboard.store.services.cards import Cards
from flickboard.store.services.csc import RoundRobins
from flickboard.store.services.events import Events
from flickboard.store.services.games import ClubGames
from flickboard.store.services.identity import Identity
from flickboard.store.services.league import Leagues
from flickboard.store.services.rounds import Rounds
from flickboard.store.services.stores import Stores


class DeskService:
    """The tournament desk for one database, behind role checks.

    ``notifier`` is called with a :class:`~flickboard.store.acting.Change` after every
    committed write the public can see (on PostgreSQL a NOTIFY on
    :data:`~flickboard.store.acting.CHANNEL` is sent in the same transaction).
    """

    def __init__(
        self,
        url: str | None = None,
        engine: Engine | None = None,
        notifier: Notifier | None = None,
    ) -> None:
        self.stores = Stores(url, engine, notifier)
        self.engine = self.stores.engine
        self.desk = self.stores.desk
        self.accounts = self.stores.accounts
        self.club = self.stores.club
        self.identity = Identity(self.stores)
        self.events = Events(self.stores)
        self.rounds = Rounds(self.stores, self.identity)
        self.cards = Cards(self.stores)
        self.games = ClubGames(self.stores)
        self.csc = RoundRobins(self.stores)
        self.league = Leagues(self.stores)
        self.bracket = Brackets(self.stores)

    def disputes(self, actor: Actor, event: str | None = None) -> list[dict[str, object]]:
        """The referees' queue of open disputes: cards, then club games."""
        require(actor, "disputes")
        stores = self.stores
        club = [d for desk in (stores.csc, stores.league) for d in desk.disputes(event)]
        return [*stores.desk.disputes(event), *club]

    def audit(self, actor: Actor, event: str | None = None) -> list[dict[str, object]]:
        """The audit trail: every write with who, when and what, oldest first."""
        require(actor, "audit")
        with self.desk._read() as s:
            q = select(AuditRow).order_by(AuditRow.id)
            if event is not None:
                q = q.where(AuditRow.event_name == event)
            return [
                {
                    "at": a.at.isoformat(timespec="seconds"),
                    "role": a.role,
                    "actor": a.actor,
                    "action": a.action,
                    "event": a.event_name,
                    "detail": a.detail,
                    "before": json.loads(a.before) if a.before else None,
                    "after": json.loads(a.after) if a.after else None,
                }
                for a in s.scalars(q)
            ]
