"""The solo Automa of seed 004: its components, its state and its turn, resolved inside ``apply``.

The Automa sits in seat 1 of a 2-player game. It never pays resources, never awaits a decision,
and draws every die roll from the game's seeded RNG, so a solo game replays exactly. Each step of
its turn is logged with the Automa card and the rule (section of 004) that caused it.

>>> import mp_notebook as mp
>>> s = mp.new_game(["Ana"], automa="L2", seed=3)  # the Automa is drawn to start: it has played a card
>>> s.players[1].name, s.automa.level, s.first_player, len(s.automa.deck)
('Automa', 'L2', 1, 7)
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources
from typing import TYPE_CHECKING

from mp_notebook.engine.errors import ArgumentError, DataError
from mp_notebook.engine.rng import shuffled
from mp_notebook.engine.text import counted
from mp_notebook.engine.validate import shown
from mp_notebook.rulesets._shared import dice as placing
from mp_notebook.rulesets._shared.data import parse_toml
from mp_notebook.rulesets.mp2.citations import R_FIRST, R_POSTS
from mp_notebook.rulesets.mp2.components import SEALS, Bundle, Reward, _Reader

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.state import Mp2State

SEAT = 1
MAIN_ACTIONS = ("travel", "books", "books_lev0", "khans_favor", "city_action", "external_city",
                "guild_seal_plus1", "abcde")
A_SPACE = "Solo rules (004): "


# ============================================================================== components


@dataclass(frozen=True, slots=True)
class AutomaCard:
    id: str
    bonus: str | None  # "black_die" | "complete" | None
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Skill:
    level: str
    trading_post_card: str
    city_action: Reward
    contract_vp: int


@dataclass(frozen=True, slots=True)
class TradingPostCard:
    id: str
    slots: tuple[Reward | None, ...]
    seal_vp: int
    pin: int
    plus_spaces: int


@dataclass(frozen=True)
class AutomaComponents:
    seals: dict[str, str]  # Smart Mat space A-D -> seal type
    city_actions: tuple[str, ...]
    cards: dict[str, AutomaCard]
    slides: dict[str, tuple[tuple[str, str | None], ...]]  # (city, red letter)
    skills: dict[str, Skill]
    trading_post_cards: dict[str, TradingPostCard]


@functools.cache
def automa_components() -> AutomaComponents:
    """Load and validate ``data/automa.toml``."""
    return load_automa(resources.files("mp_notebook.rulesets.mp2").joinpath("data", "automa.toml").read_text("utf-8"))


def load_automa(text: str) -> AutomaComponents:
    """Validate the text of ``automa.toml``; raises :class:`DataError` naming the entry."""
    from mp_notebook.rulesets.mp2.components import components

    file = "automa.toml"
    doc = parse_toml(file, text)
    top = _Reader(file, "top level", doc)
    top.keys(("playmat", "card", "slide", "skill", "trading_post_card"))
    c = components()

    def tables(key: str) -> list[_Reader]:
        return [_Reader(file, f"{key}[{i}]", raw, ident="level" if key == "skill" else "id")
                for i, raw in enumerate(top.items(key, dict))]

    mat = top.sub("playmat")
    mat.keys(("seals", "city_actions"))
    letters = mat.sub("seals")
    seals = {letter: letters.get(letter, str) for letter in letters.table}
    if set(seals) != set("ABCD") or sorted(seals.values()) != sorted(SEALS):
        mat.fail("seals maps A, B, C, D to the four guild seals")
    spaces = set(c.special_cities) | set(c.card_spaces)
    city_actions = tuple(mat.items("city_actions", str))
    if set(city_actions) != spaces or len(city_actions) != len(spaces):
        mat.fail(f"city_actions lists the special cities and card spaces once each: {sorted(spaces)}")
    cards: dict[str, AutomaCard] = {}
    for r in tables("card"):
        r.keys(("id", "actions"), ("bonus",))
        actions = tuple(r.items("actions", str))
        if not actions or actions[-1] != "books" or set(actions) - set(MAIN_ACTIONS):
            r.fail(f"actions are among {', '.join(MAIN_ACTIONS)} and end with books")
        if r.get("bonus", str) not in (None, "black_die", "complete"):
            r.fail("bonus is black_die or complete")
        ident = r.unique("id", cards)
        cards[ident] = AutomaCard(ident, r.get("bonus", str), actions)
    if len(cards) != 8:
        raise DataError(f"{file}: the Automa has 8 cards, found {len(cards)}")
    slides: dict[str, tuple[tuple[str, str | None], ...]] = {}
    for r in tables("slide"):
        r.keys(("id", "trip"))
        trip = []
        entries = r.items("trip", str)
        if not entries:
            r.fail("a trip is a list of cities (with red letters: 'City/A')")
        for entry in entries:
            city, _, letter = entry.partition("/")
            if city not in c.locations or not c.locations[city].is_city or (letter and letter not in "ABC"):
                r.fail(f"{entry!r}: trips list cities of board.toml, red letters A, B or C")
            trip.append((city, letter or None))
        if trip[0][0] != shared_start():
            r.fail("a trip starts in the start city")
        slides[r.unique("id", slides)] = tuple(trip)
    if len(slides) != 12:
        raise DataError(f"{file}: there are 12 trip slides, found {len(slides)}")
    tp_cards: dict[str, TradingPostCard] = {}
    for r in tables("trading_post_card"):
        r.keys(("id", "slots", "seal_vp", "pin", "plus_spaces"))
        slots = tuple(_reward_text(r, x) for x in r.items("slots", str))
        if len(slots) != c.rules.posts_per_player:
            r.fail(f"a trading post card holds {c.rules.posts_per_player} posts")
        ident = r.unique("id", tp_cards)
        tp_cards[ident] = TradingPostCard(ident, slots, r.count("seal_vp"), r.count("pin"), r.count("plus_spaces"))
    skills: dict[str, Skill] = {}
    for r in tables("skill"):
        r.keys(("level", "trading_post_card", "city_action", "contract_vp"))
        tp = r.name("trading_post_card", tp_cards, "trading post card")
        level = r.unique("level", skills)
        skills[level] = Skill(level, tp, r.sub("city_action").as_reward(), r.count("contract_vp"))
    if set(skills) != {"L1", "L2", "L3"}:
        raise DataError(f"{file}: skill cards are L1, L2 and L3")
    return AutomaComponents(seals, city_actions, cards, slides, skills, tp_cards)


def shared_start() -> str:
    from mp_notebook.rulesets.mp2.components import components

    return next(loc.name for loc in components().locations.values() if loc.start)


# what a trading post card slot ``key=N`` gives
_SLOT_REWARDS: dict[str, Callable[[int], Reward]] = {
    "vp": lambda n: Reward(gain=Bundle(vp=n)),
    "black_die": lambda n: Reward(black_die=n),
    "move": lambda n: Reward(move=n),
    "contract_pile": lambda n: Reward(contract_pile=n),
}


def _reward_text(r: _Reader, text: str) -> Reward | None:
    if not text:
        return None
    key, _, value = text.partition("=")
    if key not in _SLOT_REWARDS or not value.isdigit():
        r.fail(f"slot {text!r}: vp=N, black_die=N, move=N or contract_pile=N")
    return _SLOT_REWARDS[key](int(value))


# ============================================================================== state


@dataclass(frozen=True, slots=True)
class Automa:
    """The Automa's side of the table (the Smart Mat and its hand)."""
    level: str
    character: str  # the Automa's character (its powers are the skill and trading post cards)
    slide: str
    position: int  # index on the trip slide of the city shown first; -1 before the first travel
    deck: tuple[str, ...]  # Automa cards still to draw this round
    dice: int  # unplaced dice of its colour (they have no value: the Automa never rolls them)
    black: int  # black dice held
    mat: tuple[tuple[str, str], ...]  # A-D -> "coin" | "open" | "seal" (unresolved) | "done"
    contracts: tuple[str, ...]  # unresolved contracts on space E, top first
    done: tuple[str, ...]  # completed contracts

    def space(self, letter: str) -> str:
        return dict(self.mat)[letter]

    def with_space(self, letter: str, status: str) -> Automa:
        return replace(self, mat=tuple((k, status if k == letter else v) for k, v in self.mat))


