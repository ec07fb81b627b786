"""Crokinole play: turn order, starts, disc counts, scoring modes, time, matches."""

from __future__ import annotations

import math

import pytest

from flickboard.agents.simple import SimpleBot
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscFinal, DiscState, Edge, EventKind, Shot
from flickboard.play.clock import ClockFace, ShotBudget, WallClock
from flickboard.play.crokinole import (
    CrokinoleGame,
    CrokinoleMatch,
    CrokinoleRound,
    Seating,
)
from flickboard.play.driver import Observer, most_discs_left, play_match, play_turn
from flickboard.play.match import Match
from flickboard.play.scoring import GameScore, RaceScore, RoundScore
from flickboard.rules import Fate, referee
from flickboard.rules.hand import HandEvent, HandOutcome

BOARD = CrokinoleBoard.standard()


def _start(seat: int) -> tuple[float, float]:
    a = CrokinoleBoard.seat_angle(seat)
    r = BOARD.shooting_line_radius
    return (r * math.cos(a), r * math.sin(a))


def _shoot(rnd: CrokinoleRound, twenty: bool, seat: int | None = None) -> int:
    """Play a hand-entered shot that drops for a 20 or flies into the ditch; its seat."""
    turn = rnd.turn(seat)
    keep = tuple(DiscFinal(d.id, d.x, d.y, DiscState.ON_SURFACE) for d in rnd.position.layout.discs)
    if twenty:
        event = HandEvent(EventKind.DROPPED, turn.disc)
        end = DiscFinal(turn.disc, 0.0, 0.0, DiscState.IN_HOLE)
    else:
        event = HandEvent(EventKind.LEFT_SURFACE, turn.disc, Edge.RIM)
        end = DiscFinal(turn.disc, 0.0, 0.34, DiscState.IN_DITCH)
    rnd.play_hand(HandOutcome(turn.disc, _start(turn.seat), (event,), (*keep, end)), turn.seat)
    return turn.seat


def _play_round(game: CrokinoleGame, twenties: dict[int, int] | None = None) -> list[int]:
    """Play a round where each seat's first ``twenties[seat]`` shots are 20s; the order."""
    rnd = game.start_round()
    made = dict.fromkeys(game.seating.seats, 0)
    order = []
    while not rnd.over:
        seat = rnd.choices()[0]
        hit = made[seat] < (twenties or {}).get(seat, 0)
        made[seat] += hit
        order.append(_shoot(rnd, hit, seat))
    game.finish_round()
    return order


def test_singles_alternate_shots_start_alternates_by_round_and_by_game() -> None:
    match = CrokinoleMatch(referee("wcc"), Seating.singles(), games=2)
    game = match.next_game()
    first = _play_round(game)
    assert first == [0, 2] * 8
    assert _play_round(game)[:2] == [2, 0]
    assert game.starter(2) == 0 and game.starter(3) == 2
    for _ in range(2):
        _play_round(game)
    match.finish_game(game)
    assert match.next_game().starter(0) == 2


def test_doubles_partners_opposite_start_moves_clockwise_each_round() -> None:
    seating = Seating.doubles()
    assert [seating.side_of(s) for s in seating.seats] == [0, 1, 0, 1]
    game = CrokinoleGame(referee("nca"), seating, first_seat=2)
    order = _play_round(game)
    assert order[:5] == [2, 3, 0, 1, 2]
    assert len(order) == 24
    assert _play_round(game)[0] == 3
    assert [game.starter(k) for k in range(4)] == [2, 3, 0, 1]


def test_doubles_next_game_the_other_team_starts() -> None:
    match = CrokinoleMatch(referee("wcc"), Seating.doubles(), games=2)
    first = match.next_game()
    while not first.over:
        _play_round(first)
    match.finish_game(first)
    assert Seating.doubles().side_of(match.next_game().first_seat) == 1


