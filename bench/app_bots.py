"""How long the app's computer players take to answer (issue 35: "a bot that answers within a
second").

Usage::

    python bench/app_bots.py [--games 3] [--rulesets mp2 voyages schmidt] [--players 2]
                             [--against-defaults]

Plays ``--games`` seeded games (seeds 0, 1, ...) of every registered ruleset (or ``--rulesets``)
with the app's search bot (``mp_notebook.ui.app.BOTS``) in seat 0 and the app's greedy bot in the
others, and prints, per ruleset and bot, the seconds a decision of that bot (wall clock, what a
person waits, and CPU): median, 99th percentile, maximum, and how many took over a second. The
Marco Polo II Automa plays inside ``apply``, so a solo game is timed with ``--players 1``
(``automa="L3"``).

``--against-defaults``: also play each seed with ``SearchAgent()`` at its defaults (no clock) in
the search bot's seat, right after the app's bot (A B A B), and print its figures under the app's:
the same games on the same load, with and without the clock. Timings depend on the machine and its
load; this prints figures, it is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median, quantiles

sys.path.insert(0, str(Path(__file__).parents[1]))  # this checkout's package, not another copy

import mp_notebook as mp
from mp_notebook.registry import PACKAGES
from mp_notebook.ui.app import BOTS, GREEDY, SEARCH

Maker = Callable[[int], mp.agents.Agent]
OPTIONS = {"schmidt": {"round_limit": 300}}  # new_game's options: the Schmidt game's guard


def timed_game(ruleset: str, seed: int, players: int, search: Maker) -> list[tuple[float, float]]:
    """``(seconds, CPU seconds)`` of every decision seat 0's ``search`` agent took in one game
    against the app's greedy bot in the other seats (the Automa L3 alone where ``players`` is 1;
    a Schmidt game has ``round_limit=300`` as a guard, as in ``bench/search_match.py``)."""
    if players == 1:
        s = mp.new_game(["Ana"], automa="L3", seed=seed)
    else:
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **OPTIONS.get(ruleset, {}))
    agents = [search(seed)] + [BOTS[GREEDY](seed + i) for i in range(1, players)]
    times = []
    while not s.is_over:
        who = s.current_player
        assert who is not None
        wall, cpu = time.perf_counter(), time.process_time()
        action = agents[who].choose(s)
        if who == 0:
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        s = s.apply(action)
    return times


def line(name: str, times: list[tuple[float, float]]) -> str:
    """A row: the median, 99th percentile and maximum seconds a decision, wall clock then CPU."""
    def spread(xs: list[float]) -> str:
        tail = quantiles(xs, n=100)[98] if len(xs) > 1 else xs[0]
        return f"{median(xs) * 1000:.1f} ms / {tail:.2f} s / {max(xs):.2f} s"
    wall, cpu = [w for w, _ in times], [c for _, c in times]
    over = sum(w > 1.0 for w in wall)
    return (f"  {name}: {len(times)} decisions; wall median / p99 / max {spread(wall)}; "
            f"CPU {spread(cpu)}; over a second (wall): {over}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rulesets", nargs="+", default=list(PACKAGES), choices=list(PACKAGES))
    parser.add_argument("--players", type=int, default=2, help="1: Marco Polo II against the Automa L3")
    parser.add_argument("--against-defaults", action="store_true")
    args = parser.parse_args()
    rulesets = ["mp2"] if args.players == 1 else args.rulesets
    print(f"app search bot: {BOTS[SEARCH](0)!r}")
    for ruleset in rulesets:
        app: list[tuple[float, float]] = []
        defaults: list[tuple[float, float]] = []
        for seed in range(args.games):
            app += timed_game(ruleset, seed, args.players, BOTS[SEARCH])
            if args.against_defaults:
                defaults += timed_game(ruleset, seed, args.players, lambda n: mp.agents.SearchAgent(seed=n))
        print(f"{ruleset}, {args.games} games, {args.players} player(s):")
        print(line("app's search bot", app))
        if defaults:
            print(line("SearchAgent() (no clock)", defaults))
    print(f"command: python bench/app_bots.py {' '.join(sys.argv[1:])}".rstrip())


if __name__ == "__main__":
    main()
