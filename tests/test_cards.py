"""Rule tests for the City Cards main action (Rulebook: 7. City Cards) and each city-card kind."""

from __future__ import annotations

import pytest
from helpers import (
    AREA,
    area_card_game,
    board_card_game,
    card,
    find_game,
    finish_round,
    legal,
    legal_kind,
    new_texts,
    play_main_and_end,
    resolve,
)

import mp_notebook as mp

P = 0  # the first player acts first in round 1


def _setup(card_id=None, kind=None, **player):
    """A game with the card on an action-area space, seat 0 edited; returns (state, space)."""
    s, space = area_card_game(card_id=card_id, kind=kind)
    assert s.decision.player == P
    base = dict(coins=0, camels=0, goods={"pepper": 0, "silk": 0, "gold": 0, "jade": 0}, contracts=[])
    base.update(player)
    return s.with_player(P, **base), space


# ------------------------------------------------------------------ trade cards


def test_jade_points_card_rulebook_example_twice_with_a_5():
    """Rulebook example: die 5 on the 1 camel + 1 jade -> 3 VP card, done twice: 2 camels + 2 jade
    paid, 6 VP scored."""
    s, space = _setup("jade-points", dice=[5], camels=2, goods={"jade": 2}, vp=50)
    s = s.apply(f"city_card [5] {space}")
    assert s.decision.kind == "trade"
    assert legal(s) == {"trade 1x1", "trade 1x2"}  # resources limit it to 2
    t = s.apply("trade 1x2")
    p = t.players[P]
    assert (p.camels, p.jade, p.vp) == (0, 0, 56)
    assert t.decision.kind == "turn"
    assert any("pays 2 camels, 2 jade" in x for x in new_texts(s, t))


def test_trade_card_cannot_exceed_die_value():
    s, space = _setup("jade-points", dice=[2], camels=9, goods={"jade": 9})
    s = s.apply(f"city_card [2] {space}")
    assert legal(s) == {"trade 1x1", "trade 1x2"}
    with pytest.raises(mp.IllegalAction):
        s.apply("trade 1x3")


def test_trade_card_not_usable_without_the_cost():
    s, space = _setup("jade-points", dice=[5], camels=1, goods={"jade": 0})
    assert not legal_kind(s, "city_card") & {f"city_card [5] {space}"}


def test_exchange_card_same_direction_each_time():
    """1 camel -> 3 coins or 1 coin -> 1 camel, the same option for every repetition."""
    s, space = _setup("exchange", dice=[3], camels=2, coins=1)
    s = s.apply(f"city_card [3] {space}")
    assert legal(s) == {"trade 1x1", "trade 1x2", "trade 2x1"}
    t = s.apply("trade 1x2")
    assert (t.players[P].camels, t.players[P].coins) == (0, 7)
    # the only choice was the option and the count: no second exchange follows in the other direction
    assert t.decision.kind == "turn"


def test_exchange_card_coins_to_camels():
    s, space = _setup("exchange", dice=[4], camels=0, coins=3)
    s = s.apply(f"city_card [4] {space}")
    assert legal(s) == {"trade 2x1", "trade 2x2", "trade 2x3"}
    t = s.apply("trade 2x3")
    assert (t.players[P].camels, t.players[P].coins) == (3, 0)


def test_points_to_coins_card_points_may_go_negative():
    s, space = _setup("points-coins", dice=[3], vp=1, coins=0)
    s = s.apply(f"city_card [3] {space}")
    assert "trade 1x3" in legal(s)
    t = s.apply("trade 1x3")
    assert (t.players[P].vp, t.players[P].coins) == (-2, 6)


def test_coins_to_points_card():
    s, space = _setup("points-coins", dice=[4], vp=50, coins=5)
    s = s.apply(f"city_card [4] {space}")
    assert legal_kind(s, "trade") >= {"trade 2x1", "trade 2x2"}
    assert "trade 2x3" not in legal(s)  # 6 coins needed
    t = s.apply("trade 2x2")
    assert (t.players[P].vp, t.players[P].coins) == (52, 1)


# ------------------------------------------------------------------ count cards


def test_count_completed_contracts_up_to_die():
    s, space = _setup("contracts-count", dice=[2, 6], vp=50, completed=["R01", "R02", "R03"])
    t = s.apply(f"city_card [2] {space}")
    assert t.players[P].vp == 52  # 3 completed, die 2
    u = s.apply(f"city_card [6] {space}")
    assert u.players[P].vp == 53  # 3 completed, die 6


