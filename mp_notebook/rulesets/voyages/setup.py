"""Setting up a game of The Voyages of Marco Polo, and editing or reseeding a position.

Options of ``new_game`` (besides the players and the seed):

* ``characters``: ``None`` gives the rulebook's first-game assignment by seat (Raschid ad-Din
  Sinan, Matteo Polo, Berke Khan, Mercator ex Tabriz; with fewer players the first seats'), or,
  with the expert variant, the character draft; ``"random"`` deals random different characters
  (the Mercator tile for the player count); a list names one character per seat.
* ``variants=("expert",)``: the expert variant, all three distributions in the rulebook's order:
  city bonus markers at random on the small cities, the character draft (players + 1 revealed,
  picked in reverse seat order from the last seat) unless characters are given, and 4 goal cards
  dealt of which each player keeps 2 (decisions before round 1).
"""

from __future__ import annotations

import functools
import secrets
from typing import Any

from mp_notebook.board.graph import Board
from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.rulesets.voyages import rules
from mp_notebook.rulesets.voyages.components import Character, Components, components
from mp_notebook.rulesets.voyages.state import GOODS, Player, VoyagesState

VARIANTS = ("expert",)


@functools.cache
def shared_board() -> Board:
    """The one route graph of The Voyages of Marco Polo, shared by every state."""
    c = components()
    return Board("voyages", c.locations, c.routes, c.start)


def _names(players: int | list[str] | tuple[str, ...] | None, c: Components) -> list[str]:
    if players is None:
        players = 2
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise ValueError(f"players must be a number of seats or a list of names, got {players!r}")
    names = [f"Player {k + 1}" for k in range(players)] if isinstance(players, int) else [str(n) for n in players]
    low, high = c.rules.min_players, c.rules.max_players
    if not low <= len(names) <= high:
        raise ValueError(f"The Voyages of Marco Polo is played by {low}-{high} players, got {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must be different, got {names}")
    return names