def test_depot_free_order_doubles_either_partner_may_shoot() -> None:
    game = CrokinoleGame(referee("depot", free_order=True), Seating.doubles())
    rnd = game.start_round()
    assert rnd.choices() == (0,)
    _shoot(rnd, False)
    assert set(rnd.choices()) == {1, 3}
    _shoot(rnd, False, seat=3)
    assert set(rnd.choices()) == {0, 2}
    strict = CrokinoleGame(referee("depot"), Seating.doubles()).start_round()
    _shoot(strict, False)
    with pytest.raises(IllegalInPosition, match="may not shoot now"):
        strict.turn(3)


def test_free_for_all_four_players_place_points_ties_averaged() -> None:
    game = CrokinoleGame(referee("depot", free_for_all=True), Seating(4))
    order = _play_round(game, {0: 2, 1: 3, 2: 3, 3: 0})
    assert len(order) == 24
    assert game.rounds[0] == RoundScore((40, 60, 60, 0), (2, 3, 3, 0))
    assert game.rounds[0].points == (4, 7, 7, 2)
    assert _play_round(game)[0] == 1


def test_free_for_all_three_players() -> None:
    game = CrokinoleGame(referee("depot", free_for_all=True), Seating(3))
    order = _play_round(game, {2: 1})
    assert order[:4] == [0, 1, 2, 0] and len(order) == 18
    assert game.rounds[0].points == (5, 5, 8)


def test_free_for_all_needs_the_depot_option() -> None:
    with pytest.raises(InvalidInput, match="free-for-all"):
        CrokinoleGame(referee("wcc"), Seating(3))


@pytest.mark.parametrize(("category", "shots"), [("adult", 16), ("cue", 12), ("junior", 12)])
def test_wcc_category_disc_counts(category: str, shots: int) -> None:
    game = CrokinoleGame(referee("wcc", category=category), Seating.singles())
    assert len(_play_round(game)) == shots


def test_tournament_game_is_four_rounds_two_one_zero() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles())
    for twenties in ({0: 2}, {2: 1}, {0: 1, 2: 1}, {}):
        _play_round(game, twenties)
    assert game.over
    result = game.result()
    assert isinstance(result, GameScore)
    assert result.points == (4, 4)
    assert result.twenties == (3, 2)


def test_championship_game_tied_after_four_rounds_plays_a_fifth() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles(), championship=True)
    for twenties in ({0: 1}, {2: 1}, {}, {}):
        _play_round(game, twenties)
    assert not game.over
    _play_round(game, {2: 1})
    assert game.over and game.result().winner == 1


def test_conventional_game_cancels_down_to_a_target() -> None:
    game = CrokinoleGame(referee("depot", scoring="conventional", target=60), Seating.singles())
    _play_round(game, {0: 3, 2: 1})
    assert not game.over
    _play_round(game, {0: 2})
    assert game.over
    assert game.result() == RaceScore(60, ((40, 0), (40, 0)))


def test_fair_game_twelve_discs_each_difference_to_a_hundred() -> None:
    game = CrokinoleGame(referee("fair"), Seating.singles())
    order = _play_round(game, {0: 6, 2: 1})
    assert len(order) == 24
    assert game.result() == RaceScore(100, ((100, 0),))
    assert game.over and game.result().winner == 0
    with pytest.raises(InvalidInput, match="conventional scoring is for two sides"):
        CrokinoleGame(referee("depot", free_for_all=True, scoring="conventional"), Seating(4))


def test_timed_game_equalising_shot_then_unplayed_rounds_score_zero() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles(), clock=ShotBudget(21))
    _play_round(game)
    order = _play_round(game, {0: 3})
    assert order == [2, 0, 2, 0, 2, 0]
    assert game.rounds[1] == RoundScore((60, 0), (3, 0))
    assert _play_round(game) == []
    _play_round(game)
    assert game.over
    assert game.rounds[2].unplayed and game.rounds[2].points == (0, 0)
    assert game.result().points == (3, 1)


