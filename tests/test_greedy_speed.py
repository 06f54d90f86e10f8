"""Issue 38, GreedyAgent speed: the caches that make the greedy look-ahead cheaper give the answers
computed afresh, and the greedy player's choices are pinned."""

from __future__ import annotations

import hashlib
import random
import zlib

import pytest

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent, base
from mp_notebook.rulesets.mp2 import evaluation, scoring
from mp_notebook.rulesets.mp2.components import Bundle

CACHES = (evaluation._ACCESS, evaluation._POST_INCOME, evaluation._SEAL_INCOME, evaluation._DICE,
          evaluation._ITEMS, evaluation._STANDING, evaluation._TIME, evaluation._CITY_INCOME, evaluation._CARDS,
          scoring._SHIELDS, base._TIES)


def positions(seed: int, decisions: int, **options: object) -> list[mp.GameState]:
    """The positions of a seeded game played half by greedy, half at random."""
    rng = random.Random(seed)
    greedy = GreedyAgent(seed)
    s = mp.new_game(seed=seed, **options)
    out = [s]
    while not s.is_over and len(out) < decisions:
        s = s.apply(greedy.choose(s) if rng.random() < 0.5 else rng.choice(s.legal_actions()))
        out.append(s)
    return out


@pytest.mark.parametrize("options", [
    {"players": 3, "characters": "random", "variants": ("black_dice",)},
    {"players": ["Solo"], "automa": "L2", "characters": "random"},
])
def test_mp2_evaluation_with_warm_caches_equals_it_computed_afresh(options):
    states = positions(7, 160, **options)
    seats = range(1 if "automa" in options else states[0].num_players)
    warm = [[evaluation.score(s, i) for i in seats] for s in states]
    for cache in CACHES:
        cache.clear()
    cold = [[evaluation.score(s, i) for i in seats] for s in states]
    assert warm == cold  # exactly: a cached term is the same float


def test_convertible_and_held_share_read_the_position():
    s = mp.new_game(players=2, seed=1)
    cid = s.players[0].contracts[0] if s.players[0].contracts else next(iter(s.components.contracts))
    s = s.with_player(0, contracts=[cid], goods={"pepper": 3, "silk": 2, "gold": 1, "jade": 2}, coins=4, camels=1)
    p = s.players[0]
    cost = s.components.contracts[cid].cost
    need = {"pepper": cost.pay.pepper + cost.any_good + cost.different_goods, "silk": cost.pay.silk,
            "gold": cost.pay.gold, "jade": cost.pay.jade}
    spare = evaluation.SPARE[evaluation._has_contract_access(s, p)]
    held = {k: getattr(p, k) for k in need}
    expected = {"coins": 4, "camels": 1, **{k: min(held[k], need[k]) + spare * max(0, held[k] - need[k]) for k in need}}
    assert evaluation.convertible(s, p) == expected
    assert 0.0 <= evaluation.held_share(p, cost) <= 1.0
    assert evaluation.held_share(p, cost) == evaluation.held_share(p, cost)  # cached items, same answer


def test_bundle_items_are_a_fresh_list_of_the_nonzero_entries():
    b = Bundle(coins=2, gold=1)
    first = b.items()
    first.append(("vp", 9))  # the caller's list: the cache is not changed
    assert b.items() == [("coins", 2), ("gold", 1)] and Bundle().items() == []


def test_tie_break_is_the_crc_of_seed_and_action():
    s = mp.new_game(players=2, seed=2)
    for a in s.legal_actions()[:20]:
        for seed in (0, 5):
            assert base.tie_break(seed, a) == zlib.crc32(f"{seed}:{a}".encode()) / 2**32


def test_greedy_choices_are_pinned():
    """90 decisions of a 2-player greedy game: the history the greedy player gives since it scores a
    chance prelude (a black die here) on 4 futures (issue 60; before, since it ranked on the position
    determinized from its seat's view, issue 52, and since it left rerolls and adjustments out in
    Marco Polo II, issue 38), kept by every change meant to keep its choices, such as its speed work
    (bench/greedy.py --hashes checks whole games of every ruleset)."""
    s = mp.new_game(2, seed=3)
    agents = [GreedyAgent(3), GreedyAgent(4)]
    for _ in range(90):
        s = s.apply(agents[s.current_player].choose(s))
    assert hashlib.sha1("\n".join(s.history).encode()).hexdigest() == "0f8823b889036663f99ca3e57649c092b2689b5e"
