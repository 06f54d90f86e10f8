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
import heapq
import itertools
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import networkx as nx

from mp_notebook.engine.text import counted

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board

__all__ = ["Journey", "Leg", "Plan", "Tour", "TravelSpace", "best_journey", "best_tour", "journey_rows", "rounds"]

BY = ("actions", "total", "rounds")
TOUR_BY = ("total", "actions")
MAX_TOUR = 8
ORDER = 10**6  # weight of the criterion that comes first (more than any total of a journey)

Node = tuple[str, int, bool]  # (location, moves made in this Travel action, last step a free oasis)


class TravelSpace(NamedTuple):
    """A Travel action space: the dice it takes, the most moves it allows and its coins;
    ``extra_post``: a trading post may also go in one city passed through (Marco Polo II's upper
    Travel space)."""

    name: str
    dice: int
    max_moves: int
    coins: int
    extra_post: bool = False


class Stepping(Hashable, Protocol):
    """What a journey reads of a player's travel rules (``mp_notebook.board.routes.TravelRules``)."""

    @property
    def max_moves(self) -> int | None: ...

    @property
    def posts_passing(self) -> bool: ...

    @property
    def step_coins(self) -> tuple[int, ...]: ...

    def cost(self, route: Any) -> tuple[int, int, int]: ...

    def moves_cost(self, made: int, used: int) -> int | None: ...

    def steps(self, board: Board, here: str) -> list[tuple[str, Any, str]]: ...

    def moves_into(self, board: Board, location: str) -> int: ...


class Leg(NamedTuple):
    """One Travel action of a journey: from ``start`` to ``end`` in ``moves`` moves on ``space``,
    placing ``dice`` dice all showing at least ``least_die``; its costs (the space's coins, the
    routes, the travel table) and its ``path`` and move choices ``steps``.

    In a tour: ``posts``, the cities asked for where this action places a trading post (where a
    figure ends, and on the way: ``extra_post``, the city passed through where the upper Travel
    space's extra post goes, or every city entered by a figure that posts in passing); ``path2``:
    the second figure's path when both figures move in this action (``path`` is the first's;
    ``moves`` counts both)."""

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
    posts: tuple[str, ...] = ()
    path2: tuple[str, ...] = ()
    extra_post: str | None = None


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
    """The cities in the order their trading posts go down and the Travel actions to each:
    ``journeys[k]`` is the actions after the one that placed ``cities[k - 1]``, up to the one that
    places ``cities[k]`` (none where one action places both); ``rounds``: the fewest rounds all
    the Travel actions fit in, one after the other."""

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
    posts: frozenset[str] = frozenset()  # the cities where the player may place a trading post


def _space_for(spaces: tuple[TravelSpace, ...], need: int) -> TravelSpace | None:
    """The cheapest space allowing ``need`` moves (then the fewest dice)."""
    fit = [sp for sp in spaces if sp.max_moves >= need]
    return min(fit, key=lambda sp: (sp.coins, sp.dice, sp.name)) if fit else None


def _graph(key: Plan) -> nx.DiGraph:
    """The search graph: nodes (location, moves made, free end); ``actions``/``total`` weights."""
    return _graph_of(key.board, key.rules, key.seals, key.spaces)


@functools.lru_cache(maxsize=16)
def _graph_of(board: Board, rules: Stepping, seals: frozenset[str], spaces: tuple[TravelSpace, ...]) -> nx.DiGraph:
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
    """Whether ``legs`` fit in one round: distinct spaces allowing their moves (and the extra post
    they place), dice enough."""
    return any(all(sp.max_moves >= leg.least_die and (sp.extra_post or leg.extra_post is None)
                   for sp, leg in zip(chosen, legs, strict=True))
               and sum(sp.dice for sp in chosen) <= dice
               for chosen in itertools.permutations(spaces, len(legs)))


# --------------------------------------------------------------------------- journeys


