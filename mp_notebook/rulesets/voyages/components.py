"""The Voyages of Marco Polo components, loaded from the TOML files in ``data/`` and validated.

Every table comes from public sources (``shared/reference/voyages-and-schmidt.md`` part a and its
audit, part A; the rulebook, seed 000); each data file names its sources in its header. Three
values are disputed between the two public implementations and carry the recommended reading,
labelled in place: D1 (gold bazaar at 3, ``rules.toml``), D2 (contract C02, ``contracts.toml``)
and D3 (city card K30, ``city_cards.toml``). The map coordinates are our own (``board.toml``).

Vocabulary shared by every file
-------------------------------
*bundle*  a table of non-negative integers over ``coins camels pepper silk gold vp``.

*reward*  a bundle plus these icons (all optional):

    any_good = N         choose N goods among pepper/silk/gold (repeats allowed)
    different_goods = N  choose N goods of N different kinds among pepper/silk/gold
    contract = N         take the top contract of the special pile (hand full: discard or decline)
    move = N             move N steps: no base travel cost, route extra costs paid
    black_die = N        take N black dice from the board, if any are left
    copy_bonus = true    (city bonus D only) take the bonus of any other city bonus marker
    choice = [reward, ...]  choose exactly one of the listed rewards

*cost*    a bundle plus ``any_good = N`` / ``different_goods = N`` as in rewards.

The dataclasses (all frozen; one line per field)
------------------------------------------------
``Bundle``        coins, camels, pepper, silk, gold, vp: counts of each resource.
``Reward``        gain (Bundle); any_good, different_goods, contract, move, black_die (counts);
                  copy_bonus (bool, city bonus D); choice (tuple of Rewards, pick exactly one).
``Cost``          pay (Bundle); any_good, different_goods (counts of goods of the payer's choice).
``Location``      name; kind ("city" | "oasis"); lat, lon (our own coordinates, degrees);
                  size ("large" | "small" | None: Venezia, Beijing and oases); start (Venezia);
                  city_bonus (standard letter A-F on a small city, else None);
                  city_cards (names of the city-card spaces: one per large city, Sumatra 3);
                  vp_spaces (Beijing's post spaces, VP highest first: 10, 7, 4, 1).
                  Properties: is_city, is_large, is_small, outpost (large cities), takes_posts.
``Route``         a, b (location names); coins, camels (extra cost paid each time it is used);
                  cost (the same as a Bundle).
``ActionSpace``   name; dice (how many are placed); main (False: the money bag, a bonus action);
                  occupancy ("fee": blue, others pay their lowest die; "blocked": brown;
                  "slots": khans_favor, one die per slot, each >= the previous; "free": money bag);
                  reward (fixed reward, or None); by_die (bazaar: reward of columns 1..6);
                  good (bazaar: the resource the space gives, what Mercator receives 1 of).
                  ``Rules.spaces`` keys: take_coins, khans_favor, contracts, camels, pepper, silk,
                  gold, travel, city_card (the template of the 9 card spaces), money_bag.
``NeutralDice``   khan (values of the fixed dice on the first Khan's-favor slots);
                  take_coins (number of fixed dice on "Take 5 coins").
``Rules``         the numbers of the rulebook and board, see ``data/rules.toml``: rounds,
                  min_players, max_players, start (Bundle), start_coins (by seat), dice_per_player,
                  posts_per_player, start_contracts, goals_per_player, expert_goals_dealt,
                  black_dice (players -> count), white_dice, compensation_below, khan_slots,
                  spaces (name -> ActionSpace), contract_spaces, contract_piles, contract_pile_size,
                  contract_bonus (space number -> Reward), hand_limit, travel_coins (steps 1..6),
                  reroll_cost, adjust_cost, black_die_cost, black_die_per_turn, post_vp
                  (nth post -> VP), goal_cities_vp (distinct goal cities 0..4 -> VP), coins_per_vp,
                  goods_per_vp, most_contracts_vp, neutral (players -> NeutralDice), first_game
                  (character ids by seat), expert_characters_extra.
``TradeOption``   pay (Cost), gain (Reward): one exchange of a city card.
``CityCard``      id; kind ("exchange" | "by_die" | "count" | "city_bonus"); options
                  (exchange: TradeOption tuple); mixed (exchange: options may differ between
                  repetitions); by_die (by_die: reward per die value 1..6); counts (count:
                  "posts" | "completed_contracts"); gain (count: Bundle per unit); pay (city_bonus:
                  Cost per use); times (city_bonus: uses per die value 1..6).
``Contract``      id (C00-C43, the BGA numbering); starting (one of the 6); cost; reward.
``Goal``          id (G00-G17); cities (two city names); vp.
``Character``     id; name; ability (plain English); aliases (other spellings); players (Mercator
                  tiles: the player count); choose_dice; compensation; white_die; round_reward;
                  bazaar_share; khan_share; take_coins_share; start_location; start_posts;
                  free_occupied; figures; extra_posts; all_posts_vp; posts_passing; oasis_hop
                  (one line each in ``Character`` below; see ``data/characters.toml``).
``Components``    rules, locations, routes, city_cards, contracts, goals, city_bonuses
                  (letter -> Reward), outposts (id -> Reward), characters (id -> Character).
                  Helpers: start, beijing (names), card_spaces (space -> city), bonus_cities
                  (letter -> standard small city), starting_contracts, deck_contracts (ids),
                  character(name, players), characters_for(players).

>>> c = components()
>>> len(c.locations), len(c.routes), len(c.city_cards), len(c.contracts), len(c.goals)
(25, 30, 31, 44, 18)
>>> c.rules.travel_cost(2), str(c.rules.spaces["pepper"].column(3))
(7, '1 coin, 2 pepper')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from mp_notebook.board.graph import Board
from mp_notebook.engine.errors import ArgumentError, DataError
from mp_notebook.engine.text import amounts, counted
from mp_notebook.rulesets._shared.data import TableReader, entries, parse_toml

RESOURCES = ("coins", "camels", "pepper", "silk", "gold", "vp")
GOODS = ("pepper", "silk", "gold")
REWARD_ICONS = ("any_good", "different_goods", "contract", "move", "black_die")
COST_ICONS = ("any_good", "different_goods")
OCCUPANCY = ("fee", "blocked", "slots", "free")
CARD_KINDS = ("exchange", "by_die", "count", "city_bonus")
COUNTS = ("posts", "completed_contracts")
BONUS_LETTERS = ("A", "B", "C", "D", "E", "F")
NAME_PATTERN = re.compile(r"^[A-Z][A-Za-z]*(-[A-Za-z0-9]+)*$")
ID_PATTERN = re.compile(r"^[A-Z][A-Za-z0-9]*(-[A-Za-z0-9]+)*$")
DIE_VALUES = 6


@dataclass(frozen=True, slots=True)
class Bundle:
    """Counts of each resource; the building block of costs and rewards.

    >>> Bundle(coins=2, vp=1).scaled(3)
    Bundle(coins=6, camels=0, pepper=0, silk=0, gold=0, vp=3)
    >>> str(Bundle(camels=2, gold=1))
    '2 camels, 1 gold'
    """

    coins: int = 0
    camels: int = 0
    pepper: int = 0
    silk: int = 0
    gold: int = 0
    vp: int = 0

    def items(self) -> list[tuple[str, int]]:
        """The non-zero entries, in ``RESOURCES`` order."""
        return [(k, getattr(self, k)) for k in RESOURCES if getattr(self, k)]

    def __bool__(self) -> bool:
        return any(getattr(self, k) for k in RESOURCES)

    def __add__(self, other: Bundle) -> Bundle:
        return Bundle(**{k: getattr(self, k) + getattr(other, k) for k in RESOURCES})

    def scaled(self, n: int) -> Bundle:
        """This bundle ``n`` times over."""
        return Bundle(**{k: getattr(self, k) * n for k in RESOURCES})

    def __str__(self) -> str:
        return amounts(self.items())


# The plain-English words of the reward and cost icons: (one, many).
_ICON_WORDS = {
    "any_good": ("good of your choice", "goods of your choice"), "different_goods": ("different goods",) * 2,
    "contract": ("contract from the special pile", "contracts from the special pile"),
    "move": ("move", "moves"), "black_die": ("black die", "black dice"),
}


@dataclass(frozen=True, slots=True)
class Reward:
    """What a space, card, tile, marker or character gives. ``str`` is plain English.

    >>> str(Reward(Bundle(gold=3), move=1)), str(Reward(Bundle(coins=1), black_die=2))
    ('3 gold, 1 move', '1 coin, 2 black dice')
    """

    gain: Bundle = Bundle()
    any_good: int = 0
    different_goods: int = 0
    contract: int = 0
    move: int = 0
    black_die: int = 0
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
    """What something costs: resources, plus goods of the payer's choice.

    >>> str(Cost(Bundle(camels=2, silk=1, gold=2)))
    '2 camels, 1 silk, 2 gold'
    """

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
    """A city or an oasis of the board (coordinates are our own, see ``data/board.toml``)."""

    name: str
    kind: str  # "city" | "oasis"
    lat: float
    lon: float
    size: str | None = None  # "large" | "small" | None (Venezia, Beijing, oases)
    start: bool = False  # Venezia: every figure starts here; never a trading post
    city_bonus: str | None = None  # the city bonus letter placed here in the standard game
    city_cards: tuple[str, ...] = ()  # names of the city-card spaces (large cities)
    vp_spaces: tuple[int, ...] = ()  # Beijing: VP of its post spaces, highest first

    @property
    def is_city(self) -> bool:
        return self.kind == "city"

    @property
    def is_large(self) -> bool:
        return self.size == "large"

    @property
    def is_small(self) -> bool:
        return self.size == "small"

    @property
    def outpost(self) -> bool:
        """An outpost bonus lies here at setup (every large city)."""
        return self.size == "large"

    @property
    def takes_posts(self) -> bool:
        """A trading post may be placed here (every city but Venezia)."""
        return self.is_city and not self.start


@dataclass(frozen=True, slots=True)
class Route:
    """A route between two locations, walked either way; its extra cost is paid each time it is used."""

    a: str
    b: str
    coins: int = 0
    camels: int = 0
    cost: Bundle = field(init=False, compare=False)
    # declared for route analysis (board.routes.BoardRoute): no route costs jade or needs a guild seal
    jade = 0
    seal = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cost", Bundle(coins=self.coins, camels=self.camels))


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """An action space of the board: how many dice it takes and what it gives."""

    name: str
    dice: int
    main: bool = True
    occupancy: str = "fee"  # "fee" | "blocked" | "slots" | "free"
    reward: Reward | None = None
    by_die: tuple[Reward, ...] = ()  # bazaar: reward of columns 1..6
    good: str | None = None  # bazaar: the resource of the space

    def column(self, value: int) -> Reward:
        """The bazaar reward of column ``value`` (1-6); a player may pick any column up to the lowest die.

        >>> str(components().rules.spaces["silk"].column(5))
        '1 coin, 1 camel, 3 silk'
        """
        if not self.by_die:
            raise ValueError(f"action space {self.name!r} has no die table")
        if not 1 <= value <= DIE_VALUES:
            raise ValueError(f"die value {value} is not 1-6")
        return self.by_die[value - 1]


@dataclass(frozen=True, slots=True)
class NeutralDice:
    """Fixed dice of an unused colour that stay on the board all game (2 and 3 players)."""

    khan: tuple[int, ...] = ()  # values on the first Khan's-favor slots
    take_coins: int = 0  # number of dice on "Take 5 coins" (value irrelevant)


@dataclass(frozen=True, slots=True)
class Rules:
    """Numbers printed on the board and in the rulebook (``data/rules.toml``)."""

    rounds: int
    min_players: int
    max_players: int
    start: Bundle
    start_coins: tuple[int, ...]  # by seat, start player first
    dice_per_player: int
    posts_per_player: int
    start_contracts: int
    goals_per_player: int
    expert_goals_dealt: int
    black_dice: dict[int, int]  # players -> black dice in the game
    white_dice: int
    compensation_below: int
    khan_slots: int
    spaces: dict[str, ActionSpace]
    contract_spaces: int
    contract_piles: int
    contract_pile_size: int
    contract_bonus: dict[int, Reward]  # contract space number -> extra reward for taking it
    hand_limit: int
    travel_coins: tuple[int, ...]  # coins for 1..6 steps
    reroll_cost: Bundle
    adjust_cost: Bundle
    black_die_cost: Bundle
    black_die_per_turn: int
    post_vp: dict[int, int]  # nth post placed -> VP
    goal_cities_vp: tuple[int, ...]  # distinct goal cities with a post (0..4) -> VP
    coins_per_vp: int
    goods_per_vp: int
    most_contracts_vp: int
    neutral: dict[int, NeutralDice]  # players -> fixed neutral dice
    first_game: tuple[str, ...]  # character ids by seat for the first game
    expert_characters_extra: int  # expert variant: reveal players + this many characters

    def travel_cost(self, steps: int) -> int:
        """Base coins for a Travel action of ``steps`` steps (route extra costs come on top).

        >>> components().rules.travel_cost(1), components().rules.travel_cost(6)
        (3, 18)
        """
        if not 1 <= steps <= len(self.travel_coins):
            raise ValueError(f"a Travel action moves 1-{len(self.travel_coins)} steps, not {steps}")
        return self.travel_coins[steps - 1]


@dataclass(frozen=True, slots=True)
class TradeOption:
    """One exchange of a city card: pay ``pay``, get ``gain``."""

    pay: Cost
    gain: Reward


@dataclass(frozen=True, slots=True)
class CityCard:
    """One of the 31 city cards; ``kind`` selects the effect, see ``data/city_cards.toml``.

    >>> str(components().city_cards["K16"])
    'pay 1 camel for 3 coins or pay 1 coin for 1 camel, up to die value times (same choice each time)'
    """

    id: str
    kind: str  # "exchange" | "by_die" | "count" | "city_bonus"
    options: tuple[TradeOption, ...] = ()  # exchange
    mixed: bool = False  # exchange: the options may differ between repetitions
    by_die: tuple[Reward, ...] = ()  # by_die: reward for die value 1..6
    counts: str | None = None  # count: "posts" | "completed_contracts"
    gain: Bundle = Bundle()  # count: per post / completed contract, at most die-value many
    pay: Cost = Cost()  # city_bonus: paid for each use
    times: tuple[int, ...] = ()  # city_bonus: uses for die value 1..6

    def __str__(self) -> str:
        if self.kind == "exchange":
            text = " or ".join(f"pay {o.pay} for {o.gain}" for o in self.options)
            same = "any choice each time" if self.mixed or len(self.options) == 1 else "same choice each time"
            return f"{text}, up to die value times ({same})"
        if self.kind == "by_die":
            return "; ".join(f"die {v}: {r}" for v, r in enumerate(self.by_die, 1))
        if self.kind == "count":
            what = "completed contract" if self.counts == "completed_contracts" else "trading post on the board"
            return f"{self.gain} per {what}, counting at most the die value"
        uses = "/".join(str(t) for t in self.times)
        paid = f", paying {self.pay} each time" if self.pay else ""
        return (f"the bonus of a small city where you have a post (a different city each time), "
                f"{uses} times by die value{paid}")


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: pay ``cost`` (camels and goods), get ``reward`` (always some VP)."""

    id: str
    starting: bool
    cost: Cost
    reward: Reward


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal card: ``vp`` if the player has a post in both ``cities`` at the end of the game."""

    id: str
    cities: tuple[str, str]
    vp: int


@dataclass(frozen=True, slots=True)
class Character:
    """One of the 10 character tiles: its ability in words and the numbers the ability uses.

    The abilities are implemented by the rules; unset fields mean the character lacks that part.
    """

    id: str
    name: str
    ability: str
    aliases: tuple[str, ...] = ()  # other spellings of the name (rulebook, English edition, BGA)
    players: int | None = None  # Mercator's three tiles: the player count the tile is for
    choose_dice: bool = False  # never rolls: sets each die's value when placing it
    compensation: bool = True  # False: never takes compensation
    white_die: int = 0  # extra colourless dice rolled each round
    round_reward: Reward | None = None  # received at the start of every round (round 1 included)
    bazaar_share: int = 0  # units of the space's resource when another player uses a bazaar space
    khan_share: Bundle = Bundle()  # when another player takes Khan's favor
    take_coins_share: Bundle = Bundle()  # when another player takes 5 coins
    start_location: str | None = None  # figure(s) start here instead of Venezia
    start_posts: tuple[str, ...] = ()  # posts placed at setup (Beijing: on its highest space)
    free_occupied: bool = False  # never pays to use an occupied space (city cards stay blocked)
    figures: int = 1  # travelling figures
    extra_posts: int = 0  # trading posts on top of the usual ones
    all_posts_vp: int = 0  # VP once every one of his posts is on the board
    posts_passing: bool = False  # places posts in every city moved through
    oasis_hop: bool = False  # any oasis to any other oasis counts as 1 step, with no route cost


@dataclass(frozen=True)
class Components:
    """Everything static about the game, shared by every state."""

    rules: Rules
    locations: dict[str, Location]
    routes: tuple[Route, ...]
    city_cards: dict[str, CityCard]
    contracts: dict[str, Contract]
    goals: dict[str, Goal]
    city_bonuses: dict[str, Reward]  # letter A-F -> bonus
    outposts: dict[str, Reward]  # tile id -> bonus
    characters: dict[str, Character]

    @functools.cached_property
    def start(self) -> str:
        """The start location (Venezia)."""
        return next(n for n, loc in self.locations.items() if loc.start)

    @functools.cached_property
    def beijing(self) -> str:
        """The location with the VP post spaces (Beijing)."""
        return next(n for n, loc in self.locations.items() if loc.vp_spaces)

    @functools.cached_property
    def card_spaces(self) -> dict[str, str]:
        """``{space name: city}`` for the 9 city-card spaces, in board order."""
        return {space: loc.name for loc in self.locations.values() for space in loc.city_cards}

    @functools.cached_property
    def bonus_cities(self) -> dict[str, str]:
        """``{letter: small city}``: the standard placement of the city bonus markers."""
        return {loc.city_bonus: loc.name for loc in self.locations.values() if loc.city_bonus}

    @functools.cached_property
    def starting_contracts(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.contracts.values() if c.starting)

    @functools.cached_property
    def deck_contracts(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.contracts.values() if not c.starting)

    def character(self, name: str, players: int | None = None) -> Character:
        """A character tile by id, name or alias; Mercator's tile is picked by ``players``.

        >>> components().character("Mercator ex Tabriz", players=3).id
        'Mercator-3'
        """
        found = [c for c in self.characters.values() if name in (c.id, c.name, *c.aliases)]
        if not found:
            known = ", ".join(dict.fromkeys(c.name for c in self.characters.values()))
            raise ArgumentError(f"unknown character {name!r}; characters: {known}")
        if len(found) > 1:
            tiles = [c for c in found if c.players == players]
            if len(tiles) != 1:
                counts = ", ".join(str(c.players) for c in found)
                raise ValueError(f"{name!r} has one tile per player count ({counts}); got players={players!r}")
            found = tiles
        return found[0]

    def characters_for(self, players: int) -> tuple[Character, ...]:
        """The 8 characters playable with ``players`` players (the matching Mercator tile)."""
        return tuple(c for c in self.characters.values() if c.players in (None, players))


# --------------------------------------------------------------------------- loading


class _Reader(TableReader):
    """Reads one entry of one data file: The Voyages of Marco Polo's bundles, rewards and costs."""

    def names(self, key: str) -> tuple[str, ...]:
        values = self.get(key, list, [])
        if any(not isinstance(v, str) for v in values):
            self.fail(f"{key} must list names, got {values!r}")
        return tuple(values)

    def bundle(self, key: str) -> Bundle:
        return self.sub(key).as_bundle()

    def as_bundle(self, extra: tuple[str, ...] = ()) -> Bundle:
        self.keys((), RESOURCES + extra)
        return Bundle(**{k: self.count(k) for k in RESOURCES})

    def as_reward(self, *, copy: bool = False) -> Reward:
        choices = self.get("choice", list, [])
        reward = Reward(
            gain=self.as_bundle(extra=REWARD_ICONS + ("choice",) + (("copy_bonus",) if copy else ())),
            **{k: self.count(k) for k in REWARD_ICONS},
            copy_bonus=self.flag("copy_bonus"),
            choice=tuple(self.sub(f"choice[{i}]", c).as_reward() for i, c in enumerate(choices)),
        )
        if len(choices) == 1:
            self.fail("a choice needs at least 2 options")
        if not (reward.gain or any(getattr(reward, k) for k in REWARD_ICONS) or reward.copy_bonus or reward.choice):
            self.fail("empty reward")
        return reward

    def reward(self, key: str) -> Reward:
        if key not in self.table:
            self.fail(f"missing key {key}")
        return self.sub(key).as_reward()

    def optional_reward(self, key: str) -> Reward | None:
        return self.reward(key) if key in self.table else None

    def as_cost(self) -> Cost:
        cost = Cost(self.as_bundle(extra=COST_ICONS), self.count("any_good"), self.count("different_goods"))
        if not cost:
            self.fail("empty cost")
        return cost

    def cost(self, key: str) -> Cost:
        if key not in self.table:
            self.fail(f"missing key {key}")
        return self.sub(key).as_cost()

    def choose(self, key: str, allowed: tuple[str, ...] | dict[str, Any], what: str, default: str | None = None) -> str:
        value: str | None = self.get(key, str, default)
        if value is None or value not in allowed:
            self.fail(f"{key} {value!r} is not a known {what} (known: {', '.join(allowed)})")
        return value

    def ident(self, seen: dict[str, Any]) -> str:
        ident: str = self.get("id", str)
        if ident is None or not ID_PATTERN.match(ident):
            self.fail(f"id must be a capitalised word (words joined by '-'), got {ident!r}")
        if ident in seen:
            self.fail(f"duplicate id {ident!r}")
        return ident


