"""mp.routes for The Voyages of Marco Polo: the travel table, route extra costs and the characters
that change travel (``reachable()`` against the engine's moves in random games, for every ruleset
moved by dice: ``tests/test_routes_engine.py``).
"""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook.board.routes import Route
from tests.test_routes_engine import charges, execute


def game(players: int = 2, characters=None, **player):
    """A Voyages game whose first player stands and holds as given."""
    return mp.new_game(players, ruleset="voyages", seed=1, characters=characters).with_player(0, **player)


# ----------------------------------------------------------------------------- cheapest(): the travel table


def test_travel_table_and_route_extras():
    s = game(coins=50, camels=10)
    # one step: 3 coins; Venezia–Oasis-E adds 3 camels
    assert mp.routes.cheapest(s, 0, "Alexandria") == Route(("Venezia", "Alexandria"), 1, 3, 0, 0, (), ("Alexandria",))
    assert mp.routes.cheapest(s, 0, "Oasis-E") == Route(("Venezia", "Oasis-E"), 1, 3, 3, 0, (), ("Oasis-E",))
    # two steps cost 7, three 12, four 12 (the table's column, not a sum of steps)
    assert mp.routes.cheapest(s, 0, "Moscow").coins == 7
    anxi, karakorum = mp.routes.cheapest(s, 0, "Anxi"), mp.routes.cheapest(s, 0, "Karakorum")
    assert (anxi.moves, anxi.coins, karakorum.moves, karakorum.coins) == (3, 12, 4, 12 + 0)
    route = {frozenset((r.a, r.b)): r for r in s.board.routes}
    extras = sum(route[frozenset(ab)].coins for ab in zip(karakorum.path, karakorum.path[1:], strict=False))
    assert karakorum.coins == 12 + extras


def test_at_most_six_steps():
    s = game(coins=500, camels=50)
    assert all(r.moves <= 6 for loc in s.board.locations if (r := mp.routes.cheapest(s, 0, loc)))
    assert mp.routes.cheapest(s, 0, "Beijing") is None  # more than one Travel action away
    assert mp.routes.why_unreachable(s, 0, "Beijing") == (
        "no way of at most 6 moves (one Travel action) reaches Beijing")
    t = mp.routes.table(s, 0).set_index("location")
    assert not t.loc["Beijing", "affordable"] and t.loc["Beijing", "path"] == ()


def test_unaffordable_is_explained():
    s = game(coins=6, camels=0)
    assert mp.routes.cheapest(s, 0, "Moscow") is None
    assert mp.routes.why_unreachable(s, 0, "Moscow") == (
        "costs 7 coins by the cheapest route Venezia → Oasis-A → Moscow; you have 6 coins, 0 camels, 0 jade")
    assert mp.routes.why_unreachable(s.with_player(0, coins=7), 0, "Moscow") is None


def test_johannes_hops_between_oases():
    s = game(characters=["Johannes", "Berke"], location="Oasis-A", coins=50, camels=10)
    rules = mp.routes.travel_rules(s, 0)
    assert rules.hops == {n for n, loc in s.components.locations.items() if not loc.is_city}
    hop = mp.routes.cheapest(s, 0, "Oasis-J")
    assert hop == Route(("Oasis-A", "Oasis-J"), 1, 3, 0, 0, (), ("Oasis-J",))  # no route: table cost only
    plain = mp.routes.cheapest(game(location="Oasis-A", coins=50, camels=10), 0, "Oasis-J")
    assert plain is None or plain.moves > 1
    s = first_turn(s)
    row = next(r for r in mp.routes.reachable(s, 0) if r.location == "Oasis-J" and r.moves == 1)
    after = execute(s, 0, row)
    assert after.players[0].location == "Oasis-J" and charges(s, after, 0) == (row.coins, 0, 0)
    assert any("hops from oasis Oasis-A to oasis Oasis-J" in e.text for e in after.log)


