"""Marco Polo II's route terms for ``mp.routes`` (the ``routes`` part of the ruleset).

Characters that change travel, as the engine plays them: Möngke Khan ``free_oases`` (entering
an oasis uses no movement, but needs a move left); Gantulga Od ``free_route_costs=("coins",
"camels")`` (his lower-space limit needs nothing here: ``reachable`` follows the engine's legal
Travel actions); Mailin & Tian Chin two figures, a route starting from either. Splitting one
Travel action's moves between both figures never reaches another location or costs less, so each
route moves one figure.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1, characters=["Möngke Khan", "Gantulga Od"])
>>> travel_rules(s, 0).free_oases, travel_rules(s, 1).free_route_costs
(True, ('coins', 'camels'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.board.routes import TravelRules
from mp_notebook.rulesets.mp2.components import SEALS
from mp_notebook.rulesets.mp2.rules import travel_terms

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.mp2.state import Mp2State

__all__ = ["SEALS", "resources", "seals_held", "travel_rules", "travel_terms"]


def travel_rules(s: GameState, player: int) -> TravelRules:
    """The travel rules of ``player``: their figures and their character's travel ability."""
    state = cast("Mp2State", s)
    p = state.players[player]
    ch = state.components.characters_by_name[p.character] if p.character else None
    if ch is None:
        return TravelRules(p.locations)
    return TravelRules(p.locations, ch.free_route_costs, ch.free_oases)


def resources(s: GameState, player: int) -> tuple[int, int, int]:
    """Coins, camels and jade: jade pays for any coin or camel."""
    p = s.players[player]
    return p.coins, p.camels, p.jade


def seals_held(s: GameState, player: int) -> frozenset[str]:
    return frozenset(cast("Mp2State", s).players[player].seals)
