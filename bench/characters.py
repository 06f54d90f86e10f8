"""What each character is worth to GreedyAgent, in final VP (Marco Polo II and The Voyages of Marco Polo).

Usage::

    python bench/characters.py [--ruleset mp2|voyages] [--games N] [--level L3] [--players 2]
                               [--draft-games 200] [--draft-first 0] [--workers 2]

**Marco Polo II** (``--games``: per character, default 200). Plays ``bench/automa_match.py``'s solo
games (seed 7000 + n, the bot seeded n) in the quick set-up, GreedyAgent with no character and then
with each character in turn (``new_game(["Ana"], automa=level, character=name)``; the Automa plays
its own), and prints per character the bot's mean final score, its win rate against the Automa with
its 95% Wilson interval, and its final score's gain over no character, game by game on the same
seeds (± its standard error). The gains, to whole VP, are ``CHARACTER`` in
``rulesets/mp2/evaluation.py``: what an ability brings over a game, which the evaluation counts for
the rounds still to come, so that the bot's choice of character (the character draft of
``setup="full"``, and the solo set-up's choice of one of three) weighs it. In a game with a
character given, that term is the same for every action of a round, so these games measure the same
with it in place.

**The Voyages of Marco Polo** (``--games``: default 1000). The game has no "no character", so the
worth is what the evaluation misses: GreedyAgent self-play in the expert variant with random
characters dealt (``new_game(2, ruleset="voyages", seed=90000 + n, variants=("expert",),
characters="random")``, ``--players`` players, seat k's bot seeded 100000 k + n), and per
character tile the mean of a seat's final score minus the evaluation's estimate of it as dealt,
less that mean over all seats (± its standard error), beside the final score, the estimate, the
margin over the best other seat and the share of games won. The shortfalls, to whole VP, are
``CHARACTER`` in ``rulesets/voyages/evaluation.py`` (the estimate is measured without them:
``CHARACTER`` emptied): every tile's from 2-player games, but Mercator's 3- and 4-player tiles from
games of their own player count (``--players 3``, ``--players 4``).

Then, in either game, what the worths do for the character draft: ``--draft-games`` 2-player games
from number ``--draft-first`` (``new_game(2, seed=80000 + n, setup="full")``; in Voyages
``new_game(2, ruleset="voyages", seed=80000 + n, variants=("expert",))``), each seed played in both
seatings, GreedyAgent against a GreedyAgent whose own character choice sees no worth
(``CHARACTER`` emptied while it chooses: the choice before the worths, by what an ability gives at
once); the win rate with its 95% Wilson interval, the margin ± its standard error over the seeds,
and the characters each kept.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import importlib
import shlex
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from statistics import fmean
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple
from unittest.mock import patch

from tqdm import tqdm

# this checkout's package and bench/automa_match.py's games, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from automa_match import LEVELS, SEED, Bot, Result, play  # noqa: E402
from search_match import mean_se  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import _value as learned  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402
from mp_notebook.rulesets.mp2.components import components  # noqa: E402

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

DRAFT = 80_000  # draft game n: seed DRAFT + n
DEALT = 90_000  # Voyages game n with random characters: seed DEALT + n
DRAFT_SETUP = {"mp2": "full set-up", "voyages": "expert variant"}  # the rulesets and their drafts


def evaluation(ruleset: str) -> ModuleType:
    """The ruleset's evaluation module (whose ``CHARACTER`` holds the worths)."""
    return importlib.import_module(f"mp_notebook.rulesets.{ruleset}.evaluation")


class WorthBlind:
    """GreedyAgent whose choice at decisions of ``kind`` sees no worth (the evaluation's ``table``
    emptied while it chooses: ``CHARACTER`` for a character, ``GOAL`` for a Marco Polo II goal
    card); every other choice is GreedyAgent's."""

    def __init__(self, seed: int, kind: str = "pick_character", table: str = "CHARACTER"):
        self.greedy = mp.agents.GreedyAgent(seed)
        self.kind = kind
        self.table = table

    def choose(self, s: GameState) -> Action:
        if s.decision.kind != self.kind:
            return self.greedy.choose(s)
        with zeroed(getattr(evaluation(s.ruleset), self.table)):
            return self.greedy.choose(s)


def zeroed(worths: dict[str, float]) -> AbstractContextManager[object]:
    """Every worth of the table ``worths`` at 0 while the context lasts (what a choice blind to them
    sees)."""
    return patch.dict(worths, dict.fromkeys(worths, 0.0))


class Draft(NamedTuple):
    """A draft game, for GreedyAgent's seat: the seed's number, its share of the victory, its
    margin, the character it kept and the one the worth-blind player kept."""

    seed: int
    win: float
    margin: int
    kept: str
    blind_kept: str


