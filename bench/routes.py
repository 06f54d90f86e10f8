"""Route-analysis benchmark: how long ``mp.routes.table`` and ``mp.routes.reachable`` take.

Usage::

    python bench/routes.py [--games N] [--repeat R]

Plays seeded random games (2-4 players) and keeps the turn states of rounds 2-4 where the
player to move has a Travel action (mid-game positions). For each state it times, for the player
to move: ``table`` (every destination + what is reachable now), ``reachable`` (one Travel action
now) and ``cheapest`` to one location, and prints the medians (ms) and the slowest state. The
engine's legal actions of a state are computed once before timing (a notebook has usually asked
for them already); the median time of that first ``legal_actions`` call is printed too. This
prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import copy
import functools
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import mp_notebook as mp


def mid_game_states(games: int) -> Iterator[Any]:
    for seed in range(games):
        rng = random.Random(seed)
        s = mp.new_game(players=2 + seed % 3, seed=seed)
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
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
