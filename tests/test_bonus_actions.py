"""Rule tests for the bonus actions (money bag, reroll, change a die, black die, improve a seal),
jade as payment, and when bonus actions may be taken."""

from __future__ import annotations

import pytest
from helpers import finish_round, legal, legal_kind, me, new, new_texts, play_main_and_end, to_turn

import mp_notebook as mp

P = 0
NO_GOODS = {"pepper": 0, "silk": 0, "gold": 0, "jade": 0}


def _game(seed=0, **player):
    s = new(seed)
    assert s.decision.player == P
    base = dict(coins=0, camels=0, goods=dict(NO_GOODS))
    base.update(player)
    return s.with_player(P, **base)


# ------------------------------------------------------------------ money bag


@pytest.mark.parametrize("bag,field,amount", [("coins", "coins", 3), ("camels", "camels", 2), ("jade", "jade", 1)])
def test_money_bag_rewards(bag, field, amount):
    s = _game(dice=[1, 6])
    t = s.apply(f"money_bag [1] {bag}")
    assert getattr(t.players[P], field) == amount
    assert t.players[P].dice == (6,)
    others = {"coins", "camels", "jade"} - {field}
    assert all(getattr(t.players[P], f) == 0 for f in others)


def test_money_bag_any_die_value():
    s = _game(dice=[1, 2, 3, 4, 5, 6])
    assert legal_kind(s, "money_bag") == {f"money_bag [{v}] {b}" for v in range(1, 7)
                                          for b in ("coins", "camels", "jade")}


def test_money_bag_free_even_if_used_before():
    """The money bag is never 'occupied': a second die (any player) costs nothing."""
    s = _game(dice=[2, 4, 5])
    s = s.apply("money_bag [5] coins").apply("money_bag [2] coins")
    assert s.players[P].coins == 6
    s = s.apply("khans_favor [4]").apply("end_turn")
    other = s.decision.player
    s = s.with_player(other, coins=0, dice=[1, 3], goods=dict(NO_GOODS), camels=0)
    t = s.apply("money_bag [1] coins")
    assert t.players[other].coins == 3


def test_money_bag_may_use_last_die():
    s = _game(dice=[3])
    assert "money_bag [3] coins" in legal(s)
    t = s.apply("money_bag [3] coins")
    assert t.players[P].dice == ()
    assert "end_turn" in legal(t)


def test_money_bag_main_action_still_required_if_dice_remain():
    s = _game(dice=[3, 4])
    t = s.apply("money_bag [3] coins")
    assert "end_turn" not in legal(t)
    with pytest.raises(mp.IllegalAction):
        t.apply("end_turn")
    assert legal_kind(t, "khans_favor") == {"khans_favor [4]"}


def test_money_bag_before_the_main_action_keeps_a_die_for_it():
    """003 p.13: bagging before the normal action, the player must still perform it; only a
    player with a single die at the start of the turn may spend it on the bag."""
    s = _game(dice=[2, 3])
    t = s.apply("money_bag [2] coins")
    assert legal_kind(t, "money_bag") == set() and legal_kind(t, "khans_favor") == {"khans_favor [3]"}
    before = t.to_json()
    with pytest.raises(mp.IllegalAction, match=r"must also take the main action.*money bag"):
        t.apply("money_bag [3] coins")
    assert t.to_json() == before and "end_turn" not in legal(t)
    t = t.apply("khans_favor [3]")
    assert "end_turn" in legal(t)


def test_money_bag_after_the_main_action_may_take_every_die():
    s = _game(dice=[2, 3, 4]).apply("khans_favor [2]")
    t = s.apply("money_bag [3] coins").apply("money_bag [4] coins")
    assert t.players[P].dice == () and "end_turn" in legal(t)


def test_money_bag_single_die_turn_then_black_die_needs_the_main_action():
    """The special case covers the die the turn began with; a black die bought afterwards is
    'dice left', so the main action (or, if none is legal, the bag) follows."""
    s = _game(dice=[3], camels=3).apply("money_bag [3] coins")
    t = to_turn(s.apply("black_die"))
    assert t.players[P].all_dice == 1 and "end_turn" not in legal(t)
    main = {a.kind for a in t.legal_actions()} & {"khans_favor", "books"}
    assert main and legal_kind(t, "money_bag") == set()


# ------------------------------------------------------------------ reroll


