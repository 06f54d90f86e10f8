"""The 7 characters, their rulebook examples, and the full setup draft."""

from __future__ import annotations

import pytest

import mp_notebook as mp


def to_turn(s: mp.GameState) -> mp.GameState:
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    return s


def with_character(name: str, players: int = 2, seed: int = 1, seat: int = 0) -> mp.GameState:
    others = [c for c in ("De Wu", "Abha Basu", "Filippo Vitello", "Gantulga Od") if c != name]
    chars = others[: players - 1]
    chars.insert(seat, name)
    return to_turn(mp.new_game(players=players, seed=seed, characters=chars))


def play(s: mp.GameState, *actions: str) -> mp.GameState:
    for a in actions:
        s = s.apply(a)
    return s


def finish_turns_until(s: mp.GameState, seat: int) -> mp.GameState:
    """End the current turn and let the others spend one die in the money bag until ``seat`` plays."""
    s = play(s, "end_turn")
    while s.current_player != seat or s.decision.kind != "turn":
        if s.decision.kind != "turn":
            s = s.apply(s.legal_actions()[0])
            continue
        s = play(s.with_player(s.current_player, dice=[1]), "money_bag [1] coins", "end_turn")
    return s


# ----------------------------------------------------------------------------- Möngke Khan


def test_mongke_khan_worked_example_xian_fuzhou_jaipur() -> None:
    """Xian → Fuzhou → Jaipur: 2 moves instead of 4, 8 coins + 4 camels, 6 VP and coins/camels."""
    s = with_character("Möngke Khan").with_player(0, location="Xian", dice=[2, 6, 6, 6, 6], coins=20, camels=10,
                                                  vp=50)
    s = play(s, "travel [2,6] middle", "move Zhangye-Oasis", "move Fuzhou", "move Jaisalmer-Oasis", "move Jaipur")
    p = s.players[0]
    assert (p.coins, p.camels, p.location) == (12, 6, "Jaipur")
    assert s.decision.kind == "choose"  # first oasis: 3 VP, then 2 coins or 1 camel
    s = play(s, "choose 1")
    assert s.decision.kind == "choose"  # second oasis
    s = play(s, "choose 2")
    p = s.players[0]
    assert p.vp == 56 and (p.coins, p.camels) == (14, 7)
    assert p.trading_posts == ("Jaipur",)


def test_mongke_khan_same_oasis_counts_once_and_may_end_on_an_oasis() -> None:
    s = with_character("Möngke Khan").with_player(0, location="Xian", dice=[2, 6, 6, 6, 6], coins=20, camels=10,
                                                  vp=50)
    s = play(s, "travel [2,6] middle", "move Zhangye-Oasis", "move Xian", "move Zhangye-Oasis", "done")
    assert s.players[0].location == "Zhangye-Oasis"
    assert s.players[0].vp == 53  # one different oasis
    assert s.decision.kind == "choose"


def test_other_characters_pay_movement_for_oases() -> None:
    s = with_character("De Wu").with_player(0, location="Xian", dice=[2, 6, 6, 6, 6], coins=20, camels=10)
    s = play(s, "travel [2,6] middle", "move Zhangye-Oasis", "move Fuzhou")
    assert s.decision.kind == "turn" and s.players[0].location == "Fuzhou"


# ----------------------------------------------------------------------------- De Wu


def test_de_wu_one_die_guild_seals_on_an_occupied_space() -> None:
    """Rulebook example: a 3 on an occupied Guild Seals space: pay 3 coins, any seal but the jeweler."""
    s = with_character("De Wu", players=2, seat=1)
    s = s.with_player(0, dice=[4, 4, 6, 6, 6])
    s = play(s, "guild_seal [4,4]", "seal farmer", "end_turn")
    s = s.with_player(1, dice=[3, 5, 5, 6, 6], coins=10, goods={"jade": 0})
    assert "guild_seal [3]" in {str(a) for a in s.legal_actions()}
    s = play(s, "guild_seal [3]")
    assert s.players[1].coins == 7
    assert {a.choice for a in s.legal_actions()} == {"farmer", "spicer", "tailor"}
    s = play(s, "seal tailor")
    assert s.players[1].jade == 2  # the seal's jade only


