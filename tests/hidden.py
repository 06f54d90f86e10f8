"""Positions, and positions a seat cannot tell from them, for the tests of seat views and of advice.

``hidden_variants(s, seat, rng)`` is written from the rules, independently of the rulesets'
``secrets`` parts: the future dice and the face-down piles reshuffled, and another player's secret
card swapped for one nobody holds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import mp_notebook as mp
from mp_notebook.agents import RandomAgent

SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "mp2": [(2, {}), (3, {"characters": "random"}), (4, {"setup": "full", "characters": "random"}),
            (2, {"setup": "full"}), (1, {"automa": "L2"})],
    "voyages": [(2, {}), (3, {"characters": "random"}), (4, {"variants": ("expert",)})],
    "schmidt": [(2, {"round_limit": 60}), (3, {"round_limit": 60}), (4, {"round_limit": 60})],
}


SECRET_CARDS = ("mp2", "voyages", "schmidt")  # rulesets whose players hold secret cards (hidden_variants swaps them)


def positions(ruleset: str, every: int = 9) -> Iterator[mp.GameState]:
    """Positions of random games of ``ruleset`` (every ``every``-th decision, the start included)."""
    for k, (players, options) in enumerate(SETUPS.get(ruleset, [(2, {}), (3, {})])):
        s = mp.new_game(players, ruleset=ruleset, seed=100 + k, **options)
        agent = RandomAgent(seed=k)
        step = 0
        while not s.is_over and step < 400:
            if step % every == 0:
                yield s
                if ruleset == "schmidt" and s.plaques and not s.players[1].plaque:  # random merchants seldom
                    yield s.with_player(1, plaque=sorted(s.plaques)[0])             # reach the Khan
            s = s.apply(agent.choose(s))
            step += 1
        yield s


def hidden_variants(s: mp.GameState, seat: int, rng: random.Random) -> Iterator[mp.GameState]:
    """Positions ``seat`` cannot tell from ``s`` (written from the rules): the future dice and the
    face-down piles reshuffled, and another player's secret card swapped for one nobody holds."""
    yield s.reseed(rng.randrange(1 << 30))
    if s.is_over:
        return
    others = [j for j in range(s.num_players) if j != seat]
    if s.ruleset == "mp2":
        unused = sorted(set(s.components.goals) - {p.goal for p in s.players}
                        - {g for t in s.tasks if t[0] == "pick_goal" for g in t[2]})
        for j in others:
            if s.players[j].goal and unused:
                yield s.with_player(j, goal=rng.choice(unused))
    elif s.ruleset == "voyages":
        unused = sorted(set(s.components.goals) - {g for p in s.players for g in p.goals}
                        - {g for t in s.tasks if t[0] == "pick_goal" for g in t[2]})
        for j in others:
            goals = s.players[j].goals
            if goals and unused:
                yield s.with_player(j, goals=[rng.choice(unused), *goals[1:]])
    elif s.ruleset == "schmidt":
        for j in others:
            p = s.players[j]
            if p.plaque and not p.secrets and s.plaques:
                yield s.with_player(j, plaque=rng.choice(sorted(set(s.plaques))))


def peeking(s: mp.GameState, seat: int, seed: int) -> mp.GameState:
    """A determinizer that reads what the seat has not seen: every secret card stays where it is."""
    return s.reseed(seed)


