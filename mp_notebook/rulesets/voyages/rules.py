"""The rules of The Voyages of Marco Polo, read top to bottom: a turn, the 6 main actions, the 5
bonus actions, travel and trading posts, rewards and payments, city cards, and the round cycle.

How a state moves on
--------------------
``state.tasks`` is a stack of pending steps. A *decision* task (``move``, ``good``, ``discard`` …)
waits for the player; an *automatic* task (``gain``, ``charge``, ``post`` …) runs at once. Each
``apply`` resolves the decision on top, then runs automatic tasks until the next decision. With an
empty stack the player whose turn it is chooses a main action, a bonus action or ``end_turn``.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="voyages", seed=3, characters=["Berke Khan", "Kubilai Khan"])
>>> s.players[0].dice
(2, 2, 4, 5, 6)
>>> s = s.apply("bazaar [4] pepper")
>>> s.decision.kind, [str(a) for a in s.legal_actions()]
('column', ['column 4', 'column 3', 'column 2', 'column 1'])
>>> s.apply("column 4").players[0].pepper
3

Readings chosen where the rulebook (seed 000) is silent or ambiguous (each is tested)
-------------------------------------------------------------------------------------
Numbers refer to the audit's list (``shared/reference/voyages-and-schmidt-audit.md``, A10).

* Travel (D15): the lowest die limits the steps; each step is chosen one at a time and costs
  the increase of the travel table (3, 7, 12, 12, 18, 18 for 1..6 steps) plus the route's extra
  cost, so the player pays exactly the column of the steps actually moved. A step is offered only
  if it can be paid; nothing gained during the move can pay for it (D10: bonuses come after).
* The bazaar column (any column up to the lowest die, rulebook) is a follow-up decision, asked
  only when the lowest die is above 1. The Khan's favor compares with the die on the previous
  slot, fixed neutral dice included, and never costs coins (each slot is its own space).
* City cards "×n" are used one exchange at a time (at least once, at most the die value); K16
  repeats the same exchange, K19 and K27 may change direction (audit A4). A card's moves each pay
  the card's price plus the route's extra cost, and count as one movement.
* The contract action reads positions before sliding (a die of 1 takes only space 1); a
  just-taken contract is never discarded to make room; the space 5/6 extra is coins *or* camels.
* Contract-draw icons (rewards, outpost tile, Matteo) may be declined when the hand is full
  (supplement, "Contract"); discarded and declined contracts, starting ones included, go under
  the special pile. An empty special pile gives nothing (D16), logged. A contract being completed
  keeps its slot until its rewards are received (the rulebook files it last), so its "contract"
  reward meets a full hand when the other slot is taken.
* "Move 1" rewards may be declined (the supplement says a move that cannot be used is lost).
  Several moves of one city card place a post only where the movement ends (supplement);
  Wilhelm von Rubruk still posts in every city he passes (his ability takes priority).
* Niccolò & Marco Polo (D8): every step (of Travel, a card or a reward) moves either figure;
  each figure that moved and ends in a city places a post.
* All posts placed (D14): a post is then moved from another city; it triggers the new city's
  bonus or outpost tile (and Beijing space) but not the 8th/9th-post VP. This also applies to
  each city Wilhelm passes once his 11 posts are out.
* Raschid ad-Din Sinan (D4): his dice (black dice included) show 0 until placed; all dice of one
  placement get the value he names. He takes no compensation and has no use for reroll/adjust,
  which are not offered to him.
* Matteo Polo's white die counts in his compensation sum (D5). Round bonuses of characters are
  paid in round 1 too (D6). Mercator receives 1 of the bazaar space's own resource (D7).
* Wilhelm's +10 VP is scored when his 11th post is placed (D9). Johannes Carpini's oasis hop is
  free of route costs (D11). Berke Khan pays no fees but cannot use a used city card (D12).
* Most completed contracts (D13): nobody scores the 7 VP if nobody completed one.
* A player with dice who cannot take a main action may still place dice on the money bag
  (always possible), so a turn is never passed with dice left unless the main action is done.
* Setup: seat 0 starts; starting contracts and goal cards are dealt at random (the rulebook has
  them taken face down), the starting contracts not dealt go back to the box; characters default
  to the first-game assignment (see ``setup``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action
from mp_notebook.engine.rng import next_int
from mp_notebook.engine.text import counted, first, resource
from mp_notebook.rulesets._shared import dice as placing
from mp_notebook.rulesets._shared.dice import DiceChoice
from mp_notebook.rulesets._shared.tasks import (
    LegalAction,
    Task,
    Turns,
    compensation_actions,
    dice_text,
    mid_action,
    new_action,
    parse_counts,
    push,
    seat_name,
)
from mp_notebook.rulesets.voyages.components import GOODS, Bundle, Character, Cost, Reward, Route
from mp_notebook.rulesets.voyages.notation import BONUS_KINDS, MAIN_KINDS

if TYPE_CHECKING:
    from mp_notebook.rulesets.voyages.state import Player, VoyagesState



# Rule citations used in the log and in error messages.
R_SETUP = "Rulebook: Player Setup"
R_BOARD = "Rulebook: Board Setup"
R_FEW = "Rulebook: The Game with 2 or 3 Players"
R_EXPERT = "Rulebook: The Expert Variant"
R_TURN = "Rulebook: A Game Turn"
R_ACTIONS = "Rulebook: The Actions - General"
R_OCCUPIED = "Rulebook: Can you choose an already occupied action space?"
R_COLOURLESS = "Rulebook: White and black dice are not player colors"
R_TAKE_COINS = "Rulebook: Take 5 Coins"
R_BAZAAR = "Rulebook: The Grand Bazaar"
R_KHAN = "Rulebook: The Khan's Favor"
R_CONTRACTS = "Rulebook: The Contracts"
R_TRAVEL = "Rulebook: Travel"
R_POSTS = "Rulebook: Travel - trading posts"
R_OUTPOST = "Rulebook: Travel - the outpost bonus"
R_CARDS = "Rulebook: The City Cards"
R_COMPLETE = "Rulebook: Bonus action 1 - complete 1 contract"
R_BAG = "Rulebook: Bonus action 2 - take 3 coins"
R_REROLL = "Rulebook: Bonus action 3 - reroll 1 die"
R_ADJUST = "Rulebook: Bonus action 4 - adjust 1 die result by 1"
R_BUY_BLACK = "Rulebook: Bonus action 5 - take 1 black die"
R_COMPENSATION = "Rulebook: Compensation for low die rolls"
R_FIRST = "Rulebook: A Game Round - choose a new start player"
R_ROUND = "Rulebook: A Game Round - start of a round"
R_ROUND_END = "Rulebook: A Game Round - end of a round"
R_END = "Rulebook: Game End and Final Scoring"
R_SYMBOLS = "Supplement: Symbols"
R_CITY_BONUS = "Supplement: City Bonus Marker"


def R_CHAR(ch: Character) -> str:  # a rule citation, named like the constants above
    return f"Supplement: Characters - {ch.name}"


# The board's action spaces (keys of ``Rules.spaces``); city cards are keyed CARD + card space.
TAKE_COINS, KHAN, CONTRACTS, TRAVEL, MONEY_BAG = "take_coins", "khans_favor", "contracts", "travel", "money_bag"
CITY_CARD = "city_card"  # the space template of the 9 city-card spaces
CARD = "card:"


# =============================================================================== small helpers


def has(p: Player, b: Bundle) -> bool:
    """Whether ``p`` holds at least the resources in ``b``."""
    return (p.coins >= b.coins and p.camels >= b.camels and p.pepper >= b.pepper and p.silk >= b.silk
            and p.gold >= b.gold and p.vp >= b.vp)


def can_pay(p: Player, cost: Cost, times: int = 1) -> bool:
    """Whether ``p`` can pay ``cost`` ``times`` over (goods of their choice included)."""
    b = cost.pay
    if p.coins < b.coins * times or p.camels < b.camels * times or p.vp < b.vp * times:
        return False
    pepper, silk, gold = p.pepper - b.pepper * times, p.silk - b.silk * times, p.gold - b.gold * times
    if pepper < 0 or silk < 0 or gold < 0:
        return False
    if not (cost.any_good or cost.different_goods):
        return True
    kinds = (pepper > 0) + (silk > 0) + (gold > 0)
    return pepper + silk + gold >= cost.any_good * times and kinds >= cost.different_goods * times


_set = object.__setattr__  # players of a new (unpublished) state are edited in place


def _own(a: Action | LegalAction) -> tuple[int, ...]:
    return placing.without(a.dice, a.black)


def _char(s: VoyagesState, i: int) -> Character | None:
    """Player ``i``'s character tile, or None (a game set up without characters)."""
    cid = s.players[i].character
    return s.components.characters[cid] if cid else None


