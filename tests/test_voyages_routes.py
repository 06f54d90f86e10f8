"""mp.routes for The Voyages of Marco Polo: the travel table, route extra costs and the characters
that change travel, checked against the engine.

The core test plays seeded random Voyages games (with Johannes Carpini, Niccolò & Marco Polo,
Berke Khan and Wilhelm von Rubruk among the characters) and checks, at every turn with a Travel
action, that ``reachable()`` agrees with the engine: each reported way is executed through
``apply`` (the travel action, then its steps) and charges exactly the reported coins and camels,
and every end location the engine allows is reported, and nothing else.
"""

from __future__ import annotations

import random
import re

import pytest

import mp_notebook as mp
from mp_notebook.board.routes import Reach, Route

TRAVELLERS = ("Johannes", "Niccolo", "Berke", "Wilhelm")


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
    assert after.players[0].location == "Oasis-J" and travel_charges(s, after, 0) == (row.coins, 0, 0)
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


PLURAL_OF = {"coin": "coins", "camel": "camels"}  # the log says "1 coin", "1 camel"
PAYS = re.compile(r" pays (.+?) \((?:step \d+ of the Travel action|Travel was occupied)")


def travel_charges(before, after, i) -> tuple[int, int, int]:
    """Coins, camels, jade paid for the Travel space and the steps, from the log."""
    paid = {"coins": 0, "camels": 0}
    for e in after.log[len(before.log):]:
        m = PAYS.search(e.text) if e.player == i else None
        if m:
            for part in m.group(1).split(", "):
                n, what = part.split(" ")
                paid[PLURAL_OF.get(what, what)] += int(n)
    return paid["coins"], paid["camels"], 0


def execute(s, i, row: Reach):
    t = s.apply(row.action)
    for step in row.steps:
        t = t.apply(f"move {step}")
    if t.decision.kind == "move" and t.decision.player == i:
        t = t.apply("done")
    return t


def moving(t, i) -> bool:
    return t.decision.kind == "move" and t.decision.player == i and "Travel" in t.decision.text


def engine_ends(s, i, action) -> set[str]:
    """Every location a figure of player ``i`` can end a Travel action on (DFS over the moves)."""
    ends: set[str] = set()
    seen: set[tuple] = set()
    stack = [s.apply(action)]
    while stack:
        t = stack.pop()
        p = t.players[i]
        if not moving(t, i):
            ends |= set(p.locations)
            continue
        key = (p.locations, p.coins, p.camels, t.decision.text)
        if key in seen:
            continue
        seen.add(key)
        for a in t.legal_actions():
            if a.kind == "done":
                ends |= set(p.locations)
            else:
                stack.append(t.apply(a))
    return ends


def random_travel_states(n_games: int):
    """Turn states with a Travel action, from seeded random Voyages games of 2-4 players."""
    for seed in range(n_games):
        rng = random.Random(seed)
        players = 2 + seed % 3
        characters = [TRAVELLERS[(seed + k) % 4] for k in range(players)] if seed % 4 else None
        s = mp.new_game(players, ruleset="voyages", seed=seed, characters=characters)
        while not s.is_over:
            actions = s.legal_actions()
            if s.decision.kind == "turn" and any(a.kind == "travel" for a in actions):
                yield seed, rng, s
            s = s.apply(rng.choice(actions))


def test_reachable_matches_the_engine():
    states = 0
    for seed, rng, s in random_travel_states(40):
        states += 1
        i = s.current_player
        rows = mp.routes.reachable(s, i)
        travel = [a for a in s.legal_actions() if a.kind == "travel"]
        assert {r.action for r in rows} == {str(a) for a in travel}, (seed, s.history)
        assert {r.space for r in rows} == {"Travel"} and mp.routes.reachable(s, i, space="Travel") == rows
        # (a) a reported way, executed through the engine, ends there and costs what was reported
        for row in rng.sample(rows, min(3, len(rows))):
            t = execute(s, i, row)
            assert row.location in t.players[i].locations, (seed, row)
            assert travel_charges(s, t, i) == (row.coins, row.camels, row.jade), (seed, row, s.history)
        # (b) every end location the engine allows is reported, and nothing else
        action = rng.choice(travel)
        ends = engine_ends(s, i, action)
        reported = {r.location for r in rows if r.action == str(action)}
        starts = set(s.players[i].locations)
        if len(s.players[i].locations) == 1:
            assert ends == reported, (seed, str(action), ends ^ reported, s.history)
        else:  # a figure that did not move "ends" where it stands
            assert ends - starts <= reported and reported - starts <= ends, (seed, str(action))
    assert states >= 500


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


