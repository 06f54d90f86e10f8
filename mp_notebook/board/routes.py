"""Route analysis: the cheapest way for a player to reach a location, where a Travel action can
end right now, and all-pairs tables of the board.

Costs follow the engine's travel rules: every route's coins, camels and jade are paid move by
move, jade pays for any coin or camel the player lacks (1 for 1), sea routes need the matching
guild seal (basic or improved). A reported cost is what the player is *charged* when jade is used
only for what they lack, so ``coins``/``camels`` never exceed what they hold and ``jade`` includes
the jade spent in place of missing coins and camels.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1).with_player(0, location="Yangzhou", coins=10, camels=6)
>>> r = mp.routes.cheapest(s, 0, "Pagan")
>>> r.path, r.moves, r.coins, r.camels, r.jade
(('Yangzhou', 'Fuzhou', 'Ejina-Oasis', 'Pagan'), 3, 5, 5, 0)
>>> mp.routes.cheapest(s.with_player(0, coins=3, goods={"jade": 2}), 0, "Pagan").jade
2
>>> print(mp.routes.why_unreachable(s.with_player(0, coins=1, camels=0), 0, "Pagan"))  # doctest: +NORMALIZE_WHITESPACE
costs 5 coins + 5 camels by the cheapest route Yangzhou → Fuzhou → Ejina-Oasis → Pagan;
you have 1 coin, 0 camels, 0 jade

The ruleset supplies the terms (its ``routes`` part, a :class:`RouteTerms`): what a player holds,
which seals, how their character travels (:class:`TravelRules`; in Marco Polo II Möngke Khan,
Gantulga Od, Mailin & Tian Chin) and what a Travel action charges and allows. Movement itself may
cost (``TravelRules.step_coins``: the travel table of The Voyages of Marco Polo, which also limits
a walk to one Travel action's steps) and some figures hop between locations with no route
(``TravelRules.hops``: Johannes Carpini's oases). Ties are broken
deterministically: less jade, then fewer moves, then the alphabetically first path. pandas is
imported only by :func:`table` and :func:`matrix`.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

import networkx as nx

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.text import amounts, noun, resource
from mp_notebook.engine.validate import checked_choice, checked_int, checked_list, checked_seat, shown
from mp_notebook.rulesets import get

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

__all__ = ["Reach", "Route", "RouteTerms", "TravelRules", "cheapest", "matrix", "reachable", "table",
           "travel_rules", "why_unreachable"]


class BoardRoute(Protocol):
    """What route analysis reads of a ruleset's route (its board's ``routes``). Every ruleset's
    route declares all of it: ``jade`` 0 and ``seal`` None where its routes cost no jade or need no seal."""

    a: str
    b: str
    coins: int
    camels: int
    jade: int
    seal: str | None  # the guild seal the route needs; None: open to all


BY = ("total", "coins", "camels", "moves")


class Route(NamedTuple):
    """A way to travel: the locations passed, moves used and what the player is charged.

    ``seals`` are the guild seals the path needs (in seal order); ``steps`` are the engine's move
    choices (``s.apply(f"move {step}")``): ``path[1:]``, with ``#k`` on parallel routes and ``/2``
    on moves of a second figure. ``moves`` is the movement used (free oases do not count).
    """

    path: tuple[str, ...]
    moves: int
    coins: int
    camels: int
    jade: int
    seals: tuple[str, ...]
    steps: tuple[str, ...]

    @property
    def total(self) -> int:
        """Coins + camels + jade charged."""
        return self.coins + self.camels + self.jade


class Reach(NamedTuple):
    """One location a Travel action can end on now, and the cheapest way to end there.

    ``coins``/``camels``/``jade`` include the Travel space fee; ``action`` is the travel action's
    notation and ``steps`` the move choices that follow it.
    """

    location: str
    space: str
    dice: tuple[int, ...]
    moves: int
    coins: int
    camels: int
    jade: int
    path: tuple[str, ...]
    action: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class TravelRules:
    """How a player travels: where their figures stand and what routes and oases cost them.

    ``figures``: a route starts from any of them (one figure per route); ``free_route_costs``:
    the resources never paid for routes; ``free_oases``: entering an oasis uses no movement, but
    needs a move left. :func:`travel_rules` asks the ruleset for a player's.

    ``step_coins``: coins each movement costs besides its route, in order (the travel table's
    increases); when given, a walk has at most that many movements. ``hops``: a figure on one of
    these locations moves to any other of them in one movement, with no route and no route cost
    (instead of the routes between them). ``suffixes``: what the engine's move choice appends to
    a step of each figure (default: nothing for the first, ``/2`` for the second).

    >>> TravelRules(("Beijing",))
    TravelRules(figures=('Beijing',), free_route_costs=(), free_oases=False)
    >>> TravelRules(("Venezia",), step_coins=(3, 4, 5)).max_moves
    3
    """

    figures: tuple[str, ...]
    free_route_costs: tuple[str, ...] = ()  # resources never paid for routes
    free_oases: bool = False
    step_coins: tuple[int, ...] = field(default=(), repr=False)
    hops: frozenset[str] = field(default=frozenset(), repr=False)
    suffixes: tuple[str, ...] | None = field(default=None, repr=False)

    @property
    def max_moves(self) -> int | None:
        """The most movements one walk may use (``None``: no limit)."""
        return len(self.step_coins) if self.step_coins else None

    def cost(self, route: BoardRoute | None) -> tuple[int, int, int]:
        """``(coins, camels, jade)`` this player pays for ``route`` (``None``: a hop, free)."""
        if route is None:
            return 0, 0, 0
        free = self.free_route_costs
        return (0 if "coins" in free else route.coins, 0 if "camels" in free else route.camels,
                0 if "jade" in free else route.jade)

    def moves_cost(self, made: int, used: int) -> int | None:
        """Coins of ``used`` (0 or 1) more movements after ``made``; ``None`` past the limit."""
        if not used or not self.step_coins:
            return 0
        return self.step_coins[made] if made < len(self.step_coins) else None

    def steps(self, board: Board, here: str) -> list[tuple[str, BoardRoute | None, str]]:
        """``(neighbour, route or None for a hop, move label)`` of every step from ``here``."""
        if here not in self.hops:
            return [(there, route, label) for there, _, route, label in board.adjacent[here]]
        return ([(there, route, label) for there, _, route, label in board.adjacent[here] if there not in self.hops]
                + [(there, None, there) for there in sorted(self.hops - {here})])

    def suffix(self) -> dict[str, str]:
        """Each figure's location → the suffix of its move choices (the first figure's, if shared)."""
        names = self.suffixes or tuple("" if k == 0 else f"/{k + 1}" for k in range(len(self.figures)))
        return {f: s for f, s in reversed(list(zip(self.figures, names, strict=True)))}

    def moves_into(self, board: Board, location: str) -> int:
        """Movement used by stepping onto ``location``."""
        return 0 if self.free_oases and board.locations[location].kind == "oasis" else 1


class RouteTerms(Protocol):
    """What a ruleset's ``routes`` part answers (see ``mp_notebook.rulesets``)."""

    SEALS: tuple[str, ...]  # the guild seals routes may need, in the order they are listed

    def travel_rules(self, s: GameState, player: int) -> TravelRules: ...

    def resources(self, s: GameState, player: int) -> tuple[int, int, int]:
        """``(coins, camels, jade)`` the player can pay routes with."""
        ...

    def seals_held(self, s: GameState, player: int) -> frozenset[str]: ...

    def travel_terms(self, s: GameState, a: Action) -> tuple[int, int]:
        """``(coins due before moving, moves allowed)`` of a legal Travel action."""
        ...


