"""The random player: a uniformly random legal action.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> agent = RandomAgent(seed=5)
>>> agent.choose(s) in s.legal_actions()
True
>>> RandomAgent(seed=5).choose(s) == agent.choose(s)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mp_notebook.agents.base import position_seed
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import checked_seed

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState


class RandomAgent:
    """Chooses uniformly among the legal actions; the draw depends on ``seed`` and the position."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = checked_seed(seed)

    def choose(self, state: GameState) -> Action:
        """A legal action of ``state`` drawn uniformly (by the seed and the position)."""
        legal = checked_state("state", state, playing=True).legal_actions()
        if len(legal) == 1:
            return legal[0]
        return random.Random(position_seed(self.seed, state)).choice(legal)

    def with_seed(self, seed: int) -> RandomAgent:
        """This player with another seed."""
        return RandomAgent(seed)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed})"