def new_draft(ruleset: str, n: int) -> GameState:
    """Draft game ``n``'s position: 2 players, their characters still to choose."""
    if ruleset == "voyages":
        return mp.new_game(2, ruleset="voyages", seed=DRAFT + n, variants=("expert",))
    return mp.new_game(2, seed=DRAFT + n, setup="full")


def character_name(s: GameState, seat: int) -> str:
    """The name of the character ``seat`` plays in ``s`` ("none" without one)."""
    name = s.players[seat].character
    if name and s.ruleset == "voyages":
        return s.components.characters[name].name
    return name or "none"


def against_blind(s: GameState, n: int, seat: int, blind: WorthBlind) -> tuple[GameState, float, int]:
    """Play the 2-player position ``s`` to its end, ``GreedyAgent(n)`` in ``seat`` and ``blind`` in
    the other: the end, GreedyAgent's share of the victory and its margin."""
    agents: list[mp.agents.Agent] = [mp.agents.GreedyAgent(n), blind]
    if seat:
        agents.reverse()
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
    rows = s.score_rows()
    winners = [bool(r["winner"]) for r in rows]
    return s, winners[seat] / sum(winners), int(rows[seat]["total"] - rows[1 - seat]["total"])


def draft_game(job: tuple[str, int, int]) -> Draft:
    """Draft game ``n`` of ``ruleset`` with GreedyAgent in ``seat``."""
    ruleset, n, seat = job
    end, win, margin = against_blind(new_draft(ruleset, n), n, seat, WorthBlind(n))
    return Draft(n, win, margin, character_name(end, seat), character_name(end, 1 - seat))


def games(pool: ProcessPoolExecutor, level: str, character: str | None, n_games: int) -> list[Result]:
    """GreedyAgent's solo games 0 .. ``n_games - 1`` against ``level`` with ``character``."""
    jobs = [(Bot("greedy"), level, "quick", n, character) for n in range(n_games)]
    return list(tqdm(pool.map(play, jobs, chunksize=4), total=n_games, desc=character or "no character",
                     file=sys.stderr, leave=False))


def mp2_worths(pool: ProcessPoolExecutor, level: str, n_games: int) -> None:
    """Print the Marco Polo II worths (see the module doc)."""
    print(f"GreedyAgent against Automa {level}, quick set-up, solo games {SEED}-{SEED + n_games - 1} "
          f"(seed {SEED} + n, the bot seeded n), with each character given")
    start = time.perf_counter()
    plain = games(pool, level, None, n_games)
    score = {r.game: r.rows[0]["total"] for r in plain}
    print(f"  no character: {fmean(r.rows[0]['total'] for r in plain):.1f} VP, "
          f"{fmean(r.win for r in plain):.1%} won", flush=True)
    gains = {}
    for character in sorted(components().characters_by_name):
        found = games(pool, level, character, n_games)
        won = sum(r.win for r in found)
        low, high = wilson(won, len(found))
        gain = [r.rows[0]["total"] - score[r.game] for r in found]
        gains[character] = fmean(gain)
        print(f"  {character}: {fmean(r.rows[0]['total'] for r in found):.1f} VP, {won / len(found):.1%} won "
              f"({low:.1%}-{high:.1%}), gain over no character {mean_se(gain, 1)} VP a game", flush=True)
    print_table(gains, start)


class Seat(NamedTuple):
    """A seat of a Voyages game with random characters: its character, final score, the
    evaluation's estimate of it as dealt, its margin over the other seat and its share of the victory."""

    character: str
    final: int
    estimate: float
    margin: int
    win: float


def dealt_game(job: tuple[int, int]) -> list[Seat]:
    """Voyages self-play game ``n`` of ``players`` with random characters (see the module doc), seat
    by seat."""
    n, players = job
    s = mp.new_game(players, ruleset="voyages", seed=DEALT + n, variants=("expert",), characters="random")
    with zeroed(evaluation("voyages").CHARACTER):
        estimate = evaluation("voyages").values(s)
    agents = [mp.agents.GreedyAgent(100_000 * k + n) for k in range(players)]
    end = s
    while not end.is_over:
        end = end.apply(agents[end.current_player].choose(end))
    rows = end.score_rows()
    final = [int(r["total"]) for r in rows]
    winners = [bool(r["winner"]) for r in rows]
    return [Seat(s.players[i].character or "none", final[i], estimate[i],
                 int(learned.final_margin(end, i)), winners[i] / sum(winners))
            for i in range(players)]