def _automa(s: Mp2State) -> Automa:
    """The Automa of the solo game ``s`` (the rules below run only in a game with one)."""
    a = s.automa
    if a is None:
        raise RuntimeError("the Automa's rules were applied to a game without an Automa")
    return a


def new_automa(level: str, character: str, rng: int, starting_contract: str) -> tuple[int, Automa]:
    """The Automa at setup: a random trip slide, coins on A-D, its starting contract on E."""
    ac = automa_components()
    if level not in ac.skills:
        raise ArgumentError(f"automa difficulty is one of {', '.join(sorted(ac.skills))}, got {shown(level)}")
    rng, slides = shuffled(rng, sorted(ac.slides))
    return rng, Automa(level, character, slides[0], -1, (), 0, 0, tuple((k, "coin") for k in "ABCD"),
                       (starting_contract,), ())


def start_round(s: Mp2State) -> None:
    """Round start for the Automa: its 5 dice back, black dice returned, its 8 cards reshuffled."""
    ac = automa_components()
    s.rng, deck = shuffled(s.rng, sorted(ac.cards))
    s.automa = replace(_automa(s), deck=deck, dice=s.components.rules.dice_per_player, black=0)
    s._note(SEAT, "the Automa takes back its dice and reshuffles its 8 cards", A_SPACE + "The Automa's turn")