def test_count_completed_contracts_active_ones_do_not_count():
    s, space = _setup("contracts-count", dice=[6], vp=50, contracts=["R01", "R02"], completed=[])
    t = s.apply(f"city_card [6] {space}")
    assert t.players[P].vp == 50


def test_count_posts_up_to_die():
    posts = ["Xian", "Xanadu", "Lhasa", "Delhi"]
    s, space = _setup("posts-count", dice=[3, 5], vp=50, trading_posts=posts)
    assert s.apply(f"city_card [3] {space}").players[P].vp == 53
    assert s.apply(f"city_card [5] {space}").players[P].vp == 54


# ------------------------------------------------------------------ city bonus card


def _non_copy_marker_cities(s):
    return [c for c, m in s.markers.items() if m and not s.components.city_bonuses[m].copy_bonus]


def test_city_bonus_card_different_cities_with_posts_only():
    s, space = _setup("city-bonus", dice=[3])
    a, b = _non_copy_marker_cities(s)[:2]
    no_marker = "Xian"
    assert not s.markers.get(no_marker)
    s = s.with_player(P, trading_posts=[a, b, no_marker])
    s = s.apply(f"city_card [3] {space}")
    assert s.decision.kind == "city_bonus"
    assert legal(s) == {f"city_bonus {a}", f"city_bonus {b}"}
    before = s.players[P]
    t = s.apply(f"city_bonus {a}")
    assert legal_kind(t, "city_bonus") == {f"city_bonus {b}"}  # a different city each time
    u = t.apply(f"city_bonus {b}")
    assert legal(u) == {"done"}  # no third different city with a marker and a post
    u = u.apply("done")
    gained = [s.components.city_bonuses[s.markers[c]] for c in (a, b)]
    for k in ("coins", "camels", "pepper", "silk", "gold", "jade", "vp"):
        expected = getattr(before, k) + sum(getattr(r.gain, k) for r in gained)
        assert getattr(u.players[P], k) == expected, k


def test_city_bonus_card_limited_by_die():
    s, space = _setup("city-bonus", dice=[1])
    a, b = _non_copy_marker_cities(s)[:2]
    s = s.with_player(P, trading_posts=[a, b])
    s = s.apply(f"city_card [1] {space}")
    t = s.apply(f"city_bonus {a}")
    assert t.decision.kind == "turn"  # die 1: a single bonus


def test_city_bonus_card_needs_a_post_in_a_marker_city():
    s, space = _setup("city-bonus", dice=[3], trading_posts=["Xian"])
    assert not s.markers.get("Xian")
    assert f"city_card [3] {space}" not in legal(s)


# ------------------------------------------------------------------ coins per pip


def test_coins_per_pip_card_pays_twice_the_die():
    s, space = _setup("coins-per-pip", dice=[4], coins=1)
    t = s.apply(f"city_card [4] {space}")
    assert t.players[P].coins == 9


# ------------------------------------------------------------------ guild seal card


def test_guild_seal_card_one_die_pays_a_camel_die_limits_seal():
    s, space = _setup("guild-seal", dice=[3], camels=2)
    s2 = s.apply(f"city_card [3] {space}")
    assert s2.players[P].camels == 1
    assert s2.decision.kind == "seal"
    assert legal(s2) == {"seal farmer", "seal spicer", "seal tailor"}  # no jeweler with a 3
    t = s2.apply("seal tailor")
    assert t.players[P].seals == {"tailor": "basic"}
    assert t.players[P].jade == 2  # the tailor seal's 2 jade
    assert len(t.players[P].dice) == 0  # only 1 die used


def test_guild_seal_card_needs_a_camel():
    s, space = _setup("guild-seal", dice=[3], camels=0)
    assert f"city_card [3] {space}" not in legal(s)


def test_guild_seal_card_not_for_a_seal_already_held():
    s, space = _setup("guild-seal", dice=[1], camels=2, seals={"farmer": "basic"})
    assert f"city_card [1] {space}" not in legal(s)


# ------------------------------------------------------------------ move card