def terms(s: GameState) -> RouteTerms:
    """The route terms of ``s``'s ruleset."""
    return cast(RouteTerms, get(s.ruleset).part("routes"))


def travel_rules(s: GameState, player: int) -> TravelRules:
    """The travel rules of ``player`` in ``s``, from their figures and character.

    >>> import mp_notebook as mp
    >>> travel_rules(mp.new_game(players=2, seed=1), 0)
    TravelRules(figures=('Beijing',), free_route_costs=(), free_oases=False)
    """
    return terms(s).travel_rules(s, _check_player(s, player))


# --------------------------------------------------------------------------- the search


class _Label(NamedTuple):
    """A walk from a figure. Costs are what is charged so far (jade only for what is lacking).

    Field order is the search order, so a label popped later never beats an earlier one at the
    same place in every respect. ``free_end``: the last step used no movement (a free oasis), so
    the walk needs a move left over to be legal, which counts as half a move in comparisons.
    """

    moves: int
    free_end: bool
    total: int
    jade: int
    path: tuple[str, ...]
    steps: tuple[str, ...]
    coins: int
    camels: int
    seen: bool  # passed through ``via`` (always True without one)

    def fits(self, budget: int) -> bool:
        """Legal as one Travel action of ``budget`` moves."""
        return 2 * self.moves + self.free_end <= 2 * budget


