"""What one seat may see of a game, and what it gets at the end: the observations and returns the
PettingZoo and OpenSpiel adapters hand to a bot.

A seat's view is the position as plain data (``GameState``'s save-file snapshot) with what the
rules keep from that seat taken out: face-down decks and piles become their sizes, another
player's secret cards (goal cards; the Schmidt game's Golden Plaque mission until it is done)
become ``"hidden"`` (a list of them: how many), the engine's dice generator (the future dice) and
its pending steps are left out, and the decision awaited shows its kind and seat to everyone but
its text only to its seat (the text may name the seat's own secret cards).

>>> import mp_notebook as mp
>>> s = mp.new_game(2, seed=7)
>>> view = seat_view(s, 1)
>>> view["state"]["players"][0]["goal"], view["state"]["players"][1]["goal"] == s.players[1].goal
('hidden', True)
>>> view["state"]["contract_pile"] == len(s.contract_pile), "rng" in view["state"]
(True, False)

Which parts are secret is each ruleset's knowledge, written in :data:`SECRETS` (one entry a
ruleset, labelled with the rule that makes it secret).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.state import plain

if TYPE_CHECKING:
    import numpy as np

    from mp_notebook.engine.game import GameState

HIDDEN = "hidden"
PRIVATE = ("rng", "tasks")  # the future dice and shuffles; pending steps (they may hold a seat's dealt cards)


@dataclass(frozen=True)
class Secrets:
    """What a ruleset's rules keep from a seat.

    ``piles``: face-down decks and piles (a list, a list of lists or a dict of lists), shown as
    their sizes; ``own``: player fields only their owner sees, each with the field that reveals it
    to all once true (``None``: never before the end); ``secret_kinds``: action kinds whose choice
    only the acting seat learns (the others see that a choice was made); ``more``: any further
    redaction of a view (``view, state, seat``).
    """

    piles: tuple[str, ...] = ()
    own: tuple[tuple[str, str | None], ...] = ()
    secret_kinds: tuple[str, ...] = ()
    more: Callable[[dict[str, Any], Any, int], None] | None = field(default=None, compare=False)


def _mp2_automa(view: dict[str, Any], state: Any, seat: int) -> None:
    """The solo Automa's card deck is face down (seed 004: the Automa draws from its shuffled deck)."""
    automa = state.automa
    if automa is not None:
        fields = {f.name: plain(getattr(automa, f.name)) for f in dataclasses.fields(automa)}
        view["automa"] = {**fields, "deck": len(automa.deck)}


SECRETS: dict[str, Secrets] = {
    # Marco Polo II: each player's goal card is secret (seed 002 "Goal cards (3 dealt, 1 kept)",
    # reference/mp2.md); the contract pile, the city-card deck and the offer-tile piles are shuffled
    # face down (reference/mp2.md, Setup); the goal kept in the full setup is chosen in secret.
    "mp2": Secrets(piles=("contract_pile", "card_deck", "offer_piles"), own=(("goal", None),),
                   secret_kinds=("goal",), more=_mp2_automa),
    # The Voyages: goal cards are dealt face down and kept secret (Rulebook, Player Setup 8; the
    # expert variant's choice of 2 of 4 in secret); the round piles and the special pile of
    # contracts are face down.
    "voyages": Secrets(piles=("contract_piles", "special_pile"), own=(("goals", None),), secret_kinds=("goal",)),
    # The Schmidt game: the ware decks and the Golden Plaques are drawn at random; a Plaque's mission
    # city is secret until the mission is done ("may only reveal the card ... when he arrives", seed
    # 001). Ware cards in hand are shown, as the app shows them (ui labels: only the Plaque is secret).
    "schmidt": Secrets(piles=("decks", "plaques"), own=(("plaque", "secrets"),)),
}


def secrets(ruleset: str) -> Secrets:
    """The :class:`Secrets` of ``ruleset`` (a ruleset without an entry hides only the dice generator)."""
    return SECRETS.get(ruleset, Secrets())