def _ability(s: VoyagesState, i: int) -> Character:
    """Player ``i``'s character, where one of its abilities is in play (so the player has one)."""
    ch = _char(s, i)
    if ch is None:
        raise RuntimeError(f"{s.players[i].name} has no character, yet a character ability is in play")
    return ch


def _chooses_dice(s: VoyagesState, i: int) -> bool:
    ch = _char(s, i)
    return ch is not None and ch.choose_dice


def posts_limit(s: VoyagesState, i: int) -> int:
    """The trading posts player ``i`` has: the usual ones plus his character's extra posts."""
    ch = _char(s, i)
    return s.components.rules.posts_per_player + (ch.extra_posts if ch else 0)


def _roll(s: VoyagesState) -> int:
    s.rng, v = next_int(s.rng, 6)
    return v + 1


def _colourless(p: Player) -> tuple[int, ...]:
    """The colourless dice held: black dice and the white die (Matteo Polo)."""
    return tuple(sorted((*p.black_dice, p.white))) if p.white else p.black_dice


# =============================================================================== gains and costs


def gain_bundle(s: VoyagesState, i: int, b: Bundle, why: str, rule: str) -> None:
    """Give player ``i`` the resources in ``b`` and log it."""
    entries = b.items()
    if not entries:
        return
    p = s._player(i)
    pieces = p.__dict__
    for k, v in entries:
        pieces[k] += v
    s._note(i, f"{p.name} gains {_text(b)} ({why})", rule)


def pay_bundle(s: VoyagesState, i: int, b: Bundle, why: str, rule: str) -> None:
    """Take the resources in ``b`` from player ``i`` (who can pay them) and log it."""
    entries = b.items()
    if not entries:
        return
    p = s._player(i)
    pieces = p.__dict__
    for k, v in entries:
        pieces[k] -= v
    s._note(i, f"{p.name} pays {_text(b)} ({why})", rule)


_text = functools.lru_cache(maxsize=1024)(str)  # a bundle's plain English, for the log (bundles recur)


def _gain(i: int, reward: Reward, why: str, rule: str) -> Task:
    return ("gain", i, reward, why, rule)


def _charge(i: int, cost: Cost | Bundle, why: str, rule: str) -> Task:
    return ("charge", i, cost if isinstance(cost, Cost) else Cost(cost), why, rule)


def _run_gain(s: VoyagesState, task: Task) -> None:
    _, i, reward, why, rule = task
    gain_bundle(s, i, reward.gain, why, rule)
    follow: list[Task] = []
    if reward.any_good:
        follow.append(("good", i, reward.any_good, False, (), "gain", why, rule))
    if reward.different_goods:
        follow.append(("good", i, reward.different_goods, True, (), "gain", why, rule))
    if reward.choice:
        follow.append(("choose", i, reward.choice, why, rule))
    follow += [("draw_contract", i, why, rule)] * reward.contract
    if reward.move:
        follow.append(("move", i, reward.move, 0, "free", None, ()))
    follow += [("take_black", i, why, rule)] * reward.black_die
    if reward.copy_bonus:
        follow.append(("copy", i, why))
    push(s, *follow)


def _run_charge(s: VoyagesState, task: Task) -> None:
    _, i, cost, why, rule = task
    pay_bundle(s, i, cost.pay, why, rule)
    follow: list[Task] = []
    if cost.any_good:
        follow.append(("good", i, cost.any_good, False, (), "pay", why, rule))
    if cost.different_goods:
        follow.append(("good", i, cost.different_goods, True, (), "pay", why, rule))
    push(s, *follow)


def _good_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, n, distinct, chosen, sign, _why, _rule = task
    p = s.players[i]
    if sign == "gain":
        return [Action("good", i, choice=g) for g in GOODS if not (distinct and g in chosen)]
    out = []
    for g in GOODS:
        if getattr(p, g) <= 0 or (distinct and g in chosen):
            continue
        others = sum(1 for h in GOODS if h != g and h not in chosen and getattr(p, h) > 0)
        if not distinct or others >= n - 1:
            out.append(Action("good", i, choice=g))
    return out


