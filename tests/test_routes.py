"""Route analysis (mp.routes) in Marco Polo II and its plotly overlay (``reachable()`` against the
engine's moves in random games, for every ruleset moved by dice: ``tests/test_routes_engine.py``).
"""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

import mp_notebook as mp
from mp_notebook.board.routes import Reach, Route, TravelRules
from tests.test_routes_engine import settle, travel_ends

CHARACTERS = ("Möngke Khan", "Gantulga Od", "Mailin & Tian Chin")


def game(**player):
    """A 2-player game whose first player stands and holds as given (plain rules)."""
    return mp.new_game(players=2, seed=1).with_player(0, **player)


# ----------------------------------------------------------------------------- cheapest()


def test_rulebook_xian_fuzhou_jaipur():
    r = mp.routes.cheapest(game(location="Xian", coins=20, camels=10), 0, "Jaipur", via="Fuzhou")
    assert r == Route(("Xian", "Zhangye-Oasis", "Fuzhou", "Jaisalmer-Oasis", "Jaipur"), 4, 8, 4, 0, (),
                      ("Zhangye-Oasis", "Fuzhou", "Jaisalmer-Oasis", "Jaipur"))
    assert r.total == 12


def test_rulebook_yangzhou_fuzhou_oasis_pagan():
    r = mp.routes.cheapest(game(location="Yangzhou", coins=20, camels=10), 0, "Pagan")
    assert r.path == ("Yangzhou", "Fuzhou", "Ejina-Oasis", "Pagan")
    assert (r.moves, r.coins, r.camels, r.jade) == (3, 5, 5, 0)


def test_rulebook_pagan_kabul():
    r = mp.routes.cheapest(game(location="Pagan", coins=20, camels=10, goods={"jade": 1}), 0, "Kabul")
    assert (r.path, r.coins, r.camels, r.jade) == (("Pagan", "Kabul"), 6, 2, 1)
    assert mp.routes.cheapest(game(location="Pagan", coins=20, camels=10), 0, "Kabul").path != ("Pagan", "Kabul")


def test_seals_gate_sea_routes():
    s = game(location="Cambay", coins=30, camels=20)
    land = mp.routes.cheapest(s, 0, "Hormuz")
    assert "Cambay" in land.path and land.seals == () and land.moves > 1
    sea = mp.routes.cheapest(s.with_player(0, seals={"tailor": "basic"}), 0, "Hormuz")
    assert sea.path == ("Cambay", "Hormuz") and sea.seals == ("tailor",)
    improved = mp.routes.cheapest(s.with_player(0, seals={"tailor": "improved"}), 0, "Hormuz")
    assert improved == sea


def test_jade_pays_for_missing_coins_and_camels():
    rich = mp.routes.cheapest(game(location="Yangzhou", coins=10, camels=10), 0, "Pagan")
    short = mp.routes.cheapest(game(location="Yangzhou", coins=3, camels=4, goods={"jade": 3}), 0, "Pagan")
    assert short.path == rich.path
    assert (short.coins, short.camels, short.jade) == (3, 4, 3)
    assert short.total == rich.total
    assert mp.routes.cheapest(game(location="Yangzhou", coins=3, camels=4, goods={"jade": 2}), 0, "Pagan") != rich


def test_no_route_is_none_and_explained():
    s = game(location="Cambay")  # 8 coins, 3 camels
    assert mp.routes.cheapest(s, 0, "Hormuz") is None
    assert mp.routes.why_unreachable(s, 0, "Hormuz") == "needs the tailor seal (route Cambay–Hormuz)"
    poor = s.with_player(0, coins=4, camels=1)
    assert mp.routes.why_unreachable(poor, 0, "Delhi") == (
        "costs 3 coins + 2 camels by the cheapest route Cambay → Jaipur → Delhi; "
        "you have 4 coins, 1 camel, 0 jade")
    assert mp.routes.why_unreachable(s, 0, "Jaipur") is None


def test_by_via_and_tie_break():
    s = game(location="Beijing", coins=40, camels=20, goods={"jade": 5},
             seals={t: "basic" for t in ("farmer", "spicer", "tailor", "jeweler")})
    by_moves = mp.routes.cheapest(s, 0, "Hormuz", by="moves")
    by_total = mp.routes.cheapest(s, 0, "Hormuz")
    assert by_moves.moves <= by_total.moves and by_total.total <= by_moves.total
    assert mp.routes.cheapest(s, 0, "Hormuz", by="coins").coins <= by_total.coins
    assert mp.routes.cheapest(s, 0, "Hormuz", by="camels").camels <= by_total.camels
    assert by_moves.moves == int(mp.routes.matrix(s.board).loc["Beijing", "Hormuz"])
    assert by_total.total == int(mp.routes.matrix(s.board, by="total").loc["Beijing", "Hormuz"])
    via = mp.routes.cheapest(s, 0, "Xian", via="Kashgar")
    assert "Kashgar" in via.path and via.path[0] == "Beijing" and via.path[-1] == "Xian"
    assert mp.routes.cheapest(s, 0, "Hormuz") == by_total  # deterministic


