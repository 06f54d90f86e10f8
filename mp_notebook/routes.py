"""Route questions about a position (``mp.routes``): what it costs a player to get somewhere, where
a Travel action can end now, journeys and tours over several turns, and the spinner's odds.

Every function takes the position and the player's seat first and answers in the engine's terms
(what the rules charge, what a Travel action allows); a seat, a place or a choice the game does not
have is an :class:`~mp_notebook.ArgumentError` naming it.

=========================  ===================================================================
question                   functions
=========================  ===================================================================
this route's cost          :func:`cheapest` (a :class:`Route`), :func:`why_unreachable`,
                           :func:`table` (every place), :func:`matrix` (all pairs of a board)
one Travel action now      :func:`reachable` (a :class:`Reach` per end), :func:`pairs` (two
                           figures), :func:`boosts` (the bonus actions that open more places)
over several turns         :func:`journey`, :func:`journeys` (a :class:`Journey` of
                           :class:`Leg`\\ s), :func:`tour`, :func:`goal_tour` (a :class:`Tour`)
the spinner (Schmidt)      :func:`odds`, :func:`expected_spins`, :func:`moved_by_spinner`
the player's travel rules  :func:`travel_rules` (a :class:`TravelRules`)
=========================  ===================================================================

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1).with_player(0, location="Yangzhou", coins=10, camels=6)
>>> mp.routes.cheapest(s, 0, "Pagan").path
('Yangzhou', 'Fuzhou', 'Ejina-Oasis', 'Pagan')
>>> mp.routes.cheapest(s, 2, "Pagan")
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: player: no seat 2 (seats 0-1)

The rules behind the answers (jade paying for what is lacking, guild seals, the characters'
travel, how ties are broken) are in ``mp_notebook.board.routes``, which a ruleset's ``routes``
part serves (``RouteTerms``).
"""

from mp_notebook.board.routes import (
    Journey,
    Leg,
    Pair,
    Reach,
    Route,
    Tour,
    TravelRules,
    boosts,
    cheapest,
    expected_spins,
    goal_tour,
    journey,
    journeys,
    matrix,
    moved_by_spinner,
    odds,
    pairs,
    reachable,
    table,
    tour,
    travel_rules,
    why_unreachable,
)

__all__ = ["Journey", "Leg", "Pair", "Reach", "Route", "Tour", "TravelRules", "boosts", "cheapest",
           "expected_spins", "goal_tour", "journey", "journeys", "matrix", "moved_by_spinner", "odds", "pairs",
           "reachable", "table", "tour", "travel_rules", "why_unreachable"]
