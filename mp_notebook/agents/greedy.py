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
actions the ruleset lists (its evaluation's ``closure``, see
:class:`~mp_notebook.agents.base.AgentTerms`; in Marco Polo II completing a contract, improving a
seal, cashing an outpost tile), the best first, while one raises the score. So a main action that
pays for a contract is credited with completing it in the same turn.

Preludes: a bonus action that only prepares the main action (in Marco Polo II adding a die, in
Voyages also rerolling one: the ruleset names them, its evaluation's ``prelude``) is scored by the
best main action it leads to, while one is still legal this turn. Scored on the position alone, a
die that is changed but not placed keeps its whole worth as "an action still to come", and the
look-ahead would keep paying camels to put off placing it. Only the lowest die of the player's
colour is considered for a reroll (the others rarely pay; weighing a reroll of the lowest black
or white die too won nothing in Voyages: -0.1 ± 0.4 VP a game over 200 paired games,
``python bench/greedy_frontier.py``). The bonus actions the ruleset's evaluation lists as
``unweighed`` are left out of the candidates: weighing them was measured to cost time and not
to pay (see :class:`~mp_notebook.agents.base.AgentTerms`).

Nothing the player has not seen is read: the look-ahead runs on the position as the player may
imagine it (``state.determinize(seat, ...)``, seeded by the agent's seed and the position: the other
players' secret cards and the face-down piles dealt anew from what the seat has not seen, other
future dice), so two positions that look the same to the seat get the same choice.

Chance is not peeked at: an action whose outcome is chance (its evaluation's ``chance``: a reroll
or a black die in Marco Polo II and Voyages, a spin or a blind draw in the Schmidt game) is scored
on the mean of :data:`CHANCE_SAMPLES` such futures, and so is an action whose follow-ups take such a
chance action; a chance prelude on :data:`PRELUDE_FUTURES` (futures that roll the player the same
dice scored once). In the follow-ups a chance action is chosen on the mean of its outcomes and
then played out on one of those futures, never on the position's own. (A prelude scored on one
future a decision took the best of one roll, a lucky roll: 4 futures won +1.7 ± 0.4 VP a game in
Voyages and +0.2 ± 0.6 in Marco Polo II over 600 games on fresh seeds against the greedy before,
for about a quarter more CPU in Voyages: ``python bench/greedy_voyages_frozen.py --ruleset
voyages --agent GreedyPreludeAgent --paired 300 --first 90400``.)
The money bag is charged :data:`BAG_PENALTY` while a main action is possible, so a die goes to a
real action unless nothing useful is left.

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

from mp_notebook.agents.base import checked_actions, position_seed, terms, tie_break
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.memo import remember
from mp_notebook.engine.validate import checked_choice, checked_seat, checked_seed
from mp_notebook.registry import get

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

TIE = 1e-6  # scale of the seeded tie-break
MAX_FOLLOW_UPS = 16  # follow-up decisions resolved per candidate (a guard; chains are short)
BAG_PENALTY = 1.0  # VP charged to the money bag while a main action is possible
CHANCE_SAMPLES = 4  # (1 with resolve=False)
PRELUDE_FUTURES = 4  # futures from its view a chance prelude (a reroll, a black die) is scored on
REROLL = "reroll"  # considered for the lowest die of the player's colour only (_candidates)
MEMO = 8  # latest scores a look-ahead remembers (see _Look)


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


def _candidates(s: GameState) -> list[Action]:
    """The actions the look-ahead weighs in ``s``: the distinct legal actions but the evaluation's
    ``unweighed`` kinds, and a reroll only of the lowest die of the player's colour (see the module
    docstring)."""
    unweighed = terms(s).unweighed
    actions = [a for a in distinct_actions(s, s.legal_actions()) if a.kind not in unweighed]
    lowest = min((a.dice[0] for a in actions if a.kind == REROLL and not a.black), default=None)
    return [a for a in actions if a.kind != REROLL or (not a.black and a.dice[0] == lowest)]


@dataclass(frozen=True)
class _Then:
    """How a prelude is scored: by the best ``main`` action that follows it. Main actions with an
    effect already ``known`` (legal without the prelude) are not replayed: they count as the best
    direct main action's ``gain`` on the position the prelude leaves. Where no main action follows,
    by the best of the other actions left but the ``left_out`` kinds (preludes, the end of the turn,
    the unweighed; the money bag charged ``bag_penalty`` as it is without the prelude), or by the
    position itself where the turn may end (the die kept for a later turn). Scored on the position
    alone where it must be placed, a die keeps its worth as an action still to come: a seat with
    no main action left rerolled its one die 23 times at a camel each before it took the money
    bag (Voyages, the last round)."""

    main: tuple[str, ...]
    known: frozenset[tuple[object, ...]]
    gain: float
    left_out: frozenset[str]
    bag_penalty: float


