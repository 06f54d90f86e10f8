"""Marco Polo II components, loaded from the TOML files in ``data/`` and validated.

The printed components of Marco Polo II are not public. The files in ``data/`` hold a
*reconstruction* that satisfies every known constraint (see each file's header). An owner of the
game can transcribe the real components into the same files without touching any code.

Vocabulary shared by every file
-------------------------------
*bundle*  a table of non-negative integers over ``coins camels pepper silk gold jade vp``.

*reward*  a bundle plus these icons (all optional):

    any_good = N         choose N goods among pepper/silk/gold (repeats allowed)
    different_goods = N  choose N different goods among pepper/silk/gold
    contract_pile = N    "contract with seal": draw the top contract of the pile
    contract_city = N    "contract": take a contract from a contract city where you have a post
    move = N             "Move N": move up to N locations paying route costs, post at the end
    black_die = N        take N black dice from the board
    shield = N           N "+1" shield icons for final scoring
    copy_bonus = true    (city bonus markers only) take any other city bonus marker's bonus
    choice = [reward, ...]  choose exactly one of the listed rewards

*cost*    a bundle (``vp`` allowed: points may be paid and may go negative) plus
    ``any_good = N`` / ``different_goods = N`` as in rewards.

>>> c = components()
>>> len(c.contracts), len(c.city_cards), len(c.goals), len(c.offer_tiles)
(49, 25, 14, 18)
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from mp_notebook.board.graph import Board
from mp_notebook.engine.errors import ArgumentError, DataError
from mp_notebook.engine.text import amounts, counted
from mp_notebook.rulesets._shared.data import TableReader, entries, parse_toml

RESOURCES = ("coins", "camels", "pepper", "silk", "gold", "jade", "vp")
GOODS = ("pepper", "silk", "gold", "jade")
TRADE_GOODS = ("pepper", "silk", "gold")
SEALS = ("farmer", "spicer", "tailor", "jeweler")
REWARD_ICONS = (
    "any_good", "different_goods", "contract_pile", "contract_city", "move",
    "black_die", "shield",
)
COST_ICONS = ("any_good", "different_goods")
NAME_PATTERN = re.compile(r"^[A-Z][A-Za-z]*(-[A-Za-z]+)*$")


@dataclass(frozen=True, slots=True)
class Bundle:
    """Counts of each resource; the building block of costs and rewards."""

    coins: int = 0
    camels: int = 0
    pepper: int = 0
    silk: int = 0
    gold: int = 0
    jade: int = 0
    vp: int = 0

    def items(self) -> list[tuple[str, int]]:
        """The non-zero entries, in ``RESOURCES`` order."""
        return list(_items(self.coins, self.camels, self.pepper, self.silk, self.gold, self.jade, self.vp))

    def __bool__(self) -> bool:
        return bool(self.coins or self.camels or self.pepper or self.silk or self.gold or self.jade or self.vp)

    def scaled(self, n: int) -> Bundle:
        """This bundle ``n`` times over.

        >>> Bundle(coins=2, vp=1).scaled(3)
        Bundle(coins=6, camels=0, pepper=0, silk=0, gold=0, jade=0, vp=3)
        """
        return Bundle(self.coins * n, self.camels * n, self.pepper * n, self.silk * n, self.gold * n, self.jade * n,
                      self.vp * n)

    def __str__(self) -> str:
        return _bundle_text(self.coins, self.camels, self.pepper, self.silk, self.gold, self.jade, self.vp)


@functools.lru_cache(maxsize=1024)
def _items(*values: int) -> tuple[tuple[str, int], ...]:
    """:meth:`Bundle.items` of the bundle of these values (bundles recur: made once)."""
    return tuple((k, v) for k, v in zip(RESOURCES, values, strict=True) if v)


@functools.lru_cache(maxsize=1024)
def _bundle_text(*values: int) -> str:
    return amounts(zip(RESOURCES, values, strict=True))


# The plain-English words of the reward and cost icons: (one, many).
_ICON_WORDS = {
    "any_good": ("good of your choice", "goods of your choice"), "different_goods": ("different goods",) * 2,
    "contract_pile": ("contract from the pile", "contracts from the pile"),
    "contract_city": ("contract from a city", "contracts from a city"),
    "move": ("move", "moves"), "black_die": ("black die", "black dice"), "shield": ("+1 shield", "+1 shields"),
}


@dataclass(frozen=True, slots=True)
class Reward:
    """What a card, tile, marker or seal gives. ``str`` is plain English."""

    gain: Bundle = Bundle()
    any_good: int = 0
    different_goods: int = 0
    contract_pile: int = 0
    contract_city: int = 0
    move: int = 0
    black_die: int = 0
    shield: int = 0
    copy_bonus: bool = False
    choice: tuple[Reward, ...] = ()

    def __str__(self) -> str:
        parts = [str(self.gain)] if self.gain else []
        parts += [counted(getattr(self, k), *_ICON_WORDS[k]) for k in REWARD_ICONS if getattr(self, k)]
        if self.copy_bonus:
            parts.append("the bonus of another city bonus marker")
        if self.choice:
            parts.append(" or ".join(f"({c})" for c in self.choice))
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class Cost:
    """What something costs; ``coins`` and ``camels`` may be paid with jade."""

    pay: Bundle = Bundle()
    any_good: int = 0
    different_goods: int = 0

    def __bool__(self) -> bool:
        return bool(self.pay) or bool(self.any_good) or bool(self.different_goods)

    def __str__(self) -> str:
        parts = [str(self.pay)] if self.pay else []
        parts += [counted(getattr(self, k), *_ICON_WORDS[k]) for k in COST_ICONS if getattr(self, k)]
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class Location:
    """A city or an oasis of the board."""

    name: str
    kind: str  # "city" | "oasis"
    lat: float
    lon: float
    shield: str | None = None
    start: bool = False
    city_bonus: bool = False
    city_cards: tuple[str, ...] = ()  # names of the card spaces beside the city
    contracts: bool = False
    outpost: bool = False
    special: bool = False

    @property
    def is_city(self) -> bool:
        return self.kind == "city"


@dataclass(frozen=True, slots=True)
class Route:
    """A route between two locations; ``seal`` gates sea/river routes."""

    a: str
    b: str
    coins: int
    camels: int
    jade: int
    kind: str  # "land" | "sea"
    seal: str | None
    cost: Bundle = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cost", Bundle(coins=self.coins, camels=self.camels, jade=self.jade))


@dataclass(frozen=True, slots=True)
class Contract:
    id: str
    starting: bool
    cost: Cost
    reward: Reward


@dataclass(frozen=True, slots=True)
class TradeOption:
    pay: Cost
    gain: Reward


@dataclass(frozen=True, slots=True)
class CityCard:
    """One of the 25 city cards. ``kind`` selects the effect; see ``data/city_cards.toml``."""

    id: str
    kind: str  # trade | count | city_bonus | coins_per_pip | guild_seal | move
    options: tuple[TradeOption, ...] = ()  # trade
    counts: str | None = None  # count: "completed_contracts" | "posts"
    gain: Bundle = Bundle()  # count: per unit; coins_per_pip: per pip
    pay: Cost = Cost()  # guild_seal

    def __str__(self) -> str:
        known = _CARD_TEXT.get(id(self))
        if known is None:
            known = _CARD_TEXT[id(self)] = (self, self._text())
        return known[1]

    def _text(self) -> str:
        if self.kind == "trade":
            text = " or ".join(f"pay {o.pay} for {o.gain}" for o in self.options)
            return f"{text}, up to die value times (same choice each time)"
        if self.kind == "count":
            what = "completed contract" if self.counts == "completed_contracts" else "placed trading post"
            return f"{self.gain} per {what}, up to the die value"
        if self.kind == "city_bonus":
            return ("take the bonus of a city bonus city where you have a post, up to die value times "
                    "(different each time)")
        if self.kind == "coins_per_pip":
            return f"{self.gain} per pip of the die"
        if self.kind == "guild_seal":
            return f"Guild Seals action with this 1 die, paying {self.pay}"
        return "move up to the die value, placing at most one trading post"


# CityCard texts by the id of the card (held: its id stays its own); cards are immutable.
_CARD_TEXT: dict[int, tuple[CityCard, str]] = {}


@dataclass(frozen=True, slots=True)
class Goal:
    id: str
    seals: tuple[tuple[str, int], ...]  # (seal type, VP when improved)
    shields: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Seal:
    type: str
    min_die: int
    jade: int
    improve: Cost
    bonus: Reward


@dataclass(frozen=True, slots=True)
class SpecialCity:
    city: str
    guild: str
    reward: Reward
    double_at: int  # die value from which the seal bonus is received twice


@dataclass(frozen=True, slots=True)
class OfferTile:
    id: str
    pile: int  # 1, 2, 3 (I, II, III): the book it is placed on
    offers: tuple[tuple[int, Reward], ...]  # (jade cost, reward)


@dataclass(frozen=True, slots=True)
class TravelSpace:
    name: str
    dice: int
    max_moves: int
    coins: int
    extra_post: bool


@dataclass(frozen=True, slots=True)
class BookSpace:
    name: str
    book: int
    min_die: int


@dataclass(frozen=True, slots=True)
class Character:
    """One of the 7 characters: its name, its ability in words and the numbers the ability uses.

    The abilities are implemented in ``rules.py``; unset numbers mean the ability has none.
    """

    id: str
    name: str
    ability: str
    free_oases: bool = False  # entering an oasis costs no movement (it still needs a move left)
    oasis_reward: Reward | None = None  # after moving, per different oasis passed or ended on
    seal_dice: int | None = None
    improve_reward: Reward | None = None
    shields: int = 0
    round_reward: Reward | None = None
    complete_reward: Reward | None = None
    vp_per_jade: int = 0
    start_reward: Bundle = Bundle()
    figures: int = 1
    die_rewards: tuple[Reward, ...] = ()  # by die value 1..6
    pair_rewards: tuple[Reward, ...] = ()
    travel_spaces: tuple[str, ...] = ()  # empty: all
    free_route_costs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rules:
    """Numbers printed on the board and in the rulebook (``data/rules.toml``)."""

    rounds: int
    start: Bundle
    dice_per_player: int
    posts_per_player: int
    post_vp: tuple[tuple[int, int], ...]  # (nth post placed, VP)
    black_dice: dict[int, int]  # players -> black dice in the game
    compensation_below: int
    khan_spaces: int
    khan_reward: Bundle
    contracts_reward: Bundle
    contract_slots: int
    money_bag: dict[str, Bundle]  # the option's name (its one resource) -> what it gives
    reroll_cost: Bundle
    adjust_cost: Bundle
    black_die_cost: Bundle
    books: tuple[BookSpace, ...]
    travel: tuple[TravelSpace, ...]
    shield_track: tuple[int, ...]  # VP for 0, 1, 2, ... shields; the last entry is the maximum
    contracts_majority: tuple[int, int]
    neutral: dict[int, dict[str, Any]]  # players -> neutral dice


@dataclass(frozen=True)
class Components:
    """Everything static about the game, shared by every state."""

    rules: Rules
    locations: dict[str, Location]
    routes: tuple[Route, ...]
    seals: dict[str, Seal]
    special_cities: dict[str, SpecialCity]
    offer_tiles: tuple[OfferTile, ...]
    city_cards: dict[str, CityCard]
    contracts: dict[str, Contract]
    goals: dict[str, Goal]
    city_bonuses: dict[str, Reward]
    outposts: dict[str, Reward]
    characters: dict[str, Character]
    shields: tuple[str, ...] = field(default=())

    @functools.cached_property
    def characters_by_name(self) -> dict[str, Character]:
        return {c.name: c for c in self.characters.values()}

    def character(self, name: str) -> Character:
        """A character by id or name; raises ArgumentError listing the characters."""
        for c in self.characters.values():
            if name in (c.id, c.name):
                return c
        known = ", ".join(c.name for c in self.characters.values())
        raise ArgumentError(f"unknown character {name!r}; characters: {known}")

    @functools.cached_property
    def card_spaces(self) -> dict[str, str]:
        """``{space name: city}`` for every city-card space on the map, in board order."""
        return {space: loc.name for loc in self.locations.values() for space in loc.city_cards}


# --------------------------------------------------------------------------- loading


class _Reader(TableReader):
    """Reads one entry of one data file: Marco Polo II's bundles, rewards and costs."""

    def bundle(self, key: str, *, vp: bool = True) -> Bundle:
        return self.sub(key).as_bundle(vp=vp)

    def as_bundle(self, *, vp: bool = True, extra: tuple[str, ...] = ()) -> Bundle:
        allowed = RESOURCES if vp else RESOURCES[:-1]
        self.keys((), allowed + extra)
        return Bundle(**{k: self.count(k) for k in allowed})

    def as_reward(self, *, copy: bool = False) -> Reward:
        icons = REWARD_ICONS + ("choice",) + (("copy_bonus",) if copy else ())
        self.as_bundle(extra=icons)
        choices = self.get("choice", list, [])
        reward = Reward(
            gain=Bundle(**{k: self.count(k) for k in RESOURCES}),
            **{k: self.count(k) for k in REWARD_ICONS},
            copy_bonus=bool(self.get("copy_bonus", bool, False)),
            choice=tuple(self.sub(f"choice[{i}]", c).as_reward() for i, c in enumerate(choices)),
        )
        if len(choices) == 1:
            self.fail("a choice needs at least 2 options")
        if not (reward.gain or any(getattr(reward, k) for k in REWARD_ICONS) or reward.copy_bonus or reward.choice):
            self.fail("empty reward")
        return reward

    def optional_reward(self, key: str) -> Reward | None:
        """The reward table ``key`` of this entry; None if the entry has none."""
        return self.sub(key, self.table[key]).as_reward() if key in self.table else None

    def as_cost(self) -> Cost:
        self.as_bundle(extra=COST_ICONS)
        return Cost(Bundle(**{k: self.count(k) for k in RESOURCES}), self.count("any_good"),
                    self.count("different_goods"))

