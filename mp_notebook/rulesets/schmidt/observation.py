"""What a seat's numeric observation of the Schmidt game holds, in order (its ``observation``
part, read by the PettingZoo and OpenSpiel adapters: :mod:`mp_notebook.adapters._layout` says how
a layout is written and checks it against the ``secrets`` part). The vocabularies are the
components': places, ware cards, colours and the spinner's sectors.

>>> import mp_notebook as mp
>>> lay = layout(mp.new_game(2, ruleset="schmidt", seed=0))
>>> [name for name, _ in lay.secret], lay.size < 1000
(['plaque'], True)
"""

from __future__ import annotations

from typing import Any

from mp_notebook.adapters._layout import SEATS, Layout, count, counts, flag, number, one_of, parts, size, table
from mp_notebook.rulesets.schmidt.components import MODES

KINDS = ("turn", "move", "ransom", "gift", "booty", "extra_turn", "extra_card", "trade", "pick", "debt", "over")
"""The decisions the rules await (``rules.py``, ``decision``)."""


def layout(s: Any) -> Layout:
    """The layout of the game of ``s`` (a sample state: its components give the words)."""
    c = s.components
    places = list(c.locations)
    cities = sorted(c.trading_cities)
    sectors = sorted({str(x) for ring in c.rules.spinner.values() for x in ring})
    game = (
        ("num_players", number()), ("round", number()), ("first_player", one_of("seat", SEATS)),
        ("turn", one_of("seat", SEATS)), ("decks", table("colour", c.colours, size())), ("plaques", size()),
        ("secrets_left", number()), ("booty", table("ring", MODES, parts("booty", number(), count()))),
        # a trading visit: the city, whether a colour was sold, the cards bought, whether the player
        # traded with a merchant and how many merchants were there
        ("visit", parts("trading visit", one_of("trading city", cities), flag(), number(), number(), count())),
        ("extra_turns", number()),
        ("spun", parts("spin", one_of("ring", MODES), one_of("sector", sectors))),  # the last spin
        ("round_limit", number()),
        ("winner", one_of("seat", SEATS)), ("over", number()),
    )
    player = (
        ("gulden", number()), ("cards", counts("ware card", c.cards)), ("secrets", number()),
        ("location", one_of("place", places)), ("mode", one_of("mode", MODES)),
    )
    return Layout(kinds=KINDS, game=game, player=player, secret=(("plaque", one_of("mission city", c.rules.missions)),))