def has_dice(s: Mp2State) -> bool:
    a = _automa(s)
    return bool(a.dice + a.black) and bool(a.deck)


# ============================================================================== the turn


def take_turn(s: Mp2State) -> None:
    """One Automa turn: draw a card, its bonus action, then its first valid main action (the
    rules then end its turn)."""
    a = _automa(s)
    card = automa_components().cards[a.deck[0]]
    s.automa = replace(a, deck=a.deck[1:])
    s._note(SEAT, f"the Automa draws card {card.id}: bonus {card.bonus or 'none'}, then the first valid of "
                  f"{', '.join(card.actions)}", A_SPACE + "The Automa's turn")
    if card.bonus == "black_die":
        _take_black(s, f"card {card.id}")
    elif card.bonus == "complete":
        _complete_one(s, card.id)
    for action in card.actions:
        if _ACTIONS[action](s, card.id):
            break
    a = _automa(s)
    if not a.deck and a.dice + a.black:
        s._note(SEAT, "the Automa's deck is empty: it ends its round without using its remaining dice",
                A_SPACE + "The Automa's turn")
        s.automa = replace(a, dice=0, black=0)


def _rule(section: str) -> str:
    return A_SPACE + section


def _dice_for(s: Mp2State, key: str, n: int) -> tuple[int, int] | None:
    """``(own, black)`` dice the Automa would place on ``key``: its colour first, black if required."""
    a = _automa(s)
    own = min(n, a.dice) if placing.colour_free(s.space(key), SEAT) else 0
    black = n - own
    return (own, black) if black <= a.black else None


def _place(s: Mp2State, key: str, own: int, black: int, value: int) -> None:
    """Place ``own`` Automa dice and ``black`` black dice, all showing ``value``, on ``key``."""
    s.spaces = {**s.spaces, key: placing.placed(s.space(key), SEAT, (value,) * own, (value,) * (own + black))}
    s.placed = (*s.placed, (key, SEAT, (value,) * own, (value,) * black))
    a = _automa(s)
    s.automa = replace(a, dice=a.dice - own, black=a.black - black)


def _take_black(s: Mp2State, why: str) -> None:
    if not s.black_pool:
        s._note(SEAT, f"no black die left on the board for the Automa ({why})", _rule("Take 1 black die"))
        return
    s.black_pool = s.black_pool[1:]
    a = _automa(s)
    s.automa = replace(a, black=a.black + 1)
    s._note(SEAT, f"the Automa takes a black die ({why})", _rule("Take 1 black die"))


# --- bonus: complete a seal or a contract ---------------------------------------------------


