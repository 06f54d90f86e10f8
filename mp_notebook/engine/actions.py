"""Actions, decisions and the text notation, for every ruleset.

An action is written ``kind [dice] space choice`` with the parts a kind uses; dice are listed in
brackets, black dice with a ``b``. Each ruleset names its kinds in a :class:`Vocabulary`:

>>> a = Action.parse("travel [3,b5] middle")   # Marco Polo II's vocabulary by default
>>> a.kind, a.dice, a.black, a.space
('travel', (3, 5), (5,), 'middle')
>>> str(a)
'travel [3,b5] middle'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from mp_notebook.engine.errors import NotationError
from mp_notebook.engine.validate import checked_int

Kinds = Mapping[str, tuple[bool, tuple[str, ...]]]
"""A ruleset's action kinds: kind -> (places dice, the named parts written after the dice)."""

MAX_NOTATION = 1_000  # characters: no legal action of any ruleset is longer
MAX_SEAT = 9  # the highest seat number an action may name (no ruleset seats more than 4 players and an Automa)


class Action(NamedTuple):
    """One legal choice. ``dice`` are all values placed (sorted), ``black`` the black ones.

    The notation is the kind, then the dice in brackets (if any), then the space and the choice
    (those the kind takes), so ``str(action)`` needs no ruleset; reading it back does (the
    ruleset's :class:`Vocabulary` says which words a kind takes).
    """

    kind: str
    player: int | None = None
    dice: tuple[int, ...] = ()
    black: tuple[int, ...] = ()
    space: str | None = None
    choice: str | None = None

    def __str__(self) -> str:
        if not well_formed(self):  # not cached: 3.0 == 3 would share (and spoil) the entry of 3
            return f"<malformed action {tuple(self)!r}>"[:300]
        return _notation(self.kind, self.dice, self.black, self.space, self.choice)

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, player={self.player})"

    @classmethod
    def parse(cls, text: str, player: int | None = None, ruleset: str | None = None) -> Action:
        """Parse the notation of ``ruleset``'s actions (default: Marco Polo II).

        The registry says which :class:`Vocabulary` the name ``ruleset`` stands for (see
        :func:`connect`). Raises :class:`NotationError` naming what is wrong with ``text``, and
        ``ArgumentError`` if ``ruleset`` names no ruleset or ``player`` is no seat number.
        """
        if player is not None:
            player = checked_int("player", player, 0, MAX_SEAT)
        return _vocabulary_of(ruleset).parse(text, player)


def well_formed(a: Action) -> bool:
    """Whether ``a``'s fields have the types of an action: ``kind`` a str, ``player`` an int or
    None, ``dice`` and ``black`` tuples of die values 1-6 (``black`` among ``dice``), ``space`` and
    ``choice`` a str or None. Only a well-formed action has a notation.

    >>> well_formed(Action("money_bag", 0, (3,), (), None, "coins")), well_formed(Action("money_bag", 0, (3.0,)))
    (True, False)
    """
    kind, player, dice, black, space, choice = a
    if not (type(kind) is str and (player is None or type(player) is int) and type(dice) is tuple
            and type(black) is tuple and (space is None or type(space) is str)
            and (choice is None or type(choice) is str)):
        return False
    if not all(type(v) is int and 1 <= v <= 6 for v in dice):
        return False
    own = list(dice)
    for b in black:
        if b not in own:
            return False
        own.remove(b)
    return True


@functools.lru_cache(maxsize=8192)
def _notation(kind: str, dice: tuple[int, ...], black: tuple[int, ...], space: str | None,
              choice: str | None) -> str:
    words = [kind]
    if dice:
        words.append(dice_notation(dice, black))
    words += [part for part in (space, choice) if part is not None]
    return " ".join(words)


@functools.lru_cache(maxsize=1024)
def dice_notation(dice: tuple[int, ...], black: tuple[int, ...]) -> str:
    """The dice of a well-formed action as its notation writes them.

    >>> dice_notation((3, 5), (5,))
    '[3,b5]'
    """
    own = list(dice)
    for b in black:
        own.remove(b)
    return "[" + ",".join([str(v) for v in own] + [f"b{v}" for v in black]) + "]"


