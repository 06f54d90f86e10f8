"""mp.play: the app driven through its handlers from Python (no browser), checking the game
state and the widgets' traitlets."""

from __future__ import annotations

import dataclasses
import random
import time

import plotly.callbacks
import pytest

import mp_notebook as mp
from mp_notebook import registry as ruleset_registry
from mp_notebook.analysis import evaluate
from mp_notebook.registry import get
from mp_notebook.render.map import PLAYER_COLOURS
from mp_notebook.rulesets.mp2 import labels as mp2_labels
from mp_notebook.ui import app as app_module
from mp_notebook.ui.app import BOT, BOTS, GREEDY, HUMAN, SEARCH, GameApp
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


def values(board: dict) -> dict[str, str]:
    """A drawn player board's rows: label → value."""
    return {r["label"]: r["value"] for r in board["rows"]}


def map_trace(app: GameApp, name: str):
    return next(t for t in app.map.data if t.name.startswith(name))


def all_notations(app: GameApp) -> list[str]:
    """The notations of the panel's enabled buttons."""
    return [a["notation"] for sec in app.actions.sections for row in sec["rows"] for a in row["actions"]
            if not a.get("disabled")]


@pytest.fixture
def app() -> GameApp:
    return mp.play(players=3, seed=7)


def test_play_builds_every_part(app):
    s = app.state
    assert isinstance(s, mp.GameState) and s.history == ()
    assert [p["name"] for p in app.dice.players] == [p.name for p in s.players]
    assert app.dice.players[0]["dice"] == list(s.players[0].dice) and app.dice.players[0]["current"]
    board = app.boards.players[0]
    assert board["resources"]["coins"] == "8 coins" and board["score_text"] == "50 VP so far"
    assert values(board)["figure in"] == "Beijing"
    assert values(board)["seals"] == "none"  # Marco Polo II has guild seals: the board shows the row, empty so far
    contracts = next(r for r in board["rows"] if r["label"] == "contracts")
    assert contracts["value"] == "" and contracts["items"][0].startswith(s.players[0].contracts[0])
    assert values(board)["goal"].startswith(s.players[0].goal)
    assert sorted(all_notations(app)) == sorted(str(a) for a in s.legal_actions())
    assert app.actions.sections[0]["title"].startswith("Take 3 compensation")
    assert "round 1 of 5" in app.header.value and "first player Player 1" in app.header.value
    assert "Player 3 rolls" in app.log_view.value
    assert app.log_view.value.index("Player 3 rolls") < app.log_view.value.index("quick setup")  # newest first
    assert app.undo_button.disabled and app.last_error is None
    assert app.map in app.children and app.dice in app.children[app.children.index(app.map) + 1].children[1].children


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
    assert app.boards.players[0]["resources"]["coins"] == "11 coins"
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
    assert values(app.boards.players[mover])["figure in"] == "Xanadu"
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
    # in words, not notation: what was clicked, what is awaited, what can be clicked
    assert app.last_error.startswith("Baghdad is not a choice now") and "move Baghdad" not in app.last_error
    assert "move from Beijing" in app.last_error and "You can click Xanadu, Xian" in app.last_error
    assert "mp-error" in app.message.value and "not a choice now" in app.message.value
    app.click_location("Xanadu")  # a legal click clears the message
    assert app.last_error is None and app.message.value == ""


def test_click_on_a_turn_decision_explains(app):
    to_turn(app)
    before = app.state
    app.click_location("Xian")
    assert app.state is before
    # for a player: what is awaited and where to act instead, no engine terms, no nested brackets
    assert app.last_error == (f"Xian is not a choice now. {before.decision.text}. "
                              "Nothing on the map is a choice now: use the action panel.")
    assert "follow-up" not in app.last_error and "((" not in app.last_error.replace(" ", "")


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
    assert app.undo_button.disabled and app.seed_box.value == 11  # the seed box shows the game's seed
    app.new_button.click()  # the button: players from the setup box; the seed box unchanged: the next seed
    assert app.state.setup["seed"] == 12 and app.state.num_players == 4 and app.seed_box.value == 12
    app.seed_box.value = 5
    app.new_button.click()  # a seed typed in the box
    assert app.state.setup["seed"] == 5 and app.seed_box.value == 5


