"""The rules of Marco Polo II, read top to bottom: a turn, the 7 main actions, the 6 bonus actions,
travel and trading posts, rewards and payments, and the round cycle.

How a state moves on
--------------------
One decision at a time, on the task stack of ``mp_notebook.rulesets._shared.tasks`` (shared with
The Voyages of Marco Polo): a main action pushes its follow-up decisions (``offer``, ``move``,
``pay`` …) and automatic steps (``gain``, ``charge``, ``post`` …); ``TURNS`` at the end of this
module names every handler. The solo Automa's turns are played inside ``apply``.

Readings of the rulebook chosen where it is silent (each is tested)
-------------------------------------------------------------------
* Compensation also follows the roll of round 1 (the setup roll).
* Upper Travel space: the extra post and the post where the move ends both give their placement
  bonuses, at the end of the movement.
* A completed contract keeps its slot until its rewards are received, so a "contract with seal"
  reward can make the player discard (an old contract or the new one).
* Contracts taken in one Contracts action cannot be discarded in that same action.
* Money bag before the main action (003 p.13): it may not take the player's last die, so the
  main action is still performed, unless the turn began with a single die (the special case;
  read as: no die has gone on the bag yet this turn and the player holds one die) or no main
  action is legal with that die. A player with dice but no legal main action thus uses the money
  bag until out of dice: a turn is never passed with dice left.
* The contract majority (8/4 VP) needs at least one completed contract.
* Jade: a ``pay`` decision appears only when jade could stand in for coins or camels; splits that
  would leave no payable first route of a Travel action are not offered.
* Filippo Vitello keeps the outpost bonus tiles he claims himself, as well as those the others
  claim (supplement: "Place any outpost bonus tiles you claim in front of you as well"), and can
  cash each once more as a bonus action.
* Quick setup: seat 0 starts; each seat gets a random starting contract and goal card.
* Solo: the first player (the player or the Automa) is drawn at random, as the solo rulebook's
  set-up says (004: "Randomly select a player to be the first player"); the English reference
  (002) says the human always starts, but 004 is the solo mode's own rulebook.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action
from mp_notebook.engine.text import amounts, counted, resource
from mp_notebook.rulesets._shared import dice as placing
from mp_notebook.rulesets._shared.dice import DiceChoice
from mp_notebook.rulesets._shared.tasks import (
    LegalAction,
    Task,
    Turns,
    compensation_actions,
    counts,
    dice_text,
    mid_action,
    new_action,
    parse_counts,
    push,
    seat_name,
)
from mp_notebook.rulesets.mp2 import automa
from mp_notebook.rulesets.mp2.citations import (
    R_ACTIONS,
    R_ADJUST,
    R_BAG,
    R_BLACK,
    R_BOOKS,
    R_BUY_BLACK,
    R_CARDS,
    R_CHAR,
    R_COMPENSATION,
    R_COMPLETE,
    R_CONTRACTS,
    R_END,
    R_FIRST,
    R_ICONS,
    R_IMPROVE,
    R_KHAN,
    R_OCCUPIED,
    R_OUTPOST,
    R_POSTS,
    R_REROLL,
    R_ROUND,
    R_SEALS,
    R_SETUP,
    R_SPECIAL,
    R_TRAVEL,
    R_TURN,
)
from mp_notebook.rulesets.mp2.components import SEALS, TRADE_GOODS, Bundle, Character, Cost, Reward, Route
from mp_notebook.rulesets.mp2.notation import BONUS_KINDS, MAIN_KINDS

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board
    from mp_notebook.rulesets.mp2.state import Mp2State, Player, Space



FILIPPO = "Filippo-Vitello"  # the one character whose ability is an extra bonus action

SPACE_BOOK = "book:"
SPACE_TRAVEL = "travel:"
SPACE_SPECIAL = "special:"
SPACE_CARD = "card:"
AREA_SPACES = ("Area-1", "Area-2")


# =============================================================================== small helpers


def can_pay(p: Player, b: Bundle) -> bool:
    """Whether ``p`` can pay ``b``: its goods, and its jade plus a jade for every coin and camel short."""
    short_coins, short_camels = b.coins - p.coins, b.camels - p.camels
    return (b.jade + (short_coins if short_coins > 0 else 0) + (short_camels if short_camels > 0 else 0) <= p.jade
            and p.pepper >= b.pepper and p.silk >= b.silk and p.gold >= b.gold)


def can_pay_cost(p: Player, cost: Cost, times: int = 1) -> bool:
    pay = cost.pay.scaled(times) if times != 1 else cost.pay
    if not can_pay(p, pay):
        return False
    if not (cost.any_good or cost.different_goods):
        return True
    left: list[int] = [getattr(p, g) - getattr(pay, g) for g in TRADE_GOODS]
    return sum(left) >= cost.any_good * times and sum(v > 0 for v in left) >= cost.different_goods * times


def _jade_splits(p: Player, b: Bundle) -> list[tuple[int, int]]:
    """Every way to pay ``b``'s coins and camels: ``(jade for coins, jade for camels)``."""
    spare = p.jade - b.jade
    out = []
    for jc in range(max(0, b.coins - p.coins), min(b.coins, spare) + 1):
        for jm in range(max(0, b.camels - p.camels), min(b.camels, spare - jc) + 1):
            out.append((jc, jm))
    return out




@functools.lru_cache(maxsize=4096)
def _combos(own: tuple[int, ...], black: tuple[int, ...], n: int) -> tuple[DiceChoice, ...]:
    """The shared dice choices, in value order (Marco Polo II lists its legal actions so)."""
    return tuple(sorted(placing.choices(own, black, n)))


def _own(a: Action | LegalAction) -> tuple[int, ...]:
    """The dice of ``a`` in the player's colour (its dice without its black ones)."""
    return placing.without(a.dice, a.black)


def _char(s: Mp2State, i: int) -> Character | None:
    """Player ``i``'s character, or None in a game without character abilities."""
    name = s.players[i].character
    return s.components.characters_by_name[name] if name else None


def _ability(s: Mp2State, i: int) -> Character:
    """Player ``i``'s character, where one of its abilities is in play (so the player has one)."""
    ch = _char(s, i)
    if ch is None:
        raise RuntimeError(f"{s.players[i].name} has no character, yet a character ability is in play")
    return ch


def _figures(p: Player) -> tuple[tuple[int, str], ...]:
    """``(figure number, location)`` of each of the player's figures (Mailin & Tian Chin have 2)."""
    return ((1, p.location),) if p.figure2 is None else ((1, p.location), (2, p.figure2))


def _route_cost(s: Mp2State, i: int, route: Route) -> Bundle:
    """What player ``i`` pays for ``route`` (Gantulga Od pays no coins or camels)."""
    ch = _char(s, i)
    if ch is None or not ch.free_route_costs:
        return route.cost
    free = ch.free_route_costs
    return Bundle(coins=0 if "coins" in free else route.coins, camels=0 if "camels" in free else route.camels,
                  jade=0 if "jade" in free else route.jade)


def _die_bonus(s: Mp2State, i: int, value: int, why: str) -> list[Task]:
    """Isabella Donati's bonus for a die rolled (or a black die taken in the variant)."""
    ch = _char(s, i)
    if ch is None or not ch.die_rewards:
        return []
    return [_gain(i, ch.die_rewards[value - 1], f"{why}: a {value}", R_CHAR(ch))]


def _marker_cities(s: Mp2State) -> list[str]:
    return [c for c in s.markers if s.markers[c]]


def _available_contracts(s: Mp2State, i: int, city: str | None = None) -> list[tuple[str, str]]:
    posts = s.players[i].trading_posts
    cities = [city] if city else [c for c in s.display if c in posts]
    return [(c, cid) for c in cities for cid in s.display.get(c, ()) if cid is not None]


def _card_city(s: Mp2State, space: str) -> str | None:
    return s.components.card_spaces.get(space)


# =============================================================================== gains and costs


def gain_bundle(s: Mp2State, i: int, b: Bundle, why: str, rule: str) -> None:
    """Give player ``i`` the resources in ``b`` and log it."""
    if not b:
        return
    p = s._player(i)
    pieces = p.__dict__
    for k, v in b.items():
        pieces[k] += v
    s._note(i, f"{p.name} gains {b} ({why})", rule)
    ch = _char(s, i) if b.jade else None
    if ch and ch.vp_per_jade:
        pieces["vp"] += ch.vp_per_jade * b.jade
        s._note(i, f"{p.name} scores {ch.vp_per_jade * b.jade} VP for the jade gained", R_CHAR(ch))


def _pay_now(s: Mp2State, i: int, b: Bundle, jade_coins: int, jade_camels: int, why: str, rule: str) -> None:
    if not b:
        return
    p = s._player(i)
    paid = b if not (jade_coins or jade_camels) else Bundle(
        coins=b.coins - jade_coins, camels=b.camels - jade_camels, pepper=b.pepper, silk=b.silk, gold=b.gold,
        jade=b.jade + jade_coins + jade_camels, vp=b.vp)
    pieces = p.__dict__
    for k, v in paid.items():
        pieces[k] -= v
    if paid:
        extra = (f"; jade paid for {amounts((('coins', jade_coins), ('camels', jade_camels)), ' and ')}"
                 if jade_coins or jade_camels else "")
        s._note(i, f"{p.name} pays {paid} ({why}{extra})", rule)


def _gain(i: int, reward: Reward, why: str, rule: str) -> Task:
    return ("gain", i, reward, why, rule)


def _charge(i: int, cost: Cost | Bundle, why: str, rule: str, reserve: tuple[Bundle, ...] = ()) -> Task:
    """A payment task; ``reserve``: after paying, at least one of these must still be payable."""
    return ("charge", i, cost if isinstance(cost, Cost) else Cost(cost), why, rule, reserve)


