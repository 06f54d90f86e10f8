"""The implementation of :mod:`mp_notebook.adapters.seats` (its docstring says what it offers)."""

from __future__ import annotations

import functools
import json
import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mp_notebook.adapters._layout import MAX_SEATS, Layout, _Observer, layout
from mp_notebook.engine import view as views
from mp_notebook.engine.actions import MAX_NOTATION
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import checked_choice, checked_int, checked_seat, checked_text, shown
from mp_notebook.registry import get

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


def observation(state: GameState, seat: int) -> np.ndarray:
    """``seat``'s numeric observation of ``state``: a ``float32`` vector laid out as its ruleset's
    :func:`observation_layout` says (what the seat may see only), made afresh. The adapters keep
    one up to date from step to step instead (only the parts of the position an action changed are
    written again); it always equals this.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, seed=7)
    >>> v = observation(s, 1)
    >>> v.shape == (observation_layout("mp2").size,), v.dtype.name
    (True, 'float32')
    >>> bool((observation(s.determinize(1, seed=3), 1) == v).all())   # another deal of what seat 1 cannot see
    True
    """
    state = checked_state("state", state)
    seat = checked_seat("seat", seat, state.num_players)
    return _Observer(state.ruleset)(state, seat)


def observation_layout(ruleset: str) -> Layout:
    """What :func:`observation` holds for ``ruleset``, in order: ``blocks`` (each ``(name, start,
    size)``) and ``size``; each ruleset declares it in its ``observation`` part.

    >>> lay = observation_layout("schmidt")
    >>> [name for name, _, _ in lay.blocks][:4]
    ['seat', 'decision.kind', 'decision.player', 'state.num_players']
    """
    return layout(get(ruleset).id)


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
