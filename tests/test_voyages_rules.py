"""One test (or a few) per rule of The Voyages of Marco Polo (seed 000 and the audit's readings):
each checks the outcome, the rule cited in the log, and that illegal attempts raise IllegalAction
naming the rule and leave the state unchanged."""

from __future__ import annotations

import pytest
from voyages_helpers import card_game, find, illegal, legal, legal_kind, new, play, rules_cited, texts, to_turn

import mp_notebook as mp
from mp_notebook.rulesets.voyages import rules as R

# --------------------------------------------------------------------------------- a game turn


def test_a_turn_needs_exactly_one_main_action_while_dice_are_left() -> None:
    s = new().with_player(0, dice=[2, 3, 4, 5, 6])
    illegal(s, "end_turn", "main action", R.R_TURN)
    t = s.apply("take_coins [2]")
    assert "end_turn" in legal(t)
    illegal(t, "take_coins [3]", "already taken your main action", R.R_TURN)
    n = len(t.log)
    u = t.apply("end_turn")
    assert u.current_player == 1 and R.R_TURN in rules_cited(u, n)


def test_bonus_actions_before_and_after_the_main_action() -> None:
    s = new().with_player(0, dice=[2, 3, 4, 5, 6], camels=5)
    t = play(s, "reroll [2]", "take_coins [3]", "money_bag [4]", "end_turn")
    assert t.players[0].coins == s.players[0].coins - 3 + 5 + 3  # 2 players: a neutral die on Take 5 coins
    assert t.players[0].camels == 4


def test_only_the_players_own_dice() -> None:
    s = new().with_player(0, dice=[2, 3, 4, 5, 6])
    illegal(s, "take_coins [1]", "no unplaced die showing 1", R.R_ACTIONS)
    illegal(s, "take_coins [b3]", "no black or white die", R.R_COLOURLESS)


def test_last_die_on_the_money_bag_ends_the_turn_without_a_main_action() -> None:
    s = new().with_player(0, dice=[4])
    t = s.apply("money_bag [4]")
    assert t.players[0].dice == () and legal(t) == {"end_turn"}
    assert R.R_BAG in rules_cited(t, len(s.log))


def test_a_player_out_of_dice_is_skipped_and_the_round_ends_when_all_are_out() -> None:
    s = new().with_player(0, dice=[4]).with_player(1, dice=[5])
    t = play(s, "money_bag [4]", "end_turn")
    assert t.current_player == 1
    u = play(t, "take_coins [5]", "end_turn")
    u = to_turn(u)
    assert u.round == 2 and R.R_ROUND_END in rules_cited(u, len(t.log))


# --------------------------------------------------------------------------------- dice on spaces


THREE = ("Johannes Carpini", "Matteo Polo", "Berke Khan")


def test_take_5_coins_any_value_and_occupied_costs_the_lowest_die() -> None:
    s = new(3, characters=THREE).with_player(0, dice=[6, 6, 6, 6, 6]).with_player(1, dice=[4, 4, 4, 4, 4])
    coins0, coins1 = s.players[0].coins, s.players[1].coins
    t = play(s, "take_coins [6]", "end_turn")
    assert t.players[0].coins == coins0 + 5 and R.R_TAKE_COINS in rules_cited(t, len(s.log))
    u = t.apply("take_coins [4]")
    assert u.players[1].coins == coins1 - 4 + 5
    assert any("occupied" in x and "4 coins" in x for x in texts(u, len(t.log)))
    assert R.R_OCCUPIED in rules_cited(u, len(t.log))


def test_occupied_space_unaffordable_is_refused() -> None:
    s = new(3, characters=THREE).with_player(0, dice=[6, 6, 6, 6, 6]).with_player(1, dice=[5, 5, 5, 5, 5], coins=4)
    t = play(s, "take_coins [6]", "end_turn")
    illegal(t, "take_coins [5]", "occupied", "costs 5 coins (your lowest die) and you have 4 coins", R.R_OCCUPIED)


def test_each_colour_once_per_space_but_black_dice_are_no_colour() -> None:
    s = new(3, characters=THREE).with_player(0, dice=[3, 4, 5, 6, 6], black_dice=[2], coins=20)
    t = play(s, "take_coins [3]", "end_turn")
    t = t.with_player(1, dice=[1]).with_player(2, dice=[1])
    t = play(t, "money_bag [1]", "end_turn", "money_bag [1]", "end_turn")
    illegal(t, "take_coins [4]", "your colour is already on", R.R_COLOURLESS)
    u = t.apply("take_coins [b2]")
    assert u.players[0].coins == t.players[0].coins - 2 + 5


def test_the_money_bag_is_free_and_repeatable() -> None:
    s = new().with_player(0, dice=[3, 4, 5, 6, 6])
    coins = s.players[0].coins
    t = play(s, "money_bag [3]", "money_bag [4]", "money_bag [5]")
    assert t.players[0].coins == coins + 9 and t.players[0].dice == (6, 6)


