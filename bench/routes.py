"""Route-analysis benchmark: how long ``mp.routes.table``, ``reachable``, ``cheapest``, journeys and
6-city tours take, and the Schmidt spinner's odds against a 100,000-spin simulation.

Usage::

    python bench/routes.py [--games N] [--repeat R] [--spins S] [--tours N] [--tables N]

The tables first (``--tables N``, 300 by default; 0 skips them): each game's ``mp.routes.table``
on N positions (Schmidt: random games' turns; the dice games: the mid-game states below) against
the reference, the tables of commit ``frozen.TABLES`` before they were made faster (``bench/frozen``:
that commit's route analysis on today's engine; ``tests/test_registry_routes.py`` holds the
comparison): the mismatches (0 wanted; floats within 1e-9 of max(1, |value|)), then the CPU time
(``time.process_time``) of each, per position the least of ``--repeat`` calls, the two taken in
turn in one process (the caches of the player's moves built), the median and p90 over the
positions; before those, each position's first call of both (in turn, which goes first
alternating), with the walks that ignore resources, kept per board and figure location, built
from empty at each game's first position: the cost of a table asked once at each position of a
game, as a notebook asks; then whether each aim is met (Schmidt ≤ 5 ms, the dice games ≤ 1 ms median). The load
average is printed before and after (the machine may be shared).

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
import itertools
import math
import os
import random
import shlex
import statistics
import sys
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
    """The least CPU time (``time.process_time``) of ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return 1000 * min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--spins", type=int, default=100_000)
    parser.add_argument("--tours", type=int, default=0, help="tours per ruleset against brute force")
    parser.add_argument("--workers", type=int, default=2, help="processes for the tours against brute force")
    parser.add_argument("--check-table", type=int, default=0,
                        help="Schmidt positions whose table is checked against the per-target computation")
    parser.add_argument("--tables", type=int, default=300,
                        help="positions per game whose table is compared with the reference and timed (0: none)")
    parser.add_argument("--timings", action=argparse.BooleanOptionalAction, default=True,
                        help="time the other route answers (--no-timings: only the tables and the checks asked for)")
    args = parser.parse_args()
    print("$ python bench/routes.py " + shlex.join(sys.argv[1:]), flush=True)
    if args.tours:
        for ruleset in ("mp2", "voyages"):
            against_brute_force(ruleset, args.tours, args.workers)
    if args.check_table:
        check_table(args.check_table)
    if args.tables:
        tables(args.tables, args.repeat)
    if not args.timings:
        return
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
    schmidt(args.games, args.repeat)
    simulate(args.spins)


def report(title: str, timings: dict[str, list[float]]) -> None:
    print(title)
    for name, values in timings.items():
        n = len(values)
        print(f"  {name:28s} median {statistics.median(values):7.3f} ms   p90 "
              f"{sorted(values)[int(0.9 * (n - 1))]:7.3f} ms   max {max(values):7.3f} ms   ({n} calls)")


def journeys_and_tours(ruleset: str, games: int, repeat: int) -> None:
    timings: dict[str, list[float]] = {"journey (one location)": [], "journeys (all)": [], "tour of 6 cities": [],
                                       "tour of 6 cities, by rounds": [], "tour of 6 cities, cold": []}
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
        timings["tour of 6 cities, by rounds"].append(best_of(functools.partial(mp.routes.tour, s, i, cities,
                                                                                by="rounds"), 1))

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


def _tests() -> Any:
    """The brute forces and references of the tests (``tests/test_journeys.py``,
    ``tests/test_schmidt_routes.py``, ``tests/test_registry_routes.py``)."""
    from pathlib import Path

    root = Path(__file__).parents[1]
    for here in (str(root), str(root / "tests")):
        if here not in sys.path:
            sys.path.insert(0, here)
    import test_journeys
    import test_registry_routes
    import test_schmidt_routes

    return test_journeys, test_schmidt_routes, test_registry_routes


TABLE_AIMS = {"mp2": 1.0, "voyages": 1.0, "schmidt": 5.0}
"""Each game's aim for its route table: the median CPU time, in milliseconds."""


