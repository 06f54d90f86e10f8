"""``mp.routes`` against the engine, over every registered ruleset whose figures move by dice (its
``routes`` part's ``MOVEMENT`` is not the spinner's; the spinner has ``tests/test_schmidt_routes.py``).

Seeded random games are played, and at every turn with a Travel action ``reachable()`` must agree
with the engine: each reported way, executed through ``apply`` (the Travel action, then its steps),
ends where reported and charges exactly the reported coins, camels and jade (read from the log), and
every end location the engine allows (a search over its move decisions) is reported, and nothing
else. The same holds in the middle of a movement (``move`` decisions) and for ``pairs()`` of a
player with two figures.

What differs per ruleset and no part of it answers is :class:`Replay` data in ``REPLAYS``; a ruleset
moved by dice without an entry fails with a ``KeyError`` naming what to add.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import mp_notebook as mp
from mp_notebook.board.routes import Pair, Reach, RouteTerms
from tests.registry import RULESETS


@functools.cache
def part(ruleset: str) -> RouteTerms:
    """The ruleset's ``routes`` part (:class:`~mp_notebook.board.routes.RouteTerms`)."""
    terms: RouteTerms = mp.rulesets.get(ruleset).part("routes")
    return terms


DICE = tuple(r for r in RULESETS if part(r).MOVEMENT != "spinner")


@dataclass(frozen=True)
class Refusal:
    """A movement ``reachable()`` refuses to price: the decision's text and the refusal's, as regexes."""

    decision: str
    message: str


@dataclass(frozen=True)
class Replay:
    """What the replays need of a ruleset moved by dice, beyond its ``routes`` part."""

    paid: str
    """The reasons (a regex) after "pays ..." in the log of what a route answer charges: the Travel
    space's fee, a route, a step, a card's move."""
    travellers: tuple[str, ...]
    """Characters that change travel, dealt round the seats (rotating) ..."""
    plain: int
    """... except in one random game of ``plain`` (seeds divisible by it), played without characters."""
    two_figures: tuple[str, str] | None
    """A character with two figures, and a partner for seat 1 (``None``: the game has none)."""
    pair_holding: dict[str, Any]
    """What seat 0 (the two figures) stands on and holds in the pairs test (``with_player``)."""
    games: int
    """Random games whose turns with a Travel action are checked ..."""
    turns: int
    """... at least this many turns ..."""
    ways: int
    """... and at each, this many reported ways (at random) executed through the engine."""
    space_every: int
    """``reachable(space=)`` is checked at one turn in this many (each call is a whole search)."""
    move_games: int
    """Random games whose ``move`` decisions (walks from the turns) are checked: every one of a
    reward's or a card's moves (rare) ..."""
    move_every: int
    """... and one in this many of a Travel action's."""
    refusal: Refusal | None = None
    """A movement that is refused, not priced (``None``: every one is priced)."""
    plural: dict[str, str] = field(default_factory=lambda: {"coin": "coins", "camel": "camels"})
    """The log's singular resource words ("1 coin")."""


REPLAYS: dict[str, Replay] = {
    "mp2": Replay(
        paid=r"route |\w+ Travel space",
        travellers=("Möngke Khan", "Gantulga Od", "Mailin & Tian Chin", "De Wu"), plain=2,
        two_figures=("Mailin & Tian Chin", "De Wu"),
        pair_holding={"location": "Xian", "coins": 12, "camels": 6},
        games=71, turns=2000, ways=1, space_every=25, move_games=40, move_every=7),
    "voyages": Replay(
        paid=r"step \d+ of the Travel action|Travel was occupied|a city card move|route ",
        travellers=("Johannes", "Niccolo", "Berke", "Wilhelm"), plain=4,
        two_figures=("Niccolo and Marco Polo", "Berke Khan"),
        pair_holding={"coins": 30, "camels": 10, "dice": [3, 3, 4, 5, 6]},
        games=40, turns=500, ways=3, space_every=1, move_games=30, move_every=3,
        refusal=Refusal(decision=r"city card \(each move costs ",
                        message=r"city card's moves cost .*goods.*ask s\.legal_actions\(\)")),
}


