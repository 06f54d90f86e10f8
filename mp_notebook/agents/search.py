"""The search player: Monte Carlo rollouts on forks of the position.

At a turn decision the :class:`~mp_notebook.agents.greedy.GreedyAgent` proposes its ``top_k``
actions; each is tried on forks of the position, every fork *determinized* with
``state.reseed(k)`` (other dice, other face-down decks: the agent does not peek at the future),
its follow-ups played out by the greedy agent, then played on by the rollout ``policy`` for every
seat up to the horizon and scored with the evaluation as the margin over the best opponent. The
action with the best mean margin wins. Every candidate is tried on the same futures (common random
numbers), so their comparison is sharper than the noise of one future. Follow-up decisions (which
offer, which seal, where to move ...) are left to the greedy agent.

The rollout ``policy`` is the full :class:`~mp_notebook.agents.greedy.GreedyAgent` by default: a
rollout is then the game as greedy players would go on with it (``python bench/agents.py``: search
against greedy). Any agent can stand in, for example the cheaper :class:`RolloutPolicy`.

Horizons: ``"turn"`` stops when the decision comes back to the searching player for a new turn
(everyone else has replied), ``"round"`` at the end of the round, ``"game"`` plays to the final
scoring and uses the real scores. ``"auto"`` (default) searches where search pays: in the last
round, to the final scoring; before it, it takes the greedy agent's choice (in a game without a
fixed number of rounds, the Schmidt game, it searches every turn to the turn's end). Measured in
2-player Marco Polo II against GreedyAgent, 200 games each (seeds ``9000 + k``, seats alternating):
one-turn rollouts everywhere won 50.7%, the same with the last round played to the final scoring
59.5%, and with rollouts to the round's end in round 4 as well 55.8% (8 rollouts on greedy's best
3); greedy's choice before the last round and 16 rollouts on the best 4 in it (the default,
with ``threshold=0``) won 63.7% (95% Wilson interval 56.9-70.1%, mean margin +6.0 ± 1.4 VP).
A one-turn rollout is scored by the evaluation greedy ranks its actions by, so it seldom departs
from greedy's choice and gains nothing when it does
(``python bench/search_quality.py --round 4 --horizons turn``: -0.3 ± 0.3 VP a decision against
greedy's choice, judged by final margins); its time goes to the last round instead, whose turn
decisions are the slow ones (with the default budget a median of 0.5-2 s, 7-11 s at the 99th
percentile on a 2-core machine, by its load; the decisions before it take greedy's few
milliseconds).
``threshold``: keep the greedy agent's first choice unless a candidate's mean margin beats it by
more than this many VP (0: always the best mean). The default, 1 VP, ignores the smallest gains,
which are mostly the noise of 16 rollouts: on the same 200 games (seeds ``9000 + k``) it won 63.5%
(56.6-69.9%), and its margin over greedy was +7.4 ± 1.4 VP against +6.0 ± 1.4 at 0, game by game
+1.4 ± 0.5 VP (``python bench/search_match.py --settings 4x16,threshold=0 4x16`` compares them on
its own seeds). On ``bench/agents.py``'s own seeds (``5000 + n``) the default won 62.3%
(55.4-68.7%) of 200 games, at a median of 0.47 s a last-round decision. Tried and dropped: counting
each rollout's margin ``m`` as ``5 * tanh(m / 5)``, to play to win rather than to win big, lost
2.5 ± 1.8 VP a game against the default over games 0-29 of ``bench/search_match.py`` (wins 61.7%
against 63.3%); twice the rollouts (32 on the best 4) changed the margin by -0.5 ± 1.4 VP a game on
the same games (the same 63.3% wins) at 1.0 s a median last-round decision instead of 0.6 s;
searching the last round's follow-up decisions as well (which offer, contract, seal, where to move
...), which
``python bench/search_quality.py --decisions follow-up --positions 60 --settings 2x8 4x16``
screened at +0.68 ± 0.30 VP a decision (4x16), changed the margin by +0.2 ± 0.9 VP a game over
games 0-59 of ``bench/search_match.py`` (wins 70.0% against 68.3%) at 2.0 s a median last-round
decision instead of 0.7 s and half as much time again a game; searching round 4 as well, to the
final scoring (there ``SearchAgent(8, top_k=2, horizon="game")``, about 5 s a decision), changed
the margin by -0.5 ± 1.9 VP a game over games 0-59 (wins 60.0% against 68.3%) at more than twice
the time a game: from round 4 the two candidates' final margins on the same future differ by a
standard deviation of about 14 VP (the median over 11 round-4 positions of games 0-3), so four
futures each leave about ±7 VP, too much to tell greedy's best two apart.
The figures above were measured before the evaluation's weights were retuned (commit 57a529a:
empty contract slots and posts in contract cities worth less, a post's later worth fading over the
last 3.5 rounds instead of 2.5); against the retuned greedy the default won 60.0% (53.1-66.5%) of
``bench/agents.py``'s 200 games, +6 VP a game on average, at 0.43 s a median last-round decision.

Budgets: ``budget_rollouts`` rollouts per searched decision, shared round-robin among the
candidates (``python bench/agents.py`` prints the win rate against greedy and the decision times
per round); ``budget_seconds`` stops earlier on the clock (then the result depends on the
machine's speed; with ``budget_seconds=None`` the agent is exactly reproducible).
``budget_decisions`` bounds the decisions the rollouts of one search play, and so its time,
without the clock (issue 38: the slow searches are the first turns of the last round, where each
rollout plays the whole round). The first rollout tells how long a rollout is; when the budget
cannot afford ``budget_rollouts`` of them, it is spent on greedy's best candidates, each still
compared on ``budget_rollouts // top_k`` futures (4 by default), so fewer candidates are searched
as precisely as before rather than all of them on fewer futures; where it affords fewer than two,
the agent takes greedy's choice. Later in the round the rollouts are short and everything is
searched as before. The default, ``None``, does not bound the search: with
``budget_decisions=500`` its last-round decisions took about half the time (median 4.9 s instead
of 8.6 s, at most 5.8 s instead of 11.1 s, on 10 decisions of one game on a heavily loaded 2-core
machine, ``python bench/greedy.py --games 1 --rulesets mp2 --search-decisions 10``), but it chose
otherwise at 5 of those 10 decisions. Against greedy it won 67.5% (95% Wilson interval
52.0-79.9%), +8.3 VP a game, over ``bench/agents.py``'s games 0-39 only (the unbounded default:
60.0% of games 0-199): too few games to call it no loss, so the bound is not the default yet.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> agent = SearchAgent(budget_rollouts=6, seed=2)
>>> a = agent.choose(s)
>>> a in s.legal_actions(), a == SearchAgent(budget_rollouts=6, seed=2).choose(s)
(True, True)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from mp_notebook.agents.base import position_seed, terms
from mp_notebook.agents.greedy import GreedyAgent
from mp_notebook.agents.playout import rollout, schedule

if TYPE_CHECKING:
    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

HORIZONS = ("turn", "round", "game", "auto")  # auto: see SearchAgent.horizon_at


class SearchAgent:
    """Monte Carlo search over the greedy agent's best ``top_k`` actions (see the module doc).

    ``policy`` plays every seat in the rollouts (``None``: ``GreedyAgent``); it is re-seeded for
    each decision with ``with_seed``.
    """

    name = "search"

    def __init__(
        self,
        budget_rollouts: int = 16,
        budget_seconds: float | None = None,
        seed: int = 0,
        *,
        top_k: int = 4,
        horizon: str = "auto",
        threshold: float = 1.0,
        policy: Agent | None = None,
        budget_decisions: int | None = None,
    ):
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {HORIZONS}, got {horizon!r}")
        if budget_rollouts < 1:
            raise ValueError("budget_rollouts must be at least 1")
        if top_k < 1:
            raise ValueError("top_k must be at least 1")
        if budget_decisions is not None and budget_decisions < 1:
            raise ValueError("budget_decisions must be at least 1 (or None: no bound)")
        self.budget_rollouts = budget_rollouts
        self.budget_seconds = budget_seconds
        self.seed = seed
        self.top_k = top_k
        self.horizon = horizon
        self.threshold = threshold
        self.policy = policy
        self.budget_decisions = budget_decisions
        self._greedy = GreedyAgent(seed)

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ranked = self._greedy.rank(state)
        if (state.decision.kind != "turn" or len(ranked) == 1 or self.top_k == 1
                or self.horizon_at(state) is None):
            return ranked[0][1]
        candidates = [a for _, a in ranked[: self.top_k]]
        results = self.search(state, candidates)
        greedy_mean = next(mean for a, mean, _ in results if a == candidates[0])
        best, best_mean, _ = results[0]
        # keep the greedy choice unless the rollouts find another clearly better
        return best if best_mean - greedy_mean > self.threshold else candidates[0]

    def search(self, state: GameState, candidates: list[Action]) -> list[tuple[Action, float, int]]:
        """``(action, mean margin, rollouts)`` per candidate searched, best first (ties: given
        order). Every candidate is searched unless ``budget_decisions`` cannot afford it: then the
        first rollout's length says how many rollouts the budget buys, and the first candidates
        that it affords at ``budget_rollouts // top_k`` rollouts each share them equally (the
        first alone, on that one rollout, if it affords fewer than two)."""
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        deadline = (
            None if self.budget_seconds is None else time.perf_counter() + self.budget_seconds
        )
        searched = len(candidates)
        plan = schedule(searched, self.budget_rollouts)
        k = 0
        while k < len(plan):
            if deadline is not None and k >= searched and time.perf_counter() > deadline:
                break
            j, future = plan[k]
            margin, decisions = self._rollout(state, candidates[j], future)
            totals[j] += margin
            counts[j] += 1
            if k == 0 and self.budget_decisions is not None:
                searched, budget = self._afford(len(candidates), decisions)
                plan = schedule(searched, budget)
            k += 1
        results = [(a, totals[j] / counts[j], counts[j]) for j, a in enumerate(candidates) if counts[j]]
        order = sorted(range(len(results)), key=lambda j: (-results[j][1], j))
        return [results[j] for j in order]

    def _afford(self, candidates: int, decisions: int) -> tuple[int, int]:
        """How many of ``candidates`` to search, and the rollouts in all, when a rollout takes
        ``decisions`` decisions (see :meth:`search`)."""
        budget = max(1, (self.budget_decisions or 0) // max(1, decisions))
        if budget >= self.budget_rollouts:
            return candidates, self.budget_rollouts
        searched = min(candidates, budget // max(1, self.budget_rollouts // self.top_k))
        return (searched, budget // searched * searched) if searched > 1 else (1, 1)

    def margin(self, state: GameState, action: Action, future: int) -> float:
        """One rollout: the player to move's margin over the best opponent at the horizon, after
        ``action`` on sample future number ``future`` (``state.reseed``), its follow-ups by the
        greedy agent and the ``policy`` for every seat.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1)
        >>> agent = SearchAgent(seed=2)
        >>> a = s.legal_actions()[0]
        >>> agent.margin(s, a, 0) == agent.margin(s, a, 0)
        True
        """
        return self._rollout(state, action, future)[0]

    def _rollout(self, state: GameState, action: Action, future: int) -> tuple[float, int]:
        """:meth:`margin`, and the decisions the ``policy`` took in the rollout (its cost)."""
        i = state.current_player
        assert i is not None, "the game is over"
        base = position_seed(self.seed, state)
        policy = (self._greedy if self.policy is None else self.policy).with_seed(base)
        fork = self._greedy.follow_ups(state.reseed(base + future).apply(action), i)
        end = rollout(fork, i, policy, self.horizon_at(state) or "turn")
        return terms(end).margin(end, i), len(end.history) - len(fork.history)  # one entry a decision

    def horizon_at(self, state: GameState) -> str | None:
        """The horizon of the rollouts at ``state``: ``horizon``, resolved for ``"auto"``: ``None``
        (no search: :meth:`choose` takes the greedy agent's choice, :meth:`search` rolls out the
        turn) before the last round, ``"game"`` in it, ``"turn"`` in a game without a fixed number
        of rounds.

        >>> import mp_notebook as mp
        >>> SearchAgent().horizon_at(mp.new_game(players=2, seed=1)) is None
        True
        """
        if self.horizon != "auto":
            return self.horizon
        if state.rounds is None:
            return "turn"
        return "game" if state.round >= state.rounds else None

    def with_seed(self, seed: int) -> SearchAgent:
        return SearchAgent(
            self.budget_rollouts,
            self.budget_seconds,
            seed,
            top_k=self.top_k,
            horizon=self.horizon,
            threshold=self.threshold,
            policy=self.policy,
            budget_decisions=self.budget_decisions,
        )

    def __repr__(self) -> str:
        return (
            f"SearchAgent(budget_rollouts={self.budget_rollouts}, "
            f"budget_seconds={self.budget_seconds}, seed={self.seed}, top_k={self.top_k}, "
            f"horizon={self.horizon!r}, threshold={self.threshold}, policy={self.policy!r}, "
            f"budget_decisions={self.budget_decisions})"
        )

