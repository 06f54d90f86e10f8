"""The app's sharing and review (``ui/share.py`` in ``ui/app.py``), for every registered ruleset:
"Copy position code" answers the code of the position on screen, "Save replay" the replay page
(as bytes for the browser's download), and once the game is over "Review my game" reviews a
player, lists the mistakes and shows each one's position with the better move on a map. The
buttons' front end in a browser: ``tests/browser/test_replay_browser.py``."""

from __future__ import annotations

import pytest
from learned import exact_learned_value
from registry import RULESETS

import mp_notebook as mp
from mp_notebook.analysis import positions
from mp_notebook.analysis.review import plan_path
from mp_notebook.ui.app import GREEDY, HUMAN

SMALL = {"time_budget": None, "rollouts": 2, "min_futures": 2, "horizon": "action"}
SHORT = {"schmidt": {"round_limit": 4}}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_copy_code_and_save_replay_answer_the_position_on_screen(ruleset: str) -> None:
    app = mp.play(2, ruleset=ruleset, seed=2, seats=[HUMAN, HUMAN])
    for _ in range(5):
        app.press(str(app.state.legal_actions()[0]))
    assert app.children[-1] is app.share  # at the foot: the action panel and the Hint stay in sight
    app.share.code_requested += 1  # what the button does
    assert app.share.code_answered == 1 and mp.load(app.share.code) == app.state
    assert app.copy_code() == app.share.code and app.share.code_answered == 2
    app.share.replay_requested += 1
    assert app.share.replay.decode("utf-8") == app.state.to_html()
    assert app.share.filename == f"{ruleset}-seed2-step5.html" and app.share.replay_answered == 1
    assert app.save_replay("cdn") == app.state.to_html(plotlyjs="cdn")
    assert app.review_panel.layout.display == "none", "no review before the game is over"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_review_my_game_shows_once_the_game_is_over(ruleset: str) -> None:
    app = mp.play(2, ruleset=ruleset, seed=2, seats=[HUMAN, GREEDY], **SHORT.get(ruleset, {}))
    assert app.review_panel.layout.display == "none"
    app.set_seat(0, GREEDY)  # the bots play it to the end
    assert app.state.is_over and app.review_panel.layout.display is None
    assert app.review_panel.seat.options == (("Player 1", 0), ("Player 2", 1))


def test_review_my_game_lists_the_mistakes_on_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    exact_learned_value(monkeypatch)  # clear mistakes in a greedy game at two futures a choice
    app = mp.play(2, seed=2, seats=[GREEDY, GREEDY])
    panel = app.review_panel
    panel.options = SMALL
    table = app.review(1)
    assert table is not None and panel.table is table and table.attrs["seat"] == 1
    mistakes = table[table["mistake"]]
    assert len(panel.mistakes.options) == min(len(mistakes), 20) > 0
    states = positions(app.state)
    pairs = zip(mistakes["step"], mistakes["better"], strict=True)
    journeys = mistakes[[len(plan_path(states[k], b)) > 1 for k, b in pairs]]
    for k in (mistakes.index[0], journeys.index[0]):  # the biggest, and one whose better move is a journey
        panel.mistakes.value = k
        row = table.loc[k]
        assert row["better_text"] in panel.detail.value and row["code"] in panel.detail.value
        path = next(t for t in panel.map_box.children[0].data if t.name.startswith("path"))
        assert list(path.customdata or []) == plan_path(states[int(row["step"])], row["better"])
    panel.fork_button.click()
    assert app.forks[-1] == states[int(table.loc[journeys.index[0], "step"])]
    assert app.save_replay("cdn") == app.state.to_html(plotlyjs="cdn", review=table)
    app.new_game()  # the bots play it to the end: the review of the last game is forgotten
    assert panel.table is None and panel.map_box.children == () and panel.game is None


def test_no_review_before_the_end_and_none_twice_at_once() -> None:
    app = mp.play(2, seed=2, seats=[HUMAN, GREEDY])
    app.review(0)
    assert "the review is of a finished game" in (app.last_error or "")
