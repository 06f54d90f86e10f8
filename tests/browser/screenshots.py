"""Screenshots of the play app for docs/: one per ruleset, taken in Voilà in headless Chromium.

Each app is the start of a 2-player game (seed 11) at its first main decision, with a hint shown
where the ruleset offers one and the message a click on a city that is no choice gives, so one
picture shows the action panel, the hint table, the message, the map and the player boards.

Run: ``python tests/browser/screenshots.py SUFFIX [SOURCE]`` writes ``docs/app-<ruleset>-SUFFIX.png``
(``SOURCE``: a source tree to import mp_notebook from instead of this checkout, e.g. an export of
an older commit for "before" pictures); without SOURCE also ``docs/play.png``, the app page
``notebooks/play.ipynb`` as Voilà shows it. Not a test: it asserts only that the page drew the app.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import labserver

RULESETS = ("mp2", "voyages", "schmidt")
DOCS = labserver.ROOT / "docs"
CLICKED = {"mp2": "Delhi", "voyages": "Kochi", "schmidt": "Khotan"}  # no choice at the first decision

CODE = """import mp_notebook as mp

app = mp.play(ruleset={ruleset!r}, players=2, seed=11, seats=["human", "greedy bot"])
if app.state.decision.kind == "compensation":
    app.press(str(app.state.legal_actions()[0]))
app.hint_rollouts = 4
app.hint_time_budget = None
if not app.hint_button.disabled:
    app.hint()
app.click_location({clicked!r})
app"""


def main(suffix: str, source: Path | None = None) -> None:
    import nbformat
    from playwright.sync_api import sync_playwright

    if source is not None:
        labserver.ROOT = source.resolve()  # the server's kernels import mp_notebook from there
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for ruleset in RULESETS:
            cell = nbformat.v4.new_code_cell(CODE.format(ruleset=ruleset, clicked=CLICKED[ruleset]))
            nb = nbformat.v4.new_notebook(cells=[cell])
            nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
            nbformat.write(nb, home / f"{ruleset}.ipynb")
        shots = {f"{ruleset}.ipynb": DOCS / f"app-{ruleset}-{suffix}.png" for ruleset in RULESETS}
        if source is None:
            shutil.copy(labserver.ROOT / "notebooks" / "play.ipynb", home / "play.ipynb")
            shots["play.ipynb"] = DOCS / "play.png"
        with labserver.jupyterlab(home) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(labserver.CHROMIUM), args=labserver.ARGS)
            try:
                for name, target in shots.items():
                    page = browser.new_page(viewport={"width": 1280, "height": 2200})  # the whole app in view
                    page.set_default_timeout(labserver.TIMEOUT_MS * 2)
                    page.goto(f"{url}/voila/render/{name}", wait_until="domcontentloaded")
                    app = page.locator(".mp-notebook-app")
                    app.wait_for()
                    page.locator(".mp-notebook-app .js-plotly-plot .scattergeo path.point").first.wait_for()
                    page.locator(".mp-notebook-app .mp-player").first.wait_for()
                    page.wait_for_timeout(1500)  # the map's fit to its box
                    shot = page.locator(".mp-play-page") if name == "play.ipynb" else app
                    shot.screenshot(path=str(target))
                    print(target)
                    page.close()
            finally:
                browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]) if len(sys.argv) > 2 else None)
