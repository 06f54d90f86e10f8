"""The Voyages board drawn by ``mp.show_map`` through the ruleset's ``map`` part."""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.voyages.display import LAT_RANGE, LON_RANGE


@pytest.fixture(scope="module")
def s() -> mp.GameState:
    return mp.new_game(3, ruleset="voyages", seed=7)


def trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def test_every_location_is_drawn_inside_the_map_on_real_geography(s) -> None:
    fig = mp.show_map(s)
    drawn = {n for t in fig.data if t.legendgroup is None and t.mode == "markers" and t.name != "oasis"
             and t.customdata is not None for n in t.customdata}
    cities = {n for n, loc in s.board.locations.items() if loc.kind == "city"}
    assert drawn == cities and len(cities) == 15
    assert set(trace(fig, "place names").text) == cities  # every city is named on the map
    oases = set(trace(fig, "oasis").customdata)
    assert oases == {n for n, loc in s.board.locations.items() if loc.kind == "oasis"} and len(oases) == 10
    for loc in s.board.locations.values():
        assert LAT_RANGE[0] <= loc.lat <= LAT_RANGE[1] and LON_RANGE[0] <= loc.lon <= LON_RANGE[1], loc.name
    venezia, beijing = s.board.locations["Venezia"], s.board.locations["Beijing"]
    assert venezia.lon < 20 < 100 < beijing.lon  # Venice in the west, Beijing in the east


def test_routes_are_grouped_by_their_extra_cost(s) -> None:
    fig = mp.show_map(s)
    lines = {name: trace(fig, name) for name in ("route", "route with extra coins", "route with extra camels")}
    counts = {name: sum(1 for v in t.lat if v is None) for name, t in lines.items()}
    assert sum(counts.values()) == 30
    assert counts["route with extra coins"] == sum(1 for r in s.board.routes if r.coins)
    hover = trace(fig, "route cost").hovertext
    assert len(hover) == 30 and any("extra cost: 3 camels" in h for h in hover)


def test_city_hover_tells_cards_outposts_bonuses_and_beijing(s) -> None:
    fig = mp.show_map(s)
    text = dict(zip(trace(fig, "large city").customdata, trace(fig, "large city").hovertext, strict=True))
    card = s.cards["Moscow"]
    assert f"city card {card}" in text["Moscow"] and "outpost bonus" in text["Moscow"]
    assert text["Sumatra"].count("city card K") == 3
    small = dict(zip(trace(fig, "small city").customdata, trace(fig, "small city").hovertext, strict=True))
    assert all("city bonus " in t for t in small.values())
    beijing = trace(fig, "Beijing").hovertext[0]
    assert "10 VP: free" in beijing and "1 VP: free" in beijing
    assert "round 1 of 5" in fig.layout.title.text and fig.layout.title.text.startswith("The Voyages of Marco Polo")


def test_players_and_a_highlighted_path(s) -> None:
    fig = mp.show_map(s, player=1, highlight=["Venezia", "Alexandria"])
    figures = [t for t in fig.data if t.name and "figure ▲" in t.name]
    assert len(figures) == 3 and all(t.customdata[0] == "Venezia" for t in figures)
    assert trace(fig, "path: Venezia → Alexandria").lat is not None
    with pytest.raises(ValueError, match="unknown location"):
        mp.show_map(s, highlight=["Atlantis"])
