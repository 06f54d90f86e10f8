"""The implementation of :mod:`mp_notebook.adapters.vocabulary` (its docstring says what it offers)."""

from __future__ import annotations

import functools
import hashlib
import operator
from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Protocol, cast

from mp_notebook.adapters._seats import MAX_SEATS
from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import ArgumentError, IllegalAction
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import checked_int, checked_items, checked_seat, shown
from mp_notebook.registry import PACKAGES, get

if TYPE_CHECKING:
    import numpy as np

    from mp_notebook.engine.game import GameState

Key = tuple[str, tuple[int, ...], tuple[int, ...], str | None, str | None]
"""An action without its seat: ``(kind, dice, black, space, choice)``."""
Form = tuple[str, tuple[int, ...], str | None, str | None]
"""One shape of action: ``(kind, dice counts it may place, space, choice)``."""

FACES = range(1, 7)  # a die's faces (engine.actions.well_formed)
NUMBERED = 8
"""Numbered choices whose count is not read from the data (``choose``, ``column``, Voyages' ``trade``)
run 1..NUMBERED: a reward offers at most 2 choices, a card at most 2 trades, and Voyages' bazaar
columns go up to the die's value (6). Counts that the data give are read from it (Marco Polo II's
``offer`` and ``double_bonus``)."""


class VocabularyError(ArgumentError):
    """An action that the ruleset's fixed action space does not number (a legal one: the
    enumeration in the ruleset's ``forms`` part misses a word), or a ruleset without one."""


