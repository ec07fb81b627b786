"""Play by CSC rules 1-5: order, ends, frames, targets, best of three, fouls."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.physics import DiscFinal, DiscState, Edge, Event, EventKind, ShotRecord
from flickboard.play.shuffleboard import (
    REPEAT_AREA,
    BestOfThree,
    GameRules,
    ShuffleboardGame,
    player_for,
)
from flickboard.rules import Fate, Turn
from flickboard.rules.hand import HandEvent, HandOutcome
from flickboard.rules.shuffleboard import GREEN, RED, Calls, calls_from_json

LANES = (-0.18, -0.06, 0.06, 0.18)


def stop_at(game: ShuffleboardGame, x: float, y: float) -> ShotRecord:
    """A record of the next weight sliding over the foul line and stopping at (x, y)."""
    layout = game.position.layout
    shooter = game.turn.disc
    finals = [DiscFinal(d.id, d.x, d.y, DiscState.ON_SURFACE) for d in layout.discs]
    finals.append(DiscFinal(shooter, x, y, DiscState.ON_SURFACE))
    events = (Event(0.0, EventKind.LINE_CLEAR, shooter, 0, side=1),)
    return ShotRecord(layout, None, shooter, events, tuple(finals), 1.0)


def play_frame(game: ShuffleboardGame, red_ys: list[float], green_ys: list[float]) -> None:
    """Deliver the eight weights of a frame, each colour to its own list of distances."""
    targets = {RED: list(red_ys), GREEN: list(green_ys)}
    lane = {RED: 0, GREEN: 1}
    for _ in range(8):
        side = game.turn.side
        x = LANES[lane[side] % 4]
        lane[side] += 2
        game.deliver(stop_at(game, x, targets[side].pop(0)))


NEUTRAL = 2.6  # neutral zone: in play, scores nothing
THREE = 4.17  # three zone


def scoring_frame(game: ShuffleboardGame, side: int) -> None:
    """A frame in which ``side`` puts one weight in the three zone and leads with it."""
    best = [THREE, NEUTRAL - 0.1, NEUTRAL - 0.2, NEUTRAL - 0.3]
    rest = [NEUTRAL + 0.1, NEUTRAL + 0.2, NEUTRAL + 0.3, NEUTRAL + 0.4]
    play_frame(game, best if side == RED else rest, rest if side == RED else best)


def test_csc_3_red_starts_the_game() -> None:
    game = ShuffleboardGame()
    assert game.turn.side == RED and game.player == 0


def test_csc_1a_singles_alternate_four_weights_each_from_the_same_end() -> None:
    game = ShuffleboardGame()
    sides, players, ends = [], [], set()
    for _ in range(8):
        sides.append(game.turn.side)
        players.append(game.player)
        ends.add(game.end)
        game.deliver(stop_at(game, LANES[len(sides) % 4], 2.3 + 0.12 * len(sides)))
    assert sides == [RED, GREEN] * 4
    assert players == [0, 1] * 4
    assert ends == {0}
    assert game.end == 1  # both players change ends for the next frame


def test_csc_1b_doubles_partners_play_alternate_frames_from_opposite_ends() -> None:
    rules = GameRules(players=4)
    assert [player_for(rules, s, 0) for s in (RED, GREEN)] == [0, 1]
    assert [player_for(rules, s, 1) for s in (RED, GREEN)] == [2, 3]
    game = ShuffleboardGame(rules)
    scoring_frame(game, RED)
    assert game.end == 1
    assert game.player == 2  # red's partner at the other end shoots first


def test_csc_3_frame_winner_shoots_first_in_the_next_frame() -> None:
    game = ShuffleboardGame()
    scoring_frame(game, GREEN)
    assert game.frames[0].winner == GREEN
    assert game.turn.side == GREEN


def test_csc_5m_non_scoring_frame_reverses_the_order_of_play() -> None:
    game = ShuffleboardGame()
    play_frame(
        game, [NEUTRAL + 0.1 * k for k in range(4)], [NEUTRAL + 0.05 + 0.1 * k for k in range(4)]
    )
    assert game.frames[0].winner is None
    assert game.frames[0].deliveries[-1].turn.side == GREEN
    assert game.turn.side == GREEN  # the last to deliver shoots first
    play_frame(
        game, [NEUTRAL + 0.1 * k for k in range(4)], [NEUTRAL + 0.05 + 0.1 * k for k in range(4)]
    )
    assert game.turn.side == RED


def test_csc_4a_after_level_leading_weights_the_next_frame_starts_like_any_non_scoring_frame() -> (
    None
):
    game = ShuffleboardGame()
    scoring_frame(game, GREEN)  # green leads 3-0 and shoots first in frame 2
    # Frame 2: the front red and green weights level in the three zone, green's next
    # weights ahead of red's (so comparing them would give green the frame); red
    # delivers last.
    play_frame(
        game,
        [NEUTRAL, NEUTRAL + 0.1, NEUTRAL + 0.2, THREE],
        [THREE, NEUTRAL + 0.3, NEUTRAL + 0.4, NEUTRAL + 0.5],
    )
    level = game.frames[1]
    assert level.count.level and level.winner is None
    assert level.last == RED
    assert game.totals == (0, 3)  # nothing scored
    assert game.turn.side == RED  # the colour that delivered the last weight (3, 5(m))


def test_csc_4k_singles_game_is_won_at_fifteen() -> None:
    game = ShuffleboardGame()
    for _ in range(4):
        scoring_frame(game, RED)
    assert game.totals == (12, 0) and not game.over
    scoring_frame(game, RED)
    assert game.totals == (15, 0)
    assert game.winner == RED
    with pytest.raises(IllegalInPosition, match="over"):
        _ = game.turn


def test_csc_4k_doubles_game_is_won_at_seventeen() -> None:
    game = ShuffleboardGame(GameRules(players=4))
    for _ in range(5):
        scoring_frame(game, GREEN)
    assert game.totals == (0, 15) and not game.over
    scoring_frame(game, GREEN)
    assert game.winner == GREEN and game.race.target == 17


def test_csc_vii_league_game_to_twenty_one_and_targets_are_configurable() -> None:
    assert GameRules(players=4, target=21).goal == 21
    game = ShuffleboardGame(GameRules(target=3))
    scoring_frame(game, GREEN)
    assert game.winner == GREEN
    with pytest.raises(InvalidInput):
        GameRules(players=3)
    with pytest.raises(InvalidInput):
        GameRules(target=0)


def test_csc_3_best_of_three_green_shoots_first_in_game_two_and_a_coin_decides_game_three() -> None:
    match = BestOfThree(GameRules(target=3), seed=7)
    first = match.next_game()
    assert first.turn.side == RED
    scoring_frame(first, RED)
    second = match.next_game()
    assert second.turn.side == GREEN
    scoring_frame(second, GREEN)
    assert match.wins == (1, 1) and match.winner is None
    third = match.next_game()
    tosses = {BestOfThree(seed=s).first_of_game(2) for s in range(20)}
    assert tosses == {RED, GREEN}  # the toss really is a toss
    assert third.turn.side == BestOfThree(seed=7).first_of_game(2)  # and it is seeded
    scoring_frame(third, RED)
    assert match.winner == RED
    with pytest.raises(IllegalInPosition, match="match is over"):
        match.next_game()


def test_csc_2_colours_are_kept_for_the_game_and_the_match() -> None:
    # A schedule may set the start (GameRules.first): green shoots first, and each
    # player still delivers the same colour.
    game = ShuffleboardGame(GameRules(first=GREEN))
    assert game.turn.side == GREEN and game.player == 1
    match = BestOfThree(GameRules(target=3), seed=7)
    colours: dict[int, set[int]] = {0: set(), 1: set()}
    for winner in (RED, GREEN, RED):
        played = match.next_game()
        scoring_frame(played, winner)
        for d in played.frames[0].deliveries:
            colours[d.player].add(d.turn.side)
    assert colours == {0: {RED}, 1: {GREEN}}  # player 1 red, player 2 green, all match
    assert match.winner == RED


def test_best_of_three_waits_for_the_game_in_play() -> None:
    match = BestOfThree()
    match.next_game()
    with pytest.raises(IllegalInPosition, match="not over"):
        match.next_game()


@pytest.mark.parametrize(("key", "points"), [("4j", 2), ("5b", 2), ("5j", 1), ("5l", 1)])
def test_csc_foul_draws_a_warning_then_a_loss_of_points(key: str, points: int) -> None:
    game = ShuffleboardGame()
    scoring_frame(game, GREEN)
    first = game.call_foul(key, 1)
    assert first.warning and first.points == 0
    assert game.totals == (0, 3)
    second = game.call_foul(key, 1)
    assert not second.warning and second.points == points
    assert game.totals == (0, 3 - points)
    assert key[0] in second.reason and "loses" in second.reason


def test_csc_4j_gutter_foul_costs_two_after_a_warning() -> None:
    game = ShuffleboardGame()
    game.call_foul("4(j)", 0)
    assert game.call_foul("4(j)", 0).points == 2
    assert game.totals == (-2, 0)


def test_csc_5a_walking_past_the_foul_line_is_a_doubles_foul_only() -> None:
    with pytest.raises(IllegalInPosition, match="singles"):
        ShuffleboardGame().call_foul("5a", 0)
    game = ShuffleboardGame(GameRules(players=4))
    assert game.call_foul("5a", 2).warning
    assert game.call_foul("5a", 2).points == 1
    assert game.totals == (-1, 0)  # player 3 (index 2) is red


def test_csc_5b_apparel_touching_the_surface_costs_two_after_a_warning() -> None:
    game = ShuffleboardGame()
    game.call_foul("5b", 0)
    game.call_foul("5b", 0)
    assert game.totals == (-2, 0)


def test_csc_5j_coaching_costs_one_after_a_warning() -> None:
    game = ShuffleboardGame()
    game.call_foul("5j", 1)
    game.call_foul("5j", 1)
    assert game.totals == (0, -1)


def test_csc_5l_crowding_the_deliverer_costs_one_after_a_warning() -> None:
    game = ShuffleboardGame()
    game.call_foul("5l", 0)
    game.call_foul("5l", 0)
    game.call_foul("5l", 0)
    assert game.totals == (-2, 0)


def test_csc_5c_body_beyond_the_end_kills_the_weight_without_warning() -> None:
    game = ShuffleboardGame()
    ruling = game.deliver(stop_at(game, 0.0, THREE), Calls(body_over_end=True))
    assert not ruling.valid
    assert game.position.layout.discs == ()
    assert [(p.foul, p.warning, p.points) for p in game.penalties] == [("5c", False, 0)]


def test_csc_5c_cannot_be_called_apart_from_its_delivery() -> None:
    game = ShuffleboardGame()
    game.deliver(stop_at(game, LANES[0], THREE))
    with pytest.raises(IllegalInPosition, match=r"Calls\(body_over_end=True\)"):
        game.call_foul("5(c)", 1)
    assert game.penalties == [] and game.ledger.offences() == {}  # nothing recorded
    assert len(game.position.layout.discs) == 1  # and nothing on the table changed


def test_csc_warnings_are_counted_per_player_and_over_the_whole_match() -> None:
    match = BestOfThree(GameRules(target=3))
    first = match.next_game()
    first.call_foul("5b", 0)
    assert first.call_foul("5b", 1).warning  # another player's first offence
    scoring_frame(first, GREEN)
    second = match.next_game()
    assert second.call_foul("5b", 0).points == 2  # the warning was spent in game 1


def test_unknown_foul_and_player_are_refused() -> None:
    game = ShuffleboardGame()
    with pytest.raises(InvalidInput, match="unknown foul"):
        game.call_foul("9z", 0)
    with pytest.raises(InvalidInput, match="player"):
        game.call_foul("5b", 3)


def test_csc_5h_out_of_order_delivery_stands_and_the_frame_finishes_in_its_rotation() -> None:
    game = ShuffleboardGame()
    game.deliver(stop_at(game, LANES[0], NEUTRAL))
    game.deliver(stop_at(game, LANES[1], NEUTRAL + 0.1))
    assert game.turn == Turn(0, RED, 2)
    # Green delivers red's turn: the weight stands, as green's, and is said to be out of turn.
    ruling = game.deliver(stop_at(game, LANES[2], NEUTRAL + 0.2), Calls(out_of_order=True))
    assert ruling.valid and "5(h)" in ruling.summary
    assert ruling.position_after.side_of(2) == GREEN
    assert game.deliveries[-1].turn == Turn(1, GREEN, 2) and game.deliveries[-1].player == 1
    # The players alternate from the out-of-order delivery on, four weights each.
    assert game.order == (RED, GREEN, GREEN, RED, GREEN, RED, GREEN, RED)
    assert game.turn == Turn(0, RED, 3) and game.player == 0
    # Green again out of turn: once green has its four, red delivers the rest in a row.
    game.deliver(stop_at(game, LANES[3], NEUTRAL + 0.3), Calls(out_of_order=True))
    assert game.order == (RED, GREEN, GREEN, GREEN, RED, GREEN, RED, RED)
    game.deliver(stop_at(game, LANES[0], NEUTRAL + 0.4))
    game.deliver(stop_at(game, LANES[1], NEUTRAL + 0.5))
    assert (game.weights_left(RED), game.weights_left(GREEN)) == (2, 0)
    refused = len(game.deliveries)
    with pytest.raises(IllegalInPosition, match="green has delivered all 4"):
        game.deliver(stop_at(game, LANES[2], NEUTRAL + 0.6), Calls(out_of_order=True))
    assert len(game.deliveries) == refused  # nothing lost
    sides = [d.turn.side for d in game.deliveries]
    game.deliver(stop_at(game, LANES[2], NEUTRAL + 0.6))
    game.deliver(stop_at(game, LANES[3], NEUTRAL + 0.7))
    frame = game.frames[0]
    assert [*sides, RED, RED] == [d.turn.side for d in frame.deliveries]
    # A non-scoring frame: the colour that delivered the last weight (red, which also
    # started the frame) shoots first in the next (3, 5(m)).
    assert frame.winner is None and frame.first == RED
    assert game.turn.side == RED
    # Doubles: the other player at the delivering end is the one out of turn.
    doubles = ShuffleboardGame(GameRules(players=4))
    scoring_frame(doubles, RED)
    assert doubles.end == 1 and doubles.player == 2
    doubles.deliver(stop_at(doubles, 0.0, NEUTRAL), Calls(out_of_order=True))
    assert doubles.deliveries[0].player == 3  # green's player at end 1
    assert doubles.player == 2 and doubles.turn.side == RED


def fall_outcome(
    game: ShuffleboardGame, start: tuple[float, float], hanger: int, lane: float = 0.1
) -> HandOutcome:
    """The next weight reaching the far end, ending in ``lane``, as ``hanger`` drops off it
    into the gutter."""
    shooter = game.turn.disc
    gone = game.position.layout.disc(hanger)
    finals = {d.id: (d.x, d.y, DiscState.ON_SURFACE) for d in game.position.layout.discs}
    finals[shooter] = (lane, THREE - 0.08, DiscState.ON_SURFACE)
    finals[hanger] = (gone.x, game.table.length + 0.03, DiscState.IN_GUTTER)
    events = (
        HandEvent(EventKind.LINE_CLEAR, shooter, 0, 1),
        HandEvent(EventKind.DISC_CONTACT, shooter, hanger),
        HandEvent(EventKind.LEFT_SURFACE, hanger, Edge.FAR_END),
    )
    return HandOutcome(
        shooter,
        start,
        events,
        tuple(DiscFinal(i, x, y, st) for i, (x, y, st) in sorted(finals.items())),
    )


def test_csc_5i_fallen_hanger_gives_the_only_repeat_delivery() -> None:
    game = ShuffleboardGame()
    hang_y = game.table.length - game.table.disc.radius + 0.005
    game.deliver(stop_at(game, 0.0, hang_y))  # red's hanger
    before = game.position
    start = (0.0, 0.3)
    ruling = game.deliver_hand(fall_outcome(game, start, 0), Calls(hanger_fell=0))
    # Taken back: the hanger and every weight go back, green delivers weight 1 again.
    assert not ruling.valid and "5(i)" in ruling.summary
    assert ruling.decision(0).fate is Fate.RESTORED and ruling.decision(0).clause == "csc/5i"
    assert ruling.decision(1).fate is Fate.OUT
    assert game.position == before
    assert game.turn == Turn(1, GREEN, 1) and game.player == 1
    assert game.weights_left(GREEN) == 4 and game.repeating is game.deliveries[-1]
    # The repeat is made from the same area as the first delivery, by the same player.
    far = (start[0], start[1] + REPEAT_AREA + 0.05)
    with pytest.raises(IllegalInPosition, match="same area"):
        game.deliver_hand(fall_outcome(game, far, 0), Calls())
    with pytest.raises(IllegalInPosition, match="cannot be out of order"):
        game.deliver(stop_at(game, 0.1, NEUTRAL), Calls(out_of_order=True))
    assert len(game.deliveries) == 2 and game.position == before  # nothing lost
    near = (start[0] + 0.05, start[1] + 0.05)
    game.deliver_hand(fall_outcome(game, near, 0), Calls(hanger_fell=0, body_vibration=True))
    # Bodily contact shook the table: no repeat, the delivery stands, the hanger goes back.
    assert game.repeating is None and game.turn == Turn(0, RED, 2)
    last = game.deliveries[-1].ruling
    assert last.valid and last.decision(0).fate is Fate.RESTORED
    assert last.decision(0).clause == "csc/5e" and "no repeat" in last.decision(0).reason
    assert game.position.layout.disc(0).y == hang_y
    # No other repeat is ever allowed: each of these requests is refused, nothing lost.
    game.deliver(stop_at(game, LANES[0], NEUTRAL))  # red, weight 2, not a hanger
    green_turn = game.position
    not_hanger = fall_outcome(game, start, 2, lane=-0.1)
    with pytest.raises(IllegalInPosition, match="not a hanger"):
        game.deliver_hand(not_hanger, Calls(hanger_fell=2))
    with pytest.raises(IllegalInPosition, match="not on the table"):
        game.deliver_hand(fall_outcome(game, start, 0, lane=-0.1), Calls(hanger_fell=7))
    with pytest.raises(IllegalInPosition, match="still on the table"):
        game.deliver(stop_at(game, LANES[1], NEUTRAL + 0.2), Calls(hanger_fell=0))
    with pytest.raises(IllegalInPosition, match="dead whatever"):
        game.deliver_hand(
            fall_outcome(game, start, 0, lane=-0.1), Calls(hanger_fell=0, upside_down=True)
        )
    short = stop_at(game, LANES[1], game.table.foul_line.y - 0.1)
    gutter = DiscFinal(0, 0.0, game.table.length + 0.03, DiscState.IN_GUTTER)
    short = ShotRecord(
        short.layout,
        None,
        short.shooter,
        (),
        tuple(gutter if f.id == 0 else f for f in short.finals),
        1.0,
    )
    with pytest.raises(IllegalInPosition, match="did not cross the foul line"):
        game.deliver(short, Calls(hanger_fell=0))
    with pytest.raises(InvalidInput, match="needs a 'hanger_fell'"):
        calls_from_json({"body_vibration": True})
    with pytest.raises(InvalidInput, match="weight id"):
        calls_from_json({"hanger_fell": "0"})
    assert game.position == green_turn and len(game.deliveries) == 4
    # Red delivers green's turn and it is taken back: red, its deliverer, repeats it.
    out_of_turn = fall_outcome(game, start, 0, lane=-0.1)
    ruling = game.deliver_hand(out_of_turn, Calls(hanger_fell=0, out_of_order=True))
    assert "delivers the repeat" in ruling.summary and game.position == green_turn
    assert game.turn == Turn(0, RED, 3) and game.player == 0