def _count_check(file: str, what: str, found: int, wanted: int) -> None:
    if found != wanted:
        raise DataError(f"{file}: the game has {what}, found {found}")


def _locations(raws: list[Any]) -> dict[str, Location]:
    file = "board.toml"
    locations: dict[str, Location] = {}
    for i, raw in enumerate(raws):
        r = _Reader(file, f"location[{i}]", raw, ident="name")
        r.keys(("name", "kind", "lat", "lon"), ("size", "start", "city_bonus", "city_cards", "vp_spaces"))
        name = r.get("name", str)
        if not NAME_PATTERN.match(name):
            r.fail("names are capitalised words joined by '-' (they are used in the action notation)")
        if name in locations:
            r.fail("duplicate location")
        kind = r.choose("kind", ("city", "oasis"), "location kind")
        lat, lon = r.get("lat", (int, float)), r.get("lon", (int, float))
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            r.fail(f"lat/lon out of range: {lat}, {lon}")
        size = r.choose("size", ("large", "small"), "city size") if "size" in r.table else None
        letter = r.choose("city_bonus", BONUS_LETTERS, "city bonus letter") if "city_bonus" in r.table else None
        n_cards = r.count("city_cards")
        vp_spaces = r.counts("vp_spaces", low=1)
        start = r.flag("start")
        if kind == "oasis" and (size or letter or n_cards or vp_spaces or start):
            r.fail("an oasis has no size, city bonus, city cards, VP spaces or start")
        if (size == "large") != (n_cards > 0):
            r.fail("large cities, and only they, have city-card spaces")
        if (size == "small") != (letter is not None):
            r.fail("small cities, and only they, have a city bonus letter")
        if (start or vp_spaces) and size:
            r.fail("Venezia and Beijing are neither large nor small cities")
        if start and vp_spaces:
            r.fail("the start takes no trading posts, so it has no VP spaces")
        if list(vp_spaces) != sorted(set(vp_spaces), reverse=True):
            r.fail(f"vp_spaces must be listed highest first without repeats, got {list(vp_spaces)}")
        cards = (name,) if n_cards == 1 else tuple(f"{name}-{k}" for k in range(1, n_cards + 1))
        locations[name] = Location(name, kind, float(lat), float(lon), size, start, letter, cards, vp_spaces)
    return locations