def test_de_wu_jade_when_improving_and_a_free_shield() -> None:
    s = with_character("De Wu").with_player(0, seals={"jeweler": "basic"}, coins=9, goods={"gold": 2, "jade": 0},
                                            trading_posts=["Xian"], goal=None)
    s = play(s, "improve_seal jeweler")
    assert s.players[0].jade == 1
    scores = s.scores()
    assert scores.loc[s.players[0].name, "shields"] == s.components.rules.shield_track[2]  # dragon + De Wu


# ----------------------------------------------------------------------------- Abha Basu


def test_abha_basu_jade_per_contract_and_vp_per_jade() -> None:
    s = with_character("Abha Basu").with_player(0, contracts=["R01"], camels=2,
                                                goods={"silk": 1, "pepper": 2, "jade": 0}, vp=50, coins=0)
    s = play(s, "complete_contract R01")
    p = s.players[0]
    assert (p.coins, p.jade) == (4, 1)
    assert p.vp == 50 + 3 + 1  # the contract, then 1 VP for the jade
    s = play(s.with_player(0, dice=[2, 3]), "money_bag [2] jade")
    assert s.players[0].vp == 55


def test_abha_basu_two_coins_every_round_start() -> None:
    s = with_character("Abha Basu")
    s = s.with_player(0, dice=[1]).with_player(1, dice=[1])
    s = play(s, "money_bag [1] coins", "end_turn", "money_bag [1] coins", "end_turn")
    assert any("Abha Basu at the start of the round" in e.text and e.round == 2 for e in s.log)


# ----------------------------------------------------------------------------- Mailin & Tian Chin


def test_mailin_and_tian_chin_two_figures_and_split_movement() -> None:
    s = with_character("Mailin & Tian Chin")
    p = s.players[0]
    assert p.figure2 == "Beijing" and p.locations == ("Beijing", "Beijing")
    s = s.with_player(0, dice=[2, 6, 6, 6, 6], coins=30, camels=30)
    s = play(s, "travel [2,6] middle")
    assert {"move Xanadu", "move Xanadu/2"} <= {str(a) for a in s.legal_actions()}
    s = play(s, "move Xanadu", "move Xian/2")
    p = s.players[0]
    assert p.locations == ("Xanadu", "Xian")
    assert set(p.trading_posts) == {"Xanadu", "Xian"}  # each figure that moved places a post


def test_mailin_and_tian_chin_second_figure_can_be_edited() -> None:
    s = with_character("Mailin & Tian Chin").with_player(0, figure2="Xian")
    assert s.players[0].locations == ("Beijing", "Xian")
    with pytest.raises(ValueError, match="one figure"):
        s.with_player(1, figure2="Xian")


def test_mailin_and_tian_chin_start_coins_and_a_round_bonus_twice() -> None:
    s = mp.new_game(players=2, seed=3, characters=["Mailin & Tian Chin", "De Wu"])
    assert s.players[0].coins >= 11
    s = to_turn(s).with_player(0, trading_posts=["Karakorum"], seals={"farmer": "improved"}, dice=[1])
    s = play(s.with_player(1, dice=[1]), "money_bag [1] coins", "end_turn", "money_bag [1] coins", "end_turn")
    while s.decision.kind != "double_bonus":
        s = s.apply(s.legal_actions()[0])
    assert [a.choice for a in s.legal_actions()] == ["1", "2"]
    assert "city bonus of Karakorum" in s.decision.text and "farmer" in s.decision.text
    t = play(s, "double_bonus 2")
    assert any("improved farmer seal at the start of the round a second time" in e.text for e in t.log)


# ----------------------------------------------------------------------------- Filippo Vitello


