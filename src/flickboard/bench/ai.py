"""AI evaluation harness: calibration rates, takeouts, paired games, decision times.

Paired games: each pair plays twice with the same seeds, colours and the hammer
swapped, so neither side gains from the draw. A game won scores 1, a tie 1/2; the 95 %
interval is Wilson's on the games played (ties as half a win). Run with
``flickboard bench ai`` or ``python bench/ai.py``; results as JSON and a PNG plot.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress

from flickboard.agents.calibration import success_rate, targets
from flickboard.agents.planner import Planner, PlannerBudget
from flickboard.agents.search import CLASSIC, SearchBudget, SearchPlayer
from flickboard.agents.spec import player_from_spec
from flickboard.agents.tactics import tactics_for
from flickboard.bench.ai_inplay import midround_times, opening_rate
from flickboard.bench.baseline import BaselinePlayer
from flickboard.errors import FlickboardError
from flickboard.evaluation.harness import PairStats, paired_games, wilson
from flickboard.evaluation.jobs import RaySettings, run_jobs
from flickboard.physics import Layout, PlacedDisc, simulate
from flickboard.play.kind import game_kind
from flickboard.play.noise import LEVELS
from flickboard.play.view import Player
from flickboard.rules.base import Fate, Position


def takeout_rate(game: str, level: str, trials: int, seed: int, budget: PlannerBudget) -> float:
    """Share of single opposing discs (on a random spot the game's tactics name: inside the
    10 line, in the two or three zone) the planner at ``level`` removes in one shot from an
    otherwise empty board."""
    kind = game_kind(game)
    tactics = tactics_for(kind.name)
    empty = kind.new_match().view()
    rng = np.random.default_rng(seed)
    hits = 0
    for k in range(trials):
        while True:
            x, y = tactics.target_spot(empty, rng)
            try:
                layout = Layout(empty.board, (PlacedDisc(0, x, y),))
                break
            except FlickboardError:
                continue
        position = Position.of(layout, {0: 1})
        last = (empty.to_come[0],)  # the round's last shot: its value is exact
        view = replace(empty, position=position, turn=replace(empty.turn, disc=1), to_come=last)
        player = Planner(level, seed + k, budget)
        shot = player.decide(view)
        record = simulate(layout, shot, shooter=1, params=view.physics)
        ruling = view.referee.rule(position, view.turn, record)
        hits += any(d.disc == 0 and d.fate is Fate.OUT for d in ruling.decisions)
    return hits / trials


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0-1) of the values, by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def timing(values: Sequence[float]) -> dict[str, float | int | None]:
    """Median and 95th percentile of decision times (s)."""
    if not values:
        return {"decisions": 0, "median_s": None, "p95_s": None}
    return {
        "decisions": len(values),
        "median_s": statistics.median(values),
        "p95_s": percentile(values, 0.95),
    }


MATCHES: tuple[str, ...] = (
    "planner-heuristic",
    "search-planner",
    "planner-planner",
    "planner-baseline",
)
"""The paired matches the harness can play (first player v second); ``baseline`` is the
planner of another flickboard source tree (``Settings.baseline``)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What to run: game counts (pairs of games) and budgets."""

    game: str = "crokinole"
    calibration_shots: int = 2000
    takeout_trials: int = 100
    ladder_pairs: int = 10
    equal_pairs: int = 10
    planner: PlannerBudget = field(default_factory=PlannerBudget)
    search: SearchBudget = field(default_factory=SearchBudget)
    level: str = "competitive"
    seed: int = 1
    matches: tuple[str, ...] = MATCHES[:3]
    workers: int = 1
    baseline: Path | None = None
    opening_decisions: int = 0
    level_pairs: int = 0
    midround_positions: int = 0
    ray: bool = False
    address: str | None = None


def make_player(kind: str, s: Settings, seed: int) -> Player:
    """A player of the harness by kind (heuristic, planner or search) at ``s.level``."""
    if kind == "heuristic":
        return player_from_spec(f"ai:heuristic:{s.level}", s.game, seed)
    if kind == "planner":
        return Planner(s.level, seed, s.planner, name="planner")
    if kind == "baseline":
        if s.baseline is None:
            raise ValueError("the planner-baseline match needs a baseline source folder")
        return BaselinePlayer(s.baseline, f"ai:planner:{s.level}", s.game, seed)
    return SearchPlayer(s.level, seed, s.search, name="search")


def _pair(job: tuple[Settings, str, str, int]) -> tuple[PairStats, list[float], list[float]]:
    """One pair of games of a match (run in a worker process)."""
    s, a, b, k = job
    return paired_games(
        s.game,
        lambda seed: make_player(a, s, seed),
        lambda seed: make_player(b, s, seed),
        1,
        s.seed + k,
    )


def match_games(
    s: Settings, a: str, b: str, pairs: int, on_pair: Callable[[], None] | None = None
) -> tuple[PairStats, list[float], list[float]]:
    """``pairs`` pairs of games A v B, on ``s.workers`` processes or on Ray (``s.ray``:
    a local cluster, or the one at ``s.address``); the same games (and the same
    results) whatever the number of workers."""
    stats = PairStats()
    times_a: list[float] = []
    times_b: list[float] = []
    jobs = [(s, a, b, k) for k in range(pairs)]
    ray = RaySettings(s.address) if s.ray else None
    results = run_jobs(_pair, jobs, workers=s.workers, ray=ray, on_done=on_pair)
    for pair_stats, ta, tb in results:
        stats.add(pair_stats)
        times_a += ta
        times_b += tb
    return stats, times_a, times_b


@contextmanager
def _task(progress: Progress | None, text: str, total: int) -> Iterator[Callable[[], None]]:
    if progress is None:
        yield lambda: None
        return
    task = progress.add_task(text, total=total)
    yield lambda: progress.advance(task)
    progress.update(task, completed=total)


def run(settings: Settings, progress: Progress | None = None) -> dict[str, Any]:
    """Run the harness; a JSON-ready dict of every measurement."""
    s = settings
    kind = game_kind(s.game)
    out: dict[str, Any] = {"game": kind.name, "settings": _settings_json(s)}
    rates: dict[str, Any] = {}
    if s.calibration_shots:
        with _task(progress, "calibration rates", len(LEVELS)) as step:
            for level in LEVELS:
                rate = success_rate(s.game, kind.noise(level), s.calibration_shots, s.seed)
                rates[level] = {"rate": rate, "target": targets(s.game).get(level, 1.0)}
                step()
    out["calibration_rate"] = {"shots": s.calibration_shots, "levels": rates}
    if s.takeout_trials:
        with _task(progress, "takeouts", 1) as step:
            out["takeout"] = {
                "level": s.level,
                "trials": s.takeout_trials,
                "rate": takeout_rate(s.game, s.level, s.takeout_trials, s.seed, s.planner),
            }
            step()
    matches: dict[str, Any] = {}
    times: dict[str, list[float]] = {"heuristic": [], "planner": [], "search": [], "baseline": []}
    for match in s.matches:
        if match not in MATCHES:
            raise ValueError(f"unknown match {match!r}; known: {', '.join(MATCHES)}")
        a, b = match.split("-")
        pairs = s.equal_pairs if a == b else s.ladder_pairs
        if pairs <= 0:
            continue
        label = f"{a} v {b}"
        with _task(progress, f"{label} (pairs of games)", pairs) as step:
            stats, ta, tb = match_games(s, a, b, pairs, step)
        matches[label] = stats.summary()
        times[a] += ta
        times[b] += tb
    out["matches"] = matches
    equal = matches.get("planner v planner")
    if equal:
        out["hammer_round_win_rate"] = {
            "rate": equal["hammer_round_win_rate"],
            "rounds": equal["hammer_rounds_decided"],
            "sanity_band": [0.55, 0.65],
        }
    out["decision_time"] = {k: timing(v) for k, v in times.items()}
    if s.opening_decisions:
        out["opening_rate"] = opening_rates(s, progress)
    if s.level_pairs:
        out["levels"] = level_games(s, progress)
    if s.midround_positions:
        with _task(progress, "mid-round decision times", 1) as step:
            raw = midround_times(
                s.game,
                {
                    "planner": lambda seed: Planner(s.level, seed, s.planner),
                    "search": lambda seed: SearchPlayer(s.level, seed, s.search),
                    "classic": lambda seed: SearchPlayer(s.level, seed, CLASSIC),
                },
                s.midround_positions,
                s.seed,
            )
            step()
        out["midround_decision_time"] = {
            k: {
                "cpu": timing(v["cpu"]),
                "wall": timing(v["wall"]),
                "invalid_meant": v["invalid_meant"],
            }
            if isinstance(v, dict)
            else v
            for k, v in raw.items()
        }
    return out


def opening_rates(s: Settings, progress: Progress | None = None) -> dict[str, Any]:
    """The planner's own opening shots by level, against each level's target."""
    out: dict[str, Any] = {}
    goals = targets(s.game)
    with _task(progress, "opening shots by level", len(goals)) as step:
        for level, target in goals.items():
            result = opening_rate(
                s.game,
                lambda seed, level=level: Planner(level, seed, s.planner),  # type: ignore[misc]
                s.opening_decisions,
                s.seed * 100_000,
                wilson,
            )
            out[level] = {**result, "target": target}
            step()
    return out


def level_games(s: Settings, progress: Progress | None = None) -> dict[str, Any]:
    """Planner v planner at every level: 20s per player and game, the hammer's rounds."""
    out: dict[str, Any] = {}
    for level in targets(s.game):
        at = replace(s, level=level)
        with _task(progress, f"planner v planner, {level}", s.level_pairs) as step:
            stats, _, _ = match_games(at, "planner", "planner", s.level_pairs, step)
        out[level] = stats.summary()
    return out


