"""The Voyages of Marco Polo (Hans im Glück 2015) — components, rules, setup and scoring.

>>> import mp_notebook as mp
>>> s = mp.new_game(3, ruleset="voyages", seed=7)
>>> s.ruleset, s.num_players, s.round, s.board.start
('voyages', 3, 1, 'Venezia')
"""

from __future__ import annotations

from typing import Any

from mp_notebook.rulesets import Ruleset
from mp_notebook.rulesets.voyages.notation import VOCABULARY


def _new_game(players: Any = None, **options: Any) -> Any:
    from mp_notebook.rulesets.voyages.setup import new_game

    return new_game(players, **options)


def _board() -> Any:
    from mp_notebook.rulesets.voyages.setup import shared_board

    return shared_board()


RULESET = Ruleset(id="voyages", title="The Voyages of Marco Polo", vocabulary=VOCABULARY,
                  new_game=_new_game, board=_board)
