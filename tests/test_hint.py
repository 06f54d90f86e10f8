"""The app's Hint on every registered ruleset: within its time budget, the progress bar counting
samples, the table saying how many futures back each row; mp.play's first argument checked."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import mp_notebook as mp
from mp_notebook.analysis import evaluate
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.registry import PACKAGES
from mp_notebook.ui.app import GREEDY, HINT_TIME_BUDGET, HUMAN


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
    app.hint_time_budget = 0  # no time: every choice screened once, nothing more
    table = app.hint()
    assert table is not None and (table["rollouts"] == 1).all() and (table["horizon"] == "action").all()
    html = app.hint_view.value
    assert "Recommended: " in html and "to the end of the action" in html and "<th>futures</th>" in html
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
