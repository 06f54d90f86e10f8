"""The words of Marco Polo II's fixed action space (its ``forms`` part,
:class:`mp_notebook.adapters.vocabulary.FormTerms`): every shape of action a seat could be offered,
read from the components and board of a sample state; PettingZoo and OpenSpiel number them.

>>> import mp_notebook as mp
>>> shapes = forms(mp.new_game(2, ruleset="mp2", seed=0))
>>> shapes[0], len(shapes)
(('books', (1,), 'pepper', None), 3720)
"""

from __future__ import annotations

from typing import Any

from mp_notebook.adapters._vocabulary import FACES, Form, amount_splits, move_words, numbered


def forms(s: Any) -> list[Form]:
    """Every shape of action of the game of ``s`` (see the module docstring)."""
    c = s.components
    r = c.rules
    contracts = list(c.contracts)
    seal_dice = tuple(sorted({2, *(ch.seal_dice for ch in c.characters.values() if ch.seal_dice)}))
    one = (1,)
    forms: list[Form] = [("books", one, b.name, None) for b in r.books]
    forms += [("khans_favor", one, None, None), *(("guild_seal", (n,), None, None) for n in seal_dice)]
    forms += [("travel", (t.dice,), t.name, None) for t in r.travel]
    forms += [("contracts", one, None, None)]
    forms += [("special_city", one, city, None) for city in c.special_cities]
    forms += [("city_card", one, space, None) for space in s.cards]
    forms += [("complete_contract", (), None, x) for x in contracts]
    forms += [("improve_seal", (), None, x) for x in c.seals]
    forms += [("money_bag", one, None, x) for x in r.money_bag]
    forms += [("reroll", one, None, None), *(("adjust_die", one, None, d) for d in ("+1", "-1"))]
    forms += [("black_die", (0, 1), None, None)]
    forms += [("outpost_bonus", (), None, x) for x in c.outposts]
    forms += [("end_turn", (), None, None), ("done", (), None, None)]
    forms += [("offer", (), None, x) for x in numbered(max(len(t.offers) for t in c.offer_tiles))]
    forms += [("seal", (), None, x) for x in c.seals]
    forms += [("move", (), None, x) for x in move_words(s)]
    cities = [name for name, loc in c.locations.items() if loc.kind == "city"]
    forms += [("extra_post", (), None, x) for x in cities]
    forms += [("take_contract", (), city, x) for city, loc in c.locations.items() if loc.contracts for x in contracts]
    forms += [("discard", (), None, x) for x in contracts]
    forms += [("relocate_post", (), None, x) for x in cities]
    forms += [("good", (), None, x) for x in type(s.players[0]).GOODS]
    forms += [("choose", (), None, x) for x in numbered()]
    forms += [("copy_bonus", (), None, x) for x in cities]
    forms += [("city_bonus", (), None, x) for x in cities]
    options = max(len(card.options) for card in c.city_cards.values())
    forms += [("trade", (), None, f"{k}x{t}") for k in range(1, options + 1) for t in FACES]
    forms += [("compensation", (), None, x) for x in amount_splits(r.compensation_below, ("coins", "camels"))
              if x != "coins=0,camels=0"]
    forms += [("pay", (), None, x) for x in amount_splits(_dearest(c), ("coins", "camels", "jade"))]
    forms += [("pair", (), None, x) for x in ("doubles", "separately")]
    # Mailin & Tian Chin take one round-start bonus twice: one from each city marker with her post,
    # her own round reward, or an improved seal (mp2 rules, _round_bonuses)
    bonuses = sum(1 for loc in c.locations.values() if loc.city_bonus) + 1 + len(c.seals)
    forms += [("double_bonus", (), None, x) for x in numbered(bonuses)]
    forms += [("character", (), None, x) for x in c.characters]
    forms += [("goal", (), None, x) for x in c.goals]
    return forms


def _dearest(c: Any) -> int:
    """The most coins + camels + jade one Marco Polo II payment can split (``pay coins=a,camels=b,
    jade=c``), from the data: a city card's trade repeated once per pip of its die (its dearest
    option, up to 6 times), a route, a seal's improvement, a contract, a bonus action's cost, or a
    Travel space's coins plus an occupied space's fee (a die's value)."""
    def amount(b: Any) -> int:
        return int(b.coins + b.camels + b.jade)

    r = c.rules
    trade = max(amount(o.pay.pay) for card in c.city_cards.values() for o in card.options) * max(FACES)
    return int(max(trade, *(amount(x.cost) for x in c.routes), *(amount(x.improve.pay) for x in c.seals.values()),
               *(amount(x.cost.pay) for x in c.contracts.values()),
               *(amount(b) for b in (r.reroll_cost, r.adjust_cost, r.black_die_cost)),
               max(FACES) + max(t.coins for t in r.travel)))
