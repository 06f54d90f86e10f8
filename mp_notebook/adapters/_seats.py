"""The implementation of :mod:`mp_notebook.adapters.seats` (its docstring says what it offers)."""

from __future__ import annotations

import functools
import json
import operator
import zlib
from array import array
from collections.abc import Callable, Iterator
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING, Any

from mp_notebook.engine import view as views
from mp_notebook.engine.actions import MAX_NOTATION
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.state import CHAINS, STATIC, TRANSIENT, Pieces, RulesState, plain
from mp_notebook.engine.validate import checked_choice, checked_int, checked_seat, checked_text, shown
from mp_notebook.registry import get

MAX_SEATS = 4  # the most seats of any ruleset (a seat named with no state to say how many)

if TYPE_CHECKING:
    import numpy as np

    from mp_notebook.engine.game import GameState


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of ``state``: ``state.view(seat)`` (a numpy int is read as the seat it numbers).

    >>> import mp_notebook as mp
    >>> sorted(seat_view(mp.new_game(2, seed=7), 0))[:3]
    ['decision', 'ruleset', 'seat']
    """
    seat = checked_seat("seat", seat, checked_state("state", state).num_players)
    return state.view(seat)


def observation_text(state: GameState, seat: int, view: dict[str, Any] | None = None) -> str:
    """:func:`seat_view` (or ``view``, one already made) as compact ASCII JSON, keys sorted: the
    observation string of the adapters.

    >>> import mp_notebook as mp
    >>> observation_text(mp.new_game(2, seed=7), 1)[:12]
    '{"decision":'
    """
    seen = seat_view(state, seat) if view is None else _view(view)
    return json.dumps(seen, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _view(view: Any) -> dict[str, Any]:
    """``view`` if it is a seat's view (a dict: :func:`seat_view` makes them)."""
    if not isinstance(view, dict):
        raise ArgumentError(f"view must be a seat's view (a dict from seat_view), got {shown(view)}")
    return view


FEATURES = 4096
"""Length of the numeric observation vector (:func:`features`)."""


def facts(view: dict[str, Any], path: str = "") -> Iterator[tuple[str, float]]:
    """The view as ``(fact, value)`` pairs: a number or flag at its path (list positions kept, as in
    ``state.players.1.coins``), a word as ``path=word`` with 1 (the positions of a list of words
    dropped: it is a set, like trading posts). The decision's text is left out (it repeats the rest).

    >>> dict(facts({"a": [3, 4], "b": ["Xian", "Pagan"], "c": {"d": True, "e": None}}))
    {'a.0': 3.0, 'a.1': 4.0, 'b=Xian': 1.0, 'b=Pagan': 1.0, 'c.d': 1.0}
    """
    return _facts(_view(view), checked_text("path", path, 1000))


def _facts(view: Any, path: str) -> Iterator[tuple[str, float]]:
    """:func:`facts` of any part of a view, at ``path``."""
    if isinstance(view, dict):
        for k, v in view.items():
            if path == "decision" and k == "text":
                continue
            yield from _facts(v, f"{path}.{k}" if path else str(k))
    elif isinstance(view, list):
        words = all(isinstance(v, str) for v in view)
        for i, v in enumerate(view):
            yield from _facts(v, path if words else f"{path}.{i}")
    elif isinstance(view, str):
        yield f"{path}={view}", 1.0
    elif isinstance(view, (bool, int, float)):
        yield path, float(view)


