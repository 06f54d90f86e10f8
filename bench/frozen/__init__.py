"""Frozen opponents: earlier bots and evaluations, made from the commits that had them.

A bench that measures today's bots against an earlier one asks this package for it. Its code is
read from the repository's history (``git show COMMIT:PATH``), written into ``bench/frozen/cache/``
(not kept in the repository; rewritten whenever it differs) and imported from there as
``frozen.<module>``, so the opponent plays exactly that commit's code on today's engine and the
tree keeps no copy. ``README.md`` beside this file lists each one: its commit, the figures that use
it and their commands.

* :data:`GREEDY`: an earlier ``GreedyAgent`` (``mp_notebook/agents/greedy.py`` of its commit,
  playing on the evaluations of that commit), by the name the benches know it by: ``from frozen
  import Greedy35Agent``. Three lines are changed, so that it runs beside today's agent: its
  ``terms`` reads the frozen evaluations, and its class and ``name`` are renamed.
* :func:`evaluation`: a ruleset's evaluation (its ``agents`` part) at a commit, unchanged.
* :func:`routes`: a module of route analysis at a commit, unchanged (``"board"``: ``mp.routes``,
  whose ``table`` answers the dice games; ``"schmidt"``: the spinner's answers, ``spin_table``), to
  check that today's tables give the same answers (``bench/routes.py --tables N``).
* :func:`reweighed`: not frozen, but made the same way: this checkout's evaluation with some module
  constants set otherwise (``bench/weights.py``).

It needs the history: any clone has it; a shallow one gets an error that says so.

>>> agent = greedy("Greedy35Agent")
>>> agent.__module__, agent.name
('frozen.greedy_a3bcabb', 'greedy35')
>>> evaluation("voyages", "7807896").__name__
'frozen.evaluation_voyages_7807896'
>>> routes("schmidt", TABLES).spin_table.__module__
'frozen.routes_schmidt_5d5ccce'
"""

from __future__ import annotations

import functools
import importlib
import os
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = HERE / "cache"
__path__.append(str(CACHE))  # the modules made from git are frozen.<module>

GREEDY: dict[str, tuple[str, str]] = {
    "LegacyGreedyAgent": ("0b358ce", "legacy-greedy"),  # before issue 14 (the parent of ce75492)
    "Greedy35Agent": ("a3bcabb", "greedy35"),  # the day issue 35 was filed
    "GreedyPreludeAgent": ("a9215fc", "greedy-prelude"),  # before a prelude was scored by what follows it
}
"""Each frozen ``GreedyAgent``, by its class name here: its commit and its ``name``."""
GREEDY_PATH = "mp_notebook/agents/greedy.py"
EVALUATION_PATH = "mp_notebook/rulesets/{ruleset}/evaluation.py"
ROUTES_PATHS = {"board": "mp_notebook/board/routes.py", "schmidt": "mp_notebook/rulesets/schmidt/routes.py"}
"""The modules of route analysis :func:`routes` makes, by part."""
TABLES = "5d5ccce"
"""The commit of the route tables before they were made faster (the reference of their answers)."""


def source(commit: str, path: str) -> str:
    """The text of ``path`` at ``commit``, from the repository's history."""
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{path}"],
                              capture_output=True, text=True, check=False)
    except OSError as exc:
        raise RuntimeError(f"bench/frozen: cannot run git to read {commit}:{path} ({exc})") from exc
    if done.returncode:
        raise RuntimeError(f"bench/frozen: {commit}:{path} is not in this repository's history "
                           f"({done.stderr.strip()}); a frozen opponent is made from its commit, so run the "
                           f"bench in a clone with the whole history (after a shallow clone: git fetch --unshallow)")
    return done.stdout


def made(module: str, commit: str, path: str, text: str) -> ModuleType:
    """``frozen.<module>``, whose source is ``text`` (``path`` at ``commit``, as changed here)."""
    text = f"# made by bench/frozen from {commit}:{path}: not edited here, not part of the package\n{text}"
    file = CACHE / f"{module}.py"
    if not file.exists() or file.read_text(encoding="utf-8") != text:
        CACHE.mkdir(exist_ok=True)
        part = file.with_name(f"{file.name}.{os.getpid()}")
        part.write_text(text, encoding="utf-8")
        os.replace(part, file)  # whole, even with another process making it too
        importlib.invalidate_caches()
    return importlib.import_module(f"{__name__}.{module}")


