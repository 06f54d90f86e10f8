"""GreedyAgent on changed evaluation weights against today's GreedyAgent, paired seed by seed.

Usage::

    python bench/weights.py --ruleset mp2 --set POST=12.0 [--set POST_FADE=4.5 ...] [--first 1200000]
                            [--seeds 500] [--characters none|random|draft] [--workers 2] [--save FILE.jsonl]

A weight is a module constant of the ruleset's evaluation (a line ``NAME = VALUE`` of
``mp_notebook/rulesets/<ruleset>/evaluation.py``), set to a Python literal. The changed evaluation
is a copy of this checkout's file with those lines replaced (``frozen.reweighed``, with caches of
its own), played by today's ``GreedyAgent`` (``bench/greedy_voyages_frozen.py``'s
``FrozenGreedy``), so the two players run side by side; a game is ``bench/agents.py``'s
``play_seats``. With no ``--set`` both play alike and every margin is 0 (a check of the bench).

Seed ``first + k`` is played twice, the changed player in seat 0 and then in seat 1, both players
seeded with the game's seed (Schmidt games with ``round_limit=300`` as a guard, as
``play_seats`` sets). ``--characters`` sets the game up as ``bench/search_match.py`` does:
``none`` (the default), ``random`` (a character dealt to each seat) or ``draft`` (Marco Polo II's
printed set-up: the character draft and the choice of a goal card). It prints the changed player's
share of the victories (95% Wilson interval), its margin over today's greedy a seed (the mean of
its two seatings) ± its standard error with the 95% interval, and in Marco Polo II and Voyages the
trading posts and Travel actions a game of each player. ``--save`` appends a line a game. The
seeds a change was chosen on say nothing of how it plays elsewhere: confirm it on fresh ones.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import ast
import json
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import fmean

from tqdm import tqdm

# this checkout's package and the other benches, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from agents import Tally, margin, per_seed, play_seats  # noqa: E402
from frozen import reweighed  # noqa: E402
from greedy_voyages_frozen import FrozenGreedy  # noqa: E402
from search_match import CHARACTERS, standard_error  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402
from mp_notebook.analysis.evaluate import Z95  # noqa: E402

POSTS = ("mp2", "voyages")
"""The rulesets whose players hold trading posts (the figures of issue 60's habits)."""


def weight(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` as ``(NAME, VALUE)``, the value checked to be a Python literal.

    >>> weight("POST=12.0")
    ('POST', '12.0')
    >>> weight("POST=twelve")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: --set POST=twelve: the value is not a Python literal
    """
    name, sep, value = text.partition("=")
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"--set {text}: expected NAME=VALUE, NAME a module constant")
    try:
        ast.literal_eval(value)
    except (ValueError, SyntaxError):
        raise argparse.ArgumentTypeError(f"--set {text}: the value is not a Python literal") from None
    return name, value


def game(job: tuple[str, tuple[tuple[str, str], ...], str, int, int]) -> tuple[Tally, Tally]:
    """Seed ``seed`` (``job[3]``) with the changed greedy in seat ``seat`` (``job[4]``): its tally
    and today's greedy's."""
    ruleset, changes, characters, seed, seat = job
    players: list[mp.agents.Agent] = [FrozenGreedy(None, seed, ruleset, changes), mp.agents.GreedyAgent(seed)]
    if seat:
        players.reverse()
    tallies = play_seats(players, seed, ruleset=ruleset, options=CHARACTERS[characters])
    return tallies[seat], tallies[1 - seat]


def report(ruleset: str, games: list[tuple[Tally, Tally]]) -> list[str]:
    """The printed figures of ``games`` (of one change, seed by seed: both seatings of a seed in turn).

    >>> games = [(Tally(1, float(s == 0), score=60 + k - 6 * s, other_score=56, posts=8, travels=6),
    ...           Tally(1, float(s == 1), score=56, posts=7, travels=5)) for k in (0, 2) for s in (0, 1)]
    >>> for line in report("mp2", games):
    ...     print(line)
    won 50.0% of 4 games (95% 15.0%-85.0%); margin a seed +2.00 ± 1.00 (95% +0.04 to +3.96), 2 seeds
    trading posts a game 8.00 against 7.00; Travel actions 6.00 against 5.00
    """
    changed, today = Tally(), Tally()
    for mine, theirs in games:
        changed.add(mine)
        today.add(theirs)
    margins = per_seed([mine for mine, _ in games], margin)
    low, high = wilson(changed.wins, changed.games)
    mean, se = fmean(margins), standard_error(margins)
    lines = [f"won {changed.wins / changed.games:.1%} of {changed.games} games (95% {low:.1%}-{high:.1%}); "
             f"margin a seed {mean:+.2f} ± {se:.2f} (95% {mean - Z95 * se:+.2f} to {mean + Z95 * se:+.2f}), "
             f"{len(margins)} seeds"]
    if ruleset in POSTS:
        n = changed.games
        lines.append(f"trading posts a game {changed.posts / n:.2f} against {today.posts / n:.2f}; "
                     f"Travel actions {changed.travels / n:.2f} against {today.travels / n:.2f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", choices=("mp2", "voyages", "schmidt"), default="mp2")
    parser.add_argument("--set", dest="changes", type=weight, action="append", default=[], metavar="NAME=VALUE",
                        help="an evaluation constant and its value (again for more)")
    parser.add_argument("--first", type=int, default=1_200_000, help="the first seed")
    parser.add_argument("--seeds", type=int, default=100, help="seeds, each played in both seatings")
    parser.add_argument("--characters", choices=tuple(CHARACTERS), default="none")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save", type=Path, help="append a line a game to this JSONL file")
    args = parser.parse_args()
    if args.seeds < 2 or args.workers < 1:
        parser.error("--seeds must be at least 2 and --workers at least 1")
    changes = tuple(args.changes)
    reweighed(args.ruleset, changes)  # made (and checked) once, before the workers
    print("$ python bench/weights.py " + shlex.join(sys.argv[1:]))
    jobs = [(args.ruleset, changes, args.characters, args.first + k, seat)
            for k in range(args.seeds) for seat in (0, 1)]
    start = time.perf_counter()
    games = []
    with ProcessPoolExecutor(args.workers) as pool:
        for job, (mine, theirs) in zip(jobs, tqdm(pool.map(game, jobs, chunksize=2), total=len(jobs),
                                                   desc=" ".join(map("=".join, changes))), strict=True):
            games.append((mine, theirs))
            if args.save:
                with args.save.open("a", encoding="utf-8") as out:
                    record = {"ruleset": args.ruleset, "set": dict(changes), "characters": args.characters,
                              "seed": job[3], "seat": job[4], "win": mine.wins, "margin": margin(mine),
                              "posts": [mine.posts, theirs.posts], "travels": [mine.travels, theirs.travels]}
                    out.write(json.dumps(record) + "\n")
    print(f"{args.ruleset}, seeds {args.first}-{args.first + args.seeds - 1} in both seatings, characters "
          f"{args.characters}, {' '.join(map('='.join, changes)) or 'no change'}:")
    for line in report(args.ruleset, games):
        print("  " + line)
    print(f"  [{time.perf_counter() - start:.0f} s]")


if __name__ == "__main__":
    main()
