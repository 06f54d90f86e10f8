"""What a seat's numeric observation of The Voyages of Marco Polo holds, in order (its
``observation`` part, read by the PettingZoo and OpenSpiel adapters:
:mod:`mp_notebook.adapters._layout` says how a layout is written and checks it against the
``secrets`` part). The vocabularies are the components': places, contracts, characters, goals,
tiles and cards.

>>> import mp_notebook as mp
>>> lay = layout(mp.new_game(2, ruleset="voyages", seed=0))
>>> lay.kinds[:2], [name for name, _ in lay.secret]
(('turn', 'over'), ['goals'])
"""

from __future__ import annotations

from typing import Any

from mp_notebook.adapters._layout import (
    SEATS,
    Layout,
    count,
    counts,
    dice_space,
    each,
    number,
    one_of,
    size,
    table,
)
from mp_notebook.rulesets.voyages.rules import CARD, CITY_CARD, TURNS

FACES = (0, 1, 2, 3, 4, 5, 6)  # 0: a die not rolled yet


def layout(s: Any) -> Layout:
    """The layout of the game of ``s`` (a sample state: its components give the words)."""
    c = s.components
    places = list(c.locations)
    cities = [name for name, loc in c.locations.items() if loc.kind == "city"]
    contracts = list(c.contracts)
    spaces = [*(k for k in c.rules.spaces if k != CITY_CARD), *(CARD + space for space in c.card_spaces)]
    game = (
        ("num_players", number()), ("round", number()), ("first_player", one_of("seat", SEATS)),
        ("next_first", one_of("seat", SEATS)), ("turn", one_of("seat", SEATS)), ("main_done", number()),
        ("black_bought", number()), ("over", number()), ("posted_now", count()), ("completing", count()),
        ("spaces", table("action space", spaces, dice_space())),
        ("beijing", each(len(c.beijing), one_of("seat", SEATS))), ("black_pool", number()),
        ("markers", table("city", c.bonus_cities.values(), one_of("city bonus", c.city_bonuses))),
        ("outposts", table("city", [n for n, loc in c.locations.items() if loc.outpost],
                           one_of("outpost tile", ["", *c.outposts]))),  # "": taken
        ("cards", table("card space", c.card_spaces, one_of("city card", c.city_cards))),
        ("contract_spaces", each(len(s.contract_spaces), one_of("contract", contracts))),
        ("contract_piles", each(len(s.contract_piles), size())), ("special_pile", size()),
    )
    player = (
        ("character", one_of("character", c.characters)),
        *((name, number()) for name in ("coins", "camels", "pepper", "silk", "gold", "vp", "white")),
        ("dice", counts("die", FACES)), ("black_dice", counts("die", FACES)),
        ("location", one_of("place", places)), ("figure2", one_of("place", places)),
        ("trading_posts", counts("city", cities)), ("contracts", counts("contract", contracts)),
        ("completed", count()),
    )
    kinds = ("turn", "over", *TURNS.decisions)
    return Layout(kinds=kinds, game=game, player=player, secret=(("goals", counts("goal", c.goals)),))

