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
        # Marco Polo II's upper space may post on the way: never worse than a journey to each city
        assert sorted(t.cities) == sorted(cities)
        assert (t.total * ORDER + t.actions <= best) if ruleset == "mp2" else (t.total * ORDER + t.actions == best)
        assert [j.legs[-1].posts[-1] if j.legs else None for j in t.journeys][:1] == [t.cities[0]]
        assert all(city in {p for j in t.journeys[: k + 1] for leg in j.legs for p in leg.posts}
                   for k, city in enumerate(t.cities)) and t.path[0] == start


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
    (lambda s: mp.routes.tour(s, 0, "Xian"), "cities is a list of at most 8"),
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


# --------------------------------------------------------------------------- tours by brute force


def brute_tour(s: mp.GameState, player: int, cities: list, by: str) -> tuple[int, ...] | None:
    """``(total, actions)`` of the best tour of ``player`` through ``cities`` (``by="rounds"``:
    ``(total, actions, rounds)``), by brute force (:func:`brute_tour_terms` on the player's terms)."""
    from mp_notebook.board.routes import terms

    part = terms(s)
    return brute_tour_terms(s.board, part.travel_rules(s, player), part.seals_held(s, player),
                            part.travel_spaces(s, player), part.post_cities(s, player), cities, by,
                            part.dice_per_round(s, player))


def brute_tour_terms(board, rules, seals, spaces, posts, cities: list, by: str,
                     dice: int = 0) -> tuple[int, ...] | None:
    """``(total, actions)`` of the best tour through ``cities`` (``by="rounds"``: ``(total, actions,
    rounds)``), by brute force: a Dijkstra search over where the figures stand and the groups with
    a post (by rounds, also the Travel spaces used in the round under way), each Travel action
    being every walk of the first figure (enumerated step by step), then every walk of the second
    with the moves left, on every Travel space that allows the moves (by rounds: in the round
    under way if unused there and its ``dice`` allow, or beginning a round), with every city
    passed through where the space's extra post may go; posts where a moving figure ends, and in
    every city entered by a figure that posts in passing. Every order and every split of the
    cities between two figures is among the sequences of actions searched."""
    import heapq

    most = max(sp.max_moves for sp in spaces)
    if rules.max_moves is not None:
        most = min(most, rules.max_moves)
    groups = [frozenset([c]) if isinstance(c, str) else frozenset(c) for c in cities]
    wanted = frozenset().union(*groups)
    walks_of: dict[tuple[str, int], list] = {}

    def walks(start: str, made0: int) -> list:
        """Every walk from ``start`` after ``made0`` moves of this action, the cheapest per effect:
        (end, moves made, ends on a free oasis, the wanted cities entered that take posts, its
        cost, the groups met where it ends, in the cities entered, in each of them)."""
        if (start, made0) in walks_of:
            return walks_of[start, made0]
        best: dict = {}

        def walk(here, made, free, entered, cost):
            key = (here, made, free, entered)
            if key in best and sum(best[key]) <= sum(cost):
                return  # the same walk so far, or a cheaper one, is already extended (no repeats of free oases)
            best[key] = cost
            for there, route, _ in rules.steps(board, here):
                if route is not None and route.seal is not None and route.seal not in seals:
                    continue
                used = rules.moves_into(board, there)
                extra = rules.moves_cost(made, used)
                if extra is None or made + used > most:
                    continue
                c, m, j = rules.cost(route)
                inside = entered | ({there} if there in wanted and there in posts else set())
                walk(there, made + used, not used, frozenset(inside), (cost[0] + c + extra, cost[1] + m, cost[2] + j))

        walk(start, made0, False, frozenset(), (0, 0, 0))
        out = [(end, made, free, entered, sum(cost), met({end}), met(entered), [met({c}) for c in entered])
               for (end, made, free, entered), cost in best.items() if made > made0 or free]
        walks_of[start, made0] = out
        return out

    def met(cities_) -> int:
        return sum(1 << g for g, group in enumerate(groups) if group & cities_)

    figures = rules.figures
    full = (1 << len(groups)) - 1
    start = (figures, met(set(figures)), None)  # None: no round begun
    key = {"total": lambda total, actions, rounds: (total, actions),
           "actions": lambda total, actions, rounds: (actions, total),
           "rounds": lambda total, actions, rounds: (rounds, actions, total)}[by]
    heap = [(key(0, 0, 0), 0, 0, 0, start)]
    best = {start: key(0, 0, 0)}
    done = set()
    while heap:
        _, total, actions, rounds, (where, mask, used) = heapq.heappop(heap)
        if mask == full:
            return (total, actions, rounds) if by == "rounds" else (total, actions)
        if (where, mask, used) in done:
            continue
        done.add((where, mask, used))
        for w1 in [None, *walks(where[0], 0)]:
            made1 = w1[1] if w1 else 0
            for w2 in [None, *(walks(where[1], made1) if len(where) == 2 else [])]:
                moving = [w for w in (w1, w2) if w is not None]
                if not moving:
                    continue
                need = moving[-1][1] + moving[-1][2]
                cost = ends = entered = 0
                each: list[int] = []
                for w in moving:
                    cost += w[4]
                    ends |= w[5]
                    entered |= w[6]
                    each += w[7]
                after = tuple(w[0] if w else x for w, x in zip((w1, w2), where, strict=False))
                for n, sp in enumerate(spaces):
                    if sp.max_moves < need:
                        continue
                    if by != "rounds":
                        rounds_after = [(rounds, None)]
                    else:
                        rounds_after = [(rounds + 1, frozenset([n]))] if sp.dice <= dice else []
                        if used is not None and n not in used and sum(spaces[m].dice for m in used) + sp.dice <= dice:
                            rounds_after.append((rounds, used | {n}))
                    gained = ends | (entered if rules.posts_passing else 0)
                    for got in [gained] + ([gained | c for c in each] if sp.extra_post else []):
                        t = total + cost + sp.coins
                        for r, now in rounds_after:
                            state = (after, mask | got, now)
                            k = key(t, actions + 1, r)
                            if state not in done and (state not in best or k < best[state]):
                                best[state] = k
                                heapq.heappush(heap, (k, t, actions + 1, r, state))
    return None


