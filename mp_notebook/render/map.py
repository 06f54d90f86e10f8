"""The board as a plotly map: cities and oases on real geography, routes by kind, players' pieces.

What is drawn is generic (locations at their latitude and longitude, routes, figures and posts in
the players' colours); what it means is the ruleset's: its ``map`` part, a :class:`MapTerms`,
gives the map's extent, the route styles and the cities' categories and hover texts.

``show_map`` returns a static :class:`plotly.graph_objects.Figure`; the notebook app builds the
same figure once as a ``FigureWidget`` and refreshes only the traces that depend on the position
(:func:`state_traces`), in place.

>>> import mp_notebook as mp
>>> fig = mp.show_map(mp.new_game(players=2, seed=1), highlight=["Beijing", "Xian", "Chengdu"])
>>> fig.layout.geo.projection.type
'natural earth'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

import plotly.graph_objects as go

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.text import counted
from mp_notebook.engine.validate import checked_items, checked_seat, shown
from mp_notebook.registry import get
from mp_notebook.render.geography import base_map
from mp_notebook.render.placement import (
    FONT,
    OASIS_SIZE,
    Label,
    Projection,
    figure_offset,
    place_names,
    post_offset,
)

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e0a800")
GROUND_COLOUR = "#f4ecd8"
WATER_COLOUR = "#dce9f2"
HIGHLIGHT_COLOUR = "#ff8c00"
CITY_COLOUR = "#3b2a1e"
OASIS_COLOUR = "#c9a227"
LEADER_COLOUR = "#8a7b66"  # a name's leader line
HEIGHT = 600
MODEBAR_ROOM = 30  # px above the app's map for plotly's toolbar (it sits at the top right, over the legend otherwise)


class RouteStyle(NamedTuple):
    """A legend entry of routes drawn alike: ``line`` (plotly line dict) and opacity."""

    name: str
    routes: tuple[Any, ...]
    line: dict[str, Any]
    opacity: float = 1.0


class RouteMarks(NamedTuple):
    """Markers at the middle of routes, whose hover text tells the route's cost."""

    name: str
    routes: tuple[Any, ...]
    marker: dict[str, Any]
    legend: bool


class CityGroup(NamedTuple):
    """A legend entry of cities drawn alike."""

    name: str
    symbol: str
    size: int
    cities: tuple[str, ...]


class MapTerms(Protocol):
    """What a ruleset's ``map`` part answers (see ``mp_notebook.registry``)."""

    LAT_RANGE: tuple[float, float]
    LON_RANGE: tuple[float, float]
    FIGURES: int  # the most figures a player can have on the board (a character may bring a second)

    def route_styles(self, s: GameState, player: int | None) -> list[RouteStyle]:
        """The route lines by legend entry (``player``: that seat's view)."""
        ...

    def route_marks(self, s: GameState) -> list[RouteMarks]: ...

    def route_text(self, route: Any) -> str:
        """Hover text of a route (HTML)."""
        ...

    def city_groups(self, s: GameState) -> list[CityGroup]:
        """Every city of the board in exactly one group, in drawing order."""
        ...

    def city_text(self, s: GameState, city: str) -> str:
        """Hover text of a city: its features and what they give now (HTML)."""
        ...

    def post_places(self, s: GameState) -> tuple[str, ...]:
        """Where a trading post can stand (the map keeps room for them there)."""
        ...

    def single_places(self, s: GameState) -> tuple[str, ...]:
        """Locations that hold one piece at a time: its figure, whoever's, takes the first slot."""
        ...


def terms(s: GameState) -> MapTerms:
    """The map terms of ``s``'s ruleset."""
    return cast(MapTerms, get(s.ruleset).part("map"))


def projection(s: GameState) -> Projection:
    """Plotly's projection of ``s``'s map, in pixels of the map the names are placed for
    (``render/placement.py``)."""
    t = terms(s)
    return Projection.fitted(t.LON_RANGE, t.LAT_RANGE)