def test_timed_round_with_no_disc_shot_scores_zero_for_both() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles(), clock=ShotBudget(0))
    for _ in range(4):
        assert _play_round(game) == []
    assert game.result().points == (0, 0)


def test_wall_clock_runs_from_its_first_reading() -> None:
    now = [100.0]
    clock = WallClock(30.0, now=lambda: now[0])
    assert not clock.expired()
    now[0] = 129.9
    assert not clock.expired()
    now[0] = 130.0
    assert clock.expired()


def test_a_clock_on_screen_shows_the_time_or_shots_left() -> None:
    now = [100.0]
    clock = WallClock(30.0, now=lambda: now[0])
    assert clock.remaining == 30.0  # not started until first read
    clock.expired()
    now[0] = 112.5
    assert clock.remaining == 17.5
    now[0] = 200.0
    assert clock.remaining == 0.0
    budget = ShotBudget(2)
    budget.shot_taken()
    assert budget.remaining == 1
    budget.shot_taken()
    budget.shot_taken()
    assert budget.remaining == 0
    assert (clock.face(), budget.face()) == (ClockFace("seconds", 0.0), ClockFace("shots", 0))


def test_championship_match_is_best_two_of_three() -> None:
    match = CrokinoleMatch(referee("wcc"), Seating.singles(), championship=True)
    for _ in range(2):
        game = match.next_game()
        while not game.over:
            _play_round(game, {0: 1})
        match.finish_game(game)
    assert match.over and match.tally.games_won() == (2, 0)
    assert match.tally.winner == 0
    with pytest.raises(IllegalInPosition, match="match is over"):
        match.next_game()


def test_bad_seating_and_turns_are_refused() -> None:
    with pytest.raises(InvalidInput, match="2, 3 or 4 players"):
        Seating(5)
    with pytest.raises(InvalidInput, match="teams"):
        Seating(2, teams=True)
    with pytest.raises(InvalidInput, match="cannot start"):
        CrokinoleGame(referee("wcc"), Seating.singles(), first_seat=1)
    with pytest.raises(InvalidInput, match="at least one game"):
        CrokinoleMatch(referee("wcc"), Seating.singles(), games=0)
    game = CrokinoleGame(referee("wcc"), Seating.singles())
    rnd = game.start_round()
    with pytest.raises(IllegalInPosition, match="not finished"):
        game.start_round()
    with pytest.raises(IllegalInPosition, match="quadrant"):
        rnd.play_hand(
            HandOutcome(0, _start(2), (), (DiscFinal(0, 0.0, 0.15, DiscState.ON_SURFACE),))
        )


@pytest.mark.parametrize(
    ("rules", "seating"),
    [("wcc", Seating.singles()), ("nca", Seating.doubles()), ("depot4", Seating(4))],
)
def test_simulated_bot_game_plays_to_the_end(rules: str, seating: Seating) -> None:
    ref = referee("depot", free_for_all=True) if rules == "depot4" else referee(rules)
    match = CrokinoleMatch(ref, seating)
    bots = [SimpleBot(f"bot{i}", seed=i) for i in range(seating.players)]
    play_match(match, bots)
    game = match.played[0]
    result = game.result()
    assert game.over and len(game.rounds) == 4
    shots = sum(len(r) for r in game.round_shots)
    assert shots == 4 * seating.players * ref.options.discs_each(
        seating.players, teams=seating.teams
    )
    assert all(e.record.shot is not None for r in game.round_shots for e in r)
    twenties = tuple(
        sum(e.ruling.twenties().get(s, 0) for r in game.round_shots for e in r)
        for s in range(seating.sides)
    )
    assert isinstance(result, GameScore) and result.twenties == twenties


def _play_game(match: CrokinoleMatch, *rounds: dict[int, int]) -> None:
    """Play the match's next game with these 20s per seat in each round."""
    game = match.next_game()
    for twenties in rounds:
        _play_round(game, twenties)
    match.finish_game(game)


