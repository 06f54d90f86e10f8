"""GreedyAgent speed benchmark (issue 38): seconds per decision and per game, greedy vs greedy.

Usage::

    python bench/greedy.py [--games 3] [--rulesets mp2 voyages schmidt] [--slow 0.1]
                           [--hashes] [--search-decisions 0]

Plays ``--games`` seeded 2-player games (seeds 0, 1, ...) of each ruleset with a GreedyAgent in
every seat and prints, per ruleset: the seconds a game (median and range), and the milliseconds a
decision (mean, median, 99th percentile, maximum) over every decision of every game; then the
decisions slower than ``--slow`` seconds by what they were (the decision kind, the kinds of the
actions the greedy agent ranked), so the slow tail can be read.

``--hashes`` prints a digest of each game's history (``sha1`` of the notation), so that a change
meant to keep every choice can be checked: the digests before and after must agree.

``--match N``: the GreedyAgent against its frozen copy from before issue 38
(``bench/greedy_before38.py``) on ``N`` seeds (``5000 + n``, as ``bench/agents.py``) of each ruleset,
each seed played twice with the seats swapped (paired games), ``--workers`` games at a time: the new
agent's win rate (ties count half; 95% Wilson interval) and its mean margin over the old one in
final VP, ± its standard error over the seeds' pairs.

``--search-decisions N``: also time SearchAgent's last-round turn decisions (its searched ones)
over the same games, up to N of them a ruleset: the median and the 99th percentile, at its
defaults and with ``budget_decisions=500``, timed alternately.

Aims (issue 38), Marco Polo II and Voyages: a decision mean <= 3 ms and 99th percentile <= 30 ms; a
game <= 0.3 s; SearchAgent 99th percentile <= 2 s a decision. Timings are wall clock on a shared
machine: compare figures measured in the same run. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import mean, median, quantiles, stdev

# this checkout's package (not another installed copy) and greedy_before38, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from greedy_before38 import Greedy38Agent  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402


def p99(xs: list[float]) -> float:
    """The 99th percentile of ``xs`` (its only value if it has one)."""
    return quantiles(xs, n=100)[98] if len(xs) > 1 else xs[0]


def greedy_game(ruleset: str, seed: int) -> tuple[mp.GameState, list[tuple[float, float, mp.GameState]]]:
    """A 2-player greedy game: its end and ``(seconds, CPU seconds, state)`` for every decision."""
    s = mp.new_game(2, ruleset=ruleset, seed=seed)
    agents = [mp.agents.GreedyAgent(seed), mp.agents.GreedyAgent(seed + 1)]
    times = []
    while not s.is_over:
        i = s.current_player
        assert i is not None
        start, cpu = time.perf_counter(), time.process_time()
        a = agents[i].choose(s)
        times.append((time.perf_counter() - start, time.process_time() - cpu, s))
        s = s.apply(a)
    return s, times


def describe(s: mp.GameState) -> str:
    """What a decision was: its kind, the kinds of the actions greedy ranks (dice-only variants
    merged, die changes pruned), and how many positions its look-ahead scored (counted on a rerun)."""
    from mp_notebook.agents import greedy

    kinds = Counter(a.kind for a in greedy._prune_die_changes(greedy.distinct_actions(s, s.legal_actions())))
    scored = 0
    score = greedy._Look.score

    def counted(look: greedy._Look, state: mp.GameState) -> float:
        nonlocal scored
        scored += id(state) not in look._scores
        return score(look, state)

    greedy._Look.score = counted  # type: ignore[method-assign,assignment]
    try:
        mp.agents.GreedyAgent(0).choose(s)
    finally:
        greedy._Look.score = score  # type: ignore[method-assign]
    return f"{s.decision.kind}: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + f"; {scored} scored"


def bench(ruleset: str, games: int, slow: float, hashes: bool, search: int) -> None:
    game_seconds: list[float] = []
    game_cpu: list[float] = []
    decisions: list[float] = []
    cpu: list[float] = []
    tail: list[tuple[float, str]] = []
    ends = []
    for seed in range(games):
        start, cpu_start = time.perf_counter(), time.process_time()
        end, times = greedy_game(ruleset, seed)
        game_seconds.append(time.perf_counter() - start)
        game_cpu.append(time.process_time() - cpu_start)
        ends.append(end)
        decisions += [t for t, _, _ in times]
        cpu += [c for _, c, _ in times]
        tail += [(t, describe(s)) for t, _, s in times if t > slow]
        if hashes:
            digest = hashlib.sha1("\n".join(end.history).encode()).hexdigest()[:12]
            print(f"  {ruleset} game {seed}: {len(end.history)} history entries, sha1 {digest}")
    print(f"{ruleset}: greedy vs greedy, {games} games: a game median {median(game_seconds):.2f} s "
          f"(range {min(game_seconds):.2f}-{max(game_seconds):.2f}); {len(decisions)} decisions: "
          f"mean {mean(decisions) * 1e3:.2f} ms, median {median(decisions) * 1e3:.2f} ms, "
          f"99th percentile {p99(decisions) * 1e3:.1f} ms, max {max(decisions) * 1e3:.0f} ms", flush=True)
    print(f"{ruleset}: the same in CPU time (this process only; what a loaded machine's wall clock hides): "
          f"a game median {median(game_cpu):.2f} s; a decision mean {mean(cpu) * 1e3:.2f} ms, "
          f"99th percentile {p99(cpu) * 1e3:.1f} ms", flush=True)
    for t, what in sorted(tail, reverse=True)[:12]:
        print(f"    {t * 1e3:6.0f} ms  {what}")
    if search:
        search_times(ruleset, ends, search)


def search_times(ruleset: str, ends: list[mp.GameState], limit: int) -> None:
    """SearchAgent's seconds on the last-round turn decisions of the greedy games ``ends``, at its
    defaults (no bound) and with ``budget_decisions=500``, timed alternately on each decision; and
    how often the two choose differently."""
    agents = {"default": mp.agents.SearchAgent(),
              "budget_decisions=500": mp.agents.SearchAgent(budget_decisions=500)}
    seconds: dict[str, list[float]] = {name: [] for name in agents}
    differ = 0
    for end in ends:
        s = mp.new_game(**end.setup)
        for entry in end.history:
            if len(seconds["default"]) >= limit:
                break
            if s.decision.kind == "turn" and agents["default"].horizon_at(s) == "game":
                chosen = {}
                order = list(agents) if len(seconds["default"]) % 2 == 0 else list(agents)[::-1]
                for name in order:
                    start = time.perf_counter()
                    chosen[name] = agents[name].choose(s)
                    seconds[name].append(time.perf_counter() - start)
                differ += len(set(chosen.values())) > 1
            s = s.apply(entry)
    for name, xs in seconds.items():
        if xs:
            print(f"  SearchAgent({name}), {len(xs)} searched turn decisions (last round, timed alternately): "
                  f"median {median(xs):.2f} s, 99th percentile {p99(xs):.2f} s, max {max(xs):.2f} s", flush=True)
    if seconds["default"]:
        print(f"  the two chose differently at {differ} of {len(seconds['default'])} decisions")


def paired_game(job: tuple[str, int, int]) -> tuple[int, int, float]:
    """Game ``5000 + n`` of ``ruleset`` with the new greedy in ``seat``: its total, the old agent's,
    and the new agent's share of the win."""
    ruleset, n, seat = job
    agents: list[mp.agents.Agent] = [Greedy38Agent(n), Greedy38Agent(n)]
    agents[seat] = mp.agents.GreedyAgent(n)
    s = mp.new_game(2, ruleset=ruleset, seed=5000 + n)
    while not s.is_over:
        i = s.current_player
        assert i is not None
        s = s.apply(agents[i].choose(s))
    table = s.scores()
    winners = table["winner"].astype(bool)
    return int(table["total"].iloc[seat]), int(table["total"].iloc[1 - seat]), winners.iloc[seat] / winners.sum()