def replay(ruleset: str) -> Replay:
    """The ruleset's :class:`Replay`; a clear ``KeyError`` for a ruleset moved by dice that has none."""
    try:
        return REPLAYS[ruleset]
    except KeyError:
        raise KeyError(f"{ruleset!r} moves by dice but tests/test_routes_engine.py has no Replay for it in REPLAYS "
                       f"(its log's payment reasons, its travel characters, a two-figure character, game counts)"
                       ) from None


# ----------------------------------------------------------------------------- the engine's side


def least_jade(s: mp.GameState) -> mp.Action:
    """The payment choice (``coins=..,camels=..,jade=..``) using the least jade."""
    return min(s.legal_actions(), key=lambda a: int(dict(kv.split("=", 1) for kv in str(a.choice).split(","))["jade"]))


def settle(s: mp.GameState, i: int) -> mp.GameState:
    """Answer the player's jade decisions (Marco Polo II) with the payment using the least jade."""
    while s.decision.kind == "pay" and s.decision.player == i:
        s = s.apply(least_jade(s))
    return s


def movement(t: mp.GameState, i: int) -> str | None:
    """What player ``i`` is moving by now (``MoveTerms.space``), ``None`` at any other decision."""
    terms = part(t.ruleset).move_terms(t, i)
    return None if terms is None else terms.space


@functools.cache
def _pays(reasons: str) -> re.Pattern[str]:
    return re.compile(rf" pays (.+?) \((?:{reasons})")


def charges(before: mp.GameState, after: mp.GameState, i: int) -> tuple[int, int, int]:
    """Coins, camels and jade player ``i`` paid between two states for what routes answer, from the log."""
    r = replay(before.ruleset)
    pays = _pays(r.paid)
    paid = dict.fromkeys(("coins", "camels", "jade"), 0)
    for e in after.log[len(before.log):]:
        m = pays.search(e.text) if e.player == i else None
        if m:
            for item in m.group(1).split(", "):
                n, what = item.split(" ")
                paid[r.plural.get(what, what)] += int(n)
    return paid["coins"], paid["camels"], paid["jade"]


def execute(s: mp.GameState, i: int, way: Reach | Pair) -> mp.GameState:
    """``way`` played through the engine: its action, its steps, then a stop if the movement awaits one."""
    t = settle(s.apply(way.action), i)
    for step in way.steps:
        t = settle(t.apply(f"move {step}"), i)
    if t.decision.kind == "move" and t.decision.player == i:
        t = t.apply("done")
    return t


def engine_ends(t: mp.GameState, i: int, seen: set[tuple[Any, ...]] | None = None) -> set[tuple[str, ...]]:
    """Every tuple of locations player ``i``'s figures can end the movement under way on (a search
    over the engine's move decisions of that movement, jade decisions settled as by :func:`settle`;
    ``seen``: prune repeated positions). The kind of movement is asked once per decision text: a text
    names where the figures stand and the moves left, and a text shared by two movements of one search
    would make the ends differ from ``reachable``'s, a failure, never a wrong pass."""
    mode = movement(t, i)
    kinds: dict[str, str | None] = {}
    ends: set[tuple[str, ...]] = set()
    stack = [t]
    while stack:
        t = stack.pop()
        decision = t.decision
        if decision.kind == "pay" and decision.player == i:
            stack.append(t.apply(least_jade(t)))
            continue
        here = t.players[i].locations
        if decision.kind != "move" or decision.player != i:
            ends.add(here)
            continue
        if seen is not None:
            key = (here, part(t.ruleset).resources(t, i), decision.text)
            if key in seen:
                continue
            seen.add(key)
        if decision.text not in kinds:
            kinds[decision.text] = movement(t, i)
        if kinds[decision.text] != mode:  # another movement follows (a reward's moves)
            ends.add(here)
            continue
        for a in t.legal_actions():
            if a.kind == "done":
                ends.add(here)
            else:
                stack.append(t.apply(a))
    return ends