def _routes(raws: list[Any], locations: dict[str, Location]) -> tuple[Route, ...]:
    file = "board.toml"
    routes: list[Route] = []
    seen: set[frozenset[str]] = set()
    for i, raw in enumerate(raws):
        r = _Reader(file, f"route[{i}]", raw)
        ends = r.names("between")
        if len(ends) == 2:  # name the entry by its ends, not its position
            r.entry = f"route {ends[0]}-{ends[1]}"
        r.keys(("between",), ("coins", "camels"))
        if len(ends) != 2 or ends[0] == ends[1]:
            r.fail(f"between must name two different locations, got {list(ends)!r}")
        for end in ends:
            if end not in locations:
                r.fail(f"unknown location {end!r}")
        if frozenset(ends) in seen:
            r.fail("duplicate route")
        seen.add(frozenset(ends))
        routes.append(Route(ends[0], ends[1], r.count("coins"), r.count("camels")))
    return tuple(routes)


def _board(doc: dict[str, Any]) -> tuple[dict[str, Location], tuple[Route, ...]]:
    file = "board.toml"
    unknown = sorted(set(doc) - {"location", "route"})
    if unknown:
        raise DataError(f"{file}: unknown top-level key(s) {', '.join(unknown)} (expected [[location]], [[route]])")
    locations = _locations(entries(file, {"location": doc.get("location")}, "location", 25))
    routes = _routes(entries(file, {"route": doc.get("route")}, "route", 30), locations)
    kinds = [loc.size or ("start" if loc.start else "beijing" if loc.vp_spaces else loc.kind)
             for loc in locations.values()]
    for what, wanted in (("start", 1), ("beijing", 1), ("large", 7), ("small", 6), ("oasis", 10)):
        _count_check(file, f"{wanted} {what} location(s)", kinds.count(what), wanted)
    _count_check(file, "9 city-card spaces", sum(len(loc.city_cards) for loc in locations.values()), 9)
    letters = sorted(loc.city_bonus for loc in locations.values() if loc.city_bonus)
    if letters != list(BONUS_LETTERS):
        raise DataError(f"{file}: the small cities carry the letters A-F once each, found {', '.join(letters)}")
    import networkx as nx  # the board module builds the shared graph; here we only check connectivity

    g = nx.Graph()
    g.add_nodes_from(locations)
    g.add_edges_from((r.a, r.b) for r in routes)
    if not nx.is_connected(g):
        parts = sorted(nx.connected_components(g), key=len)
        raise DataError(f"{file}: the map is not connected; cut off: {', '.join(sorted(parts[0]))}")
    return locations, routes


