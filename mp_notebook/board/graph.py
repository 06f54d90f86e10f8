"""The route graph of a board, built once from component data and shared by every state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.components import Components, Location, Route


class Board:
    """The static board: locations, routes and the ``networkx.MultiGraph`` joining them.

    Nodes carry the location's attributes (``kind``, ``lat``, ``lon``, ``shield`` and its
    features); edges carry the route's ``coins``, ``camels``, ``jade``, ``kind`` and ``seal``
    and the :class:`Route` itself under ``route``. Parallel routes get keys 0, 1, ...

    >>> from mp_notebook.rulesets.mp2.components import components
    >>> board = Board(components())
    >>> board.graph.nodes["Beijing"]["kind"]
    'city'
    """

    def __init__(self, components: Components):
        self.locations: dict[str, Location] = components.locations
        self.routes: tuple[Route, ...] = components.routes
        graph = nx.MultiGraph()
        for loc in self.locations.values():
            graph.add_node(loc.name, kind=loc.kind, lat=loc.lat, lon=loc.lon, shield=loc.shield,
                           start=loc.start, city_bonus=loc.city_bonus, city_cards=loc.city_cards,
                           contracts=loc.contracts, outpost=loc.outpost, special=loc.special)
        for route in self.routes:
            graph.add_edge(route.a, route.b, coins=route.coins, camels=route.camels, jade=route.jade,
                           kind=route.kind, seal=route.seal, route=route)
        self.graph = graph
        adjacent: dict[str, list[tuple[str, int, Route]]] = {name: [] for name in self.locations}
        for a, b, key, data in graph.edges(keys=True, data=True):
            adjacent[a].append((b, key, data["route"]))
            adjacent[b].append((a, key, data["route"]))
        # per location: (neighbour, edge key, route, label used in the notation)
        self.adjacent: dict[str, tuple[tuple[str, int, Route, str], ...]] = {
            name: tuple((n, k, r, n if graph.number_of_edges(name, n) == 1 else f"{n}#{k}")
                        for n, k, r in sorted(edges, key=lambda e: (e[0], e[1])))
            for name, edges in adjacent.items()
        }
        self.start: str = next(loc.name for loc in self.locations.values() if loc.start)

    def __reduce__(self) -> tuple[Any, ...]:
        from mp_notebook.rulesets.mp2.setup import shared_board

        return (shared_board, ())

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __repr__(self) -> str:
        return f"<Board: {self.graph.number_of_nodes()} locations, {self.graph.number_of_edges()} routes>"
