"""The stores of one database the desk's services act on (unchecked: the services
check who acts), the club formats' registry, and the scorer's check shared by cards and
club games."""

from __future__ import annotations

from sqlalchemy import Engine, select

from flickboard.errors import NotAllowed, NotFound
from flickboard.store.accounts import Accounts
from flickboard.store.acting import Actor, Notifier
from flickboard.store.bracket import BracketDesk
from flickboard.store.club import ClubDesk
from flickboard.store.csc import CscDesk
from flickboard.store.desk import Desk
from flickboard.store.events import EventAdmin
from flickboard.store.league import LeagueDesk
from flickboard.store.models import EventRow


class Stores:
    """Every store of the desk on one engine; ``notifier`` hears every committed
    public change."""

    def __init__(
        self,
        url: str | None = None,
        engine: Engine | None = None,
        notifier: Notifier | None = None,
    ) -> None:
        self.desk = Desk(url, engine, notifier)
        self.engine = self.desk.engine
        self.accounts = Accounts(engine=self.engine)
        self.events = EventAdmin(engine=self.engine, notifier=notifier)
        self.club = ClubDesk(engine=self.engine, notifier=notifier)
        self.csc = CscDesk(engine=self.engine, notifier=notifier)
        self.league = LeagueDesk(engine=self.engine, notifier=notifier)
        self.bracket = BracketDesk(engine=self.engine, notifier=notifier)
        self._club_desks: dict[str, ClubDesk] = {
            f: d for d in (self.csc, self.league, self.bracket) for f in d.formats
        }

    @property
    def club_formats(self) -> tuple[str, ...]:
        """The club formats, each with its desk."""
        return tuple(self._club_desks)

    def club_desk(self, event: str) -> ClubDesk:
        """The desk of a club event's format."""
        return self._club_desks[self.club.format_of(event)]

    def is_club(self, event: str) -> bool:
        """Whether the event is a club event (games to a target, club desks)."""
        try:
            return self.club.format_of(event) in self._club_desks
        except NotFound:
            return False

    def at_table(self, actor: Actor, event: str, round_no: int, player: str) -> None:
        """A scorer acts only on the game (club: meeting) of their code; others pass."""
        m = actor.match
        if actor.role != "scorer":
            return
        if m is None:
            raise NotAllowed("a scorer acts through the code of one game")
        with self.desk._read() as s:
            ev_id = s.scalar(select(EventRow.id).where(EventRow.name == event))
        if ev_id != m.event_id or round_no != m.round_no or player not in m.sides:
            raise NotAllowed(
                f"this scorer code is for round {m.round_no}, {m.sides[0]} v {m.sides[1]} only"
            )
