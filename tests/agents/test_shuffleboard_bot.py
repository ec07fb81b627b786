"""The three-zone bot and whole bot games on the simulated table."""

from __future__ import annotations

import math

import pytest

from flickboard.agents.shuffleboard_bot import HIT_SPEED, ShuffleboardBot
from flickboard.errors import InvalidInput
from flickboard.geometry import ShuffleboardTable
from flickboard.physics import PhysicsParams
from flickboard.play.shuffleboard import GameRules, ShuffleboardGame
from flickboard.play.shuffleboard_kind import draw_speed, three_zone_target
from flickboard.rules import Turn
from flickboard.rules.shuffleboard import GREEN, RED, table_position

TABLE = ShuffleboardTable.csc()
PARAMS = PhysicsParams.shuffleboard()


def test_draw_speed_is_the_stopping_distance_formula() -> None:
    v = draw_speed(PARAMS, 0.3, 4.0)
    assert v**2 / (2 * PARAMS.friction * PARAMS.gravity) == pytest.approx(3.7)
    with pytest.raises(InvalidInput):
        draw_speed(PARAMS, 3.0, 2.0)


def test_bot_draws_up_the_centre_to_the_three_zone_on_an_empty_table() -> None:
    shot = ShuffleboardBot().plan(table_position(TABLE, []), Turn(0, RED, 0))
    assert shot.x == 0.0 and shot.angle == pytest.approx(math.pi / 2)
    assert shot.speed == pytest.approx(draw_speed(PARAMS, shot.y, three_zone_target(TABLE)))


def test_bot_takes_a_clear_lane_round_its_own_blocker() -> None:
    position = table_position(TABLE, [(RED, 0.0, 3.0)])
    shot = ShuffleboardBot().plan(position, Turn(0, RED, 1))
    assert abs(shot.x) > 2 * TABLE.disc.radius
    assert shot.speed < HIT_SPEED


def test_bot_knocks_off_an_opponent_leading_in_a_scoring_zone() -> None:
    position = table_position(TABLE, [(GREEN, 0.1, 4.0)])
    shot = ShuffleboardBot().plan(position, Turn(0, RED, 1))
    assert shot.x == pytest.approx(0.1) and shot.speed == HIT_SPEED


def test_bot_noise_is_seeded() -> None:
    game = ShuffleboardGame()
    one = [ShuffleboardBot(seed=3).decide(game.view()) for _ in range(1)]
    two = [ShuffleboardBot(seed=3).decide(game.view()) for _ in range(1)]
    other = ShuffleboardBot(seed=4).decide(game.view())
    assert one == two
    assert other != one[0]
    with pytest.raises(InvalidInput):
        ShuffleboardBot(angle_noise=-1)


def play_out(rules: GameRules, seed: int) -> ShuffleboardGame:
    game = ShuffleboardGame(rules)
    bots = [ShuffleboardBot(seed=seed + p) for p in range(rules.players)]
    for _ in range(400):
        if game.over:
            break
        game.deliver_shot(bots[game.player].decide(game.view()))
    return game


@pytest.mark.parametrize("players", [2, 4])
def test_bot_game_plays_to_the_target_and_replays_identically(players: int) -> None:
    game = play_out(GameRules(players=players), seed=11)
    assert game.over
    assert max(game.totals) >= game.rules.goal
    assert all(sum(f.score.points) <= 16 for f in game.frames)
    replay = play_out(GameRules(players=players), seed=11)
    assert [f.score for f in replay.frames] == [f.score for f in game.frames]