Front = list[tuple[int, int, int, int]]  # (coins, camels, jade, 2 * moves + free_end) of kept labels


def _dominated(front: Front, coins: int, camels: int, jade: int, half_moves: int) -> bool:
    return any(c <= coins and m <= camels and j <= jade and n <= half_moves for c, m, j, n in front)


def _search(board: Board, rules: TravelRules, have: tuple[int, int, int], seals: frozenset[str],
            via: str | None = None) -> dict[str, list[_Label]]:
    """Every Pareto-optimal payable walk (coins, camels, jade, moves) of at least one step, by end.

    A multi-criteria label-setting search: a walk is dropped when another walk ending at the same
    location (and equally through ``via``) charges no more of anything in no more moves. What
    is charged so far is enough to extend a walk because coins and camels are used before jade.
    When movements cost coins (``step_coins``, not the same for each), only walks of as many
    movements are compared.
    """
    coins0, camels0, jade0 = have
    heap = [_Label(0, False, 0, 0, (f,), (), 0, 0, via is None or f == via) for f in rules.figures]
    suffix = rules.suffix()
    heapq.heapify(heap)
    fronts: dict[tuple[str, bool, int], Front] = {}
    found: dict[str, list[_Label]] = {}

    def front_of(here: str, seen: bool, moves: int) -> tuple[str, bool, int]:
        return here, seen, moves if rules.step_coins else 0

    while heap:
        label = heapq.heappop(heap)
        here = label.path[-1]
        if label.steps:  # the start itself is not a destination (back-and-forth walks are)
            front = fronts.setdefault(front_of(here, label.seen, label.moves), [])
            half = 2 * label.moves + label.free_end
            if _dominated(front, label.coins, label.camels, label.jade, half):
                continue
            front.append((label.coins, label.camels, label.jade, half))
            if label.seen:
                found.setdefault(here, []).append(label)
        figure = suffix[label.path[0]]
        for there, route, step in rules.steps(board, here):
            if _seal(route) is not None and _seal(route) not in seals:
                continue
            used = rules.moves_into(board, there)
            extra = rules.moves_cost(label.moves, used)
            if extra is None:
                continue
            c, m, j = rules.cost(route)
            coins, camels = label.coins + c + extra, label.camels + m
            jade = label.jade + j + max(0, coins - coins0) + max(0, camels - camels0)
            if jade > jade0:
                continue
            coins, camels = min(coins, coins0), min(camels, camels0)
            moves, free = label.moves + used, not used
            seen = label.seen or there == via
            if _dominated(fronts.get(front_of(there, seen, moves), []), coins, camels, jade, 2 * moves + free):
                continue
            heapq.heappush(heap, _Label(moves, free, coins + camels + jade, jade, (*label.path, there),
                                        (*label.steps, step + figure), coins, camels, seen))
    return found


