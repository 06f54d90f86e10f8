"""The boundary checks every ruleset shares (``mp_notebook.engine.validate``), held to the same
promises in every registered ruleset (issue 32): ``new_game``, ``reseed`` and the position editor
``with_player`` answer bad input with an ``ArgumentError`` (a ValueError) naming the argument, in
bounded time, and change nothing; an edited position is consistent (some legal action, each legal
action applies, JSON round trip)."""

from __future__ import annotations

import functools
import json
import random
import time
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mp_notebook as mp
from mp_notebook.engine.errors import ArgumentError, SaveFileError
from mp_notebook.engine.game import VERSION
from mp_notebook.registry import PACKAGES

RULESETS = sorted(PACKAGES)
FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def game(ruleset: str, seed: int = 1) -> mp.GameState:
    return mp.new_game(2, ruleset=ruleset, seed=seed)


def unchanged(s: mp.GameState, call, match: str) -> str:
    """``call(s)`` raises an ArgumentError matching ``match`` quickly and leaves ``s`` as it was."""
    before = (s.to_json(), s.history, len(s.log))
    started = time.perf_counter()
    with pytest.raises(ArgumentError, match=match) as err:
        call(s)
    assert time.perf_counter() - started < 5
    assert (s.to_json(), s.history, len(s.log)) == before
    return str(err.value)


# ------------------------------------------------------------------------------ new_game and saves


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [10**12, 10**100, 0, -3, 5, ["a"] * 10**6, [["a"], "b"], ["a", "a"], 2.0],
                         ids=["1e12", "1e100", "0", "-3", "5", "a million names", "a list name", "same names", "2.0"])
def test_new_game_checks_the_players_first(ruleset: str, players: Any) -> None:
    """``new_game(10**12, ruleset="voyages")`` once built 10**12 names (~60 s, 4 GB, MemoryError)."""
    started = time.perf_counter()
    with pytest.raises(ArgumentError, match=r"players|player names"):
        mp.new_game(players, ruleset=ruleset, seed=1)
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_save_with_a_huge_player_count_is_refused_at_once(ruleset: str) -> None:
    text = json.dumps({"format": "mp_notebook/game", "version": VERSION, "ruleset": ruleset,
                       "setup": {"players": 10**12, "ruleset": ruleset}, "history": [], "state": {}})
    started = time.perf_counter()
    with pytest.raises(SaveFileError, match="players"):
        mp.GameState.from_json(text)
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", [True, 1.5, "7", 10**30, -(10**30), 10**5000, [1]],
                         ids=["True", "1.5", "str", "1e30", "-1e30", "1e5000", "list"])
def test_seeds_are_ints_of_64_bits(ruleset: str, seed: Any) -> None:
    """An unbounded seed once made a game (and a reseeded one) that could not be saved."""
    with pytest.raises(ArgumentError, match="seed must be an int from"):
        mp.new_game(2, ruleset=ruleset, seed=seed)
    unchanged(game(ruleset), lambda s: s.reseed(seed), "reseed: seed must be an int from")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_largest_seeds_save_and_reseed(ruleset: str) -> None:
    s = mp.new_game(2, ruleset=ruleset, seed=2**64 - 1).reseed(-(2**64 - 1)).reseed(np.int64(5))
    assert mp.GameState.from_json(s.to_json()) == s


@pytest.mark.parametrize("ruleset", RULESETS)
def test_variants_are_checked_without_hashing_junk(ruleset: str) -> None:
    if ruleset == "schmidt":  # no variants
        return
    for variants in ([["x"]], "expert", ["nope"]):
        with pytest.raises(ArgumentError, match="variants"):
            mp.new_game(2, ruleset=ruleset, seed=1, variants=variants)


