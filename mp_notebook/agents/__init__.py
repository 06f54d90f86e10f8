"""Computer players for Marco Polo II.

* :class:`RandomAgent` — a uniformly random legal action;
* :class:`GreedyAgent` — one-step lookahead on a heuristic evaluation (:mod:`.evaluation`);
* :class:`PlayoutPolicy`, :class:`RolloutPolicy` — fast policies for playouts (:mod:`.playout`);
* :class:`SearchAgent` — Monte Carlo rollouts on reseeded forks over the greedy agent's best moves;
* :mod:`~mp_notebook.agents.value` — the learned position value the search weighs.

Every agent has ``.name`` and ``.choose(state) -> Action`` (always one of
``state.legal_actions()``), is seeded, keeps no state between calls (same seed + same state →
same action) and pickles, so it can be sent to worker processes. The solo Automa is not an agent:
the engine plays its seat inside ``apply`` (``new_game(["Ana"], automa="L2")``), and
``mp.simulate(..., players=1, automa="L2")`` pits an agent against it.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> agents = [mp.agents.GreedyAgent(seed=1), mp.agents.RandomAgent(seed=2)]
>>> while not s.is_over:
...     s = s.apply(agents[s.current_player].choose(s))
>>> bool(s.scores().loc["Player 1", "winner"])
True
"""

from mp_notebook.agents import value
from mp_notebook.agents.base import Agent
from mp_notebook.agents.greedy import GreedyAgent
from mp_notebook.agents.playout import PlayoutPolicy, RolloutPolicy
from mp_notebook.agents.random import RandomAgent
from mp_notebook.agents.search import SearchAgent

__all__ = ["Agent", "GreedyAgent", "PlayoutPolicy", "RandomAgent", "RolloutPolicy", "SearchAgent", "value"]