def _complete_one(s: Mp2State, card: str) -> None:
    a = _automa(s)
    ac = automa_components()
    for letter in "ABCD":
        if a.space(letter) == "seal":
            s.automa = a.with_space(letter, "done")
            seal = ac.seals[letter]
            _set_seal(s, seal, improved=True)
            s._note(SEAT, f"the Automa completes its {seal} seal on space {letter} (card {card}; no bonus)",
                    _rule("Complete 1 guild seal or 1 contract"))
            return
    if a.contracts:
        cid, rest = a.contracts[0], a.contracts[1:]
        s.automa = replace(a, contracts=rest, done=(*a.done, cid))
        s._note(SEAT, f"the Automa completes contract {cid} from space E (card {card})",
                _rule("Complete 1 guild seal or 1 contract"))
        contract = s.components.contracts[cid]
        _reward(s, contract.reward, f"contract {cid}")
        bonus = ac.skills[a.level].contract_vp
        if bonus:
            _vp(s, bonus, f"skill card {a.level}: completed contract")
        return
    s._note(SEAT, f"the Automa has no unresolved seal or contract to complete (card {card})",
            _rule("Complete 1 guild seal or 1 contract"))


def _set_seal(s: Mp2State, seal: str, improved: bool) -> None:
    p = s._player(SEAT)
    levels = dict(p.seal_levels)
    levels[seal] = improved
    object.__setattr__(p, "seal_levels", tuple((t, levels[t]) for t in SEALS if t in levels))


def _vp(s: Mp2State, n: int, why: str) -> None:
    p = s._player(SEAT)
    object.__setattr__(p, "vp", p.vp + n)
    s._note(SEAT, f"the Automa scores {n} VP ({why})", _rule("Automa overview"))


def _reward(s: Mp2State, reward: Reward, why: str) -> None:
    """The only rewards the Automa takes: VP, black dice, advancements and new contracts."""
    if reward.gain.vp:
        _vp(s, reward.gain.vp, why)
    for _ in range(reward.black_die):
        _take_black(s, why)
    for _ in range(reward.contract_pile):
        if s.contract_pile:
            cid, s.contract_pile = s.contract_pile[0], s.contract_pile[1:]
            a = _automa(s)
            s.automa = replace(a, contracts=(*a.contracts, cid))
            s._note(SEAT, f"the Automa puts new contract {cid} under space E ({why})", _rule("Automa overview"))
    for _ in range(reward.contract_city):  # reading: the base icon, with space E's choice of contract
        picks = _best_contracts(s, [c for c in s.display if c in s.players[SEAT].trading_posts], 1)
        if picks:
            _take_contracts(s, picks, _rule("Automa overview"))
        else:
            s._note(SEAT, f"no contract in a contract city where the Automa has a post ({why})",
                    _rule("Automa overview"))
    if reward.move:
        _advance(s, reward.move, why)


# --- travel -----------------------------------------------------------------------------------


def _trip(s: Mp2State) -> tuple[tuple[str, str | None], ...]:
    return automa_components().slides[_automa(s).slide]


def _path(s: Mp2State, start: str, goal: str) -> list[str] | None:
    """The shortest path the Automa may take (it needs the seals of sea/river routes)."""
    p = s.players[SEAT]
    previous: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [here]
            while (before := previous[path[-1]]) is not None:
                path.append(before)
            return path[::-1]
        for nxt, _, route, _ in s.board.adjacent[here]:
            if nxt not in previous and (route.seal is None or p.has_seal(route.seal)):
                previous[nxt] = here
                queue.append(nxt)
    return None


def _next_target(s: Mp2State) -> str | None:
    trip = _trip(s)
    index = max(_automa(s).position, 0) + 1
    return trip[index][0] if index < len(trip) else None


