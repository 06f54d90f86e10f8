"""SearchAgent settings in matches against GreedyAgent, compared game by game on the same seeds.

Usage::

    python bench/search_match.py [--games 40] [--workers 2] [--settings 4x16,threshold=0 4x16 8x16 ...]

A setting is ``TOPKxBUDGET`` (``top_k``, ``budget_rollouts``), then optionally SearchAgent's
``threshold`` or ``weight``, ``4x16,threshold=0``; the horizon is the default, ``"auto"``. Each setting plays games
``0 .. --games - 1`` of ``bench/agents.py``'s search match against ``GreedyAgent(n)`` (seed
``5000 + n``, seats alternating, a shared victory counts half).

Before the last round ``"auto"`` weighs greedy's score with the learned value (SearchAgent's
``weight``); settings with ``weight=0`` take the choice of their own ``GreedyAgent(n)`` there, the
same agent as the opponent's, so they reach the last round of game ``n`` in the same position and
differ only in the last round. Compared game by game, two settings' margins differ far
less than two independent matches do (in one such comparison the standard error of the
difference was 1.6 VP over 38 games, where two independent matches of 200 games differ by
about ±2 VP). ``bench/search_quality.py`` screens settings faster, decision by decision, but its
gains do not always hold in games; this confirms them.

Prints, per setting, the win rate (95% Wilson interval), the mean margin over the opponent ±
its standard error, the median seconds per decision in the last round and the total time;
for every setting after the first, its mean margin difference from the first, game by game, ±
its standard error.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, median, stdev

from tqdm import tqdm

# this checkout's package (not another installed copy) and the other benches, also in workers
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from agents import Tally, greedy, match_game  # noqa: E402
from search_quality import setting as top_k_and_budget  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402

OPTIONS = ("threshold", "weight")  # SearchAgent's float keywords a setting may give


@dataclass(frozen=True)
class Setting:
    """A picklable factory of SearchAgents with these settings (the others their defaults).

    >>> Setting.parse("8x16,threshold=0.5")
    Setting(top_k=8, budget=16, options=(('threshold', 0.5),))
    """

    top_k: int
    budget: int
    options: tuple[tuple[str, float], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Setting:
        head, *pairs = text.split(",")
        top_k, budget = top_k_and_budget(head)
        options = [pair.partition("=")[::2] for pair in pairs]
        for name, value in options:
            if name not in OPTIONS or not value.replace(".", "", 1).isdigit():
                raise argparse.ArgumentTypeError(
                    f"an option is NAME=NUMBER with NAME one of {', '.join(OPTIONS)}, got {name}={value} in {text!r}"
                )
        return cls(top_k, budget, tuple((name, float(value)) for name, value in options))

    def __call__(self, n: int) -> mp.agents.Agent:
        return mp.agents.SearchAgent(self.budget, seed=n, top_k=self.top_k, **dict(self.options))

    def __str__(self) -> str:
        return ",".join([f"{self.top_k}x{self.budget}", *(f"{name}={value:g}" for name, value in self.options)])


def margins(pool: ProcessPoolExecutor, setting: Setting, games: int) -> list[Tally]:
    """The search agent's tally of each game ``0 .. games - 1`` against GreedyAgent."""
    jobs = [(setting, greedy, n, None) for n in range(games)]
    tallies = pool.map(match_game, jobs, chunksize=1)
    return list(tqdm(tallies, total=games, desc=str(setting), file=sys.stderr))


def mean_se(values: list[float]) -> str:
    return f"{fmean(values):+.2f} ± {stdev(values) / len(values) ** 0.5:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--settings", nargs="+", type=Setting.parse, metavar="TOPKxBUDGET[,NAME=NUMBER ...]",
                        default=[Setting(4, 16, (("threshold", 0.0),)), Setting(4, 16)])
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2 (a standard error needs two games)")
    print(f"SearchAgent settings vs GreedyAgent: Marco Polo II, 2 players, games 0-{args.games - 1}")
    first: list[float] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for setting in args.settings:
            start = time.perf_counter()
            tallies = margins(pool, setting, args.games)
            seconds = time.perf_counter() - start
            margin = [float(t.score - t.other_score) for t in tallies]
            wins = sum(t.wins for t in tallies)
            low, high = wilson(wins, args.games)
            last_round = [s for t in tallies for s in t.last_round_seconds]
            line = (f"  {setting}: {wins / args.games:.1%} wins (95% CI {low:.1%}-{high:.1%}), margin "
                    f"{mean_se(margin)} VP; its decisions in the last round a median of {median(last_round):.2f} s "
                    f"[{seconds:.0f} s]")
            if first:
                differences = [b - a for a, b in zip(first, margin, strict=True)]
                line += f"; against {args.settings[0]}, game by game: {mean_se(differences)} VP"
            else:
                first = margin
            print(line, flush=True)


if __name__ == "__main__":
    main()
