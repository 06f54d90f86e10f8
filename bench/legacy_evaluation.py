"""A frozen copy of the Marco Polo II evaluation before issue 14 (for ``legacy_greedy``).

The original docstring: a heuristic evaluation of Marco Polo II positions, in victory points.

:func:`value` estimates a player's final score: the score as if the game ended now
(``scores()``'s categories) plus what the pieces are still worth as fuel for the rest of the game.
Every weight is a module constant, in VP per unit, so the heuristic can be read and tuned:

* coins, camels and goods are worth their final-scoring value (1/10 VP per coin, 1/2 VP per good,
  camels nothing) plus a *fuel* value that fades out over the last :data:`FADE_ROUNDS` rounds;
* each unplaced die is one future action, worth :data:`DIE` (+ :data:`PIP` per pip) this round;
* an active contract is worth its reward minus its cost, times how much of the cost is held;
* a trading post brings more than its shield: its city bonus marker (paid every round start),
  a special city's action, a city card, a contract city; :func:`post_value` prices a city for
  posting, which travel decisions use to look ahead;
* improved seals pay their "!" bonus every remaining round start.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> 50 < value(s, 0) < 100   # 50 VP on the track plus resources, dice and a contract
True
>>> margin(s, 0) == -margin(s, 1)
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from mp_notebook.rulesets.mp2.components import Bundle, Cost, Reward
from mp_notebook.rulesets.mp2.rules import space_coins, travel_terms
from mp_notebook.rulesets.mp2.scoring import shield_count

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.rulesets.mp2.state import Mp2State, Player

# VP per unit while the game is young (on top of the final-scoring value).
FUEL = {
    "coins": 0.25,
    "camels": 0.3,
    "pepper": 0.6,
    "silk": 0.9,
    "gold": 1.2,
    "jade": 0.8,
    "vp": 0.0,
}
# Final-scoring value per unit of a resource (approximating the floor divisions).
FINAL = {
    "coins": 0.1,
    "camels": 0.0,
    "pepper": 0.5,
    "silk": 0.5,
    "gold": 0.5,
    "jade": 0.5,
    "vp": 1.0,
}
FADE_ROUNDS = 1.5  # fuel value fades linearly to 0 over this many remaining rounds
DIE = 2.2  # an unplaced die: one more action this round
PIP = 0.12  # ... and high dice are worth a little more
ICON = {
    "any_good": 1.2,
    "different_goods": 1.2,
    "contract_pile": 1.5,
    "contract_city": 1.5,
    "move": 1.2,
    "black_die": 1.5,
    "shield": 2.5,
}
COPY_BONUS = 2.0
SPECIAL_CITY = 2.5  # a post in a special city: its action, per remaining round
CITY_CARD = 1.0  # a post in a city with a city card, per remaining round
CONTRACT_CITY = 1.0  # a post in a contract city (once)
SEAL = 1.0  # holding a guild seal (opens routes)
CONTRACT_READY = 0.6  # share of an active contract's net value counted when its cost is all held


def rounds_left(s: Mp2State, i: int) -> float:
    """Remaining game time in rounds: later rounds plus the share of this round's dice unplaced."""
    rules = s.components.rules
    if s.is_over:
        return 0.0
    p = s.players[i]
    return rules.rounds - s.round + min(1.0, p.all_dice / rules.dice_per_player)


def fuel_weight(t: float) -> float:
    """How much of the fuel value resources keep with ``t`` rounds left (1 early, 0 at the end)."""
    return min(1.0, t / FADE_ROUNDS)


def bundle_value(b: Bundle, t: float) -> float:
    """Worth of a bundle of resources with ``t`` rounds left."""
    w = fuel_weight(t)
    return sum(v * (FINAL[k] + w * FUEL[k]) for k, v in b.items())


@functools.lru_cache(maxsize=4096)
def _reward_value(r: Reward, t: float) -> float:
    v = bundle_value(r.gain, t)
    v += (
        sum(ICON[k] * getattr(r, k) for k in ICON) * fuel_weight(t)
        if t
        else r.shield * ICON["shield"]
    )
    if r.copy_bonus:
        v += COPY_BONUS * fuel_weight(t)
    if r.choice:
        v += max(_reward_value(c, t) for c in r.choice)
    return v


def reward_value(r: Reward, t: float) -> float:
    """Worth of a reward (resources and icons) with ``t`` rounds left.

    >>> from mp_notebook.rulesets.mp2.components import Bundle, Reward
    >>> reward_value(Reward(Bundle(vp=3)), 2.0)
    3.0
    """
    return _reward_value(r, round(t, 1))


