"""A whole game of every registered ruleset played by clicks in a real browser: JupyterLab on
localhost, headless Chromium (Debian's package) via Playwright. One notebook per ruleset runs
``mp.play(ruleset=..., players=2, seed=SEED, seats=["human", "random bot"])`` (with the options the
test profile gives to keep a game short, e.g. Schmidt's ``round_limit``); the test presses the
human seat's buttons from the first decision to the final table (a plan made beforehand by
driving the same app from Python: the bot is seeded, so the browser game follows the same course),
takes the first map step it can by double-clicking the map (the second click takes nothing), asks
for a Hint at the first decision with a choice (its verdict shown), double-clicks one button later
on (the second press is ignored, with no error), and fails on any console error or page error.
(Notebook 7 and Voilà play a game of their own in ``test_play_browser.py``.)

The Dice panel is checked to show one row per seat and every die (The Voyages of Marco Polo's
first-game character Raschid ad-Din Sinan holds dice with no value yet: value 0, drawn blank).
At every step, every text of the app as the page shows it (its labels, headings, log lines and
their rules, the final table's cells) has no HTML escape and no word repeated across a colon
(``tests/plain_text.py``).

The server, the browser and the map clicks come from ``labserver.py``. Screenshots go to
``test-output/``. Skipped only outside CI when chromium is not installed.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from labserver import (
    ARGS,
    CHROMIUM,
    MISSING,
    OUT,
    SKIP_REASON,
    TIMEOUT_MS,
    VERDICT,
    jupyterlab,
    open_in_jupyterlab,
    press,
    target_position,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the registry's test profiles
from plain_text import problems
from registry import RULESETS, profile

import mp_notebook as mp
from mp_notebook.registry import get
from mp_notebook.ui.labels import terms

SEED = 11
SEATS = ["human", "random bot"]
DOUBLE_FROM = 5  # the first step whose button may be double-clicked

if MISSING:
    pytest.skip(SKIP_REASON, allow_module_level=True)


def app_kwargs(ruleset: str) -> dict[str, Any]:
    return {"ruleset": ruleset, "players": 2, "seed": SEED, "seats": SEATS, **profile(ruleset).short}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server (no token) in a temp dir holding one notebook per ruleset; yields its URL."""
    import nbformat

    home = tmp_path_factory.mktemp("lab")
    for ruleset in RULESETS:
        code = f"import mp_notebook as mp\n\napp = mp.play(**{app_kwargs(ruleset)!r})\napp"
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
        nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
        nbformat.write(nb, home / f"{ruleset}.ipynb")
    with jupyterlab(home) as url:
        yield url


def _human_choice(s: mp.GameState, rng: random.Random) -> str:
    """A short game: end the turn as soon as possible, a main action before a bonus action, else a
    random choice."""
    legal = s.legal_actions()
    for kinds in (("end_turn",), get(s.ruleset).vocabulary.main):
        offered = [a for a in legal if a.kind in kinds]
        if offered:
            return str(rng.choice(offered))
    return str(rng.choice(legal))


class Step(NamedTuple):
    notation: str
    click: str | None  # the map location clicked instead of pressing the button
    choices: int  # the human's legal actions at this step


def plan(ruleset: str) -> tuple[list[Step], mp.ui.GameApp]:
    """The human seat's decisions (notation, and the map location clicked instead of the button for
    the first unique map step) and the app at the end, played from Python."""
    app = mp.play(**app_kwargs(ruleset))
    t = terms(app.state)
    rng = random.Random(SEED)
    steps: list[Step] = []
    clicked = False
    while not app.state.is_over:
        notation = _human_choice(app.state, rng)
        legal = app.state.legal_actions()
        a = next(b for b in legal if str(b) == notation)
        loc = t.location_of(a)
        click = loc if not clicked and loc is not None and [t.location_of(b) for b in legal].count(loc) == 1 else None
        clicked = clicked or click is not None
        steps.append(Step(notation, click, len(legal)))
        app.press(notation)
        assert app.last_error is None, (notation, app.last_error)
    return steps, app


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_plan_plays_a_whole_game_in_the_app(ruleset: str) -> None:
    """The planned presses and clicks, replayed in a new Python app, end in the planned final position."""
    steps, planned = plan(ruleset)
    app = mp.play(**app_kwargs(ruleset))
    for notation, click, _ in steps:
        if click:
            app.click_location(click)
        else:
            app.press(notation)
        assert app.last_error is None, (notation, app.last_error)
    assert app.state.is_over and app.state == planned.state


# Every text of the app as the page shows it: its rendered text and its elements' hover titles.
TEXTS = "(el) => [el.innerText, ...[...el.querySelectorAll('[title]')].map((e) => e.title)]"