def tables(count: int, repeat: int) -> None:
    """Each game's route table against the reference commit's on ``count`` positions: the
    mismatches and the CPU times, in turn (see the module docstring)."""
    from frozen import TABLES

    from mp_notebook.board.routes import _plain_tree as kept_walks

    test = _tests()[2]
    print(f"route tables against the reference (commit {TABLES}), {count} positions per game; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) on {os.cpu_count()} cores")
    for ruleset, aim in TABLE_AIMS.items():
        positions = (schmidt_positions(count) if ruleset == "schmidt"
                     else list(itertools.islice(mid_game_states(10 * count, ruleset), count)))
        bad = numbers = 0
        now: list[float] = []
        before: list[float] = []
        first: list[tuple[float, float]] = []  # each position's first call: today's, the reference's
        kept_walks.cache_clear()
        for k, s in enumerate(positions):
            i = s.current_player
            s.legal_actions()  # (kept by the state: neither first call pays for it)
            calls = [functools.partial(mp.routes.table, s, i), functools.partial(test.reference_table, s, i)]
            answers: dict[Any, tuple[Any, float]] = {}  # each first call's table and CPU (ms)
            for call in (calls if k % 2 else calls[::-1]):  # in turn, which goes first alternating
                start = time.process_time()
                answers[call] = call(), 1000 * (time.process_time() - start)
            (got, mine), (want, theirs) = answers[calls[0]], answers[calls[1]]
            first.append((mine, theirs))
            wrong = test.table_mismatches(got, want)
            numbers += got.size
            bad += len(wrong)
            for line in wrong[:3]:
                print(f"  MISMATCH {ruleset} {s.history[-3:]} player {i}: {line}")
            fast, slow = [], []
            for _ in range(repeat):
                fast.append(best_of(functools.partial(mp.routes.table, s, i), 1))
                slow.append(best_of(functools.partial(test.reference_table, s, i), 1))
            now.append(min(fast))
            before.append(min(slow))
        n = len(now)
        median, p90 = statistics.median(now), sorted(now)[int(0.9 * (n - 1))]
        print(f"  {ruleset:8s} {n} positions, {numbers} cells: {bad} mismatches; CPU per table (least of {repeat}): "
              f"median {median:.3f} ms, p90 {p90:.3f} ms; the reference median {statistics.median(before):.3f} ms, "
              f"p90 {sorted(before)[int(0.9 * (n - 1))]:.3f} ms ({statistics.median(before) / median:.2f}x)")
        print(f"  {ruleset:8s} first call per position (each asked once, in turn; the walks kept per board "
              f"built from empty: {kept_walks.cache_info().misses} built): median "
              f"{statistics.median(m for m, _ in first):.3f} ms, "
              f"the reference {statistics.median(r for _, r in first):.3f} ms")
        print(f"  {ruleset:8s} aim: table <= {aim:g} ms median CPU: {'MET' if median <= aim else 'NOT MET'} "
              f"({median:.3f} ms)")
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def tour_cases(ruleset: str, n: int) -> Iterator[tuple[Any, ...]]:
    """``n`` tour questions for :func:`check_tour`: (ruleset, character, seed, location, second
    figure's location, cities, small Travel actions, by)."""
    rng = random.Random(56)
    done = seed = 0
    while done < n:
        seed += 1
        small = seed % 4 == 0
        character = TWO[ruleset][0] if small else rng.choice(CHARACTERS[ruleset][:3])
        s = position(ruleset, character, seed, rng)
        figures = mp.routes.travel_rules(s, 0).figures
        near = mp.routes.journeys(s, 0, by="total").dropna(subset=["total"])
        near = near[(near.actions <= 2) & ~near.location.isin(figures)]
        if len(near) < 3:
            continue
        cities = rng.sample(sorted(near.location), 3)
        for by in ("total", "actions"):
            yield ruleset, character, seed, s.players[0].location, s.players[0].figure2, cities, small, by
            done += 1


def check_tour(case: tuple[Any, ...]) -> tuple[tuple[int, int] | None, tuple[int, int] | None, bool]:
    """One case of :func:`tour_cases`: (the tour's (total, actions), brute force's, whether one
    Travel action of the tour places more than one post). Small cases ask both on at most 2 moves
    (Marco Polo II) or 3 steps (Voyages) a Travel action."""
    import dataclasses

    from mp_notebook.board.journeys import Plan, TravelSpace, best_tour
    from mp_notebook.board.routes import terms

    ruleset, character, seed, location, figure2, cities, small, by = case
    s = mp.new_game(2, ruleset=ruleset, seed=seed,
                    characters=None if character is None else [character, TWO[ruleset][1]])
    s = s.with_player(0, location=location, **({} if figure2 is None else {"figure2": figure2}))
    part = terms(s)
    rules = part.travel_rules(s, 0)
    spaces = part.travel_spaces(s, 0)
    if small:
        spaces = ((TravelSpace("short", 1, 1, 1), TravelSpace("long", 2, 2, 0, True)) if ruleset == "mp2"
                  else (TravelSpace("Travel", 2, 3, 0),))
        rules = dataclasses.replace(rules, step_coins=rules.step_coins[:3])
    plan = Plan(s.board, dataclasses.replace(rules, figures=(), suffixes=None), part.seals_held(s, 0), spaces,
                part.dice_per_round(s, 0), part.post_cities(s, 0))
    t = best_tour(plan, rules.figures, rules.figure_suffixes(), [frozenset([c]) for c in cities], by)
    want = _tests()[0].brute_tour_terms(s.board, rules, part.seals_held(s, 0), spaces, part.post_cities(s, 0),
                                        cities, by)
    return (None if t is None else (t.total, t.actions)), want, t is not None and any(
        len(leg.posts) > 1 for leg in t.whole.legs)


