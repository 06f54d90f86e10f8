"""The words of The Voyages of Marco Polo's fixed action space (its ``forms`` part,
:class:`mp_notebook.adapters.vocabulary.FormTerms`): every shape of action a seat could be offered,
read from the components and board of a sample state; PettingZoo and OpenSpiel number them.

>>> import mp_notebook as mp
>>> shapes = forms(mp.new_game(2, ruleset="voyages", seed=0))
>>> shapes[0], len(shapes)
(('take_coins', (1,), None, None), 686)
"""

from __future__ import annotations

from typing import Any

from mp_notebook.adapters._vocabulary import Form, amount_splits, move_words, numbered


def forms(s: Any) -> list[Form]:
    """Every shape of action of the game of ``s`` (see the module docstring)."""
    c = s.components
    r = c.rules
    contracts = list(c.contracts)
    places = [name for name, loc in c.locations.items() if loc.takes_posts]
    one = (1,)
    forms: list[Form] = [("take_coins", (r.spaces["take_coins"].dice,), None, None)]
    forms += [("bazaar", (r.spaces[good].dice,), good, None) for good in ("camels", *type(s.players[0]).GOODS)]
    forms += [("khans_favor", (r.spaces["khans_favor"].dice,), None, None)]
    forms += [("contracts", (r.spaces["contracts"].dice,), None, None)]
    forms += [("travel", (r.spaces["travel"].dice,), None, None)]
    forms += [("city_card", (r.spaces["city_card"].dice,), space, None) for space in c.card_spaces]
    forms += [("complete_contract", (), None, x) for x in contracts]
    forms += [("money_bag", (r.spaces["money_bag"].dice,), None, None), ("reroll", one, None, None)]
    forms += [("adjust_die", one, None, d) for d in ("+1", "-1")]
    forms += [("black_die", (), None, None), ("end_turn", (), None, None), ("done", (), None, None)]
    forms += [("column", (), None, x) for x in numbered()]
    forms += [("move", (), None, x) for x in move_words(s)]
    forms += [("take_contract", (), space, x) for space in numbered(r.contract_spaces) for x in contracts]
    forms += [("discard", (), None, x) for x in contracts]
    forms += [("good", (), None, x) for x in type(s.players[0]).GOODS]
    forms += [("choose", (), None, x) for x in numbered()]
    forms += [("city_bonus", (), None, x) for x in c.locations]
    forms += [("copy_bonus", (), None, x) for x in c.city_bonuses]
    forms += [("trade", (), None, x) for x in numbered()]
    forms += [("relocate_post", (), None, x) for x in places]
    forms += [("compensation", (), None, x) for x in amount_splits(r.compensation_below, ("coins", "camels"))
              if x != "coins=0,camels=0"]
    forms += [("character", (), None, x) for x in c.characters]
    forms += [("goal", (), None, x) for x in c.goals]
    return forms
