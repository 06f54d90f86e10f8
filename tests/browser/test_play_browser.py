"""The app in a real browser: JupyterLab and Voilà on localhost, headless Chromium (Debian's
package) via Playwright. Opens the notebook ``play.ipynb`` (``mp.play(players=2, seed=2,
seats=["human", "greedy bot"])``) and plays a whole game against the greedy bot by clicks: action
buttons (one of them double-clicked), a city on the map for the first move, the Hint button once;
then checks the final scoring. The human's choices are planned beforehand by driving the same app
from Python (the bot is seeded, so the browser game follows the same course).

Screenshots go to ``test-output/``. Skipped only outside CI when chromium is not installed.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import mp_notebook as mp

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output"
NOTEBOOK = Path(__file__).with_name("play.ipynb")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000

if not CHROMIUM.exists() and os.environ.get("CI") != "true":
    pytest.skip("chromium is not installed (apt-get install -y chromium); required in CI", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server (no token) in a temp dir holding the notebook; yields its URL."""
    assert CHROMIUM.exists(), "CI needs /usr/bin/chromium (apt-get install -y chromium)"
    home = tmp_path_factory.mktemp("lab")
    shutil.copy(NOTEBOOK, home / NOTEBOOK.name)
    settings = home / ".lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)  # no "get Jupyter news?" toast over the app
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / ".config"), JUPYTER_DATA_DIR=str(home / ".data"),
               JUPYTER_RUNTIME_DIR=str(home / ".runtime"), JUPYTER_PLATFORM_DIRS="1",
               JUPYTERLAB_SETTINGS_DIR=str(home / ".lab-settings"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
           "--allow-root", "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", "--LabApp.extension_manager=readonly",
           f"--ServerApp.root_dir={home}", "--LabApp.expose_app_in_browser=True",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--LabApp.news_url=None"]
    log = (home / "server.log").open("w")
    server = subprocess.Popen(cmd, cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start:\n" + (home / "server.log").read_text()) from None
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


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


def _open_in_jupyterlab(page: Any, lab: str) -> None:
    page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def _open_in_voila(page: Any, lab: str) -> None:
    page.goto(f"{lab}/voila/render/{NOTEBOOK.name}", wait_until="domcontentloaded")


def _play_a_whole_game(pw: Any, lab: str, where: str, open_app: Callable[[Any, str], None]) -> None:
    steps = _plan()
    OUT.mkdir(exist_ok=True)
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 1500})
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "setData" in m.text else None)
    try:
        open_app(page, lab)
        app = page.locator(".mp-notebook-app")
        app.wait_for()
        page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
        page.locator(".mp-notebook-app .mp-die").first.wait_for()
        assert "round 1 of 5" in app.locator(".mp-header").inner_text()
        assert app.locator(".mp-player").count() == 2
        panel = app.locator(".mp-actions")
        hinted = double_clicked = False
        for k, step in enumerate(steps):
            position = panel.get_attribute("data-position")
            if step.click:
                page.wait_for_timeout(300)  # the map's last redraw
                app.screenshot(path=str(OUT / f"{where}-1-travel.png"))
                x, y = _city_position(page, step.click)
                page.mouse.move(x, y)
                page.mouse.click(x, y)
            else:
                button = app.locator(f".mp-action[data-notation='{step.notation}']")
                if not hinted and app.locator(".mp-action[data-notation^='travel']").count():
                    hinted = True  # a turn with a travel choice: ask for a hint first
                    app.get_by_role("button", name="Hint").click()
                    app.locator(".mp-hint", has_text="Recommended").wait_for()
                    app.screenshot(path=str(OUT / f"{where}-0-hint.png"))
                if not double_clicked and k > 5:
                    double_clicked = True
                    button.dblclick()  # the second press is ignored: no error
                else:
                    button.click()
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
        app.screenshot(path=str(OUT / f"{where}-2-final.png"))
    except Exception:
        page.screenshot(path=str(OUT / f"{where}-failure.png"), full_page=True)
        raise
    finally:
        browser.close()


def _final_state(steps: list[Step]) -> Any:
    app = mp.play(players=2, seed=SEED, seats=list(SEATS))
    for step in steps:
        app.press(step.notation)
    return app.state


def test_whole_game_in_jupyterlab(lab: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        _play_a_whole_game(pw, lab, "jupyterlab", _open_in_jupyterlab)


def test_whole_game_in_voila(lab: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        _play_a_whole_game(pw, lab, "voila", _open_in_voila)


def _city_position(page: Any, city: str) -> tuple[float, float]:
    """Page coordinates of ``city``'s marker in the "click: legal next step" trace of the map."""
    box = page.evaluate(
        """(city) => {
            for (const g of document.querySelectorAll('.mp-notebook-app .js-plotly-plot g.trace.scattergeo')) {
                const trace = g.__data__ && g.__data__[0] && g.__data__[0].trace;
                if (!trace || !trace.name.startsWith('click')) continue;
                const points = [...g.querySelectorAll('path.point')];
                const k = trace.customdata.indexOf(city);
                if (k < 0 || !points[k]) return null;
                const r = points[k].getBoundingClientRect();
                return [r.x + r.width / 2, r.y + r.height / 2];
            }
            return null;
        }""",
        city,
    )
    assert box, f"no clickable marker for {city} on the map"
    return box[0], box[1]
