"""A tiny seeded RNG whose whole state is one integer, so a game state can carry it cheaply
and replaying the same actions reproduces the same dice (SplitMix64).

>>> state, value = next_int(seed_state(7), 6)
>>> 0 <= value < 6
True
>>> next_int(seed_state(7), 6) == next_int(seed_state(7), 6)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The RNG state for a user seed (any int)."""
    return (seed * 0xBF58476D1CE4E5B9 + _GOLDEN) & _MASK


def next_int(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, value)`` with ``value`` uniform in ``range(n)``."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return state, (z * n) >> 64


def shuffled(state: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """Return ``(new_state, items shuffled)`` (Fisher–Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = next_int(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, tuple(out)
