"""A game in play at the browser table: its match, seats, shots and live events.

A :class:`LiveGame` is a server process's copy of one game; the database holds the truth
(:mod:`flickboard.web.play.saved`). Every change (a shot, an undo, a join, a
resignation) is made under the copy's lock and in one transaction that locks the game's
row first: the copy is brought up to the game as saved (the shots another process
saved since are played into it), then the change is checked (the seat's token, the
turn, the start, the values), made, and saved with the live event that tells every
page watching, in any process. A read brings the copy up to date first too
(:meth:`LiveGame.refresh`: one short read when it is current). The match record a
game's end leaves due is saved just after (:meth:`LiveGame.keep_record`). The server
plays the AI seats itself (:meth:`LiveGame.ai_shot`, run by one process at a time, in a
worker thread of :mod:`flickboard.web.play.tables`).
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from flickboard.agents.player import AIPlayer
from flickboard.agents.spec import player_from_spec
from flickboard.errors import (
    FlickboardError,
    GameOver,
    IllegalInPosition,
    IllegalStart,
    NotAllowed,
    NothingToUndo,
)
from flickboard.physics import DiscFinal, Shot
from flickboard.physics.serialize import record_from_dict, record_to_dict
from flickboard.physics.trajectory import StateLog
from flickboard.play.driver import most_discs_left
from flickboard.play.intent import Intent, intent_from_json, intent_of
from flickboard.play.match import Match, Step
from flickboard.play.noise import ExecutionNoise, execute
from flickboard.play.snapshot import StaleSnapshot, code, restore, snapshot
from flickboard.play.view import Player, View
from flickboard.rules.hand import outcome_from_places
from flickboard.web.play.models import NewGame, ShotIn
from flickboard.web.play.saved import (
    ChangedMeanwhile,
    Head,
    SavedGames,
    SavedShot,
    Shown,
    Snapshot,
    UnknownGame,
    Writing,
    encode,
)
from flickboard.web.play.seats import Seat, default_name, digest
from flickboard.web.play.setup import start_match
from flickboard.web.play.shots import (
    play_shot,
    shot_values,
)
from flickboard.web.play.showing import played_json, result_words, state_of, unlocked_record
from flickboard.web.play.throttle import Limits

SNAPSHOT_EVERY = 32
"""A game's match is saved as it stands (its snapshot) at every this many shots: read
back, a game replays at most this many shots less one."""


class WrongEntry(IllegalInPosition):
    """A shot aimed in a game from a real board, or entered by hand in one at the table
    (the web answers 409)."""


@dataclass
class Played:
    """A shot played in this game: its step, the shot meant (realistic mode), the AI's
    explanation and what the shooter meant, as the record keeps it (:mod:`~flickboard.play.intent`)."""

    step: Step
    by: str
    meant: Shot | None = None
    explanation: str | None = None
    intent: Intent | None = None

    def note(self) -> dict[str, Any]:
        """What is saved beside the record."""
        return {
            "by": self.by,
            "meant": None if self.meant is None else shot_values(self.meant),
            "explanation": self.explanation,
            "intent": None if self.intent is None else self.intent.to_json(),
        }


class LiveGame:
    """A table game in play (see the module docstring)."""

    def __init__(
        self, game_id: str, setup: NewGame, seed: int, seats: list[Seat], saved: SavedGames
    ) -> None:
        self.id = game_id
        self.setup = setup
        self.seed = seed
        self.seats = {s.seat: s for s in seats}
        self.saved = saved
        self.status = "playing"
        self.version = 0
        self.takebacks = 0
        self.ai_until: float | None = None
        """Until when another process's AI holds the turn (its lease), as last read."""
        self.match: Match = start_match(setup, seed)
        self.figures = self.match.kind.board().drawing()
        self.has_twenties = bool(self.match.view().twenties)
        self.speed: float | None = None
        """The first aim's speed once found (:func:`~.showing.speed_default`)."""
        self.played: list[Played] = []
        self.lock = threading.RLock()
        self.thinking: int | None = None
        self.ai_running = False
        self.stale = False
        """A change failed after this copy had moved: the server reads the game back."""
        self.record_due = False
        """A game of the match ended and its record is not saved yet (:meth:`keep_record`)."""
        self.players: dict[int, Player] = {
            s.seat: player_from_spec(s.ai, self.match.kind, seed * 10 + s.seat, s.name)
            for s in seats
            if s.player == "ai" and s.ai is not None
        }
        self.spectacle = len(self.players) == len(self.seats)
        """Every seat is the AI's: an AI v AI match."""

    # -- creating, restoring and following the saved game ------------------------------

    @classmethod
    def create(
        cls, game_id: str, request: NewGame, saved: SavedGames, address: str, limits: Limits
    ) -> tuple[LiveGame, dict[str, str], dict[str, str]]:
        """A new game, saved if ``address`` may start it (``limits``): with the tokens
        of the seats played here and the join codes of the seats played elsewhere, by
        seat."""
        seed = request.seed if request.seed is not None else secrets.randbelow(2**31)
        match = start_match(request, seed)
        tokens: dict[str, str] = {}
        joins: dict[str, str] = {}
        seats = []
        for number, (seat, asked) in enumerate(zip(match.seats, request.seats, strict=True)):
            side = match.side_of(seat)
            name = asked.name.strip() or default_name(asked.player, asked.ai, number)
            token = join = None
            if asked.player == "here":
                tokens[str(seat)] = secrets.token_urlsafe(24)
                token = digest(tokens[str(seat)])
            elif asked.player == "remote":
                joins[str(seat)] = secrets.token_urlsafe(12)
                join = digest(joins[str(seat)])
            ai = asked.ai.strip().lower() if asked.player == "ai" else None
            seats.append(Seat(seat, side, name, asked.player, ai, token, join))
        kept = request.model_copy(update={"seed": seed})
        live = cls(game_id, kept, seed, seats, saved)
        saved.create(
            game_id,
            match.kind.name,
            kept.model_dump(),
            [s.to_saved() for s in seats],
            address=address,
            spectacle=live.spectacle,
            limits=limits,
            shown=live._shown(live.state()),
        )
        return live, tokens, joins

    @classmethod
    def restore(cls, game_id: str, saved: SavedGames) -> LiveGame | None:
        """A saved game (None if there is no such game): from its snapshot and the
        shots after it, or its shots played again through a fresh match (no snapshot
        by this code, or one that does not read back)."""
        data = saved.load(game_id, code())
        if data is None:
            return None
        setup = NewGame.model_validate(data.setup)
        seats = [Seat.from_saved(s) for s in data.head.seats]
        live = cls(game_id, setup, int(setup.seed or 0), seats, saved)
        with live.lock:
            if data.snapshot is not None and live._from_snapshot(data.snapshot):
                live._follow(data.head, data.shots, afresh=False)
            else:
                found = data if data.snapshot is None else saved.load(game_id)
                if found is None:
                    return None
                live._follow(found.head, found.shots, afresh=True)
        # a server stopped between a game's end and its record: written again
        live.record_due = bool(live.match.result().games)
        return live

    def refresh(self) -> None:
        """Bring this copy up to the game as saved (one short read when it is current;
        :class:`UnknownGame` if the game is gone)."""
        with self.lock:
            found = self.saved.since(self.id, len(self.played), self.takebacks)
            if found is None:
                raise UnknownGame(f"there is no game {self.id!r} on this server")
            self._follow(*found)

    def _follow(self, head: Head, shots: list[SavedShot], afresh: bool) -> None:
        """Bring this copy (the lock held) to ``head``: ``shots`` are the shots saved
        after the ones it holds, or all of them (``afresh``)."""
        if head.version > self.version:
            if afresh:
                self._rebuild([])
            try:
                for shot in shots:
                    self._play_saved(shot)
            except FlickboardError:  # not where this copy thought: play them all afresh
                found = self.saved.since(self.id, 0, -1)
                assert found is not None
                head, shots, _ = found
                self._rebuild([])
                for shot in shots:
                    self._play_saved(shot)
            self.seats = {s["seat"]: Seat.from_saved(s) for s in head.seats}
            self.status = head.status
            self.version = head.version
            self.takebacks = head.takebacks
        self.ai_until = head.ai_until

    def _from_snapshot(self, kept: Snapshot) -> bool:
        """This fresh copy (the lock held) set to the match a snapshot holds, with its
        shots: whether it read back (a snapshot made by other code, or not one, does
        not)."""
        try:
            match, played = restore(kept.data, kept.code)
        except StaleSnapshot:
            return False
        if not isinstance(match, Match) or len(played) != kept.shots:
            return False
        self.match = match
        self.played = [Played(*p) for p in played]
        return True

    def _snapshot(self) -> Snapshot | None:
        """The match as it stands, with its shots, every :data:`SNAPSHOT_EVERY` shots
        (None between, and for a match that cannot be saved so: one on a wall clock)."""
        shots = len(self.played)
        if shots % SNAPSHOT_EVERY or self.setup.time_minutes is not None:
            return None
        played = [(p.step, p.by, p.meant, p.explanation, p.intent) for p in self.played]
        data = snapshot((self.match, played))
        return None if data is None else Snapshot(shots, code(), data)

    def _play_saved(self, shot: SavedShot) -> None:
        record = record_from_dict(shot.record, self.match.position.layout)
        step = self.match.play_record(record, shot.seat)
        note = shot.note
        meant = None if note.get("meant") is None else Shot(**note["meant"])
        intent = None if note.get("intent") is None else intent_from_json(note["intent"])
        self.played.append(
            Played(step, str(note.get("by", "")), meant, note.get("explanation"), intent)
        )

    def _rebuild(self, played: list[Played]) -> None:
        """The match built again from these shots (after a take-back, or afresh)."""
        self.match = start_match(self.setup, self.seed)
        for p in played:
            self.match.play_record(p.step.entry.record, p.step.entry.turn.seat)
        self.played = list(played)

    @contextmanager
    def _changing(self) -> Iterator[Writing]:
        """A change (the lock held, the game's row locked, this copy brought up to it);
        if it fails after this copy moved, the copy is marked stale (read back next)."""
        with self.lock:
            followed: int | None = None
            try:
                held = (len(self.played), self.takebacks)
                with self.saved.changing(self.id, held) as writing:
                    if writing.lacking is None:
                        raise UnknownGame(f"there is no game {self.id!r} on this server")
                    self._follow(*writing.lacking)
                    followed = self.version
                    yield writing
            except BaseException:
                if followed is not None and self.version != followed:
                    self.stale = True
                raise

    # -- who may act --------------------------------------------------------------------

    def view_of(self, seat: int) -> View:
        """What ``seat`` sees now (refused when it may not shoot or the game is over)."""
        with self.lock:
            if self.status != "playing":
                raise GameOver(f"the game is over: {result_words(self)}")
            return self.match.view(seat)

    def check_token(self, seat: int, token: str | None) -> None:
        """Refuse (403) a request for ``seat`` without its token."""
        held = self.seats.get(seat)
        if held is None:
            raise self.match.not_a_seat(seat)
        if held.player == "ai":
            raise NotAllowed(f"seat {seat} is played by the AI ({held.ai})")
        if held.token is None or not token or not hmac.compare_digest(held.token, digest(token)):
            raise NotAllowed(
                f"this browser does not hold seat {seat}'s token: only {held.name}'s "
                "browser may play it (join by the link you were sent)"
            )

    def _check_playing(self) -> None:
        if self.status == "resigned":
            raise GameOver(f"the game is over: {result_words(self)}")
        if self.match.over:
            raise GameOver(f"the match is over: {self.match.result().summary}")

    # -- shots --------------------------------------------------------------------------

    def shoot(self, request: ShotIn, token: str | None) -> tuple[str, dict[str, float]]:
        """A person's shot (the token must be the seat's): the shot's JSON text, and the
        seconds the server spent simulating, ruling, sampling and saving it."""
        with self._changing() as writing:
            self.check_token(request.seat, token)
            self._check_playing()
            seat = request.seat
            if self.setup.real_board:
                raise WrongEntry("this game is played on a real board: enter each shot by hand")
            self.match.turn(seat)  # out of turn: refused before the values are read
            self.match.kind.check_speed(request.speed)
            line = self.match.start_line(seat)
            if not line.contains(request.u):
                problem = self.match.start_problem(*line.point(request.u), seat)
                raise IllegalStart(problem or f"a shot may not start at u = {request.u}")
            meant = self.match.aim(request.u, request.angle, request.speed, request.spin, seat)
            shot = meant
            if self.setup.realistic is not None:
                shot = self._executed(seat, meant, self.setup.realistic)
            intent = Intent("exact") if shot == meant else Intent("aim", meant)
            text, timings, saving = self._play(
                writing, seat, shot, None if shot == meant else meant, None, intent
            )
        timings["save"] = time.perf_counter() - saving
        return text, timings

    def enter(
        self, seat: int, places: list[DiscFinal], first: int | None, token: str | None
    ) -> tuple[str, dict[str, float]]:
        """A shot played on a real board, entered by hand (the token must be the
        seat's): where the discs that moved stopped and the disc struck first, ruled as
        a hand-entered shot (:func:`~flickboard.rules.hand.outcome_from_places`; the
        start: the allowed point of the seat's line nearest its middle)."""
        with self._changing() as writing:
            self.check_token(seat, token)
            self._check_playing()
            if not self.setup.real_board:
                raise WrongEntry("this game is played at the table: shots are aimed, not entered")
            turn = self.match.turn(seat)
            line = self.match.start_line(seat)
            u = line.nearest(0.5)
            if u is None:
                raise IllegalStart(f"no shot can start for seat {seat} now")
            began = time.perf_counter()
            layout = self.match.position.layout
            outcome = outcome_from_places(layout, turn.disc, line.point(u), places, first)
            step = self.match.play_hand(outcome, seat)
            timings = {"rule": time.perf_counter() - began}
            text, saving = self._keep(writing, Played(step, self.seats[seat].name), None, timings)
        timings["save"] = time.perf_counter() - saving
        return text, timings

    def _executed(self, seat: int, meant: Shot, level: str) -> Shot:
        """The shot as a player of ``level`` would play it (seeded by the game and shot)."""
        rng = np.random.default_rng([self.seed, len(self.played), seat])
        z = ExecutionNoise.draws(rng, 1)[0]
        view = self.match.view(seat)
        return execute(self.match.kind.noise_at(level, view), view, meant, z).shot

    def _play(
        self,
        writing: Writing,
        seat: int,
        shot: Shot,
        meant: Shot | None,
        explanation: str | None,
        intent: Intent | None,
    ) -> tuple[str, dict[str, float], float]:
        """Play a shot and save it with its event (the change is under way): its JSON
        text, timings, and when (``perf_counter``) its save began."""
        timings: dict[str, float] = {}
        step, log = play_shot(self.match, seat, shot, timings)
        played = Played(step, self.seats[seat].name, meant, explanation, intent)
        text, saving = self._keep(writing, played, log, timings)
        return text, timings, saving

    def _keep(
        self, writing: Writing, played: Played, log: StateLog | None, timings: dict[str, float]
    ) -> tuple[str, float]:
        """Save a shot the match has played with its event (the change is under way;
        ``log``: its state log, None for a shot entered by hand): its JSON text, and
        when (``perf_counter``) its save began."""
        step = played.step
        number = len(self.played) + 1
        status = "over" if self.match.over else "playing"
        sampled = time.perf_counter()
        shot_data = played_json(number, played, log)
        self.played.append(played)
        self.version += 1
        self.status = status
        self.ai_until = None  # the change ends the AI's lease
        state = self.state()
        shown = self._shown(state)
        state_text = encode(state) if shown.state is None else shown.state
        text = f'{encode(shot_data)[:-1]},"state":{state_text}}}'  # one dict, encoded once
        saving = time.perf_counter()
        timings["trajectory"] = saving - sampled
        writing.change(
            add=SavedShot(
                number,
                step.entry.turn.seat,
                record_to_dict(step.entry.record, compact=True),
                played.note(),
            ),
            status=status,
            event=("shot", text),
            shown=shown,
            snapshot=self._snapshot(),
        )
        self.record_due = self.record_due or bool(step.games_ended)
        return text, saving

    def ai_seat(self) -> int | None:
        """The AI seat that shoots next (None when a person does or the game is over)."""
        if self.status != "playing" or self.match.over:
            return None
        seats = self.match.choices()
        seat = seats[0] if len(seats) == 1 else most_discs_left(self.match, seats)
        return seat if seat in self.players else None

    def ai_shot(self) -> bool:
        """Let the AI seat to play choose and play its shot (outside the lock while it
        thinks; the caller holds the AI's lease of the turn); False when no AI seat is
        to play."""
        with self.lock:
            seat = self.ai_seat()
            if seat is None:
                return False
            view = self.match.view(seat)
            version = self.version
            player = self.players[seat]
            self.thinking = seat
        try:
            self.saved.event(
                self.id, "thinking", encode({"seat": seat, "name": self.seats[seat].name})
            )
            shot = player.decide(view)
            choice = player.last_choice if isinstance(player, AIPlayer) else None
            with self._changing() as writing:
                self.thinking = None
                if self.version != version:
                    return True  # taken back or resigned meanwhile: look again
                explanation = None if choice is None else choice.explanation
                self._play(writing, seat, shot, None, explanation, intent_of(player))
        finally:
            self.thinking = None
        return True

    # -- take-backs, resigning, joining -------------------------------------------------

    def undo(self, seat: int, token: str | None) -> dict[str, Any]:
        """Take back this seat's last shot and the AI's replies after it."""
        with self._changing() as writing:
            self.check_token(seat, token)
            if not self.setup.undo:
                raise NothingToUndo("take-backs are off in this game")
            if self.status != "playing" or self.match.over:
                # the records already downloaded stand: a finished game stays finished
                raise GameOver(f"the game is over: {result_words(self)}")
            count = 0
            for played in reversed(self.played):
                count += 1
                if played.step.entry.turn.seat not in self.players:
                    break
            else:
                count = 0
            if not count or self.played[-count].step.entry.turn.seat != seat:
                raise NothingToUndo(
                    f"seat {seat} has no shot to take back: the last shot of a person "
                    "was not theirs"
                    if count
                    else "there is nothing to take back: no one at the table has shot yet"
                )
            kept = len(self.played) - count
            self._rebuild(self.played[:kept])
            self.version += 1
            self.takebacks += 1
            self.status = "playing"
            return self._change_state(
                writing, keep=kept, status="playing", record=unlocked_record(self)
            )

    def resign(self, seat: int, token: str | None) -> dict[str, Any]:
        """The seat's side resigns: the game ends, the other side wins."""
        with self._changing() as writing:
            self.check_token(seat, token)
            self._check_playing()
            self.seats = {**self.seats, seat: replace(self.seats[seat], resigned=True)}
            self.status = "resigned"
            self.version += 1
            return self._change_state(
                writing,
                status="resigned",
                seats=[s.to_saved() for s in self.seats.values()],
                record=unlocked_record(self),
            )

    def join(self, code: str) -> tuple[int, str]:
        """Take the seat a join link is for: its token (the code then expires)."""
        with self._changing() as writing:
            wanted = digest(code)
            for seat in self.seats.values():
                if seat.join is not None and hmac.compare_digest(seat.join, wanted):
                    token = secrets.token_urlsafe(24)
                    self.seats = {
                        **self.seats,
                        seat.seat: replace(seat, token=digest(token), join=None),
                    }
                    self.version += 1
                    self._change_state(writing, seats=[s.to_saved() for s in self.seats.values()])
                    return seat.seat, token
            raise NotAllowed("this join link is not valid (already used, or mistyped)")

    def _change_state(self, writing: Writing, **change: Any) -> dict[str, Any]:
        """Save a change this copy has made, with a ``state`` event: the state."""
        self.ai_until = None  # the change ends the AI's lease
        state = self.state()
        writing.change(**change, event=("state", encode(state)), shown=self._shown(state))
        if change.get("record") is not None:
            self.record_due = False
        return state

    def _shown(self, state: dict[str, Any]) -> Shown:
        """What a read of the game shows after a change (saved with it): the state,
        with nobody thinking (a read says who is from the AI's lease), none for a game
        on a wall clock (its state changes by itself: read from a copy), none while the
        physics kernels warm up (its first aim's speed comes once they are ready)."""
        from_copy = self.setup.time_minutes is not None or state["speed_default"] is None
        text = None if from_copy else encode({**state, "thinking": None})
        return Shown(text, self.ai_seat())

    def keep_record(self) -> None:
        """Save the match record a game's end left due (docs/web.md, "Storage").

        Building it checks that it replays whole: every shot of the match ruled again,
        tens of milliseconds at a game's end. So it is not done while the shot that
        ended the game is answered but after, by :class:`~.tables.Tables` in its record
        thread; the shots it is built from were saved before the answer, and a game
        read back after a restart gets its record again."""
        with self.lock:
            for _ in range(3):
                if not self.record_due:
                    return
                try:
                    self.saved.keep_record(self.id, self.version, unlocked_record(self))
                    self.record_due = False
                except ChangedMeanwhile:  # another change came first: record the game now
                    self.refresh()

    # -- what the pages see (:mod:`~.showing`) -------------------------------------------

    def state(self) -> dict[str, Any]:
        """Everything public about the game now (:func:`~.showing.state_of`)."""
        return state_of(self)

    # -- events to the pages ------------------------------------------------------------

    def publish_error(self, message: str) -> None:
        """Tell the pages something went wrong on the server (the AI failed)."""
        self.saved.event(self.id, "problem", encode({"detail": message}))
