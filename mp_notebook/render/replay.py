"""A game as one self-contained HTML page: the replay a player shares without a server.

:func:`page` (``s.to_html(path)``, ``python -m mp_notebook replay SAVE.json -o game.html``) writes
the game up to ``s`` as a single file: the map at every decision, with a slider, step buttons,
the arrow keys and a play button; the log in step with it, each line naming its rule; each
player's board and the dice at that step; a chart of the score over the game; the final table;
and the position code of the step on screen, with a copy button (``mp.load(code)`` in a notebook
takes the position up). It opens from ``file://`` or any static host: no kernel, and no request
off the page (plotly.js is inline, unless ``plotlyjs="cdn"``).

The plotly.js on the page is its ``geo`` partial bundle (``choropleth``, ``scatter``,
``scattergeo``: the map and the score chart need no more), shipped with this package as
``render/plotlyjs/plotly-geo.min.js`` (MIT, ``render/plotlyjs/LICENSE``; the version plotly's Python
package ships, refreshed by ``bench/plotly_bundle.py``): a third of the full bundle's size, and a
third of its time to start in the browser. Where another plotly is installed, the page carries the
full bundle that plotly ships instead (its figures need their own plotly.js).

Everything shown is what the play app shows, from the same parts: the map's traces
(:func:`~mp_notebook.render.map.board_traces` once, :func:`~mp_notebook.render.map.state_trace_dicts`
at every step), and the game's own words (its ``ui`` part: player boards, the dice panel, action
labels, the final table). Secret cards are shown: the page is the game after the fact.

The steps are stored as differences from the step before (:func:`patch`), deflated and inlined as
base64; the browser inflates them (``DecompressionStream``) and builds every step's data at load.
The page's script is ``widgets/replay_page.js``; the player boards and the dice panel are the
app's own widgets (``widgets/player_boards.js``, ``widgets/dice_tray.js``), drawn from a small
stand-in for the widget model.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=3)
>>> for _ in range(6):
...     s = s.apply(s.legal_actions()[0])
>>> html = page(s, plotlyjs="cdn")
>>> html.startswith("<!DOCTYPE html>") and len(html) < 200_000
True
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import math
import os
import re
import zlib
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import PREFIX, digest
from mp_notebook.engine.text import resource
from mp_notebook.engine.validate import checked_choice, checked_path, shown
from mp_notebook.registry import get

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.engine.game import GameState

WIDGETS = Path(__file__).resolve().parent.parent / "ui" / "_widgets"
"""The front-end sources shipped with the package (the top-level ``widgets/`` folder)."""
REUSED = ("player_boards", "dice_tray")
"""The app's widgets the page draws with (their ESM, turned into a plain script)."""
PLOTLYJS = ("inline", "cdn")
BUNDLE = Path(__file__).resolve().parent / "plotlyjs" / "plotly-geo.min.js"
"""plotly.js's ``geo`` partial bundle, as npm's ``plotly.js-geo-dist-min`` ships it."""
BUNDLE_TRACES = ("choropleth", "scatter", "scattergeo")
"""The trace types :data:`BUNDLE` has (the map is ``scattergeo``, the score chart ``scatter``)."""
MAX_STEPS = 20_000  # as many as a save file's history may hold


def page(s: GameState, path: str | os.PathLike[str] | None = None, *, plotlyjs: str = "inline",
         review: pd.DataFrame | None = None, title: str | None = None) -> str:
    """The replay page of the game up to ``s`` (HTML text), also written to ``path`` if given.

    ``plotlyjs``: ``"inline"`` (the page needs nothing else, ~1.5 MB) or ``"cdn"`` (a small file that
    loads plotly.js from its CDN, so it needs the network). ``review``: a table of
    :func:`mp_notebook.analysis.review` for this game: its decisions are marked on the slider and
    listed, biggest mistakes first, each with the better choice. ``title``: the page's heading
    (default: the game's name and players).
    """
    plotlyjs = checked_choice("plotlyjs", plotlyjs, PLOTLYJS)
    if not callable(getattr(s, "legal_actions", None)):
        raise ArgumentError(f"page takes a game state, got {shown(s)}")
    if title is not None and not isinstance(title, str):
        raise ArgumentError(f"title must be a str or None, got {shown(title)}")
    if path is not None:
        path = checked_path("path", path)  # before the page is drawn: a refusal is quick
    data = page_data(s, review)
    html = _html(s, data, plotlyjs, title)
    if path is not None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(html)
    return html


