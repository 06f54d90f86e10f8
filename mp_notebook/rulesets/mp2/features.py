"""Raw position features of Marco Polo II for the learned position value (the ``value`` part,
read by :mod:`mp_notebook.agents.value`): per seat, the score as if the game ended now by
category, the pieces, goods and seals held, what the active contracts promise and the posts in
cities that keep paying; and how far the game has gone. Counts only, not the hand evaluation's
weights (``evaluation.py``).

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> len(seat_features(s)[0]) == len(NAMES), progress(s)
(True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.rulesets._shared.features import CONTRACT_TERMS, PIECES, contract_terms, pieces, posts_in, scores
from mp_notebook.rulesets.mp2.scoring import CATEGORIES

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.mp2.state import Mp2State

GOODS = ("pepper", "silk", "gold", "jade")
# Cities whose posts keep paying: a city bonus each round, a special city's or a city card's action,
# the Contracts action.
CITIES = ("city_bonus", "special", "city_cards", "contracts")
NAMES = (*(f"score_{k}" for k in CATEGORIES), *PIECES, *GOODS, *CONTRACT_TERMS, "empty_slots",
         *(f"posts_{k}" for k in CITIES), "seals", "improved_seals", "shield_icons")
OUTCOME = "margin"  # what the search maximises: the final margin in VP (see mp_notebook.agents.value)
# Where the Hint's samples stop by default (mp.analysis.evaluate): the end of the round. Against the
# end of the turn, paired on the same 423 fresh positions (python bench/advice.py duel --rulesets mp2
# --settings "" "horizon=round" --first 2534, 2026-11-30): +1.03 VP of final margin a position
# (95% interval +0.63 to +1.42), the Hint's pick gaining +2.52 VP over greedy's where they differ;
# on 240 positions of games no run had looked at (--first 3084) +1.78 (+0.96 to +2.60).
HORIZON = "round"


def seat_features(s: GameState) -> list[list[float]]:
    """Every seat's features, in :data:`NAMES` order."""
    state = cast("Mp2State", s)
    c = state.components
    return [
        [*row, *pieces(p, GOODS), *contract_terms(c.contracts, p, GOODS),
         float(c.rules.contract_slots - len(p.contracts)), *posts_in(c.locations, p, CITIES),
         float(len(p.seal_levels)), float(sum(up for _, up in p.seal_levels)), float(p.shields)]
        for row, p in zip(scores(state, CATEGORIES), state.players, strict=True)
    ]


def progress(s: GameState) -> float:
    """The share of the game played, 0 at the start and 1 at the end: rounds done plus the share
    of this round's dice placed."""
    state = cast("Mp2State", s)
    if state.is_over:
        return 1.0
    rules = state.components.rules
    unplaced = sum(len(p.dice) for p in state.players) / (rules.dice_per_player * len(state.players))
    return (state.round - 1 + min(1.0, max(0.0, 1.0 - unplaced))) / rules.rounds