def _travel(s: Mp2State, card: str) -> bool:
    target = _next_target(s)
    path = _path(s, s.players[SEAT].location, target) if target else None
    if not path:
        return False
    moves = len(path) - 1
    spaces = s.components.rules.travel
    natural = next((k for k, sp in enumerate(spaces) if moves <= sp.max_moves), None)
    if natural is None:
        return False
    for k in range(natural, len(spaces)):
        dice = _dice_for(s, "travel:" + spaces[k].name, spaces[k].dice)
        if dice:
            break
    else:
        return False

    space = spaces[k]
    _place(s, "travel:" + space.name, *dice, value=6)
    if _automa(s).position < 0:
        s.automa = replace(_automa(s), position=0)
        s._note(SEAT, f"first travel: the trip slide shows {', '.join(c for c, _ in _trip(s)[:3])}",
                _rule("Travel, special cases"))
    s._note(SEAT, f"the Automa places {counted(sum(dice), 'die', 'dice')} on the {space.name} Travel space "
                  f"(card {card}) to reach {target} in {counted(moves, 'move')}", _rule("Travel"))
    if k >= s.travel_high:
        s.travel_high, s.next_first = k, SEAT
        s._note(SEAT, "the Automa will be first player next round", R_FIRST)
    _walk(s, path)
    if k > natural and k == len(spaces) - 1:  # forced up to the 3-dice space: on to the next city too
        following = _next_target(s)
        more = _path(s, s.players[SEAT].location, following) if following else None
        if more:
            s._note(SEAT, f"forced onto the 3-dice space, the Automa goes on to {following}",
                    _rule("Travel, special cases"))
            _walk(s, more)
    return True


def _walk(s: Mp2State, path: list[str]) -> None:
    p = s._player(SEAT)
    object.__setattr__(p, "location", path[-1])
    s._note(SEAT, f"the Automa travels {' → '.join(path)} (pays nothing)", _rule("Automa overview"))
    _arrive(s, path[-1])


def _advance(s: Mp2State, moves: int, why: str) -> None:
    """Advancements: single steps toward the next city of the trip (both only if 2+ moves are needed)."""
    target = _next_target(s)
    path = _path(s, s.players[SEAT].location, target) if target and _automa(s).position >= 0 else None
    if not path or len(path) < 2:
        s._note(SEAT, f"the Automa cannot use its advancement ({why})", _rule("Travel, special cases"))
        return
    steps = 1 if len(path) - 1 == 1 else min(moves, len(path) - 1)
    p = s._player(SEAT)
    object.__setattr__(p, "location", path[steps])
    s._note(SEAT, f"the Automa advances {counted(steps, 'step')} to {path[steps]} ({why})",
            _rule("Travel, special cases"))
    if path[steps] == target:
        _arrive(s, target)


def _arrive(s: Mp2State, city: str) -> None:
    """Reaching the next city of the trip: post, outpost tile, best contract, slide shift, red letter.

    Reading (automa.toml): a post's bonus is its Trading Post card slot, never the base game's
    VP for the 9th-11th post (the Automa has no player board); with all 11 posts placed it places
    none and takes nothing in the city."""
    c = s.components
    trip = _trip(s)
    position = _automa(s).position + 1
    s.automa = replace(_automa(s), position=position)
    letter = trip[position][1] if position < len(trip) else None
    p = s.players[SEAT]
    if city != s.board.start and city not in p.trading_posts and len(p.trading_posts) < c.rules.posts_per_player:
        p = s._player(SEAT)
        object.__setattr__(p, "trading_posts", (*p.trading_posts, city))
        n = len(p.trading_posts)
        s.posted_now = s.posted_now | {city}
        s._note(SEAT, f"the Automa places trading post #{n} in {city}", R_POSTS)
        slot = automa_components().trading_post_cards[_skill(s).trading_post_card].slots[n - 1]
        if slot:
            _reward(s, slot, f"trading post card slot {n}")
        tile = s.outposts.get(city)
        if tile:
            outposts = dict(s.outposts)
            outposts[city] = ""
            s.outposts = outposts
            s._note(SEAT, f"the Automa discards the outpost bonus tile {tile} of {city}", _rule("Travel"))
            _reward(s, c.outposts[tile], f"outpost bonus tile {tile}")
        if c.locations[city].contracts:
            best = _best_contracts(s, [city], 1)
            if best:
                _take_contracts(s, best, _rule("Travel"))
    if letter and _automa(s).space(letter) == "coin":
        s.automa = _automa(s).with_space(letter, "open")
        s._note(SEAT, f"the trip slide shows the red letter {letter}: its coin is removed", _rule("Travel"))