@functools.lru_cache(maxsize=64)
def _coins(n: int) -> Cost:
    """A cost of ``n`` coins (a space's fee)."""
    return Cost(Bundle(coins=n))


def _run_gain(s: Mp2State, task: Task) -> None:
    _, i, reward, why, rule = task
    gain_bundle(s, i, reward.gain, why, rule)
    follow: list[Task] = []
    if reward.any_good:
        follow.append(("good", i, reward.any_good, False, (), "gain", why))
    if reward.different_goods:
        follow.append(("good", i, reward.different_goods, True, (), "gain", why))
    if reward.choice:
        follow.append(("choose", i, reward.choice, why))
    follow += [("draw_contract", i, why)] * reward.contract_pile
    if reward.contract_city:
        follow.append(("take_contract", i, reward.contract_city, "icon", (), None))
    if reward.move:
        follow.append(("move", i, reward.move, (), "bonus", 0))
    follow += [("take_black", i, why)] * reward.black_die
    if reward.shield:
        p = s._player(i)
        object.__setattr__(p, "shields", p.shields + reward.shield)
        icons = counted(reward.shield, "'+1' shield icon")
        s._note(i, f"{p.name} gains {icons} for final scoring ({why})", R_ICONS)
    if reward.copy_bonus:
        follow.append(("copy", i, why))
    push(s, *follow)


def _run_charge(s: Mp2State, task: Task) -> None:
    _, i, cost, why, rule, reserve = task
    if not cost:  # e.g. an unoccupied space: no fee
        return
    p = s.players[i]
    b = cost.pay
    if b.pepper or b.silk or b.gold or b.vp:  # goods and points first, then coins and camels (jade may help)
        _pay_now(s, i, Bundle(pepper=b.pepper, silk=b.silk, gold=b.gold, vp=b.vp), 0, 0, why, rule)
        coin_camel = Bundle(coins=b.coins, camels=b.camels, jade=b.jade)
    else:
        coin_camel = b
    follow: list[Task] = []
    if cost.any_good:
        follow.append(("good", i, cost.any_good, False, (), "pay", why))
    if cost.different_goods:
        follow.append(("good", i, cost.different_goods, True, (), "pay", why))
    splits = _pay_splits(p, coin_camel, reserve)
    if len(splits) == 1:
        _pay_now(s, i, coin_camel, *splits[0], why, rule)
    else:
        follow.insert(0, ("pay", i, coin_camel, why, rule, reserve))
    push(s, *follow)


def _pay_splits(p: Player, b: Bundle, reserve: tuple[Bundle, ...]) -> list[tuple[int, int]]:
    splits = (_jade_splits(p, b) if p.jade and (b.coins or b.camels)
              else [(max(0, b.coins - p.coins), max(0, b.camels - p.camels))])
    if reserve and len(splits) > 1:
        def leaves_enough(split: tuple[int, int]) -> bool:
            after = p._copy()
            for k, v in (("coins", b.coins - split[0]), ("camels", b.camels - split[1]), ("jade", b.jade + sum(split))):
                object.__setattr__(after, k, getattr(after, k) - v)
            return any(can_pay(after, r) for r in reserve)
        splits = [sp for sp in splits if leaves_enough(sp)]
    return splits


# =============================================================================== the turn


def _place(s: Mp2State, i: int, a: LegalAction, key: str) -> bool:
    """Move the dice of ``a`` from player ``i`` onto space ``key``; True if it was occupied."""
    p = s._player(i)
    own = _own(a)
    object.__setattr__(p, "dice", placing.without(p.dice, own))
    object.__setattr__(p, "black_dice", placing.without(p.black_dice, a.black))
    space = s.space(key)
    s.spaces = {**s.spaces, key: placing.placed(space, i, own, a.dice)}
    s.placed = (*s.placed, (key, i, own, a.black))
    return bool(space[1])


def _fee(s: Mp2State, key: str, dice: tuple[int, ...]) -> int:
    return placing.fee(s.space(key), dice)


def _main_actions(s: Mp2State, i: int) -> list[Action]:
    c = s.components
    p = s.players[i]
    spaces = s.spaces
    own, black = p.dice, p.black_dice
    money = p.coins + p.jade  # what an occupied space's fee may be paid with
    out: list[Action] = []

    def dice(n: int, key: str) -> tuple[DiceChoice, ...]:
        taken = spaces.get(key)  # the player's colour goes on a space once a round
        return _combos(own if taken is None or i not in taken[0] else (), black, n)

    def occupied(key: str) -> bool:
        space = spaces.get(key)
        return space is not None and bool(space[1])

    # 1. Books
    for book in c.rules.books:
        key = SPACE_BOOK + book.name
        busy, least, name = occupied(key), book.min_die, book.name
        out += [new_action(Action, ("books", i, all_, b, name, None)) for _, b, all_ in dice(1, key)
                if all_[0] >= least and (not busy or money >= all_[0])]
    # 2. Khan's Favor
    values = s.space("khan")[1]
    if len(values) < c.rules.khan_spaces:
        least = values[-1] if values else 1
        out += [new_action(Action, ("khans_favor", i, all_, b, None, None)) for _, b, all_ in dice(1, "khan")
                if all_[0] >= least]
    ch = _char(s, i)
    # 3. Guild Seals (De Wu: 1 die)
    least = _lowest_seal_die(s, i)
    if least <= 6:
        busy = occupied("seals")
        out += [new_action(Action, ("guild_seal", i, all_, b, None, None))
                for _, b, all_ in dice(ch.seal_dice or 2 if ch else 2, "seals")
                if all_[0] >= least and (not busy or money >= all_[0])]
    # 4. Travel (Gantulga Od: only the lower space)
    limit: int | None = None  # the most coins the player can pay for a Travel space and then a first route
    for space in c.rules.travel:
        if ch and ch.travel_spaces and space.name not in ch.travel_spaces:
            continue
        key, name = SPACE_TRAVEL + space.name, space.name
        choices = dice(space.dice, key)
        if not choices:
            continue
        if limit is None:
            limit = _travel_fee_limit(p, _first_moves(s, i))
        coins = space.coins
        if occupied(key):  # the fee is the lowest die placed
            out += [new_action(Action, ("travel", i, all_, b, name, None)) for _, b, all_ in choices
                    if coins + all_[0] <= limit]
        elif coins <= limit:
            out += [new_action(Action, ("travel", i, all_, b, name, None)) for _, b, all_ in choices]
    # 5. Contracts
    if _contract_available(s, p.trading_posts):
        busy = occupied("contracts")
        out += [new_action(Action, ("contracts", i, all_, b, None, None)) for _, b, all_ in dice(1, "contracts")
                if not busy or money >= all_[0]]
    # 6. Special cities
    posted = _posted_now(s, i)
    for city in c.special_cities:
        key = SPACE_SPECIAL + city
        if city in p.trading_posts and city not in posted and len(s.space(key)[1]) < 2:
            out += [new_action(Action, ("special_city", i, all_, b, city, None)) for _, b, all_ in dice(1, key)]
    # 7. City cards (no colour rule: a brown space takes one die of any player)
    card_cities = c.card_spaces
    for card_space, card_id in s.cards.items():
        card_city = card_cities.get(card_space)
        if ((card_city and (card_city not in p.trading_posts or card_city in posted))
                or occupied(SPACE_CARD + card_space)):
            continue
        least = _card_least_die(s, i, card_id)
        if least <= 6:
            out += [new_action(Action, ("city_card", i, all_, b, card_space, None)) for _, b, all_ in dice(1, "")
                    if all_[0] >= least]
    return out


def _travel_fee_limit(p: Player, routes: list[Bundle]) -> int:
    """The most coins ``p`` can pay (for a Travel space) and still pay one of ``routes`` (-1: none).

    :func:`can_pay` of the fee plus a route: a route costs coins, camels and jade only, and jade
    stands in for every coin and camel short.
    """
    best = -1
    for b in routes:
        short_camels = b.camels - p.camels
        spare_jade = p.jade - b.jade - (short_camels if short_camels > 0 else 0)
        if spare_jade >= 0 and p.coins + spare_jade - b.coins > best:
            best = p.coins + spare_jade - b.coins
    return best


def _contract_available(s: Mp2State, posts: tuple[str, ...]) -> bool:
    """Whether a contract lies in the display of a city where the player has a post."""
    display = s.display
    return any(cid is not None for city in posts if city in display for cid in display[city])


def _posted_now(s: Mp2State, i: int) -> frozenset[str]:
    return s.posted_now if s.turn == i else frozenset()


def _bag_open(s: Mp2State, p: Player, main_open: bool) -> bool:
    """Whether the money bag may take a die now: before the main action not the last die, unless
    the turn began with that single die or no main action is legal (see the readings above)."""
    return s.main_done or p.all_dice != 1 or not s.bagged or not main_open


@functools.lru_cache(maxsize=2048)
def _die_actions(i: int, singles: tuple[DiceChoice, ...], bags: tuple[str, ...]) -> tuple[tuple[Action, ...], ...]:
    """Player ``i``'s money bag (one choice per ``bags``), reroll and adjust actions, with each
    single die of ``singles`` (a player's dice recur: these are made once)."""
    return (tuple(new_action(Action, ("money_bag", i, all_, b, None, bag)) for _, b, all_ in singles for bag in bags),
            tuple(new_action(Action, ("reroll", i, all_, b, None, None)) for _, b, all_ in singles),
            tuple(new_action(Action, ("adjust_die", i, all_, b, None, d)) for _, b, all_ in singles
                  for d, by in (("-1", -1), ("+1", 1)) if 1 <= all_[0] + by <= 6))


