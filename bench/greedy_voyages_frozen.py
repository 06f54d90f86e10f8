"""Today's GreedyAgent against the greedy of an earlier commit's evaluation, in paired games.

Usage::

    python bench/greedy_voyages_frozen.py [--ruleset voyages|mp2|schmidt] [--commit 7807896]
                                          [--paired 100] [--first 0] [--workers 1]
    python bench/greedy_voyages_frozen.py --ruleset R --agent GreedyPreludeAgent [--paired 100] ...

The earlier greedy is the package's GreedyAgent playing on the evaluation of ``--ruleset`` (Voyages
by default, the bench's first use) at that commit
(made from it by ``bench/frozen/``: any commit whose evaluation runs on today's engine); the agent
and its own settings (such as the bonus actions it leaves out,
:data:`~mp_notebook.agents.base.AgentTerms.unweighed`) are shared, so only the evaluation differs.
The figures kept (``bench/frozen/README.md``) use:

* ``7807896`` (the default): issue 35's first travel work (3.5 Travel actions, 5.9 trading posts a
  game), the Voyages greedy until d75b0a4 added the next round's start player and this round's
  journey still to be made and counted 0.7 of the plan;
* ``d2a944e``: the Voyages greedy of issue 35's first work (3.5 Travel actions a game).

A change of another ruleset's evaluation is measured the same way against the evaluation of the
commit before it (``--ruleset schmidt --commit COMMIT``), and a change of the agent itself against
the whole ``GreedyAgent`` of the commit before it (``--agent NAME``: a frozen greedy player of
``bench/frozen/``, its agent and evaluations, e.g. ``GreedyPreludeAgent``). The match plays seeds ``5000 + n``
(``--first <= n < --first + --paired``), each twice with the seats swapped (``bench/agents.py``'s
paired games; Schmidt games have its ``round_limit=300`` guard), and prints today's win rate (ties
count half; 95% Wilson interval), its mean margin ± its standard error over the seeds, and a game
of both (each in its own seats): the Travel actions, trading posts and goal points (Marco Polo II
and Voyages), or the games won by a return to Venice, the rounds and the forced sales (Schmidt). A
new greedy must be not weaker than the earlier one: the interval must reach 50% and the margin must
not be significantly negative.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, ruleset="voyages", seed=1)
>>> a = FrozenGreedy("7807896", seed=0).choose(s)
>>> a in s.legal_actions(), a == FrozenGreedy("7807896", seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING, cast

sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from agents import Tally, margin, margin_text, per_seed, play_seats  # noqa: E402
from frozen import GREEDY, evaluation, reweighed  # noqa: E402
from frozen import greedy as frozen_greedy  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import greedy as greedy_module  # noqa: E402
from mp_notebook.agents.base import terms as package_terms  # noqa: E402
from mp_notebook.registry import get  # noqa: E402

if TYPE_CHECKING:
    from mp_notebook.agents.base import AgentTerms
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

DEFAULT = "7807896"  # the commit of the Voyages greedy that issue 35's travel work must not be weaker than


def frozen_evaluation(commit: str, ruleset: str = "voyages") -> AgentTerms:
    """The evaluation of ``ruleset`` at ``commit``, with today's agent settings (the frozen ones of
    Voyages predate ``unweighed``), and its ``closure`` as today's agent asks it: an evaluation
    before 74117f2 names the closure's bonus actions by their kinds, now ``closure(s, i)`` gives
    them (the legal actions of those kinds; ``None`` for none).

    >>> frozen_evaluation("7807896").closure is None
    True
    """
    frozen = cast("AgentTerms", evaluation(ruleset, commit))
    frozen.unweighed = package_terms(mp.new_game(2, ruleset=ruleset, seed=0)).unweighed
    if isinstance(frozen.closure, tuple):
        kinds = frozen.closure
        frozen.closure = (lambda s, i: [a for a in s.legal_actions() if a.kind in kinds]) if kinds else None
    return frozen


class FrozenGreedy(mp.agents.GreedyAgent):
    """The GreedyAgent on another evaluation of ``ruleset``: the one at ``commit``, or (``commit``
    ``None``) this checkout's with the module constants ``changes`` set otherwise
    (``frozen.reweighed``, ``bench/weights.py``). While it ranks, the greedy module's ``terms`` reads
    that evaluation for a position of that ruleset (a process plays one decision at a time).

    >>> FrozenGreedy(None, ruleset="mp2", changes=(("POST", "12.0"),)).name
    'greedy POST=12.0'
    """

    def __init__(self, commit: str | None, seed: int = 0, ruleset: str = "voyages",
                 changes: tuple[tuple[str, str], ...] = ()):
        super().__init__(seed)
        self.commit = commit
        self.ruleset = ruleset
        self.changes = changes
        if commit is None:
            self.name = " ".join(["greedy", *map("=".join, changes)])
            self._evaluation = cast("AgentTerms", reweighed(ruleset, changes))
        else:
            self.name = f"greedy_{commit}"
            self._evaluation = frozen_evaluation(commit, ruleset)

    def rank(self, state: GameState, actions: list[Action] | None = None) -> list[tuple[float, Action]]:
        frozen, ruleset = self._evaluation, self.ruleset
        greedy_module.terms = lambda s: frozen if s.ruleset == ruleset else package_terms(s)
        try:
            return super().rank(state, actions)
        finally:
            greedy_module.terms = package_terms

    def with_seed(self, seed: int) -> FrozenGreedy:
        return FrozenGreedy(self.commit, seed, self.ruleset, self.changes)

    def __repr__(self) -> str:
        changes = f", changes={self.changes!r}" if self.changes else ""
        return f"FrozenGreedy({self.commit!r}, seed={self.seed}, ruleset={self.ruleset!r}{changes})"


def game(job: tuple[str, int, int, str, bool]) -> list[Tally]:
    """Game ``5000 + n`` of ``ruleset`` with today's greedy in ``seat`` against the greedy of
    ``commit`` (job ``(commit, n, seat, ruleset, whole)``; ``whole``: ``commit`` names a frozen
    greedy player, agent and evaluations): the tallies of today's greedy and of the frozen one, in
    that order."""
    commit, n, seat, ruleset, whole = job
    other = frozen_greedy(commit)(n) if whole else FrozenGreedy(commit, n, ruleset)
    agents: list[mp.agents.Agent] = [mp.agents.GreedyAgent(n), other]
    if seat:
        agents.reverse()
    tallies = play_seats(agents, 5000 + n, ruleset=ruleset)
    return [tallies[seat], tallies[1 - seat]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", choices=("voyages", "mp2", "schmidt"), default="voyages")
    parser.add_argument("--commit", help=f"whose evaluation (a commit; Voyages: {DEFAULT} unless named)")
    parser.add_argument("--agent", choices=tuple(GREEDY), help="instead: a frozen greedy player, agent and evaluations")
    parser.add_argument("--paired", type=int, default=100, help="seeds, each played in both seatings")
    parser.add_argument("--first", type=int, default=0, help="the first seed's number n (seed 5000 + n)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.agent is not None:
        args.commit = args.agent
    elif args.commit is None:
        if args.ruleset != "voyages":
            parser.error("--commit: the commit whose evaluation today's is measured against")
        args.commit = DEFAULT
    print(f"command: python {' '.join(sys.argv)}", flush=True)
    t0 = time.perf_counter()
    jobs = [(args.commit, n, seat, args.ruleset, args.agent is not None)
            for n in range(args.first, args.first + args.paired) for seat in (0, 1)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(game, jobs, chunksize=1))
    sides = [Tally(), Tally()]
    for tallies in games:
        for side, tally in zip(sides, tallies, strict=True):
            side.add(tally)
    unit = get(args.ruleset).part("ui").SCORE_UNIT
    label = f"{args.agent} (the greedy of {GREEDY[args.agent][0]})" if args.agent else f"the greedy of {args.commit}"
    print(f"{args.ruleset}: GreedyAgent vs {label}: {sides[0].rate()} (paired, seeds "
          f"{5000 + args.first}-{5000 + args.first + args.paired - 1}); "
          f"{margin_text(per_seed([g[0] for g in games], margin), unit)} [{time.perf_counter() - t0:.0f} s]")
    for side, name in zip(sides, ("today's greedy", label), strict=True):
        n = side.games
        if args.ruleset == "schmidt":
            print(f"  {name} per game: {side.sales / n:.2f} forced sales; games ended by a return to Venice "
                  f"{side.returned / n:.1%}; median rounds {median(side.rounds):.0f}")
        else:
            print(f"  {name} per game: {side.travels / n:.2f} Travel actions, {side.posts / n:.2f} trading posts, "
                  f"{side.goal_points / n:.1f} goal points")


if __name__ == "__main__":
    main()
