"""A whole game of The Voyages of Marco Polo played in a real browser: JupyterLab on localhost,
headless Chromium (Debian's package) via Playwright. A notebook runs
``mp.play(ruleset="voyages", players=2, seed=SEED, seats=["human", "random bot"])``; the test
presses the human seat's action buttons from the first decision to the final scoring (a plan
computed beforehand with the same engine and the same bot), takes one step by clicking the map,
and checks the final scores shown in the page.

Setup copied from ``test_play_browser.py``. Screenshots go to ``test-output/``. Skipped only outside
CI when chromium is not installed.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

import mp_notebook as mp
from mp_notebook.agents import RandomAgent

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000
SEED = 11
SEATS = ["human", "random bot"]
NOTEBOOK = "voyages.ipynb"
CODE = f"import mp_notebook as mp\n\napp = mp.play(ruleset='voyages', players=2, seed={SEED}, seats={SEATS!r})\napp"

if not CHROMIUM.exists() and os.environ.get("CI") != "true":
    pytest.skip("chromium is not installed (apt-get install -y chromium); required in CI", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server (no token) in a temp dir holding the notebook; yields its URL."""
    import nbformat

    assert CHROMIUM.exists(), "CI needs /usr/bin/chromium (apt-get install -y chromium)"
    home = tmp_path_factory.mktemp("lab")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CODE)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, home / NOTEBOOK)
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
            page.goto(f"{lab}/lab/tree/{NOTEBOOK}", wait_until="domcontentloaded")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel")
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            app = page.locator(".mp-notebook-app")
            app.wait_for()
            page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
            page.wait_for_timeout(500)
            assert "The Voyages of Marco Polo" in app.locator(".mp-header").inner_text()
            assert app.locator(".mp-player").count() == 2
            app.screenshot(path=str(OUT / "voyages-1-started.png"))

            for k, (notation, click) in enumerate(plan):
                log = app.locator(".mp-log").inner_text()
                button = app.locator(f".mp-action[data-notation='{notation}']")
                button.wait_for()
                handle = button.element_handle()
                if click:
                    app.screenshot(path=str(OUT / "voyages-2-travel.png"))
                    x, y = _location_position(page, notation.split(" ", 1)[1])
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


def _location_position(page: object, name: str) -> tuple[float, float]:
    """Page coordinates of ``name``'s marker in the "click: legal next step" trace of the map."""
    box = page.evaluate(  # type: ignore[attr-defined]
        """(name) => {
            for (const g of document.querySelectorAll('.mp-notebook-app .js-plotly-plot g.trace.scattergeo')) {
                const trace = g.__data__ && g.__data__[0] && g.__data__[0].trace;
                if (!trace || !trace.name.startsWith('click')) continue;
                const points = [...g.querySelectorAll('path.point')];
                const k = trace.customdata.indexOf(name);
                if (k < 0 || !points[k]) return null;
                const r = points[k].getBoundingClientRect();
                return [r.x + r.width / 2, r.y + r.height / 2];
            }
            return null;
        }""",
        name,
    )
    assert box, f"no clickable marker for {name} on the map"
    return box[0], box[1]
