"""Random-playout conformance for The Voyages of Marco Polo: seeded games to the end through
legal_actions()/apply() only (2-4 players, random characters, the expert variant mixed in),
with the invariants checked at every step and the round trips checked along the way."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.voyages.components import GOODS

GAMES = 300
ROUND_TRIP_EVERY = 40  # full JSON/replay round trips (O(history)) every N steps and at the end


def check_invariants(s: mp.GameState) -> None:
    c = s.components
    rules = c.rules
    for i, p in enumerate(s.players):
        for field in ("coins", "camels", *GOODS):
            assert getattr(p, field) >= 0, f"{p.name} has {getattr(p, field)} {field}"
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


def illegal_probe(s: mp.GameState, legal: list[mp.Action]) -> mp.Action:
    """An action that is not legal now (the Khan's favor with two dice)."""
    probe = mp.Action("khans_favor", s.current_player, (6, 6), ())
    assert probe not in legal
    return probe


def round_trips(s: mp.GameState) -> None:
    assert copy.deepcopy(s) == s
    assert pickle.loads(pickle.dumps(s)) == s
    assert mp.GameState.from_json(s.to_json()) == s
    assert mp.replay(s.setup, s.history) == s


def play(seed: int, players: int, **options: object) -> mp.GameState:
    rng = random.Random(seed)
    s = mp.new_game(players, ruleset="voyages", seed=seed, **options)
    step = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, f"dead end: {s.decision}"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        before = s.to_json() if step % ROUND_TRIP_EVERY == 0 else None
        with pytest.raises(mp.IllegalAction):
            s.apply(illegal_probe(s, legal))
        if seed % 2:  # uniform over the kinds first: more travel, city cards and contracts than the money bag
            kind = rng.choice(sorted({a.kind for a in legal}))
            action = rng.choice([a for a in legal if a.kind == kind])
        else:
            action = rng.choice(legal)
        parsed = mp.Action.parse(str(action), action.player, ruleset="voyages")
        assert parsed == action, "notation round trip"
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
    assert s.round == s.components.rules.rounds
    assert s.current_player is None and s.legal_actions() == []
    rows = s.score_rows()
    assert len(rows) == players and any(r["winner"] for r in rows)
    return s


def options_for(seed: int) -> dict[str, object]:
    """Seed-dependent setups: first-game characters, random ones, named ones, the expert variant."""
    kinds: list[dict[str, object]] = [{}, {"characters": "random"}, {"variants": ("expert",)},
                                      {"characters": "random", "variants": ("expert",)}]
    return kinds[seed % 4]


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_to_the_end(seed: int) -> None:
    play(seed, players=2 + seed % 3, **options_for(seed // 3))


def test_every_character_plays_to_the_end() -> None:
    """Each character tile through whole games at its player count (Mercator's 3 tiles included)."""
    c = mp.new_game(2, ruleset="voyages", seed=0).components
    for k, ch in enumerate(c.characters.values()):
        n = ch.players or 2 + k % 3
        others = [o.name for o in c.characters_for(n) if o.name != ch.name][:n - 1]
        s = play(5_000 + k, players=n, characters=[ch.name, *others])
        assert s.players[0].character == ch.id


def test_fork_independence() -> None:
    s = play(7, players=3)
    t = mp.new_game(3, ruleset="voyages", seed=7)
    for entry in s.history[:150]:
        t = t.apply(entry)
    forks = [t.reseed(k) for k in range(3)]
    frozen = t.to_json()
    rng = random.Random(0)
    for f in forks:
        for _ in range(40):
            if f.is_over:
                break
            f = f.apply(rng.choice(f.legal_actions()))
    assert t.to_json() == frozen


def test_same_seed_same_game() -> None:
    a, b = play(42, players=4), play(42, players=4)
    assert a == b and a.history == b.history and [str(e) for e in a.log] == [str(e) for e in b.log]


@pytest.mark.parametrize("seed", range(8))
def test_bad_input_is_refused_and_changes_nothing(seed: int) -> None:
    """Random malformed or illegal actions at random points: IllegalAction or NotationError, never
    another exception, and the state unchanged."""
    from mp_notebook.rulesets.voyages.notation import KINDS

    rng = random.Random(seed)
    words = ["silk", "camels", "Moscow", "Sumatra-1", "1", "7", "C00", "+1", "coins=1,camels=0", "Oasis-C/2", "D", None]
    s = mp.new_game(2 + seed % 3, ruleset="voyages", seed=seed, characters="random",
                    variants=("expert",) if seed % 2 else ())
    for _ in range(120):
        if s.is_over:
            break
        legal = s.legal_actions()
        frozen = s.to_json()
        for _ in range(6):
            kind = rng.choice(sorted(KINDS))
            dice = tuple(sorted(rng.choice(range(7)) for _ in range(rng.randint(0, 3)))) if KINDS[kind][0] else ()
            a = mp.Action(kind, rng.choice([s.current_player, 0, 1]), dice, dice[:rng.randint(0, len(dice))],
                          rng.choice(words), rng.choice(words))
            if a in legal:
                continue
            with pytest.raises((mp.IllegalAction, mp.NotationError)):
                s.apply(a)
            with pytest.raises((mp.IllegalAction, mp.NotationError)):
                s.apply(f"{kind} [{','.join(map(str, dice))}] {rng.choice(words)}")
        assert s.to_json() == frozen
        s = s.apply(rng.choice(legal))


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_applies(seed: int) -> None:
    """At every step of a game, each legal action (not only the one played) applies without error and
    names the seat whose decision it is."""
    rng = random.Random(seed)
    s = mp.new_game(2 + seed % 3, ruleset="voyages", seed=100 + seed, characters="random",
                    variants=("expert",) if seed % 2 else ())
    while not s.is_over:
        legal = s.legal_actions()
        for a in legal:
            assert a.player == s.current_player
            s.apply(a)
        kind = rng.choice(sorted({a.kind for a in legal}))
        s = s.apply(rng.choice([a for a in legal if a.kind == kind]))
