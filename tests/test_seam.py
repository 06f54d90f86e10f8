"""The ruleset seam: the generic layers ask the registry and import no ruleset's modules, nothing
imports in a circle, and every registered ruleset answers the registry's questions."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import mp_notebook as mp
from mp_notebook.rulesets import PACKAGES, PLANNED, Ruleset, get

PACKAGE = Path(mp.__file__).parent
GENERIC = ("engine", "board", "render", "ui", "agents", "analysis")
PARTS = ("routes", "map", "ui", "agents")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_imports(path: Path) -> set[str]:
    """The ``mp_notebook`` modules a file imports at run time (at the top or inside functions),
    leaving out imports for type checking only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mp_notebook"):
            # `from package import module` imports the module; `from module import name` the module
            found |= {f"{node.module}.{a.name}" for a in node.names} & set(MODULES) | {node.module}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("mp_notebook")}
    return found


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


@pytest.mark.parametrize("layer", GENERIC)
def test_generic_layers_import_no_ruleset_module(layer: str) -> None:
    offenders = {
        name: sorted(m for m in runtime_imports(path) | _typing_imports(path)
                     if m.startswith("mp_notebook.rulesets."))
        for name, path in MODULES.items() if name.startswith(f"mp_notebook.{layer}")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def _typing_imports(path: Path) -> set[str]:
    """Every ``from mp_notebook... import`` of a file, type checking included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mp_notebook")}


def test_nothing_imports_in_a_circle() -> None:
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        graph.add_node(name)
        for target in runtime_imports(path):
            # importing a submodule imports its packages first: that is no dependency on them
            if target in MODULES and target != name and not name.startswith(target + "."):
                graph.add_edge(name, target)
    assert [" -> ".join(c) for c in nx.simple_cycles(graph)] == []


def test_the_engine_and_the_board_load_no_ruleset() -> None:
    code = ("import sys, mp_notebook.engine.game, mp_notebook.engine.actions, mp_notebook.board.graph; "
            "print(sorted(m for m in sys.modules if m.startswith('mp_notebook.rulesets.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("ruleset", sorted(PACKAGES))
def test_every_registered_ruleset_answers_the_registry(ruleset: str) -> None:
    rules = get(ruleset)
    assert isinstance(rules, Ruleset) and rules.id == ruleset and rules.title and rules.short
    s = rules.new_game(2, seed=1)
    assert s.ruleset == ruleset and s.board is rules.board()
    assert set(rules.vocabulary.main) | set(rules.vocabulary.bonus) <= set(rules.vocabulary.kinds)
    for a in s.legal_actions():
        assert rules.vocabulary.parse(str(a), a.player) == a
    for part in rules.parts:
        assert part in PARTS, f"{ruleset} offers an unknown part {part!r}"
        importlib.import_module(rules.parts[part])


def test_a_part_a_ruleset_does_not_offer_is_a_clear_error() -> None:
    bare = Ruleset(id="bare", title="A bare ruleset", short="Bare", vocabulary=get().vocabulary,
                   new_game=get().new_game, board=get().board)
    with pytest.raises(NotImplementedError, match="does not offer 'map' yet"):
        bare.part("map")


def test_unknown_and_planned_rulesets(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        mp.new_game(2, ruleset="chess")
    monkeypatch.setitem(PLANNED, "future", "A Marco Polo to come")
    with pytest.raises(NotImplementedError, match=r"'future' \(A Marco Polo to come\) is not implemented yet"):
        mp.new_game(2, ruleset="future")