def voyages_worths(pool: ProcessPoolExecutor, n_games: int, players: int) -> None:
    """Print the Voyages worths (see the module doc)."""
    print(f"GreedyAgent self-play, The Voyages of Marco Polo, {players} players, expert variant, random characters, "
          f"seeds {DEALT}-{DEALT + n_games - 1}: a seat's final score minus the evaluation's estimate as dealt")
    start = time.perf_counter()
    jobs = [(n, players) for n in range(n_games)]
    seats = [x for g in tqdm(pool.map(dealt_game, jobs, chunksize=4), total=n_games,
                             desc="random characters", file=sys.stderr, leave=False) for x in g]
    mean = fmean(x.final - x.estimate for x in seats)
    print(f"  every seat: final {fmean(x.final for x in seats):.1f} VP, "
          f"estimate {fmean(x.estimate for x in seats):.1f}")
    by: dict[str, list[Seat]] = {}
    for x in seats:
        by.setdefault(x.character, []).append(x)
    short = {name: [x.final - x.estimate - mean for x in found] for name, found in by.items()}
    for name, found in sorted(by.items(), key=lambda kv: -fmean(short[kv[0]])):
        print(f"  {name}: {len(found)} seats, final {fmean(x.final for x in found):.1f} VP, estimate "
              f"{fmean(x.estimate for x in found):.1f}, shortfall {mean_se(short[name], 1)}, margin "
              f"{mean_se([x.margin for x in found], 1)} VP, won {fmean(x.win for x in found):.1%}", flush=True)
    print_table({name: fmean(v) for name, v in short.items()}, start)


def print_table(worths: dict[str, float], start: float) -> None:
    """Print ``worths`` as the evaluation's ``CHARACTER`` table, most first."""
    table = ", ".join(f'"{k}": {round(v)}' for k, v in sorted(worths.items(), key=lambda kv: -kv[1]))
    print(f"CHARACTER = {{{table}}}  [{time.perf_counter() - start:.0f} s]", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", choices=DRAFT_SETUP, default="mp2")
    parser.add_argument("--games", type=int, help="Marco Polo II: games per character (default 200); "
                        "Voyages: self-play games (default 1000); 0: none")
    parser.add_argument("--level", choices=LEVELS, default="L3", help="Marco Polo II: the Automa's level")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                        help="Voyages: players in the self-play games")
    parser.add_argument("--draft-games", type=int, default=200, help="seeds of the draft games (0: none)")
    parser.add_argument("--draft-first", type=int, default=0, help="the first draft game's number")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    n_games = args.games if args.games is not None else {"mp2": 200, "voyages": 1000}[args.ruleset]
    if n_games == 1 or n_games < 0 or args.draft_games < 0 or args.draft_first < 0 or args.workers < 1:
        parser.error("--games must be 0 or at least 2, --draft-games and --draft-first at least 0, "
                     "--workers at least 1")
    print("$ python bench/characters.py " + shlex.join(sys.argv[1:]))
    with ProcessPoolExecutor(args.workers) as pool:
        if n_games and args.ruleset == "voyages":
            voyages_worths(pool, n_games, args.players)
        elif n_games:
            mp2_worths(pool, args.level, n_games)
        if args.draft_games:
            draft(pool, args.ruleset, range(args.draft_first, args.draft_first + args.draft_games))


def draft(pool: ProcessPoolExecutor, ruleset: str, seeds: range) -> None:
    """Print draft games ``seeds`` (see the module doc)."""
    start = time.perf_counter()
    jobs = [(ruleset, n, seat) for n in seeds for seat in (0, 1)]
    found = list(tqdm(pool.map(draft_game, jobs, chunksize=4), total=len(jobs), desc="draft games",
                      file=sys.stderr, leave=False))
    won = sum(r.win for r in found)
    low, high = wilson(won, len(found))
    by_seed: dict[int, list[int]] = {}
    for r in found:
        by_seed.setdefault(r.seed, []).append(r.margin)
    print(f"GreedyAgent vs its character choice blind to the worths, {ruleset}, 2 players, "
          f"{DRAFT_SETUP[ruleset]}, seeds {DRAFT + seeds.start}-{DRAFT + seeds.stop - 1} in both seatings: "
          f"{won / len(found):.1%} of {len(found)} games ({low:.1%}-{high:.1%}), "
          f"margin {mean_se([fmean(v) for v in by_seed.values()], 1)} VP a game [{time.perf_counter() - start:.0f} s]")
    for name, kept in (("GreedyAgent", Counter(r.kept for r in found)),
                       ("blind to the worths", Counter(r.blind_kept for r in found))):
        print(f"  {name} kept: " + ", ".join(f"{c} {m}" for c, m in kept.most_common()))


if __name__ == "__main__":
    main()
