"""The board as a plotly map: cities and oases on real geography, routes by kind, players' pieces.

``show_map`` returns a static :class:`plotly.graph_objects.Figure`; the notebook app builds the
same figure once as a ``FigureWidget`` and refreshes only the traces that depend on the position
(:func:`state_traces`), in place.

>>> import mp_notebook as mp
>>> fig = mp.show_map(mp.new_game(players=2, seed=1), highlight=["Beijing", "Xian", "Chengdu"])
>>> fig.layout.geo.projection.type
'natural earth'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from mp_notebook.render.geography import base_map

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board
    from mp_notebook.rulesets.mp2.components import Route
    from mp_notebook.rulesets.mp2.state import Mp2State

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e0a800")
SEAL_COLOURS = {"farmer": "#5a9e3a", "spicer": "#e07b00", "tailor": "#6a4bc4", "jeweler": "#c2187a"}
LAND_COLOUR = "#8a6d4b"
GROUND_COLOUR = "#f4ecd8"
WATER_COLOUR = "#dce9f2"
JADE_COLOUR = "#00a86b"
HIGHLIGHT_COLOUR = "#ff8c00"
CITY_COLOUR = "#3b2a1e"
OASIS_COLOUR = "#c9a227"
LAT_RANGE = (17.0, 50.0)
LON_RANGE = (40.0, 125.0)
HEIGHT = 600

# City categories: legend name and marker symbol, in drawing order.
CITY_GROUPS = (
    ("start", "start (Beijing)", "square"),
    ("special", "special city", "star"),
    ("contracts", "contract city", "diamond"),
    ("city", "city", "circle"),
)


def show_map(s: Mp2State, *, player: int | None = None, highlight: Sequence[str] | None = None) -> go.Figure:
    """The board of ``s`` as a static plotly figure.

    ``player``: view of that seat (routes whose seal they lack are faded, their pieces drawn
    larger); ``highlight``: a path of location names drawn thick (e.g. ``route.path``).
    """
    return go.Figure(board_traces(s, player) + state_traces(s, player=player, highlight=highlight),
                     layout=map_layout(s, player))


def map_layout(s: Mp2State, player: int | None = None) -> go.Layout:
    """Geo projection fitted to the board, legend below the map, the position in the title."""
    return go.Layout(
        title={"text": title(s, player), "x": 0.01, "font": {"size": 14}},
        height=HEIGHT,
        margin={"l": 0, "r": 0, "t": 40, "b": 0},
        hovermode="closest",
        clickmode="event",
        legend={"orientation": "h", "traceorder": "normal", "y": 0, "yanchor": "top", "x": 0,
                "font": {"size": 11}},
        # plotly's own layers would be downloaded from a CDN: all off, see render/geography.py
        geo={
            "projection": {"type": "natural earth"},
            "lataxis": {"range": list(LAT_RANGE)},
            "lonaxis": {"range": list(LON_RANGE)},
            "showland": False, "showocean": False, "showlakes": False, "showrivers": False,
            "showcountries": False, "showcoastlines": False, "showsubunits": False, "showframe": True,
            "framecolor": "#a99b82", "bgcolor": WATER_COLOUR,
        },
    )


def title(s: Mp2State, player: int | None = None) -> str:
    """One line: round, first player, what is awaited (and whose view)."""
    view = f" · view of {escape(s.players[player].name)}" if player is not None else ""
    if s.is_over:
        return f"Marco Polo II — game over{view}"
    return (f"Marco Polo II — round {s.round} of {s.components.rules.rounds} · first player "
            f"{escape(s.players[s.first_player].name)}{view} · <i>{escape(s.decision.text)}</i>")


# ------------------------------------------------------------------------------- static traces


def base_map_traces() -> list[go.Scattergeo]:
    """Land, lakes, rivers and borders (no legend, no hover)."""
    geo = base_map()
    style = {"mode": "lines", "hoverinfo": "skip", "showlegend": False}
    return [
        go.Scattergeo(name="land", lon=geo["land"][0], lat=geo["land"][1], fill="toself", fillcolor=GROUND_COLOUR,
                      line={"width": 0.8, "color": "#a99b82"}, **style),
        go.Scattergeo(name="water", lon=geo["water"][0], lat=geo["water"][1], fill="toself",
                      fillcolor=WATER_COLOUR, line={"width": 0.6, "color": "#a9c4d8"}, **style),
        go.Scattergeo(name="rivers", lon=geo["rivers"][0], lat=geo["rivers"][1],
                      line={"width": 1, "color": "#a9c4d8"}, **style),
        go.Scattergeo(name="borders", lon=geo["borders"][0], lat=geo["borders"][1],
                      line={"width": 0.6, "color": "#d6c7aa", "dash": "dot"}, **style),
    ]


def board_traces(s: Mp2State, player: int | None = None) -> list[go.Scattergeo]:
    """The base map, routes (land solid, sea/river dashed per guild seal) with their costs on
    hover, and oases."""
    graph = s.board.graph
    seals_held = set(s.players[player].seals) if player is not None else None
    by_style: dict[str | None, list[Route]] = {}
    for route in s.board.routes:
        by_style.setdefault(route.seal, []).append(route)
    traces = [*base_map_traces(), _route_lines(graph, by_style.get(None, []), "land route", LAND_COLOUR, "solid", 1.0)]
    for seal, colour in SEAL_COLOURS.items():
        faded = seals_held is not None and seal not in seals_held
        traces.append(_route_lines(graph, by_style.get(seal, []), f"sea/river route — {seal} seal", colour,
                                   "dash", 0.35 if faded else 1.0))
    plain = [r for r in s.board.routes if not r.jade]
    jade = [r for r in s.board.routes if r.jade]
    traces.append(_route_midpoints(graph, plain, "route cost", {"size": 5, "color": "rgba(90,70,50,0.45)"}, False))
    traces.append(_route_midpoints(graph, jade, "route costs jade",
                                   {"size": 10, "color": JADE_COLOUR, "symbol": "diamond",
                                    "line": {"width": 1, "color": "white"}}, True))
    oases = [n for n, d in graph.nodes(data=True) if d["kind"] == "oasis"]
    traces.append(go.Scattergeo(
        name="oasis", lat=[graph.nodes[n]["lat"] for n in oases], lon=[graph.nodes[n]["lon"] for n in oases],
        mode="markers", customdata=oases, hoverinfo="text",
        hovertext=[f"<b>{escape(n)}</b><br>oasis: a stop on the way, no trading post" for n in oases],
        marker={"size": 9, "symbol": "triangle-up", "color": OASIS_COLOUR, "line": {"width": 1, "color": "white"}},
    ))
    return traces


def _route_lines(graph: Any, routes: Sequence[Route], name: str, colour: str, dash: str,
                 opacity: float) -> go.Scattergeo:
    lat: list[float | None] = []
    lon: list[float | None] = []
    for r in routes:
        a, b = graph.nodes[r.a], graph.nodes[r.b]
        lat += [a["lat"], b["lat"], None]
        lon += [a["lon"], b["lon"], None]
    return go.Scattergeo(name=name, lat=lat, lon=lon, mode="lines", hoverinfo="skip", opacity=opacity,
                         line={"width": 2.2 if dash == "solid" else 2.6, "color": colour, "dash": dash})


def _route_midpoints(graph: Any, routes: Sequence[Route], name: str, marker: dict[str, Any],
                     legend: bool) -> go.Scattergeo:
    lat = [(graph.nodes[r.a]["lat"] + graph.nodes[r.b]["lat"]) / 2 for r in routes]
    lon = [(graph.nodes[r.a]["lon"] + graph.nodes[r.b]["lon"]) / 2 for r in routes]
    return go.Scattergeo(name=name, lat=lat, lon=lon, mode="markers", marker=marker, showlegend=legend,
                         hoverinfo="text", hovertext=[route_text(r) for r in routes])


def route_text(r: Route) -> str:
    """Hover text of a route: its ends, kind, seal and cost."""
    kind = f"sea/river route, needs the {r.seal} seal" if r.seal else "land route"
    return f"<b>{escape(r.a)} – {escape(r.b)}</b><br>{kind}<br>cost: {r.cost}"


# ------------------------------------------------------------------------------- state traces


def state_traces(s: Mp2State, *, player: int | None = None, highlight: Sequence[str] | None = None,
                 targets: Iterable[str] = ()) -> list[go.Scattergeo]:
    """Traces that change with the position: cities (with their features), each player's
    figure and trading posts, the clickable next steps (``targets``) and the highlighted path.

    The number and order of traces depends only on the number of players.
    """
    return [go.Scattergeo(d) for d in state_trace_dicts(s, player=player, highlight=highlight, targets=targets)]


def state_trace_dicts(s: Mp2State, *, player: int | None = None, highlight: Sequence[str] | None = None,
                      targets: Iterable[str] = ()) -> list[dict[str, Any]]:
    """:func:`state_traces` as plain dicts (cheap to build and compare: the app sends only what
    changed)."""
    traces = city_traces(s)
    for i in range(s.num_players):
        traces += player_traces(s, i, emphasised=player == i)
    traces.append(_targets_trace(s, list(targets)))
    traces.append(_highlight_trace(s, list(highlight or ())))
    return traces


def city_traces(s: Mp2State) -> list[dict[str, Any]]:
    """One trace per city category (start, special, contract city, other), names as labels."""
    groups: dict[str, list[str]] = {key: [] for key, _, _ in CITY_GROUPS}
    for name, loc in s.components.locations.items():
        if loc.is_city:
            key = "start" if loc.start else "special" if loc.special else "contracts" if loc.contracts else "city"
            groups[key].append(name)
    positions = label_positions(s)
    traces = []
    for key, label, symbol in CITY_GROUPS:
        names = groups[key]
        locs = [s.components.locations[n] for n in names]
        traces.append(dict(
            name=label, lat=[loc.lat for loc in locs], lon=[loc.lon for loc in locs], customdata=names,
            mode="markers+text", text=names, textposition=[positions[n] for n in names],
            textfont={"size": 10, "color": CITY_COLOUR}, hoverinfo="text",
            hovertext=[city_text(s, n) for n in names],
            marker={"size": 14 if key in ("start", "special") else 10, "symbol": symbol, "color": CITY_COLOUR,
                    "line": {"width": 1.5, "color": "white"}},
        ))
    return traces


@functools.cache
def _label_positions(board: Board) -> dict[str, str]:
    cities = [loc for loc in board.locations.values() if loc.is_city]
    out = {}
    for loc in cities:
        near = min((c for c in cities if c is not loc), key=lambda c: (c.lon - loc.lon) ** 2 + (c.lat - loc.lat) ** 2)
        dlon, dlat = near.lon - loc.lon, near.lat - loc.lat
        if dlon**2 + dlat**2 > 3.5**2:
            out[loc.name] = "top center"
        elif abs(dlat) > abs(dlon):
            out[loc.name] = "bottom center" if dlat > 0 else "top center"
        else:
            out[loc.name] = "middle left" if dlon > 0 else "middle right"
    return out


def label_positions(s: Mp2State) -> dict[str, str]:
    """Where each city's name goes: above, or beside/below when another city is close."""
    return _label_positions(s.board)


