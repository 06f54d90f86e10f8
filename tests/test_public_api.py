"""The public API as one surface: the modules of :data:`PUBLIC` declare what they offer in
``__all__``, every name there has a docstring, nothing else public sits beside them, and every
public callable refuses bad input the same way.

The callables are found, not listed: every function in an ``__all__``, every class a user builds
(its constructor) and every public method defined on an exported class. Each parameter is fed a
fixed battery of bad values (:data:`BATTERY`: ``None``, wrong types, negative, huge and float
numbers, NaN, numpy scalars and arrays, endless and huge iterables, another ruleset's state, a
finished game, an open file, a file descriptor) while the other arguments are good. A value the
parameter cannot take must be refused with an :class:`ArgumentError` (a ``SaveFileError`` or
``DataError`` where a text is read as a save or a data file, ``FileNotFoundError`` for a missing
file, the engine's ``IllegalAction``/``NotationError`` for an action), within 1 s of CPU time and
100 MB, changing nothing: the game states passed, the lists, the open file and its position, the
file descriptor. A value it may take (numpy's ``int64(1)`` for a seat, ``None`` where it means the
default) must be taken or refused the same way, never with another error.

What a parameter means (a seat, a place, a count, ...) is read from its name (:data:`MEANING`) or,
where a name means something else in one callable, from :data:`OVERRIDES`; a parameter whose
meaning is unknown fails :func:`test_every_parameter_has_a_meaning`, so a new public function is
covered the day it is exported. :data:`BUILT` lists the classes whose constructors are not a
user's to call (records the library returns), with why.

``python -m tests.test_public_api`` prints how many (callable, parameter, bad value) calls the
battery makes.
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import importlib
import inspect
import io
import itertools
import json
import math
import os
import signal
import time
import tracemalloc
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mp_notebook as mp
from mp_notebook import _lessons
from mp_notebook.engine.errors import ArgumentError, DataError, IllegalAction, NotationError, SaveFileError

PUBLIC = ("mp_notebook", "mp_notebook.routes", "mp_notebook.analysis", "mp_notebook.agents",
          "mp_notebook.agents.value", "mp_notebook.lessons", "mp_notebook.adapters",
          "mp_notebook.adapters.vocabulary", "mp_notebook.adapters.seats", "mp_notebook.adapters.pettingzoo",
          "mp_notebook.adapters.openspiel", "mp_notebook.ui")
"""The public modules: what a notebook imports (the adapters need the ``rl`` extra)."""

CPU_SECONDS = 1.0
"""The most CPU time a refusal may take."""
MEMORY = 100 * 2**20
"""The most memory (bytes, tracemalloc's peak) a refusal may take."""
READ_CAP = 100_000
"""How many items of an endless or huge iterable a callable may read before this test stops it
(every cap of the API is far smaller: reading this many means reading before capping)."""
WATCHDOG_SECONDS = 30
"""A call running this long (wall clock) is stopped and reported as hanging."""


def public_module(name: str) -> types.ModuleType:
    if name in ("mp_notebook.adapters.pettingzoo", "mp_notebook.adapters.openspiel"):
        pytest.importorskip(name.rsplit(".", 1)[1].replace("openspiel", "pyspiel"))
    return importlib.import_module(name)


# ------------------------------------------------------------------------------------- the surface


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_module_declares_its_names(name: str) -> None:
    """An ``__all__`` of distinct names that exist; a module it names is a public module too."""
    module = public_module(name)
    declared = getattr(module, "__all__", None)
    assert isinstance(declared, list), f"{name} has no __all__ list"
    assert len(set(declared)) == len(declared) and all(hasattr(module, n) for n in declared), declared
    modules = [n for n in declared if inspect.ismodule(getattr(module, n))]
    assert all(getattr(module, n).__name__ in PUBLIC for n in modules), modules


@pytest.mark.parametrize("name", PUBLIC)
def test_nothing_else_public_sits_in_a_public_module(name: str) -> None:
    """Helpers and imports are private (``_name``) or live in the private modules behind: what a
    notebook's completion offers is what ``__all__`` declares (and the package's submodules). Not
    names that are no identifiers: pytest's assertion rewriting adds ``@py_builtins`` to a module
    it collects itself (``pytest mp_notebook/routes.py`` for its doctests)."""
    module = public_module(name)
    extra = sorted(n for n, v in vars(module).items() if not n.startswith("_") and n not in module.__all__
                   and n.isidentifier() and not (inspect.ismodule(v) and v.__name__.startswith(f"{name}.")))
    assert extra == [], f"{name} offers names it does not declare: {extra}"


def _own_doc(owner: Any, name: str, value: Any) -> str:
    """The docstring written for ``value`` (a NamedTuple's or a dataclass's generated one does not count)."""
    doc = vars(value).get("__doc__") if inspect.isclass(value) else getattr(value, "__doc__", None)
    if inspect.isclass(value) and doc and doc.startswith(f"{value.__name__}("):
        return ""  # generated from the fields
    return (doc or "").strip()


def _data_doc(module: types.ModuleType, name: str) -> str:
    """The docstring written after ``name = ...`` in ``module``'s source (what Sphinx shows for data)."""
    body = ast.parse(inspect.getsource(module)).body
    for node, after in itertools.pairwise(body):
        names = [t for t in (node.targets if isinstance(node, ast.Assign) else
                             [node.target] if isinstance(node, ast.AnnAssign) else [])]
        assigned = any(isinstance(t, ast.Name) and t.id == name for t in names)
        if assigned and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                and isinstance(after.value.value, str):
            return after.value.value.strip()
    return ""


@pytest.mark.parametrize("name", PUBLIC)
def test_every_declared_name_has_a_docstring(name: str) -> None:
    """Each name in ``__all__`` (and each public method of an exported class) says what it is: the API
    reference is generated from these docstrings."""
    module = public_module(name)
    missing = []
    for n in module.__all__:
        value = getattr(module, n)
        if inspect.ismodule(value):
            continue
        if not (inspect.isclass(value) or callable(value)):
            if not _data_doc(module, n):
                missing.append(n)
            continue
        if not _own_doc(module, n, value):
            missing.append(n)
        if inspect.isclass(value) and not issubclass(value, BaseException):
            missing += [f"{n}.{m}" for m, f in _methods(value) if not (f.__doc__ or "").strip()]
    assert missing == [], f"{name}: no docstring for {missing}"


# ------------------------------------------------------------------------------------ the callables


def _methods(cls: type) -> list[tuple[str, Callable[..., Any]]]:
    """The public methods ``cls`` defines itself (``__call__`` counts; properties, a dataclass's
    fields and what it inherits from ipywidgets, PettingZoo or OpenSpiel do not)."""
    data = {f.name for f in fields(cls)} if is_dataclass(cls) else set()
    found = []
    for name, value in vars(cls).items():
        if (name.startswith("_") and name != "__call__") or name in data:
            continue
        if isinstance(value, (staticmethod, classmethod)) or inspect.isfunction(value):
            found.append((name, getattr(cls, name)))
    return found


BUILT: dict[str, str] = {
    "mp_notebook.GameState": "made by new_game, load and apply; its methods are checked",
    "mp_notebook.Action": "a record anyone may write; apply and the action space refuse a malformed one",
    "mp_notebook.Decision": "a record the engine returns (s.decision)",
    "mp_notebook.Event": "a record the engine returns (s.log)",
    "mp_notebook.routes.Route": "a record cheapest returns",
    "mp_notebook.routes.Reach": "a record reachable returns",
    "mp_notebook.routes.Pair": "a record pairs returns",
    "mp_notebook.routes.Journey": "a record journey returns",
    "mp_notebook.routes.Leg": "a record of a Journey",
    "mp_notebook.routes.Tour": "a record tour returns",
    "mp_notebook.routes.TravelRules": "the route search's record (travel_rules returns it; cheapest and matrix take "
                                      "only a TravelRules); its methods are the search's inner arithmetic",
    "mp_notebook.agents.Agent": "a protocol: what an agent offers",
    "mp_notebook.agents.value.ValueTerms": "a protocol: what a ruleset's value part offers",
    "mp_notebook.agents.value.Linear": "a record of a ValueModel",
    "mp_notebook.agents.value.ValueModel": "a record model returns",
    "mp_notebook.lessons.Attempt": "a record of a Verdict",
    "mp_notebook.lessons.Verdict": "a record Exercise.check returns",
    "mp_notebook.lessons.Picture": "a record picture and score_sheet return",
    "mp_notebook.adapters.vocabulary.ActionSpace": "made by action_space",
    "mp_notebook.adapters.vocabulary.FormTerms": "a protocol: what a ruleset's forms part offers",
    "mp_notebook.adapters.seats.ObservationTerms": "a protocol: what a ruleset's observation part offers",
}
"""Classes whose constructor is not a user's to call, and why. A protocol's methods are what an
implementation offers, and the search's records are read by attribute: their methods are left out
too (:data:`NOT_CALLED`)."""
NOT_CALLED = ("mp_notebook.routes.TravelRules", "mp_notebook.agents.Agent", "mp_notebook.agents.value.ValueTerms",
              "mp_notebook.adapters.vocabulary.FormTerms", "mp_notebook.adapters.seats.ObservationTerms")
"""Exported classes whose methods are not a user's to call (see :data:`BUILT`)."""


@dataclass(frozen=True)
class Target:
    """One public callable: ``label`` (``module.name``, ``module.Class``, ``module.Class.method``),
    the function or class, and for a method the class whose instance it needs."""

    label: str
    function: Callable[..., Any]
    owner: type | None = None

    @property
    def parameters(self) -> list[inspect.Parameter]:
        signature = inspect.signature(self.function)
        return [p for p in signature.parameters.values() if p.name not in ("self", "cls")]


def targets() -> list[Target]:
    """Every public callable of :data:`PUBLIC` (each once, under its first name)."""
    found: dict[int, Target] = {}
    for name in PUBLIC:
        try:
            module = importlib.import_module(name)
        except ImportError:  # an adapter without its extra (rl): nothing of it to call
            continue
        for n in module.__all__:
            value = getattr(module, n)
            label = f"{name}.{n}"
            if inspect.ismodule(value) or (inspect.isclass(value) and issubclass(value, BaseException)):
                continue
            if not (inspect.isclass(value) or callable(value)) or id(value) in found:
                continue
            found[id(value)] = Target(label, value)
            if inspect.isclass(value):
                if label in NOT_CALLED:
                    continue
                for m, f in _methods(value):
                    found.setdefault(id(f), Target(f"{label}.{m}", f, value))
    return [t for t in found.values() if not (t.owner is None and t.label in BUILT)]


# ------------------------------------------------------------------------------------ the positions


@dataclass
class Ctx:
    """The small fixed positions the calls are made in (built once), and the temporary directory."""

    s: mp.GameState  # Marco Polo II, 2 players, the first main action awaited
    move: mp.GameState  # Marco Polo II in the middle of a movement (few choices: evaluate is quick there)
    two: mp.GameState  # Marco Polo II with Mailin & Tian Chin (two figures) at her turn
    schmidt: mp.GameState  # the Schmidt game (a spinner moves the merchants)
    over: mp.GameState  # a finished game (the Schmidt game, two rounds: a few decisions to review)
    tmp: Path
    saved: Path = field(init=False)  # s, saved

    def __post_init__(self) -> None:
        self.saved = self.tmp / "saved.json"
        self.s.save(self.saved)

    def other(self, s: mp.GameState) -> mp.GameState:
        """A state of another ruleset than ``s``'s."""
        return self.schmidt if s.ruleset != "schmidt" else self.s


def _to_turn(s: mp.GameState) -> mp.GameState:
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.fixture(scope="module")
def ctx(tmp_path_factory: pytest.TempPathFactory) -> Ctx:
    s = _to_turn(mp.new_game(["Ana", "Ben"], seed=1))
    move = s.apply(next(a for a in s.legal_actions() if a.kind == "travel"))
    two = _to_turn(mp.new_game(2, seed=1, characters=["Mailin & Tian Chin", "De Wu"]))
    over = mp.new_game(2, ruleset="schmidt", seed=1, round_limit=2)
    agent = mp.agents.RandomAgent(1)
    while not over.is_over:
        over = over.apply(agent.choose(over))
    return Ctx(s, move, two, mp.new_game(2, ruleset="schmidt", seed=1), over, tmp_path_factory.mktemp("api"))


# ------------------------------------------------------------------------------------ the battery


class ReadTooMuch(BaseException):
    """An endless or huge iterable read past :data:`READ_CAP` items (a BaseException: no ``except
    Exception`` of the library turns it into a refusal)."""


class Counted:
    """An iterable that counts the items read from it and stops the reader past :data:`READ_CAP`;
    ``size``: how many items it has (None: endless), reported by ``len`` too."""

    def __init__(self, item: Any, size: int | None):
        self.item, self.size, self.read = item, size, 0

    def __len__(self) -> int:
        if self.size is None:
            raise TypeError("an endless iterable has no length")
        return self.size

    def __iter__(self) -> Iterator[Any]:
        while self.size is None or self.read < self.size:
            self.read += 1
            if self.read > READ_CAP:
                raise ReadTooMuch(f"read more than {READ_CAP:,} items")
            yield self.item

    def __repr__(self) -> str:
        return f"<{'endless' if self.size is None else f'{self.size:,} items'}>"


BATTERY: dict[str, Callable[[Ctx, mp.GameState], Any]] = {
    "None": lambda c, s: None,
    "a word": lambda c, s: "Atlantis",  # an unknown name, or a string where no string goes
    "bytes": lambda c, s: b"\x00Xian",
    "True": lambda c, s: True,
    "1.5": lambda c, s: 1.5,
    "NaN": lambda c, s: math.nan,
    "inf": lambda c, s: math.inf,
    "-1": lambda c, s: -1,
    "10**30": lambda c, s: 10**30,
    "np.int64(1)": lambda c, s: np.int64(1),
    "np.float64(0.5)": lambda c, s: np.float64(0.5),
    "np.array([0, 1])": lambda c, s: np.array([0, 1]),
    "[[['Xian']]]": lambda c, s: [[["Xian"]]],
    "{'bogus': 1}": lambda c, s: {"bogus": 1},
    "object()": lambda c, s: object(),
    "an endless iterator": lambda c, s: iter(Counted("Xian", None)),
    "10**12 items": lambda c, s: Counted("Xian", 10**12),
    "another ruleset's state": lambda c, s: c.other(s),
    "a finished game": lambda c, s: c.over,
    "a game state": lambda c, s: s,  # where something else is wanted
    "an open file": lambda c, s: open(c.saved, encoding="utf-8"),  # noqa: SIM115 (closed by the runner)
    "a file descriptor": lambda c, s: _descriptor(c.saved),
}
"""The bad values, each made fresh for every call from the positions and the baseline state ``s``."""


def _descriptor(path: Path) -> int:
    """A file descriptor open on ``path``, numbered 1000 or more (no seat or small count)."""
    low = os.open(path, os.O_RDONLY)
    try:
        return fcntl.fcntl(low, fcntl.F_DUPFD, 1000)
    finally:
        os.close(low)


# ------------------------------------------------------------------------------------ the meanings

REFUSALS = (ArgumentError,)
FILES = (ArgumentError, FileNotFoundError, SaveFileError)
ACTIONS = (ArgumentError, NotationError, IllegalAction)
NP_INT, NONE, WORD, TRUE, NEG = "np.int64(1)", "None", "a word", "True", "-1"
STATES = frozenset({"a game state", "another ruleset's state", "a finished game"})
FD = "a file descriptor"  # fed only where a file is named: elsewhere it is an int like another
NUMBERS = frozenset({"1.5", "np.float64(0.5)", NP_INT, NEG})


@dataclass(frozen=True)
class Kind:
    """What a parameter means: a good value (from the positions and the baseline state), the
    battery values it may take (the others it must refuse), and the errors a refusal may raise."""

    good: Callable[[Ctx, mp.GameState], Any] | None
    may: frozenset[str] = frozenset()
    errors: tuple[type[BaseException], ...] = REFUSALS

    def optional(self) -> Kind:
        """The same, or None (the good value, unless the meaning has one)."""
        return Kind(self.good or _good(None), self.may | {NONE}, self.errors)


def _good(value: Any) -> Callable[[Ctx, mp.GameState], Any]:
    return lambda c, s: value


KINDS: dict[str, Kind] = {
    "state": Kind(lambda c, s: s, STATES),
    "playing": Kind(lambda c, s: s, STATES - {"a finished game"}),  # a game with a decision to take
    "same game": Kind(lambda c, s: s, frozenset({"a game state"})),  # a state of the game of another argument
    "seat": Kind(_good(0), frozenset({NP_INT})),
    "any seat": Kind(_good(0), frozenset({NP_INT})),  # 0-3, with no state to say how many
    "place": Kind(_good("Xian")),
    "places": Kind(_good(["Xian"])),
    "seats": Kind(_good([0]), frozenset({"np.array([0, 1])"})),  # numpy seat numbers are seats
    "ruleset": Kind(_good("mp2")),
    "count": Kind(None, frozenset({NP_INT})),  # an int in a range; the good value is the callable's
    "seed": Kind(_good(1), frozenset({NP_INT, NEG})),
    "number": Kind(None, NUMBERS),
    "flag": Kind(_good(False), frozenset({TRUE})),
    "choice": Kind(None),  # one of some words; the good one is the callable's
    "text": Kind(_good("some text"), frozenset({WORD})),
    "action": Kind(lambda c, s: s.legal_actions()[0], errors=ACTIONS),
    "actions": Kind(lambda c, s: s.legal_actions()[:2], errors=ACTIONS),
    "notations": Kind(_good(()), errors=ACTIONS),
    "answer": Kind(_good("end_turn"), frozenset({WORD}), ACTIONS),  # Exercise.check: refused steps are a verdict
    "read path": Kind(lambda c, s: c.saved, errors=FILES),
    "write path": Kind(lambda c, s: c.tmp / "out", frozenset({WORD})),  # a word is a file name (in a temporary cwd)
    "save text": Kind(lambda c, s: s.to_json(), errors=(ArgumentError, SaveFileError)),
    "options": Kind(_good({})),  # a dict of named options: an unknown name is refused
    "agent": Kind(lambda c, s: mp.agents.RandomAgent(1)),
    "executor": Kind(_good(None), frozenset({NONE})),
    "progress": Kind(_good(False), frozenset({TRUE})),  # True, False or a function
    "function": Kind(_good(time.process_time)),
    "board": Kind(lambda c, s: s.board),
    "travel rules": Kind(_good(None), frozenset({NONE})),
    "seals": Kind(_good(None), frozenset({NONE})),
    "dice": Kind(_good(None), frozenset({NONE})),
    "spin target": Kind(_good("Constantinople")),
    "view": Kind(lambda c, s: s.view(0), frozenset({"{'bogus': 1}"})),  # any dict of plain data is a view
    "index": Kind(_good(0), frozenset({NP_INT}), (ArgumentError, IllegalAction)),
    "indices": Kind(_good(None), frozenset({NONE, "np.array([0, 1])"})),
    "goals": Kind(lambda c, s: [mp.lessons.ends_turn()]),
    "field": Kind(_good("coins"), frozenset({WORD})),  # a player's count: an unknown one is refused by Exercise
    "kinds": Kind(_good("travel"), frozenset({WORD})),  # action kinds: an unknown one is refused by Exercise
    "marks": Kind(_good(None), frozenset({NONE})),
    "seat plan": Kind(_good(None), frozenset({NONE})),  # who plays each seat of the app
    "who": Kind(_good("human")),
    "agent name": Kind(_good("player_0")),
    "openspiel state": Kind(lambda c, s: _openspiel_state()),
    "openspiel game": Kind(lambda c, s: _openspiel_state().get_game()),
    "observation type": Kind(_good(None), frozenset({NONE})),
    "players": Kind(_good(2), frozenset({NP_INT})),  # a number of seats or the players' names
    "characters": Kind(_good(None), frozenset({NONE})),
    "variants": Kind(_good(())),
    "app's game": Kind(_good(None), frozenset({NONE, NP_INT}) | STATES),  # play(): a state, players or None
    "ignored": Kind(_good(None), frozenset(BATTERY)),  # documented as not used (PettingZoo's reset options)
}
"""Every meaning a public parameter has (see :data:`MEANING`)."""


def _openspiel_state() -> Any:
    import pyspiel

    return pyspiel.load_game("python_mp_notebook_mp2").new_initial_state()


MEANING: dict[str, str] = {
    "s": "state", "state": "state", "start": "playing", "before": "state", "after": "same game",
    "player": "seat", "seat": "seat", "i": "seat", "actor": "any seat",
    "target": "place", "via": "place", "city": "text", "place": "text", "name": "place", "cities": "places",
    "label": "places", "highlight": "places", "seats": "seats", "kinds": "kinds", "what": "field",
    "ruleset": "ruleset", "seed": "seed", "bot_seed": "seed", "future": "count",
    "n_games": "count", "rollouts": "count", "min_futures": "count", "chunksize": "count", "width": "count",
    "height": "count", "spins": "count", "amount": "count", "at_least": "count", "at_most": "count", "size": "count",
    "budget_rollouts": "count", "budget_decisions": "count", "top_k": "count", "sample": "count", "indent": "count",
    "n": "count", "position": "count",
    "time_budget": "number", "time_cap": "number", "budget_seconds": "number", "epsilon": "number",
    "threshold": "number", "weight": "number", "wins": "number", "z": "number",
    "by": "choice", "horizon": "choice", "leaf": "choice", "reward": "choice", "render_mode": "choice",
    "plotlyjs": "choice", "setup": "choice", "automa": "choice",
    "exact": "flag", "prune": "flag", "merge_dice": "flag", "rotate": "flag", "resolve": "flag",
    "every_row": "flag", "background": "flag", "error": "flag", "code": "flag", "perfect_recall": "flag",
    "follow_ups": "flag",
    "title": "text", "hint": "text", "rule": "text", "text": "save text", "notation": "action", "step": "action",
    "action": "action", "actions": "actions", "candidates": "actions", "history": "notations", "worked": "notations",
    "answer": "answer", "path": "write path", "options": "options", "new_game_kwargs": "options", "params": "options",
    "agent": "agent", "agents": "agent", "policy": "agent", "executor": "executor", "progress": "progress",
    "clock": "function", "test": "function", "fits": "function", "board": "board", "rules": "travel rules",
    "dice": "dice", "view": "view", "index": "index", "legal": "indices", "goals": "goals", "marks": "marks",
    "words": "text", "who": "who", "iig_obs_type": "observation type", "players": "players",
    "characters": "characters", "variants": "variants", "game": "openspiel game",
}
"""What a parameter means, by its name (:data:`KINDS`); ``?`` after a meaning in :data:`OVERRIDES`:
``None`` is welcome too. A parameter whose default or annotation is ``None`` takes ``None``."""

OVERRIDES: dict[str, dict[str, str]] = {
    "mp_notebook.load": {"path": "read path"},
    "mp_notebook.GameState.save": {"path": "write path"},
    "mp_notebook.Action.parse": {"text": "action", "player": "any seat?", "ruleset": "ruleset?"},
    "mp_notebook.replay": {"history": "notations"},
    "mp_notebook.play": {"s": "app's game"},
    "mp_notebook.routes.odds": {"target": "spin target"},
    "mp_notebook.routes.expected_spins": {"target": "spin target"},
    "mp_notebook.routes.reachable": {"space": "text?"},
    "mp_notebook.routes.matrix": {"seals": "seals"},
    "mp_notebook.analysis.evaluate": {"s": "playing"},
    "mp_notebook.agents.SearchAgent": {"follow_ups": "flag?", "threshold": "threshold"},
    "mp_notebook.agents.GreedyAgent.rank": {"state": "playing"},
    "mp_notebook.agents.SearchAgent.search": {"state": "playing"},
    "mp_notebook.agents.SearchAgent.margin": {"state": "playing"},
    "mp_notebook.agents.SearchAgent.futures": {"state": "playing"},
    "mp_notebook.agents.value.ValueModel.from_json": {"text": "data text"},
    "mp_notebook.lessons.Exercise": {"title": "text", "seat": "seat?"},
    "mp_notebook.lessons.Goal": {"text": "text"},
    "mp_notebook.lessons.Goal.said": {"name": "text"},
    "mp_notebook.lessons.Guide": {"start": "playing"},
    "mp_notebook.lessons.Guide.__call__": {"step": "answer"},
    "mp_notebook.lessons.side_by_side": {"seats": "seats?"},
    "mp_notebook.adapters.vocabulary.ActionSpace.index": {"action": "action"},
    "mp_notebook.adapters.vocabulary.ActionSpace.action": {"player": "any seat?"},
    "mp_notebook.adapters.vocabulary.ActionSpace.legal": {"state": "same game"},
    "mp_notebook.adapters.vocabulary.ActionSpace.legal_indices": {"state": "same game"},
    "mp_notebook.adapters.vocabulary.ActionSpace.mask": {"state": "same game"},
    "mp_notebook.adapters.vocabulary.ActionSpace.decode": {"state": "same game"},
    "mp_notebook.adapters.seats.facts": {"path": "text"},
    "mp_notebook.adapters.seats.seen_action": {"actor": "any seat?", "seat": "any seat", "notation": "text"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv.observation_space": {"agent": "agent name"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv.action_space": {"agent": "agent name"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv.observe": {"agent": "agent name"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv.reset": {"options": "ignored"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv.step": {"action": "index"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv": {"players": "players?"},
    "mp_notebook.adapters.pettingzoo.env": {"players": "players?"},
    "mp_notebook.adapters.openspiel.game_string": {"options": "json options"},
    "mp_notebook.adapters.openspiel.MarcoPoloObserver.set_from": {"state": "openspiel state"},
    "mp_notebook.adapters.openspiel.MarcoPoloObserver.string_from": {"state": "openspiel state"},
    "mp_notebook.adapters.openspiel.ValueEvaluator": {"greedy": "number"},
    "mp_notebook.adapters.openspiel.ValueEvaluator.evaluate": {"state": "openspiel state"},
    "mp_notebook.adapters.openspiel.ValueEvaluator.prior": {"state": "openspiel state"},
    "mp_notebook.ui.GameApp": {"seats": "seat plan"},
    "mp_notebook.ui.GameApp.press": {"position": "count?"},
    "mp_notebook.ui.GameApp.new_game": {"players": "count?"},
    "mp_notebook.ui.GameApp.show_message": {"text": "text"},
    "mp_notebook.ui.GameApp.review": {"seat": "seat?"},
    "mp_notebook.ui.GameApp.click_location": {"name": "text"},  # an unknown place is said in the app
    "mp_notebook.ui.PlayPage": {"players": "count"},
}
"""Meanings of parameters whose name means something else in that callable (by its label)."""

KINDS["data text"] = Kind(lambda c, s: mp.agents.value.model("mp2").to_json(), errors=(ArgumentError, DataError))
KINDS["json options"] = Kind(_good({}), frozenset({"{'bogus': 1}"}))

KEYWORDS: dict[str, dict[str, str]] = {
    "mp_notebook.new_game": {"seed": "seed?", "characters": "characters", "setup": "choice", "variants": "variants",
                             "automa": "choice?"},
    "mp_notebook.GameState.with_player": {"coins": "count", "location": "place", "dice": "dice"},
    "mp_notebook.GameState.to_html": {"plotlyjs": "choice"},
    "mp_notebook.play": {"seats": "seat plan?"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv": {"setup": "choice"},
    "mp_notebook.adapters.pettingzoo.env": {"reward": "choice"},
}
"""The named options a callable takes through ``**options`` that the battery feeds (besides one
unknown name, ``bogus``, which every such callable must refuse)."""

KINDS["row"] = Kind(lambda c, s: mp.agents.value.design(s, 0))
KINDS["threshold"] = Kind(_good(1.0), NUMBERS | {"inf", "10**30"})  # inf (or huge): keep greedy's choice
MEANING["x"] = "row"


def _app(c: Ctx, s: mp.GameState) -> Any:
    from mp_notebook.ui import GameApp

    return GameApp(s)


def _env(c: Ctx, s: mp.GameState) -> Any:
    from mp_notebook.adapters.pettingzoo import MarcoPoloEnv

    env = MarcoPoloEnv()
    env.reset(seed=1)
    return env


INSTANCES: dict[str, Callable[[Ctx, mp.GameState], Any]] = {
    "mp_notebook.GameState": lambda c, s: s,
    "mp_notebook.Action": lambda c, s: s.legal_actions()[0],
    "mp_notebook.agents.GreedyAgent": lambda c, s: mp.agents.GreedyAgent(1),
    "mp_notebook.agents.PlayoutPolicy": lambda c, s: mp.agents.PlayoutPolicy(1),
    "mp_notebook.agents.RandomAgent": lambda c, s: mp.agents.RandomAgent(1),
    "mp_notebook.agents.RolloutPolicy": lambda c, s: mp.agents.RolloutPolicy(1),
    "mp_notebook.agents.SearchAgent": lambda c, s: mp.agents.SearchAgent(budget_rollouts=2),
    "mp_notebook.agents.value.Linear": lambda c, s: mp.agents.value.model("mp2").margin,
    "mp_notebook.agents.value.ValueModel": lambda c, s: mp.agents.value.model("mp2"),
    "mp_notebook.lessons.Exercise": lambda c, s: mp.lessons.Exercise("One turn", s, [mp.lessons.ends_turn()]),
    "mp_notebook.lessons.Goal": lambda c, s: mp.lessons.gains("coins", 1),
    "mp_notebook.lessons.Guide": lambda c, s: mp.lessons.Guide(s),
    "mp_notebook.adapters.vocabulary.ActionSpace": lambda c, s: _module("vocabulary").action_space(s.ruleset),
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv": _env,
    "mp_notebook.adapters.openspiel.MarcoPoloGame": lambda c, s: _openspiel_state().get_game(),
    "mp_notebook.adapters.openspiel.MarcoPoloState": lambda c, s: _openspiel_state(),
    "mp_notebook.adapters.openspiel.MarcoPoloObserver": lambda c, s: _openspiel_state().get_game().make_py_observer(),
    "mp_notebook.adapters.openspiel.ValueEvaluator": lambda c, s: _module("openspiel").ValueEvaluator(),
    "mp_notebook.ui.GameApp": _app,
    "mp_notebook.ui.PlayPage": lambda c, s: importlib.import_module("mp_notebook.ui").PlayPage(),
}
"""How to make the object whose methods are called (from the positions and the baseline state)."""


def _module(name: str) -> Any:
    return importlib.import_module(f"mp_notebook.adapters.{name}")


QUICK = {"time_budget": None, "rollouts": 1, "min_futures": 1}  # one future a choice: a few milliseconds
BASE: dict[str, dict[str, Any]] = {
    "mp_notebook.simulate": {"n_games": 1, "players": 2, "ruleset": "voyages", "progress": False,
                             "agents": lambda c, s: mp.agents.RandomAgent(1)},
    "mp_notebook.analysis.evaluate": {"@state": "move", **QUICK},
    "mp_notebook.analysis.review": {"@state": "move", **QUICK, "progress": False, "seat": 1},  # seat 1: no decision yet
    "mp_notebook.analysis.wilson": {"wins": 1, "n": 2},
    "mp_notebook.routes.odds": {"@state": "schmidt"},
    "mp_notebook.routes.expected_spins": {"@state": "schmidt"},
    "mp_notebook.routes.pairs": {"@state": "two"},
    "mp_notebook.GameState.with_player": {"coins": 5, "location": "Xian", "dice": [1, 2]},
    "mp_notebook.new_game": {"setup": "quick"},
    "mp_notebook.Action.parse": {"text": "end_turn"},
    "mp_notebook.lessons.gains": {"amount": 1},
    "mp_notebook.lessons.holds": {"at_least": 1},
    "mp_notebook.agents.SearchAgent.margin": {"future": 0},
    "mp_notebook.agents.value.prediction_error": {"horizon": "turn"},
    "mp_notebook.adapters.seats.seen_action": {"seat": 1},
    "mp_notebook.adapters.pettingzoo.env": {"reward": "win"},
    "mp_notebook.adapters.pettingzoo.MarcoPoloEnv": {"setup": "quick"},
    "mp_notebook.GameState.to_html": {"plotlyjs": "cdn"},
    "mp_notebook.ui.GameApp.hint": {"@instance": "over"},  # a finished game: no hint is computed
    "mp_notebook.ui.PlayPage": {"players": 2},
}
"""Good values that differ from a parameter's default or its meaning's (cheap settings), and
another baseline: ``@state`` names the :class:`Ctx` position the calls start from, ``@instance``
the one the object whose method is called is made from."""


# ------------------------------------------------------------------------------------ the calls


@dataclass(frozen=True)
class Param:
    """One parameter the battery feeds: its name, meaning and whether it is a ``**options`` name."""

    name: str
    meaning: str
    keyword: bool = False

    def kind(self) -> Kind:
        kind = KINDS[self.meaning.rstrip("?")]
        return kind.optional() if self.meaning.endswith("?") else kind


def params(target: Target) -> list[Param]:
    """The parameters of ``target`` with their meanings (``KeyError``: a meaning is unknown), the
    named options it takes through ``**options`` and one unknown option."""
    overrides = OVERRIDES.get(target.label, {})
    found = []
    for p in target.parameters:
        if p.kind == p.VAR_POSITIONAL:
            continue
        if p.kind == p.VAR_KEYWORD:
            found += [Param(k, m, True) for k, m in KEYWORDS.get(target.label, {}).items()]
            found.append(Param("bogus", "options", True))
            continue
        meaning = overrides.get(p.name) or MEANING[p.name]
        if (p.default is None or "None" in str(p.annotation)) and not meaning.endswith("?"):
            meaning += "?"
        found.append(Param(p.name, meaning))
    return found


def _owner_label(target: Target) -> str:
    return target.label.rsplit(".", 1)[0]


def good_args(target: Target, c: Ctx, s: mp.GameState) -> dict[str, Any]:
    """Good keyword arguments for every parameter of ``target`` (and its named options)."""
    base = BASE.get(target.label, {})
    defaults = {p.name: p.default for p in target.parameters if p.default is not inspect.Parameter.empty}
    args = {}
    for p in params(target):
        if p.name == "bogus":
            continue
        if p.name in base:
            value = base[p.name]
            args[p.name] = value(c, s) if callable(value) and not isinstance(value, type) else value
        elif p.name in defaults:
            args[p.name] = defaults[p.name]
        else:
            make = p.kind().good
            assert make is not None, f"{target.label}: no good value for {p.name} ({p.meaning}): add it to BASE"
            args[p.name] = make(c, s)
    return args


PATHS = ("read path", "write path")


def _pairs(target: Target) -> list[tuple[Param, str]]:
    """Each parameter of ``target`` with each battery value it is fed (a file descriptor only where
    a file is named: elsewhere it is an int like any other)."""
    return [(p, b) for p in params(target) for b in BATTERY if b != FD or p.meaning.rstrip("?") in PATHS]


def battery_calls() -> list[tuple[str, str, str]]:
    """Every (callable, parameter, bad value) the battery tries."""
    return [(t.label, p.name, b) for t in targets() for p, b in _pairs(t)]


class Hung(BaseException):
    """A call that ran past :data:`WATCHDOG_SECONDS`."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hung(f"still running after {WATCHDOG_SECONDS} s")


@dataclass
class Outcome:
    result: Any = None
    error: BaseException | None = None
    cpu: float = 0.0
    peak: int = 0


def measured(call: Callable[[], Any], traced: bool = False) -> Outcome:
    """``call()`` and its CPU time (``traced``: and the peak of the memory it allocated, which
    tracemalloc slows down); a lazy result (an iterator) is read a little, so that what it checks
    late is checked."""
    outcome = Outcome()
    if traced:
        tracemalloc.start()
    start = time.process_time()
    signal.setitimer(signal.ITIMER_REAL, WATCHDOG_SECONDS)
    try:
        outcome.result = call()
        if isinstance(outcome.result, Iterator):
            list(itertools.islice(outcome.result, 100))
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome.error = exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    outcome.cpu = time.process_time() - start
    if traced:
        outcome.peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return outcome


def _fingerprint(value: Any) -> Any:
    """What must not change in an argument: a state's save and history, a copy of a list or a dict."""
    if isinstance(value, mp.GameState):
        return value.to_json(), value.history, len(value.log)
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (list, dict)):
        return json.dumps(value, default=repr)
    return None


def _game_of(instance: Any) -> Any:
    """The game an object holds (an app's, an environment's, a guide's state), or the object itself."""
    for name in ("state", "game", "game_state"):
        held = getattr(instance, name, None)
        if isinstance(held, mp.GameState):
            return held
    return instance


def judge(target: Target, c: Ctx, label: str, param: Param, made: dict[str, Any]) -> str | None:
    """Call ``target`` with the battery value ``label`` for ``param`` (the other arguments good);
    ``None`` if it behaved, else what went wrong. ``made`` keeps the object whose method is called
    from call to call (made anew after a call that changed its game). A refusal is made twice: the
    second time traced by tracemalloc, for its memory (tracing slows down what is taken)."""
    base = BASE.get(target.label, {})
    s = getattr(c, base.get("@state", "s"))
    args = good_args(target, c, s)
    kind = param.kind()
    function = target.function
    if target.owner is not None:
        if "instance" not in made:
            made["instance"] = INSTANCES[_owner_label(target)](c, getattr(c, base.get("@instance", "s")))
        function = getattr(made["instance"], target.function.__name__)
    app = made.get("instance") if type(made.get("instance")).__name__ == "GameApp" else None
    held = _game_of(made.get("instance"))

    def attempt(value: Any, traced: bool = False) -> Outcome:
        if app is not None:
            app.last_error = None
        outcome = measured(lambda: function(**{**args, param.name: value}), traced)
        if outcome.error is None and app is not None and app.last_error is not None:
            outcome.error = ArgumentError(app.last_error)  # the app shows what it refuses
            if "Traceback" in app.last_error:
                outcome.error = RuntimeError(f"a traceback shown: {app.last_error[-200:]}")
        return outcome

    value = BATTERY[label](c, s)
    before = _fingerprint(value)
    outcome = attempt(value)
    error, problem = outcome.error, None
    if isinstance(error, (Hung, ReadTooMuch)):
        problem = f"{type(error).__name__}: {error}"
    elif error is not None:
        if not isinstance(error, kind.errors):
            problem = f"raised {type(error).__name__}: {str(error)[:200]}"
        elif outcome.cpu > CPU_SECONDS:
            problem = f"took {outcome.cpu:.2f} s of CPU to refuse"
        elif _game_of(made.get("instance")) is not held:
            problem = "refused, but changed the game"
        else:
            again = BATTERY[label](c, s)
            peak = attempt(again, traced=True).peak
            _release(again, label)
            if peak > MEMORY:
                problem = f"took {peak / 2**20:.0f} MB to refuse"
    else:
        if _game_of(made.get("instance")) is not held:
            made.pop("instance", None)  # it changed: the next call gets a new object
        if label not in kind.may:
            problem = f"accepted it (returned {str(outcome.result)[:80]!r})"
    if isinstance(value, io.IOBase) and (value.closed or _was_read(value)):
        problem = problem or ("closed" if value.closed else "read") + " the caller's open file"
    if label == FD:
        try:
            os.fstat(value)
        except OSError:
            problem = problem or "closed the caller's file descriptor"
    if before is not None and _fingerprint(value) != before:
        problem = problem or "changed the value it was given"
    _release(value, label)
    return problem


def _was_read(file: io.IOBase) -> bool:
    """Whether ``file`` (opened at its start) was read: moved on, or iterated (then it cannot tell)."""
    try:
        return file.tell() != 0
    except OSError:  # "telling position disabled by next() call"
        return True


def _release(value: Any, label: str) -> None:
    """Close a battery value that holds a file (an open file, a descriptor)."""
    if isinstance(value, io.IOBase):
        value.close()
    elif label == FD:
        with contextlib.suppress(OSError):
            os.close(value)


@pytest.fixture(scope="module")
def watchdog() -> Iterator[None]:
    """The alarm that stops a call running past :data:`WATCHDOG_SECONDS`."""
    old = signal.signal(signal.SIGALRM, _alarm)
    yield
    signal.signal(signal.SIGALRM, old)


def _states(c: Ctx) -> list[Any]:
    return [_fingerprint(x) for x in (c.s, c.move, c.two, c.schmidt, c.over)]


@pytest.mark.parametrize("target", targets(), ids=lambda t: t.label.removeprefix("mp_notebook."))
def test_bad_values_are_refused(target: Target, ctx: Ctx, watchdog: None, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Every value of the battery, in every parameter of ``target``: refused with the right error,
    quickly, in little memory and changing nothing; or, where the parameter may take it, taken or
    refused the same way."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(_lessons, "_RENDERER", ["no pictures are drawn in this test"])
    states = _states(ctx)
    made: dict[str, Any] = {}
    problems = [f"{p.name}={label}: {why}" for p, label in _pairs(target)
                if (why := judge(target, ctx, label, p, made)) is not None]
    assert _states(ctx) == states, f"{target.label} changed a position it was given"
    assert problems == [], f"{target.label}:\n  " + "\n  ".join(problems)


def test_every_parameter_has_a_meaning() -> None:
    """A new public callable is covered the day it is exported: its parameters' meanings are known."""
    unknown = []
    for t in targets():
        try:
            [p.kind() for p in params(t)]
        except KeyError as exc:
            unknown.append(f"{t.label}: {exc}")
    assert unknown == [], "add these parameters to MEANING or OVERRIDES: " + "; ".join(unknown)


if __name__ == "__main__":
    calls = battery_calls()
    print(f"{len(calls):,} calls (callable, parameter, bad value): {len({c[0] for c in calls})} callables, "
          f"{len({c[:2] for c in calls})} parameters (named options included), {len(BATTERY)} bad values "
          f"(a file descriptor only where a file is named); {len({(c[0], c[2]) for c in calls}):,} "
          f"(callable, bad value) pairs")


# ------------------------------------------------------------------------------------ cases by name


def test_a_negative_seat_is_no_seat_counted_from_the_end(ctx: Ctx) -> None:
    """``margin(s, -1)`` once answered seat 1's value through Python's negative indexing."""
    value = mp.agents.value
    for function in (value.margin, value.win_chance, value.value, value.design):
        with pytest.raises(ArgumentError, match=r"no seat -1 \(seats 0-1\)"):
            function(ctx.s, -1)


def test_a_numpy_seat_is_the_seat_it_numbers(ctx: Ctx) -> None:
    seats = _module("seats")
    assert seats.observation_text(ctx.s, np.int64(1)) == seats.observation_text(ctx.s, 1)
    assert mp.agents.value.margin(ctx.s, np.int64(1)) == mp.agents.value.margin(ctx.s, 1)
    assert mp.routes.cheapest(ctx.s, np.int64(1), "Xian") == mp.routes.cheapest(ctx.s, 1, "Xian")


@pytest.mark.parametrize("call", [
    lambda s: mp.routes.cheapest(s, 0, None), lambda s: mp.routes.journey(s, 0, None),
    lambda s: mp.routes.why_unreachable(s, 0, None), lambda s: mp.routes.tour(s, 0, [None]),
    lambda s: mp.routes.tour(s, 0, [[["Xian"]]]), lambda s: mp.lessons.Exercise("t", s, [mp.lessons.reaches({})]),
], ids=["cheapest", "journey", "why_unreachable", "tour None", "tour nested", "reaches"])
def test_a_target_that_is_no_place_is_refused(ctx: Ctx, call: Callable[[mp.GameState], Any]) -> None:
    with pytest.raises(ArgumentError):
        call(ctx.s)


@pytest.mark.parametrize("call", [
    lambda s, items: mp.routes.tour(s, 0, items),
    lambda s, items: mp.lessons.Exercise("t", s, [mp.lessons.ends_turn()]).check(items),
    lambda s, items: mp.lessons.Exercise("t", s, items),
    lambda s, items: mp.lessons.uses(items),
    lambda s, items: mp.show_map(s, highlight=items),
], ids=["tour", "check", "goals", "uses", "highlight"])
def test_an_iterable_is_capped_while_it_is_read(ctx: Ctx, call: Callable[..., Any]) -> None:
    """An endless answer once exhausted the memory, and a 10**6-item tour took over a second."""
    items = Counted("end_turn", None)
    with pytest.raises(ArgumentError, match="at most"):
        call(ctx.s, iter(items))
    assert items.read <= 1001


def test_a_file_descriptor_of_the_caller_stays_open(tmp_path: Path) -> None:
    """``open(fd)`` closes a descriptor when it is done; a lesson's notebook is read by its name only."""
    path = tmp_path / "part.ipynb"
    path.write_text(json.dumps({"cells": []}), encoding="utf-8")
    fd = os.open(path, os.O_RDONLY)
    try:
        for read in (_lessons.notebook_text, _lessons.part_size, mp.load):
            with pytest.raises(ArgumentError, match="file name"):
                read(fd)
        os.fstat(fd)  # still open
    finally:
        os.close(fd)


def test_a_probe_past_the_game_is_refused_at_once() -> None:
    from mp_notebook.agents._value import probe_state

    start = time.process_time()
    with pytest.raises(ArgumentError, match="decisions must be an int from 0 to 1000"):
        probe_state("mp2", 1, 10**9)
    assert time.process_time() - start < 0.5


def test_numpy_characters_are_refused_clearly() -> None:
    with pytest.raises(ArgumentError, match="characters is a list of one character name per seat"):
        mp.new_game(2, characters=np.array(["De Wu", "Abha Basu"]))


def test_the_automa_s_seat_has_only_what_the_automa_has() -> None:
    """Solo rules (004), Automa overview: "The Automa does not manage money or resources" and
    receives no goal card; its dice and contracts are on its mat. Its vp, figure, posts and seals
    are its own (its scoring and its travel read them)."""
    s = mp.new_game(["Ana"], automa="L2", seed=7)
    automa = next(i for i, p in enumerate(s.players) if p.name == "Automa")
    for field_, value in [("coins", 5), ("camels", 2), ("goods", {"jade": 1}), ("dice", [3]), ("black_dice", [2]),
                          ("contracts", []), ("completed", []), ("goal", None)]:
        with pytest.raises(ArgumentError, match=f"the Automa has no {field_} to edit"):
            s.with_player(automa, **{field_: value})
    t = s.with_player(automa, vp=9, location="Xian", trading_posts=["Xian"], seals={"farmer": "basic"})
    assert (t.players[automa].vp, t.players[automa].location, t.players[automa].trading_posts) == (9, "Xian", ("Xian",))
    assert s.with_player(0, coins=5).players[0].coins == 5  # the player's own seat edits as before


def test_simulate_s_options_do_not_set_its_own_arguments() -> None:
    with pytest.raises(ArgumentError, match="simulate's own arguments"):
        mp.simulate(1, mp.agents.RandomAgent, players=2, options={"seed": 1}, progress=False)
