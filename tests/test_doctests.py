"""The examples (``>>>``) in the package's docstrings are tests: ``python -m pytest`` collects
them (``--doctest-modules`` over ``mp_notebook/``, set in pyproject.toml), so an example that goes
stale fails the suite instead of misleading a reader."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import tomllib
from pathlib import Path

import mp_notebook

ROOT = Path(mp_notebook.__file__).parent.parent


def test_pytest_runs_the_package_doctests() -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "mp_notebook" in settings["testpaths"]
    assert "--doctest-modules" in settings["addopts"].split()


def test_every_module_imports_and_every_layer_has_examples() -> None:
    """Collecting the doctests imports every module (``ui`` and ``render`` included, with no display)."""
    finder = doctest.DocTestFinder()
    names = ["mp_notebook", *(m.name for m in pkgutil.walk_packages(mp_notebook.__path__, "mp_notebook."))]
    examples = {name: sum(len(t.examples) for t in finder.find(importlib.import_module(name), name))
                for name in names}
    for layer in ("engine", "board", "rulesets", "render", "ui", "agents", "analysis"):
        assert any(n for name, n in examples.items() if name.startswith(f"mp_notebook.{layer}")), layer
