"""``flickboard bench review``: is the game review valid, and how long does it take?

Four checks (docs/review.md, "Validity"):

- **ladder**: AI-v-AI games at each level (both seats the level's default planner, the
  player a user meets: the choices are the planner's, the execution the level's, with
  its less sure hand at discs), each reviewed under the reviewer's one level (one
  yardstick for every player) on the ladder's review budget; the mean accuracy per level
  must order the levels, with champion's and novice's 95 % intervals apart;
- **blunders**: constructed positions where a deliberately bad shot is played (crokinole:
  into the ditch with an open 20 on, the last shot of the last round, the 20 deciding
  the game; table shuffleboard: the hammer thrown off the end when a draw to the three
  wins the frame and the game); each must be labelled a blunder;
- **champion choices**: the champion-level planner's own shots, reviewed at champion
  level, must be labelled best or good in at least 80 % of them;
- **time**: the review of a whole 4-round crokinole game at the default budget, thread
  CPU time (``time.thread_time``), median over the games timed; and of the same game
  entered as from a real board (:func:`entered_by_hand`), reviewed by outcome.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, cast

import numpy as np

from flickboard.agents.explain import played_out
from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.agents.planner import Planner, PlannerBudget
from flickboard.agents.player import explanation_of
from flickboard.agents.review import BLUNDER, Review, ReviewBudget, review_record, review_shot
from flickboard.agents.value_model import PLAYING_LEVELS
from flickboard.evaluation.harness import Z95
from flickboard.evaluation.jobs import results_in_order
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Layout, PlacedDisc, Shot
from flickboard.play.driver import IntentLog, play_match
from flickboard.play.intent import with_intents
from flickboard.play.kind import game_kind, load_match
from flickboard.play.match import Match, ShotAction, Step
from flickboard.play.view import Player, View
from flickboard.rules.base import Fate, Position, Turn
from flickboard.rules.hand import outcome_from_places, scoresheet

Progress = Callable[[str], None]

LADDER_BUDGET = ReviewBudget(candidates=40, widen=0, schedule=(3, 8), finalists=2, samples=24)
"""The cheaper review budget of the ladder and the champion-choice check (fewer shots
weighed than the default, each valued on nearly as many draws)."""


@dataclass(frozen=True)
class Settings:
    """What the bench runs."""

    game: str = "crokinole"
    games: int = 20
    reviewer: str = "champion"
    blunders: int = 50
    champion_games: int = 1
    timed: int = 3
    seed: int = 1
    workers: int = 1


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its normal 95 % interval."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


class Told(IntentLog):
    """What each shot meant and, for an AI's, its explanation, as the match is played."""

    def __init__(self) -> None:
        super().__init__()
        self.explanations: list[str | None] = []

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """Keep the shot's intent and explanation."""
        super().on_shot(match, step, player)
        self.explanations.append(explanation_of(player))


def play_game(game: str, players: list[Player], seed: int) -> tuple[dict[str, Any], Told]:
    """One singles game between ``players``: its record, with what each shot meant
    (:mod:`flickboard.play.intent`), and what each player said of its shots."""
    match = game_kind(game).new_match(seed=seed)
    told = Told()
    play_match(match, players, told)
    return with_intents(match.to_json(), told.intents), told


def contradictions(review: Review, explanations: Sequence[str | None]) -> tuple[int, int]:
    """How many AI shots the review's shot meant contradicts the AI's own explanation of
    (the explanation does not begin with the meant shot's words), of how many."""
    told = [
        (s.meant.words, e)
        for s in review.shots
        if s.meant is not None and (e := explanations[s.index - 1]) is not None
    ]
    wrong = sum(1 for words, e in told if not e.lower().startswith(words.lower()))
    return wrong, len(told)


