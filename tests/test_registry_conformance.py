"""Every registered ruleset held to the same promises (the way OpenSpiel tests every registered
game): seeded random games to the end through ``legal_actions()``/``apply()`` only, with the
invariants checked at every step (the generic ones here, the ruleset's own from
``registry.PROFILES``) and the round trips along the way (``copy.deepcopy``, ``pickle``, JSON,
exact replay); illegal and malformed actions refused without changing anything; every legal action
applies; forks are independent; the same seed gives the same game.

A ruleset named in ``mp_notebook.registry.PACKAGES`` is tested here the day it is registered.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from registry import RULESETS, new_game, pick, profile

import mp_notebook as mp
from mp_notebook.registry import PACKAGES, get

BLOCKS = 10  # each ruleset's random games are split into this many tests (seed k goes to block k % BLOCKS)


def check_invariants(s: mp.GameState) -> None:
    """What every ruleset promises of every state, then the ruleset's own invariants."""
    legal = s.legal_actions()
    assert s.is_over == (s.current_player is None) == (not legal), f"dead end or moves after the end: {s.decision}"
    assert s.decision.player == s.current_player and s.decision.text
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    assert all(a.player == s.current_player for a in legal), "a legal action names another seat"
    assert len(s.players) == s.num_players and 0 <= s.first_player < s.num_players
    for p in s.players:
        counts = {k: v for k, v in p.fields().items() if type(v) is int}
        assert all(v >= 0 for v in counts.values()), f"{p.name}: {counts}"
        assert all(type(d) is int and 0 <= d <= 6 for d in [*getattr(p, "dice", ()), *getattr(p, "black_dice", ())])
    profile(s.ruleset).invariants(s)


def round_trips(s: mp.GameState) -> None:
    assert copy.deepcopy(s) == s
    assert pickle.loads(pickle.dumps(s)) == s
    assert mp.GameState.from_json(s.to_json()) == s
    assert mp.replay(s.setup, s.history) == s


def illegal_probes(s: mp.GameState, legal: list[mp.Action]) -> list[mp.Action]:
    """Well-formed actions that are not legal now: a legal one claimed by another seat, one with a
    choice no ruleset has, and the ruleset's own probe."""
    a = legal[0]
    probes = [a._replace(choice="no-such-choice" if a.choice != "no-such-choice" else "none")]
    if s.num_players > 1:
        probes.append(a._replace(player=(a.player + 1) % s.num_players))
    own = profile(s.ruleset).probe
    if own is not None:
        probes.append(own(s, legal))
    assert not set(probes) & set(legal)
    return probes


def play(ruleset: str, seed: int, players: int, options: dict[str, Any]) -> mp.GameState:
    """A seeded random game to the end, every promise checked along the way."""
    every = profile(ruleset).round_trip_every
    rng = random.Random(seed)
    s = new_game(ruleset, players, seed, **options)
    check_invariants(s)
    step = 0
    while not s.is_over:
        legal = s.legal_actions()
        full = step % every == 0
        before = (s.to_json(), s.history, len(s.log)) if full else None
        probes = illegal_probes(s, legal)
        for probe in probes if full else probes[step % len(probes):][:1]:
            with pytest.raises(mp.IllegalAction):
                s.apply(probe)
        action = pick(rng, legal, by_kind=seed % 2 == 1)
        assert mp.Action.parse(str(action), action.player, ruleset=ruleset) == action, "notation round trip"
        nxt = s.apply(action)
        if before is not None:  # O(history): only now and then
            assert nxt.history == (*before[1], str(action)) and len(nxt.log) >= before[2]
            assert (s.to_json(), s.history, len(s.log)) == before, "apply or a refusal changed the original state"
            assert s.apply(str(action)) == nxt, "applying the notation gives the same state"
        assert nxt.round >= s.round
        s = nxt
        check_invariants(s)
        step += 1
        if step % every == 0:
            round_trips(s)
    round_trips(s)
    assert s.rounds is None or s.round <= s.rounds
    rows = s.score_rows()
    table = s.scores()
    assert len(rows) == len(table) == s.num_players and table["winner"].any()
    assert table["total"].tolist() == [r["total"] for r in rows]
    assert isinstance(s._repr_html_(), str)
    profile(ruleset).at_end(s, options)
    return s


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_games_to_the_end(ruleset: str, block: int) -> None:
    """The ruleset's random games (``registry.Profile.setups``) whose index is ``block`` modulo
    ``BLOCKS``; across them every entry the profile names as reachable is played."""
    setups = profile(ruleset).setups()
    played: Counter[str] = Counter()
    for seed in range(block, len(setups), BLOCKS):
        players, options = setups[seed]
        s = play(ruleset, seed, players, options)
        played.update(s.history)
    assert profile(ruleset).must_play <= set(played), profile(ruleset).must_play - set(played)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_greedy_games_to_the_end(ruleset: str) -> None:
    """Whole games between two greedy bots through the API, the invariants checked at every step,
    round trips at the end (the profile's ``greedy`` setups; ``greedy_end`` checks how they end)."""
    for k, options in enumerate(profile(ruleset).greedy):
        agents = [mp.agents.GreedyAgent(seed=k + seat) for seat in range(2)]
        s = new_game(ruleset, 2, k, **options)
        while not s.is_over:
            s = s.apply(agents[s.current_player].choose(s))
            check_invariants(s)
        round_trips(s)
        profile(ruleset).greedy_end(s)


