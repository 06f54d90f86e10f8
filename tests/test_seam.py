"""The ruleset seam: the house stands on floors (:data:`FLOORS`: the engine, the registry, the
generic layers, the ruleset packages, the package root) and every import points down or stays on
its floor; the engine reaches the registry only through its documented ``connect`` hooks; the
generic layers ask the registry and import nothing of ``mp_notebook.rulesets``; nothing imports in
a circle; the package root offers nothing of a ruleset; no generic layer names a ruleset's module
in a string; no table outside a ruleset's package is keyed by a ruleset's name; optional
capabilities of a ruleset are declared by its parts (not probed with ``getattr``), and every
registered ruleset answers the registry's questions.

Imports are read from the source: at the top of a module, inside functions, and under ``if
TYPE_CHECKING:`` (type checking only, counted separately where that matters).
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
import typing
from pathlib import Path

import networkx as nx
import pytest

import mp_notebook as mp
from mp_notebook.adapters.seats import ObservationTerms
from mp_notebook.adapters.vocabulary import FormTerms
from mp_notebook.agents.base import AgentTerms
from mp_notebook.agents.value import ValueTerms
from mp_notebook.board.routes import BoardRoute, RouteTerms
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.state import SeatSecrets
from mp_notebook.registry import PACKAGES, PLANNED, Ruleset, get
from mp_notebook.render.map import MapTerms
from mp_notebook.ui.labels import UiTerms

PACKAGE = Path(mp.__file__).parent
ROOT = "mp_notebook"
FLOORS: tuple[tuple[str, ...], ...] = (
    ("mp_notebook.engine", "mp_notebook.board"),
    ("mp_notebook.registry",),
    ("mp_notebook.board.routes", "mp_notebook.routes", "mp_notebook.render", "mp_notebook.ui",
     "mp_notebook.agents", "mp_notebook.analysis", "mp_notebook.lessons", "mp_notebook._lessons",
     "mp_notebook.adapters"),
    ("mp_notebook.rulesets",),
    ("mp_notebook", "mp_notebook.__main__"),
)
"""The floors, bottom to top: the engine's generic machinery (``engine/`` and the board's graph),
the registry, the generic layers that ask it, the ruleset packages (which implement those layers'
protocols; ``rulesets._shared`` with them) and the package root. A module stands on the floor of
the longest prefix naming it (``board.routes`` on the third); the root's floor holds the root and
its command line (``python -m mp_notebook``) alone."""
GENERIC = ("engine", "board", "registry", "routes", "render", "ui", "agents", "analysis", "lessons", "_lessons",
           "adapters")
"""The layers below the ruleset packages, which serve every ruleset."""
SHARED = "rulesets._shared"
"""Mechanisms several rulesets share: on the rulesets' floor, and bound to no ruleset."""
HOOKS = ("mp_notebook.engine.actions", "mp_notebook.engine.game", "mp_notebook.board.graph")
"""The engine's modules whose ``connect`` lets the registry answer what needs a ruleset's name."""
NAMED_TABLES = {
    ("mp_notebook.registry", "PACKAGES"): "the registry: the one place that knows every ruleset's name",
}
"""The tables outside the ruleset packages allowed to be keyed by a ruleset's name, and why."""
PARTS: dict[str, type] = {"routes": RouteTerms, "map": MapTerms, "ui": UiTerms, "agents": AgentTerms,
                         "value": ValueTerms, "secrets": SeatSecrets, "forms": FormTerms,
                         "observation": ObservationTerms}
"""Each part a ruleset may offer, and the protocol (of the layer that asks for it) it implements."""
DECLARED = (*PARTS.values(), BoardRoute)
"""The protocols of what a ruleset hands the generic layers: its parts, and its board's routes."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def in_layer(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def of_a_ruleset(name: str) -> bool:
    """Whether module ``name`` belongs to one ruleset's own package."""
    return any(in_layer(name, package) for package in PACKAGES.values())


def _typing_only(tree: ast.Module) -> set[int]:
    """The nodes inside ``if TYPE_CHECKING:`` blocks."""
    return {id(n) for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for n in ast.walk(node)}


