"""The greedy player: one-step lookahead with the heuristic evaluation.

For every candidate action the agent applies it, lets its own follow-up decisions (offer, seal,
moves, contracts, payments, ...) play out with the same one-step rule, and scores the position it
reaches with :func:`mp_notebook.agents.evaluation.value` (estimated final VP). The best score wins;
ties go to a seeded order. To stay fast it first merges actions that only differ in which dice
they use (keeping the lowest dice, own colour before black), and it values ``end_turn`` as the
position now, so the reshuffle of a new round never looks like a gain. While travelling, a move is
scored together with the best city still reachable
(:func:`~mp_notebook.agents.evaluation.travel_potential`).

Only the lowest die (own, black) is considered for a reroll. Dice rolls are not peeked at: a
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

from typing import TYPE_CHECKING

from mp_notebook.agents.base import tie_break
from mp_notebook.agents.evaluation import travel_potential, value
from mp_notebook.rulesets.mp2.notation import MAIN_KINDS
from mp_notebook.rulesets.mp2.rules import space_coins, travel_terms

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.rulesets.mp2.state import Mp2State

TIE = 1e-6  # scale of the seeded tie-break
MAX_FOLLOW_UPS = 16  # follow-up decisions resolved per candidate (a guard; chains are short)
BAG_PENALTY = 1.0  # VP charged to the money bag while a main action is possible
CHANCE_KINDS = ("reroll", "black_die")  # dice rolled: scored on CHANCE_SAMPLES reseeded futures
CHANCE_SAMPLES = 4  # (1 with resolve=False)


def distinct_actions(s: Mp2State, legal: list[Action]) -> list[Action]:
    """``legal`` with dice-only variants merged: one action per effect, lowest dice kept."""
    best: dict[tuple[object, ...], Action] = {}
    for a in legal:
        key = _effect(s, a)
        kept = best.get(key)
        if kept is None or (len(a.black), sum(a.dice)) < (len(kept.black), sum(kept.dice)):
            best[key] = a
    return list(best.values())


def _effect(s: Mp2State, a: Action) -> tuple[object, ...]:
    """What an action does, ignoring which dice do it (the lowest die sets level and fee)."""
    if not a.dice:
        return (a.kind, a.space, a.choice)
    low = a.dice[0]
    if a.kind == "travel":
        return (a.kind, a.space, *travel_terms(s, a))  # the coins due and the moves allowed
    fee = space_coins(s, a)
    if a.kind == "guild_seal":
        return (a.kind, min(low, 4), fee)
    if a.kind == "special_city":
        return (a.kind, a.space, low >= s.components.special_cities[str(a.space)].double_at)
    if a.kind in ("books", "contracts", "khans_favor", "money_bag"):
        return (a.kind, a.space, a.choice, fee)
    return (
        a.kind,
        a.space,
        a.choice,
        low,
        bool(a.black),
    )  # city cards, reroll, adjust: the die matters


def _prune_rerolls(actions: list[Action]) -> list[Action]:
    """Keep only rerolls of the lowest die of each kind (own, black): the others rarely pay."""
    lowest: dict[bool, int] = {}
    for a in actions:
        if a.kind == "reroll":
            lowest[bool(a.black)] = min(lowest.get(bool(a.black), 7), a.dice[0])
    return [a for a in actions if a.kind != "reroll" or a.dice[0] == lowest[bool(a.black)]]


class GreedyAgent:
    """One-step lookahead on the heuristic evaluation (see the module docstring).

    ``resolve=False`` scores the position right after the action, without playing out its
    follow-ups: faster and weaker (used as a rollout policy).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, *, resolve: bool = True):
        self.seed = seed
        self.resolve = resolve

    def choose(self, state: Mp2State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.rank(state)[0][1]

    def rank(
        self, state: Mp2State, actions: list[Action] | None = None
    ) -> list[tuple[float, Action]]:
        """``(score, action)`` for each distinct legal action (or each of ``actions``), best first,
        scores in estimated VP."""
        i = state.current_player
        assert i is not None, "the game is over"
        here = value(state, i)
        if actions is None:
            actions = _prune_rerolls(distinct_actions(state, state.legal_actions()))
        samples = CHANCE_SAMPLES if self.resolve else 1
        main_possible = any(a.kind in MAIN_KINDS for a in actions)
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

    def _outcome(self, s: Mp2State, a: Action, i: int) -> float:
        child = s.apply(a)
        if self.resolve:
            child = self.follow_ups(child, i)
        return score(child, i)

    def follow_ups(self, s: Mp2State, i: int) -> Mp2State:
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
            s = max(children, key=lambda c: score(c, i))
        return s

    def with_seed(self, seed: int) -> GreedyAgent:
        return GreedyAgent(seed, resolve=self.resolve)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed}{'' if self.resolve else ', resolve=False'})"


def score(s: Mp2State, i: int) -> float:
    """:func:`value` of player ``i``, plus the best reachable city while ``i`` is still moving."""
    v = value(s, i)
    d = s.decision
    if d.kind == "move" and d.player == i:
        v += travel_potential(s, i, d.about)
    return v