def best_journey(key: Plan, figures: tuple[str, ...], suffix: dict[str, str], target: str,
                 by: str) -> Journey | None:
    """The best journey from a figure to ``target`` (no legs if one stands there)."""
    if target in figures:
        return Journey(())
    if by == "rounds":
        return _round_search(key, figures, suffix).get(target)
    return _journey(key, _search(key, figures, by)[1], target, suffix)


def journey_rows(key: Plan, figures: tuple[str, ...], suffix: dict[str, str], by: str) -> dict[str, Journey | None]:
    """The best journey to every location without a figure."""
    if by == "rounds":
        found = _round_search(key, figures, suffix)
        return {loc: found.get(loc) for loc in key.board.locations if loc not in figures}
    paths = _search(key, figures, by)[1]
    return {loc: _journey(key, paths, loc, suffix) for loc in key.board.locations if loc not in figures}


def _round_search(key: Plan, figures: tuple[str, ...], suffix: dict[str, str]) -> dict[str, Journey]:
    """Per location, the journey in the fewest rounds (then the fewest Travel actions, then the
    least total) from a figure: a Dijkstra search over the search graph's nodes and the Travel
    spaces used in the round under way (each once a round, their dice at most a round's)."""
    net = _net(key)
    spaces = key.spaces
    number = {x: k for k, x in enumerate(net.places)}
    heap = [(0, net.start[number[x]], -1) for x in sorted(set(figures))]  # -1: no round begun
    best: dict[tuple[int, int], int] = {(node, used): 0 for _, node, used in heap}
    came: dict[tuple[int, int], tuple[tuple[int, int], tuple[Any, ...]]] = {}
    round_ = ORDER * ORDER
    out: dict[str, tuple[int, int]] = {}

    def push(w: int, node: int, used: int, parent: tuple[int, int], event: tuple[Any, ...]) -> None:
        if w < best.get((node, used), w + 1):
            best[node, used] = w
            came[node, used] = (parent, event)
            heapq.heappush(heap, (w, node, used))

    while heap:
        w, node, used = heapq.heappop(heap)
        if w > best[node, used]:
            continue
        x, made, free = net.nodes[node]
        if not made and not free and used >= 0 and x not in out:
            out[x] = (node, used)
        for to, coins, camels, jade, label in net.steps[node]:
            push(w + coins + camels + jade, to, used, (node, used), ("step", 1, label, coins, camels, jade))
        if not made and not free:
            continue
        dice = sum(sp.dice for k, sp in enumerate(spaces) if used >> k & 1) if used >= 0 else 0
        for k, sp in enumerate(spaces):
            if sp.max_moves < made + free:
                continue
            if used >= 0 and not used >> k & 1 and dice + sp.dice <= key.dice:
                push(w + ORDER + sp.coins, net.start[net.place[node]], used | 1 << k, (node, used), ("end", sp))
            if sp.dice <= key.dice:
                push(w + round_ + ORDER + sp.coins, net.start[net.place[node]], 1 << k, (node, used), ("end", sp))
    journeys = {}
    for x, state in out.items():
        events = []
        while state in came:
            parent, event = came[state]
            events.append((parent[0], state[0], 0, event))
            state = parent
        start = net.places[net.place[state[0]]]
        legs = _legs_of(key, (start,), (suffix.get(start, ""),), [], events[::-1])
        journeys[x] = Journey(tuple(legs), rounds(legs, spaces, key.dice))
    return journeys


# --------------------------------------------------------------------------- tours


class _Net(NamedTuple):
    """The search graph in numbers, for tours: node ``k`` is ``nodes[k]``, every (location, moves
    made, free end) up to the most moves of one Travel action, edges or not."""

    nodes: tuple[Node, ...]
    node_of: dict[Node, int]
    places: tuple[str, ...]  # the locations, sorted: a location's number is its place here
    place: tuple[int, ...]  # per node, its location's number
    steps: tuple[tuple[tuple[int, int, int, int, str], ...], ...]  # per node: (to, coins, camels, jade, move label)
    start: tuple[int, ...]  # per location number, its node (location, 0, no free end)
    most: int  # the most moves of one Travel action