def test_bot_seats_play_themselves():
    app = mp.play(players=2, seed=3, seats=[HUMAN, BOT])
    for _ in range(30):
        if app.state.is_over:
            break
        assert app.state.current_player == 0  # the bot has always answered
        app.press(all_notations(app)[0])
    app.seat_boxes.children[0].value = BOT  # the seat dropdown: now bots only, to the end
    assert app.seats == [BOT, BOT] and app.state.is_over
    assert "game over" in app.header.value and "wins with" in app.header.value
    assert app.actions.sections == [] and app.last_error is None


def test_bot_decisions_are_not_clickable():
    app = mp.play(players=2, seed=3)
    app.set_seat(1, BOT)
    assert app.state.current_player == 0 or app.state.is_over
    with pytest.raises(ValueError):
        app.set_seat.__wrapped__(app, 0, "alien")


def test_labels_cover_every_decision_of_random_games():
    """Every legal action has a button; the disabled ones give a reason; every die on the action
    spaces has its owner: the colours the state records for the space, neutral dice first (2-4
    players and solo, where the Automa's dice are its seat's)."""
    disabled = set()
    games = [mp.new_game(players=2 + seed, seed=seed) for seed in range(3)]
    games.append(mp.new_game(["Ana"], automa="L2", seed=1))
    for seed, s in enumerate(games):
        rng = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            buttons = [a for sec in sections(s, legal) for row in sec["rows"] for a in row["actions"]]
            assert sorted(a["notation"] for a in buttons if not a.get("disabled")) == sorted(str(a) for a in legal)
            disabled |= {(a["label"].split(":")[0], a["disabled"].split(" (")[0][:12]) for a in buttons
                         if a.get("disabled")}
            spaces, _ = mp2_labels.board_dice(s)
            assert {sp["label"] for sp in spaces} == {k.replace(":", " ") for k, (_, v) in s.spaces.items() if v}
            for sp in spaces:
                colours, values = s.spaces[sp["label"].replace(" ", ":", 1)]
                assert sorted(d["value"] for d in sp["dice"]) == sorted(values)
                assert {d["owner"] for d in sp["dice"] if not d["black"]} - {None} == colours
                owners = [d["owner"] for d in sp["dice"]]
                assert owners[:owners.count(None)] == [None] * owners.count(None)  # neutral dice come first
            s = s.apply(rng.choice(legal))
    # offers the player cannot pay for, and stopping before a Travel action's first move
    assert {label for label, _ in disabled} == {"offer 3", "offer 4", "stop here"}
    assert {why for _, why in disabled} == {"needs 1 jade", "needs 2 jade", "a Travel act"}


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
    assert "2 choices lead to Xanadu" in app.message.value and "Xanadu (2nd figure)" in app.message.value
    app.press("move Xanadu/2")
    assert app.last_error is None and app.state.players[0].figure2 == "Xanadu"
    assert values(app.boards.players[0])["figures in"] == "Beijing & Xanadu"  # both figures on the board


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


# --- computer seats, the hint, the end of the game --------------------------------------------


def test_every_computer_player_can_take_a_seat() -> None:
    app = mp.play(players=3, seed=5, seats=[HUMAN, GREEDY, SEARCH])
    assert app.seat_boxes.children[0].options == (HUMAN, BOT, GREEDY, SEARCH)
    assert app.state.current_player == 0 and app.state.history == ()  # Player 1 (human) starts
    human = mp.agents.RandomAgent(2)
    while app.state.round == 1:  # the human's choices; the computer seats answer in between
        app.press(str(human.choose(app.state)))
        assert app.state.current_player == 0 and app.last_error is None
    # the greedy and search seats answered, as those agents would (they are seeded, stateless)
    history = app.state.history
    replayed = mp.new_game(players=3, seed=5)
    played = set()
    for notation in history:
        who = replayed.current_player
        played.add(who)
        if who == 1:
            assert notation == str(mp.agents.GreedyAgent(1).choose(replayed))
        elif who == 2:
            assert notation == str(BOTS[SEARCH](2).choose(replayed))
        replayed = replayed.apply(notation)
    assert played == {0, 1, 2} and replayed == app.state


