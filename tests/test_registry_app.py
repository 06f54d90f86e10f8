"""The play app (``mp.play``) driven from Python over every registered ruleset: whole games by
button presses and map clicks to the final table, with humans on every seat and against a bot;
every legal action has a label; a bad click is explained and changes nothing. (The same games by
clicks in a real browser: ``browser/test_registry_browser.py``.)"""

from __future__ import annotations

import random
from html import escape

import pytest
from registry import RULESETS, profile

import mp_notebook as mp
from mp_notebook.ui.labels import sections, terms


def app_for(ruleset: str, seed: int, **kwargs: object) -> mp.ui.GameApp:
    return mp.play(ruleset=ruleset, players=2, seed=seed, **profile(ruleset).short, **kwargs)


def check_panels(app: mp.ui.GameApp) -> None:
    """What the widgets show is the state's: the panel's sections, one dice row and one board per
    seat, dice the tray can draw (0: a die with no value yet)."""
    s = app.state
    assert app.last_error is None, app.last_error
    assert app.actions.sections == sections(s, s.legal_actions())
    assert [p["seat"] for p in app.dice.players] == list(range(s.num_players))
    assert all(type(v) is int and 0 <= v <= 6 for p in app.dice.players for v in p["dice"] + p["black_dice"])
    assert len(app.boards.players) == s.num_players


@pytest.mark.parametrize("ruleset", RULESETS)
def test_app_plays_a_whole_game_by_presses_and_clicks(ruleset: str) -> None:
    app = app_for(ruleset, 4)
    t = terms(app.state)
    rng = random.Random(4)
    clicks = presses = 0
    while not app.state.is_over:
        check_panels(app)
        legal = app.state.legal_actions()
        a = rng.choice(legal)
        loc = t.location_of(a)
        if loc is not None and sum(t.location_of(b) == loc for b in legal) == 1:
            app.click_location(loc)
            clicks += 1
        else:
            app.press(str(a))
            presses += 1
        assert app.state.history[-1] == str(a)
    check_panels(app)
    assert presses and "game over" in app.header.value
    assert escape(t.final_note(app.state), quote=False) in app.header.value  # who won, and how
    final = app.final_view.value
    assert "mp-final" in final and escape(t.final_note(app.state), quote=False) in final
    for name, total in app.state.scores()["total"].items():
        assert f"{escape(str(name))}</th>" in final and f"<td class=mp-total>{total}</td>" in final
    assert clicks >= 3, "moves are map clicks"
    before = app.state  # the game is over: a press or a click gets a clear message, nothing changes
    app.press(str(before.history[-1]))
    assert app.last_error and app.state is before
    app.click_location(next(iter(before.board.graph.nodes)))
    assert app.last_error and app.state is before


@pytest.mark.parametrize("ruleset", RULESETS)
def test_app_against_a_bot_to_the_final_table(ruleset: str) -> None:
    app = app_for(ruleset, 5, seats=["human", "random bot"])
    score_text = terms(app.state).SCORE_TEXT
    while not app.state.is_over:
        assert app.state.current_player == 0, "the app waits only for the human seat"
        check_panels(app)
        app.press(str(app.state.legal_actions()[-1]))
    check_panels(app)
    totals = app.state.scores()["total"]
    assert [b["score_text"] for b in app.boards.players] == [score_text[1].format(v) for v in totals]
    assert "game over" in app.header.value


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_legal_action_has_a_label_in_words(ruleset: str) -> None:
    """Each legal action of random games (random characters, the full setup where a ruleset has
    them) is described in words, not its notation, under a row title the ruleset names for its kind."""
    t = terms(mp.new_game(2, ruleset=ruleset, seed=0, **profile(ruleset).short))
    in_notation: dict[str, str] = {}
    for seed, (players, options) in enumerate(profile(ruleset).setups()[:8]):
        rng = random.Random(seed)
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **{**options, **profile(ruleset).short})
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                label, cost = t.describe(s, a)
                assert label and isinstance(cost, str), (str(a), label)
                assert a.kind in t.KIND_TITLES, a.kind
                if label == str(a):
                    in_notation.setdefault(a.kind, label)
            s = s.apply(rng.choice(legal))
    assert not in_notation, in_notation


@pytest.mark.parametrize("ruleset", RULESETS)
def test_bad_click_and_bad_press_are_explained_and_change_nothing(ruleset: str) -> None:
    app = app_for(ruleset, 6)
    before = app.state
    places = {terms(before).location_of(a) for a in before.legal_actions()}
    nowhere = next(name for name in before.board.graph.nodes if name not in places)
    app.click_location(nowhere)
    assert app.state is before and app.last_error
    app.press("no_such_action")
    assert app.state is before and app.last_error
