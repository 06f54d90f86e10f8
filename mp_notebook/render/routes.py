"""Route costs drawn on the board: every location coloured by what it costs a player to get there.

Builds on :func:`mp_notebook.render.map.show_map` (routes, cities, pieces) and adds one trace of
cost-coloured location markers from :func:`mp_notebook.routes.table`.

>>> import mp_notebook as mp
>>> fig = routes_figure(mp.new_game(players=2, seed=1), 0, target="Fuzhou")
>>> fig.data[-1].name, fig.data[-2].name
('cost to reach (total)', 'path: Beijing → Xian → Zhangye-Oasis → Fuzhou')
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from mp_notebook.board import routes
from mp_notebook.engine.text import counted, noun, resource
from mp_notebook.render.map import show_map

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from mp_notebook.engine.game import GameState

COLOR_BY = ("total", "moves", "coins", "camels", "jade")
UNREACHABLE_COLOUR = "#b0b0b0"
COLOURSCALE = "Viridis"


def routes_figure(s: GameState, player: int, *, color_by: str = "total", target: str | None = None) -> go.Figure:
    """The board with each location coloured by its cheapest cost (or moves) for ``player``.

    Locations the player cannot afford to reach are grey; those a Travel action can end on now
    get a thick ring. ``target``: the cheapest route there is drawn as a thick line (or, if there
    is none, the reason is added to the title).
    """
    import plotly.graph_objects as go

    if color_by not in COLOR_BY:
        raise ValueError(f"color_by must be one of {', '.join(COLOR_BY)}, got {color_by!r}")
    route = routes.cheapest(s, player, target) if target is not None else None
    fig = show_map(s, player=player, highlight=route.path if route else None)
    if target is not None and route is None:
        why = routes.why_unreachable(s, player, target)
        fig.update_layout(title_text=f"{fig.layout.title.text}<br>{escape(target)}: {escape(str(why))}")
    t = routes.table(s, player)
    locations = s.board.locations
    ok = t["affordable"].tolist()
    fig.add_trace(go.Scattergeo(
        name=f"cost to reach ({color_by})",
        lat=[locations[n].lat for n in t["location"]], lon=[locations[n].lon for n in t["location"]],
        customdata=t["location"].tolist(), mode="markers", hoverinfo="text",
        hovertext=[_hover(row) for row in t.to_dict("records")],
        marker=_marker(t[color_by].tolist(), ok, t["reachable_now"].tolist(), color_by),
    ))
    return fig


def _marker(values: list[int], ok: list[bool], now: list[bool], color_by: str) -> dict[str, Any]:
    reached = [v for v, k in zip(values, ok, strict=True) if k]
    return {
        "size": 15, "opacity": 0.85,
        "color": ([v if k else UNREACHABLE_COLOUR for v, k in zip(values, ok, strict=True)]
                  if reached else UNREACHABLE_COLOUR),
        "colorscale": COLOURSCALE, "cmin": min(reached, default=0), "cmax": max(reached, default=1),
        "showscale": bool(reached), "colorbar": {"title": {"text": color_by}, "thickness": 12, "len": 0.6},
        "line": {"width": [3 if n else 0.5 for n in now], "color": "black"},
    }


def _hover(row: dict[str, Any]) -> str:
    cost = (", ".join(resource(row[k], k) for k in ("coins", "camels", "jade"))
            + f" in {counted(row['moves'], 'move')}")
    lines = [f"<b>{escape(row['location'])}</b>",
             ("cheapest: " if row["affordable"] else "cannot afford; route costs ") + cost,
             "via " + " → ".join(escape(p) for p in row["path"])]
    if row["seals"]:
        lines.append(f"needs {noun(len(row['seals']), 'seal')}: " + ", ".join(row["seals"]))
    if row["reachable_now"]:
        lines.append(f"reachable now from the {row['space']} Travel space")
    return "<br>".join(lines)