def test_niccolo_two_figures():
    s = game(characters=["Niccolo", "Berke"], coins=50, camels=10)
    assert s.players[0].figure2 == "Venezia"
    s = s.with_player(0, figure2="Moscow")
    rules = mp.routes.travel_rules(s, 0)
    assert rules.figures == ("Venezia", "Moscow") and rules.suffix() == {"Venezia": "/1", "Moscow": "/2"}
    r = mp.routes.cheapest(s, 0, "Anxi")
    extra = s.board.graph["Moscow"]["Anxi"][0]["coins"]
    assert (r.path, r.steps, r.coins) == (("Moscow", "Anxi"), ("Anxi/2",), 3 + extra)


# ----------------------------------------------------------------------------- reachable() and the engine


def first_turn(s):
    """``s`` moved on (first legal choices) to seat 0's first turn."""
    while not (s.decision.kind == "turn" and s.current_player == 0):
        s = s.apply(s.legal_actions()[0])
    return s


def test_table_and_figure():
    from mp_notebook.render.routes import routes_figure

    s = game(coins=20, camels=5)
    t = mp.routes.table(s, 0)
    assert len(t) == len(s.board.locations) - 1 and (t.seals == ()).all() and (t.jade.fillna(0) == 0).all()
    ok = t[t.affordable]
    assert all(mp.routes.cheapest(s, 0, loc).coins == c for loc, c in zip(ok.location, ok.coins, strict=True))
    fig = routes_figure(s, 0, target="Moscow")
    assert list(fig.data[-1].customdata) == list(t.location)
    path = mp.routes.cheapest(s, 0, "Moscow").path
    assert any(list(tr.customdata or ()) == list(path) and tr.mode == "lines+markers" for tr in fig.data)
    assert "Beijing" in routes_figure(s, 0, target="Beijing").layout.title.text
    with pytest.raises(ValueError, match="unknown location"):
        mp.routes.cheapest(s, 0, "Atlantis")


def test_matrix_with_the_travel_table():
    s = game(coins=500, camels=50)
    rules = mp.routes.travel_rules(s, 0)
    for by in ("total", "coins", "moves"):
        m = mp.routes.matrix(s.board, by=by, rules=rules)
        for loc in s.board.locations:
            r = mp.routes.cheapest(s, 0, loc, by=by)
            assert (r is None and m.isna().loc["Venezia", loc]) or m.loc["Venezia", loc] == getattr(r, by), (by, loc)
    plain = mp.routes.matrix(s.board, by="total")
    assert plain.loc["Venezia", "Moscow"] == 0 and not plain.isna().values.any()  # route costs only, no limit
    johannes = mp.routes.travel_rules(game(characters=["Johannes", "Berke"]), 0)
    assert mp.routes.matrix(s.board, rules=johannes).loc["Oasis-A", "Oasis-J"] == 1
    mp2 = mp.new_game(players=2, seed=1).board
    same = mp.routes.matrix(mp2, by="total", rules=mp.routes.TravelRules(()))
    assert same.equals(mp.routes.matrix(mp2, by="total").astype(same.dtypes.iloc[0]))


def test_a_city_cards_price_per_move_in_camels_is_charged_per_step():
    """A city card's moves (2 camels each, no travel table): ``TravelRules.step_camels``."""
    import dataclasses

    s = mp.new_game(2, ruleset="voyages", seed=1).with_player(0, coins=50, camels=50)
    card = dataclasses.replace(mp.routes.travel_rules(s, 0), step_coins=(0, 0), step_camels=2)
    plain = mp.routes.cheapest(s, 0, "Oasis-A", by="moves")
    r = mp.routes.cheapest(s, 0, "Oasis-A", by="moves", rules=card)
    assert r.path == plain.path and r.camels == plain.camels + 2 * r.moves
    assert r.coins == plain.coins - sum(mp.routes.travel_rules(s, 0).step_coins[:r.moves])
