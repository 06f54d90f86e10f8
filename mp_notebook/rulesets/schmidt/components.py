"""The Schmidt Spiele Marco Polo's components, loaded from ``data/*.toml`` and validated.

The board and the spinner are a *reconstruction* (seed 001 does not describe them); each data
file says what comes from the seed and what was designed, and why. Card ids are written in the
notation: ``green80a`` is the first 80-Gulden card of the green deck, ``green:hunt`` a joker.

>>> c = components()
>>> len(c.cards), len(c.jokers), sorted(c.trading_cities)[:3]
(56, 20, ['Acre', 'Baghdad', 'Calicut'])
>>> c.cards["red50b"].value, c.ports[:3]
(50, ('Acre', 'Basra', 'Constantinople'))
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

import networkx as nx

from mp_notebook.board.graph import Board
from mp_notebook.engine.errors import DataError

MODES = ("land", "sea")
SHAPES = ("start", "large", "small", "triangle")
JOKER_EFFECTS = ("draw", "pay", "pay_at_sea", "gift_each", "send", "go", "extra_turns", "deal", "join")
OPTIONAL_EFFECTS = ("draw", "send", "deal", "join")  # effects a joker may offer as a choice ("optional")
FIGHTS = ("pirates", "bandits")


@dataclass(frozen=True, slots=True)
class Location:
    """A space of the board: ``kind`` is ``"city"`` for every space (each is drawn and named on the
    map); ``shape`` says which: the start, a trading city (``large``, with its ``colour``), a route
    space (``small``) or a port space (``triangle``)."""

    name: str
    title: str
    kind: str
    shape: str
    colour: str | None
    lat: float
    lon: float


@dataclass(frozen=True, slots=True)
class Route:
    """One step between neighbouring spaces, on the ``land`` or the ``sea`` route."""

    a: str
    b: str
    mode: str
    # declared for route analysis (board.routes.BoardRoute, mp.routes.matrix): a step costs nothing, needs no seal
    coins = camels = jade = 0
    seal = None


@dataclass(frozen=True, slots=True)
class Card:
    """A ware card (``value`` in Gulden) or a joker (``joker`` names its text in ``jokers``)."""

    id: str
    colour: str
    value: int
    joker: str | None = None


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker's text and what it does (see ``data/cards.toml`` for the effects)."""

    id: str
    colour: str
    effect: str
    text: str
    amount: int = 0
    place: str | None = None
    optional: bool = False
    other: bool = False


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of ``data/rules.toml``; ``spinner`` maps a ring to its sectors (an int is a move)."""

    start_gulden: int
    buy_price: int
    max_buys: int
    deal_price: int
    bribe: int
    gifts: int
    gift_min_value: int
    colour_min: int
    colour_max: int
    restart_gulden: int
    return_capital: dict[int, int]
    spinner: dict[str, tuple[int | str, ...]]
    plaque_value: int
    secrets_value: int
    specials: int
    missions: tuple[str, ...]


@dataclass(frozen=True)
class Components:
    """Everything static: spaces, routes by mode, cards, jokers, rules, and derived facts."""

    start: str
    khanbalik: str
    locations: dict[str, Location]
    routes: tuple[Route, ...]
    colours: tuple[str, ...]
    cards: dict[str, Card]
    jokers: dict[str, Joker]
    rules: Rules
    neighbours: dict[str, dict[str, tuple[str, ...]]]  # mode -> space -> next spaces
    trading_cities: frozenset[str]
    ports: tuple[str, ...]
    distance: dict[str, dict[str, int]]  # spaces between any two spaces, either route type

    def modes_at(self, space: str) -> tuple[str, ...]:
        """The route types that pass through ``space``."""
        return tuple(m for m in MODES if self.neighbours[m].get(space))

    def deck(self, colour: str) -> tuple[str, ...]:
        """Every card id of ``colour``'s deck, in data order."""
        return tuple(cid for cid, card in self.cards.items() if card.colour == colour)


def _load(name: str) -> dict[str, Any]:
    text = resources.files("mp_notebook.rulesets.schmidt").joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML: {exc}") from exc


