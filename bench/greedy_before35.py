"""A frozen copy of the GreedyAgent as it was before issue 35 (commit a3bcabb), playing on the frozen
Marco Polo II, Voyages and Schmidt evaluations of that commit (``legacy_mp2_evaluation``,
``legacy_voyages_evaluation``, ``legacy_schmidt_evaluation``): the greedy player of the day the
issue was filed, kept for ``bench/agents.py`` and ``bench/search_match.py`` to measure the new bots
against. Not part of the package; only its imports and names were changed (``terms`` reads the
frozen evaluations). On today's engine it plays a3bcabb's games: the same histories as that
commit's GreedyAgent in 12 Marco Polo II games (seeds 70002-70005, 2-4 players) and in a Voyages
and a Schmidt game.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, ruleset="voyages", seed=1)
>>> a = Greedy35Agent(seed=0).choose(s)
>>> a in s.legal_actions(), a == Greedy35Agent(seed=0).choose(s)
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import legacy_mp2_evaluation
import legacy_schmidt_evaluation
import legacy_voyages_evaluation

from mp_notebook.agents.base import terms as package_terms
from mp_notebook.agents.base import tie_break
from mp_notebook.registry import get

if TYPE_CHECKING:
    from mp_notebook.agents.base import AgentTerms
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

TIE = 1e-6  # scale of the seeded tie-break
MAX_FOLLOW_UPS = 16  # follow-up decisions resolved per candidate (a guard; chains are short)
BAG_PENALTY = 1.0  # VP charged to the money bag while a main action is possible
CHANCE_SAMPLES = 4  # (1 with resolve=False)
DIE_CHANGES = ("reroll", "adjust_die")  # pruned to a few dice (_prune_die_changes)
MEMO = 8  # latest scores a look-ahead remembers (see _Look)


FROZEN: dict[str, AgentTerms] = {
    "mp2": cast("AgentTerms", legacy_mp2_evaluation),
    "voyages": cast("AgentTerms", legacy_voyages_evaluation),
    "schmidt": cast("AgentTerms", legacy_schmidt_evaluation),
}


def terms(s: GameState) -> AgentTerms:
    """The frozen evaluation of ``s``'s ruleset (the package's for a ruleset registered since)."""
    return FROZEN.get(s.ruleset) or package_terms(s)


def distinct_actions(s: GameState, legal: list[Action]) -> list[Action]:
    """``legal`` with dice-only variants merged: one action per effect, lowest dice kept."""
    return list(_by_effect(s, legal).values())


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


class Greedy35Agent:
    """One-step lookahead on the heuristic evaluation (see the module docstring).

    ``resolve=False`` scores the position right after the action, without playing out its
    follow-ups: faster and weaker (used as a rollout policy).
    """

    name = "greedy35"

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
        look = _Look(state, i, self.resolve)
        ev = look.ev
        here = ev.value(state, i)
        if actions is None:
            actions = _prune_die_changes(distinct_actions(state, state.legal_actions()))
        samples = CHANCE_SAMPLES if self.resolve else 1
        main_kinds = get(state.ruleset).vocabulary.main
        main_possible = any(a.kind in main_kinds for a in actions)
        preludes = ev.prelude if self.resolve else ()

        def outcome(a: Action, then: _Then | None = None) -> float:
            if a.kind == "end_turn":
                return here
            if look.chance(state, a):
                return sum(look.outcome(state.reseed(k), a, k, then)[0] for k in range(samples)) / samples
            v, chancy = look.outcome(state, a, 0, then)
            if chancy:  # its follow-ups took a chance action: the mean of the futures
                v = (v + sum(look.outcome(state, a, k, then)[0] for k in range(1, samples))) / samples
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

    def close(self, s: GameState, i: int) -> GameState:
        """Play player ``i``'s closure bonus actions (see the module docstring) while they raise
        the score, the best first."""
        return _Look(s, i, self.resolve).close(s)

    def follow_ups(self, s: GameState, i: int) -> GameState:
        """Play out player ``i``'s follow-up decisions one-step greedily (no nested look-ahead);
        a chance action is chosen on the mean of its reseeded outcomes and played on a reseeded
        future."""
        return _Look(s, i, self.resolve).follow(s, 0)[0]

    def with_seed(self, seed: int) -> Greedy35Agent:
        return Greedy35Agent(seed, resolve=self.resolve)

    def __repr__(self) -> str:
        return f"Greedy35Agent(seed={self.seed}{'' if self.resolve else ', resolve=False'})"


class _Look:
    """One look-ahead of player ``i`` from a position of one ruleset: the evaluation, and the
    latest scores computed in it (states are immutable, so a state's score never changes; the
    memo holds the states it scored, so their ids stay theirs while it lives). A state is scored
    again soon after, if at all (a follow-up chosen, then where the closure starts, then the
    outcome), so the memo keeps at most :data:`MEMO` of them: holding every state of a decision
    alive cost the garbage collector more than the scoring it saved."""

    def __init__(self, s: GameState, i: int, resolve: bool):
        self.ev = terms(s)
        self.i = i
        self.resolve = resolve
        self.chance = self.ev.chance
        self._scores: dict[int, tuple[GameState, float]] = {}

    def score(self, s: GameState) -> float:
        """The evaluation's ``score`` of player ``i`` in ``s`` (computed once per state)."""
        known = self._scores.get(id(s))
        if known is not None:
            return known[1]
        v = self.ev.score(s, self.i)
        if len(self._scores) >= MEMO:
            self._scores.clear()
        self._scores[id(s)] = (s, v)
        return v

    def outcome(self, s: GameState, a: Action, future: int, then: _Then | None = None) -> tuple[float, bool]:
        """The score after ``a``, its follow-ups and closure, and whether a follow-up was a chance
        action (played out on reseeded future number ``future``); for a prelude (``then``), the best
        score after the main action it leads to (see :class:`_Then`)."""
        child = s.apply(a)
        chancy = False
        if self.resolve:
            child, chancy = self.follow(child, future)
            child = self.close(child)
            d = child.decision
            if then is not None and d.player == self.i and d.kind == "turn":
                mains = _by_effect(child, [b for b in child.legal_actions() if b.kind in then.main])
                if mains:
                    old = then.gain + self.score(child)
                    new = [self.outcome(child, b, future) for k, b in mains.items() if k not in then.known]
                    return max([old, *(v for v, _ in new)]), chancy or any(c for _, c in new)
        return self.score(child), chancy

    def close(self, s: GameState) -> GameState:
        """:meth:`GreedyAgent.close`."""
        kinds = self.ev.closure
        i = self.i
        for _ in range(MAX_FOLLOW_UPS):
            d = s.decision
            if not kinds or d.player != i or d.kind != "turn":
                break
            options = [a for a in s.legal_actions() if a.kind in kinds]
            if not options:
                break
            here = self.score(s)
            best, v = max(
                ((c, self.score(c)) for c in (self.follow(s.apply(a), 0)[0] for a in options)),
                key=lambda cv: cv[1],
            )
            if v <= here:
                break
            s = best
        return s

    def follow(self, s: GameState, future: int) -> tuple[GameState, bool]:
        """:meth:`GreedyAgent.follow_ups` on reseeded future number ``future``; also whether a
        chance action was played."""
        chance = self.chance
        chancy = False
        for step in range(MAX_FOLLOW_UPS):
            d = s.decision
            if d.player != self.i or d.kind == "turn":
                break
            legal = s.legal_actions()
            a, child = (legal[0], None) if len(legal) == 1 else self.best_follow_up(s, legal)
            if chance(s, a):
                s = s.reseed(future * MAX_FOLLOW_UPS + step).apply(a)
                chancy = True
            else:
                s = child if child is not None else s.apply(a)
        return s, chancy

    def best_follow_up(self, s: GameState, legal: list[Action]) -> tuple[Action, GameState | None]:
        """The best of ``legal`` by the score one step on, with its outcome (None for a chance
        action, scored on the mean of :data:`CHANCE_SAMPLES` reseeded outcomes)."""
        best: tuple[float, Action, GameState | None] | None = None
        for a in legal:
            child = None if self.chance(s, a) else s.apply(a)
            if child is None:
                v = sum(self.score(s.reseed(k).apply(a)) for k in range(CHANCE_SAMPLES)) / CHANCE_SAMPLES
            else:
                v = self.score(child)
            if best is None or v > best[0]:
                best = (v, a, child)
        assert best is not None, "a decision without legal actions"
        return best[1], best[2]
