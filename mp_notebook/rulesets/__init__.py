"""The rulesets, the registry the generic layers ask, and the one entry point that creates a game.

A ruleset is one package, ``mp_notebook.rulesets.<id>``, whose ``__init__`` defines ``RULESET``:
a :class:`Ruleset` holding what the generic layers (engine, board, render, ui, agents,
analysis) need from it. They ask :func:`get` for it and never import a ruleset's modules, so a
new ruleset is added by writing its package and naming it in ``PACKAGES``.

>>> get("mp2").title
'Marco Polo II: In the Service of the Khan'
>>> s = new_game(players=3, seed=7)
>>> s.ruleset, s.num_players, s.round
('mp2', 3, 1)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board
    from mp_notebook.engine.actions import Vocabulary
    from mp_notebook.engine.game import GameState

DEFAULT = "mp2"
PACKAGES = {
    "mp2": "mp_notebook.rulesets.mp2",
    "voyages": "mp_notebook.rulesets.voyages",
}
PLANNED = {"schmidt": "Marco Polo (Schmidt Spiele)"}


@dataclass(frozen=True)
class Ruleset:
    """What one ruleset answers to the generic layers.

    ``new_game(players, **options)`` starts a game; ``board()`` is the static board every state
    of the ruleset shares; ``vocabulary`` its action kinds and notation. The optional parts are
    ``None`` where the ruleset does not offer them yet, and the layer that needs one says so.
    """

    id: str
    title: str
    vocabulary: Vocabulary
    new_game: Callable[..., GameState]
    board: Callable[[], Board]
    extras: dict[str, Any] | None = None


def get(ruleset: str | None = None) -> Ruleset:
    """The :class:`Ruleset` registered as ``ruleset`` (default: Marco Polo II)."""
    name = DEFAULT if ruleset is None else ruleset
    if name in PACKAGES:
        rules: Ruleset = importlib.import_module(PACKAGES[name]).RULESET
        return rules
    if name in PLANNED:
        raise NotImplementedError(f"ruleset {name!r} ({PLANNED[name]}) is not implemented yet; "
                                  f"available: {', '.join(PACKAGES)}")
    raise ValueError(f"unknown ruleset {name!r}; available: {', '.join(PACKAGES)}")


def new_game(players: int | list[str] | tuple[str, ...] | None = None, *, ruleset: str = DEFAULT,
             **options: Any) -> GameState:
    """Start a game of ``ruleset``; see the README for the options of each ruleset."""
    return get(ruleset).new_game(players, **options)