def test_a_game_against_the_greedy_bot_ends_with_the_final_scoring() -> None:
    app = mp.play(players=2, seed=4, seats=[HUMAN, GREEDY])
    human = mp.agents.GreedyAgent(seed=9)
    while not app.state.is_over:
        app.press(str(human.choose(app.state)))
        assert app.last_error is None
    s = app.state
    table = s.scores()
    final = app.final_view.value
    for title in ("score track", "goal seals", "shields", "goods", "coins", "contracts", "total", "camels"):
        assert f"<th>{title}" in final
    for name, row in table.iterrows():
        assert f"{name}</th>" in final and f"<td class=mp-total>{row['total']}</td>" in final
    winner = table.index[table["winner"]][0]
    assert f"{winner} wins with {table['total'].max()} VP" in final and "★ " + winner in final
    assert "wins with" in app.header.value
    assert [b["score_text"] for b in app.boards.players] == [f"{v} VP final" for v in table["total"]]
    assert app.actions.sections == [] and "final scoring" in app.actions.title
    assert app.hint_button.disabled
    app.undo()  # back into the game: the breakdown goes, the boards show the track again
    assert app.final_view.value == "" and app.boards.players[0]["score_text"].endswith("VP so far")


def test_final_note_explains_the_tie_break() -> None:
    s = mp.new_game(["Ana", "Ben", "Cy"], seed=1)
    agent = mp.agents.RandomAgent(3)
    while not s.is_over:
        s = s.apply(agent.choose(s))
    table = s.scores()
    # the same final position, edited so that Ana and Ben tie on VP: camels break the tie, then nothing
    base = {name: int(table.loc[name, "total"]) - int(table.loc[name, "track"]) for name in ("Ana", "Ben")}
    tied = s.with_player(0, vp=200 - base["Ana"], camels=5).with_player(1, vp=200 - base["Ben"], camels=2)
    assert mp2_labels.final_note(tied) == ("Ana and Ben tie on 200 VP; the most camels break the tie (Ana 5, Ben 2): "
                                           "Ana wins (Rulebook: End of game).")
    shared = tied.with_player(1, camels=5)
    assert mp2_labels.final_note(shared) == ("Ana and Ben tie on 200 VP and on camels (Ana 5, Ben 5): Ana and Ben "
                                             "share the victory (Rulebook: End of game).")


def test_hint_shows_the_evaluation_of_the_decision() -> None:
    app = mp.play(players=2, seed=3, seats=[HUMAN, GREEDY])
    to_turn(app)
    app.hint_rollouts, app.hint_time_budget = 2, None  # no time budget: the same table as evaluate's
    assert not app.hint_button.disabled
    table = app.hint()
    expected = evaluate(app.state, rollouts=2, time_budget=None)
    assert list(table["action"]) == list(expected["action"]) and list(table["margin"]) == list(expected["margin"])
    html = app.hint_view.value
    best = table.iloc[0]
    verdict = "Recommended: " if table.attrs["verdict"] == "clear" else "Too close to call: "
    assert verdict + mp2_labels.describe(app.state, mp.Action.parse(best["action"], 0))[0] in html
    margin = f"+{best['margin']:.1f}" if best["margin"] >= 0 else f"−{-best['margin']:.1f}"  # a true minus sign
    assert f"<td>{margin}<div class='mp-hint-sub'>" in html and html.count("<tr data-notation=") == min(8, len(table))
    samples = int(table["futures"].sum() + (table["horizon"] != "action").sum())  # and their screen samples
    assert app.hint_progress.value == app.hint_progress.max == samples  # every sample counted
    assert app.hint_progress.layout.display == "none" and not app.hint_button.disabled
    app.press(best["action"])  # the hint belongs to its position
    assert app.hint_view.value == ""


