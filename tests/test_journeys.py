"""Journeys over several Travel actions and tours (mp.routes.journey, journeys, tour, goal_tour).

Checked against brute force on random positions of Marco Polo II and The Voyages of Marco Polo
(seals, start locations and travel characters drawn at random): every walk of one Travel action
is enumerated, the legs priced with the cheapest Travel space allowing them, and the best journey
found by relaxing every leg until nothing changes; tours against every order of the cities.
"""

from __future__ import annotations

import itertools
import random

import pytest

import mp_notebook as mp
from mp_notebook.board.journeys import ORDER

MP2_CHARACTERS = (None, "Möngke Khan", "Gantulga Od", "De Wu")
VOYAGES_CHARACTERS = (None, "Johannes Carpini", "Matteo Polo", "Raschid ad-Din Sinan")


def position(ruleset: str, rng: random.Random) -> mp.GameState:
    """A 2-player game whose seat 0 stands on a random location, with random seals and character."""
    if ruleset == "mp2":
        character = rng.choice(MP2_CHARACTERS)
        s = mp.new_game(2, seed=rng.randrange(99), characters=None if character is None else [character, "Abha Basu"])
        seals = {t: "basic" for t in s.components.seals if rng.random() < 0.4}
        s = s.with_player(0, seals=seals)
    else:
        character = rng.choice(VOYAGES_CHARACTERS)
        names = {c.name for c in mp.new_game(2, ruleset="voyages", seed=0).components.characters.values()}
        chars = None if character not in names else [character, next(n for n in sorted(names) if n != character)]
        s = mp.new_game(2, ruleset="voyages", seed=rng.randrange(99), characters=chars)
    places = [n for n in s.board.locations if n != s.board.start]
    return s.with_player(0, location=rng.choice(places))


def brute_legs(s: mp.GameState) -> dict[str, dict[str, tuple[int, int]]]:
    """Per start, per end: the least (total, jade) of one Travel action, by enumerating every walk."""
    from mp_notebook.board.routes import terms

    part = terms(s)
    rules = part.travel_rules(s, 0)
    seals = part.seals_held(s, 0)
    spaces = part.travel_spaces(s, 0)
    most = max(sp.max_moves for sp in spaces)
    if rules.max_moves is not None:
        most = min(most, rules.max_moves)
    board = s.board
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for start in board.locations:
        best: dict[str, tuple[int, int]] = {}

        def walk(here, made, free, cost, steps, best=best):
            need = made + free
            if steps:
                fit = [sp for sp in spaces if sp.max_moves >= need]
                if fit:
                    fee = min(sp.coins for sp in fit)
                    total = sum(cost) + fee
                    if here not in best or (total, cost[2]) < best[here]:
                        best[here] = (total, cost[2])
            if steps >= 2 * most + 2:
                return
            for there, route, _ in rules.steps(board, here):
                if route is not None and route.seal is not None and route.seal not in seals:
                    continue
                used = rules.moves_into(board, there)
                extra = rules.moves_cost(made, used)
                if extra is None or made + used > most:
                    continue
                c, m, j = rules.cost(route)
                walk(there, made + used, not used, (cost[0] + c + extra, cost[1] + m, cost[2] + j), steps + 1, best)

        walk(start, 0, False, (0, 0, 0), 0)
        out[start] = best
    return out


def brute_journeys(legs, start: str, by: str) -> dict[str, tuple[int, int]]:
    """Per location, the best (actions, total) or (total, actions) over sequences of legs."""
    key = (lambda a, t: (a, t)) if by == "actions" else (lambda a, t: (t, a))
    best = {start: (0, 0)}  # (actions, total)
    changed = True
    while changed:
        changed = False
        for a, (actions, total) in list(best.items()):
            for b, (cost, _) in legs[a].items():
                new = (actions + 1, total + cost)
                if b not in best or key(*new) < key(*best[b]):
                    best[b] = new
                    changed = True
    return best


@pytest.mark.parametrize("ruleset", ["mp2", "voyages"])
def test_journeys_match_brute_force_on_random_positions(ruleset: str) -> None:
    rng = random.Random(37)
    for _ in range(6):
        s = position(ruleset, rng)
        legs = brute_legs(s)
        start = s.players[0].location
        for by in ("actions", "total"):
            want = brute_journeys(legs, start, by)
            table = mp.routes.journeys(s, 0, by=by).set_index("location")
            for loc in table.index:
                row = table.loc[loc]
                if loc not in want:
                    assert row["path"] == () and mp.routes.journey(s, 0, loc, by=by) is None
                    continue
                assert (int(row["actions"]), int(row["total"])) == want[loc], (s.players[0], loc, by)
            target = rng.choice([x for x in want if x != start])
            j = mp.routes.journey(s, 0, target, by=by)
            assert j.path[0] == start and j.path[-1] == target
            assert all(leg.least_die <= 6 and leg.moves <= leg.least_die for leg in j.legs)
            assert all(a.end == b.start for a, b in itertools.pairwise(j.legs))