def test_bazaar_reads_the_lowest_die_and_a_lower_column_may_be_chosen() -> None:
    s = new().with_player(0, dice=[4, 5, 6, 6, 6])
    t = s.apply("bazaar [4,5] silk")
    assert t.decision.kind == "column" and legal(t) == {"column 1", "column 2", "column 3", "column 4"}
    assert t.decision.about == "silk"
    u = t.apply("column 3")  # 2 silk + 1 camel
    assert (u.players[0].silk, u.players[0].camels) == (2, s.players[0].camels + 1)
    assert R.R_BAZAAR in rules_cited(u, len(s.log))
    illegal(s, "bazaar [4] silk", "exactly 2 dice", R.R_BAZAAR)
    illegal(s, "bazaar [4] jade", "no bazaar space", R.R_BAZAAR)


@pytest.mark.parametrize(("space", "dice", "column", "gained"), [
    ("camels", [3], 3, {"camels": 3}),
    ("pepper", [3], 3, {"pepper": 2, "coins": 1}),
    ("pepper", [5], 5, {"pepper": 3, "coins": 2}),
    ("silk", [5, 5], 5, {"silk": 3, "camels": 1, "coins": 1}),
    ("gold", [3, 3, 3], 3, {"gold": 2, "camels": 2}),  # audit D1: BGA's reading
    ("gold", [6, 6, 6], 6, {"gold": 4}),
])
def test_bazaar_tables(space: str, dice: list[int], column: int, gained: dict[str, int]) -> None:
    s = new().with_player(0, dice=[*dice, *[1] * (5 - len(dice))])
    t = play(s, f"bazaar [{','.join(map(str, dice))}] {space}", f"column {column}")
    for k, v in gained.items():
        assert getattr(t.players[0], k) - getattr(s.players[0], k) == v, k


def test_gold_column_5_gives_a_move() -> None:
    s = new().with_player(0, dice=[5, 5, 5, 1, 1])
    t = play(s, "bazaar [5,5,5] gold", "column 5")
    assert t.players[0].gold == 3 and t.decision.kind == "move" and "done" in legal(t)
    u = play(t, "move Alexandria")  # no base travel cost
    assert u.players[0].location == "Alexandria" and u.players[0].coins == t.players[0].coins
    assert "Alexandria" in u.players[0].trading_posts


def test_khans_favor_slots_each_die_at_least_the_one_before_and_no_fee() -> None:
    s = new().with_player(0, dice=[4, 4, 4, 4, 4]).with_player(1, dice=[3, 3, 5, 5, 5])
    coins = s.players[1].coins
    t = play(s, "khans_favor [4]", "good silk", "end_turn")
    assert t.players[0].silk == 1 and t.players[0].camels == s.players[0].camels + 2
    illegal(t, "khans_favor [3]", "at least 4", R.R_KHAN)
    u = play(t, "khans_favor [5]", "good gold")
    assert u.players[1].coins == coins, "the Khan's favor never costs coins"
    assert R.R_KHAN in rules_cited(u, len(t.log))


def test_khans_favor_is_full_after_4_dice() -> None:
    s = new(4, characters=["Johannes Carpini", "Matteo Polo", "Berke Khan", "Kubilai Khan"])
    for i in range(4):
        s = s.with_player(i, dice=[2, 2, 2, 2, 2], black_dice=[6] if i == 0 else [])
    for _ in range(4):
        s = play(s, "khans_favor [2]", "good pepper", "end_turn")
        s = to_turn(s)
    illegal(s, "khans_favor [b6]", "all 4", R.R_KHAN)


def test_neutral_dice_with_2_and_3_players_stay_all_game() -> None:
    s2, s3 = new(2), new(3, characters=["Johannes Carpini", "Matteo Polo", "Berke Khan"])
    assert s2.spaces["khans_favor"][1] == (1, 1) and s2.spaces["take_coins"][1] == (1,)
    assert s3.spaces["khans_favor"][1] == (1,) and "take_coins" not in s3.spaces
    assert s2.spaces["khans_favor"][0] == frozenset(), "neutral dice are no player's colour"
    assert R.R_FEW in rules_cited(s2) and R.R_FEW in rules_cited(s3) and R.R_BOARD in rules_cited(s2)
    # with 2 players Take 5 coins always costs the die, and only 2 Khan placements are left
    s = s2.with_player(0, dice=[3, 3, 3, 3, 3])
    t = s.apply("take_coins [3]")
    assert t.players[0].coins == s.players[0].coins - 3 + 5
    u = s
    while u.round < 2:
        u = to_turn(u.apply(next(a for a in u.legal_actions() if a.kind in ("money_bag", "end_turn")
                                 or u.decision.kind != "turn")))
    assert u.spaces["khans_favor"][1] == (1, 1) and u.spaces["take_coins"][1] == (1,)


