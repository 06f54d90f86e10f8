"""A seat's view and ``determinize``, over every registered ruleset.

``s.determinize(seat, seed)`` must keep everything ``seat`` has seen (its view), keep every card
somewhere (the same cards in the game), replay from its history, and depend on nothing the seat has
not seen: two positions that differ only in hidden things (the future dice, the order of face-down
piles, another player's secret card) give the same determinized position. The hidden variants are
written here from the rules (``hidden_variants``), independently of the rulesets' ``secrets``
parts, and a determinizer that peeks (``reseed``, which keeps every secret card where it is) is
shown to fail the same check.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from registry import RULESETS

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


def _snapshot(s: mp.GameState) -> dict[str, Any]:
    return s._snapshot()


def cards(s: mp.GameState) -> tuple[Counter[str], list[int]]:
    """The cards a determinization may move but not change (face-down piles; the Schmidt game's
    Plaques), and how many goal cards each player holds or is choosing from (goal cards are dealt
    from the box: which ones may change, not how many, and never two alike)."""
    found: Counter[str] = Counter()
    goals: list[str] = []
    if s.ruleset == "mp2":
        found.update(s.contract_pile + s.card_deck + tuple(t for pile in s.offer_piles for t in pile))
        goals = [p.goal for p in s.players if p.goal] + [g for t in s.tasks if t[0] == "pick_goal" for g in t[2]]
    elif s.ruleset == "voyages":
        found.update(c for pile in s.contract_piles for c in pile)
        found.update(s.special_pile)
        goals = [g for p in s.players for g in p.goals] + [g for t in s.tasks if t[0] == "pick_goal" for g in t[2]]
    elif s.ruleset == "schmidt":
        found.update(c for deck in s.decks.values() for c in deck)
        found.update(s.plaques)
        found.update(p.plaque for p in s.players if p.plaque)
    assert len(set(goals)) == len(goals), "a goal card dealt twice"
    return found, [len(goals)]


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


def blind_to_the_hidden(determinize: Callable[[mp.GameState, int, int], mp.GameState],
                        states: list[mp.GameState]) -> list[str]:
    """Where ``determinize`` tells apart two positions a seat cannot: one line each."""
    found = []
    rng = random.Random(5)
    for s in states:
        for seat in range(s.num_players):
            want = _snapshot(determinize(s, seat, 11))
            for variant in hidden_variants(s, seat, rng):
                if _snapshot(determinize(variant, seat, 11)) != want:
                    found.append(f"{s.ruleset} round {s.round}, seat {seat}: {variant.history[-1]}")
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_determinize_keeps_what_the_seat_sees_and_every_card(ruleset: str) -> None:
    for s in positions(ruleset):
        for seat in range(s.num_players):
            t = s.determinize(seat, 3)
            assert t.view(seat) == s.view(seat)
            assert cards(t) == cards(s)
            assert t.legal_actions() == s.legal_actions() or s.current_player != seat
            assert s.players[seat] == t.players[seat]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_determinize_depends_only_on_the_seat_view(ruleset: str) -> None:
    states = list(positions(ruleset, every=23))
    assert blind_to_the_hidden(lambda s, seat, seed: s.determinize(seat, seed), states) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_peeking_determinizer_fails_the_same_check(ruleset: str) -> None:
    """The check above has teeth: a determinizer keeping the secret cards in place is caught (by the
    swapped secret cards where the ruleset has them, by the piles' order everywhere)."""
    states = list(positions(ruleset, every=23))
    found = blind_to_the_hidden(peeking, states)
    assert found
    if ruleset in SECRET_CARDS:
        assert any("edit" in line for line in found), found[:3]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_determinized_position_replays_and_round_trips(ruleset: str) -> None:
    s = next(p for p in positions(ruleset) if p.round >= 1 and not p.is_over)
    t = s.determinize(0, 9).determinize(s.num_players - 1, 2)
    assert mp.replay(t.setup, t.history) == t
    assert mp.GameState.from_json(t.to_json()) == t
    assert pickle.loads(pickle.dumps(t)) == t == copy.deepcopy(t)
    assert t.history[-1] == f"determinize {s.num_players - 1} 2"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("args", "message"), [
    ((-1, 0), "no seat -1"), ((9, 0), "no seat 9"), ((None, 0), "no seat None"),
    ((0, "x"), "seed"), ((0, 1.5), "seed"), ((True, 0), "no seat True"),
])
def test_bad_determinize_arguments_are_refused(ruleset: str, args: tuple[Any, ...], message: str) -> None:
    s = mp.new_game(2, ruleset=ruleset, seed=1)
    before = s.to_json()
    with pytest.raises(mp.ArgumentError, match=message):
        s.determinize(*args)
    with pytest.raises(mp.ArgumentError, match="no seat"):
        s.view(args[0] if args[0] != 0 else 5)
    assert s.to_json() == before
