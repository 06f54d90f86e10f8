"""Computer-player benchmark: strength of the agents and speed of ``mp.simulate`` on executors.

Usage::

    python bench/agents.py [--greedy-games 100] [--search-games 40] [--search-rollouts 24]
                           [--search-seed 2] [--habit-games 20]
                           [--speed-games 960] [--speed-rounds 5] [--skip-dask]
                           [--voyages-games 100] [--voyages-search-games 20] [--voyages-only]

Prints:

* GreedyAgent vs RandomAgent: win rate over 2-player games, seats alternating (shared victories
  count half), with a 95% Wilson interval;
* what GreedyAgents do in 2-player self-play (``--habit-games``): main actions per game, trading
  posts, completed contracts and goods per player at the end;
* SearchAgent (``--search-rollouts`` rollouts per turn decision, its default horizon and rollout
  policy) vs GreedyAgent over 2-player games, seats alternating, played two at a time on a
  process pool; then the seconds each of its turn decisions takes in one game (this process);
* ``simulate`` speed for random seats (2 players): games/s in this process, with
  ``ProcessPoolExecutor(2)`` and on a local Dask cluster
  (``LocalCluster(n_workers=2, threads_per_worker=1, processes=True)``). Pools are warmed up
  (workers started and ``mp_notebook`` imported) before timing. The runs are interleaved
  (1 process, then each pool, ``--speed-rounds`` times) and each speed-up is the median of the
  rounds' ratios, so that a slow spell of the shared machine hits both sides of a ratio.

* The Voyages of Marco Polo (its own evaluation, ``rulesets/voyages/evaluation.py``): GreedyAgent
  vs RandomAgent over ``--voyages-games`` 2-player games and SearchAgent vs GreedyAgent over
  ``--voyages-search-games``, seats alternating, with 95% Wilson intervals
  (``python bench/agents.py --voyages-only`` prints this section alone).

Timings are wall clock and noisy on a shared machine. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from statistics import mean, median

import mp_notebook as mp
from mp_notebook.analysis import simulate, wilson
from mp_notebook.rulesets.mp2.notation import MAIN_KINDS


def head_to_head(
    n_games: int, first: object, second: object, seed: int, executor: object = None, ruleset: str = "mp2"
) -> tuple[float, float, float, float]:
    """``first``'s win rate and Wilson interval against ``second`` (seats alternating); seconds."""
    start = time.perf_counter()
    df = simulate(
        n_games, [first, second], players=2, seed=seed, rotate=True, progress=False,
        executor=executor, chunksize=1, ruleset=ruleset,
    )
    seconds = time.perf_counter() - start
    name = first.name  # type: ignore[attr-defined]
    mine = df[df["agent"] == name].set_index("game")["winner"]
    shared = df.groupby("game")["winner"].sum()
    wins = float((mine / shared).fillna(0).sum())
    low, high = wilson(wins, n_games)
    return wins / n_games, low, high, seconds


def habits(n_games: int) -> str:
    """What GreedyAgents do in 2-player self-play: main actions per game, posts and contracts per player."""
    kinds: Counter[str] = Counter()
    posts = completed = goods = 0
    for game in range(n_games):
        s = mp.new_game(players=2, seed=100 + game)
        agents = [mp.agents.GreedyAgent(game), mp.agents.GreedyAgent(game + 1)]
        while not s.is_over:
            a = agents[s.current_player].choose(s)
            kinds[a.kind] += s.decision.kind == "turn"
            s = s.apply(a)
        for p in s.players:
            posts, completed = posts + len(p.trading_posts), completed + len(p.completed)
            goods += p.pepper + p.silk + p.gold + p.jade
    main = ", ".join(f"{kind} {kinds[kind] / n_games:.1f}" for kind in MAIN_KINDS)
    seats = 2 * n_games
    return (
        f"GreedyAgent self-play, {n_games} 2-player games: main actions per game: {main}; per player at the end: "
        f"{posts / seats:.1f} trading posts, {completed / seats:.1f} contracts completed, {goods / seats:.1f} goods"
    )


def decision_seconds(agent: mp.agents.SearchAgent, seed: int) -> list[float]:
    """Seconds of each of ``agent``'s turn decisions in one 2-player game against GreedyAgent."""
    s = mp.new_game(players=2, seed=seed)
    players = [agent, mp.agents.GreedyAgent(seed)]
    times = []
    while not s.is_over:
        if s.current_player == 0 and s.decision.kind == "turn" and len(s.legal_actions()) > 1:
            start = time.perf_counter()
            s = s.apply(agent.choose(s))
            times.append(time.perf_counter() - start)
        else:
            s = s.apply(players[s.current_player].choose(s))
    return times