def test_hint_in_the_background_and_when_not_possible() -> None:
    app = mp.play(players=2, seed=3, seats=[HUMAN, GREEDY])
    to_turn(app)
    app.hint_rollouts = 1
    app.hint(background=True)
    assert app.hint_button.disabled and "thinking" in app.hint_view.value
    app.hint()
    assert "being computed" in app.last_error
    deadline = time.monotonic() + 600  # generous: a loaded machine (a niced run beside a benchmark) took over 60 s
    while (app._hinting is not None or app.hint_button.disabled) and time.monotonic() < deadline:
        time.sleep(0.05)  # the thread lets go of the position, then enables the button
    assert "Too close to call: " in app.hint_view.value and not app.hint_button.disabled  # 1 future: no verdict
    no_interval = "<div class='mp-hint-sub'>—</div>"  # from 1 future
    assert no_interval in app.hint_view.value and "inf" not in app.hint_view.value
    app.set_seat(0, GREEDY)  # no human decision left: no hint
    app.hint()
    assert "a hint is for a human player's decision" in app.last_error


def test_a_ruleset_without_evaluation_offers_only_the_random_bot(monkeypatch) -> None:
    s = mp.new_game(players=2, seed=1)
    ruleset = get(s.ruleset)
    monkeypatch.setattr(ruleset_registry, "get",
                        lambda name=None: dataclasses.replace(ruleset, parts={k: v for k, v in ruleset.parts.items()
                                                                              if k != "agents"}))
    monkeypatch.setattr(app_module, "get", ruleset_registry.get)
    app = mp.play(s)
    assert app.seat_boxes.children[0].options == (HUMAN, BOT)
    assert app.hint_button.layout.display == "none" and app.hint_button.disabled
    with pytest.raises(ValueError, match="'greedy bot' is not one of 'human', 'random bot'"):
        mp.play(s, seats=[HUMAN, GREEDY])
    app.hint()
    assert "has no evaluation yet" in app.last_error


# --- readability ----------------------------------------------------------------------------


def test_a_double_click_sends_one_press() -> None:
    app = mp.play(players=2, seed=3)
    first = all_notations(app)[0]
    position = app.actions.position
    app.actions.pressed = {"notation": first, "position": position, "n": 1, "at": 0}
    assert len(app.state.history) == 1 and app.actions.position == position + 1
    app.actions.pressed = {"notation": first, "position": position, "n": 2, "at": 1}  # the second, stale press
    assert len(app.state.history) == 1 and app.last_error is None and app.message.value == ""


def test_offers_the_player_cannot_pay_are_shown_disabled_with_the_reason() -> None:
    s = mp.new_game(players=2, seed=1)
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    book = next(a for a in s.legal_actions() if a.kind == "books" and a.space == "gold-upper")
    s = s.apply(book)
    assert s.decision.kind == "offer" and s.players[0].jade == 0
    app = mp.play(s)
    (row,) = app.actions.sections[0]["rows"]
    labels = [a["label"].split(":")[0] for a in row["actions"]]
    assert labels == ["offer 1", "offer 2", "offer 3", "offer 4"]  # all four, in order
    enabled = [a for a in row["actions"] if not a.get("disabled")]
    assert sorted(a["notation"] for a in enabled) == sorted(str(a) for a in s.legal_actions())
    for a in row["actions"]:
        if a.get("disabled"):
            assert a["notation"] == "" and a["disabled"].startswith(f"needs {a['cost'].split()[0]} jade, you have 0")


def test_stop_here_is_shown_where_the_move_prompt_offers_to_stop(app) -> None:
    travel_one(app)
    stop = [a for sec in app.actions.sections for row in sec["rows"] for a in row["actions"]
            if a["label"] == "stop here"]
    assert stop and "first move" in stop[0]["disabled"]  # before the first move: shown, with the reason
    app.press("move Xanadu")
    if app.state.decision.kind == "move":
        assert "done" in all_notations(app)


