"""mp.show_map: the structure of the static plotly figure (no image export needed)."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

import mp_notebook as mp
from mp_notebook.registry import PACKAGES
from mp_notebook.render.geography import BOUNDS, base_map
from mp_notebook.render.map import MODEBAR_ROOM, PLAYER_COLOURS, map_layout, piece_at, player_traces, terms
from mp_notebook.render.placement import figure_offset
from mp_notebook.rulesets.mp2.display import SEAL_COLOURS

RULESETS = tuple(PACKAGES)


@pytest.fixture(scope="module")
def s():
    return mp.new_game(players=3, seed=7)


def traces(fig: go.Figure, name: str) -> list:
    return [t for t in fig.data if t.name == name]


def trace(fig: go.Figure, name: str):
    (found,) = traces(fig, name)
    return found


def test_figure_is_a_self_contained_geo_map(s):
    fig = mp.show_map(s)
    assert isinstance(fig, go.Figure)
    geo = fig.layout.geo
    assert geo.projection.type == "natural earth"
    assert geo.lataxis.range[0] <= 20 and geo.lataxis.range[1] >= 48
    assert geo.lonaxis.range[0] <= 44 and geo.lonaxis.range[1] >= 120
    # plotly's own layers would be fetched from a CDN; the base map is drawn as traces instead
    assert not any(geo[f"show{layer}"] for layer in ("land", "ocean", "lakes", "rivers", "countries",
                                                     "coastlines", "subunits"))
    assert trace(fig, "land").fill == "toself" and trace(fig, "water").fill == "toself"
    assert all(t.type == "scattergeo" for t in fig.data)
    assert fig.layout.legend.orientation == "h"
    assert "round 1 of 5" in fig.layout.title.text and "Player 1" in fig.layout.title.text
    fig.to_json()  # serialisable (what an image export or a notebook needs)


def test_base_map_outlines_are_near_the_board():
    geo = base_map()
    (lon0, lon1), (lat0, lat1) = BOUNDS
    for lons, lats in geo.values():
        points = [(x, y) for x, y in zip(lons, lats, strict=True) if x is not None]
        assert points
        assert all(lon0 - 1e-6 <= x <= lon1 + 1e-6 and lat0 - 1e-6 <= y <= lat1 + 1e-6 for x, y in points)


def test_every_location_is_drawn_at_its_coordinates(s):
    fig = mp.show_map(s)
    drawn = {}
    for t in fig.data:
        if t.name in ("start (Beijing)", "special city", "contract city", "city", "oasis"):
            drawn.update({n: (lat, lon) for n, lat, lon in zip(t.customdata, t.lat, t.lon, strict=True)})
    graph = s.board.graph
    assert set(drawn) == set(graph.nodes)
    for name, (lat, lon) in drawn.items():
        assert (lat, lon) == (graph.nodes[name]["lat"], graph.nodes[name]["lon"])
    assert set(trace(fig, "special city").customdata) == {"Baghdad", "Balkh", "Hormuz"}
    assert trace(fig, "special city").marker.symbol == "star"
    assert list(trace(fig, "start (Beijing)").customdata) == ["Beijing"]


def test_routes_are_styled_by_kind_with_costs_on_hover(s):
    fig = mp.show_map(s)
    routes = s.board.routes
    land = trace(fig, "land route")
    assert land.line.dash == "solid"
    assert len(land.lat) == 3 * sum(r.seal is None for r in routes)  # a, b, gap per route
    for seal, colour in SEAL_COLOURS.items():
        sea = trace(fig, f"sea/river route — {seal} seal")
        assert sea.line.dash == "dash" and sea.line.color == colour
        assert len(sea.lat) == 3 * sum(r.seal == seal for r in routes)
    jade = trace(fig, "route costs jade")
    assert len(jade.hovertext) == sum(bool(r.jade) for r in routes) > 0
    assert all("jade" in text for text in jade.hovertext)
    costs = list(trace(fig, "route cost").hovertext) + list(jade.hovertext)
    assert len(costs) == len(routes)
    assert any("Pagan – Kabul" in t and "6 coins, 2 camels, 1 jade" in t for t in costs)
    assert any("needs the jeweler seal" in t for t in costs)


def test_city_hover_names_shield_and_features(s):
    fig = mp.show_map(s)
    hover = {}
    for t in fig.data:
        if t.name in ("start (Beijing)", "special city", "contract city", "city"):
            hover.update(zip(t.customdata, t.hovertext, strict=True))
    kashgar = hover["Kashgar"]
    assert "falcon shield" in kashgar and "city bonus" in kashgar
    assert f"city card {s.cards['Kashgar']}" in kashgar and f"outpost tile {s.outposts['Kashgar']}" in kashgar
    assert "special city (jeweler guild)" in hover["Baghdad"]
    for cid in s.display["Xian"]:
        assert f"contract {cid}" in hover["Xian"]
    assert "no trading posts" in hover["Beijing"]


def test_figures_and_trading_posts_in_player_colours(s):
    t = s.with_player(1, trading_posts=["Xian", "Kabul"], location="Kabul")
    fig = mp.show_map(t)
    for i, p in enumerate(t.players):
        figure = next(tr for tr in fig.data if tr.name.startswith(f"{p.name}: figure"))
        posts = trace(fig, f"{p.name}: trading posts")
        assert figure.marker.color == posts.marker.color == PLAYER_COLOURS[i]
        assert list(figure.customdata) == [p.location]
        assert list(posts.customdata) == list(p.trading_posts)
        assert figure.legendgroup == posts.legendgroup
    legend = {tr.name.split(":")[0]: tr.name for tr in fig.data if ": figure" in tr.name}
    assert legend["Player 2"] == "Player 2: figure ▲, 2 posts ■"
    assert legend["Player 1"] == "Player 1: figure ▲, 0 posts ■"
    one = mp.show_map(t.with_player(0, trading_posts=["Xian"]))
    assert "Player 1: figure ▲, 1 post ■" in [tr.name for tr in one.data]


def test_highlight_draws_a_thick_path(s):
    fig = mp.show_map(s, highlight=["Beijing", "Xian", "Chengdu"])
    path = next(t for t in fig.data if t.name.startswith("path:"))
    assert path.line.width >= 6 and path.showlegend
    graph = s.board.graph
    assert list(path.lat) == [graph.nodes[n]["lat"] for n in ("Beijing", "Xian", "Chengdu")]
    assert not trace(mp.show_map(s), "path").showlegend
    with pytest.raises(ValueError, match="Atlantis"):
        mp.show_map(s, highlight=["Beijing", "Atlantis"])


def test_player_view_fades_routes_they_cannot_use(s):
    t = s.with_player(0, seals={"farmer": "basic"})
    fig = mp.show_map(t, player=0)
    assert trace(fig, "sea/river route — farmer seal").opacity == 1.0
    assert trace(fig, "sea/river route — jeweler seal").opacity < 1.0
    assert "view of Player 1" in fig.layout.title.text


def test_image_export_when_kaleido_is_installed(s, tmp_path):
    pytest.importorskip("kaleido")
    out = tmp_path / "map.png"
    mp.show_map(s).write_image(out)
    assert out.stat().st_size > 10_000


@pytest.mark.parametrize("ruleset", RULESETS)
def test_names_and_pieces_keep_to_their_places(ruleset):
    """Every city that holds several pieces is named beside it (``render/placement.py``; the browser
    test measures the drawn boxes); a figure stands in its seat's slot (the first slot where a
    space holds one piece), posts in theirs."""
    s = mp.new_game(2, ruleset=ruleset, seed=1)
    t = terms(s)
    single = set(t.single_places(s))
    names = trace(mp.show_map(s), "place names")
    cities = {n for g in t.city_groups(s) for n in g.cities}
    assert {n for n in cities if n not in single} <= set(names.text) <= cities
    assert not names.hoverinfo or names.hoverinfo == "skip"
    somewhere = sorted(cities)[3]
    moved = s.with_player(1, location=somewhere, **({"mode": s.components.modes_at(somewhere)[0]}
                                                   if ruleset == "schmidt" else {}))
    figure = player_traces(moved, 1)[0]
    seat = 0 if somewhere in single else 1
    assert (figure["lon"][0], figure["lat"][0]) == piece_at(moved, somewhere, figure_offset(seat, 0))


def test_the_apps_map_keeps_room_above_for_the_toolbar(s):
    """plotly's toolbar sits at the top right of the figure: the app's map (legend beside it, at
    the top) keeps MODEBAR_ROOM px above the plot (the browser test measures the overlap)."""
    layout = map_layout(s, app=True)
    assert layout.margin.t >= MODEBAR_ROOM >= 28 and layout.legend.y == 1 and layout.legend.yanchor == "top"
    assert not layout.title.text and layout.height is None