def _player_search(s: GameState, player: int, rules: TravelRules, via: str | None = None) -> dict[str, list[_Label]]:
    t = terms(s)
    return _search(s.board, rules, t.resources(s, player), t.seals_held(s, player), via)


def _sort_key(by: str) -> Callable[[_Label], tuple[object, ...]]:
    """Order of walks for ``by``; ties: cheaper in total, less jade, fewer moves, first path."""
    checked_choice("by", by, BY)
    if by == "total":
        return lambda w: (w.total, w.jade, w.moves, w.path, w.steps)
    if by == "moves":
        return lambda w: (w.moves, w.total, w.jade, w.path, w.steps)
    return lambda w: (getattr(w, by), w.total, w.jade, w.moves, w.path, w.steps)


@functools.lru_cache(maxsize=4)
def _labelled_routes(board: Board) -> dict[tuple[str, str], BoardRoute]:
    """``{(location, move label): route}`` of a board."""
    return {(here, label): r for here, edges in board.adjacent.items() for _, _, r, label in edges}


def _route(board: Board, here: str, step: str) -> BoardRoute | None:
    """The route a move choice (``X``, ``X#k``, ``X/2``) takes from ``here`` (``None``: a hop)."""
    return _labelled_routes(board).get((here, step.partition("/")[0]))


def _seal(route: BoardRoute | None) -> str | None:
    """The guild seal ``route`` needs (``None``: open to all, and hops)."""
    return None if route is None else route.seal


def _seals_on(board: Board, path: tuple[str, ...], steps: tuple[str, ...], order: tuple[str, ...]) -> tuple[str, ...]:
    """The guild seals the routes of a walk need, in ``order``."""
    used = {_seal(_route(board, a, step)) for a, step in zip(path, steps, strict=False)}
    return tuple(t for t in order if t in used)


def _as_route(board: Board, label: _Label, order: tuple[str, ...]) -> Route:
    return Route(label.path, label.moves, label.coins, label.camels, label.jade,
                 _seals_on(board, label.path, label.steps, order), label.steps)


def _check_location(s: GameState, argument: str, name: Any) -> None:
    if name is not None and (not isinstance(name, str) or name not in s.board.locations):
        raise ArgumentError(f"{argument}: unknown location {shown(name)} (known: {', '.join(s.board.locations)})")


def _check_player(s: Any, player: Any) -> int:
    """``player`` as a seat of the game ``s`` (a GameState); -1 is not the last seat."""
    from mp_notebook.engine.game import GameState

    if not isinstance(s, GameState):
        raise ArgumentError(f"s must be a GameState (from mp.new_game), got {shown(s)}")
    return checked_seat("player", player, s.num_players)


def _check_rules(rules: Any) -> None:
    if rules is not None and not isinstance(rules, TravelRules):
        raise ArgumentError(f"rules must be None or a TravelRules (from mp.routes.travel_rules), got {shown(rules)}")


# --------------------------------------------------------------------------- cheapest route


def cheapest(s: GameState, player: int, target: str, *, by: str = "total", via: str | None = None,
             rules: TravelRules | None = None) -> Route | None:
    """The cheapest legal way for ``player`` to take a figure to ``target``, or ``None``.

    Honours the seals held, jade routes and jade paying for missing coins and camels; the whole
    route must be payable from the player's resources. There is no move limit (see
    :func:`reachable` for one Travel action). ``by``: ``"total"`` (coins + camels + jade),
    ``"coins"``, ``"camels"`` or ``"moves"``, each then cheapest in total; ``via``: a location the
    path must pass through; ``rules``: other travel rules (default :func:`travel_rules`).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1).with_player(0, location="Pagan", coins=9, camels=4, goods={"jade": 1})
    >>> r = cheapest(s, 0, "Kabul")
    >>> r.path, (r.coins, r.camels, r.jade), r.total
    (('Pagan', 'Kabul'), (6, 2, 1), 9)
    >>> cheapest(s, 0, "Pagan").path
    ('Pagan',)
    """
    player = _check_player(s, player)
    _check_location(s, "target", target)
    _check_location(s, "via", via)
    key = _sort_key(by)
    _check_rules(rules)
    rules = rules or travel_rules(s, player)
    if target in rules.figures and via in (None, target):
        return Route((target,), 0, 0, 0, 0, (), ())
    labels = _player_search(s, player, rules, via).get(target)
    return _as_route(s.board, min(labels, key=key), terms(s).SEALS) if labels else None


