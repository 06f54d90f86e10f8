"""The rulesets and the one entry point that creates a game of any of them."""

from __future__ import annotations

from typing import Any

from mp_notebook.engine.game import GameState

RULESETS = {"mp2": "Marco Polo II: In the Service of the Khan"}
PLANNED = {"voyages": "The Voyages of Marco Polo", "schmidt": "Marco Polo (Schmidt Spiele)"}


def new_game(players: int | list[str] | tuple[str, ...] | None = None, *, ruleset: str = "mp2",
             **options: Any) -> GameState:
    """Start a game; see the README for the options of each ruleset.

    >>> s = new_game(players=3, seed=7)
    >>> s.ruleset, s.num_players, s.round
    ('mp2', 3, 1)
    """
    if ruleset == "mp2":
        from mp_notebook.rulesets.mp2.setup import new_game as mp2_new_game

        return mp2_new_game(players, **options)
    if ruleset in PLANNED:
        raise NotImplementedError(f"ruleset {ruleset!r} ({PLANNED[ruleset]}) is not implemented yet; "
                                  f"available: {', '.join(RULESETS)}")
    raise ValueError(f"unknown ruleset {ruleset!r}; available: {', '.join(RULESETS)}")