def new_game(players: int | list[str] | tuple[str, ...] | None = None, *, seed: int | None = None,
             characters: Any = None, variants: tuple[str, ...] | list[str] = ()) -> VoyagesState:
    """A new game, ready for the first decision (seat 0 is the start player).

    >>> s = new_game(["Ana", "Ben", "Cy"], seed=7)
    >>> [(p.name, p.coins, p.camels, p.character) for p in s.players]
    [('Ana', 7, 2, 'Raschid'), ('Ben', 8, 2, 'Matteo'), ('Cy', 9, 2, 'Berke')]
    """
    c = components()
    names = _names(players, c)
    n = len(names)
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown variant(s) {unknown}; available: {', '.join(VARIANTS)}")
    if seed is None:
        seed = secrets.randbits(32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, got {seed!r}")
    expert = "expert" in variants
    chosen = _characters(c, characters, n)
    s = object.__new__(VoyagesState)
    s._setup = {"players": names, "ruleset": "voyages", "seed": seed,
                "characters": characters if isinstance(characters, (str, type(None))) else list(characters),
                "variants": sorted(set(variants))}
    s._hist = None
    s._log = None
    s._legal = None
    s._owned = set(range(n))
    s.components, s.board = c, shared_board()
    s.num_players = n
    s.variants = frozenset(variants)
    s.round, s.first_player, s.next_first, s.turn = 0, 0, 0, 0
    s.main_done, s.black_bought, s.posted_now, s.over = False, 0, frozenset(), False
    s.tasks, s.spaces, s.completing = (), {}, frozenset()
    s.beijing = (None,) * len(c.locations[c.beijing].vp_spaces)
    s.black_pool = 0
    rng = _lay_out(s, c, seed_state(seed), expert)
    rng, starting = shuffled(rng, c.starting_contracts)
    rng, goals = shuffled(rng, sorted(c.goals))
    rng, drawn = shuffled(rng, [ch.id for ch in c.characters_for(n)])
    s.rng = rng
    dealt = c.rules.expert_goals_dealt if expert else c.rules.goals_per_player
    s.players = tuple(
        Player(name=name, character=None, coins=c.rules.start.coins + c.rules.start_coins[k],
               camels=c.rules.start.camels, pepper=c.rules.start.pepper, silk=c.rules.start.silk,
               gold=c.rules.start.gold, vp=c.rules.start.vp, dice=(), black_dice=(), white=0, location=c.start,
               figure2=None, trading_posts=(), contracts=(starting[k],), completed=(),
               goals=() if expert else goals[dealt * k:dealt * (k + 1)])
        for k, name in enumerate(names))
    how = "expert variant" if expert else "standard setup"
    coins = ", ".join(map(str, c.rules.start_coins[1:n]))
    s._note(None, f"{how} for {n} players; {names[0]} is the start player with {c.rules.start_coins[0]} coins, "
                  f"then {coins}", rules.R_SETUP)
    board = ", ".join(x or "—" for x in s.contract_spaces)
    s._note(None, f"board: outpost bonuses on the {len(s.outposts)} large cities, {len(s.cards)} city cards, "
                  f"contracts {board} on the board, {len(s.contract_piles)} piles of "
                  f"{c.rules.contract_pile_size} to come, a special pile of {len(s.special_pile)}, "
                  f"{c.rules.black_dice[n]} black dice", rules.R_BOARD)
    neutral = c.rules.neutral.get(n)
    if neutral is not None:
        on_coins = f" and {neutral.take_coins} on Take 5 coins" if neutral.take_coins else ""
        s._note(None, f"{n} players: fixed dice of an unused colour on Khan's favor slots 1-{len(neutral.khan)} "
                      f"(showing {', '.join(map(str, neutral.khan))}){on_coins}, for the whole game", rules.R_FEW)
    if characters == "random":
        chosen = [c.characters[x] for x in drawn[:n]]
    for k, ch in enumerate(chosen):
        rules.assign_character(s, k, ch)
    picks: list[tuple[object, ...]] = []
    if expert and characters is None:  # players + 1 revealed; the last seat picks first, then counter-clockwise
        seats = tuple(range(n - 1, -1, -1))
        picks.append(("pick_character", seats[0], drawn[:n + c.rules.expert_characters_extra], seats[1:]))
    if expert:
        picks += [("pick_goal", k, goals[dealt * k:dealt * (k + 1)], c.rules.goals_per_player) for k in range(n)]
    rules._push(s, *picks, ("begin",))
    rules.run(s)
    return s


def _characters(c: Components, characters: Any, players: int) -> list[Character]:
    """The characters given to ``new_game``: None (first game, or the expert draft), "random" or names."""
    if characters is None:
        return [c.characters[x] for x in c.rules.first_game[:players]]
    if characters == "random":
        return []
    if isinstance(characters, str) or not isinstance(characters, (list, tuple)):
        raise ValueError(f"characters is None, 'random' or a list of {players} names, got {characters!r}")
    if len(characters) != players:
        raise ValueError(f"characters lists one character per seat ({players}), got {len(characters)}")
    chosen = [c.character(str(name), players) for name in characters]
    if len({ch.name for ch in chosen}) != len(chosen):
        raise ValueError(f"each character can be played by one player only, got {list(characters)}")
    return chosen


def _lay_out(s: VoyagesState, c: Components, rng: int, expert: bool) -> int:
    """Board setup: city bonus markers, outpost bonuses, city cards and the contract piles."""
    small = sorted(loc.name for loc in c.locations.values() if loc.is_small)
    if expert:  # expert variant: markers at random, ignoring the letters
        rng, letters = shuffled(rng, sorted(c.city_bonuses))
        s.markers = dict(zip(small, letters, strict=True))
    else:
        s.markers = {city: letter for letter, city in sorted(c.bonus_cities.items())}
    large = [loc.name for loc in c.locations.values() if loc.outpost]
    rng, tiles = shuffled(rng, sorted(c.outposts))
    s.outposts = dict(zip(large, tiles, strict=False))
    rng, cards = shuffled(rng, sorted(c.city_cards))
    s.cards = dict(zip(c.card_spaces, cards, strict=False))
    rng, deck = shuffled(rng, c.deck_contracts)
    size, piles = c.rules.contract_pile_size, c.rules.contract_piles
    stacks = tuple(tuple(deck[size * k:size * (k + 1)]) for k in range(piles))
    s.contract_spaces = stacks[0]
    s.contract_piles = stacks[1:]
    s.special_pile = tuple(deck[size * piles:])
    return rng


def reseeded(s: VoyagesState, seed: int) -> VoyagesState:
    """``s`` with a new RNG seed and its face-down piles (round piles, special pile) reshuffled."""
    new = s._copy()
    rng = seed_state(int(seed))
    rng, pooled = shuffled(rng, [cid for pile in s.contract_piles for cid in pile])
    size = len(s.contract_piles[0]) if s.contract_piles else 0
    new.contract_piles = tuple(pooled[size * k:size * (k + 1)] for k in range(len(s.contract_piles)))
    rng, new.special_pile = shuffled(rng, s.special_pile)
    new.rng = rng
    new._note(None, f"reseeded with {seed}: future dice and face-down contract piles resampled", "mp_notebook: reseed")
    return new


_EDITABLE = ("coins", "camels", "vp", "goods", "dice", "black_dice", "location", "figure2", "trading_posts",
             "contracts", "completed", "goals")


def edit_player(s: VoyagesState, i: int, changes: dict[str, Any]) -> VoyagesState:
    """Validate and apply ``GameState.with_player`` edits; raises ValueError naming the bad field."""
    c = s.components
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < s.num_players:
        raise ValueError(f"with_player: no seat {i!r} (seats 0-{s.num_players - 1})")
    unknown = sorted(set(changes) - set(_EDITABLE))
    if unknown:
        raise ValueError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(_EDITABLE)})")
    new = s._copy()
    p = new._player(i)
    raschid = rules._chooses_dice(s, i)

    def put(name: str, value: Any) -> None:
        object.__setattr__(p, name, value)

    def count(name: str, value: Any, low: int | None = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
            raise ValueError(f"with_player: {name} must be an int{' >= 0' if low is not None else ''}, got {value!r}")
        return value

    for key, value in changes.items():
        if key in ("coins", "camels"):
            put(key, count(key, value))
        elif key == "vp":
            put(key, count(key, value, None))
        elif key == "goods":
            if not isinstance(value, dict) or set(value) - set(GOODS):
                raise ValueError(f"with_player: goods is a dict over {', '.join(GOODS)}, got {value!r}")
            for g, v in value.items():
                put(g, count(f"goods[{g!r}]", v))
        elif key in ("dice", "black_dice"):
            faces = (0,) if raschid else range(1, 7)
            if not isinstance(value, (list, tuple)) or any(isinstance(v, bool) or v not in faces for v in value):
                raise ValueError(f"with_player: {key} is a list of die values "
                                 f"{'0 (unset: Raschid)' if raschid else '1-6'}, got {value!r}")
            put(key, tuple(sorted(value)))
        elif key in ("location", "figure2"):
            if value not in c.locations:
                raise ValueError(f"with_player: unknown location {value!r}")
            if key == "figure2" and p.figure2 is None:
                raise ValueError(f"with_player: {p.name} has one figure (figure2 is Niccolò & Marco Polo's)")
            put(key, value)
        elif key == "trading_posts":
            _edit_posts(new, i, value)
        elif key in ("contracts", "completed"):
            _edit_contracts(new, i, key, value)
        else:  # goals
            if not isinstance(value, (list, tuple)) or any(g not in c.goals for g in value) \
                    or len(value) > c.rules.goals_per_player:
                raise ValueError(f"with_player: goals are up to {c.rules.goals_per_player} goal card ids, "
                                 f"got {value!r}")
            put(key, tuple(value))
    new._note(i, f"position edited: {p.name} {', '.join(f'{k}={v!r}' for k, v in changes.items())}",
              "mp_notebook: with_player")
    return new


def _edit_posts(s: VoyagesState, i: int, value: Any) -> None:
    c = s.components
    posts = tuple(value) if isinstance(value, (list, tuple)) else ()
    bad = [x for x in posts if x not in c.locations or not c.locations[x].takes_posts]
    limit = rules._posts_limit(s, i)
    if not isinstance(value, (list, tuple)) or bad or len(set(posts)) != len(posts) or len(posts) > limit:
        raise ValueError(f"with_player: trading_posts are up to {limit} different cities other than "
                         f"{c.start}; bad: {bad or value!r}")
    if c.beijing in posts and i not in s.beijing:  # a new Beijing post takes the highest free space
        if None not in s.beijing:
            raise ValueError("with_player: every Beijing space already holds a post")
        k = s.beijing.index(None)
        s.beijing = (*s.beijing[:k], i, *s.beijing[k + 1:])
    elif c.beijing not in posts:
        s.beijing = tuple(None if seat == i else seat for seat in s.beijing)
    object.__setattr__(s.players[i], "trading_posts", posts)


def _edit_contracts(s: VoyagesState, i: int, key: str, value: Any) -> None:
    c = s.components
    ids = tuple(value) if isinstance(value, (list, tuple)) else ()
    bad = [x for x in ids if x not in c.contracts]
    limit = c.rules.hand_limit if key == "contracts" else len(c.contracts)
    if not isinstance(value, (list, tuple)) or bad or len(set(ids)) != len(ids) or len(ids) > limit:
        raise ValueError(f"with_player: {key} are up to {limit} different contract ids; bad: {bad or value!r}")
    p = s.players[i]
    for other in s.players:
        if other is not p and set(ids) & set(other.contracts + other.completed):
            shared = sorted(set(ids) & set(other.contracts + other.completed))
            raise ValueError(f"with_player: contract(s) {shared} belong to {other.name}")
    mine = set(p.contracts + p.completed)
    freed = mine - set(ids) - set(p.completed if key == "contracts" else p.contracts)
    s.special_pile = tuple(x for x in s.special_pile if x not in ids) + tuple(sorted(freed))
    s.contract_piles = tuple(tuple(x for x in pile if x not in ids) for pile in s.contract_piles)
    left = tuple(x for x in s.contract_spaces if x is not None and x not in ids)
    s.contract_spaces = left + (None,) * (len(s.contract_spaces) - len(left))
    object.__setattr__(p, key, ids)