def city_text(s: Mp2State, city: str) -> str:
    """Hover text of a city: shield, features (with what they give now) and who has a post."""
    c = s.components
    loc = c.locations[city]
    lines = [f"<b>{escape(city)}</b>" + (f" — {loc.shield} shield" if loc.shield else "")]
    if loc.start:
        lines.append("start of every figure; no trading posts")
    if loc.special:
        special = c.special_cities[city]
        lines.append(f"special city ({special.guild} guild): {special.reward}")
    if loc.city_bonus:
        marker = s.markers.get(city)
        lines.append(f"city bonus: {c.city_bonuses[marker]} (marker {marker})" if marker else "city bonus space")
    for space in loc.city_cards:
        card = s.cards.get(space)
        lines.append(f"city card {card} ({space}): {c.city_cards[card]}" if card else f"city card space {space}")
    if loc.contracts:
        shown = [cid for cid in s.display.get(city, ()) if cid]
        lines += [f"contract {cid}: pay {c.contracts[cid].cost} → {c.contracts[cid].reward}" for cid in shown]
        if not shown:
            lines.append("contract city (both spaces empty)")
    if loc.outpost:
        tile = s.outposts.get(city)
        lines.append(f"outpost tile {tile}: {c.outposts[tile]} for the first post" if tile
                     else "outpost tile already taken")
    owners = [p.name for p in s.players if city in p.trading_posts]
    if owners:
        lines.append("trading posts: " + ", ".join(owners))
    here = [p.name for p in s.players if p.location == city]
    if here:
        lines.append("figures here: " + ", ".join(here))
    return "<br>".join(escape(line) if k else line for k, line in enumerate(lines))