def test_bad_arguments():
    s = game()
    with pytest.raises(ValueError, match="unknown location 'Atlantis'"):
        mp.routes.cheapest(s, 0, "Atlantis")
    with pytest.raises(ValueError, match="by must be one of"):
        mp.routes.cheapest(s, 0, "Xian", by="speed")
    assert mp.routes.cheapest(s, 0, "Beijing").moves == 0


ROUTED = [r for r in sorted(mp.rulesets.PACKAGES) if "routes" in mp.rulesets.get(r).parts]
PRICED = [r for r in ROUTED if getattr(mp.rulesets.get(r).part("routes"), "MOVEMENT", "dice") != "spinner"]


@pytest.mark.parametrize("ruleset", PRICED)
@pytest.mark.parametrize("call,match", [
    (lambda s, to: mp.routes.cheapest(s, 99, to), r"player: no seat 99 \(seats 0-1\)"),
    (lambda s, to: mp.routes.cheapest(s, -1, to), "player: no seat -1"),  # not the last seat
    (lambda s, to: mp.routes.cheapest(s, True, to), "player: no seat True"),
    (lambda s, to: mp.routes.cheapest(s, 0, [to]), "target: unknown location"),
    (lambda s, to: mp.routes.cheapest(s, 0, to, via={}), "via: unknown location"),
    (lambda s, to: mp.routes.cheapest(s, 0, to, by=["moves"]), "by must be one of"),
    (lambda s, to: mp.routes.cheapest(s, 0, to, rules="fast"), "rules must be None or a TravelRules"),
    (lambda s, to: mp.routes.cheapest(s.board, 0, to), "s must be a game state"),
    (lambda s, to: mp.routes.why_unreachable(s, 2, to), "player: no seat 2"),
    (lambda s, to: mp.routes.reachable(s, 1.0), "player: no seat 1.0"),
    (lambda s, to: mp.routes.reachable(s, 0, dice=3), "dice is a list"),
    (lambda s, to: mp.routes.reachable(s, 0, dice=[2.0]), "a value in dice must be an int"),
    (lambda s, to: mp.routes.reachable(s, 0, space=["Travel"]), "space must be None or"),
    (lambda s, to: mp.routes.table(s, -1), "player: no seat -1"),
    (lambda s, to: mp.routes.travel_rules(s, 10**100), "player: no seat an int of 333 bits"),
    (lambda s, to: mp.routes.matrix(s), "board must be a Board"),
    (lambda s, to: mp.routes.matrix(s.board, seals=5), "seals must be None"),
    (lambda s, to: mp.routes.matrix(s.board, seals=[["x"]]), "seals must be None"),
    (lambda s, to: mp.routes.matrix(s.board, by="speed"), "by must be one of"),
    (lambda s, to: mp.routes.matrix(s.board, rules=3), "rules must be None or a TravelRules"),
])
def test_route_functions_name_the_bad_argument(ruleset: str, call, match: str) -> None:
    """Issue 32: ``cheapest(s, 99, ...)`` raised IndexError, ``player=-1`` answered for the last seat,
    ``matrix`` raised AttributeError; now an ArgumentError (a ValueError) naming the argument."""
    s = mp.new_game(2, ruleset=ruleset, seed=1)
    target = next(name for name in s.board.locations if name != s.board.start)
    with pytest.raises(mp.ArgumentError, match=match):
        call(s, target)


def test_character_travel_rules():
    s = mp.new_game(players=3, seed=4, characters=list(CHARACTERS))
    mongke, gantulga, mailin = (mp.routes.travel_rules(s, i) for i in range(3))
    assert mongke == TravelRules(("Beijing",), (), True)
    assert gantulga == TravelRules(("Beijing",), ("coins", "camels"), False)
    assert mailin.figures == ("Beijing", "Beijing")
    pagan = s.with_player(1, location="Pagan", coins=0, camels=0)
    direct = mp.routes.cheapest(pagan.with_player(1, goods={"jade": 1}), 1, "Kabul", by="moves")
    assert (direct.path, direct.coins, direct.camels, direct.jade) == (("Pagan", "Kabul"), 0, 0, 1)
    around = mp.routes.cheapest(pagan, 1, "Kabul", by="moves")  # no jade: avoids the jade route
    assert around.total == 0 and around.moves > 1
    r = mp.routes.cheapest(s.with_player(0, location="Xian", coins=20, camels=10), 0, "Jaipur", via="Fuzhou")
    assert r.moves == 2 and len(r.path) == 5  # two oases cost no movement


