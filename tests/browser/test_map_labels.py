"""The map's names, measured in a real browser (headless Chromium, Debian's package, via Playwright):
for every registered ruleset, the map is drawn by plotly.js as the play app draws it (its layout,
``map_layout(app=True)``, in a box of the app's proportions) and as ``show_map`` draws it, and the
rendered boxes of every name, marker and piece, and the ends of the names' leader lines, are read
from the page. The test fails on

* a name further than :data:`LIMIT` px from its own place's marker (box to box) without a leader
  line joining the two;
* two names overlapping, or a name on any marker of a place, an oasis, a figure or a trading post
  (the small dots on the routes, which tell a route's cost on hover, may lie under a name);
* a name outside the map's frame;
* plotly's toolbar (modebar) on a legend entry;
* any console error or page error.

The positions are the start of a 4-player game and positions with the four seats' figures standing
on every location in turn, and trading posts in every city that takes them (``with_player``), so
every slot a piece can take at every location is drawn once. Second figures (Mailin & Tian Chin,
Niccolò & Marco Polo) are kept clear by the placement but not drawn here.

The widths are those the names are placed for (``render/placement.py``): the app on a 1280-pixel
page in JupyterLab beside the file browser (848 px), in Voilà's app page on a 1280- and a
1440-pixel page (1240, 1440 px: its height as the app gives it, ``app_height``), and ``show_map``
at its 600-pixel height in a notebook. Narrower maps are not promised.
``python bench/map_labels.py`` prints the farthest name of each map.

Run as a script (``python tests/browser/test_map_labels.py SUFFIX``) it writes the app's map of
each ruleset (at 1240 px) to ``docs/map-<ruleset>-SUFFIX.png``.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterator
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import pytest
from labserver import ARGS, CHROMIUM, MISSING, OUT, ROOT, SKIP_REASON

import mp_notebook as mp
from mp_notebook.registry import PACKAGES
from mp_notebook.render.map import board_traces, map_layout, show_map, state_trace_dicts, terms

if MISSING:
    pytest.skip(SKIP_REASON, allow_module_level=True)

RULESETS = tuple(PACKAGES)
SEATS = 4
APP_WIDTHS = (848, 1240, 1440)  # px: the app's box in JupyterLab beside the file browser, in Voilà (1280, 1440-px page)
SHOW_MAP_WIDTH = 1000  # px, with show_map's own height
SLACK = 0.5  # px of overlap forgiven (anti-aliased edges)
LIMIT = 15.0  # px from a name's box to its own marker's box, at most, unless a leader line joins them
TOUCH = 3.0  # px: a leader line's ends lie this close to its marker and to its name
# What a piece needs besides its location to stand there, where the editor asks for it (Schmidt: the
# route type the merchant travels, one that passes through the space).
STANDING: dict[str, Callable[[mp.GameState, str], dict[str, Any]]] = {
    "schmidt": lambda s, place: {"mode": s.components.modes_at(place)[0]},
}

# What a drawn map shows (``div``: its plotly element; ``places``: the names of the traces of the
# places' own markers): the boxes of its names, markers and each place's own marker, the two ends of
# each leader line, its frame, legend entries and toolbar, in page pixels.
READ = """
(div, places) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const names = [], marks = [], own = {}, leaders = [];
  for (const g of div.querySelectorAll('g.trace.scattergeo')) {
    const trace = g.__data__[0].trace;
    if (trace.name === 'place names') g.querySelectorAll('text').forEach((t) => names.push([t.textContent, box(t)]));
    if (trace.name === 'name leaders') {
      // each leader is one piece of the trace's path (M x,y L x,y ...): its two ends on the page
      const path = g.querySelector('path.js-line');
      const m = path.getScreenCTM();
      const at = (x, y) => { const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; };
      for (const piece of (path.getAttribute('d') || '').split('M').filter((p) => p.trim())) {
        const xy = piece.split(/[LZ]/).filter((p) => p.trim()).map((p) => p.split(',').map(Number));
        leaders.push([at(...xy[0]), at(...xy[xy.length - 1])]);
      }
    }
    if (trace.mode !== 'markers' || !trace.customdata) continue;  // not the routes' cost dots
    g.querySelectorAll('path.point').forEach((p) => {
      const place = trace.customdata[p.__data__.i];
      marks.push([`${trace.name}: ${place}`, box(p)]);
      if (places.includes(trace.name)) own[place] = box(p);
    });
  }
  const frame = div.querySelector('g.geo g.layer.frame');
  return {names, marks, own, leaders, frame: box(frame),
          legend: [...div.querySelectorAll('g.legend g.traces')].map(box), modebar: box(div.querySelector('.modebar'))};
}
"""
MEASURE = f"""
async ({{fig, width, height, places}}) => {{
  const div = document.getElementById('map');
  div.style.width = width + 'px';
  div.style.height = height + 'px';
  await Plotly.react(div, fig.data, fig.layout, {{displaylogo: false, responsive: true}});
  return ({READ})(div, places);
}}
"""


def overlap(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def positions(ruleset: str) -> list[mp.GameState]:
    """The start of a 4-player game, then the four figures on every location in turn, and every
    seat's trading posts in every city that takes them, a few cities at a time."""
    s = mp.new_game(SEATS, ruleset=ruleset, seed=1)
    places = list(s.board.locations)
    out = [s]
    for k in range(0, len(places), SEATS):
        t = s
        for i in range(SEATS):
            place = places[(k + i) % len(places)]
            t = t.with_player(i, location=place, **STANDING.get(ruleset, lambda s, place: {})(t, place))
        out.append(t)
    posts = list(terms(s).post_places(s))
    chunk = 8  # fewer posts than any ruleset's supply
    for k in range(0, len(posts), chunk):
        t = s
        for i in range(SEATS):
            t = t.with_player(i, trading_posts=posts[k:k + chunk])
        out.append(t)
    return out


