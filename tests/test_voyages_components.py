"""The Voyages of Marco Polo components hold the public facts (shared/reference/voyages-and-schmidt.md
part a and its audit, part A; the rulebook, seed 000), the disputed readings D1-D3 as recommended,
and the loader rejects malformed data with errors that name the file and the entry."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle
import re
from importlib import resources

import networkx as nx
import pytest

from mp_notebook.board.graph import Board
from mp_notebook.engine.errors import DataError
from mp_notebook.rulesets.voyages.components import (
    FILES,
    Bundle,
    Components,
    Reward,
    Route,
    components,
    load_components,
)


@pytest.fixture(scope="module")
def c() -> Components:
    return components()


def shipped(name: str) -> str:
    return resources.files("mp_notebook.rulesets.voyages").joinpath("data").joinpath(name).read_text("utf-8")


def route(c: Components, a: str, b: str) -> Route:
    found = [r for r in c.routes if {r.a, r.b} == {a, b}]
    assert len(found) == 1, f"expected exactly one route {a}-{b}, found {len(found)}"
    return found[0]


def path_cost(c: Components, path: list[str]) -> Bundle:
    total = Bundle()
    for a, b in itertools.pairwise(path):
        total = total + route(c, a, b).cost
    return total


def graph(c: Components) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(c.locations)
    g.add_edges_from((r.a, r.b) for r in c.routes)
    return g


def neighbours(c: Components, name: str) -> set[str]:
    return set(graph(c).neighbors(name))


# ------------------------------------------------------------------------------------ counts


def test_component_counts_of_the_rulebook(c):
    assert len(c.locations) == 25 and len(c.routes) == 30
    assert len(c.city_cards) == 31 and len(c.contracts) == 44 and len(c.goals) == 18
    assert len(c.outposts) == 10 and len(c.city_bonuses) == 6
    assert len(c.characters) == 10 and len({ch.name for ch in c.characters.values()}) == 8


def test_location_kinds(c):
    large = {n for n, loc in c.locations.items() if loc.is_large}
    small = {n for n, loc in c.locations.items() if loc.is_small}
    oases = {n for n, loc in c.locations.items() if loc.kind == "oasis"}
    assert large == {"Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Alexandria", "Karachi", "Sumatra"}
    assert small == {"Anxi", "Kashgar", "Xian", "Ormuz", "Adana", "Kochi"}
    assert oases == {f"Oasis-{x}" for x in "ABCDEFGHIJ"}
    assert c.start == "Venezia" and c.beijing == "Beijing"
    # brettspielwelt counts 15 named places: Venezia + Beijing + 7 + 6
    assert sum(loc.is_city for loc in c.locations.values()) == 15


def test_venezia_takes_no_post_and_beijing_has_four_vp_spaces(c):
    venezia, beijing = c.locations["Venezia"], c.locations["Beijing"]
    assert venezia.start and not venezia.takes_posts and venezia.size is None
    assert beijing.vp_spaces == (10, 7, 4, 1) and beijing.takes_posts and not beijing.outpost
    assert [n for n, loc in c.locations.items() if loc.takes_posts] == [
        n for n, loc in c.locations.items() if loc.is_city and n != "Venezia"]


def test_city_card_spaces_sumatra_has_three(c):
    assert c.locations["Sumatra"].city_cards == ("Sumatra-1", "Sumatra-2", "Sumatra-3")
    assert len(c.card_spaces) == 9
    for name, loc in c.locations.items():
        assert len(loc.city_cards) == (3 if name == "Sumatra" else 1 if loc.is_large else 0)
        assert loc.outpost == loc.is_large
    assert c.card_spaces["Moscow"] == "Moscow" and c.card_spaces["Sumatra-2"] == "Sumatra"


def test_seven_outposts_and_nine_cards_are_dealt(c):
    """Board Setup 6-7: one outpost bonus per large city (3 unused), 9 of the 31 city cards (22 unused)."""
    assert len(c.outposts) - sum(loc.outpost for loc in c.locations.values()) == 3
    assert len(c.city_cards) - len(c.card_spaces) == 22


# ------------------------------------------------------------------------------------ the map

ROUTES_A2 = [  # reference A2, every row: (from, to, extra coins, extra camels)
    ("Venezia", "Oasis-A", 0, 0), ("Venezia", "Oasis-E", 0, 3), ("Venezia", "Alexandria", 0, 0),
    ("Oasis-A", "Moscow", 0, 0), ("Moscow", "Anxi", 0, 3), ("Anxi", "Karakorum", 0, 2),
    ("Karakorum", "Oasis-B", 0, 0), ("Oasis-B", "Oasis-C", 5, 0), ("Oasis-B", "Oasis-D", 0, 0),
    ("Oasis-C", "Beijing", 0, 0), ("Oasis-D", "Beijing", 0, 3), ("Oasis-D", "Lan-Zhou", 0, 0),
    ("Beijing", "Xian", 0, 0), ("Beijing", "Oasis-J", 0, 0), ("Oasis-E", "Samarcanda", 0, 0),
    ("Oasis-E", "Oasis-G", 0, 0), ("Samarcanda", "Oasis-F", 0, 2), ("Oasis-F", "Kashgar", 0, 4),
    ("Kashgar", "Lan-Zhou", 0, 2), ("Xian", "Oasis-H", 0, 0), ("Oasis-J", "Sumatra", 0, 4),
    ("Alexandria", "Oasis-G", 7, 0), ("Alexandria", "Oasis-I", 0, 0), ("Oasis-G", "Ormuz", 0, 3),
    ("Ormuz", "Karachi", 0, 3), ("Karachi", "Oasis-H", 0, 0), ("Oasis-H", "Kochi", 0, 4),
    ("Sumatra", "Kochi", 10, 0), ("Oasis-I", "Adana", 0, 2), ("Adana", "Kochi", 15, 0),
]


@pytest.mark.parametrize(("a", "b", "coins", "camels"), ROUTES_A2)
def test_every_route_and_extra_cost_of_the_reference(c, a, b, coins, camels):
    r = route(c, a, b)
    assert (r.coins, r.camels) == (coins, camels)
    assert r.cost == Bundle(coins=coins, camels=camels)


def test_no_other_routes(c):
    assert {frozenset((r.a, r.b)) for r in c.routes} == {frozenset((a, b)) for a, b, _, _ in ROUTES_A2}


def test_route_cost_facts_of_the_audit(c):
    """Audit A1: 4 coin routes; the other priced routes cost 2, 3 or 4 camels; none costs both."""
    coin_routes = {frozenset((r.a, r.b)): r.coins for r in c.routes if r.coins}
    assert coin_routes == {frozenset(("Oasis-B", "Oasis-C")): 5, frozenset(("Alexandria", "Oasis-G")): 7,
                           frozenset(("Sumatra", "Kochi")): 10, frozenset(("Adana", "Kochi")): 15}
    assert {r.camels for r in c.routes if r.camels} == {2, 3, 4}
    assert not any(r.coins and r.camels for r in c.routes)


IDENTIFY_OASES = {  # audit A1: how to find each oasis on the board (which has no letters)
    "Oasis-A": {"Venezia", "Moscow"}, "Oasis-B": {"Karakorum"}, "Oasis-C": {"Oasis-B", "Beijing"},
    "Oasis-D": {"Lan-Zhou", "Beijing"}, "Oasis-E": {"Venezia", "Samarcanda"},
    "Oasis-F": {"Samarcanda", "Kashgar"}, "Oasis-G": {"Alexandria", "Ormuz"},
    "Oasis-H": {"Xian", "Karachi", "Kochi"}, "Oasis-I": {"Alexandria", "Adana"}, "Oasis-J": {"Beijing", "Sumatra"},
}


@pytest.mark.parametrize("oasis", sorted(IDENTIFY_OASES))
def test_each_oasis_is_found_by_its_neighbours(c, oasis):
    wanted = IDENTIFY_OASES[oasis]
    matches = [n for n, loc in c.locations.items() if loc.kind == "oasis" and wanted <= neighbours(c, n)]
    if oasis == "Oasis-C":  # "next to Oasis-B and Beijing, and not next to Lan-Zhou"
        matches = [n for n in matches if "Lan-Zhou" not in neighbours(c, n)]
    assert matches == [oasis]
    if oasis == "Oasis-B":
        assert [n for n in neighbours(c, "Karakorum") if c.locations[n].kind == "oasis"] == ["Oasis-B"]


def test_map_is_connected(c):
    assert nx.is_connected(graph(c))


def test_shortest_trip_venezia_beijing_is_seven_moves(c):
    """Audit A1 (VOMP RouteMapTest.ShortestPath), with three of the 7-move paths it names."""
    g = graph(c)
    assert nx.shortest_path_length(g, "Venezia", "Beijing") == 7
    for path in (
        ["Venezia", "Oasis-A", "Moscow", "Anxi", "Karakorum", "Oasis-B", "Oasis-C", "Beijing"],
        ["Venezia", "Oasis-A", "Moscow", "Anxi", "Karakorum", "Oasis-B", "Oasis-D", "Beijing"],
        ["Venezia", "Alexandria", "Oasis-G", "Ormuz", "Karachi", "Oasis-H", "Xian", "Beijing"],
        ["Venezia", "Alexandria", "Oasis-I", "Adana", "Kochi", "Oasis-H", "Xian", "Beijing"],
    ):
        assert nx.is_simple_path(g, path)
    assert len(list(nx.all_shortest_paths(g, "Venezia", "Beijing"))) >= 4


def test_johannes_oasis_hop_reaches_beijing_in_three_moves(c):
    """Audit A1: Venezia - Oasis-A - (hop) Oasis-C - Beijing, no route costs on the way."""
    g = graph(c)
    oases = [n for n, loc in c.locations.items() if loc.kind == "oasis"]
    g.add_edges_from(itertools.combinations(oases, 2))
    assert nx.shortest_path_length(g, "Venezia", "Beijing") == 3
    assert path_cost(c, ["Venezia", "Oasis-A"]) == Bundle() and path_cost(c, ["Oasis-C", "Beijing"]) == Bundle()


def test_card_13_move_example(c):
    """Audit A4 (VOMP): card K13 used 3 times from Samarcanda to Alexandria costs 6 + 3 = 9 camels."""
    path = ["Samarcanda", "Oasis-E", "Venezia", "Alexandria"]
    per_move = c.city_cards["K13"].options[0].pay.pay
    assert per_move.scaled(len(path) - 1) + path_cost(c, path) == Bundle(camels=9)


def test_our_coordinates_follow_real_geography(c):
    loc = c.locations
    assert all(-11 <= x.lat <= 60 and 10 <= x.lon <= 120 for x in loc.values())
    assert min(loc.values(), key=lambda x: x.lon).name == "Venezia"
    assert max(loc.values(), key=lambda x: x.lon).name == "Beijing"
    assert loc["Moscow"].lat > loc["Samarcanda"].lat > loc["Karachi"].lat > loc["Kochi"].lat > loc["Sumatra"].lat
    assert "OUR OWN" in shipped("board.toml")


def test_board_builds_the_route_graph(c):
    board = Board("voyages", c.locations, c.routes, c.start)
    assert board.graph.number_of_nodes() == 25 and board.graph.number_of_edges() == 30
    assert board.graph.nodes["Sumatra"]["city_cards"] == ("Sumatra-1", "Sumatra-2", "Sumatra-3")
    assert board.graph.edges["Adana", "Kochi", 0]["coins"] == 15


# ------------------------------------------------------------------------------------ rules


def test_travel_cost_table(c):
    """Reference A3: 1->3, 2->7 (WWPIW), 3->12, 4->12, 5->18, 6->18 (travellingman: 6 -> 18)."""
    assert c.rules.travel_coins == (3, 7, 12, 12, 18, 18)
    assert c.rules.travel_cost(1) == 3 and c.rules.travel_cost(2) == 7 and c.rules.travel_cost(6) == 18
    for bad in (0, 7):
        with pytest.raises(ValueError, match="1-6 steps"):
            c.rules.travel_cost(bad)
    assert c.rules.spaces["travel"].dice == 2


BAZAAR = {  # reference A3 / audit A3, columns 1..6 (gold 3 = D1, BGA's reading)
    "camels": [{"camels": n} for n in range(1, 7)],
    "pepper": [{"pepper": 1}, {"pepper": 2}, {"pepper": 2, "coins": 1}, {"pepper": 3},
               {"pepper": 3, "coins": 2}, {"pepper": 4}],
    "silk": [{"silk": 1}, {"silk": 2}, {"silk": 2, "camels": 1}, {"silk": 3},
             {"silk": 3, "camels": 1, "coins": 1}, {"silk": 4}],
    "gold": [{"gold": 1}, {"gold": 2}, {"gold": 2, "camels": 2}, {"gold": 3}, {"gold": 3}, {"gold": 4}],
}


@pytest.mark.parametrize("good", sorted(BAZAAR))
def test_bazaar_tables(c, good):
    space = c.rules.spaces[good]
    assert space.good == good and space.occupancy == "fee" and space.main
    assert [r.gain for r in space.by_die] == [Bundle(**b) for b in BAZAAR[good]]
    assert [space.column(v) for v in range(1, 7)] == list(space.by_die)
    assert [r.move for r in space.by_die] == ([0, 0, 0, 0, 1, 0] if good == "gold" else [0] * 6)


def test_bazaar_dice_needed_and_bad_columns(c):
    assert {g: c.rules.spaces[g].dice for g in BAZAAR} == {"camels": 1, "pepper": 1, "silk": 2, "gold": 3}
    with pytest.raises(ValueError, match="not 1-6"):
        c.rules.spaces["pepper"].column(7)
    with pytest.raises(ValueError, match="no die table"):
        c.rules.spaces["travel"].column(1)


def test_review_bsw_examples(c):
    """A 4 gives 3 pepper; two 4s give 3 silk; 3 gold needs three dice of at least 4."""
    s = c.rules.spaces
    assert s["pepper"].column(4).gain.pepper == 3
    assert s["silk"].dice == 2 and s["silk"].column(4).gain.silk == 3
    assert s["gold"].dice == 3 and min(v for v in range(1, 7) if s["gold"].column(v).gain.gold >= 3) == 4


def test_d1_gold_at_three_is_two_gold_and_two_camels(c):
    """D1 (BGA, audit recommendation): 2 gold + 2 camels, so a 4 is never worse than a 3."""
    gold = c.rules.spaces["gold"]
    assert gold.column(3) == Reward(Bundle(gold=2, camels=2))
    for good in BAZAAR:  # every row has the shape 1, 2, 2+x, 3, 3+y, 4
        assert [getattr(c.rules.spaces[good].column(v).gain, good) for v in range(1, 7)] == (
            [1, 2, 3, 4, 5, 6] if good == "camels" else [1, 2, 2, 3, 3, 4])
    assert "DISPUTED D1" in shipped("rules.toml")


def test_fixed_action_spaces(c):
    s = c.rules.spaces
    assert s["take_coins"].reward == Reward(Bundle(coins=5)) and s["take_coins"].dice == 1
    assert s["khans_favor"].reward == Reward(Bundle(camels=2), any_good=1)
    assert s["khans_favor"].occupancy == "slots" and c.rules.khan_slots == 4
    assert s["money_bag"].reward == Reward(Bundle(coins=3))
    assert (s["money_bag"].main, s["money_bag"].occupancy, s["money_bag"].dice) == (False, "free", 1)
    assert s["city_card"].occupancy == "blocked" and s["city_card"].dice == 1
    assert s["contracts"].dice == 1 and s["contracts"].reward is None
    assert [k for k, v in s.items() if v.occupancy == "fee"] == [
        "take_coins", "contracts", "camels", "pepper", "silk", "gold", "travel"]


def test_contract_space_bonuses(c):
    """Below the 5: 1 coin or 1 camel; below the 6: 2 coins or 2 camels (not mixed)."""
    b = c.rules.contract_bonus
    assert set(b) == {5, 6}
    assert b[5].choice == (Reward(Bundle(coins=1)), Reward(Bundle(camels=1)))
    assert b[6].choice == (Reward(Bundle(coins=2)), Reward(Bundle(camels=2)))
    assert c.rules.contract_spaces == 6 and c.rules.hand_limit == 2


def test_bonus_action_costs(c):
    r = c.rules
    assert r.reroll_cost == Bundle(camels=1) and r.black_die_cost == Bundle(camels=3)
    assert r.adjust_cost.scaled(2) == Bundle(camels=4)  # "adjust 1 die twice -> 4 camels"
    assert r.black_die_per_turn == 1


def test_compensation(c):
    """Below 15; LUDO: a roll of 13 gives 2."""
    assert c.rules.compensation_below == 15
    assert c.rules.compensation_below - sum((2, 2, 3, 3, 3)) == 2


def test_player_setup(c):
    r = c.rules
    assert (r.min_players, r.max_players, r.rounds) == (2, 4, 5)
    assert r.start_coins == (7, 8, 9, 10)
    assert r.start == Bundle(camels=2, vp=50)  # score figure on the 50 space (Player Setup 7)
    assert (r.dice_per_player, r.posts_per_player, r.start_contracts, r.goals_per_player) == (5, 9, 1, 2)
    assert r.expert_goals_dealt == 4 and r.expert_characters_extra == 1
    assert r.black_dice == {p: p + 1 for p in (2, 3, 4)} and r.white_dice == 1


def test_fixed_neutral_dice(c):
    n = c.rules.neutral
    assert set(n) == {2, 3}
    assert n[3].khan == (1,) and n[3].take_coins == 0
    assert n[2].khan == (1, 1) and n[2].take_coins == 1


def test_contract_piles(c):
    """Board Setup 8: 6 starting contracts aside, 5 piles of 6, 8 left over form the special pile."""
    r = c.rules
    assert len(c.starting_contracts) == 6 and len(c.deck_contracts) == 38
    assert len(c.deck_contracts) - r.contract_piles * r.contract_pile_size == 8
    assert r.contract_pile_size == r.contract_spaces


def test_scoring_numbers(c):
    r = c.rules
    assert r.post_vp == {8: 5, 9: 10}
    assert r.goal_cities_vp == (0, 1, 3, 6, 10)
    assert (r.coins_per_vp, r.goods_per_vp, r.most_contracts_vp) == (10, 2, 7)


# ------------------------------------------------------------------------------------ contracts

CONTRACTS_A6 = {  # reference A6 (BGA ids): pay, reward. C02 = D2 (BGA's 1 silk)
    "C00": ({"camels": 2, "pepper": 3, "gold": 2}, {"camels": 5, "vp": 7}),
    "C01": ({"camels": 3, "pepper": 1, "silk": 1, "gold": 1}, {"contract": 1, "vp": 6}),
    "C02": ({"camels": 2, "silk": 1, "gold": 2}, {"camels": 4, "vp": 6}),
    "C06": ({"camels": 1, "silk": 3}, {"any_good": 1, "vp": 3}),
    "C09": ({"camels": 2, "pepper": 2, "gold": 1}, {"move": 1, "vp": 4}),
    "C10": ({"camels": 2, "silk": 3, "pepper": 2}, {"any_good": 1, "black_die": 1, "vp": 5}),
    "C14": ({"camels": 3, "pepper": 1, "silk": 1, "gold": 1}, {"different_goods": 2, "vp": 5}),
    "C18": ({"camels": 1, "pepper": 3}, {"black_die": 1, "vp": 2}),
    "C21": ({"camels": 2, "silk": 2, "gold": 3}, {"coins": 7, "vp": 9}),
    "C23": ({"camels": 3, "pepper": 1, "silk": 2, "gold": 1}, {"camels": 3, "contract": 1, "vp": 5}),
    "C29": ({"camels": 2, "silk": 1, "gold": 1}, {"different_goods": 2, "vp": 4}),
    "C33": ({"camels": 3, "pepper": 1, "silk": 1, "gold": 2}, {"coins": 5, "vp": 7}),
    "C35": ({"camels": 3, "pepper": 1, "silk": 2, "gold": 1}, {"camels": 3, "coins": 4, "vp": 5}),
    "C36": ({"camels": 1, "gold": 4}, {"move": 1, "vp": 7}),
    "C38": ({"camels": 1, "pepper": 4}, {"contract": 1, "vp": 3}),
    "C39": ({"camels": 2, "silk": 1, "pepper": 1}, {"contract": 1, "vp": 5}),
    "C40": ({"camels": 2, "pepper": 1, "gold": 1}, {"black_die": 1, "vp": 4}),
    "C41": ({"camels": 1, "gold": 1}, {"camels": 3, "vp": 2}),
    "C42": ({"camels": 1, "pepper": 3}, {"move": 1, "vp": 1}),
    "C43": ({"camels": 1, "silk": 2}, {"coins": 5, "vp": 3}),
}
ICONS = ("any_good", "different_goods", "contract", "move", "black_die")


@pytest.mark.parametrize("ident", sorted(CONTRACTS_A6))
def test_contracts_of_the_reference(c, ident):
    pay, reward = CONTRACTS_A6[ident]
    contract = c.contracts[ident]
    assert contract.cost.pay == Bundle(**pay) and not contract.cost.any_good and not contract.cost.different_goods
    gain = {k: v for k, v in reward.items() if k not in ICONS}
    assert contract.reward.gain == Bundle(**gain)
    assert {k: getattr(contract.reward, k) for k in ICONS} == {k: reward.get(k, 0) for k in ICONS}


def test_starting_contracts(c):
    assert c.starting_contracts == ("C29", "C39", "C40", "C41", "C42", "C43")


def test_every_contract_pays_camels_and_goods_for_vp(c):
    for contract in c.contracts.values():
        assert contract.cost.pay.camels >= 1 and contract.cost.pay.coins == 0 and contract.cost.pay.vp == 0
        assert contract.cost.pay.pepper + contract.cost.pay.silk + contract.cost.pay.gold >= 1
        assert contract.reward.gain.vp >= 1 and not contract.reward.choice


def test_d2_contract_c02_takes_bga_one_silk(c):
    """D2: 1 silk (BGA), matching the 6-VP tier of its siblings with the same cost (audit A5)."""
    same_cost = sorted(k for k, v in c.contracts.items() if v.cost == c.contracts["C02"].cost)
    assert same_cost == ["C02", "C19", "C24"]
    assert {c.contracts[k].reward.gain.vp for k in same_cost} == {6}
    two_silk_two_gold = [v for v in c.contracts.values() if v.cost.pay == Bundle(camels=2, silk=2, gold=2)]
    assert {v.reward.gain.vp for v in two_silk_two_gold} == {7}
    assert re.search(r"C02.*\n.*DISPUTED D2.*physical copy", shipped("contracts.toml"))


def test_reward_icon_counts_over_the_deck(c):
    """Icon tallies of reference A6: 4 "good of choice", 4 "2 different goods", 7 contract, 7 move, 7 black die."""
    totals = {k: sum(getattr(v.reward, k) for v in c.contracts.values()) for k in ICONS}
    assert totals == {"any_good": 4, "different_goods": 2 * 4, "contract": 7, "move": 7, "black_die": 7}


# ------------------------------------------------------------------------------------ goals

GOALS_A7 = [
    ("Moscow", "Xian", 4), ("Moscow", "Ormuz", 5), ("Moscow", "Kashgar", 7), ("Karakorum", "Xian", 4),
    ("Karakorum", "Kochi", 5), ("Karakorum", "Adana", 7), ("Lan-Zhou", "Kochi", 4), ("Lan-Zhou", "Adana", 5),
    ("Lan-Zhou", "Ormuz", 6), ("Samarcanda", "Xian", 4), ("Samarcanda", "Adana", 5), ("Samarcanda", "Kochi", 7),
    ("Alexandria", "Anxi", 4), ("Alexandria", "Kashgar", 5), ("Sumatra", "Ormuz", 6), ("Sumatra", "Anxi", 8),
    ("Karachi", "Kashgar", 5), ("Karachi", "Anxi", 7),
]


def test_all_goal_cards(c):
    assert [(g.cities[0], g.cities[1], g.vp) for g in c.goals.values()] == GOALS_A7
    assert list(c.goals) == [f"G{i:02d}" for i in range(18)]


def test_every_goal_pairs_a_large_and_a_small_city(c):
    for g in c.goals.values():
        assert c.locations[g.cities[0]].is_large and c.locations[g.cities[1]].is_small


# ------------------------------------------------------------------------------------ city cards


def test_card_kinds(c):
    kinds = {k: [i for i, card in c.city_cards.items() if card.kind == k] for k in
             ("exchange", "by_die", "count", "city_bonus")}
    assert kinds["by_die"] == ["K00", "K01", "K18", "K26"]
    assert kinds["count"] == ["K02", "K15", "K22", "K24"]
    assert kinds["city_bonus"] == ["K23", "K25"]
    assert len(kinds["exchange"]) == 21


def test_die_table_cards(c):
    cards = c.city_cards
    assert [r.gain.coins for r in cards["K00"].by_die] == [2 * v for v in range(1, 7)]
    assert [r.gain.gold for r in cards["K01"].by_die] == [1, 1, 1, 1, 1, 3]
    assert [r.gain.pepper for r in cards["K18"].by_die] == [1, 3, 3, 3, 3, 3]
    assert [r.gain.silk for r in cards["K26"].by_die] == [1, 1, 1, 3, 3, 3]


def test_count_cards(c):
    got = {k: (c.city_cards[k].counts, c.city_cards[k].gain) for k in ("K02", "K15", "K22", "K24")}
    assert got == {"K02": ("posts", Bundle(vp=1)), "K15": ("completed_contracts", Bundle(vp=1)),
                   "K22": ("posts", Bundle(coins=2)), "K24": ("completed_contracts", Bundle(coins=2))}


EXCHANGES_A5 = {  # reference A5: pay -> gain (single-option cards)
    "K03": ({"gold": 2}, {"vp": 4}), "K04": ({"camels": 1, "pepper": 1}, {"coins": 2, "vp": 2}),
    "K05": ({"silk": 2}, {"vp": 3}), "K06": ({"camels": 3}, {"pepper": 1, "silk": 1, "gold": 1}),
    "K07": ({"camels": 1, "silk": 1}, {"coins": 8}), "K08": ({"camels": 1, "gold": 1}, {"coins": 9}),
    "K09": ({"camels": 1, "silk": 1}, {"coins": 4, "vp": 2}), "K10": ({"camels": 2, "silk": 1}, {"vp": 4}),
    "K11": ({"camels": 1, "pepper": 1}, {"coins": 7}), "K14": ({"camels": 2}, {"coins": 2, "vp": 1}),
    "K17": ({"camels": 1}, {"vp": 1}), "K20": ({"camels": 1, "gold": 1}, {"coins": 6, "vp": 2}),
    "K21": ({"camels": 1, "gold": 1}, {"vp": 4}), "K28": ({"pepper": 2}, {"vp": 2}),
    "K29": ({"camels": 3, "pepper": 1}, {"vp": 4}),
}


@pytest.mark.parametrize("ident", sorted(EXCHANGES_A5))
def test_exchange_cards(c, ident):
    pay, gain = EXCHANGES_A5[ident]
    card = c.city_cards[ident]
    assert card.kind == "exchange" and len(card.options) == 1
    assert card.options[0].pay.pay == Bundle(**pay) and card.options[0].gain == Reward(Bundle(**gain))


def test_icon_exchange_cards(c):
    cards = c.city_cards
    assert cards["K12"].options[0].pay.pay == Bundle(coins=2) and cards["K12"].options[0].gain == Reward(any_good=1)
    assert cards["K13"].options[0].pay.pay == Bundle(camels=2) and cards["K13"].options[0].gain == Reward(move=1)


def test_two_way_cards_and_the_same_exchange_rule(c):
    """K16 repeats the same exchange (supplement); K19 and K27 may mix directions (audit A4)."""
    k16, k19, k27 = (c.city_cards[k] for k in ("K16", "K19", "K27"))
    assert [(o.pay.pay, o.gain.gain) for o in k16.options] == [
        (Bundle(camels=1), Bundle(coins=3)), (Bundle(coins=1), Bundle(camels=1))]
    assert not k16.mixed and "same choice each time" in str(k16)
    assert [(o.pay.pay, o.gain.gain) for o in k19.options] == [
        (Bundle(vp=1), Bundle(coins=3)), (Bundle(coins=3), Bundle(vp=1))]
    assert k19.mixed and k27.mixed
    assert [(o.pay.any_good, o.gain.gain.camels) for o in k27.options] == [(1, 2), (0, 0)]
    assert k27.options[1].pay.pay == Bundle(camels=2) and k27.options[1].gain == Reward(any_good=1)
    assert sum(card.mixed for card in c.city_cards.values()) == 2


def test_d3_card_30_pays_two_different_goods_per_move(c):
    option = c.city_cards["K30"].options[0]
    assert option.pay.different_goods == 2 and option.pay.any_good == 0 and not option.pay.pay
    assert option.gain == Reward(move=1)
    assert "DISPUTED D3" in shipped("city_cards.toml")


def test_city_bonus_cards(c):
    k23, k25 = c.city_cards["K23"], c.city_cards["K25"]
    assert k23.times == (1, 1, 1, 1, 2, 2) and not k23.pay
    assert k25.times == (1, 2, 3, 4, 5, 6) and k25.pay.pay == Bundle(coins=1)


def test_card_25_worked_example(c):
    """Audit A4 (VOMP): posts in Anxi, Adana and Xian (D copies Anxi); card K25 with a 6, 3 coins:
    paying 3 coins gives 5 + (3 + 1 camel) + 5, ending with 13 coins and 1 camel."""
    bonus = {letter: r.gain for letter, r in c.city_bonuses.items()}
    city = {v: k for k, v in c.bonus_cities.items()}
    gained = bonus[city["Anxi"]] + bonus[city["Adana"]] + bonus["A"]  # Xian's D copies A
    assert c.city_bonuses[city["Xian"]].copy_bonus
    uses = 3
    assert uses <= c.city_cards["K25"].times[6 - 1]
    assert Bundle(coins=3) + gained + Bundle(coins=-uses * c.city_cards["K25"].pay.pay.coins) == Bundle(
        coins=13, camels=1)


def test_card_text(c):
    assert str(c.city_cards["K00"]).startswith("die 1: 2 coins; die 2: 4 coins")
    assert str(c.city_cards["K02"]) == "1 VP per trading post on the board, counting at most the die value"
    assert "paying 1 coin each time" in str(c.city_cards["K25"])
    assert str(c.city_cards["K30"]) == (
        "pay 2 different goods for 1 move, up to die value times (any choice each time)")


# ------------------------------------------------------------------------------------ bonuses


def test_city_bonuses_and_standard_placement(c):
    """Reference A8 / audit A6 (BGA default_location)."""
    b = c.city_bonuses
    assert b["A"] == Reward(Bundle(coins=5)) and b["B"] == Reward(Bundle(camels=3))
    assert b["C"] == Reward(different_goods=2) and b["D"] == Reward(copy_bonus=True)
    assert b["E"] == Reward(Bundle(coins=3, camels=1)) and b["F"] == Reward(Bundle(vp=3))
    assert c.bonus_cities == {"A": "Anxi", "B": "Ormuz", "C": "Kashgar", "D": "Xian", "E": "Adana", "F": "Kochi"}
    assert sum(r.copy_bonus for r in b.values()) == 1


def test_outpost_bonuses(c):
    """Reference A9: 3 coins, 5 coins, 1 good of choice, 2 gold, 2 silk, 2 camels, 3 camels, move 1,
    1 contract (special pile), 1 black die."""
    wanted = [Reward(Bundle(coins=3)), Reward(Bundle(coins=5)), Reward(any_good=1), Reward(Bundle(gold=2)),
              Reward(Bundle(silk=2)), Reward(Bundle(camels=2)), Reward(Bundle(camels=3)), Reward(move=1),
              Reward(contract=1), Reward(black_die=1)]
    assert list(c.outposts.values()) == wanted


# ------------------------------------------------------------------------------------ characters


def test_character_tiles(c):
    assert list(c.characters) == ["Raschid", "Matteo", "Mercator-4", "Mercator-3", "Mercator-2", "Kubilai",
                                  "Berke", "Niccolo", "Wilhelm", "Johannes"]
    assert c.rules.first_game == ("Raschid", "Matteo", "Berke", "Mercator-4")
    for players in (2, 3, 4):
        tiles = c.characters_for(players)
        assert len(tiles) == 8 and len({t.name for t in tiles}) == 8
        assert c.character("Mercator ex Tabriz", players=players).id == f"Mercator-{players}"


def test_character_parameters(c):
    ch = c.characters
    assert ch["Raschid"].choose_dice and not ch["Raschid"].compensation
    assert all(t.compensation for k, t in ch.items() if k != "Raschid")
    assert ch["Matteo"].white_die == 1 and ch["Matteo"].round_reward == Reward(contract=1)
    assert [(ch[k].bazaar_share, ch[k].khan_share, ch[k].take_coins_share) for k in
            ("Mercator-4", "Mercator-3", "Mercator-2")] == [
        (1, Bundle(), Bundle()), (1, Bundle(camels=1), Bundle()), (1, Bundle(camels=1), Bundle(coins=2))]
    assert ch["Kubilai"].start_location == "Beijing" and ch["Kubilai"].start_posts == ("Beijing",)
    assert c.locations[ch["Kubilai"].start_posts[0]].vp_spaces[0] == 10  # "onto the 10 victory point space"
    assert ch["Berke"].free_occupied
    assert ch["Niccolo"].figures == 2 and ch["Niccolo"].round_reward == Reward(Bundle(camels=1))
    w = ch["Wilhelm"]
    assert (w.extra_posts, w.all_posts_vp, w.posts_passing) == (2, 10, True)
    assert c.rules.posts_per_player + w.extra_posts == 11
    assert ch["Johannes"].oasis_hop and ch["Johannes"].round_reward == Reward(Bundle(coins=3))
    # no ability leaks onto another character
    assert [k for k, t in ch.items() if t.figures != 1 or t.free_occupied or t.oasis_hop or t.posts_passing
            or t.choose_dice or t.white_die or t.start_location] == [
        "Raschid", "Matteo", "Kubilai", "Berke", "Niccolo", "Wilhelm", "Johannes"]


def test_character_lookup(c):
    assert c.character("William of Rubruck").id == "Wilhelm"
    assert c.character("Rashid ad-Din Sinan").id == "Raschid"
    assert c.character("Johannes Carpini") is c.characters["Johannes"]
    with pytest.raises(ValueError, match="unknown character 'Marco'"):
        c.character("Marco")
    with pytest.raises(ValueError, match="one tile per player count"):
        c.character("Mercator ex Tabriz")
    with pytest.raises(ValueError, match="players=5"):
        c.character("Mercator ex Tabriz", players=5)


# ------------------------------------------------------------------------------------ immutability


def test_shared_frozen_and_round_trips(c):
    assert components() is c
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.contracts["C00"].starting = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.rules.rounds = 6  # type: ignore[misc]
    for item in (c.contracts["C10"], c.city_cards["K16"], c.routes[0], c.locations["Sumatra"], c.rules,
                 c.characters["Mercator-2"], c.goals["G15"]):
        assert pickle.loads(pickle.dumps(item)) == item
        assert copy.deepcopy(item) == item
    again = load_components()
    assert again == c and again is not c


def test_reward_and_cost_text(c):
    assert str(c.contracts["C10"].reward) == "5 VP, 1 good of your choice, 1 black die"
    assert str(c.rules.contract_bonus[6]) == "(2 coins) or (2 camels)"
    assert str(c.contracts["C00"].cost) == "2 camels, 3 pepper, 2 gold"
    assert str(c.city_bonuses["D"]) == "the bonus of another city bonus marker"


def test_resource_and_icon_texts_are_grammatical():
    assert str(Bundle(coins=1, camels=1, silk=1, vp=1)) == "1 coin, 1 camel, 1 silk, 1 VP"
    assert str(Reward(Bundle(coins=2, camels=2, gold=2), any_good=1, contract=1, move=1, black_die=1)) == (
        "2 coins, 2 camels, 2 gold, 1 good of your choice, 1 contract from the special pile, 1 move, 1 black die")
    assert str(Reward(any_good=2, different_goods=3, contract=2, move=2, black_die=2)) == (
        "2 goods of your choice, 3 different goods, 2 contracts from the special pile, 2 moves, 2 black dice")


# ------------------------------------------------------------------------------------ validation


def broken(file: str, old: str, new: str, count: int = 1) -> dict[str, str]:
    text = shipped(file)
    assert text.count(old) >= count, f"{old!r} not in {file}"
    return {file: text.replace(old, new, count)}


def fails(files: dict[str, str], *patterns: str) -> str:
    with pytest.raises(DataError) as info:
        load_components(files)
    message = str(info.value)
    for p in patterns:
        assert re.search(p, message), f"{p!r} not in {message!r}"
    return message


BROKEN = [
    # (file, old, new, expected message parts)
    ("board.toml", 'between = ["Adana", "Kochi"]', 'between = ["Adana", "Cochin"]',
     [r"board\.toml", "route Adana-Cochin", "unknown location 'Cochin'"]),
    ("board.toml", 'between = ["Adana", "Kochi"]', 'between = ["Kochi", "Sumatra"]',
     [r"board\.toml", "route Kochi-Sumatra", "duplicate route"]),
    ("board.toml", 'between = ["Adana", "Kochi"]', 'between = ["Adana", "Adana"]',
     [r"board\.toml", "two different locations"]),
    ("board.toml", "coins = 15", "coins = -15", [r"route Adana-Kochi", "coins must be at least 0"]),
    ("board.toml", "coins = 15", 'coins = "15"', [r"route Adana-Kochi", "coins must be int"]),
    ("board.toml", "coins = 15", "coins = true", [r"route Adana-Kochi", "coins must be int"]),
    ("board.toml", "coins = 15", "jade = 1", [r"route Adana-Kochi", "unknown key.*jade"]),
    ("board.toml", 'name = "Venezia"\nkind = "city"\nlat = 45.44', 'name = "Venezia"\nkind = "city"\nlat = 145.44',
     ["location 'Venezia'", "out of range"]),
    ("board.toml", 'name = "Moscow"\nkind = "city"', 'name = "Moscow"\nkind = "town"',
     ["location 'Moscow'", "kind 'town' is not a known location kind"]),
    ("board.toml", "city_cards = 3", "city_cards = 2", [r"board\.toml", "9 city-card spaces, found 8"]),
    ("board.toml", 'city_bonus = "F"', 'city_bonus = "E"', [r"board\.toml", "letters A-F once each"]),
    ("board.toml", 'city_bonus = "F"', 'city_bonus = "G"', ["location 'Kochi'", "not a known city bonus letter"]),
    ("board.toml", 'size = "small"\ncity_bonus = "F"', 'city_bonus = "F"',
     ["location 'Kochi'", "only they, have a city bonus letter"]),
    ("board.toml", 'name = "Oasis-J"', 'name = "Oasis-J"\nsize = "small"', ["location 'Oasis-J'", "an oasis has no"]),
    ("board.toml", 'name = "Oasis-J"      # next to Beijing and Sumatra; placed at Guangzhou\nkind = "oasis"',
     'name = "Oasis-J"\nkind = "city"', [r"board\.toml: the game has 10 oasis location\(s\), found 9"]),
    ("board.toml", "vp_spaces = [10, 7, 4, 1]", "vp_spaces = [7, 10, 4, 1]",
     ["location 'Beijing'", "highest first"]),
    ("board.toml", 'name = "Anxi"', 'name = "anxi"', ["location 'anxi'", "capitalised words"]),
    ("board.toml", "[[route]]\nbetween", "[[rout]]\nbetween", [r"board\.toml", "unknown top-level key.*rout"]),
    ("rules.toml", "travel_coins = [3, 7, 12, 12, 18, 18]", "travel_coins = [3, 7, 12, 12, 18]",
     [r"rules\.toml", "travel_coins must list 6 values"]),
    ("rules.toml", "travel_coins = [3, 7, 12, 12, 18, 18]", "travel_coins = [3, 7, 12, 10, 18, 18]",
     [r"rules\.toml", "never decrease"]),
    ("rules.toml", "start_coins = [7, 8, 9, 10]", "start_coins = [7, 8, -9, 10]",
     [r"rules\.toml", "start_coins must list integers of at least 0"]),
    ("rules.toml", "black_dice = { 2 = 3, 3 = 4, 4 = 5 }", "black_dice = { 2 = 3, 4 = 5 }",
     [r"rules\.toml", "every player count 2-4"]),
    ("rules.toml", "black_dice = { 2 = 3, 3 = 4, 4 = 5 }", "black_dice = { 2 = 3, 3 = 4, 5 = 5 }",
     [r"rules\.toml", "key '5' must be a number from 2 to 4"]),
    ("rules.toml", "  { gold = 3, move = 1 },\n", "", [r"rules\.spaces\.gold", "one reward per die value"]),
    ("rules.toml", "{ gold = 2, camels = 2 }", "{ gold = 2, jade = 2 }", [r"spaces\.gold\.by_die\[2\]", "jade"]),
    ("rules.toml", "{ gold = 2, camels = 2 }", "{}", [r"spaces\.gold\.by_die\[2\]", "empty reward"]),
    ("rules.toml", 'occupancy = "blocked"', 'occupancy = "brown"', [r"spaces\.city_card", "occupancy rule"]),
    ("rules.toml", "[spaces.money_bag]", "[spaces.moneybag]", [r"rules\.spaces", "unknown key.*moneybag"]),
    ("rules.toml", "6 = { choice = [{ coins = 2 }, { camels = 2 }] }", "7 = { choice = [{ coins = 2 }] }",
     [r"contract_bonus", "number from 1 to 6"]),
    ("rules.toml", "5 = { choice = [{ coins = 1 }, { camels = 1 }] }", "5 = { choice = [{ coins = 1 }] }",
     [r"contract_bonus\.5", "at least 2 options"]),
    ("rules.toml", "khan = [1, 1]", "khan = [1, 1, 1, 1, 1]", [r"neutral\.2", "at most 4 values"]),
    ("rules.toml", "contract_piles = 5", "contract_piles = 7", [r"rules\.toml", "special pile"]),
    ("rules.toml", '"Mercator-4"]', '"Mercator"]', [r"rules\.toml", "first_game: 'Mercator'"]),
    ("rules.toml", "rounds = 5", "rounds = 0", [r"rules\.toml", "rounds must be at least 1"]),
    ("rules.toml", "rounds = 5", "round = 5", [r"rules\.toml", r"unknown key\(s\) round \("]),
    ("contracts.toml", 'id = "C43"', 'id = "C42"', [r"contracts\.toml", "duplicate id 'C42'"]),
    ("contracts.toml", 'id = "C43"\nstarting = true', 'id = "C43"', [r"contracts\.toml", "6 starting contracts"]),
    ("contracts.toml", "reward = { coins = 5, vp = 3 }", "reward = { coins = 5 }",
     ["contract 'C43'", "includes VP"]),
    ("contracts.toml", "cost = { camels = 1, silk = 2 }", "cost = { camels = 1, silk = 2, jade = 1 }",
     [r"contract 'C43'\.cost", "unknown key.*jade"]),
    ("contracts.toml", "cost = { camels = 1, silk = 2 }", "cost = {}", [r"contract 'C43'\.cost", "empty cost"]),
    ("contracts.toml", "cost = { camels = 1, silk = 2 }", "cost = 3", ["contract 'C43'", "expected a table"]),
    ("goals.toml", 'cities = ["Karachi", "Anxi"]', 'cities = ["Karachi", "Venezia"]',
     ["goal 'G17'", "'Venezia' is not a city.*where posts can be placed"]),
    ("goals.toml", 'cities = ["Karachi", "Anxi"]', 'cities = ["Karachi", "Karachi"]',
     ["goal 'G17'", "two different cities"]),
    ("goals.toml", 'cities = ["Karachi", "Anxi"]', 'cities = ["Karachi", "Oasis-A"]',
     ["goal 'G17'", "'Oasis-A' is not a city"]),
    ("goals.toml", "vp = 7", "vp = 0", ["goal 'G02'", "vp must be at least 1"]),
    ("goals.toml", '[[goal]]\nid = "G17"', '[[goals]]\nid = "G17"', [r"goals\.toml", "unknown top-level key"]),
    ("city_cards.toml", 'id = "K02"\nkind = "count"\ncounts = "posts"', 'id = "K02"\nkind = "count"\ncounts = "cities"',
     ["card 'K02'", "counts 'cities' is not a known count"]),
    ("city_cards.toml", "times = [1, 1, 1, 1, 2, 2]", "times = [1, 1, 2, 2]", ["card 'K23'", "times must list 6"]),
    ("city_cards.toml", 'kind = "by_die"\nby_die = [{ gold', 'kind = "by_die"\nmixed = true\nby_die = [{ gold',
     ["card 'K01'", "unknown key.*mixed"]),
    ("city_cards.toml", 'id = "K17"\nkind = "exchange"\noptions = [{ pay = { camels = 1 }, gain = { vp = 1 } }]',
     'id = "K17"\nkind = "exchange"\noptions = []', ["card 'K17'", "at least one option"]),
    ("city_cards.toml", 'id = "K17"\nkind = "exchange"', 'id = "K17"\nkind = "swap"', ["card 'K17'", "city card kind"]),
    ("city_bonuses.toml", 'id = "F"', 'id = "G"', [r"city_bonuses\.toml", "lettered A-F"]),
    ("city_bonuses.toml", "reward = { copy_bonus = true }", 'reward = { copy_bonus = "yes" }',
     ["marker 'D'", "copy_bonus must be bool"]),
    ("outposts.toml", 'id = "Black-Die"\nreward = { black_die = 1 }', 'id = "Black-Die"\nreward = { black_die = -1 }',
     ["tile 'Black-Die'", "black_die must be at least 0"]),
    ("outposts.toml", '[[tile]]\nid = "Black-Die"\nreward = { black_die = 1 }', "",
     [r"outposts\.toml", "expected 10 \\[\\[tile\\]\\] entries, found 9"]),
    ("characters.toml", "players = 2\n", "players = 5\n", ["Mercator ex Tabriz", "one per player count 2-4"]),
    ("characters.toml", 'start_location = "Beijing"', 'start_location = "Peking"',
     ["character 'Kubilai'", "'Peking' is not a known location"]),
    ("characters.toml", 'start_posts = ["Beijing"]', 'start_posts = ["Venezia"]',
     ["character 'Kubilai'", "where posts can be placed"]),
    ("characters.toml", "figures = 2", "figures = 0", ["character 'Niccolo'", "figures must be at least 1"]),
    ("characters.toml", "oasis_hop = true", "oasis_hops = true", ["character 'Johannes'", "unknown key.*oasis_hops"]),
    ("characters.toml", 'name = "Berke Khan"', 'name = "Kubilai Khan"',
     [r"characters\.toml", "8 different characters, found 7"]),
]


@pytest.mark.parametrize(("file", "old", "new", "patterns"), BROKEN, ids=[f"{b[0]}:{i}" for i, b in enumerate(BROKEN)])
def test_broken_data_raises_data_error_naming_file_and_entry(file, old, new, patterns):
    fails(broken(file, old, new), *patterns)


def test_disconnected_map_is_rejected():
    files = broken("board.toml", 'between = ["Oasis-J", "Sumatra"]', 'between = ["Venezia", "Moscow"]')
    files = {"board.toml": files["board.toml"].replace('between = ["Sumatra", "Kochi"]',
                                                       'between = ["Venezia", "Beijing"]')}
    fails(files, r"board\.toml", "not connected", "Sumatra")


def test_invalid_toml_and_unknown_files():
    fails({"goals.toml": "[[goal]\n"}, r"goals\.toml: not valid TOML")
    fails({"goal.toml": ""}, "unknown data file.*goal.toml", "goals.toml")
    assert set(FILES) == {p.name for p in resources.files("mp_notebook.rulesets.voyages").joinpath("data").iterdir()
                          if p.name.endswith(".toml")}


def test_a_broken_copy_changes_nothing(c):
    before = components()
    fails(broken("contracts.toml", 'id = "C43"', 'id = "C42"'), "duplicate")
    assert components() is before and before.contracts["C43"].reward.gain.coins == 5


VALUE = re.compile(r'(?<== )(-?\d+(?:\.\d+)?|"[^"\n]*"|true|false)')
BAD_VALUES = ("-1", '"x"', "true", "[]", "{}", "2.5", '"Nowhere"', "[1, 2]")


@pytest.mark.parametrize("file", FILES)
def test_any_malformed_value_gives_a_data_error(file):
    """Each of the first values of every file, replaced by a value of another type or sign, either
    still loads (e.g. a float latitude) or raises DataError: never a raw exception."""
    text = shipped(file)
    rejected = 0
    for i, m in enumerate(itertools.islice(VALUE.finditer(text), 16)):
        bad = BAD_VALUES[i % len(BAD_VALUES)]
        try:
            load_components({file: text[:m.start()] + bad + text[m.end():]})
        except DataError as exc:
            rejected += 1
            assert re.match(r"^[a-z_]+\.toml: ", str(exc)), str(exc)
    assert rejected >= 10