def piece_at(s: GameState, location: str, offset: tuple[float, float]) -> tuple[float, float]:
    """``(lon, lat)`` of a piece drawn ``offset`` px (on that map) from ``location``: pieces keep to
    their slots, which the names leave free.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> [round(v, 1) for v in piece_at(s, "Beijing", figure_offset(0, 0))]
    [118.0, 39.7]
    """
    loc = s.board.locations[location]
    return projection(s).offset(loc.lon, loc.lat, *offset)


def show_map(s: GameState, *, player: int | None = None, highlight: Sequence[str] | None = None) -> go.Figure:
    """The board of ``s`` as a static plotly figure.

    ``player``: view of that seat (routes whose seal they lack are faded, their pieces drawn
    larger); ``highlight``: a path of location names drawn thick (e.g. ``route.path``).
    """
    checked_state("s", s)
    if player is not None:
        player = checked_seat("player", player, s.num_players)
    if highlight is not None:
        highlight = checked_items("highlight", highlight, 1000, "location names")
    return go.Figure(board_traces(s, player) + state_traces(s, player=player, highlight=highlight),
                     layout=map_layout(s, player))


def map_layout(s: GameState, player: int | None = None, *, app: bool = False) -> go.Layout:
    """Geo projection fitted to the board, legend below the map, the position in the title.

    ``app=True``: the play app's map, which fills its box (no fixed height) under the app's own
    header (no title), with the legend beside it and room above for plotly's toolbar, which would
    otherwise sit on the legend's first entry.

    >>> import mp_notebook as mp
    >>> layout = map_layout(mp.new_game(players=2, seed=1), app=True)
    >>> layout.margin.t, layout.legend.orientation, layout.height
    (30, 'v', None)
    """
    t = terms(s)
    if app:
        top, text, height = MODEBAR_ROOM, "", None
        legend = {"orientation": "v", "x": 1.0, "xanchor": "left", "y": 1, "yanchor": "top"}
    else:
        top, text, height = 40, title(s, player), HEIGHT
        legend = {"orientation": "h", "y": 0, "yanchor": "top", "x": 0}
    return go.Layout(
        title={"text": text, "x": 0.01, "font": {"size": 14}},
        height=height,
        autosize=True if app else None,
        margin={"l": 0, "r": 0, "t": top, "b": 0},
        hovermode="closest",
        clickmode="event",
        legend={**legend, "traceorder": "normal", "font": {"size": 11}},
        # plotly's own layers would be downloaded from a CDN: all off, see render/geography.py
        geo={
            "projection": {"type": "natural earth"},
            "lataxis": {"range": list(t.LAT_RANGE)},
            "lonaxis": {"range": list(t.LON_RANGE)},
            "showland": False, "showocean": False, "showlakes": False, "showrivers": False,
            "showcountries": False, "showcoastlines": False, "showsubunits": False, "showframe": True,
            "framecolor": "#a99b82", "bgcolor": WATER_COLOUR,
        },
    )