# ------------------------------------------------------------------------------ the editor


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("changes,match", [
    ({"coins": 10**100}, "coins must be an int from 0 to 999999, got an int of 333 bits"),
    ({"coins": 2.0}, "coins must be an int"),
    ({"coins": True}, "coins must be an int"),
    ({"coins": -1}, "coins must be an int"),
    ({"location": ["Venezia"]}, "unknown location"),
    ({"location": {"a": 1}}, "unknown location"),
    ({"nonsense": 1}, "cannot edit 'nonsense'"),
])
def test_editor_common_fields(ruleset: str, changes: dict[str, Any], match: str) -> None:
    """Every ruleset's editor: no coercion, no unbounded counts, no TypeError from unhashable values."""
    unchanged(game(ruleset), lambda s: s.with_player(0, **changes), match)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.0, [0], 10**100])
def test_editor_seat_must_be_a_seat(ruleset: str, seat: Any) -> None:
    unchanged(game(ruleset), lambda s: s.with_player(seat, coins=1), "with_player: no seat")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_editor_accepts_numpy_ints_and_records_plain_json(ruleset: str) -> None:
    s = game(ruleset).with_player(np.int64(1), coins=np.int64(4))
    assert s.players[1].coins == 4 and type(s.players[1].coins) is int
    assert s.history[-1] == 'edit 1 {"coins":4}'
    assert mp.GameState.from_json(s.to_json()) == s


# ---- Voyages (issue 32: it had none of Marco Polo II's checks)


@pytest.mark.parametrize("changes,match", [
    ({"dice": [3.0, 4]}, "a value in dice must be an int from 1 to 6, got 3.0"),
    ({"dice": [True]}, "a value in dice must be an int from 1 to 6"),
    ({"black_dice": [2.5]}, "a value in black_dice"),
    ({"dice": [1] * 2000}, "dice is a list of at most"),
    ({"dice": "12"}, "dice is a list"),
    ({"trading_posts": [["Moscow"]]}, r"trading_posts are up to \d+ different cities"),
    ({"trading_posts": {"Moscow"}}, "trading_posts is a list"),
    ({"contracts": [["C01"]]}, "contracts are up to"),
    ({"completed": [[["C01"]]]}, "completed are up to"),
    ({"goals": [["x"]]}, "goals are up to"),
    ({"goods": {"silk": [1]}}, r"goods\['silk'\] must be an int"),
    ({"goods": {("silk",): 1}}, "goods is a dict over"),
    ({"vp": 10**6}, "vp must be an int from -999999 to 999999"),
    ({"figure2": ["x"]}, "unknown location"),
])
def test_voyages_editor_rejects_bad_values(changes: dict[str, Any], match: str) -> None:
    unchanged(game("voyages"), lambda s: s.with_player(1, **changes), match)  # seat 1: Matteo, who rolls


def test_voyages_editor_raschid_dice_are_unset() -> None:
    s = game("voyages")
    assert s.players[0].character == "Raschid"
    unchanged(s, lambda s: s.with_player(0, dice=[3]), "Raschid's dice are unset")
    assert s.with_player(0, dice=[0, 0]).players[0].dice == (0, 0)


def test_voyages_editor_float_dice_once_broke_most_legal_actions() -> None:
    """``dice=[3.0, 4]`` was accepted; then most legal actions failed to apply."""
    s = game("voyages")
    unchanged(s, lambda s: s.with_player(1, dice=[3.0, 4.0]), "must be an int")
    t = s.with_player(1, dice=[3, 4])
    for a in t.legal_actions():
        t.apply(a)


@functools.cache
def voyages_move() -> mp.GameState:
    """Player 2 in the middle of a move out of Venezia (1 step left, paid in coins)."""
    s = mp.replay({"players": 2, "ruleset": "voyages", "seed": 0},
                  ["bazaar [3] camels", "column 1", "money_bag [2]", "money_bag [5]", "money_bag [2]", "end_turn",
                   "travel [1,b1]"])
    assert s.decision.kind == "move" and s.decision.player == 1
    return s


def test_voyages_editor_keeps_a_pending_move_answerable() -> None:
    """``coins=0`` during a move once left a decision with no legal action."""
    s = voyages_move()
    unchanged(s, lambda s: s.with_player(1, coins=0, camels=0), "the edit leaves no legal choice")
    assert s.with_player(1, coins=30).legal_actions()


