"""Every data file of every registered ruleset is held to its schema (issue 32): a changed file
loads, or fails with a DataError naming the file (and the entry), never another exception.
Unknown keys, duplicate entries (ids, routes), wrong types (no coercion: ``"800"``, ``true`` and
``1000.5`` are not counts) and non-finite numbers are refused.

The files are changed as parsed documents and written back as TOML (arrays of tables as arrays
of inline tables, which TOML reads as the same document)."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import pytest

from mp_notebook.engine.errors import DataError
from mp_notebook.registry import PACKAGES
from mp_notebook.rulesets._shared.data import parse_toml


def _mp2(files: dict[str, str]) -> None:
    from mp_notebook.rulesets.mp2.automa import load_automa
    from mp_notebook.rulesets.mp2.components import load_components

    if "automa.toml" in files:  # read against the shipped components
        load_automa(files["automa.toml"])
    if set(files) - {"automa.toml"}:
        load_components({k: v for k, v in files.items() if k != "automa.toml"})


def _voyages(files: dict[str, str]) -> None:
    from mp_notebook.rulesets.voyages.components import load_components

    load_components(files)


def _schmidt(files: dict[str, str]) -> None:
    from mp_notebook.rulesets.schmidt.components import load_components

    load_components(files)


LOADERS: dict[str, Callable[[dict[str, str]], None]] = {"mp2": _mp2, "voyages": _voyages, "schmidt": _schmidt}


def test_every_ruleset_has_a_loader_here() -> None:
    assert set(LOADERS) == set(PACKAGES)


def data_files(ruleset: str) -> dict[str, str]:
    folder = resources.files(PACKAGES[ruleset]).joinpath("data")
    return {f.name: f.read_text("utf-8") for f in folder.iterdir() if f.name.endswith(".toml")}


SAMPLE = 30  # changed tables and values per file (each load takes ~30 ms: this file runs in ~45 s on one core)
CASES = [(ruleset, name) for ruleset in sorted(PACKAGES) for name in sorted(data_files(ruleset))]


# ------------------------------------------------------------------------------ TOML out


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(map(_value, v)) + "]"
    return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {_value(x)}" for k, x in v.items()) + "}"


def dump(doc: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(k, ensure_ascii=False)} = {_value(v)}\n" for k, v in doc.items())


def test_dump_round_trips_every_data_file() -> None:
    for ruleset, name in CASES:
        doc = parse_toml(name, data_files(ruleset)[name])
        assert parse_toml(name, dump(doc)) == doc


# ------------------------------------------------------------------------------ changes


Path = tuple[Any, ...]


def _walk(doc: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _walk(v, (*path, k))
    elif isinstance(doc, list):
        for k, v in enumerate(doc):
            yield from _walk(v, (*path, k))


def _set(doc: Any, path: Path, value: Any) -> Any:
    """A copy of ``doc`` with the value at ``path`` replaced (``...``: removed)."""
    doc = json.loads(json.dumps(doc, allow_nan=True))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


def _wrong_types(v: Any) -> list[Any]:
    """Values of another type than ``v``, none of which a schema may coerce into ``v``'s type."""
    if isinstance(v, bool):
        return [int(v), "true" if v else "false"]
    if isinstance(v, int):
        return [str(v), True, v + 0.5, float(v), [v]]
    if isinstance(v, float):
        return [math.nan, math.inf, -math.inf, str(v), True]
    if isinstance(v, str):
        return [7.5, True, [v], {"x": v}]
    if isinstance(v, list):
        return ["x", 3, {"x": 1}]
    return ["x", 3, [1]]