def ladder_game(job: tuple[str, str, int, str]) -> dict[str, Any]:
    """One ladder game (game, level, seed, reviewer): both players' accuracies, and the
    AI shots whose review's shot meant contradicts the AI's explanation."""
    game, level, seed, reviewer = job
    players: list[Player] = [Planner(level, seed), Planner(level, seed + 1)]
    record, told = play_game(game, players, seed)
    review = review_record(record, level=reviewer, budget=LADDER_BUDGET, seed=seed)
    wrong, shots = contradictions(review, told.explanations)
    return {"accuracies": [p.accuracy for p in review.players], "contradictions": wrong,
            "ai_shots": shots}  # fmt: skip


def ladder(
    settings: Settings, progress: Progress, save: Callable[[dict[str, Any]], None] | None = None
) -> dict[str, Any]:
    """Mean accuracy per level over AI-v-AI games, reviewed under one level, on
    ``settings.workers`` processes; the levels take turns game by game, so that a run
    cut short has as many games of each (``save`` is given the figures so far after
    each round of levels; the figures are the same whatever the number of workers)."""
    accuracies: dict[str, list[float]] = {level: [] for level in PLAYING_LEVELS}
    meant = [0, 0]
    out: dict[str, Any] = {}
    jobs = [
        (settings.game, level, settings.seed + 1000 * k, settings.reviewer)
        for k in range(settings.games)
        for level in PLAYING_LEVELS
    ]
    played = results_in_order(ladder_game, jobs, settings.workers)
    for n, ((_, level, _, _), found) in enumerate(zip(jobs, played, strict=True), 1):
        accuracies[level] += found["accuracies"]
        meant[0] += found["contradictions"]
        meant[1] += found["ai_shots"]
        if n % len(PLAYING_LEVELS) == 0:
            games = n // len(PLAYING_LEVELS)
            progress(f"ladder: game {games}/{settings.games} of every level")
            out = ladder_figures(accuracies, games)
            out["meant"] = {"contradictions": meant[0], "ai_shots": meant[1]}
            if save is not None:
                save(out)
    return out


def ladder_figures(accuracies: dict[str, list[float]], games: int) -> dict[str, Any]:
    """Mean accuracy and 95 % interval per level; whether they are in order and apart."""
    out: dict[str, Any] = {"games_per_level": games}
    for level, values in accuracies.items():
        mean, low, high = mean_interval(values)
        out[level] = {"players": len(values), "mean": mean, "low": low, "high": high}
    means = [out[level]["mean"] for level in PLAYING_LEVELS]
    out["ordered"] = all(a < b for a, b in itertools.pairwise(means))
    out["apart"] = out["novice"]["high"] < out["champion"]["low"]
    return out


def ditch_view(rng: np.random.Generator) -> tuple[View, Shot]:
    """Crokinole: the last shot of the last round, tied or one round apart in the game,
    red's own discs only on the board and green's 20 made this round (red trails on the
    board unless it makes a 20), the shot sent into the ditch."""
    match = game_kind("crokinole").new_match(seed=int(rng.integers(1 << 30)))
    base = match.view()
    board = cast(CrokinoleBoard, base.board)
    discs = []
    count = int(rng.integers(1, 4))
    for k in range(count):  # one to a sector of the far half, off red's lane
        r = float(rng.uniform(board.ten_line_radius, board.shooting_line_radius - 0.02))
        a = 0.2 + (k + float(rng.uniform(0.2, 0.8))) * (math.pi - 0.4) / count
        discs.append(PlacedDisc(2 * k + 1, r * math.cos(a), r * math.sin(a)))
    position = Position.of(Layout(board, tuple(discs)), {d.id: 0 for d in discs})
    scores = [(3, 3), (4, 2), (2, 4)][int(rng.integers(3))]
    view = replace(
        base, position=position, turn=Turn(0, 0, 23), to_come=((0, 0),), round_number=4,
        scores=scores, twenties=(0, 1),
    )  # fmt: skip
    line = view.start_line
    u = float(rng.uniform(0.3, 0.7))
    x, y = line.point(u)
    off = float(rng.choice([-1.0, 1.0])) * float(rng.uniform(1.1, 1.3))
    return view, Shot(x, y, line.inward(u) + off, float(rng.uniform(3.0, 4.0)))