def dice_placements(n: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every ``(dice, black)`` pair of ``n`` dice (sorted values; the black ones among them).

    >>> len(list(dice_placements(1))), len(list(dice_placements(2))), next(dice_placements(0))
    (12, 78, ((), ()))
    """
    for b in range(n + 1):
        for own in combinations_with_replacement(FACES, n - b):
            for black in combinations_with_replacement(FACES, b):
                yield tuple(sorted(own + black)), black


class ActionSpace:
    """The numbered actions of one ruleset (see the module docstring)."""

    def __init__(self, ruleset: str, keys: Iterable[Key]):
        self.ruleset = ruleset
        self.keys: tuple[Key, ...] = tuple(keys)
        self._number: dict[Key, int] = {k: n for n, k in enumerate(self.keys)}
        self._seen: dict[Action, int] = {}
        if len(self._number) != len(self.keys):
            raise VocabularyError(f"{ruleset}: the action enumeration names an action twice")
        self.digest = hashlib.sha256(repr(self.keys).encode()).hexdigest()[:16]

    def __len__(self) -> int:
        return len(self.keys)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.ruleset}: {len(self)} actions, digest {self.digest}>"

    def index(self, action: Action) -> int:
        """The number of ``action`` (its seat ignored); :class:`VocabularyError` if it has none."""
        if not isinstance(action, Action):
            raise ArgumentError(f"action must be an Action (from state.legal_actions()), got {shown(action)}")
        key = (action[0], *action[2:])
        try:
            return self._number[key]
        except (KeyError, TypeError):  # TypeError: a hand-made Action with unhashable fields
            raise VocabularyError(f"{self.ruleset}: the action {action} is outside the fixed action space "
                                  f"(its ruleset's forms part lacks it)") from None

    def action(self, index: int, player: int | None) -> Action:
        """The action numbered ``index`` taken by seat ``player`` (0-3, or None)."""
        if player is not None:
            player = checked_seat("player", player, MAX_SEATS)
        number = checked_int(f"action index (of the {self.ruleset} action space)", index, 0, len(self) - 1)
        kind, dice, black, space, choice = self.keys[number]
        return Action(kind, player, dice, black, space, choice)

    def _numbers(self, actions: list[Action]) -> list[int]:
        """The numbers of ``actions``, looked up by the action itself (seat included) once seen."""
        seen = self._seen
        try:
            return [seen[a] for a in actions]
        except KeyError:
            for a in actions:
                if a not in seen:
                    seen[a] = self.index(a)  # at most (seats x actions) entries
            return [seen[a] for a in actions]

    def legal(self, state: GameState) -> dict[int, Action]:
        """The legal actions of ``state`` by their numbers, in ascending order."""
        legal = self._state(state).legal_actions()
        return dict(sorted(zip(self._numbers(legal), legal, strict=True)))

    def legal_indices(self, state: GameState) -> list[int]:
        """The numbers of ``state``'s legal actions, ascending."""
        return sorted(self._numbers(self._state(state).legal_actions()))

    def _state(self, state: Any) -> GameState:
        """``state`` if it is a state of this space's game."""
        return checked_state("state", state, ruleset=self.ruleset)

    def mask(self, state: GameState, legal: Iterable[int] | None = None) -> np.ndarray:
        """A 0/1 ``int8`` vector over the action space: 1 where the action is legal in ``state``."""
        import numpy as np

        self._state(state)
        numbers = (list(self.legal(state)) if legal is None else
                   [checked_int("an index in legal", k, 0, len(self) - 1)
                    for k in checked_items("legal", legal, len(self), "action indices")])
        mask = np.zeros(len(self), dtype=np.int8)
        mask[numbers] = 1
        return mask

    def decode(self, state: GameState, index: Any) -> Action:
        """The legal action of ``state`` numbered ``index``; :class:`IllegalAction` if it is not legal."""
        action = self.action(index, self._state(state).current_player)
        number = operator.index(index)  # an int: action() checked it
        legal = self.legal(state)
        if number not in legal:
            raise IllegalAction(f"action {number} ({action}) is not legal now ({state.decision.text}); "
                                f"the legal ones are the 1s of the action mask: {sorted(legal)[:20]}")
        return legal[number]


# ------------------------------------------------------------------------------ each ruleset's words


class FormTerms(Protocol):
    """What a ruleset's ``forms`` part answers: the words of its fixed action space."""

    def forms(self, s: Any) -> list[Form]:
        """Every shape of action a seat could be offered, read from the components and board of
        ``s`` (a sample state of the ruleset): each action kind with the dice counts it may place
        and every space and choice word it can name."""
        ...


def amount_splits(n: int, names: tuple[str, ...]) -> Iterator[str]:
    """Every ``a=..,b=..`` amount split of at most ``n`` in all, over ``names`` (the notation of
    ``compensation`` and ``pay``).

    >>> list(amount_splits(1, ("coins", "camels")))
    ['coins=0,camels=0', 'coins=0,camels=1', 'coins=1,camels=0']
    """
    for values in _splits(n, len(names)):
        yield ",".join(f"{k}={v}" for k, v in zip(names, values, strict=True))


def _splits(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield from ((v,) for v in range(n + 1))
        return
    for first in range(n + 1):
        for rest in _splits(n - first, parts - 1):
            yield (first, *rest)


def numbered(n: int = NUMBERED) -> tuple[str, ...]:
    """The choice words ``1`` .. ``n`` (see :data:`NUMBERED`)."""
    return tuple(str(k) for k in range(1, n + 1))


def move_words(s: Any) -> list[str]:
    """Every move choice: a location, or a route to it (``X#k`` on parallel routes), for either
    figure (``/2``; Voyages writes ``/1`` too)."""
    board = s.board
    places = list(board.locations) + [label for edges in board.adjacent.values() for *_, label in edges
                                      if label not in board.locations]
    places = list(dict.fromkeys(places))
    return [p + suffix for suffix in ("", "/1", "/2") for p in places]


def action_space(ruleset: str) -> ActionSpace:
    """The fixed action space of ``ruleset`` (built once, then shared).

    >>> len(action_space("schmidt")) > 100
    True
    """
    return _action_space(get(ruleset).id)  # an unknown name: ArgumentError naming the rulesets


@functools.cache
def _action_space(ruleset: str) -> ActionSpace:
    rules = get(ruleset)
    if "forms" not in rules.parts:
        raise VocabularyError(f"{rules.title} has no fixed action space yet: its package offers no 'forms' part "
                              f"(FormTerms; rulesets with one: {', '.join(with_action_space())})")
    sample = rules.new_game(2, seed=0)
    kinds = rules.vocabulary.kinds
    keys: list[Key] = []
    for kind, counts, space, choice in cast(FormTerms, rules.part("forms")).forms(sample):
        if kind not in kinds:
            raise VocabularyError(f"{ruleset}: {kind!r} is not an action kind of the ruleset")
        for n in counts or (0,):
            keys += [(kind, dice, black, space, choice) for dice, black in dice_placements(n)]
    return ActionSpace(rules.id, keys)


def with_action_space() -> list[str]:
    """The registered rulesets that have a fixed action space (a ``forms`` part).

    >>> with_action_space()
    ['mp2', 'voyages', 'schmidt']
    """
    return [name for name in PACKAGES if "forms" in get(name).parts]