def _apply_good(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, n, distinct, chosen, sign, why, rule = task
    one = Bundle(**{a.choice: 1})
    if sign == "gain":
        gain_bundle(s, i, one, why, rule)
    else:
        pay_bundle(s, i, one, why, rule)
    if n > 1:
        push(s, ("good", i, n - 1, distinct, (*chosen, a.choice), sign, why, rule))


def _apply_choose(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, options, why, rule = task
    push(s, _gain(i, options[int(a.choice) - 1], why, rule))


# =============================================================================== the turn


def _space(s: VoyagesState, key: str) -> placing.Space:
    return s.spaces.get(key, placing.EMPTY)


@functools.lru_cache(maxsize=256)
def _set_values(own: int, colourless: int, n: int) -> tuple[DiceChoice, ...]:
    """Raschid ad-Din Sinan's ways to place ``n`` dice: how many of his colour, and the value he names."""
    out = []
    for k in range(min(own, n), -1, -1):
        if n - k <= colourless:
            out += [((v,) * k, (v,) * (n - k), (v,) * n) for v in range(1, 7)]
    return tuple(out)


Options = dict[tuple[int, bool], tuple[DiceChoice, ...]]  # (dice placed, colour allowed) -> ways, per decision


def _dice_options(s: VoyagesState, i: int, n: int, colour_ok: bool, memo: Options) -> tuple[DiceChoice, ...]:
    """Ways for player ``i`` to place ``n`` dice, theirs only if ``colour_ok`` (memoised in ``memo``)."""
    got = memo.get((n, colour_ok))
    if got is None:
        p = s.players[i]
        own = p.dice if colour_ok else ()
        colourless = _colourless(p)
        got = (_set_values(len(own), len(colourless), n) if _chooses_dice(s, i)
               else placing.choices(own, colourless, n))
        memo[n, colour_ok] = got
    return got


def space_fee(s: VoyagesState, i: int, key: str, dice: tuple[int, ...]) -> int:
    """Coins player ``i`` pays to place ``dice`` on the blue space ``key`` (Berke Khan never pays)."""
    ch = _char(s, i)
    if ch is not None and ch.free_occupied:
        return 0
    return placing.fee(_space(s, key), dice)


def _place(s: VoyagesState, i: int, a: LegalAction, key: str | None) -> None:
    """Move the dice of ``a`` from player ``i``'s board onto space ``key`` (None: the money bag)."""
    p = s._player(i)
    own = _own(a)
    if _chooses_dice(s, i):  # his dice show 0 until placed
        _set(p, "dice", p.dice[len(own):])
        _set(p, "black_dice", p.black_dice[len(a.black):])
    else:
        _set(p, "dice", placing.without(p.dice, own))
        black = list(p.black_dice)
        for v in a.black:
            if v in black:
                black.remove(v)
            else:
                _set(p, "white", 0)
        _set(p, "black_dice", tuple(black))
    if key is not None:
        spaces = dict(s.spaces)
        spaces[key] = placing.placed(_space(s, key), i, own, a.dice)
        s.spaces = spaces
        s.placed = (*s.placed, (key, i, own, a.black))


def _main_actions(s: VoyagesState, i: int, options: Options) -> list[Action]:
    c = s.components
    rules = c.rules
    p = s.players[i]
    coins = p.coins
    ch = _char(s, i)
    free = ch is not None and ch.free_occupied  # Berke Khan never pays the fee
    spaces = s.spaces
    out: list[Action] = []

    def placements(kind: str, key: str, space_name: str | None = None, blue: bool = True,
                   limit: int | None = None) -> list[Action]:
        """Each way to place the dice space ``key`` takes that the player can pay (``blue``: an
        occupied space costs the lowest die), as an action; ``limit``: the most coins the fee may be."""
        space = spaces.get(key, placing.EMPTY)
        ways = _dice_options(s, i, rules.spaces[key].dice, i not in space[0], options)
        most = coins if limit is None else min(coins, limit)
        if free or not blue or not space[1]:  # no fee
            if most < 0:
                return []
            return [new_action(Action, (kind, i, all_, black, space_name, None)) for _, black, all_ in ways]
        return [new_action(Action, (kind, i, all_, black, space_name, None)) for _, black, all_ in ways
                if all_[0] <= most]

    # Take 5 coins
    out += placements("take_coins", TAKE_COINS)
    # The Grand Bazaar (the column is chosen next)
    for name, space in rules.spaces.items():
        if space.by_die:
            out += placements("bazaar", name, name)
    # The Khan's favor: 4 slots, each die >= the one before; never a fee
    values = _space(s, KHAN)[1]
    if len(values) < rules.khan_slots:
        low = values[-1] if values else 1
        out += [a for a in placements("khans_favor", KHAN, blue=False) if a.dice[0] >= low]
    # Contracts
    if any(s.contract_spaces):
        out += placements("contracts", CONTRACTS)
    # Travel: the fee, then at least one step must be payable
    limit = _travel_fee_limit(s, i)
    if limit >= 0:
        out += placements("travel", TRAVEL, limit=limit)
    # City cards (brown: once per round; a post placed before this turn; any colour)
    posted = _posted_now(s, i)
    card_dice: tuple[DiceChoice, ...] | None = None
    for card_space, card_id in s.cards.items():
        city = c.card_spaces[card_space]
        if city not in p.trading_posts or city in posted or _space(s, CARD + card_space)[1]:
            continue
        if not _card_usable(s, i, card_id):
            continue
        if card_dice is None:
            card_dice = _dice_options(s, i, rules.spaces[CITY_CARD].dice, True, options)
        out += [new_action(Action, ("city_card", i, all_, black, card_space, None)) for _, black, all_ in card_dice]
    return out


def _posted_now(s: VoyagesState, i: int) -> frozenset[str]:
    return s.posted_now if s.turn == i else frozenset()


def _bonus_actions(s: VoyagesState, i: int, options: Options) -> list[Action]:
    c = s.components
    rules = c.rules
    p = s.players[i]
    out = [new_action(Action, ("complete_contract", i, (), (), None, cid)) for cid in p.contracts
           if cid not in s.completing and can_pay(p, c.contracts[cid].cost)]
    singles = _dice_options(s, i, 1, True, options)  # reroll and adjust: one die each
    bag = _dice_options(s, i, rules.spaces[MONEY_BAG].dice, True, options)  # any colour, any number of times
    out += _placing_actions("money_bag", i, bag)
    if not _chooses_dice(s, i):
        reroll, adjust = _die_actions(i, singles)
        if has(p, rules.reroll_cost):
            out += reroll
        if has(p, rules.adjust_cost):
            out += adjust
    if s.black_bought < rules.black_die_per_turn and s.black_pool and has(p, rules.black_die_cost):
        out.append(Action("black_die", i))
    return out


@functools.lru_cache(maxsize=2048)
def _placing_actions(kind: str, i: int, ways: tuple[DiceChoice, ...]) -> tuple[Action, ...]:
    """Player ``i``'s ``kind`` actions (no space, no choice), one per way of placing dice (a
    player's dice recur: these are made once)."""
    return tuple(new_action(Action, (kind, i, all_, black, None, None)) for _, black, all_ in ways)


@functools.lru_cache(maxsize=2048)
def _die_actions(i: int, singles: tuple[DiceChoice, ...]) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Player ``i``'s reroll and adjust actions with each single die of ``singles``."""
    return (_placing_actions("reroll", i, singles),
            tuple(new_action(Action, ("adjust_die", i, all_, black, None, d)) for _, black, all_ in singles
                  for d, step in (("-1", -1), ("+1", 1)) if 1 <= all_[0] + step <= 6))


def _turn_actions(s: VoyagesState, i: int) -> list[Action]:
    p = s.players[i]
    options: Options = {}
    out = _main_actions(s, i, options) if not s.main_done and p.all_dice else []
    out += _bonus_actions(s, i, options)
    if s.main_done or not p.all_dice:
        out.append(new_action(Action, ("end_turn", i, (), (), None, None)))
    return out


def step_cost(s: VoyagesState, route: Route | None, made: int, mode: str, per_step: Cost | None) -> Cost:
    """What one more step costs: the travel table's increase (Travel), the route's extra cost
    (none for Johannes Carpini's oasis hop, ``route`` None) and a city card's price per move."""
    coins = camels = 0
    if mode == "travel":
        table = s.components.rules.travel_coins
        coins = table[made] - (table[made - 1] if made else 0)
    if route is not None:
        coins += route.coins
        camels += route.camels
    return _step_cost(coins, camels, per_step)


@functools.lru_cache(maxsize=512)
def _step_cost(coins: int, camels: int, per_step: Cost | None) -> Cost:
    """``coins`` and ``camels`` plus a city card's price per move (steps recur: made once)."""
    if per_step is None:
        return Cost(Bundle(coins=coins, camels=camels))
    b = per_step.pay
    return Cost(Bundle(b.coins + coins, b.camels + camels, b.pepper, b.silk, b.gold, b.vp), per_step.any_good,
                per_step.different_goods)


def open_steps(s: VoyagesState, i: int) -> tuple[tuple[int, str, str, Route | None], ...]:
    """Every step open to player ``i``'s figures: ``(figure, from, to, route or None for a hop)``."""
    ch = _char(s, i)
    return _steps_from(s.board, s.players[i].locations, ch is not None and ch.oasis_hop)


@functools.lru_cache(maxsize=1024)
def _steps_from(board: Any, locations: tuple[str, ...], hop: bool) -> tuple[tuple[int, str, str, Route | None], ...]:
    """The steps from ``locations`` on the static ``board`` (``hop``: Johannes Carpini's oasis hops)."""
    oases = tuple(n for n, loc in board.locations.items() if not loc.is_city)
    out: list[tuple[int, str, str, Route | None]] = []
    for figure, here in enumerate(locations, 1):
        oasis_here = hop and here in oases
        out += [(figure, here, to, route) for to, _, route, _ in board.adjacent[here]
                if not (oasis_here and to in oases)]
        if oasis_here:
            out += [(figure, here, o, None) for o in oases if o != here]
    return tuple(out)


def _travel_fee_limit(s: VoyagesState, i: int) -> int:
    """The most coins player ``i`` can pay for the Travel space and still pay a first step (-1: none)."""
    ch = _char(s, i)
    p = s.players[i]
    steps = _first_steps(s.board, p.locations, ch is not None and ch.oasis_hop, s.components.rules.travel_coins[0])
    return max((p.coins - coins for coins, camels in steps if p.camels >= camels), default=-1)


@functools.lru_cache(maxsize=1024)
def _first_steps(board: Any, locations: tuple[str, ...], hop: bool, base: int) -> tuple[tuple[int, int], ...]:
    """``(coins, camels)`` of each first step of a Travel action from ``locations`` (the fee not
    included; ``base``: the travel table's first column)."""
    return tuple((base + route.coins, route.camels) if route else (base, 0)
                 for _, _, _, route in _steps_from(board, locations, hop))


def _card_usable(s: VoyagesState, i: int, card_id: str) -> bool:
    """Whether player ``i`` can carry out city card ``card_id`` now (with any die)."""
    card = s.components.city_cards[card_id]
    p = s.players[i]
    if card.kind == "exchange":
        if _moves_card(card_id, s):
            return any(can_pay(p, step_cost(s, route, 0, "card", o.pay))
                       for o in card.options for _, _, _, route in open_steps(s, i))
        return any(can_pay(p, o.pay) for o in card.options)
    if card.kind == "city_bonus":
        return bool(_own_bonus_cities(s, i)) and can_pay(p, card.pay)
    return True


def _moves_card(card_id: str, s: VoyagesState) -> bool:
    """A city card whose exchanges buy moves (all moves of one use are one movement)."""
    return all(o.gain.move for o in s.components.city_cards[card_id].options)


def _own_bonus_cities(s: VoyagesState, i: int) -> list[str]:
    posts = s.players[i].trading_posts
    return [city for city in s.markers if city in posts]


# --- applying main actions -----------------------------------------------------------------


def _occupy(s: VoyagesState, a: LegalAction, key: str, what: str, rule: str) -> None:
    """Place the dice of ``a`` on ``key`` and charge the occupied-space fee (rulebook order)."""
    i = a.player
    fee = space_fee(s, i, key, a.dice)
    occupied = bool(_space(s, key)[1])
    _place(s, i, a, key)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on {what}", rule)
    if fee:
        pay_bundle(s, i, Bundle(coins=fee), f"{what} was occupied: the lowest die placed", R_OCCUPIED)
    elif occupied:
        s._note(i, f"{what} was occupied, but {seat_name(s, i)} pays nothing", R_CHAR(_ability(s, i)))


def _shares(s: VoyagesState, i: int, field: str, why: str) -> list[Task]:
    """Mercator ex Tabriz's gifts when another player takes an action (``field`` of his tile)."""
    out = []
    for j in range(s.num_players):
        ch = _char(s, j)
        if ch is not None and j != i and getattr(ch, field):
            out.append(_gain(j, Reward(getattr(ch, field)), f"{seat_name(s, i)} {why}", R_CHAR(ch)))
    return out


def _do_take_coins(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    _occupy(s, a, TAKE_COINS, "Take 5 coins", R_TAKE_COINS)
    reward = s.components.rules.spaces[TAKE_COINS].reward
    assert reward is not None
    push(s, _gain(i, reward, "Take 5 coins (the die value does not matter)", R_TAKE_COINS),
          *_shares(s, i, "take_coins_share", "took 5 coins"))


def _do_bazaar(s: VoyagesState, a: LegalAction) -> None:
    i, die = a.player, min(a.dice)
    _occupy(s, a, a.space, f"the {a.space} bazaar", R_BAZAAR)
    if die > 1:
        push(s, ("column", i, a.space, die))
    else:
        _bazaar_goods(s, i, a.space, 1, die)


def _apply_column(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, name, die = task
    _bazaar_goods(s, i, name, int(a.choice), die)


def _bazaar_goods(s: VoyagesState, i: int, name: str, column: int, die: int) -> None:
    """The goods of bazaar space ``name``'s ``column`` (at most the lowest die), and Mercator's share."""
    space = s.components.rules.spaces[name]
    tasks = [_gain(i, space.column(column), f"{name} bazaar, column {column} (lowest die {die})", R_BAZAAR)]
    for j in range(s.num_players):
        ch = _char(s, j)
        if j != i and ch is not None and ch.bazaar_share and space.good:
            tasks.append(_gain(j, Reward(Bundle(**{space.good: ch.bazaar_share})),
                               f"{seat_name(s, i)} went to the {name} bazaar", R_CHAR(ch)))
    push(s, *tasks)


def _do_khan(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    _place(s, i, a, KHAN)
    slot = len(s.spaces[KHAN][1])
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on Khan's favor slot {slot} (no fee)", R_KHAN)
    reward = s.components.rules.spaces[KHAN].reward
    assert reward is not None
    push(s, _gain(i, reward, "the Khan's favor", R_KHAN), *_shares(s, i, "khan_share", "sought the Khan's favor"))


def _do_contracts(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    _occupy(s, a, CONTRACTS, "Contracts", R_CONTRACTS)
    push(s, ("take_contract", i, 2, min(a.dice), ()), ("contracts_done", i))


def _do_travel(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    _occupy(s, a, TRAVEL, "Travel", R_TRAVEL)
    s.next_first = i
    s._note(i, f"{seat_name(s, i)} is the last to travel so far: start player of the next round", R_FIRST)
    push(s, ("move", i, min(a.dice), 0, "travel", None, ()))


def _do_city_card(s: VoyagesState, a: LegalAction) -> None:
    i, die = a.player, min(a.dice)
    card = s.components.city_cards[s.cards[a.space]]
    _place(s, i, a, CARD + a.space)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on city card {card.id} ({a.space}): {card}", R_CARDS)
    p = s.players[i]
    why = f"city card {card.id}, die {die}"
    if card.kind == "exchange" and _moves_card(card.id, s):
        push(s, ("move", i, die, 0, "card", card.options[0].pay, ()))
    elif card.kind == "exchange":
        push(s, ("trade", i, card.id, die, None, 0))
    elif card.kind == "by_die":
        push(s, _gain(i, card.by_die[die - 1], why, R_CARDS))
    elif card.kind == "count":
        have = len(p.completed) if card.counts == "completed_contracts" else len(p.trading_posts)
        gain_bundle(s, i, card.gain.scaled(min(die, have)), f"{why}: {have} counted, at most {die}", R_CARDS)
    else:  # city_bonus
        push(s, ("city_bonus", i, card.times[die - 1], (), card.id))


# --- applying bonus actions ------------------------------------------------------------------


def _do_complete(s: VoyagesState, a: LegalAction) -> None:
    i, cid = a.player, a.choice
    contract = s.components.contracts[cid]
    s.completing = s.completing | {cid}
    s._note(i, f"{seat_name(s, i)} completes contract {cid}", R_COMPLETE)
    push(s, _charge(i, contract.cost, f"contract {cid}", R_COMPLETE),
          _gain(i, contract.reward, f"contract {cid}", R_COMPLETE), ("file_contract", i, cid))


def _run_file_contract(s: VoyagesState, task: Task) -> None:
    """After its rewards, a completed contract goes face down into the player's drawer."""
    _, i, cid = task
    p = s._player(i)
    _set(p, "contracts", tuple(c for c in p.contracts if c != cid))
    _set(p, "completed", (*p.completed, cid))
    s.completing = s.completing - {cid}


def _do_money_bag(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    _place(s, i, a, None)
    s._note(i, f"{seat_name(s, i)} places {dice_text(a)} on the money bag (never a fee, any colour)", R_BAG)
    reward = s.components.rules.spaces[MONEY_BAG].reward
    assert reward is not None
    push(s, _gain(i, reward, "take 3 coins", R_BAG))


def _retake(s: VoyagesState, a: LegalAction, value: int) -> None:
    """Player ``a.player``'s one die of ``a`` now shows ``value`` (reroll, adjust)."""
    p = s._player(a.player)
    if a.black and a.black[0] in p.black_dice:
        _set(p, "black_dice", tuple(sorted((*placing.without(p.black_dice, a.black), value))))
    elif a.black:
        _set(p, "white", value)
    else:
        _set(p, "dice", tuple(sorted((*placing.without(p.dice, a.dice), value))))


def _do_reroll(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    value = _roll(s)
    _retake(s, a, value)
    pay_bundle(s, i, s.components.rules.reroll_cost, "reroll", R_REROLL)
    s._note(i, f"{seat_name(s, i)} rerolls {dice_text(a)}: {value}", R_REROLL)


def _do_adjust(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    value = a.dice[0] + int(a.choice)
    _retake(s, a, value)
    pay_bundle(s, i, s.components.rules.adjust_cost, "adjusting a die", R_ADJUST)
    s._note(i, f"{seat_name(s, i)} changes {dice_text(a)} to {value}", R_ADJUST)


def _do_black_die(s: VoyagesState, a: LegalAction) -> None:
    i = a.player
    s.black_bought += 1
    pay_bundle(s, i, s.components.rules.black_die_cost, "a black die (once per turn)", R_BUY_BLACK)
    _take_black(s, i, "bonus action", R_BUY_BLACK)


def _take_black(s: VoyagesState, i: int, why: str, rule: str) -> None:
    """Give player ``i`` a black die from the board, rolled (Raschid sets it when placing it)."""
    if not s.black_pool:
        s._note(i, f"no black die left on the board: none taken ({why})", R_SYMBOLS)
        return
    s.black_pool -= 1
    value = 0 if _chooses_dice(s, i) else _roll(s)
    p = s._player(i)
    _set(p, "black_dice", tuple(sorted((*p.black_dice, value))))
    how = "to set when placed" if value == 0 else f"rolls {value}"
    s._note(i, f"{p.name} takes a black die and {how} ({why})", rule)


def _do_end_turn(s: VoyagesState, a: LegalAction) -> None:
    s._note(a.player, f"{seat_name(s, a.player)} ends the turn", R_TURN)
    end_turn(s, a.player)


def end_turn(s: VoyagesState, i: int) -> None:
    """End seat ``i``'s turn: the next seat with dice plays, or the round ends."""
    s.main_done = False
    s.black_bought = 0
    s.posted_now = frozenset()
    n = s.num_players
    for k in range(1, n + 1):
        q = (i + k) % n
        if s.players[q].all_dice:
            _begin_turn(s, q)
            return
    _end_round(s)


def _begin_turn(s: VoyagesState, i: int) -> None:
    """Seat ``i``'s turn starts; an empty contract board gets 2 from the special pile first."""
    s.turn = i
    if any(s.contract_spaces) or not s.special_pile:
        return
    drawn, s.special_pile = s.special_pile[:2], s.special_pile[2:]
    s.contract_spaces = drawn + (None,) * (len(s.contract_spaces) - len(drawn))
    s._note(i, f"all contract spaces are empty: {', '.join(drawn)} from the special pile go to spaces 1-{len(drawn)}",
            R_CONTRACTS)


# =============================================================================== travel and posts


def _move_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, _left, made, mode, per_step, _visited = task
    p = s.players[i]
    two = p.figure2 is not None
    out = [Action("move", i, choice=f"{to}/{figure}" if two else to)
           for figure, _, to, route in open_steps(s, i) if can_pay(p, step_cost(s, route, made, mode, per_step))]
    if made or mode == "free":
        out.append(Action("done", i))
    return out


def _apply_move(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, left, made, mode, per_step, visited = task
    if a.kind == "done":
        push(s, ("finish_move", i, mode, visited))
        return
    to, _, fig = a.choice.partition("/")
    figure = int(fig or 1)
    step = next(st for st in open_steps(s, i) if st[0] == figure and st[2] == to)
    route = step[3]
    cost = step_cost(s, route, made, mode, per_step)
    p = s._player(i)
    start = step[1]
    _set(p, "location" if figure == 1 else "figure2", to)
    who = p.name if p.figure2 is None else f"{p.name} (figure {figure})"
    if route is None:
        s._note(i, f"{who} hops from oasis {start} to oasis {to} (1 step, no route cost)", R_CHAR(_ability(s, i)))
    else:
        s._note(i, f"{who} moves {start} → {to}", R_TRAVEL if mode == "travel" else R_SYMBOLS)
    visited = (*visited, (figure, to))
    nxt: Task = (("move", i, left - 1, made + 1, mode, per_step, visited) if left > 1
                 else ("finish_move", i, mode, visited))
    why = {"travel": f"step {made + 1} of the Travel action and route {start}–{to}",
           "card": f"a city card move and route {start}–{to}", "free": f"route {start}–{to}"}[mode]
    push(s, _charge(i, cost, why, R_TRAVEL if mode == "travel" else R_CARDS if mode == "card" else R_SYMBOLS), nxt)


def _run_finish_move(s: VoyagesState, task: Task) -> None:
    """The movement has ended: trading posts where figures ended (Wilhelm: every city entered)."""
    _, i, _mode, visited = task
    ch = _char(s, i)
    if ch is not None and ch.posts_passing:
        cities = list(dict.fromkeys(loc for _, loc in visited))
    else:
        ends: dict[int, str] = {}
        for figure, loc in visited:
            ends[figure] = loc
        cities = list(dict.fromkeys(ends.values()))
    push(s, *[("post", i, city) for city in cities if _can_post(s, i, city)])


def _can_post(s: VoyagesState, i: int, city: str) -> bool:
    return s.components.locations[city].takes_posts and city not in s.players[i].trading_posts


def _run_post(s: VoyagesState, task: Task) -> None:
    _, i, city = task
    rules = s.components.rules
    p = s.players[i]
    if city in p.trading_posts:  # an earlier post of this same movement already took the city
        return
    if len(p.trading_posts) >= posts_limit(s, i):
        push(s, ("relocate", i, city))
        return
    p = s._player(i)
    _set(p, "trading_posts", (*p.trading_posts, city))
    n = len(p.trading_posts)
    s._note(i, f"{p.name} places trading post #{n} in {city}", R_POSTS)
    vp = rules.post_vp.get(n)
    if vp:
        gain_bundle(s, i, Bundle(vp=vp), f"placing trading post #{n}", R_POSTS)
    ch = _char(s, i)
    if ch is not None and ch.all_posts_vp and n == posts_limit(s, i):
        gain_bundle(s, i, Bundle(vp=ch.all_posts_vp), f"all {n} trading posts placed", R_CHAR(ch))
    _post_triggers(s, i, city)


def _post_triggers(s: VoyagesState, i: int, city: str) -> None:
    """What a post arriving in ``city`` does: Beijing space, city bonus, outpost bonus."""
    c = s.components
    if s.turn == i:
        s.posted_now = s.posted_now | {city}
    loc = c.locations[city]
    if loc.vp_spaces:
        k = s.beijing.index(None)
        s.beijing = (*s.beijing[:k], i, *s.beijing[k + 1:])
        s._note(i, f"{seat_name(s, i)}'s post takes the free Beijing space worth the most: {loc.vp_spaces[k]} VP "
                   f"at the end of the game", R_POSTS)
    tasks: list[Task] = []
    marker = s.markers.get(city)
    if marker:
        tasks.append(_gain(i, c.city_bonuses[marker], f"city bonus {marker} of {city}", R_POSTS))
    tile = s.outposts.get(city)
    if tile:
        outposts = dict(s.outposts)
        outposts[city] = ""
        s.outposts = outposts
        s._note(i, f"{seat_name(s, i)} is first in {city} and takes its outpost bonus {tile}", R_OUTPOST)
        tasks.append(_gain(i, c.outposts[tile], f"outpost bonus {tile}", R_OUTPOST))
    push(s, *tasks)


def _relocate_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, city = task
    return [Action("relocate_post", i, choice=c) for c in s.players[i].trading_posts if c != city]


def _apply_relocate(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, city = task
    p = s._player(i)
    _set(p, "trading_posts", tuple(c if c != a.choice else city for c in p.trading_posts))
    if s.components.locations[a.choice].vp_spaces:
        s.beijing = tuple(None if seat == i else seat for seat in s.beijing)
    s._note(i, f"{p.name} has placed all trading posts and moves the one in {a.choice} to {city}", R_POSTS)
    _post_triggers(s, i, city)


# =============================================================================== contracts


def _contract_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, _left, die, taken = task
    out = [Action("take_contract", i, space=str(k + 1), choice=cid)
           for k, cid in enumerate(s.contract_spaces[:die]) if cid is not None]
    if taken or not out:
        out.append(Action("done", i))
    return out


def _apply_take_contract(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, left, die, taken = task
    if a.kind == "done":
        return
    k = int(a.space)
    s.contract_spaces = tuple(None if n == k - 1 else cid for n, cid in enumerate(s.contract_spaces))
    s._note(i, f"{seat_name(s, i)} takes contract {a.choice} from contract space {k}", R_CONTRACTS)
    follow = _receive_contract(s, i, a.choice, protected=(*taken, a.choice), allow_new=False)
    bonus = s.components.rules.contract_bonus.get(k)
    if bonus:
        follow.append(_gain(i, bonus, f"taking the contract below space {k}", R_CONTRACTS))
    if left > 1:
        follow.append(("take_contract", i, left - 1, die, (*taken, a.choice)))
    push(s, *follow)


def _run_contracts_done(s: VoyagesState, task: Task) -> None:
    """Slide the remaining contracts to the left: no gaps between contracts."""
    left = tuple(cid for cid in s.contract_spaces if cid is not None)
    s.contract_spaces = left + (None,) * (len(s.contract_spaces) - len(left))


def _receive_contract(s: VoyagesState, i: int, cid: str, protected: tuple[str, ...], allow_new: bool) -> list[Task]:
    """Put contract ``cid`` on player ``i``'s board, or return the decision of what to discard for it."""
    p = s._player(i)
    _set(p, "contracts", (*p.contracts, cid))  # over the hand limit, the discard decision follows at once
    return [] if len(p.contracts) <= s.components.rules.hand_limit else [("discard", i, cid, protected, allow_new)]


def _discard_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, new, protected, allow_new = task
    return ([Action("discard", i, choice=cid) for cid in s.players[i].contracts
             if cid not in protected and cid not in s.completing and cid != new]
            + ([Action("discard", i, choice=new)] if allow_new else []))


def _apply_discard(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, new, _protected, _allow_new = task
    p = s._player(i)
    _set(p, "contracts", tuple(c for c in p.contracts if c != a.choice))
    s.special_pile = (*s.special_pile, a.choice)
    what = "declines" if a.choice == new else "discards"
    s._note(i, f"{p.name} {what} contract {a.choice}: it goes under the special pile", R_CONTRACTS)


def _run_draw_contract(s: VoyagesState, task: Task) -> None:
    _, i, why, rule = task
    if not s.special_pile:
        s._note(i, f"the special pile is empty: no contract to take ({why})", R_SYMBOLS)
        return
    cid, s.special_pile = s.special_pile[0], s.special_pile[1:]
    s._note(i, f"{seat_name(s, i)} takes contract {cid} from the top of the special pile ({why})", rule)
    push(s, *_receive_contract(s, i, cid, protected=(), allow_new=True))


# =============================================================================== city cards and bonuses


def _trade_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, card_id, _left, fixed, made = task
    card = s.components.city_cards[card_id]
    p = s.players[i]
    out = [Action("trade", i, choice=str(k + 1)) for k, o in enumerate(card.options)
           if (fixed is None or k == fixed) and can_pay(p, o.pay)]
    if made:
        out.append(Action("done", i))
    return out


def _apply_trade(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, card_id, left, _fixed, made = task
    if a.kind == "done":
        return
    k = int(a.choice) - 1
    card = s.components.city_cards[card_id]
    option = card.options[k]
    why = f"city card {card_id}, exchange {made + 1}"
    follow = [_charge(i, option.pay, why, R_CARDS), _gain(i, option.gain, why, R_CARDS)]
    if left > 1:
        keep = None if card.mixed or len(card.options) == 1 else k
        follow.append(("trade", i, card_id, left - 1, keep, made + 1))
    push(s, *follow)


def _city_bonus_actions(s: VoyagesState, task: Task) -> list[Action]:
    _, i, _left, used, card_id = task
    card = s.components.city_cards[card_id]
    out = []
    if can_pay(s.players[i], card.pay):
        out = [Action("city_bonus", i, choice=c) for c in _own_bonus_cities(s, i) if c not in used]
    if used or not out:
        out.append(Action("done", i))
    return out


def _apply_city_bonus(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, left, used, card_id = task
    if a.kind == "done":
        return
    card = s.components.city_cards[card_id]
    marker = s.markers[a.choice]
    why = f"city card {card_id}: the bonus of {a.choice} ({marker})"
    follow = [_charge(i, card.pay, why, R_CARDS), _gain(i, s.components.city_bonuses[marker], why, R_CARDS)]
    if left > 1:
        follow.append(("city_bonus", i, left - 1, (*used, a.choice), card_id))
    push(s, *follow)


def _copy_actions(s: VoyagesState, task: Task) -> list[Action]:
    i = task[1]
    return [Action("copy_bonus", i, choice=letter) for letter, bonus in s.components.city_bonuses.items()
            if not bonus.copy_bonus]


def _apply_copy(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, why = task
    push(s, _gain(i, s.components.city_bonuses[a.choice], f"city bonus {a.choice} chosen ({why})", R_CITY_BONUS))


def _apply_compensation(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, amount = task
    kv = parse_counts(a.choice)
    below = s.components.rules.compensation_below
    gain_bundle(s, i, Bundle(coins=kv["coins"], camels=kv["camels"]),
                f"dice total {below - amount} < {below}", R_COMPENSATION)


# =============================================================================== rounds and setup


def assign_character(s: VoyagesState, i: int, ch: Character) -> None:
    """Give player ``i`` the character ``ch`` with what it changes at setup."""
    p = s._player(i)
    _set(p, "character", ch.id)
    s._note(i, f"{p.name} plays {ch.name}: {ch.ability}", R_CHAR(ch))
    if ch.start_location:
        _set(p, "location", ch.start_location)
        s._note(i, f"{p.name}'s figure starts in {ch.start_location}", R_CHAR(ch))
    if ch.figures > 1:
        _set(p, "figure2", p.location)
    for city in ch.start_posts:
        _set(p, "trading_posts", (*p.trading_posts, city))
        s._note(i, f"{p.name} places a trading post in {city}", R_CHAR(ch))
        _post_triggers(s, i, city)


def _apply_pick_character(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, offered, later = task
    assign_character(s, i, s.components.characters[a.choice])
    left = tuple(c for c in offered if c != a.choice)
    if later:
        push(s, ("pick_character", later[0], left, later[1:]))
    else:
        s._note(None, f"the character left over returns to the box: {', '.join(left)}", R_EXPERT)


def _apply_pick_goal(s: VoyagesState, task: Task, a: LegalAction) -> None:
    _, i, options, keep = task
    p = s._player(i)
    _set(p, "goals", (*p.goals, a.choice))
    left = tuple(g for g in options if g != a.choice)
    if keep > 1:
        push(s, ("pick_goal", i, left, keep - 1))
    else:
        s._note(i, f"{p.name} keeps goal cards {' and '.join(p.goals)} and returns the other {len(left)}", R_EXPERT)


def start_round(s: VoyagesState, number: int) -> None:
    """The start of a round: start player, city and character bonuses, dice back, roll."""
    c = s.components
    rules = c.rules
    s.round = number
    if number > 1 and s.next_first != s.first_player:
        s.first_player = s.next_first
        s._note(None, f"{seat_name(s, s.first_player)} travelled last and is the new start player", R_FIRST)
    s._note(None, f"round {number} begins; {seat_name(s, s.first_player)} is start player", R_ROUND)
    neutral = rules.neutral.get(s.num_players)
    s.spaces, s.placed = {}, ()
    if neutral is not None:
        if neutral.khan:
            s.spaces[KHAN] = (frozenset(), neutral.khan)
        if neutral.take_coins:
            s.spaces[TAKE_COINS] = (frozenset(), (1,) * neutral.take_coins)
    s.black_pool = rules.black_dice[s.num_players]
    order = [(s.first_player + k) % s.num_players for k in range(s.num_players)]
    tasks: list[Task] = []
    for i in order:
        p = s.players[i]
        for city in p.trading_posts:
            marker = s.markers.get(city)
            if marker:
                why = f"city bonus {marker} of {city} at the start of the round"
                tasks.append(_gain(i, c.city_bonuses[marker], why, R_ROUND))
        ch = _char(s, i)
        if ch is not None and ch.round_reward:
            tasks.append(_gain(i, ch.round_reward, f"{ch.name} at the start of the round", R_CHAR(ch)))
    push(s, *tasks, ("roll", order))


def _run_roll(s: VoyagesState, task: Task) -> None:
    """Step 3 and 4 of a round start: every player's dice come back and are rolled."""
    rules = s.components.rules
    tasks: list[Task] = []
    for i in task[1]:
        ch = _char(s, i)
        p = s._player(i)
        _set(p, "black_dice", ())
        if ch is not None and ch.choose_dice:
            _set(p, "dice", (0,) * rules.dice_per_player)
            _set(p, "white", 0)
            s._note(i, f"{p.name} does not roll: he sets each die's value when placing it", R_CHAR(ch))
            continue
        dice = tuple(sorted(_roll(s) for _ in range(rules.dice_per_player)))
        white = _roll(s) if ch is not None and ch.white_die else 0
        _set(p, "dice", dice)
        _set(p, "white", white)
        extra = f" and the white die {white}" if white else ""
        total = sum(dice) + white
        s._note(i, f"{p.name} rolls {list(dice)}{extra} (total {total})", R_ROUND)
        short = rules.compensation_below - total
        if short > 0 and (ch is None or ch.compensation):
            tasks.append(("compensation", i, short))
    s.main_done, s.black_bought, s.posted_now = False, 0, frozenset()
    _begin_turn(s, s.first_player)
    push(s, *tasks)


def _end_round(s: VoyagesState) -> None:
    rules = s.components.rules
    left = tuple(cid for cid in s.contract_spaces if cid is not None)
    if left:
        s.special_pile = (*s.special_pile, *left)
        s._note(None, f"contracts left on the board go under the special pile: {', '.join(left)}", R_ROUND_END)
    if s.round >= rules.rounds:
        s.contract_spaces = (None,) * rules.contract_spaces
        s.over, s.turn = True, None
        s._note(None, f"the game ends after round {s.round}: final scoring", R_END)
        return
    pile, s.contract_piles = s.contract_piles[0], s.contract_piles[1:]
    s.contract_spaces = pile
    s._note(None, f"new contracts on the board: {', '.join(pile)}", R_ROUND_END)
    start_round(s, s.round + 1)


# =============================================================================== the dispatch tables


_MAIN: dict[str, Callable[[VoyagesState, LegalAction], None]] = {
    "take_coins": _do_take_coins, "bazaar": _do_bazaar, "khans_favor": _do_khan, "contracts": _do_contracts,
    "travel": _do_travel, "city_card": _do_city_card,
}
_BONUS: dict[str, Callable[[VoyagesState, LegalAction], None]] = {
    "complete_contract": _do_complete, "money_bag": _do_money_bag, "reroll": _do_reroll,
    "adjust_die": _do_adjust, "black_die": _do_black_die, "end_turn": _do_end_turn,
}


def _move_text(s: VoyagesState, t: Task) -> str:
    _, i, left, made, mode, per_step, _ = t
    where = " and ".join(s.players[i].locations)
    what = {"travel": "Travel", "card": f"city card (each move costs {per_step})", "free": "a Move icon"}[mode]
    stop = " or stop" if made or mode == "free" else ""
    return f"move from {where} ({counted(left, 'step')} left, {what}){stop}"


def _goal_text(s: VoyagesState, goal: str) -> str:
    card = s.components.goals[goal]
    return f"{goal} ({' + '.join(card.cities)}: {card.vp} VP)"


def _column_text(s: VoyagesState, t: Task) -> str:
    key = (id(s.components), t[2], t[3])
    known = _COLUMN_TEXTS.get(key)
    if known is None:
        columns = s.components.rules.spaces[t[2]].by_die[:t[3]]
        known = _COLUMN_TEXTS[key] = (s.components, f"choose the {t[2]} bazaar column, 1 to your lowest die {t[3]} ("
                                      + "; ".join(f"{k}: {r}" for k, r in enumerate(columns, 1)) + ")")
    return known[1]


# _column_text by the components (held here, so that the id stays theirs), the bazaar space and the
# die: a bazaar's columns never change, and the greedy look-ahead asks for the same few prompts
# thousands of times a game
_COLUMN_TEXTS: dict[tuple[int, str, int], tuple[object, str]] = {}


# decision kind -> (legal actions, apply, plain-English prompt)
_DECISIONS: dict[str, tuple[Callable[[VoyagesState, Task], list[Action]],
                            Callable[[VoyagesState, Task, LegalAction], None],
                            Callable[[VoyagesState, Task], str]]] = {
    "move": (_move_actions, _apply_move, _move_text),
    "column": (lambda s, t: [Action("column", t[1], choice=str(k)) for k in range(t[3], 0, -1)], _apply_column,
               _column_text),
    "take_contract": (_contract_actions, _apply_take_contract,
                      lambda s, t: f"take a contract from {first(t[3], 'space')}" + (" or stop" if t[4] else "")),
    "discard": (_discard_actions, _apply_discard,
                lambda s, t: f"no room for contract {t[2]}: discard " + ("it or " if t[4] else "") + "an older one"),
    "relocate": (_relocate_actions, _apply_relocate,
                 lambda s, t: f"all trading posts are placed: choose one to move to {t[2]}"),
    "good": (_good_actions, _apply_good,
             lambda s, t: f"choose a good to {t[5]} for {t[6]} ({t[2]} left{', all different' if t[3] else ''})"),
    "choose": (lambda s, t: [Action("choose", t[1], choice=str(k + 1)) for k in range(len(t[2]))], _apply_choose,
               lambda s, t: "choose one: " + "; ".join(f"{k + 1}) {r}" for k, r in enumerate(t[2]))),
    "copy": (_copy_actions, _apply_copy, lambda s, t: "choose the city bonus (A-F, not this one) to receive"),
    "city_bonus": (_city_bonus_actions, _apply_city_bonus,
                   lambda s, t: f"choose a small city of yours for its bonus ({t[2]} left, each different)"),
    "trade": (_trade_actions, _apply_trade,
              lambda s, t: f"city card {t[2]}: choose an exchange ({t[3]} left){' or stop' if t[5] else ''}"),
    "compensation": (compensation_actions, _apply_compensation,
                     lambda s, t: f"take {t[2]} compensation as coins and/or camels"),
    "pick_character": (lambda s, t: [Action("character", t[1], choice=c) for c in t[2]], _apply_pick_character,
                       lambda s, t: "choose a character: " + "; ".join(
                           f"{c} ({s.components.characters[c].ability})" for c in t[2])),
    "pick_goal": (lambda s, t: [Action("goal", t[1], choice=g) for g in t[2]], _apply_pick_goal,
                  lambda s, t: f"keep {t[3]} more of these goal cards: " + "; ".join(_goal_text(s, g) for g in t[2])),
}
_AUTO: dict[str, Callable[[VoyagesState, Task], None]] = {
    "gain": _run_gain, "charge": _run_charge, "post": _run_post, "finish_move": _run_finish_move,
    "begin": lambda s, t: start_round(s, 1), "roll": _run_roll, "draw_contract": _run_draw_contract,
    "file_contract": _run_file_contract, "contracts_done": _run_contracts_done,
    "take_black": lambda s, t: _take_black(s, t[1], t[2], t[3]),
}


# What ``Decision.about`` holds, per follow-up kind (``None`` for the others).
DECISION_ABOUT = {"move": "the steps left (int)", "column": "the bazaar space (str)",
                  "trade": "the city card's id (str)"}


# =============================================================================== why not?


def _why_not(s: VoyagesState, i: int, p: Player, a: Action) -> str:
    if a.kind not in MAIN_KINDS + BONUS_KINDS + ("end_turn",):
        return (f"{a.kind} is a follow-up choice and nothing is asking for it now; "
                f"choose a main or bonus action ({R_TURN})")
    if a.kind == "end_turn":
        return f"you still have dice and must take exactly 1 main action first ({R_TURN})"
    if a.kind in MAIN_KINDS and s.main_done:
        return f"you have already taken your main action this turn ({R_TURN})"
    if a.dice:
        why = _why_not_dice(s, i, p, a)
        if why:
            return why
    if a.kind in MAIN_KINDS:
        return _why_not_main(s, i, p, a)
    return _why_not_bonus(s, i, p, a)


def _why_not_dice(s: VoyagesState, i: int, p: Player, a: Action) -> str | None:
    own, black = _own(a), a.black
    if _chooses_dice(s, i):
        if len(set(a.dice)) > 1:
            return f"{p.name} sets one value for all the dice he places together ({R_CHAR(_ability(s, i))})"
        if len(own) > len(p.dice) or len(black) > len(_colourless(p)):
            return (f"you hold {counted(len(p.dice), 'die', 'dice')} and "
                    f"{counted(len(p.black_dice), 'black die', 'black dice')} ({R_ACTIONS})")
        return None
    held, colourless = list(p.dice), list(_colourless(p))
    for v in own:
        if v not in held:
            return f"you have no unplaced die showing {v} (your dice: {list(p.dice)}) ({R_ACTIONS})"
        held.remove(v)
    for v in black:
        if v not in colourless:
            return f"you hold no black or white die showing {v} (yours: {list(_colourless(p))}) ({R_COLOURLESS})"
        colourless.remove(v)
    return None


def _why_not_main(s: VoyagesState, i: int, p: Player, a: Action) -> str:
    c = s.components
    rules = c.rules
    die = min(a.dice) if a.dice else 0
    own = _own(a)

    def shape(key: str, what: str, rule: str) -> str | None:
        need = rules.spaces[key].dice
        if len(a.dice) != need:
            return f"{what} takes exactly {counted(need, 'die', 'dice')} ({rule})"
        if own and not placing.colour_free(_space(s, key), i):
            return (f"your colour is already on {what} this round; only black or white dice may go there "
                    f"({rule}; {R_COLOURLESS})")
        return None

    def fee(key: str, what: str, extra: int = 0) -> str | None:
        f = space_fee(s, i, key, a.dice)
        if p.coins < f + extra:
            return (f"{what} is occupied, so it costs {resource(f, 'coins')} (your lowest die) and you have "
                    f"{resource(p.coins, 'coins')} ({R_OCCUPIED})")
        return None

    if a.kind == "take_coins":
        return (shape(TAKE_COINS, "Take 5 coins", R_TAKE_COINS) or fee(TAKE_COINS, "Take 5 coins")
                or f"these dice cannot go on Take 5 coins now ({R_TAKE_COINS})")
    if a.kind == "bazaar":
        space = rules.spaces.get(a.space or "")
        if space is None or not space.by_die:
            names = ", ".join(n for n, sp in rules.spaces.items() if sp.by_die)
            return f"there is no bazaar space {a.space!r} (spaces: {names}) ({R_BAZAAR})"
        return (shape(space.name, f"the {space.name} bazaar", R_BAZAAR) or fee(space.name, f"the {space.name} bazaar")
                or f"these dice cannot go on the {space.name} bazaar now ({R_BAZAAR})")
    if a.kind == "khans_favor":
        why = shape(KHAN, "the Khan's favor", R_KHAN)
        if why:
            return why
        values = _space(s, KHAN)[1]
        if len(values) >= rules.khan_slots:
            return f"all {rules.khan_slots} Khan's favor slots are taken this round ({R_KHAN})"
        if values and die < values[-1]:
            return f"the next Khan's favor slot needs a die of at least {values[-1]} (the die before it) ({R_KHAN})"
        return f"this die cannot go on the Khan's favor now ({R_KHAN})"
    if a.kind == "contracts":
        if not any(s.contract_spaces):
            return f"there is no contract on the board ({R_CONTRACTS})"
        return (shape(CONTRACTS, "Contracts", R_CONTRACTS) or fee(CONTRACTS, "Contracts")
                or f"this die cannot go on Contracts now ({R_CONTRACTS})")
    if a.kind == "travel":
        why = shape(TRAVEL, "Travel", R_TRAVEL)
        if why:
            return why
        f = space_fee(s, i, TRAVEL, a.dice)
        return (f"you cannot pay {resource(f, 'coins')} for the space and then a first step from "
                f"{' / '.join(p.locations)} (3 coins plus the route's extra coins or camels) ({R_TRAVEL})")
    # city_card
    if a.space not in s.cards:
        return f"there is no city card on space {a.space!r} (spaces: {', '.join(s.cards)}) ({R_CARDS})"
    city = c.card_spaces[a.space]
    if len(a.dice) != 1:
        return f"a city card takes exactly {counted(rules.spaces[CITY_CARD].dice, 'die', 'dice')} ({R_CARDS})"
    if _space(s, CARD + a.space)[1]:
        return f"the city card on {a.space} has already been used this round (brown space) ({R_CARDS})"
    if city not in p.trading_posts:
        return f"you need a trading post in {city} to use its city card ({R_CARDS})"
    if city in _posted_now(s, i):
        return f"you placed your post in {city} this turn; its card is usable from your next turn ({R_CARDS})"
    card = c.city_cards[s.cards[a.space]]
    return f"you cannot carry out city card {card.id} ({card}) even once ({R_CARDS})"


def _why_not_bonus(s: VoyagesState, i: int, p: Player, a: Action) -> str:
    rules = s.components.rules
    if a.kind == "complete_contract":
        if a.choice not in p.contracts:
            return (f"{a.choice} is not one of your active contracts ({', '.join(p.contracts) or 'none'}) "
                    f"({R_COMPLETE})")
        return f"you cannot pay contract {a.choice}'s cost: {s.components.contracts[a.choice].cost} ({R_COMPLETE})"
    if a.kind == "money_bag":
        return f"the money bag takes exactly {counted(rules.spaces[MONEY_BAG].dice, 'die', 'dice')} ({R_BAG})"
    if a.kind in ("reroll", "adjust_die"):
        cost = rules.reroll_cost if a.kind == "reroll" else rules.adjust_cost
        rule = R_REROLL if a.kind == "reroll" else R_ADJUST
        if _chooses_dice(s, i):
            return (f"{p.name} sets his die values when placing them; there is nothing to {a.kind} "
                    f"({R_CHAR(_ability(s, i))})")
        if len(a.dice) != 1:
            return f"{a.kind} changes exactly 1 die ({rule})"
        if p.camels < cost.camels:
            return f"it costs {cost} and you have {resource(p.camels, 'camels')} ({rule})"
        return f"a die cannot go below 1 or above 6 (no 6 ↔ 1), and the change is -1 or +1 ({rule})"
    # black_die
    if s.black_bought >= rules.black_die_per_turn:
        return f"you may take only 1 black die per turn with this bonus action ({R_BUY_BLACK})"
    if not s.black_pool:
        return f"there are no black dice left on the board ({R_BUY_BLACK})"
    return f"it costs {rules.black_die_cost} and you have {resource(p.camels, 'camels')} ({R_BUY_BLACK})"


def _why_waiting(s: VoyagesState, a: Action) -> str | None:
    """What the rules say about ``a`` while another choice is awaited: a turn action in the middle of
    an action, a bazaar column or a contract space beyond the die, a contract taken in the same
    action to be discarded, a step to a place not next or not paid for; ``None`` otherwise."""
    waits = mid_action(s, a, (*MAIN_KINDS, *BONUS_KINDS, "end_turn"), ("compensation", "pick_character", "pick_goal"),
                       R_TURN)
    if waits:
        return waits
    task = s.tasks[-1] if s.tasks else None
    if task is None or task[0] != a.kind:
        return None
    if a.kind == "column" and a.choice and a.choice.isdigit() and int(a.choice) > task[3]:
        return f"your lowest die is {task[3]}, so the columns are 1 to {task[3]} ({R_BAZAAR})"
    if a.kind == "take_contract" and a.space and a.space.isdigit() and int(a.space) > task[3]:
        return f"your die is {task[3]}, so it opens {first(task[3], 'contract space')} ({R_CONTRACTS})"
    if a.kind == "discard" and a.choice in (task[2], *task[3]) and not task[4]:
        return (f"contract {a.choice} was taken in this action: new contracts go on your board first, and an "
                f"older one makes room ({R_CONTRACTS})")
    if a.kind == "move" and a.choice:
        to, _, fig = a.choice.partition("/")
        steps = [st for st in open_steps(s, task[1]) if st[2] == to and (not fig or str(st[0]) == fig)]
        if not steps:
            return f"{to} is not one step from {' or '.join(s.players[task[1]].locations)} ({R_TRAVEL})"
        cost = step_cost(s, steps[0][3], task[3], task[4], task[5])
        return f"this step costs {cost}, more than you can pay now ({R_TRAVEL})"
    return None


TURNS = Turns(main=_MAIN, bonus=_BONUS, decisions=_DECISIONS, auto=_AUTO, turn_actions=_turn_actions,
              about=DECISION_ABOUT, why_not=_why_not, turn_rule=R_TURN, end_rule=R_END, why_waiting=_why_waiting)
run = TURNS.run
legal_actions = TURNS.legal_actions
decision = TURNS.decision
apply = TURNS.apply
explain = TURNS.explain
