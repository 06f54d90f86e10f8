"""How the Schmidt board is drawn (the ``map`` part of the ruleset): land and sea routes, the
spaces by shape and ware colour, and their hover texts.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=1)
>>> [g.name for g in city_groups(s)][:3]
['Venice (start and goal)', 'trading city — green wares', 'trading city — red wares']
>>> [style.name for style in route_styles(s, None)]
['land route (red ring)', 'sea route (blue ring)']
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, cast

from mp_notebook.render.map import CityGroup, RouteMarks, RouteStyle
from mp_notebook.rulesets.schmidt.rules import capital

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.components import Route
    from mp_notebook.rulesets.schmidt.state import SchmidtState

LAT_RANGE = (-10.0, 52.0)
LON_RANGE = (8.0, 128.0)
ROUTE_LINES = {"land": ("land route (red ring)", {"width": 2.2, "color": "#b5473a", "dash": "solid"}),
               "sea": ("sea route (blue ring)", {"width": 2.4, "color": "#2f6db3", "dash": "dash"})}
COLOUR_SYMBOLS = {"green": "circle", "red": "diamond", "blue": "square", "brown": "pentagon"}
FIGURES = 1  # one piece per merchant


def post_places(s: GameState) -> tuple[str, ...]:
    """No trading posts in this game."""
    return ()


def single_places(s: GameState) -> tuple[str, ...]:
    """Only trading cities (and Venice, where every piece starts) hold several pieces (seed 001, How
    to Play): a route space or port holds one.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
    >>> "Belgrade" in single_places(s), "Constantinople" in single_places(s), "Venice" in single_places(s)
    (True, False, False)
    """
    c = cast("SchmidtState", s).components
    return tuple(n for n in c.locations if n != c.start and n not in c.trading_cities)


def route_styles(s: GameState, player: int | None) -> list[RouteStyle]:
    """Land routes solid red, sea routes dashed blue (the spinner's rings); the view of a player
    fades the route type he is not on."""
    state = cast("SchmidtState", s)
    mode = state.players[player].mode if player is not None else None
    routes: tuple[Route, ...] = state.board.routes
    return [RouteStyle(name, tuple(r for r in routes if r.mode == m), line, 1.0 if mode in (None, m) else 0.4)
            for m, (name, line) in ROUTE_LINES.items()]


def route_marks(s: GameState) -> list[RouteMarks]:
    """A faint marker in the middle of each step, telling its route type on hover."""
    return [RouteMarks("route step", s.board.routes, {"size": 4, "color": "rgba(90,70,50,0.35)"}, False)]


def route_text(r: Route) -> str:
    """Hover text of a step: its ends and its route type."""
    return f"<b>{escape(r.a)} – {escape(r.b)}</b><br>one space on the {r.mode} route"


def city_groups(s: GameState) -> list[CityGroup]:
    """Venice, the trading cities by ware colour, the port triangles, the small route spaces."""
    c = cast("SchmidtState", s).components
    groups = [CityGroup("Venice (start and goal)", "star", 16, (c.start,))]
    for colour in c.colours:
        cities = tuple(n for n in c.trading_cities if c.locations[n].colour == colour)
        groups.append(CityGroup(f"trading city — {colour} wares", COLOUR_SYMBOLS.get(colour, "circle"), 12,
                                tuple(sorted(cities))))
    groups.append(CityGroup("port space", "triangle-up", 9,
                            tuple(n for n, loc in c.locations.items() if loc.shape == "triangle")))
    groups.append(CityGroup("route space", "circle", 5,
                            tuple(n for n, loc in c.locations.items() if loc.shape == "small")))
    return groups


def city_text(s: GameState, city: str) -> str:
    """Hover text of a space: what it is, what it trades, who stands there."""
    state = cast("SchmidtState", s)
    c = state.components
    loc = c.locations[city]
    lines = [f"<b>{escape(loc.title)}</b>"]
    if city == c.start:
        lines.append(f"start; a merchant returns here with {c.rules.return_capital[state.num_players]} Gulden of "
                     f"capital, the Plaque, the Secrets and 1-2 cards of each colour")
    elif loc.colour:
        lines.append(f"trading city: sells {loc.colour} wares (20 Gulden a blind draw, at most 3)")
    else:
        lines.append("route space: one piece at a time")
    lines.append(" and ".join(c.modes_at(city)) + " route" + (" — a port: change route type here"
                                                               if city in c.ports else ""))
    if city == c.khanbalik:
        lines.append("Khanbalik: enter with three 80-Gulden wares as gifts; receive a Golden Plaque")
    if city in c.rules.missions:
        lines.append("a mission city of the Golden Plaques")
    here = [f"{p.name} ({capital(c, p)} Gulden capital)" for p in state.players if p.location == city]
    if here:
        lines.append("here: " + ", ".join(here))
    return "<br>".join(escape(line) if k else line for k, line in enumerate(lines))
