"""Random-playout conformance: seeded games to the end through legal_actions()/apply() only,
with the invariants checked at every step and the round trips checked along the way."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.mp2.components import GOODS

GAMES = 300
ROUND_TRIP_EVERY = 25  # full JSON/replay round trips (O(history)) every N steps and at the end


def check_invariants(s: mp.GameState) -> None:
    posts_limit = s.components.rules.posts_per_player
    for p in s.players:
        for field in ("coins", "camels", *GOODS):
            assert getattr(p, field) >= 0, f"{p.name} has {getattr(p, field)} {field}"
        assert len(p.trading_posts) <= posts_limit
        assert len(set(p.trading_posts)) == len(p.trading_posts), "at most 1 post per city"
        assert s.board.start not in p.trading_posts, "no post in Beijing"
        assert len(p.contracts) <= s.components.rules.contract_slots
        assert all(1 <= d <= 6 for d in p.dice + p.black_dice)
    held = [c for p in s.players for c in p.contracts + p.completed]
    on_board = [c for slots in s.display.values() for c in slots if c]
    everywhere = held + on_board + list(s.contract_pile)
    assert len(everywhere) == len(set(everywhere)), "a contract is in two places"


def illegal_probe(s: mp.GameState, legal: list[mp.Action]) -> mp.Action:
    """An action that is not legal now (a main action with dice the player does not hold)."""
    probe = mp.Action("khans_favor", s.current_player, (6, 6), ())
    assert probe not in legal
    return probe


def round_trips(s: mp.GameState) -> None:
    assert copy.deepcopy(s) == s
    assert pickle.loads(pickle.dumps(s)) == s
    assert mp.GameState.from_json(s.to_json()) == s
    assert mp.replay(s.setup, s.history) == s


def play(seed: int, players: int, variants: tuple[str, ...] = (), **options: object) -> mp.GameState:
    rng = random.Random(seed)
    s = mp.new_game(players=players, seed=seed, variants=variants, **options)
    step = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, f"dead end: {s.decision}"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        before = s.to_json() if step % ROUND_TRIP_EVERY == 0 else None
        with pytest.raises(mp.IllegalAction):
            s.apply(illegal_probe(s, legal))
        action = rng.choice(legal)
        assert mp.Action.parse(str(action), action.player) == action, "notation round trip"
        nxt = s.apply(action)
        if before is not None:
            assert s.to_json() == before, "apply changed the original state"
            assert s.apply(str(action)) == nxt, "applying the notation gives the same state"
        s = nxt
        check_invariants(s)
        step += 1
        if step % ROUND_TRIP_EVERY == 0:
            round_trips(s)
    round_trips(s)
    assert s.current_player is None and s.legal_actions() == []
    scores = s.scores()
    assert len(scores) == players and scores["winner"].any()
    return s


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_to_the_end(seed: int) -> None:
    play(seed, players=2 + seed % 3)


@pytest.mark.parametrize("seed", range(20))
def test_random_game_black_dice_variant(seed: int) -> None:
    play(10_000 + seed, players=2 + seed % 3, variants=("black_dice",))


@pytest.mark.parametrize("seed", range(60))
def test_random_game_with_characters(seed: int) -> None:
    """Random characters; every other game with the full setup (draft and goal choice as decisions)."""
    s = play(20_000 + seed, players=2 + seed % 3, characters="random" if seed % 4 < 2 else None,
             setup="full" if seed % 2 else "quick", variants=("black_dice",) if seed % 3 == 0 else ())
    assert all(p.character for p in s.players) == (seed % 4 < 2 or seed % 2 == 1)


def test_fork_independence() -> None:
    s = play(7, players=3)
    t = mp.new_game(players=3, seed=7)
    for entry in s.history[:200]:
        t = t.apply(entry)
    forks = [t.reseed(k) for k in range(3)]
    frozen = t.to_json()
    rng = random.Random(0)
    for f in forks:
        for _ in range(30):
            if f.is_over:
                break
            f = f.apply(rng.choice(f.legal_actions()))
    assert t.to_json() == frozen


def test_same_seed_same_game() -> None:
    a, b = play(42, players=4), play(42, players=4)
    assert a == b and a.history == b.history and [str(e) for e in a.log] == [str(e) for e in b.log]