# ------------------------------------------------------------------------------ fuzzing every editor


@functools.cache
def positions(ruleset: str) -> tuple[mp.GameState, ...]:
    """Positions of random games (every kind of decision a few steps into a game)."""
    rng = random.Random(5)
    found: dict[str, mp.GameState] = {}
    for seed in range(3):
        s = mp.new_game(rng.choice([2, 3]), ruleset=ruleset, seed=seed)
        for _ in range(150):
            if s.is_over:
                break
            found.setdefault(s.decision.kind, s)
            s = s.apply(rng.choice(s.legal_actions()))
    if ruleset == "voyages":
        found["travel"] = voyages_move()
    return tuple(found.values())


def names(s: mp.GameState) -> list[Any]:
    """Values an editor may be given: real names and ids of the position, and near misses."""
    board = list(s.board.locations)[:6]
    held = [x for p in s.players for key in ("contracts", "completed", "trading_posts", "cards", "goals")
            for x in getattr(p, key, ())][:8]
    return [*board, *held, "Atlantis", "basic", "improved", "land", "sea", 5]


junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.floats(allow_nan=True), st.text(max_size=6),
                 st.just(10**100), st.sampled_from([np.int64(3), np.uint8(1), np.float64(2.0)]),
                 st.lists(st.integers(0, 7), max_size=3), st.lists(st.lists(st.integers(0, 3), max_size=2), max_size=2))


def values(s: mp.GameState) -> st.SearchStrategy[Any]:
    known = st.sampled_from(names(s))
    return st.one_of(junk, st.integers(0, 30), known, st.lists(st.integers(0, 6), max_size=12),
                     st.lists(known, max_size=4), st.lists(st.lists(known, max_size=1), max_size=2),
                     st.dictionaries(st.sampled_from(["pepper", "silk", "gold", "jade", "farmer", "x"]),
                                     st.one_of(st.integers(-1, 9), st.sampled_from(["basic", "improved"]), junk),
                                     max_size=2),
                     st.frozensets(known, max_size=2))


@st.composite
def edits(draw: st.DrawFn, ruleset: str) -> tuple[mp.GameState, Any, dict[str, Any]]:
    s = draw(st.sampled_from(positions(ruleset)))
    keys = st.sampled_from([*s.editing.EDITABLE, "nonsense"])
    seat = draw(st.one_of(st.integers(0, s.num_players - 1), st.integers(-1, 4), junk))
    return s, seat, draw(st.dictionaries(keys, values(s), min_size=1, max_size=3))


def consistent(s: mp.GameState, call) -> mp.GameState | None:
    """``call(s)``: a consistent new state, or a ValueError with a message; ``s`` unchanged."""
    before = (s.to_json(), s.history, len(s.log))
    try:
        new = call(s)
    except ValueError as exc:
        assert str(exc) and len(str(exc)) < 1000
        new = None
    assert (s.to_json(), s.history, len(s.log)) == before
    if new is not None:
        assert new.is_over or new.legal_actions()
        assert mp.GameState.from_json(new.to_json()) == new
    return new


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fuzz_editor_of_every_ruleset(ruleset: str) -> None:
    """Whatever the edit: an ArgumentError and nothing changed, or a position whose every legal
    action applies and which saves and loads."""

    @FUZZ
    @given(case=edits(ruleset))
    def run(case: tuple[mp.GameState, Any, dict[str, Any]]) -> None:
        s, seat, changes = case
        new = consistent(s, lambda s: s.with_player(seat, **changes))
        if new is not None:
            for a in new.legal_actions()[:40]:
                consistent(new, lambda t, a=a: t.apply(a))

    run()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fuzz_reseed_of_every_ruleset(ruleset: str) -> None:
    @FUZZ
    @given(seed=st.one_of(junk, st.integers(), st.integers(-(2**64), 2**64)))
    def run(seed: Any) -> None:
        consistent(game(ruleset), lambda s: s.reseed(seed))

    run()