def page_data(s: GameState, review: pd.DataFrame | None = None) -> dict[str, Any]:
    """What the page's script reads: the static map, every step as a patch of the step before
    (:func:`frame` of each position), the log, the played actions, the score over the game, what
    a position code of each step needs, the final table and the review's marks."""
    import plotly.graph_objects as go
    import plotly.io as pio

    from mp_notebook.analysis.review import positions
    from mp_notebook.render.map import board_traces, map_layout
    from mp_notebook.ui.labels import terms

    states = positions(s)
    first = states[0]
    t = terms(s)
    figure = json.loads(pio.to_json(go.Figure(board_traces(first), layout=map_layout(first, app=True))))
    frames = [frame(x) for x in states]
    log = s.log
    counts = [len(x.log) for x in states]
    doc = json.loads(s.to_json())
    head = json.dumps({k: doc[k] for k in ("ruleset", "revision", "setup") if k in doc}, separators=(",", ":"))
    rules = get(s.ruleset)
    return {
        "title": rules.title, "short": rules.short, "players": [p.name for p in s.players],
        "colours": _colours(s), "unit": t.SCORE_UNIT, "tray": dict(t.TRAY),
        "map": {"static": figure["data"], "layout": figure["layout"]},
        "steps": [frames[0], *(patch(a, b) for a, b in itertools.pairwise(frames))],
        "rounds": [x.round for x in states],
        "played": [None, *(played(x, entry) for x, entry in zip(states, s.history, strict=False))],
        "log": [[e.round, e.player, e.text, e.rule] for e in log],
        "log_counts": counts,
        "code": {"prefix": PREFIX, "head": head[:-1] + ',"history":', "history": list(s.history),
                 "digests": [digest(x._snapshot()) for x in states]},
        "final": final_table(s) if s.is_over else None,
        "review": marks(review) if review is not None else None,
    }


def frame(s: GameState) -> dict[str, Any]:
    """What the page shows of position ``s``: the header, the map's state traces, each player's
    board and dice, the dice on the action spaces, and each seat's score."""
    from mp_notebook.render.map import state_trace_dicts
    from mp_notebook.ui.labels import terms

    t = terms(s)
    boards = [t.player_board(s, i) for i in range(s.num_players)]
    scores = ([int(x) for x in s.scores()["total"]] if s.is_over else [int(b["score"]) for b in boards])
    spaces, pool = t.board_dice(s)
    colours = _colours(s)
    return {
        "head": {"round": "game over" if s.is_over else s.round_text, "first": s.players[s.first_player].name,
                 "seat": s.current_player, "text": t.final_note(s) if s.is_over else s.decision.text},
        "map": state_trace_dicts(s),
        "boards": [{"seat": i, "name": p.name, "colour": colours[i], "current": s.current_player == i,
                    "score_text": t.SCORE_TEXT[s.is_over].format(scores[i]),
                    "resources": {name: resource(n, name) for name, n in b["resources"].items()},
                    "rows": [{k: v for k, v in r.items() if k != "secret"} for r in b["rows"]]}
                   for i, (p, b) in enumerate(zip(s.players, boards, strict=True))],
        "dice": {"players": [{"seat": i, "name": p.name, "colour": colours[i], "dice": list(p.dice),
                              "black_dice": list(p.black_dice), "current": s.current_player == i,
                              "note": t.dice_note(s, i)} for i, p in enumerate(s.players)],
                 "spaces": [dict(space, dice=[dict(d, colour=None if d["owner"] is None else colours[d["owner"]])
                                              for d in space["dice"]]) for space in spaces],
                 "black_pool": pool},
        "score": scores,
    }


def played(s: GameState, entry: str) -> dict[str, Any]:
    """The history ``entry`` played at ``s``, in the game's words: ``{seat, kind, text}`` (an edit
    or a reseed as written)."""
    from mp_notebook.ui.labels import terms

    action = next((a for a in s.legal_actions() if str(a) == entry), None) if not s.is_over else None
    if action is None:
        return {"seat": None, "kind": entry.split(" ", 1)[0], "text": entry}
    t = terms(s)
    label, cost = t.describe(s, action)
    kind = t.KIND_TITLES.get(action.kind, action.kind)
    text = label if label.lower().startswith(kind.lower()) else f"{kind}: {label}"
    return {"seat": action.player, "kind": action.kind, "text": text + (f" ({cost})" if cost else "")}


def final_table(s: GameState) -> dict[str, Any]:
    """The final scoring of a finished game in the game's words: the columns' headings, each
    player's cells, who won, and the sentence saying how."""
    from mp_notebook.ui.labels import terms

    t = terms(s)
    table = s.scores()
    columns = [c for c in t.SCORE_TITLES if c in table.columns]
    cells = t.score_cells(s)
    return {"titles": [t.SCORE_TITLES[c] for c in columns],
            "total": columns.index("total") if "total" in columns else -1,
            "rows": [{"name": str(name), "winner": bool(row.get("winner", False)),
                      "cells": [cells[i][c] for c in columns]} for i, (name, row) in enumerate(table.iterrows())],
            "note": t.final_note(s)}


