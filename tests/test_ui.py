"""mp.play: the app driven through its handlers from Python (no browser), checking the game
state and the widgets' traitlets."""

from __future__ import annotations

import random

import plotly.callbacks
import pytest

import mp_notebook as mp
from mp_notebook.ui.app import BOT, HUMAN, GameApp
from mp_notebook.ui.labels import sections


def to_turn(app: GameApp) -> None:
    """Press the first choice until the current player has a turn decision."""
    while app.state.decision.kind != "turn":
        app.press(str(app.state.legal_actions()[0]))


def travel_one(app: GameApp) -> None:
    """From a turn: take the lower Travel space (1 move) with the first die that allows it."""
    to_turn(app)
    app.press(next(str(a) for a in app.state.legal_actions() if a.kind == "travel" and a.space == "lower"))
    assert app.state.decision.kind == "move"


def map_trace(app: GameApp, name: str):
    return next(t for t in app.map.data if t.name.startswith(name))


def all_notations(app: GameApp) -> list[str]:
    return [a["notation"] for sec in app.actions.sections for row in sec["rows"] for a in row["actions"]]


@pytest.fixture
def app() -> GameApp:
    return mp.play(players=3, seed=7)


def test_play_builds_every_part(app):
    s = app.state
    assert isinstance(s, mp.GameState) and s.history == ()
    assert [p["name"] for p in app.dice.players] == [p.name for p in s.players]
    assert app.dice.players[0]["dice"] == list(s.players[0].dice) and app.dice.players[0]["current"]
    board = app.boards.players[0]
    assert board["resources"]["coins"] == 8 and board["location"] == "Beijing" and board["vp"] == 50
    assert board["contracts"][0].startswith(s.players[0].contracts[0])
    assert board["goal"].startswith(s.players[0].goal)
    assert sorted(all_notations(app)) == sorted(str(a) for a in s.legal_actions())
    assert app.actions.sections[0]["title"].startswith("Choose: take 3 compensation")
    assert "round 1 of 5" in app.header.value and "first player Player 1" in app.header.value
    assert "Player 3 rolls" in app.log_view.value
    assert app.log_view.value.index("Player 3 rolls") < app.log_view.value.index("quick setup")  # newest first
    assert app.undo_button.disabled and app.last_error is None
    assert app.map in app.children and app.dice in app.children[4].children[1].children


def test_play_takes_a_state_or_new_game_options():
    s = mp.new_game(["Ana", "Ben"], seed=4)
    assert mp.play(s).state is s
    app = mp.play(players=["Ana", "Ben", "Cy"], seed=4)
    assert [p.name for p in app.state.players] == ["Ana", "Ben", "Cy"]
    assert mp.play().state.num_players == 2


def test_turn_actions_are_grouped_with_plain_labels_and_costs(app):
    to_turn(app)
    titles = [sec["title"] for sec in app.actions.sections]
    assert titles[0] == "Main actions" and "Bonus actions" in titles
    rows = {row["title"]: row["actions"] for sec in app.actions.sections for row in sec["rows"]}
    lower = next(a for a in rows["Travel"] if a["notation"].endswith("lower"))
    assert "up to 1 move" in lower["label"] and lower["cost"] == "2 coins"
    assert any("4 coins, 2 camels" in a["label"] for a in rows["Khan's Favor"])
    assert all(a["cost"] for a in rows["Reroll a die"])


def test_press_updates_state_and_widgets(app):
    before = app.state
    app.press("compensation coins=3,camels=0")
    assert app.state.history == ("compensation coins=3,camels=0",)
    assert before.history == ()  # states are immutable
    assert app.boards.players[0]["resources"]["coins"] == 11
    assert [p["current"] for p in app.dice.players] == [i == app.state.current_player for i in range(3)]
    assert "Player 1 gains 3 coins" in app.log_view.value
    assert not app.undo_button.disabled


def test_action_panel_press_through_its_traitlet(app):
    notation = all_notations(app)[-1]
    app.actions.pressed = {"notation": notation, "n": 1, "at": 0}
    assert app.state.history == (notation,)


