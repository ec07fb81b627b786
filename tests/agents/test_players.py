"""Heuristic, planner and search players behind the Player protocol."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from flickboard.agents.candidates import candidates
from flickboard.agents.explain import played_out
from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Evaluator, Planner, intended
from flickboard.agents.player import aims_anything, turn_rng
from flickboard.agents.search import SearchPlayer
from flickboard.agents.tactics import tactics_for
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import DiscState, simulate
from flickboard.physics.shot import MAX_SPEED
from flickboard.play.driver import Observer, play_turn
from flickboard.play.kind import game_kind
from flickboard.play.noise import LEVELS, ExecutionNoise
from flickboard.play.view import Player, View
from flickboard.rules.base import Fate

from .conftest import TINY, TINY_SEARCH, crokinole_view, on_ten_line, shuffleboard_view


def make(kind: str, level: str, seed: int) -> Player:
    if kind == "heuristic":
        return HeuristicPlayer(level, seed)
    if kind == "planner":
        return Planner(level, seed, TINY)
    return SearchPlayer(level, seed, TINY_SEARCH)


KINDS = ("heuristic", "planner", "search")


@pytest.mark.parametrize("kind", KINDS)
def test_every_player_meets_the_protocol(kind: str) -> None:
    assert isinstance(make(kind, "club", 0), Player)


@pytest.mark.parametrize("kind", KINDS)
def test_perfect_player_drops_the_open_twenty_on_an_empty_board(kind: str) -> None:
    view = crokinole_view()
    player = make(kind, "perfect", 3)
    shot = player.decide(view)
    record = simulate(view.position.layout, shot, shooter=view.turn.disc)
    assert record.final(view.turn.disc).state is DiscState.IN_HOLE
    choice = player.last_choice  # type: ignore[attr-defined]
    assert choice.candidate.kind == "open20"


@pytest.mark.parametrize("kind", KINDS)
def test_perfect_player_takes_out_a_lone_opposing_disc(kind: str) -> None:
    x, y = on_ten_line(1.2)
    view = crokinole_view(((x * 0.8, y * 0.8, 1),))
    player = make(kind, "perfect", 1)
    shot = player.decide(view)
    record = simulate(view.position.layout, shot, shooter=view.turn.disc)
    ruling = view.referee.rule(view.position, view.turn, record)
    assert ruling.valid
    assert ruling.decision(0).fate is Fate.OUT


@pytest.mark.parametrize("kind", KINDS)
def test_decisions_are_reproducible_given_a_seed(kind: str) -> None:
    x, y = on_ten_line(2.0)
    view = crokinole_view(((x, y, 1), (0.05, 0.05, 0)))
    first = make(kind, "club", 11).decide(view)
    again = make(kind, "club", 11).decide(view)
    other = make(kind, "club", 12).decide(view)
    assert first == again
    assert other != first


def test_planner_values_an_invalid_shot_as_the_referee_rules_it() -> None:
    # With an opposing disc in play, a shot that reaches no opposing disc is invalid
    # (WCC, A Valid Shot): the referee removes it, and the planner's value follows.
    x, y = on_ten_line(-0.3)
    view = crokinole_view(((x, y, 1),))
    miss = next(c for c in candidates(view, view.physics) if c.kind == "twenty")
    evaluator = Evaluator(view, ExecutionNoise(), view.physics)
    draws = ExecutionNoise.draws(np.random.default_rng(0), 3)
    outcomes = evaluator.outcomes(miss.shot, draws)
    assert all(r is not None and not r.valid for r, _ in outcomes)
    assert all(r.decision(view.turn.disc).fate is Fate.OUT for r, _ in outcomes if r)


def test_planner_prefers_the_takeout_to_an_invalid_draw() -> None:
    x, y = on_ten_line(0.9)
    view = crokinole_view(((x * 0.6, y * 0.6, 1),))
    choice = Planner("club", 2, TINY).choose(view)
    assert choice.candidate.kind == "takeout"
    assert choice.value is not None and -1.0 <= choice.value <= 1.0


def test_reply_view_hands_the_turn_to_the_opposite_seat() -> None:
    view = crokinole_view(left=((0, 3), (2, 3)))
    shot = Planner("perfect", 0, TINY).decide(view)
    record = simulate(view.position.layout, shot, shooter=view.turn.disc)
    ruling = view.referee.rule(view.position, view.turn, record)
    nxt = view.after(ruling)
    assert nxt is not None
    assert (nxt.turn.seat, nxt.turn.side, nxt.turn.disc) == (2, 1, view.turn.disc + 1)
    assert dict(nxt.discs_left) == {0: 2, 2: 3}
    last = crokinole_view(left=((0, 1), (2, 0)))
    assert last.after(ruling) is None


@pytest.mark.parametrize("kind", KINDS)
def test_player_finishes_a_crokinole_round_against_the_heuristic(kind: str) -> None:
    match = game_kind("crokinole").new_match("wcc")
    players = {0: make(kind, "club", 4), 2: HeuristicPlayer("club", 5)}
    step = play_turn(match, players, Observer())
    while not step.rounds_ended:
        step = play_turn(match, players, Observer())
    game = match.played[0]
    assert len(game.round_shots[0]) == 2 * match.referee.options.discs_each(2, teams=False)
    assert step.rounds_ended[0].scores == game.rounds[0].scores


@pytest.mark.parametrize("kind", KINDS)
def test_player_delivers_a_shuffleboard_frame(kind: str) -> None:
    match = game_kind("shuffleboard").new_match()
    players = {0: make(kind, "club", 6), 1: HeuristicPlayer("club", 7)}
    while not match.games[0].frames:
        play_turn(match, players, Observer())
    assert len(match.games[0].frames[0].deliveries) == 8


def test_perfect_planner_scores_three_or_four_with_the_last_weight_on_an_empty_table() -> None:
    base = shuffleboard_view()
    view = replace(base, to_come=((0, 0),))
    player = Planner("perfect", 0, TINY)
    shot = player.decide(view)
    record = simulate(view.position.layout, shot, shooter=0, params=view.physics)
    final = record.final(0)
    table = view.board
    assert isinstance(table, ShuffleboardTable)
    assert table.zone_of(final.x, final.y) in (Zone.THREE, Zone.HANGER)
    assert player.last_choice is not None
    assert player.last_choice.candidate.kind in ("draw", "hanger")


def test_a_players_noise_is_its_levels() -> None:
    view: View = crokinole_view()
    assert Planner("expert").noise_in(view) == game_kind("crokinole").noise("expert")
    assert math.isclose(
        HeuristicPlayer("novice").noise_in(view).angle, game_kind("crokinole").noise("novice").angle
    )


def test_negative_seed_and_scores_still_seed_a_decision() -> None:
    base = crokinole_view()
    view = View(base.referee, base.position, base.turn, base.to_come, 2, (-3, 5))
    assert Planner("club", -7, TINY).decide(view) == Planner("club", -7, TINY).decide(view)


def test_search_on_the_last_shot_of_a_round_takes_its_one_ply_best() -> None:
    x, y = on_ten_line(0.7)
    view = crokinole_view(((x * 0.6, y * 0.6, 1),), left=((0, 1), (2, 0)))
    budget = replace(TINY_SEARCH, planner=replace(TINY, refine_rounds=0))
    player = SearchPlayer("club", 4, budget)
    best, _ = player.screened(view, 1)[0]
    choice = player.choose(view)
    fresh = ExecutionNoise.draws(turn_rng(4, view, 4), TINY.samples)
    assert choice.candidate == best
    assert choice.value == player._planner().evaluator(view).mean(best.shot, fresh)


def test_search_chooses_the_best_one_ply_mean_plus_reply_correction() -> None:
    x, y = on_ten_line(0.7)
    view = crokinole_view(((x * 0.6, y * 0.6, 1),), left=((0, 6), (2, 6)))
    budget = replace(TINY_SEARCH, planner=replace(TINY, refine_rounds=0), top=3)
    player = SearchPlayer("club", 4, budget)
    draws = player.draws(view)[: budget.outcomes]
    scored = [
        (c, v + player.correction(view, c, draws, exhaustive=False))
        for c, v in player.screened(view, budget.top)[: budget.top]
    ]
    choice = player.choose(view)
    assert choice.candidate == max(scored, key=lambda cv: cv[1])[0]


def test_search_screens_the_planners_candidates_and_sampled_shots() -> None:
    x, y = on_ten_line(0.7)
    view = crokinole_view(((x * 0.6, y * 0.6, 1),), left=((0, 6), (2, 6)))
    player = SearchPlayer("club", 4, replace(TINY_SEARCH, schedule=(2,)))
    screened = player.screened(view, 1)
    planned = candidates(view, view.physics)[: TINY.candidates]
    assert len(screened) == len(planned) + TINY_SEARCH.widen
    sampled = [c for c, _ in screened if c.shot not in {p.shot for p in planned}]
    assert len(sampled) == TINY_SEARCH.widen


def test_wcc_a_valid_shot_sampled_crokinole_shots_aim_at_a_disc_while_one_is_in_play() -> None:
    # A shot that strikes no opposing disc is invalid (WCC "A Valid Shot"): the sampled
    # shots are takeouts (or raises), none drawn to the middle.
    x, y = on_ten_line(0.7)
    view = crokinole_view(((x * 0.6, y * 0.6, 1), (-x * 0.5, y * 0.5, 0)), left=((0, 6), (2, 6)))
    rng = np.random.default_rng(3)
    shots = tactics_for("crokinole").sampled(view, view.physics, 40, rng)
    assert len(shots) == 40
    assert all(c.kind in ("takeout", "raise") and c.target is not None for c in shots)
    assert {c.kind for c in shots} == {"takeout", "raise"}


def test_search_reply_value_is_the_best_screened_reply_valued_on_fresh_draws() -> None:
    x, y = on_ten_line(0.7)
    view = crokinole_view(((x * 0.6, y * 0.6, 0),), left=((0, 6), (2, 6)))
    player = SearchPlayer("club", 4, TINY_SEARCH)
    value = player.reply_value(view, exhaustive=False)
    pool = candidates(view, view.physics)[: TINY_SEARCH.replies]
    evaluator = Evaluator(view, game_kind("crokinole").noise("club"), view.physics)
    screen = ExecutionNoise.draws(turn_rng(4, view, 3), TINY_SEARCH.reply_samples)
    fresh = ExecutionNoise.draws(turn_rng(4, view, 6), TINY_SEARCH.reply_check)
    best = max(pool, key=lambda c: evaluator.mean(c.shot, screen))
    assert value == evaluator.mean(best.shot, fresh)


def test_search_looks_at_every_candidate_near_the_end_of_a_round() -> None:
    x, y = on_ten_line(0.7)
    view = crokinole_view(((x * 0.6, y * 0.6, 1),), left=((0, 1), (2, 1)))
    seen: list[object] = []
    player = SearchPlayer("club", 4, TINY_SEARCH)
    original = player.reply_value

    def spy(nxt: View, exhaustive: bool) -> float:
        seen.append(exhaustive)
        return original(nxt, exhaustive)

    player.reply_value = spy  # type: ignore[method-assign,assignment]
    player.choose(view)
    ranked = Planner("club", 4, TINY_SEARCH.planner).ranked(view)
    assert seen and all(seen)
    assert len(seen) <= len(ranked) * TINY_SEARCH.outcomes
    assert len(seen) > TINY_SEARCH.top * TINY_SEARCH.outcomes


@pytest.mark.parametrize(
    ("game", "widen", "search_widen"), [("crokinole", 60, 200), ("shuffleboard", 0, 0)]
)
def test_the_players_screen_as_many_sampled_shots_as_their_game_says(
    game: str, widen: int, search_widen: int
) -> None:
    # Crokinole's players gain from takeouts off the listed starts; shuffleboard's
    # lost games with sampled deliveries (docs/ai.md, "The ladder").
    x, y = on_ten_line(0.7)
    view = (
        crokinole_view(((x * 0.6, y * 0.6, 1),), left=((0, 6), (2, 6)))
        if game == "crokinole"
        else shuffleboard_view(((0.05, 3.9, 1),))
    )
    assert tactics_for(game).planner_widen == widen
    planner = Planner("club", 1, replace(TINY, screen=0, candidates=200))
    listed = candidates(view, view.physics)
    assert len(planner.ranked(view)) == len(listed) + widen
    forced = Planner("club", 1, replace(TINY, screen=0, candidates=200, widen=5))
    assert len(forced.ranked(view)) == len(listed) + 5
    budget = replace(TINY_SEARCH, planner=replace(TINY, candidates=200), widen=None, schedule=(2,))
    assert tactics_for(game).search_widen == search_widen
    assert len(SearchPlayer("club", 1, budget).screened(view, 1)) == len(listed) + search_widen


def test_with_opposing_discs_in_play_a_player_shoots_with_its_tiers_noise_at_discs() -> None:
    kind = game_kind("crokinole")
    open_board = crokinole_view(((0.05, 0.05, 0),))  # only its own disc: open shots
    at_discs = crokinole_view(((0.05, 0.05, 1),))
    player = Planner("recreational")
    assert player.noise_in(open_board) == kind.noise("recreational")
    assert player.noise_in(at_discs) == kind.noise("recreational", at_discs=True)
    assert player.noise_in(at_discs).angle > player.noise_in(open_board).angle
    assert Planner("champion").noise_in(at_discs) == kind.noise("champion", at_discs=True)
    hands = [kind.noise(level, at_discs=True).angle for level in LEVELS[:-1]]
    assert hands == sorted(hands, reverse=True) and len(set(hands)) == len(hands)
    # one rule for every hand of a level: AI, person (terminal, table) and review
    assert kind.noise_at("recreational", at_discs) == player.noise_in(at_discs)
    assert kind.noise_at("recreational", open_board) == player.noise_in(open_board)
    assert at_discs.opposing_in_play and not open_board.opposing_in_play


@pytest.mark.parametrize("kind", KINDS)
def test_a_recreational_tier_hits_firmly_not_hard(kind: str) -> None:
    game = game_kind("crokinole")
    assert game.hardest("novice") == game.hardest("Strong recreational") == 1.5
    assert game.hardest("competitive") == game.hardest("club") == MAX_SPEED
    assert game_kind("shuffleboard").hardest("novice") == MAX_SPEED
    view = crokinole_view(((0.0, -0.2, 1), (0.1, 0.12, 1)))
    pool = candidates(view, view.physics)
    assert max(c.shot.speed for c in pool) > 1.5  # the listed hard takeouts
    capped = Planner("recreational").within_reach(view, pool)
    assert max(c.shot.speed for c in capped) == 1.5
    assert [c.shot.angle for c in capped] == [c.shot.angle for c in pool]
    for seed in range(3):
        player = make(kind, "novice", seed)
        player.decide(view)
        assert player.last_choice is not None
        assert player.last_choice.candidate.shot.speed <= 1.5


def test_a_recreational_tier_shoots_for_the_20_on_an_open_board_only() -> None:
    # A green just past the hole, in line with red's seat: a full hit takes it out and
    # the shooter stops over the hole (a 20 among discs, `open_twenties_only`).
    view = crokinole_view(((0.0, 0.04, 1),))
    for seed in range(2):
        pro = Planner("competitive", seed).choose(view)
        assert (ruling := played_out(view, pro.candidate.shot)) is not None
        assert ruling.valid and ruling.twenties() == {0: 1}
        for player in (Planner("recreational", seed), SearchPlayer("novice", seed, TINY_SEARCH)):
            choice = player.choose(view)
            assert (meant := played_out(view, choice.candidate.shot)) is not None
            assert meant.valid and 0 not in meant.twenties(), choice.explanation
    crokinole = game_kind("crokinole")
    assert not crokinole.plays_for("strong recreational", view, ruling)
    assert crokinole.plays_for("competitive", view, ruling)
    empty = crokinole_view()
    open_twenty = played_out(empty, Planner("recreational", 0).choose(empty).candidate.shot)
    assert open_twenty is not None and open_twenty.twenties() == {0: 1}
    assert crokinole.plays_for("novice", empty, open_twenty)


def test_a_shot_the_player_leaves_to_luck_is_meant_only_when_nothing_else_is_valid() -> None:
    view = crokinole_view(((0.0, 0.042, 1),))
    ranked = Planner("competitive", 0).ranked(view)
    drops = [(c, v) for c, v in ranked if (r := played_out(view, c.shot)) and r.twenties().get(0)]
    assert drops, "the competitive ranking holds a 20 among discs"
    novice = Planner("novice", 0).aims(view)
    _, ruling = intended(view, ranked, novice)
    assert ruling is not None and ruling.valid and not ruling.twenties().get(0)
    # With only such shots valid, the best of them is meant all the same.
    assert intended(view, drops, novice)[0] is drops[0][0]
    assert intended(view, ranked) == intended(view, ranked, aims_anything)


def test_a_recreational_tier_does_not_count_on_a_20_among_discs() -> None:
    view = crokinole_view(((0.0, 0.042, 1),))  # a green just past the hole
    crokinole = game_kind("crokinole")
    assert crokinole.leaves_twenties_to_luck("recreational", view)
    assert not crokinole.leaves_twenties_to_luck("competitive", view)
    assert not crokinole.leaves_twenties_to_luck("novice", crokinole_view())  # open board
    assert not game_kind("shuffleboard").leaves_twenties_to_luck("novice", shuffleboard_view())
    assert Planner("strong recreational").evaluator(view).outlook.twenties_by_luck
    assert not Planner("competitive").evaluator(view).outlook.twenties_by_luck
    # The in-off: the shooter drops for a 20 after taking the green out.
    ranked = Planner("competitive", 0).ranked(view)
    in_off = next(c for c, _ in ranked if (r := played_out(view, c.shot)) and r.twenties().get(0))
    noise = crokinole.noise("recreational", at_discs=True)
    draws = ExecutionNoise.draws(np.random.default_rng(3), 16)
    counts = Evaluator(view, noise, view.physics).values([in_off.shot], draws)[0]
    luck = Evaluator(view, noise, view.physics, twenties_by_luck=True).values([in_off.shot], draws)
    assert (luck[0] <= counts).all() and (luck[0] < counts).any()
