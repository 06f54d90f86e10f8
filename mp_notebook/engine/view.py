"""What one seat may see of a position, and how a position is *determinized* from it.

Each ruleset declares what its rules keep from a seat (its ``secrets`` part, a module with
:data:`SECRETS` and ``determinized``, set on its state class): face-down decks and piles, the
other players' secret cards, and choices only the acting seat learns. From that declaration
:func:`seat_view` makes a seat's view (``GameState.view(seat)``): the position as plain data with
face-down piles as their sizes, another player's secret cards as ``"hidden"`` (a list of them: how
many), the engine's dice generator (the future dice) and its pending steps left out, and the
decision awaited showing its kind and seat to everyone but its text only to its seat (the text may
name the seat's own secret cards).

``GameState.determinize(seat, seed)`` is the other side of the same declaration: a position that
agrees with everything ``seat`` has seen, with the rest dealt anew from what it has not seen (the
other players' secret cards from the cards the seat has not seen, face-down piles reshuffled, new
future dice). Its result depends only on the seat's view and ``seed`` (every pool is sorted before
it is dealt), so two positions the seat cannot tell apart give the same determinized position: the
analysis and the computer players sample their futures this way and never read what the seat
cannot see.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, seed=7)
>>> view = s.view(1)
>>> view["state"]["players"][0]["goal"], view["state"]["players"][1]["goal"] == s.players[1].goal
('hidden', True)
>>> view["state"]["contract_pile"] == len(s.contract_pile), "rng" in view["state"]
(True, False)
>>> t = s.determinize(1, seed=3)
>>> t.view(1) == view, t.players[1].goal == s.players[1].goal
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from mp_notebook.engine.rng import next_int, seed_state

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState

T = TypeVar("T")
_DRAW = 1 << 62  # one draw of the generator: 62 random bits (and this bit set, so that it lasts)
_ENOUGH = 1 << 20  # draw again below this: a remainder's bias stays under 1 in 30,000 for piles of 30
HIDDEN = "hidden"
PRIVATE = ("rng", "tasks")  # the future dice and shuffles; pending steps (they may hold a seat's dealt cards)


@dataclass(frozen=True)
class Secrets:
    """What a ruleset's rules keep from a seat.

    ``piles``: face-down decks and piles (a list, a list of lists or a dict of lists), shown as
    their sizes; ``own``: player fields only their owner sees, each with the field that reveals it
    to all once true (``None``: never before the end); ``secret_kinds``: action kinds whose choice
    only the acting seat learns (the others see that a choice was made); ``more``: any further
    redaction of a view (``view, state, seat``); ``rules``: where the rules say so (shown in docs).
    """

    piles: tuple[str, ...] = ()
    own: tuple[tuple[str, str | None], ...] = ()
    secret_kinds: tuple[str, ...] = ()
    more: Callable[[dict[str, Any], Any, int], None] | None = field(default=None, compare=False)
    rules: str = ""

    def hides(self, state: Any, owner: int, seat: int, name: str) -> bool:
        """Whether player ``owner``'s field ``name`` is hidden from ``seat`` in ``state``.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, seed=7)
        >>> type(s).secrets.SECRETS.hides(s, 0, 1, "goal"), type(s).secrets.SECRETS.hides(s, 0, 0, "goal")
        (True, False)
        """
        if owner == seat or state.is_over:
            return False
        for secret, revealed_by in self.own:
            if secret == name:
                p = state.players[owner]
                return bool(getattr(p, name)) and not (revealed_by and getattr(p, revealed_by))
        return False


def _size(pile: Any) -> Any:
    if isinstance(pile, dict):
        return {k: _size(v) for k, v in pile.items()}
    if pile and isinstance(pile, list) and isinstance(pile[0], list):
        return [len(p) for p in pile]
    return len(pile)


def seat_view(state: GameState, seat: int, secrets: Secrets, snapshot: dict[str, Any]) -> dict[str, Any]:
    """What ``seat`` may see of ``state`` (whose plain ``snapshot`` is given), as JSON-able data
    (see the module docstring): ``{"ruleset", "seat", "decision", "state"}``."""
    snap = {k: v for k, v in snapshot.items() if k not in PRIVATE}
    for name in secrets.piles:
        if name in snap:
            snap[name] = _size(snap[name])
    if secrets.own and not state.is_over:
        players = snap["players"] = [dict(p) for p in snap["players"]]
        for j, p in enumerate(players):
            for name, _ in secrets.own:
                if name in p and secrets.hides(state, j, seat, name):
                    p[name] = len(p[name]) if isinstance(p[name], list) else HIDDEN
    if secrets.more is not None:
        secrets.more(snap, state, seat)
    d = state.decision
    decision: dict[str, Any] = {"kind": d.kind, "player": d.player}
    if d.player == seat:
        decision["text"] = d.text
    return {"ruleset": state.ruleset, "seat": seat, "decision": decision, "state": snap}


def seen_action(secrets: Secrets, actor: int | None, seat: int, notation: str) -> str:
    """How ``seat`` saw ``actor``'s action ``notation``: as it is, or its kind alone if its choice is secret.

    >>> rules = Secrets(secret_kinds=("goal",))
    >>> seen_action(rules, 0, 1, "goal G03"), seen_action(rules, 1, 1, "goal G03")
    ('goal ?', 'goal G03')
    """
    kind = notation.split(" ", 1)[0]
    if actor != seat and kind in secrets.secret_kinds:
        return f"{kind} ?"
    return notation


class Dealer:
    """The seeded shuffles of one determinization: every pile and pool is sorted before it is
    shuffled, so what is dealt depends on the seed and on what is dealt, never on the order the
    cards lay in (which the seat has not seen).

    >>> d = Dealer(5)
    >>> d.shuffle(["b", "a", "c"]) == Dealer(5).shuffle(["c", "b", "a"])
    True
    >>> sorted(d.shuffle([3, 1, 2]))
    [1, 2, 3]
    """

    def __init__(self, seed: int):
        self.rng = seed_state(seed)
        self.bits = 0  # random digits not used yet (see shuffle)

    def shuffle(self, items: Iterable[T]) -> tuple[T, ...]:
        """``items`` in a random order that does not depend on their given order (Fisher–Yates;
        each 62-bit draw of the generator gives several swaps, as successive remainders: an agent
        determinizes at every decision, and this is four times faster than a draw a swap)."""
        out: list[T] = sorted(items)  # type: ignore[type-var]
        bits = self.bits
        for i in range(len(out) - 1, 0, -1):
            if bits < _ENOUGH:
                self.rng, bits = next_int(self.rng, _DRAW)
                bits |= _DRAW
            bits, j = divmod(bits, i + 1)
            out[i], out[j] = out[j], out[i]
        self.bits = bits
        return tuple(out)

    def deal(self, pool: Iterable[T], sizes: Sequence[int]) -> tuple[list[tuple[T, ...]], tuple[T, ...]]:
        """``pool`` shuffled and dealt into hands of ``sizes``; also what is left, in its shuffled order.

        >>> hands, rest = Dealer(1).deal("abcde", [2, 1])
        >>> [len(h) for h in hands], len(rest), sorted("".join(hands[0] + hands[1]) + "".join(rest))
        ([2, 1], 2, ['a', 'b', 'c', 'd', 'e'])
        """
        cards = self.shuffle(pool)
        if sum(sizes) > len(cards):
            raise ValueError(f"cannot deal {sum(sizes)} cards from {len(cards)} unseen ones")
        hands, k = [], 0
        for n in sizes:
            hands.append(cards[k:k + n])
            k += n
        return hands, cards[k:]

    def dice(self) -> int:
        """The state of a new dice generator for the determinized position (``engine.rng``)."""
        self.rng, value = next_int(self.rng, 1 << 63)
        return seed_state(value)