def closure_actions(s: Mp2State, i: int) -> list[Action]:
    """Player ``i``'s bonus actions that cash in what the player holds (complete a contract, improve
    a seal, cash an outpost bonus tile), in the order of ``legal_actions``: the greedy look-ahead's
    closure (legal at ``i``'s turn decision).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> s.decision.kind, closure_actions(s, 0) == [a for a in s.legal_actions()
    ...                                            if a.kind in ("complete_contract", "improve_seal", "outpost_bonus")]
    ('turn', True)
    """
    p = s.players[i]
    return _contract_and_seal_actions(s, p, i) + _outpost_actions(p, i)


def _contract_and_seal_actions(s: Mp2State, p: Player, i: int) -> list[Action]:
    c = s.components
    out = [new_action(Action, ("complete_contract", i, (), (), None, cid)) for cid in p.contracts
           if can_pay_cost(p, c.contracts[cid].cost)]
    out += [new_action(Action, ("improve_seal", i, (), (), None, seal)) for seal, improved in p.seal_levels
            if not improved and can_pay_cost(p, c.seals[seal].improve)]
    return out


def _outpost_actions(p: Player, i: int) -> list[Action]:
    return [Action("outpost_bonus", i, choice=tile) for tile in sorted(set(p.outpost_tiles))]


def _bonus_actions(s: Mp2State, i: int, main_open: bool) -> list[Action]:
    rules = s.components.rules
    p = s.players[i]
    out = _contract_and_seal_actions(s, p, i)
    bag, reroll, adjust = _die_actions(i, _combos(p.dice, p.black_dice, 1), tuple(rules.money_bag))
    if _bag_open(s, p, main_open):
        out += bag
    if can_pay(p, rules.reroll_cost):
        out += reroll
    if can_pay(p, rules.adjust_cost):
        out += adjust
    out += _outpost_actions(p, i)
    if not s.black_bought and s.black_pool and can_pay(p, rules.black_die_cost):
        if "black_dice" in s.variants:
            out += [Action("black_die", i, (v,), (v,)) for v in sorted(set(s.black_pool))]
        else:
            out.append(Action("black_die", i))
    return out


def _do_outpost_bonus(s: Mp2State, a: LegalAction) -> None:
    i, tile = a.player, a.choice
    p = s._player(i)
    tiles = list(p.outpost_tiles)
    tiles.remove(tile)
    object.__setattr__(p, "outpost_tiles", tuple(tiles))
    rule = R_CHAR(_ability(s, i))  # only Filippo Vitello holds outpost bonus tiles
    s._note(i, f"{p.name} cashes outpost bonus tile {tile} and returns it to the box", rule)
    push(s, _gain(i, s.components.outposts[tile], f"outpost bonus tile {tile}", rule))


def _turn_actions(s: Mp2State, i: int) -> list[Action]:
    p = s.players[i]
    out = _main_actions(s, i) if not s.main_done and p.all_dice else []
    out += _bonus_actions(s, i, bool(out))
    if s.main_done or not p.all_dice:
        out.append(new_action(Action, ("end_turn", i, (), (), None, None)))
    return out


def _seal_choices(s: Mp2State, i: int, level: int) -> list[str]:
    p = s.players[i]
    return [t for t in SEALS if s.components.seals[t].min_die <= level and not p.has_seal(t)]


def _first_moves(s: Mp2State, i: int) -> list[Bundle]:
    """What each first step open to the player's figures costs them (seals checked, costs not)."""
    p = s.players[i]
    routes = _open_routes(s.board, p.location, p.seal_levels)
    if p.figure2 is not None:
        routes += _open_routes(s.board, p.figure2, p.seal_levels)
    ch = _char(s, i)
    if ch is None or not ch.free_route_costs:
        return [r.cost for r, _ in routes]
    return [_route_cost(s, i, r) for r, _ in routes]


@functools.lru_cache(maxsize=4096)
def _open_routes(board: Board, location: str,
                 seal_levels: tuple[tuple[str, bool], ...]) -> tuple[tuple[Route, str], ...]:
    """``(route, label)`` of the routes out of ``location`` open to a holder of these seals (a
    route may need one), in the board's order."""
    held = {t for t, _ in seal_levels}
    return tuple((r, label) for _, _, r, label in board.adjacent[location] if r.seal is None or r.seal in held)


def _lowest_seal_die(s: Mp2State, i: int) -> int:
    """The lowest die that takes a guild seal player ``i`` does not hold (7: they hold them all)."""
    held = [t for t, _ in s.players[i].seal_levels]
    seals = s.components.seals
    low = 7
    for t in SEALS:
        if t not in held and seals[t].min_die < low:
            low = seals[t].min_die
    return low


def _card_least_die(s: Mp2State, i: int, card_id: str) -> int:
    """The lowest die with which player ``i`` can carry out city card ``card_id`` (7: none). Only
    a guild seal card depends on the die: it must take a seal the player does not hold."""
    card = s.components.city_cards[card_id]
    p = s.players[i]
    if card.kind == "trade":
        usable = any(can_pay_cost(p, o.pay) for o in card.options)
    elif card.kind == "city_bonus":
        usable = any(city in p.trading_posts for city in _marker_cities(s))
    elif card.kind == "guild_seal":
        return _lowest_seal_die(s, i) if can_pay_cost(p, card.pay) else 7
    elif card.kind == "move":
        usable = any(can_pay(p, cost) for cost in _first_moves(s, i))
    else:
        usable = True
    return 1 if usable else 7


# --- applying main actions -----------------------------------------------------------------


def _do_books(s: Mp2State, a: LegalAction) -> None:
    i, key = a.player, SPACE_BOOK + a.space
    fee = _fee(s, key, a.dice)
    _place(s, i, a, key)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on the {a.space} book", R_BOOKS)
    push(s, _charge(i, _coins(fee), "occupied action space", R_OCCUPIED), ("offer", i, a.space))


