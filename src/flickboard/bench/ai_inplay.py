"""What the AI plays, measured: its opening shots by level, and its decision times on
mid-round positions.

- **Opening rate** (:func:`opening_rate`): the AI chooses and aims the first shot of a
  round on an empty board itself (``Planner(level).decide(view)``, a fresh seed per
  decision), and the shot as executed is judged by the game kind's skill test (an open
  20 dropped; a weight wholly in the three zone): the rate the level is calibrated to,
  but on what the AI plays, not on an ideal aim. The rate is also given for each kind
  of shot it meant (its open 20s; its draws into the three zone, not its hangers).
- **Mid-round decision times** (:func:`midround_times`): positions from the middle of
  rounds of heuristic self-play (a third to two thirds of the round's shots played,
  discs of both sides in play), where each player decides once; the time of each
  decision as CPU seconds of the deciding thread (``time.thread_time``) and as wall-clock seconds, the load average
  of the machine while they ran, and how many shots it meant are invalid played
  without noise (a throw-away).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from flickboard.agents.explain import played_out
from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.player import AIPlayer
from flickboard.agents.tactics import tactics_for
from flickboard.physics import simulate_batch
from flickboard.play.driver import Observer, play_turn, seat_players
from flickboard.play.kind import game_kind
from flickboard.play.view import View


def opening_view(game: str) -> View:
    """The view the skill test judges the AI's own shot from (the tactics say which:
    crokinole's opening shot, shuffleboard's hammer on a clear table)."""
    return tactics_for(game).skill_view(game_kind(game).new_match().view())


def opening_rate(
    game: str,
    make: Callable[[int], AIPlayer],
    decisions: int,
    seed: int,
    wilson: Callable[[float, int], tuple[float, float]],
) -> dict[str, Any]:
    """The skill test's success rate of the AI's own opening shots (see the module doc)."""
    kind = game_kind(game)
    view = opening_view(game)
    layout, _, succeeded = kind.skill_test()
    shots = []
    kinds: list[str] = []
    for k in range(decisions):
        player = make(seed + k)
        shots.append(player.decide(view))
        assert player.last_choice is not None
        kinds.append(player.last_choice.candidate.words)
    result = simulate_batch(layout, shots, shooter=view.turn.disc, params=view.physics)
    success = succeeded(result)
    made = int(np.count_nonzero(success))
    low, high = wilson(made, decisions)
    by_intent: dict[str, Any] = {}
    for kind_name in sorted(set(kinds)):
        picked = [i for i, k in enumerate(kinds) if k == kind_name]
        hits = int(np.count_nonzero(success[picked]))
        by_intent[kind_name] = {
            "decisions": len(picked),
            "rate": hits / len(picked),
            "wilson95": list(wilson(hits, len(picked))),
            "median_speed": statistics.median(shots[i].speed for i in picked),
        }
    return {
        "decisions": decisions,
        "rate": made / decisions if decisions else None,
        "wilson95": [low, high],
        "by_intent": by_intent,
    }


def midround_views(game: str, count: int, seed: int) -> list[View]:
    """``count`` views from the middle of rounds of heuristic self-play at competitive level,
    with discs of both sides in play."""
    kind = game_kind(game)
    views: list[View] = []

    class Keep(Observer):
        def on_turn(self, match: Any, seat: int, view: View) -> None:
            total = len(view.to_come) + view.turn.disc
            sides = {view.position.side_of(d.id) for d in view.position.layout.discs}
            if len(sides) > 1 and total / 3 <= view.turn.disc <= 2 * total / 3:
                views.append(view)

    game_number = 0
    while len(views) < count:
        match = kind.new_match(seed=seed + game_number)
        players = seat_players(
            match, [HeuristicPlayer("competitive", seed + 7 * game_number + s) for s in match.seats]
        )
        keep = Keep()
        rounds = 0
        while not match.over and rounds < 2 and len(views) < count:
            rounds += len(play_turn(match, players, keep).rounds_ended)
        game_number += 1
    rng = np.random.default_rng(seed)
    return [views[int(i)] for i in rng.permutation(len(views))[:count]]


def midround_times(
    game: str, players: dict[str, Callable[[int], AIPlayer]], count: int, seed: int
) -> dict[str, Any]:
    """CPU and wall-clock seconds (lists) of each player's decision on the same
    mid-round views, how many of the shots it meant are ruled invalid when played
    without noise, and the load average before and after."""
    views = midround_views(game, count, seed)
    out: dict[str, Any] = {"positions": len(views), "load_average_before": os.getloadavg()}
    for name, make in players.items():
        cpu: list[float] = []
        wall: list[float] = []
        invalid = 0
        for k, view in enumerate(views):
            player = make(seed + k)
            c0, w0 = time.thread_time(), time.perf_counter()
            player.decide(view)
            cpu.append(time.thread_time() - c0)
            wall.append(time.perf_counter() - w0)
            assert player.last_choice is not None
            ruling = played_out(view, player.last_choice.candidate.shot)
            invalid += ruling is not None and not ruling.valid
        out[name] = {"cpu": cpu, "wall": wall, "invalid_meant": invalid}
    out["load_average_after"] = os.getloadavg()
    return out