def test_wcc_championship_match_is_won_on_games_not_points() -> None:
    # green wins game 1 8-0, red wins games 2 and 3 5-3: red has fewer points but two games
    match = CrokinoleMatch(referee("wcc"), Seating.singles(), championship=True)
    _play_game(match, {2: 1}, {2: 1}, {2: 1}, {2: 1})
    for _ in range(2):
        _play_game(match, {0: 1}, {0: 1}, {2: 1}, {})
    assert match.over
    assert match.tally.points() == (10, 14) and match.tally.games_won() == (2, 1)
    assert match.tally.verdict() == (0, "2 games to 1 (best two of three, WCC championship)")


def test_wcc_match_of_several_games_is_won_on_tournament_points_then_20s() -> None:
    match = CrokinoleMatch(referee("wcc"), Seating.singles(), games=2)
    _play_game(match, {0: 1}, {0: 1}, {2: 1}, {})
    _play_game(match, {2: 1}, {2: 1}, {2: 1}, {2: 1})
    assert match.tally.games_won() == (1, 1)
    assert match.tally.verdict() == (1, "on tournament points (5-11)")
    level = CrokinoleMatch(referee("wcc"), Seating.singles(), games=2)
    _play_game(level, {0: 1}, {0: 1}, {0: 1}, {0: 1})
    _play_game(level, {2: 2}, {2: 1}, {2: 1}, {2: 1})
    assert level.tally.points() == (8, 8) and level.tally.twenties == [4, 5]
    assert level.tally.verdict() == (
        1,
        "on 20s after a tie on points (8-8, 20s 4-5; WCC tie-break)",
    )


@pytest.mark.parametrize(("rules", "title"), [("nca", "NCA"), ("depot", "Crokinole Depot")])
def test_a_match_level_on_points_names_the_rule_set_in_force_not_only_the_wcc(
    rules: str, title: str
) -> None:
    # NCA and Depot give no match tie-break: the WCC's is used, and the verdict says so
    level = CrokinoleMatch(referee(rules), Seating.singles(), games=2)
    _play_game(level, {0: 1}, {0: 1}, {0: 1}, {0: 1})
    _play_game(level, {2: 2}, {2: 1}, {2: 1}, {2: 1})
    winner, how = level.tally.verdict()
    assert winner == 1
    assert (
        how
        == f"on 20s after a tie on points (8-8, 20s 4-5; the WCC's tie-break; the {title} rules give none)"
    )
    assert "(WCC tie-break)" not in level.result().summary
    tied = CrokinoleMatch(referee(rules), Seating.singles(), games=2)
    _play_game(tied, {0: 1}, {0: 1}, {0: 1}, {0: 1})
    _play_game(tied, {2: 1}, {2: 1}, {2: 1}, {2: 1})
    assert tied.result().summary == (
        f"tied, level on points and 20s (8-8, 20s 4-4; a shoot-out decides, as in the WCC; the {title} "
        "rules give none)"
    )


def test_race_match_is_won_on_games_and_20s_do_not_break_a_tie() -> None:
    match = CrokinoleMatch(
        referee("depot", scoring="conventional", target=60), Seating.singles(), games=2
    )
    _play_game(match, {0: 3})
    _play_game(match, {2: 5, 0: 1})
    assert match.tally.games_won() == (1, 1) and match.tally.twenties == [4, 5]
    assert match.tally.verdict() == (None, "level on games won (1 each)")


def test_championship_match_refuses_another_number_of_games() -> None:
    with pytest.raises(InvalidInput, match="best two of three games, not 5"):
        CrokinoleMatch(referee("wcc"), Seating.singles(), championship=True, games=5)
    assert CrokinoleMatch(referee("wcc"), Seating.singles(), championship=True, games=3).games == 3