# --------------------------------------------------------------------------------- contracts


def test_contracts_die_value_opens_spaces_and_positions_are_read_before_sliding() -> None:
    s = new().with_player(0, dice=[1, 2, 2, 2, 2], contracts=[])
    board = s.contract_spaces
    t = s.apply("contracts [1]")
    assert legal_kind(t, "take_contract") == {f"take_contract 1 {board[0]}"}
    t = s.apply("contracts [2]")
    assert legal_kind(t, "take_contract") == {f"take_contract 1 {board[0]}", f"take_contract 2 {board[1]}"}
    u = play(t, f"take_contract 2 {board[1]}")
    assert legal_kind(u, "take_contract") == {f"take_contract 1 {board[0]}"}  # space 1, still read in place
    v = u.apply("done")
    assert v.players[0].contracts == (board[1],)
    assert v.contract_spaces == (board[0], *board[2:], None), "the rest slide left"
    assert R.R_CONTRACTS in rules_cited(v, len(s.log))


def test_contracts_take_at_least_one_at_most_two() -> None:
    s = new().with_player(0, dice=[6, 2, 2, 2, 2], contracts=[])
    t = s.apply("contracts [6]")
    assert "done" not in legal(t)
    b = s.contract_spaces
    u = play(t, f"take_contract 1 {b[0]}", f"take_contract 3 {b[2]}")
    assert u.decision.kind == "turn" and u.players[0].contracts == (b[0], b[2])


@pytest.mark.parametrize(("space", "choices"), [(5, ("coins=1", "camels=1")), (6, ("coins=2", "camels=2"))])
def test_contract_spaces_5_and_6_give_coins_or_camels(space: int, choices: tuple[str, str]) -> None:
    s = new().with_player(0, dice=[6, 2, 2, 2, 2], contracts=[])
    cid = s.contract_spaces[space - 1]
    t = play(s, "contracts [6]", f"take_contract {space} {cid}")
    assert t.decision.kind == "choose"
    coins = play(t, "choose 1")
    camels = play(t, "choose 2")
    n = int(choices[0].split("=")[1])
    assert coins.players[0].coins == t.players[0].coins + n and camels.players[0].camels == t.players[0].camels + n


def test_full_hand_discards_an_older_contract_under_the_special_pile() -> None:
    s = new().with_player(0, dice=[2, 2, 2, 2, 2])
    old = s.players[0].contracts
    s = s.with_player(0, contracts=[*old, s.contract_piles[0][0]])
    older = s.players[0].contracts
    cid = s.contract_spaces[0]
    t = play(s, "contracts [2]", f"take_contract 1 {cid}")
    assert t.decision.kind == "discard"
    assert legal(t) == {f"discard {c}" for c in older}, "never the contract just taken"
    u = t.apply(f"discard {older[0]}")
    assert u.players[0].contracts == (older[1], cid) and u.special_pile[-1] == older[0]
    assert R.R_CONTRACTS in rules_cited(u, len(t.log))


def test_empty_contract_board_gets_two_from_the_special_pile_at_a_turn_start() -> None:
    s = new().with_player(0, dice=[6, 6, 2, 2, 2], contracts=[]).with_player(1, dice=[3, 3, 3, 3, 3])
    board, special = s.contract_spaces, s.special_pile
    t = play(s, "contracts [6]", f"take_contract 1 {board[0]}", f"take_contract 2 {board[1]}")
    # empty the board through with_player (the contracts go to seat 1's completed pile)
    t = t.with_player(1, completed=list(t.contract_spaces[:4]))
    assert not any(t.contract_spaces)
    u = t.apply("end_turn")
    assert u.contract_spaces[:2] == special[:2] and u.contract_spaces[2:] == (None,) * 4
    assert R.R_CONTRACTS in rules_cited(u, len(t.log))


def test_completing_a_contract_pays_its_cost_and_files_it() -> None:
    s = new()
    cid = "C41"  # starting contract: 1 camel + 1 gold -> 3 camels + 2 VP
    s = s.with_player(0, contracts=[cid], goods={"gold": 1}, camels=1)
    illegal(s.with_player(0, goods={"gold": 0}), f"complete_contract {cid}", "cannot pay", R.R_COMPLETE)
    t = s.apply(f"complete_contract {cid}")
    p = t.players[0]
    assert (p.gold, p.camels, p.vp) == (0, 3, s.players[0].vp + 2)
    assert p.contracts == () and p.completed == (cid,)
    assert R.R_COMPLETE in rules_cited(t, len(s.log))
    illegal(s, "complete_contract C00", "not one of your active contracts", R.R_COMPLETE)