def off_end_view(rng: np.random.Generator) -> tuple[View, Shot]:
    """Table shuffleboard: the hammer of a frame, green one point from the target with
    its weight in the one zone (it wins the game unless red outscores it), red one to
    two points short (a draw past green wins it the game), red's weight thrown off
    the far end."""
    match = game_kind("shuffleboard").new_match(seed=int(rng.integers(1 << 30)))
    base = match.view()
    table = cast(ShuffleboardTable, base.board)
    target = base.target or 21
    y = table.length - float(rng.uniform(0.45, 0.7))
    x = float(rng.uniform(-0.12, 0.12))
    position = Position.of(Layout(table, (PlacedDisc(6, x, y),)), {6: 1})
    short = int(rng.integers(1, 3))
    view = replace(
        base, position=position, turn=Turn(0, 0, 7), to_come=((0, 0),),
        scores=(target - short, target - 1), twenties=(),
    )  # fmt: skip
    line = view.start_line
    u = float(rng.uniform(0.2, 0.8))
    sx, sy = line.point(u)
    if abs(sx - x) < table.disc.radius * 2.5:  # clear of green's weight
        sx = x + math.copysign(table.disc.radius * 2.5, sx - x)
    return view, Shot(sx, sy, line.inward(u), float(rng.uniform(5.0, 6.0)))


def blunders(settings: Settings, progress: Progress) -> dict[str, Any]:
    """The share of constructed bad shots labelled a blunder, per game."""
    out: dict[str, Any] = {}
    for make in (ditch_view, off_end_view):  # one game each: its board names it
        game = ""
        rng = np.random.default_rng(settings.seed)
        labels: list[str] = []
        losses: list[float] = []
        tries = 0
        while len(labels) < settings.blunders and tries < 4 * settings.blunders:
            tries += 1
            view, shot = make(rng)
            game = view.board.kind
            ruling = played_out(view, shot)
            gone = (
                [] if ruling is None else [d.disc for d in ruling.decisions if d.fate is Fate.OUT]
            )
            if ruling is None or gone != [view.turn.disc]:
                continue  # not the bad shot meant (it moved another disc): draw another
            review = review_shot(view, shot, ruling, settings.reviewer, seed=tries)
            labels.append(review.label)
            losses.append(review.expected_loss)
        hits = sum(label == BLUNDER for label in labels)
        out[game] = {
            "positions": len(labels),
            "blunders": hits,
            "share": hits / len(labels) if labels else 0.0,
            "smallest_loss": min(losses) if losses else None,
        }
        progress(f"blunders {game}: {hits}/{len(labels)}")
    return out


def champion_choices(settings: Settings, progress: Progress) -> dict[str, Any]:
    """The share of the champion planner's own shots labelled best or good."""
    budget = PlannerBudget(samples=12, candidates=40, refine_rounds=1, screen=4)
    labels: list[str] = []
    for k in range(settings.champion_games):
        seed = settings.seed + 7 * k
        players: list[Player] = [
            Planner("champion", seed, budget), Planner("champion", seed + 1, budget),
        ]  # fmt: skip
        record, _ = play_game(settings.game, players, seed)
        review = review_record(record, level="champion", budget=LADDER_BUDGET, seed=seed)
        labels += [s.label for s in review.shots]
        progress(f"champion choices: game {k + 1}/{settings.champion_games}")
    good = sum(label in ("best", "good") for label in labels)
    return {"shots": len(labels), "best_or_good": good, "share": good / max(1, len(labels))}