def _net(key: Plan) -> _Net:
    return _net_of(key._replace(dice=0, posts=frozenset()))


@functools.lru_cache(maxsize=16)
def _net_of(key: Plan) -> _Net:
    graph = _graph(key)
    most = max((sp.max_moves for sp in key.spaces), default=0)
    if key.rules.max_moves is not None:
        most = min(most, key.rules.max_moves)
    places = tuple(sorted(key.board.locations))
    nodes = tuple((x, made, free) for x in places for made in range(most + 1) for free in (False, True))
    index = {node: k for k, node in enumerate(nodes)}
    steps = tuple(tuple(sorted((index[b], data["coins"], data["camels"], data["jade"], data["what"])
                               for b, data in graph.adj[a].items() if b[1] or b[2]) if a in graph else ())
                  for a in nodes)
    number = {x: k for k, x in enumerate(places)}
    return _Net(nodes, index, places, tuple(number[x] for x, _, _ in nodes), steps,
                tuple(index[x, 0, False] for x in places), most)


def _weights(by: str) -> tuple[int, int]:
    """The weight of one coin (camel, jade) and of one Travel action when ordering ``by``."""
    return (ORDER, 1) if by == "total" else (1, ORDER)


def _to_enter(key: Plan, cities: frozenset[str], by: str) -> tuple[list[float], list[float]]:
    """A lower bound of the weight from each node to entering one of ``cities`` (a figure steps
    onto it), and its least per location: a Dijkstra search backwards on the search graph."""
    return _to_enter_of(key._replace(dice=0, posts=frozenset()), cities, by)


@functools.lru_cache(maxsize=256)
def _to_enter_of(key: Plan, cities: frozenset[str], by: str) -> tuple[list[float], list[float]]:
    net = _net(key)
    unit, action = _weights(by)
    back: list[list[tuple[int, int]]] = [[] for _ in net.nodes]
    for a, edges in enumerate(net.steps):
        for b, coins, camels, jade, _ in edges:
            back[b].append((a, (coins + camels + jade) * unit))
    for a, (_, made, free) in enumerate(net.nodes):
        space = _space_for(key.spaces, made + free) if made or free else None
        if space is not None:
            back[net.start[net.place[a]]].append((a, space.coins * unit + action))
    inf = float("inf")
    dist = [inf] * len(net.nodes)
    heap = [(0.0, k) for k, (x, made, free) in enumerate(net.nodes) if x in cities and (made or free)]
    for _, k in heap:
        dist[k] = 0
    while heap:
        d, b = heapq.heappop(heap)
        if d > dist[b]:
            continue
        for a, w in back[b]:
            if d + w < dist[a]:
                dist[a] = d + w
                heapq.heappush(heap, (d + w, a))
    least = [inf] * len(net.places)
    for k, d in enumerate(dist):
        least[net.place[k]] = min(least[net.place[k]], d)
    return dist, least


State = tuple[int, int, int, int, int, int]  # (groups met, node of the moving figure, other figure's location
#                                             number or -1, the second figure moving, figures moved, extra post used)


