"""The physics kernels are compiled (or loaded) before the first shot, and the terminal
says so, once."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from flickboard.cli import kernels
from flickboard.cli.kernels import kernels_cached, warm_kernels
from flickboard.physics import warm
from flickboard.physics.warm import Step, Warmup


def test_a_terminal_match_says_the_kernels_are_ready_before_its_first_shot() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flickboard", "match", "crokinole", "--time-shots", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Physics kernels ready" in done.stderr  # progress, not the match's output
    assert done.stderr.count("Physics kernels ready") == 1
    assert "Physics kernels" not in done.stdout and "shot by red" in done.stdout
    merged = subprocess.run(
        [sys.executable, "-m", "flickboard", "match", "crokinole", "--time-shots", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=True,
    ).stdout
    assert merged.index("Physics kernels ready") < merged.index("shot by red")


def test_the_message_says_compiling_when_the_cache_is_empty_and_loading_when_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warm_kernels(Console(file=io.StringIO()))  # compiled (or loaded) in this process
    assert kernels_cached()
    monkeypatch.setattr(kernels, "_ready", False)
    out = io.StringIO()
    warm_kernels(Console(file=out, width=200))
    assert out.getvalue().startswith("Loading the physics kernels...\nPhysics kernels ready (")
    monkeypatch.setenv("FLICKBOARD_NUMBA_CACHE", str(tmp_path))  # a cache with nothing in it
    assert not kernels_cached()
    monkeypatch.setattr(kernels, "_ready", False)
    out = io.StringIO()
    warm_kernels(Console(file=out, width=200))
    assert out.getvalue().startswith(
        "Compiling the physics kernels (once: about a minute, cached afterwards)...\n"
    )
    monkeypatch.setattr(kernels, "_ready", False)
    monkeypatch.setattr(warm, "WARMUP", Warmup())  # warmed again: a spinner naming each part
    shown = Console(file=io.StringIO(), width=200, force_terminal=True, record=True)
    warm_kernels(shown)  # a spinner naming each part, gone once they are ready
    said = shown.export_text()
    assert said.splitlines()[-1].startswith("Physics kernels ready (")
    again = Console(file=io.StringIO(), record=True)
    warm_kernels(again)  # once per run
    assert again.export_text() == ""


def test_piped_progress_names_the_part_at_least_every_heartbeat_until_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def slow(step: Step) -> None:  # the real warming, after a part that takes a while
        step("the shot engine")
        time.sleep(1.0)
        warm.warm(step)

    monkeypatch.setattr(warm, "WARMUP", Warmup(slow))
    monkeypatch.setattr(kernels, "HEARTBEAT", 0.1)
    monkeypatch.setattr(kernels, "_ready", False)
    out = io.StringIO()
    warm_kernels(Console(file=out, width=200))
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(("Loading the physics kernels...", "Compiling the physics"))
    beats = [line for line in lines if re.search(r": the shot engine, \d+% \(", line)]
    assert len(beats) >= 2  # one a heartbeat while the part was being compiled
    assert lines[-1].startswith("Physics kernels ready (")


def test_the_heartbeat_is_at_most_10_seconds() -> None:
    assert 0 < kernels.HEARTBEAT <= 10


def test_shoot_says_the_kernels_are_ready_before_its_shot_on_stderr() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "flickboard",
            "shoot",
            "--board",
            "crokinole",
            "--from",
            "0,-0.30",
            "--angle",
            "90",
            "--speed",
            "1.2",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Physics kernels ready" in done.stderr and "Shot by disc" in done.stdout
