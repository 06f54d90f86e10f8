"""Today's GreedyAgent against the Voyages greedy of commit 7807896 (issue 35's first travel work:
3.5 Travel actions, 5.9 trading posts a game), in paired games.

Usage::

    python bench/greedy_voyages_7807896.py [--paired 100] [--workers 1]

:class:`Greedy7807896Agent` is the package's GreedyAgent playing on the frozen Voyages evaluation
of that commit (``bench/voyages_evaluation_7807896.py``); the agent itself is shared, so only the
evaluation is frozen. The match plays seeds ``5000 + n`` (``n < --paired``), each twice with the
seats swapped (``bench/agents.py``'s paired games), and prints the new greedy's win rate (ties
count half; 95% Wilson interval), its mean margin ± its standard error over the seeds, and the
Travel actions, trading posts and goal points a game of both (each in its own seats). Issue 35 asks
that the new Voyages greedy be not weaker than this one: the interval must reach 50% and the
margin must not be significantly negative.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, ruleset="voyages", seed=1)
>>> a = Greedy7807896Agent(seed=0).choose(s)
>>> a in s.legal_actions(), a == Greedy7807896Agent(seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, cast

sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

import voyages_evaluation_7807896  # noqa: E402
from agents import Tally, margin_text, play_seats  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import greedy as greedy_module  # noqa: E402
from mp_notebook.agents.base import terms as package_terms  # noqa: E402
from mp_notebook.rulesets.voyages import evaluation as package_evaluation  # noqa: E402

if TYPE_CHECKING:
    from mp_notebook.agents.base import AgentTerms
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

FROZEN = cast("AgentTerms", voyages_evaluation_7807896)
# The agent is shared, and so are its own settings: the bonus actions it leaves out of its candidates
# (an agent setting that the evaluation module declares; the frozen copy predates it).
FROZEN.unweighed = getattr(package_evaluation, "unweighed", ())


def frozen_terms(s: GameState) -> AgentTerms:
    """The frozen evaluation for a Voyages position, the package's for the others."""
    return FROZEN if s.ruleset == "voyages" else package_terms(s)


class Greedy7807896Agent(mp.agents.GreedyAgent):
    """The GreedyAgent on the frozen Voyages evaluation: while it ranks, the greedy module's
    ``terms`` reads the frozen copy (a process plays one decision at a time)."""

    name = "greedy_7807896"

    def rank(self, state: GameState, actions: list[Action] | None = None) -> list[tuple[float, Action]]:
        greedy_module.terms = frozen_terms
        try:
            return super().rank(state, actions)
        finally:
            greedy_module.terms = package_terms

    def __repr__(self) -> str:
        return f"Greedy7807896Agent(seed={self.seed})"


def game(job: tuple[int, int]) -> list[Tally]:
    """Game ``5000 + n`` with the new greedy in ``seat`` (job ``(n, seat)``): the tallies of the new
    greedy and of the frozen one, in that order."""
    n, seat = job
    agents: list[mp.agents.Agent] = [mp.agents.GreedyAgent(n), Greedy7807896Agent(n)]
    if seat:
        agents.reverse()
    tallies = play_seats(agents, 5000 + n, ruleset="voyages")
    return [tallies[seat], tallies[1 - seat]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--paired", type=int, default=100, help="seeds, each played in both seatings")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(f"command: python {' '.join(sys.argv)}", flush=True)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(game, [(n, seat) for n in range(args.paired) for seat in (0, 1)], chunksize=1))
    sides = [Tally(), Tally()]
    for tallies in games:
        for side, tally in zip(sides, tallies, strict=True):
            side.add(tally)
    margins = [(a[0].score - a[0].other_score + b[0].score - b[0].other_score) / 2
               for a, b in zip(games[::2], games[1::2], strict=True)]
    print(f"Voyages: GreedyAgent vs the greedy of 7807896: {sides[0].rate()} (paired); {margin_text(margins, 'VP')} "
          f"[{time.perf_counter() - t0:.0f} s]")
    for side, name in zip(sides, ("new greedy", "greedy of 7807896"), strict=True):
        n = side.games
        print(f"  {name} per game: {side.travels / n:.2f} Travel actions, {side.posts / n:.2f} trading posts, "
              f"{side.goal_points / n:.1f} goal points")


if __name__ == "__main__":
    main()
