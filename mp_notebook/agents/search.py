"""The search player: the greedy agent's best moves, compared on the learned position value and on
rollouts to the final scoring.

At a turn decision the :class:`~mp_notebook.agents.greedy.GreedyAgent` proposes its ``top_k``
actions; each is tried on forks of the position, every fork *determinized* with
``state.reseed(k)`` (other dice, other face-down decks: the agent does not peek at the future),
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

Measured with the learned value of design 2 (commit e9a474e: the hand evaluation's estimate is
one of its features) in 2-player games against ``GreedyAgent``, paired (``python
bench/search_match.py``: game ``n`` has seed ``70000 + n // 2``, the search in seat ``n % 2``; a
shared victory counts half; the margin ± its standard error over the seeds; CPU time a decision):

* Marco Polo II, against the greedy of commit a300d46 (it no longer weighs rerolls and
  adjustments; the search's rollouts play it too), games 0-199 (runs ``--games 40 --first 0
  --settings "budget_decisions=200" "budget_decisions=400"``, then ``--games 80 --first 40`` and
  ``--first 120`` for each setting; the learned value refitted on that greedy's games, commit
  885c589, but for the ``budget_decisions=200`` run of games 40-119, which started before the
  refit and used the value of commit 53d9fdc): the defaults
  (``budget_decisions=400``) 67.0% (95% Wilson interval 60.2-73.1%), +9.0 ± 0.9 VP a game
  (with games 200-399, played later on the same code, ``--games 120 --first 200`` then ``--games
  80 --first 320``: 64.2% (59.4-68.8%) of 400, +8.0 ± 0.6 VP), a
  decision a median of 2.1-2.5 ms, a 99th percentile of 0.59-0.74 s, at most 1.42 s (CPU); with
  ``budget_decisions=200`` (the default before) 62.5% (55.6-68.9%), +5.8 ± 0.9 VP, median
  2.5-2.7 ms, p99 0.18-0.22 s, at most 0.76 s. The larger budget's gain seed by seed: +3.2 ± 1.0
  VP a game (games 0-39: +2.1 ± 1.3; 40-119: +2.5 ± 1.8; 120-199: +4.3 ± 1.4); it searches the
  last round's first turns, whose rollouts play most of the round (about 60 decisions), that 200
  decisions left to greedy (65% of the search's decisions searched, 54% before). Tried on games
  0-39 with the greedy before a300d46, not kept (no gain seen): ``budget_decisions=400,top_k=6``
  60.0%, +3.3 ± 2.4 VP, p99 1.71 s, at most 3.54 s; round 4 searched on rollouts to the round's
  end valued by the learned value (one future a candidate, 400 decisions) 55.0%, +2.4 ± 1.8 VP.
  Screened in round 4 (``python bench/search_quality.py --round 4 --horizons action turn round
  --positions 30 --truth 8 --settings 4x4 4x8 4x16 2x8``; the best candidate +2.4 VP over greedy's
  choice): the ``"turn"`` horizon (the opponent's reply, then the learned value) -1.1 ± 1.0 VP a
  decision (``4x4``), ``"action"`` -0.2 ± 0.4, ``"round"`` +0.9 ± 0.4 with one future a
  candidate but -0.0 ± 0.9 with four: within the noise of the truth futures.
* Marco Polo II before the greedy of commit a300d46, the defaults of then (``budget_decisions=200``;
  the last round's follow-up decisions searched too, since
  ``follow_ups=None`` says so there), games 0-199 (runs ``--games 40 --first 0``, ``--games 80
  --first 40``, ``--games 80 --first 120``; the learned value of commit d2a944e): 57.8% (95%
  Wilson interval 50.8-64.4%), +3.8 ± 0.7 VP a game (games 0-39, 40-79, ... 160-199: 61.3%,
  52.5%, 60.0%, 50.0%, 65.0%); a decision a median of 5.6-6.6 ms, a 99th percentile of
  0.42-0.61 s, at most 2.05 s (CPU, under a load of 7 on 2 cores). The issue-35 aim of 65% is
  not reached. With the last round's turn decisions alone searched (``follow_ups=False``, the
  defaults before): 56.5% (49.6-63.2%), +2.8 ± 0.7 VP (the same five groups of 40: 57.5%,
  52.5%, 60.0%, 47.5%, 65.0%); a decision a median of 3.0-4.4 ms, a 99th percentile of
  0.31-0.56 s, at most 1.37 s. With the learned value refitted at commit 53d9fdc, games 0-39
  (``--games 40 --settings "" "follow_ups=False"``): the defaults 62.5% (47.0-75.8%), +4.4 ± 2.3
  VP, p99 0.55 s; ``follow_ups=False`` 56.2%, +2.7 ± 2.2 VP; the defaults' gain seed by seed
  +1.7 ± 0.9 VP a game. The last round's rollouts are nearly deterministic (its dice are
  rolled; a candidate's final margin on four futures varies by 0-1 VP in most positions, up to
  6 VP after a reroll) and tell greedy's candidates apart by up to 17 VP late in the round. Letting
  a tight budget search greedy's best two or three candidates on one future each, rather than
  take greedy's choice (what 200 decisions afford at the start of the last round), gained
  nothing: 57.5% of games 0-39, +0.4 ± 1.4 VP a game seed by seed, p99 0.91 s (tried, not
  kept). Before the last round, dice drawn from the future's number and the round (so that
  every candidate meets the same dice after a reroll) left the paired difference of two
  candidates' final margins at 7.5 VP a future (plain reseeds: 8.4 VP; 12 pairs of candidates in
  4 round-4 positions): the noise is the games drifting apart, not the dice. Half the search's
  decisions compare two candidates or more; in the last round most of the first turns do not: a
  rollout of the whole round takes about 68 decisions (0.32 s by the greedy policy), so the 200
  decisions of ``budget_decisions`` afford fewer than two candidates and the agent takes greedy's
  choice (22 of 32 last-round searches in two games). Searching them with the cheaper
  :class:`~mp_notebook.agents.playout.PlayoutPolicy` (0.05 s a rollout; ``policy=playout,
  budget_decisions=1600``) lost: 46.9% of games 4-35 against the defaults' 56.2%, -3.0 ± 2.0 VP a
  game seed by seed (rounds 1-4 are the same in both), p99 0.89 s: its rollouts do not play the
  way greedy opponents do. More weight on the learned value, games 0-39 (defaults: 57.5%, +2.9 ±
  1.1 VP): ``weight=0.6`` 48.8% (34.1-63.7%), +0.7 ± 2.3 VP; ``weight=1`` 37.5% (24.2-53.0%),
  -8.2 ± 3.8 VP. Within the noise of 40 games on the same seeds: ``threshold=0`` 52.5%, +4.1 ±
  2.5 VP; ``budget_decisions=400`` 56.2%, +4.2 ± 1.3 VP (p99 1.41 s); ``top_k=6`` 60.0%, +3.9 ±
  1.2 VP (p99 0.72 s): none is a measured gain (these with the last round's turn decisions alone
  searched).
* Voyages, against today's greedy (d75b0a4's evaluation, 2003db7's value), games 0-199
  (``--ruleset voyages --games 40``, then ``--games 160 --first 40``): 65.2% (58.4-71.5%), +6.6 ±
  0.7 VP a game, a median of 3.9 ms, p99 0.62-0.72 s, at most 1.27 s; 3.48 Travel actions a game.
* Voyages, against the greedy of 7d92d62, games 0-79 (``--ruleset voyages --games 20``, then
  ``--games 60 --first 20``, ``--settings "budget_decisions=200" "budget_decisions=400"``): the
  defaults (400) 58.8%, ``budget_decisions=200`` 56.2%; 400's gain seed by seed +1.3 ± 0.9 VP a
  game (games 0-19: -1.1 ± 1.4; 20-79: +2.1 ± 1.0), a median of 3.2 ms, p99 0.55-0.57 s. The
  searched last-round turn decisions of Marco Polo II (``python bench/greedy.py --rulesets mp2
  --games 3 --search-decisions 200``, wall clock): median 0.17 s, p99 0.64 s at the defaults.
* Voyages, against the greedy of commit e91777e, games 0-39 (``--ruleset voyages --games 40
  --settings "follow_ups=False" ""``): the defaults 60.0% (44.6-73.7%), +4.8 ± 1.8 VP, a median
  of 4.3 ms, p99 0.35 s; the last round's turn decisions alone searched 57.5%, +3.9 ± 1.8 VP; the
  defaults' gain seed by seed +0.9 ± 0.4 VP a game. Against the greedy before it, with the last
  round's turn decisions alone searched: 56.7% of games 0-59 (44.1-68.4%), +1.9 ± 1.2 VP; median
  1.5 ms, p99 0.54 s.
* Schmidt, the defaults (follow-up decisions searched, the learned margin in points of 10 Gulden
  weighed at 0.3): against today's greedy 57.5% of games 0-199 (50.6-64.1%), +119 ± 35 Gulden of
  capital a game, a decision a median of 7.7 ms, p99 0.04 s (``--ruleset schmidt --games 200``,
  the learned value of commit d2a944e; games 0-39: 55.0%, +161 ± 74; 40-59: 60.0%, +199 ± 85); the
  issue-35 aim of 65% is not reached; against the greedy before
  issue 35 (``--opponent before35``, ``bench/greedy_before35.py``) 90.0% of games 0-39
  (76.9-96.0%), +639 ± 78 Gulden; a decision a median of 7-9 ms, p99 0.04 s. Before this the
  search played exactly as greedy there (50.0%, every pair of games a mirror: a log-odds weighed
  at 0.3 against greedy's points never moved a choice, and only the choice of spinner, a turn
  decision, was searched). Other weights on games 0-39: ``weight=0.6`` 60.0% (44.6-73.7%),
  +341 ± 94 Gulden (0.3: 55.0%, +161 ± 74; too close to choose a weight per game), ``weight=1``
  (the learned margin alone) 0.0%, +34 ± 109 Gulden: capital is not the race. The learned log-odds
  alone (``weight=1`` on the log-odds, ``threshold=0``) lost: 12.5% of 40 games. Rollouts to the
  ``"turn"`` horizon valued by greedy's evaluation took 20-60 s of CPU a game, too slow to
  measure here.

Before the learned value's design 2 (design 1: counts only, no hand evaluation), with the same
defaults over games 0-199 (``python bench/value.py match``): 58.3% (51.3-64.9%), +3.3 ± 1.7 VP a
game (a standard error over games), p99 0.49-0.59 s; the learned value alone at the ``"action"``
horizon (``weight=1``) lost, 30.0% of 40 games, ``weight=0`` (the last-round search alone) won
56.2%; Voyages 56.7% (44.1-68.4%) of 60 games.

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
is 400 decisions (200 before the Marco Polo II measurement above; at first unbounded: a 99th
percentile of 23 s a decision in issue 38's measurement).

History, before the learned value (the last round searched to the final scoring, greedy's choice
before it): against GreedyAgent 63.7% (56.9-70.1%) of 200 games (seeds ``9000 + k``) before the
evaluation's weights were retuned (commit 57a529a), 60.0% (53.1-66.5%) of ``bench/agents.py``'s
200 games after; tried and dropped
then: one-turn rollouts scored by the hand evaluation everywhere (50.7%), rollouts to the round's
end in round 4 (55.8%), searching round 4 to the final scoring (two candidates' final margins on
one future differ by about 14 VP there, too noisy to tell greedy's best two apart), twice the
rollouts, and searching the last round's follow-up decisions (``bench/search_quality.py`` and
``bench/search_match.py`` compare such settings).

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

from mp_notebook.agents import value as learned
from mp_notebook.agents.base import position_seed, terms
from mp_notebook.agents.greedy import GreedyAgent
from mp_notebook.agents.playout import ROLLOUT_HORIZONS, rollout, schedule
from mp_notebook.engine.validate import checked_choice, checked_int, checked_number

if TYPE_CHECKING:
    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.actions import Action
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
        legal = state.legal_actions()
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
        if self.horizon != "auto":
            return self.horizon
        return "game" if state.rounds is not None and state.round >= state.rounds else "action"

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