def test_dice_on_the_action_spaces_show_their_owner(app) -> None:
    khan = next(sp for sp in app.dice.spaces if sp["label"] == "khan")
    assert [(d["owner"], d["colour"]) for d in khan["dice"]] == [(None, None)]  # the 3-player neutral die
    to_turn(app)
    app.press(next(str(a) for a in app.state.legal_actions() if a.kind == "khans_favor"))
    khan = next(sp for sp in app.dice.spaces if sp["label"] == "khan")
    assert [d["owner"] for d in khan["dice"]] == [None, 0] and khan["dice"][1]["colour"] == PLAYER_COLOURS[0]


def test_secret_goals_are_hidden_from_other_human_seats(app) -> None:
    def goals() -> list[bool]:
        return [values(b)["goal"] != "hidden (secret)" for b in app.boards.players]

    assert goals() == [True, False, False]  # hotseat: only the deciding player's own card
    to_turn(app)
    app.press(next(str(a) for a in app.state.legal_actions() if a.kind == "khans_favor"))
    while app.state.decision.kind != "turn" or app.state.current_player == 0:
        app.press(all_notations(app)[0])
    assert goals() == [i == app.state.current_player for i in range(3)]  # the next player's, not Player 1's
    app.goals_box.value = True
    assert goals() == [True, True, True]
    app.goals_box.value = False
    app.set_seat(1, BOT)
    app.set_seat(2, BOT)
    assert goals() == [True, False, False]  # one human: always theirs, never the bots'


def test_mp2_board_rows_keep_their_labels_order_and_values() -> None:
    """Marco Polo II's board as it always was: figure, posts (listed under the row and on hover),
    seals (improved ones starred), contracts one a line, completed, character, the secret goal."""
    s = mp.new_game(["Ana", "Ben"], seed=1).with_player(
        0, location="Xian", trading_posts=["Xian", "Kashgar"], seals={"farmer": "improved", "spicer": "basic"},
        contracts=["S1", "S2"])
    board = mp2_labels.player_board(s, 0)
    assert board["score"] == 50
    assert board["resources"] == {"coins": 8, "camels": 3, "pepper": 0, "silk": 0, "gold": 0, "jade": 0}
    assert board["rows"] == [
        {"label": "figure in", "value": "Xian"},
        {"label": "posts", "value": "2/11", "title": "Xian, Kashgar", "items": ["Xian, Kashgar"]},
        {"label": "seals", "value": "farmer ★, spicer"},
        {"label": "contracts", "value": "", "items": ["S1: pay 1 camel, 1 pepper → 3 coins, 2 VP",
                                                     "S2: pay 2 pepper → 2 camels, 2 VP"]},
        {"label": "completed", "value": "0"},
        {"label": "character", "value": "none (plain rules)"},
        {"label": "goal", "value": "G06: improved spicer → 4 VP, tailor → 6 VP; shields lion, phoenix", "secret": True},
    ]
    empty = mp2_labels.player_board(s, 1)["rows"]
    assert [(r["label"], r["value"]) for r in empty[1:4]] == [("posts", "0/11"), ("seals", "none"), ("contracts", "")]
    assert "title" not in empty[1] and "items" not in empty[1]  # no posts: nothing listed, no hover text
    no_contracts = mp2_labels.player_board(s.with_player(1, contracts=[]), 1)["rows"][3]
    assert no_contracts == {"label": "contracts", "value": "none"}


