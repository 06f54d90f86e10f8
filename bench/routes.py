"""Route-analysis benchmark: how long ``mp.routes.table``, ``reachable``, ``cheapest``, journeys and
6-city tours take, and the Schmidt spinner's odds against a 100,000-spin simulation.

Usage::

    python bench/routes.py [--games N] [--repeat R] [--spins S] [--tours N]

Plays seeded random games (2-4 players) and keeps the turn states of rounds 2-4 where the
player to move has a Travel action (mid-game positions). For each state it times, for the player
to move: ``table`` (every destination + what is reachable now), ``reachable`` (one Travel action
now) and ``cheapest`` to one location, and prints the medians (ms) and the slowest state. The
engine's legal actions of a state are computed once before timing (a notebook has usually asked
for them already); the median time of that first ``legal_actions`` call is printed too.

Journeys and tours (Marco Polo II and Voyages): ``journey`` to one location, ``journeys`` to all,
and a tour through 6 cities drawn at random, each timed warm (the search graph of the player's
board, character and seals built: it is cached) and cold (the graph built in the call); then
6-city tours (CPU time) of the two-figure characters (Mailin & Tian Chin, Niccolò & Marco Polo,
the second figure on a random location) and of Wilhelm von Rubruk.

With ``--tours N``: N tours per ruleset against the brute force of ``tests/test_journeys.py``
(every sequence of Travel actions): 3 cities within 2 Travel actions, by total and by actions,
at random positions with random characters (posts on the way: Marco Polo II's upper space for
everyone, Wilhelm in Voyages); every fourth a two-figure player on short Travel actions (at most
2 moves in Marco Polo II, 3 steps in Voyages, so that brute force stays small). Prints the count
and the mismatches.

Schmidt: ``odds`` (exact) and ``expected_spins`` of random positions, then the exact chance of one
target within 4 spins against a simulation of ``--spins`` spins (the odds' own best choices,
spins drawn at random): the simulated share and its 99.9% interval (± 3.29 standard errors).
This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import copy
import functools
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import mp_notebook as mp
from mp_notebook.board import journeys as journey_search
from mp_notebook.rulesets.schmidt import routes as spin
from mp_notebook.rulesets.schmidt.rules import destinations


def mid_game_states(games: int, ruleset: str = "mp2") -> Iterator[Any]:
    for seed in range(games):
        rng = random.Random(seed)
        s = mp.new_game(2 + seed % 3, ruleset=ruleset, seed=seed)
        while not s.is_over:
            actions = s.legal_actions()
            if 2 <= s.round <= 4 and s.decision.kind == "turn" and any(a.kind == "travel" for a in actions):
                yield s
            s = s.apply(rng.choice(actions))


def best_of(fn: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--spins", type=int, default=100_000)
    parser.add_argument("--tours", type=int, default=0, help="tours per ruleset against brute force")
    args = parser.parse_args()
    if args.tours:
        for ruleset in ("mp2", "voyages"):
            against_brute_force(ruleset, args.tours)
    mp.routes.table(mp.new_game(players=2, seed=0), 0)  # import pandas outside the timings
    timings: dict[str, list[float]] = {"legal_actions (first call)": [], "table": [], "reachable": [],
                                       "cheapest (to Hormuz)": []}
    slowest = (0.0, "")
    for s in mid_game_states(args.games):
        i = s.current_player
        fresh = copy.deepcopy(s)  # a copy without the cached legal actions
        timings["legal_actions (first call)"].append(best_of(fresh.legal_actions, 1))
        timings["table"].append(best_of(functools.partial(mp.routes.table, s, i), args.repeat))
        timings["reachable"].append(best_of(functools.partial(mp.routes.reachable, s, i), args.repeat))
        timings["cheapest (to Hormuz)"].append(best_of(functools.partial(mp.routes.cheapest, s, i, "Hormuz"),
                                                       args.repeat))
        p = s.players[i]
        slowest = max(slowest, (timings["table"][-1], f"{p.coins} coins, {p.camels} camels, {p.jade} jade, "
                                                      f"seals {sorted(p.seals)} at {p.location}"))
    n = len(timings["table"])
    print(f"{n} mid-game states (rounds 2-4, player to move has a Travel action) from {args.games} games")
    for name, values in timings.items():
        print(f"  {name:28s} median {statistics.median(values):7.3f} ms   p90 "
              f"{sorted(values)[int(0.9 * (n - 1))]:7.3f} ms   max {max(values):7.3f} ms")
    print(f"  slowest table: {slowest[0]:.3f} ms ({slowest[1]})")
    for ruleset in ("mp2", "voyages"):
        journeys_and_tours(ruleset, args.games, args.repeat)
    special_tours(args.games)
    schmidt(args.games, args.spins)


def report(title: str, timings: dict[str, list[float]]) -> None:
    print(title)
    for name, values in timings.items():
        n = len(values)
        print(f"  {name:28s} median {statistics.median(values):7.3f} ms   p90 "
              f"{sorted(values)[int(0.9 * (n - 1))]:7.3f} ms   max {max(values):7.3f} ms   ({n} calls)")


def journeys_and_tours(ruleset: str, games: int, repeat: int) -> None:
    timings: dict[str, list[float]] = {"journey (one location)": [], "journeys (all)": [], "tour of 6 cities": [],
                                       "tour of 6 cities, cold": []}
    rng = random.Random(37)
    for s in mid_game_states(max(games // 4, 2), ruleset):
        i = s.current_player
        if rng.random() > 0.25:
            continue
        cities = rng.sample([x for x in s.board.locations if x not in s.players[i].locations], 6)
        target = cities[0]
        timings["journey (one location)"].append(best_of(functools.partial(mp.routes.journey, s, i, target), repeat))
        timings["journeys (all)"].append(best_of(functools.partial(mp.routes.journeys, s, i), repeat))
        timings["tour of 6 cities"].append(best_of(functools.partial(mp.routes.tour, s, i, cities), repeat))

        def cold(s: Any = s, i: int = i, cities: list[str] = cities) -> None:
            for cached in (journey_search._graph_of, journey_search._net_of, journey_search._to_enter_of):
                cached.cache_clear()
            mp.routes.tour(s, i, cities)

        timings["tour of 6 cities, cold"].append(best_of(cold, 1))
    report(f"{ruleset}: journeys and tours at mid-game positions (rounds 2-4)", timings)


TWO = {"mp2": ("Mailin & Tian Chin", "De Wu"), "voyages": ("Niccolò & Marco Polo", "Matteo Polo")}
CHARACTERS = {"mp2": (None, "Möngke Khan", "Gantulga Od", "Mailin & Tian Chin"),
              "voyages": (None, "Wilhelm von Rubruk", "Johannes Carpini", "Niccolò & Marco Polo")}


def position(ruleset: str, character: str | None, seed: int, rng: random.Random) -> Any:
    """Seat 0 of a 2-player game with ``character`` on random locations (both figures)."""
    other = TWO[ruleset][1]
    s = mp.new_game(2, ruleset=ruleset, seed=seed, characters=None if character is None else [character, other])
    places = sorted(s.board.locations)
    edits: dict[str, Any] = {"location": rng.choice(places)}
    if s.players[0].figure2 is not None:
        edits["figure2"] = rng.choice(places)
    return s.with_player(0, **edits)


def special_tours(games: int) -> None:
    """6-city tours of two-figure players and Wilhelm, CPU time of each call."""
    rng = random.Random(3)
    for ruleset, character in [("mp2", TWO["mp2"][0]), ("voyages", TWO["voyages"][0]),
                               ("voyages", "Wilhelm von Rubruk")]:
        times = []
        for seed in range(max(games, 2)):
            s = position(ruleset, character, seed, rng)
            cities = rng.sample([x for x in sorted(s.board.locations) if x not in s.players[0].locations], 6)
            t = time.process_time()
            mp.routes.tour(s, 0, cities)
            times.append(1000 * (time.process_time() - t))
        report(f"{ruleset}: 6-city tours of {character} (CPU)", {"tour of 6 cities": times})


def against_brute_force(ruleset: str, n: int) -> None:
    """``n`` tours against brute force (see the module docstring)."""
    import dataclasses
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
    from test_journeys import brute_tour_terms

    from mp_notebook.board.journeys import Plan, TravelSpace, best_tour
    from mp_notebook.board.routes import terms

    rng = random.Random(56)
    done = bad = two = passing = 0
    seed = 0
    while done < n:
        seed += 1
        small = seed % 4 == 0
        character = TWO[ruleset][0] if small else rng.choice(CHARACTERS[ruleset][:3])
        s = position(ruleset, character, seed, rng)
        part = terms(s)
        rules = part.travel_rules(s, 0)
        spaces = part.travel_spaces(s, 0)
        if small:
            spaces = ((TravelSpace("short", 1, 1, 1), TravelSpace("long", 2, 2, 0, True)) if ruleset == "mp2"
                      else (TravelSpace("Travel", 2, 3, 0),))
            rules = dataclasses.replace(rules, step_coins=rules.step_coins[:3])
        plan = Plan(s.board, dataclasses.replace(rules, figures=(), suffixes=None), part.seals_held(s, 0), spaces,
                    part.dice_per_round(s, 0), part.post_cities(s, 0))
        near = mp.routes.journeys(s, 0, by="total").dropna(subset=["total"])
        near = near[(near.actions <= 2) & ~near.location.isin(rules.figures)]
        if len(near) < 3:
            continue
        cities = rng.sample(sorted(near.location), 3)
        for by in ("total", "actions"):
            t = best_tour(plan, rules.figures, rules.figure_suffixes(), [frozenset([c]) for c in cities], by)
            got = None if t is None else (t.total, t.actions)
            want = brute_tour_terms(s.board, rules, part.seals_held(s, 0), spaces, part.post_cities(s, 0), cities, by)
            done += 1
            two += small
            passing += t is not None and any(len(leg.posts) > 1 for leg in t.whole.legs)
            if got != want:
                bad += 1
                print(f"  MISMATCH {ruleset} {character} {rules.figures} {cities} by={by}: {got} != {want}")
            if done % 100 == 0:
                print(f"  {ruleset}: {done} so far, {bad} mismatches", flush=True)
    print(f"{ruleset}: {done} tours against brute force ({two} of two figures, {passing} placing more than one "
          f"post in one Travel action): {bad} mismatches")


def schmidt(games: int, spins: int) -> None:
    timings: dict[str, list[float]] = {"odds (4 spins, exact)": [], "expected_spins": [], "table": [],
                                       "reachable": []}
    rng = random.Random(1)
    positions = []
    for seed in range(max(games // 2, 2)):
        s = mp.new_game(2 + seed % 3, ruleset="schmidt", seed=seed)
        for _ in range(rng.randrange(5, 150)):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if not s.is_over and s.decision.kind == "turn":
            positions.append(s)
    for s in positions:
        i = s.current_player
        target = rng.choice(sorted(s.components.trading_cities - {s.players[i].location}))
        spin._CHAINS.clear()  # each timing includes building the merchant's moves
        odds = functools.partial(mp.routes.odds, s, i, target, 4, exact=True)
        timings["odds (4 spins, exact)"].append(best_of(odds, 1))
        timings["expected_spins"].append(best_of(functools.partial(mp.routes.expected_spins, s, i, target), 1))
        timings["table"].append(best_of(functools.partial(mp.routes.table, s, i), 1))
        timings["reachable"].append(best_of(functools.partial(mp.routes.reachable, s, i), 1))
    report(f"schmidt: {len(positions)} positions of random games (odds and table timings include building the moves)",
           timings)
    s = mp.new_game(3, ruleset="schmidt", seed=5)
    targets = frozenset({"Tabriz", "Trebizond"})
    n, i = 4, 0
    ch = spin.chain(s, i)
    values = spin._odds_table(ch, targets, n)
    exact = values[n][s.players[i].location]
    rings = {(k, x): ch.best(values[k - 1], x)[1] for k in range(1, n + 1) for x in ch.moves}
    sectors = s.components.rules.spinner
    ends = {(x, ring, v): tuple(destinations(s, i, v, at=x, mode=ring)) if isinstance(v, int) else ()
            for x in ch.moves for ring in ch.moves[x] for v in sectors[ring]}
    sim = random.Random(2)
    spun = hits = trials = 0
    while spun < spins:
        here, left = s.players[i].location, n
        trials += 1
        while left and here not in targets:
            ring = rings[left, here]
            options = ends[here, ring, sim.choice(sectors[ring])]
            here = max(options, key=lambda e: (values[left - 1][e], e)) if options else here
            left -= 1
            spun += 1
        hits += here in targets
    share = hits / trials
    margin = 3.29 * math.sqrt(float(exact) * (1 - float(exact)) / trials)
    print(f"schmidt: Tabriz or Trebizond within {n} spins from Venice (3 players, seed 5): exact {exact} = "
          f"{float(exact):.5f}; simulated {share:.5f} over {trials} journeys ({spun} spins), 99.9% interval "
          f"{float(exact) - margin:.5f}..{float(exact) + margin:.5f}: "
          f"{'inside' if abs(share - float(exact)) <= margin else 'OUTSIDE'}")


if __name__ == "__main__":
    main()