def test_click_city_moves_when_it_is_a_legal_next_step(app):
    travel_one(app)
    mover = app.state.current_player
    targets = map_trace(app, "click")
    assert "Xanadu" in targets.customdata and targets.showlegend
    app.click_location("Xanadu")
    assert app.last_error is None
    assert app.state.players[mover].location == "Xanadu"
    assert "Xanadu" in app.state.players[mover].trading_posts
    assert app.boards.players[mover]["location"] == "Xanadu"
    assert list(map_trace(app, f"{app.state.players[mover].name}: trading posts").customdata) == ["Xanadu"]
    assert not map_trace(app, "click").customdata  # nothing to click on a turn decision


def test_click_through_the_plotly_callback(app):
    travel_one(app)
    targets = map_trace(app, "click")
    k = list(targets.customdata).index("Xanadu")
    targets._dispatch_on_click(plotly.callbacks.Points(point_inds=[k], trace_index=0), None)
    assert app.state.players[0].location == "Xanadu"


def test_illegal_click_explains_and_changes_nothing(app):
    travel_one(app)
    before = app.state
    app.click_location("Baghdad")
    assert app.state is before
    assert "move Baghdad is not allowed" in app.last_error and "move Xanadu" in app.last_error
    assert "mp-error" in app.message.value and "not allowed" in app.message.value
    app.click_location("Xanadu")  # a legal click clears the message
    assert app.last_error is None and app.message.value == ""


def test_click_on_a_turn_decision_explains(app):
    to_turn(app)
    before = app.state
    app.click_location("Xian")
    assert app.state is before and "follow-up choice" in app.last_error


def test_illegal_or_malformed_press_is_shown(app):
    before = app.state
    app.press("end_turn")
    assert app.state is before and "not allowed" in app.last_error
    app.press("fly to the moon")
    assert app.state is before and "unknown action kind" in app.last_error


def test_unexpected_errors_are_shown_not_swallowed(app, monkeypatch):
    def broken(action):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(app.state, "apply", broken)
    app.press(all_notations(app)[0])
    assert "RuntimeError: engine exploded" in app.last_error
    assert "Traceback" in app.message.value


def test_undo_one_decision(app):
    start = app.state
    app.press(all_notations(app)[0])
    app.press(all_notations(app)[0])
    second = app.state
    app.press(all_notations(app)[0])
    app.undo()
    assert app.state is second
    app.undo()
    app.undo()
    assert app.state is start and app.undo_button.disabled
    assert app.dice.players[0]["current"]
    app.undo()
    assert app.last_error == "nothing to undo"


def test_fork_keeps_a_usable_state(app):
    to_turn(app)
    fork = app.fork()
    assert app.forks == [fork] and fork is app.state and "app.forks[0]" in app.message.value
    app.press(all_notations(app)[0])
    assert app.state is not fork and app.forks[0] is fork
    t = fork.apply(fork.legal_actions()[0])  # an ordinary state, usable in the next cell
    assert t.history[:-1] == fork.history


def test_new_game_rebuilds_the_widgets(app):
    app.press(all_notations(app)[0])
    n_traces = len(app.map.data)
    app.new_game(players=4, seed=11)
    s = app.state
    assert s.num_players == 4 and s.history == () and s.setup["seed"] == 11
    assert len(app.seats) == 4 and len(app.seat_boxes.children) == 4
    assert len(app.dice.players) == len(app.boards.players) == 4
    assert len(app.map.data) == n_traces + 2  # a figure and a posts trace for the new seat
    assert app.undo_button.disabled and app.seed_box.value == 12
    app.new_button.click()  # the button: players and seed from the setup boxes
    assert app.state.setup["seed"] == 12 and app.state.num_players == 4


def test_bot_seats_play_themselves():
    app = mp.play(players=2, seed=3, seats=[HUMAN, BOT])
    for _ in range(30):
        if app.state.is_over:
            break
        assert app.state.current_player == 0  # the bot has always answered
        app.press(all_notations(app)[0])
    app.seat_boxes.children[0].value = BOT  # the seat dropdown: now bots only, to the end
    assert app.seats == [BOT, BOT] and app.state.is_over
    assert "game over" in app.header.value and "final scores" in app.header.value
    assert app.actions.sections == [] and app.last_error is None