SPACES = ("take_coins", "khans_favor", "contracts", "camels", "pepper", "silk", "gold", "travel", "city_card",
          "money_bag")


def _space(spaces: _Reader, name: str) -> ActionSpace:
    s = spaces.sub(name)
    s.keys(("dice",), ("main", "occupancy", "reward", "by_die", "good"))
    by_die = s.get("by_die", list, [])
    if by_die and len(by_die) != DIE_VALUES:
        s.fail(f"by_die lists one reward per die value 1-6, got {len(by_die)}")
    good = s.choose("good", ("camels", *GOODS), "bazaar resource") if "good" in s.table else None
    if bool(by_die) != (good is not None):
        s.fail("the bazaar spaces, and only they, have a good and a by_die table")
    return ActionSpace(
        name, s.count("dice", low=1), bool(s.get("main", bool, True)),
        s.choose("occupancy", OCCUPANCY, "occupancy rule", default="fee"), s.optional_reward("reward"),
        tuple(s.sub(f"by_die[{j}]", x).as_reward() for j, x in enumerate(by_die)), good,
    )


def _rules(doc: dict[str, Any]) -> Rules:
    r = _Reader("rules.toml", "rules", doc)
    r.keys(("rounds", "min_players", "max_players", "start", "start_coins", "dice_per_player", "posts_per_player",
            "start_contracts", "goals_per_player", "expert_goals_dealt", "black_dice", "white_dice",
            "compensation_below", "khan_slots", "spaces", "contract_spaces", "contract_piles", "contract_pile_size",
            "contract_bonus", "hand_limit", "travel_coins", "reroll_cost", "adjust_cost", "black_die_cost",
            "black_die_per_turn", "post_vp", "goal_cities_vp", "coins_per_vp", "goods_per_vp", "most_contracts_vp",
            "neutral", "first_game", "expert_characters_extra"))
    low, high = r.count("min_players", low=1), r.count("max_players", low=1)
    if low > high:
        r.fail(f"min_players {low} exceeds max_players {high}")
    table = r.sub("spaces")
    table.keys(SPACES)
    spaces = {name: _space(table, name) for name in SPACES}
    contract_spaces = r.count("contract_spaces", low=1)
    posts = r.count("posts_per_player", low=1)
    khan_slots = r.count("khan_slots", low=1)
    black = r.int_counts("black_dice", low, high)
    if sorted(black) != list(range(low, high + 1)):
        r.fail(f"black_dice gives a count for every player count {low}-{high}")
    neutral = {}
    for players, raw in r.int_keyed("neutral", low, high).items():
        s = r.sub(f"neutral.{players}", raw)
        s.keys((), ("khan", "take_coins"))
        neutral[players] = NeutralDice(s.counts("khan", low=1), s.count("take_coins"))
        khan = list(neutral[players].khan)
        if len(khan) > khan_slots or khan != sorted(khan) or any(v > DIE_VALUES for v in khan):
            s.fail(f"the fixed Khan's favor dice are at most {khan_slots} values 1-6, each >= the previous")
    post_vp = r.int_counts("post_vp", 1, posts, least=1)
    goal_vp = r.counts("goal_cities_vp")
    if not goal_vp or goal_vp[0] != 0 or list(goal_vp) != sorted(goal_vp):
        r.fail("goal_cities_vp must start at 0 (no city) and never decrease")
    travel = r.counts("travel_coins", DIE_VALUES, low=1)
    if list(travel) != sorted(travel):
        r.fail("travel_coins must never decrease with more steps")
    return Rules(
        rounds=r.count("rounds", low=1), min_players=low, max_players=high,
        start=r.bundle("start"), start_coins=r.counts("start_coins", high),
        dice_per_player=r.count("dice_per_player", low=1), posts_per_player=posts,
        start_contracts=r.count("start_contracts"), goals_per_player=r.count("goals_per_player"),
        expert_goals_dealt=r.count("expert_goals_dealt"), black_dice=black, white_dice=r.count("white_dice"),
        compensation_below=r.count("compensation_below"), khan_slots=khan_slots, spaces=spaces,
        contract_spaces=contract_spaces, contract_piles=r.count("contract_piles", low=1),
        contract_pile_size=r.count("contract_pile_size", low=1),
        contract_bonus={k: r.sub(f"contract_bonus.{k}", v).as_reward()
                        for k, v in r.int_keyed("contract_bonus", 1, contract_spaces).items()},
        hand_limit=r.count("hand_limit", low=1), travel_coins=travel,
        reroll_cost=r.bundle("reroll_cost"), adjust_cost=r.bundle("adjust_cost"),
        black_die_cost=r.bundle("black_die_cost"), black_die_per_turn=r.count("black_die_per_turn", low=1),
        post_vp=post_vp, goal_cities_vp=goal_vp, coins_per_vp=r.count("coins_per_vp", low=1),
        goods_per_vp=r.count("goods_per_vp", low=1), most_contracts_vp=r.count("most_contracts_vp"),
        neutral=neutral, first_game=r.names("first_game"),
        expert_characters_extra=r.count("expert_characters_extra"),
    )


