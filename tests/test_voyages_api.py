"""The public surface of a Voyages game (DESIGN.md's API contract) and its final scoring."""

from __future__ import annotations

import copy
import pickle

import pytest
from voyages_helpers import new

import mp_notebook as mp
from mp_notebook.engine.errors import SaveFileError


def test_public_surface() -> None:
    s = mp.new_game(["Ana", "Ben", "Cy"], ruleset="voyages", seed=7)
    assert (s.ruleset, s.num_players, s.round, s.first_player) == ("voyages", 3, 1, 0)
    assert s.current_player == s.decision.player and s.decision.text
    p = s.players[0]
    assert (p.name, p.character, p.location) == ("Ana", "Raschid", "Venezia")
    assert p.goods == {"pepper": 0, "silk": 0, "gold": 0}
    assert len(p.goals) == 2 and p.completed == () and p.trading_posts == ()
    assert s.board is mp.new_game(2, ruleset="voyages", seed=1).board, "one static board for every state"
    assert s.board.graph.number_of_nodes() == 25 and s.board.graph.number_of_edges() == 30
    assert "Voyages" in repr(s) and "round 1" in repr(s)
    html = s._repr_html_()
    assert "The Voyages of Marco Polo" in html and "Ana" in html
    assert not s.is_over and list(s.scores().columns)[-3:] == ["total", "camels", "winner"]


def test_apply_never_changes_the_state_and_accepts_notation() -> None:
    s = new()
    before = s.to_json()
    a = s.legal_actions()[0]
    t1, t2 = s.apply(a), s.apply(str(a))
    assert t1 == t2 and s.to_json() == before and len(t1.history) == len(s.history) + 1
    with pytest.raises(AttributeError, match="immutable"):
        s.players[0].coins = 5  # type: ignore[misc]


def test_round_trips_deepcopy_pickle_json_replay(tmp_path) -> None:
    s = new()
    for _ in range(30):
        s = s.apply(s.legal_actions()[-1])
    assert copy.deepcopy(s) == s and pickle.loads(pickle.dumps(s)) == s
    assert pickle.loads(pickle.dumps(s)).board is s.board
    assert mp.GameState.from_json(s.to_json()) == s
    assert mp.replay(s.setup, s.history) == s
    path = tmp_path / "game.json"
    s.save(path)
    assert mp.load(path) == s
    broken = s.to_json().replace('"coins": ', '"coins": 1', 1)
    with pytest.raises(SaveFileError):
        mp.GameState.from_json(broken)


def test_with_player_is_validated_and_recorded() -> None:
    s = new()
    t = s.with_player(1, coins=30, goods={"gold": 2}, trading_posts=["Beijing", "Anxi"], completed=["C00"])
    assert t.players[1].coins == 30 and t.players[1].gold == 2 and t.beijing[0] == 1
    assert "C00" not in t.special_pile + tuple(c for pile in t.contract_piles for c in pile) + t.contract_spaces
    assert mp.replay(t.setup, t.history) == t
    for bad in ({"coins": -1}, {"goods": {"jade": 1}}, {"dice": [7]}, {"location": "Atlantis"},
                {"trading_posts": ["Venezia"]}, {"contracts": ["C99"]}, {"goals": ["G99"]}, {"seals": {}},
                {"figure2": "Venezia"}):
        with pytest.raises(ValueError, match="with_player"):
            s.with_player(0, **bad)
    with pytest.raises(ValueError, match="no seat"):
        s.with_player(5, coins=1)


def test_reseed_same_position_different_future() -> None:
    s = new()
    t = s.reseed(99)
    assert t.players == s.players and t.contract_spaces == s.contract_spaces
    assert sorted(c for pile in t.contract_piles for c in pile) == sorted(c for pile in s.contract_piles for c in pile)
    assert t.history[-1] == "reseed 99" and mp.replay(t.setup, t.history) == t


def test_new_game_argument_errors() -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        mp.new_game(5, ruleset="voyages")
    with pytest.raises(ValueError, match="2-4 players"):
        mp.new_game(["Solo"], ruleset="voyages")
    with pytest.raises(ValueError, match="unknown variant"):
        mp.new_game(2, ruleset="voyages", variants=("black_dice",))
    with pytest.raises(ValueError, match="seed must be an int"):
        mp.new_game(2, ruleset="voyages", seed="x")