def test_a_drawn_contract_may_be_declined_with_a_full_hand() -> None:
    s = new()
    cid = "C39"  # starting: 2 camels + 1 silk + 1 pepper -> 1 contract + 5 VP
    other = s.contract_piles[0][0]
    s = s.with_player(0, contracts=[cid, other], goods={"silk": 1, "pepper": 1}, camels=2)
    top = s.special_pile[0]
    t = s.apply(f"complete_contract {cid}")
    assert t.decision.kind == "discard" and legal(t) == {f"discard {other}", f"discard {top}"}
    u = t.apply(f"discard {top}")
    assert u.players[0].contracts == (other,) and u.special_pile[-1] == top
    assert u.players[0].completed == (cid,)


# --------------------------------------------------------------------------------- travel


def test_travel_pays_for_the_steps_actually_moved() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, dice=[2, 5, 1, 1, 1], coins=20)
    t = s.apply("travel [2,5]")
    assert t.decision.kind == "move" and "done" not in legal(t), "at least 1 step"
    assert t.decision.about == 2, "steps left"
    assert "(2 steps left, Travel)" in t.decision.text
    u = t.apply("move Alexandria")
    assert u.players[0].coins == 20 - 3  # WWPIW: 3 coins to move 1
    assert "(1 step left, Travel) or stop" in u.decision.text
    v = u.apply("move Oasis-I")
    assert v.players[0].coins == 20 - 7  # WWPIW: 7 coins to move 2
    assert v.decision.kind == "turn", "the lowest die (2) limits the steps"
    assert R.R_TRAVEL in rules_cited(v, len(s.log))
    w = u.apply("done")
    assert w.players[0].coins == 17 and "Alexandria" in w.players[0].trading_posts


def test_travel_route_extra_costs_and_unaffordable_steps() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, dice=[6, 6, 1, 1, 1], coins=30, camels=2)
    t = s.apply("travel [6,6]")
    assert "move Oasis-E" not in legal(t), "Venezia-Oasis-E costs 3 camels"
    t = t.with_player(0, camels=3)
    u = t.apply("move Oasis-E")
    assert u.players[0].camels == 0 and u.players[0].coins == 27
    illegal(s.with_player(0, coins=2), "travel [6,6]", "first step", R.R_TRAVEL)


def test_travel_cost_table_up_to_six_steps() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, dice=[6, 6, 1, 1, 1], coins=50, camels=0)
    t = s.apply("travel [6,6]")
    spent = []
    for step in ("Alexandria", "Oasis-I", "Alexandria", "Venezia", "Alexandria", "Oasis-I"):
        t = t.apply(f"move {step}")
        spent.append(50 - t.players[0].coins)
    assert spent == [3, 7, 12, 12, 18, 18]


def test_post_in_large_city_takes_outpost_bonus_first_player_only() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, dice=[1, 1, 1, 1, 1], coins=20)
    s = s.with_player(1, dice=[1, 1, 1, 1, 1], coins=20)
    tile = s.outposts["Alexandria"]
    t = play(s, "travel [1,1]", "move Alexandria")
    t = to_turn(t)
    assert "Alexandria" in t.players[0].trading_posts and t.outposts["Alexandria"] == ""
    assert R.R_OUTPOST in rules_cited(t, len(s.log)) and any(tile in x for x in texts(t, len(s.log)))
    t = play(t, "end_turn")
    u = to_turn(play(t, "travel [1,1]", "move Alexandria"))
    assert "Alexandria" in u.players[1].trading_posts
    assert not any("outpost" in x for x in texts(u, len(t.log)))


def test_small_city_bonus_at_once_and_every_round() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, location="Oasis-I", camels=2, coins=10)
    s = s.with_player(0, dice=[1, 1, 1, 1, 1])
    assert s.markers["Adana"] == "E"  # 1 camel + 3 coins
    t = play(s, "travel [1,1]", "move Adana")
    assert t.players[0].coins == 10 - 3 + 3 and t.players[0].camels == 2 - 2 + 1
    u = t.with_player(0, dice=[]).with_player(1, dice=[])
    u = play(u, "end_turn")
    assert u.round == 2
    assert any("city bonus E of Adana" in x for x in texts(u, len(t.log)))


def test_no_post_in_venezia_and_oases_and_one_post_per_city() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, dice=[3, 3, 1, 1, 1], coins=30)
    t = play(s, "travel [3,3]", "move Alexandria", "move Venezia", "move Alexandria")
    assert t.players[0].trading_posts == ("Alexandria",)
    u = play(s, "travel [3,3]", "move Oasis-A", "done")
    assert u.players[0].trading_posts == ()


def test_8th_and_9th_posts_score_5_and_10() -> None:
    cities = ["Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Karachi", "Sumatra", "Anxi"]
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, trading_posts=cities, coins=30)
    s = s.with_player(0, dice=[1, 1, 1, 1, 1])
    vp = s.players[0].vp
    t = play(s, "travel [1,1]", "move Alexandria")
    assert t.players[0].vp == vp + 5 and len(t.players[0].trading_posts) == 8
    assert R.R_POSTS in rules_cited(t, len(s.log))
    s = s.with_player(0, trading_posts=[*cities, "Alexandria"], location="Oasis-I", camels=2)
    u = play(s, "travel [1,1]", "move Adana")
    assert len(u.players[0].trading_posts) == 9
    assert u.players[0].vp == vp + 10, "the 9th post scores 10 VP"


