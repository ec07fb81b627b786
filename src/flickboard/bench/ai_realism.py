"""Does the AI play the games people play? Equal-level games at every tier, against real
rounds (``flickboard bench ai --realism``).

At every playing tier two default players (the planner at that level) play whole WCC
singles games (four rounds); the games are compared with 3,884 real singles games
(``flickboard/bench/data/crokinole_rounds.csv.gz``, its README) and the published WCC figures: 20s
per player per game, the hammer's share of decided rounds, tied rounds, round results
from the hammer's side and 20s per player per round, each with a 95 % interval (Wilson's
for shares; the normal one on the games' means for 20s). Every decision is checked too:
the shot meant valid when played without noise, the shot played valid, and the words
of the shot against what it does as meant (:func:`~flickboard.agents.explain.contradiction`).
Games run tier by tier in turn, so a run cut short has about as many games at each.

Table shuffleboard has no real games to compare with; its decisions are checked the same
way over whole CSC games at every tier (:func:`add_words`, ``--realism-words-games``).
"""

from __future__ import annotations

import csv
import gzip
import io
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from flickboard.agents.explain import THROW_AWAY, contradiction, played_out
from flickboard.agents.player import Choice
from flickboard.agents.spec import player_from_spec
from flickboard.errors import InvalidInput
from flickboard.evaluation.harness import Z95, PairStats, pair_game, wilson
from flickboard.evaluation.jobs import results_in_order
from flickboard.play.driver import Observer
from flickboard.play.match import Match, RoundEnd, Step
from flickboard.play.noise import LEVELS
from flickboard.play.view import Player, View

REAL_DATA: Traversable = files("flickboard.bench") / "data" / "crokinole_rounds.csv.gz"
"""The real rounds, shipped with the package."""

TIERS: tuple[str, ...] = LEVELS[:-1]
"""The tiers played (not ``perfect``, which no person is)."""

TWENTY_BINS = 6
"""20s per player per round are counted 0, 1, ... 4 and 5 or more."""

EXAMPLES = 20
"""Contradictions quoted per tier (all are counted)."""

PUBLISHED: dict[str, dict[str, Any]] = {
    "wcc_competitive": {"twenties_per_player_game": 5.00, "what": "WCC competitive prelims"},
    "wcc_competitive_top16": {"twenties_per_player_game": 7.32, "what": "its top 16"},
    "wcc_recreational": {"twenties_per_player_game": 3.35, "what": "WCC recreational prelims"},
    "wcc_recreational_top16": {"twenties_per_player_game": 4.59, "what": "its top 16"},
}
"""Published WCC figures not in the CSV: preliminaries 1999-2019, 20s per player per game
(crokinolereference.com, ``All Crokinole Results.xlsx``; flickboard/bench/data/README.md)."""

SOURCES = (
    "Real rounds: flickboard/bench/data/crokinole_rounds.csv.gz, 3,884 singles games 2009-2020 from "
    "crokinolereference.com (CrokinoleCentre/crokinolereference.com, inputs/Crokinole Match "
    "Detail.xlsx); WCC preliminaries 1999-2019: crokinolereference.com, All Crokinole "
    "Results.xlsx; open-20 tiers: NCA 2023-24 (The Pudding, the-pudding/crokinole)."
)


@dataclass(frozen=True, slots=True)
class Target:
    """A figure a tier should match: ``measure`` within ``within`` of ``figure``."""

    tier: str
    measure: str
    figure: float
    within: float
    source: str


TARGETS: tuple[Target, ...] = (
    Target("novice", "twenties_per_player_game", 3.35, 1.0, "WCC recreational"),
    Target("recreational", "twenties_per_player_game", 3.35, 1.0, "WCC recreational"),
    Target("strong-recreational", "twenties_per_player_game", 3.35, 1.0, "WCC recreational"),
    Target("competitive", "twenties_per_player_game", 6.67, 1.0, "tour singles"),
    Target("competitive", "hammer_share", 0.556, 0.03, "tour singles"),
    Target("top-competitive", "twenties_per_player_game", 8.44, 1.0, "tour playoffs"),
)
"""What the tiers are calibrated to."""

