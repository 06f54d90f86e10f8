"""Loading, replaying and parsing, the registry's work for the engine, for every registered ruleset:
bad arguments raise ``ArgumentError`` and touch nothing of the process, a save loads as the
ruleset its file names, and no input lets a RecursionError or a TypeError out."""

from __future__ import annotations

import itertools
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import mp_notebook as mp
from mp_notebook.engine.errors import ArgumentError, NotationError, SaveFileError
from mp_notebook.registry import PACKAGES

RULESETS = sorted(PACKAGES)
DEEP = 100_000  # nesting far past the interpreter's recursion limit


def game(ruleset: str, steps: int = 6) -> mp.GameState:
    s = mp.new_game(2, ruleset=ruleset, seed=5)
    for _ in range(steps):
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("path", [0, 1, 2, True, 3.0, b"game.json", None, ["game.json"]])
def test_load_and_save_take_a_file_name_only(path: object, tmp_path: Path) -> None:
    """An int is not a path: ``open`` would take it for a file descriptor of the process and close it."""
    s = game("mp2", 0)
    with pytest.raises(ArgumentError, match="path must be a file name"):
        mp.load(path)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="path must be a file name"):
        s.save(path)  # type: ignore[arg-type]
    s.save(tmp_path / "game.json")
    assert mp.load(str(tmp_path / "game.json")) == s


def test_load_leaves_the_process_s_file_descriptors_open(tmp_path: Path) -> None:
    (tmp_path / "save.json").write_text(game("mp2").to_json(), encoding="utf-8")
    fd = os.open(tmp_path / "save.json", os.O_RDONLY)
    try:
        with pytest.raises(ArgumentError):
            mp.load(fd)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError):
            game("mp2", 0).save(fd)  # type: ignore[arg-type]
        os.fstat(fd)  # still open
    finally:
        os.close(fd)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_setup_without_its_ruleset_loads_as_the_file_s_ruleset(ruleset: str) -> None:
    s = game(ruleset)
    doc = json.loads(s.to_json())
    del doc["setup"]["ruleset"]
    loaded = mp.GameState.from_json(json.dumps(doc))
    assert loaded.ruleset == ruleset and loaded == s


@pytest.mark.parametrize("saved,named", list(itertools.permutations(RULESETS, 2)))
def test_a_save_never_loads_as_a_ruleset_its_file_does_not_name(saved: str, named: str) -> None:
    doc = json.loads(game(saved).to_json())
    doc["ruleset"] = named
    for setup in (doc["setup"], {k: v for k, v in doc["setup"].items() if k != "ruleset"}):
        with pytest.raises(SaveFileError):
            mp.GameState.from_json(json.dumps({**doc, "setup": setup}))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_replay_of_a_deeply_nested_edit_is_a_notation_error(ruleset: str) -> None:
    s = game(ruleset, 2)
    for entry in ("edit 0 " + "[" * DEEP + "]" * DEEP, 'edit 0 {"coins":' + "[" * DEEP + "]" * DEEP + "}"):
        with pytest.raises(NotationError, match="nested too deeply"):
            mp.replay(s.setup, [*s.history, entry])
        doc = json.loads(s.to_json())
        doc["history"].append(entry)
        with pytest.raises(SaveFileError, match="cannot be replayed"):
            mp.GameState.from_json(json.dumps(doc))


@pytest.mark.parametrize("kwargs,history", [
    ("mp2", []), (None, []), ({1: 2}, []), ({"players": 2}, "end_turn"), ({"players": 2}, ["end_turn", 3]),
    ({"players": 2}, None),
])
def test_replay_arguments(kwargs: object, history: object) -> None:
    with pytest.raises(ArgumentError, match=r"^(new_game_kwargs|history) must be"):
        mp.replay(kwargs, history)  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", [[], {}, 3, b"mp2", ("mp2",), "chess", "MP2"])
def test_a_ruleset_that_is_not_a_registered_name(ruleset: object) -> None:
    with pytest.raises(ArgumentError, match="unknown ruleset"):
        mp.Action.parse("end_turn", 0, ruleset=ruleset)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="unknown ruleset"):
        mp.new_game(2, ruleset=ruleset)  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_parse_by_name_reads_that_ruleset_s_notation(ruleset: str) -> None:
    s = game(ruleset, 3)
    for a in s.legal_actions():
        assert mp.Action.parse(str(a), a.player, ruleset=ruleset) == a


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_pickled_board_unpickles_to_its_ruleset_s_one_board(ruleset: str) -> None:
    """Also in a fresh process, where unpickling imports only ``board.graph`` (and so the package
    root, whose registry connects the board's hook)."""
    board = game(ruleset, 0).board
    data = pickle.dumps(board)
    assert pickle.loads(data) is board
    code = "import pickle, sys; b = pickle.loads(sys.stdin.buffer.read()); print(b.ruleset, len(b.locations))"
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True).stdout
    assert out.decode().split() == [ruleset, str(len(board.locations))]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_state_with_a_long_history_pickles(ruleset: str) -> None:
    """The history and the log are chains of pairs shared between states; pickled as they are, a
    few thousand entries passed Python's recursion limit (a long random Schmidt game raised
    RecursionError). They are pickled flat."""
    s = game(ruleset, 0)
    for k in range(5000):
        s = s.reseed(k)
    u = pickle.loads(pickle.dumps(s))
    assert u == s and u.history == s.history and u.log == s.log and u.reseed(1).history[-1] == "reseed 1"


def test_argument_error_is_public() -> None:
    assert "ArgumentError" in mp.__all__ and mp.ArgumentError is ArgumentError
    assert issubclass(mp.ArgumentError, ValueError)