def test_a_journey_is_legal_travel_action_by_action():
    """Each leg of a journey is a way ``reachable`` offers from its start (a rich enough player)."""
    s = mp.new_game(2, ruleset="voyages", seed=1)
    j = mp.routes.journey(s, 0, "Beijing")
    assert j.actions == 2
    for leg in j.legs:
        here = s.with_player(0, location=leg.start, coins=99, camels=99)
        r = mp.routes.cheapest(here, 0, leg.end, by="total")
        assert r is not None and r.moves <= leg.moves and r.total <= leg.coins + leg.camels + leg.jade


@pytest.mark.parametrize("ruleset", ["mp2", "voyages"])
def test_tours_match_every_order(ruleset: str) -> None:
    rng = random.Random(5)
    for _ in range(4):
        s = position(ruleset, rng)
        start = s.players[0].location
        reached = mp.routes.journeys(s, 0, by="total").dropna(subset=["total"])
        cities = rng.sample(sorted(set(reached.location) - {start}), 4)

        def weight(a: str, b: str, s: mp.GameState = s) -> int:
            j = mp.routes.journey(s.with_player(0, location=a), 0, b, by="total")
            return j.total * ORDER + j.actions

        best = min(sum(weight(a, b) for a, b in itertools.pairwise((start, *order)))
                   for order in itertools.permutations(cities))
        t = mp.routes.tour(s, 0, cities)
        assert sorted(t.cities) == sorted(cities) and t.total * ORDER + t.actions == best
        assert [j.path[-1] for j in t.journeys] == list(t.cities) and t.path[0] == start


def test_tours_with_alternatives_and_goal_cards():
    s = mp.new_game(players=2, seed=1)
    from mp_notebook.board.routes import terms

    groups = terms(s).goal_cities(s, 0)
    t = mp.routes.goal_tour(s, 0)
    assert len(t.cities) == len(groups) and all(any(c in g for g in groups) for c in t.cities)
    every = min((mp.routes.tour(s, 0, list(choice)) for choice in itertools.product(*groups)),
                key=lambda x: (x.total, x.actions))
    assert (t.total, t.actions) == (every.total, every.actions)
    v = mp.new_game(2, ruleset="voyages", seed=1)
    assert mp.routes.goal_tour(v.with_player(0, trading_posts=list(mp.routes.goal_tour(v, 0).cities)), 0).cities == ()


@pytest.mark.parametrize("call,match", [
    (lambda s: mp.routes.journey(s, 0, "Atlantis"), "unknown location 'Atlantis'"),
    (lambda s: mp.routes.journey(s, 0, "Xian", by="speed"), "by must be one of"),
    (lambda s: mp.routes.journeys(s, 9), "player: no seat 9"),
    (lambda s: mp.routes.tour(s, 0, "Xian"), "cities must be a list"),
    (lambda s: mp.routes.tour(s, 0, [[]]), "empty set"),
    (lambda s: mp.routes.tour(s, 0, ["Xian"] * 9), "at most 8"),
    (lambda s: mp.routes.tour(s, 0, ["Xian", 3]), "unknown location 3"),
    (lambda s: mp.routes.odds(s, 0, "Xian"), r"odds: .* dice, not a spinner"),
    (lambda s: mp.routes.expected_spins(s, 0, "Xian"), "expected_spins: .* dice"),
])
def test_journey_arguments_are_checked(call, match):
    with pytest.raises(mp.ArgumentError, match=match):
        call(mp.new_game(players=2, seed=1))


def test_rounds_against_every_split_into_rounds():
    """``rounds``: the fewest rounds, against every split of the legs into consecutive rounds and
    every choice of spaces (Marco Polo II's three Travel spaces, 5 dice)."""
    from mp_notebook.board.journeys import Leg, TravelSpace, rounds

    spaces = (TravelSpace("lower", 1, 1, 2), TravelSpace("middle", 2, 3, 0), TravelSpace("upper", 3, 5, 0))

    def fits(needs):
        return len(needs) <= 3 and any(
            all(sp.max_moves >= n for sp, n in zip(chosen, needs, strict=True)) and sum(sp.dice for sp in chosen) <= 5
            for chosen in itertools.permutations(spaces, len(needs)))

    def brute(needs):
        if not needs:
            return 0
        return min((1 + brute(needs[k:]) for k in range(1, len(needs) + 1) if fits(needs[:k])), default=99)

    rng = random.Random(3)
    for _ in range(300):
        needs = [rng.randint(1, 5) for _ in range(rng.randint(0, 6))]
        legs = [Leg("a", "b", n, "upper", 3, n, 0, 0, 0, (), ()) for n in needs]
        assert rounds(legs, spaces, 5) == brute(needs), needs
    s = mp.new_game(players=2, seed=1)
    t = mp.routes.journeys(s, 0).dropna(subset=["actions"])
    assert ((t.rounds >= (t.actions + 1) // 2) & (t.rounds <= t.actions)).all()
    v = mp.routes.journeys(mp.new_game(2, ruleset="voyages", seed=1), 0).dropna(subset=["actions"])
    assert (v.rounds == v.actions).all()  # one Travel space: one Travel action a round