def _load(name: str) -> dict[str, Any]:
    text = resources.files("mp_notebook.rulesets.mp2").joinpath("data", name).read_text("utf-8")
    return parse_toml(name, text)


def _unique(file: str, what: str, names: list[str]) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise DataError(f"{file}: duplicate {what} {n!r}")
        seen.add(n)


def _board(doc: dict[str, Any]) -> tuple[dict[str, Location], tuple[Route, ...]]:
    file = "board.toml"
    unknown = sorted(set(doc) - {"location", "route"})
    if unknown:
        raise DataError(f"{file}: unknown top-level key(s) {', '.join(unknown)}")
    locations: dict[str, Location] = {}
    for i, raw in enumerate(entries(file, {"location": doc.get("location")}, "location")):
        r = _Reader(file, f"location[{i}]", raw, ident="name")
        r.keys(("name", "kind", "lat", "lon"),
               ("shield", "start", "city_bonus", "city_cards", "contracts", "outpost", "special"))
        name = r.get("name", str)
        if not NAME_PATTERN.match(name):
            r.fail("names are capitalised words joined by '-' (they are used in the action notation)")
        if name in locations:
            r.fail("duplicate location")
        kind = r.get("kind", str)
        if kind not in ("city", "oasis"):
            r.fail(f"kind must be 'city' or 'oasis', got {kind!r}")
        lat, lon = r.get("lat", (int, float)), r.get("lon", (int, float))
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            r.fail(f"lat/lon out of range: {lat}, {lon}")
        flags = {k: bool(r.get(k, bool, False)) for k in ("start", "city_bonus", "contracts", "outpost", "special")}
        cards = tuple(r.get("city_cards", list, []))
        if kind == "oasis" and (any(flags.values()) or cards or "shield" in r.table):
            r.fail("an oasis has no shield and no features")
        if kind == "city" and not flags["start"] and not r.get("shield", str):
            r.fail("every city where posts can be placed needs a shield")
        for space in cards:
            if not isinstance(space, str) or not NAME_PATTERN.match(space):
                r.fail(f"city card space names are words joined by '-', got {space!r}")
        locations[name] = Location(name, kind, float(lat), float(lon), r.get("shield", str), city_cards=cards, **flags)
    routes: list[Route] = []
    for i, raw in enumerate(entries(file, {"route": doc.get("route")}, "route")):
        r = _Reader(file, f"route[{i}]", raw)
        r.keys(("between", "kind"), ("coins", "camels", "jade", "seal"))
        ends = r.get("between", list)
        if len(ends) != 2 or not all(isinstance(end, str) for end in ends) or ends[0] == ends[1]:
            r.fail(f"between must name two different locations, got {ends!r}")
        for end in ends:
            if end not in locations:
                r.fail(f"unknown location {end!r}")
        r.entry = f"route {ends[0]}-{ends[1]}"
        if any({route.a, route.b} == set(ends) for route in routes):
            r.fail("duplicate route (one route joins two locations)")
        kind = r.get("kind", str)
        seal = r.get("seal", str)
        if kind not in ("land", "sea"):
            r.fail(f"kind must be 'land' or 'sea', got {kind!r}")
        if (kind == "sea") != (seal is not None):
            r.fail("sea/river routes, and only they, need a guild seal")
        if seal is not None and seal not in SEALS:
            r.fail(f"unknown guild seal {seal!r}")
        routes.append(Route(ends[0], ends[1], r.count("coins"), r.count("camels"), r.count("jade"), kind, seal))
    return locations, tuple(routes)


