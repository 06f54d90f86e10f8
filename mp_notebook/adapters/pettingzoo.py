"""The games as PettingZoo AEC environments (``pip install "mp_notebook[rl]"``).

One agent a seat (``player_0``, ``player_1`` …). The action space is the ruleset's fixed
numbering (:mod:`mp_notebook.adapters.vocabulary`): ``Discrete(n)``, the same ``n`` for every
position of the ruleset. An observation is a dict of what the seat may see
(:func:`mp_notebook.adapters.seats.seat_view`: no other player's secret cards, face-down decks as
their sizes, no future dice): ``"observation"``, a ``float32`` vector laid out as the ruleset
declares (:func:`~mp_notebook.adapters.seats.observation`), and ``"action_mask"``, 1 for each
legal action of the seat to move (zeros for the others).
Rewards come at the end: by default +1 to the winner and -1 to the others (``reward="margin"``:
the final total minus the best other total).

>>> from mp_notebook.adapters.pettingzoo import MarcoPoloEnv
>>> env = MarcoPoloEnv("mp2", players=2)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) == len(env.game.legal_actions())
True
>>> import numpy as np
>>> env.step(int(np.flatnonzero(obs["action_mask"])[0]))
>>> len(env.game.history)
1

``reset(seed=k)`` starts exactly ``mp.new_game(players, ruleset=..., seed=k, **options)``, and
``env.game`` is always the library's own state (fork it, show it, save it).
"""

from mp_notebook.adapters import _extra

with _extra.rl_extra(__name__):
    from mp_notebook.adapters._pettingzoo import MarcoPoloEnv, env

__all__ = ["MarcoPoloEnv", "env"]
