"""The action kinds of the Schmidt Spiele Marco Polo and their notation.

A turn is one ``spin`` (the ring: ``land`` or ``sea``); everything after it is a follow-up
decision: where to ``move``, what to give the pirates (``ransom``), whether to take their booty
after beating them (``booty take`` or ``booty leave``), the gifts for the Khan (``gift``), trading
(``sell``, ``buy``, ``deal``, ``end_turn``), a joker's choice of merchant (``pick``, a seat number
or ``none``), a joker's free card or extra turn the merchant may take (``extra_card`` and
``extra_turn``: ``take`` or ``decline``) and selling cards to pay a debt (``pay_debt``).

>>> VOCABULARY.parse("sell green80a", player=0)
Action('sell green80a', player=0)
>>> str(VOCABULARY.parse("spin sea"))
'spin sea'
"""

from __future__ import annotations

from mp_notebook.engine.actions import Kinds, Vocabulary

# kind -> (places dice, named parts after the dice)
KINDS: Kinds = {
    "spin": (False, ("choice",)),
    "move": (False, ("choice",)),
    "ransom": (False, ("choice",)),
    "gift": (False, ("choice",)),
    "sell": (False, ("choice",)),
    "buy": (False, ()),
    "deal": (False, ("choice",)),
    "pick": (False, ("choice",)),
    "pay_debt": (False, ("choice",)),
    "end_turn": (False, ()),
    "booty": (False, ("choice",)),
    "extra_card": (False, ("choice",)),
    "extra_turn": (False, ("choice",)),
}

VOCABULARY = Vocabulary(KINDS, main=("spin",))
