"""GreedyAgent on changed evaluation weights against today's GreedyAgent, paired seed by seed.

Usage::

    python bench/weights.py --ruleset mp2 --set POST=12.0 [--set POST_FADE=4.5 ...] [--first 1200000]
                            [--seeds 500] [--characters none|random|draft] [--workers 2] [--save FILE.jsonl]

A weight is a module constant of the ruleset's evaluation (a line ``NAME = VALUE`` of
``mp_notebook/rulesets/<ruleset>/evaluation.py``), set to a Python literal. The changed evaluation
is a copy of this checkout's file with those lines replaced, and the player on it a copy of this
checkout's ``GreedyAgent`` that reads it, both made by ``bench/frozen`` (``frozen.reweighed``), so
the two players run side by side with caches of their own. With no ``--set`` both play alike and
every margin is 0 (a check of the bench).

Seed ``first + k`` is played twice, the changed player in seat 0 and then in seat 1, both players
seeded with the game's seed (Schmidt games with ``round_limit=300`` as a guard, as in
``bench/search_match.py``). ``--characters`` sets the game up as ``bench/search_match.py`` does:
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
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from statistics import fmean
from typing import cast

from tqdm import tqdm

# this checkout's package and the other benches, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

import frozen  # noqa: E402
from search_match import CHARACTERS, OPTIONS, standard_error  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import _value as learned  # noqa: E402
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


@dataclass(frozen=True)
class Game:
    """One game: the changed greedy in ``seat``, its share of the victory and its final margin, and
    (Marco Polo II, Voyages) the trading posts and Travel actions of the changed greedy and of today's."""

    seed: int
    seat: int
    win: float
    margin: float
    posts: tuple[int, int] = (0, 0)
    travels: tuple[int, int] = (0, 0)


def game(job: tuple[str, tuple[tuple[str, str], ...], str, int, int]) -> Game:
    """Seed ``seed`` (``job[3]``) with the changed greedy in seat ``seat`` (``job[4]``)."""
    ruleset, changes, characters, seed, seat = job
    s = mp.new_game(2, ruleset=ruleset, seed=seed, **OPTIONS.get(ruleset, {}), **CHARACTERS[characters])
    players = [frozen.reweighed(ruleset, changes)(seed), mp.agents.GreedyAgent(seed)]
    if seat:
        players.reverse()
    travels = [0, 0]
    while not s.is_over:
        i = cast(int, s.current_player)
        a = players[i].choose(s)
        travels[i] += a.kind == "travel" and s.decision.kind == "turn"
        s = s.apply(a)
    winners = [bool(row["winner"]) for row in s.score_rows()]
    result = Game(seed, seat, winners[seat] / sum(winners), learned.final_margin(s, seat))
    if ruleset not in POSTS:
        return result
    posts = [len(p.trading_posts) for p in s.players]
    return replace(result, posts=(posts[seat], posts[1 - seat]), travels=(travels[seat], travels[1 - seat]))


def report(ruleset: str, games: list[Game]) -> list[str]:
    """The printed figures of ``games`` (of one change): the seeds played in both seatings count.

    >>> games = [Game(k, s, float(s == 0), 4.0 - 6 * s + k, (8, 7), (6, 5)) for k in (0, 2) for s in (0, 1)]
    >>> for line in report("mp2", games):
    ...     print(line)
    won 50.0% of 4 games (95% 15.0%-85.0%); margin a seed +2.00 ± 1.00 (95% +0.04 to +3.96), 2 seeds
    trading posts a game 8.00 against 7.00; Travel actions 6.00 against 5.00
    """
    pairs: dict[int, list[Game]] = {}
    for g in games:
        pairs.setdefault(g.seed, []).append(g)
    both = [pair for pair in pairs.values() if len(pair) == 2]
    played = [g for pair in both for g in pair]
    margins = [fmean(g.margin for g in pair) for pair in both]
    wins = sum(g.win for g in played)
    low, high = wilson(wins, len(played))
    mean, se = fmean(margins), standard_error(margins)
    lines = [f"won {wins / len(played):.1%} of {len(played)} games (95% {low:.1%}-{high:.1%}); "
             f"margin a seed {mean:+.2f} ± {se:.2f} (95% {mean - Z95 * se:+.2f} to {mean + Z95 * se:+.2f}), "
             f"{len(both)} seeds"]
    if ruleset in POSTS:
        posts, travels = ([fmean(getattr(g, key)[k] for g in played) for k in (0, 1)] for key in ("posts", "travels"))
        lines.append(f"trading posts a game {posts[0]:.2f} against {posts[1]:.2f}; "
                     f"Travel actions {travels[0]:.2f} against {travels[1]:.2f}")
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
    frozen.reweighed(args.ruleset, changes)  # made (and checked) once, before the workers
    print("$ python bench/weights.py " + shlex.join(sys.argv[1:]))
    jobs = [(args.ruleset, changes, args.characters, args.first + k, seat)
            for k in range(args.seeds) for seat in (0, 1)]
    start = time.perf_counter()
    games = []
    with ProcessPoolExecutor(args.workers) as pool:
        for g in tqdm(pool.map(game, jobs, chunksize=2), total=len(jobs), desc=" ".join(map("=".join, changes))):
            games.append(g)
            if args.save:
                with args.save.open("a", encoding="utf-8") as out:
                    record = {"ruleset": args.ruleset, "set": dict(changes), "characters": args.characters, **asdict(g)}
                    out.write(json.dumps(record) + "\n")
    print(f"{args.ruleset}, seeds {args.first}-{args.first + args.seeds - 1} in both seatings, characters "
          f"{args.characters}, {' '.join(map('='.join, changes)) or 'no change'}:")
    for line in report(args.ruleset, games):
        print("  " + line)
    print(f"  [{time.perf_counter() - start:.0f} s]")


if __name__ == "__main__":
    main()