def test_move_card_moves_up_to_die_one_post_at_the_end():
    s, space = _setup("move", dice=[2], coins=20, camels=10, location="Beijing")
    s = s.apply(f"city_card [2] {space}")
    assert s.decision.kind == "move"
    assert "move Xanadu" in legal(s)
    s = s.apply("move Xanadu")
    assert s.decision.kind == "move"
    assert "done" in legal(s)
    t = s.apply("move Karakorum")
    t = resolve(t)
    p = t.players[P]
    assert p.location == "Karakorum"
    assert p.trading_posts == ("Karakorum",)  # one post, at the end; none in Xanadu
    assert t.decision.kind == "turn"  # die 2: no third move


def test_move_card_stop_early_places_post_where_it_ends():
    s, space = _setup("move", dice=[3], coins=20, camels=10, location="Beijing")
    s = s.apply(f"city_card [3] {space}").apply("move Xanadu")
    t = resolve(s.apply("done"))
    assert t.players[P].trading_posts == ("Xanadu",)
    assert t.players[P].coins == 18  # Beijing-Xanadu route: 2 coins


# ------------------------------------------------------------------ when a card may be used


def test_board_card_needs_a_post_in_its_city():
    s, space, city = board_card_game(kind="coins_per_pip")
    s = s.with_player(P, dice=[4], trading_posts=[])
    assert f"city_card [4] {space}" not in legal(s)
    with pytest.raises(mp.IllegalAction):
        s.apply(f"city_card [4] {space}")
    t = s.with_player(P, trading_posts=[city])
    assert f"city_card [4] {space}" in legal(t)


def test_area_card_needs_no_post():
    s, space = _setup(kind="coins_per_pip", dice=[4], trading_posts=[])
    assert space in AREA
    assert f"city_card [4] {space}" in legal(s)


def test_card_of_a_post_placed_this_turn_is_usable_only_from_next_turn():
    """A bonus move (contract R11: Move 1) places a post in Xanadu before the main action; the
    Xanadu card is not usable in that turn, but it is in the player's next turn."""
    s = find_game(lambda s: card(s, "Xanadu").kind == "coins_per_pip")
    space = "Xanadu"
    s = s.with_player(P, dice=[4, 5], coins=10, camels=5, contracts=["R11"],
                      goods={"silk": 2, "pepper": 1}, location="Beijing")
    s = s.apply("complete_contract R11")
    s = resolve(s.apply("move Xanadu"))
    assert "Xanadu" in s.players[P].trading_posts
    assert s.decision.player == P and s.decision.kind == "turn"
    assert not any(a.endswith(" " + space) for a in legal_kind(s, "city_card"))
    with pytest.raises(mp.IllegalAction, match="next turn"):
        s.apply(f"city_card [4] {space}")
    # another main action, end; the other player plays; then it is P's next turn
    s = play_main_and_end(s)
    s = play_main_and_end(s)
    assert s.decision.player == P
    assert any(a.endswith(" " + space) for a in legal_kind(s, "city_card"))


def test_card_space_takes_one_die_per_round():
    """Brown space: once a die is on a city card, nobody (not even with another colour) uses it
    again this round."""
    s, space = _setup(kind="coins_per_pip", dice=[4, 5])
    s = s.apply(f"city_card [4] {space}").apply("end_turn")
    other = s.decision.player
    assert other != P
    s = s.with_player(other, dice=[3, 6], black_dice=[2])
    assert not any(a.endswith(" " + space) for a in legal_kind(s, "city_card"))
    with pytest.raises(mp.IllegalAction):
        s.apply(f"city_card [b2] {space}")
    s = play_main_and_end(s)
    assert s.decision.player == P
    assert not any(a.endswith(" " + space) for a in legal_kind(s, "city_card"))


def test_area_cards_replaced_at_next_round_start():
    s, _space = area_card_game(kind="coins_per_pip")
    old_area = {sp: s.cards[sp] for sp in AREA}
    old_board = {sp: c for sp, c in s.cards.items() if sp not in AREA}
    deck = list(s.card_deck)
    t = finish_round(s)
    assert t.round == 2
    assert {t.cards[sp] for sp in AREA} == set(deck[:2])  # 2 new cards from the deck
    assert set(t.cards[sp] for sp in AREA).isdisjoint(old_area.values())
    assert {sp: c for sp, c in t.cards.items() if sp not in AREA} == old_board


def test_move_card_not_usable_without_an_affordable_route():
    s, space = _setup("move", dice=[3], coins=0, camels=0, location="Beijing")
    assert f"city_card [3] {space}" not in legal(s)
