"""Rule tests for the Contracts main action (Rulebook: 5. Contracts), the contract pick after
placing a post, and completing contracts (Bonus action 1) with every reward icon."""

from __future__ import annotations

import pytest
from helpers import legal, legal_kind, new, new_texts, resolve

import mp_notebook as mp

P = 0
NO_GOODS = {"pepper": 0, "silk": 0, "gold": 0, "jade": 0}


def _game(seed=0, **player):
    s = new(seed)
    assert s.decision.player == P
    base = dict(coins=0, camels=0, goods=dict(NO_GOODS), dice=[3], contracts=[])
    base.update(player)
    return s.with_player(P, **base)


def _pile_ids(s, n):
    """``n`` red contract ids from the face-down pile (not on the display)."""
    return list(s.contract_pile[:n])


# ------------------------------------------------------------------ the Contracts action


def test_contracts_action_needs_post_in_a_contract_city():
    s = _game(trading_posts=["Xanadu"])  # not a contract city
    assert not legal_kind(s, "contracts")
    with pytest.raises(mp.IllegalAction):
        s.apply("contracts [3]")
    t = _game(trading_posts=["Xian"])
    assert legal_kind(t, "contracts") == {"contracts [3]"}


def test_contracts_action_offers_only_cities_with_posts_and_requires_one():
    s = _game(trading_posts=["Xian", "Lhasa"])
    s = s.apply("contracts [3]")
    assert s.decision.kind == "take_contract"
    xian, lhasa = s.display["Xian"], s.display["Lhasa"]
    expected = {f"take_contract Xian {c}" for c in xian} | {f"take_contract Lhasa {c}" for c in lhasa}
    assert legal(s) == expected  # no "done" before taking at least one; no other city
    assert not any("Delhi" in a or "Samarkand" in a or "Tabriz" in a for a in legal(s))


def test_contracts_action_take_two_from_two_cities_then_3_coins():
    s = _game(trading_posts=["Xian", "Lhasa"], coins=1)
    x1, l1 = s.display["Xian"][0], s.display["Lhasa"][1]
    s = s.apply("contracts [3]").apply(f"take_contract Xian {x1}")
    assert "done" in legal(s)
    assert s.players[P].coins == 1  # the 3 coins come after taking
    t = s.apply(f"take_contract Lhasa {l1}")
    assert t.decision.kind == "turn"  # at most 2
    p = t.players[P]
    assert p.contracts == (x1, l1)
    assert p.coins == 4
    assert t.display["Xian"][0] is None and t.display["Lhasa"][1] is None


def test_contracts_action_take_two_from_one_city():
    s = _game(trading_posts=["Xian"])
    a, b = s.display["Xian"]
    t = s.apply("contracts [3]").apply(f"take_contract Xian {a}").apply(f"take_contract Xian {b}")
    assert t.players[P].contracts == (a, b)
    assert t.players[P].coins == 3


def test_contracts_action_take_one_then_stop():
    s = _game(trading_posts=["Xian"], coins=2)
    a = s.display["Xian"][0]
    t = s.apply("contracts [3]").apply(f"take_contract Xian {a}").apply("done")
    assert t.players[P].contracts == (a,)
    assert t.players[P].coins == 5


def test_contracts_discard_starting_contract_goes_to_box_not_new_ones():
    s = _game(trading_posts=["Xian"], contracts=["S1"])
    a, b = s.display["Xian"]
    s = s.apply("contracts [3]").apply(f"take_contract Xian {a}").apply(f"take_contract Xian {b}")
    assert s.decision.kind == "discard"
    # you may not take a contract just to discard it: only the old one may go
    assert legal(s) == {"discard S1"}
    pile = s.contract_pile
    t = resolve(s.apply("discard S1"))
    assert t.players[P].contracts == (a, b)
    assert "S1" not in t.contract_pile and t.contract_pile == pile  # to the box
    assert t.players[P].coins == 3
    assert any("S1" in x and "box" in x for x in new_texts(s, t))


def test_contracts_discard_red_contract_to_bottom_of_pile():
    s = _game(trading_posts=["Xian"])
    old = _pile_ids(s, 2)
    s = s.with_player(P, contracts=old)
    a = s.display["Xian"][0]
    s = s.apply("contracts [3]").apply(f"take_contract Xian {a}")
    assert s.decision.kind == "discard"
    assert legal(s) == {f"discard {old[0]}", f"discard {old[1]}"}  # not the one just taken
    with pytest.raises(mp.IllegalAction):
        s.apply(f"discard {a}")
    t = s.apply(f"discard {old[0]}")
    assert t.contract_pile[-1] == old[0]
    assert len(t.contract_pile) == len(s.contract_pile) + 1
    assert set(t.players[P].contracts) == {old[1], a}