def _city_card(r: _Reader, ident: str) -> CityCard:
    extra = {"exchange": ("options", "mixed"), "by_die": ("by_die",), "count": ("counts", "gain"),
             "city_bonus": ("times", "pay")}
    kind = r.choose("kind", CARD_KINDS, "city card kind")
    r.keys(("id", "kind"), extra[kind])
    options = []
    for j, o in enumerate(r.get("options", list, [])):
        s = r.sub(f"options[{j}]", o)
        s.keys(("pay", "gain"))
        options.append(TradeOption(s.cost("pay"), s.reward("gain")))
    by_die = tuple(r.sub(f"by_die[{j}]", x).as_reward() for j, x in enumerate(r.get("by_die", list, [])))
    counts = r.choose("counts", COUNTS, "count") if kind == "count" else None
    gain = r.bundle("gain")
    times = r.counts("times", DIE_VALUES if kind == "city_bonus" else None, low=1)
    if kind == "exchange" and not options:
        r.fail("an exchange card needs at least one option")
    if kind == "by_die" and len(by_die) != DIE_VALUES:
        r.fail(f"by_die lists one reward per die value 1-6, got {len(by_die)}")
    if kind == "count" and not gain:
        r.fail("a count card needs a gain per unit")
    pay = r.sub("pay").as_cost() if "pay" in r.table else Cost()
    return CityCard(ident, kind, tuple(options), r.flag("mixed"), by_die, counts, gain, pay, times)


