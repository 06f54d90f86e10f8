"""What weighing die changes costs and buys the greedy player (issue 38): today's GreedyAgent
against variants that weigh rerolls and adjustments otherwise, in CPU a game and in paired games.

Usage::

    python bench/greedy_frontier.py [--rulesets mp2 voyages] [--games 6] [--paired 100]
                                    [--variants before rerolls ...] [--workers 1]

Today's GreedyAgent leaves out of its candidates the bonus actions its ruleset's evaluation lists
as ``unweighed`` (Marco Polo II: rerolling and adjusting a die; Voyages: adjusting one), weighs a
reroll of the lowest die of each kind only, and scores a chance prelude (a reroll, a black die) on
``greedy.PRELUDE_FUTURES`` reseeded future. Each variant (:data:`VARIANTS`) is the same agent
weighing die changes otherwise:

* ``before``: as before this change: a reroll of the lowest die of each kind (own, black or white)
  and an adjustment of the lowest and of the highest, every chance prelude on 4 futures (without
  the old agent's memo of futures that roll the same die: its CPU reads ~8% high; ``bench/greedy.py
  --baseline`` times the old agent itself);
* ``rerolls`` / ``rerolls4``: rerolls of the lowest die of each kind, on 1 / 4 futures, no
  adjustments;
* ``own-rerolls``: a reroll of the lowest own die only (Voyages' today);
* ``rerolls+adjust``: rerolls of each kind and adjustments, on 1 future;
* ``no-rerolls``: neither (Marco Polo II's today).

A variant that weighs as today's does in a ruleset is skipped there. For each ruleset and variant
it prints the CPU seconds of a 2-player game (median and range over ``--games`` seeds; today's game
and the variant's alternate seed by seed, so a busy spell of the machine hits both) and today's
agent against the variant over ``--paired`` seeds (``5000 + n``, as ``bench/agents.py``), each
played in both seatings: its win rate (ties count half; 95% Wilson interval) and mean margin in VP
± its standard error over the seeds. The Schmidt game has no die changes and is not listed. This
prints figures; it is not a test.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> a = Variant("before", seed=0).choose(s)
>>> a in s.legal_actions(), a == Variant("before", seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING

sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from agents import margin, margin_text, paired, per_seed  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents.base import terms  # noqa: E402
from mp_notebook.agents.greedy import PRELUDE_FUTURES, GreedyAgent, distinct_actions  # noqa: E402

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

# variant -> (rerolls weighed: "none", "own" (the lowest own die) or "each" (the lowest die of each
# kind), adjustments of the lowest and highest die weighed, chance prelude futures)
VARIANTS = {"before": ("each", True, 4), "rerolls": ("each", False, 1), "rerolls4": ("each", False, 4),
            "own-rerolls": ("own", False, 1), "rerolls+adjust": ("each", True, 1),
            "no-rerolls": ("none", False, 1)}


def todays(ruleset: str) -> tuple[str, bool, int]:
    """How today's GreedyAgent weighs die changes in ``ruleset``, as a :data:`VARIANTS` entry."""
    unweighed = terms(mp.new_game(players=2, ruleset=ruleset, seed=0)).unweighed
    return "none" if "reroll" in unweighed else "own", "adjust_die" not in unweighed, PRELUDE_FUTURES


def die_changes(actions: list[Action], reroll: str, adjust: bool) -> list[Action]:
    """``actions`` with die changes kept as a variant weighs them: rerolls of the lowest die of each
    kind (own; black or white) if ``reroll`` is ``"each"``, of the lowest own die if ``"own"``, none
    if ``"none"``; adjustments of the lowest and the highest if ``adjust``."""
    values: dict[tuple[str, bool], list[int]] = {}
    for a in actions:
        if a.kind in ("reroll", "adjust_die"):
            values.setdefault((a.kind, bool(a.black)), []).append(a.dice[0])
    keep = {key: (min(v), min(v) if key[0] == "reroll" else max(v)) for key, v in values.items()}
    wanted = {"reroll": (False, True) if reroll == "each" else (False,) if reroll == "own" else (),
              "adjust_die": (False, True) if adjust else ()}
    return [a for a in actions if a.kind not in wanted
            or (bool(a.black) in wanted[a.kind] and a.dice[0] in keep[(a.kind, bool(a.black))])]


class Variant(GreedyAgent):
    """Today's GreedyAgent weighing die changes as the variant ``name`` of :data:`VARIANTS` does."""

    def __init__(self, name: str, seed: int = 0):
        super().__init__(seed)
        self.variant = name
        self.reroll, self.adjust, self._prelude_futures = VARIANTS[name]
        self.name = f"greedy_{name}"

    def rank(self, state: GameState, actions: list[Action] | None = None) -> list[tuple[float, Action]]:
        if actions is None:
            actions = die_changes(distinct_actions(state, state.legal_actions()), self.reroll, self.adjust)
        return super().rank(state, actions)

    def with_seed(self, seed: int) -> Variant:
        return Variant(self.variant, seed)


def today(n: int) -> GreedyAgent:
    return GreedyAgent(n)


def variant(name: str, n: int) -> Variant:
    return Variant(name, n)


def game_cpu(ruleset: str, seed: int, make: Callable[[int], GreedyAgent]) -> float:
    """The CPU seconds of one 2-player game of ``make``'s agents (seeded ``10 * seed + seat``)."""
    s = mp.new_game(players=2, ruleset=ruleset, seed=seed)
    agents = [make(10 * seed + k) for k in range(2)]
    start = time.process_time()
    while not s.is_over:
        i = s.current_player
        assert i is not None
        s = s.apply(agents[i].choose(s))
    return time.process_time() - start


def spread(seconds: list[float]) -> str:
    return f"{median(seconds):.2f} s ({min(seconds):.2f}-{max(seconds):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", default=["mp2", "voyages"], choices=["mp2", "voyages"])
    parser.add_argument("--games", type=int, default=6, help="seeds timed")
    parser.add_argument("--paired", type=int, default=100, help="seeds played in both seatings")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print("$ python bench/greedy_frontier.py " + " ".join(sys.argv[1:]), flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        for ruleset in args.rulesets:
            for name in args.variants:
                if VARIANTS[name] == todays(ruleset):
                    continue
                mine: list[float] = []
                theirs: list[float] = []
                for seed in range(args.games):
                    mine.append(game_cpu(ruleset, seed, GreedyAgent))
                    theirs.append(game_cpu(ruleset, seed, partial(Variant, name)))
                line = f"{ruleset} vs {name}: CPU a game {spread(mine)} today, {spread(theirs)} the variant"
                if args.paired:
                    tally, games = paired(pool, ruleset, args.paired, today, partial(variant, name))
                    line += f"; today's {tally.rate()}, {margin_text(per_seed(games, margin), 'VP')}"
                print(line, flush=True)


if __name__ == "__main__":
    main()
