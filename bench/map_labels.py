"""Benchmark of the map's names in a real browser: prints figures, asserts nothing.

For each registered ruleset, the app's map of a 4-player game's start at each width the names are
placed for, and ``show_map``'s figure, drawn by plotly.js in headless Chromium (the measurement of
``tests/browser/test_map_labels.py``): the farthest name from its own marker (box to box, in px)
among the names without a leader line, how many names are further than 15 px without one, how
many names have a leader line, and how many places are named of how many.

Run: ``python bench/map_labels.py`` (needs /usr/bin/chromium). To measure another source tree (an
export of an older commit, for "before" figures), put it first on ``PYTHONPATH``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import test_map_labels as t

import mp_notebook as mp


def main() -> None:
    from playwright.sync_api import sync_playwright
    from plotly.offline import get_plotlyjs

    print("python", " ".join(sys.argv), f"(mp_notebook from {Path(mp.__file__).parent})", flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(t.CHROMIUM), args=t.ARGS)
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.set_content("<html><body style='margin:0'><div id='map'></div></body></html>")
        page.add_script_tag(content=get_plotlyjs())
        page.errors = []
        for ruleset in t.RULESETS:
            s = mp.new_game(t.SEATS, ruleset=ruleset, seed=1)
            maps = [(f"app {w} px", t.app_figure(s), w, t.app_height(w)) for w in t.APP_WIDTHS]
            fig = mp.show_map(s)
            maps.append((f"show_map {t.SHOW_MAP_WIDTH} px", fig, t.SHOW_MAP_WIDTH, int(fig.layout.height)))
            for what, figure, width, height in maps:
                far = t.distances(t.measure(page, figure, width, height))
                free = {n: d for n, (d, led) in far.items() if not led}
                name = max(free, key=free.__getitem__) if free else "-"
                print(f"{ruleset:8} {what:17} farthest without a leader: {name} {free.get(name, 0.0):.1f} px; "
                      f"beyond {t.LIMIT:.0f} px without a leader: {sum(d > t.LIMIT for d in free.values())}; "
                      f"leader lines: {len(far) - len(free)}; named {len(far)} of {len(s.board.locations)} places",
                      flush=True)
        browser.close()


if __name__ == "__main__":
    main()