def _contract(r: _Reader, ident: str) -> Contract:
    r.keys(("id", "cost", "reward"), ("starting",))
    reward = r.reward("reward")
    if not reward.gain.vp:
        r.fail("every contract reward includes VP")
    return Contract(ident, r.flag("starting"), r.cost("cost"), reward)


def _goal(r: _Reader, ident: str, locations: dict[str, Location]) -> Goal:
    r.keys(("id", "cities", "vp"))
    cities = r.names("cities")
    if len(cities) != 2 or cities[0] == cities[1]:
        r.fail(f"cities must name two different cities, got {list(cities)!r}")
    for city in cities:
        if city not in locations or not locations[city].takes_posts:
            r.fail(f"{city!r} is not a city of board.toml where posts can be placed")
    return Goal(ident, (cities[0], cities[1]), r.count("vp", low=1))


def _character(r: _Reader, ident: str, locations: dict[str, Location]) -> Character:
    r.keys(("id", "name", "ability"), (
        "aliases", "players", "choose_dice", "compensation", "white_die", "round_reward", "bazaar_share", "khan_share",
        "take_coins_share", "start_location", "start_posts", "free_occupied", "figures", "extra_posts",
        "all_posts_vp", "posts_passing", "oasis_hop"))
    start = r.choose("start_location", locations, "location of board.toml") if "start_location" in r.table else None
    posts = r.names("start_posts")
    for city in posts:
        if city not in locations or not locations[city].takes_posts:
            r.fail(f"start_posts: {city!r} is not a city of board.toml where posts can be placed")
    players = r.get("players", int)
    return Character(
        ident, r.get("name", str), r.get("ability", str), r.names("aliases"), players,
        compensation=bool(r.get("compensation", bool, True)), round_reward=r.optional_reward("round_reward"),
        khan_share=r.bundle("khan_share"), take_coins_share=r.bundle("take_coins_share"),
        start_location=start, start_posts=posts, figures=r.count("figures", 1, low=1),
        choose_dice=r.flag("choose_dice"), free_occupied=r.flag("free_occupied"),
        posts_passing=r.flag("posts_passing"), oasis_hop=r.flag("oasis_hop"),
        white_die=r.count("white_die"), bazaar_share=r.count("bazaar_share"),
        extra_posts=r.count("extra_posts"), all_posts_vp=r.count("all_posts_vp"),
    )