def travel_ends(s: mp.GameState, i: int, action: mp.Action) -> set[str]:
    """Every location a figure of player ``i`` can end on after the Travel action ``action``."""
    return {loc for here in engine_ends(settle(s.apply(action), i), i, set()) for loc in here}


def dealt(ruleset: str, seed: int, players: int) -> list[str] | None:
    """The characters of random game ``seed``: none, or the travellers, rotated (see :class:`Replay`)."""
    cast = replay(ruleset).travellers
    return None if seed % replay(ruleset).plain == 0 else [cast[(seed + k) % len(cast)] for k in range(players)]


def travel_turns(ruleset: str, games: int) -> Iterator[tuple[int, random.Random, mp.GameState]]:
    """Turns with a Travel action, from seeded random games of 2-4 players (most with the travellers)."""
    for seed in range(games):
        rng = random.Random(seed)
        players = 2 + seed % 3
        s = mp.new_game(players, ruleset=ruleset, seed=seed, characters=dealt(ruleset, seed, players))
        while not s.is_over:
            actions = s.legal_actions()
            if s.decision.kind == "turn" and any(a.kind == "travel" for a in actions):
                yield seed, rng, s
            s = s.apply(rng.choice(actions))


def move_decisions(ruleset: str, games: int) -> Iterator[tuple[int, random.Random, mp.GameState]]:
    """``move`` decisions (moves left of a Travel action, a reward's or a card's moves): random walks
    of up to 8 actions from the turns of :func:`travel_turns`."""
    for seed, rng, s in travel_turns(ruleset, games):
        t = s
        for _ in range(8):
            if t.is_over:
                break
            if t.decision.kind == "move":
                yield seed, rng, t
            t = t.apply(rng.choice(t.legal_actions()))


# ----------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("ruleset", DICE)
def test_reachable_matches_the_engine(ruleset: str) -> None:
    spaces = {sp.name for sp in part(ruleset).travel_spaces(mp.new_game(2, ruleset=ruleset, seed=0), 0)}
    turns = 0
    for seed, rng, s in travel_turns(ruleset, replay(ruleset).games):
        turns += 1
        i = s.decision.player
        assert i is not None
        rows = mp.routes.reachable(s, i)
        travel = {str(a): a for a in s.legal_actions() if a.kind == "travel"}
        named: dict[str, set[str]] = {}
        for r in rows:
            named.setdefault(r.action, set()).add(r.space)
        assert named.keys() == travel.keys(), (seed, s.history)
        # each row names the Travel space of its action (filtering by it is checked below)
        for name, a in travel.items():
            assert len(named[name]) == 1 and named[name] <= spaces and a.space in (None, *named[name]), (seed, name)
        # (a) reported ways, executed through the engine, end there and cost what was reported
        for row in rng.sample(rows, min(replay(ruleset).ways, len(rows))):
            t = execute(s, i, row)
            assert row.location in t.players[i].locations, (seed, row)
            assert charges(s, t, i) == (row.coins, row.camels, row.jade), (seed, row, s.history)
        # (b) every end location the engine allows is reported, and nothing else
        name = rng.choice(list(travel))
        ends = travel_ends(s, i, travel[name])
        reported = {r.location for r in rows if r.action == name}
        (space,) = named[name]  # and reachable(space=) gives the rows of that action's space
        if turns % replay(ruleset).space_every == 0:
            assert mp.routes.reachable(s, i, space=space) == [r for r in rows if r.space == space], (seed, space)
        starts = set(s.players[i].locations)
        if len(s.players[i].locations) == 1:
            assert ends == reported, (seed, name, ends ^ reported, s.history)
        else:  # a figure that did not move "ends" where it stands
            assert ends - starts <= reported and reported - starts <= ends, (seed, name)
    assert turns >= replay(ruleset).turns, turns