def _rules(doc: dict[str, Any]) -> Rules:
    r = _Reader("rules.toml", "rules", doc)
    r.keys(("rounds", "start", "dice_per_player", "posts_per_player", "post_vp", "black_dice",
            "compensation_below", "khan_spaces", "khan_reward", "contracts_reward", "contract_slots",
            "money_bag", "reroll_cost", "adjust_cost", "black_die_cost", "books", "travel",
            "shield_track", "contracts_majority", "neutral"))
    books: list[BookSpace] = []
    for i, b in enumerate(r.get("books", list)):
        s = r.sub(f"books[{i}]", b)
        s.keys(("name", "book", "min_die"))
        books.append(BookSpace(s.unique("name", [b.name for b in books]), s.count("book", low=1),
                               s.count("min_die", low=1)))
    travel: list[TravelSpace] = []
    for i, t in enumerate(r.get("travel", list)):
        s = r.sub(f"travel[{i}]", t)
        s.keys(("name", "dice", "max_moves", "coins", "extra_post"))
        travel.append(TravelSpace(s.unique("name", [x.name for x in travel]), s.count("dice", low=1),
                                  s.count("max_moves", low=1),
                                  s.count("coins"), bool(s.get("extra_post", bool))))
    track = r.counts("shield_track")
    if not track or track[0] != 0 or any(b < a for a, b in itertools.pairwise(track)):
        r.fail(f"shield_track is a list of ints that starts at 0 and never decreases, got {track!r}")
    post_vp = tuple(r.int_counts("post_vp", 1, 99).items())
    majority = r.counts("contracts_majority", 2)  # VP for the most and the second-most contracts
    neutral = {players: _neutral(r.sub(f"neutral.{players}", spec), tuple(b.name for b in books))
               for players, spec in r.int_keyed("neutral", 1, 4).items()}
    return Rules(
        rounds=r.count("rounds", low=1),
        start=r.bundle("start"),
        dice_per_player=r.count("dice_per_player", low=1),
        posts_per_player=r.count("posts_per_player", low=1),
        post_vp=post_vp,
        black_dice=r.int_counts("black_dice", 1, 4),
        compensation_below=r.count("compensation_below"),
        khan_spaces=r.count("khan_spaces", low=1),
        khan_reward=r.bundle("khan_reward"),
        contracts_reward=r.bundle("contracts_reward"),
        contract_slots=r.count("contract_slots", low=1),
        money_bag=_money_bag(r),
        reroll_cost=r.bundle("reroll_cost"),
        adjust_cost=r.bundle("adjust_cost"),
        black_die_cost=r.bundle("black_die_cost"),
        books=tuple(books),
        travel=tuple(travel),
        shield_track=tuple(track),
        contracts_majority=(majority[0], majority[1]),
        neutral=neutral,
    )