def test_the_app_draws_the_rulesets_rows_and_hides_secret_ones() -> None:
    app = mp.play(mp.new_game(["Ana", "Ben"], seed=1), seats=[HUMAN, BOT])
    mine, theirs = app.boards.players
    assert set(mine) == {"seat", "name", "colour", "current", "score_text", "resources", "rows"}
    assert [r["label"] for r in mine["rows"]] == [r["label"] for r in theirs["rows"]] == [
        "figure in", "posts", "seals", "contracts", "completed", "character", "goal"]
    assert mine["rows"][-1] == {"label": "goal", "value": mp2_labels.player_board(app.state, 0)["rows"][-1]["value"]}
    assert theirs["rows"][-1] == {"label": "goal", "value": "hidden (secret)"}  # nothing of the card is sent
    app.goals_box.value = True
    assert app.boards.players[1]["rows"][-1] == {"label": "goal", "value": values(
        {"rows": mp2_labels.player_board(app.state, 1)["rows"]})["goal"]}
    assert not any("secret" in r for b in app.boards.players for r in b["rows"])


def test_solo_app_is_consistent() -> None:
    app = mp.play(["Ana"], automa="L2", seed=3)
    assert app.players_box.value == 1 and app.players_box.options == (1,) and app.players_box.disabled
    automa = app.boards.players[1]
    assert values(automa)["character"] == f"{app.state.automa.character} (Automa L2)"
    note = app.dice.players[1]["note"]
    assert note.endswith("(the Automa's dice have no values)") and "all dice placed" not in note
    assert app.dice.players[0]["note"] is None
    app.new_button.click()
    assert app.last_error is None and "new game: 1 player against the Automa" in app.message.value


def test_plurals_in_labels() -> None:
    s = mp.new_game(players=2, seed=1)
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    reroll = next(a for a in s.legal_actions() if a.kind == "reroll")
    assert mp2_labels.describe(s, reroll)[1] == "1 camel"
    assert "1 camels" not in str(mp2_labels.player_board(mp.new_game(players=3, seed=7), 0)["rows"])
    assert mp2_labels.describe(s, mp.Action.parse("travel [4] lower", 0))[0].endswith("up to 1 move")
    assert mp2_labels.describe(s, mp.Action.parse("travel [4] middle", 0))[0].endswith("up to 3 moves")
    one = mp.new_game(players=2, seed=1).with_player(0, coins=1, camels=1, goods={"jade": 1})
    chips = mp.play(one).boards.players[0]["resources"]  # the chips' text: engine.text.resource
    assert list(chips.values()) == ["1 coin", "1 camel", "0 pepper", "0 silk", "0 gold", "1 jade"]


def test_the_map_widget_holds_its_figure_for_a_late_front_end(app) -> None:
    """Voilà draws widgets from their state after the notebook ran: the map's synced data must hold
    every trace (traces added by messages before the page connects would be lost)."""
    assert len(app.map._widget_data) == len(app.map.data) > 0
    assert app.map._widget_layout["geo"]["projection"]["type"] == "natural earth"
    old = app.map
    app.new_game(players=4, seed=2)
    assert app.map is not old and app.map in app.children and len(app.map._widget_data) == len(app.map.data)
    assert app.map._widget_layout["legend"]["x"] == 1.0  # the legend beside the map, not over it


def test_maps_share_one_plotly_front_end() -> None:
    """plotly's ~5 MB FigureWidget front end travels once per kernel (gzipped, in one shared model),
    not with every map: a map's own state is its figure and a reference to that model."""
    import gzip

    import plotly.graph_objects as go

    from mp_notebook.ui.components import PlotlyFrontEnd

    apps = [mp.play(players=2, seed=1), mp.play(ruleset="voyages", players=3, seed=2)]
    shared = PlotlyFrontEnd.shared()
    plotly_esm = str(go.FigureWidget._esm)
    assert gzip.decompress(shared.bundle).decode("utf-8") == plotly_esm and len(shared.bundle) < len(plotly_esm) / 2
    for app in apps:
        state = app.map.get_state()
        assert state["_front_end"] == f"IPY_MODEL_{shared.model_id}"
        assert len(state["_esm"]) < 5_000 < len(plotly_esm)
    apps[0].new_game(seed=3)  # a new map, the same front end
    assert apps[0].map._front_end is shared
    shared.close()  # e.g. Widget.close_all(): the next map makes a new one
    assert mp.play(players=2, seed=1).map._front_end is PlotlyFrontEnd.shared() is not shared