def speed(n_games: int, executor: object) -> float:
    start = time.perf_counter()
    simulate(
        n_games, mp.agents.RandomAgent(0), players=2, seed=11, executor=executor, progress=False
    )
    return n_games / (time.perf_counter() - start)


def voyages(n_greedy: int, n_search: int, rollouts: int) -> None:
    """The Voyages of Marco Polo: GreedyAgent vs RandomAgent, then SearchAgent vs GreedyAgent."""
    rate, low, high, secs = head_to_head(
        n_greedy, mp.agents.GreedyAgent(0), mp.agents.RandomAgent(0), 1, ruleset="voyages"
    )
    print(
        f"Voyages: GreedyAgent vs RandomAgent: {rate:.1%} wins over {n_greedy} 2-player games "
        f"(95% CI {low:.1%}-{high:.1%}), seats alternating, {secs / n_greedy:.2f} s/game"
    )
    if not n_search:
        return
    search = mp.agents.SearchAgent(budget_rollouts=rollouts, seed=0)
    with ProcessPoolExecutor(2) as pool:
        rate, low, high, secs = head_to_head(n_search, search, mp.agents.GreedyAgent(0), 2, pool, ruleset="voyages")
    print(
        f"Voyages: {search!r} vs GreedyAgent: {rate:.1%} wins over {n_search} 2-player games "
        f"(95% CI {low:.1%}-{high:.1%}), seats alternating, {secs / n_search:.1f} s/game on 2 processes"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--greedy-games", type=int, default=100)
    parser.add_argument("--search-games", type=int, default=40)
    parser.add_argument("--search-rollouts", type=int, default=24)
    parser.add_argument("--search-seed", type=int, default=2, help="seed of the head-to-head games")
    parser.add_argument("--habit-games", type=int, default=20)
    parser.add_argument("--speed-games", type=int, default=960)
    parser.add_argument("--speed-rounds", type=int, default=5)
    parser.add_argument("--skip-dask", action="store_true")
    parser.add_argument("--voyages-games", type=int, default=100)
    parser.add_argument("--voyages-search-games", type=int, default=20)
    parser.add_argument("--voyages-only", action="store_true", help="only the Voyages section")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} CPUs (shared with other work: timings are noisy)")
    voyages(args.voyages_games, args.voyages_search_games, args.search_rollouts)
    if args.voyages_only:
        return

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
    print(habits(args.habit_games))

    search = mp.agents.SearchAgent(budget_rollouts=args.search_rollouts, seed=0)
    with ProcessPoolExecutor(2) as pool:  # games are independent: two at a time
        rate, low, high, secs = head_to_head(
            args.search_games, search, mp.agents.GreedyAgent(0), args.search_seed, pool
        )
    times = decision_seconds(search, 3)
    print(
        f"{search!r} vs GreedyAgent: {rate:.1%} wins over {args.search_games} 2-player games "
        f"(95% CI {low:.1%}-{high:.1%}), seats alternating, {secs / args.search_games:.1f} s/game "
        f"on 2 processes; a turn decision takes {median(times):.2f} s (median; mean {mean(times):.2f} s, "
        f"max {max(times):.2f} s over {len(times)} decisions of one game)"
    )

    n = args.speed_games
    print(f"simulate, random seats, 2 players ({args.speed_rounds} interleaved rounds: {n // 2} games "
          f"in 1 process, then {n} games on each pool):")
    with ExitStack() as stack:
        pools: dict[str, object] = {"ProcessPoolExecutor(2)": stack.enter_context(ProcessPoolExecutor(2))}
        if not args.skip_dask:
            from distributed import Client, LocalCluster

            cluster = stack.enter_context(
                LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
            )
            pools["Dask LocalCluster(2 workers x 1 thread, processes)"] = stack.enter_context(Client(cluster))
        for pool in pools.values():
            speed(8, pool)  # warm-up: start the workers, import mp_notebook
        one: list[float] = []
        rates: dict[str, list[float]] = {name: [] for name in pools}
        for _ in range(args.speed_rounds):
            one.append(speed(n // 2, None))
            for name, pool in pools.items():
                rates[name].append(speed(n, pool))
    print(f"  1 process: {median(one):.1f} games/s (median; range {min(one):.1f}-{max(one):.1f})")
    for name, rate in rates.items():
        ratios = [r / o for r, o in zip(rate, one, strict=True)]
        print(
            f"  {name}: {median(rate):.1f} games/s, speed-up {median(ratios):.2f}x "
            f"(median of rounds; range {min(ratios):.2f}-{max(ratios):.2f})"
        )

if __name__ == "__main__":
    main()
