"""Bad input gets a clear error (a ValueError subclass naming what and why) and changes nothing,
in bounded time and memory: notation, hand-made actions, the position editor, new_game and saves
(issue 13)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import numpy as np
import pytest

import mp_notebook as mp
from mp_notebook.engine.actions import MAX_NOTATION, Action
from mp_notebook.engine.errors import SaveFileError
from mp_notebook.engine.game import MAX_HISTORY, MAX_SAVE, VERSION

NO_GOODS = {"pepper": 0, "silk": 0, "gold": 0, "jade": 0}


def game(seed: int = 1) -> mp.GameState:
    return mp.new_game(players=2, seed=seed)


def unchanged(s: mp.GameState, call, error: type[Exception] = ValueError, match: str | None = None) -> str:
    """Call ``call(s)``, expect ``error`` (matching ``match``), check ``s`` is unchanged; the message."""
    before = (s.to_json(), s.history, len(s.log))
    with pytest.raises(error, match=match) as err:
        call(s)
    assert (s.to_json(), s.history, len(s.log)) == before
    return str(err.value)


# ------------------------------------------------------------------------------ notation


@pytest.mark.parametrize("text", ["money_bag [³] coins", "money_bag [٣] coins", "money_bag [３] coins",
                                  "money_bag [b³] coins", "money_bag [03] coins", "money_bag [+3] coins"])
def test_die_values_in_notation_are_ascii_1_to_6(text: str) -> None:
    unchanged(game(), lambda s: s.apply(text), mp.NotationError, "not a die value 1-6")


def test_notation_is_capped_at_1000_characters() -> None:
    s = game()
    for text in ("money_bag [3] " + "x" * MAX_NOTATION, "compensation coins=" + "9" * 5000):
        msg = unchanged(s, lambda s, text=text: s.apply(text), mp.NotationError, "too long")
        assert len(msg) < 200


def test_five_thousand_digit_numbers_are_clear_errors() -> None:
    s = game()
    big = "9" * 5000
    for entry in (f"reseed {big}", f"edit {big} {{}}", f'edit 0 {{"coins":{big}}}'):
        doc = json.loads(s.to_json())
        doc["history"].append(entry)
        unchanged(s, lambda s, doc=doc: mp.GameState.from_json(json.dumps(doc)), SaveFileError, "cannot be replayed")
    unchanged(s, lambda s: s.reseed(10**5000), ValueError, "seed must be an int")
    unchanged(s, lambda s: s.with_player(0, coins=10**5000), ValueError, "coins must be an int from 0 to")
    with pytest.raises(ValueError, match="seed must be an int"):
        mp.new_game(players=2, seed=10**5000)


# ------------------------------------------------------------------------------ hand-made actions


@pytest.mark.parametrize("action", [
    Action("money_bag", 0, [3], (), None, "coins"),             # a list: unhashable
    Action("money_bag", 0, (3.0,), (), None, "coins"),          # a float equal to a legal die
    Action("money_bag", 0, (True,), (), None, "coins"),
    Action("travel", 0, (5,), (6,), "middle"),                  # a black die not among the dice
    Action("city_card", 0, (3,), (), ["Area-1"]),
    Action("books", 0, (3,), (), {"a": 1}),
    Action(5, 0),
    Action("end_turn", "0"),
    Action("money_bag", 0, (7,), (), None, "coins"),
])
def test_malformed_actions_are_notation_errors_and_print(action: Action) -> None:
    s = game().with_player(0, dice=[1, 3, 5], camels=0, coins=0)
    assert repr(action).startswith("Action(") and "malformed" in str(action)
    unchanged(s, lambda s: s.apply(action), mp.NotationError, "malformed action")


def test_apply_records_the_legal_action_not_the_callers() -> None:
    """A float die once went into the history and, through the notation cache, made every later
    ``str`` of the legal action print ``[3.0]``."""
    s = game().with_player(0, dice=[3, 5])
    str(Action("money_bag", 0, (3.0,), (), None, "coins"))  # must not spoil the notation of [3]
    t = s.apply(Action("money_bag", None, (3,), (), None, "coins"))
    assert t.history[-1] == "money_bag [3] coins"
    assert str(Action("money_bag", 0, (3,), (), None, "coins")) == "money_bag [3] coins"
    assert mp.GameState.from_json(t.to_json()) == t


OCCUPIED_CONTRACTS = [  # 3 players, seed 2: the Contracts space holds Player 2's die showing 4
    "compensation coins=1,camels=2", "travel [3,4] middle", "move Xanadu", "move Beijing", "done",
    "money_bag [1] coins", "black_die", "end_turn", "books [6] silk", "offer 1", "money_bag [3] camels", "reroll [6]",
    "reroll [4]", "black_die", "money_bag [4] coins", "money_bag [b4] coins", "money_bag [6] camels", "reroll [3]",
    "money_bag [5] coins", "end_turn", "adjust_die [4] +1", "money_bag [3] camels", "adjust_die [5] +1",
    "travel [6] lower", "move Xian", "done", "money_bag [6] coins", "money_bag [6] coins", "money_bag [2] coins",
    "end_turn", "guild_seal [2,2]", "seal spicer", "money_bag [b3] camels", "end_turn", "travel [4] lower",
    "pay coins=1,camels=0,jade=1", "move Xanadu", "money_bag [1] coins", "reroll [3]", "reroll [6]",
    "adjust_die [5] +1", "money_bag [3] camels", "money_bag [2] camels", "reroll [6]", "money_bag [5] camels",
    "end_turn", "books [6] gold-upper", "offer 2", "reroll [3]", "money_bag [6] jade", "money_bag [1] camels",
    "money_bag [4] coins", "end_turn", "books [4] silk", "offer 1", "end_turn", "money_bag [4] jade", "black_die",
    "pay coins=0,camels=2,jade=1", "books [b1] pepper", "offer 3", "end_turn", "khans_favor [5]",
    "money_bag [3] coins", "money_bag [5] jade", "money_bag [5] camels", "black_die", "pay coins=0,camels=3,jade=0",
    "adjust_die [b2] +1", "end_turn", "money_bag [b3] jade", "end_turn", "money_bag [3] coins",
    "city_card [6] Area-1", "trade 1x1", "money_bag [6] coins", "end_turn", "money_bag [5] camels",
    "money_bag [2] coins", "city_card [3] Area-2", "trade 1x1", "end_turn", "money_bag [3] jade",
    "books [6] gold-lower", "offer 1", "adjust_die [2] -1", "money_bag [1] jade", "end_turn", "books [6] gold-upper",
    "offer 1", "money_bag [6] jade", "complete_contract S7", "black_die", "pay coins=0,camels=2,jade=1",
    "adjust_die [b6] -1", "end_turn", "travel [3] lower", "move Xian", "done", "adjust_die [3] +1",
    "money_bag [4] camels", "end_turn", "books [4] silk", "offer 2", "end_turn", "books [b5] gold-lower", "offer 2",
    "end_turn", "money_bag [4] jade", "end_turn", "compensation coins=2,camels=1", "money_bag [4] coins",
    "contracts [4]", "take_contract Xian R29", "take_contract Xian R41", "discard S2", "reroll [5]", "reroll [5]",
    "money_bag [5] jade", "end_turn",
]


def test_no_dice_on_an_occupied_space_is_an_illegal_action() -> None:
    """``contracts []`` on an occupied space once raised a plain ValueError (the fee of no dice)."""
    s = mp.replay({"players": 3, "seed": 2}, OCCUPIED_CONTRACTS)
    assert s.decision.kind == "turn" and s.spaces["contracts"] == (frozenset({1}), (4,))
    unchanged(s, lambda s: s.apply("contracts []"), mp.IllegalAction, "contracts is not allowed")
    unchanged(s, lambda s: s.apply(Action("contracts", None, (), (), None, None)), mp.IllegalAction,
              "contracts is not allowed")


# ------------------------------------------------------------------------------ the position editor


@pytest.mark.parametrize("changes,match", [
    ({"dice": [3.0]}, "a value in dice must be an int from 1 to 6"),
    ({"dice": [True]}, "a value in dice must be an int from 1 to 6"),
    ({"black_dice": [2.5]}, "a value in black_dice"),
    ({"dice": [1] * 2000}, "dice is a list of at most 11"),
    ({"dice": "12"}, "dice is a list"),
    ({"coins": 2.0}, "coins must be an int"),
    ({"vp": True}, "vp must be an int"),
    ({"trading_posts": 5}, "trading_posts is a list"),
    ({"trading_posts": {"Xian"}}, "trading_posts is a list"),
    ({"trading_posts": "Xian"}, "trading_posts is a list"),
    ({"location": ["Xian"]}, "unknown location"),
    ({"goal": ["G1"]}, "unknown goal card"),
    ({"seals": {"spicer": []}}, "seals maps"),
    ({"contracts": 5}, "contracts is a list"),
    ({"contracts": {"R01": 1}}, "contracts is a list"),
    ({"completed": [["R01"]]}, r"completed are up to 49 different contract ids; bad: \[\[.R01.\]\]"),
    ({"contracts": ["R01"], "completed": ["R01"]}, r"\['R01'\] already belong to"),
    ({("x",): 1}, "cannot edit"),
])
def test_editor_rejects_bad_values_with_value_errors(changes: dict, match: str) -> None:
    s = game()
    started = time.perf_counter()
    unchanged(s, lambda s: s.with_player(0, **changes) if all(isinstance(k, str) for k in changes)
              else s.with_player(0, **{str(k): v for k, v in changes.items()}), ValueError, match)
    assert time.perf_counter() - started < 1


def test_editor_contract_in_both_lists_of_one_player() -> None:
    s = game().with_player(0, contracts=["R01"])
    unchanged(s, lambda s: s.with_player(0, completed=["R01"]), ValueError, r"R01'\] already belong to Player 1")
    t = s.with_player(0, completed=["R02"])
    unchanged(t, lambda s: s.with_player(0, contracts=["R02"]), ValueError, "already belong to")


def test_editor_solo_contract_held_by_the_automa() -> None:
    s = mp.new_game(["Ana"], automa="L1", seed=2)
    held = s.automa.contracts[0]
    for key in ("completed", "contracts"):
        unchanged(s, lambda s, key=key: s.with_player(0, **{key: [held]}), ValueError, "belong to the Automa")


def test_editor_accepts_numpy_ints_and_records_plain_json() -> None:
    s = game().with_player(0, coins=np.int64(4), dice=[np.int8(2), 5], goods={"jade": np.uint16(1)})
    p = s.players[0]
    assert (p.coins, p.dice, p.jade) == (4, (2, 5), 1) and type(p.coins) is int
    assert s.history[-1] == 'edit 0 {"coins":4,"dice":[2,5],"goods":{"jade":1}}'
    assert mp.GameState.from_json(s.to_json()) == s


def test_editor_keeps_a_pending_decision_answerable() -> None:
    """Lowering what a ``pay`` decision is choosing between would leave no legal choice."""
    s = game().with_player(0, dice=[3, 4], coins=0, camels=1, goods=dict(NO_GOODS, jade=2))
    t = s.apply("adjust_die [3] +1")
    assert t.decision.kind == "pay"
    unchanged(t, lambda t: t.with_player(0, camels=0, goods={"jade": 0}), ValueError, "no legal choice")
    u = t.with_player(0, goods={"jade": 1})  # still payable: allowed
    assert u.legal_actions()


def test_editor_seat_must_be_a_seat() -> None:
    s = game()
    for seat in (-1, 2, True, "0", 1.0):
        unchanged(s, lambda s, seat=seat: s.with_player(seat, coins=1), ValueError, "no seat")


# ------------------------------------------------------------------------------ new_game


@pytest.mark.parametrize("players", [10**12, 0, -3, 5, ["a"] * 10**6])
def test_new_game_checks_the_player_count_first(players) -> None:
    started = time.perf_counter()
    with pytest.raises(ValueError, match="2-4 players"):
        mp.new_game(players, seed=1)
    assert time.perf_counter() - started < 1


# ------------------------------------------------------------------------------ save files


def test_save_with_a_huge_player_count_is_refused() -> None:
    text = json.dumps({"format": "mp_notebook/game", "version": VERSION, "ruleset": "mp2",
                       "setup": {"players": 10**12}, "history": [], "state": {}})
    assert len(text) < 140
    with pytest.raises(SaveFileError, match="2-4 players"):
        mp.GameState.from_json(text)


def test_save_with_thousands_of_dice_is_refused_at_once() -> None:
    """Move generation is cubic in the dice: a 4 KB save editing in 2,000 dice once hung for minutes."""
    doc = json.loads(game().to_json())
    doc["history"].append("edit 0 " + json.dumps({"dice": [6] * 2000}))
    started = time.perf_counter()
    with pytest.raises(SaveFileError, match="dice is a list of at most 11"):
        mp.GameState.from_json(json.dumps(doc))
    assert time.perf_counter() - started < 1


def test_save_deeply_nested_json() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(SaveFileError, match="nested too deeply"):
            mp.GameState.from_json(text)
    doc = json.loads(game().to_json())
    doc["history"].append("edit 0 " + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveFileError, match="cannot be replayed"):
        mp.GameState.from_json(json.dumps(doc))


@pytest.mark.parametrize("ruleset,match", [("voyages", "its setup is not valid"), ("chess", "unknown ruleset")])
def test_save_of_another_ruleset(ruleset: str, match: str) -> None:
    doc = json.loads(game().to_json())
    doc["ruleset"] = doc["setup"]["ruleset"] = ruleset
    doc["revision"] = 1  # a revision every ruleset has: the setup is what is refused
    with pytest.raises(SaveFileError, match=match):
        mp.GameState.from_json(json.dumps(doc))


def test_save_file_not_utf8(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(game().to_json().encode("utf-8")[:-2] + b'\xff"}')
    with pytest.raises(SaveFileError, match="not UTF-8"):
        mp.load(path)
    path.write_bytes(b'{"format": "mp_notebook/game"' + b" " * MAX_SAVE + b"}")
    with pytest.raises(SaveFileError, match="longer than a save file"):
        mp.load(path)


def test_save_size_and_history_caps() -> None:
    with pytest.raises(SaveFileError, match="more than a save file holds"):
        mp.GameState.from_json(" " * (MAX_SAVE + 1))
    doc = json.loads(game().to_json())
    doc["history"] = ["reseed 1"] * (MAX_HISTORY + 1)
    with pytest.raises(SaveFileError, match="history entries is more than a game has"):
        mp.GameState.from_json(json.dumps(doc))
    with pytest.raises(SaveFileError, match="expected JSON text"):
        mp.GameState.from_json(b"{}")  # type: ignore[arg-type]


DATA = Path(__file__).parent / "data"


def test_a_save_of_an_earlier_rules_revision_replays_or_says_which_change_stops_it() -> None:
    """Both files were written before the Schmidt game's "may"s became decisions (revision 2).
    The first stops before its first fight and loads; the second has a fight won, whose booty
    is now a decision, so its history no longer replays and the error names that change."""
    before = mp.GameState.from_json((DATA / "schmidt_revision1_before_fight.json").read_text())
    assert json.loads(before.to_json())["revision"] == mp.rulesets.get("schmidt").revision == 2
    with pytest.raises(SaveFileError, match=r"inconsistent.*saved under revision 1 of the Marco Polo "
                                            r"\(Schmidt\) rules, and revision 2 made .*booty taken or left"):
        mp.GameState.from_json((DATA / "schmidt_revision1_fight.json").read_text())


@pytest.mark.parametrize("revision", [3, 0, "2", True, None])
def test_a_save_of_an_unknown_rules_revision_is_refused(revision: object) -> None:
    doc = json.loads(mp.new_game(players=2, ruleset="schmidt", seed=1).to_json())
    doc["revision"] = revision
    with pytest.raises(SaveFileError, match=rf"rules revision {re.escape(repr(revision))} is not one "
                                            r"this library knows \(revisions 1 to 2 of the Marco Polo \(Schmidt\)"):
        mp.GameState.from_json(json.dumps(doc))
    assert json.loads(game().to_json())["revision"] == 2  # Marco Polo II: revision 2 (issue 35: reseed, Automa)


def test_a_saved_edit_history_still_loads(tmp_path) -> None:
    s = game().with_player(0, dice=(2, 6), trading_posts=("Xian",), contracts=["R01"]).reseed(5)
    s.save(tmp_path / "g.json")
    assert mp.load(tmp_path / "g.json") == s
