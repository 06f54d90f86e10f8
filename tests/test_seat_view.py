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
from collections.abc import Callable
from typing import Any

import pytest
from hidden import SECRET_CARDS, hidden_variants, peeking, positions
from registry import RULESETS

import mp_notebook as mp


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