MIN_GAMES = 60
"""Games a tier needs before its targets are judged."""

VALID_MEANT_FROM = "recreational"
"""From this tier up, the shot meant is valid played without noise in >= 99 % of
decisions (a missed required hit is a miss of the hand, not of the choice)."""


def mean_interval(values: Sequence[float]) -> tuple[float | None, list[float] | None]:
    """The mean (None when empty) and its normal 95 % interval (None under two values)."""
    if not values:
        return None, None
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, [mean - half, mean + half]


def share(count: int, total: int) -> dict[str, Any]:
    """A share with its Wilson interval."""
    return {
        "rate": count / total if total else None,
        "of": total,
        "wilson95": list(wilson(count, total)),
    }


def bins(counts: Sequence[int]) -> list[float]:
    """Counts as shares of their total."""
    total = sum(counts)
    return [c / total if total else 0.0 for c in counts]


def _bin(twenties: int) -> int:
    return min(twenties, TWENTY_BINS - 1)


def read_rounds(path: Traversable = REAL_DATA) -> list[dict[str, str]]:
    """The rows of a file of real rounds (CSV, gzipped if its name ends in ``.gz``)."""
    if not path.is_file():
        raise InvalidInput(f"no real rounds at {path}")
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))
    if not rows or "hammer" not in rows[0]:
        raise InvalidInput(f"{path} is not a file of real rounds (no hammer column)")
    return rows


def real_figures(path: Traversable = REAL_DATA) -> dict[str, Any]:
    """The real games' figures: 20s per player per four-round game (all, prelims, power
    pools, playoffs), the hammer's share of decided rounds (all, near-equals), tied rounds,
    round results from the hammer's side and 20s per player per round."""
    rows = read_rounds(path)
    games: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        games.setdefault(row["game"], []).append(row)
    per_game: dict[str, list[float]] = {"all": [], "prelims": [], "power_pools": [], "playoffs": []}
    for rounds in games.values():
        first = [r for r in rounds if int(r["round"]) <= 4]
        if len(first) != 4 or any(r["a_20s"] == "" or r["b_20s"] == "" for r in first):
            continue
        value = sum(int(r["a_20s"]) + int(r["b_20s"]) for r in first) / 2
        stage = first[0]["stage"].lower()
        group = "prelims" if stage == "prelim" else "power_pools" if "power" in stage else None
        per_game["all"].append(value)
        per_game[group or "playoffs"].append(value)
    won = lost = tied = near_won = near_decided = 0
    round_bins = [0] * TWENTY_BINS
    for r in rows:
        if r["a_20s"] != "" and r["b_20s"] != "":
            round_bins[_bin(int(r["a_20s"]))] += 1
            round_bins[_bin(int(r["b_20s"]))] += 1
        if r["hammer"] == "":
            continue
        a, b = int(r["a_points"]), int(r["b_points"])
        if a == b:
            tied += 1
            continue
        hammer_won = (a > b) == (r["hammer"] == "a")
        won += hammer_won
        lost += not hammer_won
        if abs(float(r["a_share"]) - float(r["b_share"])) < 0.05:
            near_decided += 1
            near_won += hammer_won
    twenties = {}
    for name, values in per_game.items():
        mean, interval = mean_interval(values)
        twenties[name] = {"mean": mean, "ci95": interval, "games": len(values)}
    total = won + lost + tied
    return {
        "games": len(games),
        "twenties_per_player_game": twenties,
        "hammer_share": share(won, won + lost),
        "hammer_share_near_equals": share(near_won, near_decided),
        "tied_rounds": share(tied, total),
        "round_results": {"hammer_won": won, "tied": tied, "hammer_lost": lost},
        "round_results_share": bins([won, tied, lost]),
        "twenties_per_round": bins(round_bins),
        "twenties_per_round_counts": round_bins,
    }