def _size(pile: Any) -> Any:
    if isinstance(pile, dict):
        return {k: _size(v) for k, v in pile.items()}
    if pile and isinstance(pile, list) and isinstance(pile[0], list):
        return [len(p) for p in pile]
    return len(pile)


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of ``state``, as plain JSON-able data (see the module docstring)."""
    rules = secrets(state.ruleset)
    snap = {k: v for k, v in state._snapshot().items() if k not in PRIVATE}
    for name in rules.piles:
        if name in snap:
            snap[name] = _size(snap[name])
    if rules.own and not state.is_over:
        players = snap["players"] = [dict(p) for p in snap["players"]]
        for j, p in enumerate(players):
            if j == seat:
                continue
            for name, revealed_by in rules.own:
                if name in p and p[name] and not (revealed_by and p.get(revealed_by)):
                    p[name] = len(p[name]) if isinstance(p[name], list) else HIDDEN
    if rules.more is not None:
        rules.more(snap, state, seat)
    d = state.decision
    decision: dict[str, Any] = {"kind": d.kind, "player": d.player}
    if d.player == seat:
        decision["text"] = d.text
    return {"ruleset": state.ruleset, "seat": seat, "decision": decision, "state": snap}


def observation_text(state: GameState, seat: int, view: dict[str, Any] | None = None) -> str:
    """:func:`seat_view` (or ``view``, one already made) as compact ASCII JSON, keys sorted: the
    observation string of the adapters."""
    return json.dumps(seat_view(state, seat) if view is None else view, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True)


FEATURES = 4096
"""Length of the numeric observation vector (:func:`features`)."""


def facts(view: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """The view as ``(fact, value)`` pairs: a number or flag at its path (list positions kept, as in
    ``state.players.1.coins``), a word as ``path=word`` with 1 (the positions of a list of words
    dropped: it is a set, like trading posts). The decision's text is left out (it repeats the rest).

    >>> dict(facts({"a": [3, 4], "b": ["Xian", "Pagan"], "c": {"d": True, "e": None}}))
    {'a.0': 3.0, 'a.1': 4.0, 'b=Xian': 1.0, 'b=Pagan': 1.0, 'c.d': 1.0}
    """
    if isinstance(view, dict):
        for k, v in view.items():
            if path == "decision" and k == "text":
                continue
            yield from facts(v, f"{path}.{k}" if path else str(k))
    elif isinstance(view, list):
        words = all(isinstance(v, str) for v in view)
        for i, v in enumerate(view):
            yield from facts(v, path if words else f"{path}.{i}")
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

    sums: dict[int, float] = {}
    _add_facts(view, "", sums, size)
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
    """How ``seat`` saw ``actor``'s action ``notation``: as it is, or its kind alone if its choice is secret.

    >>> seen_action("mp2", 0, 1, "goal G03"), seen_action("mp2", 1, 1, "goal G03")
    ('goal ?', 'goal G03')
    """
    kind = notation.split(" ", 1)[0]
    if actor != seat and kind in secrets(ruleset).secret_kinds:
        return f"{kind} ?"
    return notation


def final_returns(state: GameState, reward: str = "win") -> list[float]:
    """Each seat's result at the end (zeros before it): ``"win"``: 1 for the winner (every winner
    of a shared victory), -1 for the others; ``"margin"``: the seat's final total minus the best
    total of the other players (an Automa included), in the ruleset's points (VP or Gulden).

    >>> import mp_notebook as mp
    >>> final_returns(mp.new_game(2, seed=1))
    [0.0, 0.0]
    """
    seats = state.num_players
    if not state.is_over:
        return [0.0] * seats
    rows = state.score_rows()
    if reward == "win":
        return [1.0 if rows[i]["winner"] else -1.0 for i in range(seats)]
    totals = [float(r["total"]) for r in rows]
    return [totals[i] - max(t for j, t in enumerate(totals) if j != i) for i in range(seats)]


REWARDS = ("win", "margin")