def test_all_posts_placed_one_is_moved_d14() -> None:
    cities = ["Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Karachi", "Sumatra", "Anxi", "Xian", "Kochi"]
    s = new(characters=["Matteo Polo", "Berke Khan"]).with_player(0, trading_posts=cities, coins=30)
    s = s.with_player(0, dice=[1, 1, 1, 1, 1])
    vp = s.players[0].vp
    t = play(s, "travel [1,1]", "move Alexandria")
    assert t.decision.kind == "relocate" and legal(t) == {f"relocate_post {c}" for c in cities}
    u = t.apply("relocate_post Moscow")
    p = u.players[0]
    assert "Moscow" not in p.trading_posts and "Alexandria" in p.trading_posts and len(p.trading_posts) == 9
    assert p.vp == vp, "no 8th/9th post VP again"
    assert u.outposts["Alexandria"] == "", "the moved post takes the outpost bonus"
    assert R.R_POSTS in rules_cited(u, len(t.log))


def test_beijing_post_takes_the_highest_free_space() -> None:
    s = new(characters=["Matteo Polo", "Berke Khan"])
    s = s.with_player(0, location="Xian", dice=[1, 1, 1, 1, 1], coins=10).with_player(1, location="Xian", coins=10)
    t = to_turn(play(s, "travel [1,1]", "move Beijing"))
    assert t.beijing[0] == 0
    t = t.with_player(1, dice=[1, 1])
    t = play(t, "end_turn")
    u = to_turn(play(t, "travel [1,1]", "move Beijing"))
    assert u.beijing[:2] == (0, 1)
    assert [r["beijing"] for r in u.score_rows()] == [10, 7]


def test_the_last_player_to_travel_starts_the_next_round() -> None:
    chars = ["Berke Khan", "Johannes Carpini"]
    s = new(characters=chars).with_player(0, dice=[1, 1], coins=20).with_player(1, dice=[1, 1], coins=20)
    t = to_turn(play(s, "travel [1,1]", "move Oasis-A", "end_turn"))
    t = to_turn(play(t, "money_bag [1]", "money_bag [1]", "end_turn"))
    assert t.round == 2 and t.first_player == 0
    # round 2: seat 1 travels last (after seat 0) -> seat 1 starts round 3
    t = t.with_player(0, dice=[1, 1], coins=20).with_player(1, dice=[1, 1], coins=20)
    u = to_turn(play(t, "travel [1,1]", "move Venezia", "end_turn", "travel [1,1]", "move Oasis-A", "end_turn"))
    assert u.round == 3 and u.first_player == 1 and R.R_FIRST in rules_cited(u, len(t.log))


def test_nobody_travelled_the_start_player_stays() -> None:
    s = new().with_player(0, dice=[1]).with_player(1, dice=[1])
    t = to_turn(play(s, "money_bag [1]", "end_turn", "money_bag [1]", "end_turn"))
    assert t.round == 2 and t.first_player == 0


# --------------------------------------------------------------------------------- bonus actions


def test_reroll_costs_1_camel() -> None:
    s = new().with_player(0, dice=[1, 1, 1, 1, 1], camels=1)
    t = s.apply("reroll [1]")
    assert t.players[0].camels == 0 and R.R_REROLL in rules_cited(t, len(s.log))
    illegal(t, "reroll [1]", "it costs 1 camel and you have 0 camels", R.R_REROLL)


def test_adjust_costs_2_camels_twice_4_and_no_wrap() -> None:
    s = new().with_player(0, dice=[1, 3, 6, 6, 6], camels=4)
    t = play(s, "adjust_die [3] +1", "adjust_die [4] +1")
    assert t.players[0].dice == (1, 5, 6, 6, 6) and t.players[0].camels == 0  # twice: 4 camels
    illegal(s, "adjust_die [6] +1", "no 6", R.R_ADJUST)
    illegal(s, "adjust_die [1] -1", "no 6", R.R_ADJUST)
    assert R.R_ADJUST in rules_cited(t, len(s.log))


def test_black_die_for_3_camels_once_per_turn_and_limited() -> None:
    s = new().with_player(0, camels=9)
    t = s.apply("black_die")
    assert t.players[0].camels == 6 and len(t.players[0].black_dice) == 1 and t.black_pool == s.black_pool - 1
    illegal(t, "black_die", "only 1 black die per turn", R.R_BUY_BLACK)
    assert R.R_BUY_BLACK in rules_cited(t, len(s.log))
    empty = s._copy()
    empty.black_pool = 0
    illegal(empty, "black_die", "no black dice left", R.R_BUY_BLACK)


