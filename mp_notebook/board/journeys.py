"""Route analysis over several turns: journeys of several Travel actions, and tours of several cities.

A *journey* is a sequence of Travel actions (legs) from where the player's figures stand. Each
leg is one Travel action: a Travel space (its dice, the most moves it allows, its coins), then at
most that many moves, each route paid; in The Voyages of Marco Polo the travel table charges the
steps of each action. Over several turns what a player holds changes, so a journey is priced as
printed and summed (the player's coins, camels and jade do not limit it; seals held and the
character's travel ability do), with Travel spaces taken unoccupied. ``by="actions"``: fewest
Travel actions, then least total; ``by="total"``: least coins + camels + jade, then fewest
actions. A leg of ``n`` moves takes the cheapest space allowing ``n`` (then the fewest dice); its
dice must all show at least ``n`` (``Leg.least_die``).

A *tour* visits several cities, each the end of a journey (a trading post is placed where a
Travel action ends), in the best order (exact, over every order); a city may be given as a set
of alternatives, one of which is visited (a shield of a Marco Polo II goal card).

The search runs on a networkx graph of (location, moves made in this action, whether the last
step was a free oasis) built once per board, character and seals: a step moves along a route,
ending the action charges the space and starts the next one.

>>> import mp_notebook as mp
>>> v = mp.new_game(2, ruleset="voyages", seed=1)
>>> j = mp.routes.journey(v, 0, "Beijing")
>>> j.actions, j.total, [(leg.end, leg.moves) for leg in j.legs]
(2, 29, [('Oasis-D', 6), ('Beijing', 1)])
>>> mp.routes.cheapest(v.with_player(0, coins=99, camels=99), 0, "Beijing") is None  # one action: 6 steps
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import networkx as nx

from mp_notebook.engine.text import counted

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board

__all__ = ["Journey", "Leg", "Plan", "Tour", "TravelSpace", "best_journey", "best_tour", "journey_rows", "rounds"]

BY = ("actions", "total")
MAX_TOUR = 8
ORDER = 10**6  # weight of the criterion that comes first (more than any total of a journey)

Node = tuple[str, int, bool]  # (location, moves made in this Travel action, last step a free oasis)


class TravelSpace(NamedTuple):
    """A Travel action space: the dice it takes, the most moves it allows and its coins."""

    name: str
    dice: int
    max_moves: int
    coins: int


class Stepping(Hashable, Protocol):
    """What a journey reads of a player's travel rules (``mp_notebook.board.routes.TravelRules``)."""

    @property
    def max_moves(self) -> int | None: ...

    def cost(self, route: Any) -> tuple[int, int, int]: ...

    def moves_cost(self, made: int, used: int) -> int | None: ...

    def steps(self, board: Board, here: str) -> list[tuple[str, Any, str]]: ...

    def moves_into(self, board: Board, location: str) -> int: ...


class Leg(NamedTuple):
    """One Travel action of a journey: from ``start`` to ``end`` in ``moves`` moves on ``space``,
    placing ``dice`` dice all showing at least ``least_die``; its costs (the space's coins, the
    routes, the travel table) and its ``path`` and move choices ``steps``."""

    start: str
    end: str
    moves: int
    space: str
    dice: int
    least_die: int
    coins: int
    camels: int
    jade: int
    path: tuple[str, ...]
    steps: tuple[str, ...]


class Journey(NamedTuple):
    """Travel actions (``legs``) to a location, and their summed costs. ``rounds``: the fewest
    rounds these Travel actions fit in, from the start of a round (:func:`rounds`)."""

    legs: tuple[Leg, ...]
    rounds: int = 0

    @property
    def actions(self) -> int:
        return len(self.legs)

    @property
    def moves(self) -> int:
        return sum(leg.moves for leg in self.legs)

    @property
    def coins(self) -> int:
        return sum(leg.coins for leg in self.legs)

    @property
    def camels(self) -> int:
        return sum(leg.camels for leg in self.legs)

    @property
    def jade(self) -> int:
        return sum(leg.jade for leg in self.legs)

    @property
    def total(self) -> int:
        return self.coins + self.camels + self.jade

    @property
    def path(self) -> tuple[str, ...]:
        return self.legs[0].path[:1] + tuple(x for leg in self.legs for x in leg.path[1:]) if self.legs else ()

    @property
    def dice(self) -> str:
        """The dice each leg needs, such as ``"2 dice ≥ 3, 3 dice ≥ 5"``."""
        return ", ".join(f"{counted(leg.dice, 'die', 'dice')} ≥ {leg.least_die}" for leg in self.legs)


