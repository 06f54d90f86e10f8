"""Schmidt Marco Polo: the reconstructed board against the seed's facts, data-file errors, the
map, the play app (a whole game by clicks) and the computer players."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import networkx as nx
import pytest

import mp_notebook as mp
from mp_notebook.rulesets.schmidt import components as comp
from mp_notebook.rulesets.schmidt import evaluation, labels
from mp_notebook.ui.app import HUMAN, GameApp
from mp_notebook.ui.labels import sections

C = comp.components()


def doc(name: str) -> dict:
    return tomllib.loads(resources.files("mp_notebook.rulesets.schmidt").joinpath("data", name).read_text())


# ------------------------------------------------------------------------------- the board


def test_the_board_satisfies_the_seed() -> None:
    board = mp.new_game(2, ruleset="schmidt", seed=1).board
    assert board.start == "Venice" and isinstance(board.graph, nx.MultiGraph) and nx.is_connected(board.graph)
    for place in ("Venice", "Khanbalik", "Acre", "Karakorum", "Sansibar", *C.rules.missions):
        assert place in board.locations
    assert {C.locations[n].shape for n in C.locations} == {"start", "large", "small", "triangle"}
    assert {C.locations[n].colour for n in C.trading_cities} == set(C.colours)
    assert "Venice" in C.ports and C.modes_at("Venice") == ("land", "sea")
    assert all(C.locations[n].shape == "triangle" for n in C.ports if n not in C.trading_cities | {"Venice"})
    for colour in C.colours:  # every colour is sold on both route types
        modes = {m for n in C.trading_cities if C.locations[n].colour == colour for m in C.modes_at(n)}
        assert modes == {"land", "sea"}, colour
    assert C.modes_at("Sansibar") == ("sea",) and C.modes_at("Karakorum") == ("land",)
    assert all(-90 <= loc.lat <= 90 and -180 <= loc.lon <= 180 for loc in C.locations.values())


def test_the_data_files_say_they_are_a_reconstruction() -> None:
    for name in ("board.toml", "cards.toml", "rules.toml"):
        text = resources.files("mp_notebook.rulesets.schmidt").joinpath("data", name).read_text()
        assert "RECONSTRUCT" in text and "SEED 001" in text.upper()


@pytest.mark.parametrize(("file", "edit", "message"), [
    ("board", lambda d: d["location"][1].update(shape="hexagon"), "board.toml: location 'Belgrade': shape"),
    ("board", lambda d: d["route"][0].update(mode="air"), "board.toml: route Venice-Belgrade: mode 'air'"),
    ("board", lambda d: d["location"][3].pop("colour"), "board.toml: location 'Constantinople'"),
    ("cards", lambda d: d["joker"][0].update(effect="teleport"), "cards.toml: joker 'khan_protects'"),
    ("cards", lambda d: d["joker"].pop(), "cards.toml: the brown deck has 4 jokers"),
    ("cards", lambda d: d["joker"][1].update(optional=True), "cards.toml: joker 'birthday': only a joker whose"),
    ("cards", lambda d: d["specials"].update(missions=["Venice", "Pagan", "Quinsai", "Zaiton"]), "missions"),
    ("rules", lambda d: d["spinner"].update(sea=[2, "bandits"]), "rules.toml: [spinner]: sea: sectors are moves"),
    ("rules", lambda d: d["spinner"].update(sea=["2", "pirates"]), "rules.toml: [spinner]: sea: sectors are moves"),
    ("rules", lambda d: d["spinner"].update(sea=[2.0, "pirates"]), "rules.toml: [spinner]: sea must list integers"),
    ("rules", lambda d: d["return_capital"].pop("4"), "rules.toml: [return_capital]"),
])
def test_broken_data_is_a_clear_error(file, edit, message) -> None:
    docs = {name: copy.deepcopy(doc(f"{name}.toml")) for name in ("board", "cards", "rules")}
    edit(docs[file])
    with pytest.raises(mp.DataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        comp.build(docs["board"], docs["cards"], docs["rules"])


# ------------------------------------------------------------------------------- map and app


def test_show_map_draws_every_space_and_both_routes() -> None:
    s = mp.new_game(3, ruleset="schmidt", seed=2)
    fig = mp.show_map(s, player=0, highlight=["Venice", "Belgrade"])
    drawn = {n for t in fig.data if t.customdata is not None and t.mode == "markers" and t.legendgroup is None
             for n in t.customdata}
    assert drawn == set(C.locations)
    assert set(next(t for t in fig.data if t.name == "place names").text) <= drawn  # named where they fit
    names = [t.name for t in fig.data]
    assert "land route (red ring)" in names and "sea route (blue ring)" in names
    hover = next(t for t in fig.data if t.name == "trading city — red wares").hovertext
    assert any("Khanbalik" in h and "gifts" in h for h in hover)


def test_the_app_plays_a_whole_game_by_clicks() -> None:
    app = mp.play(players=2, ruleset="schmidt", seed=4, round_limit=300)
    assert [r["label"] for r in app.boards.players[0]["rows"]] == [
        "piece in", "route", "ware cards", "Golden Plaque", "Secrets of the Orient"]  # no posts, seals, contracts
    agents = [mp.agents.GreedyAgent(seed=k) for k in range(2)]
    assert "Marco Polo (Schmidt)" in app.header.value
    clicks = 0
    while not app.state.is_over:
        s = app.state
        a = agents[s.current_player].choose(s)
        shown = [x["notation"] for sec in sections(s, s.legal_actions()) for row in sec["rows"] for x in row["actions"]]
        assert str(a) in shown
        if a.kind == "move":
            app.click_location(a.choice)
            clicks += 1
        else:
            app.press(str(a))
        assert app.last_error is None and app.state.history[-1] == str(a)
    assert clicks > 10 and app.state.winner is not None and "game over" in app.header.value
    winner = app.boards.players[app.state.winner]
    assert winner["rows"][0]["value"].startswith("Venice")
    assert winner["score_text"] == f"final capital {app.state.scores()['total'].iloc[app.state.winner]} Gulden"


def test_the_board_speaks_the_rulebooks_words() -> None:
    s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(
        1, cards=["red80a", "green30b", "green80a", "blue50a"], plaque="Pagan", gulden=100)
    board = labels.player_board(s, 1)
    assert board["score"] == 580  # capital: 100 Gulden + 240 in wares + the Plaque's 240 (Return to Venice)
    assert board["resources"] == {"Gulden": 100, "green": 2, "red": 1, "blue": 1, "brown": 0}
    assert board["rows"] == [
        {"label": "piece in", "value": "Venice (exit space)"},
        {"label": "route", "value": "land (red ring)"},
        {"label": "ware cards", "value": "4, worth 240 Gulden", "items": ["green 80, green 30, red 80, blue 50"]},
        {"label": "Golden Plaque", "value": "secret mission", "secret": True},  # not his decision now
        {"label": "Secrets of the Orient", "value": "not yet"},
    ]
    start = labels.player_board(s.with_player(0, mode="sea"), 0)["rows"]
    assert start[1:] == [{"label": "route", "value": "sea (blue ring)"}, {"label": "ware cards", "value": "none"},
                         {"label": "Golden Plaque", "value": "not yet"},
                         {"label": "Secrets of the Orient", "value": "not yet"}]
    done = labels.player_board(s.with_player(1, secrets=True), 1)["rows"]
    assert done[3:] == [{"label": "Golden Plaque", "value": "mission to Pagan (done)"},
                        {"label": "Secrets of the Orient", "value": "held, worth 240 Gulden"}]


def test_the_mission_city_is_shown_only_to_its_owner_until_done() -> None:
    s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(0, plaque="Quinsai").with_player(1, plaque="Pagan")
    app = mp.play(s)  # two humans at one screen: player 1 decides

    def plaques(app: GameApp) -> list[str]:
        return [b["rows"][3]["value"] for b in app.boards.players]

    assert app.seats == [HUMAN, HUMAN] and app.state.current_player == 0
    assert plaques(app) == ["mission to Quinsai", "hidden (secret)"]
    assert app.boards.players[0]["score_text"] == "capital 480 Gulden"
    app.goals_box.value = True  # every secret card shown on request; the owner's screen only while he decides
    assert plaques(app) == ["mission to Quinsai", "secret mission"]
    done = mp.play(s.with_player(1, secrets=True))  # the mission done: the card may be shown to all
    assert plaques(done) == ["mission to Quinsai", "mission to Pagan (done)"]
    assert plaques(mp.play(s.with_player(1, plaque=None))) == ["mission to Quinsai", "not yet"]  # no secret yet


def test_a_bad_click_is_a_message_not_a_change() -> None:
    s = mp.new_game(2, ruleset="schmidt", seed=4)
    app = mp.play(next(t for t in map(s.reseed, range(50)) if t.apply("spin land").decision.kind == "move"))
    app.press("spin land")
    before = app.state
    app.click_location("Sansibar")
    assert app.state is before and app.last_error and "not exactly" in app.last_error


# ------------------------------------------------------------------------------- agents


def test_greedy_beats_random() -> None:
    df = mp.simulate(10, [mp.agents.GreedyAgent, mp.agents.RandomAgent], players=2, ruleset="schmidt", seed=3,
                     rotate=True, options={"round_limit": 300}, progress=False)
    wins = df[df["winner"]].groupby("agent").size()
    assert wins.get("greedy", 0) >= 9, wins
    assert set(df.columns) >= {"gulden", "wares", "plaque", "secrets", "total", "winner"}


def spin_to(s: mp.GameState, ring: str, result: str, fight: str | None = None) -> mp.GameState:
    """``s`` after a spin of ``ring`` showing ``result`` (``fight``: 'lost'/'won', the dice)."""
    return next(t for t in (s.reseed(k).apply(f"spin {ring}") for k in range(5000))
                if t.spun == (ring, result) and (fight is None or (fight == "lost") == (t.decision.kind == "ransom")))


def greedy_choice(s: mp.GameState) -> str:
    return str(mp.agents.GreedyAgent(seed=0).choose(s))


def test_greedy_takes_extra_turns_and_booty_but_not_a_card_that_breaks_the_colour_rule() -> None:
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    lost = spin_to(s.with_player(0, cards=["red30a"]), "sea", "pirates", fight="lost").apply("ransom red30a")
    ready = dict(plaque="Quinsai", secrets=True, gulden=600)  # 1450 Gulden of capital: enough to return
    full = lost.with_player(1, cards=["red80a", "red50a", "green80a", "blue80a", "brown80a"], **ready)
    fought = spin_to(full, "sea", "pirates", fight="won")
    assert fought.decision.kind == "booty" and greedy_choice(fought) == "booty leave"  # a third red card
    short = spin_to(lost.with_player(1, cards=["red80a", "green80a", "blue80a", "brown80a"], **ready), "sea",
                    "pirates", fight="won")
    assert greedy_choice(short) == "booty take"
    near = s.with_player(0, location=C.neighbours["land"]["Kashgar"][0], gulden=500)
    kashgar = spin_to(near, "land", "1").apply("move Kashgar")
    w = next(t for t in map(kashgar.reseed, range(5000)) if t.decks["brown"][0] == "brown:wind")
    w = w.apply("buy").apply("end_turn")
    assert w.decision.kind == "extra_turn"
    (take, best), (decline, _) = mp.agents.GreedyAgent(seed=0).rank(w)
    assert str(best) == "extra_turn take" and take - decline == pytest.approx(2 * evaluation.turn_worth(w, 0))
    last = w.apply("extra_turn take").with_player(0, plaque="Quinsai")
    last = spin_to(last, last.legal_actions()[0].choice, "bandits")  # protected: the turn ends
    assert last.decision.about == 1 and greedy_choice(last) == "extra_turn take"


def test_greedy_draws_blind_only_on_reseeded_futures() -> None:
    """No peeking: the look-ahead takes a blind draw, a spin or a Plaque only on a future
    determinized from its seat's view, never on the position's own (which would show the card on top
    of the deck)."""
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    at = spin_to(s.with_player(0, location="Ankara", gulden=500), "land", "1").apply("move Constantinople")
    ahead = mp.agents.GreedyAgent(seed=0).follow_ups(at, 0)
    steps = ahead.history[len(at.history):]
    assert "buy" in steps and all(steps[k - 1].startswith("determinize 0 ") for k, x in enumerate(steps) if x == "buy")
    ready = spin_to(s.with_player(0, location="Shangdu", cards=["red80a", "blue80a", "green80a"]), "land", "3")
    chance = {str(a): evaluation.chance(ready, a) for a in ready.legal_actions()}
    assert chance.pop("move Khanbalik") and chance and not any(chance.values())  # the Plaque is drawn blind
    assert evaluation.chance(at, mp.Action("buy", 0)) and not evaluation.chance(at, mp.Action("end_turn", 0))
    assert evaluation.chance(s, mp.Action("spin", 0, choice="sea"))