def test_black_and_white_dice_may_be_rerolled_and_adjusted() -> None:
    s = new().with_player(0, black_dice=[3], camels=5)
    t = s.apply("adjust_die [b3] +1")
    assert t.players[0].black_dice == (4,)
    u = t.apply("reroll [b4]")
    assert len(u.players[0].black_dice) == 1


# --------------------------------------------------------------------------------- city cards


def test_city_card_needs_a_post_is_brown_and_usable_from_the_next_turn() -> None:
    s, space, city = card_game("K00")  # 2 coins per pip
    s = s.with_player(0, dice=[4, 5, 1, 1, 1], trading_posts=[city])
    coins = s.players[0].coins
    t = s.apply(f"city_card [5] {space}")
    assert t.players[0].coins == coins + 10 and R.R_CARDS in rules_cited(t, len(s.log))
    t = to_turn(t.apply("end_turn")).with_player(1, trading_posts=[city], dice=[3, 3])
    illegal(t, f"city_card [3] {space}", "already been used this round", R.R_CARDS)
    illegal(s.with_player(0, trading_posts=[]), f"city_card [4] {space}", f"trading post in {city}", R.R_CARDS)


def test_city_card_of_a_post_placed_this_turn_waits() -> None:
    """A contract's Move (a bonus action before the main action) places a post; its card waits (audit A2.7)."""
    s, space, city = card_game("K00", characters=["Matteo Polo", "Berke Khan"])
    here = s.board.adjacent[city][0][0]
    s = s.with_player(0, location=here, contracts=["C42"], goods={"pepper": 3}, camels=11, coins=40,
                      dice=[4, 1, 1, 1, 1])
    t = to_turn(play(s, "complete_contract C42", f"move {city}"))
    assert city in t.players[0].trading_posts
    assert f"city_card [4] {space}" not in legal(t)
    illegal(t, f"city_card [4] {space}", "this turn", "next turn", R.R_CARDS)
    u = play(t, "take_coins [1]", "end_turn").with_player(1, dice=[1])
    u = play(u, "money_bag [1]", "end_turn")
    assert u.round == 1 and u.current_player == 0
    assert f"city_card [4] {space}" in legal(u), "from the next turn on"


def test_count_cards_cap_at_the_die_value() -> None:
    s, space, city = card_game("K02")  # 1 VP per post, at most die value
    s = s.with_player(0, dice=[2, 6, 1, 1, 1], trading_posts=[city, "Anxi", "Xian"])
    t = s.apply(f"city_card [2] {space}")
    assert t.players[0].vp == s.players[0].vp + 2
    u = s.apply(f"city_card [6] {space}")
    assert u.players[0].vp == s.players[0].vp + 3


def test_exchange_card_same_choice_each_time_k16() -> None:
    s, space, city = card_game("K16")  # 1 camel -> 3 coins, or 1 coin -> 1 camel; the same each time
    s = s.with_player(0, dice=[3, 1, 1, 1, 1], trading_posts=[city], camels=5, coins=5)
    t = play(s, f"city_card [3] {space}", "trade 1")
    assert legal(t) == {"trade 1", "done"}
    u = play(t, "trade 1", "trade 1")
    assert u.players[0].coins == 14 and u.players[0].camels == 2 and u.decision.kind == "turn"


def test_exchange_card_mixed_k27() -> None:
    """K27 may change direction between repetitions (audit A4): pepper -> 2 camels -> gold."""
    s, space, city = card_game("K27")
    s = s.with_player(0, dice=[2, 1, 1, 1, 1], trading_posts=[city], camels=0, goods={"pepper": 1})
    t = play(s, f"city_card [2] {space}", "trade 1", "good pepper")
    assert t.decision.kind == "trade" and legal(t) == {"trade 2", "done"}
    u = play(t, "trade 2", "good gold")
    p = u.players[0]
    assert (p.pepper, p.gold, p.camels) == (0, 1, 0) and u.decision.kind == "turn"


def test_move_card_places_a_post_only_where_the_movement_ends_k13() -> None:
    """VOMP scenario: at Samarcanda with 9 camels and no coins, K13 three times: Samarcanda - Oasis-E -
    Venezia - Alexandria costs 3 x 2 + 3 (the Venezia-Oasis-E route) camels, one post (Alexandria)."""
    plain = ("Coins-3", "Coins-5", "Gold-2", "Silk-2")
    s = find(lambda s: "K13" in s.cards.values() and s.outposts["Alexandria"] in plain,
             characters=["Matteo Polo", "Berke Khan"])
    space = next(sp for sp, cid in s.cards.items() if cid == "K13")
    city = s.components.card_spaces[space]
    s = s.with_player(0, location="Samarcanda", camels=9, coins=0, dice=[3, 1, 1, 1, 1], trading_posts=[city])
    t = play(s, f"city_card [3] {space}", "move Oasis-E", "move Venezia", "move Alexandria")
    p = t.players[0]
    assert t.decision.kind == "turn" and p.camels == 0
    assert p.location == "Alexandria" and set(p.trading_posts) == {city, "Alexandria"}
    assert R.R_CARDS in rules_cited(t, len(s.log))