def changes(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(what was changed, the changed document) — every one of which must be refused."""
    for path, v in _walk(doc):
        if not path:
            continue
        where = "/".join(map(str, path))
        if isinstance(v, dict):
            yield f"unknown key in {where}", _set(doc, (*path, "colour_of_the_sky"), 1)
        if len(path) == 1 and isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            yield f"duplicate entry in {where}", _set(doc, path, [*v, v[0]])
            yield f"duplicate last entry in {where}", _set(doc, path, [*v, v[-1]])
        if not isinstance(v, (dict, list)) or path[-1] != 0:
            for wrong in _wrong_types(v):
                yield f"{where} = {wrong!r}", _set(doc, path, wrong)
    yield "unknown top-level key", {**doc, "colour_of_the_sky": 1}


def _allowed(name: str, doc: dict[str, Any]) -> bool:
    """Whether the unchanged file loads (sanity)."""
    return bool(doc)


@pytest.mark.parametrize("ruleset,name", CASES)
def test_changed_files_are_refused_with_a_data_error_naming_the_file(ruleset: str, name: str) -> None:
    files = data_files(ruleset)
    LOADERS[ruleset](files)  # the shipped files load
    doc = parse_toml(name, files[name])
    found = list(changes(doc))
    rng = random.Random(name)  # a fixed sample per file
    structural = [c for c in found if " = " not in c[0]]
    values = [c for c in found if " = " in c[0]]
    top = [c for c in structural if c[0].count("/") == 0]  # top-level keys and entries: all of them
    sample = top + rng.sample(structural, min(len(structural), SAMPLE)) + rng.sample(values, min(len(values), SAMPLE))
    wrong: list[str] = []
    for what, changed in sample:
        try:
            LOADERS[ruleset]({name: dump(changed)})
        except DataError as exc:
            if not str(exc).startswith(name):
                wrong.append(f"{what}: the message does not start with the file name: {exc}")
        except Exception as exc:  # any other exception is the failure reported
            wrong.append(f"{what}: {type(exc).__name__}: {exc}"[:300])
        else:
            wrong.append(f"{what}: accepted")
    assert not wrong, f"{len(wrong)} of {len(sample)} changes of {ruleset}/{name}:\n" + "\n".join(wrong[:40])


# ------------------------------------------------------------------------------ the defects of issue 32


def refused(ruleset: str, name: str, edit: Callable[[dict[str, Any]], None], *fragments: str) -> str:
    """Loading ``name`` of ``ruleset`` edited by ``edit`` is a DataError naming the file and ``fragments``."""
    doc = parse_toml(name, data_files(ruleset)[name])
    edit(doc)
    with pytest.raises(DataError) as err:
        LOADERS[ruleset]({name: dump(doc)})
    message = str(err.value)
    assert message.startswith(f"{name}: ") and all(f in message for f in fragments), message
    return message


def test_a_duplicated_mp2_route_is_refused() -> None:
    """A duplicated route once silently replaced the connection (same ends, either kind or cost)."""
    refused("mp2", "board.toml", lambda d: d["route"].append(d["route"][0]), "route[", "repeats route[0]")
    refused("mp2", "board.toml", lambda d: d["route"].append({**d["route"][0], "coins": 9}),
            "route Beijing-Xanadu: duplicate route")
    refused("mp2", "board.toml", lambda d: d["route"].append({**d["route"][0], "between": ["Xanadu", "Beijing"]}),
            "route Xanadu-Beijing: duplicate route")


@pytest.mark.parametrize("key", ["books", "travel", "money_bag"])
def test_duplicated_mp2_rules_entries_are_refused(key: str) -> None:
    """A second Books/Travel space of one name, or a second money bag option of one resource, was
    dropped or kept silently."""
    def edit(d: dict[str, Any]) -> None:
        first = d[key][0]
        d[key].append({**first, **({"name": first["name"]} if "name" in first else {}),
                       **{k: v + 1 for k, v in first.items() if isinstance(v, int) and not isinstance(v, bool)}})

    refused("mp2", "rules.toml", edit, key, "duplicate")


@pytest.mark.parametrize("key", ["card", "slide", "trading_post_card", "skill"])
def test_duplicated_automa_entries_are_refused(key: str) -> None:
    def edit(d: dict[str, Any]) -> None:
        ident = "level" if key == "skill" else "id"
        d[key][1] = {**d[key][1], ident: d[key][0][ident]}

    refused("mp2", "automa.toml", edit, "duplicate")


@pytest.mark.parametrize("value,fragment", [("800", "start_gulden must be int"), (True, "start_gulden must be int"),
                                            (1000.5, "start_gulden must be int"), (-5, "at least 0")])
def test_schmidt_numbers_are_not_coerced(value: Any, fragment: str) -> None:
    refused("schmidt", "rules.toml", lambda d: d.update(start_gulden=value), fragment)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, "45", True, 91])
def test_schmidt_coordinates_are_finite_numbers(value: Any) -> None:
    refused("schmidt", "board.toml", lambda d: d["location"][2].update(lat=value), "lat")


@pytest.mark.parametrize("name,edit", [
    ("board.toml", lambda d: d["location"][0].update(population=1)),
    ("board.toml", lambda d: d["route"][0].update(length=1)),
    ("board.toml", lambda d: d.update(river=[])),
    ("cards.toml", lambda d: d["joker"][0].update(colour_of_the_sky="blue")),
    ("cards.toml", lambda d: d["decks"].update(backs="red")),
    ("cards.toml", lambda d: d["specials"].update(extra=1)),
    ("rules.toml", lambda d: d.update(tax=5)),
    ("rules.toml", lambda d: d["spinner"].update(air=[1])),
])
def test_schmidt_unknown_keys_are_refused(name: str, edit: Callable[[dict[str, Any]], None]) -> None:
    refused("schmidt", name, edit, "unknown key")


def test_schmidt_duplicates_are_refused() -> None:
    refused("schmidt", "board.toml", lambda d: d["location"].append({**d["location"][1], "lat": 1.0}),
            "duplicate name 'Belgrade'")
    first = parse_toml("board.toml", data_files("schmidt")["board.toml"])["route"][0]
    refused("schmidt", "board.toml", lambda d: d["route"].append({**first, "between": first["between"][::-1]}),
            "duplicate land route")
    refused("schmidt", "cards.toml", lambda d: d["joker"].append({**d["joker"][0], "amount": 2}),
            "duplicate id 'khan_protects'")


@pytest.mark.parametrize("ruleset", sorted(PACKAGES))
def test_a_board_refuses_routes_to_unknown_locations(ruleset: str) -> None:
    """networkx would silently add the unknown end as a new location of the graph."""
    import dataclasses

    from mp_notebook.board.graph import Board
    from mp_notebook.registry import get

    board = get(ruleset).board()
    stray = dataclasses.replace(board.routes[0], b="Atlantis")
    with pytest.raises(DataError, match=f"board of {ruleset}: route.*-Atlantis join unknown locations"):
        Board(ruleset, board.locations, [*board.routes, stray], board.start)
    with pytest.raises(DataError, match="the start 'Atlantis' is not a location"):
        Board(ruleset, board.locations, board.routes, "Atlantis")
