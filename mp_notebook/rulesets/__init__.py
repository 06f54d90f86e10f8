"""The rulesets, the registry the generic layers ask, and the one entry point that creates a game.

A ruleset is one package, ``mp_notebook.rulesets.<id>``, whose ``__init__`` defines ``RULESET``:
a :class:`Ruleset` holding what the generic layers (engine, board, render, ui, agents,
analysis) need from it. They ask :func:`get` for it and never import a ruleset's modules, so a
new ruleset is added by writing its package and naming it in ``PACKAGES``.

Besides starting games, a ruleset answers the generic layers through *parts*: modules of its
package that implement a protocol the layer defines. Each is imported on first use.

=========  ==========================================  =============================================
part       asked by                                    protocol
=========  ==========================================  =============================================
routes     ``mp.routes`` (route terms of a player)     :class:`mp_notebook.board.routes.RouteTerms`
map        ``mp.show_map``, the app's map              :class:`mp_notebook.render.map.MapTerms`
ui         ``mp.play`` (labels, boards, seats)         :class:`mp_notebook.ui.labels.UiTerms`
agents     greedy/search agents, ``evaluate``          :class:`mp_notebook.agents.base.AgentTerms`
=========  ==========================================  =============================================

>>> get("mp2").title
'Marco Polo II: In the Service of the Khan'
>>> get("mp2").part("routes").__name__
'mp_notebook.rulesets.mp2.travel'
>>> s = new_game(players=3, seed=7)
>>> s.ruleset, s.num_players, s.round
('mp2', 3, 1)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board
    from mp_notebook.engine.actions import Vocabulary
    from mp_notebook.engine.game import GameState

DEFAULT = "mp2"
PACKAGES = {
    "mp2": "mp_notebook.rulesets.mp2",
    "voyages": "mp_notebook.rulesets.voyages",
    "schmidt": "mp_notebook.rulesets.schmidt",
}
PLANNED: dict[str, str] = {}  # rulesets announced but not implemented yet: id -> title


@dataclass(frozen=True)
class Ruleset:
    """What one ruleset answers to the generic layers.

    ``short`` is the game's name in headers; ``new_game(players, **options)`` starts a game;
    ``board()`` is the static board every state of the ruleset shares; ``vocabulary`` its action
    kinds and notation; ``parts`` maps each part it offers (see the module docstring) to its module.
    ``revision`` counts the rules changes that can stop a saved game's history from replaying
    (save files name it), and ``revised`` says what the latest one changed.
    """

    id: str
    title: str
    short: str
    vocabulary: Vocabulary
    new_game: Callable[..., GameState]
    board: Callable[[], Board]
    parts: Mapping[str, str] = field(default_factory=dict)
    revision: int = 1
    revised: str = ""

    def part(self, name: str) -> Any:
        """The module answering for part ``name``; a clear error if this ruleset has none yet."""
        if name not in self.parts:
            offered = ", ".join(self.parts) or "none"
            raise NotImplementedError(f"{self.title} ({self.id!r}) does not offer {name!r} yet "
                                      f"(parts offered: {offered})")
        return importlib.import_module(self.parts[name])


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
