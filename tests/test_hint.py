"""The app's Hint on every registered ruleset: within its CPU budget, the progress bar counting
samples, the verdict (recommended, or too close to call), the table saying how many futures back
each row; mp.play's first argument checked."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from html import escape

import pytest

import mp_notebook as mp
from mp_notebook.analysis import evaluate
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.rulesets import PACKAGES
from mp_notebook.ui.app import GREEDY, HINT_TIME_BUDGET, HUMAN
from mp_notebook.ui.labels import terms


def human_turn(ruleset: str) -> mp.GameApp:
    """An app at the first decision of the human seat with two or more choices."""
    app = mp.play(players=2, ruleset=ruleset, seed=3, seats=[HUMAN, GREEDY])
    while app.state.current_player != 0 or len(app.state.legal_actions()) < 2:
        app.press(str(app.state.legal_actions()[0]))
    return app


@pytest.mark.parametrize("ruleset", list(PACKAGES))
def test_hint_without_time_is_the_screen(ruleset: str) -> None:
    app = human_turn(ruleset)
    assert app.hint_time_budget == HINT_TIME_BUDGET and app.hint_executor is None
    app.hint_time_budget = 0  # no time (and no cap): every choice screened once, nothing more
    table = app.hint()
    assert table is not None and (table["futures"] == 1).all() and (table["horizon"] == "action").all()
    html = app.hint_view.value
    assert "Too close to call: " in html and "Recommended" not in html and "100%" not in html
    assert "to the end of the action" in html and "<th>futures</th>" in html and "hard cap" in html
    assert app.hint_progress.value == app.hint_progress.max == len(table)


@pytest.mark.parametrize("ruleset", list(PACKAGES))
def test_hint_on_a_pool_is_evaluate_on_it(ruleset: str) -> None:
    app = human_turn(ruleset)
    app.hint_time_budget, app.hint_rollouts = None, 2
    with ThreadPoolExecutor(2) as pool:
        app.hint_executor = pool
        table = app.hint()
    assert table is not None and table.equals(evaluate(app.state, time_budget=None, rollouts=2))
    assert "futures" in app.hint_view.value and app.last_error is None


@pytest.mark.parametrize("bad", ["x", 2.5, {"players": 2}, b"mp2"])
def test_play_refuses_what_is_not_a_game(bad: object) -> None:
    with pytest.raises(ArgumentError, match="play\\(\\) takes a game state, a number of players or a list of names"):
        mp.play(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", list(PACKAGES))
def test_hint_says_its_verdict_why_and_what_backs_it(ruleset: str) -> None:
    app = human_turn(ruleset)
    app.hint_time_budget = None  # exactly reproducible: the schedule to 8 futures a finalist
    app.hint_rollouts = 8
    table = app.hint()
    assert table is not None
    html = app.hint_view.value
    words = terms(app.state)
    unit = table.attrs["unit"]
    head = "Recommended: " if table.attrs["verdict"] == "clear" else "Too close to call: "
    assert head in html and f"Why: {escape(table.iloc[0]['why'])}" in html
    assert escape(words.FUTURES_TEXT) in html and f"margin ({unit})" in html
    assert "8 futures behind the recommendation" in html and (table[~table["pruned"]]["futures"] >= 8).all()
    assert "dice and cards" not in html if ruleset == "schmidt" else "spins" not in html
