"""The app page (``notebooks/play.ipynb``) under the README's ``voila notebooks/play.ipynb``, in
headless Chromium windows of 1280 x 720 and 1440 x 900, for every game of its chooser: without
scrolling, the action panel's first row is in sight, and so is the hint's recommendation (its first
line, beside the panel, as wide as its column) once Hint is pressed. The map shrinks to make room
(``widgets/action_panel.js``, ``mapHeight``); its names still keep to the limits of
``test_map_labels.py`` (within 15 px of their marker or on a leader line, no name on another name
or a marker). The labels of the player boards' rows keep to one line ("Golden Plaque", "Secrets
of the Orient").

Screenshots go to ``test-output/``. Skipped only outside CI when chromium is not installed.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from labserver import APP_READY, ARGS, CHROMIUM, MISSING, OUT, ROOT, SKIP_REASON, TIMEOUT_MS, voila
from test_map_labels import READ, collisions, too_far

import mp_notebook as mp
from mp_notebook.registry import PACKAGES, get
from mp_notebook.render.map import show_map

if MISSING:
    pytest.skip(SKIP_REASON, allow_module_level=True)

WINDOWS = ((1280, 720), (1440, 900))
LINE = 20  # px: a line of the hint's text
# The first row of the action panel: a row of buttons, or a folded row of many ("Books 10 choices").
FIRST_ROW = "() => document.querySelector('.mp-actions .mp-action-row, .mp-actions details.mp-many')"
HINTED = "() => document.querySelector('.mp-notebook-app .mp-hint:not(.mp-muted)')"
MAP = ".mp-notebook-app .js-plotly-plot"
# The labels of the player boards' rows that break over two lines ("Secrets of the Orient"), or may
# (in a narrow card, beside a long value: the style keeps them on one line).
WRAPPED = ("() => [...document.querySelectorAll('.mp-player .mp-label')].filter((e) => {"
           " const r = document.createRange(); r.selectNodeContents(e);"
           " return r.getClientRects().length > 1 || getComputedStyle(e).whiteSpace !== 'nowrap'; })"
           ".map((e) => e.textContent)")


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("voila")
    shutil.copy(ROOT / "notebooks" / "play.ipynb", home / "play.ipynb")
    with voila(home, "play.ipynb") as url:
        yield url


def _box(page: Any, element: str) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(f"() => {{ const r = ({element})().getBoundingClientRect();"
                                          " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")
    return box


def _in_sight(page: Any, element: str, height: float | None = None) -> bool:
    """Whether ``element`` (a JS function returning it) lies in the window unscrolled (its first
    ``height`` px of it)."""
    box = _box(page, element)
    bottom = box["top"] + height if height else box["bottom"]
    window = page.evaluate("() => [window.scrollX, window.scrollY, window.innerWidth, window.innerHeight]")
    return bool(window[:2] == [0, 0] and box["top"] >= 0 and bottom <= window[3]
                and box["left"] >= 0 and box["right"] <= window[2])


@pytest.mark.parametrize("window", WINDOWS, ids=lambda w: f"{w[0]}x{w[1]}")
def test_first_row_and_hint_in_sight(page_url: str, window: tuple[int, int]) -> None:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": window[0], "height": window[1]})
            page.set_default_timeout(TIMEOUT_MS * 2)
            page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            page.goto(page_url, wait_until="domcontentloaded")
            for ruleset in PACKAGES:
                if ruleset != "mp2":
                    page.get_by_role("button", name=get(ruleset).short, exact=True).click()
                    page.wait_for_function(f"() => document.querySelector('.mp-header')"
                                           f" && document.querySelector('.mp-header').textContent"
                                           f".includes({get(ruleset).short!r})")
                page.wait_for_function(APP_READY)
                page.wait_for_timeout(800)  # the map's fit to the window
                page.evaluate("() => window.scrollTo(0, 0)")
                assert _in_sight(page, FIRST_ROW), (ruleset, window, _box(page, FIRST_ROW))
                assert not page.evaluate(WRAPPED), (ruleset, window, page.evaluate(WRAPPED))
                drawn = page.evaluate(f"(places) => ({READ})(document.querySelector('{MAP}'), places)",
                                      _own_traces(ruleset))
                assert not collisions(drawn) and not too_far(drawn), (ruleset, window, collisions(drawn),
                                                                      too_far(drawn))
                page.get_by_role("button", name="Hint").click()
                page.wait_for_function(HINTED)
                assert _in_sight(page, HINTED, LINE), (ruleset, window, _box(page, HINTED))
                assert _in_sight(page, FIRST_ROW), (ruleset, window, _box(page, FIRST_ROW))
                OUT.mkdir(exist_ok=True)
                page.screenshot(path=str(OUT / f"layout-{ruleset}-{window[0]}x{window[1]}.png"))
        finally:
            browser.close()
    assert not errors, errors


def _own_traces(ruleset: str) -> list[str]:
    """The names of the traces of the places' own markers on ``ruleset``'s map."""
    from test_map_labels import own_traces

    return own_traces(show_map(mp.new_game(2, ruleset=ruleset, seed=1)))