def player_traces(s: Mp2State, i: int, *, emphasised: bool = False) -> list[dict[str, Any]]:
    """Player ``i``'s figure (a triangle right of its location) and trading posts (squares below)."""
    p = s.players[i]
    n = s.num_players
    colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
    locations = s.components.locations
    here = locations[p.location]
    posts = list(p.trading_posts)
    offset = 1.0 * (i - (n - 1) / 2)
    group = f"player{i}"
    figure = dict(
        name=f"{p.name}: figure ▲, {len(posts)} post(s) ■", legendgroup=group,
        lat=[here.lat - 0.2], lon=[here.lon + 1.4 + 1.1 * i], customdata=[p.location], mode="markers",
        hoverinfo="text", hovertext=[f"<b>{escape(p.name)}</b>'s figure in {escape(p.location)}"],
        marker={"size": 19 if emphasised else 15, "symbol": "triangle-up", "color": colour,
                "line": {"width": 1.5, "color": "black"}},
    )
    post_trace = dict(
        name=f"{p.name}: trading posts", legendgroup=group, showlegend=False,
        lat=[locations[c].lat - 1.2 for c in posts], lon=[locations[c].lon + offset for c in posts],
        customdata=posts, mode="markers", hoverinfo="text",
        hovertext=[f"{escape(p.name)}'s trading post in {escape(c)}" for c in posts],
        marker={"size": 11 if emphasised else 9, "symbol": "square", "color": colour,
                "line": {"width": 1, "color": "black"}},
    )
    return [figure, post_trace]


