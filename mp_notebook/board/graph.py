"""The route graph of a board, built once from a ruleset's component data and shared by every state."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from mp_notebook.engine.errors import DataError


class Board:
    """The static board of one ruleset: locations, routes and the ``networkx.MultiGraph`` joining them.

    ``locations`` maps each name to a dataclass with at least ``kind``, ``lat`` and ``lon``;
    ``routes`` are dataclasses with at least ``a`` and ``b``, the locations they join.
    Nodes carry the location's fields (``kind``, ``lat``, ``lon`` and whatever the ruleset's
    location class holds); edges carry the route's fields and the route itself under ``route``.
    Parallel routes get keys 0, 1, ... ``adjacent`` lists, per location, ``(neighbour, key, route,
    label)``, the label being the neighbour's name, or ``name#key`` on parallel routes.

    >>> import mp_notebook as mp
    >>> board = mp.new_game(players=2, seed=1).board
    >>> board.ruleset, board.start, board.graph.nodes["Beijing"]["kind"]
    ('mp2', 'Beijing', 'city')
    """

    def __init__(self, ruleset: str, locations: Mapping[str, Any], routes: Iterable[Any], start: str):
        self.ruleset = ruleset
        self.locations: dict[str, Any] = dict(locations)
        self.routes: tuple[Any, ...] = tuple(routes)
        if start not in self.locations:
            raise DataError(f"board of {ruleset}: the start {start!r} is not a location")
        strays = [f"{route.a}-{route.b}" for route in self.routes if not {route.a, route.b} <= self.locations.keys()]
        if strays:  # networkx would add the unknown end as a new location
            raise DataError(f"board of {ruleset}: route(s) {', '.join(strays)} join unknown locations")
        self.start = start
        import networkx as nx  # here, so that importing mp_notebook (whose registry imports this module) stays light

        graph = nx.MultiGraph()
        for name, loc in self.locations.items():
            graph.add_node(name, **_fields(loc, skip=("name",)))
        for route in self.routes:
            graph.add_edge(route.a, route.b, **_fields(route, skip=("a", "b")), route=route)
        self.graph = graph
        adjacent: dict[str, list[tuple[str, int, Any]]] = {name: [] for name in self.locations}
        for a, b, key, data in graph.edges(keys=True, data=True):
            adjacent[a].append((b, key, data["route"]))
            adjacent[b].append((a, key, data["route"]))
        self.adjacent: dict[str, tuple[tuple[str, int, Any, str], ...]] = {
            name: tuple((n, k, r, n if graph.number_of_edges(name, n) == 1 else f"{n}#{k}")
                        for n, k, r in sorted(edges, key=lambda e: (e[0], e[1])))
            for name, edges in adjacent.items()
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_board, (self.ruleset,))

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __repr__(self) -> str:
        return (f"<Board {self.ruleset}: {self.graph.number_of_nodes()} locations, "
                f"{self.graph.number_of_edges()} routes>")


def _fields(item: Any, skip: tuple[str, ...]) -> dict[str, Any]:
    return {f.name: getattr(item, f.name) for f in dataclasses.fields(item) if f.name not in skip}


def _shared_board(ruleset: str) -> Board:
    """The one board of ``ruleset`` (what a pickled board unpickles to; see :func:`connect`)."""
    return _board_of(ruleset)


_board_of: Callable[[str], Board]  # the registry's answer (see connect)


def connect(board_of: Callable[[str], Board]) -> None:
    """Let an unpickled board ask ``board_of`` for the one board of the ruleset it names.

    The registry (``mp_notebook.registry``) connects itself when it is imported: see ``engine.game.connect``.
    """
    global _board_of
    _board_of = board_of
