"""The words of the Schmidt Spiele Marco Polo's fixed action space (its ``forms`` part,
:class:`mp_notebook.adapters.vocabulary.FormTerms`): every shape of action a seat could be offered,
read from the components and board of a sample state; PettingZoo and OpenSpiel number them.

>>> import mp_notebook as mp
>>> shapes = forms(mp.new_game(2, ruleset="schmidt", seed=0))
>>> shapes[0], len(shapes)
(('spin', (), None, 'land'), 313)
"""

from __future__ import annotations

from typing import Any

from mp_notebook.adapters._vocabulary import Form


def forms(s: Any) -> list[Form]:
    """Every shape of action of the game of ``s`` (see the module docstring)."""
    c = s.components
    cards = list(c.cards)
    seats = [str(k) for k in range(4)]  # 2-4 merchants (seed 001)
    forms: list[Form] = [("spin", (), None, mode) for mode in c.neighbours]
    forms += [("move", (), None, x) for x in c.locations]
    forms += [("ransom", (), None, x) for x in (*cards, "bribe")]
    forms += [("gift", (), None, x) for x in cards]
    forms += [("sell", (), None, x) for x in cards]
    forms += [("buy", (), None, None), ("end_turn", (), None, None)]
    forms += [("deal", (), None, x) for x in seats]
    forms += [("pick", (), None, x) for x in (*seats, "none")]
    forms += [("pay_debt", (), None, x) for x in (*cards, "plaque", "secrets")]
    forms += [("booty", (), None, x) for x in ("take", "leave")]
    forms += [(kind, (), None, x) for kind in ("extra_card", "extra_turn") for x in ("take", "decline")]
    return forms