class Vocabulary:
    """The action kinds of one ruleset, and the parser of their notation.

    ``main`` and ``bonus`` name the kinds a player chooses on their turn (the rest are follow-up
    decisions and ``end_turn``).

    >>> v = Vocabulary({"travel": (True, ("space",)), "move": (False, ("choice",))}, main=("travel",))
    >>> a = v.parse("travel [3,b5] middle")
    >>> a.kind, a.dice, a.black, a.space
    ('travel', (3, 5), (5,), 'middle')
    >>> str(a), str(v.parse("move Fuzhou", player=1))
    ('travel [3,b5] middle', 'move Fuzhou')
    """

    def __init__(self, kinds: Kinds, *, main: tuple[str, ...] = (), bonus: tuple[str, ...] = (),
                 optional_dice: tuple[str, ...] = ()):
        unknown = [k for k in (*main, *bonus, *optional_dice) if k not in kinds]
        if unknown:
            raise ValueError(f"vocabulary: {', '.join(unknown)} named but not among the kinds")
        self.kinds: Kinds = dict(kinds)
        self.main = main
        self.bonus = bonus
        self.optional_dice = optional_dice  # kinds that place dice but may be written without them

    def parse(self, text: str, player: int | None = None) -> Action:
        """Parse the notation; raises :class:`NotationError` naming what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action is an Action or a notation string, got {type(text).__name__}")
        if len(text) > MAX_NOTATION:
            raise NotationError(f"{text[:40]!r}…: {len(text)} characters is too long for an action "
                                f"(at most {MAX_NOTATION})")
        words = text.split()
        if not words:
            raise NotationError("empty action text")
        kind, rest = words[0], words[1:]
        if kind not in self.kinds:
            raise NotationError(f"{text!r}: unknown action kind {kind!r} (known: {', '.join(self.kinds)})")
        uses_dice, parts = self.kinds[kind]
        dice: list[int] = []
        black: list[int] = []
        if rest and rest[0].startswith("["):
            if not uses_dice:
                raise NotationError(f"{text!r}: {kind} places no dice")
            token = rest.pop(0)
            if not token.endswith("]"):
                raise NotationError(f"{text!r}: dice are written without spaces, like [3,b5]")
            for item in filter(None, token[1:-1].split(",")):
                is_black = item.startswith("b")
                digits = item[1:] if is_black else item
                if digits not in _DIE_FACES:
                    raise NotationError(f"{text!r}: {item!r} is not a die value 1-6 (black dice: b1-b6)")
                dice.append(int(digits))
                if is_black:
                    black.append(int(digits))
        elif uses_dice and kind not in self.optional_dice:
            raise NotationError(f"{text!r}: {kind} needs the dice it places, like {kind} [4]")
        if len(rest) != len(parts):
            expected = " ".join([kind] + (["[dice]"] if uses_dice else []) + [f"<{p}>" for p in parts])
            raise NotationError(f"{text!r}: expected {expected}")
        fields = dict(zip(parts, rest, strict=True))
        return Action(kind, player, tuple(sorted(dice)), tuple(sorted(black)), fields.get("space"),
                      fields.get("choice"))


_DIE_FACES = frozenset("123456")

_vocabulary_of: Callable[[str | None], Vocabulary]  # the registry's answer (see connect)


def connect(vocabulary_of: Callable[[str | None], Vocabulary]) -> None:
    """Let :meth:`Action.parse` ask ``vocabulary_of`` which vocabulary a ruleset's name stands for.

    The registry (``mp_notebook.registry``) connects itself when it is imported: see ``engine.game.connect``.
    """
    global _vocabulary_of
    _vocabulary_of = vocabulary_of


class Decision(NamedTuple):
    """What the game awaits: ``kind`` (``"turn"`` or a follow-up), whose it is, in plain English;
    ``about``: what some follow-ups are about, for reading their choices (each ruleset lists them;
    ``None`` for the others)."""

    kind: str
    player: int | None
    text: str
    about: Any = None

    def __str__(self) -> str:
        return self.text


class Event(NamedTuple):
    """One line of the game log: what happened and the rule that caused it."""

    round: int
    player: int | None
    text: str
    rule: str

    def __str__(self) -> str:
        who = "" if self.player is None else f"P{self.player}: "
        return f"R{self.round} {who}{self.text} [{self.rule}]"
