"""The reconstructed Marco Polo II components satisfy every known fact (reference/mp2.md, section C),
and the loader rejects malformed data with errors that name the file and the entry."""

from __future__ import annotations

import itertools
import re
from importlib import resources

import networkx as nx
import pytest

from mp_notebook.engine.errors import DataError
from mp_notebook.rulesets.mp2.components import (
    REWARD_ICONS,
    Bundle,
    Components,
    Cost,
    Reward,
    Route,
    components,
    load_components,
)


@pytest.fixture(scope="module")
def c() -> Components:
    return components()


def shipped(name: str) -> str:
    return resources.files("mp_notebook.rulesets.mp2").joinpath("data").joinpath(name).read_text("utf-8")


def route(c: Components, a: str, b: str) -> Route:
    found = [r for r in c.routes if {r.a, r.b} == {a, b}]
    assert len(found) == 1, f"expected exactly one route {a}-{b}, found {len(found)}"
    return found[0]


def path_cost(c: Components, path: list[str]) -> Bundle:
    total = Bundle()
    for a, b in itertools.pairwise(path):
        cost = route(c, a, b).cost
        total = Bundle(**{k: getattr(total, k) + getattr(cost, k) for k in ("coins", "camels", "jade")})
    return total


def graph(c: Components, *, seals: bool = True) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(c.locations)
    for r in c.routes:
        if seals or r.seal is None:
            g.add_edge(r.a, r.b, weight=r.coins + r.camels + 3 * r.jade)
    return g


def is_oasis(c: Components, name: str) -> bool:
    return c.locations[name].kind == "oasis"


# ------------------------------------------------------------------------------------ the map


def test_named_cities_exist(c):
    for name in ("Beijing", "Kashgar", "Baghdad", "Balkh", "Hormuz", "Xanadu", "Yangzhou", "Pagan",
                 "Jaipur", "Xian", "Fuzhou", "Kabul"):
        assert c.locations[name].is_city, name


def test_city_and_oasis_counts(c):
    cities = [loc for loc in c.locations.values() if loc.is_city]
    oases = [loc for loc in c.locations.values() if not loc.is_city]
    assert 22 <= len(cities) <= 28
    assert 6 <= len(oases) <= 10
    assert all(loc.name.endswith("-Oasis") for loc in oases)


def test_beijing_is_the_featureless_start(c):
    b = c.locations["Beijing"]
    assert b.start and b.shield is None
    assert not (b.city_bonus or b.contracts or b.outpost or b.special or b.city_cards)
    assert [loc.name for loc in c.locations.values() if loc.start] == ["Beijing"]