def _tour_search(key: Plan, figures: tuple[str, ...], groups: list[frozenset[str]],
                 by: str) -> list[tuple[State, tuple[Any, ...]]] | None:
    """The best sequence of moves and ends of Travel actions that meets every group (a figure ends
    a Travel action on one of its cities, or places a post there on the way), exactly: an A* search
    over the groups met, where the figures stand and how far the Travel action under way has gone.
    Returns ``(state after, event)`` pairs from the start (the first event is ``("start",)``)."""
    net = _net(key)
    number = {x: k for k, x in enumerate(net.places)}
    covers = [0] * len(net.places)
    for k, group in enumerate(groups):
        for city in group:
            covers[number[city]] |= 1 << k
    posts = [covers[k] if x in key.posts else 0 for k, x in enumerate(net.places)]
    passing = key.rules.posts_passing
    extra = tuple(sp for sp in key.spaces if sp.extra_post)
    extra_most = max((sp.max_moves for sp in extra), default=0)
    unit, action = _weights(by)
    full = (1 << len(groups)) - 1
    bounds = [_to_enter(key, group, by) for group in groups]
    two = len(figures) == 2
    first = net.start[number[figures[0]]]
    other = number[figures[1]] if two else -1
    mask = 0
    for name in figures:
        mask |= covers[number[name]]
    inf = float("inf")
    finish = [(_space_for(key.spaces, need), _space_for(extra, need)) for need in range(net.most + 2)]
    estimate = _pair_estimate(key, groups, by) if two else _estimate(bounds)

    start: State = (mask, first, other, 0, 0, 0)
    best: dict[State, float] = {start: 0}
    came: dict[State, tuple[State, tuple[Any, ...]]] = {}
    heap: list[tuple[float, float, State]] = [(estimate(mask, first, other), 0, start)]
    nodes, place, steps = net.nodes, net.place, net.steps

    def push(state: State, g: float, parent: State, event: tuple[Any, ...]) -> None:
        if g < best.get(state, inf):
            h = estimate(state[0], state[1], state[2])
            if h < inf:
                best[state] = g
                came[state] = (parent, event)
                heapq.heappush(heap, (g + h, -g, state))

    while heap:
        _, deeper, state = heapq.heappop(heap)
        g = -deeper
        if g > best[state]:
            continue
        mask, node, other, second, moved, used = state
        _, made, free = nodes[node]
        if mask == full and not made and not free and not moved:
            return _events(state, came)
        figure = 2 if second else 1
        for to, coins, camels, jade, label in steps[node]:
            w = g + (coins + camels + jade) * unit
            gain = posts[place[to]]
            met = mask | gain if passing else mask
            push((met, to, other, second, moved | figure, used), w, state, ("step", figure, label, coins, camels, jade))
            if extra and not used and gain & ~mask and nodes[to][1] + nodes[to][2] <= extra_most:
                push((mask | gain, to, other, second, moved | figure, 1), w, state,
                     ("extra", figure, label, coins, camels, jade))
        if two and not second:
            push((mask, net.node_of[net.places[other], made, free], place[node], 1, moved, used), g, state,
                 ("switch",))
        if made or free:
            space = finish[made + free][used]
            if space is not None:
                ends = (place[node], other) if not second else (other, place[node])
                met = mask
                for k, end in enumerate(ends):
                    if moved >> k & 1:
                        met |= covers[end]
                push((met, net.start[ends[0]], ends[1], 0, 0, 0), g + space.coins * unit + action, state,
                     ("end", space))
    return None


def _orders(between: list[list[float]]) -> dict[tuple[int, int], float]:
    """``(groups, first)`` → the least sum of ``between`` over an order of ``groups`` that starts
    with ``first`` (dynamic programming over the groups: a path bound of the travelling salesman)."""
    n = len(between)
    path: dict[tuple[int, int], float] = {}
    for left in range(1, 1 << n):
        for a in range(n):
            if left >> a & 1:
                rest = left & ~(1 << a)
                path[left, a] = min((between[a][b] + path[rest, b] for b in range(n) if rest >> b & 1), default=0.0)
    return path


