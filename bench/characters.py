"""Marco Polo II: what each character is worth to GreedyAgent, in final VP.

Usage::

    python bench/characters.py [--games 200] [--level L3] [--workers 2]

Plays ``bench/automa_match.py``'s solo games (seed 7000 + n, the bot seeded n) in the quick set-up,
GreedyAgent with no character and then with each character in turn (``new_game(["Ana"],
automa=level, character=name)``; the Automa plays its own), and prints per character the bot's mean
final score, its win rate against the Automa with its 95% Wilson interval, and its final score's
gain over no character, game by game on the same seeds (± its standard error). The gains, to whole VP, are
``CHARACTER`` in ``rulesets/mp2/evaluation.py``: what an ability brings over a game, which the
evaluation counts for the rounds still to come, so that the bot's choice of character (the
character draft of ``setup="full"``, and the solo set-up's choice of one of three) weighs it. In a
game with a character given, that term is the same for every action of a round, so these games
measure the same with it in place.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import fmean

from tqdm import tqdm

# this checkout's package and bench/automa_match.py's games, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from automa_match import LEVELS, SEED, Bot, Result, play  # noqa: E402
from search_match import mean_se  # noqa: E402

from mp_notebook.analysis import wilson  # noqa: E402
from mp_notebook.rulesets.mp2.components import components  # noqa: E402


def games(pool: ProcessPoolExecutor, level: str, character: str | None, n_games: int) -> list[Result]:
    """GreedyAgent's solo games 0 .. ``n_games - 1`` against ``level`` with ``character``."""
    jobs = [(Bot("greedy"), level, "quick", n, character) for n in range(n_games)]
    return list(tqdm(pool.map(play, jobs, chunksize=4), total=n_games, desc=character or "no character",
                     file=sys.stderr, leave=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per character")
    parser.add_argument("--level", choices=LEVELS, default="L3")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.games < 2 or args.workers < 1:
        parser.error("--games must be at least 2, --workers at least 1")
    print("$ python bench/characters.py " + shlex.join(sys.argv[1:]))
    print(f"GreedyAgent against Automa {args.level}, quick set-up, solo games {SEED}-{SEED + args.games - 1} "
          f"(seed {SEED} + n, the bot seeded n), with each character given")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        plain = games(pool, args.level, None, args.games)
        score = {r.game: r.rows[0]["total"] for r in plain}
        print(f"  no character: {fmean(r.rows[0]['total'] for r in plain):.1f} VP, "
              f"{fmean(r.win for r in plain):.1%} won", flush=True)
        gains = {}
        for character in sorted(components().characters_by_name):
            found = games(pool, args.level, character, args.games)
            won = sum(r.win for r in found)
            low, high = wilson(won, len(found))
            gain = [r.rows[0]["total"] - score[r.game] for r in found]
            gains[character] = fmean(gain)
            print(f"  {character}: {fmean(r.rows[0]['total'] for r in found):.1f} VP, {won / len(found):.1%} won "
                  f"({low:.1%}-{high:.1%}), gain over no character {mean_se(gain, 1)} VP a game", flush=True)
    table = ", ".join(f'"{k}": {round(v)}' for k, v in sorted(gains.items(), key=lambda kv: -kv[1]))
    print(f"CHARACTER = {{{table}}}  [{time.perf_counter() - start:.0f} s]")


if __name__ == "__main__":
    main()
