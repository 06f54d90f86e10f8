"""The player-board rows both Marco Polo games (Marco Polo II, The Voyages of Marco Polo) show
alike: where the figures stand, the trading posts placed and the contracts on the player board.

>>> figures_row(["Beijing"]), figures_row(["Beijing", "Xanadu"])
({'label': 'figure in', 'value': 'Beijing'}, {'label': 'figures in', 'value': 'Beijing & Xanadu'})
>>> posts_row(["Xian", "Kashgar"], 11)
{'label': 'posts', 'value': '2/11', 'title': 'Xian, Kashgar', 'items': ['Xian, Kashgar']}
>>> posts_row([], 9)
{'label': 'posts', 'value': '0/9'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from mp_notebook.engine.text import noun
from mp_notebook.ui.labels import BoardRow, row


class Contract(Protocol):
    """A contract card as both games' components have it: what it costs and what it gives."""

    @property
    def cost(self) -> object: ...

    @property
    def reward(self) -> object: ...


def figures_row(locations: Sequence[str]) -> BoardRow:
    """Where the player's figures stand (two for Mailin & Tian Chin, Niccolò & Marco Polo)."""
    return row(f"{noun(len(locations), 'figure')} in", " & ".join(locations))


def posts_row(posts: Sequence[str], total: int) -> BoardRow:
    """``posts placed/total``, the cities listed under it and on hover."""
    cities = ", ".join(posts)
    return row("posts", f"{len(posts)}/{total}", title=cities, items=[cities] if cities else [])


def contracts_row(held: Sequence[str], contracts: Mapping[str, Contract]) -> BoardRow:
    """The contracts ``held`` (ids of ``contracts``), one a line under the row; ``none`` if none."""
    lines = [f"{cid}: pay {contracts[cid].cost} → {contracts[cid].reward}" for cid in held]
    return row("contracts", "" if lines else "none", items=lines)
