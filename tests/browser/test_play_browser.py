"""The app in a real browser: JupyterLab on localhost, headless Chromium (Debian's package) via
Playwright. Runs the notebook ``play.ipynb`` (``mp.play(players=3, seed=7)``), presses action
buttons, clicks a city on the map and checks that the page shows the new state.

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
from collections.abc import Iterator
from pathlib import Path

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


def _plan() -> tuple[list[str], str, str]:
    """From the notebook's game: the buttons to press up to a one-move travel, and the city to click."""
    s = mp.new_game(players=3, seed=7)
    presses = []
    while s.decision.kind != "turn":
        presses.append(str(s.legal_actions()[0]))
        s = s.apply(presses[-1])
    travel = next(str(a) for a in s.legal_actions() if a.kind == "travel" and a.space == "lower")
    presses.append(travel)
    s = s.apply(travel)
    city = next(a.choice for a in s.legal_actions() if a.kind == "move" and a.choice == "Xanadu")
    return presses, city, s.players[s.current_player].name


def test_play_in_jupyterlab(lab: str) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(exist_ok=True)
    presses, city, mover = _plan()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(TIMEOUT_MS)
        try:
            page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}", wait_until="domcontentloaded")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel")
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            app = page.locator(".mp-notebook-app")
            app.wait_for()
            page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
            page.locator(".mp-notebook-app .mp-die").first.wait_for()
            page.wait_for_timeout(500)
            app.screenshot(path=str(OUT / "browser-1-started.png"))
            assert "round 1 of 5" in app.locator(".mp-header").inner_text()
            assert app.locator(".mp-player").count() == 3

            for notation in presses:  # action buttons, waiting each time for the panel to change
                button = app.locator(f".mp-action[data-notation='{notation}']")
                button.click()
                button.wait_for(state="detached")
            app.locator(".mp-action[data-notation='move Xanadu']").wait_for()
            assert "move from Beijing" in app.locator(".mp-header").inner_text()
            app.screenshot(path=str(OUT / "browser-2-travel.png"))

            x, y = _city_position(page, city)
            page.mouse.move(x, y)
            page.wait_for_timeout(300)
            page.mouse.click(x, y)
            app.locator(".mp-log", has_text=f"{mover} moves Beijing → {city}").wait_for()
            board = app.locator(".mp-player", has_text=mover).first
            assert city in board.inner_text()
            assert not app.locator(".mp-message.mp-error").count()
            page.wait_for_timeout(500)
            app.screenshot(path=str(OUT / "browser-3-moved.png"))
        except Exception:
            page.screenshot(path=str(OUT / "browser-failure.png"), full_page=True)
            raise
        finally:
            browser.close()


def _city_position(page: object, city: str) -> tuple[float, float]:
    """Page coordinates of ``city``'s marker in the "click: legal next step" trace of the map."""
    box = page.evaluate(  # type: ignore[attr-defined]
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
