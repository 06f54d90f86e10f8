"""Rule tests for final scoring (Rulebook: End of game / Final scoring) through ``s.scores()``."""

from __future__ import annotations

import pandas as pd
import pytest
from helpers import new

import mp_notebook as mp

NO_GOODS = {"pepper": 0, "silk": 0, "gold": 0, "jade": 0}
COLUMNS = ["track", "goal_seals", "shields", "goods", "coins", "contracts", "total", "camels", "winner"]

# one city per shield (9 different shields)
ONE_PER_SHIELD = ["Xanadu", "Yangzhou", "Karakorum", "Lhasa", "Khotan", "Pagan", "Delhi", "Samarkand",
                  "Isfahan"]


def _game(names=("A", "B"), **common):
    s = new(0, players=names)
    base = dict(coins=0, camels=0, goods=dict(NO_GOODS), vp=50, contracts=[], completed=[],
                trading_posts=[], seals={}, goal=None)
    base.update(common)
    for i in range(len(names)):
        s = s.with_player(i, **base)
    return s


def _finished(names=("A", "B")):
    """A finished 2-player game (random play) whose players are then reset to the baseline: the
    winner is read from a game that is over (during the game nobody has won)."""
    s = new(0, players=names)
    agent = mp.agents.RandomAgent(seed=0)
    while not s.is_over:
        s = s.apply(agent.choose(s))
    base = dict(coins=0, camels=0, goods=dict(NO_GOODS), vp=50, contracts=[], completed=[],
                trading_posts=[], seals={}, goal=None)
    for i in range(len(names)):
        s = s.with_player(i, **base)
    return s


def _track(s):
    return s.components.rules.shield_track


def test_scores_frame_shape():
    s = _game()
    df = s.scores()
    assert isinstance(df, pd.DataFrame)
    assert list(df.index) == ["A", "B"]
    assert list(df.columns) == COLUMNS


def test_baseline_only_track():
    s = _game()
    row = s.scores().loc["A"]
    assert row["track"] == 50
    assert [row[k] for k in ("goal_seals", "shields", "goods", "coins", "contracts")] == [0, 0, 0, 0, 0]
    assert row["total"] == 50


# ------------------------------------------------------------------ shields


def test_shields_count_distinct_shields_of_post_cities():
    s = _game().with_player(0, trading_posts=["Xanadu", "Xian", "Karakorum"])  # dragon, dragon, falcon
    assert s.scores().loc["A", "shields"] == _track(s)[2]


def test_shields_nine_distinct_score_17():
    s = _game().with_player(0, trading_posts=ONE_PER_SHIELD)
    shields = {s.components.locations[c].shield for c in ONE_PER_SHIELD}
    assert len(shields) == 9
    assert s.scores().loc["A", "shields"] == 17


def test_shields_goal_card_match_adds_one():
    # G01 shows dragon and lion: one post in a dragon city matches one of them
    s = _game().with_player(0, trading_posts=["Xanadu", "Karakorum"], goal="G01")
    assert s.scores().loc["A", "shields"] == _track(s)[3]
    t = s.with_player(0, goal="G04")  # lotus, crescent: no match
    assert t.scores().loc["A", "shields"] == _track(s)[2]


def test_shields_goal_card_match_counts_each_goal_shield_once():
    # two dragon cities still match the dragon on G01 only once
    s = _game().with_player(0, trading_posts=["Xanadu", "Xian"], goal="G01")
    assert s.scores().loc["A", "shields"] == _track(s)[2]


def test_shields_reward_icon_adds_one():
    s = _game().with_player(0, trading_posts=["Xanadu"], contracts=["R14"], goods={"silk": 2, "gold": 1},
                            dice=[3])
    assert s.decision.player == 0
    t = s.apply("complete_contract R14")
    assert t.scores().loc["A", "shields"] == _track(s)[2]


def test_shields_thirteen_or_more_capped_at_43():
    # 9 shields + 3 goal matches (G07: falcon, tiger, crescent) = 12 -> 33
    s = _game().with_player(0, trading_posts=ONE_PER_SHIELD, goal="G07")
    assert s.scores().loc["A", "shields"] == 33
    # + 2 reward shields = 14 -> capped at 43
    s = s.with_player(0, contracts=["R14", "R31"], goods={"silk": 2, "gold": 3}, camels=3, dice=[3])
    s = s.apply("complete_contract R14")
    assert s.scores().loc["A", "shields"] == 43
    s = s.apply("complete_contract R31")
    assert s.scores().loc["A", "shields"] == 43


def test_shield_track_max_is_43():
    assert max(_track(_game())) == 43
    assert _track(_game())[9] == 17


# ------------------------------------------------------------------ goal seals