def test_filippo_vitello_takes_kashgars_two_gold_tile() -> None:
    """Rulebook example: Red is first in Kashgar and gains 2 gold; Filippo takes the tile and cashes it later."""
    s = to_turn(mp.new_game(["Red", "Filippo"], seed=43, characters=["De Wu", "Filippo Vitello"]))
    assert str(s.components.outposts[s.outposts["Kashgar"]]) == "2 gold"
    s = s.with_player(0, location="Kuqa-Oasis", dice=[6, 6, 6, 6, 6], coins=20, camels=20, goods={"gold": 0})
    s = play(s, "travel [6,6] middle", "move Kashgar", "done")
    s = to_turn(s)  # (Kashgar's city bonus marker may ask for a choice first)
    assert any(e.player == 0 and "gains 2 gold (outpost bonus tile two-gold)" in e.text for e in s.log)
    assert s.players[1].outpost_tiles == ("two-gold",)
    s = finish_turns_until(s, 1).with_player(1, goods={"gold": 0})
    assert "outpost_bonus two-gold" in {str(a) for a in s.legal_actions()}
    s = play(s, "outpost_bonus two-gold")
    assert s.players[1].gold == 2 and s.players[1].outpost_tiles == ()


def test_filippo_keeps_the_outpost_tiles_he_claims() -> None:
    """Supplement: "Place any outpost bonus tiles you claim in front of you as well"."""
    s = to_turn(mp.new_game(["Filippo", "B"], seed=43, characters=["Filippo Vitello", "De Wu"]))
    s = s.with_player(0, location="Kuqa-Oasis", dice=[6, 6, 6, 6, 6], coins=20, camels=20, goods={"gold": 0})
    s = to_turn(play(s, "travel [6,6] middle", "move Kashgar", "done"))
    assert any(e.player == 0 and "gains 2 gold (outpost bonus tile two-gold)" in e.text for e in s.log)
    assert s.players[0].outpost_tiles == ("two-gold",)
    assert any("Filippo keeps the used outpost bonus tile two-gold" in e.text for e in s.log)
    gold = s.players[0].gold
    s = play(s, "outpost_bonus two-gold")
    assert s.players[0].gold == gold + 2 and s.players[0].outpost_tiles == ()


# ----------------------------------------------------------------------------- Isabella Donati


def _isabella_roll(dice: list[int]) -> mp.GameState:
    """Reach round 2 with Isabella so that the next roll can be inspected."""
    for seed in range(2000):
        s = mp.new_game(players=2, seed=seed, characters=["Isabella Donati", "De Wu"])
        if list(s.players[0].dice) == dice:
            return s
    pytest.skip(f"no seed rolls {dice}")


def test_isabella_donati_worked_example_roll() -> None:
    """Roll 1-2-4-4-6: the 1 and the 6 give 2 coins each (rule text), the 2 gives 1 VP; the 4-4 pair
    gives 1 gold (doubles) or 2 camels (separately)."""
    s = _isabella_roll([1, 2, 4, 4, 6])
    events = [e.text for e in s.log if e.player == 0]
    assert sum("gains 2 coins (round-start roll" in t for t in events) == 2
    assert any("gains 1 VP (round-start roll: a 2)" in t for t in events)
    while s.decision.kind != "pair":
        s = s.apply(s.legal_actions()[0])
    assert s.decision.player == 0 and "4s" in s.decision.text
    gold, camels = s.players[0].gold, s.players[0].camels
    doubles, separately = s.apply("pair doubles"), s.apply("pair separately")
    assert doubles.players[0].gold == gold + 1 and doubles.players[0].camels == camels
    assert separately.players[0].camels == camels + 2 and separately.players[0].gold == gold


def test_isabella_bonus_on_reroll_and_black_die() -> None:
    s = with_character("Isabella Donati").with_player(0, dice=[3, 3, 3, 3, 3], camels=10, coins=0, vp=50,
                                                      goods={"jade": 0})
    t = play(s, "reroll [3]")
    new = [e for e in t.log if "rerolls" in e.text][-1].text
    assert any("(reroll: a" in e.text for e in t.log[-3:]) and new
    t = play(s, "black_die")
    assert any("(black die: a" in e.text for e in t.log[-3:])


