"""The Voyages of Marco Polo's route terms for ``mp.routes`` (the ``routes`` part of the ruleset).

A Travel action's steps cost the travel table's increase (3, 7, 12, 12, 18, 18 coins for 1..6
steps, so ``step_coins`` 3, 4, 5, 0, 6, 0) plus each route's extra coins and camels, paid step by
step from coins and camels only (there is no jade and no guild seal). A walk is therefore at most
6 steps long: ``mp.routes.cheapest`` answers for one Travel action with a 6 and no space fee,
``mp.routes.reachable`` for the legal Travel actions now (the occupied-space fee and the lowest
die included).

Characters that change travel, as the engine plays them: Johannes Carpini ``hops`` between any
two oases in one step with no route cost (the routes joining two oases are not used then);
Niccolò & Marco Polo have two figures, each step moving either (move choices ``X/1``, ``X/2``);
splitting steps between the figures never reaches another location or costs less (the table
charges steps, whichever figure makes them), so each route moves one figure. Berke Khan's free
occupied spaces show in the fee of ``reachable``; Wilhelm von Rubruk's posts in every city passed
change nothing a route costs.

In the middle of a movement (``move_terms``): the steps left of a Travel action (the table's
increases from the steps made), a reward's free moves (route extras only) or a city card's moves
(its price per move: camels are priced, goods are not and raise an ``ArgumentError``).

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="voyages", seed=1)
>>> travel_rules(s, 0).step_coins
(3, 4, 5, 0, 6, 0)
"""

from __future__ import annotations

import dataclasses
from itertools import pairwise
from typing import TYPE_CHECKING, cast

from mp_notebook.board.routes import MoveTerms, TravelRules, TravelSpace
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.rulesets.voyages.rules import TRAVEL, space_fee

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.voyages.state import VoyagesState

__all__ = ["MOVEMENT", "SEALS", "dice_per_round", "goal_cities", "move_terms", "post_cities", "resources",
           "seals_held", "travel_rules", "travel_spaces", "travel_terms"]

SEALS: tuple[str, ...] = ()  # no guild seals in this game

MOVEMENT = "dice"  # routes are paid and the dice set the moves (mp_notebook.board.routes.RouteTerms)
spin_reachable = spin_table = odds = expected_spins = None  # a spinner's questions: not asked here


def travel_rules(s: GameState, player: int) -> TravelRules:
    """The travel rules of ``player``: their figures, the travel table and their character."""
    state = cast("VoyagesState", s)
    p = state.players[player]
    table = state.components.rules.travel_coins
    steps = tuple(b - a for a, b in pairwise((0, *table)))
    ch = state.components.characters[p.character] if p.character else None
    hops = frozenset(n for n, loc in state.components.locations.items() if not loc.is_city)
    return TravelRules(p.locations, step_coins=steps, hops=hops if ch is not None and ch.oasis_hop else frozenset(),
                       suffixes=("/1", "/2") if p.figure2 is not None else None,
                       posts_passing=ch is not None and ch.posts_passing)


def resources(s: GameState, player: int) -> tuple[int, int, int]:
    """Coins and camels (no jade in this game)."""
    p = s.players[player]
    return p.coins, p.camels, 0


def seals_held(s: GameState, player: int) -> frozenset[str]:
    """No guild seals in this game."""
    return frozenset()


def travel_terms(s: GameState, a: Action) -> tuple[int, int]:
    """``(coins due before moving, steps allowed)`` of a legal Travel action: the occupied-space fee
    (none for Berke Khan) and the lowest die."""
    return space_fee(cast("VoyagesState", s), cast(int, a.player), TRAVEL, a.dice), min(a.dice)


TRAVEL_SPACE = "Travel"
"""The name of the one Travel space, at the turn (``reachable``'s ``space``) and in the movement it starts."""


def move_terms(s: GameState, player: int) -> MoveTerms | None:
    """The movement ``player`` is making (a ``move`` decision): the steps left and what each costs."""
    state = cast("VoyagesState", s)
    if state.decision.kind != "move" or state.decision.player != player:
        return None
    _, _, left, made, mode, per_step, _ = state.tasks[-1]
    rules = travel_rules(s, player)
    steps = rules.step_coins[made:made + left] if mode == "travel" else (0,) * left
    camels = 0
    if per_step is not None:
        pay = per_step.pay
        if per_step.any_good or per_step.different_goods or pay.pepper or pay.silk or pay.gold or pay.vp:
            raise ArgumentError(f"route analysis: this city card's moves cost {per_step} each, and goods are not "
                                f"among the resources route analysis prices (coins and camels); ask "
                                f"s.legal_actions() for the moves the engine offers now (each a step you can pay), "
                                f"or mp.routes.cheapest(s, player, target) for what the routes themselves cost")
        steps, camels = tuple(c + pay.coins for c in steps), pay.camels
    moving = dataclasses.replace(rules, step_coins=steps, step_camels=camels)
    return MoveTerms(TRAVEL_SPACE if mode == "travel" else mode, left, moving, bool(made) or mode == "free")


def travel_spaces(s: GameState, player: int) -> tuple[TravelSpace, ...]:
    """The one Travel space: its dice, at most as many steps as the travel table has, no coins
    when unoccupied (the steps pay the table)."""
    rules = cast("VoyagesState", s).components.rules
    return (TravelSpace(TRAVEL_SPACE, rules.spaces[TRAVEL].dice, len(rules.travel_coins), 0),)


def goal_cities(s: GameState, player: int) -> tuple[frozenset[str], ...]:
    """Each city of the player's goal cards without their trading post."""
    state = cast("VoyagesState", s)
    p = state.players[player]
    cities = dict.fromkeys(c for g in p.goals for c in state.components.goals[g].cities)
    return tuple(frozenset({c}) for c in cities if c not in p.trading_posts)


def post_cities(s: GameState, player: int) -> frozenset[str]:
    """The cities where ``player`` may still place a trading post (every city taking posts without
    theirs; Wilhelm von Rubruk places one in each he enters).

    >>> import mp_notebook as mp
    >>> "Venezia" in post_cities(mp.new_game(2, ruleset="voyages", seed=1), 0)
    False
    """
    state = cast("VoyagesState", s)
    posted = set(state.players[player].trading_posts)
    return frozenset(n for n, loc in state.components.locations.items() if loc.takes_posts and n not in posted)


def dice_per_round(s: GameState, player: int) -> int:
    """The dice a player rolls each round (their own colour; black dice come and go)."""
    return cast("VoyagesState", s).components.rules.dice_per_player
