"""The implementation of :mod:`mp_notebook.adapters.seats` (its docstring says what it offers)."""

from __future__ import annotations

import functools
import json
import zlib
from collections.abc import Iterator
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


_SCALARS = (bool, int, float, str, type(None))
_NUMBERS = (bool, int, float)
_CONTAINERS = (tuple, list, dict)
_SKIPPED = frozenset({*STATIC, *TRANSIENT, *CHAINS, "_setup", *views.PRIVATE})  # the snapshot's and the view's


class _Node:
    """One part of a view as last seen: the state's object there (``obj``) and either the facts it
    adds (``(slot, value)`` pairs: a leaf) or its parts by key (a container walked part by part);
    ``tag``: what else decided how it was shown (the players' hidden fields)."""

    __slots__ = ("facts", "obj", "parts", "tag")

    def __init__(self, obj: Any, facts: list[tuple[int, float]] | None, parts: dict[Any, _Node] | None,
                 tag: Any = None):
        self.obj = obj
        self.facts = facts
        self.parts = parts
        self.tag = tag


class SeatFeatures:
    """:func:`features` of ``seat``'s view, kept up to date from state to state: the state's parts
    that are the same objects as at the last call (a state shares every part an action leaves
    alone with the state it came from) are not walked again, and the vector changes by the facts
    of the changed parts alone. The result always equals ``features(seat_view(state, seat))``:
    the same facts (the view's secrets applied: face-down piles as their sizes, other players'
    secret fields hidden, and the ruleset's further redaction, its ``more`` hook, which writes whole
    entries of the view worked out from the state and seat), summed exactly (the facts are counts).
    Any state of the ruleset may follow any other (an unrelated one is walked the more).

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
        import numpy as np

        self.ruleset = get(ruleset).id
        self.seat = checked_seat("seat", seat, MAX_SEATS)
        self.size = checked_int("size", size, 1, 2**24)
        self.secrets: views.Secrets = get(self.ruleset).part("secrets").SECRETS
        self._piles = frozenset(self.secrets.piles)
        self._own = tuple(name for name, _ in self.secrets.own)
        self._fields: dict[str, _Node] = {}  # the state's entries of the view, by name
        self._seen: dict[str, Any] = {}  # every field of the state last seen (the view's or not)
        self._over = False
        self._more: dict[str, _Node] = {}  # the entries the ruleset's ``more`` hook wrote
        self._decision: _Node | None = None
        sums: dict[int, float] = {}
        _add_facts({"ruleset": self.ruleset, "seat": self.seat}, "", sums, self.size)
        self._sums = [0.0] * self.size  # exact: the facts are counts
        for slot, v in sums.items():
            self._sums[slot] = v
        self._vector = np.array(self._sums, dtype=np.float32)

    def __call__(self, state: GameState) -> np.ndarray:
        """The features of this seat's view of ``state`` (a new ``float32`` vector)."""
        state = checked_state("state", state, ruleset=self.ruleset)
        if not isinstance(state, RulesState):  # no shared parts to follow: the whole view
            return features(seat_view(state, self.seat), self.size)
        checked_seat("seat", self.seat, state.num_players)
        delta: dict[int, float] = {}
        d = state.decision
        if self._decision is None or self._decision.obj != (d.kind, d.player):
            self._decision = self._walk(self._decision, "decision", {"kind": d.kind, "player": d.player}, delta)
            self._decision.obj = (d.kind, d.player)
        self._walk_state(state, delta)
        sums, vector = self._sums, self._vector
        for slot, v in delta.items():
            sums[slot] += v
            vector[slot] = sums[slot]
        return vector.copy()

    def _walk_state(self, state: RulesState, delta: dict[int, float]) -> None:
        """The state's entries, as its view shows them (see :func:`mp_notebook.engine.view.seat_view`)."""
        fields = self._fields
        more: dict[str, Any] = {}
        if self.secrets.more is not None:
            self.secrets.more(more, state, self.seat)
        for k in [k for k in self._more if k not in more]:
            _drop(self._more.pop(k), delta)
            self._seen.pop(k, None)  # the state's own entry is shown again
        for k, v in more.items():
            if k in fields:
                _drop(fields.pop(k), delta)
                self._seen.pop(k, None)  # walked again once the hook no longer writes it
            self._more[k] = self._walk(self._more.get(k), f"state.{k}", v, delta)
        if self._own and state.is_over != self._over:  # who sees a secret changes at the end
            self._over = state.is_over
            self._seen.pop("players", None)
        seen = self._seen
        for k, v in [(k, v) for k, v in state.__dict__.items() if v is not seen.get(k, seen)]:
            seen[k] = v
            if k in _SKIPPED or k in more:
                continue
            node = fields.get(k)
            if k == "players" and self._own:
                fields[k] = self._walk_players(node, state, v, delta)
            elif k in self._piles:
                fields[k] = self._leaf(node, f"state.{k}", v, views._size(plain(v)), delta)
            else:
                fields[k] = self._walk(node, f"state.{k}", v, delta)

    def _walk_players(self, old: _Node | None, state: RulesState, players: Any, delta: dict[int, float]) -> _Node:
        """The players, each one's secret fields hidden from the other seats while the rules say so."""
        seat, own, hides = self.seat, self._own, self.secrets.hides
        over = state.is_over
        hidden = tuple(() if j == seat or over else tuple(name for name in own if hides(state, j, seat, name))
                       for j in range(len(players)))  # it reads the player's fields and the game's end
        if old is not None and old.obj is players and old.tag == hidden:
            return old
        old = _branch(old, players, delta)
        parts = old.parts
        assert parts is not None
        for j, p in enumerate(players):
            node = parts.get(j)
            if node is not None and node.obj is p and node.tag == hidden[j]:
                continue
            node = parts[j] = _branch(node, p, delta)
            inner = node.parts
            assert inner is not None
            hide = hidden[j]
            for name, v in [(name, v) for name, v in p.__dict__.items()
                            if name in hide or (c := inner.get(name)) is None or c.obj is not v]:
                if name in hide:
                    v = plain(v)
                    v = len(v) if isinstance(v, list) else views.HIDDEN
                inner[name] = self._walk(inner.get(name), f"state.players.{j}.{name}", v, delta)
            node.obj, node.tag = p, hidden[j]
        if len(parts) != len(players):
            _trim(parts, range(len(players)), delta)
        old.obj, old.tag = players, hidden
        return old

    def _walk(self, old: _Node | None, path: str, value: Any, delta: dict[int, float]) -> _Node:
        """The part of the view at ``path`` made from the state's ``value``: unchanged if it is the
        object seen last time (or an equal number or word), walked part by part if it is a
        container, else a leaf."""
        kind = type(value)
        if old is not None and (old.obj is value or (kind in _SCALARS and type(old.obj) is kind and old.obj == value)):
            return old
        if kind in _SCALARS:
            if old is not None and kind in _NUMBERS and type(old.obj) in _NUMBERS:  # the same fact, another value
                slot, before = old.facts[0]  # type: ignore[index]
                amount = float(value)
                delta[slot] = delta.get(slot, 0.0) + amount - before
                old.obj, old.facts = value, [(slot, amount)]
                return old
            if old is not None:
                _drop(old, delta)
            if value is None:
                return _Node(value, [], None)
            slot = _slot(f"{path}={value}", self.size) if kind is str else _slot(path, self.size)
            amount = 1.0 if kind is str else float(value)
            delta[slot] = delta.get(slot, 0.0) + amount
            return _Node(value, [(slot, amount)], None)
        if kind is dict:
            items: Any = value.items()
        elif isinstance(value, Pieces):
            items = value.__dict__.items()
        elif (kind is tuple or kind is list) and not all(_word(v) for v in value):
            items = enumerate(value)
        else:
            return self._leaf(old, path, value, plain(value), delta)
        old = _branch(old, value, delta)
        parts = old.parts
        assert parts is not None
        for k, v in [(k, v) for k, v in items if (c := parts.get(k)) is None or c.obj is not v]:
            parts[k] = self._walk(parts.get(k), f"{path}.{k}", v, delta)
        if len(parts) != len(value if kind is dict or kind is tuple or kind is list else value.__dict__):
            _trim(parts, [k for k, _ in (value.items() if kind is dict else value.__dict__.items()
                                         if isinstance(value, Pieces) else enumerate(value))], delta)
        old.obj = value
        return old

    def _leaf(self, old: _Node | None, path: str, value: Any, shown: Any, delta: dict[int, float]) -> _Node:
        """A leaf of the view: the facts of ``shown`` (the view's plain data for the state's ``value``)."""
        if old is not None:
            _drop(old, delta)
        sums: dict[int, float] = {}
        _add_facts(shown, path, sums, self.size)
        for slot, v in sums.items():
            delta[slot] = delta.get(slot, 0.0) + v
        return _Node(value, list(sums.items()), None)


def _word(value: Any) -> bool:
    """Whether ``value`` is a word in the view (a list of words is a set of facts, not a list of parts)."""
    return type(value) is str or not isinstance(value, (*_SCALARS, *_CONTAINERS, frozenset, set, Pieces))


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
