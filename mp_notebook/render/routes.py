"""Route costs drawn on the board: every location coloured by what it costs a player to get there.

Builds on :func:`mp_notebook.render.map.show_map` (routes, cities, pieces) and adds one trace of
cost-coloured location markers from :func:`mp_notebook.routes.table`. In a game moved by a
spinner (the Schmidt game) the places a merchant cares about are coloured by his chance to end a
move there within 1, 3 or 5 spins, or by the expected spins.

>>> import mp_notebook as mp
>>> fig = routes_figure(mp.new_game(players=2, seed=1), 0, target="Fuzhou")
>>> fig.data[-1].name, fig.data[-2].name
('cost to reach (total)', 'path: Beijing → Xian → Zhangye-Oasis → Fuzhou')
>>> fig = routes_figure(mp.new_game(2, ruleset="schmidt", seed=1), 0, target="Acre")
>>> fig.data[-1].name, fig.layout.title.text.split("<br>")[-1]
('chance to end a move there within 3 spins', 'Acre: 87.9% within 3 spins; 2.26 spins expected')
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from mp_notebook.board import routes
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.text import counted, noun, resource
from mp_notebook.engine.validate import shown
from mp_notebook.render.map import show_map

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from mp_notebook.engine.game import GameState

COLOR_BY = ("total", "moves", "coins", "camels", "jade")
SPIN_COLOR_BY = ("chance_1", "chance_3", "chance_5", "expected_spins")
UNREACHABLE_COLOUR = "#b0b0b0"
COLOURSCALE = "Viridis"


def routes_figure(s: GameState, player: int, *, color_by: str | None = None, target: str | None = None) -> go.Figure:
    """The board with each location coloured by its cheapest cost (or moves) for ``player``
    (``color_by``, default ``"total"``; in a spinner game one of ``chance_1 chance_3 chance_5
    expected_spins``, default ``"chance_3"``).

    Locations the player cannot afford to reach are grey; those a Travel action can end on now
    get a thick ring. ``target``: the cheapest route there is drawn as a thick line (or, if there
    is none, the reason is added to the title); in a spinner game the title gives its odds.
    """
    import plotly.graph_objects as go

    if routes.moved_by_spinner(s):
        return _spin_figure(s, player, color_by or "chance_3", target)
    color_by = color_by or "total"
    if color_by not in COLOR_BY:
        raise ArgumentError(f"color_by must be one of {', '.join(COLOR_BY)}, got {shown(color_by)}")
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


def _spin_figure(s: GameState, player: int, color_by: str, target: str | None) -> go.Figure:
    """The Schmidt board with the places of :func:`mp_notebook.routes.table` coloured by odds."""
    import plotly.graph_objects as go

    if color_by not in SPIN_COLOR_BY:
        raise ArgumentError(f"color_by must be one of {', '.join(SPIN_COLOR_BY)} in a game moved by a spinner, "
                            f"got {shown(color_by)}")
    t = routes.table(s, player)
    fig = show_map(s, player=player)
    if target is not None:
        chance = routes.odds(s, player, target, spins=3)
        expected = routes.expected_spins(s, player, target)
        fig.update_layout(title_text=f"{fig.layout.title.text}<br>{escape(target)}: {chance:.1%} within 3 spins; "
                                     f"{expected:.3g} spins expected")
    finite = t[color_by].replace(float("inf"), float("nan"))
    ok = finite.notna() & ((t[color_by] > 0) if color_by != "expected_spins" else True)
    locations = s.board.locations
    name = ("expected spins to end a move there" if color_by == "expected_spins"
            else f"chance to end a move there within {color_by.removeprefix('chance_')} spins")
    fig.add_trace(go.Scattergeo(
        name=name, lat=[locations[n].lat for n in t["location"]], lon=[locations[n].lon for n in t["location"]],
        customdata=t["location"].tolist(), mode="markers", hoverinfo="text",
        hovertext=[_spin_hover(row) for row in t.to_dict("records")],
        marker=_marker(finite.fillna(0).tolist(), ok.tolist(), t["reachable_now"].tolist(), color_by),
    ))
    return fig


def _spin_hover(row: dict[str, Any]) -> str:
    lines = [f"<b>{escape(row['location'])}</b> ({escape(row['kind'])}), {counted(row['spaces'], 'space')} away",
             "chance within 1 / 3 / 5 spins: " + " / ".join(f"{row[f'chance_{n}']:.0%}" for n in (1, 3, 5)),
             "expected spins: " + ("never for sure" if row["expected_spins"] == float("inf")
                                   else f"{row['expected_spins']:.1f}")]
    if row["note"]:
        lines.append(escape(row["note"]))
    if row["reachable_now"]:
        lines.append("this spin can end here")
    return "<br>".join(lines)