def test_a_maps_first_message_carries_the_whole_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The map's comm opens with its traces and layout in its state (plotly's FigureWidget sent
    them as updates after opening: a front end drawing in between drew an empty map)."""
    import ipywidgets

    opened: list[tuple[int, bool]] = []
    real_open = ipywidgets.Widget.open

    def spy(widget: ipywidgets.Widget) -> None:
        if isinstance(widget, mp.ui.components.SharedFigureWidget) and widget.comm is None:
            state = widget.get_state()
            opened.append((len(state["_widget_data"]), bool(state["_widget_layout"].get("geo"))))
        real_open(widget)

    monkeypatch.setattr(ipywidgets.Widget, "open", spy)
    app = mp.play(players=2, seed=1)
    assert opened == [(len(app.map.data), True)] and app.map.comm is not None


def test_play_page_chooses_the_ruleset() -> None:
    """The app page (notebooks/play.ipynb): a chooser of every registered ruleset above an app of a
    new game of the chosen one, the first seat human against computer players."""
    from mp_notebook.ui.app import PlayPage

    page = PlayPage()
    assert [value for _, value in page.chooser.options] == list(ruleset_registry.PACKAGES)
    assert page.children == (page.chooser, page.app) and page.app.state.ruleset == "mp2"
    old = page.app
    for ruleset in ruleset_registry.PACKAGES:
        page.chooser.value = ruleset  # what a click on the chooser does
        assert page.app.state.ruleset == ruleset and page.app.seats[0] == HUMAN and page.app.last_error is None
        assert page.children == (page.chooser, page.app) and page.app.state.num_players == 2
    assert old.map.comm is None and old.actions.comm is None  # the old app's widgets are closed
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        page.choose("chess")
    assert page.app.state.ruleset == list(ruleset_registry.PACKAGES)[-1]


@pytest.mark.parametrize("ruleset", ruleset_registry.PACKAGES)
def test_no_escaped_or_repeated_text_in_played_games(ruleset: str) -> None:
    """Every text of the app (the panel's titles, labels, costs and reasons, the boards, the dice,
    the header, the log, the final table) in random games with humans on every seat shows no HTML
    escape and no word repeated across a colon (``tests/plain_text.py``; the browser test reads
    the same off the page)."""
    from plain_text import app_texts, problems
    from registry import profile

    found: set[str] = set()
    for seed, (players, options) in enumerate(profile(ruleset).setups()[:3]):
        app = mp.play(ruleset=ruleset, players=players, seed=seed, **{**options, **profile(ruleset).short})
        rng = random.Random(seed)
        while not app.state.is_over:
            found.update(problems(app_texts(app)))
            app.press(str(rng.choice(app.state.legal_actions())))
        found.update(problems(app_texts(app)))
    assert not found, sorted(found)[:10]


@pytest.mark.parametrize("ruleset", ruleset_registry.PACKAGES)
def test_a_click_on_a_route_dot_says_what_it_is(ruleset: str) -> None:
    """A click on the map always answers: on a dot in the middle of a route (its cost on hover) it
    says so and changes nothing (such a click once seemed to do nothing)."""
    app = mp.play(ruleset=ruleset, players=2, seed=1)
    before = app.state
    dots = next(t for t in app.map.data if t.customdata is None and t.hovertext is not None)
    dots._dispatch_on_click(plotly.callbacks.Points(point_inds=[0], trace_index=0), None)
    assert app.state is before and "a route, not a place" in app.message.value
    assert "<br>" not in app.message.value


def test_the_golden_plaque_is_shown_when_the_game_is_over() -> None:
    """A merchant's own Plaque reads its mission city once the game is over, done or not."""
    s = mp.new_game(2, ruleset="schmidt", seed=1, round_limit=1).with_player(0, plaque="Pagan")
    rng = random.Random(1)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    app = mp.play(s)
    assert values(app.boards.players[0])["Golden Plaque"] == "mission to Pagan (not done)"
