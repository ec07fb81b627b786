"""The layers of DESIGN.md are one-way: nothing imports a layer above it.

geometry -> physics -> rules -> play -> events (which also reads the crokinole
categories' disc counts and the shuffleboard targets from rules); agents sit on play (the
view, the game kinds); store sits on events and play; cli, draw, envs, web and bench are
adapters that may use anything. ``errors``, ``reprs`` and ``jsonfields`` are shared by all.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import flickboard

PACKAGE = Path(flickboard.__file__).parent

SHARED = {"errors", "reprs", "jsonfields"}
"""Modules every layer may use: error types, reprs that paste back, JSON field checks."""

ALLOWED: dict[str, set[str]] = {
    "geometry": SHARED | {"geometry"},
    "physics": SHARED | {"geometry", "physics"},
    "rules": SHARED | {"geometry", "physics", "rules"},
    "play": SHARED | {"geometry", "physics", "rules", "play"},
    "agents": SHARED | {"geometry", "physics", "rules", "play", "agents"},
    # events reads rules facts kept once: WCC disc counts and CSC targets.
    "events": SHARED | {"play", "events", "rules.crokinole.options", "rules.shuffleboard.game"},
    "store": SHARED | {"play", "events", "store"},
    "evaluation": SHARED | {"geometry", "physics", "rules", "play", "agents", "evaluation"},
}


def _imports(path: Path) -> set[str]:
    """Dotted names below ``flickboard`` that a module imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(n.removeprefix("flickboard.") for n in names if n.startswith("flickboard."))
    return found


def _permitted(target: str, allowed: set[str]) -> bool:
    return any(target == a or target.startswith(a + ".") for a in allowed)


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_the_layers_below_it(layer: str) -> None:
    wrong = [
        f"{path.relative_to(PACKAGE)} imports flickboard.{target}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for target in sorted(_imports(path))
        if not _permitted(target, ALLOWED[layer])
    ]
    assert not wrong, "\n".join(wrong)


def test_the_layer_check_sees_a_violation(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("from flickboard.play.scoring import RoundScore\nimport flickboard.cli\n")
    assert _imports(module) == {"play.scoring", "cli"}
    assert not _permitted("play.scoring", ALLOWED["rules"])
    assert _permitted("play.view", ALLOWED["agents"])
    assert not _permitted("agents.planner", ALLOWED["play"])
