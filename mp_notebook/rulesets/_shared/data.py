"""Reading a ruleset's TOML data files: every error a :class:`~mp_notebook.DataError` naming the
file and the entry at fault.

The schema of a file is its loader, written with :class:`TableReader`: each entry lists its keys
(unknown keys are refused), reads each value with its type (never coerced: a bool is not an int,
``"800"`` and ``1000.5`` are not counts) and names duplicate ids. :func:`parse_toml` adds what
holds for every file: TOML itself refuses a key given twice in one table; no number is NaN or
infinite; no top-level array of tables (the ``[[entries]]`` of a file) holds the same entry
twice (a duplicated route or rule).

>>> r = TableReader("rules.toml", "[rules]", {"rounds": 5, "name": "x"})
>>> r.count("rounds", low=1), r.get("name", str)
(5, 'x')
>>> r.count("players", low=1)
Traceback (most recent call last):
...
mp_notebook.engine.errors.DataError: rules.toml: [rules]: players must be at least 1, got 0
>>> parse_toml("board.toml", "route = [{between = ['A', 'B']}, {between = ['A', 'B']}]")
Traceback (most recent call last):
...
mp_notebook.engine.errors.DataError: board.toml: route[1] repeats route[0]
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Collection
from typing import Any, NoReturn, Self

from mp_notebook.engine.errors import DataError


def parse_toml(name: str, text: str) -> dict[str, Any]:
    """The document of the TOML file ``name``, checked for what no data file may hold."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML: {exc}") from exc
    _check_finite(name, doc, "")
    for key, value in doc.items():  # the entries of a file: [[key]] arrays of tables
        tables = [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
        for k, item in enumerate(tables):
            if item in tables[:k]:
                raise DataError(f"{name}: {key}[{k}] repeats {key}[{tables.index(item)}]")
    return doc


def _check_finite(file: str, value: Any, where: str) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise DataError(f"{file}: {where}: numbers are finite, got {value}")
    if isinstance(value, dict):
        for key, item in value.items():
            _check_finite(file, item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for k, item in enumerate(value):
            _check_finite(file, item, f"{where}[{k}]")


def entries(file: str, doc: dict[str, Any], key: str, count: int | None = None) -> list[Any]:
    """The ``[[key]]`` array of tables that is the whole of ``doc`` (of ``count`` entries if given)."""
    unknown = sorted(set(doc) - {key})
    if unknown:
        raise DataError(f"{file}: unknown top-level key(s) {', '.join(unknown)} (expected [[{key}]])")
    items = doc.get(key)
    if not isinstance(items, list):
        raise DataError(f"{file}: expected an array of tables [[{key}]]")
    if count is not None and len(items) != count:
        raise DataError(f"{file}: expected {count} [[{key}]] entries, found {len(items)}")
    return items


_KIND_NAMES = {str: "strings", int: "integers", float: "numbers", bool: "true/false", dict: "tables", list: "lists"}


class TableReader:
    """Reads one entry of one data file, naming both in every error. A ruleset subclasses it to
    read its own bundles, rewards and costs."""

    def __init__(self, file: str, entry: str, table: Any, ident: str | None = None):
        self.file, self.entry = file, entry
        if not isinstance(table, dict):
            self.fail(f"expected a table, got {type(table).__name__} {table!r}"[:200])
        self.table: dict[str, Any] = table
        if ident and isinstance(table.get(ident), str):  # name the entry by its id, not its position
            self.entry = f"{entry.partition('[')[0]} {table[ident]!r}"

    def fail(self, why: str) -> NoReturn:
        raise DataError(f"{self.file}: {self.entry}: {why}" if self.entry else f"{self.file}: {why}")

    def keys(self, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        unknown = sorted(set(self.table) - set(required) - set(optional))
        if unknown:
            self.fail(f"unknown key(s) {', '.join(unknown)} (allowed: {', '.join(required + optional)})")
        missing = [k for k in required if k not in self.table]
        if missing:
            self.fail(f"missing key(s) {', '.join(missing)}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        value = self.table.get(key, default)
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if value is not None and (not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)):
            self.fail(f"{key} must be {getattr(kind, '__name__', 'a number')}, got {value!r}")
        return value

    def flag(self, key: str) -> bool:
        return bool(self.get(key, bool, False))

    def count(self, key: str, default: int = 0, low: int = 0) -> int:
        value: int = self.get(key, int, default)
        if value < low:
            self.fail(f"{key} must be at least {low}, got {value}")
        return value

    def sub(self, key: str, table: Any = None) -> Self:
        """The reader of the table ``key`` of this entry (or of ``table``, named ``key``)."""
        entry = f"{self.entry}.{key}" if self.entry else f"[{key}]"  # a table of the whole file: [key]
        return type(self)(self.file, entry, self.table.get(key, {}) if table is None else table)

    def name(self, key: str, known: Collection[str], what: str) -> str:
        value: str | None = self.get(key, str)
        if value is None or value not in known:
            self.fail(f"{key} {value!r} is not a known {what}")
        return value

    def unique(self, key: str, seen: Collection[str]) -> str:
        """The string ``key`` of this entry (its id), which no entry in ``seen`` has."""
        value: str | None = self.get(key, str)
        if value is None:
            self.fail(f"missing {key}")
        if value in seen:
            self.fail(f"duplicate {key} {value!r}")
        return value

    def items(self, key: str, kind: type | tuple[type, ...], default: list[Any] | None = None) -> list[Any]:
        """The list ``key``, each item of type ``kind`` (a bool is not an int)."""
        values: list[Any] | None = self.get(key, list, default)
        if values is None:
            self.fail(f"missing {key}")
        kinds = kind if isinstance(kind, tuple) else (kind,)
        for value in values:
            if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
                what = " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)
                self.fail(f"{key} must list {what}, got {value!r}"[:300])
        return values

    def counts(self, key: str, length: int | None = None, low: int = 0) -> tuple[int, ...]:
        """The list ``key`` (empty if missing) of ints of at least ``low`` (of ``length`` entries if given)."""
        values = self.items(key, int, [])
        if any(v < low for v in values):
            self.fail(f"{key} must list integers of at least {low}, got {values!r}"[:300])
        if length is not None and len(values) != length:
            self.fail(f"{key} must list {length} values, got {len(values)}")
        return tuple(values)

    def int_keyed(self, key: str, low: int, high: int) -> dict[int, Any]:
        """The table ``key`` keyed by integers ``low..high`` (TOML keys are strings)."""
        out = {}
        for k, v in self.get(key, dict, {}).items():
            if not (k.isascii() and k.isdigit()) or not low <= int(k) <= high:
                self.fail(f"{key}: key {k!r} must be a number from {low} to {high}")
            out[int(k)] = v
        return out

    def int_counts(self, key: str, low: int, high: int, least: int = 0) -> dict[int, int]:
        """The table ``key`` from integers ``low..high`` to ints of at least ``least``."""
        sub = self.sub(key)
        return {n: sub.count(str(n), low=least) for n in self.int_keyed(key, low, high)}
