"""Checking arguments at the library's boundary, the same way for every ruleset and every public
function: each check names the argument, says what it accepts and what it got, never coerces
(a bool is not an int, a float is not a count, ``"2"`` is not a number) and runs in bounded time
and memory whatever it is given (a huge int is shown by its size, not printed).

>>> checked_int("players", 3, 1, 4)
3
>>> checked_int("players", "2", 1, 4)
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: players must be an int from 1 to 4, got '2'
>>> checked_int("seed", 10**1000, 0, 99)
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: seed must be an int from 0 to 99, got an int of 3322 bits
>>> checked_number("time_budget", 2.5, 0.0, 3600.0)
2.5
>>> checked_choice("horizon", "day", ("turn", "game"))
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: horizon must be one of 'turn', 'game'; got 'day'
"""

from __future__ import annotations

import math
import numbers
import operator
import reprlib
from collections.abc import Iterable
from typing import Any, TypeVar

from mp_notebook.engine.errors import ArgumentError

T = TypeVar("T")

MAX_SEED = 2**64 - 1
"""The largest seed (either sign): the RNG keeps 64 bits; larger seeds would make saves unwritable."""
MAX_COUNT = 999_999
"""The largest number of coins, camels, goods or VP (either sign) a position editor sets."""

_short = reprlib.Repr()
_short.maxstring = 60
_short.maxother = 60


def shown(value: Any) -> str:
    """``value`` for an error message: short, even for an int too long to print or a deep list.

    >>> shown(2**200), shown("x" * 100)[:12], shown([[[[[[1]]]]]])
    ('an int of 201 bits', "'xxxxxxxxxxx", '[[[[[...]]]]]')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an int of {value.bit_length()} bits"
    try:
        return _short.repr(value)
    except Exception:  # a value whose repr fails is still named by its type
        return f"a {type(value).__name__}"


def checked_int(name: str, value: Any, low: int, high: int = MAX_COUNT) -> int:
    """``value`` as an int in ``low..high``: ints and numpy ints; not bools, floats or strings."""
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is None or not low <= number <= high:
        raise ArgumentError(f"{name} must be an int from {low} to {high}, got {shown(value)}")
    return number


def checked_number(name: str, value: Any, low: float, high: float) -> float:
    """``value`` as a finite float in ``low..high``: ints and floats (numpy's too); not bools or strings."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    number = float(value) if ok else math.nan
    if not (math.isfinite(number) and low <= number <= high):
        raise ArgumentError(f"{name} must be a number from {low:g} to {high:g}, got {shown(value)}")
    return number


def checked_choice(name: str, value: Any, choices: Iterable[T]) -> T:
    """``value`` if it is one of ``choices`` (compared by equality, with its type: ``1`` is not ``True``)."""
    options = tuple(choices)
    for option in options:
        if type(value) is type(option) and value == option:
            return option
    listed = ", ".join(map(repr, options))
    raise ArgumentError(f"{name} must be one of {listed}; got {shown(value)}")
