"""Schmidt Marco Polo: random playouts through legal_actions()/apply() only, invariants at every
step, round trips along the way, every "may" of the seed answered both ways; greedy games played to
a return to Venice."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.schmidt.components import components

GAMES = 300
ROUNDS = 30  # random merchants rarely get home: each random game stops at this round limit
ROUND_TRIP_EVERY = 40
C = components()


def check_invariants(s: mp.GameState) -> None:
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
        assert p.gulden >= 0 and p.mode in C.modes_at(p.location)
    assert all(g >= 0 for g, _ in s.booty.values())


def illegal_probe(s: mp.GameState, legal: list[mp.Action]) -> mp.Action:
    probe = mp.Action("move", s.current_player, choice="Sansibar")
    return probe if probe not in legal else mp.Action("gift", s.current_player, choice="nothing")


def round_trips(s: mp.GameState) -> None:
    assert copy.deepcopy(s) == s
    assert pickle.loads(pickle.dumps(s)) == s
    assert mp.GameState.from_json(s.to_json()) == s
    assert mp.replay(s.setup, s.history) == s


def play(seed: int, players: int) -> mp.GameState:
    rng = random.Random(seed)
    s = mp.new_game(players, ruleset="schmidt", seed=seed, round_limit=ROUNDS)
    step = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal), f"dead end or duplicates at {s.decision}"
        before = s.to_json() if step % ROUND_TRIP_EVERY == 0 else None
        with pytest.raises(mp.IllegalAction):
            s.apply(illegal_probe(s, legal))
        action = rng.choice(legal)
        assert mp.Action.parse(str(action), action.player, ruleset="schmidt") == action
        nxt = s.apply(action)
        if before is not None:
            assert s.to_json() == before, "apply changed the original state"
            assert s.apply(str(action)) == nxt
        s = nxt
        check_invariants(s)
        step += 1
        if step % ROUND_TRIP_EVERY == 0:
            round_trips(s)
    round_trips(s)
    assert s.current_player is None and s.legal_actions() == []
    assert s.scores()["winner"].any()
    return s


MAY = ("booty take", "booty leave", "extra_turn take", "extra_turn decline", "extra_card take",
       "extra_card decline")  # the seed's "may"s: a fight's booty, the strong wind, the local lord


@pytest.mark.parametrize("block", range(10))
def test_random_games_to_the_end(block: int) -> None:
    answers: Counter[str] = Counter()
    for seed in range(block, GAMES, 10):
        answers.update(x for x in play(seed, players=2 + seed % 3).history if x in MAY)
    assert set(answers) == set(MAY), answers


@pytest.mark.parametrize("seed", range(6))
def test_greedy_games_end_with_a_return_to_venice(seed: int) -> None:
    """Whole games through the API to a winner: greedy merchants get home (the
    invariants checked at every step; the round limit is only a guard)."""
    agents = [mp.agents.GreedyAgent(seed=seed + k) for k in range(2)]
    s = mp.new_game(2, ruleset="schmidt", seed=seed, round_limit=300)
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
        check_invariants(s)
    assert s.winner is not None and s.players[s.winner].location == "Venice"
    assert "Messer Millioni" in s.log[-1].text and s.log[-1].rule == "seed 001: Return to Venice"
    assert s.scores()["winner"].tolist() == [k == s.winner for k in range(2)]
    round_trips(s)


def test_fork_independence() -> None:
    s = mp.new_game(3, ruleset="schmidt", seed=5, round_limit=ROUNDS)
    rng = random.Random(1)
    for _ in range(60):
        s = s.apply(rng.choice(s.legal_actions()))
    frozen = s.to_json()
    for k in range(3):
        f = s.reseed(k)
        for _ in range(40):
            if f.is_over:
                break
            f = f.apply(rng.choice(f.legal_actions()))
    assert s.to_json() == frozen


def test_same_seed_same_game() -> None:
    a, b = play(42, players=4), play(42, players=4)
    assert a == b and [str(e) for e in a.log] == [str(e) for e in b.log]