def app_figure(s: mp.GameState) -> go.Figure:
    """The app's map of ``s`` (the traces and layout ``ui/app.py`` builds its widget from)."""
    return go.Figure(board_traces(s) + [go.Scattergeo(d) for d in state_trace_dicts(s)], layout=map_layout(s, app=True))


def app_height(width: int) -> int:
    """The map box's height in the app in a window tall enough (``widgets/action_panel.js``,
    ``mapHeight``: the board's proportions beside the legend, at most 520 px)."""
    return max(300, min(round((width - 190) / 2.15) + 8, 520))


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    """A blank page with plotly.js (the copy the plotly package ships), failing the test on any
    console error or page error."""
    from playwright.sync_api import sync_playwright
    from plotly.offline import get_plotlyjs

    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.set_content("<html><body style='margin:0'><div id='map'></div></body></html>")
        page.add_script_tag(content=get_plotlyjs())
        page.errors = errors
        try:
            yield page
        finally:
            browser.close()


def measure(page: Any, fig: go.Figure, width: int, height: int) -> dict[str, Any]:
    """Draw ``fig`` in a ``width`` x ``height`` box; the boxes of its names (``names``), markers
    (``marks``; ``own``: each place's own marker), the ends of its leader lines, its frame, legend
    entries and toolbar, in page pixels."""
    drawn: dict[str, Any] = page.evaluate(MEASURE, {"fig": json.loads(pio.to_json(fig)), "width": width,
                                                    "height": height, "places": own_traces(fig)})
    assert not page.errors, page.errors
    return drawn


def own_traces(fig: go.Figure) -> list[str]:
    """The names of ``fig``'s traces of the places' own markers (the cities' groups and the oases)."""
    return [t.name for t in fig.data if t.name == "oasis" or (t.mode == "markers" and t.customdata is not None
                                                               and t.legendgroup is None and t.name != "path"
                                                               and not t.name.startswith("click"))]


def gap(a: list[float], b: list[float]) -> float:
    """px between two boxes (left, top, right, bottom); 0 where they touch or overlap."""
    return math.hypot(max(0.0, a[0] - b[2], b[0] - a[2]), max(0.0, a[1] - b[3], b[1] - a[3]))


def distances(drawn: dict[str, Any]) -> dict[str, tuple[float, bool]]:
    """Each name -> px from its box to its own marker's box, and whether a leader line joins them
    (one end within :data:`TOUCH` px of the marker, the other of the name)."""
    out = {}
    for name, box in drawn["names"]:
        own = drawn["own"][name]
        led = any(min(gap([*a, *a], own) + gap([*b, *b], box), gap([*b, *b], own) + gap([*a, *a], box)) <= 2 * TOUCH
                  for a, b in drawn["leaders"])
        out[name] = (gap(box, own), led)
    return out