def marks(review: pd.DataFrame) -> dict[str, Any]:
    """The review's decisions as the page marks them: step, loss, its interval, the better choice."""
    import pandas as pd

    if not isinstance(review, pd.DataFrame) or "step" not in review.columns:
        raise ArgumentError(f"review must be a table of mp.analysis.review, got {shown(review)}")

    def number(x: Any) -> float | None:
        return float(x) if math.isfinite(float(x)) else None

    rows = [{"step": int(r["step"]), "loss": number(r["loss"]), "low": number(r["loss_low"]),
             "high": number(r["loss_high"]), "played": str(r["played_text"]), "better": str(r["better_text"]),
             "mistake": bool(r["mistake"]), "why": str(r["why"])} for _, r in review.iterrows()]
    return {"seat": int(review.attrs.get("seat", 0)), "sentence": str(review.attrs.get("sentence", "")),
            "rows": rows}


def patch(old: Any, new: Any) -> Any:
    """How ``new`` differs from ``old`` (``None``: it does not): ``{"v": new}``, or, between two
    dicts, ``{"d": {key: patch}, "r": [removed keys]}``, between two lists of one length
    ``{"l": {index: patch}}`` (what ``widgets/replay_page.js`` applies).

    >>> patch({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 3], "c": None})
    {'d': {'b': {'l': {1: {'v': 3}}}, 'c': {'v': None}}}
    >>> patch([1], [1]) is None
    True
    """
    if old == new and type(old) is type(new):
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        out: dict[str, Any] = {"d": {k: patch(old[k], v) if k in old else {"v": v}
                                     for k, v in new.items() if k not in old or old[k] != v}}
        gone = [k for k in old if k not in new]
        if gone:
            out["r"] = gone
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return {"l": {k: patch(a, b) for k, (a, b) in enumerate(zip(old, new, strict=True)) if a != b}}
    return {"v": new}


def bundle_version() -> str:
    """The plotly.js version of :data:`BUNDLE`, from its licence header (``bench/plotly_bundle.py``
    fetches the one the installed plotly ships).

    >>> [part.isdigit() for part in bundle_version().split(".")]
    [True, True, True]
    """
    with open(BUNDLE, encoding="utf-8") as f:
        found = re.search(r"\* plotly\.js \(geo - minified\) v(\S+)\n", f.read(400))
    if found is None:
        raise AssertionError(f"{BUNDLE} does not start with plotly.js's licence header naming its version")
    return found[1]


def _plotly_script(plotlyjs: str) -> str:
    """The page's plotly.js: :data:`BUNDLE` where it is the installed plotly's version, else
    (another plotly installed) the full bundle that plotly ships, which draws its figures whatever
    the version; inline, or from the CDN checked by its hash (subresource integrity)."""
    from plotly.offline import get_plotlyjs, get_plotlyjs_version

    version = get_plotlyjs_version()
    if bundle_version() == version:
        source, url = BUNDLE.read_text(encoding="utf-8"), f"https://cdn.plot.ly/plotly-geo-{version}.min.js"
    else:
        source, url = get_plotlyjs(), f"https://cdn.plot.ly/plotly-{version}.min.js"
    if plotlyjs == "inline":
        return f"<script>{_script(source)}</script>"
    sri = base64.b64encode(hashlib.sha384(source.encode("utf-8")).digest()).decode("ascii")
    return f'<script src="{url}" charset="utf-8" integrity="sha384-{sri}" crossorigin="anonymous"></script>'


def _colours(s: GameState) -> list[str]:
    from mp_notebook.render.map import PLAYER_COLOURS

    return [PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i in range(s.num_players)]


def _asset(name: str) -> str:
    return (WIDGETS / name).read_text(encoding="utf-8")


def widget_script(name: str) -> str:
    """The app's widget ``widgets/<name>.js`` (an anywidget ESM: one ``export default``, no
    imports) as a plain script registering it in ``mpWidgets``."""
    source = _asset(f"{name}.js")
    if source.count("export default") != 1 or re.search(r"^\s*(import|export)\b(?! default)", source, re.M):
        raise AssertionError(f"widgets/{name}.js is no longer a plain anywidget module the replay page can inline")
    return source.replace("export default", f"mpWidgets[{json.dumps(name)}] =")


def _script(text: str) -> str:
    """``text`` safe inside a ``<script>`` element."""
    return text.replace("</", "<\\/")


def _html(s: GameState, data: dict[str, Any], plotlyjs: str, title: str | None) -> str:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    packed = base64.b64encode(zlib.compress(text, 9)).decode("ascii")  # DecompressionStream("deflate") reads it
    plotly = _plotly_script(plotlyjs)
    heading = title if title is not None else f"{data['short']}: {' vs '.join(data['players'])}"
    widgets = "\n".join(widget_script(name) for name in REUSED)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(heading)} — replay</title>
<style>{_asset("mp.css")}
{_asset("replay_page.css")}</style>
{plotly}
</head>
<body>
<div id="mp-replay" class="mp-replay">
<h1>{escape(heading)}</h1>
<noscript>This replay needs JavaScript.</noscript>
<div class="mp-loading mp-muted">Loading the game…</div>
</div>
<script type="application/octet-stream" id="mp-replay-data">{packed}</script>
<script>
const mpWidgets = {{}};
{_script(widgets)}
{_script(_asset("replay_page.js"))}
</script>
</body>
</html>
"""
