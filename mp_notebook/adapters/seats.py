"""What one seat may see of a game, and what it gets at the end: the observations and returns the
PettingZoo and OpenSpiel adapters hand to a bot.

A seat's view is ``GameState.view(seat)`` (:mod:`mp_notebook.engine.view`): the position as plain
data with what the rules keep from that seat taken out (face-down decks and piles as their sizes,
another player's secret cards as ``"hidden"``, no future dice). Which parts are secret is each
ruleset's knowledge, declared in its ``secrets`` part. The adapters' numeric observation
(:func:`observation`) is a fixed layout each ruleset declares in its ``observation`` part
(:func:`observation_layout`): the seat, the decision, the game's and each player's fields as
numbers, one-hot words and counts, face-down piles as their sizes and the other players' secret
cards as their count alone. The environments keep it up to date from step to step (only the parts
of the position an action changed are written again). :func:`features` hashes any view into a
vector of its own (every fact of the view, in 4,096 numbers).

>>> import mp_notebook as mp
>>> s = mp.new_game(2, seed=7)
>>> view = seat_view(s, 1)
>>> view["state"]["players"][0]["goal"], view["state"]["players"][1]["goal"] == s.players[1].goal
('hidden', True)
"""

from mp_notebook.adapters._layout import ObservationTerms
from mp_notebook.adapters._seats import (
    facts,
    features,
    final_returns,
    observation,
    observation_layout,
    observation_text,
    seat_view,
    seen_action,
)

__all__ = ["ObservationTerms", "facts", "features", "final_returns", "observation", "observation_layout",
           "observation_text", "seat_view", "seen_action"]