def _position_with(ruleset: str, character: str | None, rng: random.Random) -> mp.GameState:
    other = {"mp2": "De Wu", "voyages": "Matteo Polo"}[ruleset]
    s = mp.new_game(2, ruleset=ruleset, seed=rng.randrange(99), characters=None if character is None else
                    [character, other])
    places = sorted(s.board.locations)
    edits = {"location": rng.choice(places)}
    if s.players[0].figure2 is not None:
        edits["figure2"] = rng.choice(places)
    return s.with_player(0, **edits)


@pytest.mark.parametrize("ruleset,character", [("mp2", None), ("voyages", "Wilhelm von Rubruk")])
def test_tours_with_posts_on_the_way_match_brute_force(ruleset: str, character: str | None) -> None:
    """Marco Polo II's upper Travel space posts in one city passed through, Wilhelm in every city
    entered: the tour against every sequence of Travel actions (3 near cities, both orderings)."""
    rng = random.Random(11)
    for _ in range(2):
        s = _position_with(ruleset, character, rng)
        near = mp.routes.journeys(s, 0, by="total").dropna(subset=["total"])
        cities = rng.sample(sorted(near[near.actions <= 2].location), 3)
        for by in ("total", "actions"):
            t = mp.routes.tour(s, 0, cities, by=by)
            assert (t.total, t.actions) == brute_tour(s, 0, cities, by), (s.players[0].locations, cities, by)


def test_two_figure_tours_match_every_split_and_order():
    """Mailin & Tian Chin, Niccolò & Marco Polo: tours against every sequence of Travel actions
    moving either figure or both, on short Travel actions (so that brute force stays small)."""
    import dataclasses

    from mp_notebook.board.journeys import Plan, TravelSpace, best_tour
    from mp_notebook.board.routes import terms

    rng = random.Random(4)
    short = (TravelSpace("short", 1, 1, 1), TravelSpace("long", 2, 2, 0, True))
    for ruleset, character in [("mp2", "Mailin & Tian Chin"), ("voyages", "Niccolò & Marco Polo")]:
        s = _position_with(ruleset, character, rng)
        part = terms(s)
        rules = part.travel_rules(s, 0)
        spaces = short if ruleset == "mp2" else (TravelSpace("Travel", 2, 3, 0),)
        rules = dataclasses.replace(rules, step_coins=rules.step_coins[:3])
        plan = Plan(s.board, dataclasses.replace(rules, figures=(), suffixes=None), part.seals_held(s, 0), spaces, 5,
                    part.post_cities(s, 0))
        cities = rng.sample([x for x in sorted(s.board.locations) if x not in rules.figures], 3)
        for by in ("total", "actions"):
            t = best_tour(plan, rules.figures, rules.figure_suffixes(), [frozenset([c]) for c in cities], by)
            want = brute_tour_terms(s.board, rules, part.seals_held(s, 0), spaces, part.post_cities(s, 0), cities, by)
            assert (None if t is None else (t.total, t.actions)) == want, (rules.figures, cities, by)


@pytest.mark.parametrize("ruleset,character,seed", [("mp2", None, 11), ("mp2", "Mailin & Tian Chin", 11),
                                                    ("voyages", "Wilhelm von Rubruk", 11),
                                                    ("voyages", "Niccolò & Marco Polo", 9)])
