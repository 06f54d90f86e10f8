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
:func:`expected_spins` the least expected number (policy iteration). Readings of the model,
labelled where they are used:

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

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from mp_notebook.board.routes import Reach
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.validate import checked_int, shown
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
MAX_SPINS = 200

Outcome = tuple[Fraction, tuple[str, ...]]  # (chance of the sector(s), end spaces to choose from; empty: no move)


class Chain:
    """The spinner's moves of one merchant in one position: per space, per ring, the outcomes.

    ``moves[space][ring]`` lists ``(chance, ends)``: a spin result with its chance (equal results
    merged) and the spaces he may end on (empty: he stays, a fight or no free end).
    """

    def __init__(self, moves: dict[str, dict[str, tuple[Outcome, ...]]]):
        self.moves = moves
        self.floats = {x: {ring: tuple((float(p), ends) for p, ends in outcomes) for ring, outcomes in rings.items()}
                       for x, rings in moves.items()}  # the same with float chances (faster arithmetic)

    def best(self, values: dict[str, Any], here: str, exact: bool = True) -> tuple[Any, str]:
        """The best ``(expected value, ring)`` of one spin from ``here`` when ending on a space is
        worth ``values[space]`` (higher is better; staying is worth ``values[here]``); ``exact``:
        with the chances as fractions (else floats)."""
        out: tuple[Any, str] | None = None
        for ring, outcomes in (self.moves if exact else self.floats)[here].items():
            v = sum(p * max((values[e] for e in ends), default=values[here]) for p, ends in outcomes)
            if out is None or v > out[0]:
                out = (v, ring)
        assert out is not None
        return out


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
            merged: dict[tuple[str, ...], Fraction] = {}
            for sector in sectors:
                ends = tuple(destinations(s, i, sector, at=here, mode=ring)) if isinstance(sector, int) else ()
                merged[ends] = merged.get(ends, Fraction(0)) + Fraction(1, len(sectors))
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
    names = [target] if isinstance(target, str) else target
    if not isinstance(names, Iterable) or isinstance(names, (bytes, dict)):
        raise ArgumentError(f"target must be a location, a list of locations or one of {', '.join(WORDS)}, "
                            f"got {shown(target)}")
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
    here = s.players[player].location
    chance = _odds_table(chain(s, player), ends, spins, Fraction(1) if exact else 1.0)[-1][here]
    return chance if exact else float(chance)


def _odds_table(ch: Chain, ends: frozenset[str], spins: int, one: Any = Fraction(1)) -> list[dict[str, Any]]:
    """Per number of spins 0..``spins``, per space, the best chance to end a move on ``ends``
    (in exact fractions, or floats with ``one=1.0``)."""
    values = {x: one if x in ends else 0 * one for x in ch.moves}
    exact = isinstance(one, Fraction)
    out = [values]
    for _ in range(spins):
        values = {x: values[x] if x in ends else ch.best(values, x, exact)[0] for x in ch.moves}
        out.append(values)
    return out


def expected_spins(s: GameState, player: int, target: str | Iterable[str]) -> float:
    """The least expected number of spins for ``player`` to end a move on ``target`` (0 if he
    stands there; ``inf`` if no way of playing gets there for sure). Policy iteration, exact up
    to floating point."""
    ends = targets(s, player, target)
    return _expected(chain(s, player), ends).get(s.players[player].location, float("inf"))


def _expected(ch: Chain, ends: frozenset[str]) -> dict[str, float]:
    """Per space from which some way of playing ends on ``ends`` for sure, the least expected spins:
    policy iteration from a policy that gets there for sure (:func:`_ranked`)."""
    import numpy as np

    sure = _sure(ch, ends)
    rank = _ranked(ch, ends, sure)
    spaces = sorted(sure - ends)
    index = {x: k for k, x in enumerate(spaces)}
    policy = {x: _choose(ch, x, rank[x][1], sure, lambda e: (rank[e][0], e)) for x in spaces}
    while True:
        a = np.eye(len(spaces))
        for x in spaces:
            for p, to in policy[x]:
                if to in index:
                    a[index[x], index[to]] -= p
        solved = np.linalg.solve(a, np.ones(len(spaces))) if spaces else np.zeros(0)
        values = {**dict.fromkeys(ends, 0.0), **{x: float(solved[index[x]]) for x in spaces}}
        improved = False
        for x in spaces:
            v, ring = _least(ch, values, sure, x)
            if v < values[x] - 1e-9:
                policy[x] = _choose(ch, x, ring, sure, lambda e, v=values: (v[e], e))
                improved = True
        if not improved:
            return values


