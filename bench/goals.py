"""Marco Polo II: what each goal card is worth to GreedyAgent, in final VP.

Usage::

    python bench/goals.py [--games 1000] [--level L3] [--two-player-games 0] [--duel-games 200] [--workers 2]

Plays ``bench/automa_match.py``'s solo games (seed 7000 + n, the bot seeded n) in the full set-up
(the rulebook's: keep 1 of 3 characters, then 1 of 3 goal cards) three times each: GreedyAgent
makes every choice but the goal card, and keeps each of the three offered in turn. Per card, the
mean of its game's final score minus the mean of the seed's three games (± its standard error):
what keeping it brings over the cards it was offered with, on the same seed. Those, to 0.1 VP,
are ``GOAL`` in ``rulesets/mp2/evaluation.py`` (which do not change the play once a card is kept:
they are the same for every action of a round). Also printed: the mean final score of the card
GreedyAgent keeps blind to the worths (``GOAL`` emptied while it chooses), of the three, and of
the best of the three by the table measured on the other half of the seeds (so that its gain is
not measured on the games it was fitted on), and of the best by the shipped ``GOAL``.

``--two-player-games`` measures the same in 2-player games of GreedyAgent against itself in the
full set-up (``new_game(2, seed=110000 + n, setup="full")``): the seat ``n % 2`` keeps each offered
card in turn, the other chooses as GreedyAgent does. Per card, the final score over the seed's mean
(and the margin over the other seat, likewise), and the final score and margin of the best card by
the shipped ``GOAL`` (measured in solo games) and by this table measured on the other half of the
seeds, each over the blind choice: whether 2-player games need worths of their own.

Then ``--duel-games`` 2-player games in the full set-up (``new_game(2, seed=80000 + n,
setup="full")``, each seed played in both seatings), GreedyAgent against a GreedyAgent whose own
choice of goal card sees no worth (``GOAL`` emptied while it chooses); the win rate with its 95%
Wilson interval and the margin ± its standard error over the seeds.

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
from typing import NamedTuple

from tqdm import tqdm

# this checkout's package and bench/automa_match.py's seeds, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from automa_match import LEVELS, SEED  # noqa: E402
from characters import DRAFT, WorthBlind, against_blind  # noqa: E402
from search_match import mean_se  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import _value as learned  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402
from mp_notebook.rulesets.mp2.evaluation import GOAL  # noqa: E402

TWO_PLAYER = 110_000  # --two-player-games: game n has seed TWO_PLAYER + n


class Kept(NamedTuple):
    """A game in which the measured seat kept offered goal card ``k``: the game's number, the card
    kept, the card GreedyAgent blind to the worths would have kept, and the seat's final score and
    margin over the best other seat (the Automa in a solo game)."""

    game: int
    goal: str
    greedy_goal: str
    score: int
    margin: int


def play(job: tuple[str | None, int, int]) -> Kept:
    """Game ``n`` in the full set-up, the measured seat keeping offered goal ``k``: a solo game
    against ``level``, or for ``None`` a 2-player game of GreedyAgents, seat ``n % 2`` measured."""
    level, n, k = job
    if level:
        s, seat = mp.new_game(["Ana"], automa=level, seed=SEED + n, setup="full"), 0
    else:
        s, seat = mp.new_game(2, seed=TWO_PLAYER + n, setup="full"), n % 2
    bots = [mp.agents.GreedyAgent(n + i) for i in range(s.num_players)]
    blind = WorthBlind(n + seat, "pick_goal", "GOAL")  # the measured seat's bot, blind to the worths
    kept = greedy_goal = ""
    while not s.is_over:
        i = s.current_player
        assert i is not None
        if s.decision.kind == "pick_goal" and i == seat:
            a = s.legal_actions()[k]
            kept, greedy_goal = str(a.choice), str(blind.choose(s).choice)
        else:
            a = bots[i].choose(s)
        s = s.apply(a)
    return Kept(n, kept, greedy_goal, int(s.score_rows()[seat]["total"]), int(learned.final_margin(s, seat)))


def table(by_game: dict[int, dict[str, int]], games: list[int]) -> dict[str, list[float]]:
    """Per card, its final score minus its seed's mean over the three cards, on ``games``."""
    found: dict[str, list[float]] = {}
    for n in games:
        scores = by_game[n]
        mean = fmean(scores.values())
        for goal, score in scores.items():
            found.setdefault(goal, []).append(score - mean)
    return found


def duel(job: tuple[int, int]) -> tuple[int, float, int]:
    """2-player game ``n`` in the full set-up with GreedyAgent in ``seat`` and the goal-blind one in
    the other: the seed's number, GreedyAgent's share of the victory and its margin."""
    n, seat = job
    s = mp.new_game(2, seed=DRAFT + n, setup="full")
    _, win, margin = against_blind(s, n, seat, WorthBlind(n, "pick_goal", "GOAL"))
    return n, win, margin


