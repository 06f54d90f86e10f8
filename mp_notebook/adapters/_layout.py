"""The numeric observation of the adapters: each ruleset's fixed layout of what a seat sees.

A ruleset's ``observation`` part declares its :class:`Layout` (``layout(sample_state)``): which
fields of its state and of each player are written, in what order, and how each is written as a
fixed run of numbers (a :class:`Code`: a number, a one-hot word, counts of words, a face-down
pile's size, a table by key, ...), the vocabularies read from the components. The vector a seat
gets is, in order: its seat (one-hot), the decision's kind (one-hot) and seat (one-hot), the game's
fields, each player's fields (seats 0-3, absolute order; absent seats zero), and each player's
secret fields as this seat may see them (a count, then the value, or zeros where it is hidden).
What the rules keep from a seat is never written: a face-down pile may only be written by its
size, a secret field only through the secret block, and the engine's private fields not at all
(the layout is checked against the ruleset's ``secrets`` part when it is made).

:class:`_Observer` keeps the vector of one game up to date from state to state: a state shares
every part an action leaves alone with the state it came from, so only the fields that are not the
same objects as at the last state are written again (a code changes only the numbers that differ,
and notes which, so that a list of the numbers, OpenSpiel's ``observation_tensor``, is patched
there alone). A new game's first values are written as changes from nothing (``None``, zeros).
"""

from __future__ import annotations

import functools
import operator
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING, Any, Protocol

from mp_notebook.engine import view as views
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.registry import get, new_game

if TYPE_CHECKING:
    import numpy as np

MAX_SEATS = 4  # the most seats of any ruleset
SEATS = tuple(range(MAX_SEATS))  # the words of a seat
BOUND = 1e9  # no count or amount of a game comes near it (engine.validate.MAX_COUNT is 999,999)


class LayoutError(ArgumentError):
    """A value a ruleset's observation layout has no place for (its ``observation`` part misses a
    word, or a sequence is longer than its room)."""


Change = Callable[["array[float]", int, Any, Any, list[int]], None]
"""How a :class:`Code` writes a new value over an old one (see ``Code.change``)."""