def imports(path: Path, *, typing_only: bool = False) -> set[str]:
    """The ``mp_notebook`` modules a file imports at run time (at the top or inside functions), or
    with ``typing_only`` those it imports under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_nodes = _typing_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if (id(node) in typing_nodes) != typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and in_layer(node.module, ROOT):
            # `from package import module` imports the module; `from module import name` the module
            submodules = {f"{node.module}.{a.name}" for a in node.names} & set(MODULES)
            found |= submodules | ({node.module} if len(submodules) < len(node.names) else set())
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if in_layer(a.name, ROOT)}
    return found


def all_imports(path: Path) -> set[str]:
    return imports(path) | imports(path, typing_only=True)


def import_graph(*, typing_too: bool) -> nx.DiGraph:
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        graph.add_node(name)
        for target in all_imports(path) if typing_too else imports(path):
            # importing a submodule imports its packages first: that is no dependency on them
            if target in MODULES and target != name and not name.startswith(target + "."):
                graph.add_edge(name, target)
    return graph


def floor(name: str) -> int:
    """The floor (0 = the ground) of module ``name`` (see :data:`FLOORS`).

    >>> floor("mp_notebook.board.graph"), floor("mp_notebook.board.routes"), floor("mp_notebook.__main__")
    (0, 2, 4)
    """
    if name in FLOORS[-1]:
        return len(FLOORS) - 1
    prefixes = [(len(prefix), level) for level, names in enumerate(FLOORS[:-1]) for prefix in names
                if in_layer(name, prefix)]
    assert prefixes, f"{name} stands on no floor: add it to FLOORS"
    return max(prefixes)[1]


# ------------------------------------------------------------------------------------------ imports


def test_every_import_points_down() -> None:
    """Whatever the occasion (at the top, in a function, for type checking), a module imports only
    modules of its own floor or lower ones: no arrow climbs back up, and what the engine needs of
    the registry it asks through the ``connect`` hooks (see the next test)."""
    offenders = {name: sorted(f"{m} (floor {floor(m)})" for m in all_imports(path)
                              if m in MODULES and floor(m) > floor(name))
                 for name, path in MODULES.items()}
    assert {f"{k} (floor {floor(k)})": v for k, v in offenders.items() if v} == {}


def _defines(path: Path, function: str) -> bool:
    return any(isinstance(node, ast.FunctionDef) and node.name == function
               for node in ast.parse(path.read_text(encoding="utf-8")).body)


def test_the_engine_reaches_the_registry_only_through_its_connect_hooks() -> None:
    """The engine's modules that offer a ``connect`` hook are the documented ones, and importing
    the package fills each with the registry's answer."""
    from mp_notebook.board import graph
    from mp_notebook.engine import actions, game

    hooks = sorted(name for name, path in MODULES.items() if floor(name) == 0 and _defines(path, "connect"))
    assert hooks == sorted(HOOKS)
    answers = (actions._vocabulary_of, game._write, game._read, graph._board_of)
    assert {answer.__module__ for answer in answers} == {f"{ROOT}.registry"}


@pytest.mark.parametrize("layer", GENERIC)
def test_generic_layers_import_nothing_of_the_rulesets(layer: str) -> None:
    """Nothing under ``mp_notebook.rulesets``, type checking imports included: not a ruleset's
    modules (a generic layer names a ruleset's types through its protocols), not the shared
    mechanisms, and not the registry's names offered there for old code (they import the registry)."""
    offenders = {name: sorted(m for m in all_imports(path) if in_layer(m, f"{ROOT}.rulesets"))
                 for name, path in MODULES.items() if in_layer(name, f"{ROOT}.{layer}")}
    assert {k: v for k, v in offenders.items() if v} == {}


@pytest.mark.parametrize("layer", [SHARED, "(package root)"])
def test_the_shared_mechanisms_and_the_root_import_no_ruleset_module(layer: str) -> None:
    def here(name: str) -> bool:
        return name == ROOT if layer == "(package root)" else in_layer(name, f"{ROOT}.{layer}")

    offenders = {name: sorted(m for m in all_imports(path) if of_a_ruleset(m))
                 for name, path in MODULES.items() if here(name)}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_nothing_imports_in_a_circle() -> None:
    assert [" -> ".join(c) for c in nx.simple_cycles(import_graph(typing_too=False))] == []


def test_no_circle_through_the_layers_type_checking_imports_included() -> None:
    """The engine, the board, the registry, the generic layers and the root form no circle even
    counting imports for type checking (a ruleset's own modules may refer to each other's types)."""
    graph = import_graph(typing_too=True)
    layers = graph.subgraph(n for n in graph if not of_a_ruleset(n))
    assert [" -> ".join(c) for c in nx.simple_cycles(layers)] == []


