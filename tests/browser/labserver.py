"""What the browser tests share: Debian's chromium for Playwright, a JupyterLab server (Voilà and
Notebook 7 included) on localhost serving a temp directory, opening a notebook in it, pressing an
action button, and finding where a clickable map marker is on the page."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output"  # screenshots
# Jupyter's settings and Voilà's template for the app page, which the package installs into its
# environment (pyproject.toml's data files): the servers of the browser tests put this checkout's
# copies on Jupyter's paths too, so an environment that has an older install of them (an editable
# install of another checkout) serves the checkout's.
BINDER = ROOT / "binder"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000
MISSING = not CHROMIUM.exists() and os.environ.get("CI") != "true"  # skip the browser tests (never in CI)
SKIP_REASON = "chromium is not installed (apt-get install -y chromium); required in CI"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _environment(home: Path, python: str, *, checkout: bool, installed: bool) -> dict[str, str]:
    """A server's environment: Jupyter's per-user folders in ``home`` (the user's own settings and
    kernelspecs play no part), ``python``'s scripts first on the PATH; ``checkout``: its kernels
    import mp_notebook from this checkout; unless ``installed``, this checkout's Jupyter settings."""
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / ".config"), JUPYTER_DATA_DIR=str(home / ".data"),
               JUPYTER_RUNTIME_DIR=str(home / ".runtime"), JUPYTER_PLATFORM_DIRS="1",
               IPYTHONDIR=str(home / ".ipython"),
               PATH=os.pathsep.join([str(Path(python).parent), os.environ.get("PATH", "")]))
    for name in ("JUPYTER_CONFIG_PATH", "JUPYTER_PATH", "JUPYTERLAB_SETTINGS_DIR", "PYTHONPATH"):
        env.pop(name, None)
    if checkout:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    if not installed:
        env.update(JUPYTER_CONFIG_PATH=str(BINDER / "etc" / "jupyter"), JUPYTER_PATH=str(BINDER / "share" / "jupyter"))
    return env


@contextmanager
def _serving(cmd: list[str], home: Path, env: dict[str, str], ready: str) -> Iterator[None]:
    """Run ``cmd`` in ``home`` until the block ends; enter once ``ready`` (a URL) answers."""
    log = (home / "server.log").open("w")
    server = subprocess.Popen(cmd, cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(ready, timeout=5)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{cmd[2:4]} did not start:\n" + (home / "server.log").read_text()) from None
                time.sleep(0.3)
        yield
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@contextmanager
def jupyterlab(home: Path, python: str = sys.executable, *, checkout: bool = True,
               installed: bool = False) -> Iterator[str]:
    """A JupyterLab server (no token) serving ``home``, with this checkout's package; yields its URL.
    ``python``: the interpreter whose Jupyter runs the server (e.g. of a fresh environment);
    ``checkout=False``: its kernels import mp_notebook as installed there, not from this checkout;
    ``installed=True``: the server as the user's ``jupyter lab`` of that environment runs (its
    installed settings only; JupyterLab's news and update checks as they come), else with this
    checkout's settings (:data:`BINDER`) and no news or update notification over the app."""
    assert CHROMIUM.exists(), "CI needs /usr/bin/chromium (apt-get install -y chromium)"
    env = _environment(home, python, checkout=checkout, installed=installed)
    cmd = [python, "-m", "jupyter", "lab", "--no-browser", f"--port={(port := _free_port())}", "--ip=127.0.0.1",
           "--allow-root", "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={home}",
           "--LabApp.expose_app_in_browser=True", "--JupyterNotebookApp.expose_app_in_browser=True"]
    if not installed:
        settings = home / ".lab-settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True, exist_ok=True)  # no "get Jupyter news?" toast over the app
        (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
        env["JUPYTERLAB_SETTINGS_DIR"] = str(home / ".lab-settings")
        cmd += ["--LabApp.extension_manager=readonly", "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    url = f"http://127.0.0.1:{port}"
    with _serving(cmd, home, env, f"{url}/api/status"):
        yield url


@contextmanager
def voila(home: Path, notebook: str, python: str = sys.executable, *, checkout: bool = True,
          installed: bool = False) -> Iterator[str]:
    """The README's ``voila <notebook>`` (Voilà's own server, the notebook alone) run by ``python``'s
    environment in ``home``; yields the page's URL. ``checkout`` and ``installed`` as in
    :func:`jupyterlab`."""
    assert CHROMIUM.exists(), "CI needs /usr/bin/chromium (apt-get install -y chromium)"
    env = _environment(home, python, checkout=checkout, installed=installed)
    port = _free_port()
    cmd = [python, "-m", "voila", notebook, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    url = f"http://127.0.0.1:{port}/"
    with _serving(cmd, home, env, f"{url}voila/static/voila.js"):
        yield url


VERDICT = re.compile("Recommended: |Too close to call: ")  # the Hint's first words, whichever its verdict
FRONT_ENDS = ("JupyterLab", "Notebook 7", "Voilà")  # on a JupyterLab server; "voila": :func:`voila`'s page
# The app drawn and ready for a click: the map's markers and an enabled action button.
APP_READY = ("() => { const app = document.querySelector('.mp-notebook-app');"
             " return app && app.querySelector('.js-plotly-plot .scattergeo path.point')"
             " && app.querySelector('button.mp-action:not([disabled])'); }")


def open_notebook(page: Any, server: str, notebook: str, front_end: str) -> None:
    """Open ``notebook`` in ``front_end`` (one of FRONT_ENDS) and have its cells run: Voilà runs
    them itself; in JupyterLab and Notebook 7, wait for the kernel and run all cells."""
    if front_end == "Voilà":
        page.goto(f"{server}/voila/render/{notebook}", wait_until="domcontentloaded")
        return
    if front_end == "voila":  # the page of `voila <notebook>` (:func:`voila`): ``server`` is its URL
        page.goto(server, wait_until="domcontentloaded")
        return
    url = f"{server}/lab/tree/{notebook}?reset" if front_end == "JupyterLab" else f"{server}/notebooks/{notebook}"
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def open_in_jupyterlab(page: Any, lab: str, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab (alone: the workspace is reset, so no notebook opened before
    is restored beside it), wait for its kernel and run all its cells."""
    open_notebook(page, lab, notebook, "JupyterLab")


def target_position(page: Any, name: str) -> tuple[float, float]:
    """Page coordinates of ``name``'s marker in the "click: legal next step" trace of the map."""
    box = page.evaluate(
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


def press(app: Any, notation: str, *, double: bool = False) -> None:
    """Press the action button of ``notation`` in the app's panel (``double``: double-click it),
    first opening the folded row of many choices it may sit in (widgets/action_panel.js)."""
    selector = f".mp-action[data-notation={json.dumps(notation)}]"
    button = app.locator(selector)
    folded = app.locator("details.mp-many", has=app.page.locator(selector))  # `has` is queried inside
    if folded.count() and not folded.evaluate("(d) => d.open"):
        folded.locator("summary").click()
    if double:
        button.dblclick()
    else:
        button.click()