def test_bot_decisions_are_not_clickable():
    app = mp.play(players=2, seed=3)
    app.set_seat(1, BOT)
    assert app.state.current_player == 0 or app.state.is_over
    with pytest.raises(ValueError):
        app.set_seat.__wrapped__(app, 0, "alien")


def test_labels_cover_every_decision_of_random_games():
    for seed in range(3):
        rng = random.Random(seed)
        s = mp.new_game(players=2 + seed, seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            shown = [a["notation"] for sec in sections(s, legal) for row in sec["rows"] for a in row["actions"]]
            assert sorted(shown) == sorted(str(a) for a in legal)
            s = s.apply(rng.choice(legal))


def test_solo_app_seats_the_automa() -> None:
    app = mp.play(["Ana"], automa="L1", seed=2)
    assert app.seats == ["human", "Automa"] and app.seat_boxes.children[1].disabled
    app.set_seat(1, "human")
    assert app.seats[1] == "Automa" and "plays itself" in (app.last_error or "")
    app.new_game()
    assert app.seats == ["human", "Automa"] and app.state.automa is not None


def test_mailin_and_tian_chin_travel_in_the_app() -> None:
    """Issue 13: the second figure's moves (``move Xanadu/2``) broke the first Travel."""
    app = mp.play(players=2, seed=3, characters=["Mailin & Tian Chin", "De Wu"])
    to_turn(app)
    app.press(next(str(a) for a in app.state.legal_actions() if a.kind == "travel"))
    assert app.last_error is None and app.state.decision.kind == "move"
    assert sorted(all_notations(app)) == sorted(str(a) for a in app.state.legal_actions())
    labels = {a["notation"]: a["label"] for sec in app.actions.sections for row in sec["rows"] for a in row["actions"]}
    assert labels["move Xanadu/2"] == "Xanadu (2nd figure) (land)" and labels["move Xanadu"] == "Xanadu (land)"
    app.click_location("Xanadu")  # both figures could go: the panel is asked
    assert "2 choices name Xanadu" in app.message.value
    app.press("move Xanadu/2")
    assert app.last_error is None and app.state.players[0].figure2 == "Xanadu"
    assert app.boards.players[0]["location"] == "Beijing"


def test_solo_app_new_game_button() -> None:
    app = mp.play(["Ana"], automa="L1", seed=2)
    assert app.players_box.disabled
    app.new_button.click()
    assert app.last_error is None and app.state.setup["seed"] == 3 and app.state.automa is not None
    assert app.seats == ["human", "Automa"] and [p.name for p in app.state.players] == ["Ana", "Automa"]
    app.new_game(players=3)
    assert "solo game against the Automa" in app.last_error and app.state.setup["seed"] == 3


@pytest.mark.parametrize("seats,match", [
    (["Automa", "human"], "seat 0: 'Automa' is not one of 'human', 'random bot'"),
    (["human"], "each of the 2 seats"),
    (["human", "robot"], "seat 1: 'robot' is not one of"),
    ("human", "each of the 2 seats"),
])
def test_seats_are_checked(seats, match) -> None:
    with pytest.raises(ValueError, match=match):
        mp.play(players=2, seed=1, seats=seats)


def test_solo_seats_are_checked() -> None:
    with pytest.raises(ValueError, match="seat 0: 'Automa'"):
        mp.play(["Ana"], automa="L1", seed=2, seats=["Automa", "human"])
    with pytest.raises(ValueError, match="seat 1 is the Automa's"):
        mp.play(["Ana"], automa="L1", seed=2, seats=["human", "human"])


def test_set_seat_checks_the_seat_number() -> None:
    app = mp.play(players=2, seed=1)
    for seat in (-1, 2, True):
        app.set_seat(seat, BOT)
        assert "no seat" in app.last_error and app.seats == [HUMAN, HUMAN]
    app.set_seat(0, "alien")
    assert "'alien' is not one of" in app.last_error and "Traceback" not in app.message.value