def test_reroll_costs_one_camel():
    s = _game(dice=[2, 5], camels=2)
    t = s.apply("reroll [2]")
    assert t.players[P].camels == 1
    assert len(t.players[P].dice) == 2 and 5 in t.players[P].dice
    assert any("rerolls" in x for x in new_texts(s, t))


def test_reroll_needs_a_camel():
    s = _game(dice=[2, 5], camels=0)
    assert not legal_kind(s, "reroll")
    with pytest.raises(mp.IllegalAction, match=r"it costs 1 camel and you have 0 camels and 0 jade"):
        s.apply("reroll [2]")


def test_reroll_paid_with_jade_says_what_the_jade_replaced():
    s = _game(dice=[2, 5], camels=0, goods={"jade": 1})
    t = s.apply("reroll [2]")
    assert "A pays 1 jade (reroll; jade paid for 1 camel)" in new_texts(s, t)


def test_reroll_is_reproducible_and_random():
    """The new value comes from the seeded RNG: same seed, same value; the die value varies across
    seeds."""
    values = set()
    for seed in range(12):
        s = _game(seed=seed, dice=[2, 5], camels=1)
        a = s.apply("reroll [2]").players[P].dice
        b = s.apply("reroll [2]").players[P].dice
        assert a == b
        values.add(tuple(sorted(a)))
    assert len(values) > 1


# ------------------------------------------------------------------ change a die by 1


def test_adjust_die_up_and_down_costs_two_camels():
    s = _game(dice=[4, 1], camels=4)
    t = s.apply("adjust_die [4] +1")
    assert t.players[P].dice == (1, 5) and t.players[P].camels == 2
    u = t.apply("adjust_die [5] -1")
    assert u.players[P].dice == (1, 4) and u.players[P].camels == 0


def test_adjust_die_no_wrap_6_to_1_or_1_to_6():
    s = _game(dice=[1, 6], camels=5)
    assert legal_kind(s, "adjust_die") == {"adjust_die [1] +1", "adjust_die [6] -1"}
    with pytest.raises(mp.IllegalAction):
        s.apply("adjust_die [6] +1")
    with pytest.raises(mp.IllegalAction):
        s.apply("adjust_die [1] -1")


def test_adjust_die_needs_two_camels():
    s = _game(dice=[3], camels=1)
    assert not legal_kind(s, "adjust_die")


# ------------------------------------------------------------------ black dice


@pytest.mark.parametrize("players,pool", [(2, 4), (3, 5), (4, 6)])
def test_black_dice_pool_size(players, pool):
    s = new(0, players=[f"P{k}" for k in range(players)])
    assert len(s.black_pool) == pool


def test_take_black_die_costs_three_camels_and_rolls():
    s = _game(dice=[3], camels=4)
    pool = len(s.black_pool)
    t = s.apply("black_die")
    p = t.players[P]
    assert p.camels == 1
    assert len(p.black_dice) == 1 and 1 <= p.black_dice[0] <= 6
    assert len(t.black_pool) == pool - 1
    assert any("takes a black die" in x for x in new_texts(s, t))


def test_take_black_die_once_per_turn():
    s = _game(dice=[3], camels=9)
    t = s.apply("black_die")
    assert "black_die" not in legal(t)
    with pytest.raises(mp.IllegalAction):
        t.apply("black_die")


def test_take_black_die_needs_three_camels():
    s = _game(dice=[3], camels=2)
    assert "black_die" not in legal(s)


def test_black_die_usable_as_a_die():
    s = _game(dice=[3], camels=3)
    t = s.apply("black_die")
    b = t.players[P].black_dice[0]
    assert f"money_bag [b{b}] coins" in legal(t)


def test_no_black_die_when_the_board_has_none():
    s = new(0)
    for i in range(2):
        s = s.with_player(i, camels=30)
    taken = 0
    while s.black_pool:
        assert "black_die" in legal(s)
        s = s.apply("black_die")
        taken += 1
        s = play_main_and_end(s)
    assert taken == 4
    s = s.with_player(s.decision.player, camels=30)
    assert s.players[s.decision.player].all_dice
    assert "black_die" not in legal(s)
    with pytest.raises(mp.IllegalAction, match="no black dice"):
        s.apply("black_die")


# ------------------------------------------------------------------ improving a seal


