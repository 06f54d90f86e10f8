"""How Marco Polo II's board is drawn (the ``map`` part of the ruleset): the map's extent, routes
by guild seal, jade routes, city categories and the hover texts of routes and cities.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> [g.name for g in city_groups(s)]
['start (Beijing)', 'special city', 'contract city', 'city']
>>> route_styles(s, None)[1].name
'sea/river route — farmer seal'
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, cast

from mp_notebook.render.map import CityGroup, RouteMarks, RouteStyle

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.mp2.components import Route
    from mp_notebook.rulesets.mp2.state import Mp2State

LAT_RANGE = (17.0, 50.0)
LON_RANGE = (40.0, 125.0)
SEAL_COLOURS = {"farmer": "#5a9e3a", "spicer": "#e07b00", "tailor": "#6a4bc4", "jeweler": "#c2187a"}
LAND_COLOUR = "#8a6d4b"
JADE_COLOUR = "#00a86b"
FIGURES = 2  # Mailin & Tian Chin play two figures


def post_places(s: GameState) -> tuple[str, ...]:
    """Every city but Beijing (the start) takes trading posts; oases take none."""
    board = s.board
    return tuple(n for n, loc in board.locations.items() if loc.kind == "city" and n != board.start)

# City categories: legend name, marker symbol and size, in drawing order.
CITY_GROUPS = (
    ("start", "start (Beijing)", "square", 14),
    ("special", "special city", "star", 14),
    ("contracts", "contract city", "diamond", 10),
    ("city", "city", "circle", 10),
)


def single_places(s: GameState) -> tuple[str, ...]:
    """Every location holds any number of figures."""
    return ()


def route_styles(s: GameState, player: int | None) -> list[RouteStyle]:
    """Land routes solid; sea/river routes dashed in their seal's colour, faded in the view of a
    player who lacks the seal."""
    state = cast("Mp2State", s)
    held = set(state.players[player].seals) if player is not None else None
    routes: tuple[Route, ...] = state.board.routes
    styles = [RouteStyle("land route", tuple(r for r in routes if r.seal is None),
                         {"width": 2.2, "color": LAND_COLOUR, "dash": "solid"})]
    for seal, colour in SEAL_COLOURS.items():
        faded = held is not None and seal not in held
        styles.append(RouteStyle(f"sea/river route — {seal} seal", tuple(r for r in routes if r.seal == seal),
                                 {"width": 2.6, "color": colour, "dash": "dash"}, 0.35 if faded else 1.0))
    return styles


def route_marks(s: GameState) -> list[RouteMarks]:
    """Small cost markers on every route; jade routes get a large green diamond in the legend."""
    routes: tuple[Route, ...] = s.board.routes
    return [
        RouteMarks("route cost", tuple(r for r in routes if not r.jade),
                   {"size": 5, "color": "rgba(90,70,50,0.45)"}, False),
        RouteMarks("route costs jade", tuple(r for r in routes if r.jade),
                   {"size": 10, "color": JADE_COLOUR, "symbol": "diamond", "line": {"width": 1, "color": "white"}},
                   True),
    ]


def route_text(r: Route) -> str:
    """Hover text of a route: its ends, kind, seal and cost."""
    kind = f"sea/river route, needs the {r.seal} seal" if r.seal else "land route"
    return f"<b>{escape(r.a)} – {escape(r.b)}</b><br>{kind}<br>cost: {r.cost}"


def city_groups(s: GameState) -> list[CityGroup]:
    """Beijing, the special cities, the contract cities, the other cities."""
    groups: dict[str, list[str]] = {key: [] for key, *_ in CITY_GROUPS}
    for name, loc in cast("Mp2State", s).components.locations.items():
        if loc.is_city:
            key = "start" if loc.start else "special" if loc.special else "contracts" if loc.contracts else "city"
            groups[key].append(name)
    return [CityGroup(label, symbol, size, tuple(groups[key])) for key, label, symbol, size in CITY_GROUPS]


def city_text(s: GameState, city: str) -> str:
    """Hover text of a city: shield, features (with what they give now) and who has a post."""
    state = cast("Mp2State", s)
    c = state.components
    loc = c.locations[city]
    lines = [f"<b>{escape(city)}</b>" + (f" — {loc.shield} shield" if loc.shield else "")]
    if loc.start:
        lines.append("start of every figure; no trading posts")
    if loc.special:
        special = c.special_cities[city]
        lines.append(f"special city ({special.guild} guild): {special.reward}")
    if loc.city_bonus:
        marker = state.markers.get(city)
        lines.append(f"city bonus: {c.city_bonuses[marker]} (marker {marker})" if marker else "city bonus space")
    for space in loc.city_cards:
        card = state.cards.get(space)
        lines.append(f"city card {card} ({space}): {c.city_cards[card]}" if card else f"city card space {space}")
    if loc.contracts:
        shown = [cid for cid in state.display.get(city, ()) if cid]
        lines += [f"contract {cid}: pay {c.contracts[cid].cost} → {c.contracts[cid].reward}" for cid in shown]
        if not shown:
            lines.append("contract city (both spaces empty)")
    if loc.outpost:
        tile = state.outposts.get(city)
        lines.append(f"outpost tile {tile}: {c.outposts[tile]} for the first post" if tile
                     else "outpost tile already taken")
    owners = [p.name for p in state.players if city in p.trading_posts]
    if owners:
        lines.append("trading posts: " + ", ".join(owners))
    here = [p.name for p in state.players if p.location == city]
    if here:
        lines.append("figures here: " + ", ".join(here))
    return "<br>".join(escape(line) if k else line for k, line in enumerate(lines))
