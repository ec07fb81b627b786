"""Rewrite the figures blocks of the docs from the benchmarks' JSON (bench/results/).

A block sits between ``<!-- figures: bench/results/NAME.json -->`` and
``<!-- /figures -->``; its text is made from that JSON here, never typed by hand.

    python scripts/docs_figures.py          # rewrite the blocks
    python scripts/docs_figures.py --check  # exit 1 if a block differs from its JSON
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flickboard.bench.web import PACED
from flickboard.play.noise import check_level

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"(<!-- figures: (\S+) -->\n)(.*?)(<!-- /figures -->)", re.DOTALL)


def _ms(seconds: float) -> str:
    ms = seconds * 1e3
    return f"{ms:.3f} ms" if ms < 0.1 else f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"


def physics(data: dict[str, Any]) -> str:
    """The table of ``flickboard bench physics`` (bench/results/physics.json)."""
    rows = {(t["engine"], t["scene"]): t for t in data["timings"]}
    engines = [e for e in dict.fromkeys(t["engine"] for t in data["timings"])]
    scenes = ("30 discs", "opening")
    lines = [
        "| engine (CPU time per shot, to rest) | 30-disc scene | opening shot |",
        "| --- | --- | --- |",
    ]
    for engine in engines:
        cells = []
        for scene in scenes:
            t = rows[(engine, scene)]
            times = t["times_flickboard"]
            extra = "" if times is None else f" ({times:.0f}× flickboard's time)"
            cells.append(_ms(t["seconds_per_shot"]) + extra)
        name = "flickboard (`simulate`, end to end)" if engine == "flickboard" else engine
        lines.append(f"| {name} | {cells[0]} | {cells[1]} |")
    f = data["facts"]
    shots = rows[("flickboard", "30 discs")]["shots"]
    lines += [
        "",
        f"Both engines ran the same {shots} scene shots and the opening shot, best of the "
        "passes. `simulate` over the bare kernel (all the scene's shots): "
        f"{f['scene_simulate_over_kernel']:.2f}× on the 30-disc scene "
        f"({f['scene_simulate_seconds'] * 1e6:.1f} µs v {f['scene_kernel_seconds'] * 1e6:.1f} µs), "
        f"{f['opening_simulate_over_kernel']:.2f}× on the opening shot "
        f"({f['opening_simulate_seconds'] * 1e6:.1f} µs v "
        f"{f['opening_kernel_seconds'] * 1e6:.1f} µs). The 30-disc shots average "
        f"{f['scene_events']:.0f} events, {f['scene_duration']:.2f} s until everything rests "
        f"and {f['scene_motion']:.1f} disc-seconds of motion; the opening shot rests after "
        f"{f['opening_duration']:.2f} s.",
    ]
    batch = data.get("batch")
    if batch:
        lines += [
            "",
            "| batch physics (same shots, CPU time per shot) | shots a call | kernel alone "
            "| batch | share of the kernel's rate |",
            "| --- | --- | --- | --- | --- |",
        ]
        for b in batch:
            calls = f"{b['shots_per_call']}"
            if b["event_log"]:
                calls += " (the AI's weighing: `simulate_velocities`, event log kept)"
            lines.append(
                f"| {b['scene']} | {calls} | {_us(b['kernel_seconds_per_shot'])} "
                f"| {_us(b['batch_seconds_per_shot'])} | {b['share_of_kernel']:.2f} |"
            )
        lines += [
            "",
            f"The kernel ran all {batch[0]['shots']} shots of each scene in one compiled call "
            "with nothing around it; `simulate_batch` (or the AI's `simulate_velocities`) "
            "ran the same shots in calls of the size given, its passes and the kernel's "
            "taking turns, best of the passes.",
        ]
    return "\n".join(lines) + "\n"


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:.1f} µs"


def web(data: dict[str, Any]) -> str:
    """The figures of ``flickboard bench web`` (bench/results/web.json)."""
    timing = data["server_timing_ms"]
    parts = ", ".join(f"{name} {ms:.2f} ms" for name, ms in timing.items())
    lines = [
        "| measured | p50 | p95 |",
        "| --- | --- | --- |",
    ]
    for name, t in data["loopback"].items():
        lines.append(f"| {name} | {t['p50_ms']:.1f} ms | {t['p95_ms']:.1f} ms |")
    rates = ", ".join(
        f"{n if not n.isdigit() else f'{n} at once'} {r:.0f}"
        for n, r in data["shots_per_second"].items()
    )
    scene = data["server"]["30 discs: table"]
    save = timing.get("save", float("nan"))
    busy = data["loopback"].get("16 games at once: POST shot", {}).get("p95_ms", float("nan"))
    paced = data["loopback"].get(f"{PACED}: POST shot", {}).get("p95_ms", float("nan"))

    def verdict(ok: bool) -> str:
        return "met" if ok else "not met"

    lines += [
        "",
        f"The server's own time per opening shot (median of `Server-Timing`): {parts}. "
        f"Shots per second with games played at once: {rates}. In process, a 30-disc "
        f"shot's work: p50 {scene['p50_ms']:.1f} ms, p95 {scene['p95_ms']:.1f} ms. Aims: "
        f"30-disc p95 under {data['aim_p95_ms']:.0f} ms {verdict(scene['p95_ms'] < data['aim_p95_ms'])}; "
        f"save at most {data['aim_save_ms']:.0f} ms {verdict(save <= data['aim_save_ms'])}; "
        f"`POST` p95 at most {data['aim_busy_p95_ms']:.0f} ms with 16 games at once "
        f"paced by the page {verdict(paced <= data['aim_busy_p95_ms'])}, and with 16 games "
        f"at once sending each shot the moment the last is answered "
        f"{verdict(busy <= data['aim_busy_p95_ms'])}.",
    ]
    cpu = data.get("cpu_ms_per_shot")
    if cpu:
        runs = "; ".join(
            f"{name.removesuffix(': POST shot')}: server {c['server']:.1f} ms, "
            f"clients {c['clients']:.1f} ms"
            for name, c in cpu.items()
        )
        load = data["load_average"]
        lines += [
            "",
            f"CPU time per shot served (the server process's, read from `/proc`, and the "
            f"client threads' own): {runs}. Load average "
            f"{load['before'][0]:.1f} when the run began, {load['after'][0]:.1f} at its "
            "end (2 cores).",
        ]
    return "\n".join(lines) + "\n"


def web_workers(data: dict[str, Any]) -> str:
    """The figures of ``flickboard bench web --workers`` (bench/results/web-workers.json)."""
    lines = [
        "| workers | run | shots/s | POST p50 / p95 / p99 | 409 | 5xx | stale reads "
        "| page events p50 / p95 | order, missed, twice | AI thinking / AI shots, problems "
        "| server CPU a shot |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    names = {"paced": "paced", "paced_killed": "paced, a worker killed", "flat_out": "flat out"}
    for r in data["runs"]:
        for key, name in names.items():
            x = r.get(key)
            if not x:
                continue
            post, delay = x["post"], x["event_delay"]
            games = f"{x['games']} games" + (f" + {x['ai_games']} v AI" if x["ai_games"] else "")
            order = (
                "in order" if x["events_in_order"] else f"{x['events_out_of_order']} out of order"
            )
            cpu = "n/a" if x["killed_worker"] else f"{x['server_cpu_ms_per_shot']:.1f} ms"
            lines.append(
                f"| {r['workers']} | {name}, {games} | {x['shots_per_second']:.1f} | "
                f"{post['p50_ms']:.0f} / {post['p95_ms']:.0f} / {post['p99_ms']:.0f} ms | "
                f"{x['conflicts_409']} | {x['errors_5xx']} | {x['stale_reads']} of {x['reads']} | "
                f"{delay['p50_ms']:.1f} / {delay['p95_ms']:.1f} ms | {order}, "
                f"{x['events_missed']}, {x['events_twice']} | {x['thinking_events']} / "
                f"{x['ai_shots_seen']}, {x['problem_events']} | {cpu} |"
            )
    notes = []
    for r in data["runs"]:
        runs = [x for x in (r["paced"], r.get("paced_killed"), r["flat_out"]) if x]
        missing = sum(x["read_back"]["answered_not_stored"] for x in runs)
        extra = sum(x["read_back"]["stored_not_answered_or_twice"] for x in runs)
        stored = (
            "every shot answered was stored, once"
            if not missing and not extra
            else f"{missing} shots answered were not stored, {extra} stored unanswered or twice"
        )
        killed = r.get("paced_killed")
        lost = killed["lost_connections"] if killed else 0
        lost_words = (
            "1 request lost its connection"
            if lost == 1
            else f"{lost} requests lost their connections"
        )
        kill = (
            f"; with a worker killed, {lost_words} and {killed['errors_5xx']} were answered 5xx"
            if killed
            else ""
        )
        f = r["fresh_start"]
        statuses = ", ".join(f"{n} x {s}" for s, n in sorted(f["statuses"].items()))
        paced = r["paced"]
        aims = (
            f"POST p95 under {r['aim_p95_ms']:.0f} ms "
            f"{'met' if paced['post']['p95_ms'] < r['aim_p95_ms'] else 'not met'}, page "
            f"events p95 under {r['aim_p95_ms']:.0f} ms "
            f"{'met' if paced['event_delay']['p95_ms'] < r['aim_p95_ms'] else 'not met'}"
        )
        load = r["load_average"]
        notes.append(
            f"{r['workers']} workers: {stored}{kill}; a fresh start's {f['requests']} first "
            f"requests at once: {statuses}; with {paced['games']} paced games {aims}; load "
            f"average {load['before'][0]:.1f} before, {load['after'][0]:.1f} after (2 cores)."
        )
    lines += ["", *notes]
    cap = data.get("cap")
    if cap:
        lines += [
            "",
            f"Past the cap ({cap['games']} paced games, one worker): server CPU "
            f"{cap['below']['server_cpu_ms_per_shot']:.1f} ms a shot holding "
            f"{cap['below']['held']} games, {cap['past']['server_cpu_ms_per_shot']:.1f} ms "
            f"holding {cap['past']['held']}: {cap['ratio']:.2f}x.",
        ]
    most = data.get("most")
    if most:
        found = ", ".join(f"{m['workers']} workers {m['most_games']}" for m in most)
        lines += ["", f"The most paced games with POST p95 under 100 ms: {found}."]
    return "\n".join(lines) + "\n"


def ai_midround(data: dict[str, Any]) -> str:
    """The mid-round decision times of ``flickboard bench ai --midround-positions``."""
    mid = data["midround_decision_time"]
    lines = [
        f"| {data['game']} player | median | p95 | intended shots invalid without noise |",
        "| --- | --- | --- | --- |",
    ]
    for who in ("planner", "search", "classic"):
        if who in mid:
            c = mid[who]["cpu"]
            lines.append(
                f"| {who} | {c['median_s']:.3f} s | {c['p95_s']:.3f} s |"
                f" {mid[who]['invalid_meant']} of {c['decisions']} |"
            )
    load = mid["load_average_before"][0]
    lines += ["", f"{mid['positions']} positions, level {check_level(data['settings']['level'])}; "
              f"load average {load:.1f} when they began (2 cores)."]  # fmt: skip
    return "\n".join(lines) + "\n"


def ai_midround_before(data: dict[str, Any]) -> str:
    """The mid-round times before the fast path, and the ratios to those after it
    (bench/results/ai-crokinole-midround.json)."""
    after = json.loads(
        (ROOT / "bench/results/ai-crokinole-midround.json").read_text(encoding="utf-8")
    )

    def median(result: dict[str, Any], who: str) -> float:
        return float(result["midround_decision_time"][who]["cpu"]["median_s"])

    before_search = median(data, "search")
    return ai_midround(data) + (
        f"\nAfter over before, medians: the planner {median(after, 'planner') / median(data, 'planner'):.2f}×, "
        f"today's search (`CLASSIC`) {median(after, 'classic') / before_search:.2f}×, the "
        f"default search {median(after, 'search') / before_search:.2f}× of today's search before.\n"
    )


def ai_ladder(data: dict[str, Any]) -> str:
    """The search ladder of ``flickboard bench ai --search-ladder``."""
    m = data["match"]
    low, high = m["wilson95"]
    t = data["decision_time_wall"]
    rate = m["a_win_rate"]
    if low >= 0.6:
        verdict = "met"
    elif rate >= 0.6:
        verdict = "met by the score, though the interval does not rule out less"
    elif high >= 0.6:
        verdict = "not met (the score is under it; the interval does not rule it out)"
    else:
        verdict = "not met"
    stronger = (
        " The default search is the stronger: the interval lies above one half."
        if low > 0.5
        else ""
    )
    return (
        f"The default search scored {rate:.3f} of {m['games']} games against "
        f"`CLASSIC` ({data['game']}, level {check_level(data['level'])}, seed {data['seed']}; "
        f"{data['pairs_played']} of {data['pairs_planned']} pairs played), Wilson 95 % "
        f"interval [{low:.3f}, {high:.3f}]: the aim of at least 0.6 is {verdict}.{stronger} "
        f"Median decision (wall clock, in games): default {t['search']['median_s']:.2f} s, "
        f"`CLASSIC` {t['classic']['median_s']:.2f} s.\n"
    )


def ai_search_choice(data: dict[str, Any]) -> str:
    """The picks judged two plies deep of ``python -m flickboard.bench.search_choice``."""
    names = {"default": "the default search", "planner": "the planner"}
    rows = [
        f"| {names[who]} | {g['mean']:+.4f} | [{g['low']:+.4f}, {g['high']:+.4f}] | "
        f"{data['same_pick_as_classic'][who]} of {data['positions']} | "
        f"{data['cpu_median_s'][who]:.3f} s |"
        for who, g in data["gain_over_classic"].items()
    ]
    return (
        "| pick | gain over `CLASSIC`'s | 95 % interval | same shot as `CLASSIC` | median CPU |\n"
        "| --- | --- | --- | --- | --- |\n" + "\n".join(rows) + "\n\n"
        f"{data['positions']} mid-round positions ({data['game']}, level {check_level(data['level'])}, "
        f"seed {data['seed']}), judged on {data['judge_draws']} independent draws; "
        f"`CLASSIC`'s median CPU {data['cpu_median_s']['classic']:.3f} s.\n"
    )


def value_fit(data: dict[str, Any]) -> str:
    """The held-out error of a value fitted by ``python -m flickboard.agents.fit_value``."""
    return (
        "| held-out shots | log-loss: fitted / shipped / prior | "
        "RMSE of the expected result: fitted / shipped / prior | accuracy | penalty, passes |\n"
        "| --- | --- | --- | --- | --- |\n"
        f"| {data['shots_held_out']:,.0f} | {data['log_loss']:.3f} / "
        f"{data['log_loss_shipped']:.3f} / {data['log_loss_prior']:.3f} | "
        f"{data['rmse_expected']:.3f} / {data['rmse_shipped']:.3f} / {data['rmse_prior']:.3f} | "
        f"{100 * data['accuracy']:.1f} % | {data['penalty']:g}, {data['epochs']:.0f} |\n\n"
        f"{data['game'].capitalize()}, {data['rounds']:,.0f} rounds "
        f"({data['shots_fitted']:,.0f} shots fitted, {data['shots_validated']:,.0f} validated).\n"
    )


RENDER: dict[str, Callable[[dict[str, Any]], str]] = {
    "bench/results/physics.json": physics,
    "bench/results/web.json": web,
    "bench/results/web-workers.json": web_workers,
    "bench/results/ai-crokinole-midround.json": ai_midround,
    "bench/results/ai-crokinole-midround-before.json": ai_midround_before,
    "bench/results/ai-shuffleboard-midround.json": ai_midround,
    "bench/results/ai-crokinole-search-ladder.json": ai_ladder,
    "bench/results/ai-crokinole-search-ladder-shipped-value.json": ai_ladder,
    "bench/results/ai-crokinole-search-choice.json": ai_search_choice,
    "bench/results/ai-crokinole-search-choice-shipped-value.json": ai_search_choice,
    "bench/results/value-crokinole-search.json": value_fit,
}
DOCS = ("docs/physics.md", "docs/web.md", "docs/ai.md")


def rewritten(text: str) -> str:
    """The doc's text with every figures block made from its JSON."""

    def block(match: re.Match[str]) -> str:
        source = match.group(2)
        data = json.loads((ROOT / source).read_text(encoding="utf-8"))
        return match.group(1) + RENDER[source](data) + match.group(4)

    return BLOCK.sub(block, text)


def main(argv: list[str]) -> int:
    """Rewrite (or with ``--check`` compare) the blocks; 1 if a check fails."""
    check = "--check" in argv
    stale = []
    for doc in DOCS:
        path = ROOT / doc
        text = path.read_text(encoding="utf-8")
        new = rewritten(text)
        if new != text:
            stale.append(doc)
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        print(f"figures differ from bench/results in: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
