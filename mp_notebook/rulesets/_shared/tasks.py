"""The task stack both Marco Polo games are played with: one decision at a time.

``state.tasks`` is a stack of pending steps. A *decision* task (``move``, ``compensation`` …)
waits for a player; an *automatic* task (``gain``, ``charge``, ``post`` …) runs at once. Each
``apply`` resolves the decision on top, then runs automatic tasks until the next decision. With an
empty stack the player whose turn it is chooses a main action, a bonus action or ``end_turn``.
A ruleset's rules module fills a :class:`Turns` with its handlers and answers ``decision``,
``legal_actions``, ``apply`` and ``explain`` through it.

>>> counts(coins=2, camels=1), parse_counts("coins=2,camels=1")
('coins=2,camels=1', {'coins': 2, 'camels': 1})
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from mp_notebook.engine.actions import Action, Decision, dice_notation

Task = tuple[Any, ...]
"""``(kind, player, ...)``: a pending step; what follows the player is the kind's own."""


class LegalAction(Protocol):
    """An :class:`Action` as the handlers receive it: one of ``legal_actions()``, so its fields are set.

    Every legal action names its player, and the space and/or choice its kind takes (the ruleset's
    ``Vocabulary``); each handler reads only the fields of its own kinds. :meth:`Turns.apply` is
    given legal actions only (``RulesState.apply`` checks).
    """

    @property
    def kind(self) -> str: ...

    @property
    def player(self) -> int: ...

    @property
    def dice(self) -> tuple[int, ...]: ...

    @property
    def black(self) -> tuple[int, ...]: ...

    @property
    def space(self) -> str: ...

    @property
    def choice(self) -> str: ...

new_action = tuple.__new__
"""``new_action(Action, (kind, player, dice, black, space, choice))``: an :class:`Action` without
the keyword handling, for the hot loops that build legal actions."""


def dice_text(a: Action | LegalAction) -> str:
    """The dice a (legal) action places, as the notation writes them, for the log.

    >>> dice_text(Action("travel", 0, (3, 5), (5,), "middle")), dice_text(Action("end_turn", 0))
    ('[3,b5]', 'no dice')
    """
    return dice_notation(a.dice, a.black) if a.dice else "no dice"


def push(s: Any, *tasks: Task) -> None:
    """Schedule ``tasks`` to run in the order given, before anything already pending."""
    if tasks:
        s.tasks = s.tasks + tasks[::-1]


def mid_action(s: Any, a: Action, turn_kinds: tuple[str, ...], setting_up: tuple[str, ...], rule: str) -> str | None:
    """Why ``a``, one of ``turn_kinds`` (main and bonus actions, ``end_turn``), waits while a choice of
    the action under way is awaited (any pending decision but those of ``setting_up``, the choices
    made before a turn such as compensation), citing ``rule``; ``None`` when that is not the case."""
    task = s.tasks[-1] if s.tasks else None
    if task is None or task[0] in setting_up or a.kind not in turn_kinds or a.player not in (None, task[1]):
        return None
    what = "ending the turn" if a.kind == "end_turn" else "another action"
    return (f"{what} has to wait: bonus actions and the end of the turn come before or after a main action, "
            f"never in the middle of it, and this one is not finished ({rule})")


def seat_name(s: Any, i: int | None) -> str:
    return "—" if i is None else s.players[i].name


def counts(**values: int) -> str:
    """The notation of a choice of amounts, like ``coins=2,camels=1``."""
    return ",".join(f"{k}={v}" for k, v in values.items())


def compensation_actions(s: Any, task: Task) -> list[Action]:
    """The choices of a ``("compensation", seat, amount)`` task: every split of the amount between
    coins and camels, most coins first."""
    _, i, amount = task
    return list(_compensation(i, amount))


@functools.lru_cache(maxsize=256)
def _compensation(i: int, amount: int) -> tuple[Action, ...]:
    return tuple(Action("compensation", i, choice=counts(coins=k, camels=amount - k)) for k in range(amount, -1, -1))


def parse_counts(text: str | None) -> dict[str, int]:
    """:func:`counts` read back; an amount that is not a number reads as -1 (never legal)."""
    out: dict[str, int] = {}
    for part in (text or "").split(","):
        key, _, value = part.partition("=")
        out[key] = int(value) if value.isdigit() else -1
    return out