def _choose(ch: Chain, here: str, ring: str, sure: frozenset[str], key: Any) -> list[tuple[float, str]]:
    """``(chance, end)`` per result of spinning ``ring`` at ``here``: the end in ``sure`` least by
    ``key`` (``here`` where he does not move)."""
    return [(p, min((e for e in ends if e in sure), key=key) if ends else here) for p, ends in ch.floats[here][ring]]


def _least(ch: Chain, values: dict[str, float], sure: frozenset[str], here: str) -> tuple[float, str]:
    """The least ``1 + expected spins`` over the rings at ``here`` that stay in ``sure``."""
    best = (float("inf"), "")
    for ring, outcomes in sorted(ch.floats[here].items()):
        if _stays(outcomes, sure, here):
            best = min(best, (1 + sum(p * values[to] for p, to in _choose(ch, here, ring, sure, values.get)), ring))
    return best


def _sure(ch: Chain, ends: frozenset[str]) -> frozenset[str]:
    """The spaces from which some way of playing ends on ``ends`` with probability 1: the
    greatest set whose every space can reach ``ends`` by rings that never have to leave it."""
    sure = frozenset(ch.moves)
    while True:
        reach = set(ends)
        grown = True
        while grown:
            grown = False
            for x in sure - reach:
                if any(_stays(outcomes, sure, x) and any(e in reach for _, ends_ in outcomes for e in ends_)
                       for outcomes in ch.moves[x].values()):
                    reach.add(x)
                    grown = True
        if reach >= sure:
            return sure
        sure = frozenset(reach & sure)


def _stays(outcomes: tuple[tuple[Any, tuple[str, ...]], ...], sure: frozenset[str], here: str) -> bool:
    return all((any(e in sure for e in ends) if ends else here in sure) for _, ends in outcomes)


def _ranked(ch: Chain, ends: frozenset[str], sure: frozenset[str]) -> dict[str, tuple[int, str]]:
    """Per space of ``sure``: a rank (0 on ``ends``) and a ring that stays in ``sure`` and may
    reach a lower rank: always taking it (and the lowest-ranked end) gets there for sure."""
    rank: dict[str, tuple[int, str]] = {x: (0, "") for x in ends}
    level = 0
    while len(rank) < len(sure):
        level += 1
        new = {}
        for x in sorted(sure - rank.keys()):
            ring = next((r for r, outcomes in sorted(ch.moves[x].items()) if _stays(outcomes, sure, x)
                         and any(e in rank for _, ends_ in outcomes for e in ends_)), None)
            if ring is not None:
                new[x] = (level, ring)
        assert new, "every space of the sure set has a rank"
        rank.update(new)
    return rank


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
    import pandas as pd

    state = cast("SchmidtState", s)
    c = state.components
    p = state.players[player]
    ch = chain(s, player)
    now = {r.location for r in spin_reachable(s, player)}
    rows = []
    for loc in _places(state, player):
        ends = frozenset({loc})
        spread = _odds_table(ch, ends, max(TABLE_SPINS), 1.0)
        chances = [spread[n][p.location] for n in TABLE_SPINS]
        rows.append((loc, _kind(state, player, loc), c.distance[p.location][loc], *chances,
                     _expected(ch, ends).get(p.location, float("inf")), loc in now, _note(state, player, loc)))
    return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


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


def _note(s: SchmidtState, i: int, loc: str) -> str:
    """Why a place cannot be entered as things stand ('' if it can)."""
    c = s.components
    p = s.players[i]
    if loc == c.khanbalik and not may_enter_khanbalik(c, p):
        held = sum(c.cards[x].value >= c.rules.gift_min_value for x in p.cards)
        return (f"entered only with {c.rules.gifts} ware cards of {c.rules.gift_min_value} Gulden or more "
                f"(holds {held})")
    if loc == c.start:
        missing = return_check(s, i)
        return "entered only to win; lacks " + "; ".join(missing) if missing else ""
    blocker = next((q.name for j, q in enumerate(s.players) if j != i and q.location == loc), None)
    if blocker is not None and loc not in c.trading_cities:
        return f"occupied by {blocker} (only trading cities hold several pieces)"
    return ""

