"""mp_notebook: the Marco Polo board games as Python objects you can step, fork and inspect.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=3, seed=7)
>>> s.decision.kind in ("turn", "compensation")
True
>>> t = s.apply(s.legal_actions()[0])
>>> t is not s and len(t.history) == 1
True
"""

from mp_notebook.engine.actions import Action, Decision, Event
from mp_notebook.engine.errors import DataError, IllegalAction, NotationError, SaveFileError
from mp_notebook.engine.game import GameState, load, replay
from mp_notebook.rulesets import new_game
from mp_notebook.rulesets.mp2.state import Player

__all__ = [
    "Action", "DataError", "Decision", "Event", "GameState", "IllegalAction", "NotationError", "Player",
    "SaveFileError", "load", "new_game", "replay",
]
__version__ = "0.1.0"