def cost_value(c: Cost, t: float) -> float:
    """Worth of what a cost takes away (goods of the player's choice count as cheap goods)."""
    w = fuel_weight(t)
    return bundle_value(c.pay, t) + (c.any_good + c.different_goods) * (
        FINAL["pepper"] + w * FUEL["pepper"]
    )


def held_share(p: Player, c: Cost) -> float:
    """The share (0..1) of a cost's items the player already holds (jade for coins/camels)."""
    need = have = 0
    spare_jade = p.jade - c.pay.jade
    for k, v in c.pay.items():
        if k == "vp":
            continue
        need += v
        held = min(v, getattr(p, k))
        if k in ("coins", "camels") and held < v and spare_jade > 0:
            extra = min(v - held, spare_jade)
            held += extra
            spare_jade -= extra
        have += held
    goods_left = p.pepper + p.silk + p.gold - c.pay.pepper - c.pay.silk - c.pay.gold
    extra_goods = c.any_good + c.different_goods
    need += extra_goods
    have += max(0, min(extra_goods, goods_left))
    return have / need if need else 1.0


def post_value(s: Mp2State, i: int, city: str, t: float | None = None) -> float:
    """What a new trading post in ``city`` is worth to player ``i`` (0 if not postable)."""
    c = s.components
    loc = c.locations[city]
    p = s.players[i]
    if not loc.is_city or loc.start or city in p.trading_posts:
        return 0.0
    t = rounds_left(s, i) if t is None else t
    later = max(0, c.rules.rounds - s.round)  # round starts still to come
    v = 0.0
    marker = s.markers.get(city)
    if marker:
        v += reward_value(c.city_bonuses[marker], t) * (1 + later)
    tile = s.outposts.get(city)
    if tile:
        v += reward_value(c.outposts[tile], t)
    if loc.special:
        v += SPECIAL_CITY * min(t, later + 0.5)
    if loc.city_cards:
        v += CITY_CARD * min(t, later + 0.5) * len(loc.city_cards)
    if loc.contracts and any(s.display.get(city, ())):
        v += CONTRACT_CITY * fuel_weight(t)
    n = len(p.trading_posts) + 1
    v += dict(c.rules.post_vp).get(n, 0)
    shield = loc.shield
    if shield and not any(c.locations[x].shield == shield for x in p.trading_posts):
        v += _shield_gain(s, p)
    return v


def _shield_gain(s: Mp2State, p: Player) -> float:
    """Extra final VP for one more distinct shield (the shield track is convex)."""
    track = s.components.rules.shield_track
    distinct, plus = shield_count(s, p)
    now = min(distinct + plus, len(track) - 1)
    return track[min(now + 1, len(track) - 1)] - track[now]


def value(s: Mp2State, i: int) -> float:
    """Estimated final score of player ``i`` in ``s`` (see the module docstring for the terms)."""
    return _value(s, i, final_score(s, i))


def values(s: Mp2State) -> list[float]:
    """:func:`value` for every seat."""
    return [value(s, k) for k in range(s.num_players)]


def margin(s: Mp2State, i: int) -> float:
    """Player ``i``'s estimated final score minus the best estimate among the others."""
    v = values(s)
    return v[i] - max(x for k, x in enumerate(v) if k != i)


def final_score(s: Mp2State, i: int) -> int:
    """Player ``i``'s ``total`` in ``s.scores()``, without building the table."""
    c = s.components
    p = s.players[i]
    goal = c.goals.get(p.goal) if p.goal else None
    distinct, plus = shield_count(s, p)
    track = c.rules.shield_track
    total = (
        p.vp
        + track[min(distinct + plus, len(track) - 1)]
        + (p.pepper + p.silk + p.gold + p.jade) // 2
        + p.coins // 10
    )
    if goal:
        total += sum(vp for seal, vp in goal.seals if p.improved(seal))
    mine = len(p.completed)
    if mine:
        first, second = c.rules.contracts_majority
        better = {len(q.completed) for q in s.players if len(q.completed) > mine}
        if not better:
            total += first
        elif len(better) == 1 and s.num_players > 2:
            total += second
    return total