def _neutral(r: _Reader, book_names: tuple[str, ...]) -> dict[str, Any]:
    """The neutral dice of one player count: ``khan`` values, one ``special_cities`` value,
    ``books`` space -> value (dice values 1-6)."""
    r.keys((), ("khan", "special_cities", "books"))
    spec: dict[str, Any] = {}
    if "khan" in r.table:
        spec["khan"] = r.counts("khan", low=1)
    if "special_cities" in r.table:
        spec["special_cities"] = r.count("special_cities", low=1)
    if "books" in r.table:
        books = r.sub("books")
        books.keys((), book_names)
        spec["books"] = {name: books.count(name, low=1) for name in books.table}
    if any(v > 6 for v in (*spec.get("khan", ()), spec.get("special_cities", 1), *spec.get("books", {}).values())):
        r.fail("neutral dice show 1-6")
    return spec


def _money_bag(r: _Reader) -> dict[str, Bundle]:
    """The money bag's options keyed by their one resource (the name used in the notation)."""
    options = {}
    for i, raw in enumerate(r.get("money_bag", list)):
        bundle = r.sub(f"money_bag[{i}]", raw).as_bundle()
        if len(bundle.items()) != 1:
            r.fail(f"money_bag[{i}] gives exactly one kind of resource, got {bundle}")
        if bundle.items()[0][0] in options:
            r.fail(f"money_bag[{i}]: duplicate option {bundle.items()[0][0]!r} (one option a resource)")
        options[bundle.items()[0][0]] = bundle
    return options