def entered_by_hand(record: dict[str, Any]) -> dict[str, Any]:
    """The same game as a scorer enters it from a real board: each shot by where the
    discs stopped and the disc struck first (:func:`~flickboard.rules.hand.scoresheet`,
    ruled as a hand-entered shot); its record."""
    match = load_match(record)
    shots = [a for a in match.history if isinstance(a, ShotAction)]
    while match.actions:
        match.undo()
    for action in shots:
        places, first = scoresheet(action.record)
        shot = action.record.shot
        start = (0.0, 0.0) if shot is None else (shot.x, shot.y)
        layout, shooter = action.record.layout, action.record.shooter
        match.play_hand(outcome_from_places(layout, shooter, start, places, first), action.seat)
    return match.to_json()


def timing(settings: Settings, progress: Progress) -> dict[str, Any]:
    """Thread CPU seconds to review a whole crokinole game at the default budget, and the
    same game entered from a real board (reviewed by outcome)."""
    seconds: list[float] = []
    by_hand: list[float] = []
    shots: list[int] = []
    for k in range(settings.timed):
        seed = settings.seed + 31 * k
        players: list[Player] = [
            HeuristicPlayer("competitive", seed), HeuristicPlayer("competitive", seed + 1),
        ]  # fmt: skip
        record, _ = play_game("crokinole", players, seed)
        start = time.thread_time()
        review = review_record(record, seed=seed)
        seconds.append(time.thread_time() - start)
        shots.append(len(review.shots))
        entered = entered_by_hand(record)
        start = time.thread_time()
        review_record(entered, seed=seed)
        by_hand.append(time.thread_time() - start)
        progress(
            f"time: game {k + 1}/{settings.timed}: {seconds[-1]:.1f} s, by hand {by_hand[-1]:.1f} s"
        )
    return {"games": len(seconds), "seconds": seconds, "shots": shots,
            "median": statistics.median(seconds) if seconds else None,
            "real_board": {"seconds": by_hand,
                           "median": statistics.median(by_hand) if by_hand else None}}  # fmt: skip


def run(
    settings: Settings,
    progress: Progress = print,
    save: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Every check, as JSON-ready results; ``save`` is given the results so far after
    each check (and each round of the ladder), so a run cut short keeps its figures."""
    result: dict[str, Any] = {"settings": asdict(settings), "complete": False}

    def keep(key: str, value: dict[str, Any]) -> None:
        result[key] = value
        if save is not None:
            save(result)

    keep("blunders", blunders(settings, progress))
    keep("time", timing(settings, progress))
    keep("champion_choices", champion_choices(settings, progress))
    keep("ladder", ladder(settings, progress, lambda figures: keep("ladder", figures)))
    result["complete"] = True
    return result


def report(result: dict[str, Any]) -> str:
    """The results in a few lines (those measured so far)."""
    lines = []
    for game, b in result.get("blunders", {}).items():
        lines.append(f"blunders {game}: {b['blunders']}/{b['positions']} labelled blunder")
    t = result.get("time")
    if t and t["median"] is not None:
        lines.append(
            f"review of a crokinole game: median {t['median']:.1f} s CPU over {t['games']}"
        )
        hand = t.get("real_board")
        if hand and hand["median"] is not None:
            lines.append(
                f"review of the same game entered from a real board: median "
                f"{hand['median']:.1f} s CPU"
            )
    w = result.get("champion_choices")
    if w:
        lines.append(f"champion planner: {w['best_or_good']}/{w['shots']} shots best or good")
    ladder_ = result.get("ladder")
    if ladder_:
        for level in PLAYING_LEVELS:
            row = ladder_[level]
            lines.append(
                f"{level:>15}: accuracy {row['mean']:.1f} [{row['low']:.1f}, {row['high']:.1f}] "
                f"({row['players']} player-games)"
            )
        lines.append(
            f"ordered: {ladder_['ordered']}; champion and novice apart: {ladder_['apart']}"
        )
        meant = ladder_.get("meant")
        if meant:
            lines.append(
                f"shot meant against the AI's explanation: {meant['contradictions']} "
                f"contradictions over {meant['ai_shots']} AI shots"
            )
    return "\n".join(lines)