def _value(s: Mp2State, i: int, final_now: float) -> float:
    if s.is_over:
        return final_now
    c = s.components
    p = s.players[i]
    t = rounds_left(s, i)
    w = fuel_weight(t)
    later = max(0, c.rules.rounds - s.round)
    v = final_now
    # fuel value of resources (their final value is already in final_now)
    v += w * (
        FUEL["coins"] * p.coins
        + FUEL["camels"] * p.camels
        + FUEL["pepper"] * p.pepper
        + FUEL["silk"] * p.silk
        + FUEL["gold"] * p.gold
        + FUEL["jade"] * p.jade
    )
    # fractional goods/coins, so that every unit counts (final_now floors them)
    v += (p.pepper + p.silk + p.gold + p.jade) % 2 * 0.5 + (p.coins % 10) * FINAL["coins"]
    # unplaced dice: actions still to take this round
    v += sum(DIE + PIP * d for d in p.dice) + sum(DIE + PIP * d for d in p.black_dice)
    # active contracts
    for cid in p.contracts:
        con = c.contracts[cid]
        net = reward_value(con.reward, t) - cost_value(con.cost, t)
        if net > 0:
            v += CONTRACT_READY * net * held_share(p, con.cost) * w
    # future income of posts and seals (round-start bonuses)
    for city in p.trading_posts:
        loc = c.locations[city]
        marker = s.markers.get(city)
        if marker:
            v += reward_value(c.city_bonuses[marker], t) * later
        if loc.special:
            v += SPECIAL_CITY * min(t, later + 0.5)
        if loc.city_cards:
            v += CITY_CARD * min(t, later + 0.5) * len(loc.city_cards)
    for seal, improved in p.seal_levels:
        v += SEAL * w
        if improved:
            v += reward_value(c.seals[seal].bonus, t) * later
    return v


STEP_COST = 0.5  # a move still to make: its route cost and risk, per step


def travel_potential(s: Mp2State, i: int, moves: int) -> float:
    """Best :func:`post_value` among cities within ``moves`` steps of player ``i``'s figure.

    Used while a figure is mid-travel: stopping where it stands is distance 0. Routes need their
    guild seal; route costs are counted roughly (:data:`STEP_COST` per step plus the route's cost).
    """
    p = s.players[i]
    t = rounds_left(s, i)
    seals = frozenset(seal for seal, _ in p.seal_levels)
    best = 0.0
    for city, (steps, cost) in _reach(s.board, p.location, moves, seals).items():
        v = post_value(s, i, city, t)
        if v > 0:
            best = max(best, v - steps * STEP_COST - cost * FUEL["coins"])
    return best


@functools.lru_cache(maxsize=4096)
def _reach(
    board: object, start: str, moves: int, seals: frozenset[str]
) -> dict[str, tuple[int, int]]:
    """Locations within ``moves`` steps: ``{location: (steps, coins+camels+2*jade paid)}``."""
    out = {start: (0, 0)}
    frontier = [start]
    for step in range(1, moves + 1):
        nxt = []
        for here in frontier:
            for there, _, route, _ in board.adjacent[here]:  # type: ignore[attr-defined]
                if route.seal is not None and route.seal not in seals:
                    continue
                cost = out[here][1] + route.coins + route.camels + 2 * route.jade
                if there not in out or (out[there][0] == step and cost < out[there][1]):
                    if there not in out:
                        nxt.append(there)
                    out[there] = (step, cost)
        frontier = nxt
    return out


def score(s: Mp2State, i: int) -> float:
    """:func:`value` of player ``i``, plus the best reachable city while ``i`` is still moving."""
    v = value(s, i)
    d = s.decision
    if d.kind == "move" and d.player == i:
        v += travel_potential(s, i, d.about)
    return v


def effect(s: Mp2State, a: Action) -> tuple[object, ...]:
    """What an action does, ignoring which dice do it (the lowest die sets level and fee): the
    greedy agent merges actions with the same effect."""
    if not a.dice:
        return (a.kind, a.space, a.choice)
    low = a.dice[0]
    if a.kind == "travel":
        return (a.kind, a.space, *travel_terms(s, a))  # the coins due and the moves allowed
    fee = space_coins(s, a)
    if a.kind == "guild_seal":
        return (a.kind, min(low, 4), fee)
    if a.kind == "special_city":
        return (a.kind, a.space, low >= s.components.special_cities[str(a.space)].double_at)
    if a.kind in ("books", "contracts", "khans_favor", "money_bag"):
        return (a.kind, a.space, a.choice, fee)
    return (
        a.kind,
        a.space,
        a.choice,
        low,
        bool(a.black),
    )  # city cards, reroll, adjust: the die matters