def _reward_table(file: str, key: str, doc: dict[str, Any], count: int, *, copy: bool = False) -> dict[str, Reward]:
    out: dict[str, Reward] = {}
    for i, raw in enumerate(entries(file, doc, key, count)):
        r = _Reader(file, f"{key}[{i}]", raw, ident="id")
        r.keys(("id", "reward"))
        ident = r.get("id", str)
        if ident in out:
            r.fail(f"duplicate id {ident!r}")
        out[ident] = r.sub("reward", r.table["reward"]).as_reward(copy=copy)
    return out


def load_components(files: dict[str, str] | None = None) -> Components:
    """Load and validate the component files.

    ``files`` maps file names to replacement TOML text (used by tests and data packs); every
    other file is read from the package. Raises :class:`DataError` naming the file and entry.
    """
    files = files or {}

    def doc(name: str) -> dict[str, Any]:
        return parse_toml(name, files[name]) if name in files else _load(name)

    rules = _rules(doc("rules.toml"))
    locations, routes = _board(doc("board.toml"))
    cities = {n: loc for n, loc in locations.items() if loc.is_city}

    seals: dict[str, Seal] = {}
    for i, raw in enumerate(entries("seals.toml", doc("seals.toml"), "seal", len(SEALS))):
        r = _Reader("seals.toml", f"seal[{i}]", raw, ident="type")
        r.keys(("type", "min_die", "jade", "improve", "bonus"))
        t = r.name("type", SEALS, "guild seal")
        if t in seals:
            r.fail(f"duplicate guild seal {t!r} (each of {', '.join(SEALS)} once)")
        seals[t] = Seal(t, r.count("min_die", low=1), r.count("jade"),
                        r.sub("improve", r.table["improve"]).as_cost(),
                        r.sub("bonus", r.table["bonus"]).as_reward())

    specials: dict[str, SpecialCity] = {}
    for i, raw in enumerate(entries("special_cities.toml", doc("special_cities.toml"), "special_city", 3)):
        r = _Reader("special_cities.toml", f"special_city[{i}]", raw, ident="city")
        r.keys(("city", "guild", "reward", "double_at"))
        city = r.name("city", cities, "city of board.toml")
        if city in specials:
            r.fail(f"duplicate special city {city!r}")
        if not cities[city].special:
            r.fail(f"{city} is not marked special in board.toml")
        specials[city] = SpecialCity(city, r.name("guild", SEALS, "guild seal"),
                                     r.sub("reward", r.table["reward"]).as_reward(), r.count("double_at", low=1))

    tiles = []
    for i, raw in enumerate(entries("offers.toml", doc("offers.toml"), "tile", 18)):
        r = _Reader("offers.toml", f"tile[{i}]", raw, ident="id")
        r.keys(("id", "pile", "offers"))
        pile = r.get("pile", str)
        if pile not in ("I", "II", "III"):
            r.fail(f"pile must be I, II or III, got {pile!r}")
        offers = []
        raw_offers = r.get("offers", list)
        if len(raw_offers) != 4:
            r.fail(f"an offer tile has 4 offers, found {len(raw_offers)}")
        for j, o in enumerate(raw_offers):
            s = r.sub(f"offers[{j}]", o)
            s.keys(("gain",), ("jade",))
            jade = s.count("jade")
            if (j < 2 and jade) or (j >= 2 and jade not in (1, 2)):
                s.fail("the top 2 offers are free, the bottom 2 cost 1 or 2 jade")
            offers.append((jade, s.sub("gain", s.table["gain"]).as_reward()))
        tiles.append(OfferTile(r.get("id", str), ("I", "II", "III").index(pile) + 1, tuple(offers)))
    _unique("offers.toml", "tile id", [t.id for t in tiles])
    for p in (1, 2, 3):
        if sum(t.pile == p for t in tiles) != 6:
            raise DataError("offers.toml: each pile I, II, III has exactly 6 tiles")

    cards: dict[str, CityCard] = {}
    for i, raw in enumerate(entries("city_cards.toml", doc("city_cards.toml"), "card", 25)):
        r = _Reader("city_cards.toml", f"card[{i}]", raw, ident="id")
        kind = r.get("kind", str)
        extra = {"trade": ("options",), "count": ("counts", "gain"), "city_bonus": (),
                 "coins_per_pip": ("gain",), "guild_seal": ("pay",), "move": ()}
        if kind not in extra:
            r.fail(f"kind must be one of {', '.join(extra)}, got {kind!r}")
        r.keys(("id", "kind") + extra[kind])
        ident = r.get("id", str)
        if ident in cards:
            r.fail(f"duplicate id {ident!r}")
        options = []
        for j, o in enumerate(r.get("options", list, [])):
            s = r.sub(f"options[{j}]", o)
            s.keys(("pay", "gain"))
            options.append(TradeOption(s.sub("pay", s.table["pay"]).as_cost(),
                                       s.sub("gain", s.table["gain"]).as_reward()))
        counts = r.get("counts", str)
        if kind == "count" and counts not in ("completed_contracts", "posts"):
            r.fail("counts must be 'completed_contracts' or 'posts'")
        if kind == "trade" and not options:
            r.fail("a trade card needs at least one option")
        cards[ident] = CityCard(ident, kind, tuple(options), counts, r.bundle("gain"),
                                r.sub("pay", r.table.get("pay", {})).as_cost())

    contracts: dict[str, Contract] = {}
    for i, raw in enumerate(entries("contracts.toml", doc("contracts.toml"), "contract", 49)):
        r = _Reader("contracts.toml", f"contract[{i}]", raw, ident="id")
        r.keys(("id", "cost", "reward"), ("starting",))
        ident = r.get("id", str)
        if ident in contracts:
            r.fail(f"duplicate id {ident!r}")
        reward = r.sub("reward", r.table["reward"]).as_reward()
        if not reward.gain.vp:
            r.fail("every contract reward includes VP")
        contracts[ident] = Contract(ident, bool(r.get("starting", bool, False)),
                                    r.sub("cost", r.table["cost"]).as_cost(), reward)
    if sum(c.starting for c in contracts.values()) != 7:
        raise DataError("contracts.toml: there are exactly 7 starting contracts")

    shields = tuple(sorted({loc.shield for loc in cities.values() if loc.shield}))
    goals: dict[str, Goal] = {}
    for i, raw in enumerate(entries("goals.toml", doc("goals.toml"), "goal", 14)):
        r = _Reader("goals.toml", f"goal[{i}]", raw, ident="id")
        r.keys(("id",), ("seals", "shields"))
        ident = r.get("id", str)
        if ident in goals:
            r.fail(f"duplicate id {ident!r}")
        seal_vp = r.sub("seals", r.get("seals", dict, {}))
        seal_vp.keys((), SEALS)
        gshields = tuple(r.get("shields", list, []))
        for s in gshields:
            if s not in shields:
                r.fail(f"shield {s!r} is on no city of board.toml")
        pairs = tuple((t, seal_vp.count(t, low=1)) for t in SEALS if t in seal_vp.table)
        if len(pairs) + len(gshields) != 4:
            r.fail("a goal card shows exactly 4 icons (guild seals and/or shields)")
        goals[ident] = Goal(ident, pairs, gshields)

    characters: dict[str, Character] = {}
    for i, raw in enumerate(entries("characters.toml", doc("characters.toml"), "character", 7)):
        r = _Reader("characters.toml", f"character[{i}]", raw, ident="id")
        rewards = ("oasis_reward", "improve_reward", "round_reward", "complete_reward")
        lists = ("die_rewards", "pair_rewards")
        r.keys(("id", "name", "ability"), rewards + lists + ("seal_dice", "shields", "vp_per_jade", "start_reward",
                                                           "figures", "travel_spaces", "free_route_costs",
                                                           "free_oases"))
        ident = r.get("id", str)
        if not NAME_PATTERN.match(ident) or ident in characters:
            r.fail("ids are unique capitalised words joined by '-'")
        per_value = {k: tuple(r.sub(f"{k}[{j}]", x).as_reward() for j, x in enumerate(r.get(k, list, [])))
                     for k in lists}
        if any(len(v) not in (0, 6) for v in per_value.values()):
            r.fail("die_rewards / pair_rewards list one reward per die value 1-6")
        seal_dice = r.get("seal_dice", int)
        if seal_dice is not None and seal_dice < 1:
            r.fail(f"seal_dice (dice for the Guild Seals action) must be at least 1, got {seal_dice}")
        bad = [x for x in r.get("free_route_costs", list, []) if x not in ("coins", "camels", "jade")]
        if bad:
            r.fail(f"free_route_costs may name coins, camels, jade; got {bad!r}")
        spaces = tuple(t.name for t in rules.travel)
        if any(x not in spaces for x in r.get("travel_spaces", list, [])):
            r.fail(f"travel_spaces names Travel spaces of rules.toml ({', '.join(spaces)})")
        characters[ident] = Character(
            ident, r.get("name", str), r.get("ability", str), bool(r.get("free_oases", bool, False)),
            oasis_reward=r.optional_reward("oasis_reward"), improve_reward=r.optional_reward("improve_reward"),
            round_reward=r.optional_reward("round_reward"), complete_reward=r.optional_reward("complete_reward"),
            seal_dice=seal_dice, shields=r.count("shields"), vp_per_jade=r.count("vp_per_jade"),
            start_reward=r.bundle("start_reward"), figures=r.count("figures", 1, low=1),
            die_rewards=per_value["die_rewards"], pair_rewards=per_value["pair_rewards"],
            travel_spaces=tuple(r.get("travel_spaces", list, [])),
            free_route_costs=tuple(r.get("free_route_costs", list, [])),
        )

    components_ = Components(
        rules=rules, locations=locations, routes=routes, seals=seals, special_cities=specials,
        offer_tiles=tuple(tiles), city_cards=cards, contracts=contracts, goals=goals,
        city_bonuses=_reward_table("city_bonuses.toml", "marker", doc("city_bonuses.toml"), 7, copy=True),
        outposts=_reward_table("outposts.toml", "tile", doc("outposts.toml"), 10),
        characters=characters,
        shields=shields,
    )
    _check_board(components_)
    return components_


