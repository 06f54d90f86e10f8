"""Placing dice on action spaces: the choices of dice, the colour rule and the occupied-space fee.

Both Marco Polo games place dice the same way: a space takes a fixed number of dice, a player's
colour may be on a space only once per round (black and white dice are not a colour), and using
an occupied space costs coins equal to the lowest die placed. A space is stored as
``(seats whose colour is on it, values of every die on it)``.

>>> choices(own=(2, 5, 5), black=(3,), n=2)[1:3]
(((5, 5), (), (5, 5)), ((2,), (3,), (2, 3)))
>>> fee(((), (4,)), (2, 6)), fee(EMPTY, (2, 6))
(2, 0)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from itertools import combinations
from typing import Any

Space = tuple[frozenset[int], tuple[int, ...]]
EMPTY: Space = (frozenset(), ())

DiceChoice = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""``(own values, black values, all values sorted)`` of one way to pick dice."""


@functools.lru_cache(maxsize=8192)
def choices(own: tuple[int, ...], black: tuple[int, ...], n: int) -> tuple[DiceChoice, ...]:
    """Every distinct way to pick ``n`` dice from ``own`` (the player's colour) and ``black``
    (colourless) dice, own-heavy first."""
    pool = [(v, False) for v in own] + [(v, True) for v in black]
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], None] = {}
    for combo in combinations(pool, n):
        seen[(tuple(sorted(v for v, b in combo if not b)), tuple(sorted(v for v, b in combo if b)))] = None
    return tuple((o, b, tuple(sorted(o + b))) for o, b in sorted(seen, key=lambda ob: (-len(ob[0]), ob)))


def fee(space: Space, dice: tuple[int, ...]) -> int:
    """Coins due to place ``dice`` on ``space``: the lowest die placed if it is occupied, else 0."""
    return min(dice) if space[1] else 0


def colour_free(space: Space, seat: int) -> bool:
    """Whether ``seat``'s colour is not on ``space`` yet (it may be placed there once per round)."""
    return seat not in space[0]


def placed(space: Space, seat: int, own: tuple[int, ...], dice: tuple[int, ...]) -> Space:
    """``space`` after ``seat`` places ``dice`` on it, ``own`` of them of the seat's colour."""
    colours, values = space
    return (colours | {seat} if own else colours, values + dice)


def without(held: Iterable[int], values: Iterable[int]) -> tuple[int, ...]:
    """``held`` dice minus one die of each of ``values`` (which must all be held)."""
    out = list(held)
    for v in values:
        out.remove(v)
    return tuple(out)


Placement = tuple[str, int, tuple[int, ...], tuple[int, ...]]
"""``(space key, seat, own values, colourless values)``: dice one seat placed on a space this round."""


def owned_dice(key: str, space: Space, placements: Iterable[Placement]) -> list[dict[str, Any]]:
    """The dice on ``space`` with their owners, for display: ``{value, owner, black}``, ``owner``
    ``None`` for the neutral dice no placement of this round accounts for (2-/3-player games).

    >>> owned_dice("khan", (frozenset({1}), (1, 4, 5)), [("khan", 1, (4,), (5,))])  # doctest: +NORMALIZE_WHITESPACE
    [{'value': 1, 'owner': None, 'black': False}, {'value': 4, 'owner': 1, 'black': False},
     {'value': 5, 'owner': 1, 'black': True}]
    """
    mine = [(seat, own, black) for k, seat, own, black in placements if k == key]
    neutral = without(space[1], [v for _, own, black in mine for v in own + black])
    return ([{"value": v, "owner": None, "black": False} for v in neutral]
            + [{"value": v, "owner": seat, "black": is_black} for seat, own, black in mine
               for v, is_black in [(v, False) for v in own] + [(v, True) for v in black]])
