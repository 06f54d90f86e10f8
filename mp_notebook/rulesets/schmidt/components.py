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
from dataclasses import dataclass
from importlib import resources
from typing import Any

import networkx as nx

from mp_notebook.board.graph import Board
from mp_notebook.engine.errors import DataError
from mp_notebook.rulesets._shared.data import TableReader, parse_toml

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
    return parse_toml(name, resources.files("mp_notebook.rulesets.schmidt").joinpath("data", name).read_text("utf-8"))


def _entries(file: str, top: TableReader, key: str, ident: str) -> list[TableReader]:
    """The readers of the array of tables ``[[key]]`` of ``file``, each named by its ``ident``."""
    return [TableReader(file, f"{key}[{i}]", raw, ident=ident) for i, raw in enumerate(top.items(key, dict, []))]


def load_board(doc: dict[str, Any]) -> tuple[str, dict[str, Location], tuple[Route, ...]]:
    """Spaces and routes of ``board.toml``; raises :class:`DataError` naming the entry."""
    f = "board.toml"
    top = TableReader(f, "", doc)
    top.keys(("start", "location", "route"))
    locations: dict[str, Location] = {}
    for r in _entries(f, top, "location", "name"):
        r.keys(("name", "shape", "lat", "lon"), ("title", "colour"))
        name = r.unique("name", locations)
        if not name.isidentifier():
            r.fail("a name is one word (it is written in the notation)")
        shape = r.name("shape", SHAPES, f"shape ({', '.join(SHAPES)})")
        colour = r.get("colour", str)
        if (shape == "large") != (colour is not None):
            r.fail("trading cities (large circles), and only they, have a colour")
        lat, lon = r.get("lat", (int, float)), r.get("lon", (int, float))
        if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
            r.fail(f"lat and lon are numbers (-90..90, -180..180), got {lat!r}, {lon!r}")
        locations[name] = Location(name, r.get("title", str, name), "city", shape, colour, float(lat), float(lon))
    start = top.name("start", locations, "location")
    if locations[start].shape != "start":
        top.fail(f"start {start!r} must be the location of shape 'start'")
    routes: list[Route] = []
    for r in _entries(f, top, "route", ""):
        r.keys(("between", "mode"))
        ends = r.items("between", str)
        if len(ends) != 2 or ends[0] == ends[1] or not all(e in locations for e in ends):
            r.fail(f"'between' names two different known locations, got {ends!r}")
        r.entry = f"route {ends[0]}-{ends[1]}"
        mode = r.name("mode", MODES, "route type ('land' or 'sea')")
        if any({route.a, route.b} == set(ends) and route.mode == mode for route in routes):
            r.fail(f"duplicate {mode} route")
        routes.append(Route(ends[0], ends[1], mode))
    return start, locations, tuple(routes)


