"""A frozen copy of the GreedyAgent (and, in ``legacy_evaluation``, the Marco Polo II evaluation)
as they were before issue 14, kept for ``bench/agents.py`` to measure the new agents against.
Not part of the package; only its imports were changed. The original docstring follows.

The greedy player: one-step lookahead with the heuristic evaluation.

For every candidate action the agent applies it, lets its own follow-up decisions (offer, seal,
moves, contracts, payments, ...) play out with the same one-step rule, and scores the position it
reaches with the ruleset's evaluation (its ``agents`` part, an :class:`~mp_notebook.agents.base.AgentTerms`:
estimated final VP). The best score wins;
ties go to a seeded order. To stay fast it first merges actions that only differ in which dice
they use (keeping the lowest dice, own colour before black), and it values ``end_turn`` as the
position now, so the reshuffle of a new round never looks like a gain. Positions in the middle of
a follow-up are scored by the ruleset's ``score`` (in Marco Polo II a move counts the best city
still reachable).

Only the lowest die (own, black) is considered for a reroll. Dice rolls are not peeked at: a
reroll or a black die is scored on the mean of :data:`CHANCE_SAMPLES` reseeded futures. The
money bag is charged :data:`BAG_PENALTY` while a main action is possible, so a die goes to a real
action unless nothing useful is left.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> a = LegacyGreedyAgent(seed=0).choose(s)
>>> a in s.legal_actions(), a == LegacyGreedyAgent(seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import legacy_evaluation

from mp_notebook.agents.base import tie_break
from mp_notebook.registry import get

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

TIE = 1e-6  # scale of the seeded tie-break
MAX_FOLLOW_UPS = 16  # follow-up decisions resolved per candidate (a guard; chains are short)
BAG_PENALTY = 1.0  # VP charged to the money bag while a main action is possible
CHANCE_KINDS = ("reroll", "black_die")  # dice rolled: scored on CHANCE_SAMPLES reseeded futures
CHANCE_SAMPLES = 4  # (1 with resolve=False)


def distinct_actions(s: GameState, legal: list[Action]) -> list[Action]:
    """``legal`` with dice-only variants merged: one action per effect, lowest dice kept."""
    effect = legacy_evaluation.effect
    best: dict[tuple[object, ...], Action] = {}
    for a in legal:
        key = effect(s, a)
        kept = best.get(key)
        if kept is None or (len(a.black), sum(a.dice)) < (len(kept.black), sum(kept.dice)):
            best[key] = a
    return list(best.values())


def _prune_rerolls(actions: list[Action]) -> list[Action]:
    """Keep only rerolls of the lowest die of each kind (own, black): the others rarely pay."""
    lowest: dict[bool, int] = {}
    for a in actions:
        if a.kind == "reroll":
            lowest[bool(a.black)] = min(lowest.get(bool(a.black), 7), a.dice[0])
    return [a for a in actions if a.kind != "reroll" or a.dice[0] == lowest[bool(a.black)]]


class LegacyGreedyAgent:
    """One-step lookahead on the heuristic evaluation (see the module docstring).

    ``resolve=False`` scores the position right after the action, without playing out its
    follow-ups: faster and weaker (used as a rollout policy).
    """

    name = "legacy-greedy"

    def __init__(self, seed: int = 0, *, resolve: bool = True):
        self.seed = seed
        self.resolve = resolve

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.rank(state)[0][1]

    def rank(
        self, state: GameState, actions: list[Action] | None = None
    ) -> list[tuple[float, Action]]:
        """``(score, action)`` for each distinct legal action (or each of ``actions``), best first,
        scores in estimated VP."""
        i = state.current_player
        assert i is not None, "the game is over"
        ev = legacy_evaluation
        here = ev.value(state, i)
        if actions is None:
            actions = _prune_rerolls(distinct_actions(state, state.legal_actions()))
        samples = CHANCE_SAMPLES if self.resolve else 1
        main_kinds = get(state.ruleset).vocabulary.main
        main_possible = any(a.kind in main_kinds for a in actions)
        scored = []
        for a in actions:
            if a.kind == "end_turn":
                v = here
            elif a.kind in CHANCE_KINDS:
                v = sum(self._outcome(state.reseed(k), a, i) for k in range(samples)) / samples
            else:
                v = self._outcome(state, a, i)
            if a.kind == "money_bag" and main_possible:
                v -= BAG_PENALTY
            scored.append((v + TIE * tie_break(self.seed, a), a))
        scored.sort(key=lambda x: -x[0])
        return scored

    def _outcome(self, s: GameState, a: Action, i: int) -> float:
        child = s.apply(a)
        if self.resolve:
            child = self.follow_ups(child, i)
        return legacy_evaluation.score(child, i)

    def follow_ups(self, s: GameState, i: int) -> GameState:
        """Play out player ``i``'s follow-up decisions one-step greedily (no nested look-ahead)."""
        for _ in range(MAX_FOLLOW_UPS):
            d = s.decision
            if d.player != i or d.kind == "turn":
                break
            legal = s.legal_actions()
            if len(legal) == 1:
                s = s.apply(legal[0])
                continue
            children = [s.apply(a) for a in legal]
            score = legacy_evaluation.score
            s = max(children, key=lambda c: score(c, i))
        return s

    def with_seed(self, seed: int) -> LegacyGreedyAgent:
        return LegacyGreedyAgent(seed, resolve=self.resolve)

    def __repr__(self) -> str:
        return f"LegacyGreedyAgent(seed={self.seed}{'' if self.resolve else ', resolve=False'})"
