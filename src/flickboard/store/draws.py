"""The draw of a crokinole event drawn round by round: draw the next round (as a
draft or published), publish a draft, withdraw the last round."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from flickboard.errors import IllegalInPosition
from flickboard.events.draw import Draw, draw_round
from flickboard.events.names import plural
from flickboard.store.eventrows import EventRows, row_format
from flickboard.store.models import (
    CardRow,
    DrawGameRow,
    DrawRoundRow,
    EventRow,
    ScorerCodeRow,
)


class DrawDesk(EventRows):
    """Drawing, publishing and withdrawing rounds."""

    def draws(self, name: str, *, drafts: bool = False) -> list[Draw]:
        """Every published round of the event (and the draft, if ``drafts``)."""
        with self._read() as s:
            ev = self._event(s, name)
            return self._draws(s, ev, drafts=drafts)

    def draft_rounds(self, name: str) -> list[int]:
        """Rounds drawn but not published yet (at most one: the last)."""
        with self._read() as s:
            return sorted(self._drafts(s, self._event(s, name)))

    @staticmethod
    def _add_draw(
        s: Session, ev: EventRow, d: Draw, *, published: bool = True, by: str = "desk"
    ) -> None:
        """Store a drawn round; the unique (event, round) row refuses a second draw of
        the same round even if two writers got past the checks."""
        if d.round_no >= 1:
            s.add(
                DrawRoundRow(event_id=ev.id, round_no=d.round_no, published=published, drawn_by=by)
            )
            s.flush()
        for board, (a, b) in enumerate(d.games, start=1):
            s.add(DrawGameRow(event_id=ev.id, round_no=d.round_no, side0=a, side1=b, board=board))
        if d.bye is not None:
            s.add(DrawGameRow(event_id=ev.id, round_no=d.round_no, side0=d.bye, side1=None))

    def draw_next(
        self,
        name: str,
        seed: int | None = None,
        *,
        publish: bool = True,
        by: str = "desk",
        round_no: int | None = None,
    ) -> Draw:
        """Draw the next preliminary round: no one meets an opponent already met in a
        drawn round or on an entered card; byes for odd fields. Unless ``publish``, the
        round is a draft: reviewed, then published or withdrawn (and drawn again).
        ``round_no``, when given, is the round the asker means to draw: the same request
        sent twice draws it once (the second finds it drawn and is refused)."""
        with self._write() as s:
            ev = self._event(s, name)
            if not row_format(ev).drawn_by_round:
                raise IllegalInPosition(
                    f"{name} is a {ev.format}: all its rounds are drawn at creation"
                )
            draft = self._drafts(s, ev)
            if draft:
                raise IllegalInPosition(
                    f"round {min(draft)} of {name} is a draft: publish or withdraw it first"
                )
            draws = self._draws(s, ev)
            entered = self._entered(s, ev)
            done = max([d.round_no for d in draws] + [g.draw_round for g in entered] + [0])
            if round_no is not None and round_no != done + 1:
                raise IllegalInPosition(
                    f"round {round_no} of {name} cannot be drawn now: "
                    + (f"it is drawn already ({done} drawn)" if round_no <= done else
                       f"the next round is {done + 1}")
                )  # fmt: skip
            if done >= ev.games:
                raise IllegalInPosition(f"all {ev.games} rounds of {name} are drawn")
            played = {frozenset(g) for d in draws for g in d.games}
            played |= {frozenset(g.sides) for g in entered}
            had_bye = {d.bye for d in draws if d.bye}
            gone = self._meta(s, ev).out_before(done + 1)
            d = draw_round(
                [e["id"] for e in self._entrants(s, ev) if e["id"] not in gone],
                done + 1,
                played=played,
                had_bye=had_bye,
                seed=ev.seed if seed is None else seed,
            )
            self._add_draw(s, ev, d, published=publish, by=by)
            return d

    def publish_round(self, name: str, round_no: int) -> Draw:
        """Publish a draft round: from now on its cards can be entered."""
        with self._write() as s:
            ev = self._event(s, name)
            row = self._round_row(s, ev, round_no)
            if row.published:
                raise IllegalInPosition(f"round {round_no} of {name} is already published")
            row.published = True
            return next(d for d in self._draws(s, ev, drafts=True) if d.round_no == round_no)

    def withdraw_round(self, name: str, round_no: int) -> Draw:
        """Withdraw the last drawn round (draft or published) while none of its games has
        a card; its scorer codes go with it."""
        with self._write() as s:
            ev = self._event(s, name)
            if not row_format(ev).drawn_by_round:
                raise IllegalInPosition(f"{name} is a {ev.format}: its draw is fixed at creation")
            row = self._round_row(s, ev, round_no)
            last = max(
                s.scalars(select(DrawRoundRow.round_no).where(DrawRoundRow.event_id == ev.id))
            )
            if round_no != last:
                raise IllegalInPosition(
                    f"only the last drawn round ({last}) can be withdrawn, not round {round_no}"
                )
            cards = s.scalar(
                select(func.count()).where(CardRow.event_id == ev.id, CardRow.round_no == round_no)
            )
            if cards:
                raise IllegalInPosition(
                    f"round {round_no} of {name} has {plural(int(cards), 'card')} entered: "
                    "withdraw those cards first"
                )
            drawn = next(d for d in self._draws(s, ev, drafts=True) if d.round_no == round_no)
            for table in (DrawGameRow, ScorerCodeRow):
                s.execute(delete(table).where(table.event_id == ev.id, table.round_no == round_no))
            s.delete(row)
            return drawn
