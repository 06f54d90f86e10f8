"""The play app (``mp.play``) on The Voyages of Marco Polo: the ``ui`` part's labels for every kind
of action, map clicks for moves, and whole games played by presses (humans) and by a bot seat."""

from __future__ import annotations

import random
from html import escape

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.voyages import labels
from mp_notebook.ui.labels import sections

BOARD_KEYS = {"vp", "location", "posts", "posts_total", "resources", "contracts", "completed", "character", "goal"}


def test_every_action_kind_has_a_label_and_a_title():
    kinds: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        characters = "random" if seed % 2 else None
        s = mp.new_game(2 + seed % 3, ruleset="voyages", seed=seed, characters=characters)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                label, cost = labels.describe(s, a)
                assert label and label != str(a) and isinstance(cost, str), (str(a), label)
                assert a.kind in labels.KIND_TITLES, a.kind
                kinds.add(a.kind)
            s = s.apply(rng.choice(legal))
    vocabulary = mp.rulesets.get("voyages").vocabulary
    assert set(vocabulary.main) | {"move", "done", "take_contract", "column", "end_turn"} <= kinds


def test_labels_say_what_travel_costs():
    s = mp.new_game(2, ruleset="voyages", seed=3, characters=["Berke Khan", "Kubilai Khan"])
    assert labels.describe(s, mp.Action.parse("travel [2,2]", 0, "voyages"))[0].endswith("up to 2 steps")
    assert labels.describe(s, mp.Action.parse("travel [1]", 0, "voyages"))[0].endswith("up to 1 step")
    s = s.with_player(0, camels=5).apply("travel [2,2]")
    moves = {str(a): labels.describe(s, a) for a in s.legal_actions()}
    assert moves["move Alexandria"] == ("Alexandria (route)", "3 coins")
    assert moves["move Oasis-E"] == ("Oasis-E (route +3 camels)", "3 coins, 3 camels")
    s = s.apply("move Alexandria")
    assert labels.describe(s, mp.Action.parse("move Oasis-I", 0, "voyages"))[1] == "4 coins"  # 7 - 3: the table's rise


def test_player_board_and_dice():
    s = mp.new_game(2, ruleset="voyages", seed=1, characters=["Niccolo", "Wilhelm"])
    board = labels.player_board(s, 0)
    assert set(board) == BOARD_KEYS and board["location"] == "Venezia & Venezia"
    assert labels.player_board(s, 1)["posts_total"] > labels.player_board(s, 0)["posts_total"]  # Wilhelm: 11 posts
    spaces, black = labels.board_dice(s)
    assert black == s.black_pool and all(sp["dice"] for sp in spaces)
    assert labels.automa_seats(s) == frozenset()


def test_app_plays_a_whole_game_by_presses_and_clicks():
    app = mp.play(ruleset="voyages", players=2, seed=4)
    rng = random.Random(4)
    clicks = 0
    while not app.state.is_over:
        legal = app.state.legal_actions()
        assert app.actions.sections == sections(app.state, legal)
        a = rng.choice(legal)
        loc = labels.location_of(a)
        if loc is not None and sum(labels.location_of(b) == loc for b in legal) == 1:
            app.click_location(loc)
            clicks += 1
        else:
            app.press(str(a))
        assert app.last_error is None, app.last_error
    assert clicks >= 3 and "game over" in app.header.value
    assert escape(labels.final_note(app.state), quote=False) in app.header.value  # who won, and how
    app.click_location("Beijing")  # the game is over: a clear message, nothing changes
    assert app.last_error


def test_app_with_a_bot_seat():
    app = mp.play(ruleset="voyages", players=2, seed=5, seats=["human", "random bot"])
    assert all("seals" not in board for board in app.boards.players)  # no guild seals: no seals row
    while not app.state.is_over:
        assert app.state.current_player == 0
        app.press(str(app.state.legal_actions()[-1]))
        assert app.last_error is None, app.last_error
    assert app.state.scores()["total"].notna().all()


def test_bad_click_is_explained_and_changes_nothing():
    app = mp.play(ruleset="voyages", players=2, seed=6)
    before = app.state
    app.click_location("Beijing")
    assert app.state is before and app.last_error


@pytest.mark.parametrize("name", ["Venezia", "Oasis-A"])
def test_click_action_names_the_location(name):
    s = mp.new_game(2, ruleset="voyages", seed=1)
    assert labels.click_action(s, name).choice == name


def test_both_figures_of_niccolo_and_marco_polo_are_drawn():
    s = mp.new_game(2, ruleset="voyages", seed=1, characters=["Niccolo", "Berke"]).with_player(0, figure2="Moscow")
    figure = next(t for t in mp.show_map(s).data if t.name and t.name.startswith("Player 1: figure"))
    assert list(figure.customdata) == ["Venezia", "Moscow"] and len(figure.lat) == 2
    assert "figure 2 in Moscow" in figure.hovertext[1]


def test_dice_are_drawn_in_their_owners_colour_and_neutral_dice_are_marked():
    s = mp.new_game(3, ruleset="voyages", seed=7)  # 3 players: a neutral die on Khan's favor
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    seat = s.current_player
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "take_coins"))
    spaces = {sp["label"]: sp["dice"] for sp in labels.board_dice(s)[0]}
    assert spaces["khans favor"] == [{"value": 1, "owner": None, "black": False}]
    assert [d["owner"] for d in spaces["take coins"]] == [seat]


def test_raschid_s_dice_tray_says_his_values_come_when_placed_and_the_final_note_names_the_rule():
    s = mp.new_game(2, ruleset="voyages", seed=1, characters=["Raschid ad-Din Sinan", "Berke Khan"])
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    assert "values chosen when placed" in labels.dice_note(s, 0) and labels.dice_note(s, 1) is None
    t = s.with_player(0, vp=90).with_player(1, vp=40)
    assert labels.final_note(t).startswith("Player 1 wins with")