def _setup(ruleset: str, k: int = 0) -> tuple[int, dict[str, Any]]:
    return profile(ruleset).setups()[k]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_same_seed_same_game(ruleset: str) -> None:
    players, options = _setup(ruleset, 2)
    a, b = play(ruleset, 42, players, options), play(ruleset, 42, players, options)
    assert a == b and a.history == b.history and [str(e) for e in a.log] == [str(e) for e in b.log]
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fork_independence(ruleset: str) -> None:
    """Forks (reseeded or not) played on never change the state they came from, nor each other."""
    players, options = _setup(ruleset, 1)
    s = new_game(ruleset, players, 7, **options)
    rng = random.Random(1)
    for _ in range(60):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    frozen = s.to_json()
    forks = [s, *(s.reseed(k) for k in range(3))]
    for f in forks:
        first = f.to_json()
        g = f
        for _ in range(40):
            if g.is_over:
                break
            g = g.apply(rng.choice(g.legal_actions()))
        assert f.to_json() == first
    assert s.to_json() == frozen
    assert [f.reseed(k).history[-1] for k, f in enumerate(forks)] == [f"reseed {k}" for k in range(4)]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_legal_action_applies(ruleset: str, seed: int) -> None:
    """At every step of a game, each legal action (not only the one played) applies without error,
    names the seat whose decision it is and round-trips through its notation."""
    rng = random.Random(seed)
    players, options = _setup(ruleset, 1 + seed)
    s = new_game(ruleset, players, 100 + seed, **options)
    while not s.is_over:
        legal = s.legal_actions()
        for a in legal:
            assert a.player == s.current_player
            t = s.apply(a)
            assert t.history[-1] == str(a)
        s = s.apply(pick(rng, legal, by_kind=True))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_malformed_and_illegal_actions_are_refused_and_change_nothing(ruleset: str, seed: int) -> None:
    """Random actions made of the ruleset's kinds and words, at random points of a game, as Action
    objects and as notation: a legal one applies, anything else raises IllegalAction or
    NotationError (never another exception) and the state is unchanged."""
    kinds = get(ruleset).vocabulary.kinds
    rng = random.Random(seed)
    words = [*profile(ruleset).words, "1", "7", "+1", "x", "[3]", None]
    players, options = _setup(ruleset, seed)
    s = new_game(ruleset, players, seed, **options)
    refused = 0
    for _ in range(100):
        if s.is_over:
            break
        legal = s.legal_actions()
        frozen = (s.to_json(), s.history, len(s.log))
        for _ in range(6):
            kind = rng.choice(sorted(kinds))
            dice = tuple(sorted(rng.choice(range(7)) for _ in range(rng.randint(0, 3)))) if kinds[kind][0] else ()
            a = mp.Action(kind, rng.choice([s.current_player, 0, 1]), dice, dice[:rng.randint(0, len(dice))],
                          rng.choice(words), rng.choice(words))
            text = " ".join([kind, *([f"[{','.join(map(str, dice))}]"] if dice else []),
                             *(w for w in (rng.choice(words), rng.choice(words)) if w)])
            for attempt in (a, text):
                try:
                    t = s.apply(attempt)
                except (mp.IllegalAction, mp.NotationError) as exc:
                    assert str(exc)
                    refused += 1
                else:
                    assert t.history[-1] in {str(b) for b in legal}
        assert (s.to_json(), s.history, len(s.log)) == frozen
        s = s.apply(rng.choice(legal))
    assert refused


@pytest.mark.parametrize("ruleset", RULESETS)
def test_new_game_takes_the_options_its_ruleset_declares_and_no_other(ruleset: str) -> None:
    """A ruleset declares its ``new_game`` options; the registry refuses an unknown one by name
    (not a TypeError), and the declaration matches the keyword arguments the ruleset's setup takes."""
    rules = get(ruleset)
    setup = importlib.import_module(f"{PACKAGES[ruleset]}.setup").new_game
    keywords = [p.name for p in inspect.signature(setup).parameters.values() if p.kind is p.KEYWORD_ONLY]
    assert sorted(rules.options) == sorted(keywords)
    with pytest.raises(mp.ArgumentError, match=r"takes no option 'no_such_option' \(its options: seed"):
        mp.new_game(2, ruleset=ruleset, no_such_option=1)
