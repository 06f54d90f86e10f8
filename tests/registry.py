"""What the registry-wide tests know about each registered ruleset, beyond what the ruleset answers
itself (``mp_notebook.registry.get``): the setups its random games cycle through, the invariants
of its rules, an illegal action it must refuse, the words a malformed action is made of.

A ruleset with no entry in ``PROFILES`` is still tested by every registry-wide test, with the
defaults of :class:`Profile` (2-4 seats, default options), from the day it is named in
``mp_notebook.registry.PACKAGES``; an entry only adds checks.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import mp_notebook as mp
from mp_notebook.registry import PACKAGES

RULESETS = tuple(PACKAGES)

Setup = tuple[int, dict[str, Any]]  # (players, new_game options)


@dataclass(frozen=True)
class Profile:
    """The test-side knowledge of one ruleset (see the module docstring)."""

    setups: Callable[[], list[Setup]] = lambda: [(2 + k % 3, {}) for k in range(60)]
    """The random games' setups, one game each (seeded by its index)."""
    short: dict[str, Any] = field(default_factory=dict)
    """Options that keep a game short (the app and browser tests); a ruleset with a race to the end
    offers a limit."""
    invariants: Callable[[mp.GameState], None] = lambda s: None
    """Raises AssertionError if a state breaks one of the ruleset's own invariants."""
    at_end: Callable[[mp.GameState, dict[str, Any]], None] = lambda s, options: None
    """Checks on a finished random game started with ``options``."""
    probe: Callable[[mp.GameState, list[mp.Action]], mp.Action] | None = None
    """A well-formed action that is illegal now (besides the generic ones)."""
    must_play: frozenset[str] = frozenset()
    """Notation entries each block of random games must contain (choices that must stay reachable)."""
    words: tuple[str, ...] = ()
    """Names and numbers of the ruleset that malformed actions are made of."""
    round_trip_every: int = 40
    """Steps between full deepcopy/pickle/JSON/replay round trips (O(history) each)."""
    greedy: tuple[dict[str, Any], ...] = ({},)
    """Options of the games two greedy bots play to the end (one game each)."""
    greedy_end: Callable[[mp.GameState], None] = lambda s: None
    """Checks on a finished greedy game."""


def profile(ruleset: str) -> Profile:
    return PROFILES.get(ruleset, Profile())


# ------------------------------------------------------------------------------ Marco Polo II


def _mp2_setups() -> list[Setup]:
    """Plain games, the black dice variant, random characters, the full setup (draft and goal choice
    as decisions), solo games against the Automa at each level."""
    kinds: list[dict[str, Any]] = [
        {}, {}, {}, {}, {"variants": ("black_dice",)}, {"characters": "random"},
        {"characters": "random", "setup": "full"}, {"setup": "full", "variants": ("black_dice",)},
        {}, {"characters": "random", "variants": ("black_dice",)},
    ]
    games: list[Setup] = [(2 + k % 3, kinds[k % len(kinds)]) for k in range(180)]  # every (players, kind) 6 times
    games += [(1, {"automa": f"L{1 + k % 3}", **({"characters": "random"} if k % 2 else {})}) for k in range(20)]
    return games


def _mp2_invariants(s: mp.GameState) -> None:
    rules = s.components.rules
    for p in s.players:
        assert len(p.trading_posts) <= rules.posts_per_player
        assert len(set(p.trading_posts)) == len(p.trading_posts), "at most 1 post per city"
        assert s.board.start not in p.trading_posts, "no post in Beijing"
        assert len(p.contracts) <= rules.contract_slots
        assert all(1 <= d <= 6 for d in p.dice + p.black_dice)
    held = [c for p in s.players for c in p.contracts + p.completed]
    on_board = [c for slots in s.display.values() for c in slots if c]
    everywhere = held + on_board + list(s.contract_pile)
    assert len(everywhere) == len(set(everywhere)), "a contract is in two places"