def test_goal_seals_score_improved_seals_on_goal_card():
    # G02: spicer 5, jeweler 7
    s = _game().with_player(0, goal="G02", seals={"spicer": "improved", "jeweler": "basic",
                                                  "farmer": "improved"})
    assert s.scores().loc["A", "goal_seals"] == 5
    t = s.with_player(0, seals={"spicer": "improved", "jeweler": "improved"})
    assert t.scores().loc["A", "goal_seals"] == 12


def test_goal_seals_none_without_improvement():
    s = _game().with_player(0, goal="G02", seals={"spicer": "basic", "jeweler": "basic"})
    assert s.scores().loc["A", "goal_seals"] == 0


# ------------------------------------------------------------------ goods and coins


def test_goods_one_vp_per_two_goods_camels_not_goods():
    s = _game().with_player(0, goods={"pepper": 3, "silk": 2, "gold": 0, "jade": 0}, camels=11)
    assert s.scores().loc["A", "goods"] == 2


def test_goods_jade_counts_as_a_good():
    s = _game().with_player(0, goods={"pepper": 1, "silk": 1, "gold": 1, "jade": 1})
    assert s.scores().loc["A", "goods"] == 2


def test_coins_one_vp_per_ten():
    s = _game().with_player(0, coins=29).with_player(1, coins=30)
    df = s.scores()
    assert df.loc["A", "coins"] == 2 and df.loc["B", "coins"] == 3


# ------------------------------------------------------------------ contract majority


def test_contracts_majority_two_players_no_second_place():
    s = _game().with_player(0, completed=["R01", "R02"]).with_player(1, completed=["R03"])
    df = s.scores()
    assert (df.loc["A", "contracts"], df.loc["B", "contracts"]) == (8, 0)


def test_contracts_majority_tie_shares_first():
    s = _game().with_player(0, completed=["R01", "R02"]).with_player(1, completed=["R03", "R04"])
    df = s.scores()
    assert (df.loc["A", "contracts"], df.loc["B", "contracts"]) == (8, 8)


def test_contracts_majority_three_players_second_place():
    s = _game(("A", "B", "C"))
    s = s.with_player(0, completed=["R01", "R02", "R03"]).with_player(1, completed=["R04", "R05"])
    s = s.with_player(2, completed=["R06"])
    df = s.scores()
    assert list(df["contracts"]) == [8, 4, 0]


def test_contracts_majority_tie_for_second_shares():
    s = _game(("A", "B", "C"))
    s = s.with_player(0, completed=["R01", "R02", "R03"]).with_player(1, completed=["R04"])
    s = s.with_player(2, completed=["R06"])
    assert list(s.scores()["contracts"]) == [8, 4, 4]


def test_contracts_count_completed_not_active():
    s = _game().with_player(0, contracts=["R01", "R02"]).with_player(1, completed=["R03"])
    df = s.scores()
    assert (df.loc["A", "contracts"], df.loc["B", "contracts"]) == (0, 8)


# ------------------------------------------------------------------ total and winner


def test_total_is_sum_of_categories():
    s = _game().with_player(0, vp=61, coins=25, goods={"pepper": 2, "silk": 1, "gold": 0, "jade": 1},
                            trading_posts=["Xanadu", "Karakorum"], goal="G02",
                            seals={"jeweler": "improved"}, completed=["R01"])
    row = s.scores().loc["A"]
    assert row["total"] == 61 + 7 + _track(s)[2] + 2 + 2 + 8
    assert row["total"] == sum(row[k] for k in ("track", "goal_seals", "shields", "goods", "coins", "contracts"))


def test_winner_by_total():
    s = _finished().with_player(0, vp=60).with_player(1, vp=59, camels=10)
    df = s.scores()
    assert bool(df.loc["A", "winner"]) and not bool(df.loc["B", "winner"])


def test_nobody_has_won_a_game_in_progress():
    """The same scores in a game still going: the leader is not marked the winner."""
    df = _game().with_player(0, vp=60).with_player(1, vp=59, camels=10).scores()
    assert list(df["total"]) == [60, 59] and not df["winner"].any()


def test_tiebreak_most_camels():
    s = _finished().with_player(0, vp=60, camels=2).with_player(1, vp=60, camels=3)
    df = s.scores()
    assert df.loc["A", "total"] == df.loc["B", "total"]
    assert list(df["camels"]) == [2, 3]
    assert not bool(df.loc["A", "winner"]) and bool(df.loc["B", "winner"])


def test_tiebreak_still_tied_shares_victory():
    s = _finished().with_player(0, vp=60, camels=3).with_player(1, vp=60, camels=3)
    assert list(s.scores()["winner"]) == [True, True]


@pytest.mark.parametrize("names", [("A", "B", "C"), ("A", "B", "C", "D")])
def test_scores_one_row_per_player(names):
    s = _game(names)
    assert list(s.scores().index) == list(names)
