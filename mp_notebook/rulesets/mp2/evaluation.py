"""A heuristic evaluation of Marco Polo II positions, in victory points (the ``agents`` part).

:func:`value` estimates a player's final score: the score as if the game ended now
(``scores()``'s categories) plus what the pieces are still worth for the rest of the game.
Every weight is a module constant, in VP per unit, so the heuristic can be read and tuned. The
terms follow how the game is won (points come from contracts and a wide network of posts):

* goods, camels and coins are worth what they *convert to* (:data:`CONVERT`: the VP a unit buys
  through a contract, about half a coin-value per VP) while there is time to convert them, fading
  to their final-scoring value (1/2 VP per good, 1/10 VP per coin) over the last
  :data:`FADE_ROUNDS` rounds;
* each unplaced die is one future action, worth :data:`DIE` (+ :data:`PIP` per pip) this round;
* an active contract is worth its full net value (reward minus cost, both at conversion value)
  plus the contract-majority swing completing it brings, times how likely it is to be completed
  (:func:`completion_chance`: the share of its cost held, and the time left to gather the rest);
  an empty contract slot is worth :data:`SLOT` while contracts can still be taken and completed;
* a trading post is worth its shield-track increment and post VP, plus :data:`POST` for what a
  wider network brings later (more shields on a convex track, the 9th-11th post VP, routes),
  fading over the last :data:`POST_FADE` rounds; a post in a contract city with contracts on
  display opens the Contracts action (:data:`CONTRACT_CITY`, most for the first one);
  :func:`post_value` prices a city for posting, which travel decisions use to look ahead;
* improved seals pay their "!" bonus every remaining round start;
* a character's ability is worth what it brings the bot over a game (:data:`CHARACTER`, measured),
  and a goal card what it brings over the others it could have kept (:data:`GOAL`, measured), each
  times the share of the rounds still to start (:func:`still_to_start`).

:data:`closure` (the seam's ``AgentTerms.closure``) lists the bonus actions the greedy
look-ahead plays after a candidate action while they raise the value (completing a contract,
improving a seal, cashing an outpost tile), so a main action that makes a contract completable
is credited with its completion. :data:`prelude` names the bonus actions that change or add a die
(reroll, adjust, black die), which the look-ahead scores by the main action they lead to.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> 50 < value(s, 0) < 110   # 50 VP on the track plus resources, dice and a contract
True
>>> margin(s, 0) == -margin(s, 1)
True
"""

from __future__ import annotations

import functools
import operator
from typing import TYPE_CHECKING

from mp_notebook.engine.memo import remember
from mp_notebook.rulesets.mp2.components import Bundle, Contract, Cost, Reward
from mp_notebook.rulesets.mp2.rules import closure_actions, space_coins, travel_terms
from mp_notebook.rulesets.mp2.scoring import post_shields, shield_count

if TYPE_CHECKING:
    from mp_notebook.board.routes import Reach
    from mp_notebook.engine.actions import Action
    from mp_notebook.rulesets.mp2.state import Mp2State, Player