def _skill(s: Mp2State) -> Skill:
    return automa_components().skills[_automa(s).level]


def _contract_rank(s: Mp2State, cid: str) -> tuple[int, int, int, int, str]:
    r = s.components.contracts[cid].reward
    return (-r.gain.vp, -r.move, -r.black_die, -(r.contract_pile + r.contract_city), cid)


def _best_contracts(s: Mp2State, cities: list[str], n: int) -> list[tuple[str, str]]:
    """Most VP first; ties: advancements, black die, new contract (then the id, for determinism)."""
    options = [(city, cid) for city in cities for cid in s.display.get(city, ()) if cid]
    return sorted(options, key=lambda o: _contract_rank(s, o[1]))[:n]


def _take_contracts(s: Mp2State, picks: list[tuple[str, str]], rule: str) -> None:
    display = dict(s.display)
    for city, cid in picks:
        display[city] = tuple(None if x == cid else x for x in display[city])  # type: ignore[assignment]
        a = _automa(s)
        s.automa = replace(a, contracts=(*a.contracts, cid))
        s._note(SEAT, f"the Automa takes contract {cid} from {city} (most VP) and puts it under space E",
                rule)
    s.display = display


# --- the other main actions ----------------------------------------------------------------


def _books(s: Mp2State, card: str, lev0: bool = False) -> bool:

    books = s.components.rules.books
    a = _automa(s)
    valid = [b for b in books if _dice_for(s, "book:" + b.name, 1) and not (lev0 and s.space("book:" + b.name)[1])]
    if not valid:
        if lev0 or not (a.dice + a.black):
            return False
        valid = [books[0]]  # interpretation: Books is always valid; with every space barred it takes pepper
    roll = s.roll() if len(valid) > 1 or not lev0 else 0
    wanted = 1 if roll == 1 else 2 if roll in (2, 3) else 3
    choice = next((b for b in valid if b.book == wanted), None) or max(valid, key=lambda b: (b.book, -books.index(b)))
    own, black = _dice_for(s, "book:" + choice.name, 1) or (min(1, a.dice), 1 - min(1, a.dice))
    _place(s, "book:" + choice.name, own, black, value=max(roll, 1))
    s._note(SEAT, f"the Automa places a die on the {choice.name} book{f' (rolled {roll})' if roll else ''} "
                  f"(card {card}); it takes nothing", _rule("Books" + (" LEV 0" if lev0 else "")))
    return True


def _khans_favor(s: Mp2State, card: str) -> bool:

    values = s.space("khan")[1]
    free = s.components.rules.khan_spaces - len(values)
    dice = _dice_for(s, "khan", 1)
    if free <= 0 or not dice:
        return False
    value = max(s.roll(), values[-1] if values else 1) if free >= 2 else 6
    _place(s, "khan", *dice, value=value)
    s._note(SEAT, f"the Automa places a {value} on Khan's Favor (card {card}); it receives nothing",
            _rule("Khan's Favor"))
    return True


def _city_spaces(s: Mp2State) -> list[tuple[str, str]]:
    """The Automa's numbered city-action display: ``(space key, name)`` where it has a post."""
    ac = automa_components()
    posts = s.players[SEAT].trading_posts
    out = []
    for name in ac.city_actions:
        city = name if name in s.components.special_cities else s.components.card_spaces[name]
        if city in posts and city not in s.posted_now:
            out.append(("special:" + name if name in s.components.special_cities else "card:" + name, name))
    return out


def _free(s: Mp2State, key: str) -> bool:
    """A brown city space the Automa can put a die on (special cities hold 2, one per colour)."""
    limit = 2 if key.startswith("special:") else 1
    return len(s.space(key)[1]) < limit and _dice_for(s, key, 1) is not None


def _city_action(s: Mp2State, card: str) -> bool:
    numbered = _city_spaces(s)
    a = _automa(s)
    if not any(_free(s, key) for key, _ in numbered) or not (a.dice + a.black):
        return False
    roll, count = s.roll(), len(numbered)
    start = roll - 1 if roll <= count else 0  # a number not on the display: on from number 1
    key, name = next(numbered[(start + k) % count] for k in range(count) if _free(s, numbered[(start + k) % count][0]))
    return _use_city(s, key, name, f"rolled {roll}", card, _rule("City card action"))


