"""A heuristic evaluation of The Voyages of Marco Polo positions, in victory points (the ``agents``
part: what the greedy and search players and ``mp.analysis.evaluate`` ask).

:func:`value` estimates a player's final score: the score as if the game ended now (``scores()``'s
``total``) plus what the pieces are still worth as fuel for the rest of the game. Every weight is a
module constant, in VP per unit:

* coins, camels and goods are worth their final-scoring value (1/10 VP per coin; 1/2 VP per good,
  but only with a post in Beijing) plus a *fuel* value that fades out over the last
  :data:`FADE_ROUNDS` rounds (travel eats coins: a 3-step journey costs 12); the time left is counted by
  the round (:func:`rounds_left`), not by the dice one has placed;
* each unplaced die is one future action, worth :data:`DIE` (+ :data:`PIP` per pip; in the last round
  :data:`LAST_ROUND_DIE` of that);
* a contract in hand is worth its reward minus its cost, times the share of the cost held;
* a trading post brings its city bonus at every round start still to come, a large city's card
  action and outpost bonus, the goal cities and Beijing's VP space (and goods scoring), and
  :data:`POST` while the game is young; :func:`post_value` prices a city for posting, which travel
  decisions use to look ahead;
* the plan (:func:`plan_value`): what the goal cards, the goal-city table and Beijing are still
  expected to bring, each city without a post reached with a chance that falls with its distance
  along a tour from the figure and rises with the rounds after this one (this round's journey is the
  choice at hand: a city is not counted as reached before it is made); so a journey towards the goal cities
  gains before it ends in one, and the first coins (:data:`FUND`) are kept for the next journey
  (worth less as the journeys left run out, over the last :data:`FUND_FADE` rounds);
* while a figure moves, :func:`travel_potential` counts only the cities it can still pay for, less
  what the steps cost (:func:`spend_value`).
* this round's journey while it is still to be made (:func:`trip_value`): :data:`TRIP` of the best
  post the player's own pair of dice can still reach and pay for, so that dice high enough for a
  long journey and the coins for it are kept for it (the plan counts later rounds only, and
  :data:`PLAN` of their worth: it does not charge what they cost);
* being the next round's start player, :data:`START` in every round but the last: the last player to
  travel starts the next round and has the first pick of the action spaces;
* what the player's character brings beyond these terms (:data:`CHARACTER`, measured), times the
  share of the rounds still to start (:func:`character_worth`).

:data:`prelude` names the bonus actions that change or add a die, which the greedy look-ahead
scores by the main action they lead to.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="voyages", seed=1)
>>> 50 < value(s, 0) < 100   # 50 VP on the track plus resources, dice and contracts
True
>>> margin(s, 0) == -margin(s, 1)
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, cast

import networkx as nx

from mp_notebook.engine.memo import remember
from mp_notebook.rulesets.voyages.components import GOODS, Bundle, Contract, Cost, Reward
from mp_notebook.rulesets.voyages.rules import space_fee
from mp_notebook.rulesets.voyages.scoring import goal_points
from mp_notebook.rulesets.voyages.travel import travel_terms

if TYPE_CHECKING:
    from collections.abc import Sequence

    from mp_notebook.board.routes import Reach
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.voyages.state import Player, VoyagesState

__all__ = ["CHARACTER", "chance", "character_worth", "city_worth", "closure", "effect", "final_total", "journey",
           "margin", "plan_value", "post_value", "prelude", "reach_chance", "score", "value", "values"]

# VP per unit while the game is young (on top of the final-scoring value); camels pay many routes.
FUEL = {"coins": 0.2, "camels": 0.7, "pepper": 0.6, "silk": 0.8, "gold": 1.0, "vp": 0.0}
FADE_ROUNDS = 1.5  # fuel value fades linearly to 0 over this many remaining rounds
DIE = 1.5  # an unplaced die: one more action this round
PIP = 0.15  # ... and high dice are worth a little more (Raschid's dice count as 6s: he sets them)
LAST_ROUND_DIE = 0.5  # ... but in the last round half that: what an action brings must score by the end
ROUND_SHARE = 0.5  # the share of the round under way counted in the rounds left (its middle)
ICON = {"any_good": 1.2, "different_goods": 1.2, "contract": 1.5, "move": 1.5, "black_die": 1.5}
COPY_BONUS = 2.0
CITY_CARD = 1.5  # a post in a large city: its card actions, per remaining round
CONTRACT_READY = 0.6  # share of a contract's net value counted when its cost is all held
STEP_COST = 0.5  # a step still to make while travelling: its risk, beyond its coins
POST = 3.0  # a trading post's later worth beyond its own bonuses (card and contract icons count posts)
POST_FADE = 2.0  # ... fading over this many remaining rounds
FUND = 18  # coins kept for the next journey (a 3-step Travel costs 12, routes may add 5-15) ...
FUND_FUEL = 0.3  # ... are worth this much more each while the game is young
FUND_FADE = 3.0  # ... fading over this many remaining rounds (the fuel: FADE_ROUNDS), as the journeys left do
# share of the goal cities' and Beijing's expected worth (see :func:`plan_value`) counted: the plan
# counts what later journeys bring, not what they cost (their coins and dice), so a journey now is
# charged its costs and the plan is not; at 1.0 the greedy put off journeys it could make now. Against
# the greedy before issue 35, 1.0 against 0.7: 3.88 and 3.92 Travel actions a game in 200 paired games
# (seeds 5000-5099: python bench/agents.py --only voyages), 3.65 and 3.88 in 100 (seeds 9000-9049)
PLAN = 0.7
REACH = 3.0  # steps a figure can still make per round left (the plan's reach)
EXTRA_STEP = 5.0  # a route's extra coins and camels: this many of them count as one more step
TRIP = 0.4  # share of this round's journey still to be made (see :func:`trip_value`) counted
START = 1.0  # being the next round's start player (the last to travel starts it: first pick of the spaces)
# VP a character's ability brings GreedyAgent beyond what the terms above count, counted for the
# rounds still to start, so that the expert variant's character draft weighs it: a seat's final
# score minus this evaluation's estimate of it as dealt (without these), less that mean over every
# seat, in 1000 2-player self-play games of the expert variant with random characters (python
# bench/characters.py --ruleset voyages; each ± 0.7-0.9 VP); Mercator's 3- and 4-player tiles from
# 400 games of their player count (--players 3, 4: ± 1.1 and 0.9; the other characters there within
# 3 VP of these, Niccolo -7 and -9). Before, the draft saw only what an ability gives at once
# (Kubilai's post in Beijing, Matteo's white die) and ranked Raschid and Mercator, whose chosen dice
# and shares come later, among the last. With these, greedy won 54.0% (50.5-57.4%) of 800 expert
# games, +1.8 ± 0.5 VP a game, against greedy blind to them (seeds 80200-80599 in both seatings).
CHARACTER = {"Raschid": 8.0, "Mercator-2": 6.0, "Mercator-3": 13.0, "Mercator-4": 14.0, "Johannes": 0.0,
             "Berke": -1.0, "Kubilai": -2.0, "Wilhelm": -2.0, "Matteo": -3.0, "Niccolo": -4.0}
# What the agents layer asks beyond the value (its ``AgentTerms``): every ruleset declares each.
closure = None  # no bonus actions played after a candidate
prelude = ("reroll", "adjust_die", "black_die")  # bonus actions that change or add a die
# Adjusting a die is left out of greedy's candidates: weighing adjustments of the lowest and the
# highest die too won nothing (today's greedy against it, 200 paired games: 50.0%, -0.0 ± 0.5 VP a
# game; python bench/greedy_frontier.py). A reroll of the lowest own die is weighed; leaving it out
# was even as well (+0.2 ± 0.6 VP for weighing it) at about the same CPU.
unweighed = ("adjust_die",)
unit = 1  # the game's score (VP) in one point of value()
# journey: the function below (a Travel action to one destination as its decisions)


def _state(s: GameState) -> VoyagesState:
    return cast("VoyagesState", s)


def rounds_left(s: VoyagesState, i: int) -> float:
    """Remaining game time in rounds: the later rounds plus half of this one, whatever dice player
    ``i`` has placed. The terms that fade out over the last rounds fade by the round: a die already
    counts as the action still to come (:data:`DIE`), so an action is not charged again for the
    time it takes (counted by one's own dice, a Travel action, two dice, was charged twice).

    >>> import mp_notebook as mp
    >>> rounds_left(mp.new_game(2, ruleset="voyages", seed=1), 0)
    4.5
    """
    if s.is_over:
        return 0.0
    return s.components.rules.rounds - s.round + ROUND_SHARE


def fuel_weight(t: float) -> float:
    """How much of the fuel value resources keep with ``t`` rounds left (1 early, 0 at the end)."""
    return min(1.0, t / FADE_ROUNDS)


def fund_weight(t: float) -> float:
    """How much of the journey fund's extra value coins keep with ``t`` rounds left.

    >>> fund_weight(5.0), fund_weight(1.5)
    (1.0, 0.5)
    """
    return min(1.0, t / FUND_FADE)


def _final(k: str, s: VoyagesState, p: Player) -> float:
    """Final-scoring value of one unit of resource ``k`` for ``p``."""
    rules = s.components.rules
    if k == "coins":
        return 1 / rules.coins_per_vp
    if k in GOODS:
        return 1 / rules.goods_per_vp if s.components.beijing in p.trading_posts else 0.0
    return 1.0 if k == "vp" else 0.0


def bundle_value(b: Bundle, t: float, goods_score: bool = False) -> float:
    """Worth of a bundle of resources with ``t`` rounds left (``goods_score``: goods score at the end).

    >>> bundle_value(Bundle(vp=3, coins=10), 0.0)
    4.0
    """
    w = fuel_weight(t)
    final = {"coins": 0.1, "vp": 1.0, **dict.fromkeys(GOODS, 0.5 if goods_score else 0.0)}
    return sum(v * (final.get(k, 0.0) + w * FUEL[k]) for k, v in b.items())


@functools.lru_cache(maxsize=4096)
def _reward_value(r: Reward, t: float) -> float:
    w = fuel_weight(t)
    v: float = bundle_value(r.gain, t) + w * sum(ICON[k] * getattr(r, k) for k in ICON)
    if r.copy_bonus:
        v += COPY_BONUS * w
    if r.choice:
        v += max(_reward_value(c, t) for c in r.choice)
    return v


def reward_value(r: Reward, t: float) -> float:
    """Worth of a reward (resources and icons) with ``t`` rounds left.

    >>> reward_value(Reward(Bundle(vp=3)), 2.0)
    3.0
    """
    t = round(t, 1)
    key = (id(r), t)
    known = _REWARDS.get(key)
    if known is None:
        known = remember(_REWARDS, key, (r, _reward_value(r, t)), MEMO)
    return known[1]


# reward_value by the reward (held here, so that its id stays its own) and the rounds left: looked
# up by id, a reward is not hashed field by field at every call
_REWARDS: dict[tuple[int, float], tuple[Reward, float]] = {}


def cost_value(c: Cost, t: float) -> float:
    """Worth of what a cost takes away (goods of the player's choice count as pepper)."""
    w = fuel_weight(t)
    return bundle_value(c.pay, t) + (c.any_good + c.different_goods) * w * FUEL["pepper"]


def held_share(p: Player, c: Cost) -> float:
    """The share (0..1) of a cost's items the player already holds."""
    key = (id(c), p.coins, p.camels, p.pepper, p.silk, p.gold)
    known = _HELD.get(key)
    if known is None:
        known = remember(_HELD, key, (c, _held_share(p, c)), MEMO)
    return known[1]


# held_share by the cost (held here, so that its id stays its own) and the player's resources
_HELD: dict[tuple[object, ...], tuple[Cost, float]] = {}


def _held_share(p: Player, c: Cost) -> float:
    """:func:`held_share` computed."""
    pay, extra, goods_paid = _cost_items(c)
    need = have = 0
    for k, v in pay:
        need += v
        have += min(v, getattr(p, k))
    goods_left = p.pepper + p.silk + p.gold - goods_paid
    need += extra
    have += max(0, min(extra, goods_left))
    return have / need if need else 1.0


def _cost_items(c: Cost) -> tuple[tuple[tuple[str, int], ...], int, int]:
    """A cost's items but VP, its goods of the player's choice and the goods it names (computed
    once per cost)."""
    known = _WORTH.get((id(c), -1.0))
    if known is None:
        pay = tuple((k, v) for k, v in c.pay.items() if k != "vp")
        items = (pay, c.any_good + c.different_goods, sum(getattr(c.pay, g) for g in GOODS))
        known = _WORTH[id(c), -1.0] = (c, items)
    return cast("tuple[tuple[tuple[str, int], ...], int, int]", known[1])


def _net(con: Contract, t: float) -> float:
    """A contract's reward minus its cost with ``t`` rounds left (computed once per contract and t)."""
    known = _WORTH.get((id(con), t))
    if known is None:
        known = _WORTH[id(con), t] = (con, reward_value(con.reward, t) - cost_value(con.cost, t))
    return cast(float, known[1])


# Worths already computed, by (id of the component, rounds left): components are immutable and
# held here, so an id keeps naming its component (bounded by the components times the few values
# rounds left takes).
_WORTH: dict[tuple[int, float], tuple[object, object]] = {}


def post_value(s: GameState, i: int, city: str, t: float | None = None) -> float:
    """What a new trading post in ``city`` is worth to player ``i`` (0 if it takes no post)."""
    state = _state(s)
    c = state.components
    loc = c.locations[city]
    p = state.players[i]
    if not loc.takes_posts or city in p.trading_posts:
        return 0.0
    t = rounds_left(state, i) if t is None else t
    later = max(0, c.rules.rounds - state.round)  # round starts still to come
    v = float(c.rules.post_vp.get(len(p.trading_posts) + 1, 0)) + city_worth(state, city, t, later)
    v += POST * min(1.0, t / POST_FADE)
    if loc.vp_spaces and None in state.beijing:
        v += loc.vp_spaces[state.beijing.index(None)]
        v += sum(getattr(p, g) for g in GOODS) / c.rules.goods_per_vp
    goal_cities = {x for g in p.goals for x in c.goals[g].cities}
    if city in goal_cities:
        posts = set(p.trading_posts)
        reached = len(goal_cities & posts)
        table = c.rules.goal_cities_vp
        v += table[min(reached + 1, len(table) - 1)] - table[min(reached, len(table) - 1)]
        v += sum(c.goals[g].vp for g in p.goals if city in c.goals[g].cities
                 and set(c.goals[g].cities) - {city} <= posts)
    return v


def city_worth(s: VoyagesState, city: str, t: float, later: float) -> float:
    """What a post in ``city`` brings by itself with ``t`` rounds left and ``later`` round starts
    still to come: its bonus marker now and at each, the outpost bonus still there, the city card."""
    c = s.components
    v = 0.0
    marker = s.markers.get(city)
    if marker:
        v += reward_value(c.city_bonuses[marker], t) * (1 + later)
    tile = s.outposts.get(city)
    if tile:
        v += reward_value(c.outposts[tile], t)
    if c.locations[city].city_cards:
        v += CITY_CARD * min(t, later + 0.5)
    return v


def values(s: GameState) -> list[float]:
    """:func:`value` for every seat."""
    state = _state(s)
    return [_value(state, i, final_total(state, i)) for i in range(state.num_players)]


def value(s: GameState, i: int) -> float:
    """Estimated final score of player ``i`` in ``s`` (see the module docstring for the terms)."""
    state = _state(s)
    return _value(state, i, final_total(state, i))


def final_total(s: VoyagesState, i: int) -> int:
    """Player ``i``'s ``total`` in ``s.scores()`` (the score as if the game ended now), without
    building the table (:func:`~mp_notebook.rulesets.voyages.scoring.score_rows` for one seat).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=1)
    >>> final_total(s, 0) == int(s.scores()["total"].iloc[0])
    True
    """
    c = s.components
    rules = c.rules
    p = s.players[i]
    key = (id(c), p.goals, p.trading_posts)
    known = _GOAL_POINTS.get(key)
    if known is None:
        known = remember(_GOAL_POINTS, key, (c, goal_points(s, p)), MEMO)
    cards, cities = known[1]
    total = p.vp + cards + cities + p.coins // rules.coins_per_vp
    if i in s.beijing:
        total += sum(vp for seat, vp in zip(s.beijing, c.locations[c.beijing].vp_spaces, strict=True) if seat == i)
    if c.beijing in p.trading_posts:
        total += (p.pepper + p.silk + p.gold) // rules.goods_per_vp
    done = len(p.completed)
    if done and done == max(len(q.completed) for q in s.players):
        total += rules.most_contracts_vp
    return total


# goal_points by the components (held here, so that their id stays theirs), the goal cards and the
# posts (all it reads)
_GOAL_POINTS: dict[tuple[object, ...], tuple[object, tuple[int, int]]] = {}


def margin(s: GameState, i: int) -> float:
    """Player ``i``'s estimated final score minus the best estimate among the others."""
    v = values(s)
    return v[i] - max(x for k, x in enumerate(v) if k != i)


def _value(s: VoyagesState, i: int, final_now: float) -> float:
    if s.is_over:
        return final_now
    c = s.components
    rules = c.rules
    p = s.players[i]
    t = rounds_left(s, i)
    w = fuel_weight(t)
    later = max(0, rules.rounds - s.round)
    v: float = final_now
    # (sums written out in the order sum() adds them: the same floats)
    coins, pepper, silk, gold = p.coins, p.pepper, p.silk, p.gold
    v += (w * FUEL["coins"] * coins + w * FUEL["camels"] * p.camels + w * FUEL["pepper"] * pepper
          + w * FUEL["silk"] * silk + w * FUEL["gold"] * gold)
    v += fund_weight(t) * FUND_FUEL * min(coins, FUND)
    # fractions the final scoring floors, so that every unit counts
    v += (coins % rules.coins_per_vp) * _final("coins", s, p)
    v += ((pepper + silk + gold) % rules.goods_per_vp) * _final("pepper", s, p)
    ch = c.characters[p.character] if p.character else None
    dice: float = 0
    if ch is not None and ch.choose_dice:
        for _ in range(len(p.dice) + len(p.black_dice)):
            dice += DIE + PIP * 6
    else:
        for d in (*p.dice, *p.black_dice):
            dice += DIE + PIP * d
    v += (dice + (DIE + PIP * p.white if p.white else 0.0)) * (LAST_ROUND_DIE if later == 0 else 1.0)
    for cid in p.contracts:
        con = c.contracts[cid]
        net = _net(con, t)
        if net > 0:
            v += CONTRACT_READY * net * held_share(p, con.cost) * w
    v += POST * min(1.0, t / POST_FADE) * len(p.trading_posts)
    for city in p.trading_posts:
        marker = s.markers.get(city)
        if marker:
            v += reward_value(c.city_bonuses[marker], t) * later
        if c.locations[city].city_cards:
            v += CITY_CARD * min(t, later + 0.5)
    if ch is not None and ch.round_reward:
        v += reward_value(ch.round_reward, t) * later
    if later and s.next_first == i:  # the last to travel starts the next round
        v += START
    v += TRIP * trip_value(s, i, t)
    v += character_worth(s, i)
    # the plan counts the journeys of later rounds: this round's is the choice at hand
    return v + PLAN * plan_value(s, i, float(later))


def character_worth(s: VoyagesState, i: int) -> float:
    """What player ``i``'s character brings beyond the other terms: its :data:`CHARACTER` worth times
    the share of the rounds still to start (the same for every action of a round).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=4, variants=("expert",))   # the draft: 5 rounds to come
    >>> {a.choice: character_worth(s.apply(a), 1) for a in s.legal_actions()}
    {'Berke': -1.0, 'Niccolo': -4.0, 'Mercator-2': 6.0}
    >>> s = mp.new_game(2, ruleset="voyages", seed=4, characters=["Raschid", "Berke"])
    >>> s.round, character_worth(s, 0), character_worth(s, 1)
    (1, 6.4, -0.8)
    """
    p = s.players[i]
    if not p.character:
        return 0.0
    rounds = s.components.rules.rounds
    return CHARACTER[p.character] * max(0, rounds - s.round) / rounds


def plan_value(s: GameState, i: int, t: float) -> float:
    """What player ``i``'s goal cards and Beijing are still expected to bring with ``t`` rounds
    left, beyond what they score now. The cities without a post are visited in a planned tour (the
    nearest next, from the nearest figure); each is reached with the chance :func:`reach_chance` of
    its distance along the tour. A goal card pays its VP times the chance of both its cities, the
    goal-city table its value at the expected count of cities, and Beijing its best free VP space
    (and the goods scoring) times its chance.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=1)
    >>> plan_value(s, 0, 5.0) > plan_value(s, 0, 1.0) > 0
    True
    """
    state = _state(s)
    c = state.components
    p = state.players[i]
    posts = p.trading_posts
    free = None if c.beijing in posts or None not in state.beijing else state.beijing.index(None)
    goods = p.pepper + p.silk + p.gold if free is not None else 0
    key = (id(state.board), id(c), p.locations, posts, p.goals, free, goods, t)
    known = _PLANS.get(key)
    if known is None:
        known = remember(_PLANS, key, (state.board, c, _plan(state, p, free, goods, t)), MEMO)
    return known[2]


# plan_value by what it reads of the player and the board (the board and components are held here,
# so that their ids stay theirs): the figures, posts, goal cards, Beijing's first free VP space,
# goods, rounds left.
_PLANS: dict[tuple[object, ...], tuple[object, object, float]] = {}
MEMO = 100_000  # the most entries a memo of this module keeps before it starts again


def _plan(state: VoyagesState, p: Player, free: int | None, goods: int, t: float) -> float:
    """:func:`plan_value` computed (``free``: Beijing's first free VP space, None when it scores
    nothing more for the player; ``goods``: the player's goods, counted with it)."""
    c = state.components
    posts = p.trading_posts
    cards = [c.goals[g] for g in p.goals]
    cities = {city for card in cards for city in card.cities}
    beijing = free is not None
    targets = tuple(sorted((cities | ({c.beijing} if beijing else set())) - set(posts)))
    chance = _tour(state.board, p.locations, targets, t)
    v = 0.0
    for card in cards:
        odds = 1.0
        for city in card.cities:
            odds *= chance.get(city, 1.0)
        if odds < 1.0:
            v += card.vp * odds
    held = sum(city in posts for city in cities)
    expected = sum(chance.get(city, 1.0) for city in cities)
    table = c.rules.goal_cities_vp
    whole = min(int(expected), len(table) - 2)
    v += table[whole] + (expected - whole) * (table[whole + 1] - table[whole]) - table[held]
    if free is not None:
        space = c.locations[c.beijing].vp_spaces[free]
        v += chance[c.beijing] * (space + goods / c.rules.goods_per_vp)
    return v


@functools.lru_cache(maxsize=4096)
def _tour(board: Any, figures: tuple[str, ...], targets: tuple[str, ...], t: float) -> dict[str, float]:
    """Each of ``targets`` with its :func:`reach_chance` along a nearest-next tour from the
    nearest of ``figures``."""
    dist = _distances(board)
    here = min(figures, key=lambda f: min((dist[f][x] for x in targets), default=0.0))
    left = set(targets)
    out: dict[str, float] = {}
    walked = 0.0
    while left:
        nxt = min(left, key=lambda x: (dist[here][x], x))
        walked += dist[here][nxt]
        out[nxt] = reach_chance(walked, t)
        left.remove(nxt)
        here = nxt
    return out


def reach_chance(distance: float, t: float) -> float:
    """The chance that a city ``distance`` steps away (see :func:`_distances`) gets a post in the
    ``t`` rounds left: 1 at distance 0, falling linearly to 0 at :data:`REACH` steps a round.

    >>> reach_chance(0, 1.0), reach_chance(1.5, 1.0), reach_chance(6, 1.0)
    (1.0, 0.5, 0.0)
    """
    return max(0.0, 1.0 - distance / (REACH * t)) if t > 0 else float(distance == 0)


@functools.lru_cache(maxsize=8)
def _distances(board: Any) -> dict[str, dict[str, float]]:
    """Shortest distances between locations in steps, a route's extra coins and camels counting
    :data:`EXTRA_STEP` to a step (Dijkstra, once per board)."""
    graph = nx.Graph()
    for here, edges in board.adjacent.items():
        for there, _, route, _ in edges:
            w = 1.0 + (route.coins + route.camels) / EXTRA_STEP
            if not graph.has_edge(here, there) or graph[here][there]["weight"] > w:
                graph.add_edge(here, there, weight=w)
    return {a: dict(d) for a, d in nx.all_pairs_dijkstra_path_length(graph)}


def trip_value(s: GameState, i: int, t: float) -> float:
    """This round's journey still to be made: while player ``i`` has not travelled this round with
    its own dice and holds two of them, the best :func:`post_value` its figures can reach and pay for
    (the travel table's coins and the routes' extras; not the fee of a Travel space another player
    has taken) in the steps of its two highest dice (the lower of them: a journey goes as far as its
    lowest die; Raschid sets his dice, so any number of steps), less :data:`STEP_COST` a step and
    what the journey costs (:func:`spend_value`); 0 once it has travelled or has fewer than two dice.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=4)
    >>> trip_value(s, 0, 4.5) > 0
    True
    >>> s = s.apply(next(a for a in s.legal_actions() if a.kind == "travel"))
    >>> s = s.apply(s.legal_actions()[0])  # the first step
    >>> trip_value(s, 0, 4.5)   # travelled: no journey left this round
    0.0
    """
    state = _state(s)
    p = state.players[i]
    travel = state.spaces.get("travel")
    if len(p.dice) < 2 or (travel is not None and i in travel[0]):
        return 0.0
    ch = state.components.characters[p.character] if p.character else None
    steps = len(state.components.rules.travel_coins) if ch is not None and ch.choose_dice else sorted(p.dice)[-2]
    free = None if None not in state.beijing else state.beijing.index(None)
    key = (id(state.components), id(state.board), i, p.locations, p.trading_posts, p.goals, p.coins, p.camels,
           p.pepper + p.silk + p.gold, steps, t, state.round, free, tuple(state.outposts.values()))
    known = _TRIPS.get(key)
    if known is None:
        known = remember(_TRIPS, key, (state.components, state.board, _trip(state, i, steps, t)), MEMO)
    return known[2]


# trip_value by what it reads (the components and board are held here, so that their ids stay theirs):
# the seat, figures, posts, goal cards, resources, steps, time, Beijing's first free space, the
# outpost tiles left (the city markers never move)
_TRIPS: dict[tuple[object, ...], tuple[object, object, float]] = {}


def _trip(s: VoyagesState, i: int, steps: int, t: float) -> float:
    """:func:`trip_value` computed for a journey of at most ``steps`` steps (a journey moves)."""
    table = (0, *s.components.rules.travel_coins)
    return _best_stop(s, i, steps, table, [0] * len(table), t, least=1)


def _best_stop(s: VoyagesState, i: int, steps: int, coins: Sequence[int], camels: Sequence[int], t: float,
               *, least: int) -> float:
    """Best :func:`post_value` among the places player ``i``'s figures reach in ``least`` to
    ``steps`` steps and can pay for (``coins[n]`` and ``camels[n]`` for ``n`` steps, plus the
    routes' extras), less what it costs (:func:`spend_value`) and :data:`STEP_COST` a step; 0 if
    none is worth it."""
    p = s.players[i]
    best = 0.0
    for figure in p.locations:
        for city, (n, extra_coins, extra_camels) in _reach(s.board, figure, steps).items():
            if n < least:
                continue
            pay_coins, pay_camels = coins[n] + extra_coins, camels[n] + extra_camels
            if pay_coins > p.coins or pay_camels > p.camels:
                continue
            v = post_value(s, i, city, t)
            if v > 0:
                best = max(best, v - n * STEP_COST - spend_value(s, i, pay_coins, pay_camels, t))
    return best


def travel_potential(s: GameState, i: int, steps: int) -> float:
    """Best :func:`post_value` among the cities player ``i``'s figures can still reach and pay for in
    the ``steps`` steps of the movement under way, less what those steps cost (:func:`spend_value`
    of their coins and camels) and :data:`STEP_COST` each.

    Used while a figure is moving: stopping where it stands is distance 0, free.
    """
    state = _state(s)
    coins, camels = _step_prices(state, steps)
    return _best_stop(state, i, steps, coins, camels, rounds_left(state, i), least=0)


def _step_prices(s: VoyagesState, steps: int) -> tuple[list[int], list[int]]:
    """Coins and camels that the next 0..``steps`` steps of the movement under way cost before
    their routes' extras: the travel table's increases (a Travel action), a city card's price per
    move (its goods are not counted), nothing for free moves."""
    _, _, _, made, mode, per_step, _ = s.tasks[-1]
    if mode == "travel":
        table = (0, *s.components.rules.travel_coins)
        each = [table[min(made + k + 1, len(table) - 1)] - table[min(made + k, len(table) - 1)] for k in range(steps)]
        per_camels = 0
    else:
        per = per_step.pay if per_step is not None else None
        each = [per.coins if per is not None else 0] * steps
        per_camels = per.camels if per is not None else 0
    coins, camels = [0], [0]
    for k in range(steps):
        coins.append(coins[-1] + each[k])
        camels.append(camels[-1] + per_camels)
    return coins, camels


def spend_value(s: VoyagesState, i: int, coins: int, camels: int, t: float) -> float:
    """What paying ``coins`` and ``camels`` takes from player ``i``'s :func:`value` with ``t`` rounds
    left (their final-scoring value and fuel, the coins of the journey fund).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=1)
    >>> round(spend_value(s, 0, 5, 0, 5.0), 2), round(spend_value(s, 0, 0, 1, 5.0), 2)
    (3.0, 0.7)
    """
    p = s.players[i]
    w = fuel_weight(t)
    fund = min(p.coins, FUND) - min(p.coins - coins, FUND)
    f = fund_weight(t)
    return coins * (_final("coins", s, p) + w * FUEL["coins"]) + f * FUND_FUEL * fund + camels * w * FUEL["camels"]


@functools.lru_cache(maxsize=4096)
def _reach(board: Any, start: str, steps: int) -> dict[str, tuple[int, int, int]]:
    """Locations within ``steps`` steps: ``{location: (steps, route extra coins, extra camels)}``
    (the cheapest of the shortest ways, coins and camels counted alike)."""
    out = {start: (0, 0, 0)}
    frontier = [start]
    for n in range(1, steps + 1):
        nxt = []
        for here in frontier:
            for there, _, route, _ in board.adjacent[here]:
                coins, camels = out[here][1] + route.coins, out[here][2] + route.camels
                if there not in out:
                    nxt.append(there)
                    out[there] = (n, coins, camels)
                elif out[there][0] == n and coins + camels < out[there][1] + out[there][2]:
                    out[there] = (n, coins, camels)
        frontier = nxt
    return out


def score(s: GameState, i: int) -> float:
    """:func:`value` of player ``i``, plus the best reachable city while ``i`` is still moving."""
    v = value(s, i)
    d = s.decision
    if d.kind == "move" and d.player == i:
        v += travel_potential(s, i, int(d.about))
    return v


def journey(s: GameState, reach: Reach) -> tuple[str, ...]:
    """The decisions (notation) that carry out a Travel action of ``mp.routes.reachable``: the
    action, each move, and ``done`` where the figure stops before its steps run out, so that
    ``mp.analysis.evaluate`` gives each destination its own row.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, ruleset="voyages", seed=4)
    >>> r = next(r for r in mp.routes.reachable(s, 0) if r.moves == 1 and min(r.dice) == 2)
    >>> journey(s, r)
    ('travel [2,2]', 'move Alexandria', 'done')
    """
    _, steps = travel_terms(s, next(a for a in s.legal_actions() if str(a) == reach.action))
    stop = ("done",) if reach.moves < steps else ()
    return (reach.action, *(f"move {step}" for step in reach.steps), *stop)


def chance(s: GameState, a: Action) -> bool:
    """Whether the outcome of ``a`` is chance, which the greedy player scores on reseeded futures:
    a reroll or a black die is rolled."""
    return a.kind in ("reroll", "black_die")


def effect(s: GameState, a: Action) -> tuple[object, ...]:
    """What an action does, ignoring which dice do it: the lowest die sets what a space gives (and
    the occupied-space fee is the lowest die), so the greedy agent merges actions alike here."""
    if not a.dice:
        return (a.kind, a.space, a.choice)
    state = _state(s)
    i = cast(int, a.player)
    if a.kind == "travel":
        return (a.kind, *travel_terms(s, a))  # the coins due and the steps allowed
    if a.kind == "money_bag":
        return (a.kind, len(a.dice))
    if a.kind in ("reroll", "adjust_die"):
        return (a.kind, a.choice, a.dice[0], bool(a.black))
    if a.kind == "khans_favor":
        return (a.kind, a.dice[0])
    fees = {"take_coins": "take_coins", "contracts": "contracts", "bazaar": str(a.space)}
    fee = space_fee(state, i, fees[a.kind], a.dice) if a.kind in fees else 0
    return (a.kind, a.space, a.choice, min(a.dice), fee)