# VP a unit is worth while it can still be converted (contracts, city cards), final value included.
CONVERT = {
    "coins": 0.35,
    "camels": 1.0,
    "pepper": 1.0,
    "silk": 1.5,
    "gold": 2.0,
    "jade": 1.5,
    "vp": 1.0,
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
FADE_ROUNDS = 1.0  # conversion value fades linearly to the final value over this many rounds left
DIE = 2.2  # an unplaced die: one more action this round
PIP = 0.12  # ... and high dice are worth a little more
ICON = {
    "any_good": 1.2,
    "different_goods": 1.2,
    "contract_pile": 3.0,
    "contract_city": 3.0,
    "move": 1.5,
    "black_die": 1.5,
    "shield": 2.5,
}
COPY_BONUS = 2.0
SPECIAL_CITY = 2.5  # a post in a special city: its action, per remaining round
CITY_CARD = 1.0  # a post in a city with a city card, per remaining round
POST = 10.0  # a trading post's later worth (network, shields to come, post VP), early in the game
POST_FADE = 3.5  # ... fading linearly over this many rounds left
CONTRACT_CITY = (3.0, 1.0)  # a first / a further post in a contract city with contracts on display
SLOT = 1.5  # an empty contract slot while contracts can still be taken and completed
# POST_FADE, CONTRACT_CITY and SLOT were retuned from 2.5, (6, 2) and 3.0: screened one at a time
# over bench/agents.py's search-match games 0-199 (greedy with the value for its own choices
# against greedy with the old ones), then the three together won 58.6% (53.7-63.3%), +4.22 ± 1.03 VP
# a game, over games 200-599, which played no part in choosing them. POST_FADE 4.5 lost (45.5%);
# SLOT 1.0 or CONTRACT_CITY (1.5, 0.5) changed nothing beyond noise.
# VP a character's ability brings GreedyAgent over a game, counted for the rounds still to start,
# so that choosing a character (the draft of setup="full", the solo set-up's one of three) weighs
# it: the bot's final score with the character minus with none, game by game, in 200 solo games
# against Automa L3 (python bench/characters.py; each ± 1.2-1.8 VP). Before, the evaluation saw
# only what an ability gives at once, and the solo bot chose Mailin & Tian Chin or De Wu (35-36%
# against L3 when given) over Abha Basu (77%) for 3 coins or a shield.
CHARACTER = {"Isabella Donati": 32.0, "Abha Basu": 31.0, "Gantulga Od": 14.0, "Mailin & Tian Chin": 14.0,
             "De Wu": 12.0, "Filippo Vitello": 11.0, "Möngke Khan": 10.0}
# VP a kept goal card brings GreedyAgent over the other two it was offered, counted (like
# CHARACTER) for the rounds still to start, so that the choice of goal card weighs it: in 1000 solo
# games against Automa L3 in the full set-up, each played three times, keeping each offered card
# in turn, a card's final score minus the mean of the three (python bench/goals.py; each ± 0.5-0.7
# VP, so to 0.1 VP: whole VP would tie most of them). Measured on the reconstructed cards of
# data/goals.toml: a new card needs its worth measured. Before, every card was worth 0 at the
# choice and the tie-break chose (157.5 VP against 158.1 for the mean of the three). In 2-player
# games (--two-player-games 1000) the best card by these worths gains +2.0 ± 0.6 VP of margin over
# the blind choice, as much as worths measured in those games (+1.9): one table serves both.
GOAL = {"G07": 3.1, "G04": 1.6, "G12": 1.1, "G13": 1.1, "G05": 0.9, "G02": 0.3, "G09": 0.2, "G11": 0.2,
        "G01": 0.2, "G06": -0.4, "G08": -1.5, "G14": -1.6, "G03": -1.7, "G10": -2.8}
SEAL = 1.0  # holding a guild seal (opens routes)
SPARE = (0.4, 0.7)  # share of conversion value of goods no active contract asks for (without / with
# access to the Contracts action)
READY = 0.9  # share of a contract's worth counted while its cost is all held (completing earns the rest)
# What the agents layer asks beyond the value (its ``AgentTerms``): every ruleset declares each.
closure = closure_actions  # contracts, seals, outpost tiles: played after a candidate while they pay
prelude = ("reroll", "adjust_die", "black_die")  # bonus actions that change or add a die
# Rerolling and adjusting a die are left out of greedy's candidates: in 200 paired games greedy
# without them won 55.8% (48.8-62.5%), +3.7 ± 1.2 VP a game, against greedy weighing a reroll of
# its lowest die (57.8% of 300 more, +2.9 ± 1.0), 56.8%, +3.6 ± 1.2, against greedy weighing
# adjustments too, and 55.5%, +2.7 ± 1.2, against the greedy before (rerolls and adjustments on 4
# futures) at 0.4 of its CPU (python bench/greedy_frontier.py).
unweighed = ("reroll", "adjust_die")
unit = 1  # the game's score (VP) in one point of value()
# journey: the function below (a Travel action to one destination as its decisions)


def rounds_left(s: Mp2State, i: int) -> float:
    """Remaining game time in rounds: later rounds plus the share of this round's dice unplaced."""
    if s.over:
        return 0.0
    rules = s.components.rules
    p = s.players[i]
    return rules.rounds - s.round + min(1.0, p.all_dice / rules.dice_per_player)


def fuel_weight(t: float) -> float:
    """How much of the conversion value resources keep with ``t`` rounds left (1 early, 0 at the end)."""
    return min(1.0, t / FADE_ROUNDS)


def unit_value(k: str, t: float) -> float:
    """Worth of one unit of resource ``k`` with ``t`` rounds left: its conversion value early, its
    final-scoring value at the end.

    >>> unit_value("pepper", 3.0), unit_value("pepper", 0.0)
    (1.0, 0.5)
    """
    w = fuel_weight(t)
    return FINAL[k] + w * (CONVERT[k] - FINAL[k])


def bundle_value(b: Bundle, t: float) -> float:
    """Worth of a bundle of resources with ``t`` rounds left."""
    return sum(v * unit_value(k, t) for k, v in b.items())


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
        v += max(reward_value(c, t) for c in r.choice)
    return v


# Worths already computed, by (id of the component, rounds left): components are immutable and
# held here, so an id keeps naming its component. Bounded by the components times the few values
# of rounds left (rounds_left takes few values), like an lru_cache without hashing a component.
_WORTH: dict[tuple[int, float], tuple[object, float]] = {}


def reward_value(r: Reward, t: float) -> float:
    """Worth of a reward (resources and icons) with ``t`` rounds left.

    >>> from mp_notebook.rulesets.mp2.components import Bundle, Reward
    >>> reward_value(Reward(Bundle(vp=3)), 2.0)
    3.0
    """
    t = round(t, 1)
    known = _WORTH.get((id(r), t))
    if known is None:
        known = _WORTH[id(r), t] = (r, _reward_value(r, t))
    return known[1]


def cost_value(c: Cost, t: float) -> float:
    """Worth of what a cost takes away (goods of the player's choice count as cheap goods)."""
    return bundle_value(c.pay, t) + (c.any_good + c.different_goods) * unit_value("pepper", t)


def held_share(p: Player, c: Cost) -> float:
    """The share (0..1) of a cost's items the player already holds (jade for coins/camels)."""
    items, jade, goods, extra_goods = _cost_items(c)
    need = have = 0
    spare_jade = p.jade - jade
    for k, v in items:
        need += v
        held = min(v, getattr(p, k))
        if k in ("coins", "camels") and held < v and spare_jade > 0:
            extra = min(v - held, spare_jade)
            held += extra
            spare_jade -= extra
        have += held
    goods_left = p.pepper + p.silk + p.gold - goods
    need += extra_goods
    have += max(0, min(extra_goods, goods_left))
    return have / need if need else 1.0


def _cost_items(c: Cost) -> tuple[tuple[tuple[str, int], ...], int, int, int]:
    """What :func:`held_share` reads of a cost (computed once per cost object): its items but
    ``vp``, its jade, its pepper+silk+gold and its goods of the player's choice."""
    known = _ITEMS.get(id(c))
    if known is None:
        pay = c.pay
        known = _ITEMS[id(c)] = (c, (tuple((k, v) for k, v in pay.items() if k != "vp"), pay.jade,
                                     pay.pepper + pay.silk + pay.gold, c.any_good + c.different_goods))
    return known[1]


_ITEMS: dict[int, tuple[Cost, tuple[tuple[tuple[str, int], ...], int, int, int]]] = {}  # costs held


def convertible(s: Mp2State, p: Player, access: bool | None = None) -> dict[str, float]:
    """How many units of each resource count at full conversion value: coins and camels (travel,
    fees) all; goods as far as the active contracts ask for them, beyond that a share
    (:data:`SPARE`, more with access to the Contracts action, where contracts can be chosen;
    ``access``: whether ``p`` has it, if already known)."""
    units = _units(s, p, _has_contract_access(s, p) if access is None else access)
    return dict(zip(UNITS, units, strict=True))


UNITS = ("coins", "camels", "pepper", "silk", "gold", "jade")  # what :func:`convertible` counts, in order
GAINS = tuple(CONVERT[k] - FINAL[k] for k in UNITS)  # a unit's worth beyond its final value (from the weights)


def _units(s: Mp2State, p: Player, access: bool) -> tuple[float, ...]:
    """:func:`convertible`'s counts in :data:`UNITS` order: of each good, the units the contracts
    ask for (``min(held, need)``) plus a :data:`SPARE` share of the rest (``max(0, held - need)``)."""
    spare = SPARE[access]
    need_pepper, need_silk, need_gold, need_jade = _needs(s, p.contracts)
    pepper, silk, gold, jade = p.pepper, p.silk, p.gold, p.jade
    return (p.coins, p.camels,
            float(pepper) if pepper <= need_pepper else need_pepper + spare * (pepper - need_pepper),
            float(silk) if silk <= need_silk else need_silk + spare * (silk - need_silk),
            float(gold) if gold <= need_gold else need_gold + spare * (gold - need_gold),
            float(jade) if jade <= need_jade else need_jade + spare * (jade - need_jade))


def _needs(s: Mp2State, contracts: tuple[str, ...]) -> tuple[int, int, int, int]:
    """The pepper (goods of any kind counted as pepper), silk, gold and jade that ``contracts`` ask
    for (computed once per set of contracts)."""
    key = (id(s.components), contracts)
    known = _NEEDS.get(key)
    if known is None:
        need = {"pepper": 0, "silk": 0, "gold": 0, "jade": 0}
        for cid in contracts:
            cost = s.components.contracts[cid].cost
            for k in need:
                need[k] += getattr(cost.pay, k)
            need["pepper"] += cost.any_good + cost.different_goods
        known = _NEEDS[key] = (s.components, (need["pepper"], need["silk"], need["gold"], need["jade"]))
    return known[1]


_NEEDS: dict[tuple[int, tuple[str, ...]], tuple[object, tuple[int, int, int, int]]] = {}  # components held


def completion_chance(share: float, t: float) -> float:
    """How likely a contract is to be completed with ``share`` of its cost held and ``t`` rounds
    left: certain (up to :data:`READY`) when all is held, else the missing part needs time.

    >>> completion_chance(1.0, 0.2), completion_chance(0.0, 3.0), completion_chance(0.5, 0.0)
    (0.9, 0.5, 0.0)
    """
    if share >= 1.0:
        return READY
    return READY * share * min(1.0, t) + (1 - share) * 0.5 * min(1.0, t / 2)


def majority_bonus(s: Mp2State, i: int, completed: int) -> int:
    """The contract-majority VP player ``i`` would score with ``completed`` contracts."""
    return _majority(s, _rivals(s, i), completed)


def _rivals(s: Mp2State, i: int) -> list[int]:
    """How many contracts each rival of player ``i`` (the Automa included) has completed."""
    counts = []
    for k, q in enumerate(s.players):  # a loop, not a comprehension: no call (value() asks every time)
        if k != i:
            counts.append(len(q.completed))
    if s.automa is not None:
        counts.append(len(s.automa.done))
    return counts


def _majority(s: Mp2State, rivals: list[int], completed: int) -> int:
    """:func:`majority_bonus` given the rivals' completed contracts (:func:`_rivals`)."""
    if not completed:
        return 0
    ahead = None  # the number of contracts of the rivals ahead, while they all have as many
    for n in rivals:
        if n > completed:
            if ahead is not None and n != ahead:
                return 0  # rivals ahead with two different numbers: not even second
            ahead = n
    first, second = s.components.rules.contracts_majority
    if ahead is None:
        return first
    return second if s.num_players > 2 else 0


def contract_value(s: Mp2State, i: int, cid: str, t: float) -> float:
    """An active contract's worth: full net value plus the majority swing, times its chance."""
    p = s.players[i]
    done = len(p.completed)
    swing = majority_bonus(s, i, done + 1) - majority_bonus(s, i, done)
    return _contract_worth(s.components.contracts[cid], p, t, swing)


def _contract_worth(con: Contract, p: Player, t: float, swing: int) -> float:
    """:func:`contract_value` of ``con`` for ``p``, given the majority ``swing`` completing it brings."""
    known = _WORTH.get((id(con), t))
    if known is None:
        known = _WORTH[id(con), t] = (con, reward_value(con.reward, t) - cost_value(con.cost, t))
    return max(0.0, known[1] + swing) * completion_chance(held_share(p, con.cost), t)


def _has_contract_access(s: Mp2State, p: Player) -> bool:
    """Whether one of ``p``'s trading posts is in a contract city (computed once per set of posts)."""
    c = s.components
    known = _ACCESS.get(p.trading_posts)
    if known is None or known[0] is not c:
        known = remember(_ACCESS, p.trading_posts, (c, any(c.locations[city].contracts for city in p.trading_posts)),
                         CACHED)
    return known[1]


_ACCESS: dict[tuple[str, ...], tuple[object, bool]] = {}  # posts -> (components, access)
CACHED = 50_000  # entries a cache keyed by positions' parts holds before it starts afresh


def post_value(s: Mp2State, i: int, city: str, t: float | None = None) -> float:
    """What a new trading post in ``city`` is worth to player ``i`` (0 if not postable)."""
    t = rounds_left(s, i) if t is None else t
    return _city_worth(s, s.players[i], city, t, max(0, s.components.rules.rounds - s.round))


def _city_worth(s: Mp2State, p: Player, city: str, t: float, later: int) -> float:
    """:func:`post_value` for ``p`` with ``t`` rounds left and ``later`` round starts to come."""
    c = s.components
    loc = c.locations[city]
    if not loc.is_city or loc.start or city in p.trading_posts:
        return 0.0
    v = _city_income(s, city, t, later)
    if loc.contracts and any(s.display.get(city, ())):
        v += CONTRACT_CITY[_has_contract_access(s, p)] * min(1.0, t / 2)
    n = len(p.trading_posts) + 1
    v += _post_vp(c.rules.post_vp).get(n, 0)
    shield = loc.shield
    if shield and shield not in post_shields(c, p.trading_posts):
        v += _shield_gain(s, p)
    return v


def _city_income(s: Mp2State, city: str, t: float, later: int) -> float:
    """The first terms of :func:`post_value`, summed in its order: the network's later worth, the
    city bonus at each round start, the outpost tile, a special city's action and city cards
    (computed once per city, markers, outpost tiles, time left and round starts to come)."""
    key = (city, id(s.markers), id(s.outposts), t, later)
    known = _CITY_INCOME.get(key)
    if known is None:
        c = s.components
        loc = c.locations[city]
        v = POST * min(1.0, t / POST_FADE)
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
        known = remember(_CITY_INCOME, key, (s.markers, s.outposts, v), CACHED)
    return known[2]


_CITY_INCOME: dict[tuple[object, ...], tuple[object, object, float]] = {}  # markers and tiles held


@functools.lru_cache(maxsize=8)
def _post_vp(post_vp: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """The rules' VP for the nth trading post, as a mapping (made once)."""
    return dict(post_vp)


def _shield_gain(s: Mp2State, p: Player) -> float:
    """Extra final VP for one more distinct shield (the shield track is convex)."""
    track = s.components.rules.shield_track
    distinct, plus = shield_count(s, p)
    now = min(distinct + plus, len(track) - 1)
    return track[min(now + 1, len(track) - 1)] - track[now]


def value(s: Mp2State, i: int) -> float:
    """Estimated final score of player ``i`` in ``s`` (see the module docstring for the terms)."""
    rivals = _rivals(s, i)
    return _value(s, i, final_score(s, i, rivals), rivals)


def values(s: Mp2State) -> list[float]:
    """:func:`value` for every seat."""
    return [value(s, k) for k in range(s.num_players)]


def margin(s: Mp2State, i: int) -> float:
    """Player ``i``'s estimated final score minus the best estimate among the others."""
    v = values(s)
    return v[i] - max(x for k, x in enumerate(v) if k != i)


def final_score(s: Mp2State, i: int, rivals: list[int] | None = None) -> int:
    """Player ``i``'s ``total`` in ``s.scores()``, without building the table (``rivals``: the
    rivals' completed contracts, if already known)."""
    p = s.players[i]
    return (
        p.vp
        + _standing(s, p)
        + (p.pepper + p.silk + p.gold + p.jade) // 2
        + p.coins // 10
        + _majority(s, _rivals(s, i) if rivals is None else rivals, len(p.completed))
    )


def _standing(s: Mp2State, p: Player) -> int:
    """The final VP of ``p``'s shields and goal card (computed once per posts, goal, '+1' icons,
    character and seal levels: what they depend on)."""
    key = (p.trading_posts, p.goal, p.shields, p.character, p.seal_levels)
    c = s.components
    known = _STANDING.get(key)
    if known is None or known[0] is not c:
        goal = c.goals.get(p.goal) if p.goal else None
        distinct, plus = shield_count(s, p)
        track = c.rules.shield_track
        vp = track[min(distinct + plus, len(track) - 1)]
        if goal:
            vp += sum(points for seal, points in goal.seals if p.improved(seal))
        known = remember(_STANDING, key, (c, vp), CACHED)
    return known[1]


_STANDING: dict[tuple[object, ...], tuple[object, int]] = {}  # (posts, goal, ...) -> (components, VP)


def _value(s: Mp2State, i: int, final_now: float, rivals: list[int]) -> float:
    if s.over:
        return final_now
    c = s.components
    rules = c.rules
    p = s.players[i]
    t = rounds_left(s, i)
    w, soon, network = _time_weights(t)
    later = max(0, rules.rounds - s.round)
    v: float = final_now
    # conversion value of resources beyond their final value (already in final_now)
    access = _has_contract_access(s, p)
    v += w * sum(map(operator.mul, GAINS, _units(s, p, access)))
    # fractional goods/coins, so that every unit counts (final_now floors them)
    v += (p.pepper + p.silk + p.gold + p.jade) % 2 * 0.5 + (p.coins % 10) * FINAL["coins"]
    # unplaced dice: actions still to take this round
    v += _dice_worth(p.dice, p.black_dice)
    # active contracts, and room for more while they can still be completed
    if p.contracts:
        done = len(p.completed)
        swing = _majority(s, rivals, done + 1) - _majority(s, rivals, done)
        contracts = c.contracts
        worth = 0.0
        for cid in p.contracts:
            worth += _contract_worth(contracts[cid], p, t, swing)
        v += worth
    v += SLOT * (rules.contract_slots - len(p.contracts)) * soon
    # the network's later worth, and future income of posts and seals (round-start bonuses)
    v += POST * network * len(p.trading_posts)
    for x in _post_income(s, p.trading_posts, t, later):
        v += x
    if access:
        v += CONTRACT_CITY[0] * soon
    for x in _seal_income(s, p.seal_levels, t, later):
        v += x
    character, goal = _card_worths(s, p)
    return v + character + goal


def _time_weights(t: float) -> tuple[float, float, float]:
    """``fuel_weight(t)``, ``min(1, t / 2)`` and ``min(1, t / POST_FADE)``: the weights of
    :func:`value` that depend only on the rounds left ``t`` (made once per value of ``t``, which
    takes few values)."""
    known = _TIME.get(t)
    if known is None:
        known = _TIME[t] = (fuel_weight(t), min(1.0, t / 2), min(1.0, t / POST_FADE))
    return known


_TIME: dict[float, tuple[float, float, float]] = {}


def character_worth(s: Mp2State, i: int) -> float:
    """What player ``i``'s character still brings: its :data:`CHARACTER` worth times the share of
    the rounds still to start (the same for every action of a round, so it sways no choice there).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(["Ana"], automa="L3", seed=1, setup="full")   # choosing: all 5 rounds to come
    >>> [character_worth(s.apply(a), 0) for a in s.legal_actions()]
    [12.0, 10.0, 32.0]
    >>> s = mp.new_game(["Ana"], automa="L3", seed=1, character="Abha Basu")
    >>> s.round, character_worth(s, 0), character_worth(s, 1)   # the Automa's counts in its own rules
    (1, 24.8, 0.0)
    """
    return _card_worths(s, s.players[i])[0]


def goal_worth(s: Mp2State, i: int) -> float:
    """What player ``i``'s goal card brings over the others it could have kept: its :data:`GOAL`
    worth times the share of the rounds still to start (like :func:`character_worth`).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(["Ana"], automa="L3", seed=1, setup="full")
    >>> s = s.apply(s.legal_actions()[0])   # a character kept: the goal cards next
    >>> {a.choice: round(goal_worth(s.apply(a), 0), 2) for a in s.legal_actions()}   # kept in round 1
    {'G06': -0.32, 'G09': 0.16, 'G12': 0.88}
    """
    return _card_worths(s, s.players[i])[1]


def still_to_start(worth: float, s: Mp2State) -> float:
    """``worth`` times the share of the game's rounds still to start: all of it while the players
    choose their characters and goal cards, (rounds - round) / rounds of it in a round (the same
    for every action in it).

    >>> import mp_notebook as mp
    >>> still_to_start(10.0, mp.new_game(2, seed=1))   # round 1 of 5 under way
    8.0
    """
    return worth * max(0, s.rounds - s.round) / s.rounds


def _card_worths(s: Mp2State, p: Player) -> tuple[float, float]:
    """:func:`character_worth` and :func:`goal_worth` of ``p`` (computed once per pair of worths,
    read from :data:`CHARACTER` and :data:`GOAL` at each call so that a changed table counts, and
    per round; a seat without a character or a goal card: a worth of 0)."""
    name, goal = p.character, p.goal
    key = (CHARACTER[name] if name else 0.0, GOAL[goal] if goal else 0.0, s.round, s.components.rules.rounds)
    known = _CARDS.get(key)
    if known is None:
        known = _CARDS[key] = (still_to_start(key[0], s), still_to_start(key[1], s))
    return known


_CARDS: dict[tuple[float, float, int, int], tuple[float, float]] = {}


def _dice_worth(dice: tuple[int, ...], black: tuple[int, ...]) -> float:
    """Unplaced ``dice`` and ``black`` dice as actions still to take this round (computed once per
    tuples of values)."""
    known = _DICE.get((dice, black))
    if known is None:
        known = _DICE[dice, black] = sum(DIE + PIP * d for d in dice) + sum(DIE + PIP * d for d in black)
    return known


_DICE: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}


def _post_income(s: Mp2State, posts: tuple[str, ...], t: float, later: int) -> tuple[float, ...]:
    """What each of the trading posts ``posts`` still brings (the city bonus at each round start, a
    special city's action, city cards), each a term of :func:`value` in the order it adds them;
    computed once per posts, markers, time left and round starts to come."""
    key = (posts, id(s.markers), t, later)
    known = _POST_INCOME.get(key)
    if known is None:
        c = s.components
        terms: list[float] = []
        for city in posts:
            loc = c.locations[city]
            marker = s.markers.get(city)
            if marker:
                terms.append(reward_value(c.city_bonuses[marker], t) * later)
            if loc.special:
                terms.append(SPECIAL_CITY * min(t, later + 0.5))
            if loc.city_cards:
                terms.append(CITY_CARD * min(t, later + 0.5) * len(loc.city_cards))
        known = remember(_POST_INCOME, key, (s.markers, c, tuple(terms)), CACHED)
    return known[2]


# Terms of :func:`value` by the parts of a position they depend on (posts and markers, or seals;
# time left; round starts to come). The objects named by id (markers, components) are held, so an
# id keeps naming its object.
_POST_INCOME: dict[tuple[object, ...], tuple[object, object, tuple[float, ...]]] = {}
_SEAL_INCOME: dict[tuple[object, ...], tuple[object, tuple[float, ...]]] = {}


def _seal_income(s: Mp2State, seals: tuple[tuple[str, bool], ...], t: float, later: int) -> tuple[float, ...]:
    """What each of the guild ``seals`` (type, improved) is worth: held, it opens routes; improved, it
    pays its bonus at each round start to come; the terms of :func:`value` in the order it adds them."""
    c = s.components
    key = (seals, id(c), t, later)
    known = _SEAL_INCOME.get(key)
    if known is None:
        w = fuel_weight(t)
        terms: list[float] = []
        for seal, improved in seals:
            terms.append(SEAL * w)
            if improved:
                terms.append(reward_value(c.seals[seal].bonus, t) * later)
        known = remember(_SEAL_INCOME, key, (c, tuple(terms)), CACHED)
    return known[1]


STEP_COST = 0.5  # a move still to make: its route cost and risk, per step


def travel_potential(s: Mp2State, i: int, moves: int) -> float:
    """Best :func:`post_value` among cities within ``moves`` steps of player ``i``'s figure.

    Used while a figure is mid-travel: stopping where it stands is distance 0. Routes need their
    guild seal; route costs are counted roughly (:data:`STEP_COST` per step plus the route's cost).
    """
    p = s.players[i]
    t = rounds_left(s, i)
    later = max(0, s.components.rules.rounds - s.round)
    best = 0.0
    for city, (steps, cost) in _reach(s.board, p.location, moves, _held_seals(p.seal_levels)).items():
        v = _city_worth(s, p, city, t, later)
        if v > 0:
            best = max(best, v - steps * STEP_COST - cost * CONVERT["coins"])
    return best


@functools.lru_cache(maxsize=256)
def _held_seals(seal_levels: tuple[tuple[str, bool], ...]) -> frozenset[str]:
    """The guild seals held, of a player's seal levels (made once per seal levels)."""
    return frozenset(seal for seal, _ in seal_levels)


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


def journey(s: Mp2State, reach: Reach) -> tuple[str, ...]:
    """The decisions (notation) that carry out a Travel action of ``mp.routes.reachable``: the
    action, each move, and ``done`` where the figure stops before its moves run out.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> while s.decision.kind != "turn":
    ...     s = s.apply(s.legal_actions()[0])
    >>> r = next(r for r in mp.routes.reachable(s, 0) if r.space == "middle" and r.moves == 1 < min(r.dice))
    >>> journey(s, r)[1:]
    ('move Xanadu', 'done')
    """
    _, budget = travel_terms(s, next(a for a in s.legal_actions() if str(a) == reach.action))
    stop = ("done",) if reach.moves < budget else ()
    return (reach.action, *(f"move {step}" for step in reach.steps), *stop)


def chance(s: Mp2State, a: Action) -> bool:
    """Whether the outcome of ``a`` is chance, which the greedy player scores on reseeded futures:
    a reroll or a black die is rolled."""
    return a.kind in ("reroll", "black_die")


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