def _dice_shown(app: Any) -> list[int]:
    return [len(p["dice"]) + len(p["black_dice"]) for p in app.dice.players]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_whole_game_by_clicks_in_jupyterlab(lab: str, ruleset: str) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(exist_ok=True)
    steps, final = plan(ruleset)
    start = mp.play(**app_kwargs(ruleset))
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(TIMEOUT_MS)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("console", lambda m: errors.append(f"console {m.type}: {m.text} ({m.location.get('url')})")
                if m.type == "error" else None)
        try:
            open_in_jupyterlab(page, lab, f"{ruleset}.ipynb")
            app = page.locator(".mp-notebook-app")
            app.wait_for()
            page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
            page.locator(".mp-notebook-app .mp-action:visible").first.wait_for()  # a folded row hides its buttons
            assert get(ruleset).short in app.locator(".mp-header").inner_text()
            boards = app.locator(".mp-player")
            assert boards.count() == 2
            for i, board in enumerate(start.boards.players):  # each board as the app's Python side has it
                assert boards.nth(i).locator(".mp-label").all_inner_texts() == [r["label"] for r in board["rows"]]
                assert boards.nth(i).locator(".mp-value").all_inner_texts() == [r["value"] for r in board["rows"]]
                assert boards.nth(i).locator(".mp-small").all_inner_texts() == [
                    x for r in board["rows"] for x in r.get("items", [])]
                assert boards.nth(i).locator(".mp-res").all_inner_texts() == list(board["resources"].values())
            app.locator(".mp-dice-tray").wait_for()  # drawn in the same task as its rows
            assert not errors, errors
            rows = app.locator(".mp-dice-tray .mp-dice-row")
            assert rows.count() == 2, "the Dice panel shows one row per seat"
            assert [rows.nth(i).locator(".mp-die").count() for i in range(rows.count())] == _dice_shown(start)
            app.screenshot(path=str(OUT / f"registry-{ruleset}-1-started.png"))
            panel = app.locator(".mp-actions")
            hint_at = next(k for k, step in enumerate(steps) if step.choices > 1 and not step.click)
            double_at = next(k for k, step in enumerate(steps) if k >= DOUBLE_FROM and not step.click)
            for k, (notation, click, _) in enumerate(steps):
                position = panel.get_attribute("data-position")
                if k == hint_at:
                    app.get_by_role("button", name="Hint").click()
                    app.locator(".mp-hint", has_text=VERDICT).wait_for()
                    app.screenshot(path=str(OUT / f"registry-{ruleset}-0-hint.png"))
                if click:  # double-clicked as a person does (a pause between the clicks): plotly reports
                    page.wait_for_timeout(300)  # both clicks; the map passes on the first alone
                    x, y = target_position(page, click)
                    page.mouse.move(x, y)
                    page.mouse.down()
                    page.mouse.up()
                    page.wait_for_timeout(150)
                    page.mouse.down(click_count=2)
                    page.mouse.up(click_count=2)
                else:
                    if k == double_at:  # a second click of a double click alone presses nothing
                        button = app.locator(f".mp-action[data-notation={json.dumps(notation)}]")
                        button.dispatch_event("click", {"detail": 2})
                        assert panel.get_attribute("data-waiting") is None, "a double click's second click pressed"
                    press(app, notation, double=k == double_at)  # the second press is ignored: no error
                page.wait_for_function("([p]) => { const el = document.querySelector('.mp-notebook-app .mp-actions');"
                                       " return el && el.dataset.position !== p; }", arg=[position])
                if click:  # the second click, had it reached Python, took another step or showed an error
                    page.wait_for_timeout(1000)
                    steps_taken = int(panel.get_attribute("data-position")) - int(position)
                    assert steps_taken == 1, f"a map double click took {steps_taken} steps"
                assert not app.locator(".mp-message.mp-error").count(), (k, notation)
                assert not errors, errors
                assert not problems(app.evaluate(TEXTS)), (k, notation, problems(app.evaluate(TEXTS)))
            table = app.locator(".mp-final")
            table.wait_for()
            text = table.inner_text()
            assert terms(final.state).final_note(final.state) in text
            for name, total in final.state.scores()["total"].items():
                assert str(name) in text and str(total) in text
            titles = terms(final.state).SCORE_TITLES
            assert all(titles[c] in text for c in final.state.scores().columns if c in titles)
            assert boards.locator(".mp-vp").all_inner_texts() == [b["score_text"] for b in final.boards.players]
            assert not problems(app.evaluate(TEXTS)), problems(app.evaluate(TEXTS))
            assert [rows.nth(i).locator(".mp-die").count() for i in range(rows.count())] == _dice_shown(final)
            page.wait_for_timeout(300)
            app.screenshot(path=str(OUT / f"registry-{ruleset}-2-over.png"))
            assert not errors, errors
            assert any(step.click for step in steps), "no map click in the game"
        except Exception:
            page.screenshot(path=str(OUT / f"registry-{ruleset}-failure.png"), full_page=True)
            raise
        finally:
            browser.close()
