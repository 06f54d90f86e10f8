"""One test per base rule of Marco Polo II, and the rulebook's worked examples (seed 003)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import mp_notebook as mp


def to_turn(s: mp.GameState) -> mp.GameState:
    """Resolve pending round-start choices (compensation: coins first) until a turn begins."""
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    return s


def game(players: int = 4, seed: int = 1, **kw: object) -> mp.GameState:
    return to_turn(mp.new_game(players=players, seed=seed, **kw))


def play(s: mp.GameState, *actions: str) -> mp.GameState:
    for a in actions:
        s = s.apply(a)
    return s


def kinds(s: mp.GameState) -> set[str]:
    return {a.kind for a in s.legal_actions()}


# ------------------------------------------------------------------------------------- setup


def test_setup_quick_four_players() -> None:
    s = mp.new_game(["Ana", "Ben", "Cy", "Di"], seed=5)
    rules = s.components.rules
    assert s.round == 1 and s.first_player == 0 and s.num_players == 4
    for p in s.players:
        assert p.location == "Beijing" and p.vp == 50 and p.trading_posts == ()
        assert len(p.dice) == 5 and len(p.contracts) == 1 and p.goal in s.components.goals
        assert s.components.contracts[p.contracts[0]].starting
        assert (p.coins, p.camels) == (8, 3) or sum(p.dice) < rules.compensation_below
    assert len(set(s.offer_tiles)) == 3 and all(len(pile) == 4 for pile in s.offer_piles)
    assert len(s.display) == 5 and all(None not in slots for slots in s.display.values())
    assert len(s.cards) == 8 and len(s.card_deck) == 17
    assert len(s.markers) == 6 and len(s.outposts) == 10
    assert len(s.black_pool) == 6


@pytest.mark.parametrize(("players", "black"), [(2, 4), (3, 5), (4, 6)])
def test_black_dice_per_player_count(players: int, black: int) -> None:
    assert len(game(players).black_pool) == black


def test_three_players_neutral_die_on_khans_favor() -> None:
    s = game(3)
    assert s.spaces["khan"][1] == (1,)
    s = s.with_player(0, dice=[1, 2, 2, 3, 3])
    assert "khans_favor [1]" in {str(a) for a in s.legal_actions()}  # 1 >= the neutral 1


def test_two_players_neutral_dice() -> None:
    s = game(2).with_player(0, dice=[5, 5, 6, 6, 6], coins=10)
    assert s.spaces["khan"][1] == (1, 1)
    assert all(s.spaces[f"special:{c}"][1] == (1,) for c in ("Baghdad", "Balkh", "Hormuz"))
    # the lower gold space holds a neutral 5: using it is using an occupied space
    t = play(s, "books [5] gold-lower")
    assert t.players[0].coins == 10 - 5
    t = play(s, "books [5] gold-upper")
    assert t.players[0].coins == 10


def test_setup_is_seeded() -> None:
    assert mp.new_game(players=3, seed=9) == mp.new_game(players=3, seed=9)
    assert mp.new_game(players=3, seed=9).to_json() != mp.new_game(players=3, seed=10).to_json()


def test_bad_new_game_arguments() -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        mp.new_game(players=5)
    with pytest.raises(ValueError, match="unknown variant"):
        mp.new_game(players=2, variants=("nope",))
    with pytest.raises(ValueError, match="unknown ruleset"):
        mp.new_game(players=2, ruleset="chess")


# ------------------------------------------------------------------------------------- turns


def test_main_action_is_required_while_you_have_dice() -> None:
    s = game()
    assert "end_turn" not in kinds(s)
    t = play(s.with_player(0, dice=[2, 2, 2, 2, 2]), "khans_favor [2]")
    assert "end_turn" in kinds(t) and not {"books", "travel", "khans_favor"} & kinds(t)


def test_bonus_actions_before_and_after_the_main_action() -> None:
    s = game().with_player(0, dice=[2, 3, 4, 4, 6], camels=5)
    s = play(s, "reroll [6]")  # before
    assert s.players[0].camels == 4 and len(s.players[0].dice) == 5
    fours = s.players[0].dice.count(4)
    s = play(s, "khans_favor [2]", "adjust_die [3] +1")  # after
    assert s.players[0].camels == 4 + 2 - 2 and s.players[0].dice.count(4) == fours + 1
    assert 3 not in s.players[0].dice and len(s.players[0].dice) == 4


def test_turns_go_clockwise_and_skip_players_without_dice() -> None:
    s = game(3)
    s = play(s, f"khans_favor [{s.players[0].dice[-1]}]", "end_turn")
    assert s.current_player == 1
    s = s.with_player(2, dice=[])
    s = play(s, f"money_bag [{s.players[1].dice[0]}] coins", f"books [{s.players[1].dice[1]}] pepper", "offer 1",
             "end_turn")
    assert s.current_player == 0


def test_round_ends_when_all_dice_are_used() -> None:
    s = game(2)
    for seat in (0, 1):
        s = s.with_player(seat, dice=[1])
    s = play(s, "money_bag [1] coins", "end_turn", "money_bag [1] coins", "end_turn")
    assert s.round == 2 and all(len(p.dice) == 5 for p in s.players)


# ------------------------------------------------------------------------------------- 1. Books


def test_books_minimum_die_per_book() -> None:
    s = game().with_player(0, dice=[1, 2, 3, 4, 5])
    books = {str(a) for a in s.legal_actions() if a.kind == "books"}
    assert "books [1] pepper" in books and "books [2] silk" not in books and "books [3] silk" in books
    assert "books [4] gold-upper" not in books and "books [5] gold-upper" in books and "books [5] gold-lower" in books


def test_books_offer_choice_and_jade_offers() -> None:
    s = game().with_player(0, dice=[3, 3, 3, 3, 3], goods={"jade": 0})
    t = play(s, "books [3] pepper")
    assert t.decision.kind == "offer"
    assert [a.choice for a in t.legal_actions()] == ["1", "2"]  # the bottom two cost jade
    rich = play(s.with_player(0, goods={"jade": 2}), "books [3] pepper")
    assert [a.choice for a in rich.legal_actions()] == ["1", "2", "3", "4"]
    tile = next(x for x in s.components.offer_tiles if x.id == s.offer_tiles[0])
    jade, reward = tile.offers[3]
    after = play(rich, "offer 4")
    assert after.players[0].jade == 2 - jade + reward.gain.jade


def test_books_occupied_space_costs_the_lowest_die() -> None:
    s = game().with_player(0, dice=[4, 4, 4, 4, 4])
    s = play(s, "books [4] silk", "offer 1", "end_turn")
    s = s.with_player(1, dice=[3, 5, 5, 5, 5], coins=10)
    t = play(s, "books [3] silk")
    assert t.players[1].coins == 7
    assert any("pays 3 coins (occupied action space)" in e.text for e in t.log)
    poor = s.with_player(1, coins=1, goods={"jade": 0})
    with pytest.raises(mp.IllegalAction, match=r"costs 3 coins \(your lowest die\) and you have 1 coin and 0 jade"):
        poor.apply("books [3] silk")


def test_a_space_takes_its_number_of_dice() -> None:
    s = game().with_player(0, dice=[1, 1, 2, 3, 4])
    with pytest.raises(mp.IllegalAction, match=r"the lower Travel space takes exactly 1 die \("):
        s.apply("travel [1,1] lower")
    with pytest.raises(mp.IllegalAction, match=r"Guild Seals takes exactly 2 dice \("):
        s.apply("guild_seal [4]")


def test_decision_about_names_what_a_follow_up_is_about() -> None:
    s = game().with_player(0, dice=[3, 5, 6, 6, 6])
    assert s.decision.about is None  # a turn
    offer = play(s, "books [3] pepper").decision
    assert (offer.kind, offer.about) == ("offer", "pepper")
    move = play(s, "travel [5,6] middle").decision
    assert (move.kind, move.about) == ("move", 3)
    assert "move from Beijing (3 moves left) or stop" in move.text
    assert "move from Beijing (1 move left) or stop" in play(s, "travel [5,6] middle", "move Xanadu",
                                                             "move Beijing").decision.text


def test_space_coins_tells_the_fee_before_placing() -> None:
    from mp_notebook.rulesets.mp2.rules import space_coins

    s = game().with_player(0, dice=[4, 4, 4, 4, 4])
    s = play(s, "books [4] silk", "offer 1", "end_turn").with_player(1, dice=[3, 5, 5, 5, 6], coins=10)
    i = s.current_player
    assert i == 1
    lower = next(sp for sp in s.components.rules.travel if sp.coins)
    expected = {
        "books [3] silk": 3,  # occupied: the lowest die placed
        "books [3] pepper": 0,
        f"travel [3] {lower.name}": lower.coins,  # the lower Travel spaces cost their coins
    }
    for notation, coins in expected.items():
        a = mp.Action.parse(notation, i)
        assert a in s.legal_actions(), notation
        assert space_coins(s, a) == coins, notation
        assert play(s, notation).players[i].coins == 10 - coins, notation  # what the engine charges
    assert space_coins(s, mp.Action.parse("khans_favor [3]", i)) == 0  # no fee on Khan's Favor


def test_colour_once_per_space_but_gold_has_two_spaces() -> None:
    s = game().with_player(0, dice=[5, 5, 6, 6, 6], coins=20, camels=5)
    s = play(s, "books [5] gold-upper", "offer 1", "end_turn")
    for seat in (1, 2, 3):
        s = play(s, f"money_bag [{s.players[seat].dice[0]}] coins", f"khans_favor [{min(s.players[seat].dice)}]"
                 if False else "end_turn") if False else s
    s = s.with_player(0, dice=[5, 6], black_dice=[6])
    # play seats 1-3 quickly with Khan's Favor / money bag
    while s.current_player != 0:
        seat = s.current_player
        s = play(s.with_player(seat, dice=[1]), "money_bag [1] coins", "end_turn")
    books = {str(a) for a in s.legal_actions() if a.kind == "books"}
    assert "books [5] gold-upper" not in books  # own colour already used there
    assert "books [b6] gold-upper" in books  # a black die may
    assert "books [5] gold-lower" in books  # the second gold space is separate


# ------------------------------------------------------------------------------------- 2. Khan


def test_khans_favor_worked_example() -> None:
    """Blue places a 3 on the first space; red must place at least a 3 next: he places a 4."""
    s = game(4).with_player(0, dice=[3, 3, 4, 5, 6])
    coins, camels = s.players[0].coins, s.players[0].camels
    s = play(s, "khans_favor [3]")
    assert (s.players[0].coins, s.players[0].camels) == (coins + 4, camels + 2)
    s = play(s, "end_turn").with_player(1, dice=[1, 2, 4, 6, 6])
    khan = {str(a) for a in s.legal_actions() if a.kind == "khans_favor"}
    assert khan == {"khans_favor [4]", "khans_favor [6]"}
    red = s.players[1]
    s = play(s, "khans_favor [4]")
    assert (s.players[1].coins, s.players[1].camels) == (red.coins + 4, red.camels + 2)
    assert s.spaces["khan"][1] == (3, 4)


def test_khans_favor_closes_when_full_and_colour_once() -> None:
    s = game(4)
    for seat in range(4):
        s = play(s.with_player(seat, dice=[6, 6], black_dice=[]), "khans_favor [6]", "end_turn")
    s = s.with_player(0, black_dice=[6])
    assert "khans_favor" not in kinds(s)
    with pytest.raises(mp.IllegalAction, match="all 4 Khan's Favor spaces are filled"):
        s.apply("khans_favor [6]")


# ------------------------------------------------------------------------------------- 3. Seals


def test_guild_seals_by_lowest_die_with_jade() -> None:
    s = game().with_player(0, dice=[4, 4, 5, 5, 5], goods={"jade": 0})
    t = play(s, "guild_seal [4,5]")
    assert {a.choice for a in t.legal_actions()} == {"farmer", "spicer", "tailor", "jeweler"}
    t = play(t, "seal jeweler")
    assert t.players[0].seals == {"jeweler": "basic"} and t.players[0].jade == 3
    u = play(s.with_player(0, dice=[2, 3, 5, 5, 5]), "guild_seal [2,3]")
    assert {a.choice for a in u.legal_actions()} == {"farmer", "spicer"}


def test_only_one_seal_of_each_type() -> None:
    s = game().with_player(0, dice=[1, 1, 5, 5, 5], seals={"farmer": "basic"})
    assert "guild_seal [1,1]" not in {str(a) for a in s.legal_actions()}


def test_occupied_guild_seals_worked_example() -> None:
    """Two red dice are already on Guild Seals; blue places a 1 and a 3 and pays 1 coin."""
    s = game(4).with_player(0, dice=[2, 4, 5, 5, 5])
    s = play(s, "guild_seal [2,4]", "seal spicer", "end_turn").with_player(1, dice=[1, 3, 6, 6, 6])
    coins = s.players[1].coins
    s = play(s, "guild_seal [1,3]")
    assert s.players[1].coins == coins - 1
    assert [a.choice for a in s.legal_actions()] == ["farmer"]  # the lowest die (1) decides


# ------------------------------------------------------------------------------------- 4. Travel


def test_travel_worked_example_yangzhou_to_pagan() -> None:
    """Middle space with a 3 and a 5, Yangzhou → Fuzhou → oasis → Pagan: 5 coins + 5 camels, post in Pagan only."""
    s = game(4).with_player(0, location="Yangzhou", dice=[3, 5, 6, 6, 6], coins=10, camels=10)
    s = play(s, "travel [3,5] middle")
    assert s.players[0].coins == 10  # empty space, no space cost
    s = play(s, "move Fuzhou", "move Ejina-Oasis", "move Pagan")
    p = s.players[0]
    assert (p.coins, p.camels, p.location) == (5, 5, "Pagan")
    assert p.trading_posts == ("Pagan",)
    assert s.decision.kind == "turn"  # 3 moves used up (lowest die 3)


def test_upper_travel_space_extra_post_in_a_city_passed_through() -> None:
    s = game(4).with_player(0, location="Yangzhou", dice=[3, 5, 6, 6, 6], coins=10, camels=10)
    s = play(s, "travel [5,6,6] upper", "move Fuzhou", "move Ejina-Oasis", "move Pagan", "done")
    assert s.decision.kind == "extra_post"
    assert {a.choice for a in s.legal_actions() if a.kind == "extra_post"} == {"Fuzhou"}  # oases never
    s = play(s, "extra_post Fuzhou")
    assert set(s.players[0].trading_posts) == {"Pagan", "Fuzhou"}


def test_lower_travel_space_costs_two_coins_and_moves_one() -> None:
    s = game(4).with_player(0, dice=[6, 6, 6, 6, 6], coins=10, camels=10)
    s = play(s, "travel [6] lower")
    assert s.players[0].coins == 8
    s = play(s, "move Xanadu")  # Beijing–Xanadu: 2 coins
    assert s.players[0].coins == 6 and s.decision.kind == "turn"


def test_moves_limited_by_the_lowest_die() -> None:
    s = game(4).with_player(0, dice=[2, 6, 6, 6, 6], coins=30, camels=30)
    s = play(s, "travel [2,6] middle", "move Xian", "move Chengdu")
    assert s.decision.kind == "turn" and s.players[0].trading_posts == ("Chengdu",)


def test_sea_routes_need_the_seal() -> None:
    s = game(4).with_player(0, dice=[6, 6, 6, 6, 6], coins=30, camels=30)
    moves = {a.choice for a in play(s, "travel [6,6] middle").legal_actions()}
    assert "Yangzhou" not in moves  # Beijing–Yangzhou needs the farmer seal
    moves = {a.choice for a in play(s.with_player(0, seals={"farmer": "basic"}), "travel [6,6] middle").legal_actions()}
    assert "Yangzhou" in moves


def test_routes_must_be_paid() -> None:
    s = game(4).with_player(0, dice=[6, 6, 6, 6, 6], coins=2, camels=0, goods={"jade": 0})
    t = play(s, "travel [6,6] middle")
    assert {a.choice for a in t.legal_actions() if a.kind == "move"} == {"Xanadu"}  # Xian costs a camel too
    broke = s.with_player(0, coins=1)
    assert "travel" not in kinds(broke)
    with pytest.raises(mp.IllegalAction, match="cannot pay"):
        broke.apply("travel [6,6] middle")


def test_back_and_forth_and_ending_in_beijing_places_no_post() -> None:
    s = game(4).with_player(0, dice=[6, 6, 6, 6, 6], coins=30, camels=30)
    s = play(s, "travel [6,6] middle", "move Xanadu", "move Beijing", "done")
    assert s.players[0].location == "Beijing" and s.players[0].trading_posts == ()


def test_ending_on_an_oasis_places_no_post() -> None:
    s = game(4).with_player(0, location="Xian", dice=[6, 6, 6, 6, 6], coins=30, camels=30)
    s = play(s, "travel [6,6] middle", "move Zhangye-Oasis", "done")
    assert s.players[0].location == "Zhangye-Oasis" and s.players[0].trading_posts == ()


def test_jade_pays_route_costs_when_short() -> None:
    s = game(4).with_player(0, location="Pagan", dice=[6, 6, 6, 6, 6], coins=2, camels=2, goods={"jade": 7})
    s = play(s, "travel [6,6] middle", "move Kabul")  # 6 coins + 2 camels + 1 jade, then 2 coins' space
    p = s.players[0]
    assert (p.coins, p.camels, p.jade) == (0, 2, 7 - 1 - 4) or s.decision.kind == "pay"


def test_pay_decision_offers_jade_splits() -> None:
    s = game(4).with_player(0, location="Pagan", dice=[6, 6, 6, 6, 6], coins=6, camels=2, goods={"jade": 2})
    s = play(s, "travel [6,6] middle", "move Kabul")
    assert s.decision.kind == "pay"
    choices = {a.choice for a in s.legal_actions()}
    assert "coins=6,camels=2,jade=1" in choices and "coins=5,camels=2,jade=2" in choices
    assert "coins=4,camels=1,jade=4" not in choices  # only 1 jade is spare
    s = play(s, "pay coins=6,camels=1,jade=2")
    p = s.players[0]
    assert (p.coins, p.camels, p.jade) == (0, 1, 0)


# ------------------------------------------------------------------------------------- posts


def _travel_to(s: mp.GameState, start: str, to: str) -> mp.GameState:
    s = s.with_player(s.current_player, location=start, dice=[6, 6, 6, 6, 6], coins=40, camels=40)
    return play(s, "travel [6,6] middle", f"move {to}", "done") if s.decision.kind == "turn" else s


def test_city_bonus_marker_now_and_every_round() -> None:
    s = game(4)
    city = "Karakorum"
    marker = s.components.city_bonuses[s.markers[city]]
    s = _travel_to(s, "Xanadu", city)
    if marker.copy_bonus:
        assert s.decision.kind == "copy"
        return
    gained = s.players[0].coins - (40 - 2)
    assert gained == marker.gain.coins
    assert any(f"city bonus of {city}" in e.text for e in s.log)


def test_outpost_tile_goes_to_the_first_player_only() -> None:
    s = game(4)
    city = "Fuzhou"
    tile = s.outposts[city]
    s = _travel_to(s, "Yangzhou", city)
    assert s.outposts[city] == "" and any(f"outpost bonus tile {tile}" in e.text for e in s.log)
    s = _travel_to(play(s, "end_turn"), "Yangzhou", city)
    assert not any(e.player == 1 and "outpost bonus" in e.text for e in s.log)


def test_placing_a_post_in_a_contract_city_offers_one_of_its_contracts() -> None:
    s = game(4).with_player(0, contracts=[])
    s = _travel_to(s, "Beijing", "Xian")
    assert s.decision.kind == "take_contract"
    offered = {(a.space, a.choice) for a in s.legal_actions() if a.kind == "take_contract"}
    assert offered == {("Xian", c) for c in s.display["Xian"]}
    assert "done" in kinds(s)  # optional
    cid = s.display["Xian"][0]
    s = play(s, f"take_contract Xian {cid}")
    assert s.players[0].contracts == (cid,) and s.display["Xian"][0] is None
    s = play(s, "end_turn")
    assert None not in s.display["Xian"]  # refilled at the end of the turn


CITIES = ["Xanadu", "Karakorum", "Xian", "Yangzhou", "Chengdu", "Dunhuang", "Lhasa", "Pagan", "Turfan", "Khotan"]


def test_ninth_post_scores_five() -> None:
    s = game(4).with_player(0, trading_posts=CITIES[:8], vp=50, location="Zhangye-Oasis", dice=[6, 6, 6, 6, 6],
                            coins=40, camels=40)
    s = play(s, "travel [6,6] middle", "move Fuzhou", "done")
    assert len(s.players[0].trading_posts) == 9
    assert any("placing trading post #9" in e.text and "5 VP" in e.text for e in s.log)


def test_eleventh_post_scores_ten_and_a_twelfth_moves_one() -> None:
    s = game(4).with_player(0, trading_posts=CITIES, vp=50, location="Jaisalmer-Oasis", dice=[6, 6, 6, 6, 6],
                            coins=40, camels=40)
    s = play(s, "travel [6,6] middle", "move Jaipur", "done")
    assert len(s.players[0].trading_posts) == 11
    assert any("placing trading post #11" in e.text and "10 VP" in e.text for e in s.log)
    s = play(s, "end_turn")
    while s.current_player != 0:
        s = play(s.with_player(s.current_player, dice=[1]), "money_bag [1] coins", "end_turn")
    s = play(s, "travel [6,6,6] upper", "move Delhi", "done")
    assert s.decision.kind == "relocate"
    s = play(s, "relocate_post Khotan")
    posts = s.players[0].trading_posts
    assert len(posts) == 11 and "Delhi" in posts and "Khotan" not in posts
    assert not any("placing trading post #12" in e.text for e in s.log)


def test_no_post_in_beijing_ever() -> None:
    with pytest.raises(ValueError, match="other than Beijing"):
        game().with_player(0, trading_posts=["Beijing"])


# ------------------------------------------------------------------------------------- first player


def test_first_player_from_travel() -> None:
    s = game(4)
    s = _travel_to(s, "Beijing", "Xanadu")  # seat 0: middle space
    s = play(s, "end_turn")
    s = s.with_player(1, location="Beijing", dice=[6, 6, 6, 6, 6], coins=40, camels=40)
    s = play(s, "travel [6] lower", "move Xanadu", "end_turn")  # lower < middle: no change
    assert s.next_first == 0
    s = s.with_player(2, location="Beijing", dice=[6, 6, 6, 6, 6], coins=40, camels=40)
    s = play(s, "travel [6,6] middle", "move Xanadu", "done", "end_turn")  # equal: seat 2 takes it
    assert s.next_first == 2
    for seat in range(4):
        s = s.with_player(seat, dice=[])
    s = s.with_player(3, dice=[1])
    s = to_turn(play(s, "money_bag [1] coins", "end_turn"))
    assert s.round == 2 and s.first_player == 2 and s.current_player == 2


def test_first_player_unchanged_without_travel() -> None:
    s = game(2)
    s = s.with_player(0, dice=[1]).with_player(1, dice=[1])
    s = to_turn(play(s, "money_bag [1] coins", "end_turn", "money_bag [1] coins", "end_turn"))
    assert s.first_player == 0


# ------------------------------------------------------------------------------------- 5-6


def test_contracts_action_needs_a_post_in_a_contract_city() -> None:
    s = game(4)
    assert "contracts" not in kinds(s)
    s = s.with_player(0, trading_posts=["Xian"], contracts=[])
    assert "contracts" in kinds(s)
    coins = s.players[0].coins
    d = min(s.players[0].dice)
    s = play(s, f"contracts [{d}]")
    assert "done" not in kinds(s)  # at least one
    s = play(s, f"take_contract Xian {s.display['Xian'][0]}", f"take_contract Xian {s.display['Xian'][1]}")
    assert len(s.players[0].contracts) == 2 and s.players[0].coins == coins + 3


def test_special_city_baghdad_improved_jeweler_die_three_gives_bonus_once() -> None:
    """Rulebook example: a 3 in Baghdad with an improved jeweler seal: the reward + 2 camels once."""
    s = game(4).with_player(0, trading_posts=["Baghdad"], seals={"jeweler": "improved"}, dice=[3, 4, 5, 6, 6])
    before = s.players[0]
    special = s.components.special_cities["Baghdad"]
    s = play(s, "special_city [3] Baghdad")
    after = s.players[0]
    assert after.camels == before.camels + special.reward.gain.camels + 2
    assert after.coins == before.coins + special.reward.gain.coins
    assert after.gold == before.gold + special.reward.gain.gold


def test_special_city_double_bonus_and_one_die_per_colour() -> None:
    s = game(4).with_player(0, trading_posts=["Baghdad"], seals={"jeweler": "improved"}, dice=[5, 5, 5, 6, 6],
                            black_dice=[2])
    camels = s.players[0].camels
    s = play(s, "special_city [5] Baghdad")
    assert s.players[0].camels == camels + 4  # die 5 >= 5: the seal bonus twice
    s = play(s, "end_turn")
    while s.current_player != 0:
        s = play(s.with_player(s.current_player, dice=[1]), "money_bag [1] coins", "end_turn")
    options = {str(a) for a in s.legal_actions() if a.kind == "special_city"}
    assert options == {"special_city [b2] Baghdad"}  # colour once per city; a black die may


def test_special_city_needs_a_post_placed_before_this_turn() -> None:
    s = game(4).with_player(0, location="Isfahan", dice=[6, 6, 6, 6, 6], coins=40, camels=40)
    s = play(s, "travel [6,6] middle", "move Baghdad", "done")
    s = to_turn(s)
    s = s.with_player(0, black_dice=[4])
    assert "special_city" not in kinds(s)


# ------------------------------------------------------------------------------------- compensation, rounds


def test_compensation_worked_example() -> None:
    """A roll totalling 13 gives 2 compensation: 2 camels, 2 coins, or 1 of each."""
    s = mp.new_game(players=2, seed=1)
    for seed in range(200):
        s = mp.new_game(players=2, seed=seed)
        if s.decision.kind == "compensation" and sum(s.players[s.current_player].dice) == 13:
            break
    else:
        pytest.fail("no seed with a total of 13")
    assert {a.choice for a in s.legal_actions()} == {"coins=2,camels=0", "coins=1,camels=1", "coins=0,camels=2"}
    seat = s.current_player
    t = s.apply("compensation coins=1,camels=1")
    assert (t.players[seat].coins, t.players[seat].camels) == (9, 4)


def test_round_start_steps() -> None:
    s = game(2).with_player(0, trading_posts=["Karakorum"], seals={"jeweler": "improved"}, dice=[], black_dice=[3])
    s = s.with_player(1, dice=[1])
    tiles = s.offer_piles
    area = (s.cards["Area-1"], s.cards["Area-2"])
    camels = s.players[0].camels
    s = play(s, "money_bag [b3] coins", "end_turn", "money_bag [1] coins", "end_turn")
    assert s.round == 2
    assert s.offer_tiles == tuple(p[0] for p in tiles)
    assert (s.cards["Area-1"], s.cards["Area-2"]) != area
    assert all(len(p.dice) == 5 and p.black_dice == () for p in s.players)
    assert len(s.black_pool) == 4
    assert any("improved jeweler seal at the start of the round" in e.text and e.round == 2 for e in s.log)
    assert any("city bonus of Karakorum at the start of the round" in e.text for e in s.log)
    s = to_turn(s)
    assert s.players[0].camels >= camels + 2


def test_game_ends_after_five_rounds() -> None:
    s = game(2)
    while not s.is_over:
        seat = s.current_player
        if s.decision.kind != "turn":
            s = s.apply(s.legal_actions()[0])
            continue
        s = play(s.with_player(seat, dice=[1]), "money_bag [1] coins", "end_turn")
    assert s.round == 5 and s.current_player is None and s.legal_actions() == []


# ------------------------------------------------------------------------------------- errors


def test_illegal_action_explains_and_changes_nothing() -> None:
    s = game(4).with_player(0, dice=[1, 2, 2, 3, 3])
    before = s.to_json()
    with pytest.raises(mp.IllegalAction) as err:
        s.apply("books [2] silk")
    assert "at least 3" in str(err.value) and "Books" in str(err.value)
    with pytest.raises(mp.IllegalAction, match="no unplaced die showing 6"):
        s.apply("khans_favor [6]")
    with pytest.raises(mp.IllegalAction, match="Rulebook"):
        s.apply("end_turn")
    assert s.to_json() == before


def test_follow_up_errors_list_the_choices() -> None:
    s = play(game(4).with_player(0, dice=[3, 3, 3, 3, 3]), "books [3] pepper")
    with pytest.raises(mp.IllegalAction, match="offer 1"):
        s.apply("khans_favor [3]")


def test_notation_errors() -> None:
    s = game()
    for text in ("", "fly [3]", "books [7] pepper", "books pepper", "travel [3,5]", "end_turn now"):
        with pytest.raises(mp.NotationError):
            s.apply(text)


def test_notation_round_trip_for_every_legal_action() -> None:
    s = game(4).with_player(0, black_dice=[2, 5], goods={"jade": 3})
    for a in s.legal_actions():
        assert mp.Action.parse(str(a), 0) == a
        assert s.apply(str(a)) == s.apply(a)


def test_with_player_rejects_bad_edits() -> None:
    s = game()
    for bad in ({"coins": -1}, {"dice": [7]}, {"location": "Venice"}, {"colour": "red"}, {"seals": {"farmer": "gold"}}):
        with pytest.raises(ValueError, match="with_player"):
            s.with_player(0, **bad)


def test_corrupted_save_files() -> None:
    s = play(game(2), f"khans_favor [{game(2).players[0].dice[0]}]")
    text = s.to_json()
    for broken, why in (
        ("{not json", "not valid JSON"),
        (text.replace('"format": "mp_notebook/game"', '"format": "x"'), "format"),
        (text.replace('"khans_favor', '"khans_favour'), "cannot be replayed"),
        (text.replace('"round": 1', '"round": 4'), "inconsistent"),
    ):
        with pytest.raises(mp.SaveFileError, match=why):
            mp.GameState.from_json(broken)


def test_save_and_load(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = game(3, seed=4)
    s.save(tmp_path / "g.json")
    assert mp.load(tmp_path / "g.json") == s


def test_repr_html_summary() -> None:
    html = game(2)._repr_html_()
    assert "Marco Polo II" in html and "round 1" in html and "Player 1" in html


def test_import_does_not_load_display_libraries() -> None:
    code = "import sys, mp_notebook as mp; mp.new_game(players=2, seed=1); " \
           "print(sorted(m for m in ('plotly', 'ipywidgets', 'anywidget', 'pandas') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_dice_but_no_main_action_means_the_money_bag() -> None:
    """Reading: a turn is never passed with dice left; the money bag is always legal."""
    s = game(2).with_player(0, dice=[2], black_dice=[], coins=0, goods={"jade": 0}, contracts=[])
    t = s._copy()  # every blue space already holds this colour, Khan's Favor is full
    t.spaces = {key: (frozenset({0}), (6,)) for key in (
        "book:pepper", "book:silk", "book:gold-upper", "book:gold-lower", "seals", "travel:lower",
        "travel:middle", "travel:upper", "contracts")}
    t.spaces["khan"] = (frozenset({1}), (1, 1, 6, 6))
    t.cards = {}
    kinds_now = {a.kind for a in t.legal_actions()}
    assert "money_bag" in kinds_now and "end_turn" not in kinds_now
    assert not kinds_now & {"books", "khans_favor", "guild_seal", "travel", "contracts", "special_city", "city_card"}
    u = t.apply("money_bag [2] coins")
    assert "end_turn" in {a.kind for a in u.legal_actions()}


def test_contract_majority_needs_a_completed_contract() -> None:
    scores = game(3).scores()
    assert (scores["contracts"] == 0).all()