def test_beijing_is_east_and_kashgar_north_west(c):
    cities = [loc for loc in c.locations.values() if loc.is_city]
    by_lon = sorted(cities, key=lambda loc: -loc.lon)
    assert "Beijing" in [loc.name for loc in by_lon[:3]]  # top right of the board
    k = c.locations["Kashgar"]
    median_lat = sorted(loc.lat for loc in cities)[len(cities) // 2]
    assert k.lat > median_lat  # north
    assert k.lon < c.locations["Beijing"].lon - 30  # far west of Beijing
    assert k.lon < sum(loc.lon for loc in cities) / len(cities)  # west of the board's centre


def test_kashgar_features(c):
    k = c.locations["Kashgar"]
    assert k.city_bonus and k.outpost and k.city_cards == ("Kashgar",)


def test_special_cities(c):
    specials = {loc.name for loc in c.locations.values() if loc.special}
    assert specials == {"Baghdad", "Balkh", "Hormuz"}
    assert all(c.locations[s].city_bonus for s in specials)
    assert set(c.special_cities) == specials


def test_city_card_spaces(c):
    assert dict(c.card_spaces) == {
        "Xanadu": "Xanadu", "Yangzhou": "Yangzhou", "Kashgar": "Kashgar", "Pagan": "Pagan",
        "Jaipur-Left": "Jaipur", "Jaipur-Right": "Jaipur",
    }


def test_feature_counts(c):
    cities = [loc for loc in c.locations.values() if loc.is_city]
    assert sum(loc.city_bonus for loc in cities) == 6
    assert sum(loc.contracts for loc in cities) == 5
    assert sum(loc.outpost for loc in cities) == 10
    bonus = {loc.name for loc in cities if loc.city_bonus}
    assert {"Baghdad", "Balkh", "Hormuz", "Kashgar"} < bonus


def test_nine_shields_some_repeat(c):
    shields = [loc.shield for loc in c.locations.values() if loc.is_city and not loc.start]
    assert all(shields)
    assert len(set(shields)) == 9 == len(c.shields)
    assert len(shields) > 9


def test_coordinates_are_in_asia_and_the_middle_east(c):
    for loc in c.locations.values():
        assert 10 <= loc.lat <= 55 and 35 <= loc.lon <= 125, loc.name


def test_map_connected_and_every_route_costs_something(c):
    assert nx.is_connected(graph(c))
    for r in c.routes:
        assert r.coins + r.camels + r.jade > 0, f"{r.a}-{r.b}"
        assert (r.kind == "sea") == (r.seal is not None)
    pairs = [frozenset((r.a, r.b)) for r in c.routes]
    assert len(pairs) == len(set(pairs)), "at most one route between two locations"


def test_sea_routes_for_every_seal_and_jade_routes(c):
    assert {r.seal for r in c.routes if r.kind == "sea"} == {"farmer", "spicer", "tailor", "jeweler"}
    assert sum(r.jade > 0 for r in c.routes) >= 3


def test_xian_fuzhou_jaipur(c):
    """Xian -> Fuzhou -> Jaipur: 4 moves, 2 of them oases, 8 coins + 4 camels (rulebook)."""
    g = graph(c)
    path = nx.shortest_path(g, "Xian", "Fuzhou", weight="weight")
    path += nx.shortest_path(g, "Fuzhou", "Jaipur", weight="weight")[1:]
    assert len(path) - 1 == 4
    assert nx.shortest_path_length(g, "Xian", "Fuzhou") == 2
    assert nx.shortest_path_length(g, "Fuzhou", "Jaipur") == 2
    oases = [p for p in path if is_oasis(c, p)]
    assert len(oases) == 2 and len(set(oases)) == 2
    assert is_oasis(c, path[1]) and path[2] == "Fuzhou" and is_oasis(c, path[3])
    assert path_cost(c, path) == Bundle(coins=8, camels=4)
    assert all(route(c, a, b).seal is None for a, b in itertools.pairwise(path))


def test_yangzhou_fuzhou_pagan(c):
    """Yangzhou -> Fuzhou -> an oasis -> Pagan: 3 moves, 5 coins + 5 camels (rulebook)."""
    g = graph(c)
    route(c, "Yangzhou", "Fuzhou")  # one route
    oases = [n for n in g["Fuzhou"] if is_oasis(c, n) and g.has_edge(n, "Pagan")]
    assert len(oases) == 1
    path = ["Yangzhou", "Fuzhou", oases[0], "Pagan"]
    assert path_cost(c, path) == Bundle(coins=5, camels=5)
    assert nx.shortest_path_length(g, "Yangzhou", "Pagan") == 3
    assert nx.shortest_path(g, "Yangzhou", "Pagan", weight="weight") == path


def test_pagan_kabul(c):
    """Pagan -> Kabul is one route costing 6 coins + 2 camels + 1 jade (rulebook)."""
    r = route(c, "Pagan", "Kabul")
    assert r.kind == "land" and r.cost == Bundle(coins=6, camels=2, jade=1)


def test_automa_trip_kabul_baghdad_hormuz(c):
    g = graph(c)
    assert nx.has_path(g, "Kabul", "Baghdad") and nx.has_path(g, "Baghdad", "Hormuz")
    land = graph(c, seals=False)  # the Automa's trips must not depend on seals
    assert nx.has_path(land, "Kabul", "Baghdad") and nx.has_path(land, "Baghdad", "Hormuz")


# ------------------------------------------------------------------------------------ components


def test_shield_track(c):
    track = c.rules.shield_track
    assert track[9] == 17
    assert track[13] == 43 and track[-1] == 43 and len(track) == 14


def test_seals(c):
    assert [(s.type, s.min_die, s.jade) for s in c.seals.values()] == [
        ("farmer", 1, 0), ("spicer", 2, 1), ("tailor", 3, 2), ("jeweler", 4, 3)]
    j = c.seals["jeweler"]
    assert j.improve.pay == Bundle(coins=9, gold=2) and not j.improve.any_good
    assert j.bonus.gain == Bundle(camels=2)


def test_baghdad_jeweler_die_3_gives_the_bonus_once(c):
    b = c.special_cities["Baghdad"]
    assert b.guild == "jeweler"
    assert b.double_at > 3
    for s in c.special_cities.values():
        assert s.reward.gain and 1 < s.double_at <= 6


def test_city_bonus_markers(c):
    gains = [m.gain for m in c.city_bonuses.values()]
    assert Bundle(camels=3) in gains  # a special city's placement bonus (rulebook)
    assert Bundle(camels=1, coins=3) in gains  # placement example (rulebook)
    assert sum(m.copy_bonus for m in c.city_bonuses.values()) == 1


def test_outpost_tiles(c):
    assert len(c.outposts) == 10
    assert any(t.gain == Bundle(gold=2) for t in c.outposts.values())  # the Kashgar example


def test_offer_tiles(c):
    assert sorted(t.pile for t in c.offer_tiles) == [1] * 6 + [2] * 6 + [3] * 6
    for t in c.offer_tiles:
        assert [j for j, _ in t.offers][:2] == [0, 0]
        assert all(j in (1, 2) for j, _ in t.offers[2:])
    free = [r.gain for t in c.offer_tiles for j, r in t.offers if j == 0]
    assert Bundle(jade=1, pepper=2) in free
    assert [min(s.min_die for s in c.rules.books if s.book == b) for b in (1, 2, 3)] == [1, 3, 5]


def test_offer_piles_get_stronger(c):
    value = dict(coins=1, camels=1, pepper=2, silk=3, gold=4, jade=3, vp=1)

    def worth(pile: int) -> float:
        offers = [r.gain for t in c.offer_tiles if t.pile == pile for _, r in t.offers]
        return sum(sum(value[k] * v for k, v in g.items()) for g in offers) / len(offers)

    assert worth(1) < worth(2) < worth(3)


def test_city_card_types(c):
    cards = list(c.city_cards.values())
    assert len(cards) == 25
    assert {k.kind for k in cards} == {"trade", "count", "city_bonus", "coins_per_pip", "guild_seal", "move"}
    trades = [tuple((o.pay.pay, o.gain.gain) for o in k.options) for k in cards if k.kind == "trade"]
    assert ((Bundle(camels=1, jade=1), Bundle(vp=3)),) in trades  # the rulebook example
    assert ((Bundle(camels=1), Bundle(coins=3)), (Bundle(coins=1), Bundle(camels=1))) in trades
    assert any(any(p.vp and g.coins for p, g in t) and any(p.coins and g.vp for p, g in t) for t in trades)
    counts = {(k.counts, k.gain) for k in cards if k.kind == "count"}
    assert counts == {("completed_contracts", Bundle(vp=1)), ("posts", Bundle(vp=1))}
    assert any(k.kind == "coins_per_pip" and k.gain == Bundle(coins=2) for k in cards)
    assert any(k.kind == "guild_seal" and k.pay.pay == Bundle(camels=1) for k in cards)


def test_the_known_contract(c):
    known = [k for k in c.contracts.values()
             if k.cost.pay == Bundle(camels=2, silk=1, pepper=2) and k.reward.gain == Bundle(coins=4, vp=3)]
    assert len(known) == 1 and not known[0].starting


def test_contracts_shape(c):
    assert len(c.contracts) == 49
    starting = [k for k in c.contracts.values() if k.starting]
    assert len(starting) == 7
    for k in c.contracts.values():
        items = sum(v for _, v in k.cost.pay.items()) + k.cost.any_good + k.cost.different_goods
        assert k.reward.gain.vp >= 2
        others = [n for n, v in k.reward.gain.items() if n != "vp" and v] + [
            i for i in REWARD_ICONS if getattr(k.reward, i)]
        assert others, f"{k.id}: a reward has VP and something else"
        if k.starting:
            assert 1 <= items <= 3, k.id
        else:
            assert 3 <= items <= 7 and 2 <= k.reward.gain.vp <= 9, k.id


def test_every_reward_icon_on_some_contract(c):
    rewards = [k.reward for k in c.contracts.values()]
    for res in ("coins", "camels", "pepper", "silk", "gold", "jade"):
        assert any(getattr(r.gain, res) for r in rewards), res
    for icon in REWARD_ICONS:
        assert any(getattr(r, icon) for r in rewards), icon
    assert {r.move for r in rewards if r.move} == {1, 2}


def test_resource_and_icon_texts_are_grammatical():
    assert str(Bundle(coins=1, camels=1, jade=1, vp=1)) == "1 coin, 1 camel, 1 jade, 1 VP"
    assert str(Bundle(coins=2, camels=3, pepper=2, gold=1)) == "2 coins, 3 camels, 2 pepper, 1 gold"
    one = Reward(any_good=1, contract_pile=1, contract_city=1, move=1, black_die=1, shield=1)
    assert str(one) == ("1 good of your choice, 1 contract from the pile, 1 contract from a city, 1 move, "
                        "1 black die, 1 +1 shield")
    two = Reward(any_good=2, different_goods=2, contract_pile=2, contract_city=2, move=2, black_die=2, shield=2)
    assert str(two) == ("2 goods of your choice, 2 different goods, 2 contracts from the pile, "
                        "2 contracts from a city, 2 moves, 2 black dice, 2 +1 shields")
    assert str(Cost(Bundle(coins=1), any_good=1)) == "1 coin, 1 good of your choice"
    assert str(Cost(any_good=3, different_goods=2)) == "3 goods of your choice, 2 different goods"


def test_goals(c):
    assert len(c.goals) == 14
    used = set()
    for g in c.goals.values():
        assert len(g.seals) + len(g.shields) == 4
        used |= set(g.shields)
    assert used == set(c.shields)


def test_data_files_say_they_are_reconstructions():
    for name in ("board.toml", "seals.toml", "special_cities.toml", "offers.toml", "city_cards.toml",
                 "contracts.toml", "goals.toml", "city_bonuses.toml", "outposts.toml"):
        assert "RECONSTRUCTION" in shipped(name).split("\n\n")[0], name


# ------------------------------------------------------------------------------------ validation


def board_error(text: str) -> str:
    with pytest.raises(DataError) as err:
        load_components(files={"board.toml": text})
    return str(err.value)


def test_shipped_text_loads_through_files():
    assert len(load_components(files={"board.toml": shipped("board.toml")}).locations) == len(components().locations)


def test_unknown_key_is_rejected():
    text = shipped("board.toml").replace('name = "Xian"\n', 'name = "Xian"\nharbour = true\n', 1)
    msg = board_error(text)
    assert msg.startswith("board.toml: location 'Xian':") and "harbour" in msg


def test_route_to_missing_city_is_rejected():
    text = shipped("board.toml") + '\n[[route]]\nbetween = ["Xian", "Atlantis"]\nkind = "land"\ncoins = 1\n'
    msg = board_error(text)
    assert msg.startswith("board.toml:") and "route[" in msg and "Atlantis" in msg


def test_negative_cost_is_rejected():
    text = shipped("board.toml") + '\n[[route]]\nbetween = ["Xian", "Lhasa"]\nkind = "land"\ncoins = -2\n'
    msg = board_error(text)
    assert msg.startswith("board.toml:") and "Xian-Lhasa" in msg and "coins" in msg


def test_bad_cost_type_is_rejected():
    text = shipped("board.toml") + '\n[[route]]\nbetween = ["Xian", "Lhasa"]\nkind = "land"\ncamels = "two"\n'
    msg = board_error(text)
    assert "board.toml:" in msg and "Xian-Lhasa" in msg and "camels" in msg


def test_sea_route_without_seal_is_rejected():
    text = shipped("board.toml") + '\n[[route]]\nbetween = ["Xian", "Lhasa"]\nkind = "sea"\ncoins = 1\n'
    msg = board_error(text)
    assert msg.startswith("board.toml:") and "Xian-Lhasa" in msg and "seal" in msg


def test_wrong_feature_count_is_rejected():
    text = shipped("board.toml")
    text = re.sub(r'(name = "Xian"[^\[]*?)contracts = true[^\n]*\n', r"\1", text, count=1)
    msg = board_error(text)
    assert msg.startswith("board.toml:") and "contracts" in msg and "found 4" in msg


def test_wrong_entry_count_is_rejected():
    text = shipped("contracts.toml")
    text = text[: text.rindex("[[contract]]")]
    with pytest.raises(DataError) as err:
        load_components(files={"contracts.toml": text})
    assert str(err.value).startswith("contracts.toml:") and "49" in str(err.value) and "48" in str(err.value)


def data_error(name: str, text: str) -> str:
    with pytest.raises(DataError) as err:
        load_components(files={name: text})
    return str(err.value)


@pytest.mark.parametrize("name,old,new,match", [
    # issue 13: each loaded, then crashed in play or dropped an entry silently
    ("seals.toml", 'type = "spicer"', 'type = "farmer"', "duplicate guild seal 'farmer'"),
    ("goals.toml", 'id = "G02"', 'id = "G01"', "duplicate id 'G01'"),
    ("special_cities.toml", 'city = "Balkh"', 'city = "Baghdad"', "duplicate special city 'Baghdad'"),
    # issue 13: each raised a raw IndexError/TypeError
    ("characters.toml", 'seal_dice = 1', 'seal_dice = -1', "seal_dice .* at least 1"),
    ("rules.toml", None, "shield_track = []", "shield_track is a list of ints"),
    ("board.toml", 'between = ["Beijing", "Xanadu"]', 'between = ["Beijing", {a = 1}]', "between must name two"),
    ("characters.toml", 'free_oases = true', 'free_oases = true\nfree_route_costs = [{a = 1}]', "free_route_costs"),
])
def test_malformed_data_is_a_data_error(name: str, old: str | None, new: str, match: str) -> None:
    text = shipped(name)
    if old is None:
        text = re.sub(r"^shield_track = \[[^\]]*\]", new, text, count=1, flags=re.M)
    else:
        assert old in text
        text = text.replace(old, new, 1)
    msg = data_error(name, text)
    assert msg.startswith(name) and re.search(match, msg), msg


@pytest.mark.parametrize("trip,match", [("[]", "a trip is a list of cities"),
                                        ('["Beijing", 5]', "trip must list strings, got 5"),
                                        ('["Beijing", "Atlantis"]', "trips list cities of board.toml")])
def test_malformed_automa_trip_is_a_data_error(trip: str, match: str) -> None:
    from mp_notebook.rulesets.mp2.automa import load_automa

    text = resources.files("mp_notebook.rulesets.mp2").joinpath("data", "automa.toml").read_text("utf-8")
    text = re.sub(r"^trip = \[.*\]$", f"trip = {trip}", text, count=1, flags=re.M)
    with pytest.raises(DataError, match=match):
        load_automa(text)
