"""Marco Polo II: what each character is worth to GreedyAgent, in final VP.

Usage::

    python bench/characters.py [--games 200] [--level L3] [--draft-games 200] [--workers 2]

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

Then what the worths do for the character draft: ``--draft-games`` 2-player games in the full
set-up (``new_game(2, seed=80000 + n, setup="full")``, each seed played in both seatings), GreedyAgent
against a GreedyAgent whose own character choice sees no worth (``CHARACTER`` emptied while it
chooses: the choice before the worths, by what an ability gives at once); the win rate with its 95%
Wilson interval, the margin ± its standard error over the seeds, and the characters each kept.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import fmean
from typing import TYPE_CHECKING, NamedTuple
from unittest.mock import patch

from tqdm import tqdm

# this checkout's package and bench/automa_match.py's games, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from automa_match import LEVELS, SEED, Bot, Result, play  # noqa: E402
from search_match import mean_se  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402
from mp_notebook.rulesets.mp2 import evaluation  # noqa: E402
from mp_notebook.rulesets.mp2.components import components  # noqa: E402

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

DRAFT = 80_000  # draft game n: seed DRAFT + n


class WorthBlind:
    """GreedyAgent whose character choice sees no worth (the evaluation's ``CHARACTER`` emptied
    while it chooses one); every other choice is GreedyAgent's."""

    def __init__(self, seed: int):
        self.greedy = mp.agents.GreedyAgent(seed)

    def choose(self, s: GameState) -> Action:
        if s.decision.kind != "pick_character":
            return self.greedy.choose(s)
        with patch.dict(evaluation.CHARACTER, dict.fromkeys(evaluation.CHARACTER, 0.0)):
            return self.greedy.choose(s)


class Draft(NamedTuple):
    """A draft game, for GreedyAgent's seat: the seed's number, its share of the victory, its
    margin, the character it kept and the one the worth-blind player kept."""

    seed: int
    win: float
    margin: int
    kept: str
    blind_kept: str


def draft_game(job: tuple[int, int]) -> Draft:
    """Draft game ``n`` with GreedyAgent in ``seat``."""
    n, seat = job
    s = mp.new_game(2, seed=DRAFT + n, setup="full")
    agents: list[mp.agents.Agent] = [mp.agents.GreedyAgent(n), WorthBlind(n)]
    if seat:
        agents.reverse()
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
    rows = s.score_rows()
    winners = [bool(r["winner"]) for r in rows]
    return Draft(n, winners[seat] / sum(winners), int(rows[seat]["total"] - rows[1 - seat]["total"]),
                 s.players[seat].character or "none", s.players[1 - seat].character or "none")


def games(pool: ProcessPoolExecutor, level: str, character: str | None, n_games: int) -> list[Result]:
    """GreedyAgent's solo games 0 .. ``n_games - 1`` against ``level`` with ``character``."""
    jobs = [(Bot("greedy"), level, "quick", n, character) for n in range(n_games)]
    return list(tqdm(pool.map(play, jobs, chunksize=4), total=n_games, desc=character or "no character",
                     file=sys.stderr, leave=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per character")
    parser.add_argument("--level", choices=LEVELS, default="L3")
    parser.add_argument("--draft-games", type=int, default=200, help="seeds of the draft games (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.games < 2 or args.draft_games < 0 or args.workers < 1:
        parser.error("--games must be at least 2, --draft-games at least 0, --workers at least 1")
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
        print(f"CHARACTER = {{{table}}}  [{time.perf_counter() - start:.0f} s]", flush=True)
        if args.draft_games:
            draft(pool, args.draft_games)


def draft(pool: ProcessPoolExecutor, seeds: int) -> None:
    """Print the draft games (see the module doc)."""
    start = time.perf_counter()
    jobs = [(n, seat) for n in range(seeds) for seat in (0, 1)]
    found = list(tqdm(pool.map(draft_game, jobs, chunksize=4), total=len(jobs), desc="draft games",
                      file=sys.stderr, leave=False))
    won = sum(r.win for r in found)
    low, high = wilson(won, len(found))
    by_seed: dict[int, list[int]] = {}
    for r in found:
        by_seed.setdefault(r.seed, []).append(r.margin)
    print(f"GreedyAgent vs its character choice blind to the worths, 2 players, full set-up, seeds {DRAFT}-"
          f"{DRAFT + seeds - 1} in both seatings: {won / len(found):.1%} of {len(found)} games ({low:.1%}-{high:.1%}), "
          f"margin {mean_se([fmean(v) for v in by_seed.values()], 1)} VP a game [{time.perf_counter() - start:.0f} s]")
    for name, kept in (("GreedyAgent", Counter(r.kept for r in found)),
                       ("blind to the worths", Counter(r.blind_kept for r in found))):
        print(f"  {name} kept: " + ", ".join(f"{c} {m}" for c, m in kept.most_common()))


if __name__ == "__main__":
    main()
