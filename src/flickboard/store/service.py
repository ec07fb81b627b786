"""The desk service: every action of the tournament desk, each taking the acting
identity and refusing the wrong role before anything is read or written.

This is the layer the web desk calls (one function per route) and the command line
shares. Roles (docs/events.md, "Who may call what"):

- **director** (account; the command line acts as the director without one): sets
  events up, draws, publishes and withdraws rounds, imports entrants, makes pools
  and the round of 32, creates referee accounts, issues scorer codes, creates club
  events, takes a damaged board out of play (CSC VI 14); and anything a referee may
  do.
- **referee** (account): rules on disputes, corrects validated cards, records
  sanctions and shoot-outs, enters club results (CSC, league and bracket games,
  line-ups, substitutions, changes of ends, delay forfeits, postponements, CSC VI 7
  changes, CSC VI 12 offences);
  enters, validates and withdraws cards.
- **scorer** (a code for one game, no account): enters, validates (the opponent's ID
  and initials), disputes or withdraws the card of that game only.
- **public**: reads only.

Corrections, rulings and sanctions are signed by an account: the command line asks
for a referee's name and password for them. Errors: :class:`NotAuthenticated` (401)
for no or wrong credentials, :class:`NotAllowed` (403) for a known identity without the
right; every other refusal is :class:`InvalidInput` or :class:`IllegalInPosition`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from sqlalchemy import Engine, select

from flickboard.errors import InvalidInput, NotAllowed, NotFound
from flickboard.events.delegation import DelegationChange
from flickboard.events.draw import Draw
from flickboard.events.elimination import Bracket
from flickboard.events.eventfile import ClubEventFile, EventFile
from flickboard.events.sanctions import Sanction
from flickboard.events.scorecard import Scorecard
from flickboard.events.shootout import ShootOut
from flickboard.events.standings import Standings
from flickboard.play.scoring import RaceScore, RoundScore
from flickboard.store.accounts import Accounts
from flickboard.store.acting import Actor, Notifier, Role, acting
from flickboard.store.bracket import BracketDesk
from flickboard.store.club import ClubDesk, ClubGame
from flickboard.store.csc import CscDesk, CscState, Series, Stage
from flickboard.store.desk import Desk
from flickboard.store.events import EventAdmin
from flickboard.store.league import LeagueDesk, LeagueMatch
from flickboard.store.models import AuditRow, EventRow

T = TypeVar("T")

DIRECTOR: frozenset[Role] = frozenset({"director"})
OFFICIALS: frozenset[Role] = frozenset({"director", "referee"})
AT_THE_TABLE: frozenset[Role] = frozenset({"director", "referee", "scorer"})

PERMISSIONS: dict[str, tuple[frozenset[Role], bool]] = {
    "create_event": (DIRECTOR, False),
    "delete_event": (DIRECTOR, False),
    "rename_event": (DIRECTOR, False),
    "import_entrants": (DIRECTOR, False),
    "draw": (DIRECTOR, False),
    "publish_round": (DIRECTOR, False),
    "withdraw_round": (DIRECTOR, False),
    "create_pools": (DIRECTOR, False),
    "create_round_of_32": (DIRECTOR, False),
    "add_referee": (DIRECTOR, False),
    "unlock_account": (DIRECTOR, False),
    "change_password": (OFFICIALS, True),
    "issue_code": (OFFICIALS, False),
    "enter_card": (AT_THE_TABLE, False),
    "validate_card": (AT_THE_TABLE, False),
    "dispute_card": (AT_THE_TABLE, False),
    "withdraw_card": (AT_THE_TABLE, False),
    "rule_dispute": (OFFICIALS, True),
    "correct_card": (OFFICIALS, True),
    "record_sanction": (OFFICIALS, True),
    "record_shootout": (OFFICIALS, False),
    "disputes": (OFFICIALS, False),
    "audit": (OFFICIALS, False),
    "create_club_event": (DIRECTOR, False),
    "enter_club_game": (OFFICIALS, False),
    "set_lineup": (OFFICIALS, False),
    "substitute": (OFFICIALS, False),
    "change_ends": (OFFICIALS, False),
    "forfeit_for_delay": (OFFICIALS, True),
    "postpone_match": (OFFICIALS, True),
    "record_delegation_change": (OFFICIALS, True),
    "record_offence": (OFFICIALS, True),
    "take_board_out": (DIRECTOR, False),
    "correct_club_game": (OFFICIALS, False),
    "enter_club_result": (AT_THE_TABLE, False),
    "confirm_club_game": (AT_THE_TABLE, False),
    "dispute_club_game": (AT_THE_TABLE, False),
    "rule_club_game": (OFFICIALS, True),
    "withdraw_club_game": (OFFICIALS, False),
}
"""Action -> (roles allowed, whether it must be signed by an account)."""


def require(actor: Actor, action: str) -> None:
    """Refuse ``actor`` an action it has no right to (:class:`NotAllowed`)."""
    roles, signed = PERMISSIONS[action]
    if actor.role not in roles:
        raise NotAllowed(
            f"{actor} may not {action.replace('_', ' ')}: {' or '.join(sorted(roles))} only"
        )
    if signed and not actor.account:
        raise NotAllowed(
            f"{action.replace('_', ' ')} is signed by a referee's account: sign in as one"
        )


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

    def boards(self, actor: Actor, event: str, round_no: int) -> list[tuple[int, tuple[str, str]]]:
        """(board, sides) of every game (club: meeting) of a drawn round."""
        if self.is_club(event):
            return self.club_desk(event).meetings(event, round_no)
        draw = next((d for d in self.draws(actor, event) if d.round_no == round_no), None)
        if draw is None:
            raise InvalidInput(f"round {round_no} of {event} is not drawn and published")
        return list(enumerate(draw.games, start=1))

    # -- identity -------------------------------------------------------------------

    def login(self, name: str, password: str, address: str = "") -> Actor:
        """An account's identity, or :class:`NotAuthenticated` (audited either way)."""
        return self.accounts.login(name, password, address)

    def change_password(
        self, actor: Actor, current: str, new: str, keep: str | None = None
    ) -> None:
        """An account changes its own password; its other sessions end (``keep``: the
        token of the session asking)."""
        self._do(
            actor,
            "change_password",
            lambda: self.accounts.change_password(actor.name, current, new, keep),
            actor.name,
            public=False,
        )

    def unlock(self, actor: Actor, name: str) -> None:
        """The director lifts the lock of an account locked by failed sign-ins."""
        self._do(actor, "unlock_account", lambda: self.accounts.unlock(name), name, public=False)

    def scorer(self, code: str) -> Actor:
        """A table scorer's identity from their code, or :class:`NotAuthenticated`."""
        return self.accounts.scorer(code)

    def add_referee(self, actor: Actor, name: str, password: str) -> None:
        """The director creates a referee account."""
        self._do(actor, "add_referee", lambda: self.accounts.add_referee(name, password), name)

    def issue_code(self, actor: Actor, event: str, round_no: int, player: str) -> str:
        """A scorer code for the game ``player`` plays in a published round."""
        return self._do(
            actor,
            "issue_code",
            lambda: self.accounts.issue_code(event, round_no, player, str(actor)),
            f"{event} round {round_no} {player}",
            public=False,
        )

    def blank_scorecards(self, actor: Actor, event: str, round_no: int, join_url: str) -> bytes:
        """Blank scorecards of a published round, each with a new scorer code for its
        game and a QR code of ``join_url?code=CODE`` (PDF). Codes printed before stay
        valid."""
        draw = next((d for d in self.draws(actor, event) if d.round_no == round_no), None)
        if draw is None:
            raise InvalidInput(f"round {round_no} of {event} is not drawn and published")
        codes = {
            board: self.issue_code(actor, event, round_no, a)
            for board, (a, _) in enumerate(draw.games, start=1)
        }
        from flickboard.events.paper import blank_scorecards_pdf

        return blank_scorecards_pdf(self.snapshot(event), draw, codes=codes, join_url=join_url)

    # -- reading (anyone) -----------------------------------------------------------

    def standings(self, event: str) -> Standings:
        """Standings with reasons; provisional while cards wait for validation."""
        return self.desk.standings(event)

    def draws(self, actor: Actor, event: str) -> list[Draw]:
        """Published rounds; officials also see the draft."""
        return self.desk.draws(event, drafts=actor.role in OFFICIALS)

    def snapshot(self, event: str) -> EventFile:
        """The whole event as an event file (published rounds only)."""
        return self.desk.snapshot(event)

    def disputes(self, actor: Actor, event: str | None = None) -> list[dict[str, object]]:
        """The referees' queue of open disputes."""
        require(actor, "disputes")
        club = [d for desk in (self.csc, self.league) for d in desk.disputes(event)]
        return [*self.desk.disputes(event), *club]

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

    # -- events ---------------------------------------------------------------------

    def export(self, event: str) -> EventFile:
        """The event as a sealed event file (validated cards keep their validation when
        it is imported here again; :mod:`flickboard.store.seal`)."""
        return self.desk.export(event)

    def create_event(self, actor: Actor, spec: EventFile) -> list[str]:
        """Store a new crokinole event, from a form or an imported file (club events:
        :meth:`create_club_event`); notes, e.g. cards imported as not validated because
        their seal did not verify."""
        return self._do(actor, "create_event", lambda: self.desk.create_event(spec), spec.name)

    def delete_event(self, actor: Actor, event: str) -> None:
        """Delete an event with everything in it."""
        self._do(actor, "delete_event", lambda: self.events.delete(event), event)

    def rename_event(self, actor: Actor, event: str, new: str) -> None:
        """Rename an event."""
        self._do(actor, "rename_event", lambda: self.events.rename(event, new), f"{event} -> {new}")

    def import_entrants(self, actor: Actor, event: str, csv_text: str) -> int:
        """Add entrants from CSV text (before the first draw); how many."""
        return self._do(
            actor, "import_entrants", lambda: self.events.import_entrants(event, csv_text), event
        )

    def draw(
        self,
        actor: Actor,
        event: str,
        seed: int | None = None,
        publish: bool = False,
        round_no: int | None = None,
    ) -> Draw:
        """Draw the next round, a draft unless ``publish`` (``round_no``: the round
        meant, so that a request sent twice draws once)."""
        return self._do(
            actor,
            "draw",
            lambda: self.desk.draw_next(
                event, seed, publish=publish, by=str(actor), round_no=round_no
            ),
            event,
            public=publish,
        )

    def publish_round(self, actor: Actor, event: str, round_no: int) -> Draw:
        """Publish a draft round."""
        return self._do(
            actor, "publish_round", lambda: self.desk.publish_round(event, round_no), event
        )

    def withdraw_round(self, actor: Actor, event: str, round_no: int) -> Draw:
        """Withdraw the last round while it has no card."""
        return self._do(
            actor, "withdraw_round", lambda: self.desk.withdraw_round(event, round_no), event
        )

    def create_pools(self, actor: Actor, event: str, count: int, size: int) -> list[str]:
        """Round-robin pools from a finished preliminary."""
        return self._do(
            actor, "create_pools", lambda: self.desk.create_pools(event, count, size), event
        )

    def create_round_of_32(self, actor: Actor, event: str, games: int) -> str:
        """The Recreational Round of 32 from a finished recreational preliminary."""
        return self._do(
            actor,
            "create_round_of_32",
            lambda: self.desk.create_round_of_32(event, games),
            event,
        )

    # -- cards ----------------------------------------------------------------------

    def _at_table(self, actor: Actor, event: str, round_no: int, player: str) -> None:
        """A scorer acts only on the game of their code."""
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

    def enter_card(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        sides: tuple[str, str],
        rounds: Sequence[RoundScore],
    ) -> Scorecard:
        """Enter a card as marked by ``sides[0]``."""
        require(actor, "enter_card")
        self._at_table(actor, event, round_no, sides[0])
        self._at_table(actor, event, round_no, sides[1])
        return self._do(
            actor,
            "enter_card",
            lambda: self.desk.enter_card(event, round_no, sides, rounds),
            f"{event} round {round_no} {sides[0]} v {sides[1]}",
        )

    def validate_card(
        self, actor: Actor, event: str, round_no: int, opponent: str, initials: str
    ) -> Scorecard:
        """The opponent validates the card with their ID and initials."""
        require(actor, "validate_card")
        self._at_table(actor, event, round_no, opponent)
        return self._do(
            actor,
            "validate_card",
            lambda: self.desk.validate_card(event, round_no, opponent, initials),
            f"{event} round {round_no} by {opponent}",
        )

    def dispute_card(
        self, actor: Actor, event: str, round_no: int, player: str, reason: str
    ) -> Scorecard:
        """A player of the card disputes it; it waits for a referee."""
        require(actor, "dispute_card")
        self._at_table(actor, event, round_no, player)
        return self._do(
            actor,
            "dispute_card",
            lambda: self.desk.dispute_card(event, round_no, player, reason),
            f"{event} round {round_no} by {player}: {reason}",
            public=False,
        )

    def withdraw_card(self, actor: Actor, event: str, round_no: int, player: str) -> Scorecard:
        """Withdraw a card entered in error, before it is validated."""
        require(actor, "withdraw_card")
        self._at_table(actor, event, round_no, player)
        return self._do(
            actor,
            "withdraw_card",
            lambda: self.desk.withdraw_card(event, round_no, player),
            f"{event} round {round_no} {player}",
        )

    def rule_dispute(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        player: str,
        rounds: Sequence[RoundScore] | None,
        reason: str,
    ) -> Scorecard:
        """A referee settles a disputed card (``rounds`` None: it stands as marked)."""
        return self._do(
            actor,
            "rule_dispute",
            lambda: self.desk.rule_dispute(event, round_no, player, actor.name, rounds, reason),
            f"{event} round {round_no} {player}: {reason}",
        )

    def correct_card(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        player: str,
        game_round: int,
        after: RoundScore,
        reason: str,
    ) -> tuple[Scorecard, list[tuple[str, ...]]]:
        """A referee corrects one round of a validated card; the corrected card and the
        entrants of any shoot-out the correction made void (removed)."""
        return self._do(
            actor,
            "correct_card",
            lambda: self.desk.correct_card(
                event, round_no, player, actor.name, game_round, after, reason
            ),
            f"{event} round {round_no} {player} game round {game_round}: {reason}",
        )

    def record_sanction(self, actor: Actor, event: str, sanction: Sanction) -> Standings:
        """A referee records a sanction or an absence."""
        signed = Sanction(
            sanction.kind,
            sanction.entrant,
            sanction.reason,
            sanction.round_no,
            sanction.game_round,
            actor.name,
        )
        return self._do(
            actor,
            "record_sanction",
            lambda: self.desk.record_sanction(event, signed),
            f"{event}: {sanction.entrant} {sanction.describe()}",
        )

    def record_shootout(self, actor: Actor, event: str, shootout: ShootOut) -> Standings:
        """A shoot-out among entrants still tied."""
        return self._do(
            actor,
            "record_shootout",
            lambda: self.desk.record_shootout(event, shootout),
            f"{event}: {', '.join(shootout.entrants)}",
        )

    # -- club events (CSC round robins, CSC leagues, fair-rules brackets) ----------

    def create_club_event(self, actor: Actor, spec: ClubEventFile) -> None:
        """Store a club event (its draw or schedule is made at once)."""
        self._do(actor, "create_club_event", lambda: self.club.create(spec), spec.name)

    def csc_game(
        self, actor: Actor, event: str, round_no: int, home: str, visitors: str, race: RaceScore
    ) -> CscState:
        """A CSC round-robin game's result (home, red, first)."""
        return self._do(
            actor,
            "enter_club_game",
            lambda: self.csc.enter_game(event, round_no, home, visitors, race),
            f"{event} round {round_no} {home} v {visitors}",
        )

    def csc_sudden_death(
        self, actor: Actor, event: str, stage: Stage, sides: tuple[str, str], race: RaceScore
    ) -> CscState:
        """A sudden-death game for first place or the semi-final places (VI 8.2 e)."""
        return self._do(
            actor,
            "enter_club_game",
            lambda: self.csc.sudden_death(event, stage, sides, race),
            f"{event} sudden death for {stage}: {sides[0]} v {sides[1]}",
        )

    def csc_playoff(self, actor: Actor, event: str, series: Series, race: RaceScore) -> CscState:
        """A game of the best-of-three semi-final or final (VI 8.2 c, d)."""
        return self._do(
            actor,
            "enter_club_game",
            lambda: self.csc.playoff_game(event, series, race),
            f"{event} {series}",
        )

    def record_delegation_change(
        self, actor: Actor, event: str, change: DelegationChange
    ) -> CscState:
        """CSC VI 7: a player out, a substitute of the same gender, or none available."""
        return self._do(
            actor,
            "record_delegation_change",
            lambda: self.csc.record_change(event, change, actor.name),
            f"{event}: {change.team} {change.describe()}",
        )

    def record_offence(self, actor: Actor, event: str, player: str, act: str) -> CscState:
        """CSC VI 12: an entered player's offence detrimental to the game (prize share
        forfeited, suspended from further Congress sponsored tournaments)."""
        return self._do(
            actor,
            "record_offence",
            lambda: self.csc.record_offence(event, player, act, actor.name),
            f"{event}: {player} offence (CSC VI 12): {act}",
        )

    def take_board_out(
        self, actor: Actor, event: str, board: int, to_board: int, reason: str
    ) -> CscState:
        """CSC VI 14: a damaged board out of play, its games to a free board."""
        return self._do(
            actor,
            "take_board_out",
            lambda: self.csc.take_board_out(event, board, to_board, reason, str(actor)),
            f"{event}: board {board} out ({reason}), games to board {to_board}",
        )

    def league_lineup(
        self, actor: Actor, event: str, night: int, team: str, start: Mapping[str, Sequence[str]]
    ) -> LeagueMatch:
        """A team's starting line-up for a league night (VII 4)."""
        return self._do(
            actor,
            "set_lineup",
            lambda: self.league.set_lineup(event, night, team, start),
            f"{event} night {night} {team}",
        )

    def league_substitute(
        self,
        actor: Actor,
        event: str,
        night: int,
        team: str,
        from_game: int,
        player_out: str,
        player_in: str,
        during: bool = False,
    ) -> LeagueMatch:
        """A league substitution as it happened, before game ``from_game`` or during it,
        ruled on by VII 12 (refused, or kept with its penalty)."""
        when = "during" if during else "from"
        return self._do(
            actor,
            "substitute",
            lambda: self.league.substitute(
                event, night, team, from_game, player_out, player_in, during
            ),
            f"{event} night {night} {team}: {player_in} for {player_out} {when} game {from_game}",
        )

    def league_ends(
        self,
        actor: Actor,
        event: str,
        night: int,
        team: str,
        from_game: int,
        pair: str,
        during: bool = False,
    ) -> LeagueMatch:
        """A six-person pair changes ends from a game on (VII 7)."""
        when = "during" if during else "from"
        return self._do(
            actor,
            "change_ends",
            lambda: self.league.change_ends(event, night, team, from_game, pair, during),
            f"{event} night {night} {team}: pair {pair} changes ends {when} game {from_game}",
        )

    def league_postpone(
        self, actor: Actor, event: str, night: int, team: str, ample_notice: bool, notice: str
    ) -> LeagueMatch:
        """VII 14: a team asks to postpone its match; without ample notice it forfeits
        the entire match."""
        notice_given = "ample notice" if ample_notice else "no ample notice"
        return self._do(
            actor,
            "postpone_match",
            lambda: self.league.postpone(event, night, team, ample_notice, notice, actor.name),
            f"{event} night {night} {team} asks to postpone ({notice_given}): {notice}",
        )

    def league_game(
        self,
        actor: Actor,
        event: str,
        night: int,
        team: str,
        game: int,
        race: RaceScore,
        played_by: str | None = None,
    ) -> LeagueMatch:
        """A league game's result (home side first); ``played_by``: the line-up places
        that played it, checked against the rotation (VII 12(b))."""
        return self._do(
            actor,
            "enter_club_game",
            lambda: self.league.enter_game(event, night, team, game, race, played_by=played_by),
            f"{event} night {night} {team} game {game}",
        )

    def league_forfeit(
        self, actor: Actor, event: str, night: int, team: str, minutes: int
    ) -> LeagueMatch:
        """Games forfeited by a late team, one per full 15 minutes (VII 8)."""
        return self._do(
            actor,
            "forfeit_for_delay",
            lambda: self.league.forfeit_for_delay(event, night, team, minutes),
            f"{event} night {night} {team} {minutes} minutes late",
        )

    def bracket_game(self, actor: Actor, event: str, match_id: str, race: RaceScore) -> Bracket:
        """A game of a fair-rules bracket match."""
        return self._do(
            actor,
            "enter_club_game",
            lambda: self.bracket.enter_game(event, match_id, race),
            f"{event} match {match_id}",
        )

    def club_games(self, event: str) -> list[ClubGame]:
        """Every stored game of a club event, with the ID corrections name."""
        return self.club_desk(event).games(event)

    def correct_club_game(
        self, actor: Actor, event: str, game_id: int, race: RaceScore, reason: str
    ) -> ClubGame:
        """An official corrects a club game's result (audited before and after)."""
        return self._do(
            actor,
            "correct_club_game",
            lambda: self.club_desk(event).correct_game(event, game_id, race, reason),
            f"{event} game {game_id}: {reason}",
        )

    def enter_club_result(
        self,
        actor: Actor,
        event: str,
        round_no: int,
        team: str,
        game_no: int,
        race: RaceScore,
        by: str | None = None,
    ) -> ClubGame:
        """A game of the meeting ``team`` plays in round (night) ``round_no``, home
        first. A scorer enters it for a side of their meeting (``by``): it waits for
        the other side; an official's counts at once."""
        require(actor, "enter_club_result")
        entered_by = None
        if actor.role == "scorer":
            if by is None:
                raise InvalidInput("say which team enters the game")
            self._at_table(actor, event, round_no, team)
            self._at_table(actor, event, round_no, by)
            entered_by = by
        desk = self.club_desk(event)
        return self._do(
            actor,
            "enter_club_result",
            lambda: desk.enter_at_board(event, round_no, team, game_no, race, entered_by),
            f"{event} round {round_no} {team} game {game_no}",
        )

    def at_meeting(self, actor: Actor, event: str, round_no: int, *teams: str) -> None:
        """A scorer acts only for the teams of their own meeting (others: no check)."""
        for team in teams:
            self._at_table(actor, event, round_no, team)

    def _at_club_game(self, actor: Actor, event: str, game_id: int, side: str) -> None:
        """A scorer acts only on the games of their meeting."""
        if actor.role != "scorer" or actor.match is None:
            return
        self._at_table(actor, event, actor.match.round_no, side)
        game = self.club_desk(event).game(event, game_id)
        if game.round_no != actor.match.round_no or set(game.sides) != set(actor.match.sides):
            raise NotAllowed(f"this scorer code is not for {game.what}")

    def confirm_club_game(
        self, actor: Actor, event: str, game_id: int, side: str, initials: str
    ) -> ClubGame:
        """The other side confirms a game entered at the board (CSC VII 11)."""
        require(actor, "confirm_club_game")
        self._at_club_game(actor, event, game_id, side)
        return self._do(
            actor,
            "confirm_club_game",
            lambda: self.club_desk(event).confirm_game(event, game_id, side, initials),
            f"{event} game {game_id} by {side}",
        )

    def dispute_club_game(
        self, actor: Actor, event: str, game_id: int, side: str, reason: str
    ) -> ClubGame:
        """A side disputes a game entered at the board: it goes to the referees (VII 10)."""
        require(actor, "dispute_club_game")
        self._at_club_game(actor, event, game_id, side)
        return self._do(
            actor,
            "dispute_club_game",
            lambda: self.club_desk(event).dispute_game(event, game_id, side, reason),
            f"{event} game {game_id} by {side}: {reason}",
            public=False,
        )

    def rule_club_game(
        self, actor: Actor, event: str, game_id: int, race: RaceScore | None, reason: str
    ) -> ClubGame:
        """A referee settles a disputed club game (``race`` None: as entered)."""
        return self._do(
            actor,
            "rule_club_game",
            lambda: self.club_desk(event).rule_game(event, game_id, race, reason, actor.name),
            f"{event} game {game_id}: {reason}",
        )

    def withdraw_club_game(self, actor: Actor, event: str, game_id: int, reason: str) -> ClubGame:
        """An official withdraws a club game entered in error (audited)."""
        return self._do(
            actor,
            "withdraw_club_game",
            lambda: self.club_desk(event).withdraw_game(event, game_id, reason),
            f"{event} game {game_id}: {reason}",
        )

    # -- plumbing -------------------------------------------------------------------

    @staticmethod
    def _do(
        actor: Actor, action: str, work: Callable[[], T], detail: str = "", *, public: bool = True
    ) -> T:
        require(actor, action)
        if not detail.strip():
            raise InvalidInput("nothing to act on")
        with acting(actor, action, detail, public=public):
            return work()
