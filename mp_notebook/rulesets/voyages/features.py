"""Raw position features of The Voyages of Marco Polo for the learned position value (the ``value`` part,
read by :mod:`mp_notebook.agents.value`): per seat, the score as if the game ended now by
category, the pieces and goods held, what the active contracts promise, the posts in
cities that keep paying and the goal cities still without a post; and how far
the game has gone. Counts only, not the hand evaluation's weights (``evaluation.py``).

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="voyages", seed=1)
>>> len(seat_features(s)[0]) == len(NAMES), progress(s)
(True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.rulesets._shared.features import CONTRACT_TERMS, PIECES, contract_terms, pieces, posts_in, scores
from mp_notebook.rulesets.voyages.scoring import CATEGORIES

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.voyages.state import Player, VoyagesState

GOODS = ("pepper", "silk", "gold")
CITIES = ("city_bonus", "city_cards")  # cities whose posts keep paying: a city bonus each round, a city card's action
NAMES = (*(f"score_{k}" for k in CATEGORIES), *PIECES, *GOODS, *CONTRACT_TERMS, *(f"posts_{k}" for k in CITIES),
         "large_posts", "goal_cities_left", "white_die")
OUTCOME = "margin"  # what the search maximises: the final margin in VP (see mp_notebook.agents.value)
# Where the Hint's samples stop by default (mp.analysis.evaluate): the end of the round. Against the
# end of the turn, paired on the same 449 positions (python bench/advice.py duel --rulesets voyages
# --settings "" "horizon=round" --first 1000, 2026-11-30): +0.54 VP of final margin a position (95%
# interval +0.32 to +0.76), the Hint's pick gaining +1.00 VP over greedy's where they differ; on 120
# positions of games no run had looked at (--first 1534) +1.18 (+0.33 to +2.03).
HORIZON = "round"


def seat_features(s: GameState) -> list[list[float]]:
    """Every seat's features, in :data:`NAMES` order."""
    state = cast("VoyagesState", s)
    c = state.components
    return [
        [*row, *pieces(p, GOODS), *contract_terms(c.contracts, p, GOODS), *posts_in(c.locations, p, CITIES),
         *posts_in(c.locations, p, ("is_large",)), float(_goal_cities_left(state, p)), float(p.white)]
        for row, p in zip(scores(state, CATEGORIES), state.players, strict=True)
    ]


def progress(s: GameState) -> float:
    """The share of the game played, 0 at the start and 1 at the end: rounds done plus the share
    of this round's dice placed (the dice are rolled after the round starts, so the placed ones
    are counted, not the ones left)."""
    state = cast("VoyagesState", s)
    if state.is_over:
        return 1.0
    rules = state.components.rules
    placed = len(state.placed) / (rules.dice_per_player * len(state.players))
    return (state.round - 1 + min(1.0, placed)) / rules.rounds


def _goal_cities_left(s: VoyagesState, p: Player) -> int:
    """The cities named on ``p``'s goal cards that hold none of its posts yet."""
    goals = s.components.goals
    return len({city for g in p.goals for city in goals[g].cities} - set(p.trading_posts))
