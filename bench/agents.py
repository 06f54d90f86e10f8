"""Computer-player benchmark: strength of the agents and speed of ``mp.simulate`` on executors.

Usage::

    python bench/agents.py [--greedy-games 100] [--search-games 20] [--search-rollouts 48]
                           [--speed-games 960] [--skip-dask]

Prints:

* GreedyAgent vs RandomAgent: win rate over 2-player games, seats alternating (shared victories
  count half), with a 95% Wilson interval;
* SearchAgent (``--search-rollouts`` rollouts per turn decision, horizon "auto", top 3) vs
  GreedyAgent over 2-player games, seats alternating, and the mean time per search decision;
* ``simulate`` speed for random seats (2 players): games/s in this process, with
  ``ProcessPoolExecutor(2)`` (speed-up) and on a local Dask cluster
  (``LocalCluster(n_workers=2, threads_per_worker=1, processes=True)``). Pools are warmed up
  (workers started and ``mp_notebook`` imported) before timing; the 1-process figure is the
  better of two runs.

Timings are wall clock and noisy on a shared machine. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

import mp_notebook as mp
from mp_notebook.analysis import simulate, wilson


def head_to_head(
    n_games: int, first: object, second: object, seed: int
) -> tuple[float, float, float, float]:
    """``first``'s win rate and Wilson interval against ``second`` (seats alternating); seconds."""
    start = time.perf_counter()
    df = simulate(n_games, [first, second], players=2, seed=seed, rotate=True, progress=False)
    seconds = time.perf_counter() - start
    name = first.name  # type: ignore[attr-defined]
    mine = df[df["agent"] == name].set_index("game")["winner"]
    shared = df.groupby("game")["winner"].sum()
    wins = float((mine / shared).fillna(0).sum())
    low, high = wilson(wins, n_games)
    return wins / n_games, low, high, seconds


def speed(n_games: int, executor: object) -> float:
    start = time.perf_counter()
    simulate(
        n_games, mp.agents.RandomAgent(0), players=2, seed=11, executor=executor, progress=False
    )
    return n_games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--greedy-games", type=int, default=100)
    parser.add_argument("--search-games", type=int, default=20)
    parser.add_argument("--search-rollouts", type=int, default=48)
    parser.add_argument("--speed-games", type=int, default=960)
    parser.add_argument("--skip-dask", action="store_true")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} CPUs (shared with other work: timings are noisy)")

    rate, low, high, secs = head_to_head(
        args.greedy_games, mp.agents.GreedyAgent(0), mp.agents.RandomAgent(0), 1
    )
    print(
        f"GreedyAgent vs RandomAgent: {rate:.1%} wins over {args.greedy_games} 2-player games "
        f"(95% CI {low:.1%}-{high:.1%}), seats alternating, {secs / args.greedy_games:.2f} s/game"
    )

    t0 = time.perf_counter()
    s = mp.new_game(players=4, seed=0)
    greedy = [mp.agents.GreedyAgent(k) for k in range(4)]
    while not s.is_over:
        s = s.apply(greedy[s.current_player].choose(s))
    print(f"one 4-player game of GreedyAgents: {time.perf_counter() - t0:.2f} s")

    search = mp.agents.SearchAgent(budget_rollouts=args.search_rollouts, seed=0)
    rate, low, high, secs = head_to_head(args.search_games, search, mp.agents.GreedyAgent(0), 2)
    print(
        f"SearchAgent({args.search_rollouts} rollouts/decision, horizon '{search.horizon}', top 3) "
        f"vs GreedyAgent: "
        f"{rate:.1%} wins over {args.search_games} 2-player games (95% CI {low:.1%}-{high:.1%}), "
        f"seats alternating, {secs / args.search_games:.1f} s/game"
    )

    n = args.speed_games
    one = max(speed(n, None), speed(n, None))  # the better of two runs: less hurt by other load
    print(f"simulate, random seats, 2 players, {n} games: {one:.1f} games/s in 1 process")
    with ProcessPoolExecutor(2) as pool:
        speed(4, pool)  # warm-up: start the workers, import mp_notebook
        two = max(speed(n, pool), speed(n, pool))  # measured like the 1-process figure
    print(f"  ProcessPoolExecutor(2): {two:.1f} games/s, speed-up {two / one:.2f}x")
    if not args.skip_dask:
        from distributed import Client, LocalCluster

        with (
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            speed(4, client)
            dask = max(speed(n, client), speed(n, client))
        print(
            f"  Dask LocalCluster(2 workers x 1 thread, processes): {dask:.1f} games/s, "
            f"speed-up {dask / one:.2f}x"
        )


if __name__ == "__main__":
    main()