@dataclass(frozen=True)
class Turns:
    """A ruleset's handlers, and the turn cycle that dispatches to them.

    ``main``/``bonus``: action kind -> handler(state, action); ``decisions``: task kind ->
    (legal actions(state, task), apply(state, task, action), prompt(state, task)); ``auto``: task
    kind -> handler(state, task); ``turn_actions(state, seat)``: the choices of a turn; ``about``:
    the decision kinds whose ``Decision.about`` is the task's third item (and what it is);
    ``engine_turn(state)``: plays a turn the engine takes itself (the solo Automa's), if one is
    due, and says whether it did; ``why_not(state, seat, player, action)``: why a turn action is
    not legal; ``turn_rule``/``end_rule``: the rules cited when it is not that seat's decision or
    the game is over; ``why_waiting(state, action)``: what the rules say about an action the decision
    awaited does not allow (a move after the Travel action has ended), said instead of what is
    awaited, or ``None``.
    """

    main: Mapping[str, Callable[[Any, Any], None]]
    bonus: Mapping[str, Callable[[Any, Any], None]]
    decisions: Mapping[str, tuple[Callable[[Any, Task], list[Action]], Callable[[Any, Task, Any], None],
                                  Callable[[Any, Task], str]]]
    auto: Mapping[str, Callable[[Any, Task], None]]
    turn_actions: Callable[[Any, int], list[Action]]
    about: Mapping[str, str]
    why_not: Callable[[Any, int, Any, Action], str]
    turn_rule: str
    end_rule: str
    engine_turn: Callable[[Any], bool] = lambda s: False
    why_waiting: Callable[[Any, Action], str | None] = lambda s, a: None

    def run(self, s: Any) -> None:
        """Resolve automatic tasks (and turns the engine plays) until a decision is awaited."""
        while True:
            while s.tasks and s.tasks[-1][0] in self.auto:
                task = s.tasks[-1]
                s.tasks = s.tasks[:-1]
                self.auto[task[0]](s, task)
            if s.tasks or s.over or not self.engine_turn(s):
                return

    def legal_actions(self, s: Any) -> list[Action]:
        if s.over:
            return []
        if s.tasks:
            task = s.tasks[-1]
            return self.decisions[task[0]][0](s, task)
        return self.turn_actions(s, s.turn)

    def decision(self, s: Any) -> Decision:
        if s.over:
            return Decision("over", None, "the game is over")
        if s.tasks:
            task = s.tasks[-1]
            text = f"{seat_name(s, task[1])}: {self.decisions[task[0]][2](s, task)}"
            return Decision(task[0], task[1], text, task[2] if task[0] in self.about else None)
        p = s.players[s.turn]
        if s.main_done or not p.all_dice:
            what = "take bonus actions or end the turn"
        else:
            what = "take a main action (bonus actions before or after)"
        return Decision("turn", s.turn, f"{p.name}: {what}")

    def apply(self, s: Any, a: Action) -> Any:
        """Apply a legal action (checked by the caller) and return the new state."""
        new = s._copy()
        new._hist = (s._hist, a)  # written out as notation (which has no player) when asked for
        if s.tasks:
            task = s.tasks[-1]
            new.tasks = s.tasks[:-1]
            self.decisions[task[0]][1](new, task, a)
        elif a.kind in self.main:
            new.main_done = True
            self.main[a.kind](new, a)
        else:
            self.bonus[a.kind](new, a)
        self.run(new)
        return new

    def explain(self, s: Any, a: Action) -> str:
        """Why ``a`` is not legal in ``s``: what was tried, why not, which rule."""
        d = self.decision(s)
        head = f"{a} is not allowed"
        if s.over:
            return f"{head}: the game is over ({self.end_rule})"
        if a.player is not None and a.player != d.player:
            return f"{head}: it is {seat_name(s, d.player)}'s decision, not seat {a.player}'s ({self.turn_rule})"
        if d.kind != "turn":
            legal = self.legal_actions(s)
            shown = ", ".join(str(x) for x in legal[:10]) + (" …" if len(legal) > 10 else "")
            said = self.why_waiting(s, a)  # the rule at stake says more than what is awaited
            return f"{head}: {said or f'the game is waiting for {d.text!r}'}; the choices are: {shown}"
        i = d.player
        assert i is not None
        return f"{head}: {self.why_not(s, i, s.players[i], a)}"