def _table(file: str, key: str, doc: dict[str, Any], count: int,
           read: Callable[[_Reader, str], Any]) -> dict[str, Any]:
    """The ``count`` entries ``[[key]]`` of ``file``, each read by ``read(reader, id)``, keyed by id."""
    out: dict[str, Any] = {}
    for i, raw in enumerate(entries(file, doc, key, count)):
        r = _Reader(file, f"{key}[{i}]", raw, ident="id")
        ident = r.ident(out)
        out[ident] = read(r, ident)
    return out


def _bonus(r: _Reader, copy: bool = False) -> Reward:
    r.keys(("id", "reward"))
    return r.sub("reward").as_reward(copy=copy)


FILES = ("rules.toml", "board.toml", "contracts.toml", "city_cards.toml", "goals.toml", "city_bonuses.toml",
         "outposts.toml", "characters.toml")


def load_components(files: dict[str, str] | None = None) -> Components:
    """Load and validate the component files.

    ``files`` maps file names to replacement TOML text (used by tests and data packs); every
    other file is read from the package. Raises :class:`DataError` naming the file and entry.
    """
    files = files or {}
    unknown = sorted(set(files) - set(FILES))
    if unknown:
        raise DataError(f"unknown data file(s) {', '.join(unknown)} (the files are {', '.join(FILES)})")

    def doc(name: str) -> dict[str, Any]:
        if name in files:
            return parse_toml(name, files[name])
        text = resources.files("mp_notebook.rulesets.voyages").joinpath("data").joinpath(name).read_text("utf-8")
        return parse_toml(name, text)

    rules = _rules(doc("rules.toml"))
    locations, routes = _board(doc("board.toml"))
    contracts = _table("contracts.toml", "contract", doc("contracts.toml"), 44, _contract)
    starting = sum(c.starting for c in contracts.values())
    _count_check("contracts.toml", "6 starting contracts", starting, 6)
    deck = len(contracts) - starting
    if rules.contract_piles * rules.contract_pile_size >= deck or rules.contract_pile_size != rules.contract_spaces:
        raise DataError(f"rules.toml: {rules.contract_piles} piles of {rules.contract_pile_size} contracts must "
                        f"fill the {rules.contract_spaces} contract spaces and leave a special pile of the {deck}")
    bonuses = _table("city_bonuses.toml", "marker", doc("city_bonuses.toml"), 6,
                     lambda r, _: _bonus(r, copy=True))
    if sorted(bonuses) != list(BONUS_LETTERS):
        raise DataError(f"city_bonuses.toml: the markers are lettered A-F, found {', '.join(sorted(bonuses))}")
    characters = _table("characters.toml", "character", doc("characters.toml"), 10,
                        lambda r, i: _character(r, i, locations))
    _check_characters(characters, rules)
    return Components(
        rules=rules, locations=locations, routes=routes,
        city_cards=_table("city_cards.toml", "card", doc("city_cards.toml"), 31, _city_card),
        contracts=contracts,
        goals=_table("goals.toml", "goal", doc("goals.toml"), 18, lambda r, i: _goal(r, i, locations)),
        city_bonuses=bonuses,
        outposts=_table("outposts.toml", "tile", doc("outposts.toml"), 10, lambda r, _: _bonus(r)),
        characters=characters,
    )


