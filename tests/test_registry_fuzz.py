"""Bad input over every registered ruleset, with hypothesis (sized for CI): notation, hand-made
actions, the ``with_player`` editor, ``reseed`` and save files. Whatever the input, the library
answers with a new state or a ValueError subclass with a message, and never changes the state it
was given; a state it returns is consistent (JSON round trip, some legal action unless the game is
over, what it applied was legal).

The positions fuzzed are the ruleset's own: the first decision, a few points of a seeded random
game, and its first follow-up decision (``registry.PROFILES`` gives the setups).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from registry import RULESETS, profile

import mp_notebook as mp
from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import SaveFileError
from mp_notebook.registry import get

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
STOPS = (0, 7, 30, 90)  # steps of the seeded random game at which a position is fuzzed
rulesets = pytest.mark.parametrize("ruleset", RULESETS)


@functools.cache
def positions(ruleset: str) -> tuple[mp.GameState, ...]:
    """The positions at ``STOPS`` of random games (the profile's first two setups), then the first
    follow-up decision of each kind met in them (a move, a payment, ...): where a bad edit can
    leave a decision with no way on."""
    out = []
    follow_ups: dict[str, mp.GameState] = {}
    for k, (players, options) in enumerate(profile(ruleset).setups()[:2]):
        rng = random.Random(k)
        s = mp.new_game(players, ruleset=ruleset, seed=k, **options)
        for step in range(max(STOPS) + 1):
            if s.is_over:
                break
            if step in STOPS:
                out.append(s)
            if step and s.decision.kind != "turn":
                follow_ups.setdefault(s.decision.kind, s)
            s = s.apply(rng.choice(s.legal_actions()))
    return (*out, *follow_ups.values())


def fingerprint(s: mp.GameState) -> tuple[Any, ...]:
    return s.to_json(), s.history, len(s.log)


def check_result(s: mp.GameState, call: Any) -> mp.GameState | None:
    """``call(s)``: a consistent new state, or a ValueError with a message; ``s`` unchanged."""
    before = fingerprint(s)
    try:
        new = call(s)
    except ValueError as exc:  # IllegalAction, NotationError, SaveFileError, ArgumentError
        assert str(exc)
        new = None
    assert fingerprint(s) == before, "a refused or accepted input changed the state it was given"
    if new is not None:
        assert new.is_over or new.legal_actions(), f"no legal action at {new.decision}"
        assert mp.GameState.from_json(new.to_json()) == new
    return new


def words(ruleset: str) -> st.SearchStrategy[str]:
    return st.sampled_from([*get(ruleset).vocabulary.kinds, *profile(ruleset).words, "[3]", "[b5]", "[3,b5]", "[³]",
                            "[3.0]", "[]", "[1,2,3]", "[0]", "1", "-1", "+1", "9" * 40, "\x00", "Ⅻ", "done"])


def notation(ruleset: str) -> st.SearchStrategy[str]:
    return st.one_of(st.text(max_size=60), st.lists(words(ruleset), min_size=1, max_size=5).map(" ".join))


@rulesets
@FUZZ
@given(data=st.data())
def test_fuzz_notation(ruleset: str, data: st.DataObject) -> None:
    s = data.draw(st.sampled_from(positions(ruleset)))
    text = data.draw(notation(ruleset))
    new = check_result(s, lambda s: s.apply(text))
    if new is not None:  # accepted text is the notation of a legal action
        assert new.history[-1] in {str(a) for a in s.legal_actions()}


junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 8), st.floats(allow_nan=True), st.text(max_size=8),
                 st.lists(st.integers(0, 7), max_size=3),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=1))
dice = st.one_of(st.tuples(), st.lists(st.one_of(st.integers(0, 7), st.floats(1, 6), st.booleans()), max_size=3)
                 .map(tuple), junk)


@rulesets
@FUZZ
@given(data=st.data())
def test_fuzz_hand_made_actions(ruleset: str, data: st.DataObject) -> None:
    s = data.draw(st.sampled_from(positions(ruleset)))
    legal = s.legal_actions()
    text = st.one_of(st.sampled_from([*profile(ruleset).words, *(a.space for a in legal if a.space),
                                      *(a.choice for a in legal if a.choice)] or ["x"]), junk)
    action = Action(data.draw(st.one_of(st.sampled_from(list(get(ruleset).vocabulary.kinds)), junk)),
                    data.draw(st.one_of(st.integers(-1, 4), junk)), data.draw(dice), data.draw(dice),
                    data.draw(text), data.draw(text))
    assert repr(action).startswith("Action(") and isinstance(str(action), str)
    new = check_result(s, lambda s: s.apply(action))
    if new is not None:
        assert new.history[-1] in {str(a) for a in legal}


@rulesets
@FUZZ
@given(data=st.data())
def test_fuzz_legal_actions_round_trip(ruleset: str, data: st.DataObject) -> None:
    s = data.draw(st.sampled_from([p for p in positions(ruleset) if not p.is_over]))
    a = data.draw(st.sampled_from(s.legal_actions()))
    assert s.apply(str(a)) == s.apply(a)
    assert Action.parse(str(a), a.player, ruleset=ruleset) == a


def editor_values(s: mp.GameState) -> st.SearchStrategy[Any]:
    """Values an editor may be handed: junk, numbers of every size and type, the ruleset's own
    names (locations, cards, characters) in lists, sets and dicts."""
    names = sorted({str(n) for n in s.board.graph.nodes} | set(profile(s.ruleset).words))[:40]
    fields = [v for p in s.players for v in p.fields().values()]
    return st.one_of(
        junk, st.integers(-10, 20), st.integers(), st.just(10**100), st.just(10**5000),
        st.sampled_from([np.int64(3), np.uint8(5), np.float64(2.0), 3.0, float("inf")]),
        st.lists(st.integers(0, 7), max_size=15), st.lists(st.sampled_from(names), max_size=4),
        st.lists(st.lists(st.integers(0, 3), max_size=2), max_size=2), st.sampled_from(names),
        st.sampled_from([v for v in fields if v is not None] or [0]),
        st.dictionaries(st.sampled_from([*names[:6], "x"]), st.one_of(st.integers(-2, 9), junk), max_size=3),
        st.frozensets(st.sampled_from(names), max_size=2),
    )


@rulesets
@FUZZ
@given(data=st.data())
def test_fuzz_editor(ruleset: str, data: st.DataObject) -> None:
    """``with_player`` with any field of the ruleset's players (and unknown ones), any value: a
    new consistent state that plays on, or an error naming the problem."""
    s = data.draw(st.sampled_from(positions(ruleset)))
    keys = st.sampled_from([*type(s.players[0]).FIELDS, "nonsense"])
    changes = data.draw(st.dictionaries(keys, editor_values(s), min_size=1, max_size=3))
    seat = data.draw(st.one_of(st.integers(-1, s.num_players), junk))
    new = check_result(s, lambda s: s.with_player(seat, **changes))
    if new is not None:  # an edited position plays on, and replays
        assert mp.replay(new.setup, new.history) == new
        legal = new.legal_actions()
        if legal:
            check_result(new, lambda t: t.apply(data.draw(st.sampled_from(legal))))


@rulesets
@FUZZ
@given(data=st.data())
def test_fuzz_reseed(ruleset: str, data: st.DataObject) -> None:
    s = data.draw(st.sampled_from(positions(ruleset)))
    seed = data.draw(st.one_of(junk, st.integers(), st.just(10**5000), st.sampled_from([np.int64(3), 2.0, True])))
    new = check_result(s, lambda s: s.reseed(seed))
    if new is not None:
        assert new.history[-1].startswith("reseed ")


json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                                     st.text(max_size=10)),
                           lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                   st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                           max_leaves=8)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for k, v in enumerate(doc):
            out += _paths(v, (*prefix, k))
    return out


@functools.cache
def saved(ruleset: str) -> str:
    """A save file of a few steps into a game, with an edit and a reseed in its history."""
    s = positions(ruleset)[1]
    t = s.with_player(1, **{k: v for k, v in s.players[0].fields().items() if k in ("coins", "gulden")})
    return t.reseed(5).apply(t.reseed(5).legal_actions()[0]).to_json()


@rulesets
@FUZZ
@given(pick=st.integers(0, 10**6), value=json_values, cut=st.one_of(st.none(), st.integers(0, 4000)),
       extra=st.one_of(st.none(), st.text(max_size=30),
                       st.sampled_from(['edit 0 {"coins": 3}', "edit 9 {}", "reseed x", "edit 0 " + "[" * 3000,
                                        "reseed " + "9" * 5000, 'edit 0 {"location": [[["x"]]]}'])))
def test_fuzz_save_files(ruleset: str, pick: int, value: Any, cut: int | None, extra: str | None) -> None:
    doc = json.loads(saved(ruleset))
    paths = [p for p in _paths(doc) if p]
    path = paths[pick % len(paths)]
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    if extra is not None:
        doc["history"] = [*doc["history"], extra] if isinstance(doc.get("history"), list) else [extra]
    text = json.dumps(doc)
    if cut is not None:
        text = text[:cut]
    try:
        state = mp.GameState.from_json(text)
    except SaveFileError as exc:
        assert str(exc)
        return
    assert isinstance(state, mp.GameState) and mp.GameState.from_json(state.to_json()) == state
    assert state.ruleset == doc["ruleset"], "a save loads as the ruleset it names"


BAD_VALUES = (-1, 0, 1.0, 2.5, float("nan"), True, 10**100, np.int64(1), "1", None, [1.0], [[0]], ["x"], {"x": 1},
              ("nowhere",))


@rulesets
def test_every_field_of_the_editor_takes_a_bad_value_cleanly(ruleset: str) -> None:
    """Each field of the ruleset's players, edited to each of ``BAD_VALUES`` in a turn and in each
    follow-up decision: an error naming the problem, or a consistent state that plays on (a pending
    decision keeps a legal action) and replays; never another exception."""
    for s in [positions(ruleset)[1], *(p for p in positions(ruleset) if p.decision.kind not in ("turn", "over"))]:
        for key in type(s.players[0]).FIELDS:
            for value in BAD_VALUES:
                new = check_result(s, lambda s, key=key, value=value: s.with_player(0, **{key: value}))
                if new is not None:  # check_result replayed it (from_json); it plays on
                    legal = new.legal_actions()
                    for a in {legal[0], legal[len(legal) // 2], legal[-1]} if legal else ():
                        check_result(new, lambda t, a=a: t.apply(a))


@rulesets
@pytest.mark.parametrize("players", [10**12, 10**100, -1, 0, 2.0, "2", True, [None], ["A"] * 10**4])
def test_new_game_refuses_impossible_player_counts_at_once(ruleset: str, players: Any) -> None:
    """A wrong number of players is an error naming it, before anything is built (a huge count
    once took a minute and 4 GB before a MemoryError)."""
    with pytest.raises(ValueError, match=r"play|player"):
        mp.new_game(players, ruleset=ruleset, seed=1)


@rulesets
@pytest.mark.parametrize("players", [10**12, 10**100, 0])
def test_a_save_naming_an_impossible_player_count_is_refused(ruleset: str, players: int) -> None:
    doc = json.loads(saved(ruleset))
    doc["setup"]["players"] = players
    with pytest.raises(SaveFileError):
        mp.GameState.from_json(json.dumps(doc))


@rulesets
def test_a_save_whose_setup_lacks_its_ruleset_loads_as_the_ruleset_it_names(ruleset: str) -> None:
    doc = json.loads(saved(ruleset))
    doc["setup"].pop("ruleset", None)
    try:
        state = mp.GameState.from_json(json.dumps(doc))
    except SaveFileError:
        return
    assert state.ruleset == ruleset