def _estimate(bounds: list[tuple[list[float], list[float]]]) -> Callable[[int, int, int], float]:
    """A lower bound of what is left to meet every group not in ``mask`` from a state of one
    figure at ``node``, remembered: the cheapest order of first entering the groups left, each
    step the least from anywhere in one group to entering the next."""
    inf = float("inf")
    n = len(bounds)
    seen: dict[tuple[int, int], float] = {}
    entered = [[k for k, d in enumerate(dist) if d == 0] for dist, _ in bounds]
    path = _orders([[min((bounds[b][0][k] for k in entered[a]), default=inf) for b in range(n)] for a in range(n)])

    def estimate(mask: int, node: int, other: int) -> float:
        h = seen.get((mask, node))
        if h is None:
            left = ~mask & ((1 << n) - 1)
            h = min((bounds[a][0][node] + path[left, a] for a in range(n) if left >> a & 1), default=0.0)
            seen[mask, node] = h
        return h
    return estimate


def _pair_estimate(key: Plan, groups: list[frozenset[str]], by: str) -> Callable[[int, int, int], float]:
    """A lower bound of what is left for two figures (one at ``node``, the other at location
    ``other``) to meet every group not in ``mask``: the least, over every split of the groups left
    between them, of each figure's own bound (:func:`_estimate`'s, on what adds up over figures
    sharing Travel actions: the routes' costs, the least the travel table charges a move, and the
    moves, of which one Travel action makes at most so many)."""
    net = _net(key)
    unit, action = _weights(by)
    n = len(groups)
    inf = float("inf")
    sums = list(itertools.accumulate(key.rules.step_coins, initial=0))
    per_move = min((sums[k] / k for k in range(1, len(sums))), default=0.0)
    slack = [max((per_move * k - (sums[m + k] - sums[m]) for k in range(len(sums) - m)), default=0.0)
             for m in range(net.most + 1)]  # what the table may charge less than per_move a move, moves already made
    edges: list[list[tuple[int, float, int]]] = [[] for _ in net.places]  # backwards: (from, cost, moves)
    for x, node in enumerate(net.start):
        for to, coins, camels, jade, _ in net.steps[node]:
            used = net.nodes[to][1]
            edges[net.place[to]].append((x, coins + camels + jade - (key.rules.moves_cost(0, used) or 0)
                                         + per_move * used, used))
    costs: list[list[float]] = []
    moves: list[list[float]] = []
    for group in groups:
        for k, out in ((0, costs), (1, moves)):
            dist = [0.0 if x in group else inf for x in net.places]
            heap = [(0.0, x) for x, d in enumerate(dist) if d == 0]
            while heap:
                d, b = heapq.heappop(heap)
                if d <= dist[b]:
                    for a, cost, used in edges[b]:
                        w = d + (cost, used)[k]
                        if w < dist[a]:
                            dist[a] = w
                            heapq.heappush(heap, (w, a))
            out.append(dist)
    orders = [_orders([[min(far[b][x] for x, name in enumerate(net.places) if name in groups[a]) for b in range(n)]
                       for a in range(n)]) for far in (costs, moves)]
    alone: dict[tuple[int, int], tuple[float, float]] = {}

    def one(x: int, left: int) -> tuple[float, float]:
        """One figure at ``x``: the least cost and moves to first enter every group of ``left``."""
        if not left:
            return 0.0, 0.0
        got = alone.get((x, left))
        if got is None:
            cost, move = (min(far[a][x] + order[left, a] for a in range(n) if left >> a & 1)
                          for far, order in zip((costs, moves), orders, strict=True))
            got = alone[x, left] = (cost, move)
        return got

    splits: dict[tuple[int, int, int], list[tuple[float, float]]] = {}

    def split(left: int, a: int, b: int) -> list[tuple[float, float]]:
        """The (cost, moves) of the splits of ``left`` between figures at ``a`` and ``b`` that no
        other split beats in both."""
        got = splits.get((left, a, b))
        if got is None:
            sums = set()
            part = left
            while True:
                (c1, m1), (c2, m2) = one(a, part), one(b, left & ~part)
                sums.add((c1 + c2, m1 + m2))
                if not part:
                    break
                part = (part - 1) & left
            got = [(c, m) for c, m in sorted(sums) if not any(c2 <= c and m2 < m for c2, m2 in sums)]
            splits[left, a, b] = splits[left, b, a] = got
        return got

    seen: dict[tuple[int, int, int], float] = {}

    def estimate(mask: int, node: int, other: int) -> float:
        h = seen.get((mask, node, other))
        if h is None:
            _, made, free = net.nodes[node]
            busy = 1 if made or free else 0  # the Travel action under way still ends
            room = net.most - made if busy else 0
            h = min(unit * max(0.0, c - slack[made]) + action * (busy - (-max(0.0, m - room) // net.most))
                    for c, m in split(~mask & ((1 << n) - 1), net.place[node], other))
            seen[mask, node, other] = h
        return h
    return estimate


def _events(state: State, came: dict[State, tuple[State, tuple[Any, ...]]]) -> list[tuple[State, tuple[Any, ...]]]:
    """The events that led to ``state``, from the start."""
    out = []
    while state in came:
        parent, event = came[state]
        out.append((state, event))
        state = parent
    out.append((state, ("start",)))
    return out[::-1]


def best_tour(key: Plan, figures: tuple[str, ...], suffixes: tuple[str, ...], groups: list[frozenset[str]],
              by: str) -> Tour | None:
    """The best tour meeting every group of ``groups`` (a city of each), exactly (see
    :func:`_tour_search`); ``None`` if a group cannot be met. A group with a city where a figure
    stands is met. ``suffixes``: each figure's move suffix (``X/2``)."""
    found = _tour_search(key, figures, groups, by)
    if found is None:
        return None
    moves = [(a[1], b[1], b[0] & ~a[0], event) for (a, _), (b, event) in itertools.pairwise(found)]
    legs = _legs_of(key, figures, suffixes, groups, moves)
    cities: list[str] = []
    journeys: list[Journey] = []
    pending: list[Leg] = []
    for leg in legs:
        pending.append(leg)
        for city in leg.posts:
            if city not in cities:
                cities.append(city)
                journeys.append(Journey(tuple(pending), rounds(pending, key.spaces, key.dice)))
                pending = []
    return Tour(tuple(cities), tuple(journeys), rounds(legs, key.spaces, key.dice))


def _legs_of(key: Plan, figures: tuple[str, ...], suffixes: tuple[str, ...], groups: list[frozenset[str]],
             moves: list[tuple[int, int, int, tuple[Any, ...]]]) -> list[Leg]:
    """The Travel actions of a search's events: ``(node before, node after, groups met, event)``."""
    net = _net(key)
    paths: list[list[str]] = [[x] for x in figures]
    labels: list[str] = []
    cost = [0, 0, 0]
    posts: list[str] = []
    extra: str | None = None
    legs: list[Leg] = []
    for before, after, met, event in moves:
        if event[0] in ("step", "extra"):
            _, figure, label, coins, camels, jade = event
            here = net.places[net.place[after]]
            paths[figure - 1].append(here)
            labels.append(label + suffixes[figure - 1])
            cost = [cost[0] + coins, cost[1] + camels, cost[2] + jade]
            extra = here if event[0] == "extra" else extra
            posts += [here] if met else []
        elif event[0] == "end":
            space: TravelSpace = event[1]
            _, made, free = net.nodes[before]
            moving = [p for p in paths if len(p) > 1]
            posts += [p[-1] for p in moving if met & _met_by(groups, p[-1]) and p[-1] not in posts]
            legs.append(Leg(moving[0][0], moving[0][-1], made, space.name, space.dice, made + free,
                            cost[0] + space.coins, cost[1], cost[2], tuple(moving[0]), tuple(labels), tuple(posts),
                            tuple(moving[1]) if len(moving) > 1 else (), extra))
            paths = [[p[-1]] for p in paths]
            labels, cost, posts, extra = [], [0, 0, 0], [], None
    return legs


def _met_by(groups: list[frozenset[str]], city: str) -> int:
    """The groups ``city`` is one of, as bits."""
    return sum(1 << g for g, group in enumerate(groups) if city in group)
