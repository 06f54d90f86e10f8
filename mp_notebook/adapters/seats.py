"""What one seat may see of a game, and what it gets at the end: the observations and returns the
PettingZoo and OpenSpiel adapters hand to a bot.

A seat's view is ``GameState.view(seat)`` (:mod:`mp_notebook.engine.view`): the position as plain
data with what the rules keep from that seat taken out (face-down decks and piles as their sizes,
another player's secret cards as ``"hidden"``, no future dice). Which parts are secret is each
ruleset's knowledge, declared in its ``secrets`` part. The adapters' numeric observation is the
view's hashed :func:`features`; :class:`SeatFeatures` keeps them up to date from step to step (it
walks only the parts of the position that changed, and the environments share that walk between
the seats of a game), which is what makes an observation cheap.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, seed=7)
>>> view = seat_view(s, 1)
>>> view["state"]["players"][0]["goal"], view["state"]["players"][1]["goal"] == s.players[1].goal
('hidden', True)
"""

from mp_notebook.adapters._seats import (
    SeatFeatures,
    facts,
    features,
    final_returns,
    observation_text,
    seat_view,
    seen_action,
)

__all__ = ["SeatFeatures", "facts", "features", "final_returns", "observation_text", "seat_view", "seen_action"]