def test_action_parse_with_the_voyages_vocabulary() -> None:
    a = mp.Action.parse("bazaar [3,b5] silk", 0, ruleset="voyages")
    assert (a.kind, a.dice, a.black, a.space) == ("bazaar", (3, 5), (5,), "silk")
    with pytest.raises(mp.NotationError):
        mp.Action.parse("books [3] tea", 0, ruleset="voyages")


# --------------------------------------------------------------------------------- final scoring


def test_goal_cards_score_when_both_cities_hold_a_post() -> None:
    s = new().with_player(0, goals=["G02", "G12"])  # Moscow-Kashgar 7, Alexandria-Anxi 4
    row = s.with_player(0, trading_posts=["Moscow", "Kashgar", "Alexandria"]).score_rows()[0]
    assert (row["goal_cards"], row["goal_cities"]) == (7, 6)
    row = s.with_player(0, trading_posts=["Moscow", "Kashgar", "Alexandria", "Anxi"]).score_rows()[0]
    assert (row["goal_cards"], row["goal_cities"]) == (11, 10)


def test_a_city_on_both_goal_cards_counts_once() -> None:
    s = new().with_player(0, goals=["G00", "G01"], trading_posts=["Moscow", "Xian", "Ormuz"])  # Moscow twice
    row = s.score_rows()[0]
    assert (row["goal_cards"], row["goal_cities"]) == (4 + 5, 6)


def test_most_contracts_ties_share_and_nobody_with_none_d13() -> None:
    s = new(3, characters=["Berke", "Matteo", "Johannes"])
    assert [r["contracts"] for r in s.score_rows()] == [0, 0, 0]
    t = s.with_player(0, completed=["C00", "C01"]).with_player(2, completed=["C02", "C03"])
    assert [r["contracts"] for r in t.score_rows()] == [7, 0, 7]


def test_tie_on_total_goes_to_camels_then_shared() -> None:
    s = new()
    while not s.is_over:  # a finished game: during the game nobody has won
        s = s.apply(s.legal_actions()[len(s.history) % len(s.legal_actions())])
    bare = {"vp": 60, "coins": 0, "trading_posts": [], "completed": []}
    s = s.with_player(0, camels=3, **bare).with_player(1, camels=5, **bare)
    assert [r["total"] for r in s.score_rows()] == [60, 60]
    assert [r["winner"] for r in s.score_rows()] == [False, True]
    s = s.with_player(0, camels=5)
    assert [r["winner"] for r in s.score_rows()] == [True, True]


def test_scores_dataframe_one_row_per_player() -> None:
    df = new().scores()
    assert list(df.index) == ["Player 1", "Player 2"]
    assert {"track", "goal_cards", "goal_cities", "coins", "beijing", "goods", "contracts"} <= set(df.columns)


def test_a_whole_game_ends_with_scores() -> None:
    s = new()
    while not s.is_over:
        s = s.apply(s.legal_actions()[len(s.history) % len(s.legal_actions())])
    df = s.scores()
    assert df["winner"].any() and "game over" in s._repr_html_()


def test_golden_playthrough() -> None:
    """A regression game: seed 2024, first-game characters, a fixed choice rule (action number 7k mod n
    at step k). Any change of the rules' outcomes, the order of legal actions or the dice shows here."""
    s = mp.new_game(["Ana", "Ben", "Cy"], ruleset="voyages", seed=2024)
    step = 0
    while not s.is_over:
        actions = s.legal_actions()
        s = s.apply(actions[(step * 7) % len(actions)])
        step += 1
    assert step == 138 and len(s.log) == 266
    assert s.history[:9] == ("take_coins [1]", "money_bag [1]", "money_bag [1]", "money_bag [1]", "money_bag [1]",
                             "end_turn", "travel [4,4]", "move Oasis-A", "done")
    rows = [(r["player"], r["total"], r["track"], r["coins"], r["contracts"], r["winner"]) for r in s.score_rows()]
    assert rows == [("Ana", 53, 50, 3, 0, False), ("Ben", 64, 51, 6, 7, True), ("Cy", 64, 53, 4, 7, False)]
    assert s.players[1].camels > s.players[2].camels, "the tie on 64 goes to the most camels"
    assert [p.completed for p in s.players] == [(), ("C42",), ("C43",)]