def test_wcc_championship_game_tied_when_time_ran_out_still_plays_a_full_fifth_round() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles(), championship=True, clock=ShotBudget(0))
    for _ in range(4):
        assert _play_round(game) == []
    assert not game.over
    assert len(_play_round(game, {0: 1})) == 16
    assert game.over and game.result().winner == 0


def test_fair_game_ended_by_time_is_won_by_the_side_ahead() -> None:
    game = CrokinoleGame(referee("fair"), Seating.singles(), clock=ShotBudget(24))
    _play_round(game, {0: 3, 2: 1})
    assert game.over
    assert game.result() == RaceScore(100, ((40, 0),), time_up=True)
    assert game.result().winner == 0
    level = CrokinoleGame(referee("fair"), Seating.singles(), clock=ShotBudget(24))
    _play_round(level, {0: 1, 2: 1})
    assert level.over and level.result().time_up and level.result().winner is None
    reached = CrokinoleGame(referee("fair"), Seating.singles(), clock=ShotBudget(24))
    _play_round(reached, {0: 6})
    assert reached.result() == RaceScore(100, ((120, 0),))


def test_fair_youngest_player_shoots_first() -> None:
    match = CrokinoleMatch(referee("fair"), Seating.singles(), youngest=2)
    assert match.next_game().starter(0) == 2
    assert CrokinoleMatch(referee("fair"), Seating.singles()).first_seat == 0
    with pytest.raises(InvalidInput, match="only the fair rules let the youngest"):
        CrokinoleMatch(referee("wcc"), Seating.singles(), youngest=2)
    with pytest.raises(InvalidInput, match="not both"):
        CrokinoleMatch(referee("fair"), Seating.singles(), youngest=2, first_seat=0)
    with pytest.raises(InvalidInput, match="seat 1 cannot start"):
        CrokinoleMatch(referee("fair"), Seating.singles(), youngest=1)


def test_depot_7c_free_order_the_team_chooses_which_partner_shoots() -> None:
    match = CrokinoleMatch(referee("depot", free_order=True), Seating.doubles())
    bots = {seat: SimpleBot(f"bot{seat}", seed=seat) for seat in match.seats}
    asked: list[tuple[int, ...]] = []

    def red_keeps_seat_2(match: Match, seats: tuple[int, ...]) -> int:
        asked.append(seats)
        return 2 if 2 in seats else most_discs_left(match, seats)

    while not play_turn(match, bots, Observer(), red_keeps_seat_2).rounds_ended:
        pass
    game = match.played[0]
    order = [e.turn.seat for e in game.round_shots[0]]
    assert order[0] == 0 and len(order) == 24
    assert [s for s in order if s in (0, 2)] == [0, *[2] * 6, *[0] * 5]
    assert (1, 3) in asked or (3, 1) in asked
    by_seat = {s: order.count(s) for s in game.seating.seats}
    assert by_seat == {0: 6, 1: 6, 2: 6, 3: 6}


def test_depot_7c_bots_take_the_partner_with_more_discs_left() -> None:
    match = CrokinoleMatch(referee("depot", free_order=True), Seating.doubles())
    match.choices()
    rnd = match.played[0].current
    assert rnd is not None
    _shoot(rnd, False)
    _shoot(rnd, False, seat=3)
    assert most_discs_left(match, match.choices()) == 2
    _shoot(rnd, False, seat=2)
    assert most_discs_left(match, match.choices()) == 1
    bots = {seat: SimpleBot(seed=seat) for seat in match.seats}
    with pytest.raises(InvalidInput, match="seat 0 may not shoot now"):
        play_turn(match, bots, Observer(), lambda m, seats: 0)


def test_wcc_shooting_disc_cannot_be_placed_until_it_is_your_turn() -> None:
    rnd = CrokinoleGame(referee("wcc"), Seating.singles()).start_round()
    with pytest.raises(IllegalInPosition, match="seat 2 may not shoot now"):
        rnd.turn(2)
    _shoot(rnd, False)
    with pytest.raises(IllegalInPosition, match="seat 0 may not shoot now"):
        _shoot(rnd, False, seat=0)