def _settings_json(s: Settings) -> dict[str, Any]:
    return {
        "calibration_shots": s.calibration_shots,
        "takeout_trials": s.takeout_trials,
        "ladder_pairs": s.ladder_pairs,
        "equal_pairs": s.equal_pairs,
        "level": s.level,
        "seed": s.seed,
        "matches": list(s.matches),
        "workers": s.workers,
        "baseline": None if s.baseline is None else str(s.baseline),
        "opening_decisions": s.opening_decisions,
        "level_pairs": s.level_pairs,
        "midround_positions": s.midround_positions,
        "ray": s.ray,
        "planner_budget": {
            "samples": s.planner.samples,
            "candidates": s.planner.candidates,
            "refine_rounds": s.planner.refine_rounds,
            "population": s.planner.population,
        },
        "search_budget": {
            "widen": s.search.widen,
            "schedule": list(s.search.schedule),
            "top": s.search.top,
            "outcomes": s.search.outcomes,
            "replies": s.search.replies,
            "reply_samples": s.search.reply_samples,
            "reply_check": s.search.reply_check,
            "exhaustive_at": s.search.exhaustive_at,
        },
    }


def plot(result: dict[str, Any], path: Path) -> list[str]:
    """A PNG of what the run measured, one panel each: the skill test's rate by level
    against its targets (ideal aim, the AI's own shots and each intent it chose), the
    paired games' scores with their intervals, the mid-round decision times. Returns
    the panels' titles."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [
        draw
        for draw, present in (
            (_plot_skill, result["calibration_rate"]["levels"] or result.get("opening_rate")),
            (_plot_matches, result["matches"]),
            (_plot_midround, result.get("midround_decision_time")),
        )
        if present
    ] or [_plot_nothing]
    fig, axes = plt.subplots(1, len(panels), figsize=(5.5 * len(panels), 4), squeeze=False)
    for draw, ax in zip(panels, axes[0], strict=True):
        draw(result, ax)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return [ax.get_title() for ax in axes[0]]


def _plot_skill(result: dict[str, Any], ax: Any) -> None:
    ideal = result["calibration_rate"]["levels"]
    played = result.get("opening_rate", {})
    levels = ideal or played
    names = list(levels)
    xs = np.arange(len(names))
    width = 0.4 if played and ideal else 0.8
    if ideal:
        ax.bar(xs - (width / 2 if played else 0), [ideal[n]["rate"] for n in names], width,
               color="#4a7", label="ideal aim")  # fmt: skip
    if played:
        at = xs + (width / 2 if ideal else 0)
        rates = [played.get(n, {}).get("rate") or 0.0 for n in names]
        ax.bar(at, rates, width, color="#a74", label="the AI's own shots")
        intents = sorted({i for n in names for i in played.get(n, {}).get("by_intent", {})})
        for intent, marker in zip(intents, "o^sDv<>", strict=False):
            rows = [played.get(n, {}).get("by_intent", {}).get(intent) for n in names]
            ax.plot([x for x, r in zip(at, rows, strict=True) if r],
                    [r["rate"] for r in rows if r], marker, color="#333", linestyle="none",
                    label=f"... its shots meant as {intent.split(' (')[0]}")  # fmt: skip
    ax.plot(xs, [levels[n]["target"] for n in names], "k_", markersize=20, label="target")
    ax.set_xticks(list(xs), names, rotation=20)
    ax.set_ylim(0, 1.05)
    ax.set_title(f"{game_kind(result['game']).skill_test_name} rate by level")
    ax.legend(fontsize=7, loc="upper left")


def _plot_matches(result: dict[str, Any], ax: Any) -> None:
    matches = result["matches"]
    labels = list(matches)
    rates = [matches[k]["a_win_rate"] or 0.0 for k in labels]
    errs = [
        [r - matches[k]["wilson95"][0] for k, r in zip(labels, rates, strict=True)],
        [matches[k]["wilson95"][1] - r for k, r in zip(labels, rates, strict=True)],
    ]
    ax.bar(range(len(labels)), rates, yerr=errs, capsize=6, color="#47a")
    ax.axhline(0.5, color="grey", linestyle="--")
    ax.set_xticks(range(len(labels)), [f"{k}\n({matches[k]['games']} games)" for k in labels])
    ax.set_ylim(0, 1)
    ax.set_title("score of the first player named (Wilson 95 %)")


def _plot_midround(result: dict[str, Any], ax: Any) -> None:
    mid = result["midround_decision_time"]
    players = [p for p in ("planner", "search", "classic") if p in mid]
    xs = np.arange(len(players))
    medians = [mid[p]["cpu"]["median_s"] for p in players]
    p95s = [mid[p]["cpu"]["p95_s"] for p in players]
    ax.bar(xs - 0.2, medians, 0.4, color="#47a", label="median")
    ax.bar(xs + 0.2, p95s, 0.4, color="#9bd", label="95th percentile")
    ax.set_xticks(list(xs), players)
    ax.set_ylabel("CPU seconds a decision")
    ax.set_title(f"mid-round decisions ({mid['positions']} positions)")
    ax.legend(fontsize=8)


def _plot_nothing(result: dict[str, Any], ax: Any) -> None:
    ax.set_title("nothing measured")
    ax.set_axis_off()


def report(result: dict[str, Any]) -> str:
    """A short text report of a result."""
    lines = [f"AI bench ({result['game']})"]
    for level, r in result["calibration_rate"]["levels"].items():
        lines.append(f"  {level:<13} rate {r['rate']:.3f} (target {r['target']:.2f})")
    if "takeout" in result:
        t = result["takeout"]
        lines.append(f"  takeout ({t['level']}): {t['rate']:.3f} over {t['trials']} trials")
    for label, m in result["matches"].items():
        low, high = m["wilson95"]
        lines.append(
            f"  {label}: {m['a_win_rate']:.3f} [{low:.3f}, {high:.3f}] over {m['games']} games;"
            f" 20s/game {m['twenties_per_game_a']}/{m['twenties_per_game_b']};"
            f" hammer rounds won {m['hammer_round_win_rate']}"
        )
    for who, t in result["decision_time"].items():
        if t["decisions"]:
            lines.append(
                f"  {who}: median {t['median_s']:.3f} s, p95 {t['p95_s']:.3f} s"
                f" over {t['decisions']} decisions"
            )
    for level, r in result.get("opening_rate", {}).items():
        low, high = r["wilson95"]
        lines.append(
            f"  opening ({level}): {r['rate']:.3f} [{low:.3f}, {high:.3f}] over"
            f" {r['decisions']} decisions (target {r['target']:.2f}); by intent "
            + ", ".join(
                f"{k} {v['rate']:.3f} of {v['decisions']}" for k, v in r["by_intent"].items()
            )
        )
    for level, m in result.get("levels", {}).items():
        t = m["twenties_per_player_game_95"] or [0.0, 0.0]
        h = m["hammer_wilson95"]
        lines.append(
            f"  {level} v {level}: 20s per player and game {m['twenties_per_player_game']:.2f}"
            f" [{t[0]:.2f}, {t[1]:.2f}] over {m['games']} games; hammer won"
            f" {m['hammer_round_win_rate']} [{h[0]:.3f}, {h[1]:.3f}] of"
            f" {m['hammer_rounds_decided']} decided rounds"
        )
    mid = result.get("midround_decision_time")
    if mid:
        for who in ("planner", "search", "classic"):
            if who not in mid:
                continue
            c, w = mid[who]["cpu"], mid[who]["wall"]
            lines.append(
                f"  mid-round {who}: CPU median {c['median_s']:.3f} s (p95 {c['p95_s']:.3f}),"
                f" wall median {w['median_s']:.3f} s over {c['decisions']} positions;"
                f" {mid[who]['invalid_meant']} meant shots invalid without noise"
            )
        lines.append(f"  load average {mid['load_average_before']} -> {mid['load_average_after']}")
    return "\n".join(lines)
