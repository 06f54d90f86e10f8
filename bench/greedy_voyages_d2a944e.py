"""Today's GreedyAgent against the Voyages greedy of commit d2a944e (the agent of issue 35's first
Voyages work: 3.5 Travel actions a game), in paired games.

Usage::

    python bench/greedy_voyages_d2a944e.py [--paired 100] [--workers 1]

:class:`GreedyD2a944eAgent` is the package's GreedyAgent playing on the frozen Voyages evaluation
of that commit (``bench/voyages_evaluation_d2a944e.py``); the agent itself is shared, so only the
evaluation is frozen. The match plays seeds ``5000 + n`` (``n < --paired``), each twice with the
seats swapped (``bench/agents.py``'s paired games), and prints the new greedy's win rate (ties
count half; 95% Wilson interval), its mean margin ± its standard error over the seeds, and the
Travel actions, trading posts and goal points a game of both (each in its own seats). Issue 35 asks
that the new Voyages greedy lose nothing against this one: the interval must reach 50%.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, ruleset="voyages", seed=1)
>>> a = GreedyD2a944eAgent(seed=0).choose(s)
>>> a in s.legal_actions(), a == GreedyD2a944eAgent(seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import fmean, stdev
from typing import TYPE_CHECKING, cast

sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

import voyages_evaluation_d2a944e  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import greedy as greedy_module  # noqa: E402
from mp_notebook.agents.base import terms as package_terms  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402

if TYPE_CHECKING:
    from mp_notebook.agents.base import AgentTerms
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

FROZEN = cast("AgentTerms", voyages_evaluation_d2a944e)


def frozen_terms(s: GameState) -> AgentTerms:
    """The frozen evaluation for a Voyages position, the package's for the others."""
    return FROZEN if s.ruleset == "voyages" else package_terms(s)


class GreedyD2a944eAgent(mp.agents.GreedyAgent):
    """The GreedyAgent on the frozen Voyages evaluation: while it ranks, the greedy module's
    ``terms`` reads the frozen copy (a process plays one decision at a time)."""

    name = "greedy_d2a944e"

    def rank(self, state: GameState, actions: list[Action] | None = None) -> list[tuple[float, Action]]:
        greedy_module.terms = frozen_terms
        try:
            return super().rank(state, actions)
        finally:
            greedy_module.terms = package_terms

    def __repr__(self) -> str:
        return f"GreedyD2a944eAgent(seed={self.seed})"


def game(job: tuple[int, int]) -> tuple[float, int, list[tuple[int, int, int]]]:
    """Game ``5000 + n`` with the new greedy in ``seat`` (job ``(n, seat)``): the new greedy's win
    (ties count half), its margin, and each side's Travel actions, posts and goal points (new first)."""
    n, seat = job
    agents = [mp.agents.GreedyAgent(n), GreedyD2a944eAgent(n)]
    if seat:
        agents.reverse()
    s = mp.new_game(players=2, ruleset="voyages", seed=5000 + n)
    travels = [0, 0]
    while not s.is_over:
        i = s.current_player
        assert i is not None
        a = agents[i].choose(s)
        travels[i] += s.decision.kind == "turn" and a.kind == "travel"
        s = s.apply(a)
    table = s.scores()
    winners = int(table["winner"].sum())
    goals = table["goal_cards"] + table["goal_cities"]
    habits = [(travels[k], len(s.players[k].trading_posts), int(goals.iloc[k])) for k in (seat, 1 - seat)]
    total = table["total"]
    return float(table["winner"].iloc[seat]) / winners, int(total.iloc[seat] - total.iloc[1 - seat]), habits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--paired", type=int, default=100, help="seeds, each played in both seatings")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(f"command: python {' '.join(sys.argv)}", flush=True)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(game, [(n, seat) for n in range(args.paired) for seat in (0, 1)], chunksize=1))
    wins = sum(g[0] for g in games)
    low, high = wilson(wins, len(games))
    pairs = [(a[1] + b[1]) / 2 for a, b in zip(games[::2], games[1::2], strict=True)]
    se = stdev(pairs) / len(pairs) ** 0.5
    print(f"Voyages: GreedyAgent vs the greedy of d2a944e: {wins / len(games):.1%} wins over {len(games)} paired "
          f"games (95% CI {low:.1%}-{high:.1%}); margin {fmean(pairs):+.1f} ± {se:.1f} VP a game (± standard "
          f"error over the {len(pairs)} seeds) [{time.perf_counter() - t0:.0f} s]")
    for k, name in enumerate(("new greedy", "greedy of d2a944e")):
        travels, posts, goals = (fmean(g[2][k][m] for g in games) for m in range(3))
        print(f"  {name} per game: {travels:.2f} Travel actions, {posts:.2f} trading posts, {goals:.1f} goal points")


if __name__ == "__main__":
    main()