@pytest.mark.parametrize("ruleset", DICE)
def test_reachable_at_move_decisions_matches_the_engine(ruleset: str) -> None:
    """Issue 37: ``reachable`` was empty in the middle of a movement and at a "Move X" reward; a
    movement it cannot price is refused clearly (Voyages: a city card paying goods per move).
    Checked: every movement but a Travel action's (rewards, cards: rare), some of a Travel action's."""
    refusal = replay(ruleset).refusal
    travel_modes = {sp.name for sp in part(ruleset).travel_spaces(mp.new_game(2, ruleset=ruleset, seed=0), 0)}
    modes: set[str] = set()
    checked = travelling = refused = 0
    choose = random.Random(0)  # the games' own draws stay those of move_decisions: the same positions
    for seed, _, s in move_decisions(ruleset, replay(ruleset).move_games):
        i = s.decision.player
        assert i is not None
        try:
            terms = part(ruleset).move_terms(s, i)
        except mp.ArgumentError as exc:
            assert refusal is not None, (seed, str(exc))
            assert re.search(refusal.decision, s.decision.text), (seed, s.decision.text)
            assert re.search(refusal.message, str(exc)), (seed, str(exc))
            with pytest.raises(mp.ArgumentError, match=refusal.message):
                mp.routes.reachable(s, i)
            refused += 1
            continue
        assert terms is not None and not (refusal and re.search(refusal.decision, s.decision.text)), seed
        if terms.space in travel_modes:
            travelling += 1
            if travelling % replay(ruleset).move_every:
                continue
        modes.add(terms.space)
        checked += 1
        rows = mp.routes.reachable(s, i)
        assert rows and all(r.dice == () and r.space == terms.space and r.moves <= terms.budget for r in rows), seed
        row = choose.choice(rows)
        t = execute(s, i, row)
        assert row.location in t.players[i].locations, (seed, row)
        assert charges(s, t, i) == (row.coins, row.camels, row.jade), (seed, row, s.history)
        if len(s.players[i].locations) == 1 and terms.budget <= 3:
            assert {here[0] for here in engine_ends(s, i)} == {r.location for r in rows}, (seed, terms.space)
    assert checked >= 100 and modes & travel_modes and modes - travel_modes, (checked, modes)
    assert refusal is None or refused, "no movement of these games was refused: the refusal went unchecked"


@pytest.mark.parametrize("ruleset", DICE)
def test_pairs_of_two_figures_match_the_engine(ruleset: str) -> None:
    """Both figures' moves (issue 37: ``mp.routes.pairs``): the pairs of ends the engine allows after
    each kind of Travel action (space, fee, moves), and no others; a player with one figure is refused."""
    r = replay(ruleset)
    if r.two_figures is None:
        with pytest.raises(mp.ArgumentError, match="two figures"):
            mp.routes.pairs(mp.new_game(2, ruleset=ruleset, seed=3), 0)
        return
    s = mp.new_game(2, ruleset=ruleset, seed=3, characters=list(r.two_figures))
    while not (s.decision.kind == "turn" and s.current_player == 0):
        s = s.apply(s.legal_actions()[0])
    s = s.with_player(0, **r.pair_holding)
    assert len(s.players[0].locations) == 2
    found = mp.routes.pairs(s, 0)
    start = s.players[0].locations
    ways: dict[tuple[Any, ...], mp.Action] = {}  # one Travel action per (space, fee, moves): the same ends
    for a in s.legal_actions():
        if a.kind == "travel":
            ways.setdefault((a.space, *part(ruleset).travel_terms(s, a)), a)
    assert any(moves >= 2 for _, _, moves in ways), "no Travel action of 2 moves or more: change pair_holding"
    every: set[tuple[str, ...]] = set()
    for action in ways.values():
        engine = engine_ends(settle(s.apply(action), 0), 0, set())
        reported = {p.ends for p in found if p.action == str(action)}
        assert reported <= engine, (str(action), reported - engine)
        every |= engine
    assert every - {start} == {p.ends for p in found} - {start}, every ^ {p.ends for p in found}
    split = [p for p in found if min(p.moves) > 0]
    assert split, found
    for p in split[:6] + [p for p in found if min(p.moves) == 0][:3]:
        t = execute(s, 0, p)
        assert t.players[0].locations == p.ends, p
        assert charges(s, t, 0) == (p.coins, p.camels, p.jade), p
    with pytest.raises(mp.ArgumentError, match="two figures"):
        mp.routes.pairs(s, 1)
