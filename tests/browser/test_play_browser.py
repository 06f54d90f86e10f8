"""The app in a real browser: Notebook 7 and Voilà on localhost, headless Chromium (Debian's
package) via Playwright (JupyterLab plays every ruleset's game, Hint and double click included, in
``test_registry_browser.py``). Opens the notebook ``play.ipynb`` (``mp.play(players=2, seed=2,
seats=["human", "greedy bot"])``) and plays a whole game against the greedy bot by clicks: action
buttons (one of them double-clicked), a city on the map for the first move, the Hint button once;
then checks the final scoring. The human's choices are planned beforehand by driving the same app
from Python (the bot is seeded, so the browser game follows the same course). Any console error
fails the test (the servers use binder/'s configuration: Voilà requests nothing off the machine).

Screenshots go to ``test-output/``. Skipped only outside CI when chromium is not installed.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from labserver import (
    ARGS,
    CHROMIUM,
    FRONT_ENDS,
    MISSING,
    OUT,
    SKIP_REASON,
    TIMEOUT_MS,
    VERDICT,
    jupyterlab,
    open_notebook,
    press,
    target_position,
)

import mp_notebook as mp

NOTEBOOK = Path(__file__).with_name("play.ipynb")

if MISSING:
    pytest.skip(SKIP_REASON, allow_module_level=True)


@pytest.fixture
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server (no token) in a temp dir holding the notebook; yields its URL. One server
    per front end: Notebook 7 on a server that has served a JupyterLab page logs a 403 for one of its
    fonts and "Command 'filebrowser:open-path' not registered" (a console error)."""
    home = tmp_path_factory.mktemp("lab")
    shutil.copy(NOTEBOOK, home / NOTEBOOK.name)
    with jupyterlab(home) as url:
        yield url


SEATS = ("human", "greedy bot")
SEED = 2


class Step(NamedTuple):
    notation: str
    click: str | None  # the city clicked on the map instead of pressing the button


def _plan() -> list[Step]:
    """The human's choices of the notebook's game (a greedy player's), found by driving the same
    app from Python; the first move whose city is a single choice is made by a map click."""
    app = mp.play(players=2, seed=SEED, seats=list(SEATS))
    human = mp.agents.GreedyAgent(seed=7)
    steps: list[Step] = []
    clicked = False
    while not app.state.is_over:
        a = human.choose(app.state)
        city = a.choice if a.kind == "move" and a.choice and "#" not in a.choice else None
        matches = [b for b in app.state.legal_actions() if b.kind == "move" and b.choice == city]
        click = city if city and not clicked and len(matches) == 1 else None
        clicked = clicked or bool(click)
        steps.append(Step(str(a), click))
        app.press(str(a))
        assert app.last_error is None, app.last_error
    assert clicked, "the planned game has no map click"
    return steps


def _play_a_whole_game(pw: Any, lab: str, where: str) -> None:
    shot = where.lower().replace(" ", "").replace("à", "a")  # screenshot names: voila, notebook7, jupyterlab
    steps = _plan()
    OUT.mkdir(exist_ok=True)
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 1500})
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text} ({m.location.get('url')})")
            if m.type == "error" else None)
    try:
        open_notebook(page, lab, NOTEBOOK.name, where)
        app = page.locator(".mp-notebook-app")
        app.wait_for()
        page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
        page.locator(".mp-notebook-app .mp-die").first.wait_for()
        assert "round 1 of 5" in app.locator(".mp-header").inner_text()
        assert app.locator(".mp-player").count() == 2
        labels = app.locator(".mp-player").first.locator(".mp-label").all_inner_texts()
        assert labels == ["figure in", "posts", "seals", "contracts", "completed", "character", "goal"]
        chips = list(mp.play(players=2, seed=SEED, seats=list(SEATS)).boards.players[0]["resources"].values())
        assert app.locator(".mp-player").first.locator(".mp-res").all_inner_texts() == chips
        assert app.locator(".mp-player").nth(1).locator(".mp-value", has_text="hidden (secret)").count() == 1
        panel = app.locator(".mp-actions")
        hinted = double_clicked = False
        for k, step in enumerate(steps):
            position = panel.get_attribute("data-position")
            if step.click:
                page.wait_for_timeout(300)  # the map's last redraw
                app.screenshot(path=str(OUT / f"{shot}-1-travel.png"))
                x, y = target_position(page, step.click)
                page.mouse.move(x, y)
                page.mouse.click(x, y)
            else:
                if not hinted and app.locator(".mp-action[data-notation^='travel']").count():
                    hinted = True  # a turn with a travel choice: ask for a hint first
                    app.get_by_role("button", name="Hint").click()
                    app.locator(".mp-hint", has_text=VERDICT).wait_for()
                    app.screenshot(path=str(OUT / f"{shot}-0-hint.png"))
                double = not double_clicked and k > 5  # the second press is ignored: no error
                double_clicked = double_clicked or double
                press(app, step.notation, double=double)
            page.wait_for_function("([p]) => { const el = document.querySelector('.mp-notebook-app .mp-actions');"
                                   " return el && el.dataset.position !== p; }", arg=[position])
            assert not app.locator(".mp-message.mp-error").count(), app.locator(".mp-message").inner_text()
        final = app.locator(".mp-final")
        final.wait_for()
        s = _final_state(steps)
        table = s.scores()
        text = final.inner_text()
        winner = str(table.index[table["winner"]][0])
        assert f"{winner} wins with {table['total'].max()} VP" in text
        for name, total in table["total"].items():
            assert name in text and str(total) in text
        assert "score track" in text and "camels (tie-break)" in text
        assert app.locator(".mp-player", has_text="VP final").count() == 2
        assert hinted and double_clicked and not errors, errors
        page.wait_for_timeout(300)
        app.screenshot(path=str(OUT / f"{shot}-2-final.png"))
    except Exception:
        page.screenshot(path=str(OUT / f"{shot}-failure.png"), full_page=True)
        raise
    finally:
        browser.close()


def _final_state(steps: list[Step]) -> Any:
    app = mp.play(players=2, seed=SEED, seats=list(SEATS))
    for step in steps:
        app.press(step.notation)
    return app.state


@pytest.mark.parametrize("where", [where for where in FRONT_ENDS if where != "JupyterLab"])
def test_whole_game(lab: str, where: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        _play_a_whole_game(pw, lab, where)