class _Plain(NamedTuple):
    """The cheapest walk to a location ignoring resources (route costs as printed)."""

    locked: int  # routes taken whose seal the player lacks
    total: int
    moves: int
    path: tuple[str, ...]
    steps: tuple[str, ...]
    cost: tuple[int, int, int]


def _unlimited(board: Board, rules: TravelRules, seals: frozenset[str]) -> dict[str, _Plain]:
    """Per location, the walk from a figure with the fewest locked sea routes, then cheapest in
    total (then fewer moves, first path), whatever the player holds. A plain Dijkstra search, over
    (location, movements) when movements cost coins; locations beyond ``max_moves`` are absent."""
    heap = [_Plain(0, 0, 0, (f,), (), (0, 0, 0)) for f in reversed(rules.figures)]
    suffix = rules.suffix()
    settled: set[tuple[str, int]] = set()
    done: dict[str, _Plain] = {}
    while heap:
        walk = heapq.heappop(heap)
        here = walk.path[-1]
        key = here, walk.moves if rules.step_coins else 0
        if key in settled:
            continue
        settled.add(key)
        done.setdefault(here, walk)
        for there, route, step in rules.steps(board, here):
            used = rules.moves_into(board, there)
            extra = rules.moves_cost(walk.moves, used)
            if extra is None or (there, walk.moves + used if rules.step_coins else 0) in settled:
                continue
            c, m, j = rules.cost(route)
            c += extra
            locked = _seal(route) is not None and _seal(route) not in seals
            heapq.heappush(heap, _Plain(walk.locked + locked, walk.total + c + m + j, walk.moves + used,
                                        (*walk.path, there), (*walk.steps, step + suffix[walk.path[0]]),
                                        (walk.cost[0] + c, walk.cost[1] + m, walk.cost[2] + j)))
    return done


def _cost_text(cost: tuple[int, int, int]) -> str:
    return amounts(zip(("coins", "camels", "jade"), cost, strict=True), " + ")


def _needs_text(board: Board, path: tuple[str, ...], steps: tuple[str, ...], seals: frozenset[str],
                order: tuple[str, ...]) -> str:
    """The seals a walk needs beyond ``seals``, each with its routes ('' if none)."""
    locked: dict[str, list[str]] = {}
    for a, step in zip(path, steps, strict=False):
        r = _route(board, a, step)
        seal = _seal(r)
        if r is not None and seal is not None and seal not in seals:
            locked.setdefault(seal, []).append(f"{r.a}–{r.b}")
    return " and ".join(f"the {t} seal ({noun(len(locked[t]), 'route')} {', '.join(locked[t])})"
                        for t in order if t in locked)