def changed(text: str, where: str, old: str, new: str, count: int | None = 1) -> str:
    """``text`` with ``old`` replaced by ``new``: ``count`` times (``None``: at least once), else an
    error naming ``where``, so that a change that no longer applies is never silently skipped."""
    found = text.count(old)
    if found == 0 or (count is not None and found != count):
        raise RuntimeError(f"bench/frozen: {where} holds {old!r} {found} times, not {count or 'one or more'}")
    return text.replace(old, new)


@functools.cache
def evaluation(ruleset: str, commit: str) -> ModuleType:
    """The evaluation of ``ruleset`` (its ``agents`` part) at ``commit``, unchanged."""
    path = EVALUATION_PATH.format(ruleset=ruleset)
    return made(f"evaluation_{ruleset}_{commit}", commit, path, source(commit, path))


@functools.cache
def routes(part: str, commit: str) -> ModuleType:
    """The route analysis ``part`` (a key of :data:`ROUTES_PATHS`) at ``commit``, unchanged: it
    runs on today's engine and asks today's rulesets for their terms."""
    path = ROUTES_PATHS[part]
    return made(f"routes_{part}_{commit}", commit, path, source(commit, path))


def terms_at(commit: str) -> functools.partial[ModuleType]:
    """What a frozen greedy of ``commit`` reads as ``terms(s)``: the evaluation of ``s``'s ruleset
    at that commit."""
    return functools.partial(_terms, commit)


def _terms(commit: str, s: Any) -> ModuleType:
    return evaluation(s.ruleset, commit)


@functools.cache
def greedy(name: str) -> type:
    """The frozen ``GreedyAgent`` called ``name`` in :data:`GREEDY`."""
    commit, agent_name = GREEDY[name]
    where = f"{commit}:{GREEDY_PATH}"
    text = source(commit, GREEDY_PATH)
    text = changed(text, where, "terms, tie_break\n",
                   f"tie_break\nfrom frozen import terms_at\n\nterms = terms_at({commit!r})\n")
    text = changed(text, where, 'name = "greedy"\n', f"name = {agent_name!r}\n")
    text = changed(text, where, "GreedyAgent", name, None)
    agent: type = getattr(made(f"greedy_{commit}", commit, GREEDY_PATH, text), name)
    return agent


@functools.cache
def reweighed(ruleset: str, changes: tuple[tuple[str, str], ...]) -> ModuleType:
    """This checkout's evaluation of ``ruleset`` with module constants changed: each ``(NAME, VALUE)``
    of ``changes`` replaces the line ``NAME = ...`` (the one line that sets it: a name set on no
    line, or on more, is refused). A copy with caches of its own, so that a greedy player on it
    (``bench/greedy_voyages_frozen.py``'s ``FrozenGreedy``) plays beside today's (``bench/weights.py``).

    >>> reweighed("mp2", (("POST", "12.0"),)).POST
    12.0
    """
    path = EVALUATION_PATH.format(ruleset=ruleset)
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines(keepends=True)
    for name, value in changes:
        at = [k for k, line in enumerate(lines) if line.startswith(f"{name} = ")]
        if len(at) != 1:
            raise RuntimeError(f"bench/frozen: {path} sets {name} on {len(at)} lines (at the start of a line), not one")
        lines[at[0]] = f"{name} = {value}  # changed by bench/frozen.reweighed\n"
    tag = "_".join(f"{name}{value}" for name, value in changes).translate({ord(c): "_" for c in ".-+ ()[]{},:'\""})
    return made(f"evaluation_{ruleset}_{tag or 'unchanged'}", "the working tree", path, "".join(lines))


def __getattr__(name: str) -> type:
    if name in GREEDY:
        return greedy(name)
    raise AttributeError(f"module 'frozen' has no attribute {name!r} (frozen greedy players: {', '.join(GREEDY)})")
