"""Marco Polo II's route terms for ``mp.routes`` (the ``routes`` part of the ruleset).

Characters that change travel, as the engine plays them: Möngke Khan ``free_oases`` (entering
an oasis uses no movement, but needs a move left); Gantulga Od ``free_route_costs=("coins",
"camels")`` (his lower-space limit needs nothing here: ``reachable`` follows the engine's legal
Travel actions); Mailin & Tian Chin two figures, a route starting from either. Splitting one
Travel action's moves between both figures never reaches another location or costs less, so each
route moves one figure (``mp.routes.pairs`` gives the pairs of end locations of a split).

Möngke Khan, the reading (``data/characters.toml``): the supplement says oases "do not cost any
movement" and "you can end your movement on an oasis if you choose"; here every step, an oasis
too, is taken with movement left (the lowest die "determines how many locations you can move"),
so a movement may end on an oasis entered with a move to spare, and after its last counted move
it is over. ``TravelRules.free_oases`` models exactly that (``tests/test_routes.py`` holds it to
the engine).

In the middle of a movement (``move_terms``): the moves left of a Travel action, a contract's
"Move X" (``bonus``, may stop at once) or a city card's (``card``).

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1, characters=["Möngke Khan", "Gantulga Od"])
>>> travel_rules(s, 0).free_oases, travel_rules(s, 1).free_route_costs
(True, ('coins', 'camels'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.board.routes import MoveTerms, TravelRules, TravelSpace
from mp_notebook.rulesets.mp2.components import SEALS
from mp_notebook.rulesets.mp2.rules import travel_terms

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.mp2.state import Mp2State

__all__ = ["MOVEMENT", "SEALS", "dice_per_round", "goal_cities", "move_terms", "post_cities", "resources",
           "seals_held", "travel_rules", "travel_spaces", "travel_terms"]


MOVEMENT = "dice"  # routes are paid and the dice set the moves (mp_notebook.board.routes.RouteTerms)
spin_reachable = spin_table = odds = expected_spins = None  # a spinner's questions: not asked here

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


def move_terms(s: GameState, player: int) -> MoveTerms | None:
    """The movement ``player`` is making (a ``move`` decision): its kind, the moves left, and
    whether the figures may stop now (after a move, or at once for a contract's "Move X")."""
    state = cast("Mp2State", s)
    if state.decision.kind != "move" or state.decision.player != player:
        return None
    _, _, left, _, mode, made = state.tasks[-1]
    return MoveTerms(mode, left, travel_rules(s, player), bool(made) or mode == "bonus")


def travel_spaces(s: GameState, player: int) -> tuple[TravelSpace, ...]:
    """The Travel spaces (Gantulga Od: only the lower one)."""
    state = cast("Mp2State", s)
    p = state.players[player]
    ch = state.components.characters_by_name[p.character] if p.character else None
    return tuple(TravelSpace(sp.name, sp.dice, sp.max_moves, sp.coins, sp.extra_post)
                 for sp in state.components.rules.travel
                 if ch is None or not ch.travel_spaces or sp.name in ch.travel_spaces)


def goal_cities(s: GameState, player: int) -> tuple[frozenset[str], ...]:
    """Per shield of the player's goal card that none of their trading posts' cities shows yet,
    the cities showing it (one post there gives the "+1").

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> [len(g) > 0 for g in goal_cities(s, 0)]
    [True, True]
    """
    state = cast("Mp2State", s)
    p = state.players[player]
    if p.goal is None:
        from mp_notebook.engine.errors import ArgumentError

        raise ArgumentError(f"goal_tour: {p.name} holds no goal card yet (the full setup chooses it)")
    places = state.components.locations
    covered = {places[c].shield for c in p.trading_posts}
    return tuple(frozenset(n for n, loc in places.items() if loc.shield == shield)
                 for shield in state.components.goals[p.goal].shields if shield not in covered)


def post_cities(s: GameState, player: int) -> frozenset[str]:
    """The cities where ``player`` may still place a trading post: every city but Beijing and
    those with their post (the upper Travel space's extra post goes in one of these passed through).

    >>> import mp_notebook as mp
    >>> "Beijing" in post_cities(mp.new_game(players=2, seed=1), 0)
    False
    """
    state = cast("Mp2State", s)
    posted = set(state.players[player].trading_posts)
    return frozenset(n for n, loc in state.components.locations.items() if loc.is_city and not loc.start
                     and n not in posted)


def dice_per_round(s: GameState, player: int) -> int:
    """The dice a player rolls each round (their own colour; black dice come and go)."""
    return cast("Mp2State", s).components.rules.dice_per_player
