"""Reading a ruleset's TOML data files: every error a :class:`~mp_notebook.DataError` naming the
file and the entry at fault.

>>> r = TableReader("rules.toml", "[rules]", {"rounds": 5, "name": "x"})
>>> r.count("rounds", low=1), r.get("name", str)
(5, 'x')
>>> r.count("players", low=1)
Traceback (most recent call last):
...
mp_notebook.engine.errors.DataError: rules.toml: [rules]: players must be at least 1, got 0
"""

from __future__ import annotations

import tomllib
from typing import Any, NoReturn, Self

from mp_notebook.engine.errors import DataError


def parse_toml(name: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML: {exc}") from exc


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
        raise DataError(f"{self.file}: {self.entry}: {why}")

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
        return type(self)(self.file, f"{self.entry}.{key}", self.table.get(key, {}) if table is None else table)

    def name(self, key: str, known: dict[str, Any] | tuple[str, ...], what: str) -> str:
        value: str | None = self.get(key, str)
        if value is None or value not in known:
            self.fail(f"{key} {value!r} is not a known {what}")
        return value