def against_brute_force(ruleset: str, n: int, workers: int) -> None:
    """``n`` tours against brute force (see the module docstring), on ``workers`` processes."""
    from concurrent.futures import ProcessPoolExecutor

    done = bad = two = passing = 0
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        cases = list(tour_cases(ruleset, n))
        for case, (got, want, more) in zip(cases, pool.map(check_tour, cases, chunksize=2), strict=True):
            done += 1
            two += case[6]
            passing += more
            if got != want:
                bad += 1
                print(f"  MISMATCH {ruleset} {case}: {got} != {want}")
            if done % 100 == 0:
                print(f"  {ruleset}: {done} so far, {bad} mismatches ({time.perf_counter() - started:.0f} s)",
                      flush=True)
    print(f"{ruleset}: {done} tours against brute force ({two} of two figures, {passing} placing more than one "
          f"post in one Travel action): {bad} mismatches")


def schmidt_positions(count: int, seed: int = 1) -> list[Any]:
    """``count`` turn decisions of random Schmidt games (2-4 players, 5-150 random actions in)."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        s = mp.new_game(2 + game % 3, ruleset="schmidt", seed=game)
        for _ in range(rng.randrange(5, 150)):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if not s.is_over and s.decision.kind == "turn":
            out.append(s)
        game += 1
    return out


def schmidt(games: int, repeat: int) -> None:
    """Timings of the Schmidt spinner's answers (see the module docstring)."""
    timings: dict[str, list[float]] = {"odds (4 spins, exact)": [], "expected_spins": [], "table": [],
                                       "table, cold": [], "table (Marco Polo II)": [], "reachable": []}
    rng = random.Random(1)
    dice = [s for s, _ in zip(mid_game_states(games), range(max(games, 2)), strict=False)]
    for k, s in enumerate(schmidt_positions(max(games, 2))):
        i = s.current_player
        target = rng.choice(sorted(s.components.trading_cities - {s.players[i].location}))
        spin._CHAINS.clear()
        timings["table, cold"].append(best_of(functools.partial(mp.routes.table, s, i), 1))
        timings["odds (4 spins, exact)"].append(best_of(functools.partial(mp.routes.odds, s, i, target, 4,
                                                                          exact=True), repeat))
        timings["expected_spins"].append(best_of(functools.partial(mp.routes.expected_spins, s, i, target), repeat))
        timings["table"].append(best_of(functools.partial(mp.routes.table, s, i), repeat))
        d = dice[k % len(dice)]
        timings["table (Marco Polo II)"].append(best_of(functools.partial(mp.routes.table, d, d.current_player),
                                                        repeat))
        timings["reachable"].append(best_of(functools.partial(mp.routes.reachable, s, i), repeat))
    report(f"schmidt: {len(timings['table'])} positions of random games (CPU; the merchant's moves built, except "
           f"'cold': built in the call; the Marco Polo II table timed in turn, at the same moments)", timings)


def check_table(count: int) -> None:
    """The Schmidt table of ``count`` positions against the per-target computation of the tests."""
    checked = bad = 0
    worst = 0.0
    for k, s in enumerate(schmidt_positions(count, seed=2)):
        c, b, w = _tests()[1].table_against_per_target(s, s.current_player)
        checked, bad, worst = checked + c, bad + b, max(worst, w)
        if b:
            print(f"  MISMATCH at position {k}: {b} of {c} numbers")
    print(f"schmidt: table against the per-target computation on {count} positions: {checked} numbers "
          f"(chances within 1, 3, 5 spins and expected spins), {bad} mismatches (> 1e-9 relative), "
          f"largest relative difference {worst:.1e}")


def simulate(spins: int) -> None:
    """The exact chance of one target within 4 spins against a simulation of its own best choices."""
    test = _tests()[1]
    s = mp.new_game(3, ruleset="schmidt", seed=5)
    targets = frozenset({"Tabriz", "Trebizond"})
    n, i = 4, 0
    ch = spin.chain(s, i)
    index = ch.arrays().index
    values = [{x: float(v[k, 0]) for x, k in index.items()} for v in spin._odds_values(ch, [targets], n)]
    exact = mp.routes.odds(s, i, targets, spins=n, exact=True)
    rings = {(k, x): test.best_ring(ch.moves, values[k - 1], x)[1] for k in range(1, n + 1) for x in ch.moves}
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
