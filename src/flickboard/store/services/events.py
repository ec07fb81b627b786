"""Events: creating one (crokinole, club), its name, entrants and deletion, the events a
finished preliminary makes, its file and standings, and what a referee records that
decides placings (sanctions, shoot-outs)."""

from __future__ import annotations

from flickboard.events.eventfile import ClubEventFile, EventFile
from flickboard.events.sanctions import Sanction
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Standings
from flickboard.store.acting import Actor
from flickboard.store.permissions import act
from flickboard.store.services.stores import Stores


class Events:
    """Events, behind role checks."""

    def __init__(self, stores: Stores) -> None:
        self.desk, self.admin, self.club = stores.desk, stores.events, stores.club

    def create(self, actor: Actor, spec: EventFile) -> list[str]:
        """Store a new crokinole event, from a form or an imported file (club events:
        :meth:`create_club`); notes, e.g. cards imported as not validated because their
        seal did not verify."""
        return act(actor, "create_event", lambda: self.desk.create_event(spec), spec.name)

    def create_club(self, actor: Actor, spec: ClubEventFile) -> None:
        """Store a club event (its draw or schedule is made at once)."""
        act(actor, "create_club_event", lambda: self.club.create(spec), spec.name)

    def delete(self, actor: Actor, event: str) -> None:
        """Delete an event with everything in it."""
        act(actor, "delete_event", lambda: self.admin.delete(event), event)

    def rename(self, actor: Actor, event: str, new: str) -> None:
        """Rename an event."""
        act(actor, "rename_event", lambda: self.admin.rename(event, new), f"{event} -> {new}")

    def import_entrants(self, actor: Actor, event: str, csv_text: str) -> int:
        """Add entrants from CSV text (before the first draw); how many."""
        return act(
            actor, "import_entrants", lambda: self.admin.import_entrants(event, csv_text), event
        )

    def create_pools(self, actor: Actor, event: str, count: int, size: int) -> list[str]:
        """Round-robin pools from a finished preliminary."""
        return act(actor, "create_pools", lambda: self.desk.create_pools(event, count, size), event)

    def create_round_of_32(self, actor: Actor, event: str, games: int) -> str:
        """The Recreational Round of 32 from a finished recreational preliminary."""
        return act(
            actor, "create_round_of_32", lambda: self.desk.create_round_of_32(event, games), event
        )

    # -- reading (anyone) -----------------------------------------------------------

    def snapshot(self, event: str) -> EventFile:
        """The whole event as an event file (published rounds only)."""
        return self.desk.snapshot(event)

    def export(self, event: str) -> EventFile:
        """The event as a sealed event file (validated cards keep their validation when
        it is imported here again; :mod:`flickboard.store.seal`)."""
        return self.desk.export(event)

    def standings(self, event: str) -> Standings:
        """Standings with reasons; provisional while cards wait for validation."""
        return self.desk.standings(event)

    # -- what decides placings ------------------------------------------------------

    def record_sanction(self, actor: Actor, event: str, sanction: Sanction) -> Standings:
        """A referee records a sanction or an absence (signed with their name)."""
        signed = Sanction(
            sanction.kind,
            sanction.entrant,
            sanction.reason,
            sanction.round_no,
            sanction.game_round,
            actor.name,
        )
        return act(
            actor,
            "record_sanction",
            lambda: self.desk.record_sanction(event, signed),
            f"{event}: {sanction.entrant} {sanction.describe()}",
        )

    def record_shootout(self, actor: Actor, event: str, shootout: ShootOut) -> Standings:
        """A shoot-out among entrants still tied."""
        return act(
            actor,
            "record_shootout",
            lambda: self.desk.record_shootout(event, shootout),
            f"{event}: {', '.join(shootout.entrants)}",
        )