def _targets_trace(s: Mp2State, targets: list[str]) -> dict[str, Any]:
    locs = [s.components.locations[t] for t in targets]
    colour = PLAYER_COLOURS[(s.current_player or 0) % len(PLAYER_COLOURS)]
    return dict(
        name="click: legal next step", lat=[loc.lat for loc in locs], lon=[loc.lon for loc in locs], customdata=targets,
        mode="markers", showlegend=bool(targets), hoverinfo="text",
        hovertext=[f"click to choose <b>{escape(t)}</b>" for t in targets],
        marker={"size": 24, "symbol": "circle-open", "color": colour, "line": {"width": 3, "color": colour}},
    )


def _highlight_trace(s: Mp2State, path: list[str]) -> dict[str, Any]:
    unknown = [p for p in path if p not in s.components.locations]
    if unknown:
        raise ValueError(f"highlight: unknown location(s) {', '.join(map(repr, unknown))}; "
                         f"known: {', '.join(sorted(s.components.locations))}")
    locs = [s.components.locations[p] for p in path]
    return dict(
        name="path: " + " → ".join(path) if path else "path", showlegend=bool(path),
        lat=[loc.lat for loc in locs], lon=[loc.lon for loc in locs], customdata=path, mode="lines+markers",
        hoverinfo="skip", opacity=0.75,
        line={"width": 7, "color": HIGHLIGHT_COLOUR}, marker={"size": 9, "color": HIGHLIGHT_COLOUR},
    )