def test_isabella_black_dice_variant_bonus_for_the_die_taken() -> None:
    s = to_turn(mp.new_game(players=2, seed=2, characters=["Isabella Donati", "De Wu"], variants=("black_dice",)))
    s = s.with_player(0, camels=10, coins=0)
    v = s.black_pool[0]
    t = play(s, f"black_die [b{v}]")
    assert any(f"(black die: a {v})" in e.text for e in t.log[-3:])


# ----------------------------------------------------------------------------- Gantulga Od


def test_gantulga_od_worked_example_pagan_to_kabul_pays_only_jade() -> None:
    """Pagan → Kabul costs 1 jade + 2 camels + 6 coins; Gantulga pays the jade (and the lower space's 2 coins)."""
    s = with_character("Gantulga Od").with_player(0, location="Pagan", dice=[6, 6, 6, 6, 6], coins=5, camels=3,
                                                  goods={"jade": 1})
    assert {a.space for a in s.legal_actions() if a.kind == "travel"} == {"lower"}
    with pytest.raises(mp.IllegalAction):
        s.apply("travel [6,6] middle")
    s = play(s, "travel [6] lower", "pay coins=2,camels=0,jade=0", "move Kabul")
    p = s.players[0]
    assert (p.coins, p.camels, p.jade, p.location) == (3, 3, 0, "Kabul")


def test_gantulga_free_route_costs_on_bonus_moves() -> None:
    s = with_character("Gantulga Od").with_player(0, contracts=["R11"], location="Beijing", coins=0, camels=5,
                                                  goods={"pepper": 5, "silk": 5, "gold": 5, "jade": 0})
    cost = s.components.contracts["R11"].cost
    s = s.with_player(0, camels=cost.pay.camels)
    s = play(s, "complete_contract R11")
    while s.decision.kind not in ("move", "turn"):
        s = s.apply(s.legal_actions()[0])
    assert s.decision.kind == "move"
    assert "move Xian" in {str(a) for a in s.legal_actions()}  # 2 coins + 1 camel for others


# ----------------------------------------------------------------------------- setup


def test_full_setup_character_draft_in_reverse_order_and_goal_choice() -> None:
    s = mp.new_game(["A", "B", "C"], seed=4, setup="full")
    offered = [a.choice for a in s.legal_actions()]
    assert s.decision.kind == "pick_character" and s.current_player == 2 and len(offered) == 4
    s = s.apply(f"character {offered[0]}")
    assert s.current_player == 1 and offered[0] not in {a.choice for a in s.legal_actions()}
    s = s.apply(s.legal_actions()[0])
    s = s.apply(s.legal_actions()[0])
    for seat in range(3):
        assert s.decision.kind == "pick_goal" and s.current_player == seat and len(s.legal_actions()) == 3
        s = s.apply(s.legal_actions()[1])
    assert all(p.character and p.goal for p in s.players)
    assert s.round == 1
    assert s.history[:3] == tuple(f"character {c}" for c in [offered[0], *[h.split()[1] for h in s.history[1:3]]])
    assert mp.replay(s.setup, s.history) == s


def test_quick_setup_characters_by_name_or_random() -> None:
    s = mp.new_game(players=2, seed=1, characters=["De-Wu", "Abha Basu"])
    assert [p.character for p in s.players] == ["De Wu", "Abha Basu"]
    r = mp.new_game(players=4, seed=1, characters="random")
    assert len({p.character for p in r.players}) == 4
    with pytest.raises(ValueError, match="unknown character"):
        mp.new_game(players=2, seed=1, characters=["Marco", "De Wu"])
    with pytest.raises(ValueError, match="one player only"):
        mp.new_game(players=2, seed=1, characters=["De Wu", "De Wu"])