MOVE_PAYS = re.compile(r" pays (.+?) \((?:step \d+ of the Travel action|a city card move|route )")


def move_charges(before, after, i) -> tuple[int, int]:
    """Coins and camels paid for the steps of a movement, from the log."""
    paid = {"coins": 0, "camels": 0}
    for e in after.log[len(before.log):]:
        m = MOVE_PAYS.search(e.text) if e.player == i else None
        if m:
            for part in m.group(1).split(", "):
                n, what = part.split(" ")
                paid[PLURAL_OF.get(what, what)] += int(n)
    return paid["coins"], paid["camels"]


def test_reachable_at_move_decisions_matches_the_engine():
    """Issue 37: the steps left of a Travel action, a reward's free moves, a city card's moves
    (priced in camels; a card paying goods per move is refused clearly)."""
    modes: set[str] = set()
    checked = 0
    for seed, rng, s in random_travel_states(30):
        t = s
        for _ in range(6):
            if t.is_over:
                break
            if t.decision.kind == "move":
                i = t.decision.player
                _, _, left, _, mode, per_step, _ = t.tasks[-1]
                try:
                    rows = mp.routes.reachable(t, i)
                except mp.ArgumentError as exc:
                    assert per_step is not None and "goods" in str(exc) and "ask s.legal_actions()" in str(exc)
                    break
                modes.add(mode)
                checked += 1
                assert rows and all(r.dice == () and r.space == mode and r.moves <= left for r in rows)
                row = rng.choice(rows)
                after = t.apply(row.action)
                for step in row.steps:
                    after = after.apply(f"move {step}")
                if after.decision.kind == "move" and after.decision.player == i:
                    after = after.apply("done")
                assert row.location in after.players[i].locations, (seed, row)
                assert move_charges(t, after, i) == (row.coins, row.camels), (seed, row, t.history)
                break
            t = t.apply(rng.choice(t.legal_actions()))
    assert checked >= 50 and "travel" in modes, (checked, modes)


def test_a_city_cards_price_per_move_in_camels_is_charged_per_step():
    """A city card's moves (2 camels each, no travel table): ``TravelRules.step_camels``."""
    import dataclasses

    s = mp.new_game(2, ruleset="voyages", seed=1).with_player(0, coins=50, camels=50)
    card = dataclasses.replace(mp.routes.travel_rules(s, 0), step_coins=(0, 0), step_camels=2)
    plain = mp.routes.cheapest(s, 0, "Oasis-A", by="moves")
    r = mp.routes.cheapest(s, 0, "Oasis-A", by="moves", rules=card)
    assert r.path == plain.path and r.camels == plain.camels + 2 * r.moves
    assert r.coins == plain.coins - sum(mp.routes.travel_rules(s, 0).step_coins[:r.moves])


def test_pairs_of_niccolo_and_marco_match_the_engine():
    """Both figures' steps are charged together by the travel table (issue 37: ``mp.routes.pairs``)."""
    s = mp.new_game(2, ruleset="voyages", seed=3, characters=["Niccolo and Marco Polo", "Berke Khan"])
    s = first_turn(s).with_player(0, coins=30, camels=10, dice=[3, 3, 4, 5, 6])
    found = mp.routes.pairs(s, 0)
    action = next(a for a in s.legal_actions() if a.kind == "travel" and min(a.dice) == 3)
    engine: set[tuple[str, ...]] = set()
    stack = [s.apply(action)]
    while stack:
        t = stack.pop()
        if not moving(t, 0):
            engine.add(t.players[0].locations)
            continue
        for a in t.legal_actions():
            if a.kind == "done":
                engine.add(t.players[0].locations)
            else:
                stack.append(t.apply(a))
    reported = {p.ends for p in found if p.action == str(action)}
    assert reported <= engine and engine - {tuple(s.players[0].locations)} <= {p.ends for p in found}
    for p in [p for p in found if p.action == str(action) and min(p.moves) > 0][:5]:
        t = s.apply(p.action)
        for step in p.steps:
            t = t.apply(f"move {step}")
        if moving(t, 0):
            t = t.apply("done")
        assert t.players[0].locations == p.ends
        assert travel_charges(s, t, 0) == (p.coins, p.camels, p.jade), p
