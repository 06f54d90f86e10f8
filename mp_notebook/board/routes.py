"""Route analysis: the cheapest way for a player to reach a location, where a movement can end
right now, journeys and tours over several turns, the spinner's odds, and all-pairs tables of the board.

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
imported only by the functions that return tables.

:func:`reachable` answers at every travel decision: a Travel action to choose, the moves left in
the middle of one and a "move X" reward (contracts, city cards); :func:`pairs` gives the pairs of
end locations of a player with two figures. Over several turns, :func:`journey` and
:func:`journeys` give the fewest Travel actions (and the dice each needs) or the least total cost
to a location, and :func:`tour` the best order and route through up to 8 locations
(:func:`goal_tour`: the player's goal cards); see ``mp_notebook.board.journeys``. :func:`boosts`
weighs the bonus actions that change the dice, and the guild seals, by the places they open now.

A ruleset whose merchants move by a spinner (the Schmidt game: its ``routes`` part declares
``MOVEMENT = "spinner"``) answers :func:`reachable`, :func:`table`, :func:`odds` and
:func:`expected_spins` in its own terms; the questions of paid routes (:func:`cheapest`,
:func:`why_unreachable`, journeys, tours, cost matrices) are an :class:`ArgumentError` there
that says what to ask instead, as :func:`odds` is for games moved by dice.
"""

from __future__ import annotations

import functools
import heapq
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

import networkx as nx

from mp_notebook.board.journeys import BY as JOURNEY_BY
from mp_notebook.board.journeys import (
    MAX_TOUR,
    TOUR_BY,
    Journey,
    Leg,
    Plan,
    Tour,
    TravelSpace,
    best_journey,
    best_tour,
    journey_rows,
)
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.text import amounts, counted, noun, resource
from mp_notebook.engine.validate import checked_choice, checked_int, checked_items, checked_list, checked_seat, shown
from mp_notebook.registry import get

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

__all__ = ["Journey", "Leg", "MoveTerms", "Pair", "Reach", "Route", "RouteTerms", "Tour", "TravelRules",
           "TravelSpace", "boosts", "cheapest", "expected_spins", "goal_tour", "journey", "journeys", "matrix",
           "moved_by_spinner", "odds", "pairs", "reachable", "table", "tour", "travel_rules", "why_unreachable"]


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
    notation and ``steps`` the move choices that follow it. In the middle of a movement (a
    ``move`` decision) ``action`` is the first move choice (``"done"`` to stop where the figure
    stands) and ``dice`` is empty. ``chance``: how likely this way is open (the spinner's odds of
    the result in the Schmidt game; 1 where the dice are known).
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
    chance: float = 1.0


class Pair(NamedTuple):
    """Where both figures of a two-figure player can end one movement, and the cheapest way.

    ``ends``: (first figure, second figure); ``moves``: the moves of each; costs as in
    :class:`Reach`; ``steps``: the move choices (``X/1``-style suffixes tell the figures apart).
    """

    ends: tuple[str, str]
    moves: tuple[int, int]
    coins: int
    camels: int
    jade: int
    space: str
    dice: tuple[int, ...]
    action: str
    steps: tuple[str, ...]


class MoveTerms(NamedTuple):
    """A movement under way (a ``move`` decision): ``space`` names what moves (the Travel space,
    ``"card"``, ``"bonus"``...), ``budget`` the moves left, ``rules`` the travel rules from here
    (what further steps cost), ``may_stop`` whether the figure may stop now."""

    space: str
    budget: int
    rules: TravelRules
    may_stop: bool


