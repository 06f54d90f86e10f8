"""The greedy player: one-step lookahead with the heuristic evaluation.

For every candidate action the agent applies it, lets its own follow-up decisions (offer, seal,
moves, contracts, payments, ...) play out with the same one-step rule, and scores the position it
reaches with the ruleset's evaluation (its ``agents`` part, an :class:`~mp_notebook.agents.base.AgentTerms`:
estimated final VP). The best score wins;
ties go to a seeded order. To stay fast it first merges actions that only differ in which dice
they use (keeping the lowest dice, own colour before black), and it values ``end_turn`` as the
position now, so the reshuffle of a new round never looks like a gain. Positions in the middle of
a follow-up are scored by the ruleset's ``score`` (in Marco Polo II a move counts the best city
still reachable).

Bonus-action closure: after a candidate and its follow-ups, the look-ahead keeps playing the bonus
actions the ruleset names (:func:`~mp_notebook.agents.base.closure`; in Marco Polo II completing
a contract, improving a seal, cashing an outpost tile), the best first, while one raises the
score. So a main action that pays for a contract is credited with completing it in the same turn.

Preludes: a bonus action that only prepares the main action (in Marco Polo II rerolling, adjusting
or adding a die: the ruleset names them, :func:`~mp_notebook.agents.base.prelude`) is scored by the
best main action it leads to, while one is still legal this turn. Scored on the position alone, a
die that is changed but not placed keeps its whole worth as "an action still to come", and the
look-ahead would keep paying camels to put off placing it.

Only the lowest die (own, black) is considered for a reroll, the lowest and the highest for an
adjustment. Dice rolls are not peeked at: a
reroll or a black die is scored on the mean of :data:`CHANCE_SAMPLES` reseeded futures. The
money bag is charged :data:`BAG_PENALTY` while a main action is possible, so a die goes to a real
action unless nothing useful is left.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> a = GreedyAgent(seed=0).choose(s)
>>> a in s.legal_actions(), a == GreedyAgent(seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mp_notebook.agents.base import closure, prelude, terms, tie_break
from mp_notebook.rulesets import get

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

TIE = 1e-6  # scale of the seeded tie-break
MAX_FOLLOW_UPS = 16  # follow-up decisions resolved per candidate (a guard; chains are short)
BAG_PENALTY = 1.0  # VP charged to the money bag while a main action is possible
CHANCE_KINDS = ("reroll", "black_die")  # dice rolled: scored on CHANCE_SAMPLES reseeded futures (default)
CHANCE_SAMPLES = 4  # (1 with resolve=False)


def distinct_actions(s: GameState, legal: list[Action]) -> list[Action]:
    """``legal`` with dice-only variants merged: one action per effect, lowest dice kept."""
    effect = terms(s).effect
    best: dict[tuple[object, ...], Action] = {}
    for a in legal:
        key = effect(s, a)
        kept = best.get(key)
        if kept is None or (len(a.black), sum(a.dice)) < (len(kept.black), sum(kept.dice)):
            best[key] = a
    return list(best.values())


def _prune_die_changes(actions: list[Action]) -> list[Action]:
    """Keep only rerolls of the lowest die of each kind (own, black), and adjustments of the
    lowest and the highest: the others rarely pay."""
    values: dict[tuple[str, bool], list[int]] = {}
    for a in actions:
        if a.kind in ("reroll", "adjust_die"):
            values.setdefault((a.kind, bool(a.black)), []).append(a.dice[0])
    keep = {key: (min(v), min(v) if key[0] == "reroll" else max(v)) for key, v in values.items()}
    return [a for a in actions if a.kind not in ("reroll", "adjust_die") or a.dice[0] in keep[(a.kind, bool(a.black))]]


@dataclass(frozen=True)
class _Then:
    """How a prelude is scored: by the best main action that follows it. Main actions with an
    effect already ``known`` (legal without the prelude) are not replayed: they count as the best
    direct main action's ``gain`` on the position the prelude leaves."""

    known: set[tuple[object, ...]]
    gain: float


class GreedyAgent:
    """One-step lookahead on the heuristic evaluation (see the module docstring).

    ``resolve=False`` scores the position right after the action, without playing out its
    follow-ups: faster and weaker (used as a rollout policy).
    """

    name = "greedy"

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
        ev = terms(state)
        here = ev.value(state, i)
        if actions is None:
            actions = _prune_die_changes(distinct_actions(state, state.legal_actions()))
        samples = CHANCE_SAMPLES if self.resolve else 1
        main_kinds = get(state.ruleset).vocabulary.main
        main_possible = any(a.kind in main_kinds for a in actions)
        chance_kinds = getattr(ev, "CHANCE_KINDS", CHANCE_KINDS)  # a ruleset's agents part may name its own
        preludes = prelude(ev) if self.resolve else ()

        def outcome(a: Action, then: _Then | None = None) -> float:
            if a.kind == "end_turn":
                return here
            if a.kind in chance_kinds:
                return sum(self._outcome(state.reseed(k), a, i, then) for k in range(samples)) / samples
            return self._outcome(state, a, i, then)

        scores = {a: outcome(a) for a in actions if a.kind not in preludes}
        direct = [v for a, v in scores.items() if a.kind in main_kinds]
        then = _Then(
            {ev.effect(state, a) for a in actions if a.kind in main_kinds},
            max(direct) - here if direct else -math.inf,
        )
        scores.update((a, outcome(a, then)) for a in actions if a.kind in preludes)
        scored = []
        for a in actions:
            v = scores[a]
            if a.kind == "money_bag" and main_possible:
                v -= BAG_PENALTY
            scored.append((v + TIE * tie_break(self.seed, a), a))
        scored.sort(key=lambda x: -x[0])
        return scored

    def _outcome(self, s: GameState, a: Action, i: int, then: _Then | None = None) -> float:
        """The score after ``a``, its follow-ups and closure; for a prelude (``then``), the best
        score after the main action it leads to (see :class:`_Then`)."""
        child = s.apply(a)
        if self.resolve:
            child = self.close(self.follow_ups(child, i), i)
            if then is not None and child.decision.player == i and child.decision.kind == "turn":
                ev, main = terms(child), get(child.ruleset).vocabulary.main
                mains = [b for b in distinct_actions(child, child.legal_actions()) if b.kind in main]
                if mains:
                    old = then.gain + ev.score(child, i)
                    new = (self._outcome(child, b, i) for b in mains if ev.effect(child, b) not in then.known)
                    return max([old, *new])
        return terms(child).score(child, i)

    def close(self, s: GameState, i: int) -> GameState:
        """Play player ``i``'s closure bonus actions (see the module docstring) while they raise
        the score, the best first."""
        ev = terms(s)
        kinds = closure(ev)
        for _ in range(MAX_FOLLOW_UPS):
            if not kinds or s.decision.player != i or s.decision.kind != "turn":
                break
            options = [a for a in s.legal_actions() if a.kind in kinds]
            if not options:
                break
            here = ev.score(s, i)
            best, v = max(
                ((c, ev.score(c, i)) for c in (self.follow_ups(s.apply(a), i) for a in options)),
                key=lambda cv: cv[1],
            )
            if v <= here:
                break
            s = best
        return s

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
            score = terms(s).score
            s = max(children, key=lambda c: score(c, i))
        return s

    def with_seed(self, seed: int) -> GreedyAgent:
        return GreedyAgent(seed, resolve=self.resolve)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed}{'' if self.resolve else ', resolve=False'})"