def _external_city(s: Mp2State, card: str) -> bool:
    roll = s.roll()
    first, second = ("Area-1", "Area-2") if roll <= 3 else ("Area-2", "Area-1")
    for space in (first, second):
        if space in s.cards and _free(s, "card:" + space):
            return _use_city(s, "card:" + space, space, f"rolled {roll}", card, _rule("External city action"))
    return False


def _use_city(s: Mp2State, key: str, name: str, how: str, card: str, rule: str) -> bool:
    dice = _dice_for(s, key, 1)
    assert dice is not None
    _place(s, key, *dice, value=6)
    s._note(SEAT, f"the Automa places a die on {name} ({how}, card {card}) and takes its skill-card action", rule)
    _reward(s, _skill(s).city_action, f"skill card {_automa(s).level}")
    return True


def _guild_seal_plus1(s: Mp2State, card: str) -> bool:
    ac = automa_components()
    letter = next(k for k, v in ac.seals.items() if v == "farmer")
    dice = _dice_for(s, "seals", 2)
    if s.players[SEAT].has_seal("farmer") or not dice:
        return False
    _place(s, "seals", *dice, value=6)
    s.automa = _automa(s).with_space(letter, "seal")
    _set_seal(s, "farmer", improved=False)
    s._note(SEAT, f"the Automa takes the farmer seal onto space {letter}, unresolved (card {card})",
            _rule("Guild Seal +1"))
    return True


def _abcde(s: Mp2State, card: str) -> bool:
    ac = automa_components()
    a = _automa(s)
    for letter in "ABCD":
        if a.space(letter) == "open":
            dice = _dice_for(s, "seals", 2)
            if not dice:
                return False
            _place(s, "seals", *dice, value=6)
            s.automa = _automa(s).with_space(letter, "seal")
            _set_seal(s, ac.seals[letter], improved=False)
            s._note(SEAT, f"the Automa takes the {ac.seals[letter]} seal onto space {letter}, unresolved; no jade "
                          f"(card {card})", _rule("Action space A/B/C/D/E"))
            return True
    cities = [c for c in s.display if c in s.players[SEAT].trading_posts]
    picks = _best_contracts(s, cities, 2)
    dice = _dice_for(s, "contracts", 1)
    if a.contracts or not picks or not dice:
        return False
    _place(s, "contracts", *dice, value=6)
    s._note(SEAT, f"the Automa places a die on Contracts (card {card})", _rule("Action space E"))
    _take_contracts(s, picks, _rule("Action space E"))
    return True


_ACTIONS = {
    "travel": _travel, "books": _books, "books_lev0": lambda s, c: _books(s, c, lev0=True),
    "khans_favor": _khans_favor, "city_action": _city_action, "external_city": _external_city,
    "guild_seal_plus1": _guild_seal_plus1, "abcde": _abcde,
}


# ============================================================================== scoring


def final_scores(s: Mp2State, player_completed: int) -> dict[str, int]:
    """The Automa's end scoring (004): contracts vs the player, seals on A/B/C, shields."""
    c = s.components
    a = _automa(s)
    tp = automa_components().trading_post_cards[_skill(s).trading_post_card]
    p = s.players[SEAT]
    shields = len({c.locations[x].shield for x in p.trading_posts if c.locations[x].shield})
    farmer = next(k for k, v in automa_components().seals.items() if v == "farmer")
    plus = (a.space(farmer) == "done") + max(0, tp.plus_spaces - max(0, len(a.done) - tp.pin))
    track = c.rules.shield_track
    return {
        "track": p.vp,
        "goal_seals": tp.seal_vp * sum(a.space(k) == "done" for k in "ABC"),
        "shields": track[min(shields + plus, len(track) - 1)],
        "goods": 0,
        "coins": 0,
        "contracts": c.rules.contracts_majority[0] if len(a.done) >= player_completed else 0,
    }