def features(view: dict[str, Any], size: int = FEATURES) -> np.ndarray:
    """The view as a fixed-length ``float32`` vector (feature hashing): each of its :func:`facts`
    adds its value at position ``crc32(fact) % size``. Deterministic across runs and machines;
    unrelated facts may share a position (the price of one vector for every position of a ruleset).

    >>> import mp_notebook as mp
    >>> view = seat_view(mp.new_game(2, seed=7), 0)
    >>> v = features(view)
    >>> v.shape, v.dtype.name, bool(v.any())
    ((4096,), 'float32', True)
    >>> import numpy as np
    >>> w = np.zeros(4096, np.float32)
    >>> for fact, value in facts(view):
    ...     w[_slot(fact, 4096)] += value
    >>> bool(np.allclose(v, w))
    True
    """
    import numpy as np

    size = checked_int("size", size, 1, 2**24)
    sums: dict[int, float] = {}
    _add_facts(_view(view), "", sums, size)
    out = np.zeros(size, dtype=np.float32)
    if sums:
        out[list(sums)] = list(sums.values())
    return out


def _add_facts(view: Any, path: str, sums: dict[int, float], size: int) -> None:
    """:func:`facts` added into ``sums`` by position: the same walk without a generator a level
    (observations are made every step; ``features`` must equal the sum over ``facts``)."""
    kind = type(view)
    if kind is dict:
        for k, v in view.items():
            if not (k == "text" and path == "decision"):
                _add_facts(v, f"{path}.{k}" if path else k, sums, size)
    elif kind is list:
        if all(type(v) is str for v in view):
            for v in view:
                slot = _slot(f"{path}={v}", size)
                sums[slot] = sums.get(slot, 0.0) + 1.0
        else:
            for i, v in enumerate(view):
                _add_facts(v, f"{path}.{i}", sums, size)
    elif kind is str:
        slot = _slot(f"{path}={view}", size)
        sums[slot] = sums.get(slot, 0.0) + 1.0
    elif kind is int or kind is float or kind is bool:
        slot = _slot(path, size)
        sums[slot] = sums.get(slot, 0.0) + view


@functools.lru_cache(maxsize=1 << 16)
def _slot(fact: str, size: int) -> int:
    """A fact's position (the same facts recur from position to position: hash each once)."""
    return zlib.crc32(fact.encode()) % size


_SCALARS: frozenset[type] = frozenset({bool, int, float, str, type(None)})
_NUMBERS: frozenset[type] = frozenset({bool, int, float})
_PLAIN = (bool, int, float, str, type(None), tuple, list, dict, frozenset, set, Pieces)  # all but words
_SKIPPED = frozenset({*STATIC, *TRANSIENT, *CHAINS, "_setup", *views.PRIVATE})  # the snapshot's and the view's


class _Node:
    """One part of a view as last seen: the state's object there (``obj``) and either the facts it
    adds (``(slot, value)`` pairs: a leaf) or its parts by key (a container walked part by part)."""

    __slots__ = ("facts", "obj", "parts")

    def __init__(self, obj: Any, facts: list[tuple[int, float]] | None, parts: dict[Any, _Node] | None):
        self.obj = obj
        self.facts = facts
        self.parts = parts


class _Seat:
    """What one seat sees apart from what every seat sees: its number, the secret player fields
    as it sees them (``own``, by player and field), the entries the ruleset's ``more`` hook writes
    for it, and their facts summed by slot (``extra``)."""

    __slots__ = ("epoch", "extra", "limit", "more", "over", "own")

    def __init__(self, extra: dict[int, float]):
        self.extra = extra
        self.limit = 16  # the size of ``extra`` past which its empty slots are let go
        self.own: dict[tuple[int, str], _Node] = {}
        self.more: dict[str, _Node] = {}
        self.epoch = -1  # the players' secret fields as of this change of them (see _Views._epoch)
        self.over: Any = None  # and whether the game was over