def test_wcc_play_progresses_clockwise() -> None:
    # every seat follows the one on its left: 0, 1, 2, 3 (doubles and four colours alike)
    for ref, seating in (
        (referee("wcc"), Seating.doubles()),
        (referee("depot", free_for_all=True), Seating(4)),
    ):
        game = CrokinoleGame(ref, seating, first_seat=3)
        assert _play_round(game)[:8] == [3, 0, 1, 2, 3, 0, 1, 2]


def test_wcc_end_of_round_total_counts_the_discs_on_the_board_and_the_20s() -> None:
    game = CrokinoleGame(referee("wcc"), Seating.singles())
    rnd = game.start_round()
    _shoot(rnd, True)
    turn = rnd.turn()
    end = DiscFinal(turn.disc, 0.0, 0.08, DiscState.ON_SURFACE)
    rnd.play_hand(HandOutcome(turn.disc, _start(turn.seat), (), (end,)))
    assert rnd.board_scores() == (0, 15)
    while not rnd.over:
        _shoot(rnd, False)
    assert game.finish_round() == RoundScore((20, 15), (1, 0))


def test_wcc_once_the_disc_leaves_the_finger_a_shot_has_taken_place() -> None:
    # a disc barely flicked still counts as the shot: it is ruled (here it does not play
    # to the middle and comes off), one disc fewer is left, and the turn passes
    rnd = CrokinoleGame(referee("wcc"), Seating.singles()).start_round()
    x, y = _start(0)
    ruling = rnd.play(Shot(x, y, math.pi / 2, 0.05))
    assert not ruling.valid and ruling.decision(0).fate is Fate.OUT
    assert rnd.left == {0: 7, 2: 8} and rnd.choices() == (2,)


@pytest.mark.parametrize(
    ("rules", "options", "seating"),
    [
        ("wcc", {}, Seating.singles()),
        ("wcc", {}, Seating.doubles()),
        ("depot", {"free_order": True}, Seating.doubles()),
        ("depot", {"free_for_all": True}, Seating(3)),
    ],
)
def test_who_may_shoot_and_the_order_to_come_kept_between_shots_are_worked_out_afresh(
    rules: str, options: dict[str, bool], seating: Seating
) -> None:
    """The round keeps its choices and the order to come between shots (environments ask
    for them many times a shot); at every shot they equal the ones worked out afresh,
    whichever partner shoots under free order."""
    import random

    rng = random.Random(3)
    rnd = CrokinoleGame(referee(rules, **options), seating).start_round()
    while True:
        fresh = rnd._allowed(rnd._last_seat(), rnd.left, None)
        assert rnd.choices() == fresh
        if not fresh:
            break
        for seat in fresh:
            assert rnd.to_come(seat) == rnd._order_from(seat)
        _shoot(rnd, rng.random() < 0.3, rng.choice(fresh))


def test_wcc_tie_breaking_procedure_a_game_tied_on_points_ends_with_one_verdict_and_totals() -> (
    None
):
    """WCC, Tie-Breaking Procedure: "The player with the higher number of 20's in the
    match will place higher". The game itself is tied (Depot 4f counts 4-4 a completed
    game); the match's verdict names the 20s with both totals, once."""
    match = CrokinoleMatch(referee("wcc"), Seating.singles())
    _play_game(match, {0: 2}, {2: 1}, {}, {})
    assert match.over and match.tally.points() == (4, 4) and match.tally.twenties == [2, 1]
    result = match.result()
    assert result.winner == 0
    assert result.summary == "red wins on 20s after a tie on points (4-4, 20s 2-1; WCC tie-break)"
    assert match.result().games[0].summary == "Game 1: tied"