@dataclass
class Tally:
    """What equal-level games at one tier did (counts that add up across runs)."""

    games: int = 0
    twenties: list[float] = field(default_factory=list)
    """20s per player in each game (the two players' mean)."""
    hammer_won: int = 0
    hammer_lost: int = 0
    tied: int = 0
    round_twenties: list[int] = field(default_factory=lambda: [0] * TWENTY_BINS)
    decisions: int = 0
    open_shots: int = 0
    """Shots played with no opposing disc in play (an open board)."""
    meant_invalid: int = 0
    throw_aways: int = 0
    played_invalid: int = 0
    contradictions: int = 0
    examples: list[str] = field(default_factory=list)
    cpu_s: float = 0.0

    def add(self, other: Tally) -> None:
        """Count ``other``'s games in these."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name == "round_twenties":
                setattr(self, f.name, [a + b for a, b in zip(mine, theirs, strict=True)])
            elif f.name == "examples":
                setattr(self, f.name, (mine + theirs)[:EXAMPLES])
            else:
                setattr(self, f.name, mine + theirs)

    def summary(self) -> dict[str, Any]:
        """The tier's figures with their intervals."""
        mean, interval = mean_interval(self.twenties)
        rounds = self.hammer_won + self.hammer_lost + self.tied
        return {
            "games": self.games,
            "twenties_per_player_game": {"mean": mean, "ci95": interval},
            "hammer_share": share(self.hammer_won, self.hammer_won + self.hammer_lost),
            "tied_rounds": share(self.tied, rounds),
            "round_results": {
                "hammer_won": self.hammer_won,
                "tied": self.tied,
                "hammer_lost": self.hammer_lost,
            },
            "round_results_share": bins([self.hammer_won, self.tied, self.hammer_lost]),
            "twenties_per_round": bins(self.round_twenties),
            "open_shots_per_game": self.open_shots / self.games if self.games else None,
            "decisions": self.decisions,
            "invalid_played": share(self.played_invalid, self.decisions),
            "invalid_meant": share(self.meant_invalid, self.decisions),
            "valid_meant": share(self.decisions - self.meant_invalid, self.decisions),
            "throw_aways": self.throw_aways,
            "contradictions": share(self.contradictions, self.decisions),
            "contradiction_examples": self.examples,
            "cpu_s_per_game": self.cpu_s / self.games if self.games else None,
            "counts": {f.name: getattr(self, f.name) for f in fields(self)},
        }


@dataclass
class RealismWatch(Observer):
    """Counts one game's rounds and checks each AI decision (see the module docstring)."""

    tally: Tally
    view: View | None = None
    hammer: int | None = None

    def on_turn(self, match: Match, seat: int, view: View) -> None:
        """Keep the view the shot is chosen from."""
        self.view = view

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """The shot's validity, meant and played, and its words against what it does."""
        t = self.tally
        self.hammer = step.entry.turn.side
        t.decisions += 1
        t.played_invalid += not step.ruling.valid
        choice = getattr(player, "last_choice", None)
        if self.view is None:
            return
        t.open_shots += not self.view.opposing_in_play
        if not isinstance(choice, Choice):
            return
        candidate = choice.candidate
        meant = played_out(self.view, candidate.shot)
        if meant is None or not meant.valid:
            t.meant_invalid += 1
            t.throw_aways += candidate.words.startswith(THROW_AWAY)
        wrong = contradiction(self.view, candidate, meant)
        if wrong:
            t.contradictions += 1
            if len(t.examples) < EXAMPLES:
                t.examples.append(f"{candidate.words!r}: {wrong}")

    def on_round_end(self, match: Match, end: RoundEnd) -> None:
        """The round's result from the hammer's side, and each player's 20s."""
        t = self.tally
        for count in end.twenties or (0, 0):
            t.round_twenties[_bin(count)] += 1
        if self.hammer is None:
            return
        best = max(end.scores)
        if end.scores.count(best) > 1:
            t.tied += 1
        elif end.scores.index(best) == self.hammer:
            t.hammer_won += 1
        else:
            t.hammer_lost += 1