def why_unreachable(s: GameState, player: int, target: str) -> str | None:
    """Why :func:`cheapest` finds no route to ``target``, in plain English; ``None`` if it does.

    If some seals would make a route affordable, names them and their routes; otherwise says
    what the cheapest path costs against what the player holds.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1).with_player(0, location="Cambay")
    >>> why_unreachable(s, 0, "Hormuz")
    'needs the tailor seal (route Cambay–Hormuz)'
    >>> why_unreachable(s.with_player(0, seals={"tailor": "basic"}), 0, "Hormuz") is None
    True
    >>> why_unreachable(s.with_player(0, coins=1, camels=0), 0, "Jaipur")
    'costs 2 coins + 1 camel by the cheapest route Cambay → Jaipur; you have 1 coin, 0 camels, 0 jade'
    """
    player = _check_player(s, player)
    if cheapest(s, player, target) is not None:
        return None
    t = terms(s)
    rules = t.travel_rules(s, player)
    seals = t.seals_held(s, player)
    coins, camels, jade = have = t.resources(s, player)
    with_seals = _search(s.board, rules, have, frozenset(t.SEALS)).get(target)
    if with_seals:
        routes = [_as_route(s.board, w, t.SEALS) for w in with_seals]
        best = min(routes, key=lambda r: (len(set(r.seals) - seals), r.total, r.jade, r.moves, r.path))
        return "needs " + _needs_text(s.board, best.path, best.steps, seals, t.SEALS)
    walk = _unlimited(s.board, rules, seals).get(target)
    if walk is None:
        return f"no way of at most {rules.max_moves} moves (one Travel action) reaches {target}"
    needs = _needs_text(s.board, walk.path, walk.steps, seals, t.SEALS)
    return (("needs " + needs + " and " if needs else "")
            + f"costs {_cost_text(walk.cost)} by the cheapest route {' → '.join(walk.path)}; "
            f"you have {resource(coins, 'coins')}, {resource(camels, 'camels')}, {resource(jade, 'jade')}")


# --------------------------------------------------------------------------- one Travel action now


def reachable(s: GameState, player: int, *, space: str | None = None,
              dice: Sequence[int] | None = None) -> list[Reach]:
    """Every location ``player`` can end a Travel action on now, per Travel action, with its cost.

    Exactly what the engine allows: the legal ``travel`` actions of this decision (Travel space and
    dice placed), the space fee (2 coins on the lower space, plus the lowest die if the space is
    occupied), then up to min(lowest die, space maximum) moves, at least one, each route paid.
    One :class:`Reach` per (travel action, end location), in the engine's order of actions: the
    cheapest way (total, then jade, moves, path). ``space``/``dice`` filter the actions. Empty
    unless it is ``player``'s turn with a Travel main action available. ``space`` is ``"Travel"``
    on a board with one Travel space (Voyages).
    ``pandas.DataFrame(reachable(s, i))`` makes it a table.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> while s.decision.kind != "turn":
    ...     s = s.apply(s.legal_actions()[0])
    >>> sorted({(r.location, r.moves, r.coins) for r in reachable(s, s.current_player, space="lower")})
    [('Xanadu', 1, 4), ('Xian', 1, 4)]
    """
    player = _check_player(s, player)
    if space is not None and not isinstance(space, str):
        raise ArgumentError(f"space must be None or the name of a Travel space, got {shown(space)}")
    wanted = None if dice is None else tuple(sorted(checked_int("a value in dice", v, 1, 6)
                                                    for v in checked_list("dice", dice, 20, "die values 1-6")))
    actions = [a for a in _travel_actions(s, player) if space in (None, _space(a)) and wanted in (None, a.dice)]
    if not actions:
        return []
    return _reachable(s, player, actions, _player_search(s, player, travel_rules(s, player)))


def _space(a: Action) -> str:
    """The Travel space of a travel action (``"Travel"`` where the board has one, as in Voyages)."""
    return a.space or "Travel"


def _travel_actions(s: GameState, player: int) -> list[Action]:
    """``player``'s legal Travel actions now (being legal, each names its Travel space)."""
    if s.decision.kind != "turn" or s.decision.player != player:
        return []
    return [a for a in s.legal_actions() if a.kind == "travel"]


def _reachable(s: GameState, player: int, actions: list[Action], found: dict[str, list[_Label]]) -> list[Reach]:
    t = terms(s)
    have = t.resources(s, player)
    ends: dict[tuple[int, int], list[tuple[str, _Label, tuple[int, int, int]]]] = {}
    out: list[Reach] = []
    for a in actions:
        fee, budget = t.travel_terms(s, a)
        if (fee, budget) not in ends:
            ends[fee, budget] = _best_ends(found, fee, budget, have)
        out += [Reach(loc, _space(a), a.dice, label.moves, *paid, label.path, str(a), label.steps)
                for loc, label, paid in ends[fee, budget]]
    return out