def test_improve_jeweler_pays_9_coins_2_gold_gains_2_camels():
    s = _game(dice=[3], coins=9, goods={"gold": 2}, seals={"jeweler": "basic"})
    assert "improve_seal jeweler" in legal(s)
    t = s.apply("improve_seal jeweler")
    p = t.players[P]
    assert (p.coins, p.gold, p.camels) == (0, 0, 2)
    assert p.seals == {"jeweler": "improved"}
    assert "improve_seal jeweler" not in legal(t)  # not twice
    with pytest.raises(mp.IllegalAction, match="already improved"):
        t.apply("improve_seal jeweler")


def test_improve_seal_not_held():
    s = _game(dice=[3], coins=20, goods={"gold": 5, "pepper": 5, "silk": 5}, seals={"jeweler": "basic"})
    assert legal_kind(s, "improve_seal") == {"improve_seal jeweler"}
    with pytest.raises(mp.IllegalAction, match="do not hold"):
        s.apply("improve_seal farmer")


def test_improve_seal_needs_the_cost():
    s = _game(dice=[3], coins=9, goods={"gold": 1}, seals={"jeweler": "basic"})
    assert "improve_seal jeweler" not in legal(s)


def test_improved_seal_bonus_again_each_later_round_start():
    s = _game(dice=[3], coins=9, goods={"gold": 2}, seals={"jeweler": "basic"})
    s = s.apply("improve_seal jeweler")
    camels = s.players[P].camels
    assert camels == 2
    s = finish_round(s, bag="coins")  # no camels from the money bag; compensation taken as coins
    assert s.round == 2
    assert s.players[P].camels == camels + 2
    assert any("improved jeweler seal" in x for x in texts_since_round(s, 2))
    s2 = finish_round(s, bag="coins")
    assert s2.round == 3 and s2.players[P].camels == camels + 4


def texts_since_round(s, r):
    return [e.text for e in s.log if e.round >= r]


# ------------------------------------------------------------------ jade as payment


def test_jade_pay_decision_offers_the_splits():
    s = _game(dice=[3, 4], camels=1, goods={"jade": 2})
    t = s.apply("adjust_die [3] +1")
    assert t.decision.kind == "pay"
    assert legal(t) == {"pay coins=0,camels=1,jade=1", "pay coins=0,camels=0,jade=2"}
    u = t.apply("pay coins=0,camels=1,jade=1")
    assert (u.players[P].camels, u.players[P].jade) == (0, 1)


def test_jade_pay_choice_between_camel_and_jade():
    s = _game(dice=[3, 4], camels=3, goods={"jade": 1})
    t = s.apply("reroll [3]")
    assert legal(t) == {"pay coins=0,camels=1,jade=0", "pay coins=0,camels=0,jade=1"}
    u = t.apply("pay coins=0,camels=0,jade=1")
    assert (u.players[P].camels, u.players[P].jade) == (3, 0)


def test_jade_forced_when_short_of_camels():
    s = _game(dice=[3, 4], camels=0, goods={"jade": 1})
    assert "reroll [3]" in legal(s)
    t = s.apply("reroll [3]")
    assert t.decision.kind == "turn"  # only one way to pay
    assert (t.players[P].camels, t.players[P].jade) == (0, 0)


def test_jade_pays_for_coins():
    s = _game(dice=[3], coins=9 - 2, goods={"gold": 2, "jade": 2}, seals={"jeweler": "basic"})
    assert "improve_seal jeweler" in legal(s)
    t = to_turn(s.apply("improve_seal jeweler"))
    p = t.players[P]
    assert (p.coins, p.jade, p.gold) == (0, 0, 0)


# ------------------------------------------------------------------ timing


def test_no_bonus_actions_during_a_main_action_follow_up():
    s = _game(dice=[3, 4], camels=9, coins=9)
    t = s.apply("books [3] pepper")
    assert t.decision.kind == "offer"
    kinds = {a.kind for a in t.legal_actions()}
    assert kinds == {"offer"}
    for bonus in ("money_bag [4] coins", "reroll [4]", "adjust_die [4] +1", "black_die"):
        with pytest.raises(mp.IllegalAction):
            t.apply(bonus)


def test_bonus_actions_after_main_action():
    s = _game(dice=[3, 4], camels=9)
    t = s.apply("khans_favor [3]")
    assert t.decision.kind == "turn"
    assert "money_bag [4] coins" in legal(t) and "reroll [4]" in legal(t)
    assert not legal_kind(t, "books")  # only one main action
    assert me(t).name == "A"