def _check_characters(characters: dict[str, Character], rules: Rules) -> None:
    """8 different characters on 10 tiles, the repeated one with one tile per player count."""
    file = "characters.toml"
    names = [c.name for c in characters.values()]
    _count_check(file, "8 different characters", len(set(names)), 8)
    for name in set(names):
        tiles = [c for c in characters.values() if c.name == name]
        counts = sorted(c.players for c in tiles if c.players is not None)
        if len(tiles) > 1 and counts != list(range(rules.min_players, rules.max_players + 1)):
            raise DataError(f"{file}: character {name!r}: a character with several tiles has one per player "
                            f"count {rules.min_players}-{rules.max_players}, found {counts}")
        if len(tiles) == 1 and tiles[0].players is not None:
            raise DataError(f"{file}: character {tiles[0].id!r}: only a character with several tiles names players")
    for ident in rules.first_game:
        if ident not in characters:
            raise DataError(f"rules.toml: first_game: {ident!r} is not a character id of characters.toml")
    if len(rules.first_game) != rules.max_players:
        raise DataError(f"rules.toml: first_game names one character per seat ({rules.max_players})")


@functools.cache
def components() -> Components:
    """The shipped component set, loaded once per process and shared by every state."""
    return load_components()


@functools.cache
def shared_board() -> Board:
    """The one route graph of The Voyages of Marco Polo, shared by every state."""
    c = components()
    return Board("voyages", c.locations, c.routes, c.start)