def test_move_card_k30_pays_two_different_goods_per_move() -> None:
    s, space, city = card_game("K30", characters=["Matteo Polo", "Berke Khan"])
    s = s.with_player(0, location="Venezia", dice=[2, 1, 1, 1, 1], trading_posts=[city],
                      goods={"pepper": 2, "silk": 0, "gold": 0})
    assert f"city_card [2] {space}" not in legal(s), "two different goods are needed per move"
    s = s.with_player(0, goods={"pepper": 2, "silk": 1, "gold": 0})
    t = play(s, f"city_card [2] {space}", "move Alexandria")
    assert t.decision.kind == "good" and legal(t) == {"good pepper", "good silk"}
    u = t.apply("good silk")
    assert legal(u) == {"good pepper"}, "the second good must differ"


def test_city_bonus_cards_use_different_cities_k25_and_bonus_d() -> None:
    # VOMP scenario: posts in Anxi (A: 5 coins), Adana (E: 1 camel + 3 coins) and Xian (D: another
    # city's bonus); K25 with a 6 and 3 coins: 5 + (3 + 1 camel) + 5 (D copies A) -> 13 coins, 1 camel
    s, space, city = card_game("K25", characters=["Matteo Polo", "Berke Khan"])
    s = s.with_player(0, trading_posts=[city, "Anxi", "Adana", "Xian"], coins=3, camels=0, dice=[6, 1, 1, 1, 1])
    t = play(s, f"city_card [6] {space}", "city_bonus Anxi", "city_bonus Adana", "city_bonus Xian")
    assert t.decision.kind == "copy" and "copy_bonus D" not in legal(t)
    u = t.apply("copy_bonus A")
    assert u.decision.kind == "city_bonus" and legal(u) == {"done"}
    v = u.apply("done")
    assert (v.players[0].coins, v.players[0].camels) == (13, 1)
    assert R.R_CITY_BONUS in rules_cited(v, len(s.log))


# --------------------------------------------------------------------------------- rounds


def test_compensation_below_15_coins_or_camels_mixed() -> None:
    s = mp.new_game(2, ruleset="voyages", seed=1, characters=["Johannes Carpini", "Matteo Polo"])
    d = s.decision
    assert d.kind == "compensation"
    total = sum(s.players[d.player].dice) + s.players[d.player].white
    amount = 15 - total
    assert {str(a) for a in s.legal_actions()} == {f"compensation coins={k},camels={amount - k}"
                                                   for k in range(amount + 1)}
    t = s.apply(s.legal_actions()[-1])
    assert R.R_COMPENSATION in rules_cited(t, len(s.log))


def test_round_end_contracts_under_the_special_pile_and_a_new_pile() -> None:
    s = new(characters=["Berke Khan", "Johannes Carpini"]).with_player(0, dice=[1]).with_player(1, dice=[1])
    board, pile = s.contract_spaces, s.contract_piles[0]
    t = to_turn(play(s, "money_bag [1]", "end_turn", "money_bag [1]", "end_turn"))
    assert t.contract_spaces == pile and t.special_pile[-6:] == board
    assert len(t.contract_piles) == 3


def test_the_game_ends_after_5_rounds() -> None:
    s = new()
    while not s.is_over:
        s = s.apply(next((a for a in s.legal_actions() if a.kind in ("money_bag", "end_turn")),
                         s.legal_actions()[0]))
    assert s.round == 5 and s.current_player is None and s.legal_actions() == []
    illegal(s, "end_turn", "game is over", R.R_END)


def test_follow_up_decisions_refuse_other_actions() -> None:
    s = new().with_player(0, dice=[4, 5, 6, 6, 6])
    t = s.apply("bazaar [4,5] silk")
    illegal(t, "end_turn", "has to wait", "never in the middle of it", "column")
    illegal(s, "column 2", "follow-up choice", R.R_TURN)
    illegal(s, "khans_favor [4,5]", "the Khan's favor takes exactly 1 die (", R.R_KHAN)
    with pytest.raises(mp.NotationError):
        s.apply("fly [1] Moon")


def test_wrong_seat_is_refused() -> None:
    s = new()
    before = s.to_json()
    with pytest.raises(mp.IllegalAction, match="decision, not seat 1"):
        s.apply(mp.Action("end_turn", 1))
    assert s.to_json() == before


def test_find_helper_finds_city_card_games() -> None:
    s = find(lambda s: "K23" in s.cards.values())
    assert "K23" in s.cards.values()


