"""How the board of The Voyages of Marco Polo is drawn (the ``map`` part of the ruleset): Venezia
to Beijing on real geography (our own coordinates, see ``data/board.toml``), routes by their extra
cost, the cities by kind and their hover texts (city cards, outpost bonuses, city bonus markers,
Beijing's post spaces, posts and figures).

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="voyages", seed=1)
>>> [g.name for g in city_groups(s)]
['start (Venezia)', 'Beijing', 'large city', 'small city']
>>> [style.name for style in route_styles(s, None)]
['route', 'route with extra coins', 'route with extra camels']
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, cast

from mp_notebook.render.map import CityGroup, RouteMarks, RouteStyle

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.voyages.components import Route
    from mp_notebook.rulesets.voyages.state import VoyagesState

LAT_RANGE = (-2.0, 60.0)
LON_RANGE = (5.0, 125.0)
ROUTE_COLOUR = "#8a6d4b"
COINS_COLOUR = "#c9a227"
CAMELS_COLOUR = "#a0522d"
FIGURES = 2  # Niccolò & Marco Polo play two figures


def post_places(s: GameState) -> tuple[str, ...]:
    """Every city but Venezia (the start) takes trading posts, Beijing on its post spaces."""
    return tuple(loc.name for loc in cast("VoyagesState", s).components.locations.values()
                 if loc.is_city and not loc.start)


def single_places(s: GameState) -> tuple[str, ...]:
    """Every location holds any number of figures."""
    return ()


def route_styles(s: GameState, player: int | None) -> list[RouteStyle]:
    """Routes without an extra cost solid; routes costing extra coins or camels dashed in colour."""
    routes: tuple[Route, ...] = s.board.routes
    return [
        RouteStyle("route", tuple(r for r in routes if not (r.coins or r.camels)),
                   {"width": 2.2, "color": ROUTE_COLOUR, "dash": "solid"}),
        RouteStyle("route with extra coins", tuple(r for r in routes if r.coins),
                   {"width": 2.6, "color": COINS_COLOUR, "dash": "dash"}),
        RouteStyle("route with extra camels", tuple(r for r in routes if r.camels),
                   {"width": 2.6, "color": CAMELS_COLOUR, "dash": "dash"}),
    ]


def route_marks(s: GameState) -> list[RouteMarks]:
    """A marker on every route telling its extra cost."""
    routes: tuple[Route, ...] = s.board.routes
    return [RouteMarks("route cost", routes, {"size": 5, "color": "rgba(90,70,50,0.45)"}, False)]


def route_text(r: Route) -> str:
    """Hover text of a route: its ends and the extra cost on top of the travel cost."""
    extra = f"extra cost: {r.cost}" if r.coins or r.camels else "no extra cost"
    return f"<b>{escape(r.a)} – {escape(r.b)}</b><br>{extra} (on top of the travel cost per step)"


def city_groups(s: GameState) -> list[CityGroup]:
    """Venezia, Beijing, the large cities (outpost bonus, city card), the small cities (city bonus)."""
    locations = cast("VoyagesState", s).components.locations.values()
    cities = [loc for loc in locations if loc.is_city]
    return [
        CityGroup("start (Venezia)", "square", 14, tuple(loc.name for loc in cities if loc.start)),
        CityGroup("Beijing", "star", 16, tuple(loc.name for loc in cities if loc.vp_spaces)),
        CityGroup("large city", "diamond", 12, tuple(loc.name for loc in cities if loc.is_large)),
        CityGroup("small city", "circle", 10, tuple(loc.name for loc in cities if loc.is_small)),
    ]


def city_text(s: GameState, city: str) -> str:
    """Hover text of a city: what it offers now and whose pieces are there."""
    state = cast("VoyagesState", s)
    c = state.components
    loc = c.locations[city]
    lines = [f"<b>{escape(city)}</b>" + (f" — {loc.size} city" if loc.size else "")]
    if loc.start:
        lines.append("start of every figure; no trading posts")
    if loc.vp_spaces:
        taken = [f"{vp} VP: {state.players[seat].name if seat is not None else 'free'}"
                 for vp, seat in zip(loc.vp_spaces, state.beijing, strict=True)]
        lines.append("post spaces (scored at the end): " + ", ".join(taken))
    for space in loc.city_cards:
        card = state.cards.get(space)
        lines.append(f"city card {card}: {c.city_cards[card]}" if card else f"city card space {space}")
    if loc.outpost:
        tile = state.outposts.get(city)
        lines.append(f"outpost bonus {tile}: {c.outposts[tile]} for the first post" if tile
                     else "outpost bonus already taken")
    marker = state.markers.get(city)
    if marker:
        lines.append(f"city bonus {marker}: {c.city_bonuses[marker]}, at each round start, "
                     f"to each player with a post here")
    owners = [p.name for p in state.players if city in p.trading_posts]
    if owners:
        lines.append("trading posts: " + ", ".join(owners))
    here = [p.name for p in state.players if city in (p.location, p.figure2)]
    if here:
        lines.append("figures here: " + ", ".join(here))
    return "<br>".join(escape(line) if k else line for k, line in enumerate(lines))