class GreedyAgent:
    """One-step lookahead on the heuristic evaluation (see the module docstring).

    ``resolve=False`` scores the position right after the action, without playing out its
    follow-ups: faster and weaker (used as a rollout policy).
    """

    name = "greedy"
    _prelude_futures = PRELUDE_FUTURES  # (a class attribute, so that bench/ can time other settings)

    def __init__(self, seed: int = 0, *, resolve: bool = True):
        self.seed = checked_seed(seed)
        self.resolve = checked_choice("resolve", resolve, (True, False))

    def choose(self, state: GameState) -> Action:
        """The legal action of ``state`` that :meth:`rank` puts first."""
        legal = checked_state("state", state, playing=True).legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.rank(state)[0][1]

    def rank(
        self, state: GameState, actions: list[Action] | None = None
    ) -> list[tuple[float, Action]]:
        """``(score, action)`` for each distinct legal action (or each of ``actions``), best first,
        scores in estimated VP."""
        i = checked_state("state", state, playing=True).current_player
        assert i is not None, "the game is over"
        if actions is not None:
            actions = checked_actions("actions", actions)
        state = state.determinize(i, position_seed(self.seed, state))  # the seat's view: nothing unseen read
        look = _Look(state, i, self.resolve)
        ev = look.ev
        here = ev.value(state, i)
        if actions is None:
            actions = _candidates(state)
        samples = CHANCE_SAMPLES if self.resolve else 1
        futures = self._prelude_futures
        main_kinds = get(state.ruleset).vocabulary.main
        main_possible = any(a.kind in main_kinds for a in actions)
        preludes = ev.prelude if self.resolve else ()

        def outcome(a: Action, then: _Then | None = None) -> float:
            if a.kind == "end_turn":
                return here
            if look.chance(state, a):
                if then is not None:
                    return look.prelude_mean(state, a, futures, then)
                return sum(look.outcome(look.future(state, k), a, k, then)[0] for k in range(samples)) / samples
            v, chancy = look.outcome(state, a, 0, then)
            if chancy:  # its follow-ups took a chance action: the mean of the futures
                v = (v + sum(look.outcome(state, a, k, then)[0] for k in range(1, samples))) / samples
            return v

        penalty = BAG_PENALTY if main_possible else 0.0
        scores = {a: outcome(a) for a in actions if a.kind not in preludes}
        direct = [v for a, v in scores.items() if a.kind in main_kinds]
        then = _Then(
            main_kinds,
            frozenset(ev.effect(state, a) for a in actions if a.kind in main_kinds),
            max(direct) - here if direct else -math.inf,
            frozenset((*preludes, "end_turn", *ev.unweighed)),
            penalty,
        )
        scores.update((a, outcome(a, then)) for a in actions if a.kind in preludes)
        scored = []
        for a in actions:
            v = scores[a]
            if a.kind == "money_bag":
                v -= penalty
            scored.append((v + TIE * tie_break(self.seed, a), a))
        scored.sort(key=lambda x: -x[0])
        return scored

    def close(self, s: GameState, i: int) -> GameState:
        """Play player ``i``'s closure bonus actions (see the module docstring) while they raise
        the score, the best first."""
        i = checked_seat("i", i, checked_state("s", s).num_players)
        return _Look(s, i, self.resolve).close(s)

    def follow_ups(self, s: GameState, i: int) -> GameState:
        """Play out player ``i``'s follow-up decisions one-step greedily (no nested look-ahead);
        a chance action is chosen on the mean of its outcomes on futures from player ``i``'s view
        and played on one of them."""
        i = checked_seat("i", i, checked_state("s", s).num_players)
        return _Look(s, i, self.resolve).follow(s, 0)[0]

    def with_seed(self, seed: int) -> GreedyAgent:
        """This player with another seed."""
        return GreedyAgent(seed, resolve=self.resolve)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed}{'' if self.resolve else ', resolve=False'})"


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
        self._futures: dict[tuple[int, int], tuple[GameState, GameState]] = {}

    def future(self, s: GameState, seed: int) -> GameState:
        """``s.determinize(i, seed)`` (a future from the player's view), made once per state and seed
        while the latest :data:`MEMO` states are remembered (every chance action of a position is
        scored on the same futures)."""
        key = (id(s), seed)
        known = self._futures.get(key)
        if known is None:
            # s held: its id stays its own
            known = remember(self._futures, key, (s, s.determinize(self.i, seed)), MEMO * CHANCE_SAMPLES)
        return known[1]

    def score(self, s: GameState) -> float:
        """The evaluation's ``score`` of player ``i`` in ``s`` (computed once per state)."""
        known = self._scores.get(id(s))
        if known is not None:
            return known[1]
        v = self.ev.score(s, self.i)
        remember(self._scores, id(s), (s, v), MEMO)
        return v

    def outcome(self, s: GameState, a: Action, future: int, then: _Then | None = None) -> tuple[float, bool]:
        """The score after ``a``, its follow-ups and closure, and whether a follow-up was a chance
        action (played out on future number ``future``); for a prelude (``then``), the best
        score after the main action it leads to (see :class:`_Then`)."""
        return self.after(s.apply(a), future, then)

    def prelude_mean(self, s: GameState, a: Action, futures: int, then: _Then) -> float:
        """The mean :meth:`outcome` of the chance prelude ``a`` over ``futures`` futures, a roll
        that leaves the player dice already seen on another future scored once (in a game whose
        players hold no ``dice`` and ``black_dice``, every future on its own)."""
        seen: dict[object, float] = {}
        total = 0.0
        for future in range(futures):
            child = self.future(s, future).apply(a)
            p = child.players[self.i]
            roll = (p.dice, p.black_dice) if hasattr(p, "dice") and hasattr(p, "black_dice") else future
            if roll not in seen:
                seen[roll] = self.after(child, future, then)[0]
            total += seen[roll]
        return total / futures

    def after(self, child: GameState, future: int, then: _Then | None = None) -> tuple[float, bool]:
        """:meth:`outcome` from the position ``child`` right after the action."""
        chancy = False
        if self.resolve:
            child, chancy = self.follow(child, future)
            child = self.close(child)
            d = child.decision
            if then is not None and d.player == self.i and d.kind == "turn":
                legal = child.legal_actions()
                mains = _by_effect(child, [b for b in legal if b.kind in then.main])
                if mains:
                    old = then.gain + self.score(child)
                    new = [self.outcome(child, b, future) for k, b in mains.items() if k not in then.known]
                    return max([old, *(v for v, _ in new)]), chancy or any(c for _, c in new)
                # no main action follows: the die goes where else it may (charged as it is here),
                # or is kept for a later turn where the turn may end
                tried = [b for b in distinct_actions(child, legal) if b.kind not in then.left_out]
                new = [self.outcome(child, b, future) for b in tried]
                values = [value - then.bag_penalty * (b.kind == "money_bag")
                          for b, (value, _) in zip(tried, new, strict=True)]
                if any(b.kind == "end_turn" for b in legal):
                    values.append(self.score(child))
                if values:
                    return max(values), chancy or any(c for _, c in new)
        return self.score(child), chancy

    def close(self, s: GameState) -> GameState:
        """:meth:`GreedyAgent.close`."""
        closure = self.ev.closure
        i = self.i
        for _ in range(MAX_FOLLOW_UPS):
            d = s.decision
            if closure is None or d.player != i or d.kind != "turn":
                break
            options = closure(s, i)
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
        """:meth:`GreedyAgent.follow_ups` on future number ``future``; also whether a
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
                s = self.future(s, future * MAX_FOLLOW_UPS + step).apply(a)
                chancy = True
            else:
                s = child if child is not None else s.apply(a)
        return s, chancy

    def best_follow_up(self, s: GameState, legal: list[Action]) -> tuple[Action, GameState | None]:
        """The best of ``legal`` by the score one step on, with its outcome (None for a chance
        action, scored on the mean of :data:`CHANCE_SAMPLES` outcomes on futures from its view)."""
        best: tuple[float, Action, GameState | None] | None = None
        for a in legal:
            child = None if self.chance(s, a) else s.apply(a)
            if child is None:
                v = sum(self.score(self.future(s, k).apply(a)) for k in range(CHANCE_SAMPLES)) / CHANCE_SAMPLES
            else:
                v = self.score(child)
            if best is None or v > best[0]:
                best = (v, a, child)
        assert best is not None, "a decision without legal actions"
        return best[1], best[2]