def test_tours_by_rounds_match_brute_force(ruleset: str, character: str | None, seed: int) -> None:
    """``by="rounds"``: the fewest rounds over every tour (then actions, then total), against
    every sequence of Travel actions and every choice of spaces in each round, on three short
    Travel spaces of which two fit in a round's 5 dice, one allowing 2 moves (3 cities, 2 for two
    figures); ``rounds`` of the answer's legs agrees. In these positions the fewest Travel
    actions take more rounds."""
    import dataclasses

    from mp_notebook.board.journeys import Plan, TravelSpace, best_tour, rounds
    from mp_notebook.board.routes import terms

    rng = random.Random(seed)
    spaces = (TravelSpace("lower", 1, 1, 2), TravelSpace("middle", 2, 1, 0), TravelSpace("upper", 3, 2, 0, True))
    s = _position_with(ruleset, character, rng)
    part = terms(s)
    rules = dataclasses.replace(part.travel_rules(s, 0), step_coins=part.travel_rules(s, 0).step_coins[:2])
    plan = Plan(s.board, dataclasses.replace(rules, figures=(), suffixes=None), part.seals_held(s, 0), spaces, 5,
                part.post_cities(s, 0))
    near = mp.routes.journeys(s, 0, by="total").dropna(subset=["total"])
    cities = rng.sample(sorted(near[(near.actions <= 2) & ~near.location.isin(rules.figures)].location),
                        3 if character is None or "&" not in character else 2)  # brute force stays small
    t = best_tour(plan, rules.figures, rules.figure_suffixes(), [frozenset([c]) for c in cities], "rounds")
    want = brute_tour_terms(s.board, rules, part.seals_held(s, 0), spaces, part.post_cities(s, 0), cities,
                            "rounds", 5)
    assert (None if t is None else (t.total, t.actions, t.rounds)) == want, (rules.figures, cities)
    if t is not None:
        assert rounds(t.whole.legs, spaces, 5) == t.rounds and sorted(t.cities) == sorted(cities)
        least = best_tour(plan, rules.figures, rules.figure_suffixes(), [frozenset([c]) for c in cities],
                          "actions")
        assert least is not None and least.actions <= t.actions and least.rounds > t.rounds


def _play(s: mp.GameState, leg) -> mp.GameState:
    """``s`` (player 0 at their turn, rich, sixes) after playing ``leg`` through the engine."""
    s = s.with_player(0, coins=99, camels=99, dice=[6] * len(s.players[0].dice),
                      **({"goods": {"jade": 9}} if s.ruleset == "mp2" else {}))
    travel = next(a for a in s.legal_actions() if a.kind == "travel" and (a.space or "Travel") == leg.space)
    s = s.apply(travel)
    for step in leg.steps:
        s = s.apply(f"move {step}")
        while s.decision.kind == "pay":
            s = s.apply(s.legal_actions()[0])
    if s.decision.kind == "move":
        s = s.apply("done")
    if s.decision.kind == "extra_post":
        s = s.apply(f"extra_post {leg.extra_post}" if leg.extra_post else "done")
    while s.decision.kind != "turn":  # the rewards of the posts (bonuses, contracts): the first choice
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("ruleset,character,cities", [
    ("mp2", None, ["Xian", "Lhasa", "Kashgar"]),
    ("mp2", "Mailin & Tian Chin", ["Xanadu", "Xian", "Lhasa"]),
    ("voyages", "Wilhelm von Rubruk", ["Moscow", "Anxi", "Karakorum"]),
    ("voyages", "Niccolò & Marco Polo", ["Moscow", "Anxi", "Karakorum"]),
])
def test_tour_posts_replayed_through_the_engine(ruleset, character, cities):
    """Each Travel action of a tour, played through ``apply``, places the posts it names."""
    other = {"mp2": "De Wu", "voyages": "Matteo Polo"}[ruleset]
    s = mp.new_game(2, ruleset=ruleset, seed=1, characters=None if character is None else [character, other])
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    t = mp.routes.tour(s, 0, cities)
    assert sorted(t.cities) == sorted(cities)
    where = s.players[0].locations
    for leg in t.whole.legs:
        edits = {"location": where[0], "trading_posts": list(s.players[0].trading_posts)}
        if len(where) == 2:
            edits["figure2"] = where[1]
        after = _play(s.with_player(0, **edits), leg)
        assert set(leg.posts) <= set(after.players[0].trading_posts), (leg, after.players[0].trading_posts)
        where = after.players[0].locations
        s = s.with_player(0, trading_posts=list(after.players[0].trading_posts))
    assert set(cities) <= set(s.players[0].trading_posts)


def test_tour_is_the_same_under_every_hash_seed():
    """Overlapping alternatives once made the answer depend on set order (PYTHONHASHSEED)."""
    import os
    import subprocess
    import sys

    code = ("import mp_notebook as mp; s = mp.new_game(players=2, seed=1); "
            "t = mp.routes.tour(s, 1, [['Bukhara', 'Kashgar'], 'Lhasa', 'Kashgar', ['Xian', 'Bukhara']]); "
            "print(t.cities, t.total, t.actions, [leg.steps for leg in t.whole.legs])")
    answers = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in (0, 4, 5, 6)}
    assert len(answers) == 1, answers