class _Views:
    """The hashed :func:`features` of every seat's view of one ruleset's game, kept up to date from
    state to state (see :class:`SeatFeatures`): the facts every seat sees are summed once a state,
    by walking only the state's parts that are not the same objects as at the last state; each
    seat adds the few facts only it sees (its number, the players' secret fields as the rules show
    them to it, and its ``more`` entries)."""

    def __init__(self, ruleset: str, size: int = FEATURES):
        self.ruleset = get(ruleset).id
        self.size = checked_int("size", size, 1, 2**24)
        self.secrets: views.Secrets = get(self.ruleset).part("secrets").SECRETS
        self._piles = frozenset(self.secrets.piles)
        self._own = tuple(name for name, _ in self.secrets.own)
        self._read = tuple({name: None for pair in self.secrets.own for name in pair if name})  # read by hides
        self._owned = frozenset(self._own)
        self._keys: tuple[str, ...] = ()  # the last state's fields
        self._shape: Any = None  # those the view shows, and its players' count and kind
        self._get: Callable[[Any], tuple[Any, ...]] = tuple  # the values of the fields the view shows
        self._pget: Callable[[Any], tuple[Any, ...]] = tuple  # and of each player's (its secrets aside)
        self._where: list[tuple[str, Any, bool | None]] = []  # each one's place: base, key, and a pile (True), a
        # part walked (False) or a field that decides how a secret shows (None)
        self._index: dict[str, int] = {}  # the state's fields among them, by name
        self._nodes: list[_Node | None] = []  # each one's part of the view, as last seen
        self._values: tuple[Any, ...] = ()  # and the values of the state's fields then
        self._pieces: list[Any] = []  # each player's pieces then
        self._fields: list[tuple[Any, ...]] = []  # and the values of their fields
        self._width = 0  # how many fields a player has among them
        self._whole = False  # players of mixed kinds: each view is made whole (features of seat_view)
        self._epoch = 0  # counts the changes of the players' secret fields (and what reveals them)
        self._state: Any = None
        self._kind: _Node | None = None  # the decision's kind and seat
        self._player: _Node | None = None
        self._numbered: dict[str, list[int]] = {}  # the slots of a list of numbers' entries, by its path
        self._seats: dict[int, _Seat] = {}
        self._sums = [0.0] * self.size  # exact: the facts are counts
        self._floats = array("f", bytes(4 * self.size))  # the sums as float32 (an entry written faster than numpy's)
        self._add({_slot(f"ruleset={self.ruleset}", self.size): 1.0})

    def __call__(self, state: RulesState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """``features(seat_view(state, seat))``, written into ``out`` (a new vector if ``None``);
        ``state`` is a :class:`RulesState` of this ruleset and ``seat`` one of its seats."""
        if state is not self._state:
            self._update(state)
        if self._whole:
            vector = features(seat_view(state, seat), self.size)
            if out is None:
                return vector
            out[:] = vector
            return out
        view = self._seats.get(seat)
        if view is None:
            view = self._seats[seat] = _Seat({_slot("seat", self.size): float(seat)})
        extra = view.extra
        if self._own:
            self._own_fields(state, seat, view)
        if self.secrets.more is not None:
            extra = self._more(state, seat, view)
        sums, floats = self._sums, self._floats
        mine = [slot for slot, v in extra.items() if v]
        for slot in mine:  # the seat's own facts, for the copy
            floats[slot] = sums[slot] + extra[slot]
        import numpy as np

        vector = np.frombuffer(self._floats, dtype=np.float32)  # made here: a copy of this object has its own sums
        if out is None:
            out = vector.copy()
        else:
            out[:] = vector
        for slot in mine:
            floats[slot] = sums[slot]
        if len(view.extra) > view.limit:  # slots whose facts all left
            view.extra = {slot: v for slot, v in view.extra.items() if v}
            view.limit = 2 * len(view.extra) + 16
        return out

    def _add(self, delta: dict[int, float]) -> None:
        sums, floats = self._sums, self._floats
        for slot, v in delta.items():
            sums[slot] += v
            floats[slot] = sums[slot]

    def _update(self, state: RulesState) -> None:
        """The facts every seat sees, from the state's parts that changed since the last state."""
        self._state = state
        delta: dict[int, float] = {}
        d = state.decision  # the view's decision: its kind and seat (its text is left out of the facts)
        if self._kind is None or d.kind is not self._kind.obj or d.player is not self._player.obj:  # type: ignore[union-attr]
            self._kind = self._walk(self._kind, "decision", "kind", d.kind, delta)
            self._player = self._walk(self._player, "decision", "player", d.player, delta)
        now = state.__dict__
        players = now.get("players", ())
        keys = tuple(now)
        if keys != self._keys:  # the first state, or other fields (or the engine's caches in another order)
            self._keys = keys
            shape = (tuple(k for k in now if k not in _SKIPPED), len(players), type(players[0]) if players else None)
            if shape != self._shape:
                self._layout(shape, now, players, delta)
        elif len(players) != self._shape[1] or (players and type(players[0]) is not self._shape[2]):
            self._layout((self._shape[0], len(players), type(players[0]) if players else None), now, players, delta)
        if self._whole:
            self._add(delta)
            return
        values, nodes, where = self._get(now), self._nodes, self._where
        for i in compress(range(len(values)), map(is_not, values, self._values)):  # side by side, in C
            base, key, pile = where[i]
            v = values[i]  # a face-down pile as its size (a number, or numbers by pile)
            nodes[i] = self._walk(nodes[i], base, key, _sizes(v) if pile else v, delta)
        self._values = values
        pieces, width = self._pieces, self._width
        for j in compress(range(len(players)), map(is_not, players, pieces)):  # the players who changed
            pieces[j] = p = players[j]
            fields, before = self._pget(p.__dict__), self._fields[j]
            self._fields[j] = fields
            start = len(values) + j * width
            for k in compress(range(width), map(is_not, fields, before)):
                base, key, pile = where[start + k]
                if pile is None:  # a field that decides how a player's secrets show
                    self._epoch += 1
                else:
                    nodes[start + k] = self._walk(nodes[start + k], base, key, fields[k], delta)
        self._add(delta)

    def _layout(self, shape: Any, now: dict[str, Any], players: Any, delta: dict[int, float]) -> None:
        """Which fields of a state of ``shape`` the view shows, each player's (their secret ones
        aside: each seat's, :meth:`_own_fields`) after the state's; what was seen before leaves."""
        for node in self._nodes:
            if node is not None:
                _drop(node, delta)
        self._shape = shape
        self._whole = not (isinstance(players, (tuple, list)) and all(isinstance(p, Pieces) for p in players)
                           and len({type(p) for p in players}) < 2)
        names = [k for k in shape[0] if k != "players"]
        fields = players[0].__dict__ if players and not self._whole else {}
        shown = [k for k in fields if k not in self._owned]
        watched = [k for k in self._read if k in fields]  # the fields that decide how a secret shows
        self._get, self._pget = _getter(names), _getter(shown + watched)
        self._where = [("state", k, k in self._piles) for k in names]
        self._where += [(f"state.players.{j}", k, pile) for j in range(len(players))
                        for k, pile in [*((k, False) for k in shown), *((k, None) for k in watched)]]
        self._epoch += 1
        self._index = {k: i for i, k in enumerate(names)}
        self._nodes = [None] * len(self._where)
        self._values = (_UNSEEN,) * len(names)
        self._width = len(shown) + len(watched)
        self._pieces = [None] * len(players)
        self._fields = [(_UNSEEN,) * self._width] * len(players)

    def _own_fields(self, state: RulesState, seat: int, view: _Seat) -> None:
        """The players' secret fields as ``seat`` sees them (its own and revealed ones as they are,
        the others hidden as :func:`~mp_notebook.engine.view.seat_view` hides them), worked out
        again when one of them, or a field that reveals one, has changed since this seat last
        looked, or the game's end has come (what ``Secrets.hides`` reads)."""
        over = state.is_over
        if view.epoch == self._epoch and over is view.over:
            return
        view.epoch, view.over = self._epoch, over
        players, hides, extra, own = state.players, self.secrets.hides, view.extra, view.own
        for j, p in enumerate(players):
            fields = p.__dict__
            for name in self._own:
                if name not in fields:
                    continue
                v = fields[name]
                if j != seat and not over and hides(state, j, seat, name):
                    v = plain(v)
                    v = len(v) if isinstance(v, list) else views.HIDDEN
                own[j, name] = self._walk(own.get((j, name)), f"state.players.{j}", name, v, extra)
        for key in [key for key in own if key[0] >= len(players)]:
            _drop(own.pop(key), extra)

    def _more(self, state: RulesState, seat: int, view: _Seat) -> dict[int, float]:
        """The seat's facts with the entries the ruleset's ``more`` hook writes for it (it is called
        on an empty dict: it writes whole entries worked out from the state and seat), which
        replace the state's own entries of those names."""
        written: dict[str, Any] = {}
        self.secrets.more(written, state, seat)  # type: ignore[misc]
        more, extra = view.more, view.extra
        if not written and not more:
            return extra
        for k in [k for k in more if k not in written]:
            _drop(more.pop(k), extra)
        for k, v in written.items():
            more[k] = self._walk(more.get(k), "state", k, v, extra)
        replaced = [self._nodes[i] for k in written if (i := self._index.get(k)) is not None]
        if "players" in written:
            replaced += [*self._nodes[len(self._index):], *view.own.values()]
        if not replaced:
            return extra
        extra = dict(extra)
        for node in replaced:
            if node is not None:
                _drop(node, extra)
        return extra

    def _walk(self, old: _Node | None, base: str, key: Any, value: Any, delta: dict[int, float]) -> _Node:
        """The part of the view at ``base.key`` made from the state's ``value``: unchanged if it is
        the object seen last time (or an equal number or word), walked part by part if it is a
        container, else a leaf (its path is only written out for facts not seen there before)."""
        kind = type(value)
        if old is not None:
            was = old.obj
            if was is value:
                return old
            if kind in _SCALARS and old.parts is None and type(was) in _SCALARS:
                if type(was) is kind and was == value:
                    return old
                if kind in _NUMBERS and type(was) in _NUMBERS:  # the same fact, another value
                    facts = old.facts
                    assert facts is not None
                    slot, before = facts[0]
                    amount = float(value)
                    delta[slot] = delta.get(slot, 0.0) + amount - before
                    facts[0] = (slot, amount)
                    old.obj = value
                    return old
                if kind is str and type(was) is str:  # another word at the same place
                    facts = old.facts
                    assert facts is not None
                    slot, _ = facts[0]
                    delta[slot] = delta.get(slot, 0.0) - 1.0
                    slot = _slot(f"{base}.{key}={value}", self.size)
                    delta[slot] = delta.get(slot, 0.0) + 1.0
                    facts[0] = (slot, 1.0)
                    old.obj = value
                    return old
            elif (kind is tuple or kind is list) and old.parts is None and (type(was) is tuple or type(was) is list) \
                    and 0 < len(value) <= len(was) and {*map(type, value)} <= _NUMBERS >= {*map(type, was)}:
                facts = old.facts  # a list of numbers as long or shorter: the facts at the same slots
                assert facts is not None
                for slot, before in facts:
                    delta[slot] = delta.get(slot, 0.0) - before
                facts = old.facts = [(slot, float(v)) for (slot, _), v in zip(facts, value, strict=False)]
                for slot, amount in facts:
                    delta[slot] = delta.get(slot, 0.0) + amount
                old.obj = value
                return old
        path = f"{base}.{key}"
        if kind in _SCALARS:
            if old is not None:
                _drop(old, delta)
            if value is None:
                return _Node(value, [], None)
            slot = _slot(f"{path}={value}", self.size) if kind is str else _slot(path, self.size)
            amount = 1.0 if kind is str else float(value)
            delta[slot] = delta.get(slot, 0.0) + amount
            return _Node(value, [(slot, amount)], None)
        types = {*map(type, value)} if kind is tuple or kind is list else None
        if types and types <= _NUMBERS:
            return self._numbers(old, path, value, delta)
        if kind is dict:
            items: Any = value.items()
        elif isinstance(value, Pieces):
            items = value.__dict__.items()
        elif types is not None and not all(map(_word_type, types)):
            items = enumerate(value)
        else:
            return self._leaf(old, path, value, plain(value), delta)
        old = _branch(old, value, delta)
        parts = old.parts
        assert parts is not None
        for k, v in [(k, v) for k, v in items if (c := parts.get(k)) is None or c.obj is not v]:
            parts[k] = self._walk(parts.get(k), path, k, v, delta)
        if len(parts) != len(value if kind is dict or kind is tuple or kind is list else value.__dict__):
            _trim(parts, [k for k, _ in (value.items() if kind is dict else value.__dict__.items()
                                         if isinstance(value, Pieces) else enumerate(value))], delta)
        old.obj = value
        return old

    def _numbers(self, old: _Node | None, path: str, value: Any, delta: dict[int, float]) -> _Node:
        """A leaf of the view that is a list of numbers (dice, ...): a fact for each entry, at
        ``path.0``, ``path.1``, ... (their slots are kept by path)."""
        if old is not None:
            _drop(old, delta)
        slots = self._numbered.get(path)
        if slots is None or len(slots) < len(value):
            slots = self._numbered[path] = [_slot(f"{path}.{i}", self.size) for i in range(len(value))]
        facts = list(zip(slots, map(float, value), strict=False))  # slots may be kept for a longer list
        for slot, v in facts:
            delta[slot] = delta.get(slot, 0.0) + v
        return _Node(value, facts, None)

    def _leaf(self, old: _Node | None, path: str, value: Any, shown: Any, delta: dict[int, float]) -> _Node:
        """A leaf of the view: the facts of ``shown`` (the view's plain data for the state's ``value``)."""
        if old is not None:
            _drop(old, delta)
        sums: dict[int, float] = {}
        _add_facts(shown, path, sums, self.size)
        for slot, v in sums.items():
            delta[slot] = delta.get(slot, 0.0) + v
        return _Node(value, list(sums.items()), None)


class SeatFeatures:
    """:func:`features` of ``seat``'s view, kept up to date from state to state: the state's parts
    that are the same objects as at the last call (a state shares every part an action leaves
    alone with the state it came from) are not walked again, and the vector changes by the facts
    of the changed parts alone. The result always equals ``features(seat_view(state, seat))``:
    the same facts (the view's secrets applied: face-down piles as their sizes, other players'
    secret fields hidden, and the ruleset's further redaction, its ``more`` hook, which writes whole
    entries of the view worked out from the state and seat), summed exactly (the facts are counts).
    Any state of the ruleset may follow any other (an unrelated one is walked the more). The
    adapters keep one walk for all the seats of a game.

    >>> import mp_notebook as mp
    >>> import numpy as np
    >>> s = mp.new_game(2, seed=7)
    >>> seen = SeatFeatures("mp2", 1)
    >>> bool(np.array_equal(seen(s), features(seat_view(s, 1))))
    True
    >>> t = s.apply(s.legal_actions()[0])
    >>> bool(np.array_equal(seen(t), features(seat_view(t, 1))))
    True
    """

    def __init__(self, ruleset: str, seat: int, size: int = FEATURES):
        self._views = _Views(ruleset, size)
        self.ruleset, self.size = self._views.ruleset, self._views.size
        self.seat = checked_seat("seat", seat, MAX_SEATS)

    def __call__(self, state: GameState) -> np.ndarray:
        """The features of this seat's view of ``state`` (a new ``float32`` vector)."""
        return seat_features(self._views, state, self.seat)


def seat_features(views: _Views, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """``features(seat_view(state, seat), views.size)`` by ``views`` (a state of its ruleset, checked)."""
    state = checked_state("state", state, ruleset=views.ruleset)
    checked_seat("seat", seat, state.num_players)
    if not isinstance(state, RulesState):  # no shared parts to follow: the whole view
        vector = features(seat_view(state, seat), views.size)
        if out is None:
            return vector
        out[:] = vector
        return out
    return views(state, seat, out)


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from a dict to its values at ``names``, as a tuple (``operator.itemgetter``'s,
    which gives one value alone, not a tuple of one)."""
    if len(names) > 1:
        return operator.itemgetter(*names)
    return functools.partial(_values_at, tuple(names))


def _values_at(names: tuple[str, ...], values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(values[k] for k in names)


_UNSEEN = object()  # a field not seen yet


def _sizes(pile: Any) -> Any:
    """A face-down pile as the view shows it, its size (``view._size`` of its plain data, without
    making the plain data: a dict of piles by key, a list of piles as their sizes)."""
    if isinstance(pile, dict):
        return {str(k): _sizes(v) for k, v in pile.items()}
    if not isinstance(pile, (tuple, list)):  # a set: its plain data is sorted
        return views._size(plain(pile))
    if pile and isinstance(pile[0], (tuple, list, frozenset, set)):
        return [len(p) for p in pile]
    return len(pile)


def _word_type(kind: type) -> bool:
    """Whether a value of type ``kind`` is a word in the view, text or an object shown by its repr
    (a list of words is a set of facts, not a list of parts)."""
    return kind is str or not issubclass(kind, _PLAIN)


def _trim(parts: dict[Any, _Node], keys: Any, delta: dict[int, float]) -> None:
    """Take out of ``parts`` (and of the sums) the parts whose key is no longer among ``keys``."""
    kept = set(keys)
    for k in [k for k in parts if k not in kept]:
        _drop(parts.pop(k), delta)


def _branch(old: _Node | None, obj: Any, delta: dict[int, float]) -> _Node:
    """``old`` where it has parts, else a new node of ``obj`` with none yet (``old``'s facts dropped)."""
    if old is not None and old.parts is not None:
        return old
    if old is not None:
        _drop(old, delta)
    return _Node(obj, None, {})


def _drop(node: _Node, delta: dict[int, float]) -> None:
    """Take the facts of ``node`` and its parts out of the sums."""
    if node.facts is not None:
        for slot, v in node.facts:
            delta[slot] = delta.get(slot, 0.0) - v
    if node.parts is not None:
        for child in node.parts.values():
            _drop(child, delta)


def seen_action(ruleset: str, actor: int | None, seat: int, notation: str) -> str:
    """How ``seat`` saw ``actor``'s action ``notation`` in a game of ``ruleset``: as it is, or its
    kind alone if its choice is secret (the ruleset's ``secrets`` part says which).

    >>> seen_action("mp2", 0, 1, "goal G03"), seen_action("mp2", 1, 1, "goal G03")
    ('goal ?', 'goal G03')
    """
    if actor is not None:
        actor = checked_seat("actor", actor, MAX_SEATS)
    seat = checked_seat("seat", seat, MAX_SEATS)
    notation = checked_text("notation", notation, MAX_NOTATION)
    return views.seen_action(get(ruleset).part("secrets").SECRETS, actor, seat, notation)


def final_returns(state: GameState, reward: str = "win") -> list[float]:
    """Each seat's result at the end (zeros before it): ``"win"``: 1 for the winner (every winner
    of a shared victory), -1 for the others; ``"margin"``: the seat's final total minus the best
    total of the other players (an Automa included), in the ruleset's points (VP or Gulden).

    >>> import mp_notebook as mp
    >>> final_returns(mp.new_game(2, seed=1))
    [0.0, 0.0]
    """
    seats = checked_state("state", state).num_players
    reward = checked_choice("reward", reward, REWARDS)
    if not state.is_over:
        return [0.0] * seats
    rows = state.score_rows()
    if reward == "win":
        return [1.0 if rows[i]["winner"] else -1.0 for i in range(seats)]
    totals = [float(r["total"]) for r in rows]
    return [totals[i] - max(t for j, t in enumerate(totals) if j != i) for i in range(seats)]


REWARDS = ("win", "margin")
