"""Computer players in the Schmidt Spiele Marco Polo: strength and speed of GreedyAgent.

Usage::

    python bench/schmidt_agents.py [--games 100] [--workers 2]

Prints (games played ``--workers`` at a time on a process pool, ``round_limit=300`` as a guard):

* GreedyAgent vs RandomAgent, 2 players, seats alternating: the greedy share of the wins (shared
  victories count as fractions) with a 95% Wilson interval, and the mean rounds of the games;
* GreedyAgent vs two RandomAgents, 3 players, seats rotating: the same;
* GreedyAgent against itself, 2 players: the mean rounds until a merchant is back in Venice
  (fewer rounds: merchants who get rich and home faster), and the seconds per game.

Timings are wall clock and noisy on a shared machine. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# this checkout's package (not another installed copy), also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1])]

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import simulate, wilson  # noqa: E402

OPTIONS = {"round_limit": 300}


def against_random(pool: ProcessPoolExecutor, n: int, players: int) -> None:
    """GreedyAgent in one seat, RandomAgents in the others, seats rotating."""
    agents = [mp.agents.GreedyAgent(0), *(mp.agents.RandomAgent(0) for _ in range(players - 1))]
    start = time.perf_counter()
    df = simulate(n, agents, players=players, ruleset="schmidt", seed=1, rotate=True, progress=False,
                  executor=pool, chunksize=1, options=OPTIONS)
    seconds = time.perf_counter() - start
    mine = df[df["agent"] == "greedy"].set_index("game")["winner"]
    wins = float((mine / df.groupby("game")["winner"].sum()).fillna(0).sum())
    low, high = wilson(wins, n)
    rounds = df.groupby("game")["rounds"].first().mean()
    print(f"GreedyAgent vs {players - 1} RandomAgent(s), {players} players: {wins / n:.1%} of the wins over {n} "
          f"games (95% CI {low:.1%}-{high:.1%}), {rounds:.1f} rounds a game, {seconds / n:.2f} s/game",
          flush=True)


def self_play(pool: ProcessPoolExecutor, n: int) -> None:
    """GreedyAgent against itself: how fast a merchant gets home."""
    start = time.perf_counter()
    df = simulate(n, mp.agents.GreedyAgent(0), players=2, ruleset="schmidt", seed=2, progress=False,
                  executor=pool, chunksize=1, options=OPTIONS)
    seconds = time.perf_counter() - start
    games = df.groupby("game")
    rounds = games["rounds"].first()
    home = int(games["returned"].any().sum())
    print(f"GreedyAgent vs GreedyAgent, 2 players: {rounds.mean():.1f} rounds a game (median {rounds.median():.0f}), "
          f"{home}/{n} games end with a return to Venice, {seconds / n:.2f} s/game", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        against_random(pool, args.games, 2)
        against_random(pool, args.games, 3)
        self_play(pool, args.games)


if __name__ == "__main__":
    main()
