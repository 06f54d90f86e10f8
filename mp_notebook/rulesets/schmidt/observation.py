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

from mp_notebook.adapters._layout import SEATS, Layout, counts, custom, number, one_of, size, table
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
        ("secrets_left", number()), ("booty", table("ring", MODES, custom(2, _booty))),
        ("visit", custom(len(cities) + 4, _visit(cities))), ("extra_turns", number()),
        ("spun", custom(len(MODES) + len(sectors), _spun(sectors))), ("round_limit", number()),
        ("winner", one_of("seat", SEATS)), ("over", number()),
    )
    player = (
        ("gulden", number()), ("cards", counts("ware card", c.cards)), ("secrets", number()),
        ("location", one_of("place", places)), ("mode", one_of("mode", MODES)),
    )
    return Layout(kinds=KINDS, game=game, player=player, secret=(("plaque", one_of("mission city", c.rules.missions)),))


def _booty(booty: Any) -> list[float]:
    """The booty on a ring's pirates or bandits space: its Gulden and how many cards."""
    gulden, cards = booty or (0, ())
    return [float(gulden), float(len(cards))]


def _visit(cities: list[str]) -> Any:
    """A trading visit: the city, whether a colour was sold, the cards bought, whether the player
    traded with a merchant and how many merchants were there."""
    index = {p: k for k, p in enumerate(cities)}

    def write(visit: Any) -> list[float]:
        out = [0.0] * (len(cities) + 4)
        if visit is not None:
            city, sold, bought, traded, present = visit
            out[index[city]] = 1.0
            out[len(cities):] = [float(bool(sold)), float(bought), float(traded), float(len(present))]
        return out

    return write


def _spun(sectors: list[str]) -> Any:
    """The last spin: its ring and its sector."""
    def write(spun: Any) -> list[float]:
        out = [0.0] * (len(MODES) + len(sectors))
        if spun is not None:
            ring, sector = spun
            out[MODES.index(ring)] = 1.0
            out[len(MODES) + sectors.index(sector)] = 1.0
        return out

    return write