# ----------------------------------------------------------------------------- reachable() and the engine


def first_turn(seed: int = 1, players: int = 2):
    s = mp.new_game(players=players, seed=seed)
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    return s


def test_reachable_rows_and_filters():
    s = first_turn()
    i = s.current_player
    rows = mp.routes.reachable(s, i)
    assert rows and all(isinstance(r, Reach) for r in rows)
    lower = mp.routes.reachable(s, i, space="lower")
    assert lower and {r.space for r in lower} == {"lower"} and all(r.moves == 1 for r in lower)
    assert all(r.coins + r.jade >= 2 for r in lower)  # the lower space's fee
    die = lower[0].dice
    assert {r.dice for r in mp.routes.reachable(s, i, space="lower", dice=die)} == {die}
    assert mp.routes.reachable(s, 1 - i) == []  # not their turn


def test_reachable_empty_after_the_main_action():
    s = first_turn()
    i = s.current_player
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "khans_favor"))
    assert s.decision.kind == "turn" and mp.routes.reachable(s, i) == []


def test_mongke_khan_oasis_reading():
    """characters.toml, Möngke Khan: an oasis costs no movement and he may end on one entered
    with a move to spare, but no step follows his last counted move (the engine and mp.routes)."""
    s = mp.new_game(players=2, seed=1, characters=["Möngke Khan", "De Wu"]).with_player(
        0, location="Xian", coins=30, camels=20)
    s = settle(s, 0)
    while s.decision.kind != "turn" or s.current_player != 0:
        s = s.apply(s.legal_actions()[0])
    s = s.with_player(0, location="Xian", coins=30, camels=20, dice=[1, 1, 1, 1, 1])
    rows = mp.routes.reachable(s, 0, space="middle")
    ends = {r.location: r for r in rows}
    assert "Zhangye-Oasis" in ends and "Fuzhou" in ends  # the oasis is free, Fuzhou is his 1 move
    assert ends["Fuzhou"].path == ("Xian", "Zhangye-Oasis", "Fuzhou") and ends["Fuzhou"].moves == 1
    assert "Jaisalmer-Oasis" not in ends  # beyond Fuzhou: after his last move, no oasis step
    action = next(a for a in s.legal_actions() if a.kind == "travel" and a.space == "middle")
    assert travel_ends(s, 0, action) == {r.location for r in rows if r.action == str(action)}
    t = settle(s.apply(action), 0)
    t = settle(t.apply("move Zhangye-Oasis"), 0)
    assert t.decision.kind == "move" and "done" in {a.kind for a in t.legal_actions()}  # may end there
    t = settle(t.apply("move Fuzhou"), 0)
    assert not (t.decision.kind == "move" and t.decision.player == 0)  # the last move: over


# ----------------------------------------------------------------------------- table, matrix, figure


def test_table():
    s = first_turn()
    i = s.current_player
    t = mp.routes.table(s, i)
    assert list(t.columns) == ["location", "kind", "moves", "coins", "camels", "jade", "total", "seals",
                               "affordable", "reachable_now", "space", "path"]
    assert len(t) == len(s.board.locations) - 1 and "Beijing" not in set(t.location)
    now = {r.location for r in mp.routes.reachable(s, i)} - {"Beijing"}
    assert set(t[t.reachable_now].location) == now
    assert t[~t.reachable_now].space.isna().all() and t[t.reachable_now].space.notna().all()
    xian = t.set_index("location").loc["Xian"]
    route = mp.routes.cheapest(s, i, "Xian")
    assert (xian.moves, xian.coins, xian.camels, xian.jade) == (route.moves, route.coins, route.camels, route.jade)
    far = t[~t.affordable]
    assert len(far) and all(mp.routes.cheapest(s, i, loc) is None for loc in far.location)
    assert (t.total == t.coins + t.camels + t.jade).all()
    assert mp.routes.table(s, 1 - i).reachable_now.sum() == 0


