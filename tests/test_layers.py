"""The layers of docs/layers.md are one-way: nothing imports a layer above it, and no modules
import each other in a ring, whether the import is at the top of a module or inside a
function (docs/layers.md).

geometry -> physics -> rules -> play -> events (which also reads the crokinole
categories' disc counts and the shuffleboard targets from rules); agents sit on play (the
view, the game kinds); evaluation (paired games, the job runner) on agents; store sits on
events and play; draw, envs, web and bench are adapters; cli may use anything.
``errors``, ``reprs``, ``jsonfields``, ``version`` and ``jit`` are shared by all. Nothing imports the
front door (``flickboard``) or the command line's app (``flickboard.cli.app``), which
import the rest. Imports under ``if TYPE_CHECKING:`` never run and are not counted;
registries find their built-in entries by module name (game kinds, rule sets, tactics).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import flickboard

PACKAGE = Path(flickboard.__file__).parent

SHARED = {"errors", "reprs", "jsonfields", "version", "extras", "games", "jit"}
"""Modules every layer may use: error types, reprs that paste back, JSON field checks,
the installed version, the optional extras, the built-in games' names, the compiled-code
decorators."""

CORE = SHARED | {"geometry", "physics", "rules", "play"}

ALLOWED: dict[str, set[str]] = {
    "geometry": SHARED | {"geometry"},
    "physics": SHARED | {"geometry", "physics"},
    "rules": SHARED | {"geometry", "physics", "rules"},
    "play": CORE,
    "agents": CORE | {"agents"},
    "evaluation": CORE | {"agents", "evaluation"},
    # events reads rules facts kept once: WCC disc counts and CSC targets.
    "events": SHARED | {"play", "events", "rules.crokinole.options", "rules.shuffleboard.game"},
    "store": SHARED | {"play", "events", "store"},
    "draw": SHARED | {"geometry", "physics", "rules", "draw"},
    "envs": CORE | {"agents", "evaluation", "draw", "envs"},
    "web": CORE | {"agents", "events", "store", "draw", "web"},
    "bench": CORE | {"agents", "evaluation", "events", "store", "draw", "envs", "web", "bench"},
    "testing": CORE | {"agents"},
}

ENTRY_POINTS = {"": "nothing", "cli.app": "__main__"}
"""Modules that import the rest, and the one module that may import each (by name below
``flickboard``; ``""`` is the front door)."""


def module_name(path: Path, root: Path = PACKAGE) -> str:
    """``play.match`` for ``.../flickboard/play/match.py``; ``""`` for the front door."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (never run)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for child in node.body for inner in ast.walk(child))
    return skipped


def _imported(node: ast.AST, name: str, is_package: bool) -> Iterator[tuple[str, list[str]]]:
    """(module, names imported from it) for an import statement, absolute or relative."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name, []
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = ["flickboard", *name.split(".")] if name else ["flickboard"]
            base = base if is_package else base[:-1]
            base = base[: len(base) - (node.level - 1)]
            yield (
                ".".join([*base, *([node.module] if node.module else [])]),
                [a.name for a in node.names],
            )
        elif node.module:
            yield node.module, [a.name for a in node.names]


def imports(path: Path, modules: set[str], root: Path = PACKAGE) -> set[str]:
    """The modules below ``flickboard`` that a module imports anywhere (also inside
    functions): ``from a import b`` counts as ``a.b`` when that is a module."""
    name = module_name(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        for module, names in _imported(node, name, path.name == "__init__.py"):
            if module != "flickboard" and not module.startswith("flickboard."):
                continue
            target = module.removeprefix("flickboard").removeprefix(".")
            subs = [f"{target}.{n}".strip(".") for n in names]
            found.update(s if s in modules else target for s in subs or [target])
    return found - {name}


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    return {name: imports(path, set(paths), root) & set(paths) for name, path in paths.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _permitted(target: str, allowed: set[str]) -> bool:
    return any(target == a or target.startswith(a + ".") for a in allowed)


GRAPH = import_graph()


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_the_layers_below_it(layer: str) -> None:
    wrong = [
        f"{name} imports flickboard.{target}"
        for name, targets in sorted(GRAPH.items())
        if name == layer or name.startswith(layer + ".")
        for target in sorted(targets)
        if not _permitted(target, ALLOWED[layer])
    ]
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_an_entry_point() -> None:
    wrong = [
        f"{name or 'flickboard'} imports {('flickboard.' + target).strip('.')}"
        for name, targets in sorted(GRAPH.items())
        for target in sorted(targets & set(ENTRY_POINTS))
        if name != ENTRY_POINTS[target]
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles_even_inside_functions() -> None:
    rings = cycles(GRAPH)
    assert not rings, "modules importing each other:\n" + "\n".join(map(", ".join, rings))


def test_the_layer_check_sees_a_violation(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text(
        "from flickboard.play.scoring import RoundScore\nimport flickboard.cli\n"
        "def later():\n    from flickboard.agents import planner\n"
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import flickboard.web\n"
    )
    known = {"play.scoring", "cli", "agents", "agents.planner"}
    assert imports(module, known, tmp_path) == {"play.scoring", "cli", "agents.planner"}
    assert not _permitted("play.scoring", ALLOWED["rules"])
    assert _permitted("play.view", ALLOWED["agents"])
    assert not _permitted("agents.planner", ALLOWED["play"])
    assert not _permitted("bench.ai", ALLOWED["envs"])


def test_the_cycle_check_sees_a_ring_through_a_function_import(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from flickboard.pkg import b\n")
    (tmp_path / "pkg" / "b.py").write_text("def f():\n    from .c import x\n")
    (tmp_path / "pkg" / "c.py").write_text("def g():\n    import flickboard.pkg.a\n")
    (tmp_path / "d.py").write_text("import flickboard.pkg.a\n")
    graph = import_graph(tmp_path)
    assert graph["pkg.b"] == {"pkg.c"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert cycles({**graph, "pkg.c": set()}) == []