def match(ruleset: str, seeds: int, workers: int) -> None:
    """New greedy vs the greedy from before issue 38, ``seeds`` seeds played in both seatings."""
    start = time.perf_counter()
    jobs = [(ruleset, n, seat) for n in range(seeds) for seat in (0, 1)]
    with ProcessPoolExecutor(workers) as pool:
        games = list(pool.map(paired_game, jobs, chunksize=1))
    wins = sum(w for _, _, w in games)
    low, high = wilson(wins, len(games))
    pairs = [(games[2 * n][0] - games[2 * n][1] + games[2 * n + 1][0] - games[2 * n + 1][1]) / 2 for n in range(seeds)]
    se = stdev(pairs) / len(pairs) ** 0.5 if len(pairs) > 1 else float("nan")
    print(f"{ruleset}: GreedyAgent vs the greedy before issue 38, {len(games)} paired games "
          f"(seeds 5000-{4999 + seeds}, "
          f"both seatings): {wins / len(games):.1%} wins (95% CI {low:.1%}-{high:.1%}), margin {mean(pairs):+.2f} ± "
          f"{se:.2f} VP a game (± standard error over the {seeds} seeds) [{time.perf_counter() - start:.0f} s]",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rulesets", nargs="+", default=["mp2", "voyages", "schmidt"])
    parser.add_argument("--slow", type=float, default=0.1, help="list decisions slower than this (s)")
    parser.add_argument("--hashes", action="store_true", help="print a digest of each game's history")
    parser.add_argument("--search-decisions", type=int, default=0)
    parser.add_argument("--match", type=int, default=0, help="seeds of new vs old greedy (each played twice)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for ruleset in args.rulesets:
        if args.games:
            bench(ruleset, args.games, args.slow, args.hashes, args.search_decisions)
        if args.match:
            match(ruleset, args.match, args.workers)


if __name__ == "__main__":
    main()