def _check_board(c: Components) -> None:
    """Cross-file checks: feature counts the rules rely on."""
    cities = [loc for loc in c.locations.values() if loc.is_city]
    starts = [loc for loc in cities if loc.start]
    if len(starts) != 1:
        raise DataError(f"board.toml: exactly one start city is needed, found {len(starts)}")
    counts = {
        "city_bonus": (sum(loc.city_bonus for loc in cities), 6),
        "contracts": (sum(loc.contracts for loc in cities), 5),
        "outpost": (sum(loc.outpost for loc in cities), 10),
        "special": (sum(loc.special for loc in cities), 3),
        "city card spaces": (sum(len(loc.city_cards) for loc in cities), 6),
    }
    for what, (found, wanted) in counts.items():
        if found != wanted:
            raise DataError(f"board.toml: the board has {wanted} {what} cities/spaces, found {found}")
    for loc in cities:
        if loc.special and not loc.city_bonus:
            raise DataError(f"board.toml: location {loc.name!r}: special cities have a city bonus space")
    _unique("board.toml", "city card space", [s for loc in cities for s in loc.city_cards])
    if len(c.shields) != 9:
        raise DataError(f"board.toml: the board shows 9 different shields, found {len(c.shields)}")
    names = set(c.locations)
    import networkx as nx  # the board module builds the shared graph; here we only check connectivity

    g = nx.Graph()
    g.add_nodes_from(names)
    g.add_edges_from((r.a, r.b) for r in c.routes)
    if not nx.is_connected(g):
        parts = sorted(nx.connected_components(g), key=len)
        raise DataError(f"board.toml: the map is not connected; cut off: {', '.join(sorted(parts[0]))}")


@functools.cache
def components() -> Components:
    """The shipped component set, loaded once per process and shared by every state."""
    return load_components()


@functools.cache
def shared_board() -> Board:
    """The one route graph of Marco Polo II, shared by every state."""
    c = components()
    start = next(loc.name for loc in c.locations.values() if loc.start)
    return Board("mp2", c.locations, c.routes, start)