def _need(file: str, entry: str, table: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise DataError(f"{file}: {entry}: {key!r} is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def load_board(doc: dict[str, Any]) -> tuple[str, dict[str, Location], tuple[Route, ...]]:
    """Spaces and routes of ``board.toml``; raises :class:`DataError` naming the entry."""
    f = "board.toml"
    locations: dict[str, Location] = {}
    for k, item in enumerate(doc.get("location", [])):
        entry = f"location #{k + 1}"
        name = _need(f, entry, item, "name", str)
        entry = f"location {name!r}"
        if not name.isidentifier() or name in locations:
            raise DataError(f"{f}: {entry}: a name is one new word (it is written in the notation)")
        shape = _need(f, entry, item, "shape", str)
        if shape not in SHAPES:
            raise DataError(f"{f}: {entry}: shape {shape!r} is not one of {', '.join(SHAPES)}")
        colour = item.get("colour")
        if (shape == "large") != isinstance(colour, str):
            raise DataError(f"{f}: {entry}: trading cities (large circles), and only they, have a colour")
        lat, lon = (float(_need(f, entry, item, key, (int, float))) for key in ("lat", "lon"))
        locations[name] = Location(name, str(item.get("title", name)), "city", shape, colour, lat, lon)
    start = _need(f, "top level", doc, "start", str)
    if start not in locations or locations[start].shape != "start":
        raise DataError(f"{f}: start {start!r} must be the location of shape 'start'")
    routes = []
    for k, item in enumerate(doc.get("route", [])):
        entry = f"route #{k + 1}"
        ends = item.get("between")
        mode = item.get("mode")
        if not (isinstance(ends, list) and len(ends) == 2 and all(e in locations for e in ends) and ends[0] != ends[1]):
            raise DataError(f"{f}: {entry}: 'between' names two different known locations, got {ends!r}")
        if mode not in MODES:
            raise DataError(f"{f}: {entry} {ends}: mode is 'land' or 'sea', got {mode!r}")
        routes.append(Route(ends[0], ends[1], mode))
    return start, locations, tuple(routes)


def load_cards(doc: dict[str, Any], locations: dict[str, Location]) -> tuple[tuple[str, ...], dict[str, Card],
                                                                              dict[str, Joker]]:
    """Decks and jokers of ``cards.toml`` (card ids: ``green80a``, ``green:hunt``)."""
    f = "cards.toml"
    decks = _need(f, "[decks]", doc, "decks", dict)
    colours = tuple(_need(f, "[decks]", decks, "colours", list))
    values = _need(f, "[decks]", decks, "values", dict)
    jokers: dict[str, Joker] = {}
    for k, item in enumerate(doc.get("joker", [])):
        jid = _need(f, f"joker #{k + 1}", item, "id", str)
        entry = f"joker {jid!r}"
        effect = _need(f, entry, item, "effect", str)
        colour = _need(f, entry, item, "colour", str)
        if jid in jokers or effect not in JOKER_EFFECTS or colour not in colours:
            raise DataError(f"{f}: {entry}: a new id, an effect among {', '.join(JOKER_EFFECTS)} and a deck colour")
        place = item.get("place")
        if (effect in ("send", "go")) != (place in locations):
            raise DataError(f"{f}: {entry}: 'send' and 'go' jokers (only) name a board location, got {place!r}")
        amount = int(item.get("amount", 0))
        if effect not in ("send", "go", "join") and amount <= 0:
            raise DataError(f"{f}: {entry}: {effect} needs a positive amount")
        if item.get("optional", False) and effect not in OPTIONAL_EFFECTS:
            raise DataError(f"{f}: {entry}: only a joker whose effect is one of {', '.join(OPTIONAL_EFFECTS)} can "
                            f"be optional, not {effect}")
        jokers[jid] = Joker(jid, colour, effect, _need(f, entry, item, "text", str), amount, place,
                            bool(item.get("optional", False)), bool(item.get("other", False)))
    cards: dict[str, Card] = {}
    for colour in colours:
        for value, count in values.items():
            for n in range(int(count)):
                cid = f"{colour}{value}{'abcdefghij'[n]}"
                cards[cid] = Card(cid, colour, int(value))
        own = [j for j in jokers.values() if j.colour == colour]
        if len(own) != decks.get("jokers"):
            raise DataError(f"{f}: the {colour} deck has {len(own)} jokers, the decks have {decks.get('jokers')}")
        for j in own:
            cards[f"{colour}:{j.id}"] = Card(f"{colour}:{j.id}", colour, 0, j.id)
    return colours, cards, jokers


def _rules(doc: dict[str, Any], cards: dict[str, Any], locations: dict[str, Location]) -> Rules:
    f = "rules.toml"
    ints = {key: _need(f, key, doc, key, int) for key in (
        "start_gulden", "buy_price", "max_buys", "deal_price", "bribe", "gifts", "gift_min_value", "colour_min",
        "colour_max", "restart_gulden")}
    capital = {int(n): int(v) for n, v in _need(f, "[return_capital]", doc, "return_capital", dict).items()}
    if sorted(capital) != [2, 3, 4]:
        raise DataError(f"{f}: [return_capital] gives the capital for 2, 3 and 4 players")
    spinner: dict[str, tuple[int | str, ...]] = {}
    for mode, fight in zip(MODES, ("bandits", "pirates"), strict=True):
        sectors = _need(f, "[spinner]", _need(f, "[spinner]", doc, "spinner", dict), mode, list)
        parsed = tuple(int(x) if str(x).isdigit() else str(x) for x in sectors)
        if not parsed or any(x not in (fight,) and not (isinstance(x, int) and 1 <= x <= 12) for x in parsed):
            raise DataError(f"{f}: [spinner] {mode}: sectors are moves 1-12 or {fight!r}, got {sectors!r}")
        spinner[mode] = parsed
    specials = _need("cards.toml", "[specials]", cards, "specials", dict)
    missions = tuple(_need("cards.toml", "[specials]", specials, "missions", list))
    bad = [m for m in missions if m not in locations or locations[m].shape != "large"]
    if bad or len(missions) != specials.get("count"):
        raise DataError(f"cards.toml: [specials] missions name {specials.get('count')} trading cities, bad: {bad}")
    return Rules(**ints, return_capital=capital, spinner=spinner,
                 plaque_value=_need("cards.toml", "[specials]", specials, "plaque_value", int),
                 secrets_value=_need("cards.toml", "[specials]", specials, "secrets_value", int),
                 specials=int(specials["count"]), missions=missions)


def build(board: dict[str, Any], cards: dict[str, Any], rules: dict[str, Any]) -> Components:
    """Validate the three data documents together and derive the route facts."""
    start, locations, routes = load_board(board)
    colours, card_table, jokers = load_cards(cards, locations)
    r = _rules(rules, cards, locations)
    neighbours: dict[str, dict[str, tuple[str, ...]]] = {}
    for mode in MODES:
        adj: dict[str, list[str]] = {}
        for route in routes:
            if route.mode == mode:
                adj.setdefault(route.a, []).append(route.b)
                adj.setdefault(route.b, []).append(route.a)
        neighbours[mode] = {k: tuple(sorted(v)) for k, v in adj.items()}
    unreached = [n for n in locations if not any(n in neighbours[m] for m in MODES)]
    if unreached:
        raise DataError(f"board.toml: location(s) on no route: {', '.join(unreached)}")
    graph = nx.Graph([(route.a, route.b) for route in routes])
    if not nx.is_connected(graph):
        raise DataError("board.toml: the board is not connected")
    trading = frozenset(n for n, loc in locations.items() if loc.shape == "large")
    colours_found = {locations[n].colour for n in trading}
    if colours_found != set(colours):
        raise DataError(f"board.toml: trading city colours {sorted(map(str, colours_found))} must be the deck colours "
                        f"{list(colours)}")
    ports = tuple(sorted(n for n in locations if all(n in neighbours[m] for m in MODES)))
    khanbalik = "Khanbalik"
    needed = [n for n in (khanbalik, "Acre", "Karakorum", "Sansibar") if n not in trading]
    if needed:
        raise DataError(f"board.toml: the seed's trading cities {needed} are missing")
    return Components(start=start, khanbalik=khanbalik, locations=locations, routes=routes, colours=colours,
                      cards=card_table, jokers=jokers, rules=r, neighbours=neighbours, trading_cities=trading,
                      ports=ports, distance={a: dict(d) for a, d in nx.all_pairs_shortest_path_length(graph)})


@functools.cache
def components() -> Components:
    """The components (loaded once)."""
    return build(_load("board.toml"), _load("cards.toml"), _load("rules.toml"))


@functools.cache
def shared_board() -> Board:
    """The one static board every Schmidt state shares."""
    c = components()
    return Board("schmidt", c.locations, c.routes, c.start)