def test_contracts_two_taken_with_full_slots_discards_old_ones_only():
    s = _game(trading_posts=["Xian"])
    old = _pile_ids(s, 2)
    s = s.with_player(P, contracts=old)
    a, b = s.display["Xian"]
    s = s.apply("contracts [3]").apply(f"take_contract Xian {a}").apply(f"discard {old[1]}")
    s = s.apply(f"take_contract Xian {b}")
    assert s.decision.kind == "discard"
    assert legal(s) == {f"discard {old[0]}"}  # neither new contract may be discarded
    t = s.apply(f"discard {old[0]}")
    assert t.players[P].contracts == (a, b)
    assert t.contract_pile[-2:] == (old[1], old[0])
    assert t.players[P].coins == 3


def test_contracts_display_refilled_at_end_of_turn():
    s = _game(trading_posts=["Xian"])
    a, b = s.display["Xian"]
    top = s.contract_pile[:2]
    s = s.apply("contracts [3]").apply(f"take_contract Xian {a}").apply("done")
    assert s.display["Xian"] == (None, b)  # not refilled during the turn
    t = s.apply("end_turn")
    assert t.display["Xian"] == (top[0], b)
    assert t.contract_pile == s.contract_pile[1:]
    assert "1 contract space in Xian refilled from the pile" in new_texts(s, t)


def test_contracts_occupied_space_costs_lowest_die():
    s = _game(trading_posts=["Xian"], dice=[3])
    s = resolve(s.apply("contracts [3]").apply(f"take_contract Xian {s.display['Xian'][0]}"))
    s = s.apply("end_turn")
    other = s.decision.player
    s = s.with_player(other, trading_posts=["Xian"], coins=5, dice=[4], contracts=[], goods=dict(NO_GOODS))
    s = s.apply("contracts [4]").apply(f"take_contract Xian {s.display['Xian'][0]}").apply("done")
    assert s.players[other].coins == 5 - 4 + 3


# ------------------------------------------------------------------ the pick after placing a post


def _travel_to_xian(s):
    die = s.players[P].dice[0]
    s = s.apply(f"travel [{die}] lower")
    return s.apply("move Xian")


def test_post_in_contract_city_offers_optional_contract_pick():
    s = _game(dice=[2], coins=8, camels=3)
    s = _travel_to_xian(s)
    assert s.players[P].trading_posts == ("Xian",)
    assert s.decision.kind == "take_contract"
    a, b = s.display["Xian"]
    assert legal(s) == {f"take_contract Xian {a}", f"take_contract Xian {b}", "done"}
    t = s.apply(f"take_contract Xian {b}")
    assert t.decision.kind == "turn"  # only 1
    assert t.players[P].contracts == (b,)
    assert t.players[P].coins == 8 - 2 - 2  # space 2 + route 2; no +3 coins (not the action)
    u = s.apply("done")
    assert u.players[P].contracts == ()


# ------------------------------------------------------------------ completing contracts


def test_complete_known_contract_rulebook_example():
    """R01: pay 2 camels + 1 silk + 2 pepper -> 4 coins + 3 VP."""
    s = _game(contracts=["R01"], camels=2, coins=1, vp=50, goods={"silk": 1, "pepper": 2})
    assert "complete_contract R01" in legal(s)
    t = s.apply("complete_contract R01")
    p = t.players[P]
    assert (p.camels, p.silk, p.pepper, p.coins, p.vp) == (0, 0, 0, 5, 53)
    assert p.contracts == () and p.completed == ("R01",)
    assert t.decision.kind == "turn"


def test_complete_contract_needs_the_cost():
    s = _game(contracts=["R01"], camels=2, goods={"silk": 1, "pepper": 1})
    assert "complete_contract R01" not in legal(s)
    with pytest.raises(mp.IllegalAction):
        s.apply("complete_contract R01")


def test_complete_contract_jade_replaces_missing_camels():
    s = _game(contracts=["R01"], camels=1, goods={"silk": 1, "pepper": 2, "jade": 1})
    t = s.apply("complete_contract R01")
    assert (t.players[P].camels, t.players[P].jade) == (0, 0)


def test_reward_contract_pile_draws_top_contract():
    """R09: 3 camels + 1 pepper -> 3 VP, 2 coins, contract with seal (draw the top of the pile)."""
    s = _game(camels=3, goods={"pepper": 1}, vp=50)
    s = s.with_player(P, contracts=["R09"])
    top = s.contract_pile[0]
    t = s.apply("complete_contract R09")
    assert t.decision.kind == "turn"  # R09 leaves its slot only after its rewards: room for exactly one
    p = t.players[P]
    assert set(p.contracts) == {top}
    assert t.contract_pile == s.contract_pile[1:]
    assert (p.vp, p.coins, p.camels, p.pepper) == (53, 2, 0, 0)


def test_reward_contract_pile_discard_new_or_old_when_full():
    """With both slots full when the new contract arrives, the player discards one: the new one
    or an old one ("contract with seal" icon). R09 is still in its slot while its reward is
    resolved, so holding R09 + another contract fills both slots."""
    s = _game(camels=3, goods={"pepper": 1})
    s = s.with_player(P, contracts=["R09", "S2"])
    top = s.contract_pile[0]
    t = s.apply("complete_contract R09")
    assert t.decision.kind == "discard"
    assert legal(t) == {"discard S2", f"discard {top}"}