def tier_game(job: tuple[str, int, bool], game: str = "crokinole") -> Tally:
    """One equal-level game at a tier with the default players (run in a worker)."""
    tier, seed, a_first = job
    tally = Tally()
    stats = PairStats()
    a = player_from_spec(f"ai:planner:{tier}", game, seed)
    b = player_from_spec(f"ai:planner:{tier}", game, seed + 10_000)
    start = time.thread_time()
    pair_game(game, a, b, a_first, stats, RealismWatch(tally))
    tally.cpu_s = time.thread_time() - start
    tally.games = 1
    tally.twenties = [stats.twenties[0] / 2]
    return tally


def judged(tiers: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each target with the tier's measure, whether the estimate is within the tolerance,
    and whether it is met: within, over at least :data:`MIN_GAMES` games (None: too
    few games to judge)."""
    out = []
    for target in TARGETS:
        summary = tiers.get(target.tier)
        if summary is None:
            continue
        measure = summary[target.measure]
        value = measure.get("mean", measure.get("rate"))
        within = value is not None and abs(value - target.figure) <= target.within
        out.append(
            {
                "tier": target.tier,
                "measure": target.measure,
                "figure": target.figure,
                "within": target.within,
                "source": target.source,
                "value": value,
                "interval": measure.get("ci95", measure.get("wilson95")),
                "games": summary["games"],
                "within_tolerance": within,
                "met": within if summary["games"] >= MIN_GAMES else None,
            }
        )
    return out


def run_realism(
    games: int,
    seed: int = 1,
    tiers: Sequence[str] = TIERS,
    workers: int = 1,
    data: Traversable = REAL_DATA,
    on_progress: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """``games`` equal-level games at each tier, compared with the real ones, on
    ``workers`` processes (one pool for the whole run); the result so far is handed to
    ``on_progress`` after every game, counted in the order of the games (the same
    result for a seed whatever the number of workers)."""
    real = real_figures(data)
    tallies = {tier: Tally() for tier in tiers}
    jobs = [(tier, seed + k, k % 2 == 0) for k in range(games) for tier in tiers]
    played = results_in_order(tier_game, jobs, workers)
    return _tally_games(jobs, played, tallies, games, seed, real, on_progress)


def _tally_games(
    jobs: Sequence[tuple[str, int, bool]],
    played: Iterator[Tally],
    tallies: dict[str, Tally],
    games: int,
    seed: int,
    real: dict[str, Any],
    on_progress: Callable[[dict[str, Any]], None] | None,
) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for (tier, _, _), tally in zip(jobs, played, strict=True):
        tallies[tier].add(tally)
        summaries = {tier: t.summary() for tier, t in tallies.items() if t.games}
        result = {
            "game": "crokinole",
            "settings": {"games_per_tier": games, "seed": seed, "tiers": list(tallies)},
            "real": real,
            "published": PUBLISHED,
            "sources": SOURCES,
            "tiers": summaries,
            "targets": judged(summaries),
            "valid_meant_from": VALID_MEANT_FROM,
        }
        if on_progress is not None:
            on_progress(result)
    return result


WORDS_GAME = "shuffleboard"
"""The game whose decisions are checked beside crokinole's real-games comparison."""

WORDS_KEYS = (
    "games", "decisions", "invalid_played", "valid_meant", "throw_aways", "contradictions",
    "contradiction_examples", "cpu_s_per_game", "counts",
)  # fmt: skip
"""What a words-only tier keeps of a tier's summary (no rounds to compare)."""


def words_game(job: tuple[str, int, bool]) -> Tally:
    """One equal-level table shuffleboard game at a tier (run in a worker)."""
    return tier_game(job, WORDS_GAME)


def words_summary(tally: Tally) -> dict[str, Any]:
    """A words-only tier's figures."""
    summary = tally.summary()
    return {key: summary[key] for key in WORDS_KEYS}


def add_words(
    result: dict[str, Any],
    games: int,
    workers: int = 1,
    on_progress: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """``result`` with table shuffleboard's decisions checked over ``games`` equal-level
    games at each of its tiers (same seed), under ``result["words"]``."""
    seed = result["settings"]["seed"]
    tiers = result["settings"]["tiers"]
    tallies = {tier: Tally() for tier in tiers}
    jobs = [(tier, seed + k, k % 2 == 0) for k in range(games) for tier in tiers]
    out = dict(result)
    played = results_in_order(words_game, jobs, workers)
    for (tier, _, _), tally in zip(jobs, played, strict=True):
        tallies[tier].add(tally)
        out["words"] = {
            "game": WORDS_GAME,
            "games_per_tier": games,
            "tiers": {t: words_summary(y) for t, y in tallies.items() if y.games},
        }
        if on_progress is not None:
            on_progress(out)
    return out


def realism_report(result: dict[str, Any]) -> str:
    """The run in a few lines: each tier against the real figures, the targets, and any
    contradiction left."""
    real = result["real"]
    tw = real["twenties_per_player_game"]
    lines = [
        f"Real: 20s per player and game {tw['all']['mean']:.2f} ({tw['all']['games']} games;"
        f" playoffs {tw['playoffs']['mean']:.2f}); hammer {real['hammer_share']['rate']:.3f}"
        f" of {real['hammer_share']['of']} decided rounds; tied {real['tied_rounds']['rate']:.3f}"
    ]
    for tier, s in result["tiers"].items():
        t = s["twenties_per_player_game"]
        h = s["hammer_share"]
        lines.append(
            f"  {tier:<20} {s['games']:>3} games: 20s {interval_text(t['mean'], t['ci95'])};"
            f" open shots {s['open_shots_per_game']:.1f} a game; hammer {_pct(h)}; tied"
            f" {_pct(s['tied_rounds'])}; invalid played {_pct(s['invalid_played'])}, valid"
            f" meant {_pct(s['valid_meant'])}; contradictions {s['contradictions']['rate']:.3f}"
        )
        lines += [f"      contradiction: {e}" for e in s["contradiction_examples"]]
    for j in result["targets"]:
        lines.append(
            f"  target {j['tier']} {j['measure']} {j['figure']} +- {j['within']}:"
            f" {j['value']:.3f} over {j['games']} games -> {_verdict(j['met'])}"
        )
    words: dict[str, Any] = result.get("words") or {}
    for tier, s in words.get("tiers", {}).items():
        lines.append(
            f"  {words['game']} {tier:<20} {s['games']:>3} games: invalid played"
            f" {_pct(s['invalid_played'])}, valid meant {_pct(s['valid_meant'])};"
            f" contradictions {s['contradictions']['rate']:.3f}"
        )
        lines += [f"      contradiction: {e}" for e in s["contradiction_examples"]]
    return "\n".join(lines)


def interval_text(value: float | None, interval: Sequence[float] | None, pct: bool = False) -> str:
    """``6.67 [6.54, 6.80]`` or ``55.6 % [54.5, 56.7]``; no interval under two games."""
    if value is None:
        return "-"
    k, digits, unit = (100, 1, " %") if pct else (1, 2, "")
    text = f"{k * value:.{digits}f}{unit}"
    if interval is None:
        return f"{text} (one game: no interval)"
    return f"{text} [{k * interval[0]:.{digits}f}, {k * interval[1]:.{digits}f}]"


def _verdict(met: bool | None) -> str:
    return f"not judged (under {MIN_GAMES} games)" if met is None else "met" if met else "NOT met"


def _pct(s: dict[str, Any]) -> str:
    low, high = s["wilson95"]
    rate = s["rate"]
    if rate is None:
        return "-"
    return f"{100 * rate:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def refreshed(result: dict[str, Any]) -> dict[str, Any]:
    """A ``--realism`` result with each tier's summary and the targets made afresh from
    its counts (a run cut short, or saved by an older version, reads as this one)."""
    tiers = {tier: Tally(**s["counts"]).summary() for tier, s in result["tiers"].items()}
    out = {**result, "tiers": tiers, "targets": judged(tiers)}
    if "words" in result:
        words = result["words"]
        again = {t: words_summary(Tally(**s["counts"])) for t, s in words["tiers"].items()}
        out["words"] = {**words, "tiers": again}
    return out
