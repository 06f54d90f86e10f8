"""Bounded memo tables, for the hot paths of the evaluations and the agents: a dict that starts
afresh when it is full, so that thousands of simulated games do not grow it without end."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V, limit: int) -> V:
    """``value``, stored in ``memo`` under ``key``; a ``memo`` that holds ``limit`` entries is
    emptied first.

    >>> memo: dict[str, int] = {}
    >>> remember(memo, "a", 1, limit=1), remember(memo, "b", 2, limit=1), memo
    (1, 2, {'b': 2})
    """
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value