# --------------------------------------------------------------------------------- rewards and icons


def test_outpost_contract_and_black_die_tiles() -> None:
    s = find(lambda s: s.outposts["Alexandria"] == "Contract", characters=["Berke", "Kubilai"])
    s = s.with_player(0, dice=[1, 1, 1], coins=10)
    top = s.special_pile[0]
    t = play(s, "travel [1,1]", "move Alexandria")
    assert top in t.players[0].contracts and t.special_pile[0] != top
    s = find(lambda s: s.outposts["Alexandria"] == "Black-Die", characters=["Berke", "Kubilai"])
    s = s.with_player(0, dice=[1, 1, 1], coins=10, camels=3)
    t = play(s, "black_die", "travel [1,1]", "move Alexandria")
    assert len(t.players[0].black_dice) == 2, "black dice from icons are not limited per turn"
    assert t.black_pool == s.black_pool - 2


def test_city_bonus_c_two_different_goods() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, location="Oasis-F", dice=[1, 1], coins=10, camels=6)
    t = play(s, "travel [1,1]", "move Kashgar")
    assert t.markers["Kashgar"] == "C" and t.decision.kind == "good"
    u = t.apply("good silk")
    assert legal(u) == {"good pepper", "good gold"}


def test_city_card_k23_twice_with_a_5_different_cities() -> None:
    s, space, city = card_game("K23", characters=["Berke", "Kubilai"])
    s = s.with_player(0, trading_posts=[city, "Anxi", "Ormuz"], dice=[5, 4, 1, 1, 1], coins=0, camels=0)
    t = play(s, f"city_card [5] {space}", "city_bonus Anxi")
    assert legal(t) == {"city_bonus Ormuz", "done"}
    u = t.apply("city_bonus Ormuz")
    assert (u.players[0].coins, u.players[0].camels) == (5, 3) and u.decision.kind == "turn"
    v = play(s, f"city_card [4] {space}", "city_bonus Anxi")
    assert v.decision.kind == "turn", "a die of 1-4 gives one bonus"


def test_reward_moves_may_move_either_figure_of_niccolo_d8() -> None:
    s = new(characters=["Niccolo", "Berke"]).with_player(0, dice=[5, 5, 5, 1, 1], figure2="Oasis-A")
    t = play(s, "bazaar [5,5,5] gold", "column 5")
    assert {"move Alexandria/1", "move Moscow/2", "done"} <= legal(t)
    u = t.apply("move Moscow/2")
    assert u.players[0].figure2 == "Moscow" and "Moscow" in u.players[0].trading_posts


def test_wilhelm_posts_in_cities_passed_with_a_card_move() -> None:
    s, space, city = card_game("K13", characters=["Wilhelm", "Berke"])
    s = s.with_player(0, location="Venezia", camels=4, dice=[2, 1, 1, 1, 1], trading_posts=[city])
    t = to_turn(play(s, f"city_card [2] {space}", "move Alexandria", "move Venezia"))
    assert "Alexandria" in t.players[0].trading_posts


def test_an_empty_special_pile_gives_no_contract_d16() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, contracts=["C39"], goods={"silk": 1, "pepper": 1},
                                                          camels=2)
    s = s.with_player(1, completed=list(s.special_pile))  # empty the special pile
    assert s.special_pile == ()
    t = s.apply("complete_contract C39")  # reward: a contract from the special pile
    assert any("special pile is empty" in x for x in texts(t, len(s.log)))
    assert t.players[0].contracts == () and t.players[0].completed == ("C39",)


def test_a_move_that_cannot_be_paid_is_lost() -> None:
    s = new(characters=["Berke", "Kubilai"]).with_player(0, location="Oasis-E", coins=0, camels=0,
                                                          dice=[5, 5, 5, 1, 1])
    t = play(s, "bazaar [5,5,5] gold", "column 5")  # 3 gold and a move; Oasis-E's routes: free to Samarcanda
    assert "move Samarcanda" in legal(t) and "move Venezia" not in legal(t), "Oasis-E - Venezia costs 3 camels"
    u = s.with_player(0, location="Oasis-F")  # both routes from Oasis-F cost camels
    v = play(u, "bazaar [5,5,5] gold", "column 5")
    assert legal(v) == {"done"}


def test_a_moved_post_leaves_its_beijing_space() -> None:
    cities = ["Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Karachi", "Sumatra", "Anxi", "Xian"]
    s = new(characters=["Kubilai", "Berke"]).with_player(0, trading_posts=["Beijing", *cities], location="Venezia",
                                                          coins=20, dice=[1, 1])
    assert s.beijing[0] == 0
    t = play(s, "travel [1,1]", "move Alexandria", "relocate_post Beijing")
    assert s.beijing[0] == 0 and t.beijing[0] is None and "Beijing" not in t.players[0].trading_posts
    assert t.score_rows()[0]["beijing"] == 0
