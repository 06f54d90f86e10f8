"""The 8 characters (10 tiles) of The Voyages of Marco Polo, each ability with the audit's readings
(D4-D12), and how characters are dealt (first game, random, named, the expert draft)."""

from __future__ import annotations

import pytest
from voyages_helpers import illegal, legal, legal_kind, new, play, rules_cited, texts, to_turn

import mp_notebook as mp
from mp_notebook.rulesets.voyages import rules as R


def cite(name: str) -> str:
    return f"Supplement: Characters - {name}"


# --------------------------------------------------------------------------------- dealing characters


def test_first_game_assignment_by_seat() -> None:
    s = mp.new_game(4, ruleset="voyages", seed=3)
    assert [p.character for p in s.players] == ["Raschid", "Matteo", "Berke", "Mercator-4"]
    s = mp.new_game(2, ruleset="voyages", seed=3)
    assert [p.character for p in s.players] == ["Raschid", "Matteo"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_characters_are_different_with_the_mercator_tile_for_the_player_count(players: int) -> None:
    for seed in range(20):
        s = mp.new_game(players, ruleset="voyages", seed=seed, characters="random")
        names = [s.components.characters[p.character].name for p in s.players]
        assert len(set(names)) == players
        for p in s.players:
            ch = s.components.characters[p.character]
            assert ch.players in (None, players)


def test_named_characters_and_bad_names() -> None:
    s = mp.new_game(3, ruleset="voyages", seed=1, characters=["Mercator ex Tabriz", "William of Rubruck", "Kubilai"])
    assert [p.character for p in s.players] == ["Mercator-3", "Wilhelm", "Kubilai"]
    with pytest.raises(ValueError, match="unknown character"):
        mp.new_game(2, ruleset="voyages", characters=["Marco", "Berke Khan"])
    with pytest.raises(ValueError, match="one player only"):
        mp.new_game(2, ruleset="voyages", characters=["Berke Khan", "Berke"])
    with pytest.raises(ValueError, match="one character per seat"):
        mp.new_game(3, ruleset="voyages", characters=["Berke Khan"])


def test_expert_draft_players_plus_one_last_seat_first() -> None:
    s = mp.new_game(3, ruleset="voyages", seed=5, variants=("expert",))
    d = s.decision
    assert d.kind == "pick_character" and d.player == 2
    offered = [a.choice for a in s.legal_actions()]
    assert len(offered) == 4
    t = s.apply(f"character {offered[0]}")
    assert t.decision.player == 1 and len(t.legal_actions()) == 3
    t = t.apply(t.legal_actions()[0])
    t = t.apply(t.legal_actions()[0])
    assert all(p.character for p in t.players)
    assert R.R_EXPERT in rules_cited(t)
    assert t.decision.kind == "pick_goal"


def test_expert_goals_deal_4_keep_2() -> None:
    s = mp.new_game(2, ruleset="voyages", seed=5, variants=("expert",), characters=["Berke", "Matteo"])
    assert s.decision.kind == "pick_goal" and len(s.legal_actions()) == 4
    first = s.legal_actions()[0]
    t = s.apply(first)
    assert t.decision.player == 0 and len(t.legal_actions()) == 3 and first not in t.legal_actions()
    t = t.apply(t.legal_actions()[0])
    assert len(t.players[0].goals) == 2 and t.decision.player == 1


def test_expert_city_bonus_markers_at_random() -> None:
    standard = mp.new_game(2, ruleset="voyages", seed=0).markers
    placements = {tuple(sorted(mp.new_game(2, ruleset="voyages", seed=k, variants=("expert",)).markers.items()))
                  for k in range(10)}
    assert len(placements) > 2 and placements != {tuple(sorted(standard.items()))}
    assert all(sorted(dict(p).values()) == list("ABCDEF") for p in placements)


# --------------------------------------------------------------------------------- Raschid ad-Din Sinan


def raschid():
    return new(characters=["Raschid", "Berke"])


def test_raschid_never_rolls_and_takes_no_compensation() -> None:
    s = mp.new_game(2, ruleset="voyages", seed=1, characters=["Raschid", "Berke"])
    assert s.players[0].dice == (0, 0, 0, 0, 0)
    assert not any(t[0] == "compensation" and t[1] == 0 for t in s.tasks)
    assert any("does not roll" in x for x in texts(s)) and cite("Raschid ad-Din Sinan") in rules_cited(s)


def test_raschid_sets_the_value_of_all_dice_of_a_placement() -> None:
    s = raschid()
    assert legal_kind(s, "take_coins") == {f"take_coins [{v}]" for v in range(1, 7)}
    t = play(s, "bazaar [5,5] silk", "column 5")
    assert t.players[0].silk == 3 and t.players[0].dice == (0, 0, 0)
    illegal(s, "bazaar [4,5] silk", "one value", cite("Raschid ad-Din Sinan"))


def test_raschid_still_pays_the_occupied_fee_of_his_chosen_value() -> None:
    s = raschid()  # 2 players: a neutral die is on Take 5 coins
    t = s.apply("take_coins [2]")
    assert t.players[0].coins == s.players[0].coins - 2 + 5


def test_raschid_has_no_reroll_or_adjust_and_sets_black_dice_d4() -> None:
    s = raschid().with_player(0, camels=9)
    assert not legal_kind(s, "reroll") and not legal_kind(s, "adjust_die")
    illegal(s, "reroll [1]", "nothing to reroll")
    t = s.apply("black_die")
    assert t.players[0].black_dice == (0,)
    assert "khans_favor [b6]" in legal(t)


# --------------------------------------------------------------------------------- Matteo Polo


def test_matteo_white_die_and_special_pile_contract_each_round_round_1_too() -> None:
    s = mp.new_game(2, ruleset="voyages", seed=2, characters=["Berke", "Matteo"])
    p = s.players[1]
    assert 1 <= p.white <= 6 and len(p.contracts) == 2
    assert any("top of the special pile" in x for x in texts(s))
    assert cite("Matteo Polo") in rules_cited(s)


def test_matteo_white_die_is_no_colour_d5_compensation_counts_it() -> None:
    s = new(3, characters=["Berke", "Matteo", "Johannes"])
    s = s.with_player(0, dice=[1]).apply("money_bag [1]").apply("end_turn")
    s = s.with_player(1, dice=[2, 3, 3, 3, 3], coins=20)
    white = s.players[1].white
    t = play(s, "take_coins [2]", "end_turn")
    t = play(t.with_player(2, dice=[1]), "money_bag [1]", "end_turn")
    assert t.current_player == 1
    assert f"take_coins [b{white}]" in legal(t), "the white die is not Matteo's colour"
    # compensation: all of his dice, the white one included
    for seed in range(60):
        g = mp.new_game(2, ruleset="voyages", seed=seed, characters=["Berke", "Matteo"])
        total = sum(g.players[1].dice) + g.players[1].white
        owed = [t for t in g.tasks if t[0] == "compensation" and t[1] == 1]
        assert owed == ([("compensation", 1, 15 - total)] if total < 15 else [])


def test_matteo_full_hand_may_decline_the_round_contract() -> None:
    s = new(characters=["Berke", "Matteo"])
    assert len(s.players[1].contracts) == 2
    s = s.with_player(0, dice=[1]).with_player(1, dice=[1])
    t = play(s, "money_bag [1]", "end_turn", "money_bag [1]", "end_turn")
    assert t.decision.kind == "discard" and t.decision.player == 1 and len(t.legal_actions()) == 3


# --------------------------------------------------------------------------------- Mercator ex Tabriz


def test_mercator_4_players_bazaar_share_d7() -> None:
    s = new(4, characters=["Berke", "Matteo", "Johannes", "Mercator ex Tabriz"])
    s = s.with_player(0, dice=[4, 4, 4, 4, 4])
    m = s.players[3]
    t = play(s, "bazaar [4] pepper", "column 4")
    assert t.players[3].pepper == m.pepper + 1
    assert cite("Mercator ex Tabriz") in rules_cited(t, len(s.log))
    u = play(s, "bazaar [4] camels", "column 4")
    assert u.players[3].camels == m.camels + 1, "camels count"
    v = play(s, "khans_favor [4]", "good gold")
    assert v.players[3].camels == m.camels, "4 players: nothing for the Khan's favor"


def test_mercator_3_players_khan_camel_and_not_for_himself() -> None:
    s = new(3, characters=["Berke", "Mercator ex Tabriz", "Johannes"])
    s = s.with_player(0, dice=[4, 4, 4, 4, 4])
    t = play(s, "khans_favor [4]", "good gold")
    assert t.players[1].camels == s.players[1].camels + 1
    s2 = new(3, characters=["Mercator ex Tabriz", "Berke", "Johannes"]).with_player(0, dice=[4, 4, 4, 4, 4])
    u = play(s2, "bazaar [4] pepper", "column 4")
    assert u.players[0].pepper == 3, "column 4: 3 pepper, nothing extra for his own action"


def test_mercator_2_players_take_5_coins_gives_him_2() -> None:
    s = new(characters=["Berke", "Mercator ex Tabriz"]).with_player(0, dice=[4, 4, 4, 4, 4])
    t = s.apply("take_coins [4]")
    assert t.players[1].coins == s.players[1].coins + 2


# --------------------------------------------------------------------------------- Kubilai Khan


def test_kubilai_starts_in_beijing_with_a_post_on_the_10_space() -> None:
    s = new(characters=["Kubilai", "Berke"])
    p = s.players[0]
    assert p.location == "Beijing" and p.trading_posts == ("Beijing",) and s.beijing[0] == 0
    assert s.score_rows()[0]["beijing"] == 10 and cite("Kubilai Khan") in rules_cited(s)
    # another player arriving takes the 7 space
    t = s.with_player(1, location="Xian")
    t = play(t.with_player(0, dice=[1]), "money_bag [1]", "end_turn")
    t = to_turn(play(t.with_player(1, dice=[1, 1], coins=10), "travel [1,1]", "move Beijing"))
    assert t.beijing[:2] == (0, 1) and t.score_rows()[1]["beijing"] == 7


def test_kubilai_beijing_post_counts_toward_the_8th_post() -> None:
    cities = ["Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Karachi", "Sumatra"]
    s = new(characters=["Kubilai", "Berke"])
    s = s.with_player(0, trading_posts=["Beijing", *cities], location="Venezia", coins=20, dice=[1, 1])
    vp = s.players[0].vp
    t = play(s, "travel [1,1]", "move Alexandria")
    assert len(t.players[0].trading_posts) == 8 and t.players[0].vp == vp + 5


# --------------------------------------------------------------------------------- Berke Khan


def test_berke_pays_no_fee_but_used_city_cards_stay_closed_d12() -> None:
    s = new(characters=["Berke", "Matteo"]).with_player(0, dice=[6, 6, 6, 6, 6])
    coins = s.players[0].coins
    t = s.apply("take_coins [6]")  # occupied by the neutral die
    assert t.players[0].coins == coins + 5
    assert cite("Berke Khan") in rules_cited(t, len(s.log))
    space = next(iter(s.cards))
    city = s.components.card_spaces[space]
    u = s.with_player(1, trading_posts=[city])._copy()
    u.spaces = {**u.spaces, R.CARD + space: (frozenset({1}), (3,))}
    u = u.with_player(0, trading_posts=[city])
    illegal(u, f"city_card [6] {space}", "already been used", R.R_CARDS)


# --------------------------------------------------------------------------------- Niccolò & Marco Polo


def test_niccolo_two_figures_split_moves_posts_for_both_d8() -> None:
    """VOMP MoveTwoPawns: figure 1 Venezia -> Alexandria, figure 2 Venezia -> Oasis-A -> Moscow."""
    s = new(characters=["Niccolo", "Berke"]).with_player(0, dice=[3, 3, 1, 1, 1], coins=20)
    assert s.players[0].figure2 == "Venezia"
    t = s.apply("travel [3,3]")
    assert {"move Alexandria/1", "move Alexandria/2"} <= legal(t)
    u = to_turn(play(t, "move Alexandria/1", "move Oasis-A/2", "move Moscow/2"))
    p = u.players[0]
    assert (p.location, p.figure2) == ("Alexandria", "Moscow")
    assert set(p.trading_posts) == {"Alexandria", "Moscow"}
    assert any("(figure 2) moves Oasis-A → Moscow" in x for x in texts(u, len(s.log)))
    assert p.coins == 20 - 12 + sum(b.gain.coins for b in (s.components.outposts[s.outposts[c]]
                                                          for c in ("Alexandria", "Moscow")))


def test_niccolo_one_camel_each_round() -> None:
    s = mp.new_game(2, ruleset="voyages", seed=4, characters=["Niccolo", "Berke"])
    assert s.players[0].camels == 3 and cite("Niccolo and Marco Polo") in rules_cited(s)


# --------------------------------------------------------------------------------- Wilhelm von Rubruk


def test_wilhelm_posts_in_every_city_passed_bonuses_after_the_move_d10() -> None:
    s = new(characters=["Wilhelm", "Berke"]).with_player(0, dice=[3, 3, 1, 1, 1], coins=20, camels=2)
    t = play(s, "travel [3,3]", "move Alexandria", "move Oasis-I")
    assert t.players[0].trading_posts == (), "posts are placed when the movement ends"
    u = to_turn(t.apply("move Adana"))
    assert set(u.players[0].trading_posts) == {"Alexandria", "Adana"}


def test_wilhelm_eleven_posts_and_10_vp_d9() -> None:
    cities = ["Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Karachi", "Sumatra", "Anxi", "Xian", "Kochi",
              "Kashgar"]
    s = new(characters=["Wilhelm", "Berke"]).with_player(0, trading_posts=cities, coins=20, dice=[1, 1])
    vp = s.players[0].vp
    t = play(s, "travel [1,1]", "move Alexandria")
    assert len(t.players[0].trading_posts) == 11 and t.players[0].vp == vp + 10
    assert cite("Wilhelm von Rubruk") in rules_cited(t, len(s.log))
    with pytest.raises(ValueError, match="up to 11"):
        s.with_player(0, trading_posts=[*cities, "Alexandria", "Adana"])


# --------------------------------------------------------------------------------- Johannes Carpini


def test_johannes_3_coins_each_round_round_1_too() -> None:
    s = mp.new_game(2, ruleset="voyages", seed=4, characters=["Johannes", "Berke"])
    assert s.players[0].coins == 7 + 3


def test_johannes_oasis_hop_is_one_free_step_d11() -> None:
    """Audit A1: with the hop, Venezia - Oasis-A - (hop) Oasis-C - Beijing is 3 steps, no route costs."""
    s = new(characters=["Johannes", "Berke"]).with_player(0, dice=[3, 3, 1, 1, 1], coins=12, camels=0)
    t = play(s, "travel [3,3]", "move Oasis-A")
    assert "move Oasis-C" in legal(t) and "move Oasis-J" in legal(t)
    u = play(t, "move Oasis-C")
    assert u.players[0].coins == 12 - 7 and cite("Johannes Carpini") in rules_cited(u, len(t.log))
    v = to_turn(u.apply("move Beijing"))
    assert v.players[0].location == "Beijing" and v.players[0].coins == 0 and v.beijing[0] == 0
    # others cannot hop
    w = play(new(characters=["Berke", "Johannes"]).with_player(0, dice=[3, 3], coins=12), "travel [3,3]",
             "move Oasis-A")
    assert "move Oasis-C" not in legal(w)