@dataclass(frozen=True)
class Code:
    """How one value is written: ``size`` numbers made by ``write(value)`` (``None``, an absent
    value, written as zeros or the code's own reading of it). ``blind``: the value's contents are
    not read (a face-down pile's size). ``change(floats, at, old, new, dirty)``, if given, writes
    ``new`` over ``old`` in place, touching only what differs, and adds the index of each number it
    wrote to ``dirty`` (an observation follows a game step by step; a list of it follows the
    numbers written)."""

    size: int
    write: Callable[[Any], list[float]]
    blind: bool = False
    change: Change | None = None

    def put(self, floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
        """Write ``new`` at ``floats[at:at + size]``, where ``old`` is written (``_UNSEEN``:
        unknown), adding the indices written to ``dirty``."""
        if self.change is not None and old is not _UNSEEN:
            self.change(floats, at, old, new, dirty)
        else:
            floats[at:at + self.size] = array("f", self.write(new))
            dirty.extend(range(at, at + self.size))


def number() -> Code:
    """A number or flag as itself (``None`` as 0).

    >>> number().write(3), number().write(None), number().write(True)
    ([3.0], [0.0], [1.0])
    """
    return Code(1, _number, change=_change_number)


def _number(v: Any) -> list[float]:
    return [0.0 if v is None else float(v)]


def _change_number(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
    floats[at] = 0.0 if new is None else float(new)
    dirty.append(at)


def flag() -> Code:
    """Whether a value is set (true, non-empty) as 1, else 0.

    >>> flag().write("red"), flag().write(""), flag().write(None)
    ([1.0], [0.0], [0.0])
    """
    return Code(1, _flag, change=_change_flag)


def _flag(v: Any) -> list[float]:
    return [float(bool(v))]


def _change_flag(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
    floats[at] = float(bool(new))
    dirty.append(at)


def one_of(what: str, words: Iterable[Any]) -> Code:
    """One of ``words`` as a one-hot run (``None``: all zeros); another word is a
    :class:`LayoutError` naming ``what`` it was.

    >>> one_of("mode", ["land", "sea"]).write("sea")
    [0.0, 1.0]
    """
    index = _index(what, words)
    n = len(index)

    def write(v: Any) -> list[float]:
        out = [0.0] * n
        if v is not None:
            out[_at(index, what, v)] = 1.0
        return out

    def change(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
        if old is not None:
            floats[k := at + index[old]] = 0.0
            dirty.append(k)
        if new is not None:
            floats[k := at + _at(index, what, new)] = 1.0
            dirty.append(k)

    return Code(n, write, change=change)


def counts(what: str, words: Iterable[Any]) -> Code:
    """A collection of ``words`` (a set, a list that may repeat them, ``None`` for an empty
    place; a dict: its values) as the count of each.

    >>> counts("die", range(1, 7)).write((6, 1, None, 6))
    [1.0, 0.0, 0.0, 0.0, 0.0, 2.0]
    >>> counts("tile", ["a", "b"]).write({"Xian": "b"})
    [0.0, 1.0]
    """
    index = _index(what, words)
    n = len(index)

    def write(v: Any) -> list[float]:
        out = [0.0] * n
        for w in (v.values() if type(v) is dict else v or ()):
            if w is not None:
                out[_at(index, what, w)] += 1.0
        return out

    def change(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
        for w in (new.values() if type(new) is dict else new or ()):
            if w is not None:
                k = index.get(w)
                if k is None:
                    k = _at(index, what, w)  # the error naming the word
                floats[k := at + k] += 1.0
                dirty.append(k)
        for w in (old.values() if type(old) is dict else old or ()):
            if w is not None:
                floats[k := at + index[w]] -= 1.0
                dirty.append(k)

    return Code(n, write, change=change)


def count() -> Code:
    """A collection everyone sees as its size (what is in it is not written).

    >>> count().write(frozenset({"Xian", "Lhasa"})), count().blind
    ([2.0], False)
    """
    return Code(1, _size, change=_change_size)


def size() -> Code:
    """A collection as its size alone (a face-down pile: what is in it is not read).

    >>> size().write(("R12", "R03")), size().blind
    ([2.0], True)
    """
    return Code(1, _size, blind=True, change=_change_size)


def _size(v: Any) -> list[float]:
    return [float(len(v or ()))]


def _change_size(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
    floats[at] = float(len(new or ()))
    dirty.append(at)


def each(n: int, code: Code) -> Code:
    """A sequence of at most ``n`` values, each by ``code`` (the missing ones as ``None``).

    >>> each(3, number()).write((4, 5))
    [4.0, 5.0, 0.0]
    """
    def write(v: Any) -> list[float]:
        v = _room(v or (), n)
        out: list[float] = []
        for i in range(n):
            out += code.write(v[i] if i < len(v) else None)
        return out

    def change(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
        old, new = old or (), _room(new or (), n)
        for i in range(max(len(old), len(new))):
            a = old[i] if i < len(old) else None
            b = new[i] if i < len(new) else None
            if a is not b:
                code.put(floats, at + i * code.size, a, b, dirty)

    return Code(n * code.size, write, code.blind, change)


def parts(what: str, *codes: Code) -> Code:
    """A tuple of ``len(codes)`` values, each by its code in turn (``None``: each part ``None``);
    a tuple of another length is a :class:`LayoutError` naming ``what`` it was.

    >>> parts("spin", one_of("ring", ["land", "sea"]), number()).write(("sea", 3))
    [0.0, 1.0, 3.0]
    """
    n = len(codes)
    indices, nothing = range(n), (None,) * n
    starts = [sum(code.size for code in codes[:i]) for i in indices]

    def whole(v: Any) -> Any:
        if v is None:
            return nothing
        if len(v) != n:
            raise LayoutError(f"a {what} of {len(v)} parts where the observation has {n}: {v!r}")
        return v

    def write(v: Any) -> list[float]:
        out: list[float] = []
        for code, part in zip(codes, whole(v), strict=True):
            out += code.write(part)
        return out

    def change(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
        old, new = old or nothing, whole(new)  # old: written already, so whole
        for i in compress(indices, map(is_not, old, new)):
            code = codes[i]
            if code.change is None:
                code.put(floats, at + starts[i], old[i], new[i], dirty)
            else:  # Code.put, inline
                code.change(floats, at + starts[i], old[i], new[i], dirty)

    return Code(sum(code.size for code in codes), write, all(code.blind for code in codes), change)


def _room(v: Any, n: int) -> Any:
    if len(v) > n:
        raise LayoutError(f"a sequence of {len(v)} values where the observation has room for {n}: {v!r}")
    return v


def table(what: str, keys: Iterable[Any], code: Code) -> Code:
    """A dict whose keys are among ``keys``: each key's value by ``code``, in the order of ``keys``
    (a missing key as ``None``).

    >>> table("city", ["Xian", "Lhasa"], number()).write({"Lhasa": 2})
    [0.0, 2.0]
    """
    order = _index(what, keys)

    def write(v: Any) -> list[float]:
        v = v or {}
        for k in v:
            _at(order, what, k)
        out: list[float] = []
        for k in order:
            out += code.write(v.get(k))
        return out

    def change(floats: array[float], at: int, old: Any, new: Any, dirty: list[int]) -> None:
        old, new = old or {}, new or {}
        for k, b in new.items():
            a = old.get(k)
            if a is not b:
                code.put(floats, at + _at(order, what, k) * code.size, a, b, dirty)
        for k, a in old.items():
            if k not in new:
                code.put(floats, at + order[k] * code.size, a, None, dirty)

    return Code(len(order) * code.size, write, code.blind, change)


def dice_space() -> Code:
    """An action space of a dice-placement game, ``(seats, dice)`` or ``None`` (empty): which seats
    have dice on it, how many dice and the highest.

    >>> dice_space().write(((1,), (3, 5)))
    [0.0, 1.0, 0.0, 0.0, 2.0, 5.0]
    """
    def write(space: Any) -> list[float]:
        if space is None:
            return [0.0] * (MAX_SEATS + 2)
        seats, dice = space
        return [float(k in seats) for k in SEATS] + [float(len(dice)), float(max(dice, default=0))]

    return custom(MAX_SEATS + 2, write)


def custom(n: int, write: Callable[[Any], Sequence[float]]) -> Code:
    """``n`` numbers made by the ruleset's own ``write(value)`` (it must give exactly ``n``).

    >>> custom(2, lambda v: v or (0.0, 0.0)).write((1.0, 5.0))
    [1.0, 5.0]
    """
    def checked(v: Any) -> list[float]:
        out = list(write(v))
        if len(out) != n:
            raise LayoutError(f"a custom code gave {len(out)} numbers for {v!r}, not {n}")
        return out

    return Code(n, checked)


def _index(what: str, words: Iterable[Any]) -> dict[Any, int]:
    index: dict[Any, int] = {}
    for w in words:
        index.setdefault(w, len(index))
    if not index:
        raise ArgumentError(f"the observation's {what} has no words")
    return index


def _at(index: dict[Any, int], what: str, word: Any) -> int:
    k = index.get(word)
    if k is None:
        raise LayoutError(f"the {what} {word!r} is not in the observation's layout (it has: "
                          f"{', '.join(map(str, index))})")
    return k


Fields = tuple[tuple[str, Code], ...]


@dataclass(frozen=True)
class Layout:
    """A ruleset's observation layout (see the module docstring): ``kinds``, the decision kinds;
    ``game``, the state's fields; ``player``, each player's fields everyone sees; ``secret``, each
    player's fields only its owner sees until they are revealed (the ruleset's ``secrets`` part
    says which), written after a count (the number of cards, or 1 for one card) that every seat sees.
    """

    kinds: tuple[str, ...]
    game: Fields
    player: Fields
    secret: Fields = ()

    @functools.cached_property
    def blocks(self) -> tuple[tuple[str, int, int], ...]:
        """Every block of the vector as ``(name, start, size)``, in order."""
        out: list[tuple[str, int, int]] = []
        at = 0

        def add(name: str, n: int) -> None:
            nonlocal at
            out.append((name, at, n))
            at += n

        add("seat", MAX_SEATS)
        add("decision.kind", len(self.kinds))
        add("decision.player", MAX_SEATS)
        for name, code in self.game:
            add(f"state.{name}", code.size)
        for j in range(MAX_SEATS):
            for name, code in self.player:
                add(f"players.{j}.{name}", code.size)
        for j in range(MAX_SEATS):
            for name, code in self.secret:
                add(f"players.{j}.{name}", 1 + code.size)
        return tuple(out)

    @property
    def size(self) -> int:
        """The length of the vector."""
        _, start, n = self.blocks[-1]
        return start + n

    def checked(self, secrets: views.Secrets) -> Layout:
        """This layout if it writes nothing the rules keep from a seat (else a clear error)."""
        own = {name for name, _ in secrets.own}
        for name, code in self.game:
            if name in views.PRIVATE or name == "players":
                raise ArgumentError(f"the observation layout may not write the state's {name!r}")
            if name in secrets.piles and not code.blind:
                raise ArgumentError(f"the observation layout writes the face-down {name!r} other than by its size")
        for name, _ in self.player:
            if name in own:
                raise ArgumentError(f"the observation layout writes the secret {name!r} as a field everyone sees")
        if {name for name, _ in self.secret} != own:
            raise ArgumentError(f"the observation layout's secret fields {[n for n, _ in self.secret]} are not "
                                f"the ruleset's ({sorted(own)})")
        if not self.player:
            raise ArgumentError("the observation layout writes no field of the players")
        if len(set(self.kinds)) != len(self.kinds):
            raise ArgumentError("the observation layout names a decision kind twice")
        return self


class ObservationTerms(Protocol):
    """What a ruleset's ``observation`` part answers: the layout of its observation vector."""

    def layout(self, s: Any) -> Layout:
        """The layout, its words read from the components of ``s`` (a sample state of the ruleset)."""
        ...


@functools.cache
def layout(ruleset: str) -> Layout:
    """The observation layout of ``ruleset`` (its ``observation`` part, from a sample game)."""
    rules = get(ruleset)
    terms: ObservationTerms = rules.part("observation")
    return terms.layout(new_game(2, ruleset=rules.id, seed=0)).checked(rules.part("secrets").SECRETS)


def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from a dict to its values at ``names``, as a tuple (even of one)."""
    if len(names) > 1:
        return operator.itemgetter(*names)
    if len(names) == 1:
        one = names[0]
        return lambda d: (d[one],)
    return lambda d: ()


_UNSEEN = object()  # a value not seen yet


@functools.cache
def _blank(code: Code) -> Any:
    """What a vector of zeros holds of a field of ``code``: ``None`` if the code changes in place
    and writes ``None`` as zeros (every code of this module but a custom one, or one holding
    one), so that its first value is written as a change from ``None``; else unknown."""
    if code.change is None:
        return _UNSEEN
    try:
        zeros = not any(code.write(None))
    except Exception:  # a custom code inside need not read None
        return _UNSEEN
    return None if zeros else _UNSEEN


class _Observer:
    """Every seat's observation of one ruleset's game, kept up to date from state to state (see
    the module docstring). ``observer(state, seat)`` is the vector, a new ``float32`` array (or
    written into ``out``); ``observer.listed(state, seat)`` the same numbers as a new list of
    floats, copied from a list kept up to date in turn (only the numbers written since are
    converted again)."""

    def __init__(self, ruleset: str):
        self.ruleset = get(ruleset).id
        self.layout = lay = layout(self.ruleset)
        self.secrets: views.Secrets = get(self.ruleset).part("secrets").SECRETS
        self.size = lay.size
        self._floats = array("f", bytes(4 * self.size))
        self._kinds = {k: i for i, k in enumerate(lay.kinds)}
        starts = {name: start for name, start, _ in lay.blocks}
        self._kind_at = starts["decision.kind"]
        self._player_at = starts["decision.player"]
        self._game = [(starts[f"state.{name}"], code, code.change) for name, code in lay.game]
        self._get = _getter([name for name, _ in lay.game])
        # each player's fields everyone sees, then its secret ones and those that reveal them (watched)
        secret = [name for name, _ in lay.secret]
        revealing = [by for name, by in self.secrets.own if by and name in secret]
        self._pget = _getter([name for name, _ in lay.player] + secret + revealing)
        first = lay.player[0][0]
        self._pstart = [starts[f"players.{j}.{first}"] for j in range(MAX_SEATS)]  # each player's block
        self._pfields = [(starts[f"players.0.{name}"] - self._pstart[0], code, code.change)
                         for name, code in lay.player]
        self._plain = len(lay.player)
        # what each field's written value is taken to be in a vector of zeros (see _blank)
        self._blank = tuple(_blank(code) for _, code in lay.game)
        self._pblank = tuple([_blank(code) for _, code in lay.player] + [_UNSEEN] * (len(secret) + len(revealing)))
        self._gfields, self._pwatched = range(len(lay.game)), range(len(self._pblank))
        self._secret_at = starts[f"players.0.{secret[0]}"] if secret else self.size  # the seat's own part
        self._relist = self.size // 8  # more numbers written than this since the list was made: make it anew
        self._reset(0)
        import numpy as np

        self._vector = np.frombuffer(self._floats, dtype=np.float32)  # the same numbers (a copy starts afresh)

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle starts afresh (its first state is written whole)."""
        return (_Observer, (self.ruleset,))

    def _reset(self, players: int) -> None:
        """Forget what was seen (a game of ``players`` players follows): all zeros."""
        self._floats[:] = array("f", bytes(4 * self.size))  # the same length: numpy's view stays
        self._state: Any = None
        self._decision: tuple[int | None, int | None] = (None, None)
        self._values: tuple[Any, ...] = self._blank
        self._pieces: list[Any] = [None] * players
        self._seats = range(players)
        self._fields: list[tuple[Any, ...]] = [(_UNSEEN,)] * players
        self._secret: list[list[tuple[array[float], array[float]]]] = [[] for _ in range(players)]  # by field
        self._version = 0  # counts the changes of the players' secret fields (and what reveals them)
        self._seen: dict[int, tuple[int, bool, array[float], list[float]]] = {}  # by seat: its secret part, as of then
        self._list: list[float] | None = None  # the numbers as a list (no seat's own), once asked for
        self._dirty: list[int] = []  # the indices written since the list was brought up to date

    def __call__(self, state: Any, seat: int, out: np.ndarray | None = None, decision: Any = None) -> np.ndarray:
        """``decision``: ``state.decision`` if the caller has it (a ruleset may work it out at each ask)."""
        if state is not self._state:
            self._update(state, decision)
        floats = self._floats
        floats[seat] = 1.0
        if self._secret_at < self.size:
            seen = self._seen.get(seat)
            if seen is None or seen[0] != self._version or seen[1] is not state.is_over:
                seen = self._part(state, seat)
            floats[self._secret_at:self._secret_at + len(seen[2])] = seen[2]
        if out is None:
            out = self._vector.copy()
        else:
            out[:] = self._vector
        floats[seat] = 0.0
        return out

    def listed(self, state: Any, seat: int, decision: Any = None) -> list[float]:
        """``seat``'s observation of ``state`` as a new list of floats (the numbers of the vector,
        bit for bit; ``decision`` as for a call)."""
        if state is not self._state:
            self._update(state, decision)
        numbers, dirty, floats = self._list, self._dirty, self._floats
        if numbers is None:
            numbers = self._list = floats.tolist()
        else:
            for k in dirty:
                numbers[k] = floats[k]
        dirty.clear()
        out = numbers[:]
        out[seat] = 1.0
        if self._secret_at < self.size:
            seen = self._seen.get(seat)
            if seen is None or seen[0] != self._version or seen[1] is not state.is_over:
                seen = self._part(state, seat)
            out[self._secret_at:self._secret_at + len(seen[3])] = seen[3]
        return out

    def _part(self, state: Any, seat: int) -> tuple[int, bool, array[float], list[float]]:
        """The players' secret fields as ``seat`` sees them, kept for ``seat`` until one of them
        changes (or the game ends): as of now, the version of the fields, whether the game is
        over, and the numbers as an array and as a list."""
        over = state.is_over
        part = self._secrets(state, seat, over)
        seen = self._seen[seat] = (self._version, over, part, part.tolist())
        return seen

    def afresh(self, state: Any, seat: int) -> array[float]:
        """``seat``'s observation of ``state`` written field by field by each code's ``write``,
        nothing kept nor changed in place: what the observer's numbers always equal (the tests'
        reference; slower)."""
        out = array("f", bytes(4 * self.size))
        out[seat] = 1.0
        kind, player = self._kind(state.decision)
        out[self._kind_at + kind] = 1.0
        if player is not None:
            out[self._player_at + player] = 1.0
        for (at, code, _), value in zip(self._game, self._get(state.__dict__), strict=True):
            out[at:at + code.size] = array("f", code.write(value))
        secret = []
        for j, p in enumerate(state.players):
            fields = self._pget(p.__dict__)
            for (at, code, _), value in zip(self._pfields, fields, strict=False):
                at += self._pstart[j]
                out[at:at + code.size] = array("f", code.write(value))
            secret.append(_seen(self.layout.secret, fields[self._plain:]))
        part = self._secrets(state, seat, state.is_over, secret)
        out[self._secret_at:self._secret_at + len(part)] = part
        return out

    def _kind(self, d: Any) -> tuple[int, int | None]:
        """The number of the decision's kind (a clear error if the layout has none) and its player."""
        kind = self._kinds.get(d.kind)
        if kind is None:
            raise LayoutError(f"{self.ruleset}: the decision kind {d.kind!r} is not in the observation's "
                              f"layout (it has: {', '.join(self._kinds)})")
        return kind, d.player

    def _secrets(self, state: Any, seat: int, over: bool,
                 secret: list[list[tuple[array[float], array[float]]]] | None = None) -> array[float]:
        """The players' secret fields as ``seat`` sees them (every seat's part, in order; from
        ``secret``, each player's :func:`_seen`, if given, else from those kept)."""
        part = array("f")
        hides = self.secrets.hides
        for j, fields in enumerate(self._secret if secret is None else secret):
            for (name, _), (whole, hidden) in zip(self.layout.secret, fields, strict=True):
                part += hidden if j != seat and not over and hides(state, j, seat, name) else whole
        return part

    def _update(self, state: Any, decision: Any = None) -> None:
        """Write the parts of ``state`` that are not the same objects as at the last state."""
        players = state.players
        if len(players) != len(self._pieces):
            self._reset(len(players))
        self._state = state
        floats, dirty = self._floats, self._dirty
        d = state.decision if decision is None else decision
        kind, player = self._kinds.get(d.kind), d.player
        if kind is None:
            kind, player = self._kind(d)  # a clear error
        if (kind, player) != self._decision:
            old_kind, old_player = self._decision
            if old_kind is not None:
                floats[k := self._kind_at + old_kind] = 0.0
                dirty.append(k)
            if old_player is not None:
                floats[k := self._player_at + old_player] = 0.0
                dirty.append(k)
            floats[k := self._kind_at + kind] = 1.0
            dirty.append(k)
            if player is not None:
                floats[k := self._player_at + player] = 1.0
                dirty.append(k)
            self._decision = (kind, player)
        values, before, game = self._get(state.__dict__), self._values, self._game
        for i in compress(self._gfields, map(is_not, values, before)):  # side by side, in C
            at, code, change = game[i]  # Code.put, inline (a step changes a few fields: each call counts)
            if change is _change_number:
                floats[at] = 0.0 if values[i] is None else float(values[i])
                dirty.append(at)
            elif change is None or before[i] is _UNSEEN:
                floats[at:at + code.size] = array("f", code.write(values[i]))
                dirty.extend(range(at, at + code.size))
            else:
                change(floats, at, before[i], values[i], dirty)
        self._values = values
        pieces, plain, pfields, watched = self._pieces, self._plain, self._pfields, self._pwatched
        for j in compress(self._seats, map(is_not, players, pieces)):  # the players who changed
            pieces[j] = p = players[j]
            fields, before = self._pget(p.__dict__), self._fields[j]
            self._fields[j] = fields
            base = self._pstart[j]
            if len(before) != len(fields):  # not seen yet
                before = self._pblank
            secret = False
            for k in compress(watched, map(is_not, fields, before)):
                if k >= plain:
                    secret = True
                    continue
                at, code, change = pfields[k]
                if change is _change_number:
                    floats[at := base + at] = 0.0 if fields[k] is None else float(fields[k])
                    dirty.append(at)
                elif change is None or before[k] is _UNSEEN:
                    floats[base + at:base + at + code.size] = array("f", code.write(fields[k]))
                    dirty.extend(range(base + at, base + at + code.size))
                else:
                    change(floats, base + at, before[k], fields[k], dirty)
            if secret:
                self._secret[j] = _seen(self.layout.secret, fields[plain:])
                self._version += 1
        if len(dirty) > self._relist:  # the list is made anew when it is next asked for (if it is)
            dirty.clear()
            self._list = None


def _seen(secret: Fields, values: tuple[Any, ...]) -> list[tuple[array[float], array[float]]]:
    """A player's secret fields as its owner sees them (each as its count, then its value) and as
    the others do while they are hidden (the count alone)."""
    out = []
    for (_, code), value in zip(secret, values, strict=False):
        n = float(len(value)) if isinstance(value, (tuple, list, frozenset, set)) else float(value is not None)
        out.append((array("f", [n, *code.write(value)]), array("f", [n, *([0.0] * code.size)])))
    return out