def _best_ends(found: dict[str, list[_Label]], fee: int, budget: int,
               have: tuple[int, int, int]) -> list[tuple[str, _Label, tuple[int, int, int]]]:
    """Per end location, the cheapest walk within ``budget`` moves payable after ``fee`` coins."""
    coins0, _, jade0 = have
    best: dict[str, tuple[tuple[object, ...], _Label, tuple[int, int, int]]] = {}
    for loc, labels in found.items():
        for label in labels:
            jade = label.jade + max(0, label.coins + fee - coins0)
            if jade > jade0 or not label.fits(budget):
                continue
            paid = (min(label.coins + fee, coins0), label.camels, jade)
            key = (sum(paid), jade, label.moves, label.path, label.steps)
            if loc not in best or key < best[loc][0]:
                best[loc] = (key, label, paid)
    return [(loc, label, paid) for loc, (_, label, paid) in sorted(best.items(), key=lambda kv: kv[1][0])]


# --------------------------------------------------------------------------- tables


TABLE_COLUMNS = ("location", "kind", "moves", "coins", "camels", "jade", "total", "seals", "affordable",
                 "reachable_now", "space", "path")


def table(s: GameState, player: int) -> pd.DataFrame:
    """One row per location without a figure of the player: the cheapest route there and whether
    a Travel action can end there now.

    Columns: ``location kind moves coins camels jade total seals affordable reachable_now space
    path``. ``affordable``: :func:`cheapest` finds a route (its costs are shown); otherwise the
    row shows the cheapest path ignoring resources (route costs as printed), through locked sea
    routes only if it must, and ``seals`` lists the seals it needs (no path and empty costs where
    no walk of the rules' most movements gets there). ``space``: the Travel space
    of the cheapest way to end there now (see :func:`reachable`), else ``None``.

    >>> import mp_notebook as mp
    >>> t = table(mp.new_game(players=2, seed=1), 0).set_index("location")
    >>> [int(t.loc["Xian", k]) for k in ("moves", "coins", "camels")], bool(t.loc["Xian", "affordable"])
    ([1, 2, 1], True)
    """
    import pandas as pd

    player = _check_player(s, player)
    board = s.board
    order = terms(s).SEALS
    rules = travel_rules(s, player)
    seals = terms(s).seals_held(s, player)
    found = _player_search(s, player, rules)
    now: dict[str, Reach] = {}
    for r in _reachable(s, player, _travel_actions(s, player), found):
        old = now.get(r.location)
        if old is None or (r.coins + r.camels + r.jade, r.jade) < (old.coins + old.camels + old.jade, old.jade):
            now[r.location] = r
    unlimited: dict[str, _Plain] = {}
    key = _sort_key("total")
    columns: dict[str, list[object]] = {c: [] for c in TABLE_COLUMNS}
    for loc in board.locations:
        if loc in rules.figures:
            continue
        cost: tuple[int, ...] | None
        if loc in found:
            route = _as_route(board, min(found[loc], key=key), order)
            path, cost, need = route.path, (route.moves, route.coins, route.camels, route.jade), route.seals
        else:
            unlimited = unlimited or _unlimited(board, rules, seals)
            walk = unlimited.get(loc)  # None: beyond the most movements of a walk, nothing to show
            path, cost, need = ((), None, ()) if walk is None else (
                walk.path, (walk.moves, *walk.cost), _seals_on(board, walk.path, walk.steps, order))
        numbers = (None,) * 5 if cost is None else (*cost, sum(cost[1:]))
        reach = now.get(loc)
        row = (loc, board.locations[loc].kind, *numbers, need, loc in found, reach is not None,
               reach.space if reach else None, path)
        for column, value in zip(columns.values(), row, strict=True):
            column.append(value)
    return pd.DataFrame(columns)


