"""Playouts: the policies that play every seat of a sampled future, and :func:`rollout`, which plays
one to a horizon.

* :class:`PlayoutPolicy` — the fast policy of ``mp.analysis.evaluate`` and the hint: the one-step
  greedy rule on its own, without the greedy agent's look-ahead machinery;
* :class:`RolloutPolicy` — a greedy/random mix built on ``GreedyAgent(resolve=False)``
  (``SearchAgent(policy=...)``; ``evaluate``'s policy before it got :class:`PlayoutPolicy`).

Horizons (:data:`ROLLOUT_HORIZONS`): ``"action"`` stops once the deciding player's follow-up
decisions are done (the next decision is another player's, or the player's own next turn
decision); ``"turn"`` when the decision comes back to the player for a new turn after another
player's; ``"round"`` at the end of the round; ``"game"`` at the final scoring. Every horizon but
``"game"`` also stops at the end of the round.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> end = rollout(s, 0, PlayoutPolicy(seed=1), "round")
>>> end.round == s.round + 1 or end.is_over
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mp_notebook.agents.base import position_seed, terms, tie_break
from mp_notebook.agents.greedy import GreedyAgent, distinct_actions
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import checked_int, checked_number, checked_seed

if TYPE_CHECKING:
    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

ROLLOUT_HORIZONS = ("action", "turn", "round", "game")
MAX_ROLLOUT_DECISIONS = 5000  # a guard against a rollout that never reaches its horizon


class PlayoutPolicy:
    """The fast playout policy: at each decision the action whose position one step on the
    ruleset's evaluation values most (``terms(s).score``), among the distinct actions (dice-only
    variants merged) or ``width`` of them drawn at random (seeded by the position; ``None``: all).

    ``end_turn`` is valued as the position now; every action is tried on the position as the seat
    may imagine it (``state.determinize``, seeded by the position: what the seat has not seen dealt
    anew), so a chance action (a die rolled, a card drawn blind, a spin) is valued on one sampled
    outcome, never on the real one (``GreedyAgent(resolve=False)`` scores every chance action on
    the same fixed future instead; see ``mp_notebook.analysis.evaluate`` for what that did to the
    Schmidt game). Stateless and seeded: the same seed and position give the same
    action.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> a = PlayoutPolicy(seed=1).choose(s)
    >>> a in s.legal_actions(), a == PlayoutPolicy(seed=1).choose(s)
    (True, True)
    """

    name = "playout"

    def __init__(self, seed: int = 0, *, width: int | None = None):
        self.seed = checked_seed(seed)
        self.width = None if width is None else checked_int("width", width, 1)

    def choose(self, state: GameState) -> Action:
        """The legal action of ``state`` whose position scores best (among ``width`` drawn)."""
        legal = checked_state("state", state, playing=True).legal_actions()
        if len(legal) == 1:
            return legal[0]
        i = state.decision.player
        assert i is not None, "the game is over"
        actions = distinct_actions(state, legal)
        seed = position_seed(self.seed, state)
        if self.width is not None and len(actions) > self.width:
            actions = random.Random(seed).sample(actions, self.width)
        seen = state.determinize(i, seed)  # the seat's view: nothing it has not seen is read
        ev = terms(state)
        here = ev.value(seen, i)
        best, best_value = actions[0], -float("inf")
        for a in actions:
            v = here if a.kind == "end_turn" else ev.score(seen.apply(a), i)
            v += 1e-6 * tie_break(self.seed, a)
            if v > best_value:
                best, best_value = a, v
        return best

    def with_seed(self, seed: int) -> PlayoutPolicy:
        """This policy with another seed."""
        return PlayoutPolicy(seed, width=self.width)

    def __repr__(self) -> str:
        return f"PlayoutPolicy(seed={self.seed}, width={self.width})"


class RolloutPolicy:
    """A fast greedy/random mix for long rollouts (``SearchAgent(policy=)``).

    With probability ``epsilon`` a random action, otherwise the best by the greedy one-step rule
    *without* playing out follow-ups (``GreedyAgent(resolve=False)``) among ``sample`` distinct
    actions drawn at random (``None``: all of them). Smaller samples are faster and more random.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> RolloutPolicy(seed=1).choose(s) in s.legal_actions()
    True
    """

    name = "rollout"

    def __init__(self, seed: int = 0, *, epsilon: float = 0.1, sample: int | None = 4):
        self.seed = checked_seed(seed)
        self.epsilon = checked_number("epsilon", epsilon, 0.0, 1.0)
        self.sample = None if sample is None else checked_int("sample", sample, 1)
        self._greedy = GreedyAgent(seed, resolve=False)

    def choose(self, state: GameState) -> Action:
        """A random legal action of ``state`` (a share ``epsilon``), else greedy's best of ``sample``."""
        legal = checked_state("state", state, playing=True).legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(position_seed(self.seed, state))
        if rng.random() < self.epsilon:
            return rng.choice(legal)
        actions = distinct_actions(state, legal)
        if self.sample is not None and len(actions) > self.sample:
            actions = rng.sample(actions, self.sample)
        return self._greedy.rank(state, actions)[0][1]

    def with_seed(self, seed: int) -> RolloutPolicy:
        """This policy with another seed."""
        return RolloutPolicy(seed, epsilon=self.epsilon, sample=self.sample)

    def __repr__(self) -> str:
        return f"RolloutPolicy(seed={self.seed}, epsilon={self.epsilon}, sample={self.sample})"


def rollout(state: GameState, player: int, policy: Agent, horizon: str = "game") -> GameState:
    """Play ``state`` on with ``policy.choose`` for every seat until ``horizon`` (see the module doc)."""
    if horizon not in ROLLOUT_HORIZONS:
        raise ValueError(f"horizon must be one of {ROLLOUT_HORIZONS}, got {horizon!r}")
    start_round = state.round
    left_turn = False  # has the turn passed to another player since the rollout began?
    s = state
    for _ in range(MAX_ROLLOUT_DECISIONS):
        if s.is_over:
            break
        if horizon != "game" and s.round != start_round:
            break
        d = s.decision
        if horizon == "action" and (d.player != player or d.kind == "turn"):
            break
        if horizon == "turn":
            if d.player != player:
                left_turn = True
            elif left_turn and d.kind == "turn":
                break
        s = s.apply(policy.choose(s))
    return s


def schedule(candidates: int, budget: int) -> list[tuple[int, int]]:
    """A search's rollouts as ``(candidate, future)``, in the order played: ``budget`` rollouts
    shared round-robin (at least one per candidate), each round of candidates on one future.

    >>> schedule(3, 8)
    [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)]
    """
    return [(k % candidates, k // candidates) for k in range(max(budget, candidates))]
