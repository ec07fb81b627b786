"""Self-played rounds for fitting the position value (:mod:`flickboard.agents.value_model`).

Two AI players of one level play singles games of a game's default rule set; every
shot is kept with what it left (the discs in play, the 20s made, the shots to come)
and, once the round (frame) ends, the round's result. One JSON line per round, so a
run can be stopped and resumed, and features can be recomputed from the raw positions
without playing again. Each side of a round is a cheap planner or the heuristic at a
level drawn at random, so the data covers the positions both make.

Run ``python -m flickboard.agents.selfplay --game crokinole --rounds 4000 --out FILE``
(docs/ai.md, "The learned position value").
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Planner, PlannerBudget
from flickboard.agents.player import AIPlayer
from flickboard.agents.value_model import PLAYING_LEVELS
from flickboard.physics import Layout, PlacedDisc
from flickboard.play.driver import Observer, play_turn, seat_players
from flickboard.play.kind import game_kind
from flickboard.play.match import Match, RoundEnd, Step
from flickboard.play.view import Player, View
from flickboard.rules.base import Position, Turn

CHEAP = PlannerBudget(samples=6, candidates=40, refine_rounds=0)
"""The self-play planner's budget: a tenth of the default, the same kind of play."""

HEURISTIC_SHARE = 0.3
"""Share of sides played by the heuristic rather than the cheap planner."""

STRONG = PlannerBudget()
"""The budget of both sides in strong self-play (``--strong``): the planner's own
default, the play the search's value is fitted on (docs/ai.md, "The search's value")."""

Shot = dict[str, Any]
"""One shot of a stored round (see :func:`shot_json`)."""


def shot_json(view: View, step: Step) -> Shot:
    """A shot as stored: the shooter's turn, the shots to come (this one first), the 20s
    made before it in the round, the 20s it made and the discs it left in play."""
    position = step.ruling.position_after
    return {
        "seat": view.turn.seat,
        "side": view.turn.side,
        "disc": view.turn.disc,
        "to_come": [list(t) for t in view.to_come],
        "twenties": list(view.twenties),
        "made": {str(s): n for s, n in step.ruling.twenties().items()},
        "discs": [
            [d.id, d.x, d.y, int(d.leaning), position.side_of(d.id)] for d in position.layout.discs
        ],
    }


def view_of(game: str, rules: str, shot: Shot) -> View:
    """The view a stored shot was played from, with the position it left in play (the
    features of :meth:`~flickboard.agents.tactics.Tactics.features` read nothing else)."""
    return View(game_kind(game).referee(rules), position_of(game, shot), *turn_of(shot))


def turn_of(shot: Shot) -> tuple[Turn, tuple[tuple[int, int], ...]]:
    """The turn and the shots to come of a stored shot."""
    turn = Turn(shot["seat"], shot["side"], shot["disc"])
    return turn, tuple((int(a), int(b)) for a, b in shot["to_come"])


def position_of(game: str, shot: Shot) -> Position:
    """The position a stored shot left."""
    board = game_kind(game).board()
    discs = tuple(PlacedDisc(i, x, y, leaning=bool(lean)) for i, x, y, lean, _ in shot["discs"])
    return Position.of(Layout(board, discs), {i: side for i, *_, side in shot["discs"]})


def twenties_after(shot: Shot) -> dict[int, int]:
    """The 20s each side has made in the round once the stored shot is played."""
    out = dict(enumerate(shot["twenties"]))
    for side, n in shot["made"].items():
        out[int(side)] = out.get(int(side), 0) + n
    return out


@dataclass
class RoundKeeper(Observer):
    """Keeps the shots of each round and writes the round when it ends."""

    game: str
    rules: str
    level: str
    kinds: dict[int, str]
    sink: list[dict[str, Any]]
    shots: list[Shot] = field(default_factory=list)
    hammer: int | None = None
    _view: View | None = None

    def on_turn(self, match: Match, seat: int, view: View) -> None:
        """Remember the view the shot is played from."""
        self._view = view

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """Keep the shot."""
        assert self._view is not None
        self.shots.append(shot_json(self._view, step))
        self.hammer = self._view.turn.side

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """Store the round with its result (each side's score on the board, 20s in)."""
        if self.shots:
            self.sink.append(
                {
                    "game": self.game,
                    "rules": self.rules,
                    "level": self.level,
                    "players": {str(s): k for s, k in self.kinds.items()},
                    "hammer": self.hammer,
                    "final": list(end.scores),
                    "shots": self.shots,
                }
            )
        self.shots = []


def make_player(kind: str, level: str, seed: int) -> AIPlayer:
    """A self-play player: the cheap planner, the heuristic, or (``strong``) the
    planner at its default budget."""
    if kind == "heuristic":
        return HeuristicPlayer(level, seed)
    return Planner(level, seed, STRONG if kind == "strong" else CHEAP)


def play_rounds(game: str, games: int, seed: int, strong: bool = False) -> Iterator[dict[str, Any]]:
    """The rounds of ``games`` self-played singles games (levels and kinds drawn from
    ``seed``), as they end; with ``strong``, both sides are the planner at its default
    budget (:data:`STRONG`)."""
    kind = game_kind(game)
    rng = np.random.default_rng(seed)
    seats = kind.new_match().seats
    for k in range(games):
        level = str(PLAYING_LEVELS[int(rng.integers(len(PLAYING_LEVELS)))])
        match = kind.new_match(first=seats[int(rng.integers(len(seats)))], seed=seed + k)
        kinds = {
            s: ("heuristic" if rng.random() < HEURISTIC_SHARE else "planner") for s in match.seats
        }
        if strong:  # (the kinds above are drawn all the same: the same levels follow)
            kinds = dict.fromkeys(match.seats, "strong")
        players = seat_players(
            match, {s: make_player(kinds[s], level, seed * 1000 + 10 * k + s) for s in match.seats}
        )
        sink: list[dict[str, Any]] = []
        keeper = RoundKeeper(kind.name, match.referee.name, level, kinds, sink)
        rounds = 0
        while not match.over and rounds < 40:
            step = play_turn(match, players, keeper)
            rounds += len(step.rounds_ended)
            yield from sink
            sink.clear()


def main(argv: list[str] | None = None) -> None:
    """Append self-played rounds to a JSON-lines file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="crokinole")
    parser.add_argument("--games", type=int, default=1000, help="games to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--strong", action="store_true", help="both sides the planner at its default budget"
    )
    args = parser.parse_args(argv)
    start = time.time()
    count = 0
    with args.out.open("a", encoding="utf-8") as sink:
        for record in play_rounds(args.game, args.games, args.seed, args.strong):
            sink.write(json.dumps(record, separators=(",", ":")) + "\n")
            sink.flush()
            count += 1
            if count % 100 == 0:
                print(f"{count} rounds, {time.time() - start:.0f} s", flush=True)
    print(f"{count} rounds written to {args.out}")


if __name__ == "__main__":
    main()