def duels(pool: ProcessPoolExecutor, seeds: int) -> None:
    """Print the 2-player games (see the module doc)."""
    start = time.perf_counter()
    jobs = [(n, seat) for n in range(seeds) for seat in (0, 1)]
    found = list(tqdm(pool.map(duel, jobs, chunksize=4), total=len(jobs), file=sys.stderr, leave=False))
    won = sum(win for _, win, _ in found)
    low, high = wilson(won, len(found))
    by_seed: dict[int, list[int]] = {}
    for n, _, margin in found:
        by_seed.setdefault(n, []).append(margin)
    print(f"GreedyAgent vs its goal-card choice blind to the worths, 2 players, full set-up, seeds {DRAFT}-"
          f"{DRAFT + seeds - 1} in both seatings: {won / len(found):.1%} of {len(found)} games ({low:.1%}-"
          f"{high:.1%}), margin {mean_se([fmean(v) for v in by_seed.values()], 1)} VP a game "
          f"[{time.perf_counter() - start:.0f} s]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="seeds, each played three times (0: none)")
    parser.add_argument("--level", choices=LEVELS, default="L3")
    parser.add_argument("--two-player-games", type=int, default=0,
                        help="seeds of 2-player games, each played three times (0: none)")
    parser.add_argument("--duel-games", type=int, default=200, help="seeds of the 2-player games (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if any(0 < n < 4 or n < 0 for n in (args.games, args.two_player_games)) or args.duel_games < 0 or args.workers < 1:
        parser.error("--games and --two-player-games must be 0 or at least 4, --duel-games at least 0, "
                     "--workers at least 1")
    print("$ python bench/goals.py " + shlex.join(sys.argv[1:]))
    with ProcessPoolExecutor(args.workers) as pool:
        if args.games:
            worths(pool, args.level, args.games)
        if args.two_player_games:
            worths(pool, None, args.two_player_games)
        if args.duel_games:
            duels(pool, args.duel_games)


def worths(pool: ProcessPoolExecutor, level: str | None, n_games: int) -> None:
    """Print the goal cards' worths against ``level``, or in 2-player games for ``None`` (see the
    module doc)."""
    start = time.perf_counter()
    jobs = [(level, n, k) for n in range(n_games) for k in range(3)]
    games = list(tqdm(pool.map(play, jobs, chunksize=3), total=len(jobs), file=sys.stderr, leave=False))
    greedy = {g.game: g.greedy_goal for g in games}
    where = (f"against Automa {level}, full set-up, solo games {SEED}-{SEED + n_games - 1}" if level else
             f"against itself, 2 players, full set-up, games {TWO_PLAYER}-{TWO_PLAYER + n_games - 1}, seat n % 2")
    print(f"GreedyAgent {where}, each played keeping each offered goal card [{time.perf_counter() - start:.0f} s]")
    for measure in ("score",) if level else ("score", "margin"):
        by_game: dict[int, dict[str, int]] = {}
        for g in games:
            by_game.setdefault(g.game, {})[g.goal] = getattr(g, measure)
        ranked = sorted(table(by_game, list(by_game)).items(), key=lambda kv: -fmean(kv[1]))
        for goal, over in ranked:
            print(f"  {goal}: kept in {len(over)} games, {mean_se(over, 1)} VP of {measure} over the seed's mean")
        kept, gains = best_cards(by_game, greedy)
        blind = fmean(by_game[n][greedy[n]] for n in by_game)
        print(f"  final {measure}: the card GreedyAgent keeps blind to the worths {blind:.1f} VP, the mean of the "
              f"three {fmean(fmean(v.values()) for v in by_game.values()):.1f}, the best by the table of the other "
              f"half of the seeds {fmean(kept['table']):.1f} ({mean_se(gains['table'], 1)} VP over the blind "
              f"choice), by the shipped GOAL {fmean(kept['GOAL']):.1f} ({mean_se(gains['GOAL'], 1)})")
        if measure == "score" and level:  # the table as GOAL takes it
            rows = ", ".join(f'"{goal}": {fmean(v):.1f}' for goal, v in ranked)
            print(f"GOAL = {{{rows}}}")


Results = dict[str, list[float]]  # per way of choosing ("table", "GOAL"), one figure a seed


def best_cards(by_game: dict[int, dict[str, int]], greedy: dict[int, str]) -> tuple[Results, Results]:
    """Per seed, the result of the best offered card by the table measured on the other half of the
    seeds (``"table"``) and by the shipped ``GOAL``: that result, then its gain over the card
    GreedyAgent keeps blind to the worths (``greedy``)."""
    games = sorted(by_game)
    half = len(games) // 2
    halves = (games[:half], games[half:])
    kept: Results = {"table": [], "GOAL": []}
    gains: Results = {"table": [], "GOAL": []}
    for fit, judged in (halves, halves[::-1]):
        fitted = {goal: fmean(v) for goal, v in table(by_game, fit).items()}
        for n in judged:
            scores = by_game[n]
            for name, worth in (("table", fitted), ("GOAL", GOAL)):
                best = max(scores, key=lambda goal: worth.get(goal, 0.0))
                kept[name].append(scores[best])
                gains[name].append(scores[best] - scores[greedy[n]])
    return kept, gains


if __name__ == "__main__":
    main()
