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

The position editors and the setups of every ruleset share the checks of collections too:

>>> checked_players(3, 2, 4, "Chess for four is played by 2-4 players")
['Player 1', 'Player 2', 'Player 3']
>>> checked_players(10**12, 2, 4, "Chess for four is played by 2-4 players")
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: Chess for four is played by 2-4 players, got 1000000000000
>>> checked_seat("with_player", 2, 2)
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: with_player: no seat 2 (seats 0-1)
>>> checked_names("contracts", ["R01", ["R02"]], ("R01", "R02"), 3, "contract ids")
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: contracts are up to 3 different contract ids; bad: [['R02']]
>>> checked_counts("goods", {"silk": 2}, ("silk", "gold"))
{'silk': 2}

An iterable is read item by item up to its cap, so an endless or huge one costs nothing:

>>> import itertools
>>> checked_items("cities", itertools.count(), 8, "locations")
Traceback (most recent call last):
...
mp_notebook.engine.errors.ArgumentError: cities is a list of at most 8 locations, got more
"""

from __future__ import annotations

import io
import itertools
import math
import numbers
import operator
import os
import reprlib
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, TypeVar

from mp_notebook.engine.errors import ArgumentError

T = TypeVar("T")

MAX_SEED = 2**64 - 1
"""The largest seed (either sign): the RNG keeps 64 bits; larger seeds would make saves unwritable."""
MAX_COUNT = 999_999
"""The largest number of coins, camels, goods or VP (either sign) a position editor sets."""
MAX_NAME = 100
"""The longest player name."""

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


def _index(value: Any) -> int | None:
    """``value`` as an int if it is one (an int or a numpy int; not a bool, a float or a string)."""
    try:
        return None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        return None


def checked_int(name: str, value: Any, low: int, high: int = MAX_COUNT) -> int:
    """``value`` as an int in ``low..high``: ints and numpy ints; not bools, floats or strings."""
    number = _index(value)
    if number is None or not low <= number <= high:
        raise ArgumentError(f"{name} must be an int from {low} to {high}, got {shown(value)}")
    return number


def checked_seed(value: Any, name: str = "seed") -> int:
    """``value`` as a seed: an int of at most 64 bits, either sign (so that every save can be written)."""
    return checked_int(name, value, -MAX_SEED, MAX_SEED)


def checked_number(name: str, value: Any, low: float, high: float, *, finite: bool = True) -> float:
    """``value`` as a float in ``low..high``: ints and floats (numpy's too); not bools or strings,
    never NaN, and infinite only where ``finite`` is False (a threshold that is never reached)."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    number = float(value) if ok else math.nan
    if not ((math.isfinite(number) or (not finite and math.isinf(number))) and low <= number <= high):
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


def checked_seat(name: str, value: Any, seats: int) -> int:
    """``value`` as a seat ``0..seats-1`` (an int or numpy int; not a bool, a float or a string)."""
    seat = _index(value)
    if seat is None or not 0 <= seat < seats:
        raise ArgumentError(f"{name}: no seat {shown(value)} (seats 0-{seats - 1})")
    return seat


def checked_players(value: Any, low: int, high: int, played_by: str) -> list[str]:
    """The player names ``new_game`` builds from ``value``: a number of seats (``Player 1``, ...)
    or a list of different names (strings). The count is checked before anything is built, so a
    huge count is refused at once; ``played_by`` begins the message (``"X is played by 2-4 players"``)."""
    if isinstance(value, bool) or not isinstance(value, (int, list, tuple)):
        raise ArgumentError(f"players must be a number of seats or a list of names, got {shown(value)}")
    seats = value if isinstance(value, int) else len(value)
    if not low <= seats <= high:
        raise ArgumentError(f"{played_by}, got {shown(seats)}")
    if isinstance(value, int):
        return [f"Player {k + 1}" for k in range(seats)]
    bad = [name for name in value if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME]
    if bad:
        raise ArgumentError(f"player names are strings of 1 to {MAX_NAME} characters, got {shown(bad[0])}")
    if len(set(value)) != len(value):
        raise ArgumentError(f"player names must be different, got {shown(list(value))}")
    return list(value)


def checked_list(name: str, value: Any, limit: int, what: str) -> list[Any]:
    """``value`` as a list of at most ``limit`` items (a list or tuple, so its order is kept; a set,
    a string or a dict is not a list)."""
    if not isinstance(value, (list, tuple)) or len(value) > limit:
        raise ArgumentError(f"{name} is a list of at most {limit} {what}, got {shown(value)}")
    return list(value)


def checked_items(name: str, value: Any, limit: int, what: str) -> list[Any]:
    """The items of ``value``, a finite iterable (a list, tuple, set, generator, numpy array...) of at
    most ``limit`` items, read one by one and refused as soon as there are more; a string, bytes, a
    dict and an open file are not lists (reading a file would consume the caller's).

    >>> checked_items("cities", (c for c in ["Xian", "Kashgar"]), 8, "locations")
    ['Xian', 'Kashgar']
    >>> checked_items("cities", "Xian", 8, "locations")
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: cities is a list of at most 8 locations, got 'Xian'
    """
    if isinstance(value, (str, bytes, Mapping, io.IOBase)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{name} is a list of at most {limit} {what}, got {shown(value)}")
    items = list(itertools.islice(value, limit + 1))
    if len(items) > limit:
        raise ArgumentError(f"{name} is a list of at most {limit} {what}, got more")
    return items


def checked_text(name: str, value: Any, limit: int = 10_000) -> str:
    """``value`` if it is a string of at most ``limit`` characters (a title, a hint, a message).

    >>> checked_text("title", None)
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: title must be a text (str) of at most 10000 characters, got None
    """
    if not isinstance(value, str) or len(value) > limit:
        raise ArgumentError(f"{name} must be a text (str) of at most {limit} characters, got {shown(value)}")
    return value


def checked_function(name: str, value: Any, what: str) -> Callable[..., Any]:
    """``value`` if it can be called (``what`` says with what, for the message).

    >>> checked_function("clock", 3, "a function returning seconds")
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: clock must be a function returning seconds, got 3
    """
    if not callable(value) or isinstance(value, type):
        raise ArgumentError(f"{name} must be {what}, got {shown(value)}")
    function: Callable[..., Any] = value
    return function


def checked_name(name: str, value: Any, known: Collection[str], what: str) -> str:
    """``value`` if it is a string among ``known`` (a location, a card id...); never hashes a non-string."""
    if not isinstance(value, str) or value not in known:
        raise ArgumentError(f"{name}: unknown {what} {shown(value)}")
    return value


def checked_names(name: str, value: Any, known: Collection[str], limit: int, what: str) -> list[str]:
    """``value`` as a list of at most ``limit`` different strings among ``known``."""
    if not isinstance(value, (list, tuple)):
        checked_list(name, value, limit, what)  # raises: not a list
    items = list(value)
    bad = [x for x in items if not isinstance(x, str) or x not in known]
    if bad or len(items) > limit or len(set(items)) != len(items):
        raise ArgumentError(f"{name} are up to {limit} different {what}; bad: {shown(bad or items)}")
    return items


def checked_per_seat(name: str, value: Any, seats: int, what: str) -> list[str]:
    """``value`` as a list (or tuple) of exactly one ``what`` name (a string) per seat.

    >>> checked_per_seat("characters", ["Kubilai Khan", "Raschid ad-Din"], 2, "character")
    ['Kubilai Khan', 'Raschid ad-Din']
    >>> checked_per_seat("characters", ["Kubilai Khan"], 2, "character")
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: characters lists one character per seat (2), got 1
    """
    if not isinstance(value, (list, tuple)):
        raise ArgumentError(f"{name} is a list of one {what} name per seat ({seats}), got {shown(value)}")
    if len(value) != seats:
        raise ArgumentError(f"{name} lists one {what} per seat ({seats}), got {len(value)}")
    if not all(isinstance(x, str) for x in value):
        raise ArgumentError(f"{name} are {what} names (strings), got {shown(list(value))}")
    return list(value)


def checked_counts(name: str, value: Any, keys: Collection[str], low: int = 0,
                   high: int = MAX_COUNT) -> dict[str, int]:
    """``value`` as a dict from some of ``keys`` to ints in ``low..high`` (numpy ints become ints)."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and k in keys for k in value):
        raise ArgumentError(f"{name} is a dict over {', '.join(keys)}, got {shown(value)}")
    return {k: checked_int(f"{name}[{k!r}]", v, low, high) for k, v in value.items()}


def checked_options(name: str, value: Any, choices: Collection[str]) -> list[str]:
    """``value`` (a list or tuple of strings among ``choices``, like a game's variants) sorted, without repeats."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(x, str) for x in value):
        raise ArgumentError(f"{name} is a list of names ({', '.join(choices)}), got {shown(value)}")
    unknown = sorted(set(value) - set(choices))
    if unknown:
        raise ArgumentError(f"unknown {name} {shown(unknown)}; available: {', '.join(choices)}")
    return sorted(set(value))


def checked_path(name: str, value: Any) -> str | os.PathLike[str]:
    """``value`` if it names a file: a ``str`` or an ``os.PathLike`` (not an int, which ``open``
    would take for a file descriptor of the process, and close).

    >>> checked_path("path", 3)
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: path must be a file name (str or os.PathLike), got 3
    """
    if not isinstance(value, (str, os.PathLike)):
        raise ArgumentError(f"{name} must be a file name (str or os.PathLike), got {shown(value)}")
    return value
