"""Shared helpers for The Voyages of Marco Polo rule tests: reaching a position, editing it,
reading the log and the legal actions."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import mp_notebook as mp

# Characters for rule tests whose abilities do not touch the rule under test (seat order).
PLAIN = ("Johannes Carpini", "Matteo Polo")


def to_turn(s):
    """Resolve pending decisions (compensation, goal choices …) with the first legal action."""
    while s.decision.kind not in ("turn", "over"):
        s = s.apply(s.legal_actions()[0])
    return s


def new(players: int = 2, seed: int = 0, characters=PLAIN, **options):
    """A new game at the start player's first turn."""
    return to_turn(mp.new_game(players, ruleset="voyages", seed=seed, characters=characters, **options))


def find(pred: Callable, players: int = 2, characters=PLAIN, **options):
    """The first game (seeds 0..299) at its first turn for which ``pred(s)`` holds."""
    chars = tuple(characters) if isinstance(characters, (list, tuple)) else characters
    for seed in range(300):
        s = _cached(players, seed, chars, tuple(sorted(options.items())))
        if pred(s):
            return s
    raise LookupError("no seed in 0..299 satisfies the predicate")


@functools.lru_cache(maxsize=512)
def _cached(players, seed, characters, options):
    return new(players, seed, list(characters) if isinstance(characters, tuple) else characters, **dict(options))


def play(s, *moves: str):
    """Apply each notation string in turn."""
    for m in moves:
        s = s.apply(m)
    return s


def legal(s) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def legal_kind(s, kind: str) -> set[str]:
    return {str(a) for a in s.legal_actions() if a.kind == kind}


def events(s, since: int = 0):
    return s.log[since:]


def texts(s, since: int = 0) -> list[str]:
    return [e.text for e in s.log[since:]]


def rules_cited(s, since: int = 0) -> set[str]:
    return {e.rule for e in s.log[since:]}


def illegal(s, action: str, *words: str) -> str:
    """Assert that ``action`` raises IllegalAction naming each of ``words`` and changes nothing."""
    before = s.to_json()
    with pytest.raises(mp.IllegalAction) as exc:
        s.apply(action)
    message = str(exc.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert s.to_json() == before
    return message


def card_game(card_id: str, players: int = 2, characters=PLAIN):
    """``(state, card space, city)``: a game with city card ``card_id`` on the board."""
    s = find(lambda s: card_id in s.cards.values(), players, characters)
    space = next(sp for sp, cid in s.cards.items() if cid == card_id)
    return s, space, s.components.card_spaces[space]
