"""The action kinds of The Voyages of Marco Polo and their notation.

>>> VOCABULARY.parse("bazaar [4,5] silk", player=0)
Action('bazaar [4,5] silk', player=0)
>>> VOCABULARY.parse("take_contract 2 C17").space
'2'
"""

from __future__ import annotations

from mp_notebook.engine.actions import Kinds, Vocabulary

# kind -> (places dice, named parts after the dice)
KINDS: Kinds = {
    # main actions
    "take_coins": (True, ()),
    "bazaar": (True, ("space",)),  # camels | pepper | silk | gold; the column is chosen next
    "khans_favor": (True, ()),
    "contracts": (True, ()),
    "travel": (True, ()),
    "city_card": (True, ("space",)),
    # bonus actions
    "complete_contract": (False, ("choice",)),
    "money_bag": (True, ()),
    "reroll": (True, ()),
    "adjust_die": (True, ("choice",)),
    "black_die": (False, ()),
    "end_turn": (False, ()),
    # follow-up decisions
    "column": (False, ("choice",)),
    "move": (False, ("choice",)),
    "done": (False, ()),
    "take_contract": (False, ("space", "choice")),
    "discard": (False, ("choice",)),
    "good": (False, ("choice",)),
    "choose": (False, ("choice",)),
    "city_bonus": (False, ("choice",)),
    "copy_bonus": (False, ("choice",)),
    "trade": (False, ("choice",)),
    "relocate_post": (False, ("choice",)),
    "compensation": (False, ("choice",)),
    "character": (False, ("choice",)),
    "goal": (False, ("choice",)),
}
MAIN_KINDS = ("take_coins", "bazaar", "khans_favor", "contracts", "travel", "city_card")
BONUS_KINDS = ("complete_contract", "money_bag", "reroll", "adjust_die", "black_die")

VOCABULARY = Vocabulary(KINDS, main=MAIN_KINDS, bonus=BONUS_KINDS)