def test_the_engine_the_board_and_the_registry_load_no_ruleset() -> None:
    code = ("import sys, mp_notebook.engine.game, mp_notebook.engine.actions, mp_notebook.board.graph, "
            "mp_notebook.registry; "
            "print(sorted(m for m in sys.modules if m.startswith('mp_notebook.rulesets.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _docstrings(tree: ast.Module) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


@pytest.mark.parametrize("layer", [*(g for g in GENERIC if g != "registry"), SHARED, "(package root)"])
def test_no_string_names_a_ruleset_module(layer: str) -> None:
    """No ``importlib.import_module("mp_notebook.rulesets.mp2...")`` or lazy import table behind the
    registry's back (prose in docstrings aside): only the registry names the rulesets' packages."""
    def here(name: str) -> bool:
        return name == ROOT if layer == "(package root)" else in_layer(name, f"{ROOT}.{layer}")

    offenders = {}
    for name, path in MODULES.items():
        if not here(name):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        found = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                 and isinstance(node.value, str) and id(node) not in docs and "mp_notebook.rulesets." in node.value]
        if found:
            offenders[name] = found
    assert offenders == {}


def named_tables(source: str) -> list[str]:
    """The tables in ``source`` keyed by a registered ruleset's name (a dict display or ``dict(...)``
    call, named by what it is assigned to) and the comparisons with one (``s.ruleset == "mp2"``).

    >>> named_tables('WORDS = {"mp2": 1, "schmidt": 2}\\nx = dict(voyages=3)\\nok = {"chess": 1}')
    ['WORDS', 'x']
    >>> named_tables('def f(s):\\n    return s.ruleset in ("mp2",) or s.ruleset != "mp3"')
    ["line 2: s.ruleset in ('mp2',)"]
    """
    def names(node: ast.AST) -> set[str]:
        keys: list[ast.expr | None] = []
        for n in ast.walk(node):
            if isinstance(n, ast.Dict):
                keys += n.keys
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "dict":
                keys += [ast.Constant(k.arg) for k in n.keywords]
        return {k.value for k in keys if isinstance(k, ast.Constant)} & set(PACKAGES)

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and names(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [ast.unparse(target) for target in targets]
        elif isinstance(node, ast.Compare) and {n.value for n in ast.walk(node)
                                                if isinstance(n, ast.Constant)} & set(PACKAGES):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_no_table_outside_a_ruleset_is_keyed_by_a_ruleset_s_name() -> None:
    """A game's knowledge (its secrets, its lesson, its words) lives in its package; the registry's
    list of names is the one table of them, and :data:`NAMED_TABLES` says why any other stands."""
    found = {(name, table) for name, path in MODULES.items() if not of_a_ruleset(name)
             for table in named_tables(path.read_text(encoding="utf-8"))}
    assert found == set(NAMED_TABLES)


def test_the_rulesets_folder_holds_the_ruleset_packages_alone() -> None:
    """Every registered ruleset's package and the shared mechanisms, nothing else: the registry
    stands below, in ``registry.py`` (``rulesets/__init__.py`` only offers its names to old code)."""
    folder = PACKAGE / "rulesets"
    held = {p.name for p in folder.iterdir() if p.name not in ("__init__.py", "__pycache__")}
    assert held == {*PACKAGES, SHARED.partition(".")[2]}
    assert all(PACKAGES[ruleset] == f"{ROOT}.rulesets.{ruleset}" for ruleset in PACKAGES)
    init = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    assert [type(node).__name__ for node in init.body] == ["Expr", "ImportFrom", "Assign"]


def test_the_package_root_offers_nothing_of_a_ruleset() -> None:
    for name in mp.__all__:
        value = getattr(mp, name)
        module = value.__name__ if isinstance(value, type(mp)) else value.__module__
        assert not of_a_ruleset(module), f"mp.{name} comes from {module}"
    with pytest.raises(AttributeError):
        mp.Player  # type: ignore[attr-defined]  # noqa: B018  (Marco Polo II's, not every ruleset's)


# ----------------------------------------------------------------------- declared capabilities


def protocol_members(protocol: type) -> set[str]:
    """The public attributes and methods a protocol declares (its protocol bases' included)."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls not in (object, typing.Protocol, typing.Generic):
            names |= {n for n in (*vars(cls), *vars(cls).get("__annotations__", {})) if not n.startswith("_")}
    return names


@pytest.mark.parametrize("ruleset", sorted(PACKAGES))
def test_every_part_declares_all_its_protocol_does(ruleset: str) -> None:
    """An optional capability is a declared member (``None`` or empty where a ruleset lacks it)."""
    rules = get(ruleset)
    for part, module in rules.parts.items():
        missing = protocol_members(PARTS[part]) - set(dir(importlib.import_module(module)))
        assert not missing, f"{ruleset}'s {part} part ({module}) does not declare {sorted(missing)}"


@pytest.mark.parametrize("ruleset", sorted(PACKAGES))
def test_every_route_declares_what_route_analysis_reads(ruleset: str) -> None:
    """Jade costs and guild seals too, where a ruleset's routes have none (``mp.routes.matrix``
    reads any board)."""
    members = protocol_members(BoardRoute)
    for route in get(ruleset).board().routes:
        assert members <= set(dir(route)), f"{ruleset}: {route} lacks {sorted(members - set(dir(route)))}"


PROBES = ("getattr", "hasattr")
PART_SOURCES = re.compile(r"\.part\(|\bterms\(")  # what hands a generic layer a ruleset's part


def _part_names(function: ast.AST) -> set[str]:
    """The names bound to a ruleset's part or route in ``function``: parameters and variables
    annotated with one of the :data:`DECLARED` protocols, and variables assigned from
    ``....part(...)`` or a layer's ``terms(...)``."""
    def a_part(annotation: ast.expr | None) -> bool:
        return annotation is not None and bool(set(re.findall(r"\w+", ast.unparse(annotation))) & protocols)

    protocols = {p.__name__ for p in DECLARED}
    names: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.arg) and a_part(node.annotation):
            names.add(node.arg)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and (
                (isinstance(node, ast.AnnAssign) and a_part(node.annotation))
                or PART_SOURCES.search(ast.unparse(node.value))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def part_probes(source: str) -> list[str]:
    """The ``getattr(part, name, default)`` and ``hasattr(part, name)`` calls on a ruleset's part
    (or route).

    >>> part_probes("def f(ev: AgentTerms):\\n    return getattr(ev, 'chance', None)")
    ["getattr(ev, 'chance', None)"]
    >>> part_probes("def f(r: BoardRoute | None):\\n    return getattr(r, 'seal', None)")
    ["getattr(r, 'seal', None)"]
    >>> part_probes("def f(s):\\n    return hasattr(get(s.ruleset).part('agents'), 'journey')")
    ["hasattr(get(s.ruleset).part('agents'), 'journey')"]
    >>> part_probes("def f(agent):\\n    return getattr(agent, 'name', 'agent')")
    []
    """
    tree = ast.parse(source)
    found = []
    for function in [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
        parts = _part_names(function)
        for node in ast.walk(function):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PROBES
                    and node.args and (len(node.args) == 3 or node.func.id == "hasattr")):
                target = node.args[0]
                if PART_SOURCES.search(ast.unparse(target)) or (isinstance(target, ast.Name) and target.id in parts):
                    found.append(ast.unparse(node))
    return sorted(set(found))


@pytest.mark.parametrize("layer", [*GENERIC, SHARED])
def test_generic_layers_do_not_probe_a_ruleset_s_parts(layer: str) -> None:
    offenders = {name: part_probes(path.read_text(encoding="utf-8"))
                 for name, path in MODULES.items() if in_layer(name, f"{ROOT}.{layer}")}
    assert {k: v for k, v in offenders.items() if v} == {}


# ---------------------------------------------------------------------------------- the how-to page


def test_the_add_a_ruleset_page_matches_the_code() -> None:
    """Every module, class and file ``docs/howto/add-a-ruleset.md`` names exists, and its example is
    the smallest ruleset."""
    section = (PACKAGE.parent / "docs" / "howto" / "add-a-ruleset.md").read_text(encoding="utf-8")
    packages = {ruleset: PACKAGE / "rulesets" / ruleset for ruleset in PACKAGES}
    for name in re.findall(r"`([^`]+)`", section):
        if re.fullmatch(r"(engine|board|render|ui|agents|analysis|rulesets)(\.\w+)+", name):
            module, _, attribute = name.rpartition(".")
            value = importlib.import_module(f"{ROOT}.{module}")
            assert attribute in vars(value) or f"{module}.{attribute}" in {m[len(ROOT) + 1:] for m in MODULES}, name
        elif re.fullmatch(r"[\w/]+/(\w+\.py)?", name):
            where = PACKAGE.parent if name.startswith("tests/") else PACKAGE
            assert (where / name.removeprefix(f"{ROOT}/")).exists(), name
        elif re.fullmatch(r"\w+\.py", name):
            assert any((package / name).exists() for package in packages.values()), name
    example = re.search(r"`rulesets/(\w+)/`, the smallest ruleset", section)
    assert example, "the section names its example ruleset"
    lines = {ruleset: sum(len(p.read_text(encoding="utf-8").splitlines()) for p in package.rglob("*.py"))
             for ruleset, package in packages.items()}
    assert example.group(1) == min(lines, key=lines.__getitem__), lines


# ---------------------------------------------------------------------------------- the registry


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
    with pytest.raises(ArgumentError, match="unknown ruleset 'chess'"):
        mp.new_game(2, ruleset="chess")
    monkeypatch.setitem(PLANNED, "future", "A Marco Polo to come")
    with pytest.raises(NotImplementedError, match=r"'future' \(A Marco Polo to come\) is not implemented yet"):
        mp.new_game(2, ruleset="future")
