"""The search player: the greedy agent's best moves, compared on the learned position value and on
rollouts to the final scoring.

At a turn decision the :class:`~mp_notebook.agents.greedy.GreedyAgent` proposes its ``top_k``
actions; each is tried on forks of the position, every fork *determinized* from the seat's view
with ``state.determinize(seat, k)`` (other dice, other face-down decks, the other players' secret
cards dealt anew from those the seat has not seen: the agent peeks neither at the future nor at
its opponents' cards),
its follow-ups played out by the greedy agent, then played on by the rollout ``policy`` for every
seat up to the horizon, where the position is valued by the ruleset's learned value
(:mod:`mp_notebook.agents.value`: the expected final margin over the best opponent, or the
log-odds of winning in the Schmidt game, a race; a finished game by its result), or with
``leaf="hand"`` by greedy's evaluation (its margin over the best opponent). Every candidate is
tried on the same futures (common random numbers). Follow-up decisions (which offer, which seal,
where to move ...) are searched the same way where ``follow_ups`` says so (``None``, the default:
in the Schmidt game, whose turn decision is only the choice of spinner, and in the last round of
the others, see :meth:`SearchAgent.searches_follow_ups`), else left to the greedy agent.

Horizons (:data:`HORIZONS`): ``"action"`` values the position once the action's follow-ups are
played, ``"turn"`` once every other seat has replied, ``"round"`` at the end of the round,
``"game"`` at the final scoring. ``"auto"`` (default): in the last round of a game with a number
of rounds, ``"game"``; before it, and in the Schmidt game throughout (its round limit, which
``mp.simulate`` and the benches set as a guard, counts as a last round only when reached),
``"action"``. At the ``"action"`` horizon a candidate whose outcome is not chance is valued once
(every future ends alike); its value is weighed with the greedy agent's own score,
``(1 - weight) * greedy + weight * learned``, both in greedy's unit (``weight=0``: greedy's
choice; ``1``: the learned value alone). There the learned value is the learned margin: in VP, or
in the Schmidt game in Gulden over the evaluation's ``unit`` (points of 10 Gulden; its log-odds of
winning, weighed at 0.3 against greedy's points, never changed a choice). The action with the best
value wins unless it beats the greedy agent's first choice by no more than ``threshold`` (in the
unit compared: greedy's at the ``"action"`` horizon, else the learned value's).

How the defaults were chosen, what each setting measured in paired games against the greedy
player (``bench/search_match.py``) and the settings tried and not kept: ``docs/bots.md``.

The rollout ``policy`` is the full :class:`~mp_notebook.agents.greedy.GreedyAgent` by default: a
rollout is then the game as greedy players would go on with it. Any agent can stand in, for
example the cheaper :class:`~mp_notebook.agents.playout.RolloutPolicy`.

Budgets: ``budget_rollouts`` rollouts per searched decision, shared round-robin among the
candidates. ``budget_decisions`` bounds the decisions the rollouts of one search play, and so its
time, without the clock (issue 38: the slow searches are the first turns of the last round, where
each rollout plays the whole round); ``budget_seconds`` bounds its seconds on the clock (the app's
search bot: 0.8 s), and then the result depends on the machine's speed (with
``budget_seconds=None`` the agent is exactly reproducible). The first rollout tells how long a
rollout is, in decisions and in seconds; when a budget cannot afford the planned rollouts, it is
spent on greedy's best candidates, each still compared on ``budget_rollouts // top_k`` futures (4
by default), so fewer candidates are searched as precisely as before rather than all of them on
fewer futures; where it affords fewer than two, the agent takes greedy's choice. The clock also
stops a search that runs late, at the end of a round of its candidates on one future. The default
is 400 decisions (200 before: 400 searches the first turns of Marco Polo II's last round, and
won +3.2 ± 1.0 VP a game more; at first unbounded: a 99th percentile of 23 s a decision in issue
38's measurement).

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> agent = SearchAgent(budget_rollouts=6, seed=2)
>>> a = agent.choose(s)
>>> a in s.legal_actions(), a == SearchAgent(budget_rollouts=6, seed=2).choose(s)
(True, True)
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from mp_notebook.agents import _value as learned
from mp_notebook.agents.base import checked_actions, checked_agent, position_seed, terms
from mp_notebook.agents.greedy import GreedyAgent
from mp_notebook.agents.playout import ROLLOUT_HORIZONS, rollout, schedule
from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import MAX_SEED, checked_choice, checked_int, checked_number, checked_seed, shown

if TYPE_CHECKING:
    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.game import GameState

HORIZONS = (*ROLLOUT_HORIZONS, "auto")  # auto: see SearchAgent.horizon_at
LEAVES = ("learned", "hand")  # what values a rollout's end: the learned value, greedy's evaluation


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
        budget_decisions: int | None = 400,
        weight: float = 0.3,
        follow_ups: bool | None = None,
        leaf: str = "learned",
    ):
        horizon = checked_choice("horizon", horizon, HORIZONS)
        budget_rollouts = checked_int("budget_rollouts", budget_rollouts, 1)
        top_k = checked_int("top_k", top_k, 1)
        if budget_decisions is not None:
            budget_decisions = checked_int("budget_decisions", budget_decisions, 1)
        if budget_seconds is not None:
            budget_seconds = checked_number("budget_seconds", budget_seconds, 0.0, 86400.0)
        weight = checked_number("weight", weight, 0.0, 1.0)
        leaf = checked_choice("leaf", leaf, LEAVES)
        follow_ups = checked_choice("follow_ups", follow_ups, (None, True, False))
        seed = checked_seed(seed)
        threshold = checked_number("threshold", threshold, -math.inf, math.inf, finite=False)  # inf: keep greedy's
        if policy is not None:
            policy = checked_agent("policy", policy)
        self.budget_rollouts = budget_rollouts
        self.budget_seconds = budget_seconds
        self.seed = seed
        self.top_k = top_k
        self.horizon = horizon
        self.threshold = threshold
        self.policy = policy
        self.budget_decisions = budget_decisions
        self.weight = weight
        self.follow_ups = follow_ups
        self.leaf = leaf
        self._greedy = GreedyAgent(seed)

    def choose(self, state: GameState) -> Action:
        """Greedy's first choice at ``state``, unless the search finds another clearly better."""
        legal = checked_state("state", state, playing=True).legal_actions()
        if len(legal) == 1:
            return legal[0]
        ranked = self._greedy.rank(state)
        searched = state.decision.kind == "turn" or self.searches_follow_ups(state)
        if not searched or len(ranked) == 1 or self.top_k == 1:
            return ranked[0][1]
        candidates = [a for _, a in ranked[: self.top_k]]
        results = self.search(state, candidates)
        if self.horizon_at(state) == "action":  # greedy's score and the learned value, weighed
            score = {a: v for v, a in ranked[: self.top_k]}
            results = sorted(((a, (1 - self.weight) * score[a] + self.weight * mean, n) for a, mean, n in results),
                             key=lambda r: -r[1])
        greedy_mean = next(mean for a, mean, _ in results if a == candidates[0])
        best, best_mean, _ = results[0]
        # keep the greedy choice unless the rollouts find another clearly better
        return best if best_mean - greedy_mean > self.threshold else candidates[0]

    def search(self, state: GameState, candidates: list[Action]) -> list[tuple[Action, float, int]]:
        """``(action, mean margin, rollouts)`` per candidate searched, best first (ties: given
        order). Every candidate is searched unless the budgets cannot afford it: then the first
        rollout's length in decisions (``budget_decisions``) and in seconds (``budget_seconds``)
        say how many rollouts the budgets buy, and the first candidates that they afford at
        ``budget_rollouts // top_k`` rollouts each share them equally (the first alone, on that one
        rollout, if they afford fewer than two). On the clock the search also stops once
        ``budget_seconds`` have passed, after a round of every searched candidate on one future
        (so all are compared on the same futures)."""
        candidates = _legal(state, candidates)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        started = time.perf_counter()
        searched = len(candidates)
        planned = self.futures(state, candidates)
        plan = schedule(searched, planned)
        k = 0
        while k < len(plan):
            if k and k % searched == 0 and self._late(started):
                break
            j, future = plan[k]
            margin, decisions = self._rollout(state, candidates[j], future)
            totals[j] += margin
            counts[j] += 1
            if k == 0:
                searched, budget = self._afford(len(candidates), planned, decisions, time.perf_counter() - started)
                plan = schedule(searched, budget)
            k += 1
        results = [(a, totals[j] / counts[j], counts[j]) for j, a in enumerate(candidates) if counts[j]]
        order = sorted(range(len(results)), key=lambda j: (-results[j][1], j))
        return [results[j] for j in order]

    def _late(self, started: float) -> bool:
        """Whether ``budget_seconds`` have passed since ``started`` (``time.perf_counter``)."""
        return self.budget_seconds is not None and time.perf_counter() - started > self.budget_seconds

    def _afford(self, candidates: int, planned: int, decisions: int, seconds: float) -> tuple[int, int]:
        """How many of ``candidates`` to search, and the rollouts in all, when ``planned`` rollouts
        were planned and one takes ``decisions`` decisions and ``seconds`` (see :meth:`search`).

        >>> SearchAgent(budget_decisions=400)._afford(4, 16, 50, 0.1)   # 8 rollouts: 2 candidates x 4
        (2, 8)
        >>> SearchAgent(budget_decisions=None, budget_seconds=1.0)._afford(4, 16, 50, 0.1)
        (2, 10)
        >>> SearchAgent(budget_decisions=400, budget_seconds=0.05)._afford(4, 16, 10, 0.1)   # greedy's
        (1, 1)
        """
        budget = planned
        if self.budget_decisions is not None:
            budget = min(budget, self.budget_decisions // max(1, decisions))
        if self.budget_seconds is not None:
            budget = min(budget, int(self.budget_seconds / max(seconds, 1e-9)))
        if budget >= planned:
            return candidates, planned
        searched = min(candidates, budget // max(1, self.budget_rollouts // self.top_k))
        return (searched, budget // searched * searched) if searched > 1 else (1, 1)

    def margin(self, state: GameState, action: Action, future: int) -> float:
        """One rollout: the player to move's margin over the best opponent at the horizon, after
        ``action`` on sample future number ``future`` (``state.determinize``), its follow-ups by the
        greedy agent and the ``policy`` for every seat.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1)
        >>> agent = SearchAgent(seed=2)
        >>> a = s.legal_actions()[0]
        >>> agent.margin(s, a, 0) == agent.margin(s, a, 0)
        True
        """
        action = _legal(state, [action])[0]
        return self._rollout(state, action, checked_int("future", future, 0, MAX_SEED))[0]

    def _rollout(self, state: GameState, action: Action, future: int) -> tuple[float, int]:
        """:meth:`margin`, and the decisions the ``policy`` took in the rollout (its cost)."""
        i = state.current_player
        assert i is not None, "the game is over"
        base = position_seed(self.seed, state)
        policy = (self._greedy if self.policy is None else self.policy).with_seed(base)
        fork = self._greedy.follow_ups(state.determinize(i, base + future).apply(action), i)
        horizon = self.horizon_at(state)
        end = rollout(fork, i, policy, horizon)
        return self._leaf(end, i, horizon), len(end.history) - len(fork.history)  # one entry a decision

    def _leaf(self, end: GameState, i: int, horizon: str) -> float:
        """Seat ``i``'s value of the rollout's ``end``: greedy's evaluation margin (``leaf="hand"``),
        or the learned value: at the ``"action"`` horizon, where it is weighed with greedy's score,
        the learned margin in greedy's unit (the Schmidt game's, in Gulden, over the evaluation's
        ``unit``: points of 10 Gulden), at the others :func:`~mp_notebook.agents.value.value`."""
        if self.leaf == "hand":
            return terms(end).margin(end, i)
        if horizon == "action":
            return learned.margin(end, i) / terms(end).unit
        return learned.value(end, i)

    def futures(self, state: GameState, candidates: list[Action]) -> int:
        """The rollouts a search of ``candidates`` plays: ``budget_rollouts``, or one per candidate
        at the ``"action"`` horizon when no candidate's outcome is chance (every future then ends
        in the same position, unless a follow-up decision is chance: that is played on one future).

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1)
        >>> SearchAgent(budget_rollouts=8).futures(s, s.legal_actions()[:2]) <= 8
        True
        """
        candidates = _legal(state, candidates)
        if self.horizon_at(state) == "action" and not any(terms(state).chance(state, a) for a in candidates):
            return len(candidates)
        return self.budget_rollouts

    def searches_follow_ups(self, state: GameState) -> bool:
        """Whether follow-up decisions are searched: ``follow_ups``, or for ``None`` where the
        ruleset's learned value is a chance to win (a race: the Schmidt game, whose turn decision
        is only the choice of spinner; the moves and trades that follow it are what decides), and
        in the last round of the others, where rollouts to the final scoring tell the follow-ups
        (which city, which contract, which reward) apart.

        >>> import mp_notebook as mp
        >>> [SearchAgent().searches_follow_ups(mp.new_game(2, ruleset=r, seed=1)) for r in ("mp2", "schmidt")]
        [False, True]
        """
        checked_state("state", state)
        if self.follow_ups is not None:
            return self.follow_ups
        return learned.terms(state.ruleset).OUTCOME == "win" or self.horizon_at(state) == "game"

    def horizon_at(self, state: GameState) -> str:
        """The horizon of the rollouts at ``state``: ``horizon``, resolved for ``"auto"``:
        ``"game"`` in the last round of a game with a number of rounds (a Schmidt game's round
        limit counts), else ``"action"`` (each candidate valued by the learned value once its
        follow-ups are played).

        >>> import mp_notebook as mp
        >>> SearchAgent().horizon_at(mp.new_game(players=2, seed=1))
        'action'
        """
        checked_state("state", state)
        if self.horizon != "auto":
            return self.horizon
        return "game" if state.rounds is not None and state.round >= state.rounds else "action"

    def with_seed(self, seed: int) -> SearchAgent:
        """This player with another seed (its settings kept)."""
        return SearchAgent(
            self.budget_rollouts,
            self.budget_seconds,
            seed,
            top_k=self.top_k,
            horizon=self.horizon,
            threshold=self.threshold,
            policy=self.policy,
            budget_decisions=self.budget_decisions,
            weight=self.weight,
            follow_ups=self.follow_ups,
            leaf=self.leaf,
        )

    def __repr__(self) -> str:
        return (
            f"SearchAgent(budget_rollouts={self.budget_rollouts}, "
            f"budget_seconds={self.budget_seconds}, seed={self.seed}, top_k={self.top_k}, "
            f"horizon={self.horizon!r}, threshold={self.threshold}, policy={self.policy!r}, "
            f"budget_decisions={self.budget_decisions}, weight={self.weight}, follow_ups={self.follow_ups}, "
            f"leaf={self.leaf!r})"
        )


def _legal(state: Any, candidates: Any) -> list[Action]:
    """``candidates``, a non-empty list of legal actions of ``state`` (a game with a decision to take)."""
    legal = checked_state("state", state, playing=True).legal_actions()
    actions = checked_actions("candidates", candidates)
    unknown = [a for a in actions if a not in legal]  # by equality: a hand-made Action may not hash
    if unknown:
        raise ArgumentError(f"candidates must be legal actions of the state ({state.decision.text}), "
                            f"got {shown(unknown)}")
    return actions
