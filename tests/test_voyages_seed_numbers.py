"""Every numeric statement of the rulebook (seed 000, audit A9's list) and the worked examples
from outside the seed (WWPIW, REVIEW-BSW, LUDO), each as a test of the engine."""

from __future__ import annotations

import pytest
from voyages_helpers import new, play, to_turn

import mp_notebook as mp

FOUR = ("Berke", "Kubilai", "Wilhelm", "Mercator ex Tabriz")  # no coins or camels at setup or round start


def test_player_setup_5_two_camels_and_7_8_9_10_coins() -> None:
    s = mp.new_game(4, ruleset="voyages", seed=11, characters=list(FOUR))
    assert [p.camels for p in s.players] == [2, 2, 2, 2]
    assert [p.coins for p in s.players] == [7, 8, 9, 10]
    assert all(p.vp == 50 and len(p.contracts) == 1 and len(p.goals) == 2 for p in s.players)


def test_board_setup_6_7_8_11_outposts_city_cards_contract_piles_black_dice() -> None:
    s = mp.new_game(4, ruleset="voyages", seed=11, characters=list(FOUR))  # Matteo would draw from the special pile
    c = s.components
    assert len(c.outposts) == 10 and len(s.outposts) == 7 and set(s.outposts) == {
        n for n, loc in c.locations.items() if loc.is_large}
    assert len(c.city_cards) == 31 and len(s.cards) == 9 and len(set(s.cards.values())) == 9
    assert sum(1 for sp in s.cards if c.card_spaces[sp] == "Sumatra") == 3
    assert len(c.contracts) == 44 and len(c.starting_contracts) == 6
    assert len(s.contract_spaces) == 6 and all(s.contract_spaces)
    assert [len(p) for p in s.contract_piles] == [6, 6, 6, 6] and len(s.special_pile) == 8
    assert s.black_pool == 5


@pytest.mark.parametrize(("players", "black"), [(2, 3), (3, 4), (4, 5)])
def test_black_dice_players_plus_one(players: int, black: int) -> None:
    assert mp.new_game(players, ruleset="voyages", seed=1).black_pool == black


def test_2_and_3_players_fixed_dice_on_khans_favor_and_take_5_coins() -> None:
    s3 = mp.new_game(3, ruleset="voyages", seed=1)
    s2 = mp.new_game(2, ruleset="voyages", seed=1)
    assert s3.spaces["khans_favor"][1] == (1,) and s2.spaces["khans_favor"][1] == (1, 1)
    assert len(s2.spaces["take_coins"][1]) == 1 and "take_coins" not in s3.spaces


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_take_5_coins_the_die_value_is_irrelevant(die: int) -> None:
    s = new(3, characters=["Berke", "Kubilai", "Wilhelm"]).with_player(0, dice=[die])
    assert s.apply(f"take_coins [{die}]").players[0].coins == s.players[0].coins + 5


def test_contract_spaces_5_and_6_one_and_two_coins_or_camels() -> None:
    c = mp.new_game(2, ruleset="voyages", seed=1).components
    five, six = c.rules.contract_bonus[5], c.rules.contract_bonus[6]
    assert [(r.gain.coins, r.gain.camels) for r in five.choice] == [(1, 0), (0, 1)]
    assert [(r.gain.coins, r.gain.camels) for r in six.choice] == [(2, 0), (0, 2)]


def test_travel_wwpiw_3_coins_for_1_step_7_for_2_and_18_for_6() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, dice=[6, 6], coins=30)
    t = play(s, "travel [6,6]", "move Alexandria")
    assert t.players[0].coins == 27
    t = t.apply("move Oasis-I")
    assert t.players[0].coins == 23
    for step in ("Alexandria", "Venezia", "Alexandria", "Oasis-I"):
        t = t.apply(f"move {step}")
    assert t.players[0].coins == 12


def test_travel_the_lowest_die_is_the_number_of_steps() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, dice=[2, 6], coins=30)
    t = play(s, "travel [2,6]", "move Alexandria", "move Venezia")
    assert t.decision.kind == "turn" and t.players[0].location == "Venezia"