def _do_khan(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    _place(s, i, a, "khan")
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on Khan's Favor space {len(s.spaces['khan'][1])}", R_KHAN)
    gain_bundle(s, i, s.components.rules.khan_reward, "Khan's Favor", R_KHAN)


def _do_guild_seal(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    fee = _fee(s, "seals", a.dice)
    _place(s, i, a, "seals")
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on Guild Seals", R_SEALS)
    push(s, _charge(i, _coins(fee), "occupied action space", R_OCCUPIED), ("seal", i, min(a.dice)))


# the action spaces where a player pays the lowest die placed if the space is occupied (R_OCCUPIED)
_FEE_SPACES = {"books": SPACE_BOOK + "{}", "guild_seal": "seals", "contracts": "contracts"}


def space_coins(s: Mp2State, a: Action | LegalAction) -> int:
    """Coins a main action ``a`` of ``s`` costs for its action space, before it is placed.

    An occupied Books, Guild Seals, Travel or Contracts space costs the lowest die placed
    (Khan's Favor, special cities and city cards have no fee); the lower Travel spaces cost their
    coins too (:func:`travel_terms`). Other actions cost nothing here.
    """
    if a.kind == "travel":
        return travel_terms(s, a)[0]
    key = _FEE_SPACES.get(a.kind)
    return _fee(s, key.format(a.space), a.dice) if key else 0


def travel_terms(s: Mp2State, a: Action | LegalAction) -> tuple[int, int]:
    """``(coins due for the space, moves allowed)`` of a Travel action ``a`` before it is placed.

    The lower space costs its coins, an occupied space the lowest die placed; the lowest die
    limits the moves, up to the space's maximum.
    """
    space = next(sp for sp in s.components.rules.travel if sp.name == a.space)
    return space.coins + _fee(s, SPACE_TRAVEL + space.name, a.dice), min(min(a.dice), space.max_moves)


def _do_travel(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    index = next(k for k, sp in enumerate(s.components.rules.travel) if sp.name == a.space)
    coins, moves = travel_terms(s, a)
    fee = _coins(coins)
    _place(s, i, a, SPACE_TRAVEL + a.space)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on the {a.space} Travel space", R_TRAVEL)
    if index >= s.travel_high:
        s.travel_high, s.next_first = index, i
        s._note(i, f"{seat_name(s, i)} will be first player next round (used a Travel space ≥ every one used "
                   f"before this round)", R_FIRST)
    reserve = tuple(_first_moves(s, i))
    own = s.components.rules.travel[index].coins  # the space's printed coins (the lower space's 2)
    if coins > own:  # occupied: the lowest die placed as well (R_OCCUPIED)
        why = (f"{a.space} Travel space: {own} coins, and {coins - own} as it was occupied (the lowest die placed)"
               if own else f"{a.space} Travel space was occupied: the lowest die placed")
        rule = R_OCCUPIED
    else:
        why, rule = f"{a.space} Travel space", R_TRAVEL
    push(s, _charge(i, fee, why, rule, reserve), ("move", i, moves, (), a.space, 0))


def _do_contracts(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    fee = _fee(s, "contracts", a.dice)
    _place(s, i, a, "contracts")
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on Contracts", R_CONTRACTS)
    push(s, _charge(i, _coins(fee), "occupied action space", R_OCCUPIED),
          ("take_contract", i, 2, "action", (), None), ("contracts_done", i))


def _do_special(s: Mp2State, a: LegalAction) -> None:
    i, city = a.player, a.space
    special = s.components.special_cities[city]
    _place(s, i, a, SPACE_SPECIAL + city)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} in {city}", R_SPECIAL)
    tasks = [_gain(i, special.reward, f"{city}'s action", R_SPECIAL)]
    if s.players[i].improved(special.guild):
        times = 2 if min(a.dice) >= special.double_at else 1
        s._note(i, f"the improved {special.guild} seal adds its bonus {times}x (die {min(a.dice)}; twice from "
                   f"{special.double_at})", R_SPECIAL)
        tasks += [_gain(i, s.components.seals[special.guild].bonus, f"improved {special.guild} seal in {city}",
                        R_SPECIAL)] * times
    push(s, *tasks)


def _do_city_card(s: Mp2State, a: LegalAction) -> None:
    i, die = a.player, min(a.dice)
    card = s.components.city_cards[s.cards[a.space]]
    _place(s, i, a, SPACE_CARD + a.space)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on city card {card.id} ({a.space}): {card}", R_CARDS)
    p = s.players[i]
    why = f"city card {card.id}"
    if card.kind == "trade":
        push(s, ("trade", i, card.id, die))
    elif card.kind == "count":
        counted = len(p.completed) if card.counts == "completed_contracts" else len(p.trading_posts)
        gain_bundle(s, i, card.gain.scaled(min(die, counted)), f"{why}: {counted} counted, up to {die}", R_CARDS)
    elif card.kind == "city_bonus":
        push(s, ("city_bonus", i, die, ()))
    elif card.kind == "coins_per_pip":
        gain_bundle(s, i, card.gain.scaled(die), f"{why}: die {die}", R_CARDS)
    elif card.kind == "guild_seal":
        push(s, _charge(i, card.pay, why, R_CARDS), ("seal", i, die))
    else:  # move
        push(s, ("move", i, die, (), "card", 0))


# --- applying bonus actions ------------------------------------------------------------------


def _do_complete(s: Mp2State, a: LegalAction) -> None:
    i, cid = a.player, a.choice
    contract = s.components.contracts[cid]
    s.completing = s.completing | {cid}
    s._note(i, f"{seat_name(s, i)} completes contract {cid}", R_COMPLETE)
    tasks = [_charge(i, contract.cost, f"contract {cid}", R_COMPLETE),
             _gain(i, contract.reward, f"contract {cid}", R_COMPLETE)]
    ch = _char(s, i)
    if ch and ch.complete_reward:
        tasks.append(_gain(i, ch.complete_reward, f"completing contract {cid}", R_CHAR(ch)))
    push(s, *tasks, ("file_contract", i, cid))


def _run_file_contract(s: Mp2State, task: Task) -> None:
    """After its rewards, a completed contract leaves its slot for the completed pile."""
    _, i, cid = task
    p = s._player(i)
    object.__setattr__(p, "contracts", tuple(c for c in p.contracts if c != cid))
    object.__setattr__(p, "completed", (*p.completed, cid))
    s.completing = s.completing - {cid}


def _do_improve(s: Mp2State, a: LegalAction) -> None:
    i, seal = a.player, a.choice
    p = s._player(i)
    object.__setattr__(p, "seal_levels", tuple((t, up or t == seal) for t, up in p.seal_levels))
    s._note(i, f"{p.name} improves the {seal} seal", R_IMPROVE)
    data = s.components.seals[seal]
    tasks = [_charge(i, data.improve, f"improving the {seal} seal", R_IMPROVE),
             _gain(i, data.bonus, f"improved {seal} seal", R_IMPROVE)]
    ch = _char(s, i)
    if ch and ch.improve_reward:
        tasks.append(_gain(i, ch.improve_reward, "improving a seal", R_CHAR(ch)))
    push(s, *tasks)


def _take_die(s: Mp2State, a: LegalAction) -> None:
    """Remove the one die of ``a`` from its owner's tray (money bag, reroll, adjust)."""
    p = s._player(a.player)
    if a.black:
        black = list(p.black_dice)
        black.remove(a.black[0])
        object.__setattr__(p, "black_dice", tuple(black))
    else:
        dice = list(p.dice)
        dice.remove(a.dice[0])
        object.__setattr__(p, "dice", tuple(dice))


def _give_die(s: Mp2State, i: int, value: int, black: bool) -> None:
    p = s._player(i)
    field = "black_dice" if black else "dice"
    object.__setattr__(p, field, tuple(sorted((*getattr(p, field), value))))


def _do_money_bag(s: Mp2State, a: LegalAction) -> None:
    _take_die(s, a)
    s.bagged = s.bagged or not s.main_done
    s._note(a.player, f"{seat_name(s, a.player)} places {dice_text(a)} on the money bag", R_BAG)
    gain_bundle(s, a.player, s.components.rules.money_bag[a.choice], "money bag", R_BAG)


def _do_reroll(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    _take_die(s, a)
    value = s.roll()
    _give_die(s, i, value, bool(a.black))
    s._note(i, f"{seat_name(s, i)} rerolls {dice_text(a)}: {value}", R_REROLL)
    push(s, _charge(i, s.components.rules.reroll_cost, "reroll", R_REROLL), *_die_bonus(s, i, value, "reroll"))


def _do_adjust(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    _take_die(s, a)
    value = a.dice[0] + int(a.choice)
    _give_die(s, i, value, bool(a.black))
    s._note(i, f"{seat_name(s, i)} changes {dice_text(a)} to {value}", R_ADJUST)
    push(s, _charge(i, s.components.rules.adjust_cost, "changing a die", R_ADJUST))


def _do_black_die(s: Mp2State, a: LegalAction) -> None:
    i = a.player
    s.black_bought = True
    _take_black(s, i, "bonus action", a.dice[0] if a.dice else None)
    push(s, _charge(i, s.components.rules.black_die_cost, "black die", R_BUY_BLACK))


def _take_black(s: Mp2State, i: int, why: str, value: int | None) -> None:
    """Give player ``i`` a black die from the board: rolled, or (variant) the one chosen."""
    pool = list(s.black_pool)
    if value is None:
        pool.pop()
        value = s.roll()
        how = f"rolls {value}"
    else:
        pool.remove(value)
        how = f"takes the one showing {value} (black dice variant)"
    s.black_pool = tuple(pool)
    _give_die(s, i, value, True)
    s._note(i, f"{seat_name(s, i)} takes a black die and {how} ({why})", R_BLACK)
    push(s, *_die_bonus(s, i, value, "black die"))


def _do_end_turn(s: Mp2State, a: LegalAction) -> None:
    s._note(a.player, f"{seat_name(s, a.player)} ends the turn", R_TURN)
    end_turn(s, a.player)


def end_turn(s: Mp2State, i: int) -> None:
    """End seat ``i``'s turn: refill contracts; the next seat with dice plays, or the round ends."""
    _refill_display(s)
    s.main_done = False
    s.black_bought = False
    s.bagged = False
    s.posted_now = frozenset()
    n = s.num_players
    for k in range(1, n + 1):
        q = (i + k) % n
        if _has_dice(s, q):
            s.turn = q
            return
    _end_round(s)


def _has_dice(s: Mp2State, i: int) -> bool:
    if s.automa is not None and i == automa.SEAT:
        return automa.has_dice(s)
    return bool(s.players[i].all_dice)


def _refill_display(s: Mp2State) -> None:
    display = dict(s.display)
    pile = list(s.contract_pile)
    for city, slots in display.items():
        if None in slots and pile:
            filled = tuple(cid if cid is not None or not pile else pile.pop(0) for cid in slots)
            spaces = counted(sum(a != b for a, b in zip(slots, filled, strict=True)), "contract space")
            s._note(None, f"{spaces} in {city} refilled from the pile", R_CONTRACTS)
            display[city] = filled  # type: ignore[assignment]
    s.display, s.contract_pile = display, tuple(pile)


# =============================================================================== travel and posts


def _move_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, _remaining, _visited, mode, made = task
    p = s.players[i]
    ch = _char(s, i)
    free = ch is not None and bool(ch.free_route_costs)
    out = [new_action(Action, ("move", i, (), (), None, label if figure == 1 else f"{label}/{figure}"))
           for figure, loc in _figures(p) for r, label in _open_routes(s.board, loc, p.seal_levels)
           if can_pay(p, _route_cost(s, i, r) if free else r.cost)]
    if made or mode == "bonus":
        out.append(Action("done", i))
    return out


def _route_by_label(s: Mp2State, location: str, label: str) -> tuple[str, Route]:
    for n, _, r, lab in s.board.adjacent[location]:
        if lab == label:
            return n, r
    raise KeyError(label)


def _apply_move(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, remaining, visited, mode, made = task
    if a.kind == "done":
        push(s, ("finish_move", i, mode, visited))
        return
    label, _, fig = a.choice.partition("/")
    figure = int(fig or 1)
    p = s._player(i)
    field = "location" if figure == 1 else "figure2"
    start = getattr(p, field)
    to, route = _route_by_label(s, start, label)
    object.__setattr__(p, field, to)
    how = f"{route.kind} route" + (f", needs the {route.seal} seal" if route.seal else "")
    who = p.name if p.figure2 is None else f"{p.name} (figure {figure})"
    s._note(i, f"{who} moves {start} → {to} ({how})", R_TRAVEL)
    ch = _char(s, i)
    if ch is not None and ch.free_oases and not s.components.locations[to].is_city:
        s._note(i, f"entering the oasis {to} costs {p.name} no movement", R_CHAR(ch))
        left = remaining
    else:
        left = remaining - 1
    visited = (*visited, (figure, to))
    nxt: Task = (("move", i, left, visited, mode, made + 1) if left > 0 else ("finish_move", i, mode, visited))
    push(s, _charge(i, _route_cost(s, i, route), f"route {start}–{to}", R_TRAVEL), nxt)


def _run_finish_move(s: Mp2State, task: Task) -> None:
    _, i, mode, visited = task
    ends: dict[int, str] = {}
    for figure, loc in visited:
        ends.pop(figure, None)
        ends[figure] = loc  # the last figure moved comes last
    if mode == "card":  # a city card's move places one post only
        ends = dict(list(ends.items())[-1:])
    tasks: list[Task] = []
    ch = _char(s, i)
    if ch and ch.oasis_reward:
        oases = dict.fromkeys(loc for _, loc in visited if not s.components.locations[loc].is_city)
        tasks += [_gain(i, ch.oasis_reward, f"oasis {o}", R_CHAR(ch)) for o in oases]
    posts = [("post", i, end) for end in ends.values() if _can_post(s, i, end)]
    if mode in (sp.name for sp in s.components.rules.travel if sp.extra_post):
        passed = [loc for _, loc in visited if loc not in ends.values()]
        candidates = tuple(dict.fromkeys(c for c in passed if _can_post(s, i, c)))
        if candidates:
            push(s, *tasks, ("extra_post", i, candidates, tuple(t[2] for t in posts)))
            return
    push(s, *tasks, *posts)


def _can_post(s: Mp2State, i: int, city: str) -> bool:
    loc = s.components.locations[city]
    return loc.is_city and not loc.start and city not in s.players[i].trading_posts


def _apply_extra_post(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, _candidates, ends = task
    posts: list[Task] = [("post", i, end) for end in ends]
    if a.kind != "done":
        s._note(i, f"{seat_name(s, i)} places an extra trading post in {a.choice}, a city passed through "
                   f"(upper Travel space)", R_POSTS)
        posts.append(("post", i, a.choice))
    push(s, *posts)


def _run_post(s: Mp2State, task: Task) -> None:
    _, i, city = task
    rules = s.components.rules
    p = s.players[i]
    if city in p.trading_posts:  # an earlier post of this same travel already took the city
        return
    if len(p.trading_posts) >= rules.posts_per_player:
        push(s, ("relocate", i, city))
        return
    p = s._player(i)
    object.__setattr__(p, "trading_posts", (*p.trading_posts, city))
    n = len(p.trading_posts)
    s._note(i, f"{p.name} places trading post #{n} in {city}", R_POSTS)
    vp = dict(rules.post_vp).get(n)
    if vp:
        gain_bundle(s, i, Bundle(vp=vp), f"placing trading post #{n}", R_POSTS)
    _post_triggers(s, i, city)


def _post_triggers(s: Mp2State, i: int, city: str) -> None:
    """Everything placing a post in ``city`` triggers (rulebook order)."""
    c = s.components
    if s.turn == i:
        s.posted_now = s.posted_now | {city}
    tasks: list[Task] = []
    marker = s.markers.get(city)
    if marker:
        tasks.append(_gain(i, c.city_bonuses[marker], f"city bonus of {city}", R_POSTS))
    tile = s.outposts.get(city)
    if tile:
        outposts = dict(s.outposts)
        outposts[city] = ""
        s.outposts = outposts
        s._note(i, f"{seat_name(s, i)} is first in {city} and takes its outpost bonus tile {tile}", R_OUTPOST)
        tasks.append(_gain(i, c.outposts[tile], f"outpost bonus tile {tile}", R_OUTPOST))
        for j in range(s.num_players):  # Filippo Vitello collects the tiles claimed, his own included
            ch = _char(s, j)
            if ch is not None and ch.id == FILIPPO:
                f = s._player(j)
                object.__setattr__(f, "outpost_tiles", (*f.outpost_tiles, tile))
                s._note(j, f"{f.name} {'keeps' if j == i else 'takes'} the used outpost bonus tile {tile}",
                        R_CHAR(ch))
                break
    if _available_contracts(s, i, city) and c.locations[city].contracts:
        tasks.append(("take_contract", i, 1, "post", (), city))
    push(s, *tasks)


def _apply_relocate(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, city = task
    p = s._player(i)
    object.__setattr__(p, "trading_posts", tuple(c if c != a.choice else city for c in p.trading_posts))
    s._note(i, f"{p.name} has no trading posts left and moves the one in {a.choice} to {city}", R_POSTS)
    _post_triggers(s, i, city)


# =============================================================================== contracts


def _contract_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, _left, mode, taken, city = task
    out = [Action("take_contract", i, space=c, choice=cid) for c, cid in _available_contracts(s, i, city)]
    if mode != "action" or taken or not out:
        out.append(Action("done", i))
    return out


def _apply_take_contract(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, left, mode, taken, city = task
    if a.kind == "done":
        return
    display = dict(s.display)
    display[a.space] = tuple(None if cid == a.choice else cid for cid in display[a.space])  # type: ignore[assignment]
    s.display = display
    s._note(i, f"{seat_name(s, i)} takes contract {a.choice} from {a.space}", R_CONTRACTS)
    follow = _receive_contract(s, i, a.choice, protected=taken, allow_new=False)
    if left > 1:
        follow.append(("take_contract", i, left - 1, mode, (*taken, a.choice), city))
    push(s, *follow)


def _receive_contract(s: Mp2State, i: int, cid: str, protected: tuple[str, ...], allow_new: bool) -> list[Task]:
    """Put contract ``cid`` on player ``i``'s board, or return the decision of what to discard for it."""
    if len(s.players[i].contracts) < s.components.rules.contract_slots:
        p = s._player(i)
        object.__setattr__(p, "contracts", (*p.contracts, cid))
        return []
    return [("discard", i, cid, protected, allow_new)]


def _discard_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, new, protected, allow_new = task
    return ([Action("discard", i, choice=cid) for cid in s.players[i].contracts
             if cid not in protected and cid not in s.completing]
            + ([Action("discard", i, choice=new)] if allow_new else []))


def _apply_discard(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, new, _protected, _allow_new = task
    p = s._player(i)
    if a.choice != new:
        object.__setattr__(p, "contracts", (*(c for c in p.contracts if c != a.choice), new))
    if s.components.contracts[a.choice].starting:
        s._note(i, f"{p.name} discards starting contract {a.choice} to the box", R_CONTRACTS)
    else:
        s.contract_pile = (*s.contract_pile, a.choice)
        s._note(i, f"{p.name} discards contract {a.choice} to the bottom of the pile", R_CONTRACTS)


def _run_draw_contract(s: Mp2State, task: Task) -> None:
    _, i, why = task
    if not s.contract_pile:
        s._note(i, f"the contract pile is empty: no contract to draw ({why})", R_ICONS)
        return
    cid, s.contract_pile = s.contract_pile[0], s.contract_pile[1:]
    s._note(i, f"{seat_name(s, i)} draws contract {cid} from the pile ({why})", R_ICONS)
    push(s, *_receive_contract(s, i, cid, protected=(), allow_new=True))


# =============================================================================== other follow-ups


def _offer_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, space = task
    tile = _tile_for(s, space)
    return [Action("offer", i, choice=str(k + 1)) for k, (jade, _) in enumerate(tile.offers)
            if s.players[i].jade >= jade]


def _tile_for(s: Mp2State, space: str) -> Any:
    book = next(b.book for b in s.components.rules.books if b.name == space)
    tid = s.offer_tiles[book - 1]
    return next(t for t in s.components.offer_tiles if t.id == tid)


def _apply_offer(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, space = task
    tile = _tile_for(s, space)
    jade, reward = tile.offers[int(a.choice) - 1]
    why = f"offer {a.choice} of tile {tile.id}"
    push(s, _charge(i, Bundle(jade=jade), why, R_BOOKS), _gain(i, reward, why, R_BOOKS))


def _apply_seal(s: Mp2State, task: Task, a: LegalAction) -> None:
    i = task[1]
    p = s._player(i)
    levels = sorted((*p.seal_levels, (a.choice, False)), key=lambda level: SEALS.index(level[0]))
    object.__setattr__(p, "seal_levels", tuple(levels))
    s._note(i, f"{p.name} takes the {a.choice} guild seal (basic side up)", R_SEALS)
    gain_bundle(s, i, Bundle(jade=s.components.seals[a.choice].jade), f"{a.choice} seal", R_SEALS)


def _good_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, _n, distinct, chosen, sign, _why = task
    p = s.players[i]
    return [Action("good", i, choice=g) for g in TRADE_GOODS
            if not (distinct and g in chosen) and (sign == "gain" or getattr(p, g) > 0)]


def _apply_good(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, n, distinct, chosen, sign, why = task
    one = Bundle(**{a.choice: 1})
    if sign == "gain":
        gain_bundle(s, i, one, why, R_ICONS)
    else:
        _pay_now(s, i, one, 0, 0, why, R_ICONS)
    if n > 1:
        push(s, ("good", i, n - 1, distinct, (*chosen, a.choice), sign, why))


def _apply_choose(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, options, why = task
    push(s, _gain(i, options[int(a.choice) - 1], why, R_ICONS))


def _copy_actions(s: Mp2State, task: Task) -> list[Action]:
    i = task[1]
    return [Action("copy_bonus", i, choice=c) for c in _marker_cities(s)
            if not s.components.city_bonuses[s.markers[c]].copy_bonus]


def _apply_copy(s: Mp2State, task: Task, a: LegalAction) -> None:
    i = task[1]
    push(s, _gain(i, s.components.city_bonuses[s.markers[a.choice]], f"copying the city bonus of {a.choice}", R_ICONS))


def _city_bonus_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, _left, used = task
    posts = s.players[i].trading_posts
    out = [Action("city_bonus", i, choice=c) for c in _marker_cities(s) if c in posts and c not in used]
    if used or not out:
        out.append(Action("done", i))
    return out


def _apply_city_bonus(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, left, used = task
    if a.kind == "done":
        return
    bonus = s.components.city_bonuses[s.markers[a.choice]]
    follow = [_gain(i, bonus, f"city bonus of {a.choice} (city card)", R_CARDS)]
    if left > 1:
        follow.append(("city_bonus", i, left - 1, (*used, a.choice)))
    push(s, *follow)


def _trade_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, card_id, max_times = task
    card = s.components.city_cards[card_id]
    p = s.players[i]
    out = []
    for k, o in enumerate(card.options):
        for t in range(1, max_times + 1):
            if not can_pay_cost(p, o.pay, t):
                break  # nor more times: each time costs as much again
            out.append(_trade_action(i, k + 1, t))
    return out


@functools.lru_cache(maxsize=1024)
def _trade_action(i: int, option: int, times: int) -> Action:
    """Player ``i``'s choice to make the trade of a card's option ``option`` ``times`` times (trades recur)."""
    return Action("trade", i, choice=f"{option}x{times}")


def _apply_trade(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, card_id, _ = task
    option, times = (int(x) for x in a.choice.split("x"))
    o = s.components.city_cards[card_id].options[option - 1]
    why = f"city card {card_id}, {times}x"
    cost = Cost(o.pay.pay.scaled(times), o.pay.any_good * times, o.pay.different_goods * times)
    push(s, _charge(i, cost, why, R_CARDS), *[_gain(i, o.gain, why, R_CARDS)] * times)


def _apply_compensation(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, amount = task
    kv = parse_counts(a.choice)
    gain_bundle(s, i, Bundle(coins=kv["coins"], camels=kv["camels"]), f"dice total {15 - amount} < 15", R_COMPENSATION)


def _pay_actions(s: Mp2State, task: Task) -> list[Action]:
    _, i, b, _why, _rule, reserve = task
    p = s.players[i]  # the splits the player can still pay (a position edit may have taken some away)
    return [_pay_action(i, b.coins - jc, b.camels - jm, b.jade + jc + jm) for jc, jm in _pay_splits(p, b, reserve)
            if b.coins - jc <= p.coins and b.camels - jm <= p.camels and b.jade + jc + jm <= p.jade]


@functools.lru_cache(maxsize=1024)
def _pay_action(i: int, coins: int, camels: int, jade: int) -> Action:
    """Player ``i``'s choice to pay so many coins, camels and jade (payments recur)."""
    return Action("pay", i, choice=counts(coins=coins, camels=camels, jade=jade))


def _apply_pay(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, b, why, rule, _reserve = task
    kv = parse_counts(a.choice)
    _pay_now(s, i, b, b.coins - kv["coins"], b.camels - kv["camels"], why, rule)


def _black_pick_actions(s: Mp2State, task: Task) -> list[Action]:
    i = task[1]
    return [Action("black_die", i, (v,), (v,)) for v in sorted(set(s.black_pool))]


def _run_take_black(s: Mp2State, task: Task) -> None:
    _, i, why = task
    if not s.black_pool:
        s._note(i, f"no black dice left on the board ({why})", R_ICONS)
    elif "black_dice" in s.variants:
        push(s, ("black_pick", i, why))
    else:
        _take_black(s, i, why, None)


def _apply_black_pick(s: Mp2State, task: Task, a: LegalAction) -> None:
    _take_black(s, task[1], task[2], a.dice[0])


def _run_contracts_done(s: Mp2State, task: Task) -> None:
    gain_bundle(s, task[1], s.components.rules.contracts_reward, "Contracts action", R_CONTRACTS)


# =============================================================================== rounds


def start_round(s: Mp2State, number: int) -> None:
    """The start-of-round steps (round 1: only the dice roll, the rest is setup)."""
    c = s.components
    s.round = number
    s.first_player = s.next_first
    s.travel_high = -1
    s.turn = s.first_player
    s.spaces, s.placed = initial_spaces(s), ()
    s.black_pool = (0,) * c.rules.black_dice[max(2, s.num_players)]
    order = [(s.first_player + k) % s.num_players for k in range(s.num_players)]
    for i in order:
        p = s._player(i)
        object.__setattr__(p, "black_dice", ())
    if s.automa is not None:
        automa.start_round(s)
        order.remove(automa.SEAT)
    s._note(None, f"round {number} begins; {seat_name(s, s.first_player)} is first player", R_ROUND)
    tasks: list[Task] = []
    if number > 1:
        s.offer_tiles = tuple(pile[0] for pile in s.offer_piles)  # type: ignore[assignment]
        s.offer_piles = tuple(pile[1:] for pile in s.offer_piles)
        s._note(None, f"new offer tiles: {', '.join(s.offer_tiles)}", R_ROUND)
        for i in order:
            tasks += _round_bonuses(s, i)
        cards = dict(s.cards)
        deck = list(s.card_deck)
        for space in AREA_SPACES:
            if deck:
                cards[space] = deck.pop(0)
            else:
                cards.pop(space, None)
        s.cards, s.card_deck = cards, tuple(deck)
        area_cards = ", ".join(cards.get(sp, "—") for sp in AREA_SPACES)
        s._note(None, f"new city cards in the action area: {area_cards}", R_ROUND)
    if "black_dice" in s.variants:
        s.black_pool = tuple(sorted(s.roll() for _ in s.black_pool))
        s._note(None, f"black dice rolled: {list(s.black_pool)} (black dice variant)", R_BLACK)
    for i in order:
        dice = tuple(sorted(s.roll() for _ in range(c.rules.dice_per_player)))
        p = s._player(i)
        object.__setattr__(p, "dice", dice)
        s._note(i, f"{p.name} rolls {list(dice)} (total {sum(dice)})", R_ROUND)
        tasks += _roll_bonuses(s, i, dice)
        short = c.rules.compensation_below - sum(dice)
        if short > 0:
            tasks.append(("compensation", i, short))
    push(s, *tasks)


def assign_character(s: Mp2State, i: int, ch: Character) -> None:
    """Give player ``i`` character ``ch`` with what it adds at setup (Mailin & Tian Chin's coins and figure)."""
    p = s._player(i)
    object.__setattr__(p, "character", ch.name)
    if ch.figures > 1:
        object.__setattr__(p, "figure2", s.board.start)
    s._note(i, f"{p.name} plays {ch.name}: {ch.ability}", R_CHAR(ch))
    gain_bundle(s, i, ch.start_reward, "starting bonus", R_CHAR(ch))


def _apply_pick_character(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, offered, later = task
    assign_character(s, i, s.components.characters[a.choice])
    left = tuple(c for c in offered if c != a.choice)
    if later:
        push(s, ("pick_character", later[0], left, later[1:]))
    else:
        s._note(None, f"unchosen characters return to the box: {', '.join(left)}", R_SETUP)


def _apply_pick_goal(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, options = task
    p = s._player(i)
    object.__setattr__(p, "goal", a.choice)
    s._note(i, f"{p.name} keeps goal card {a.choice} and returns the other {len(options) - 1}", R_SETUP)


def _round_bonuses(s: Mp2State, i: int) -> list[Task]:
    """Step 3 of a round start: the ! bonuses of city markers, the character and improved seals (the
    log says "at the start of the round" where the board shows "!")."""
    c = s.components
    p = s.players[i]
    ch = _char(s, i)
    when = "at the start of the round"
    bonuses = [(c.city_bonuses[s.markers[city]], f"city bonus of {city} {when}") for city in p.trading_posts
               if s.markers.get(city)]
    if ch and ch.round_reward:
        bonuses.append((ch.round_reward, f"{ch.name} {when}"))
    bonuses += [(c.seals[seal].bonus, f"improved {seal} seal {when}") for seal, up in p.seal_levels if up]
    tasks = [_gain(i, reward, why, R_ROUND) for reward, why in bonuses]
    if ch and ch.figures > 1 and bonuses:  # Mailin & Tian Chin: one bonus twice
        tasks.append(("double_bonus", i, tuple(bonuses)))
    return tasks


def _roll_bonuses(s: Mp2State, i: int, dice: tuple[int, ...]) -> list[Task]:
    """Isabella Donati's bonuses for the round-start roll: pairs are offered one by one."""
    ch = _char(s, i)
    if ch is None or not ch.die_rewards:
        return []
    pairs = tuple(v for v in range(1, 7) for _ in range(dice.count(v) // 2))
    singles = [v for v in range(1, 7) for _ in range(dice.count(v) % 2)]
    tasks = [t for v in singles for t in _die_bonus(s, i, v, "round-start roll")]
    return tasks + ([("pair", i, pairs)] if pairs else [])


def _pair_actions(s: Mp2State, task: Task) -> list[Action]:
    return [Action("pair", task[1], choice="doubles"), Action("pair", task[1], choice="separately")]


def _apply_pair(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, pairs = task
    value, rest = pairs[0], pairs[1:]
    ch = _ability(s, i)
    if a.choice == "doubles":
        follow = [_gain(i, ch.pair_rewards[value - 1], f"doubles {value}-{value}", R_CHAR(ch))]
    else:
        follow = _die_bonus(s, i, value, "round-start roll") * 2
    push(s, *follow, *([("pair", i, rest)] if rest else []))


def _apply_double_bonus(s: Mp2State, task: Task, a: LegalAction) -> None:
    _, i, bonuses = task
    reward, why = bonuses[int(a.choice) - 1]
    ch = _ability(s, i)
    s._note(i, f"{seat_name(s, i)} receives {why} a second time", R_CHAR(ch))
    push(s, _gain(i, reward, f"{why}, again", R_CHAR(ch)))


def initial_spaces(s: Mp2State) -> dict[str, Space]:
    """Action spaces at the start of a round: empty but for the 2-/3-player neutral dice."""
    neutral = s.components.rules.neutral.get(s.num_players, {})
    spaces: dict[str, Space] = {}
    if neutral.get("khan"):
        spaces["khan"] = (frozenset(), tuple(neutral["khan"]))
    if neutral.get("special_cities"):
        for city in s.components.special_cities:
            spaces[SPACE_SPECIAL + city] = (frozenset(), (neutral["special_cities"],))
    for name, value in neutral.get("books", {}).items():
        spaces[SPACE_BOOK + name] = (frozenset(), (value,))
    return spaces


def _end_round(s: Mp2State) -> None:
    s._note(None, f"round {s.round} ends: every player has used all their dice", R_TURN)
    if s.round >= s.components.rules.rounds:
        s.over = True
        s.turn = None
        s._note(None, "the game is over after the last round; see scores()", R_END)
        return
    start_round(s, s.round + 1)


# =============================================================================== dispatch

_MAIN: dict[str, Callable[[Mp2State, LegalAction], None]] = {
    "books": _do_books, "khans_favor": _do_khan, "guild_seal": _do_guild_seal, "travel": _do_travel,
    "contracts": _do_contracts, "special_city": _do_special, "city_card": _do_city_card,
}
_BONUS: dict[str, Callable[[Mp2State, LegalAction], None]] = {
    "complete_contract": _do_complete, "improve_seal": _do_improve, "money_bag": _do_money_bag,
    "reroll": _do_reroll, "adjust_die": _do_adjust, "black_die": _do_black_die, "end_turn": _do_end_turn,
    "outpost_bonus": _do_outpost_bonus,
}
# decision task kind -> (legal actions, apply, plain-English prompt)
_DECISIONS: dict[str, tuple[Callable[[Mp2State, Task], list[Action]], Callable[[Mp2State, Task, LegalAction], None],
                            Callable[[Mp2State, Task], str]]] = {
    "offer": (_offer_actions, _apply_offer, lambda s, t: f"choose 1 of the 4 offers on the {t[2]} book"),
    "seal": (lambda s, t: [Action("seal", t[1], choice=x) for x in _seal_choices(s, t[1], t[2])], _apply_seal,
             lambda s, t: f"choose a guild seal (lowest die {t[2]})"),
    "move": (_move_actions, _apply_move,
             lambda s, t: f"move from {s.players[t[1]].location} ({counted(t[2], 'move')} left) or stop"),
    "extra_post": (lambda s, t: [Action("extra_post", t[1], choice=c) for c in t[2]] + [Action("done", t[1])],
                   _apply_extra_post, lambda s, t: "place an extra trading post in a city you passed through, or not"),
    "take_contract": (_contract_actions, _apply_take_contract,
                      lambda s, t: "take a contract" + (" (or stop)" if t[3] != "action" or t[4] else "")),
    "discard": (_discard_actions, _apply_discard,
                lambda s, t: f"no room for contract {t[2]}: discard " + ("it or " if t[4] else "") + "one of yours"),
    "relocate": (lambda s, t: [Action("relocate_post", t[1], choice=c) for c in s.players[t[1]].trading_posts],
                 _apply_relocate, lambda s, t: f"all trading posts are placed: choose one to move to {t[2]}"),
    "good": (_good_actions, _apply_good,
             lambda s, t: f"choose a good to {t[5]} ({t[2]} left{', all different' if t[3] else ''})"),
    "choose": (lambda s, t: [Action("choose", t[1], choice=str(k + 1)) for k in range(len(t[2]))], _apply_choose,
               lambda s, t: "choose one: " + "; ".join(f"{k + 1}) {r}" for k, r in enumerate(t[2]))),
    "copy": (_copy_actions, _apply_copy, lambda s, t: "choose another city bonus marker to copy"),
    "city_bonus": (_city_bonus_actions, _apply_city_bonus,
                   lambda s, t: f"choose a city bonus of a city with your post ({t[2]} left, each different)"),
    "trade": (_trade_actions, _apply_trade, lambda s, t: f"choose the exchange and how many times (up to {t[3]})"),
    "compensation": (compensation_actions, _apply_compensation,
                     lambda s, t: f"take {t[2]} compensation as coins and/or camels"),
    "pay": (_pay_actions, _apply_pay, lambda s, t: f"pay {t[2]} for {t[3]}: choose how much jade to use"),
    "black_pick": (_black_pick_actions, _apply_black_pick, lambda s, t: "choose a black die from the board"),
    "pick_character": (lambda s, t: [Action("character", t[1], choice=c) for c in t[2]], _apply_pick_character,
                       lambda s, t: "choose a character: " + "; ".join(
                           f"{c} ({s.components.characters[c].ability})" for c in t[2])),
    "pick_goal": (lambda s, t: [Action("goal", t[1], choice=g) for g in t[2]], _apply_pick_goal,
                  lambda s, t: f"keep 1 of your 3 goal cards: {', '.join(t[2])}"),
    "pair": (_pair_actions, _apply_pair, lambda s, t: f"a pair of {t[2][0]}s: the doubles bonus, or each die's bonus"),
    "double_bonus": (lambda s, t: [Action("double_bonus", t[1], choice=str(k + 1)) for k in range(len(t[2]))],
                     _apply_double_bonus,
                     lambda s, t: "choose the round bonus to receive twice: "
                                  + "; ".join(f"{k + 1}) {why}" for k, (_, why) in enumerate(t[2]))),
}
_AUTO: dict[str, Callable[[Mp2State, Task], None]] = {
    "gain": _run_gain, "charge": _run_charge, "post": _run_post, "finish_move": _run_finish_move,
    "begin": lambda s, t: start_round(s, 1), "draw_contract": _run_draw_contract, "file_contract": _run_file_contract,
    "take_black": _run_take_black, "contracts_done": _run_contracts_done,
}


# What ``Decision.about`` holds, per follow-up kind (``None`` for the others).
DECISION_ABOUT = {
    "move": "the moves left (int)",
    "offer": "the book whose offer tile the offers are on (str)",
    "choose": "the rewards to choose from, choice 1 first (tuple of Reward)",
    "trade": "the city card whose exchanges are offered (str)",
}


# =============================================================================== why not?


def _why_not(s: Mp2State, i: int, p: Player, a: Action) -> str:
    if a.kind not in MAIN_KINDS + BONUS_KINDS + ("end_turn",):
        over = _travel_over(s, a)
        return (f"{over}; " if over else "") + (f"{a.kind} is a follow-up choice and nothing is asking for it now; "
                                                 f"choose a main or bonus action ({R_TURN})")
    if a.kind == "end_turn":
        return f"you still have dice and must take a main action first ({R_TURN})"
    own, black = _own(a), a.black
    held_own, held_black = list(p.dice), list(p.black_dice)
    for v in own:
        if v not in held_own:
            return f"you have no unplaced die showing {v} (your dice: {list(p.dice)}) ({R_ACTIONS})"
        held_own.remove(v)
    for v in black:
        if v not in held_black:
            return f"you hold no black die showing {v} (black dice: {list(p.black_dice)}) ({R_BLACK})"
        held_black.remove(v)
    if a.kind in MAIN_KINDS:
        if s.main_done:
            return f"you have already taken your main action this turn ({R_TURN})"
        return _why_not_main(s, i, p, a, own)
    return _why_not_bonus(s, i, p, a)


def _why_not_main(s: Mp2State, i: int, p: Player, a: Action, own: tuple[int, ...]) -> str:
    c = s.components
    die = min(a.dice) if a.dice else 0

    def colour(key: str, where: str, rule: str) -> str | None:
        if own and i in s.space(key)[0]:
            return (f"your colour has already been used on {where} this round; "
                    f"only black dice may go there ({rule}; {R_BLACK})")
        return None

    def fee(key: str) -> str | None:
        f = _fee(s, key, a.dice) if a.dice else 0  # no die placed: no fee (and no min() of nothing)
        if f and not can_pay(p, Bundle(coins=f)):
            return (f"the space is occupied, so it costs {resource(f, 'coins')} (your lowest die) "
                    f"and you have {resource(p.coins, 'coins')} and {p.jade} jade ({R_OCCUPIED})")
        return None

    if a.kind == "books":
        book = next((b for b in c.rules.books if b.name == a.space), None)
        if book is None:
            spaces = ", ".join(b.name for b in c.rules.books)
            return f"there is no book space {a.space!r} (spaces: {spaces}) ({R_BOOKS})"
        if len(a.dice) != 1:
            return f"Books takes exactly 1 die ({R_BOOKS})"
        if die < book.min_die:
            return f"the {book.name} space needs a die of at least {book.min_die} ({R_BOOKS})"
        key = SPACE_BOOK + book.name
        return colour(key, f"the {book.name} book", R_BOOKS) or fee(key) or "not legal here"
    if a.kind == "khans_favor":
        _colours, values = s.space("khan")
        if len(a.dice) != 1:
            return f"Khan's Favor takes exactly 1 die ({R_KHAN})"
        if len(values) >= c.rules.khan_spaces:
            return f"all {c.rules.khan_spaces} Khan's Favor spaces are filled this round ({R_KHAN})"
        if values and die < values[-1]:
            return f"the next Khan's Favor space needs a die of at least {values[-1]} (the die to its left) ({R_KHAN})"
        return colour("khan", "Khan's Favor", R_KHAN) or "not legal here"
    ch = _char(s, i)
    if a.kind == "guild_seal":
        n = ch.seal_dice if ch and ch.seal_dice else 2
        if len(a.dice) != n:
            rule = R_SEALS + ("; " + R_CHAR(ch) if ch and ch.seal_dice else "")
            return f"Guild Seals takes exactly {counted(n, 'die', 'dice')} ({rule})"
        if not _seal_choices(s, i, die):
            return f"with a lowest die of {die} there is no guild seal you do not already hold ({R_SEALS})"
        return colour("seals", "Guild Seals", R_SEALS) or fee("seals") or "not legal here"
    if a.kind == "travel":
        space = next((sp for sp in c.rules.travel if sp.name == a.space), None)
        if space is None:
            return f"there is no Travel space {a.space!r} (lower, middle, upper) ({R_TRAVEL})"
        if ch and ch.travel_spaces and space.name not in ch.travel_spaces:
            return f"{ch.name} may use only the {' and '.join(ch.travel_spaces)} Travel space ({R_CHAR(ch)})"
        if len(a.dice) != space.dice:
            return f"the {space.name} Travel space takes exactly {counted(space.dice, 'die', 'dice')} ({R_TRAVEL})"
        key = SPACE_TRAVEL + space.name
        why = colour(key, f"the {space.name} Travel space", R_TRAVEL)
        if why:
            return why
        total = Bundle(coins=space.coins + _fee(s, key, a.dice))
        return (f"you cannot pay {total} for the space and then any route out of {p.location} "
                f"(routes need their seal and their coins/camels/jade) ({R_TRAVEL})")
    if a.kind == "contracts":
        if not _available_contracts(s, i):
            return f"you need a trading post in a contract city with a contract available ({R_CONTRACTS})"
        return colour("contracts", "Contracts", R_CONTRACTS) or fee("contracts") or "not legal here"
    if a.kind == "special_city":
        if a.space not in c.special_cities:
            return f"{a.space} is not a special city ({', '.join(c.special_cities)}) ({R_SPECIAL})"
        if a.space not in p.trading_posts:
            return f"you need a trading post in {a.space} to use its action ({R_SPECIAL})"
        if a.space in _posted_now(s, i):
            return (f"you placed your post in {a.space} this turn; "
                    f"its action is usable from your next turn ({R_SPECIAL})")
        if len(s.space(SPACE_SPECIAL + a.space)[1]) >= 2:
            return f"both brown spaces of {a.space} are taken this round ({R_SPECIAL})"
        return colour(SPACE_SPECIAL + a.space, a.space, R_SPECIAL) or "not legal here"
    if a.kind == "city_card":
        if a.space not in s.cards:
            return f"there is no city card on space {a.space!r} ({', '.join(s.cards)}) ({R_CARDS})"
        city = _card_city(s, a.space)
        if s.space(SPACE_CARD + a.space)[1]:
            return f"the city card on {a.space} has already been used this round (brown space) ({R_CARDS})"
        if city and city not in p.trading_posts:
            return f"you need a trading post in {city} to use its city card ({R_CARDS})"
        if city and city in _posted_now(s, i):
            return f"you placed your post in {city} this turn; its card is usable from your next turn ({R_CARDS})"
        return f"you cannot carry out city card {s.cards[a.space]} ({c.city_cards[s.cards[a.space]]}) ({R_CARDS})"
    return "not legal here"


def _why_not_bonus(s: Mp2State, i: int, p: Player, a: Action) -> str:
    c = s.components
    rules = c.rules
    if a.kind == "complete_contract":
        if a.choice not in p.contracts:
            return f"{a.choice} is not one of your active contracts ({', '.join(p.contracts) or 'none'}) ({R_COMPLETE})"
        return f"you cannot pay contract {a.choice}'s cost: {c.contracts[a.choice].cost} ({R_COMPLETE})"
    if a.kind == "improve_seal":
        seal = a.choice or ""
        if not p.has_seal(seal):
            return f"you do not hold the {a.choice} seal; take it with the Guild Seals action first ({R_IMPROVE})"
        if p.improved(seal):
            return f"your {a.choice} seal is already improved ({R_IMPROVE})"
        return f"improving the {a.choice} seal costs {c.seals[seal].improve} ({R_IMPROVE})"
    if a.kind == "money_bag" and len(a.dice) == 1 and not _bag_open(s, p, bool(_main_actions(s, i))):
        return (f"you used the money bag before your main action this turn and this is your last die: you "
                f"must also take the main action (only a single die at the start of a turn may go on the "
                f"bag) ({R_BAG})")
    if a.kind == "money_bag":
        return f"the money bag takes 1 die and gives one of: coins, camels, jade ({R_BAG})"
    if a.kind in ("reroll", "adjust_die"):
        cost = rules.reroll_cost if a.kind == "reroll" else rules.adjust_cost
        rule = R_REROLL if a.kind == "reroll" else R_ADJUST
        if len(a.dice) != 1:
            return f"{a.kind} changes exactly 1 die ({rule})"
        if not can_pay(p, cost):
            return f"it costs {cost} and you have {resource(p.camels, 'camels')} and {p.jade} jade ({rule})"
        return f"a die cannot go below 1 or above 6 (no 6 ↔ 1) ({rule})"
    if a.kind == "black_die":
        if s.black_bought:
            return f"you may take only 1 black die per turn with this bonus action ({R_BUY_BLACK})"
        if not s.black_pool:
            return f"there are no black dice left on the board ({R_BUY_BLACK})"
        if not can_pay(p, rules.black_die_cost):
            return (f"it costs {rules.black_die_cost} and you have {resource(p.camels, 'camels')} and {p.jade} jade "
                    f"({R_BUY_BLACK})")
        if "black_dice" in s.variants:
            return f"choose one of the black dice on the board: {sorted(set(s.black_pool))} (black dice variant)"
        return f"black dice are rolled when taken; write just 'black_die' ({R_BUY_BLACK})"
    return "not legal here"


def _automa_turn(s: Mp2State) -> bool:
    """Play the solo Automa's turn inside ``apply`` when it is due (and say whether it was)."""
    if s.automa is None or s.turn != automa.SEAT:
        return False
    automa.take_turn(s)
    end_turn(s, automa.SEAT)
    return True


def _travel_over(s: Mp2State, a: Action) -> str | None:
    """Why a ``move`` is refused after this turn's Travel action has ended: how far its lowest die
    and its space let it go (``None`` for another action, or a turn without a Travel action)."""
    if a.kind != "move" or s.current_player is None or (s.tasks and s.tasks[-1][0] == "move"):
        return None
    i, moved, chain = s.current_player, 0, s._hist
    while chain is not None:
        chain, step = chain
        if not isinstance(step, Action) or step.player != i or step.kind == "end_turn":
            return None
        if step.kind == "move":
            moved += 1
        elif step.kind == "travel" and step.dice and step.space:
            space = next(sp for sp in s.components.rules.travel if sp.name == step.space)
            die, moves = min(step.dice), min(min(step.dice), space.max_moves)
            if die <= space.max_moves:
                reach = f"your lowest die is {die}, so this Travel moves at most {counted(moves, 'step')}"
            else:
                reach = (f"the {space.name} Travel space moves at most {counted(moves, 'step')} "
                         f"(your lowest die is {die})")
            stopped = f"you stopped it after {counted(moved, 'step')}; " if moved < moves else ""
            return f"your Travel action is over: {stopped}{reach} ({R_TRAVEL})"
    return None


_SETTING_UP = ("compensation", "pick_character", "pick_goal", "pair", "double_bonus")  # choices before a turn


def _why_waiting(s: Mp2State, a: Action) -> str | None:
    """What the rules say about ``a`` while another choice is awaited: a turn action (bonus, main,
    ``end_turn``) in the middle of an action, a seal the lower die does not reach (or one already
    held), a step the routes do not allow, a city card's exchange beyond the die or the purse, a
    contract in a city without a post or one taken in the same action to be discarded, a move after
    the Travel action has ended; ``None`` otherwise."""
    waits = mid_action(s, a, (*MAIN_KINDS, *BONUS_KINDS, "end_turn"), _SETTING_UP, R_TURN)
    if waits:
        return waits
    task = s.tasks[-1] if s.tasks else None
    if task is not None and task[0] == a.kind == "seal" and a.choice in s.components.seals:
        seal, player = s.components.seals[a.choice], s.players[task[1]]
        if player.has_seal(seal.type):
            return f"you hold the {seal.type} seal already, and one seal of each type at most ({R_SEALS})"
        if seal.min_die > task[2]:
            return (f"the {seal.type} seal needs a lower die of at least {seal.min_die}, and your lower die "
                    f"is {task[2]} ({R_SEALS})")
    if task is not None and task[0] == a.kind == "move" and a.choice:
        return _why_not_step(s, task[1], a.choice)
    if task is not None and task[0] == a.kind == "take_contract" and a.space:
        posts = s.players[task[1]].trading_posts
        if a.space in s.display and a.space not in posts:
            return (f"you have no trading post in {a.space}: contracts are taken only in contract cities where you "
                    f"have a post ({R_CONTRACTS})")
    if task is not None and task[0] == a.kind == "trade" and a.choice and "x" in a.choice:
        option, _, times = a.choice.partition("x")
        card = s.components.city_cards[task[2]]
        if times.isdigit() and int(times) > task[3]:
            return f"your die is {task[3]}, so the card is used at most {counted(task[3], 'time')} ({R_CARDS})"
        if option.isdigit() and 1 <= int(option) <= len(card.options) and times.isdigit():
            return (f"you cannot pay exchange {option} {counted(int(times), 'time')}: it costs "
                    f"{card.options[int(option) - 1].pay} each time ({R_CARDS})")
    if task is not None and task[0] == a.kind == "discard" and a.choice in (task[2], *task[3]):
        return (f"contract {a.choice} was taken in this action: you may not take a contract just to discard it "
                f"({R_CONTRACTS})")
    return _travel_over(s, a)


def _why_not_step(s: Mp2State, i: int, dest: str) -> str | None:
    """Why the figure(s) of player ``i`` cannot step to ``dest`` now: not one step away, a sea route
    whose seal is missing, a route cost that cannot be paid (``None`` for a place not on the map)."""
    if dest not in s.board.adjacent:
        return None
    p = s.players[i]
    here = [x for x in p.locations if x]
    routes = [r for x in here for other, _, r, _ in s.board.adjacent[x] if other == dest]
    if not routes:
        return f"{dest} is not one step from {' or '.join(here)} ({R_TRAVEL})"
    missing = sorted({r.seal for r in routes if r.seal is not None and not p.has_seal(r.seal)})
    if len(missing) == len(routes):
        return (f"the route to {dest} is a sea or river route that needs the {' or '.join(missing)} seal, which you "
                f"do not hold ({R_TRAVEL})")
    r = next(r for r in routes if r.seal is None or p.has_seal(r.seal))
    cost = amounts([("coins", r.coins), ("camels", r.camels), ("jade", r.jade)])
    return f"the route {r.a}–{r.b} costs {cost}, more than you can pay now ({R_TRAVEL})"


TURNS = Turns(main=_MAIN, bonus=_BONUS, decisions=_DECISIONS, auto=_AUTO, turn_actions=_turn_actions,
              about=DECISION_ABOUT, why_not=_why_not, turn_rule=R_TURN, end_rule=R_END, engine_turn=_automa_turn,
              why_waiting=_why_waiting)
run = TURNS.run
legal_actions = TURNS.legal_actions
decision = TURNS.decision
apply = TURNS.apply
explain = TURNS.explain