def matrix(board: Board, *, by: str = "moves", seals: Iterable[str] | None = None,
           rules: TravelRules | None = None) -> pd.DataFrame:
    """All-pairs distances of the board: moves, or the cheapest cost in coins, camels or total.

    ``seals``: the guild seals held (sea routes needing others are closed); ``None`` opens every
    route. No player or resources are involved; ``rules`` (a :class:`TravelRules`, its figures
    ignored) adds what movement costs and allows: the Voyages travel table (walks of at most its
    length, each paying the table's column), oasis hops, free route costs. Without ``rules``: route
    costs as printed. Unreachable pairs are ``NaN``.

    >>> import mp_notebook as mp
    >>> board = mp.new_game(players=2, seed=1).board
    >>> int(matrix(board).loc["Xian", "Jaipur"]), int(matrix(board, by="total").loc["Pagan", "Kabul"])
    (4, 9)
    >>> int(matrix(board, seals=()).loc["Cambay", "Hormuz"]), int(matrix(board).loc["Cambay", "Hormuz"])
    (6, 1)
    >>> v = mp.new_game(2, ruleset="voyages", seed=1)
    >>> int(matrix(v.board, by="coins", rules=travel_rules(v, 0)).loc["Venezia", "Moscow"])
    7
    """
    import pandas as pd

    from mp_notebook.board.graph import Board

    if not isinstance(board, Board):
        raise ArgumentError(f"board must be a Board (a state's .board), got {shown(board)}")
    _sort_key(by)
    _check_rules(rules)
    if seals is not None and (not isinstance(seals, (list, tuple, set, frozenset))
                              or not all(isinstance(x, str) for x in seals)):
        raise ArgumentError(f"seals must be None (every route open) or a collection of seal names, got {shown(seals)}")
    held = None if seals is None else frozenset(seals)
    names = list(board.locations)
    if rules is not None:
        rows = [_distances(board, rules, by, held, a) for a in names]
        return pd.DataFrame([[row.get(b, float("nan")) for b in names] for row in rows], index=names, columns=names)
    graph = nx.Graph()
    graph.add_nodes_from(board.locations)
    for r in board.routes:
        if held is not None and _seal(r) is not None and _seal(r) not in held:
            continue
        w = 1 if by == "moves" else r.coins + r.camels + r.jade if by == "total" else getattr(r, by)
        if not graph.has_edge(r.a, r.b) or graph[r.a][r.b]["weight"] > w:
            graph.add_edge(r.a, r.b, weight=w)
    dist = dict(nx.all_pairs_dijkstra_path_length(graph))
    return pd.DataFrame([[dist[a].get(b, float("nan")) for b in names] for a in names], index=names, columns=names)


def _distances(board: Board, rules: TravelRules, by: str, held: frozenset[str] | None, source: str) -> dict[str, int]:
    """The least ``by`` from ``source`` to each location under ``rules``: a Dijkstra search over
    (location, movements) when movements cost coins, so that the travel table is charged exactly."""
    heap = [(0, 0, source)]
    settled: set[tuple[str, int]] = set()
    out: dict[str, int] = {}
    while heap:
        weight, moves, here = heapq.heappop(heap)
        key = here, moves if rules.step_coins else 0
        if key in settled:
            continue
        settled.add(key)
        out.setdefault(here, weight)
        for there, route, _ in rules.steps(board, here):
            if held is not None and _seal(route) is not None and _seal(route) not in held:
                continue
            used = rules.moves_into(board, there)
            extra = rules.moves_cost(moves, used)
            if extra is None:
                continue
            coins, camels, jade = rules.cost(route)
            step = {"moves": used, "coins": coins + extra, "camels": camels, "total": coins + extra + camels + jade}[by]
            heapq.heappush(heap, (weight + step, moves + used, there))
    return out