def load_cards(doc: dict[str, Any], locations: dict[str, Location]) -> tuple[tuple[str, ...], dict[str, Card],
                                                                              dict[str, Joker]]:
    """Decks and jokers of ``cards.toml`` (card ids: ``green80a``, ``green:hunt``)."""
    f = "cards.toml"
    top = TableReader(f, "", doc)
    top.keys(("decks", "specials", "joker"))
    decks = top.sub("decks")
    decks.keys(("colours", "values", "jokers"))
    colours = tuple(decks.items("colours", str))
    if not colours or len(set(colours)) != len(colours) or not all(c.isidentifier() for c in colours):
        decks.fail(f"colours are different words, got {list(colours)!r}")
    values = decks.int_counts("values", 1, 999_999, least=1)
    if not values or max(values.values()) > 10:
        decks.fail("values maps card values (Gulden) to 1-10 cards of each")
    per_deck = decks.count("jokers")
    jokers: dict[str, Joker] = {}
    for r in _entries(f, top, "joker", "id"):
        r.keys(("id", "colour", "effect", "text"), ("amount", "place", "optional", "other"))
        jid = r.unique("id", jokers)
        effect = r.name("effect", JOKER_EFFECTS, "joker effect")
        colour = r.name("colour", colours, "deck colour")
        place = r.get("place", str)
        if (effect in ("send", "go")) != (place in locations):
            r.fail(f"'send' and 'go' jokers (only) name a board location, got {place!r}")
        amount = r.count("amount")
        if effect not in ("send", "go", "join") and amount <= 0:
            r.fail(f"{effect} needs a positive amount")
        optional = r.flag("optional")
        if optional and effect not in OPTIONAL_EFFECTS:
            r.fail(f"only a joker whose effect is one of {', '.join(OPTIONAL_EFFECTS)} can be optional, not {effect}")
        jokers[jid] = Joker(jid, colour, effect, r.get("text", str), amount, place, optional, r.flag("other"))
    cards: dict[str, Card] = {}
    for colour in colours:
        for value, count in values.items():
            for n in range(count):
                cid = f"{colour}{value}{'abcdefghij'[n]}"
                cards[cid] = Card(cid, colour, value)
        own = [j for j in jokers.values() if j.colour == colour]
        if len(own) != per_deck:
            raise DataError(f"{f}: the {colour} deck has {len(own)} jokers, the decks have {per_deck}")
        for j in own:
            cards[f"{colour}:{j.id}"] = Card(f"{colour}:{j.id}", colour, 0, j.id)
    return colours, cards, jokers


def _rules(doc: dict[str, Any], cards: dict[str, Any], locations: dict[str, Location]) -> Rules:
    f = "rules.toml"
    r = TableReader(f, "", doc)
    ints = ("start_gulden", "buy_price", "max_buys", "deal_price", "bribe", "gifts", "gift_min_value", "colour_min",
            "colour_max", "restart_gulden")
    r.keys((*ints, "return_capital", "spinner"))
    capital = r.int_counts("return_capital", 2, 4, least=1)
    if sorted(capital) != [2, 3, 4]:
        r.fail("[return_capital] gives the capital for 2, 3 and 4 players")
    spin = r.sub("spinner")
    spin.keys(MODES)
    spinner: dict[str, tuple[int | str, ...]] = {}
    for mode, fight in zip(MODES, ("bandits", "pirates"), strict=True):
        sectors = tuple(spin.items(mode, (int, str)))
        if not sectors or any(x != fight and not (type(x) is int and 1 <= x <= 12) for x in sectors):
            spin.fail(f"{mode}: sectors are moves 1-12 (numbers) or {fight!r}, got {list(sectors)!r}")
        spinner[mode] = sectors
    specials = TableReader("cards.toml", "[specials]", cards.get("specials"))
    specials.keys(("count", "missions", "plaque_value", "secrets_value"))
    missions = tuple(specials.items("missions", str))
    bad = [m for m in missions if m not in locations or locations[m].shape != "large"]
    count = specials.count("count", low=1)
    if bad or len(missions) != count or len(set(missions)) != count:
        specials.fail(f"missions name {count} different trading cities, bad: {bad or list(missions)}")
    return Rules(**{key: r.count(key) for key in ints}, return_capital=capital, spinner=spinner,
                 plaque_value=specials.count("plaque_value"), secrets_value=specials.count("secrets_value"),
                 specials=count, missions=missions)


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


FILES = ("board.toml", "cards.toml", "rules.toml")


def load_components(files: dict[str, str] | None = None) -> Components:
    """Load and validate the data files; ``files`` maps file names to replacement TOML text (for
    tests and data packs). Raises :class:`DataError` naming the file and entry."""
    files = files or {}
    unknown = sorted(set(files) - set(FILES))
    if unknown:
        raise DataError(f"unknown data file(s) {', '.join(unknown)} (the files are {', '.join(FILES)})")
    board, cards, rules = (parse_toml(name, files[name]) if name in files else _load(name) for name in FILES)
    return build(board, cards, rules)


@functools.cache
def components() -> Components:
    """The components (loaded once)."""
    return load_components()


@functools.cache
def shared_board() -> Board:
    """The one static board every Schmidt state shares."""
    c = components()
    return Board("schmidt", c.locations, c.routes, c.start)
