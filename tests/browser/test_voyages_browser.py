"""A whole game of The Voyages of Marco Polo played in a real browser: JupyterLab on localhost,
headless Chromium (Debian's package) via Playwright. A notebook runs
``mp.play(ruleset="voyages", players=2, seed=SEED, seats=["human", "random bot"])``; the test
presses the human seat's action buttons from the first decision to the final scoring (a plan
computed beforehand with the same engine and the same bot), takes one step by clicking the map,
and checks the final scores shown in the page.

The server, the browser and the map clicks come from ``labserver.py``. Screenshots go to
``test-output/``. Skipped only outside CI when chromium is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from labserver import (
    ARGS,
    CHROMIUM,
    MISSING,
    OUT,
    SKIP_REASON,
    TIMEOUT_MS,
    jupyterlab,
    open_in_jupyterlab,
    target_position,
)

import mp_notebook as mp
from mp_notebook.agents import RandomAgent

SEED = 11
SEATS = ["human", "random bot"]
NOTEBOOK = "voyages.ipynb"
CODE = f"import mp_notebook as mp\n\napp = mp.play(ruleset='voyages', players=2, seed={SEED}, seats={SEATS!r})\napp"

if MISSING:
    pytest.skip(SKIP_REASON, allow_module_level=True)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server (no token) in a temp dir holding the notebook; yields its URL."""
    import nbformat

    home = tmp_path_factory.mktemp("lab")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CODE)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, home / NOTEBOOK)
    with jupyterlab(home) as url:
        yield url


def _human_choice(s: mp.GameState, clicked: bool) -> tuple[str, bool]:
    """The human seat's plan: short turns (travel when possible, else the first main action, then end
    the turn), moves towards cities; ``True`` for the first move, which is made by clicking the map."""
    legal = s.legal_actions()
    kinds = {a.kind: a for a in reversed(legal)}  # the first action of each kind
    if s.decision.kind == "move":
        steps = [a for a in legal if a.kind == "move" and s.board.locations[str(a.choice)].kind == "city"]
        if steps:
            return str(steps[0]), not clicked
        return str(kinds.get("done") or legal[0]), False
    for kind in ("end_turn", "travel"):
        if kind in kinds:
            return str(kinds[kind]), False
    return str(legal[0]), False


def _plan() -> tuple[list[tuple[str, bool]], mp.GameState]:
    """Every human decision of the game (notation, made by a map click) and the final state, with the
    app's own bot on seat 1 (the app seeds seat k's bot with its ``bot_seed`` 0 + k)."""
    s = mp.new_game(2, ruleset="voyages", seed=SEED)
    bot = RandomAgent(1)
    plan: list[tuple[str, bool]] = []
    while not s.is_over:
        if s.current_player == 1:
            s = s.apply(bot.choose(s))
            continue
        notation, click = _human_choice(s, any(c for _, c in plan))
        plan.append((notation, click))
        s = s.apply(notation)
    return plan, s


def test_the_plan_plays_a_whole_game_in_the_app() -> None:
    """The same presses in the Python app (no browser) end in the planned final position."""
    plan, final = _plan()
    app = mp.play(ruleset="voyages", players=2, seed=SEED, seats=SEATS)
    for notation, click in plan:
        if click:
            app.click_location(notation.split(" ", 1)[1])
        else:
            app.press(notation)
        assert app.last_error is None, (notation, app.last_error)
    assert app.state.is_over and app.state == final
    assert any(click for _, click in plan) and any(n.startswith("travel") for n, _ in plan)


def test_play_a_voyages_game_in_jupyterlab(lab: str) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(exist_ok=True)
    plan, final = _plan()
    totals = final.scores()["total"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(TIMEOUT_MS)
        try:
            open_in_jupyterlab(page, lab, NOTEBOOK)
            app = page.locator(".mp-notebook-app")
            app.wait_for()
            page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
            page.wait_for_timeout(500)
            assert "The Voyages of Marco Polo" in app.locator(".mp-header").inner_text()
            assert app.locator(".mp-player").count() == 2
            labels = app.locator(".mp-player").first.locator(".mp-label").all_inner_texts()
            assert labels == ["figure in", "posts", "contracts", "completed", "character", "goal cards"]
            items = [x for r in mp.play(ruleset="voyages", players=2, seed=SEED, seats=SEATS).boards.players[0]["rows"]
                     for x in r.get("items", [])]
            assert app.locator(".mp-player").first.locator(".mp-small").all_inner_texts() == items
            assert len(items) == 3  # the starting contract and the 2 goal cards, one a line
            assert app.locator(".mp-player").nth(1).locator(".mp-value", has_text="hidden (secret)").count() == 1
            app.screenshot(path=str(OUT / "voyages-1-started.png"))

            for k, (notation, click) in enumerate(plan):
                log = app.locator(".mp-log").inner_text()
                button = app.locator(f".mp-action[data-notation='{notation}']")
                button.wait_for()
                handle = button.element_handle()
                if click:
                    app.screenshot(path=str(OUT / "voyages-2-travel.png"))
                    x, y = target_position(page, notation.split(" ", 1)[1])
                    page.mouse.move(x, y)
                    page.wait_for_timeout(300)
                    page.mouse.click(x, y)
                else:
                    button.click()
                # the panel is redrawn for the next decision, or at least the log moved on
                page.wait_for_function(
                    "([h, log]) => !h.isConnected || document.querySelector('.mp-notebook-app .mp-log').innerText"
                    " !== log", arg=[handle, log])
                assert not app.locator(".mp-message.mp-error").count(), (k, notation)

            final_table = app.locator(".mp-final")
            final_table.wait_for()
            text = final_table.inner_text()
            for name, total in totals.items():
                assert name in text and str(total) in text
            assert "camels (tie-break)" in text and app.locator(".mp-player", has_text="VP final").count() == 2
            page.wait_for_timeout(300)
            app.screenshot(path=str(OUT / "voyages-3-over.png"))
        except Exception:
            page.screenshot(path=str(OUT / "voyages-failure.png"), full_page=True)
            raise
        finally:
            browser.close()
