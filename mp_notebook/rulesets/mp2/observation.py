"""What a seat's numeric observation of Marco Polo II holds, in order (its ``observation`` part,
read by the PettingZoo and OpenSpiel adapters: :mod:`mp_notebook.adapters._layout` says how a
layout is written and checks it against the ``secrets`` part). The vocabularies are the
components': cities, contracts, characters, goals, seals, tiles and cards.

>>> import mp_notebook as mp
>>> lay = layout(mp.new_game(2, seed=0))
>>> lay.kinds[:2], [name for name, _ in lay.secret]
(('turn', 'over'), ['goal'])
"""

from __future__ import annotations

from typing import Any

from mp_notebook.adapters._layout import (
    SEATS,
    Layout,
    count,
    counts,
    custom,
    dice_space,
    each,
    number,
    one_of,
    size,
    table,
)
from mp_notebook.rulesets.mp2.rules import AREA_SPACES, SPACE_BOOK, SPACE_CARD, SPACE_SPECIAL, SPACE_TRAVEL, TURNS

FACES = (1, 2, 3, 4, 5, 6)


def layout(s: Any) -> Layout:
    """The layout of the game of ``s`` (a sample state: its components give the words)."""
    c = s.components
    r = c.rules
    places = list(c.locations)
    cities = [name for name, loc in c.locations.items() if loc.kind == "city"]
    contracts = list(c.contracts)
    seals = list(c.seals)
    spaces = ["khan", "contracts", "seals", *(SPACE_BOOK + b.name for b in r.books),
              *(SPACE_TRAVEL + t.name for t in r.travel), *(SPACE_SPECIAL + city for city in c.special_cities),
              *(SPACE_CARD + space for space in (*c.card_spaces, *AREA_SPACES))]
    game = (
        ("num_players", number()), ("round", number()), ("first_player", one_of("seat", SEATS)),
        ("next_first", one_of("seat", SEATS)), ("travel_high", number()), ("turn", one_of("seat", SEATS)),
        ("main_done", number()), ("black_bought", number()), ("bagged", number()), ("over", number()),
        ("posted_now", count()), ("completing", count()),
        ("spaces", table("action space", spaces, dice_space())),
        ("offer_tiles", counts("offer tile", [t.id for t in c.offer_tiles])),
        ("offer_piles", each(3, size())),
        ("markers", table("city", [n for n, loc in c.locations.items() if loc.city_bonus],
                          one_of("city bonus", c.city_bonuses))),
        ("outposts", table("city", [n for n, loc in c.locations.items() if loc.outpost],
                           one_of("outpost tile", ["", *c.outposts]))),  # "": taken
        ("cards", table("card space", [*c.card_spaces, *AREA_SPACES], one_of("city card", c.city_cards))),
        ("card_deck", size()), ("contract_pile", size()),
        ("display", table("city", [n for n, loc in c.locations.items() if loc.contracts],
                          counts("contract", contracts))),
        ("black_pool", counts("die", (0, *FACES))),
        ("automa", custom(len(_AUTOMA), _automa)),
    )
    player = (
        ("character", one_of("character", c.characters_by_name)),
        *((name, number()) for name in ("coins", "camels", "pepper", "silk", "gold", "jade", "vp", "shields")),
        ("dice", counts("die", FACES)), ("black_dice", counts("die", FACES)),
        ("location", one_of("place", places)), ("figure2", one_of("place", places)),
        ("trading_posts", counts("city", cities)), ("contracts", counts("contract", contracts)),
        ("completed", count()), ("seal_levels", custom(2 * len(seals), _seals(seals))),
        ("outpost_tiles", counts("outpost tile", c.outposts)),
    )
    kinds = ("turn", "over", *TURNS.decisions)
    return Layout(kinds=kinds, game=game, player=player, secret=(("goal", one_of("goal", c.goals)),))


def _seals(seals: list[str]) -> Any:
    """The guild seals held, each as (held, improved)."""
    def write(levels: tuple[tuple[str, bool], ...]) -> list[float]:
        out = [0.0] * (2 * len(seals))
        for name, up in levels:
            k = seals.index(name)
            out[2 * k], out[2 * k + 1] = 1.0, float(up)
        return out

    return write


_AUTOMA = ("present", "position", "deck", "dice", "black", "contracts", "done")


def _automa(automa: Any) -> list[float]:
    """The solo Automa as the players see it: its trip position, the size of its face-down deck,
    its dice, its contracts and what it has done (not its deck's order, nor its slide)."""
    if automa is None:
        return [0.0] * len(_AUTOMA)
    return [1.0, float(automa.position), float(len(automa.deck)), float(automa.dice), float(automa.black),
            float(len(automa.contracts)), float(len(automa.done))]