class Tour(NamedTuple):
    """The best order of ``cities`` and the journey to each (``journeys[k]`` ends on ``cities[k]``);
    ``rounds``: the fewest rounds all their Travel actions fit in, one after the other."""

    cities: tuple[str, ...]
    journeys: tuple[Journey, ...]
    rounds: int = 0

    @property
    def whole(self) -> Journey:
        """Every leg of the tour, one journey after the other (its costs are the tour's)."""
        return Journey(tuple(leg for j in self.journeys for leg in j.legs))

    @property
    def actions(self) -> int:
        return self.whole.actions

    @property
    def coins(self) -> int:
        return self.whole.coins

    @property
    def camels(self) -> int:
        return self.whole.camels

    @property
    def jade(self) -> int:
        return self.whole.jade

    @property
    def total(self) -> int:
        return self.whole.total

    @property
    def path(self) -> tuple[str, ...]:
        return self.whole.path


# --------------------------------------------------------------------------- the graph


class Plan(NamedTuple):
    """What a journey of one player depends on, figures apart (the key of the cached graph)."""

    board: Board
    rules: Stepping  # figures removed
    seals: frozenset[str]
    spaces: tuple[TravelSpace, ...]
    dice: int  # the dice a player rolls each round


def _space_for(spaces: tuple[TravelSpace, ...], need: int) -> TravelSpace | None:
    """The cheapest space allowing ``need`` moves (then the fewest dice)."""
    fit = [sp for sp in spaces if sp.max_moves >= need]
    return min(fit, key=lambda sp: (sp.coins, sp.dice, sp.name)) if fit else None


@functools.lru_cache(maxsize=16)
def _graph(key: Plan) -> nx.DiGraph:
    """The search graph: nodes (location, moves made, free end); ``actions``/``total`` weights."""
    board, rules, seals, spaces, _ = key
    most = max((sp.max_moves for sp in spaces), default=0)
    if rules.max_moves is not None:
        most = min(most, rules.max_moves)
    graph = nx.DiGraph()
    for here in board.locations:
        for made in range(most + 1):
            for free in (False, True):
                node: Node = (here, made, free)
                if made or free:  # end the Travel action here
                    space = _space_for(spaces, made + free)
                    if space is not None:
                        _edge(graph, node, (here, 0, False), space.coins, 0, 0, 1, space)
                for there, route, label in rules.steps(board, here):
                    if route is not None and route.seal is not None and route.seal not in seals:
                        continue
                    used = rules.moves_into(board, there)
                    extra = rules.moves_cost(made, used)
                    if extra is None or made + used > most:
                        continue
                    coins, camels, jade = rules.cost(route)
                    _edge(graph, node, (there, made + used, not used), coins + extra, camels, jade, 0, label)
    return graph


def _edge(graph: nx.DiGraph, a: Node, b: Node, coins: int, camels: int, jade: int, action: int, what: Any) -> None:
    """Add the edge ``a`` → ``b`` unless a cheaper one joins them (parallel routes)."""
    total = coins + camels + jade
    old = graph.get_edge_data(a, b)
    if old is not None and (old["total"], old["jade"]) <= (total * ORDER + action, jade):
        return
    graph.add_edge(a, b, actions=action * ORDER + total, total=total * ORDER + action, coins=coins, camels=camels,
                   jade=jade, what=what)


def _legs(graph: nx.DiGraph, nodes: list[Node], suffix: str) -> tuple[Leg, ...]:
    """The legs of a path of the search graph (from a leg boundary to a leg boundary)."""
    legs: list[Leg] = []
    path: list[str] = [nodes[0][0]]
    steps: list[str] = []
    cost = [0, 0, 0]
    for a, b in itertools.pairwise(nodes):
        data = graph.edges[a, b]
        cost = [cost[0] + data["coins"], cost[1] + data["camels"], cost[2] + data["jade"]]
        if b[1] == 0 and not b[2] and (a[1] or a[2]):  # the Travel action ends
            space: TravelSpace = data["what"]
            legs.append(Leg(path[0], path[-1], a[1], space.name, space.dice, a[1] + a[2], cost[0], cost[1], cost[2],
                            tuple(path), tuple(steps)))
            path, steps, cost = [b[0]], [], [0, 0, 0]
        else:
            path.append(b[0])
            steps.append(data["what"] + suffix)
    return tuple(legs)


def _search(key: Plan, sources: tuple[str, ...], by: str) -> tuple[dict[Node, float], dict[Node, list[Node]]]:
    found: tuple[dict[Node, float], dict[Node, list[Node]]] = nx.multi_source_dijkstra(
        _graph(key), {(x, 0, False) for x in sources}, weight=by)
    return found


def _journey(key: Plan, paths: dict[Node, list[Node]], target: str, suffix: dict[str, str]) -> Journey | None:
    nodes = paths.get((target, 0, False))
    if nodes is None:
        return None
    legs = _legs(_graph(key), nodes, suffix.get(nodes[0][0], ""))
    return Journey(legs, rounds(legs, key.spaces, key.dice))


# --------------------------------------------------------------------------- rounds