@dataclass(frozen=True)
class TravelRules:
    """How a player travels: where their figures stand and what routes and oases cost them.

    ``figures``: a route starts from any of them (one figure per route); ``free_route_costs``:
    the resources never paid for routes; ``free_oases``: entering an oasis uses no movement, but
    needs a move left. :func:`travel_rules` asks the ruleset for a player's.

    ``step_coins``: coins each movement costs besides its route, in order (the travel table's
    increases); when given, a walk has at most that many movements. ``hops``: a figure on one of
    these locations moves to any other of them in one movement, with no route and no route cost
    (instead of the routes between them). ``step_camels``: camels each movement costs (a city
    card's price). ``suffixes``: what the engine's move choice appends to
    a step of each figure (default: nothing for the first, ``/2`` for the second).
    ``posts_passing``: a trading post goes in every city a figure enters, not only where it ends
    (Wilhelm von Rubruk).

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
    step_camels: int = field(default=0, repr=False)
    posts_passing: bool = field(default=False, repr=False)

    @property
    def max_moves(self) -> int | None:
        """The most movements one walk may use (``None``: no limit)."""
        return len(self.step_coins) if self.step_coins else None

    def cost(self, route: BoardRoute | None) -> tuple[int, int, int]:
        """``(coins, camels, jade)`` this player pays for ``route`` (``None``: a hop, free of route
        costs), plus ``step_camels`` (a city card's price per move)."""
        if route is None:
            return 0, self.step_camels, 0
        free = self.free_route_costs
        return (0 if "coins" in free else route.coins,
                (0 if "camels" in free else route.camels) + self.step_camels, 0 if "jade" in free else route.jade)

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

    def figure_suffixes(self) -> tuple[str, ...]:
        """What the engine's move choices append for each figure.

        >>> TravelRules(("Beijing", "Kashgar")).figure_suffixes()
        ('', '/2')
        """
        return self.suffixes or tuple("" if k == 0 else f"/{k + 1}" for k in range(len(self.figures)))

    def suffix(self) -> dict[str, str]:
        """Each figure's location → the suffix of its move choices (the first figure's, if shared)."""
        return {f: s for f, s in reversed(list(zip(self.figures, self.figure_suffixes(), strict=True)))}

    def moves_into(self, board: Board, location: str) -> int:
        """Movement used by stepping onto ``location``."""
        return 0 if self.free_oases and board.locations[location].kind == "oasis" else 1


class RouteTerms(Protocol):
    """What a ruleset's ``routes`` part answers (see ``mp_notebook.registry``).

    ``MOVEMENT`` says how its figures move: ``"dice"`` (routes paid, moves set by dice: the
    functions from ``travel_rules`` to ``goal_cities``; the spinner's are ``None``) or
    ``"spinner"`` (the Schmidt game: ``spin_reachable``, ``spin_table``, ``odds`` and
    ``expected_spins``; the others are ``None``).
    """

    SEALS: tuple[str, ...]  # the guild seals routes may need, in the order they are listed
    MOVEMENT: str
    spin_reachable: Callable[[GameState, int], list[Reach]] | None
    spin_table: Callable[[GameState, int], pd.DataFrame] | None
    odds: Callable[..., Any] | None  # (s, player, target, spins, exact=) -> float | Fraction
    expected_spins: Callable[[GameState, int, Any], float] | None

    def travel_rules(self, s: GameState, player: int) -> TravelRules: ...

    def resources(self, s: GameState, player: int) -> tuple[int, int, int]:
        """``(coins, camels, jade)`` the player can pay routes with."""
        ...

    def seals_held(self, s: GameState, player: int) -> frozenset[str]: ...

    def travel_terms(self, s: GameState, a: Action) -> tuple[int, int]:
        """``(coins due before moving, moves allowed)`` of a legal Travel action."""
        ...

    def move_terms(self, s: GameState, player: int) -> MoveTerms | None:
        """The movement ``player`` is making now (``None`` unless a ``move`` decision of theirs awaits)."""
        ...

    def travel_spaces(self, s: GameState, player: int) -> tuple[TravelSpace, ...]:
        """The Travel spaces ``player`` may use (for journeys over several turns)."""
        ...

    def dice_per_round(self, s: GameState, player: int) -> int:
        """The dice ``player`` rolls each round (how many Travel actions a round can hold)."""
        ...

    def goal_cities(self, s: GameState, player: int) -> tuple[frozenset[str], ...]:
        """What the player's goal cards still ask for: per goal, the cities of which one needs a
        trading post (empty when every goal is met)."""
        ...

    def post_cities(self, s: GameState, player: int) -> frozenset[str]:
        """The cities where ``player`` may still place a trading post (tours count the posts placed
        on the way: the upper Travel space's extra post, Wilhelm von Rubruk's)."""
        ...


SPINNER = "spinner"


def moved_by_spinner(s: GameState) -> bool:
    """Whether the figures of ``s``'s game move by a spinner (the Schmidt game), not by dice on
    paid routes: then :func:`odds` and :func:`expected_spins` answer, not :func:`cheapest`.

    >>> import mp_notebook as mp
    >>> moved_by_spinner(mp.new_game(2, ruleset="schmidt", seed=1)), moved_by_spinner(mp.new_game(2, seed=1))
    (True, False)
    """
    return _movement(_check_state(s).ruleset) == SPINNER


@functools.cache
def _part(ruleset: str) -> RouteTerms:
    """The routes part of ``ruleset``, kept (the registry looks its module up on each ask)."""
    return cast(RouteTerms, get(ruleset).part("routes"))


def _movement(ruleset: str) -> str:
    """How the figures of ``ruleset`` move (``RouteTerms.MOVEMENT``)."""
    return _part(ruleset).MOVEMENT


def terms(s: GameState, question: str = "route analysis") -> RouteTerms:
    """The route terms of ``s``'s ruleset; an :class:`ArgumentError` naming ``question`` where its
    merchants move by a spinner, so that no route has a cost to compare."""
    if _movement(s.ruleset) == SPINNER:
        rules = get(s.ruleset)
        raise ArgumentError(f"{question}: in {rules.title} a merchant moves by the spinner, not along routes he "
                            f"pays for (Rulebook: How to Play), so there is no cheapest route to compare; ask "
                            f"mp.routes.odds(s, player, target, spins=n), mp.routes.expected_spins(s, player, target), "
                            f"mp.routes.reachable(s, player) or mp.routes.table(s, player)")
    return _part(s.ruleset)


def _spinner(s: GameState, question: str) -> RouteTerms:
    """The routes part of a spinner ruleset; an :class:`ArgumentError` for a game moved by dice."""
    if _movement(s.ruleset) != SPINNER:
        raise ArgumentError(f"{question}: in {get(s.ruleset).title} the dice, not a spinner, set the moves, and "
                            f"each route has its price; ask mp.routes.cheapest, mp.routes.reachable, "
                            f"mp.routes.journey or mp.routes.table")
    return _part(s.ruleset)


def travel_rules(s: GameState, player: int) -> TravelRules:
    """The travel rules of ``player`` in ``s``, from their figures and character.

    >>> import mp_notebook as mp
    >>> travel_rules(mp.new_game(players=2, seed=1), 0)
    TravelRules(figures=('Beijing',), free_route_costs=(), free_oases=False)
    """
    player = _check_player(s, player)
    return terms(s, "travel_rules").travel_rules(s, player)


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


Front = list[tuple[int, int, int, int]]  # (coins, camels, jade, 2 * moves + free_end) of kept labels


class _Step(NamedTuple):
    """One step from a location under some travel rules: where to, the move label, the seal its
    route needs, what the route charges (:meth:`TravelRules.cost`) and the movement it uses."""

    there: str
    label: str
    seal: str | None
    coins: int
    camels: int
    jade: int
    used: int


def _steps_of(board: Board, rules: TravelRules, seals: frozenset[str] | None = None) -> dict[str, tuple[_Step, ...]]:
    """Per location, the :class:`_Step` list of ``rules`` (the same for every figure: built once
    per board and way of travelling); ``seals``: only the steps open with these guild seals."""
    return _steps(board, rules.free_route_costs, rules.free_oases, rules.hops, rules.step_camels, seals)


@functools.lru_cache(maxsize=64)
def _steps(board: Board, free_route_costs: tuple[str, ...], free_oases: bool, hops: frozenset[str],
           step_camels: int, seals: frozenset[str] | None) -> dict[str, tuple[_Step, ...]]:
    if seals is not None:
        every = _steps(board, free_route_costs, free_oases, hops, step_camels, None)
        return {here: tuple(x for x in steps if x.seal is None or x.seal in seals) for here, steps in every.items()}
    rules = TravelRules((), free_route_costs, free_oases, hops=hops, step_camels=step_camels)
    return {here: tuple(_Step(there, label, _seal(route), *rules.cost(route), rules.moves_into(board, there))
                        for there, route, label in rules.steps(board, here)) for here in board.adjacent}


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
    heap: list[tuple[Any, ...]] = [(0, False, 0, 0, (f,), (), 0, 0, via is None or f == via)  # _Label fields
                                   for f in rules.figures]
    suffix = rules.suffix()
    steps = _steps_of(board, rules, seals)
    step_coins = rules.step_coins  # (empty: movements cost nothing and are not compared apart)
    most = len(step_coins)
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    fronts: dict[tuple[str, bool, int], Front] = {}  # (coins, camels, jade, 2 * moves + free_end) of kept walks
    found: dict[str, list[_Label]] = {}
    while heap:
        label = pop(heap)
        made, free_end, _, paid_jade, path, walked, paid_coins, paid_camels, seen_so_far = label
        here = path[-1]
        if walked:  # the start itself is not a destination (back-and-forth walks are)
            half = 2 * made + free_end
            at = (here, seen_so_far, made if step_coins else 0)
            front = fronts.get(at)
            if front is None:
                fronts[at] = [(paid_coins, paid_camels, paid_jade, half)]
            else:
                for c, m, j, n in front:  # (loops, not any(): fronts are short)
                    if c <= paid_coins and m <= paid_camels and j <= paid_jade and n <= half:
                        break
                else:
                    front = None
                if front is not None:  # dominated
                    continue
                fronts[at].append((paid_coins, paid_camels, paid_jade, half))
            if seen_so_far:
                found.setdefault(here, []).append(_Label._make(label))
        figure = suffix[path[0]]
        for there, step, _, c, m, j, used in steps[here]:
            if used and step_coins:  # TravelRules.moves_cost
                if made >= most:
                    continue
                c += step_coins[made]
            coins, camels = paid_coins + c, paid_camels + m
            jade = paid_jade + j
            if coins > coins0:
                jade += coins - coins0
                coins = coins0
            if camels > camels0:
                jade += camels - camels0
                camels = camels0
            if jade > jade0:
                continue
            moves, free = made + used, not used
            seen = seen_so_far or there == via
            front = fronts.get((there, seen, moves if step_coins else 0))
            if front is not None:
                half = 2 * moves + free
                for a, b, d, n in front:
                    if a <= coins and b <= camels and d <= jade and n <= half:
                        break
                else:
                    front = None
                if front is not None:  # dominated
                    continue
            push(heap, (moves, free, coins + camels + jade, jade, (*path, there), (*walked, step + figure),
                        coins, camels, seen))
    return found


def _player_search(s: GameState, player: int, rules: TravelRules, via: str | None = None) -> dict[str, list[_Label]]:
    t = terms(s, "route search")
    return _search(s.board, rules, t.resources(s, player), t.seals_held(s, player), via)


def _sort_key(by: str) -> Callable[[_Label], tuple[object, ...]]:
    """Order of walks for ``by``; ties: cheaper in total, less jade, fewer moves, first path."""
    checked_choice("by", by, BY)
    fields = {"total": ("total", "jade", "moves"), "moves": ("moves", "total", "jade")}.get(
        by, (by, "total", "jade", "moves"))
    return operator.itemgetter(*(_Label._fields.index(f) for f in (*fields, "path", "steps")))


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


@functools.lru_cache(maxsize=4)
def _step_seals(board: Board) -> dict[str, dict[str, str]]:
    """``{location: {move label: seal}}`` of the routes of a board that need a guild seal."""
    out: dict[str, dict[str, str]] = {}
    for (here, label), r in _labelled_routes(board).items():
        if _seal(r) is not None:
            out.setdefault(here, {})[label] = cast(str, _seal(r))
    return out


@functools.lru_cache(maxsize=4096)
def _seals_on(board: Board, path: tuple[str, ...], steps: tuple[str, ...], order: tuple[str, ...]) -> tuple[str, ...]:
    """The guild seals the routes of a walk need, in ``order`` (kept: walks recur from position to position)."""
    sealed = _step_seals(board)
    if not order or sealed.keys().isdisjoint(path):
        return ()
    used = {sealed[a].get(step.partition("/")[0]) for a, step in zip(path, steps, strict=False) if a in sealed}
    return tuple(t for t in order if t in used) if used else ()


def _as_route(board: Board, label: _Label, order: tuple[str, ...]) -> Route:
    return Route(label.path, label.moves, label.coins, label.camels, label.jade,
                 _seals_on(board, label.path, label.steps, order), label.steps)


def _check_location(s: GameState, argument: str, name: Any, *, optional: bool = False) -> None:
    if not (optional and name is None) and not (isinstance(name, str) and name in s.board.locations):
        raise ArgumentError(f"{argument}: unknown location {shown(name)} (known: {', '.join(s.board.locations)})")


def _check_state(s: Any) -> GameState:
    from mp_notebook.engine.game import checked_state

    return checked_state("s", s)


def _check_player(s: Any, player: Any) -> int:
    """``player`` as a seat of the game ``s`` (a GameState); -1 is not the last seat."""
    return checked_seat("player", player, _check_state(s).num_players)


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
    terms(s, "cheapest")
    _check_location(s, "target", target)
    _check_location(s, "via", via, optional=True)
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
    total (then fewer moves, first path), whatever the player holds; locations beyond ``max_moves``
    are absent. The least of each figure's :func:`_plain_tree` (a walk's every prefix is the least
    walk to where it ends, so the least from several figures is the least of each one's); read only."""
    trees = [_plain_tree(board, rules.free_route_costs, rules.free_oases, rules.hops, rules.step_camels,
                         rules.step_coins, seals, figure, suffix) for figure, suffix in rules.suffix().items()]
    if len(trees) == 1:
        return trees[0]
    least = dict(trees[0])
    for tree in trees[1:]:
        for loc, walk in tree.items():
            if loc not in least or walk < least[loc]:
                least[loc] = walk
    return least


@functools.lru_cache(maxsize=1024)
def _plain_tree(board: Board, free_route_costs: tuple[str, ...], free_oases: bool, hops: frozenset[str],
                step_camels: int, step_coins: tuple[int, ...], seals: frozenset[str], figure: str,
                suffix: str) -> dict[str, _Plain]:
    """The :class:`_Plain` walks from one figure on ``figure`` (its move labels end in ``suffix``)
    under the travel rules given by their parts: a plain Dijkstra search, over (location, movements)
    when movements cost coins. Independent of what the player holds, so kept per board (read only)."""
    # _Plain fields, the cost as coins, camels, jade
    heap: list[tuple[Any, ...]] = [(0, 0, 0, (figure,), (), 0, 0, 0)]
    steps = _steps(board, free_route_costs, free_oases, hops, step_camels, None)
    most = len(step_coins)  # (0: one search over locations, not over (location, movements))
    pop, push = heapq.heappop, heapq.heappush
    settled: set[object] = set()  # locations, or (location, movements)
    pushed: dict[object, tuple[int, int, int]] = {}  # the least (locked, total, moves) pushed
    done: dict[str, _Plain] = {}
    while heap:
        locked, total, moves, path, walked, coins, camels, jade = pop(heap)
        here = path[-1]
        key: object = (here, moves) if step_coins else here
        if key in settled:
            continue
        settled.add(key)
        if here not in done:
            done[here] = _Plain(locked, total, moves, path, walked, (coins, camels, jade))
        for there, step, seal, c, m, j, used in steps[here]:
            if step_coins:
                key = (there, moves + used)
                if used:  # TravelRules.moves_cost
                    if moves >= most:
                        continue
                    c += step_coins[moves]
            else:
                key = there
            if key in settled:
                continue
            rank = (locked + 1 if seal is not None and seal not in seals else locked, total + c + m + j, moves + used)
            least = pushed.get(key)
            if least is not None and least < rank:  # a walk there sorts first whatever its path
                continue
            pushed[key] = rank
            push(heap, (*rank, (*path, there), (*walked, step + suffix), coins + c, camels + m, jade + j))
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
    t = terms(s, "why_unreachable")
    if cheapest(s, player, target) is not None:
        return None
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
    """Every location ``player`` can end a movement on now, per way of moving, with its cost.

    Exactly what the engine allows. At the player's turn: the legal ``travel`` actions of this
    decision (Travel space and dice placed), the space fee (2 coins on the lower space, plus the
    lowest die if the space is occupied), then up to min(lowest die, space maximum) moves, at
    least one, each route paid. In the middle of a movement (a ``move`` decision: the moves left
    of a Travel action, or a "move X" reward of a contract or city card): the moves left, from
    where the figures stand, with ``action`` the first move choice (``"done"``: stop here, where
    allowed). One :class:`Reach` per (way, end location), in the engine's order of actions: the
    cheapest way (total, then jade, moves, path). ``space``/``dice`` filter the ways. Empty while
    ``player`` awaits no travel decision (another player's turn, a Travel action no longer
    available, another kind of decision). ``space`` is ``"Travel"`` on a board with one Travel
    space (Voyages). In the Schmidt game: where this spin can end (see
    ``mp_notebook.rulesets.schmidt.routes``). ``pandas.DataFrame(reachable(s, i))`` makes it a table.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> while s.decision.kind != "turn":
    ...     s = s.apply(s.legal_actions()[0])
    >>> sorted({(r.location, r.moves, r.coins) for r in reachable(s, s.current_player, space="lower")})
    [('Xanadu', 1, 4), ('Xian', 1, 4)]
    >>> s = s.apply(next(a for a in s.legal_actions() if a.kind == "travel" and a.space == "middle"))
    >>> s.decision.kind, sorted({r.action for r in reachable(s, s.current_player)})[:2]
    ('move', ['move Xanadu', 'move Xian'])
    """
    player = _check_player(s, player)
    if space is not None and not isinstance(space, str):
        raise ArgumentError(f"space must be None or the name of a Travel space, got {shown(space)}")
    wanted = None if dice is None else tuple(sorted(checked_int("a value in dice", v, 1, 6)
                                                    for v in checked_list("dice", dice, 20, "die values 1-6")))
    if _movement(s.ruleset) == SPINNER:
        answer = _spinner(s, "reachable").spin_reachable
        assert answer is not None
        return [r for r in answer(s, player) if space in (None, r.space) and wanted in (None, r.dice)]
    ways = [w for w in _ways(s, player) if space in (None, w.space) and wanted in (None, w.dice)]
    return _reachable(s, player, ways)


def _space(a: Action) -> str:
    """The Travel space of a travel action (``"Travel"`` where the board has one, as in Voyages)."""
    return a.space or "Travel"


class _Way(NamedTuple):
    """One way to move now: a legal Travel action (``legal``) or the movement under way (``legal``
    ``None``); ``fee`` is due before moving, then at most ``budget`` moves."""

    legal: Action | None
    space: str
    dice: tuple[int, ...]
    fee: int
    budget: int
    rules: TravelRules
    may_stop: bool

    @property
    def action(self) -> str:
        """The Travel action's notation (empty for the movement under way)."""
        return "" if self.legal is None else str(self.legal)


def _ways(s: GameState, player: int, rules: TravelRules | None = None) -> list[_Way]:
    """``player``'s ways to move now (see :func:`reachable`); empty if none awaits them. ``rules``:
    the player's travel rules, if the caller has them."""
    t = terms(s, "reachable")
    if s.decision.player != player:
        return []
    if s.decision.kind == "turn":
        rules = rules or t.travel_rules(s, player)
        return [_Way(a, _space(a), a.dice, *t.travel_terms(s, a), rules, False)
                for a in s.legal_actions() if a.kind == "travel"]
    moving = t.move_terms(s, player)
    return [] if moving is None else [_Way(None, moving.space, (), 0, moving.budget, moving.rules, moving.may_stop)]


def _reachable(s: GameState, player: int, ways: list[_Way],
               found: dict[int, dict[str, list[_Label]]] | None = None) -> list[Reach]:
    """The :class:`Reach` rows of ``ways``; ``found``: searches already made, by the id of their rules
    (the ways of a turn share the player's)."""
    out: list[Reach] = []
    for w, ends in _way_ends(s, player, ways, found):
        if w.action:
            out += [Reach(loc, w.space, w.dice, label.moves, *paid, label.path, w.action, label.steps)
                    for loc, label, paid in ends]
            continue
        out += [Reach(loc, w.space, (), 0, 0, 0, 0, (loc,), "done", ()) for loc in dict.fromkeys(w.rules.figures)
                if w.may_stop]
        out += [Reach(loc, w.space, (), label.moves, *paid, label.path, f"move {label.steps[0]}", label.steps[1:])
                for loc, label, paid in ends]
    return out


def _way_ends(s: GameState, player: int, ways: list[_Way], found: dict[int, dict[str, list[_Label]]] | None = None,
              ) -> list[tuple[_Way, list[tuple[str, _Label, tuple[int, int, int]]]]]:
    """Each of ``ways`` with its :func:`_best_ends` (the moves it may make); ``found`` as in
    :func:`_reachable`."""
    t = terms(s)
    have = t.resources(s, player)
    seals = t.seals_held(s, player)
    found = {} if found is None else found
    ends: dict[tuple[int, int, int], list[tuple[str, _Label, tuple[int, int, int]]]] = {}
    for w in ways:
        if id(w.rules) not in found:
            found[id(w.rules)] = _search(s.board, w.rules, have, seals)
        key = (id(w.rules), w.fee, w.budget)
        if key not in ends:
            ends[key] = _best_ends(found[id(w.rules)], w.fee, w.budget, have)
    return [(w, ends[id(w.rules), w.fee, w.budget]) for w in ways]


def _best_ends(found: dict[str, list[_Label]], fee: int, budget: int,
               have: tuple[int, int, int]) -> list[tuple[str, _Label, tuple[int, int, int]]]:
    """Per end location, the cheapest walk within ``budget`` moves payable after ``fee`` coins
    (:func:`_payable`), with what it pays (coins, camels, jade); cheapest first."""
    best = sorted(_payable(found, fee, budget, have).items(), key=lambda kv: kv[1][0])
    return [(loc, label, paid) for loc, (_, label, paid) in best]


def _payable(found: dict[str, list[_Label]], fee: int, budget: int,
             have: tuple[int, int, int]) -> dict[str, tuple[tuple[Any, ...], _Label, tuple[int, int, int]]]:
    """Per end location of ``found``, the cheapest walk within ``budget`` moves that ``have``
    pays after ``fee`` coins (jade pays for the coins lacking): its key (what it pays in all, the
    jade, moves, path, steps: least first), the walk and what it pays (coins, camels, jade)."""
    coins0, _, jade0 = have
    limit = 2 * budget
    best: dict[str, tuple[tuple[Any, ...], _Label, tuple[int, int, int]]] = {}
    for loc, labels in found.items():
        kept: tuple[tuple[Any, ...], _Label, tuple[int, int, int]] | None = None
        for label in labels:
            moves, free_end, total, jade, path, steps, coins, camels, _ = label
            if 2 * moves + free_end > limit:  # not legal as one Travel action of ``budget`` moves
                continue
            if coins + fee > coins0:
                jade += coins + fee - coins0
                if jade > jade0:
                    continue
            key = (total + fee, jade, moves, path, steps)  # total + fee: coins, camels and jade paid
            if kept is None or key < kept[0]:
                kept = (key, label, (min(coins + fee, coins0), camels, jade))
        if kept is not None:
            best[loc] = kept
    return best


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
    player = _check_player(s, player)
    if _movement(s.ruleset) == SPINNER:
        answer = _spinner(s, "table").spin_table
        assert answer is not None
        return answer(s, player)
    import numpy as np

    board = s.board
    t = terms(s, "table")
    rules = t.travel_rules(s, player)
    seals = t.seals_held(s, player)
    have = t.resources(s, player)
    found = _search(board, rules, have, seals)
    now = _spaces_now(s, player, rules, have, seals, found)
    figures = rules.figures
    at = [k for k, loc in enumerate(board.locations) if loc not in figures]
    places = [loc for loc in board.locations if loc not in figures]
    far = [loc for loc in places if loc not in found]
    unlimited = _unlimited(board, rules, seals) if far else {}
    key = _sort_key("total")
    costs: list[tuple[int, ...] | None] = []  # moves, coins, camels, jade, total
    seals_needed, paths = [], []
    for loc in places:
        labels = found.get(loc)
        if labels is not None:
            label = min(labels, key=key) if len(labels) > 1 else labels[0]
            costs.append((label.moves, label.coins, label.camels, label.jade, label.coins + label.camels + label.jade))
            paths.append(label.path)
            seals_needed.append(_seals_on(board, label.path, label.steps, t.SEALS))
            continue
        walk = unlimited.get(loc)  # None: beyond the most movements of a walk, nothing to show
        costs.append(None if walk is None else (walk.moves, *walk.cost, sum(walk.cost)))
        paths.append(() if walk is None else walk.path)
        seals_needed.append(() if walk is None else _seals_on(board, walk.path, walk.steps, t.SEALS))
    n = len(places)
    numbers = np.array([(None,) * 5 if c is None else c for c in costs],
                       dtype=float if far and None in costs else np.int64).reshape(n, 5)
    reach = [now.get(loc) for loc in places]
    index = np.array(at, dtype=np.intp)
    location, kind = _board_columns(board)
    columns = [location.take(index), kind.take(index), *numbers.T, np.fromiter(seals_needed, dtype=object, count=n),
               np.array([loc in found for loc in places], dtype=bool),
               np.array([space is not None for space in reach], dtype=bool), _text_column(reach),
               np.fromiter(paths, dtype=object, count=n)]
    return _frame(columns, TABLE_COLUMNS)


def _spaces_now(s: GameState, player: int, rules: TravelRules, have: tuple[int, int, int], seals: frozenset[str],
                found: dict[str, list[_Label]]) -> dict[str, str]:
    """Per location a movement can end on now (:func:`reachable`; standing still, where allowed,
    ends on a figure: not listed), the space of the cheapest way there (:func:`_payable`: least
    paid, then least jade; the first way on ties). ``found``: the search of ``rules`` (a turn's
    ways share it)."""
    searched = {id(rules): found}
    best: dict[str, tuple[tuple[int, int], str]] = {}
    asked = set()
    for w in _ways(s, player, rules):
        if (id(w.rules), w.fee, w.budget) in asked:  # the ends of an earlier way: never cheaper
            continue
        asked.add((id(w.rules), w.fee, w.budget))
        if id(w.rules) not in searched:
            searched[id(w.rules)] = _search(s.board, w.rules, have, seals)
        for loc, (key, _, _) in _payable(searched[id(w.rules)], w.fee, w.budget, have).items():
            if loc not in best or key[:2] < best[loc][0]:
                best[loc] = key[:2], w.space
    return {loc: space for loc, (_, space) in best.items()}


def _frame(columns: Sequence[Any], names: tuple[str, ...]) -> pd.DataFrame:
    """The table of ``columns`` (one 1-D array per name: numpy arrays, or those of
    :func:`_text_column`), as ``pd.DataFrame(dict(zip(names, columns)))`` makes it, without that
    constructor's checks and inference of each column again: from pandas 3, by pandas' public
    ``pd.api.internals.create_dataframe_from_blocks``, one block per numpy type and one per text column."""
    import numpy as np
    import pandas as pd

    make = getattr(getattr(pd.api, "internals", None), "create_dataframe_from_blocks", None)
    if make is None:  # pandas 2
        return pd.DataFrame(dict(zip(names, columns, strict=True)), copy=False)
    blocks: list[tuple[Any, Any]] = []
    typed: dict[Any, list[int]] = {}  # numpy type: its columns
    numpy_column = pd.arrays.NumpyExtensionArray  # a text column of no text (object); not its subclass StringArray
    for k, column in enumerate(columns):
        if isinstance(column, np.ndarray):
            typed.setdefault(column.dtype, []).append(k)
        elif type(column) is numpy_column:
            typed.setdefault(column.dtype.numpy_dtype, []).append(k)
        else:
            blocks.append((column, np.array([k], dtype=np.intp)))
    for dtype, at in typed.items():
        blocks.append((np.array([np.asarray(columns[k]) for k in at], dtype=dtype), np.array(at, dtype=np.intp)))
    return make(blocks, index=pd.RangeIndex(len(columns[0])), columns=_names(names).view())  # its own name


@functools.lru_cache(maxsize=16)
def _names(names: tuple[str, ...]) -> pd.Index:
    """The column index of ``names`` (kept: pandas infers the type of a list of names anew each time;
    each table takes a view, whose ``name`` is its own)."""
    import pandas as pd

    return pd.Index(names)


@functools.lru_cache(maxsize=8)
def _board_columns(board: Board) -> tuple[Any, Any]:
    """The columns of every location of ``board`` and of its kind, in board order (a table takes its rows)."""
    return (_text_column(list(board.locations)), _text_column([loc.kind for loc in board.locations.values()]))


def _text_column(values: Sequence[str | None]) -> Any:
    """``values`` (text or ``None``) as the column pandas makes of such a list, without inferring its
    type again: the type of such a column depends only on its distinct values, whose column is kept."""
    distinct = tuple(sorted(set(values), key=lambda v: (v is not None, v or "")))
    at = {v: k for k, v in enumerate(distinct)}
    import numpy as np

    return _distinct_column(distinct).take(np.fromiter([at[v] for v in values], dtype=np.intp, count=len(values)))


@functools.lru_cache(maxsize=64)
def _distinct_column(values: tuple[str | None, ...]) -> Any:
    import pandas as pd

    return pd.Series(list(values)).array


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
    if by != "moves" and _movement(board.ruleset) == SPINNER:
        raise ArgumentError(f"matrix: by={by!r}: on the board of {get(board.ruleset).title} a step costs nothing "
                            f"(the spinner sets the moves); only by='moves' (spaces between locations) answers")
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


# --------------------------------------------------------------------------- two figures


UNLIMITED = 10**9  # resources of a search that only the combination of two walks is checked against


def pairs(s: GameState, player: int) -> list[Pair]:
    """Every pair of end locations a player with two figures (Mailin & Tian Chin, Niccolò & Marco
    Polo) can reach by one movement now, splitting the moves between the figures, with the
    cheapest way (jade only for what is lacking) over the ways to move (:func:`reachable`).

    The combined costs must be payable together; in The Voyages of Marco Polo the travel table
    charges the steps of both figures together. A figure may stay where it is; at least one move
    is made (none, where the figures may stop now). Empty while no travel decision awaits the player.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, seed=1, characters=["Mailin & Tian Chin", "De Wu"])
    >>> while s.decision.kind != "turn":
    ...     s = s.apply(s.legal_actions()[0])
    >>> p = pairs(s, 0)
    >>> ("Xian", "Xanadu") in {x.ends for x in p}, min(x.coins for x in p if x.ends == ("Xian", "Xanadu"))
    (True, 4)
    """
    player = _check_player(s, player)
    t = terms(s, "pairs")
    rules = t.travel_rules(s, player)
    if len(rules.figures) != 2:
        raise ArgumentError(f"pairs: {s.players[player].name} moves {noun(len(rules.figures), 'figure')}; pairs of "
                            f"end locations are for a player with two figures (Mailin & Tian Chin, Niccolò & "
                            f"Marco Polo)")
    have = t.resources(s, player)
    seals = t.seals_held(s, player)
    best: dict[tuple[str, str], tuple[tuple[object, ...], Pair]] = {}
    walks: dict[tuple[TravelRules, int], list[list[_Label]]] = {}
    for w in _ways(s, player):
        if (w.rules, w.budget) not in walks:
            walks[w.rules, w.budget] = [_figure_walks(s.board, w.rules, k, w.budget, seals) for k in range(2)]
        first, second = walks[w.rules, w.budget]
        for a in first:
            for b in second:
                pair = _combine(w, a, b, have)
                if pair is not None:
                    key = (pair.coins + pair.camels + pair.jade, pair.jade, sum(pair.moves), pair.steps)
                    if pair.ends not in best or key < best[pair.ends][0]:
                        best[pair.ends] = (key, pair)
    return [pair for _, pair in sorted(best.values(), key=lambda kv: (kv[0], kv[1].ends))]


def _figure_walks(board: Board, rules: TravelRules, k: int, budget: int, seals: frozenset[str]) -> list[_Label]:
    """Figure ``k``'s Pareto-optimal walks of at most ``budget`` moves (route costs only), and
    staying where it is."""
    here = rules.figures[k]
    suffix = rules.suffix() if rules.figures[0] != rules.figures[1] else {}
    names = rules.suffixes or ("", "/2")
    alone = TravelRules((here,), rules.free_route_costs, rules.free_oases, (0,) * budget, rules.hops,
                        (suffix.get(here, names[k]),))
    found = _search(board, alone, (UNLIMITED,) * 3, seals)
    return [_Label(0, False, 0, 0, (here,), (), 0, 0, True)] + [w for labels in found.values() for w in labels]


def _combine(w: _Way, a: _Label, b: _Label, have: tuple[int, int, int]) -> Pair | None:
    """Both walks as one movement of the way ``w``, if it is legal and payable."""
    moves = a.moves + b.moves
    if 2 * moves + a.free_end + b.free_end > 2 * w.budget or not (moves or w.may_stop):
        return None
    coins0, camels0, jade0 = have
    coins = a.coins + b.coins + w.fee + sum(w.rules.step_coins[:moves])
    camels = a.camels + b.camels
    jade = a.jade + b.jade + max(0, coins - coins0) + max(0, camels - camels0)
    if jade > jade0:
        return None
    steps = a.steps + b.steps
    action = w.action or (f"move {steps[0]}" if steps else "done")
    return Pair((a.path[-1], b.path[-1]), (a.moves, b.moves), min(coins, coins0), min(camels, camels0), jade,
                w.space, w.dice, action, steps if w.action else steps[1:])


# --------------------------------------------------------------------------- the spinner


def odds(s: GameState, player: int, target: str | Iterable[str], spins: int = 1, *, exact: bool = False) -> Any:
    """The best chance that ``player`` ends a move on ``target`` within ``spins`` spins, in a game
    moved by a spinner (the Schmidt game): exact, from the spinner's sectors and the board, over
    every way of choosing the ring at ports and the end space. ``target``: a location, a list of
    them, or ``"port"``, ``"mission"`` (the Plaque's city), ``"trading"`` (any trading city).
    ``exact``: a ``fractions.Fraction`` instead of a float. See ``mp_notebook.rulesets.schmidt.routes``.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
    >>> odds(s, 0, "Constantinople", spins=1, exact=True), odds(s, 0, "port", spins=1)
    (Fraction(1, 4), 1.0)
    """
    player = _check_player(s, player)
    exact = checked_choice("exact", exact, (True, False))
    answer = _spinner(s, "odds").odds
    assert answer is not None
    return answer(s, player, target, spins, exact=exact)


def expected_spins(s: GameState, player: int, target: str | Iterable[str]) -> float:
    """The least expected number of spins for ``player`` to end a move on ``target`` (``inf`` where
    no way of playing gets there for sure), in a game moved by a spinner; see :func:`odds`.

    >>> import mp_notebook as mp
    >>> round(expected_spins(mp.new_game(2, ruleset="schmidt", seed=1), 0, "Constantinople"), 3)
    4.34
    """
    player = _check_player(s, player)
    answer = _spinner(s, "expected_spins").expected_spins
    assert answer is not None
    return answer(s, player, target)


# --------------------------------------------------------------------------- over several turns


def _plan(s: GameState, player: int, question: str, by: str,
          choices: tuple[str, ...] = JOURNEY_BY) -> tuple[Plan, TravelRules]:
    """The journey terms of ``player``: the plan (figures apart) and their travel rules."""
    player = _check_player(s, player)
    t = terms(s, question)
    checked_choice("by", by, choices)
    rules = t.travel_rules(s, player)
    plan = Plan(s.board, replace(rules, figures=(), suffixes=None), t.seals_held(s, player), t.travel_spaces(s, player),
                t.dice_per_round(s, player), t.post_cities(s, player))
    return plan, rules


def journey(s: GameState, player: int, target: str, *, by: str = "actions") -> Journey | None:
    """The best journey of ``player`` to ``target`` over several Travel actions, or ``None`` where
    no route is open (a guild seal lacking); no legs where a figure stands there. ``by``:
    ``"actions"`` (fewest Travel actions, then least total), ``"total"`` (least total, then
    fewest actions) or ``"rounds"`` (the fewest rounds of any journey there, then fewest actions,
    then least total). Costs are as printed and summed (resources change between turns), Travel
    spaces taken unoccupied; see ``mp_notebook.board.journeys``. A journey moves one figure (the
    one that gets there best).

    >>> import mp_notebook as mp
    >>> j = journey(mp.new_game(players=2, seed=1), 0, "Kashgar")
    >>> j.actions, j.dice, j.path[-1]
    (1, '3 dice ≥ 5', 'Kashgar')
    """
    plan, rules = _plan(s, player, "journey", by)
    _check_location(s, "target", target)
    return best_journey(plan, rules.figures, rules.suffix(), target, by)


JOURNEY_COLUMNS = ("location", "kind", "actions", "rounds", "moves", "coins", "camels", "jade", "total", "dice", "path")


def journeys(s: GameState, player: int, *, by: str = "actions") -> pd.DataFrame:
    """One row per location without a figure of the player: the best :func:`journey` there
    (columns ``location kind actions rounds moves coins camels jade total dice path``; empty
    numbers and path where no route is open). ``rounds``: the fewest rounds its Travel actions fit
    in from the start of a round (each Travel space once a round, the dice rolled; black dice not
    counted), for this journey, which has the fewest actions (``by="actions"``), costs least
    (``"total"``) or, with ``by="rounds"``, fits in the fewest rounds of any journey there.

    >>> import mp_notebook as mp
    >>> t = journeys(mp.new_game(players=2, seed=1), 0).set_index("location")
    >>> int(t.loc["Xian", "actions"]), int(t["actions"].max())
    (1, 2)
    """
    import pandas as pd

    plan, rules = _plan(s, player, "journeys", by)
    rows = []
    for loc, j in journey_rows(plan, rules.figures, rules.suffix(), by).items():
        numbers: tuple[object, ...] = (None,) * 8 + ((),) if j is None else (
            j.actions, j.rounds, j.moves, j.coins, j.camels, j.jade, j.total, j.dice, j.path)
        rows.append((loc, s.board.locations[loc].kind, *numbers))
    return pd.DataFrame(rows, columns=list(JOURNEY_COLUMNS))


def tour(s: GameState, player: int, cities: Iterable[str | Iterable[str]], *, by: str = "total") -> Tour | None:
    """The best Travel actions that place a trading post in each of ``cities`` (up to 8; each a
    location, or a collection of locations of which one will do), or ``None`` if one cannot be
    reached. ``by``: ``"total"`` (least coins + camels + jade, then fewest Travel actions),
    ``"actions"`` or ``"rounds"`` (the fewest rounds of any tour, then fewest actions, then least
    total; the search also follows the Travel spaces used in each round, which makes it slower).
    A post goes where a figure ends a Travel action, and on the way where the
    rules place one: the upper Travel space's extra post in a city passed through (Marco Polo
    II), every city Wilhelm von Rubruk enters (Voyages). A player with two figures (Mailin & Tian
    Chin, Niccolò & Marco Polo) splits the cities between them, and one Travel action may move
    both (its moves shared, each figure that ends in a city placing a post there). Exact, over
    every order, every split and every walk: an A* search over the cities met, where the figures
    stand and how far the Travel action under way has gone; costs as in :func:`journey`. A city
    where a figure stands counts as met. ``rounds``: the fewest rounds the tour's Travel actions
    fit in, one after the other (with ``by="rounds"``, the fewest of any tour).

    >>> import mp_notebook as mp
    >>> t = tour(mp.new_game(players=2, seed=1), 0, ["Kashgar", "Xian", "Lhasa"])
    >>> t.cities, t.actions, t.total
    (('Xian', 'Lhasa', 'Kashgar'), 2, 19)
    >>> [(leg.space, leg.posts, leg.extra_post) for leg in t.whole.legs]
    [('upper', ('Xian', 'Lhasa'), 'Xian'), ('middle', ('Kashgar',), None)]
    """
    plan, rules = _plan(s, player, "tour", by, TOUR_BY)
    groups = []
    for item in checked_items("cities", cities, MAX_TOUR, "locations (or sets of locations)"):
        names = ([item] if isinstance(item, str) or not isinstance(item, Iterable) else
                 checked_items("cities", item, len(s.board.locations), "alternative locations"))
        if not names:
            raise ArgumentError("cities: an empty set of alternatives")
        for name in names:
            _check_location(s, "cities", name)
        groups.append(frozenset(names))
    return best_tour(plan, rules.figures, rules.figure_suffixes(), list(dict.fromkeys(groups)), by)


def goal_tour(s: GameState, player: int, *, by: str = "total") -> Tour | None:
    """The best :func:`tour` through what the player's goal cards still ask for: in Marco Polo II
    a city of each goal shield not yet among their trading posts' shields, in The Voyages of Marco
    Polo each goal city without their trading post. An empty tour when every goal is met.

    >>> import mp_notebook as mp
    >>> v = mp.new_game(2, ruleset="voyages", seed=1)
    >>> t = goal_tour(v, 0)
    >>> sorted(t.cities) == sorted({c for g in v.players[0].goals for c in v.components.goals[g].cities})
    True
    """
    plan, rules = _plan(s, player, "goal_tour", by, TOUR_BY)
    return best_tour(plan, rules.figures, rules.figure_suffixes(),
                     list(terms(s).goal_cities(s, _check_player(s, player))), by)


# --------------------------------------------------------------------------- what would help


BOOSTS = ("adjust_die", "reroll", "black_die")  # the bonus actions that change the dice a Travel action takes
BOOST_COLUMNS = ("option", "kind", "chance", "gain", "new", "lost")


def boosts(s: GameState, player: int) -> pd.DataFrame:
    """Which bonus action or guild seal would add the most places a Travel action can end on now.

    One row per legal bonus action that changes the dice (a die changed by 1, a reroll, a black
    die: ``kind``) and per guild seal the player lacks (as if held, its price not paid) that adds
    at least one place: ``gain`` is the number of new end locations (the expected number over the
    six faces where the action rolls a die, ``chance`` True), ``new`` the locations it can add and
    ``lost`` those it can take away (paying for the bonus action). Sorted by gain. Empty when
    nothing open adds a place (``attrs["note"]`` says so and how many options were weighed). Asked
    at the player's turn with a Travel action open and something to weigh; otherwise an
    :class:`ArgumentError` that says why.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> while s.decision.kind != "turn":
    ...     s = s.apply(s.legal_actions()[0])
    >>> b = boosts(s, 0)
    >>> b.attrs["note"], list(b.option), bool((b.gain > 0).all())
    ('1 option of 15 weighed adds a place', ['farmer seal'], True)
    """
    import pandas as pd

    player = _check_player(s, player)
    t = terms(s, "boosts")
    if not _ways(s, player) or s.decision.kind != "turn":
        raise ArgumentError(f"boosts: {s.players[player].name} has no Travel action open now "
                            f"({s.decision.text}); ask at their turn, before the main action")
    now = _end_set(s, player)
    rows: list[tuple[object, ...]] = []
    for a in s.legal_actions():
        if a.kind not in BOOSTS:
            continue
        after = s.apply(a)
        outcomes = _faces(s, after, player, a) if a.kind in ("reroll", "black_die") else [after]
        ends = [_end_set(x, player) for x in outcomes]
        new = set[str]().union(*ends) - now
        lost = now - ends[0].intersection(*ends[1:])
        gain = sum(len(e - now) for e in ends) / len(ends)
        rows.append((str(a), a.kind, len(outcomes) > 1, gain, tuple(sorted(new)), tuple(sorted(lost))))
    held = s.players[player].seals if t.SEALS else {}
    for seal in t.SEALS:
        if seal not in held:
            ends_ = _end_set(s.with_player(player, seals={**held, seal: "basic"}), player)
            rows.append((f"{seal} seal", "seal", False, float(len(ends_ - now)), tuple(sorted(ends_ - now)),
                         tuple(sorted(now - ends_))))
    if not rows:
        raise ArgumentError(f"boosts: no bonus action that changes the dice ({', '.join(BOOSTS)}) is open to "
                            f"{s.players[player].name} now{' and they hold every guild seal' if t.SEALS else ''}: "
                            f"nothing to weigh (mp.routes.reachable lists where they can go now)")
    table = pd.DataFrame([r for r in rows if r[4]], columns=list(BOOST_COLUMNS))
    table = table.sort_values(["gain", "option"], ascending=[False, True], kind="stable").reset_index(drop=True)
    table.attrs["note"] = (f"{counted(len(table), 'option', 'options')} of {len(rows)} weighed "
                           f"{'adds' if len(table) == 1 else 'add'} a place" if len(table) else
                           f"none of the {noun(len(rows), 'option')} weighed adds a place a Travel action can end on "
                           f"now")
    return table


def _end_set(s: GameState, player: int) -> set[str]:
    return {r.location for r in _reachable(s, player, _ways(s, player))}


def _faces(before: GameState, after: GameState, player: int, a: Action) -> list[GameState]:
    """``after`` (``a`` rolled a die: a reroll or a black die) with that die showing each face 1-6."""
    black = a.kind == "black_die" or bool(a.black)
    field_ = "black_dice" if black else "dice"
    kept = list(getattr(before.players[player], field_))
    if a.kind == "reroll":
        kept.remove((a.black or a.dice)[0])
    return [after.with_player(player, **{field_: sorted([*kept, v])}) for v in range(1, 7)]