def test_matrix():
    board = first_turn().board
    moves = mp.routes.matrix(board)
    n = len(board.locations)
    assert moves.shape == (n, n) and (moves.values == moves.values.T).all()
    assert all(moves.loc[x, x] == 0 for x in board.locations)
    assert moves.loc["Yangzhou", "Pagan"] == 3 and moves.loc["Xian", "Fuzhou"] == 2
    no_seals = mp.routes.matrix(board, by="total", seals=())
    assert (no_seals.values >= mp.routes.matrix(board, by="total").values).all()
    assert mp.routes.matrix(board, by="coins", seals=["tailor"]).loc["Cambay", "Hormuz"] == 2
    assert not math.isnan(no_seals.loc["Beijing", "Hormuz"])
    with pytest.raises(ValueError):
        mp.routes.matrix(board, by="speed")


def test_routes_figure_hover_texts_are_grammatical():
    from mp_notebook.render.routes import routes_figure

    def hover(s: mp.GameState) -> dict[str, str]:
        overlay = routes_figure(s, 0).data[-1]
        return dict(zip(overlay.customdata, overlay.hovertext, strict=True))

    s = mp.new_game(players=2, seed=1)
    start = hover(s)
    assert "cheapest: 2 coins, 1 camel, 0 jade in 1 move<br>" in start["Xian"]
    assert "cheapest: 5 coins, 3 camels, 0 jade in 2 moves<br>" in start["Yangzhou"]
    sealed = hover(s.with_player(0, location="Cambay", seals={"tailor": "basic", "jeweler": "basic"}, coins=30,
                                 camels=30))
    assert "<br>needs seal: tailor<br>" in sealed["Hormuz"]
    assert "<br>needs seals: tailor, jeweler<br>" in sealed["Baghdad"]


def test_routes_figure():
    from mp_notebook.render.routes import routes_figure

    s = first_turn()
    fig = routes_figure(s, 0, color_by="moves", target="Fuzhou")
    overlay = fig.data[-1]
    t = mp.routes.table(s, 0)
    assert list(overlay.customdata) == list(t.location)
    colours = list(overlay.marker.color)
    assert all((c == "#b0b0b0") == (not ok) for c, ok in zip(colours, t.affordable, strict=True))
    path = mp.routes.cheapest(s, 0, "Fuzhou").path
    assert any(list(tr.customdata or ()) == list(path) and tr.mode == "lines+markers" for tr in fig.data)
    poor = routes_figure(s.with_player(0, coins=0, camels=0), 0, target="Hormuz")
    assert "Hormuz" in poor.layout.title.text
    with pytest.raises(ValueError):
        routes_figure(s, 0, color_by="speed")


def test_import_is_light():
    code = ("import sys, mp_notebook.board.routes; "
            "print(sorted(m for m in ('pandas', 'plotly') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_boosts_rank_the_bonus_actions_and_seals_by_new_end_locations():
    s = first_turn(seed=4)
    i = s.current_player
    now = {r.location for r in mp.routes.reachable(s, i)}
    b = mp.routes.boosts(s, i)
    assert list(b.columns) == ["option", "kind", "chance", "gain", "new", "lost"]
    assert list(b.gain) == sorted(b.gain, reverse=True)
    bonus = {str(a) for a in s.legal_actions() if a.kind in ("adjust_die", "reroll", "black_die")}
    assert set(b.option[b.kind != "seal"]) <= bonus and (b.gain > 0).all() and b.new.map(len).gt(0).all()
    for option in bonus - set(b.option):  # left out: adds no place
        after = {r.location for r in mp.routes.reachable(s.apply(option), i)} if "adjust" in option else set()
        assert after <= now
    assert b.attrs["note"].endswith(" a place")
    for row in b.itertuples():
        if row.kind == "adjust_die":  # exact: the engine applies it
            after = {r.location for r in mp.routes.reachable(s.apply(row.option), i)}
            assert (row.gain, set(row.new), set(row.lost)) == (len(after - now), after - now, now - after)
        elif row.kind == "seal":
            seal = row.option.removesuffix(" seal")
            held = s.with_player(i, seals={**s.players[i].seals, seal: "basic"})
            assert set(row.new) == {r.location for r in mp.routes.reachable(held, i)} - now
        else:  # a die rolled: the mean over its six faces
            assert row.chance and 0 <= row.gain <= len(row.new)
    rich = s.with_player(i, dice=[6] * len(s.players[i].dice), seals={t: "basic" for t in s.components.seals})
    nothing = mp.routes.boosts(rich, i)
    assert nothing.empty and nothing.attrs["note"].startswith("none of the")
    moved = s.apply(next(a for a in s.legal_actions() if a.kind == "khans_favor"))
    with pytest.raises(mp.ArgumentError, match="no Travel action open"):
        mp.routes.boosts(moved, i)