def _mp2_at_end(s: mp.GameState, options: dict[str, Any]) -> None:
    if "automa" in options:
        return
    drafted = options.get("characters") == "random" or options.get("setup") == "full"
    assert all(p.character for p in s.players) == drafted, [p.character for p in s.players]


def _khans_favor_6_6(s: mp.GameState, legal: list[mp.Action]) -> mp.Action:
    """The Khan's favor with two dice: never legal (it takes one)."""
    return mp.Action("khans_favor", s.current_player, (6, 6), ())


# ------------------------------------------------------------------------------ The Voyages of Marco Polo


def _voyages_setups() -> list[Setup]:
    """First-game characters, random ones, the expert variant; then each character tile once at its
    player count (Mercator's three tiles included)."""
    kinds: list[dict[str, Any]] = [{}, {"characters": "random"}, {"variants": ("expert",)},
                                   {"characters": "random", "variants": ("expert",)}]
    games: list[Setup] = [(2 + k % 3, kinds[(k // 3) % 4]) for k in range(150)]  # every (players, kind) 12 times
    c = mp.new_game(2, ruleset="voyages", seed=0).components
    for k, ch in enumerate(c.characters.values()):
        n = ch.players or 2 + k % 3
        others = [o.name for o in c.characters_for(n) if o.name != ch.name][:n - 1]
        games.append((n, {"characters": [ch.name, *others]}))
    return games


def _voyages_invariants(s: mp.GameState) -> None:
    c = s.components
    rules = c.rules
    for i, p in enumerate(s.players):
        ch = c.characters[p.character] if p.character else None
        assert len(p.trading_posts) <= rules.posts_per_player + (ch.extra_posts if ch else 0)
        assert len(set(p.trading_posts)) == len(p.trading_posts), "at most 1 post per city"
        assert all(c.locations[x].takes_posts for x in p.trading_posts), "posts only in cities, never Venezia"
        in_beijing = c.beijing in p.trading_posts
        assert s.beijing.count(i) == int(in_beijing), "a Beijing post holds exactly one Beijing space"
        limit = rules.hand_limit + (s.decision.kind == "discard" and s.decision.player == i)
        assert len(p.contracts) <= limit
        faces = (0,) if ch is not None and ch.choose_dice else range(1, 7)
        assert all(d in faces for d in p.dice + p.black_dice), (p.dice, p.black_dice)
        assert p.white == 0 or (ch is not None and ch.white_die and 1 <= p.white <= 6)
        assert len(p.goals) <= rules.goals_per_player
    held_black = sum(len(p.black_dice) for p in s.players)
    assert s.black_pool + held_black <= rules.black_dice[s.num_players]
    held = [x for p in s.players for x in p.contracts + p.completed]
    on_board = [x for x in s.contract_spaces if x]
    piles = [x for pile in s.contract_piles for x in pile]
    everywhere = held + on_board + piles + list(s.special_pile)
    assert len(everywhere) == len(set(everywhere)), "a contract is in two places"
    assert len(everywhere) == len(c.deck_contracts) + s.num_players, "a contract went missing"
    contracts_action = any(task[0] == "contracts_done" for task in s.tasks)  # slides when it ends
    assert on_board == list(s.contract_spaces[:len(on_board)]) or contracts_action, \
        "no gaps between contracts on the board"


def _voyages_at_end(s: mp.GameState, options: dict[str, Any]) -> None:
    assert s.round == s.components.rules.rounds
    named = options.get("characters")
    if isinstance(named, list):
        assert [s.components.characters[p.character].name for p in s.players] == named


# ------------------------------------------------------------------------------ Marco Polo (Schmidt)

SCHMIDT_ROUNDS = 30  # random merchants rarely get home: each random game stops at this round limit
SCHMIDT_MAY = frozenset({  # the seed's "may"s: a fight's booty, the strong wind, the local lord
    "booty take", "booty leave", "extra_turn take", "extra_turn decline", "extra_card take", "extra_card decline"})


def _schmidt_invariants(s: mp.GameState) -> None:
    C = s.components
    held = [cid for p in s.players for cid in p.cards]
    piles = [cid for _, cards in s.booty.values() for cid in cards]
    decks = [cid for deck in s.decks.values() for cid in deck]
    assert Counter(held + piles + decks) == Counter(list(C.cards)), "every card is in exactly one place"
    assert all(C.cards[cid].joker is None for cid in held + piles), "jokers are never kept"
    assert sorted([p.plaque for p in s.players if p.plaque] + list(s.plaques)) == sorted(C.rules.missions)
    assert s.secrets_left + sum(p.secrets for p in s.players) == C.rules.specials
    spaces = [p.location for p in s.players if p.location not in C.trading_cities and p.location != C.start]
    assert len(spaces) == len(set(spaces)), "only trading cities (and Venice's exit space) hold several pieces"
    for p in s.players:
        assert p.mode in C.modes_at(p.location)
    assert all(g >= 0 for g, _ in s.booty.values())


def _schmidt_greedy_end(s: mp.GameState) -> None:
    """Greedy merchants get home: the game ends with a return to Venice (seed 001), not the limit."""
    assert s.winner is not None and s.players[s.winner].location == "Venice"
    assert "Messer Millioni" in s.log[-1].text and s.log[-1].rule == "Rulebook: Return to Venice"
    assert s.scores()["winner"].tolist() == [k == s.winner for k in range(s.num_players)]


def _move_to_sansibar(s: mp.GameState, legal: list[mp.Action]) -> mp.Action:
    probe = mp.Action("move", s.current_player, choice="Sansibar")
    return probe if probe not in legal else mp.Action("gift", s.current_player, choice="nothing")


PROFILES: dict[str, Profile] = {
    "mp2": Profile(setups=_mp2_setups, invariants=_mp2_invariants, at_end=_mp2_at_end, probe=_khans_favor_6_6,
                   words=("middle", "coins", "Xian", "Xanadu/2", "R01", "Area-1", "coins=3,camels=0", "+1")),
    "voyages": Profile(setups=_voyages_setups, invariants=_voyages_invariants, at_end=_voyages_at_end,
                       probe=_khans_favor_6_6,
                       words=("silk", "camels", "Moscow", "Sumatra-1", "C00", "coins=1,camels=0", "Oasis-C/2", "D")),
    "schmidt": Profile(setups=lambda: [(2 + k % 3, {"round_limit": SCHMIDT_ROUNDS}) for k in range(300)],
                       short={"round_limit": 4}, invariants=_schmidt_invariants, probe=_move_to_sansibar,
                       must_play=SCHMIDT_MAY, words=("land", "sea", "Sansibar", "Venice", "take", "nothing"),
                       greedy=({"round_limit": 300},) * 4, greedy_end=_schmidt_greedy_end),
}


def new_game(ruleset: str, players: int, seed: int, **options: Any) -> mp.GameState:
    return mp.new_game(players, ruleset=ruleset, seed=seed, **options)


def pick(rng: random.Random, legal: list[mp.Action], by_kind: bool) -> mp.Action:
    """A random legal action: uniform, or uniform over the kinds first (more of the rare kinds)."""
    if by_kind:
        kind = rng.choice(sorted({a.kind for a in legal}))
        return rng.choice([a for a in legal if a.kind == kind])
    return rng.choice(legal)


@functools.cache
def random_game(ruleset: str, players: int, seed: int) -> tuple[mp.GameState, ...]:
    """Every position of a seeded ``RandomAgent`` game of ``ruleset`` (the profile's short options),
    to the end; cached, so tests over the same game share it."""
    s = mp.new_game(players, ruleset=ruleset, seed=seed, **profile(ruleset).short)
    agent = mp.agents.RandomAgent(seed=seed)
    states = [s]
    while not s.is_over:
        s = s.apply(agent.choose(s))
        states.append(s)
    return tuple(states)
