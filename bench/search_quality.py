"""Decision quality of SearchAgent's settings, judged on futures its rollouts did not see.

Usage::

    python bench/search_quality.py [--round 5] [--horizons action turn round game] [--positions 40]
                                   [--candidates 4] [--futures 4] [--truth 12] [--workers 2]
                                   [--settings 2x8 3x8 ...] [--decisions turn|follow-up]

A match of 200 games takes more than an hour and answers to about ±7 percentage points. This
screens a change to the search in minutes, on the decisions themselves:

* positions: ``--positions`` 2-player Marco Polo II games of GreedyAgent against itself (game
  ``n``: seed ``20000 + n``), played to the start of round ``--round``, then a seeded 0–29
  decisions on, to the next turn decision with at least two distinct actions in that round
  (``--decisions follow-up``: the next follow-up decision instead, such as which offer, which
  contract, where to move, which SearchAgent leaves to the greedy agent);
* at each, greedy's best ``--candidates`` actions are played out as SearchAgent plays them (the
  action on a reseeded fork, its follow-ups by the greedy agent, then the greedy agent for every
  seat up to a horizon, scored by the learned value, ``mp_notebook.agents.value``: the expected
  margin over the best opponent, the real one at the final scoring): at each of ``--horizons``
  on ``--futures`` sample futures (``reseed(base + f)``: what the search sees), and to the final
  scoring on ``--truth`` other futures, whose mean final margin is the candidate's value.

Prints the mean value gain over greedy's first choice of the best candidate (the most any setting
could gain), then for each horizon and setting (``top_k``, ``budget_rollouts``, the budget shared
round-robin over the candidates as SearchAgent shares it; ``--settings``, written
``TOPKxBUDGET``) the mean value gain of the candidate it would choose from the sample futures, ±
the standard error over positions, and how often it departs from greedy's choice; gains are in
final VP per decision.

A screen is not a match: each gain assumes greedy play after the one decision, while in a game
the search decides again at every turn, on other sample futures, and the gains do not add up.
Round 4 at the round horizon screened +1.7 ± 0.9 VP a decision (``3x8``), yet with it the search
won 55.8% of 200 games against greedy, 59.5% without it. In the last round ``8x16`` screened
+1.58 ± 0.56 against ``4x16``'s +1.48 ± 0.50 (80 positions, 8 candidates, 4 sample futures, 4
truth futures) but lost 4.3 ± 1.6 VP a game to it in a match paired on the same seeds (38
games; rounds 1-4 are the same in both, as both take greedy's choice there). Follow-up decisions
of the last round screened +0.68 ± 0.30 VP a decision (``--decisions follow-up``, ``4x16``, 60
positions), yet searching them changed the margin by +0.2 ± 0.9 VP a game over 60 paired games.
Confirm a screened setting in a match.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from statistics import fmean, stdev

from tqdm import tqdm

# this checkout's package (not another installed copy), also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1])]

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents.search import schedule  # noqa: E402

SETTINGS = [(2, 8), (3, 8), (3, 12), (4, 8), (4, 12), (4, 16)]  # (top_k, budget_rollouts)
TRUTH_OFFSET = 1000  # truth futures: reseed(base + TRUTH_OFFSET + f), apart from the samples


@dataclass(frozen=True)
class Job:
    game: int
    round: int
    horizons: tuple[str, ...]
    candidates: int
    futures: int
    truth: int
    decisions: str = "turn"


def position(game: int, rnd: int, decisions: str = "turn") -> mp.GameState | None:
    """Game ``game``'s turn decision (``decisions="follow-up"``: follow-up decision) in round
    ``rnd`` (see the module doc), or None if it has none."""
    greedy = mp.agents.GreedyAgent(game)
    s = mp.new_game(players=2, seed=20000 + game)
    while not s.is_over and s.round < rnd:
        s = s.apply(greedy.choose(s))
    for _ in range(random.Random(game).randrange(30)):
        if s.is_over or s.round != rnd:
            return None
        s = s.apply(greedy.choose(s))
    while not s.is_over and s.round == rnd:
        if (s.decision.kind == "turn") == (decisions == "turn") and len(greedy.rank(s)) >= 2:
            return s
        s = s.apply(greedy.choose(s))
    return None


def margins(job: Job) -> tuple[dict[str, list[list[float]]], list[float]] | None:
    """Per horizon, each candidate's margins on the sample futures; each candidate's value (mean
    final margin on the truth futures)."""
    s = position(job.game, job.round, job.decisions)
    if s is None:
        return None
    candidates = [a for _, a in mp.agents.GreedyAgent(0).rank(s)[: job.candidates]]
    samples = {}
    for h in job.horizons:
        agent = mp.agents.SearchAgent(seed=0, horizon=h)
        samples[h] = [[agent.margin(s, a, f) for f in range(job.futures)] for a in candidates]
    judge = mp.agents.SearchAgent(seed=0, horizon="game")
    value = [fmean(judge.margin(s, a, TRUTH_OFFSET + f) for f in range(job.truth)) for a in candidates]
    return samples, value


def choice(sample: list[list[float]], top_k: int, budget: int) -> int:
    """The candidate SearchAgent(top_k, budget_rollouts=budget) picks from these sample futures
    (where the position has fewer candidates than ``top_k``, on at most the futures played)."""
    c = min(top_k, len(sample))
    budget = min(budget, c * len(sample[0]))
    seen: list[list[float]] = [[] for _ in range(c)]
    for j, future in schedule(c, budget):
        seen[j].append(sample[j][future])
    return max(range(c), key=lambda j: (fmean(seen[j]), -j))


def setting(text: str) -> tuple[int, int]:
    """``"3x8"`` -> ``(top_k, budget_rollouts)``."""
    top_k, _, budget = text.partition("x")
    if not (top_k.isdigit() and budget.isdigit()):
        raise argparse.ArgumentTypeError(f"a setting is TOPKxBUDGET such as 3x8, got {text!r}")
    return int(top_k), int(budget)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--round", type=int, default=5)
    p.add_argument("--horizons", nargs="+", choices=("action", "turn", "round", "game"), default=["game"])
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--candidates", type=int, default=4)
    p.add_argument("--futures", type=int, default=4)
    p.add_argument("--truth", type=int, default=12)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--decisions", choices=("turn", "follow-up"), default="turn")
    p.add_argument("--settings", nargs="+", type=setting, default=SETTINGS, metavar="TOPKxBUDGET",
                   help="SearchAgent settings to judge (default: " + " ".join(f"{k}x{b}" for k, b in SETTINGS) + ")")
    args = p.parse_args()
    jobs = [Job(n, args.round, tuple(args.horizons), args.candidates, args.futures, args.truth, args.decisions)
            for n in range(args.positions)]
    with ProcessPoolExecutor(args.workers) as pool:
        done = tqdm(pool.map(margins, jobs, chunksize=1), total=len(jobs), desc="positions", file=sys.stderr)
        found = [r for r in done if r is not None]
    print(f"Marco Polo II, round {args.round}: {len(found)} {args.decisions} positions, "
          f"greedy's best {args.candidates} candidates, {args.futures} sample futures, "
          f"values on {args.truth} others")
    best = [max(value) - value[0] for _, value in found]
    print(f"  best candidate: {fmean(best):+.2f} VP a decision over greedy's choice")
    for horizon, (top_k, budget) in product(args.horizons, args.settings):
        if top_k > args.candidates or budget > top_k * args.futures:
            continue  # needs more candidates or sample futures than were played
        picks = [choice(samples[horizon], top_k, budget) for samples, _ in found]
        gains = [value[j] - value[0] for j, (_, value) in zip(picks, found, strict=True)]
        departs = sum(j != 0 for j in picks) / len(picks)
        print(f"  horizon {horizon!r:6} top_k={top_k} budget_rollouts={budget:2}: {fmean(gains):+.2f} ± "
              f"{stdev(gains) / len(gains) ** 0.5:.2f} VP a decision, departs from greedy {departs:.0%}")


if __name__ == "__main__":
    main()
