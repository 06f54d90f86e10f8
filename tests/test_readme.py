"""The README's Python blocks run as pasted (``tests/readme_blocks.py``): those needing the ``rl``
extra here, where the development environment installs it, in order in a fresh kernel; all the
others on the README's own install, in ``tests/test_binder.py``. Here also: a block that uses what
only an extra installs is marked as needing it."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from readme_blocks import README, blocks, run, selected

# What each extra brings that the README's install (the notebook extra) lacks, as a block uses it.
EXTRAS = {"rl": re.compile(r"^\s*(?:import|from)\s+(?:pyspiel|pettingzoo|gymnasium|mp_notebook\.adapters)\b",
                           re.MULTILINE)}


def test_a_block_using_an_extra_is_marked() -> None:
    found = blocks(README.read_text(encoding="utf-8"))
    assert len(found) >= 5, "the README's Python blocks are not found"
    for b in found:
        for extra, uses in EXTRAS.items():
            assert bool(uses.search(b.code)) == (extra in b.needs), (
                f"README.md line {b.line}: {'unmarked' if extra not in b.needs else 'marked'} "
                f"block {'using' if extra not in b.needs else 'not using'} the {extra} extra "
                f"(mark one with <!-- needs: {extra} --> on the line before its fence)")


def test_the_blocks_needing_the_rl_extra_run(tmp_path: Path) -> None:
    for module in ("pyspiel", "pettingzoo"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"the rl extra is not installed here ({module})")
    run(selected(only=frozenset({"rl"})), tmp_path)