def test_reward_contract_city_takes_from_city_with_post():
    """R10: 2 pepper + 1 camel + 1 silk -> 4 VP + take a contract from a contract city with a post."""
    s = _game(trading_posts=["Xian", "Xanadu"], contracts=["R10"], camels=1,
              goods={"pepper": 2, "silk": 1}, vp=50)
    t = s.apply("complete_contract R10")
    assert t.decision.kind == "take_contract"
    a, b = t.display["Xian"]
    assert legal(t) == {f"take_contract Xian {a}", f"take_contract Xian {b}", "done"}
    u = t.apply(f"take_contract Xian {a}")
    assert u.decision.kind == "turn"  # 1 contract only
    assert u.players[P].contracts == (a,)
    assert u.players[P].coins == 0 and u.players[P].vp == 54  # no Contracts-action coins


def test_reward_move_pays_route_and_places_post():
    """R11: 2 silk + 1 pepper -> 5 VP + Move 1."""
    s = _game(contracts=["R11"], coins=5, goods={"silk": 2, "pepper": 1}, vp=50, location="Beijing")
    t = s.apply("complete_contract R11")
    assert t.decision.kind == "move"
    assert "done" in legal(t)  # the move may be skipped
    u = resolve(t.apply("move Xanadu"))
    p = u.players[P]
    assert p.location == "Xanadu" and p.trading_posts == ("Xanadu",)
    assert p.coins == 3 and p.vp == 55
    assert u.decision.kind == "turn"  # only 1 move


def test_reward_move_2_excess_lost():
    """R12: 1 gold + 1 silk + 2 camels -> 5 VP + Move 2; stopping after 1 loses the rest."""
    s = _game(contracts=["R12"], coins=5, camels=2, goods={"silk": 1, "gold": 1}, location="Beijing")
    t = s.apply("complete_contract R12").apply("move Xanadu")
    assert t.decision.kind == "move"
    u = resolve(t.apply("done"))
    assert u.players[P].location == "Xanadu"
    assert u.decision.kind == "turn"


def test_reward_black_die_does_not_use_the_bonus_action():
    """R13: 2 pepper + 1 gold -> 4 VP + a black die; the 3-camel bonus action stays available."""
    s = _game(contracts=["R13"], camels=3, goods={"pepper": 2, "gold": 1})
    pool = len(s.black_pool)
    t = s.apply("complete_contract R13")
    assert len(t.players[P].black_dice) == 1
    assert len(t.black_pool) == pool - 1
    assert "black_die" in legal(t)
    u = t.apply("black_die")
    assert len(u.players[P].black_dice) == 2 and u.players[P].camels == 0


def test_reward_shield_counts_at_final_scoring():
    """R14: 2 silk + 1 gold -> 6 VP + a '+1' shield."""
    s = _game(contracts=["R14"], goods={"silk": 2, "gold": 1}, trading_posts=["Xian"], goal=None)
    before = s.scores().loc["A", "shields"]
    t = s.apply("complete_contract R14")
    track = s.components.rules.shield_track
    assert before == track[1]
    assert t.scores().loc["A", "shields"] == track[2]
    assert any(x.startswith("A gains 1 '+1' shield icon for final scoring") for x in new_texts(s, t))


def test_reward_any_good():
    """R07: 2 camels + 1 gold -> 4 VP + 1 good of your choice."""
    s = _game(contracts=["R07"], camels=2, goods={"gold": 1})
    t = s.apply("complete_contract R07")
    assert t.decision.kind == "good"
    assert legal(t) == {"good pepper", "good silk", "good gold"}
    u = t.apply("good gold")
    assert u.players[P].gold == 1 and u.decision.kind == "turn"


def test_reward_different_goods():
    """R08: 1 silk + 1 gold + 1 pepper -> 5 VP + 2 different goods."""
    s = _game(contracts=["R08"], goods={"silk": 1, "gold": 1, "pepper": 1})
    t = s.apply("complete_contract R08")
    assert legal(t) == {"good pepper", "good silk", "good gold"}
    u = t.apply("good silk")
    assert legal(u) == {"good pepper", "good gold"}  # a different one
    v = u.apply("good pepper")
    p = v.players[P]
    assert (p.pepper, p.silk, p.gold) == (1, 1, 0)


def test_cost_any_goods():
    """R24: any 3 goods -> 5 VP + 1 camel; the player chooses which goods to give."""
    s = _game(contracts=["R24"], goods={"pepper": 2, "gold": 2}, vp=50)
    t = s.apply("complete_contract R24")
    assert t.decision.kind == "good"
    assert legal(t) == {"good pepper", "good gold"}
    t = t.apply("good gold").apply("good gold").apply("good pepper")
    p = t.players[P]
    assert (p.pepper, p.gold, p.vp, p.camels) == (1, 0, 55, 1)


def test_complete_contract_is_a_bonus_action_before_and_after_main():
    s = _game(contracts=["R01", "S2"], camels=2, goods={"silk": 1, "pepper": 4}, dice=[3])
    s = s.apply("complete_contract R01")
    assert "khans_favor [3]" in legal(s)  # still needs its main action
    s = s.apply("khans_favor [3]")
    assert "complete_contract S2" in legal(s)
