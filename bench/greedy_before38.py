"""A frozen copy of the GreedyAgent as it was before issue 38 (commit d1bbcd3: every prelude scored
by replaying every main action it opens, rerolls on 4 futures), kept for ``bench/greedy.py --match``
to measure the faster greedy against. Not part of the package; only its imports and names were
changed (the evaluation's declared ``closure``, ``prelude`` and ``chance`` replace the getattr
probes, with the same values). Its behaviour on today's evaluation is the old agent's.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> a = Greedy38Agent(seed=0).choose(s)
>>> a in s.legal_actions(), a == Greedy38Agent(seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mp_notebook.agents.base import terms, tie_break
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.registry import get

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

TIE = 1e-6  # scale of the seeded tie-break
MAX_FOLLOW_UPS = 16  # follow-up decisions resolved per candidate (a guard; chains are short)
BAG_PENALTY = 1.0  # VP charged to the money bag while a main action is possible
CHANCE_SAMPLES = 4  # (1 with resolve=False)
DIE_CHANGES = ("reroll", "adjust_die")  # pruned to a few dice (_prune_die_changes)


def _by_effect(s: GameState, legal: list[Action]) -> dict[tuple[object, ...], Action]:
    """:func:`distinct_actions` keyed by their effect."""
    effect = terms(s).effect
    best: dict[tuple[object, ...], Action] = {}
    for a in legal:
        key = effect(s, a)
        kept = best.get(key)
        if kept is None or (len(a.black), sum(a.dice)) < (len(kept.black), sum(kept.dice)):
            best[key] = a
    return best


def _prune_die_changes(actions: list[Action]) -> list[Action]:
    """Keep only rerolls of the lowest die of each kind (own, black), and adjustments of the
    lowest and the highest: the others rarely pay."""
    values: dict[tuple[str, bool], list[int]] = {}
    for a in actions:
        if a.kind in DIE_CHANGES:
            values.setdefault((a.kind, bool(a.black)), []).append(a.dice[0])
    keep = {key: (min(v), min(v) if key[0] == "reroll" else max(v)) for key, v in values.items()}
    return [a for a in actions if a.kind not in DIE_CHANGES or a.dice[0] in keep[(a.kind, bool(a.black))]]


@dataclass(frozen=True)
class _Then:
    """How a prelude is scored: by the best ``main`` action that follows it. Main actions with an
    effect already ``known`` (legal without the prelude) are not replayed: they count as the best
    direct main action's ``gain`` on the position the prelude leaves."""

    main: tuple[str, ...]
    known: frozenset[tuple[object, ...]]
    gain: float


class Greedy38Agent:
    """One-step lookahead on the heuristic evaluation (see the module docstring).

    ``resolve=False`` scores the position right after the action, without playing out its
    follow-ups: faster and weaker (used as a rollout policy).
    """

    name = "greedy-before-38"

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
        chance = ev.chance
        preludes = ev.prelude if self.resolve else ()

        def outcome(a: Action, then: _Then | None = None) -> float:
            if a.kind == "end_turn":
                return here
            if chance(state, a):
                return sum(self._outcome(state.reseed(k), a, i, k, then)[0] for k in range(samples)) / samples
            v, chancy = self._outcome(state, a, i, 0, then)
            if chancy:  # its follow-ups took a chance action: the mean of the futures
                v = (v + sum(self._outcome(state, a, i, k, then)[0] for k in range(1, samples))) / samples
            return v

        scores = {a: outcome(a) for a in actions if a.kind not in preludes}
        direct = [v for a, v in scores.items() if a.kind in main_kinds]
        then = _Then(
            main_kinds,
            frozenset(ev.effect(state, a) for a in actions if a.kind in main_kinds),
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

    def _outcome(
        self, s: GameState, a: Action, i: int, future: int, then: _Then | None = None
    ) -> tuple[float, bool]:
        """The score after ``a``, its follow-ups and closure, and whether a follow-up was a chance
        action (played out on reseeded future number ``future``); for a prelude (``then``), the best
        score after the main action it leads to (see :class:`_Then`)."""
        child = s.apply(a)
        chancy = False
        if self.resolve:
            child, chancy = self._follow(child, i, future)
            child = self.close(child, i)
            if then is not None and child.decision.player == i and child.decision.kind == "turn":
                mains = {k: b for k, b in _by_effect(child, child.legal_actions()).items() if b.kind in then.main}
                if mains:
                    old = then.gain + terms(child).score(child, i)
                    new = [self._outcome(child, b, i, future) for k, b in mains.items() if k not in then.known]
                    return max([old, *(v for v, _ in new)]), chancy or any(c for _, c in new)
        return terms(child).score(child, i), chancy

    def close(self, s: GameState, i: int) -> GameState:
        """Play player ``i``'s closure bonus actions (see the module docstring) while they raise
        the score, the best first."""
        ev = terms(s)
        kinds = ev.closure
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
        """Play out player ``i``'s follow-up decisions one-step greedily (no nested look-ahead);
        a chance action is chosen on the mean of its reseeded outcomes and played on a reseeded
        future."""
        return self._follow(s, i, 0)[0]

    def _follow(self, s: GameState, i: int, future: int) -> tuple[GameState, bool]:
        """:meth:`follow_ups` on reseeded future number ``future``; also whether a chance action
        was played."""
        chance = terms(s).chance
        chancy = False
        for step in range(MAX_FOLLOW_UPS):
            d = s.decision
            if d.player != i or d.kind == "turn":
                break
            legal = s.legal_actions()
            a, child = (legal[0], None) if len(legal) == 1 else self._best_follow_up(s, legal, i, chance)
            if chance(s, a):
                s = s.reseed(future * MAX_FOLLOW_UPS + step).apply(a)
                chancy = True
            else:
                s = child if child is not None else s.apply(a)
        return s, chancy

    def _best_follow_up(self, s: GameState, legal: list[Action], i: int,
                        chance: Callable[[GameState, Action], bool]) -> tuple[Action, GameState | None]:
        """The best of ``legal`` by the score one step on, with its outcome (None for a chance
        action, scored on the mean of :data:`CHANCE_SAMPLES` reseeded outcomes)."""
        score = terms(s).score
        best: tuple[float, Action, GameState | None] | None = None
        for a in legal:
            child = None if chance(s, a) else s.apply(a)
            if child is None:
                v = sum(score(s.reseed(k).apply(a), i) for k in range(CHANCE_SAMPLES)) / CHANCE_SAMPLES
            else:
                v = score(child, i)
            if best is None or v > best[0]:
                best = (v, a, child)
        assert best is not None, "a decision without legal actions"
        return best[1], best[2]

    def with_seed(self, seed: int) -> Greedy38Agent:
        return Greedy38Agent(seed, resolve=self.resolve)

    def __repr__(self) -> str:
        return f"Greedy38Agent(seed={self.seed}{'' if self.resolve else ', resolve=False'})"
