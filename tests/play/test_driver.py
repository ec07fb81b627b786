"""The one driver: players by seat, an observer that hears every shot, round and game,
and a person whose refused shot is asked again."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from flickboard.agents.spec import player_from_spec
from flickboard.errors import FlickboardError, IllegalStart, InvalidInput
from flickboard.physics import Shot
from flickboard.play.driver import Observer, play_match, seat_players
from flickboard.play.kind import new_match
from flickboard.play.match import GameEnd, Match, Outcome, RoundEnd, Step
from flickboard.play.view import Player, View


@dataclass
class Log(Observer):
    """Remembers what it heard."""

    heard: list[str] = field(default_factory=list)

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        self.heard.append(f"shot {player.name}")

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        self.heard.append(f"round {end.number}")

    def on_game_end(self, match: Match, end: GameEnd) -> None:
        self.heard.append(f"game {end.number}")

    def on_match_end(self, match: Match, outcome: Outcome) -> None:
        self.heard.append(f"match {outcome.winner}")

    def on_refused(self, match: Match, seat: int, error: FlickboardError) -> None:
        self.heard.append(f"refused {type(error).__name__}")


@pytest.mark.parametrize(("game", "shots"), [("crokinole", 16), ("shuffleboard", 8)])
def test_the_observer_hears_every_shot_then_the_round_then_the_game(game: str, shots: int) -> None:
    match = new_match(game, time_shots=shots) if game == "crokinole" else new_match(game, target=1)
    players = [player_from_spec("bot", game, seed) for seed in (1, 2)]
    log = Log()
    outcome = play_match(match, players, log)
    assert outcome.over and log.heard[-1] == f"match {outcome.winner}"
    assert log.heard[:shots] == [f"shot {p.name}" for p in players] * (shots // 2)
    assert log.heard[shots] == "round 1"
    assert log.heard.index("game 1") > log.heard.index("round 1")


@dataclass
class Clumsy:
    """A person who first types a start off the line, then a good shot."""

    name: str = "person"
    interactive: bool = True
    tries: int = 0

    def decide(self, view: View) -> Shot:
        self.tries += 1
        line = view.start_line
        x, y = line.point(0.5)
        return (
            Shot(x * 0.1, y * 0.1, line.inward(0.5), 1.0)
            if self.tries == 1
            else (Shot(x, y, line.inward(0.5), 1.0))
        )


def test_a_persons_refused_shot_is_explained_and_asked_again() -> None:
    match = new_match("crokinole", time_shots=2)
    person, log = Clumsy(), Log()
    play_match(match, [person, player_from_spec("bot", "crokinole")], log)
    assert log.heard[0] == "refused IllegalStart" and person.tries == 2


def test_a_bots_refused_shot_stops_the_match() -> None:
    @dataclass
    class Broken:
        name: str = "broken"

        def decide(self, view: View) -> Shot:
            return Shot(0.0, 0.0, 0.0, 1.0)

    with pytest.raises(IllegalStart):
        play_match(new_match("crokinole"), [Broken(), Broken()])


def test_players_are_seated_side_by_side_or_by_a_mapping() -> None:
    doubles = new_match("crokinole", players=4)
    bots = [player_from_spec("bot", "crokinole", k, f"b{k}") for k in range(4)]
    seated = seat_players(doubles, bots)
    assert [seated[s].name for s in (0, 2, 1, 3)] == ["b0", "b1", "b2", "b3"]  # red team first
    with pytest.raises(InvalidInput, match="4 players needed, got 2"):
        seat_players(doubles, bots[:2])
    with pytest.raises(InvalidInput, match=r"no player for seats \[1, 3\]"):
        seat_players(doubles, {0: bots[0], 2: bots[1]})