def rounds(legs: Iterable[Leg], spaces: tuple[TravelSpace, ...], dice: int) -> int:
    """The fewest rounds ``legs`` fit in, in their order, from the start of a round: each Travel
    space once a round (a player's colour goes on an action space once a round), the dice of one
    round's Travel actions at most ``dice``; a leg may take any space allowing its moves (the same
    dice then show at least its ``least_die``). Black dice are not counted. Dynamic programming
    over where each round starts.

    >>> lower, middle = TravelSpace("lower", 1, 1, 2), TravelSpace("middle", 2, 3, 0)
    >>> upper = TravelSpace("upper", 3, 5, 0)
    >>> leg = lambda need: Leg("a", "b", need, "middle", 2, need, 0, 0, 0, (), ())
    >>> rounds([leg(3), leg(3), leg(1)], (lower, middle, upper), 5)  # middle + upper, then any
    2
    >>> rounds([leg(5), leg(4)], (lower, middle, upper), 5)  # only the upper space allows 4 or 5
    2
    """
    legs = list(legs)
    best = [0] + [len(legs) + 1] * len(legs)  # best[k]: rounds for the first k legs
    for end in range(1, len(legs) + 1):
        for start in range(end - 1, -1, -1):
            if end - start > len(spaces) or not _one_round(legs[start:end], spaces, dice):
                break
            best[end] = min(best[end], best[start] + 1)
    return best[-1]


def _one_round(legs: list[Leg], spaces: tuple[TravelSpace, ...], dice: int) -> bool:
    """Whether ``legs`` fit in one round: distinct spaces allowing their moves, dice enough."""
    return any(all(sp.max_moves >= leg.least_die for sp, leg in zip(chosen, legs, strict=True))
               and sum(sp.dice for sp in chosen) <= dice
               for chosen in itertools.permutations(spaces, len(legs)))


# --------------------------------------------------------------------------- journeys


def best_journey(key: Plan, figures: tuple[str, ...], suffix: dict[str, str], target: str,
                 by: str) -> Journey | None:
    """The best journey from a figure to ``target`` (no legs if one stands there)."""
    if target in figures:
        return Journey(())
    return _journey(key, _search(key, figures, by)[1], target, suffix)


def journey_rows(key: Plan, figures: tuple[str, ...], suffix: dict[str, str], by: str) -> dict[str, Journey | None]:
    """The best journey to every location without a figure."""
    paths = _search(key, figures, by)[1]
    return {loc: _journey(key, paths, loc, suffix) for loc in key.board.locations if loc not in figures}


# --------------------------------------------------------------------------- tours


def best_tour(key: Plan, figures: tuple[str, ...], suffix: dict[str, str], groups: list[frozenset[str]],
              by: str) -> Tour | None:
    """The best order of ``groups`` (one city of each), exactly: dynamic programming over the
    groups visited and the last city, on journeys from the figures and from every city."""
    groups = [g for g in groups if not g & set(figures)] if len(figures) == 1 else groups
    if not groups:
        return Tour((), ())
    starts = {"": _search(key, figures, by)}
    for city in sorted(set().union(*groups)):
        starts[city] = _search(key, (city,), by)
    n = len(groups)
    # best[(visited groups, last city)] = (weight, previous city)
    best: dict[tuple[int, str], tuple[float, str]] = {}
    for g, group in enumerate(groups):
        for city in group:
            w = starts[""][0].get((city, 0, False))
            if w is not None:
                best[1 << g, city] = (w, "")
    for mask in range(1, 1 << n):
        for g, group in enumerate(groups):
            if not mask >> g & 1:
                continue
            for city in group:
                if (mask, city) not in best:
                    continue
                w0 = best[mask, city][0]
                for h, other in enumerate(groups):
                    if mask >> h & 1:
                        continue
                    for nxt in other:
                        w = starts[city][0].get((nxt, 0, False))
                        if w is not None and ((mask | 1 << h, nxt) not in best or w0 + w < best[mask | 1 << h, nxt][0]):
                            best[mask | 1 << h, nxt] = (w0 + w, city)
    full = (1 << n) - 1
    ends = [(best[full, c][0], c) for g in groups for c in g if (full, c) in best]
    if not ends:
        return None
    _, city = min(ends)
    order: list[str] = []
    mask = full
    while city:
        order.append(city)
        prev = best[mask, city][1]
        mask &= ~(1 << next(g for g, group in enumerate(groups) if city in group and mask >> g & 1))
        city = prev
    order.reverse()
    legs = []
    moving = ""  # the suffix of the figure that makes the tour
    for prev, city in zip(["", *order], order, strict=False):
        found = _journey(key, starts[prev][1], city, suffix if not prev else {prev: moving})
        assert found is not None
        if not prev and found.legs:
            moving = suffix.get(found.legs[0].start, "")
        legs.append(found)
    return Tour(tuple(order), tuple(legs), rounds([leg for j in legs for leg in j.legs], key.spaces, key.dice))