def title(s: GameState, player: int | None = None) -> str:
    """One line: round, first player, what is awaited (and whose view)."""
    view = f" · view of {escape(s.players[player].name)}" if player is not None else ""
    game = get(s.ruleset).short
    if s.is_over:
        return f"{game} — game over{view}"
    return (f"{game} — {s.round_text} · first player "
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


def board_traces(s: GameState, player: int | None = None) -> list[go.Scattergeo]:
    """The base map, the routes in the ruleset's styles with their costs on hover, the names' leader
    lines, oases, and the places' names."""
    graph = s.board.graph
    t = terms(s)
    traces = [*base_map_traces()]
    traces += [_route_lines(graph, style) for style in t.route_styles(s, player)]
    traces += [_route_midpoints(graph, marks, t.route_text) for marks in t.route_marks(s)]
    oases = [n for n, d in graph.nodes(data=True) if d["kind"] == "oasis"]
    traces.append(leaders_trace(s))
    traces.append(go.Scattergeo(
        name="oasis", lat=[graph.nodes[n]["lat"] for n in oases], lon=[graph.nodes[n]["lon"] for n in oases],
        mode="markers", customdata=oases, hoverinfo="text",
        hovertext=[f"<b>{escape(n)}</b><br>oasis: a stop on the way, no trading post" for n in oases],
        marker={"size": OASIS_SIZE, "symbol": "triangle-up", "color": OASIS_COLOUR,
                "line": {"width": 1, "color": "white"}},
    ))
    traces.append(names_trace(s))
    return traces


def names_trace(s: GameState) -> go.Scattergeo:
    """The places' names, each beside its place where ``render/placement.py`` found room for it
    (clear of markers, other names and the pieces' slots), or on a leader line
    (:func:`leaders_trace`): plotly text beside an invisible marker whose size sets the distance. A
    place without room is named by its hover text."""
    labels = _labels(s)
    return go.Scattergeo(name="place names", lon=[lab.lon for lab in labels.values()],
                         lat=[lab.lat for lab in labels.values()],
                         text=list(labels), mode="markers+text", textposition=[lab.position for lab in labels.values()],
                         textfont={"size": FONT, "color": CITY_COLOUR}, hoverinfo="skip", showlegend=False,
                         marker={"size": [lab.size for lab in labels.values()], "opacity": 0})


def leaders_trace(s: GameState) -> go.Scattergeo:
    """Thin lines from a place to its name, where the name sits further than the placement's limit
    from its marker (drawn under the markers; ``customdata``: the place of each line)."""
    lon: list[float | None] = []
    lat: list[float | None] = []
    places = []
    for name, label in _labels(s).items():
        if label.leader:
            loc = s.board.locations[name]
            lon += [loc.lon, label.lon, None]
            lat += [loc.lat, label.lat, None]
            places.append(name)
    return go.Scattergeo(name="name leaders", lon=lon, lat=lat, mode="lines", hoverinfo="skip", showlegend=False,
                         customdata=places, line={"width": 0.7, "color": LEADER_COLOUR})


def _labels(s: GameState) -> dict[str, Label]:
    """How each place's name is drawn (``render/placement.py``), room kept for ``s``'s players."""
    t = terms(s)
    sizes = {n: float(g.size) for g in t.city_groups(s) for n in g.cities}
    return place_names(s.board.locations, projection(s), sizes, t.FIGURES, t.post_places(s), t.single_places(s),
                       s.num_players)


def _route_lines(graph: Any, style: RouteStyle) -> go.Scattergeo:
    lat: list[float | None] = []
    lon: list[float | None] = []
    for r in style.routes:
        a, b = graph.nodes[r.a], graph.nodes[r.b]
        lat += [a["lat"], b["lat"], None]
        lon += [a["lon"], b["lon"], None]
    return go.Scattergeo(name=style.name, lat=lat, lon=lon, mode="lines", hoverinfo="skip", opacity=style.opacity,
                         line=style.line)


def _route_midpoints(graph: Any, marks: RouteMarks, text: Callable[[Any], str]) -> go.Scattergeo:
    lat = [(graph.nodes[r.a]["lat"] + graph.nodes[r.b]["lat"]) / 2 for r in marks.routes]
    lon = [(graph.nodes[r.a]["lon"] + graph.nodes[r.b]["lon"]) / 2 for r in marks.routes]
    return go.Scattergeo(name=marks.name, lat=lat, lon=lon, mode="markers", marker=marks.marker,
                         showlegend=marks.legend, hoverinfo="text", hovertext=[text(r) for r in marks.routes])


# ------------------------------------------------------------------------------- state traces


def state_traces(s: GameState, *, player: int | None = None, highlight: Sequence[str] | None = None,
                 targets: Iterable[str] = ()) -> list[go.Scattergeo]:
    """Traces that change with the position: cities (with their features), each player's
    figure and trading posts, the clickable next steps (``targets``) and the highlighted path.

    The number and order of traces depends only on the number of players.
    """
    return [go.Scattergeo(d) for d in state_trace_dicts(s, player=player, highlight=highlight, targets=targets)]


def state_trace_dicts(s: GameState, *, player: int | None = None, highlight: Sequence[str] | None = None,
                      targets: Iterable[str] = ()) -> list[dict[str, Any]]:
    """:func:`state_traces` as plain dicts (cheap to build and compare: the app sends only what
    changed)."""
    traces = city_traces(s)
    for i in range(s.num_players):
        traces += player_traces(s, i, emphasised=player == i)
    traces.append(_targets_trace(s, list(targets)))
    traces.append(_highlight_trace(s, list(highlight or ())))
    return traces


def city_traces(s: GameState) -> list[dict[str, Any]]:
    """One trace per city group of the ruleset (their names: :func:`names_trace`)."""
    t = terms(s)
    traces = []
    for group in t.city_groups(s):
        names = list(group.cities)
        locs = [s.board.locations[n] for n in names]
        traces.append(dict(
            name=group.name, lat=[loc.lat for loc in locs], lon=[loc.lon for loc in locs], customdata=names,
            mode="markers", hoverinfo="text",
            hovertext=[t.city_text(s, n) for n in names],
            marker={"size": group.size, "symbol": group.symbol, "color": CITY_COLOUR,
                    "line": {"width": 1.5, "color": "white"}},
        ))
    return traces


def player_traces(s: GameState, i: int, *, emphasised: bool = False) -> list[dict[str, Any]]:
    """Player ``i``'s figures (triangles right of their locations) and trading posts (squares below;
    the legend names posts only in a game that has them)."""
    p = s.players[i]
    n = s.num_players
    colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
    figures = list(p.locations)  # two for Mailin & Tian Chin, Niccolò & Marco Polo
    posts = list(p.trading_posts)
    t = terms(s)
    single = set(t.single_places(s))
    at = [piece_at(s, f, figure_offset(0 if f in single else i, k)) for k, f in enumerate(figures)]
    posts_at = [piece_at(s, c, post_offset(i, n)) for c in posts]
    group = f"player{i}"
    which = [""] if len(figures) == 1 else [f" {k}" for k in range(1, len(figures) + 1)]
    figure = dict(
        name=f"{p.name}: figure ▲" + (f", {counted(len(posts), 'post')} ■" if t.post_places(s) else ""),
        legendgroup=group,
        lat=[lat for _, lat in at], lon=[lon for lon, _ in at],
        customdata=figures, mode="markers", hoverinfo="text",
        hovertext=[f"<b>{escape(p.name)}</b>'s figure{w} in {escape(f)}" for w, f in zip(which, figures, strict=True)],
        marker={"size": 19 if emphasised else 15, "symbol": "triangle-up", "color": colour,
                "line": {"width": 1.5, "color": "black"}},
    )
    post_trace = dict(
        name=f"{p.name}: trading posts", legendgroup=group, showlegend=False,
        lat=[lat for _, lat in posts_at], lon=[lon for lon, _ in posts_at],
        customdata=posts, mode="markers", hoverinfo="text",
        hovertext=[f"{escape(p.name)}'s trading post in {escape(c)}" for c in posts],
        marker={"size": 11 if emphasised else 9, "symbol": "square", "color": colour,
                "line": {"width": 1, "color": "black"}},
    )
    return [figure, post_trace]


def _targets_trace(s: GameState, targets: list[str]) -> dict[str, Any]:
    locs = [s.board.locations[t] for t in targets]
    colour = PLAYER_COLOURS[(s.current_player or 0) % len(PLAYER_COLOURS)]
    return dict(
        name="click: legal next step", lat=[loc.lat for loc in locs], lon=[loc.lon for loc in locs], customdata=targets,
        mode="markers", showlegend=bool(targets), hoverinfo="text",
        hovertext=[f"click to choose <b>{escape(t)}</b>" for t in targets],
        marker={"size": 24, "symbol": "circle-open", "color": colour, "line": {"width": 3, "color": colour}},
    )


def _highlight_trace(s: GameState, path: list[str]) -> dict[str, Any]:
    unknown = [p for p in path if not (isinstance(p, str) and p in s.board.locations)]
    if unknown:
        raise ArgumentError(f"highlight: unknown location(s) {', '.join(map(shown, unknown))}; "
                         f"known: {', '.join(sorted(s.board.locations))}")
    locs = [s.board.locations[p] for p in path]
    return dict(
        name="path: " + " → ".join(path) if path else "path", showlegend=bool(path),
        lat=[loc.lat for loc in locs], lon=[loc.lon for loc in locs], customdata=path, mode="lines+markers",
        hoverinfo="skip", opacity=0.75,
        line={"width": 7, "color": HIGHLIGHT_COLOUR}, marker={"size": 9, "color": HIGHLIGHT_COLOUR},
    )
