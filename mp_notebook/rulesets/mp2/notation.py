"""The action kinds of Marco Polo II and their notation.

>>> VOCABULARY.parse("take_contract Xian R12", player=0)
Action('take_contract Xian R12', player=0)
"""

from __future__ import annotations

from mp_notebook.engine.actions import Kinds, Vocabulary

# kind -> (places dice, named parts after the dice)
KINDS: Kinds = {
    # main actions
    "books": (True, ("space",)),
    "khans_favor": (True, ()),
    "guild_seal": (True, ()),
    "travel": (True, ("space",)),
    "contracts": (True, ()),
    "special_city": (True, ("space",)),
    "city_card": (True, ("space",)),
    # bonus actions
    "complete_contract": (False, ("choice",)),
    "improve_seal": (False, ("choice",)),
    "money_bag": (True, ("choice",)),
    "reroll": (True, ()),
    "adjust_die": (True, ("choice",)),
    "black_die": (True, ()),
    "outpost_bonus": (False, ("choice",)),
    "end_turn": (False, ()),
    # follow-up decisions
    "offer": (False, ("choice",)),
    "seal": (False, ("choice",)),
    "move": (False, ("choice",)),
    "done": (False, ()),
    "extra_post": (False, ("choice",)),
    "take_contract": (False, ("space", "choice")),
    "discard": (False, ("choice",)),
    "relocate_post": (False, ("choice",)),
    "good": (False, ("choice",)),
    "choose": (False, ("choice",)),
    "copy_bonus": (False, ("choice",)),
    "city_bonus": (False, ("choice",)),
    "trade": (False, ("choice",)),
    "compensation": (False, ("choice",)),
    "pay": (False, ("choice",)),
    "pair": (False, ("choice",)),
    "double_bonus": (False, ("choice",)),
    "character": (False, ("choice",)),
    "goal": (False, ("choice",)),
}
MAIN_KINDS = ("books", "khans_favor", "guild_seal", "travel", "contracts", "special_city", "city_card")
BONUS_KINDS = ("complete_contract", "improve_seal", "money_bag", "reroll", "adjust_die", "black_die",
               "outpost_bonus")



VOCABULARY = Vocabulary(KINDS, main=MAIN_KINDS, bonus=BONUS_KINDS, optional_dice=("black_die",))
