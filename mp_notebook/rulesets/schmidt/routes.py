"""The Schmidt Marco Polo's route terms for ``mp.routes`` (the ``routes`` part of the ruleset).

Movement here is a spinner, not paid routes: a merchant spins the ring of his route type (at a
port he may change it first) and moves exactly that many spaces, or meets pirates or bandits and
does not move. So the questions are odds: the chance to end a move on a target within ``n`` spins
(:func:`odds`), the expected number of spins (:func:`expected_spins`), where this spin can take
him (:func:`spin_reachable`) and a table of the places a merchant cares about (:func:`spin_table`).

Exact, from the spinner's sectors and the board: the merchant is a Markov decision process whose
state is his space (the route type is forced off the ports and chosen at them); at each spin he
picks the ring (at a port) and then, seeing the result, the end space (the engine's legal moves,
:func:`~mp_notebook.rulesets.schmidt.rules.destinations`). :func:`odds` is the best chance over
every way of playing (dynamic programming, in exact fractions with ``exact=True``, else floats),
:func:`expected_spins` the least expected number (policy iteration). Both run on numpy arrays
space × target, so that :func:`spin_table` answers all its places at once (numpy is imported
when a question is asked). Readings of the model, labelled where they are used:

* the position stays as it is apart from his space: his cards, Plaque and Secrets (so Khanbalik
  and Venice are entered only if he could enter them now) and the other merchants' spaces (which
  block spaces that are not trading cities);
* a fight (pirates or bandits), a spin with no free end space, and a move that ends short (a dead
  end) are lost moves; jokers that send him elsewhere and extra turns are not counted.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=1)
>>> round(mp.routes.odds(s, 0, "Constantinople", spins=2), 4)
0.3906
>>> mp.routes.odds(s, 0, "Constantinople", spins=1, exact=True)
Fraction(1, 4)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from mp_notebook.board.routes import Reach, _frame, _text_column
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.validate import checked_int, checked_items, shown
from mp_notebook.rulesets.schmidt.rules import destinations, may_enter_khanbalik, return_check

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.state import SchmidtState

__all__ = ["MOVEMENT", "SEALS", "Chain", "chain", "expected_spins", "odds", "spin_reachable", "spin_table", "targets"]

MOVEMENT = "spinner"  # how ``mp.routes`` asks this ruleset (see mp_notebook.board.routes)
SEALS: tuple[str, ...] = ()
# the questions of paid routes and dice: not asked here (mp.routes says what to ask instead)
travel_rules = resources = seals_held = travel_terms = move_terms = travel_spaces = goal_cities = dice_per_round = None
post_cities = None
WORDS = ("port", "mission", "trading")  # targets named by what they are, besides location names
TABLE_SPINS = (1, 3, 5)
GUIDE_SPINS = 5  # the chances that start the guide of expected_spins' first policy (see _guide) ...
GUIDE_TAIL = 50.0  # ... the most spins its tail adds to them ...
GUIDE_SWEEPS = 2  # ... and the sweeps that improve it (measured: least work)
MAX_SPINS = 200

Outcome = tuple[Fraction, tuple[str, ...]]  # (chance of the sector(s), end spaces to choose from; empty: no move)


class Chain:
    """The spinner's moves of one merchant in one position: per space, per ring, the outcomes.

    ``moves[space][ring]`` lists ``(chance, ends)``: a spin result with its chance (equal results
    merged) and the spaces he may end on, sorted (empty: he stays, a fight or no free end).
    :meth:`arrays` holds the same as numpy index arrays, to answer for many targets at once.
    """

    def __init__(self, moves: dict[str, dict[str, tuple[Outcome, ...]]]):
        self.moves = moves
        self._arrays: _Arrays | None = None

    def arrays(self) -> _Arrays:
        """The moves as :class:`_Arrays` (built on the first call)."""
        if self._arrays is None:
            self._arrays = _Arrays(self.moves)
        return self._arrays


class _Arrays:
    """A :class:`Chain` as numpy index arrays, for answers over many targets at once (arrays
    space × target: a target's values are a column, so that taking spaces takes whole rows).
    Spaces are numbered in ``moves`` order; a *pair* is one ring at one space (by space, then ring
    name), an *outcome* one spin result of a pair, an *entry* one end space of an outcome (where he
    does not move, the one entry is his own space: staying is worth what his space is worth).
    Outcomes are numbered by width class (1, 2, 3-4, 5-8, ... entries): a fold over entries takes
    each class's entries padded with their last; sums over a pair's outcomes add them in the order
    of ``moves`` (padded with zeros)."""

    def __init__(self, moves: dict[str, dict[str, tuple[Outcome, ...]]]):
        import numpy as np

        self.index = {x: k for k, x in enumerate(moves)}
        pairs: list[int] = []  # the space of each pair
        found: list[tuple[int, Fraction, tuple[int, ...]]] = []  # (pair, chance, entries)
        for x, rings in moves.items():
            for ring in sorted(rings):
                pairs.append(self.index[x])
                found += [(len(pairs) - 1, p, tuple(self.index[e] for e in ends) or (self.index[x],))
                          for p, ends in rings[ring]]
        order = sorted(range(len(found)), key=lambda o: ((len(found[o][2]) - 1).bit_length(), o))
        outcomes = [found[o] for o in order]
        number = {o: k for k, o in enumerate(order)}
        self.chance = np.array([[float(p)] for _, p, _ in outcomes])  # a column: outcome × 1
        #: the least common denominator of the chances, and the chances times it (exact integers)
        self.denominator = math.lcm(*(p.denominator for _, p, _ in outcomes))
        self.counts = np.array([[int(p * self.denominator)] for _, p, _ in outcomes], dtype=object)
        self.pair_space = np.array(pairs)
        self.outcome_pair = np.array([q for q, _, _ in outcomes])
        self.outcome_space = self.pair_space[self.outcome_pair]
        #: per width class: its first and last outcome + 1, its entries (outcomes × width, padded
        #: with the first) and the same flattened width first
        self.folds: list[tuple[int, int, Any, Any]] = []
        start = 0
        while start < len(outcomes):
            width = 1 << (len(outcomes[start][2]) - 1).bit_length()
            stop = next((k for k in range(start, len(outcomes)) if len(outcomes[k][2]) > width), len(outcomes))
            entries = np.array([[ends[min(j, len(ends) - 1)] for j in range(width)]
                                for _, _, ends in outcomes[start:stop]])
            self.folds.append((start, stop, entries, entries.T.ravel()))
            start = stop
        per_pair: list[list[int]] = [[] for _ in pairs]
        for o, (q, _, _) in enumerate(found):
            per_pair[q].append(number[o])
        self.pair_outcomes = np.array([[os[j] if j < len(os) else len(outcomes) for os in per_pair]
                                       for j in range(max(map(len, per_pair)))])
        ends_of = [sorted({e for o in os for e in outcomes[o][2]}) for os in per_pair]
        self.pair_ends = np.array([[es[min(j, len(es) - 1)] for es in ends_of] for j in range(max(map(len, ends_of)))])
        per_space: list[list[int]] = [[] for _ in self.index]
        for q, k in enumerate(pairs):
            per_space[k].append(q)
        self.rings = np.array([[qs[min(j, len(qs) - 1)] for qs in per_space] for j in range(max(map(len, per_space)))])
        #: the spaces in name order, each space's place in it (a column) and the bits that hold it
        self.by_name = np.array(sorted(self.index.values(), key=list(self.index).__getitem__))
        self.name_rank = np.empty((len(self.index), 1), dtype=np.int64)
        self.name_rank[self.by_name, 0] = np.arange(len(self.index))
        self.name_bits = max(1, (len(self.index) - 1).bit_length())
        #: per ring and space (as :attr:`rings`), the pair's outcomes (padded with ``len(chance)``)
        self.ring_outcomes = self.pair_outcomes[:, self.rings]
        n = len(self.index)
        #: for :func:`_evaluate`: each outcome's pair (a column), minus its chance, its row's first cell
        self.played_pair = self.outcome_pair[:, None]
        self.minus_chance = -self.chance
        self.row_cell = self.outcome_space[:, None] * n
        self._spins: Any = None

    def masks(self, targets: list[frozenset[str]]) -> Any:
        """Space × target booleans: ``True`` on each target's spaces."""
        import numpy as np

        out = np.zeros((len(self.index), len(targets)), dtype=bool)
        which = [(self.index[x], t) for t, ends in enumerate(targets) for x in ends]
        out[[x for x, _ in which], [t for _, t in which]] = True
        return out

    def spins(self) -> Any:
        """Space × space: the fewest spins that may take him from one space to end a move on the
        other (any ring, any result, any end; ``len(index)`` where none does). The same for every
        target, so built once (on the first call)."""
        import numpy as np

        if self._spins is None:
            n = len(self.index)
            step = np.zeros((n, n))  # step[x, y]: one spin from x may end on y
            step[self.pair_space, self.pair_ends] = 1
            out = np.where(np.eye(n, dtype=bool), 0, n)
            reach = np.eye(n)
            for k in range(1, n):
                new = (reach @ step > 0) & (out == n)
                if not new.any():
                    break
                out[new] = k
                reach[new] = 1
            self._spins = out
        return self._spins

    def best_end(self, values: Any, least: bool = False) -> Any:
        """Outcome × target: the most (``least``: the least) of ``values`` (space × target) over
        the outcome's entries."""
        import numpy as np

        fold = np.minimum if least else np.maximum
        out = np.empty((len(self.chance), values.shape[1]), dtype=values.dtype)
        for start, stop, entries, flat in self.folds:
            if entries.shape[1] == 1:
                values.take(flat, axis=0, out=out[start:stop])
                continue
            spread = values.take(flat, axis=0).reshape(entries.shape[1], stop - start, values.shape[1])
            fold.reduce(spread, axis=0, out=out[start:stop])
        return out

    def least_end(self, values: Any) -> tuple[Any, Any]:
        """Outcome × target: the entry of the least of ``values`` (space × target, floats) over the
        outcome's entries, the first by name among equals, and its value. Equal here means equal
        but for the last :attr:`name_bits` bits of the 52 of a float (within ~1e-13 relative): the
        fold takes the least of the values' bits with those replaced by the space's place by name
        (``values`` are 0 or more, so their bits order them as their values)."""
        import numpy as np

        key = ((values + 0.0).view(np.int64) & -(1 << self.name_bits)) | self.name_rank  # (+ 0.0: no -0.0)
        end = self.by_name.take(self.best_end(key, least=True) & ((1 << self.name_bits) - 1))
        return end, _pick(values, end)

    def by_ring(self, ends: Any, weights: Any) -> Any:
        """Ring × space × target (the first ring by name, then the last; the same one off the
        ports): the sum over the ring's results of ``weights`` (outcome × 1: the chances, or the
        exact counts) times ``ends`` (outcome × target: a value of the result's end)."""
        import numpy as np

        padded = np.zeros((len(self.chance) + 1, ends.shape[1]), dtype=ends.dtype)
        np.multiply(weights, ends, out=padded[:-1])
        return padded.take(self.ring_outcomes, axis=0).sum(axis=0)

    def per_pair(self, values: Any) -> Any:
        """Pair × target: the sum of ``values`` (outcome × target) over the pair's outcomes."""
        import numpy as np

        padded = np.concatenate([values, np.zeros((1, values.shape[1]), dtype=values.dtype)])
        return padded.take(self.pair_outcomes, axis=0).sum(axis=0)

    def stays(self, inside: Any) -> Any:
        """Pair × target: whether every outcome of the pair may end in ``inside`` (space × target
        booleans)."""
        return self.per_pair(~self.best_end(inside)) == 0


def _pick(values: Any, rows: Any) -> Any:
    """``values[rows[i, t], t]`` per ``i`` and target ``t`` (``values``: C-ordered, ... × target)."""
    import numpy as np

    return values.ravel().take(rows * values.shape[1] + np.arange(values.shape[1]))


def chain(s: GameState, player: int) -> Chain:
    """The :class:`Chain` of ``player`` in ``s`` (shared by positions that move him alike)."""
    state = cast("SchmidtState", s)
    c = state.components
    p = state.players[player]
    blocked = frozenset(q.location for j, q in enumerate(state.players) if j != player)
    key = (player, blocked, p.plaque is None, may_enter_khanbalik(c, p), not return_check(state, player))
    return _chain(key, state)


def _chain(key: tuple[Any, ...], s: SchmidtState) -> Chain:
    cached = _CHAINS.get(key)
    if cached is None:
        cached = _CHAINS[key] = _build(s, key[0])
        while len(_CHAINS) > 64:
            del _CHAINS[next(iter(_CHAINS))]
    return cached


_CHAINS: dict[tuple[Any, ...], Chain] = {}


def _build(s: SchmidtState, i: int) -> Chain:
    c = s.components
    moves: dict[str, dict[str, tuple[Outcome, ...]]] = {}
    for here in c.locations:
        moves[here] = {}
        for ring in c.modes_at(here):
            sectors = c.rules.spinner[ring]
            ends_of = {v: tuple(destinations(s, i, v, at=here, mode=ring)) if isinstance(v, int) else ()
                       for v in dict.fromkeys(sectors)}
            merged: dict[tuple[str, ...], Fraction] = {}
            for sector in sectors:
                merged[ends_of[sector]] = merged.get(ends_of[sector], Fraction(0)) + Fraction(1, len(sectors))
            moves[here][ring] = tuple((p, ends) for ends, p in merged.items())
    return Chain(moves)


# --------------------------------------------------------------------------- targets


def targets(s: GameState, player: int, target: str | Iterable[str]) -> frozenset[str]:
    """The spaces ``target`` names: a location, several, or ``"port"`` (every port), ``"mission"``
    (his Plaque's city) or ``"trading"`` (every trading city).

    >>> import mp_notebook as mp
    >>> sorted(targets(mp.new_game(2, ruleset="schmidt", seed=1), 0, "port"))[:3]
    ['Acre', 'Basra', 'Constantinople']
    """
    state = cast("SchmidtState", s)
    c = state.components
    names = [target] if isinstance(target, str) else checked_items(
        "target", target, len(c.locations) + len(WORDS), f"locations (or one of {', '.join(WORDS)})")
    out: set[str] = set()
    for name in names:
        if name == "port":
            out |= set(c.ports)
        elif name == "trading":
            out |= c.trading_cities
        elif name == "mission":
            plaque = state.players[player].plaque
            if plaque is None:
                raise ArgumentError(f"target 'mission': {state.players[player].name} holds no Golden Plaque yet, so "
                                    f"has no mission city (Rulebook: Arriving at Khanbalik)")
            out.add(plaque)
        elif isinstance(name, str) and name in c.locations:
            out.add(name)
        else:
            raise ArgumentError(f"target: unknown location {shown(name)} (a location such as 'Khanbalik', or one of "
                                f"{', '.join(WORDS)})")
    if not out:
        raise ArgumentError("target: name at least one location")
    return frozenset(out)


# --------------------------------------------------------------------------- odds


def odds(s: GameState, player: int, target: str | Iterable[str], spins: int = 1, *,
         exact: bool = False) -> float | Fraction:
    """The best chance that ``player`` ends a move on ``target`` within ``spins`` spins (1 if he
    stands there). ``exact``: a :class:`~fractions.Fraction`. See the module docstring."""
    spins = checked_int("spins", spins, 0, MAX_SPINS)
    ends = targets(s, player, target)
    ch = chain(s, player)
    a = ch.arrays()
    chance = _odds_values(ch, [ends], spins, exact)[-1][a.index[s.players[player].location], 0]
    return Fraction(chance, a.denominator ** spins) if exact else float(chance)


def _odds_values(ch: Chain, ends: list[frozenset[str]], spins: int, exact: bool = False) -> list[Any]:
    """Per number of spins ``k`` in 0..``spins``, an array space × target (one target per
    ``ends``): the best chance to end a move on the target's spaces within ``k`` spins, as floats,
    or with ``exact`` as integers: the chance times ``denominator ** k`` (the spinner's
    :attr:`_Arrays.denominator`). Backward induction: with one spin more, per space, the best
    ring's sum over results of the result's chance times the best end space's chance."""
    import numpy as np

    a = ch.arrays()
    on = a.masks(ends)
    values = np.where(on, 1, 0).astype(object if exact else float)
    out = [values]
    for k in range(1, spins + 1):
        values = a.by_ring(a.best_end(values), a.counts if exact else a.chance).max(axis=0)
        values[on] = a.denominator ** k if exact else 1.0
        out.append(values)
    return out


def expected_spins(s: GameState, player: int, target: str | Iterable[str]) -> float:
    """The least expected number of spins for ``player`` to end a move on ``target`` (0 if he
    stands there; ``inf`` if no way of playing gets there for sure). Policy iteration, exact up
    to floating point."""
    ends = targets(s, player, target)
    ch = chain(s, player)
    return float(_expected_values(ch, [ends])[ch.arrays().index[s.players[player].location], 0])


def _expected_values(ch: Chain, ends: list[frozenset[str]], spread: list[Any] | None = None) -> Any:
    """An array space × target (one target per ``ends``): the least expected spins to end a move
    on the target's spaces, ``inf`` where no way of playing gets there for sure. Policy iteration
    over all targets at once, from a policy that gets there for sure (:func:`_start`): evaluate
    the policy (one linear system per target), then per space take the ring and end spaces of
    least expected spins where that is less by more than 1e-9; stop when no target's policy
    changes. ``spread``: the chances within 0 to :data:`GUIDE_SPINS` spins (:func:`_odds_values`),
    if at hand (for :func:`_guide`)."""
    import numpy as np

    a = ch.arrays()
    on = a.masks(ends)
    sure, rank, stays = _sure(a, on)
    active = sure & ~on
    values = np.where(on, 0.0, np.inf)
    which = np.flatnonzero(active.any(axis=0))  # the targets with spaces to play from (none outside the sure sets)
    if not len(which):
        return values
    sure, active = sure[:, which], active[:, which]
    spread = _odds_values(ch, ends, GUIDE_SPINS) if spread is None else spread
    policy, taken = _start(a, sure, rank[:, which], stays[:, which], _guide(a, on, spread)[:, which])
    todo = np.arange(len(which))  # (of those) the targets whose policy changed
    now = values[:, which] = _evaluate(a, policy, taken, active, sure)
    while True:
        by_ring = 1 + a.by_ring(a.best_end(now, least=True), a.chance)
        second = by_ring[-1] < by_ring[0]  # the first ring by name among equals
        better = active[:, todo] & (np.where(second, by_ring[-1], by_ring[0]) < now - 1e-9)
        changed = better.any(axis=0)
        if not changed.any():
            return values
        todo, better, second, now = todo[changed], better[:, changed], second[:, changed], now[:, changed]
        policy[:, todo] = np.where(better, np.where(second, a.rings[-1, :, None], a.rings[0, :, None]),
                                   policy[:, todo])
        taken[:, todo] = np.where(better.take(a.outcome_space, axis=0), a.least_end(now)[0], taken[:, todo])
        now = values[:, which[todo]] = _evaluate(a, policy[:, todo], taken[:, todo], active[:, todo], sure[:, todo])


def _guide(a: _Arrays, on: Any, spread: list[Any]) -> Any:
    """Space × target: an estimate of the least expected spins to end a move on ``on``, to pick
    the first policy (:func:`_start`). From the chances within 0 to :data:`GUIDE_SPINS` spins
    (``spread``): the sum over ``k`` of one minus the chance within ``k`` spins, plus a geometric
    tail (the chance still missing times the spins it takes at the last spin's rate of gain, at
    most :data:`GUIDE_TAIL`); then :data:`GUIDE_SWEEPS` sweeps of value iteration (one spin more:
    the best ring's expected estimate one spin on). Measured on 300 positions: the first policy is
    then the best in ~2 tables of 3, against ~1 in 20 from the sum alone, for less work."""
    import numpy as np

    miss = 1 - spread[GUIDE_SPINS]
    gained = np.maximum(spread[GUIDE_SPINS] - spread[GUIDE_SPINS - 1], 1e-12)
    guess = GUIDE_SPINS + 1 - sum(spread[:GUIDE_SPINS + 1]) + miss * np.minimum(miss / gained, GUIDE_TAIL)
    for _ in range(GUIDE_SWEEPS):
        guess = 1 + a.by_ring(a.best_end(guess, least=True), a.chance).min(axis=0)
        guess[on] = 0.0
    return guess


def _evaluate(a: _Arrays, policy: Any, taken: Any, active: Any, sure: Any) -> Any:
    """Space × target: the expected spins of playing ``policy`` (the pair per space) and ``taken``
    (the end per outcome) from each space of ``active`` (0 on the targets, ``inf`` outside
    ``sure``): per target, solve ``(I - P) v = 1`` on the active spaces (``v = 0`` elsewhere)."""
    import numpy as np

    n, count = active.shape
    played = (policy.take(a.outcome_space, axis=0) == a.played_pair) & active.take(a.outcome_space, axis=0)
    cell = taken + a.row_cell
    cell += np.arange(0, count * n * n, n * n)
    matrix = np.bincount(cell.ravel(), weights=(played * a.minus_chance).ravel(),
                         minlength=count * n * n).reshape(count, n, n)
    matrix.reshape(count, n * n)[:, :: n + 1] += 1  # the diagonal
    solved = np.linalg.solve(matrix, active.T[:, :, None].astype(float))[:, :, 0]
    return np.where(sure, solved.T, np.inf)


def _sure(a: _Arrays, on: Any) -> tuple[Any, Any, Any]:
    """Per space and target: whether some way of playing ends on the target with probability 1
    (the greatest set whose every space reaches the target by rings whose every result may end in
    the set), and a rank in that set: 0 on the target, then the fewest spins that may get there.
    The first candidate set is every space, where every ring stays: its ranks are the fewest spins
    to a space of the target (:meth:`_Arrays.spins`); a target that some spaces cannot reach
    shrinks its set to those that can, until every space of the set reaches it within the set (a
    target that no other space reaches is its own set at once). Third, pair × target: whether
    every result of the pair may end in the set (:meth:`_Arrays.stays`; all where the set is
    every space; not set for a target that is its own set)."""
    import numpy as np

    which, spaces = np.nonzero(on.T)  # the spaces of each target, target by target
    if len(spaces) == on.shape[1]:  # one space each
        rank = a.spins().take(spaces, axis=1)
    else:
        rank = np.minimum.reduceat(a.spins().T.take(spaces, axis=0), np.searchsorted(which, range(on.shape[1])),
                                   axis=0).T
    sure = rank < len(a.index)
    todo = np.flatnonzero(~sure.all(axis=0) & (sure != on).any(axis=0))  # the targets whose set shrank
    stays_all = np.ones((len(a.pair_space), on.shape[1]), dtype=bool)
    while len(todo):
        inside = sure[:, todo]
        stays = stays_all[:, todo] = a.stays(inside)
        reach, ranks = on[:, todo], rank[:, todo]
        level = 0
        while True:
            level += 1
            new = (reach.take(a.pair_ends, axis=0).any(axis=0) & stays).take(a.rings, axis=0).any(axis=0)
            new &= inside & ~reach
            if not new.any():
                break
            ranks[new] = level
            reach = reach | new
        sure[:, todo], rank[:, todo] = reach, ranks
        todo = todo[(inside & ~reach).any(axis=0)]  # (the last stays of the others: of their set)
    return sure, rank, stays_all


def _start(a: _Arrays, sure: Any, rank: Any, stays: Any, guess: Any) -> tuple[Any, Any]:
    """A policy that gets there for sure from each space of ``sure`` (space × target): per space
    the ring (its pair) of least expected spins by ``guess`` among those that stay in the set and
    may reach a lower rank, and per outcome the end of least ``guess`` (then of least rank), but
    where no chosen end of a space is lower in rank: there the least-ranked ends. So every space
    may move down in rank, never out of the set. ``stays``: per pair, whether it stays in the set
    (:func:`_sure`); ``guess`` (space × target): an estimate of the expected spins
    (:func:`_guide`). Returns (pair per space and target, end per outcome and target)."""
    import numpy as np

    key = np.where(sure, rank, len(a.index))
    lower = stays & (key.take(a.pair_ends, axis=0).min(axis=0) < key.take(a.pair_space, axis=0))
    cost = np.where(sure, guess + 1e-6 * key, np.inf)
    taken, least = a.least_end(cost)  # outcome × target: the end of least cost, and that cost
    score = np.where(lower, a.per_pair(a.chance * least), np.inf).take(a.rings, axis=0)
    policy = np.where(score[-1] < score[0], a.rings[-1, :, None], a.rings[0, :, None])
    down = _pick(key, taken) < key.take(a.outcome_space, axis=0)  # per outcome: its end is lower in rank
    stuck = (_pick(a.per_pair(down), policy) == 0) & (key > 0) & sure  # (of the chosen pair's outcomes)
    if stuck.any():
        taken = np.where(stuck.take(a.outcome_space, axis=0), a.least_end(key.astype(float))[0], taken)
    return policy, taken


# --------------------------------------------------------------------------- this spin


def spin_reachable(s: GameState, player: int) -> list[Reach]:
    """Where ``player`` can end this spin: at his ``move`` decision the legal end spaces; at his
    ``turn`` (before spinning), per ring he may spin and per result, the end spaces, with the
    result's ``chance``. ``space`` is the ring, ``dice`` the spin result, ``moves`` the spaces
    moved; nothing is paid. Empty while he awaits another decision (a trade, a fight, ...)."""
    state = cast("SchmidtState", s)
    c = state.components
    p = state.players[player]
    d = state.decision
    if d.player != player:
        return []
    if d.kind == "move":
        return [Reach(end, p.mode, (d.about,), d.about, 0, 0, 0, (p.location, end), f"move {end}", ())
                for end in destinations(state, player, d.about)]
    if d.kind != "turn":
        return []
    out = []
    for ring in c.modes_at(p.location):
        sectors = c.rules.spinner[ring]
        for value in sorted({x for x in sectors if isinstance(x, int)}):
            chance = Fraction(sectors.count(value), len(sectors))
            out += [Reach(end, ring, (value,), value, 0, 0, 0, (p.location, end), f"spin {ring}", (end,),
                          float(chance)) for end in destinations(state, player, value, mode=ring)]
    return out


# --------------------------------------------------------------------------- the table


TABLE_COLUMNS = ("location", "kind", "spaces", *(f"chance_{n}" for n in TABLE_SPINS), "expected_spins",
                 "reachable_now", "note")


def spin_table(s: GameState, player: int) -> pd.DataFrame:
    """One row per place a merchant cares about: Khanbalik, his mission city, Venice, every
    trading city and port; the spaces there (shortest, either route type), the best chance to end
    a move there within 1, 3 and 5 spins, the least expected spins, whether this spin can end
    there, and a note on why the chances are 0 where they are.

    >>> import mp_notebook as mp
    >>> t = spin_table(mp.new_game(2, ruleset="schmidt", seed=1), 0).set_index("location")
    >>> t.loc["Khanbalik", "note"]
    'entered only with 3 ware cards of 80 Gulden or more (holds 0)'
    """
    import numpy as np

    state = cast("SchmidtState", s)
    c = state.components
    p = state.players[player]
    ch = chain(s, player)
    here = ch.arrays().index[p.location]
    places = _places(state, player)
    ends = [frozenset({loc}) for loc in places]
    spread = _odds_values(ch, ends, max(*TABLE_SPINS, GUIDE_SPINS))
    now = _ends_now(state, player, ch)
    columns = [_text_column(places), _text_column([_kind(state, player, loc) for loc in places]),
               np.array([c.distance[p.location][loc] for loc in places], dtype=np.int64),
               *(spread[n][here] for n in TABLE_SPINS), _expected_values(ch, ends, spread[:GUIDE_SPINS + 1])[here],
               np.array([loc in now for loc in places], dtype=bool),
               _text_column(_notes(state, player, places))]
    return _frame(columns, TABLE_COLUMNS)


def _ends_now(s: SchmidtState, i: int, ch: Chain) -> set[str]:
    """Where ``i`` can end this spin (:func:`spin_reachable`): at his turn, read from his chain."""
    if s.decision.player == i and s.decision.kind == "turn":
        return {e for outcomes in ch.moves[s.players[i].location].values() for _, ends in outcomes for e in ends}
    return {r.location for r in spin_reachable(s, i)}


def _places(s: SchmidtState, i: int) -> list[str]:
    c = s.components
    plaque = s.players[i].plaque
    first = [c.khanbalik, *([plaque] if plaque else []), c.start]
    rest = sorted((c.trading_cities | set(c.ports)) - set(first) - {s.players[i].location})
    return [x for x in dict.fromkeys(first) if x != s.players[i].location] + rest


def _kind(s: SchmidtState, i: int, loc: str) -> str:
    c = s.components
    if loc == c.khanbalik:
        return "Khanbalik"
    if loc == s.players[i].plaque:
        return "mission city"
    if loc == c.start:
        return "Venice"
    kinds = ([f"trading city ({c.locations[loc].colour})"] if loc in c.trading_cities else []) + (
        ["port"] if loc in c.ports else [])
    return ", ".join(kinds)


def _notes(s: SchmidtState, i: int, places: list[str]) -> list[str]:
    """Per place, why it cannot be entered as things stand ('' if it can)."""
    c = s.components
    p = s.players[i]
    notes: dict[str, str] = {}
    for j, q in enumerate(s.players):  # the first merchant on a space names it
        if j != i and q.location not in c.trading_cities:
            notes.setdefault(q.location, f"occupied by {q.name} (only trading cities hold several pieces)")
    if not may_enter_khanbalik(c, p):
        held = sum(c.cards[x].value >= c.rules.gift_min_value for x in p.cards)
        notes[c.khanbalik] = (f"entered only with {c.rules.gifts} ware cards of {c.rules.gift_min_value} Gulden or "
                              f"more (holds {held})")
    missing = return_check(s, i)
    notes[c.start] = "entered only to win; lacks " + "; ".join(missing) if missing else ""
    return [notes.get(loc, "") for loc in places]
