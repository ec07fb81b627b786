"""CSC leagues: an official's line-ups, substitutions, changes of ends, postponements,
games and delay forfeits of a night's match; what anyone reads of one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flickboard.play.scoring import RaceScore
from flickboard.store.acting import Actor
from flickboard.store.league import LeagueLine, LeagueMatch
from flickboard.store.permissions import act
from flickboard.store.services.stores import Stores


class Leagues:
    """CSC leagues, behind role checks; ``store`` is their unchecked desk."""

    def __init__(self, stores: Stores) -> None:
        self.store = stores.league

    def nights(self, event: str) -> list[tuple[int, str, str]]:
        """(night, home, visitors) of every scheduled match (anyone)."""
        return self.store.nights(event)

    def night(self, event: str, night: int) -> list[LeagueMatch]:
        """The matches of one night (anyone)."""
        return self.store.night(event, night)

    def match(self, event: str, night: int, team: str) -> LeagueMatch:
        """The match ``team`` plays on a night (anyone)."""
        return self.store.match(event, night, team)

    def standings(self, event: str) -> list[LeagueLine]:
        """The league's standings (anyone)."""
        return self.store.standings(event)

    def lineup(
        self, actor: Actor, event: str, night: int, team: str, start: Mapping[str, Sequence[str]]
    ) -> LeagueMatch:
        """A team's starting line-up for a league night (VII 4)."""
        return act(
            actor,
            "set_lineup",
            lambda: self.store.set_lineup(event, night, team, start),
            f"{event} night {night} {team}",
        )

    def substitute(
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
        return act(
            actor,
            "substitute",
            lambda: self.store.substitute(
                event, night, team, from_game, player_out, player_in, during
            ),
            f"{event} night {night} {team}: {player_in} for {player_out} {when} game {from_game}",
        )

    def ends(
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
        return act(
            actor,
            "change_ends",
            lambda: self.store.change_ends(event, night, team, from_game, pair, during),
            f"{event} night {night} {team}: pair {pair} changes ends {when} game {from_game}",
        )

    def postpone(
        self, actor: Actor, event: str, night: int, team: str, ample_notice: bool, notice: str
    ) -> LeagueMatch:
        """VII 14: a team asks to postpone its match; without ample notice it forfeits
        the entire match."""
        notice_given = "ample notice" if ample_notice else "no ample notice"
        return act(
            actor,
            "postpone_match",
            lambda: self.store.postpone(event, night, team, ample_notice, notice, actor.name),
            f"{event} night {night} {team} asks to postpone ({notice_given}): {notice}",
        )

    def game(
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
        return act(
            actor,
            "enter_club_game",
            lambda: self.store.enter_game(event, night, team, game, race, played_by=played_by),
            f"{event} night {night} {team} game {game}",
        )

    def forfeit(self, actor: Actor, event: str, night: int, team: str, minutes: int) -> LeagueMatch:
        """Games forfeited by a late team, one per full 15 minutes (VII 8)."""
        return act(
            actor,
            "forfeit_for_delay",
            lambda: self.store.forfeit_for_delay(event, night, team, minutes),
            f"{event} night {night} {team} {minutes} minutes late",
        )