def test_posts_8th_5_vp_9th_10_vp_and_beijing_10_7_4_1() -> None:
    c = mp.new_game(2, ruleset="voyages", seed=1).components
    assert c.rules.post_vp == {8: 5, 9: 10}
    assert c.locations[c.beijing].vp_spaces == (10, 7, 4, 1)


def test_bonus_actions_3_coins_1_camel_reroll_2_camels_adjust_twice_4_3_camels_black_die() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, dice=[1, 2, 3, 4, 5], camels=10)
    t = s.apply("money_bag [5]")
    assert t.players[0].coins == s.players[0].coins + 3
    t = t.apply("reroll [1]")
    assert t.players[0].camels == 9
    t = play(t, "adjust_die [3] +1", "adjust_die [4] +1")
    assert t.players[0].camels == 5, "adjusting a die twice costs 4 camels"
    t = t.apply("black_die")
    assert t.players[0].camels == 2 and "black_die" not in {a.kind for a in t.legal_actions()}


def test_review_bsw_a_4_gives_3_pepper_two_4s_3_silk_three_4s_3_gold() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, dice=[4, 4, 4, 1, 1])
    assert play(s, "bazaar [4] pepper", "column 4").players[0].pepper == 3
    assert play(s, "bazaar [4,4] silk", "column 4").players[0].silk == 3
    assert play(s, "bazaar [4,4,4] gold", "column 4").players[0].gold == 3
    assert play(s.with_player(0, dice=[3, 4, 4]), "bazaar [3,4,4] gold", "column 3").players[0].gold == 2


def test_review_bsw_a_2_on_an_occupied_pepper_space_pays_2_and_gives_2_pepper() -> None:
    s = new(3, characters=["Kubilai", "Wilhelm", "Johannes"]).with_player(0, dice=[5])
    t = to_turn(play(s, "bazaar [5] pepper", "column 5", "end_turn"))
    t = t.with_player(1, dice=[2], coins=8)
    u = play(t, "bazaar [2] pepper", "column 2")
    assert (u.players[1].coins, u.players[1].pepper) == (6, 2)


def test_ludo_a_roll_of_13_gives_2_compensation() -> None:
    for seed in range(200):
        s = mp.new_game(2, ruleset="voyages", seed=seed, characters=["Berke", "Kubilai"])
        if s.decision.kind == "compensation" and sum(s.players[s.decision.player].dice) == 13:
            break
    else:
        pytest.fail("no seed rolls 13")
    assert {a.choice for a in s.legal_actions()} == {"coins=2,camels=0", "coins=1,camels=1", "coins=0,camels=2"}


def test_final_scoring_1_vp_per_10_coins_1_per_2_goods_with_beijing_7_for_most_contracts() -> None:
    s = new(characters=["Berke", "Kubilai"])
    rows = s.with_player(0, coins=29, goods={"pepper": 3, "silk": 2}).score_rows()
    assert rows[0]["coins"] == 2 and rows[0]["goods"] == 0, "no Beijing post: goods score nothing"
    assert rows[1]["goods"] == 0  # Kubilai has a Beijing post but no goods
    rows = s.with_player(1, goods={"pepper": 3, "silk": 2}, completed=["C00"]).score_rows()
    assert rows[1]["goods"] == 2 and rows[1]["contracts"] == 7 and rows[0]["contracts"] == 0


@pytest.mark.parametrize(("cities", "vp"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_goal_multi_city_table(cities: int, vp: int) -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, goals=["G02", "G12"])  # Moscow-Kashgar, Alexandria-Anxi
    posts = ["Moscow", "Alexandria", "Kashgar", "Anxi"][:cities]
    row = s.with_player(0, trading_posts=posts).score_rows()[0]
    assert row["goal_cities"] == vp


def test_character_numbers() -> None:
    c = mp.new_game(2, ruleset="voyages", seed=1).components
    assert c.characters["Mercator-2"].take_coins_share.coins == 2
    assert c.characters["Kubilai"].start_posts == ("Beijing",)
    assert c.characters["Niccolo"].round_reward.gain.camels == 1
    assert c.characters["Wilhelm"].extra_posts + c.rules.posts_per_player == 11
    assert c.characters["Wilhelm"].all_posts_vp == 10
    assert c.characters["Johannes"].round_reward.gain.coins == 3
