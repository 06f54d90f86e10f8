"""Actions, decisions and the text notation.

An action is written ``kind [dice] space choice`` with the parts a kind uses; dice are listed in
brackets, black dice with a ``b``:

>>> a = Action.parse("travel [3,b5] middle")
>>> a.kind, a.dice, a.black, a.space
('travel', (3, 5), (5,), 'middle')
>>> str(a)
'travel [3,b5] middle'
>>> str(Action.parse("move Fuzhou"))
'move Fuzhou'
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from mp_notebook.engine.errors import NotationError

# kind -> (uses dice, named parts after the dice)
KINDS: dict[str, tuple[bool, tuple[str, ...]]] = {
    # main actions
    "books": (True, ("space",)),
    "khans_favor": (True, ()),
    "guild_seal": (True, ()),
    "travel": (True, ("space",)),
    "contracts": (True, ()),
    "special_city": (True, ("space",)),
    "city_card": (True, ("space",)),
    # bonus actions
    "complete_contract": (False, ("choice",)),
    "improve_seal": (False, ("choice",)),
    "money_bag": (True, ("choice",)),
    "reroll": (True, ()),
    "adjust_die": (True, ("choice",)),
    "black_die": (True, ()),
    "outpost_bonus": (False, ("choice",)),
    "end_turn": (False, ()),
    # follow-up decisions
    "offer": (False, ("choice",)),
    "seal": (False, ("choice",)),
    "move": (False, ("choice",)),
    "done": (False, ()),
    "extra_post": (False, ("choice",)),
    "take_contract": (False, ("space", "choice")),
    "discard": (False, ("choice",)),
    "relocate_post": (False, ("choice",)),
    "good": (False, ("choice",)),
    "choose": (False, ("choice",)),
    "copy_bonus": (False, ("choice",)),
    "city_bonus": (False, ("choice",)),
    "trade": (False, ("choice",)),
    "compensation": (False, ("choice",)),
    "pay": (False, ("choice",)),
    "pair": (False, ("choice",)),
    "double_bonus": (False, ("choice",)),
    "character": (False, ("choice",)),
    "goal": (False, ("choice",)),
}
MAIN_KINDS = ("books", "khans_favor", "guild_seal", "travel", "contracts", "special_city", "city_card")
BONUS_KINDS = ("complete_contract", "improve_seal", "money_bag", "reroll", "adjust_die", "black_die",
               "outpost_bonus")


class Action(NamedTuple):
    """One legal choice. ``dice`` are all values placed (sorted), ``black`` the black ones."""

    kind: str
    player: int | None = None
    dice: tuple[int, ...] = ()
    black: tuple[int, ...] = ()
    space: str | None = None
    choice: str | None = None

    def __str__(self) -> str:
        return _notation(self.kind, self.dice, self.black, self.space, self.choice)

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, player={self.player})"

    @classmethod
    def parse(cls, text: str, player: int | None = None) -> Action:
        """Parse the notation; raises :class:`NotationError` naming what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action is an Action or a notation string, got {type(text).__name__}")
        words = text.split()
        if not words:
            raise NotationError("empty action text")
        kind, rest = words[0], words[1:]
        if kind not in KINDS:
            raise NotationError(f"{text!r}: unknown action kind {kind!r} (known: {', '.join(KINDS)})")
        uses_dice, parts = KINDS[kind]
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
                if not (digits.isdigit() and 1 <= int(digits) <= 6):
                    raise NotationError(f"{text!r}: {item!r} is not a die value 1-6 (black dice: b1-b6)")
                dice.append(int(digits))
                if is_black:
                    black.append(int(digits))
        elif uses_dice and kind != "black_die":
            raise NotationError(f"{text!r}: {kind} needs the dice it places, like {kind} [4]")
        if len(rest) != len(parts):
            expected = " ".join([kind] + (["[dice]"] if uses_dice else []) + [f"<{p}>" for p in parts])
            raise NotationError(f"{text!r}: expected {expected}")
        fields = dict(zip(parts, rest, strict=True))
        return cls(kind, player, tuple(sorted(dice)), tuple(sorted(black)), fields.get("space"), fields.get("choice"))


@functools.lru_cache(maxsize=8192)
def _notation(kind: str, dice: tuple[int, ...], black: tuple[int, ...], space: str | None,
              choice: str | None) -> str:
    uses_dice, parts = KINDS[kind]
    words = [kind]
    if uses_dice and (dice or kind != "black_die"):
        own = list(dice)
        for b in black:
            own.remove(b)
        words.append("[" + ",".join([str(v) for v in own] + [f"b{v}" for v in black]) + "]")
    named = {"space": space, "choice": choice}
    words += [str(named[p]) for p in parts]
    return " ".join(words)


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
