"""What every computer player shares: the ``Agent`` protocol, the evaluation a ruleset offers
them (:class:`AgentTerms`, the ruleset's ``agents`` part), and seeded, stateless randomness.

Agents keep no state between calls: the randomness of a choice is derived from the agent's seed
and a fingerprint of the position, so the same seed and the same state always give the same
action, whatever was asked before, in whichever process.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> position_seed(3, s) == position_seed(3, s), position_seed(3, s) == position_seed(4, s)
(True, False)
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.memo import remember
from mp_notebook.engine.validate import checked_items, shown
from mp_notebook.registry import get

if TYPE_CHECKING:
    from mp_notebook.board.routes import Reach
    from mp_notebook.engine.game import GameState

MAX_ACTIONS = 10_000
"""The most actions an agent is asked to weigh at once (a decision offers a few hundred at most)."""


@runtime_checkable
class Agent(Protocol):
    """A computer player: ``choose`` returns one of ``state.legal_actions()``;
    ``with_seed`` returns the same player with another seed (used to seed each simulated game)."""

    name: str
    seed: int

    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``: this player's choice at the decision awaited."""
        ...

    def with_seed(self, seed: int) -> Agent:
        """The same player with another seed."""
        ...


def checked_agent(name: str, value: Any) -> Agent:
    """``value`` if it is an agent (a ``choose`` and a ``with_seed`` method, not the class itself)."""
    if isinstance(value, type) or not all(callable(getattr(value, m, None)) for m in ("choose", "with_seed")):
        raise ArgumentError(f"{name} must be an agent (choose(state) and with_seed(seed), like "
                            f"mp.agents.GreedyAgent()), got {shown(value)}")
    return cast(Agent, value)


def checked_actions(name: str, value: Any) -> list[Action]:
    """``value`` as a non-empty list of :class:`Action` objects (read up to :data:`MAX_ACTIONS`)."""
    actions = checked_items(name, value, MAX_ACTIONS, "actions")
    if not actions or not all(isinstance(a, Action) for a in actions):
        raise ArgumentError(f"{name} must be a non-empty list of actions (from state.legal_actions()), "
                            f"got {shown(actions)}")
    return actions


class AgentTerms(Protocol):
    """What a ruleset's ``agents`` part answers: its heuristic evaluation, in VP, and what more it
    offers the computer players. Every member is declared by every ruleset (an empty tuple or
    ``None`` where it offers nothing), so nothing is guessed from a missing name."""

    # ``closure(s, i)``: the bonus actions open to player ``i`` at its turn decision that the greedy
    # look-ahead plays after a candidate action while they raise :meth:`score` (e.g. completing a
    # contract the action paid for), in the order of ``legal_actions``; ``None``: no closure.
    closure: Callable[[GameState, int], list[Action]] | None
    # The bonus-action kinds that only prepare a main action (change or add a die); the greedy
    # look-ahead scores each by the best main action it leads to. ``()``: none.
    prelude: tuple[str, ...]
    # The bonus-action kinds the greedy look-ahead leaves out of its candidates: weighing them was
    # measured to cost time and not to pay in this game (``bench/greedy_frontier.py``). ``()``: none.
    unweighed: tuple[str, ...]
    # ``journey(s, reach)``: the notation of the decisions that carry out one
    # :class:`~mp_notebook.board.routes.Reach` (a Travel action to one destination), so that
    # ``mp.analysis.evaluate`` gives each destination its own row; ``None``: no journeys.
    journey: Callable[[GameState, Reach], tuple[str, ...]] | None
    # The game's score units in one point of :meth:`value`: 1 where the game scores VP, 10 in the
    # Schmidt game (points of 10 Gulden), so that a margin in the game's units compares with it.
    unit: int

    def value(self, s: GameState, i: int) -> float:
        """Player ``i``'s estimated final score."""
        ...

    def margin(self, s: GameState, i: int) -> float:
        """:meth:`value` of player ``i`` minus the best other player's."""
        ...

    def score(self, s: GameState, i: int) -> float:
        """:meth:`value`, counting what a follow-up decision of ``i`` still in progress promises."""
        ...

    def effect(self, s: GameState, a: Action) -> tuple[object, ...]:
        """What a legal action does, ignoring which dice do it (actions with one effect are merged)."""
        ...

    def chance(self, s: GameState, a: Action) -> bool:
        """Whether the outcome of a legal action is chance (dice rolled, a spinner, a blind draw):
        the greedy player scores it on reseeded futures instead of peeking."""
        ...


def journey_planner(s: GameState) -> Callable[[GameState, Reach], tuple[str, ...]] | None:
    """The ``journey`` of ``s``'s ruleset (see :class:`AgentTerms`), or ``None`` if it cannot plan
    journeys (no ``routes`` part, or its ``agents`` part declares no ``journey``)."""
    rules = get(s.ruleset)
    if not {"routes", "agents"} <= set(rules.parts):
        return None
    return terms(s).journey


def terms(s: GameState) -> AgentTerms:
    """The evaluation of ``s``'s ruleset.

    >>> import mp_notebook as mp
    >>> terms(mp.new_game(players=2, seed=1)).prelude
    ('reroll', 'adjust_die', 'black_die')
    """
    ev = _TERMS.get(s.ruleset)
    if ev is None:
        ev = _TERMS[s.ruleset] = cast(AgentTerms, get(s.ruleset).part("agents"))
    return ev


_TERMS: dict[str, AgentTerms] = {}  # ruleset id -> its agents part (the registry is fixed)


def fingerprint(s: GameState) -> str:
    """A cheap text that differs between the positions a game goes through. It names the decision
    by kind, seat and subject, not by its plain-English text, so rewording a prompt changes no
    agent's choices."""
    seats = ";".join(
        f"{p.coins},{p.camels},{','.join(map(str, p.goods.values()))},{p.vp},{p.dice},"
        f"{p.black_dice},{p.location},{len(p.trading_posts)},{p.contracts}"
        for p in s.players
    )
    d = s.decision
    return f"{s.round}|{d.kind},{d.player},{d.about}|{seats}"


def position_seed(seed: int, s: GameState) -> int:
    """A 32-bit seed derived from an agent's seed and the position (stable across processes)."""
    return zlib.crc32(f"{seed}#{fingerprint(s)}".encode())


def tie_break(seed: int, action: Action) -> float:
    """A seeded value in [0, 1) used to order actions an evaluation cannot tell apart (remembered
    for the latest pairs: the same actions are ranked decision after decision)."""
    key = (seed, action)
    known = _TIES.get(key)
    if known is None:
        known = remember(_TIES, key, zlib.crc32(f"{seed}:{action}".encode()) / 2**32, 50_000)
    return known


_TIES: dict[tuple[int, Action], float] = {}
