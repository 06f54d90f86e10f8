"""Fuzzing the public API with hypothesis on Marco Polo II positions only it has (a move, a
payment, a solo game, Mailin & Tian Chin's two figures; sized for CI: a few seconds): notation,
hand-made actions and the ``with_player`` editor (save files: ``test_registry_fuzz.py``, for
every ruleset). Whatever the input, the library answers with a new state or a ValueError subclass
(``IllegalAction``, ``NotationError``, ``SaveFileError``) and never changes the state it was given;
a state it returns is consistent (JSON round trip, some legal action unless the game is over)."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mp_notebook as mp
from mp_notebook.engine.actions import Action
from mp_notebook.rulesets.mp2.editing import EDITABLE
from mp_notebook.rulesets.mp2.notation import KINDS

FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])
NO_GOODS = {"pepper": 0, "silk": 0, "gold": 0, "jade": 0}


def _to_turn(s: mp.GameState) -> mp.GameState:
    while s.decision.kind not in ("turn", "over"):
        s = s.apply(s.legal_actions()[0])
    return s


@functools.cache
def positions() -> tuple[mp.GameState, ...]:
    """A turn, a move, a pay decision, a solo game and Mailin & Tian Chin's two figures."""
    turn = _to_turn(mp.new_game(players=3, seed=7))
    move = turn.with_player(0, dice=[4, 5]).apply("travel [4,5] middle")
    pay = (_to_turn(mp.new_game(players=2, seed=1))
           .with_player(0, dice=[3, 4], coins=0, camels=1, goods=dict(NO_GOODS, jade=2)).apply("adjust_die [3] +1"))
    solo = _to_turn(mp.new_game(["Ana"], automa="L2", seed=2))
    mailin = _to_turn(mp.new_game(players=2, seed=3, characters=["Mailin & Tian Chin", "De Wu"]))
    return turn, move, pay, solo, mailin


def fingerprint(s: mp.GameState) -> tuple[Any, ...]:
    return s.history, s._snapshot(), len(s.log)


def check_result(s: mp.GameState, call) -> mp.GameState | None:
    """``call(s)``: a consistent new state, or a ValueError with a message; ``s`` unchanged."""
    before = fingerprint(s)
    try:
        new = call(s)
    except ValueError as exc:  # IllegalAction, NotationError, SaveFileError, bad edits
        assert str(exc)
        new = None
    assert fingerprint(s) == before
    if new is not None:
        assert new.is_over or new.legal_actions()
        assert mp.GameState.from_json(new.to_json()) == new
    return new


# ------------------------------------------------------------------------------ notation

words = st.sampled_from([*KINDS, "[3]", "[b5]", "[3,b5]", "[³]", "[3.0]", "[]", "[1,2,3]", "middle", "coins",
                         "Xian", "Xanadu/2", "R01", "coins=3,camels=0", "1", "-1", "+1", "9" * 40, "\x00", "Ⅻ"])
notation = st.one_of(st.text(max_size=60), st.lists(words, min_size=1, max_size=5).map(" ".join))


@FUZZ
@given(position=st.integers(0, 4), text=notation)
def test_fuzz_notation(position: int, text: str) -> None:
    s = positions()[position]
    new = check_result(s, lambda s: s.apply(text))
    if new is not None:  # accepted text is the notation of a legal action
        assert new.history[-1] in {str(a) for a in s.legal_actions()}


# ------------------------------------------------------------------------------ hand-made actions

junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 8), st.floats(allow_nan=True), st.text(max_size=8),
                 st.lists(st.integers(0, 7), max_size=3),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=1))
dice = st.one_of(st.tuples(), st.lists(st.one_of(st.integers(0, 7), st.floats(1, 6), st.booleans()), max_size=3)
                 .map(tuple), junk)


@FUZZ
@given(position=st.integers(0, 4), kind=st.one_of(st.sampled_from(list(KINDS)), junk),
       player=st.one_of(st.integers(-1, 3), junk), dice=dice, black=dice,
       space=st.one_of(st.sampled_from(["middle", "lower", "Area-1", "Baghdad"]), junk),
       choice=st.one_of(st.sampled_from(["coins", "Xian", "R01", "+1", "1"]), junk))
def test_fuzz_hand_made_actions(position: int, kind: Any, player: Any, dice: Any, black: Any, space: Any,
                                choice: Any) -> None:
    s = positions()[position]
    action = Action(kind, player, dice, black, space, choice)
    assert repr(action).startswith("Action(") and isinstance(str(action), str)
    new = check_result(s, lambda s: s.apply(action))
    if new is not None:
        assert new.history[-1] in {str(a) for a in s.legal_actions()}


@FUZZ
@given(position=st.integers(0, 4), pick=st.integers(0, 10**6))
def test_fuzz_legal_actions_round_trip(position: int, pick: int) -> None:
    s = positions()[position]
    legal = s.legal_actions()
    a = legal[pick % len(legal)]
    assert s.apply(str(a)) == s.apply(a)


# ------------------------------------------------------------------------------ the editor

values = st.one_of(
    junk, st.integers(-10, 20), st.integers(), st.just(10**5000), st.sampled_from([np.int64(3), np.uint8(5)]),
    st.lists(st.integers(0, 7), max_size=15), st.lists(st.sampled_from(["Xian", "Lhasa", "Kashgar", "Beijing", "Xanadu",
                                                                          "R01", "R02", "S1", "G01", 5]), max_size=4),
    st.sampled_from(["Xian", "Lhasa", "Atlantis", "G01", "R01"]),
    st.dictionaries(st.sampled_from(["pepper", "silk", "gold", "jade", "farmer", "spicer", "tailor", "x"]),
                    st.one_of(st.integers(-2, 9), st.sampled_from(["basic", "improved"]), junk), max_size=3),
    st.frozensets(st.sampled_from(["Xian", "Lhasa"]), max_size=2),
)
edits = st.dictionaries(st.sampled_from([*EDITABLE, "dice", "coins", "nonsense"]), values, min_size=1, max_size=3)


@FUZZ
@given(position=st.integers(0, 4), seat=st.one_of(st.integers(-1, 3), junk), changes=edits, then=st.integers(0, 999))
def test_fuzz_editor(position: int, seat: Any, changes: dict[str, Any], then: int) -> None:
    s = positions()[position]
    new = check_result(s, lambda s: s.with_player(seat, **changes))
    if new is not None:  # an edited position plays on
        legal = new.legal_actions()
        if legal:
            check_result(new, lambda t: t.apply(legal[then % len(legal)]))
