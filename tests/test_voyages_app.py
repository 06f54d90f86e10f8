"""The play app (``mp.play``) on The Voyages of Marco Polo: the ``ui`` part's labels for every kind
of action, map clicks for moves, a game against a bot seat with secret goal cards. (Whole games by
presses and clicks, and bad clicks, for every ruleset: ``test_registry_app.py``.)"""

from __future__ import annotations

import random

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.voyages import labels


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
    assert board["score"] == 50 and board["resources"] == {"coins": 7, "camels": 3, "pepper": 0, "silk": 0, "gold": 0}
    assert board["rows"] == [  # the game's own board: no guild seals, so no seals row
        {"label": "figures in", "value": "Venezia & Venezia"},  # Niccolò & Marco Polo: two figures
        {"label": "posts", "value": "0/9"},
        {"label": "contracts", "value": "", "items": ["C42: pay 1 camel, 3 pepper → 1 VP, 1 move"]},
        {"label": "completed", "value": "0"},
        {"label": "character", "value": "Niccolo and Marco Polo"},
        {"label": "goal cards", "value": "", "items": ["G02: Moscow + Kashgar → 7 VP", "G00: Moscow + Xian → 4 VP"],
         "secret": True},  # dealt face down and kept secret (Rulebook, Player Setup 8)
    ]
    wilhelm = {r["label"]: r["value"] for r in labels.player_board(s, 1)["rows"]}
    assert wilhelm["figure in"] == "Venezia" and wilhelm["posts"] == "0/11"  # one figure; 9 posts + 2 black ones
    t = s.with_player(0, trading_posts=["Moscow", "Xian"], contracts=[], goals=[])
    rows = labels.player_board(t, 0)["rows"]
    assert rows[1] == {"label": "posts", "value": "2/9", "title": "Moscow, Xian", "items": ["Moscow, Xian"]}
    assert rows[2] == {"label": "contracts", "value": "none"}
    assert rows[5] == {"label": "goal cards", "value": "none yet", "secret": True}
    spaces, black = labels.board_dice(s)
    assert black == s.black_pool and all(sp["dice"] for sp in spaces)
    assert labels.automa_seats(s) == frozenset()


def test_app_with_a_bot_seat():
    app = mp.play(ruleset="voyages", players=2, seed=5, seats=["human", "random bot"])

    def goal_cards() -> list[dict]:
        return [next(r for r in board["rows"] if r["label"] == "goal cards") for board in app.boards.players]

    assert all("seals" not in [r["label"] for r in board["rows"]] for board in app.boards.players)  # no guild seals
    assert goal_cards()[1] == {"label": "goal cards", "value": "hidden (secret)"}  # the bot's cards stay secret
    assert len(goal_cards()[0]["items"]) == 2  # the human sees their own
    while not app.state.is_over:
        assert app.state.current_player == 0
        app.press(str(app.state.legal_actions()[-1]))
        assert app.last_error is None, app.last_error
    assert app.state.scores()["total"].notna().all()
    assert all(len(row["items"]) == 2 for row in goal_cards())  # the game is over: every card is shown
    totals = app.state.scores()["total"]
    assert [b["score_text"] for b in app.boards.players] == [f"{v} VP final" for v in totals]


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
    t = s
    while not t.is_over:  # the final note is read from a finished game
        t = t.apply(t.legal_actions()[len(t.history) % len(t.legal_actions())])
    bare = {"trading_posts": [], "completed": []}
    t = t.with_player(0, vp=90, **bare).with_player(1, vp=40, **bare)
    assert labels.final_note(t).startswith("Player 1 wins with")