def too_far(drawn: dict[str, Any]) -> list[str]:
    """Every name further than :data:`LIMIT` px from its marker without a leader line, in words."""
    return [f"{name} {d:.1f} px from its marker" for name, (d, led) in distances(drawn).items()
            if d > LIMIT and not led]


def collisions(drawn: dict[str, Any]) -> list[str]:
    """Every overlap the test fails on, in words."""
    names, marks = drawn["names"], drawn["marks"]
    out = [f"name {a} on name {b}" for k, (a, box) in enumerate(names) for b, other in names[k + 1:]
           if overlap(box, other)]
    out += [f"name {a} on {b}" for a, box in names for b, mark in marks if overlap(box, mark)]
    left, top, right, bottom = drawn["frame"]
    out += [f"name {a} outside the map" for a, (x0, y0, x1, y1) in names
            if x0 < left - SLACK or y0 < top - SLACK or x1 > right + SLACK or y1 > bottom + SLACK]
    out += [f"the toolbar on legend entry {k + 1}" for k, entry in enumerate(drawn["legend"])
            if overlap(drawn["modebar"], entry)]
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_name_collides_on_the_apps_map(page: Any, ruleset: str) -> None:
    states = positions(ruleset)
    t = terms(states[0])
    single = set(t.single_places(states[0]))  # Schmidt's route spaces: named where there is room
    important = {n for g in t.city_groups(states[0]) for n in g.cities if n not in single}
    for width in APP_WIDTHS:
        for k, s in enumerate(states):
            drawn = measure(page, app_figure(s), width, app_height(width))
            assert not collisions(drawn), (ruleset, width, k, collisions(drawn))
            assert not too_far(drawn), (ruleset, width, k, too_far(drawn))
            assert important <= {name for name, _ in drawn["names"]}, "every city is named"
        if width == APP_WIDTHS[0]:
            OUT.mkdir(exist_ok=True)
            page.locator("#map").screenshot(path=str(OUT / f"map-{ruleset}-{width}.png"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_name_collides_on_show_map(page: Any, ruleset: str) -> None:
    states = positions(ruleset)
    for k, s in enumerate(states[:1] + states[1::3]):
        fig = show_map(s)
        drawn = measure(page, fig, SHOW_MAP_WIDTH, int(fig.layout.height))
        assert not collisions(drawn), (ruleset, k, collisions(drawn))
        assert not too_far(drawn), (ruleset, k, too_far(drawn))


def test_the_measure_finds_a_collision(page: Any) -> None:
    """The check itself: two names drawn on one spot, and the toolbar over a legend put at the top
    of an app map without room above, are found."""
    s = mp.new_game(2, seed=1)
    fig = app_figure(s)
    names = next(t for t in fig.data if t.name == "place names")
    names.update(lon=list(names.lon[:1]) * 2, lat=list(names.lat[:1]) * 2, text=["Twice", "Twice"],
                 textposition="middle center", marker={"size": 0})
    fig.update_layout(margin={"t": 0})
    found = collisions(measure(page, fig, APP_WIDTHS[0], app_height(APP_WIDTHS[0])))
    assert any(c.startswith("name ") and " on name " in c for c in found), found
    assert any(c.startswith("the toolbar on legend entry") for c in found), found


def main(suffix: str) -> None:
    """Write the app's map of each ruleset (its start, 4 players) to ``docs/map-<ruleset>-SUFFIX.png``."""
    from playwright.sync_api import sync_playwright
    from plotly.offline import get_plotlyjs

    width = APP_WIDTHS[-1]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": width + 20, "height": app_height(width) + 20})
        page.set_content("<html><body style='margin:0'><div id='map'></div></body></html>")
        page.add_script_tag(content=get_plotlyjs())
        page.errors = []
        for ruleset in RULESETS:
            measure(page, app_figure(mp.new_game(SEATS, ruleset=ruleset, seed=1)), width, app_height(width))
            target = ROOT / "docs" / f"map-{ruleset}-{suffix}.png"
            page.locator("#map").screenshot(path=str(target))
            print(target)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1])
